"""atout's Belote positions in colver (PyPI ``colver``, a Rust Belote
solver with a Python binding; the optional ``bench`` extra), for the
exactness cross-check (tests/solver/test_belote_colver.py) and the benchmark
(bench/test_bench_belote_colver.py).

colver plays Belote without forced undertrump and without the overtrump
duty over a partner: atout's variant ``COLVER_VARIANT``. Its conventions,
as measured against atout:

* cards ``8 * suit + plain position`` (suits S H D C, positions 7 8 9 J Q K
  T A), the same order as atout's ``16 * suit + position``;
* seats: with dealer 3, seat 0 leads and play goes 0, 1, 2, 3, partners
  0+2, as atout's seats;
* ``Env.solve_scores()["scores"]``: ``[card, points]`` for each legal card
  of the player on turn, where points are North-South's (seats 0+2) card
  points of the whole deal (tricks already won included), last trick 10,
  capot 252, Belote-Rebelote not included: atout's objective when the
  taker's side is 0+2. The contract's value, side and coinche do not change
  them.
"""

from __future__ import annotations

from atout.engine.belote import CAPOT_TOTAL, DEAL_TOTAL, VARIANT_FLAGS, format_variant

#: atout's variant that plays colver's rules
COLVER_VARIANT = format_variant(VARIANT_FLAGS)

#: a contract value colver accepts; it changes nothing in ``scores``
_CONTRACT_VALUE = 80


def to_colver(card: int) -> int:
    return (card >> 4) * 8 + (card & 15)


def from_colver(index: int) -> int:
    return (index // 8) * 16 + index % 8


def available() -> bool:
    try:
        import colver  # noqa: F401
    except ImportError:
        return False
    return True


def colver_env(state):
    """A colver ``Env`` at the position of an atout Belote state: the deal as
    dealt, the trump, the taker's side, and every card played so far."""
    import colver
    hands = [sorted(to_colver(c) for c in h.cards) for h in state.deal.hands]
    env = colver.Env.deal_with_hands(3, hands)
    env.set_contract(int(state.trump), _CONTRACT_VALUE, int(state.max_side), 0)
    env.set_phase_playing()
    for card in state.played:
        env.step(to_colver(card))
    return env


def taker_side_points(north_south: int, max_side: int) -> int:
    """Card points of the side ``max_side`` from North-South's (0+2)."""
    if max_side == 0:
        return north_south
    if north_south in (0, CAPOT_TOTAL):
        return CAPOT_TOTAL - north_south      # a capot one way or the other
    return DEAL_TOTAL - north_south


def colver_card_values(state, env=None) -> dict:
    """``{card: value}`` for every legal card of the player on turn, by
    colver's ``solve_scores``, in atout's terms (the taker's side card
    points, as ``engine.search.card_values`` gives them)."""
    env = env or colver_env(state)
    scores = env.solve_scores()["scores"]
    return {from_colver(index): taker_side_points(points, state.max_side) for index, points in scores}
