"""atout.analysis: what the solver says of deals not wholly known, and of
many deals.

``analyse(...)`` (each legal choice's expected value over sampled deals
consistent with what a seat knows), ``review_deal(...)`` (a played deal, card by
card, against the best play), ``estimate_bids(...)`` (each call's expected
score before the play), ``batch_file`` (a
file of jobs, on local workers or a Dask cluster), and the JSON form of
every result (``solve_json``, ``analysis_json``, ``review_json``).

The names load on first use (PEP 562): a command imports only what it runs.
(``review_deal`` is ``review.review``: a face name that is also a submodule's
would be the submodule once anything imported it.)
"""

from __future__ import annotations

import importlib

#: name -> the module of this package that defines it ("module:name" where
#: the face calls it otherwise)
_FACE = {
    "analyse": "partial", "is_deep": "partial", "Job": "partial", "mean_and_stderr": "partial",
    "model_for": "partial", "sample_rng": "partial", "DEFAULT_SAMPLES": "partial",
    "review_deal": "review:review",
    "estimate_bids": "bids",
    "batch_file": "batch",
    "check_scheduler": "executors",
    "analysis_json": "json_form", "review_json": "json_form", "solve_json": "json_form",
    "jsonable": "json_form", "scale": "json_form", "value_number": "json_form",
}

__all__ = sorted(_FACE)


def __getattr__(name: str):
    where = _FACE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, _, own_name = where.partition(":")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), own_name or name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_FACE))
