"""The kernels' on-disk cache knows every kernel's source, not only the
function's own file: a search compiled with a callee's old code (its move
generation edited in another file) is never loaded."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from atout.solver.kernels import jit, sources

pytestmark = pytest.mark.skipif(jit._KernelCache is None,
                                reason="this numba lacks the cache classes: numba's own cache")


def _write_kernels(root, body: str):
    root.mkdir(exist_ok=True)
    (root / "callee.py").write_text(body)
    (root / "jit.py").write_text("import numba\n# how the cache works may change\n")


def test_the_digest_follows_every_kernel_file(tmp_path):
    root = tmp_path / "kernels"
    _write_kernels(root, "def f():\n    return 1\n")
    first = sources.digest(root)
    sources._digests.clear()
    (root / "jit.py").write_text("import numba\n# another comment: not how kernels compile\n")
    assert sources.digest(root) == first
    sources._digests.clear()
    _write_kernels(root, "def f():\n    return 2\n")
    assert sources.digest(root) != first
    sources._digests.clear()


def _dispatcher(path):
    """A fresh kernel from the module at ``path``, as a new process makes it."""
    name = f"kernel_cache_probe_{abs(hash((str(path), len(sys.modules))))}"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return jit.kernel(module.seven)


def test_a_cached_kernel_is_stale_once_another_kernel_changes(tmp_path, monkeypatch):
    path = tmp_path / "probe.py"
    path.write_text("def seven(x):\n    return x + 7\n")
    monkeypatch.setitem(sources._digests, sources.KERNELS, "before")
    compiled = _dispatcher(path)
    assert compiled(1) == 8                   # compiled and saved
    assert jit.will_compile(_dispatcher(path)) is False     # the same sources: loaded
    # the kernel's own file unchanged, another kernel's source edited
    monkeypatch.setitem(sources._digests, sources.KERNELS, "after")
    assert jit.will_compile(_dispatcher(path)) is True


def test_the_search_kernels_carry_the_digest():
    from atout.solver.kernels.bridge import search
    stamp = search.search._cache._cache_file._source_stamp
    assert stamp[1] == sources.digest()
