"""The analysis of a deep position (a full deal of tarot, tarocco, tarot2,
where a double-dummy search proves nothing useful within seconds): each
legal card *estimated* over sampled deals as the ``hard`` computer player
estimates it. On each deal, drawn consistent with what the seat knows
(the same draws as ``atout analyse``: ``analysis.partial``'s model and
seeds), the card is played, the rest is played out greedily with every
card seen down to a few tricks from the end (``players.search.playout``),
and the end is solved within a node limit.

An estimate, not a proof: the answer says so (``method: "playout"``) and
gives each card's mean value, its standard error, and the share of the
deals on which the contract was made after it.
"""

from __future__ import annotations

import time

from atout.analysis import value_number
from atout.analysis import Job, mean_and_stderr, model_for, sample_rng
from atout.engine import get_game
from atout.players import PLAYOUT_NODES, PLAYOUT_TO, playout

#: where the playout stops (tricks left) and the solver values the rest
STOP_AT = PLAYOUT_TO["hard"]


def card_estimates(state, legal, solver) -> dict:
    """Each legal card's estimated value (the objective, max side's) on one
    complete deal, and whether the contract is made: {card: (value, made)}."""
    name = state.game.name
    target = state.contract_target()
    out = {}
    for card in legal:
        state._apply(card)
        moves = 1 + playout(state, name, STOP_AT.get(name, 0))
        try:
            if state.is_over():
                value = float(state.objective())
            else:
                result = solver.solve(state, line=False, max_nodes=PLAYOUT_NODES)
                value = float(result.value) if result.exact else (result.lower + result.upper) / 2
        finally:
            for _ in range(moves):
                state.undo()
        out[card] = (value, None if target is None else value >= target)
    return out


def estimate(view, *, samples: int, seed: int = 0, progress=None, cancel=None) -> dict:
    """The playout estimate of each legal card for the seat on turn, in the
    fields of `atout analyse --json` (best card first) with ``method``."""
    from atout.solver import sample_solver
    game = view.known_deal.game
    name = game.name
    job = Job(name, game.format_deal(view.known_deal), tuple(view.played),
              tuple(sorted(dict(view.contract).items())), int(seed), None, False)
    model = model_for(job)
    legal = [a.value for a in view.legal]
    values = {c: [] for c in legal}
    made = {c: 0 for c in legal}
    solver = sample_solver()
    start = time.perf_counter()
    interrupted = False
    maximizing = True
    done = 0
    for index in range(samples):
        if cancel is not None and cancel.is_set():
            interrupted = True
            break
        full, contract = model.sample(sample_rng(seed, index))
        state = get_game(name).state_after(full, list(view.played), **contract)
        maximizing = state.maximizing()
        answers = card_estimates(state, legal, solver)
        if cancel is not None and cancel.is_set():     # the last deal's solves were cut short
            interrupted = True
            break
        for card, (value, made_it) in answers.items():
            values[card].append(value)
            made[card] += bool(made_it)
        done += 1
        if progress is not None:
            progress(done, samples)
    cards = []
    for card in legal:
        if not values[card]:
            continue
        mean, stderr = mean_and_stderr(values[card])
        p = made[card] / done
        cards.append({"card": game.deck.token(card), "value": round(value_number(name, mean), 2),
                      "stderr": None if stderr != stderr else round(value_number(name, stderr), 2),
                      "value_bounds": None, "made_probability": round(p, 4),
                      "made_stderr": round((p * (1 - p) / done) ** 0.5, 4),
                      "made": made[card], "failed": done - made[card], "unsettled": 0,
                      "_mean": mean})
    cards.sort(key=lambda c: (-c["_mean"] if maximizing else c["_mean"], c["card"]))
    for c in cards:
        del c["_mean"]
    return {"game": name, "seat": view.seat, "samples": done, "samples_requested": samples,
            "interrupted": interrupted, "contract_only": False, "seed": seed, "method": "playout",
            "cards": cards, "expected_score": None, "histogram": {},
            "seconds": round(time.perf_counter() - start, 3)}
