"""Helpers for the solver tests and benchmarks: seeded endings of a game
(a deal played down to a few tricks left, at random or by a rule), the
checks that hold the solver to the naive reference search, and a stand-in
solver for the sampling plumbing."""

from __future__ import annotations

import json
import random
import subprocess
import sys

from atout.engine.search import card_values, minimax

# -- endings ---------------------------------------------------------------------------


def cards_left(state) -> int:
    """Cards still to be played, the current trick's included."""
    return state.game.n_seats * state.tricks_left - len(state.trick)


def play_down_to(state, left: int, choose):
    """Plays ``choose(state)`` until ``left`` cards (or none) are left to play."""
    while not state.is_over() and cards_left(state) > left:
        state.play(choose(state))
    return state


def at_random(rng, prefer=None):
    """A chooser of a uniformly random legal card; with ``prefer``, among
    the legal cards ``prefer(state, card)`` accepts, when there are some."""
    def choose(state):
        legal = state.legal_cards()
        if prefer is not None:
            legal = [c for c in legal if prefer(state, c)] or legal
        return rng.choice(legal)
    return choose


def one_side_strongest(side: int, strength, keep=()):
    """A chooser for made-up sweeps: the players of ``side`` play their
    strongest legal card, the others their weakest (by ``strength``); a card
    of ``keep`` only when no other is legal."""
    def choose(state):
        legal = sorted(state.legal_cards(), key=strength)
        legal = [c for c in legal if c not in keep] or legal
        return legal[-1] if state.side_of(state.to_play) == side else legal[0]
    return choose


def tarot_state_with_taker_hand(rng, taker: int, mine, rest):
    """A made-up tarot deal: ``mine`` (18 cards) is the hand of seat
    ``taker``, ``rest`` (54 cards) shuffled by ``rng`` gives the other
    three hands and the dog; the contract is drawn by ``rng`` among guard
    without and guard against (the dog is not picked up, so the hands stay
    as given)."""
    from atout.engine import get_game

    tarot = get_game("tarot")
    rest = list(rest)
    rng.shuffle(rest)
    hands, k = [], 0
    for seat in range(4):
        if seat == taker:
            hands.append(list(mine))
        else:
            hands.append(rest[k:k + 18])
            k += 18
    deal = tarot.deal_from(hands, {"dog": rest[k:k + 6]})
    return tarot.new_state(deal, taker=taker, contract=rng.choice(["guard_without", "guard_against"]))


def play_to(state, rng, tricks_left: int, mid_trick: str | None = "after", choose=None):
    """Plays ``state`` (``choose``, by default a random legal card) down to
    ``tricks_left`` tricks left, then, by ``mid_trick``:

    * ``"after"``: 0..n-1 cards more, the count drawn there (about n-1
      endings in n are mid-trick);
    * ``"before"``: stops 0..n-1 cards short of that trick boundary instead,
      the count drawn before any card is played;
    * ``None``: at the trick boundary (or the deal as it is, if it has no
      more tricks than that).
    """
    n = state.game.n_seats
    choose = choose or at_random(rng)
    if mid_trick == "before":
        return play_down_to(state, n * tricks_left + rng.randrange(n), choose)
    play_down_to(state, n * tricks_left, choose)
    if mid_trick == "after":
        play_down_to(state, cards_left(state) - rng.randrange(n), choose)
    elif mid_trick is not None:
        raise ValueError(f"mid_trick is 'after', 'before' or None, not {mid_trick!r}")
    return state


def random_ending(game, seed: int, tricks_left: int, contract_choices: dict | None = None, *,
                  mid_trick: str | None = "after", prefer=None):
    """A seeded random deal, its contract drawn from ``contract_choices``
    (keyword -> choices, drawn in that order), played at random (see
    ``at_random`` for ``prefer``) to ``tricks_left`` tricks left and
    ``mid_trick`` as ``play_to`` says: by default 0..n-1 cards more, so
    about 3 in 4 four-seat endings are mid-trick."""
    rng = random.Random(seed)
    contract = {k: rng.choice(v) for k, v in (contract_choices or {}).items()}
    state = game.new_state(game.random_deal(seed), **contract)
    return play_to(state, rng, tricks_left, mid_trick, at_random(rng, prefer))


def permute_card(card, perm):
    """A tarot card with its plain suit ``s`` renamed ``perm[s]`` (trumps and
    the Excuse as they are)."""
    from atout.engine.cards import plain_card, position_of, suit_of
    s = suit_of(card)
    return plain_card(perm[s], position_of(card)) if s < 4 else card


def permute_suits(state, perm):
    """A copy of a tarot ``state`` (deal, contract, discard, cards played)
    with plain suit ``s`` renamed ``perm[s]``: the four plain suits play
    alike, so the copy has the same value, and the search differs only where
    it breaks ties by a card's number."""
    from atout.engine.deal import Deal, Packet

    def card(c):
        return permute_card(c, perm)

    def packet(p):
        return Packet(frozenset(map(card, p.cards)), p.unknown)

    d = state.deal
    deal = Deal(d.game, tuple(map(packet, d.hands)), {k: packet(p) for k, p in d.extras.items()})
    discard = [card(c) for c in state.discard] if state.discard else None
    copy = state.game.new_state(deal, taker=state.taker, contract=state.contract, discard=discard)
    for c in state.played:
        copy.play(card(c))
    return copy


def trick_start_bounds_of(state):
    """The search's static bounds at a trick start, as it asks them there:
    (the encoded position, cards left, points left, lower, upper), the
    bounds in the kernel's units (what is still to win, ``pos.already``
    not added)."""
    from .kernels.point import bounds as point_bounds
    from .encoding import codec_for

    pos = codec_for(state).encode(state)
    cnt, bp, _gp = point_bounds.cards_left_sums(pos.kl, pos.kh, state.n, pos.bp, pos.gpt)
    lo, hi = point_bounds.trick_start_bounds(pos.kl, pos.kh, state.n, pos.fl0, cnt, bp,
                                             pos.rules, pos.sides, pos.kp)
    return pos, cnt, bp, lo, hi


def late_position_text(game, deal_seed: int, play_seed: int, tricks_left: int) -> tuple[str, str]:
    """The deal ``game.random_deal(deal_seed)`` in atout's notation and, as a
    ``--played`` argument, random legal cards (seeded by ``play_seed``)
    played to the trick boundary ``tricks_left`` tricks from the end: a
    position for the command line, small enough to solve at once."""
    deal = game.random_deal(deal_seed)
    state = play_to(game.new_state(deal), random.Random(play_seed), tricks_left, mid_trick=None)
    return game.format_deal(deal), " ".join(game.deck.token(c) for c in state.played)

# -- checks against the naive search --------------------------------------------------


def assert_solves_exactly(solver, state, label=None):
    """Every card scored: the solver leaves the state as it was, its bounds
    are exact, and its value and each legal card's value are the naive
    search's (``label``, default the state, names a failure)."""
    label = state if label is None else label
    before = state.played
    result = solver.solve(state, all_cards=True)
    assert state.played == before, label
    assert result.exact and result.lower == result.upper == result.value, label
    assert result.value == minimax(state), label
    assert result.cards == card_values(state), label
    return result


def assert_partition_agrees_with_rkey(state, keymode, monkeypatch, reference=0):
    """The partition table (``encoders.<keymode>`` set to 3) gives the value
    and every card's value the relative-rank key gives (key mode
    ``reference``: 0, or 2 for tarot2's key with the piles told apart).
    Returns the partition table's result."""
    from . import Solver
    from . import encoding as encoders
    results = []
    for mode in (reference, 3):
        monkeypatch.setitem(encoders.KEY_MODES, keymode, mode)
        results.append(Solver(16).solve(state, all_cards=True, line=False))
    exact, part = results
    assert part.exact and part.value == exact.value, state
    assert part.cards == exact.cards, state
    return part


#: game -> the contracts of its endings in ``copy_differences`` (the
#: others: ``random_ending``'s own)
COPY_CONTRACTS = {"belote": {"trump": "SHDC", "taker": [0, 1, 2, 3],
                             "variant": ["", "no-undertrump", "no-partner-overtrump",
                                         "no-undertrump,no-partner-overtrump"]},
                  "tarot2": {"first": [0, 1]}}


def copy_differences(name: str, tricks: int, seeds: range) -> list:
    """Copy ``name`` of the point search (``game_kernels``) against the
    generic search on seeded endings: the endings (seed, value, card values
    and nodes of each) where they differ. Run with numba's JIT disabled it
    compares their Python source, compiling neither."""
    from atout.engine import get_game
    from . import Solver
    from . import encoding as encoders
    from .encoding import codec_for
    from .kernels.point import specialised as game_kernels
    game_name = game_kernels.game_of(name)
    game = get_game(game_name)
    choose = game_kernels.kernel_name
    differences = []
    with encoders.copy_key_mode(name):
        for seed in seeds:
            state = random_ending(game, seed, tricks, COPY_CONTRACTS.get(game_name))
            assert codec_for(state).encode(state).gsearch is game_kernels.gsearch_for(name), name
            results = []
            for kernel_name in (choose, lambda rules: None):
                game_kernels.kernel_name = kernel_name
                try:
                    r = Solver(16).solve(state, all_cards=True, line=False)
                finally:
                    game_kernels.kernel_name = choose
                results.append((r.value, r.cards, r.nodes))
            if results[0] != results[1]:
                differences.append((seed, *results))
    return differences


def assert_line_reaches_the_value(solver, state):
    """The solver's optimal line, played out, ends the deal with the value
    it gave and the score it gave."""
    result = solver.solve(state)
    final = state.clone()
    for card in result.line:
        final.play(card)
    assert final.is_over(), state
    assert final.objective() == result.value, state
    assert result.score == final.score(), state
    return result


def assert_node_limit_gives_bounds(state, max_nodes: int):
    """A node limit too small to finish: not exact, and bounds around the
    exact value."""
    from . import solve
    exact = solve(state, line=False)
    limited = solve(state, max_nodes=max_nodes, line=False)
    assert not limited.exact, state
    assert limited.lower <= exact.value <= limited.upper, state


# -- stand-ins ------------------------------------------------------------------------


def playout(state):
    """A stand-in solver: plays the first legal card to the end; an exact
    value and its line, as (lower, upper, line)."""
    st = state.clone()
    line = []
    while not st.is_over():
        card = st.legal_cards()[0]
        st.play(card)
        line.append(card)
    v = st.objective()
    return v, v, line


# -- bridge ------------------------------------------------------------------------------


def endplay_position(state):
    """A bridge state as an endplay ``Deal`` (for DDS): the hands at the
    start of the current trick, ``first`` and ``trump`` set, the trick's
    cards played."""
    from endplay.types import Deal, Denom, Player
    denoms = {0: Denom.spades, 1: Denom.hearts, 2: Denom.diamonds, 3: Denom.clubs, None: Denom.nt}
    deck = state.game.deck
    hands = [set(h) for h in state.hands]
    for i, card in enumerate(state.trick):
        hands[(state.leader + i) % 4].add(card)
    deal = Deal("N:" + " ".join(deck.format_hand(h) for h in hands))
    deal.first = Player(state.leader)
    deal.trump = denoms[state.trump]
    for card in state.trick:
        deal.play(deck.token(card))
    return deal


# -- memory ----------------------------------------------------------------------------

_MEMORY_PROBE = """
import json, resource, sys
from atout.engine import get_game
from atout.solver import Solver
from atout.solver.testing import random_ending
name, limit = sys.argv[1], (None if sys.argv[2] == "none" else int(sys.argv[2]))
game = get_game(name)
contract = {"declarer": ["S"], "strain": ["NT"]} if name == "bridge" else None
state = random_ending(game, 7000, 99, contract, mid_trick=None)
result = Solver().solve(state, all_cards=True, line=True, max_nodes=limit)
try:    # this process's own peak: ru_maxrss keeps the parent's across exec
    peak_kb = next(int(line.split()[1]) for line in open("/proc/self/status")
                   if line.startswith("VmHWM:"))
except OSError:
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"peak_mb": round(peak_kb / 1024), "nodes": result.nodes, "exact": result.exact}))
"""


def peak_memory_of_a_solve(name: str, max_nodes: int | None) -> dict:
    """Peak resident size (MB) of a fresh process that solves a seeded full
    deal of the game with the default table (every card, the line), with
    its nodes and whether the answer was exact within ``max_nodes``.

    The peak is the process's own (``VmHWM``): on Linux ``ru_maxrss``
    carries over the peak of the process it was started from, here the
    test run's, which grows with every kernel the run compiles.

    The search's compiled code is put on disk first, by the same solve in
    another process: compiling it peaks far higher (LLVM's own memory;
    docs/SOLVER_HISTORY.md) and happens once after an
    install, so a measure that compiled or not by the order the tests ran
    in would not be one measure. (The same solve, not a shorter one: a
    kernel that only a longer solve reaches would compile in the measured
    process.)"""
    _run_memory_probe(name, max_nodes)
    return _run_memory_probe(name, max_nodes)


def _run_memory_probe(name: str, max_nodes: int | None) -> dict:
    out = subprocess.run([sys.executable, "-c", _MEMORY_PROBE, name, str(max_nodes).lower()],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])
