"""Bid strength: for one hand at the bidding stage, the expected outcome of
every bid the game allows, over deals of the unseen cards sampled uniformly.

Each game has a *planner* (``analysis/bid_planners.py``) that knows what the
bidder holds, deals one *world* (the unseen cards) from a random generator,
and lists the bids in *groups*: the bids of one group share one engine state
to solve (tarot take and guard play the same cards; Smear's bids 2, 3, 4 with
one trump play the same deal), and differ only in their made test (objective
>= or < a threshold) and in how the deal is scored. A group is solved once
per sample; each bid's score is read by replaying the solved line in that
bid's own state, so nothing is invented: a sample that the node limit left
unsolved has no score, and its made/failed question is asked separately to
the boolean search, which may settle it or leave it *unsettled*.

Sample ``i`` draws from ``random.Random(f"atout/{seed}/{i}")`` and uses its
own fresh transposition table, so the answer depends only on the seed and the
number of samples, never on the number of worker processes. Every bid is
evaluated on the same samples (common random numbers), which is why the
recommendation compares bids by their *paired* differences.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from atout.engine.errors import OptionError, RuleError
from atout.solver.results import made_from_bounds

from .bid_planners import Group, make_planner, parse_bid_seat
from .partial import mean_and_stderr, run_samples, sample_rng


# -- what one sample gives ----------------------------------------------------

@dataclass(frozen=True)
class Outcome:
    """One bid on one sample: the proven bounds of the objective (None for a
    pass), made True/False (None: unsettled, or no contract) and the bidder's
    score on the double-dummy line (None when the sample was not solved
    exactly)."""

    lower: int | None
    upper: int | None
    made: bool | None
    score: float | None


PASS_OUTCOME = Outcome(None, None, None, 0.0)


@dataclass
class SampleOutcome:
    index: int
    outcomes: dict            # bid name -> Outcome
    nodes: int = 0


def _number(x) -> float:
    return float(x) if isinstance(x, Fraction) else float(x)


def solve_group(group: Group, max_nodes: int | None, solve_fn: Callable | None = None,
                solver=None, contract_only: bool = False) -> tuple[dict, int]:
    """Solve a group's state once and answer each of its bids.

    ``solve_fn(state) -> (lower, upper, line)`` replaces the solver (tests use
    stand-ins); ``line`` is the cards to the end of the deal, or None.
    ``contract_only``: no value and no score, only each bid's made question
    (a full deal where the value is out of reach)."""
    nodes = 0
    state = group.state
    if solve_fn is not None:
        lower, upper, line = solve_fn(state)
    elif contract_only:
        (lower, upper), line = state.objective_range, None
    else:
        from atout import solver as api
        if max_nodes is None:
            result = api.solve(state, line=True, solver=solver)
        else:
            # the line is asked without a limit once the value is exact: a
            # line searched on what is left of a node budget could be cut short
            result = api.solve(state, line=False, max_nodes=max_nodes, solver=solver)
            if result.exact:
                nodes += result.nodes
                result = api.solve(state, line=True, solver=solver)
        nodes += result.nodes
        lower, upper = result.lower, result.upper
        line = list(result.line) if result.exact else None
    asked: dict = {}
    out = {}
    for spec in group.bids:
        made = made_from_bounds(lower, upper, spec.threshold, spec.sense)
        if made is None and solve_fn is None:
            from atout import solver as api
            if spec.threshold not in asked:
                reached = api.reaches(state, spec.threshold, max_nodes=max_nodes, solver=solver)
                nodes += reached.nodes
                asked[spec.threshold] = reached.answer
            reach = asked[spec.threshold]
            if reach is not None:
                made = reach if spec.sense > 0 else not reach
        score = None
        if line is not None:
            final = spec.make_state()
            for card in line:
                final.play(card)
            score = _number(spec.score_of(final.score()))
        out[spec.name] = Outcome(lower, upper, made, score)
    return out, nodes


# -- the summary ----------------------------------------------------------------

@dataclass
class BidSummary:
    bid: str
    contract: bool            # False for a pass: nothing to make
    samples: int
    made: int
    failed: int
    unsettled: int
    scored: int               # samples with a score (solved exactly)
    mean_score: float | None  # when every sample has a score
    score_stderr: float | None

    @property
    def made_probability(self) -> float | None:
        if not self.contract or self.unsettled or not self.samples:
            return None
        return self.made / self.samples

    @property
    def made_stderr(self) -> float | None:
        p = self.made_probability
        if p is None:
            return None
        return math.sqrt(p * (1 - p) / self.samples)

    @property
    def made_bounds(self) -> tuple[float, float] | None:
        """P(made) lies between these, whatever the unsettled samples hold."""
        if not self.contract or not self.samples:
            return None
        return self.made / self.samples, (self.made + self.unsettled) / self.samples


@dataclass
class Recommendation:
    bid: str | None
    runner_up: str | None = None
    margin: float | None = None          # mean score difference to the runner-up
    margin_stderr: float | None = None   # paired over the same samples
    clear: bool = False                  # margin above two standard errors
    reason: str = ""


def summarise(bids: list[str], samples: list[SampleOutcome], contract_bids=None) -> list[BidSummary]:
    """Per-bid statistics, in the order of ``bids``."""
    out = []
    for bid in bids:
        outcomes = [s.outcomes[bid] for s in samples]
        is_contract = contract_bids is None or bid in contract_bids
        made = sum(1 for o in outcomes if o.made is True)
        failed = sum(1 for o in outcomes if o.made is False)
        unsettled = len(outcomes) - made - failed if is_contract else 0
        scores = [o.score for o in outcomes if o.score is not None]
        mean = stderr = None
        if scores and len(scores) == len(outcomes):
            mean, stderr = mean_and_stderr(scores)
        out.append(BidSummary(bid, is_contract, len(outcomes), made, failed, unsettled, len(scores),
                              mean, stderr))
    return out


def recommend(summaries: list[BidSummary], samples: list[SampleOutcome]) -> Recommendation:
    """The bid with the best expected score, and whether the evidence
    separates it from the next best (paired difference over two standard
    errors). No recommendation while some bid has samples without a score."""
    if not summaries or not samples:
        return Recommendation(None, reason="no sample was computed")
    missing = [s.bid for s in summaries if s.mean_score is None]
    if missing:
        return Recommendation(None, reason=f"{len(missing)} bid(s) have samples not solved exactly "
                                           f"(e.g. {missing[0]}): no expected score to compare; raise "
                                           "--max-nodes, or compare the made counts")
    ranked = sorted(summaries, key=lambda s: -s.mean_score)
    best = ranked[0]
    if len(ranked) == 1:
        return Recommendation(best.bid, clear=True, reason="the only bid")
    second = ranked[1]
    diffs = [s.outcomes[best.bid].score - s.outcomes[second.bid].score for s in samples]
    margin, se = mean_and_stderr(diffs)
    clear = len(diffs) >= 2 and not math.isnan(se) and margin > 2 * se
    if clear:
        reason = f"{best.bid} beats {second.bid} by {margin:.2f} ± {se:.2f} on the same samples"
    else:
        se_text = "?" if math.isnan(se) else f"{se:.2f}"
        reason = (f"too close to call: {best.bid} leads {second.bid} by {margin:.2f} ± {se_text};"
                  " more samples may separate them")
    return Recommendation(best.bid, second.bid, margin, se, clear, reason)


@dataclass
class BidAnalysis:
    game: str
    seat: int
    bids: list
    samples_requested: int
    seed: int
    max_nodes: int | None
    samples: list = field(default_factory=list)      # SampleOutcome, by index
    summaries: list = field(default_factory=list)    # BidSummary, in bid order
    recommendation: Recommendation | None = None
    interrupted: bool = False
    seconds: float = 0.0
    notes: list = field(default_factory=list)        # what the planner wants said
    contract_only: bool = False                      # only the made questions were asked

    @property
    def samples_done(self) -> int:
        return len(self.samples)

    @property
    def nodes(self) -> int:
        return sum(s.nodes for s in self.samples)

    def summary(self, bid: str) -> BidSummary:
        return next(s for s in self.summaries if s.bid == bid)


# -- jobs and workers -------------------------------------------------------------

@dataclass(frozen=True)
class BidJob:
    """Everything a worker needs, as plain picklable data."""

    game: str
    seat: int
    hand: str
    seed: int
    max_nodes: int | None
    turned: str | None = None     # belote
    variant: str = ""             # belote: rule variant flags (``belote.parse_variant``)
    widow: int = 0                # smear
    candidates: int = 6           # tarocco: discards evaluated
    contract_only: bool = False   # only the made questions (full deals out of reach)


_planner_cache: dict = {}


def planner_for(job: BidJob):
    key = (job.game, job.seat, job.hand, job.turned, job.variant, job.widow, job.candidates)
    if key not in _planner_cache:
        _planner_cache.clear()
        _planner_cache[key] = make_planner(job)
    return _planner_cache[key]


def run_sample(job: BidJob, index: int, solve_fn: Callable | None = None) -> SampleOutcome:
    """Deal sample ``index`` and answer every bid on it."""
    planner = planner_for(job)
    world = planner.sample(sample_rng(job.seed, index))
    solver = None
    if solve_fn is None:
        from atout.solver import sample_solver
        solver = sample_solver()    # a new generation a search: the sample's answer is its own
    outcomes: dict = {}
    nodes = 0
    for bid in planner.pass_bids:
        outcomes[bid] = PASS_OUTCOME
    for group in planner.groups(world):
        got, n = solve_group(group, job.max_nodes, solve_fn, solver, job.contract_only)
        outcomes.update(got)
        nodes += n
    return SampleOutcome(index, {b: outcomes[b] for b in planner.bids}, nodes)


def _worker(args):
    job, index = args
    return run_sample(job, index)


#: samples by default, and where only the contract's question is asked (a
#: game whose full deal is out of reach of exact values: ``Game.deep_tricks``)
DEFAULT_SAMPLES, CONTRACT_ONLY_SAMPLES = 50, 20


def estimate_bids(game_name: str, seat, hand: str, *, samples: int | None = None, seed: int = 0,
                  workers: int = 1, max_nodes: int | None = None, turned: str | None = None,
                  widow: int | None = None, candidates: int = 6, progress: Callable | None = None,
                  solve_fn: Callable | None = None, variant: str | None = None,
                  contract_only: bool | None = None, on_start: Callable | None = None,
                  scheduler: str | None = None) -> BidAnalysis:
    """Estimate every bid of ``hand`` held by ``seat`` (see ``bidding_games``
    for each game's bids and hand notation).

    ``contract_only``: ask each bid only whether it makes (no score, no
    recommendation by score); None: for the games whose full deal is out of
    reach of exact values (``Game.deep_tricks``).
    ``samples`` defaults to DEFAULT_SAMPLES, CONTRACT_ONLY_SAMPLES when only
    the contract is asked. ``on_start(result)`` is called before any work.

    ``max_nodes`` limits each solve (default: the game's
    ``node_limit("bid")``, for the games that need one); ``progress(done, total)`` is called after each
    sample; Ctrl-C returns what was computed, with ``interrupted`` set.
    A stand-in ``solve_fn`` (tests) runs every sample in this process.
    ``scheduler``: the address of a Dask scheduler to run the samples on
    (instead of ``workers`` local processes); same seed, same answer."""
    from atout.engine import get_game
    from atout.engine.games import games_where
    if samples is not None and samples < 1:
        raise OptionError(f"samples {samples}: ask for at least one")
    if workers < 1:
        raise OptionError(f"workers {workers}: use at least one")
    if max_nodes is not None and max_nodes < 1:
        raise OptionError(f"max nodes {max_nodes}: use at least one")
    if candidates < 1:
        raise OptionError(f"candidates {candidates}: evaluate at least one discard")
    game = get_game(game_name)
    if turned is not None and not game.has_bidding_deal:
        raise RuleError(f"--turned does not apply to {game.name} (only"
                        f" {games_where(lambda g: g.has_bidding_deal)} has a turned card)")
    for name, value, what in (("widow", widow, "a widow"), ("variant", variant, "rule variants")):
        if value is not None and name not in game.round_options:
            raise RuleError(f"--{name} does not apply to {game.name} (only"
                            f" {games_where(lambda g: name in g.round_options)} has {what})")
    if variant is not None:
        variant = game.variant_text(variant)
    if max_nodes is None:
        max_nodes = game.node_limit("bid")
    if contract_only is None:
        contract_only = solve_fn is None and game.deep_tricks is not None
    if samples is None:
        samples = CONTRACT_ONLY_SAMPLES if contract_only else DEFAULT_SAMPLES
    job = BidJob(game.name, parse_bid_seat(game.name, seat), hand, int(seed), max_nodes,
                 turned, variant or "", int(widow or 0), int(candidates), bool(contract_only))
    planner = planner_for(job)          # bad input fails here, once, before any work
    if planner.fully_known:
        samples = 1                     # every sample would be the same deal
    if solve_fn is None:
        from atout.solver import SUPPORTED_GAMES
        if game.name not in SUPPORTED_GAMES:
            raise RuleError(f"the solver does not support {game.name} yet (supported: "
                            f"{', '.join(SUPPORTED_GAMES)})")
    result = BidAnalysis(game.name, job.seat, list(planner.bids), samples, int(seed), max_nodes,
                         notes=list(planner.notes), contract_only=job.contract_only)
    if on_start is not None:
        on_start(result)
    start = time.perf_counter()
    prefix, result.interrupted = run_samples(run_sample, _worker, job, samples, workers,
                                             progress, solve_fn, scheduler)
    result.samples = prefix
    result.summaries = summarise(result.bids, prefix, planner.contract_bids)
    if job.contract_only:
        result.recommendation = Recommendation(None, reason="only whether each bid makes was"
                                               " asked (a full deal's scores are out of reach):"
                                               " compare P(made); --values for scores")
    elif planner.recommends:
        result.recommendation = recommend(result.summaries, prefix)
    else:
        result.recommendation = Recommendation(None, reason=planner.no_recommendation)
    result.seconds = time.perf_counter() - start
    return result
