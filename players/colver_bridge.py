"""Duplicate Belote matches of an atout player against colver's IS-DD bot,
on colver's engine and rules (PyPI ``colver``, the optional ``bench`` extra;
``bench/belote_colver_match.py`` runs one).

Deal pair ``i`` of seed ``s`` is a deal of 8 cards each and a contract,
both drawn from ``(s, i)`` (``deal_of``): the trump and the taker are those
of the strongest (seat, suit) of the deal by the easy player's measure of a
Belote trump hand (``trump_strength``), as the table's auction would
roughly give; nobody bids, so neither program learns anything from an
auction (atout's view has none, colver's agent never sees one). That rule
is evidence about the hands all the same; with ``contract_inference``
(``ContractRule``, on by default for hard) atout's hard draws only deals
that give the contract, as it keeps only deals that agree with an auction
(measured: docs/STRENGTH.md). Seat 0
leads. The deal is played twice on colver's engine (``colver.Env``, which
says what is legal and counts the points): atout holds seats 0 and 2 in the
first game and 1 and 3 in the second, colver the others, so each program
plays both sides of the same cards.

The pair's *difference* is atout's side's card points minus colver's side's,
summed over the two games: the card points of the tricks, 10 for the last
one (162 a deal), 252 to 0 for a capot. Belote-Rebelote does not count (it
belongs to the cards, not to the play; both programs see it announced).

The two programs:

* atout: ``make_player("belote", level, ...)`` (``PlayerSpec``: a level and
  its options) deciding from an atout ``View`` of the same position
  (``belote_view``) under ``COLVER_VARIANT``, colver's rules. By default
  its search values a deal by its card points (``objective="card_points"``,
  what the match counts) instead of hard's contract score;
  ``objective="score"`` keeps the player as ``make_player`` gives it.
* colver: a ``colver.Agent`` built from ``colver_spec``: IS-DD (a
  double-dummy solve of each of ``worlds`` uniformly drawn determinized
  worlds, in count mode: exactly that many, however long), one thread, by
  default maximising card points too.

Each pair is computed alone from its index (players and agents seeded by the
seed, the pair and the seat), so the same seed gives the same match whatever
the number of workers (``run_samples``).
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass

from atout.engine import get_game
from atout.engine.belote import DECK, KING, QUEEN, SUIT_LETTERS, card_points, format_variant
from atout.engine.cards import plain_card, suit_of
from atout.engine.deal import Deal, Packet
from atout.engine.errors import OptionError
from atout.engine.round import View
from atout.engine.round_games import Action
from atout.solver.colver_compare import COLVER_VARIANT, from_colver, to_colver

from atout.analysis.partial import run_samples
from .levels import make_player
from .match import MatchResult, PairResult, PlayerSpec, deal_seed, parse_player

BELOTE = get_game("belote")

#: what each program's search maximises: the card points (what the match
#: counts), or its own idea of the deal's score (atout: hard's contract
#: score; colver: its contrée deal score, contract value 80)
ATOUT_OBJECTIVES = ("card_points", "score")
COLVER_OBJECTIVES = ("card_points", "deal_score")

#: colver's dealer: seat (dealer + 1) % 4 = 0 leads, as in atout
COLVER_DEALER = 3
#: the contract value colver is told (its card-points search ignores it)
COLVER_CONTRACT_VALUE = 80


def colver_module():
    """colver, on one thread (its own pool would take the other core)."""
    os.environ.setdefault("RAYON_NUM_THREADS", "1")
    try:
        import colver
    except ImportError:
        raise OptionError("this match needs colver: pip install 'atout[bench]'") from None
    return colver


def colver_spec(worlds: int = 20, objective: str = "card_points") -> str:
    """The bot spec (colver's TOML) of its IS-DD player: ``worlds``
    uniformly drawn worlds a decision, each solved double dummy, one thread;
    colver's rule bidder (never asked here)."""
    return (f'[bid]\nstrategy = "improved_v2"\n'
            f'[play]\nmethod = "isdd"\ntime_ms = 0\ndeterminizations = {int(worlds)}\n'
            f'objective = "{objective}"\nparallel = false\n'
            f'[worlds]\nsource = "uniform"\n')


# -- the deals -----------------------------------------------------------------

def trump_strength(cards, trump: int) -> int:
    """The easy player's measure of a Belote hand with ``trump`` as trumps:
    the trumps' card points, 8 a trump, 6 a side ace."""
    trumps = [c for c in cards if suit_of(c) == trump]
    aces = sum(1 for c in cards if suit_of(c) != trump and c & 15 == 7)
    return sum(card_points(c, trump) for c in trumps) + 8 * len(trumps) + 6 * aces


@dataclass(frozen=True)
class BeloteDeal:
    hands: tuple          # four sorted tuples of atout cards
    trump: int
    taker: int


def deal_of(seed: int, index: int) -> BeloteDeal:
    """Pair ``index``'s deal and contract (see the module docstring)."""
    rng = random.Random(f"atout/colver-match/{int(seed)}/{int(index)}")
    pack = list(DECK.cards)
    rng.shuffle(pack)
    hands = tuple(tuple(sorted(pack[8 * s:8 * s + 8])) for s in range(4))
    taker, trump = strongest_contract(hands)
    return BeloteDeal(hands, trump, taker)


def contract_rank(strength: int, seat: int, suit: int) -> tuple:
    """How (seat, suit) ranks as the contract: by strength, then the lower
    seat, then the lower suit."""
    return strength, -seat, -suit


#: each card's part of ``trump_strength`` for each trump (a hand's strength
#: is the sum of its cards'): ``suit_strengths`` tests hundreds of deals a decision
_CARD_STRENGTHS = {c: tuple(trump_strength((c,), t) for t in range(4)) for c in DECK.cards}


def suit_strengths(cards) -> list[int]:
    """``trump_strength(cards, t)`` for the four suits ``t``."""
    totals = [0, 0, 0, 0]
    for card in cards:
        spades, hearts, diamonds, clubs = _CARD_STRENGTHS[card]
        totals[0] += spades
        totals[1] += hearts
        totals[2] += diamonds
        totals[3] += clubs
    return totals


def strongest_contract(hands) -> tuple[int, int]:
    """The (taker, trump) of the strongest (seat, suit) of four hands by
    ``trump_strength`` (``suit_strengths``, ranked by ``contract_rank``)."""
    ranks = [contract_rank(strength, seat, suit)
             for seat in range(4) for suit, strength in enumerate(suit_strengths(hands[seat]))]
    _strength, seat, suit = max(ranks)
    return -seat, -suit


class ContractRule:
    """The harness's contract as evidence about the hands: it is a public
    function of the deal (``strongest_contract``), as an auction is of the
    hands that bid in it, so a deal drawn for a decision is possible only if
    it gives the same taker and trump. Called on a drawn deal at the start
    of the play (an atout ``Deal``)."""

    def __init__(self, taker: int, trump: int):
        self.contract = (int(taker), int(trump))

    def __call__(self, full) -> bool:
        return strongest_contract([full.hand(seat) for seat in range(4)]) == self.contract


def colver_state(deal: BeloteDeal):
    """atout's state of ``deal`` on colver's rules, at its first card."""
    return BELOTE.new_state(BELOTE.deal_from(deal.hands), trump=SUIT_LETTERS[deal.trump], taker=deal.taker,
                            variant=COLVER_VARIANT)


# -- atout's view ----------------------------------------------------------------

def announcements(state) -> tuple:
    """Belote-Rebelote as announced so far, as a Round's view says it."""
    seat = state.belote_rebelote_seat()
    if seat is None:
        return ()
    pair = {plain_card(state.trump, KING), plain_card(state.trump, QUEEN)}
    n = sum(1 for c in state.played if c in pair)
    return tuple((seat, what, "") for what in ("belote", "rebelote")[:n])


def belote_view(state, seat: int) -> View:
    """What ``seat`` may know of a Belote play without an auction: its
    cards, the contract (trump, taker), the cards played and the
    announcements; the view a Round gives once the play has started, with
    no auction and no turned card."""
    trump = SUIT_LETTERS[state.trump]
    announced = announcements(state)
    announcer = next((s for s, what, _ in announced if what == "belote"), None)
    known = Deal(state.deal.game, tuple(h if s == seat else Packet(frozenset(), h.size)
                                        for s, h in enumerate(state.deal.hands)), {}, ())
    variant = format_variant(state.variant)
    options = {"variant": variant} if variant else {}
    contract = {"trump": trump, "taker": state.taker, "turned": None,
                "belote": "none" if announcer is None else announcer, **options}
    plays = []
    for t in state.tricks:
        plays += [((t.leader + i) % 4, c) for i, c in enumerate(t.cards)]
    plays += [((state.leader + i) % 4, c) for i, c in enumerate(state.trick)]
    to_act = state.to_play
    legal = tuple(Action("card", DECK.token(c), c) for c in state.legal_cards()) if to_act == seat else ()
    return View("belote", seat, "play", to_act, to_act, tuple(sorted(state.hands[seat])), legal, (), announced,
                {"turned": None, "taker": state.taker, "trump": trump}, {}, tuple(plays),
                tuple((t.leader, tuple(t.cards), t.winner) for t in state.tricks),
                (state.leader, tuple(state.trick)), known, contract, options)


def check_contract_reader(spec: PlayerSpec) -> None:
    """Only hard draws deals that a ``ContractRule`` could filter."""
    if spec.level != "hard":
        raise OptionError(f"{spec.name}: only hard infers from the contract")


def reads_contract(spec: PlayerSpec, asked: bool | None) -> bool:
    """Does the atout player infer from the contract? ``asked``, or by
    default (None) when it is hard; asked of another level, an error."""
    if asked is None:
        return spec.level == "hard"
    if asked:
        check_contract_reader(spec)
    return bool(asked)


def atout_player(spec: PlayerSpec, seed: int, objective: str, contract: ContractRule | None = None):
    """An atout player of Belote; ``objective="card_points"`` makes its search
    value a deal by the taker's side card points (a search level's
    ``utility``) rather than by the contract's score. With ``contract``,
    hard draws only deals that give the contract played (``deal_filter``)."""
    player = make_player("belote", spec.level, seed=seed, **dict(spec.options))
    if objective == "card_points" and spec.level in ("medium", "hard"):
        if not callable(getattr(player, "utility", None)):
            raise OptionError(f"{spec.name}: this player has no utility to value card points by")
        player.utility = lambda state, value: float(value)
    if contract is not None:
        check_contract_reader(spec)
        player.deal_filter = contract
    return player


# -- a match ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ColverJob:
    atout: PlayerSpec
    seed: int
    worlds: int = 20
    atout_objective: str = "card_points"
    colver_objective: str = "card_points"
    #: atout infers from the contract (``ContractRule``); colver's uniform worlds do not
    contract_inference: bool = False
    game: str = "belote"      # run_samples' workers load this game's search first


def play_game(job: ColverJob, index: int, atout_parity: int, times: dict) -> dict:
    """One game of pair ``index``, atout holding the seats of parity
    ``atout_parity``: returns its record (card points, cards played...)."""
    colver = colver_module()
    deal = deal_of(job.seed, index)
    state = colver_state(deal)
    env = colver.Env.deal_with_hands(COLVER_DEALER, [sorted(to_colver(c) for c in h) for h in deal.hands])
    base = deal_seed(job.seed, index) * 7
    spec = colver_spec(job.worlds, job.colver_objective)
    agents = {s: colver.Agent(spec, seat=s, seed=base + s) for s in range(4) if s % 2 != atout_parity}
    for agent in agents.values():
        agent.init_deal(env)
    env.set_contract(deal.trump, COLVER_CONTRACT_VALUE, deal.taker % 2, 0)
    env.set_phase_playing()
    rule = ContractRule(deal.taker, deal.trump) if job.contract_inference else None
    players = {s: atout_player(job.atout, base + s, job.atout_objective, rule)
               for s in range(4) if s % 2 == atout_parity}
    worlds = []
    while not env.is_terminal():
        seat = env.current_player()
        legal = sorted(from_colver(a) for a in env.legal_actions())
        if seat != state.to_play or legal != sorted(state.legal_cards()):
            raise RuntimeError(f"pair {index}: atout's and colver's engines disagree at {state.played}")
        start, start_cpu = time.perf_counter(), time.process_time()
        if len(legal) == 1:
            card = legal[0]
        else:
            if seat in players:
                who, card = "A", players[seat].decide(belote_view(state, seat)).value
            else:
                decision = agents[seat].decide(env)
                who, card = "B", from_colver(decision["action"])
                worlds.append(decision.get("determinizations"))
            times[who].append(time.perf_counter() - start)
            times[who + "_cpu"].append(time.process_time() - start_cpu)
        for agent in agents.values():
            agent.observe(env, to_colver(card))
        env.step(to_colver(card))
        state.play(card)
    points = [int(p) for p in env.get_points()]
    if points != [state.card_points_of_side(s) for s in (0, 1)]:
        raise RuntimeError(f"pair {index}: colver counts {points} card points, atout"
                           f" {[state.card_points_of_side(s) for s in (0, 1)]}")
    return {"atout_seats": [s for s in range(4) if s % 2 == atout_parity],
            "hands": [DECK.format_hand(h) for h in deal.hands], "trump": SUIT_LETTERS[deal.trump],
            "taker": deal.taker, "card_points": points,
            "tricks": [int(t) for t in env.get_tricks_won()], "cards": [DECK.token(c) for c in state.played],
            "colver_worlds": [min(worlds, default=0), max(worlds, default=0)]}


def game_difference(record: dict) -> int:
    """atout's side's card points minus colver's in one game."""
    side = record["atout_seats"][0] % 2
    return record["card_points"][side] - record["card_points"][1 - side]


def play_pair(job: ColverJob, index: int, solve_fn=None) -> PairResult:
    warm_up(job)
    times: dict = {"A": [], "B": [], "A_cpu": [], "B_cpu": []}   # wall and processor seconds
    first = play_game(job, index, 0, times)
    second = play_game(job, index, 1, times)
    d1, d2 = game_difference(first), game_difference(second)
    return PairResult(index, d1 + d2, (d1, d2), times, (first, second))


def _worker(args):
    job, index = args
    return play_pair(job, index)


_warm: set = set()


def warm_up(job: ColverJob) -> None:
    """Once a process: load atout's Belote search (numba's cache) and let
    colver set itself up, so that no decision's time counts either."""
    key = (job.worlds, job.colver_objective)
    if key in _warm:
        return
    from atout.solver.precompile import compile_search
    compile_search("belote")
    colver = colver_module()
    env = colver.Env.deal_with_hands(COLVER_DEALER, [list(range(8 * s, 8 * s + 8)) for s in range(4)])
    agent = colver.Agent(colver_spec(job.worlds, job.colver_objective), seat=0, seed=0)
    agent.init_deal(env)
    env.set_contract(0, COLVER_CONTRACT_VALUE, 0, 0)
    env.set_phase_playing()
    agent.decide(env)
    _warm.add(key)


def run_colver_match(atout: str = "hard", *, pairs: int = 100, seed: int = 0, worlds: int = 20,
                     workers: int = 1, atout_objective: str = "card_points",
                     colver_objective: str = "card_points", contract_inference: bool | None = None,
                     progress=None) -> MatchResult:
    """Play ``pairs`` duplicate pairs of the atout player ``atout``
    (``LEVEL[:key=value;...]``) against colver's IS-DD with ``worlds``
    worlds; see the module docstring. A is atout, B colver.
    ``contract_inference``: None, on for hard (which reads the contract as
    it reads an auction) and off for the other levels; True for a level
    other than hard is an error."""
    if pairs < 1:
        raise OptionError(f"pairs {pairs}: play at least one deal pair")
    if workers < 1:
        raise OptionError(f"workers {workers}: use at least one")
    if worlds < 1:
        raise OptionError(f"worlds {worlds}: colver needs at least one world a decision")
    if atout_objective not in ATOUT_OBJECTIVES:
        raise OptionError(f"atout objective {atout_objective!r}: one of {', '.join(ATOUT_OBJECTIVES)}")
    if colver_objective not in COLVER_OBJECTIVES:
        raise OptionError(f"colver objective {colver_objective!r}: one of {', '.join(COLVER_OBJECTIVES)}")
    colver_module()
    spec = parse_player(atout)
    contract_inference = reads_contract(spec, contract_inference)     # here, before the workers start
    job = ColverJob(spec, int(seed), int(worlds), atout_objective, colver_objective, bool(contract_inference))
    result = MatchResult("belote", spec.name, f"colver IS-DD({worlds})", int(seed), pairs)
    start = time.perf_counter()
    result.pairs, result.interrupted = run_samples(play_pair, _worker, job, pairs, workers, progress)
    result.seconds = time.perf_counter() - start
    return result


__all__ = ["BeloteDeal", "ColverJob", "ContractRule", "belote_view", "colver_spec", "deal_of", "play_pair",
           "reads_contract", "run_colver_match", "strongest_contract", "suit_strengths"]
