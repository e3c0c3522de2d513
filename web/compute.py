"""The solver's answers for a position of the play, in the JSON fields of the
CLI (`atout solve --json`, `atout analyse --json`, `atout review --json`):

- ``hint``: the double-dummy value of every legal card of the player on turn
  (every hand seen);
- ``analyse``: each legal card's expected value and probability of making the
  contract, from what one seat may know (``Round.view``: its hand, the public
  cards, the cards played), over sampled deals of the unseen cards;
- ``review``: the value after every card of a finished deal.

Long work takes a ``progress(done, total)`` callback; a ``Cancel`` stops it
between two samples (or two cards of a review) and the answer says
``interrupted``, with what was done.
"""

from __future__ import annotations

from atout.analysis import analysis_json, review_json, solve_json
from atout.engine import OptionError, RuleError
from atout.solver import Cancellation

#: most samples one analysis request may ask for (the server runs one at a time per request)
MAX_SAMPLES = 2000


#: a flag the server sets when the page gives up waiting (cancel button,
#: closed connection): the search under way stops at its next node
Cancel = Cancellation


def _reporter(progress, cancel: Cancel | None):
    """A progress callback that also stops the work once cancelled: the
    solver's loops treat KeyboardInterrupt as "stop and return what is done"."""
    def report(done: int, total: int) -> None:
        if progress is not None:
            progress(done, total)
        if cancel is not None and cancel.is_set():
            raise KeyboardInterrupt
    return report


# -- answers --------------------------------------------------------------------------

def hint(state, max_nodes: int | None = None) -> dict:
    """`atout solve --all-cards --json` of the position (every hand seen)."""
    from atout.solver import solve
    if state.is_over():
        raise RuleError("the deal is over: no card to play")
    game = state.game
    if max_nodes is None:       # where a position may be out of reach of an exact search
        max_nodes = game.node_limit("hint")
    result = solve(state, all_cards=True, max_nodes=max_nodes)
    # which way is better for the seat on turn: the page cannot tell it from
    # the line when the limit left none
    return {**solve_json(game, result), "seat": state.to_play,
            "maximizing": bool(state.maximizing())}


def check_analysis(view, samples: int) -> None:
    """RuleError unless the view's seat is to play a card and ``samples`` is allowed."""
    if view.phase != "play" or view.known_deal is None:
        raise RuleError(f"no card to play now (phase {view.phase}): the analysis is for the play")
    if view.to_act != view.seat:
        raise RuleError(f"seat {view.to_act} is to play, not seat {view.seat}: analyse your own turn")
    if not 1 <= samples <= MAX_SAMPLES:
        raise OptionError(f"samples {samples}: ask for 1 to {MAX_SAMPLES}")


#: seconds one card takes on one deal in the playout estimate (tarot2's
#: first card, measured: docs/BROWSER.md)
PLAYOUT_SECONDS_PER_CARD = 0.018
#: what the default analysis of a deep position should take (seconds): the
#: number of deals is sized to it
TARGET_SECONDS = 8.0
#: the exact analysis's default number of deals
EXACT_SAMPLES = 40


def plan_analysis(state, legal: int, samples: int | None) -> dict:
    """What an analysis of the position will do and cost, said before it
    starts: ``method`` (``exact``: each card solved double dummy on each
    deal, proven values or bounds; ``playout``: estimated, in a position too
    deep for a proof), the deals, and the seconds it should take. ``state``
    is the play state (only its counts and contract are read), ``legal``
    the number of cards to choose from."""
    from atout.analysis import is_deep
    if is_deep(state):
        per_deal = legal * PLAYOUT_SECONDS_PER_CARD
        if samples is None:
            samples = max(4, min(EXACT_SAMPLES, int(TARGET_SECONDS / per_deal)))
        what = ("too deep to prove: each card estimated on each deal by a greedy playout with every card"
                " seen, the last tricks solved")
        method = "playout"
    else:
        per_deal = state.game.analysis_seconds_per_deal
        samples = EXACT_SAMPLES if samples is None else samples
        what = "each card solved double dummy on each deal: proven values, bounds where the limit stops"
        method = "exact"
    return {"method": method, "samples": samples, "seconds": round(samples * per_deal, 1), "what": what}


def analyse(view, *, samples: int = 50, seed: int = 0, max_nodes: int | None = None,
            progress=None, cancel: Cancel | None = None, method: str = "exact") -> dict:
    """`atout analyse --json` for a seat on turn in the play, from its
    ``view`` (``Round.view``): the deal as that seat knows it (its hand, the
    public cards), the cards played, the contract as it knows it.
    ``method`` ``playout``: the estimate of a deep position (``estimate``)."""
    check_analysis(view, samples)
    if method == "playout":
        from .estimate import estimate
        return estimate(view, samples=samples, seed=seed, progress=progress, cancel=cancel)
    from atout.analysis import analyse as run
    game = view.known_deal.game
    name = game.name
    result = run(name, game.format_deal(view.known_deal), view.played, samples=samples, seed=seed,
                 workers=1, max_nodes=max_nodes, contract=dict(view.contract), contract_only=False,
                 progress=_reporter(progress, cancel))
    return {**analysis_json(game, result, seed), "method": "exact"}


def review(start, played, *, max_nodes: int | None = None, progress=None,
           cancel: Cancel | None = None) -> dict:
    """`atout review --json` of the cards ``played`` from the play state
    ``start`` (left as it was)."""
    from atout.analysis import review_deal as run
    game = start.game
    if max_nodes is None:
        max_nodes = game.node_limit("hint")
    result = run(start, list(played), max_nodes=max_nodes, progress=_reporter(progress, cancel))
    return review_json(game, result)
