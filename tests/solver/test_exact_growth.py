"""bench/exact_growth.py: the growth per trick that docs/SPEED.md and the
closing notes extrapolate from is per trick, geometric, from the first
to the last median it is given."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from exact_growth import growth  # noqa: E402


def test_growth_is_geometric_per_trick():
    # 100 -> 400 over one trick (4x), 400 -> 6,400 over two (4x a trick)
    assert growth([(10, 100), (11, 400), (13, 6400)]) == pytest.approx(4.0)
    # 2x then 8x: 4x a trick, not the arithmetic mean 5x
    assert growth([(10, 1), (11, 2), (12, 16)]) == pytest.approx(4.0)


def test_growth_needs_two_rows():
    assert growth([]) is None
    assert growth([(12, 5_000_000)]) is None
