"""Partly known deals: deal the unseen cards every way consistent with what is
known, solve each sample double dummy, and report the distribution.

The work is cut into samples numbered 0, 1, 2, ...; sample ``i`` draws its
cards from its own random generator seeded by ``(seed, i)``, so the answer
depends only on the seed and the number of samples, never on how many worker
processes shared the work or in what order they finished.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Sequence

from atout.engine import get_game
from atout.engine.errors import OptionError, RuleError

from atout.solver.results import made_from_bounds
from .executors import run_ordered


@dataclass
class SampleResult:
    """One sample: each legal card's proven bounds, the contract's target and
    the score of the double-dummy line (None when not exact)."""

    index: int
    bounds: dict              # card -> (lower, upper)
    target: int | None
    score: float | None
    nodes: int


@dataclass
class CardSummary:
    card: int
    samples: int
    exact_samples: int
    mean: float | None        # expected value, when every sample is exact
    stderr: float | None
    mean_lower: float         # expected value bounds over all samples
    mean_upper: float
    made: int                 # samples proven made / failed / not settled
    failed: int
    unsettled: int

    @property
    def made_probability(self) -> float | None:
        settled = self.made + self.failed
        if self.unsettled or not settled:
            return None
        return self.made / settled

    @property
    def made_stderr(self) -> float | None:
        p = self.made_probability
        if p is None:
            return None
        return math.sqrt(p * (1 - p) / self.samples)


@dataclass
class Analysis:
    game: str
    seat: int
    samples_requested: int
    samples: list = field(default_factory=list)   # SampleResult, by index
    cards: list = field(default_factory=list)     # CardSummary, best first
    interrupted: bool = False
    seconds: float = 0.0
    #: only the contract's question was asked of each card (a deep position)
    contract_only: bool = False
    max_nodes: int | None = None
    #: the position in the first sampled deal: its contract (defaults
    #: included), sides and who is on turn are those of every sample
    position: object = None

    @property
    def maximizing(self) -> bool:
        """Does the player on turn want the value high?"""
        return self.position is None or self.position.maximizing(self.seat)

    @property
    def samples_done(self) -> int:
        return len(self.samples)

    @property
    def best(self) -> CardSummary | None:
        return self.cards[0] if self.cards else None

    def expected_score(self) -> tuple[float, float] | None:
        scores = [s.score for s in self.samples if s.score is not None]
        if not scores or len(scores) < len(self.samples):
            return None
        return mean_and_stderr(scores)

    def histogram(self) -> dict:
        """Samples by the value of the recommended card (exact samples only)."""
        if not self.best:
            return {}
        out: dict = {}
        for s in self.samples:
            lo, hi = s.bounds[self.best.card]
            if lo == hi:
                out[lo] = out.get(lo, 0) + 1
        return dict(sorted(out.items()))


def mean_and_stderr(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, float("nan")
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def summarise(samples: list[SampleResult], maximizing: bool) -> list[CardSummary]:
    """Per-card statistics, best card first for the player on turn."""
    if not samples:
        return []
    cards = set(samples[0].bounds)
    if any(set(s.bounds) != cards for s in samples):
        raise RuleError("the player on turn holds different cards in different samples:"
                        " its hand must be known")
    out = []
    for card in samples[0].bounds:
        bounds = [s.bounds[card] for s in samples]
        exact = [lo for lo, hi in bounds if lo == hi]
        mean = stderr = None
        if len(exact) == len(bounds):
            mean, stderr = mean_and_stderr(exact)
        settled = [None if s.target is None else made_from_bounds(lo, hi, s.target)
                   for s, (lo, hi) in zip(samples, bounds)]
        made, failed = settled.count(True), settled.count(False)
        unsettled = len(settled) - made - failed
        out.append(CardSummary(card, len(bounds), len(exact), mean, stderr,
                               sum(lo for lo, _ in bounds) / len(bounds),
                               sum(hi for _, hi in bounds) / len(bounds),
                               made, failed, unsettled))
    sign = -1 if maximizing else 1
    return sorted(out, key=lambda c: (sign * (c.mean if c.mean is not None else c.mean_lower), -c.card))


# -- one sample ------------------------------------------------------------------

@dataclass(frozen=True)
class Job:
    """Everything a worker needs, as plain picklable data."""

    game: str
    deal: str
    played: tuple
    contract: tuple           # (key, value) pairs
    seed: int
    max_nodes: int | None
    with_score: bool
    contract_only: bool = False


#: default samples: fewer where each card costs a full budget
DEFAULT_SAMPLES, DEEP_SAMPLES = 100, 20


def is_deep(state) -> bool:
    """More tricks left than the solver settles in about a second
    (``Game.deep_tricks``)?"""
    limit = state.game.deep_tricks
    if limit is None or state.contract_target() is None:
        return False
    cards_left = sum(len(h) for h in state.hands) + len(state.trick)
    return cards_left > limit * state.n

_model_cache: dict = {}


def model_for(job: Job):
    """The sampling model of the job, with the replay of the known play done
    once per process."""
    key = (job.game, job.deal, job.played, job.contract)
    if key not in _model_cache:
        game = get_game(job.game)
        model = game.sampling_model(game.parse_deal(job.deal), list(job.played), dict(job.contract))
        model.knowledge  # replay now: a bad play is reported before any work
        _model_cache.clear()
        _model_cache[key] = model
    return _model_cache[key]


def sample_rng(seed: int, index: int) -> random.Random:
    return random.Random(f"atout/{seed}/{index}")


def solve_sample(job: Job, index: int, solve_fn: Callable | None = None) -> SampleResult:
    """Deal sample ``index`` and solve it: every legal card's value."""
    from atout import solver as api
    game = get_game(job.game)
    full, contract = model_for(job).sample(sample_rng(job.seed, index))
    state = game.state_after(full, list(job.played), **contract)
    target = state.contract_target()
    if solve_fn is not None:        # a stand-in solver (tests use the naive search)
        bounds, score, nodes = solve_fn(state)
    elif job.contract_only:
        bounds, nodes = contract_answers(state, target, api.sample_solver(), job.max_nodes)
        score = None
    else:
        solver = api.sample_solver()
        result = solver.solve(state, all_cards=True, line=job.with_score, max_nodes=job.max_nodes)
        bounds = {c: (v, v) if isinstance(v, int) else tuple(v) for c, v in result.cards.items()}
        if target is not None and not result.exact:
            bounds = settle_contract(state, bounds, target, solver, job.max_nodes)
        score = result.score and state.headline_score(result.score)
        score = None if score is None else float(score)  # tarot scores are exact thirds
        nodes = result.nodes
    return SampleResult(index, bounds, target, score, nodes)


def contract_answers(state, target: int, solver, max_nodes) -> tuple[dict, int]:
    """Each legal card's bounds from the contract's question alone (one
    search per block of equivalent cards, each with ``max_nodes``): at least
    the target when it makes, below it when it fails, the game's range when
    the limit left it open. Returns (bounds, nodes)."""
    from atout import solver as api
    from atout.solver.limits import Budget
    codec = api.codec_for(state)
    least, most = state.objective_range
    bounds, nodes = {}, 0
    # one table generation for the sample, as ``solve`` does for its cards:
    # what one card's search proved about a position serves the next card's
    gen = solver.new_generation()
    groups = api.equivalent_groups(state, codec.encode(state), codec)
    for group in groups:
        budget = Budget(max_nodes, None)
        state.play(group[0])
        try:
            answer = solver._makes(codec.encode(state), target, gen, budget)
        finally:
            state.undo()
        if budget.interrupted:
            raise KeyboardInterrupt
        nodes += budget.nodes
        answer = {True: (target, most), False: (least, target - 1)}.get(answer, (least, most))
        for card in group:
            bounds[card] = answer
    return bounds, nodes


def settle_contract(state, bounds: dict, target: int, solver, max_nodes) -> dict:
    """Where a card's bounds straddle the contract's target, ask only the
    boolean question (much cheaper) and narrow the bounds by its answer."""
    out = dict(bounds)
    for card, (lo, hi) in bounds.items():
        if lo < target <= hi:
            state.play(card)
            try:
                answer = solver.makes(state, target, max_nodes=max_nodes)
            finally:
                state.undo()
            if answer is True:
                out[card] = (target, hi)
            elif answer is False:
                out[card] = (lo, target - 1)
    return out


def _worker(args):
    job, index = args
    return solve_sample(job, index)


def run_parallel(worker, job, samples: int, workers: int, done: dict, progress,
                 scheduler: str | None = None, start: int = 0, on_result=None) -> None:
    """Run ``worker((job, i))`` for the samples ``start``..``samples-1`` in
    local worker processes (or on the Dask cluster at ``scheduler``),
    filling ``done`` (index -> result). ``on_result(i, result)`` and then
    ``progress(i + 1, samples)`` are called in index order as the first
    samples are all done, so an interrupt from them leaves a gap-free prefix
    whatever order the workers finish in. Ctrl-C stops the workers at once."""
    def keep(offset, result):
        index = start + offset
        done[index] = result
        if on_result:
            on_result(index, result)
        if progress:
            progress(index + 1, samples)
    run_ordered(worker, lambda i: (job, start + i), samples - start, workers=workers, scheduler=scheduler,
                on_result=keep)


def run_samples(run_one, worker, job, samples: int, workers: int, progress,
                solve_fn=None, scheduler: str | None = None, start: int = 0,
                on_result=None) -> tuple[list, bool]:
    """Samples ``start``..samples-1 (those before are done already), one by
    one (``run_one(job, i, solve_fn)``), in local worker processes or on a
    Dask cluster (``scheduler``, the address of its scheduler;
    ``worker((job, i))`` either way). ``on_result(i, result)`` sees each
    result in index order. Returns the results of the gap-free prefix of
    samples from ``start`` in index order, so the same seed gives the same
    answer however the work was shared, and whether Ctrl-C stopped it."""
    done: dict = {}
    interrupted = False
    try:
        if (workers == 1 and not scheduler) or solve_fn is not None:
            for i in range(start, samples):
                done[i] = run_one(job, i, solve_fn)
                if on_result:
                    on_result(i, done[i])
                if progress:
                    progress(i + 1, samples)
        elif start < samples:
            from atout.solver.driver import note_worker_compilation
            note_worker_compilation(job.game)
            run_parallel(worker, job, samples, workers, done, progress, scheduler, start, on_result)
    except KeyboardInterrupt:
        interrupted = True
    prefix = []
    for i in range(start, samples):
        if i not in done:
            break
        prefix.append(done[i])
    return prefix, interrupted


# -- the driver ------------------------------------------------------------------

def check_hand_known(game, deal, state, seat: int) -> None:
    """The cards of the player on turn must be the same in every sample (its
    choices are compared over the samples): refuse a hand that takes cards
    not known, as the tarot taker's hand takes the dog under take or guard."""
    unseen = set(deal.unseen_cards())
    if not (set(state.hands[seat]) | set(state.legal_cards())) & unseen:
        return
    raise RuleError(game.unknown_hand_message(seat))


def analyse(game_name: str, deal_text: str, played: Sequence[int] = (), *,
            samples: int | None = None, seed: int = 0, workers: int = 1,
            max_nodes: int | None = None, with_score: bool = True, contract: dict | None = None,
            progress: Callable | None = None, solve_fn: Callable | None = None,
            contract_only: bool | None = None, on_start: Callable | None = None,
            scheduler: str | None = None) -> Analysis:
    """Analyse a partly known deal for the player on turn.

    ``contract_only``: ask each card only whether it makes the contract (no
    value, no score); None: where the position is deep (``is_deep``: a full
    tarot, tarocco or tarot2 deal). ``samples`` defaults to DEFAULT_SAMPLES,
    DEEP_SAMPLES when only the contract is asked. ``on_start(analysis)`` is
    called once the plan is made, before any sample is solved.
    ``progress(done, total)`` is called after each sample. Ctrl-C stops the
    work and returns what was computed, with ``interrupted`` set.
    ``scheduler``: the address of a Dask scheduler to run the samples on
    (instead of ``workers`` local processes); same seed, same answer."""
    if samples is not None and samples < 1:
        raise OptionError(f"samples {samples}: ask for at least one")
    if workers < 1:
        raise OptionError(f"workers {workers}: use at least one")
    game = get_game(game_name)
    if max_nodes is None:
        max_nodes = game.node_limit("analyse")
    contract = dict(contract or {})
    deal = game.parse_deal(deal_text)
    job = Job(game.name, game.format_deal(deal), tuple(played), tuple(sorted(contract.items())),
              int(seed), max_nodes, with_score)
    full, real_contract = model_for(job).sample(sample_rng(seed, 0))
    probe = game.state_after(full, list(played), **real_contract)
    if probe.is_over():
        raise RuleError("the deal is over: nothing to analyse")
    seat = probe.to_play
    if deal.hands[seat].unknown:
        raise RuleError(f"{game.seat_name(seat)} is to play: its hand must be known to analyse its choice")
    check_hand_known(game, deal, probe, seat)
    if contract_only is None:
        contract_only = solve_fn is None and is_deep(probe)
    if contract_only and probe.contract_target() is None:
        raise RuleError(f"{game.name} here has no contract to ask about: ask for values")
    if samples is None:
        samples = DEEP_SAMPLES if contract_only else DEFAULT_SAMPLES
    job = replace(job, contract_only=bool(contract_only))
    analysis = Analysis(game.name, seat, samples, position=probe, contract_only=bool(contract_only),
                        max_nodes=max_nodes)
    if on_start is not None:
        on_start(analysis)
    start = time.perf_counter()
    prefix, analysis.interrupted = run_samples(solve_sample, _worker, job, samples, workers,
                                               progress, solve_fn, scheduler)
    analysis.samples = prefix
    analysis.cards = summarise(prefix, probe.maximizing(seat))
    analysis.seconds = time.perf_counter() - start
    return analysis
