"""atout.solver.encoding: an engine state as the arrays a search kernel reads.

``codec_for(state)`` gives the codec of the state's game: its ``encode(state)``
returns a ``Position`` (``encoding/position.py``), and ``to_move`` /
``to_card`` map cards to kernel moves and back. Each game's encoder is one
file here; ``CODECS`` lists them all (a game is supported when it is there).
"""

from __future__ import annotations

from atout.engine.errors import RuleError

from .belote import belote_child, encode_belote
from .bridge import bridge_codec, encode_bridge
from .point import KEY_MODES, GameCodec, GamePosition, copy_key_mode, key_mode, low_masks
from .position import MAXDEPTH, Codec, Position, hand_words, plain_card, plain_move
from .smear import encode_smear
from .tarocco import encode_tarocco
from .tarot import encode_tarot
from .tarot2 import encode_tarot2

#: every game the solver supports, each tested exact against the engine
#: (tests/test_solver_<game>.py)
CODECS = {
    "bridge": bridge_codec,
    "belote": GameCodec(encode_belote),
    "tarocco": GameCodec(encode_tarocco),
    "smear": GameCodec(encode_smear),
    "tarot": GameCodec(encode_tarot),
    "tarot2": GameCodec(encode_tarot2),
}

SUPPORTED_GAMES = tuple(CODECS)


def codec_for(state) -> Codec:
    name = state.game.name
    if name not in CODECS:
        raise RuleError(f"the solver does not support {name} yet (supported: {', '.join(CODECS)})")
    return CODECS[name](state)


__all__ = ["CODECS", "KEY_MODES", "MAXDEPTH", "SUPPORTED_GAMES", "Codec", "GameCodec", "GamePosition",
           "Position", "belote_child", "codec_for", "copy_key_mode", "encode_belote", "encode_bridge",
           "encode_smear", "encode_tarocco", "encode_tarot", "encode_tarot2", "hand_words", "key_mode",
           "low_masks", "plain_card", "plain_move"]
