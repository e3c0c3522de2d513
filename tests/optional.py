"""Optional packages a test module needs (colver, from the test extra)."""

from __future__ import annotations

import importlib
import os

import pytest


def require(module: str, extra: str = "test"):
    """Import ``module`` for a test module, or skip the module when it is
    not installed; on CI (``CI=true``) fail instead: there a skipped test
    would hide a broken install."""
    try:
        return importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI") == "true":
            raise
        pytest.skip(f"{module} is not installed: pip install -e '.[{extra}]'", allow_module_level=True)
