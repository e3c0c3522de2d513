"""The searches as native code that a process loads without numba.

Importing numba and loading a search from numba's on-disk cache delay a
process's first node (``docs/SPEED.md``, docs/SOLVER_HISTORY.md). So the
first process that searches with a kernel also builds it once more as a
shared library: a numba ``cfunc`` over the kernel (the same compiled
kernels, found in numba's cache, linked into it), whose LLVM module is
emitted as position-independent code and linked by the system's C compiler
driver (``cc``) or linker (``ld``). Every later process loads that library
with ctypes, far sooner, and never imports numba. A ctypes call
releases the GIL, as the ``nogil`` kernels do, so threads search in
parallel either way.

An entry takes one argument: a block of int64 words, for each kernel
argument in order its value (an integer) or its data address then its
shape (an array, C-contiguous). Its manifest (a JSON file next to the
library) says which, with each array's dtype and dimensions; each call
checks the arrays against it (a wrong array would be read as memory).

The libraries live next to numba's cache (``solver/kernels/__pycache__``,
or ``~/.cache/atout`` when that cannot be written), in a folder named by a digest of the kernels' sources, this file, numba's
and llvmlite's versions, Python's and the processor's: any change makes a
new folder (the old ones are removed). ``ATOUT_NATIVE=0``, numba's JIT
disabled, or no C linker: the numba dispatchers are called as before.
"""

from __future__ import annotations

import ctypes
import importlib.util
import json
import os
import sys
import weakref
from pathlib import Path

_HERE = Path(__file__).resolve().parent
KERNELS = _HERE / "kernels"
PREFIX = "atout-native-"


def enabled() -> bool:
    """May searches run as native code? (not with ``ATOUT_NATIVE=0`` nor with
    numba's JIT disabled, whose kernels are plain Python)"""
    if os.environ.get("ATOUT_NATIVE", "1") == "0":
        return False
    if os.environ.get("NUMBA_DISABLE_JIT", "0") not in ("", "0"):
        return False
    numba = sys.modules.get("numba")
    if numba is not None and getattr(numba.config, "DISABLE_JIT", False):
        return False
    return True


def _version_file(package: str) -> bytes:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return b"none"
    path = Path(list(spec.submodule_search_locations)[0]) / "_version.py"
    try:
        return path.read_bytes()
    except OSError:
        return b"none"


def _processor() -> bytes:
    """What the processor is and does (the code is compiled for this one)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        import platform
        return f"{platform.machine()} {platform.processor()}".encode()
    keep = []
    for line in text.splitlines():
        if line.startswith(("model name", "flags", "Features", "CPU part")):
            keep.append(line)
        if not line.strip() and keep:
            break           # the first processor is enough
    return "\n".join(keep).encode()


_key: list = []


def key() -> str:
    """The digest naming this build of the searches."""
    if not _key:
        from .kernels.sources import checksum, digest
        # the kernels' digest, the one their numba cache entries carry (read once)
        parts = [digest(KERNELS).encode(), Path(__file__).read_bytes(), _version_file("numba"),
                 _version_file("llvmlite"), sys.version.encode(), _processor()]
        _key.append(checksum(b"\0".join(parts)))
    return _key[0]


def _user_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "atout"


_folder: list = []


def folder() -> Path:
    """Where this build's libraries are (made when one is written): next to
    numba's cache, or in the user's cache (``~/.cache/atout``) when the
    kernels' folder cannot be written (an install for every user), as numba
    does for its own cache."""
    if not _folder:
        name = f"{PREFIX}{key()}"
        here = KERNELS / "__pycache__"
        if (here / name).is_dir() or os.access(here if here.is_dir() else KERNELS, os.W_OK):
            _folder.append(here / name)
        else:
            _folder.append(_user_cache() / name)
    return _folder[0]


#: id(array) -> (a weak reference to it, its data address, dtype, ndim,
#: C-contiguous): looked up once per array, not at every call (numpy's
#: ``ctypes.data`` is slow for a call's budget; an entry goes with its array)
_arrays: dict = {}


def _forget(ref, key) -> None:
    hit = _arrays.get(key)
    if hit is not None and hit[0] is ref:
        del _arrays[key]


def _known(a, i: int, name: str):
    hit = _arrays.get(id(a))
    if hit is not None and hit[0]() is a:
        return hit
    import numpy as np
    if type(a) is not np.ndarray:
        raise TypeError(f"{name}: argument {i} is {type(a).__name__}, an array expected")
    key = id(a)
    hit = (weakref.ref(a, lambda ref, key=key: _forget(ref, key)), a.ctypes.data, a.dtype,
           a.ndim, a.flags.c_contiguous)
    _arrays[key] = hit
    return hit


def _wrong(i: int, a, dtype, ndim: int, name: str):
    raise TypeError(f"{name}: argument {i} is {a.dtype}[{a.ndim}] (C-contiguous:"
                    f" {a.flags.c_contiguous}), a C-contiguous {dtype}[{ndim}] expected")


class NativeEntry:
    """A kernel as a native function: called with the kernel's own
    arguments, returns what it returns (an int). The call packs the words
    with one ``struct`` call, from a function written for the entry's
    arguments (a loop over them cost far more than numba's dispatch:
    docs/SOLVER_HISTORY.md)."""

    def __init__(self, library: ctypes.CDLL, manifest: dict, path: Path):
        import struct

        import numpy as np
        self.path = path
        fn = library[manifest["symbol"]]
        fn.restype = ctypes.c_int64
        fn.argtypes = [ctypes.c_char_p]
        errors = ctypes.c_int64.in_dll(library, "atout_native_errors")
        # per argument: None (an integer) or (dtype, ndim)
        self.spec = [None if a[0] == "int" else (np.dtype(a[1]), int(a[2]))
                     for a in manifest["args"]]
        names = [f"a{i}" for i in range(len(self.spec))]
        lines, words = [f"def call({', '.join(names)}):"], []
        space = {"fn": fn, "errors": errors, "known": _known, "wrong": _wrong,
                 "name": path.name, "failed": self._failed}
        for i, spec in enumerate(self.spec):
            if spec is None:
                words.append(f"a{i}")
                continue
            dtype, ndim = spec
            space[f"d{i}"] = dtype
            lines += [f"    h{i} = known(a{i}, {i}, name)",
                      f"    if h{i}[2] != d{i} or h{i}[3] != {ndim} or not h{i}[4]:",
                      f"        wrong({i}, a{i}, d{i}, {ndim}, name)"]
            words += [f"h{i}[1]"] + [f"a{i}.shape[{d}]" for d in range(ndim)]
        space["pack"] = struct.Struct(f"{len(words)}q").pack
        lines += [f"    result = fn(pack({', '.join(words)}))",
                  "    if errors.value:",
                  "        failed()",
                  "    return result"]
        exec("\n".join(lines), space)
        self.call = space["call"]

    def _failed(self):
        raise RuntimeError(f"{self.path.name}: the native search met an error (a bug: run"
                           " with ATOUT_NATIVE=0 to see numba's exception)")

    def __call__(self, *args):
        if len(args) != len(self.spec):
            raise TypeError(f"{self.path.name}: {len(args)} arguments, {len(self.spec)} expected")
        return self.call(*args)


def built(name: str) -> bool:
    """Is entry ``name`` of this build on the disk?"""
    return (folder() / f"{name}.json").exists()


def load(name: str) -> NativeEntry | None:
    """Entry ``name`` of this build, or None when it is not built."""
    base = folder() / name
    try:
        manifest = json.loads(base.with_suffix(".json").read_text())
    except (OSError, ValueError):
        return None
    try:
        library = ctypes.CDLL(str(base.with_suffix(".so")))
        return NativeEntry(library, manifest, base.with_suffix(".so"))
    except (OSError, AttributeError, KeyError, ValueError):
        return None


# -- the build (numba needed) -------------------------------------------------------------

def _linker() -> list | None:
    import shutil
    for tool in ("cc", "gcc", "clang"):
        found = shutil.which(tool)
        if found:
            return [found, "-shared"]
    found = shutil.which("ld")
    return [found, "-shared"] if found else None


def can_build() -> bool:
    return _linker() is not None


#: what numba's code calls on an error path only (raising a Python exception
#: from a cfunc): numba's helper library is not loaded without numba, so the
#: library brings its own. An error counts in ``atout_native_errors``, which
#: the caller checks after each call.
_STUBS = r"""
@atout_native_errors = global i64 0
declare i32 @PyGILState_Ensure()
declare void @PyGILState_Release(i32)
define void @numba_gil_ensure(ptr %s) {
  %r = call i32 @PyGILState_Ensure()
  store i32 %r, ptr %s
  ret void
}
define void @numba_gil_release(ptr %s) {
  %r = load i32, ptr %s
  call void @PyGILState_Release(i32 %r)
  ret void
}
define ptr @numba_unpickle(ptr %d, i32 %n, ptr %h) {
  %o = atomicrmw add ptr @atout_native_errors, i64 1 seq_cst
  ret ptr null
}
define ptr @numba_runtime_build_excinfo_struct(ptr %a, ptr %b) {
  %o = atomicrmw add ptr @atout_native_errors, i64 1 seq_cst
  ret ptr null
}
define i32 @numba_do_raise(ptr %e) {
  %o = atomicrmw add ptr @atout_native_errors, i64 1 seq_cst
  ret i32 0
}
"""


def _intrinsics():
    """numba intrinsics: an address (int64) as a typed pointer, and the
    C-contiguous array of a shape at a pointer, writable or read-only (as
    the kernel was compiled for)."""
    from llvmlite import ir
    from numba import types
    from numba.core import cgutils
    from numba.core.extending import intrinsic
    from numba.np.arrayobj import populate_array

    @intrinsic
    def pointer(typingctx, addr, dtype):
        ty = dtype.instance_type

        def codegen(context, builder, signature, args):
            return builder.inttoptr(args[0], context.get_value_type(types.CPointer(ty)))
        return types.CPointer(ty)(addr, dtype), codegen

    def viewer(readonly):
        @intrinsic
        def view(typingctx, ptr, shape):
            arrty = types.Array(ptr.dtype, len(shape), "C", readonly=readonly)

            def codegen(context, builder, signature, args):
                dims = cgutils.unpack_tuple(builder, args[1])
                itemsize = context.get_constant(types.intp, context.get_abi_sizeof(
                    context.get_data_type(arrty.dtype)))
                strides = []
                step = itemsize
                for dim in reversed(dims):
                    strides.insert(0, step)
                    step = builder.mul(step, dim)
                ary = context.make_array(arrty)(context, builder)
                populate_array(ary, data=args[0], shape=dims, strides=strides, itemsize=itemsize,
                               meminfo=None)
                return ary._getvalue()
            return arrty(ptr, shape), codegen
        return view

    del ir
    return pointer, viewer(False), viewer(True)


def _entry_source(types_) -> tuple[str, list]:
    """The cfunc's source for a kernel called with arguments of numba types
    ``types_``, and the manifest's argument list."""
    from numba import types
    lines, call, spec, word = ["def entry(a):"], [], [], 0
    for i, t in enumerate(types_):
        if isinstance(t, types.Array):
            if t.layout != "C" or not t.aligned:
                raise TypeError(f"argument {i}: {t} (C-contiguous aligned arrays only)")
            dims = "".join(f"a[{word + 1 + d}], " for d in range(t.ndim))
            view = "view" if t.mutable else "view_ro"
            lines.append(f"    x{i} = {view}(pointer(a[{word}], np.{t.dtype}), ({dims}))")
            spec.append(["array", str(t.dtype), t.ndim])
            word += 1 + t.ndim
        elif t == types.int64:
            lines.append(f"    x{i} = a[{word}]")
            spec.append(["int"])
            word += 1
        elif isinstance(t, types.Boolean):
            lines.append(f"    x{i} = a[{word}] != 0")
            spec.append(["int"])
            word += 1
        else:
            raise TypeError(f"argument {i}: {t} (arrays and int64 only)")
        call.append(f"x{i}")
    lines.append(f"    return np.int64(kernel({', '.join(call)}))")
    return "\n".join(lines) + "\n", spec


def build(name: str, kernel, args) -> NativeEntry | None:
    """Build entry ``name``: ``kernel`` (a numba dispatcher) as called with
    ``args`` (their numba types are the entry's), and load it. None when it
    cannot be built here (no linker); a failure of numba or of the linker
    raises."""
    linker = _linker()
    if linker is None:
        return None
    import subprocess
    import tempfile

    import numpy as np
    import llvmlite.binding as ll
    import numba
    from numba import types

    arg_types = [numba.typeof(a) for a in args]
    source, spec = _entry_source(arg_types)
    pointer, view, view_ro = _intrinsics()
    namespace = {"np": np, "kernel": kernel, "pointer": pointer, "view": view, "view_ro": view_ro}
    exec(compile(source, f"<atout native entry {name}>", "exec"), namespace)
    entry = numba.cfunc(types.int64(types.CPointer(types.int64)), nopython=True, nogil=True,
                        boundscheck=False, _nrt=False)(namespace["entry"])
    library = entry._library
    module = ll.parse_bitcode(library._final_module.as_bitcode())
    symbol = f"atout_{name.replace('-', '_')}"
    module.get_function(entry.native_name).name = symbol
    codegen = library._codegen
    target = ll.Target.from_triple(ll.get_process_triple())
    machine = target.create_target_machine(cpu=codegen._get_host_cpu_name(),
                                           features=codegen._tm_features, opt=3, reloc="pic",
                                           codemodel="default")
    stubs = ll.parse_assembly(_STUBS)
    stubs.triple = module.triple
    stubs.data_layout = module.data_layout
    out = folder()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=out) as tmp:
        tmp = Path(tmp)
        (tmp / "entry.o").write_bytes(machine.emit_object(module))
        (tmp / "stubs.o").write_bytes(machine.emit_object(stubs))
        subprocess.run(linker + ["-o", str(tmp / "lib.so"), str(tmp / "entry.o"),
                                 str(tmp / "stubs.o")], check=True, capture_output=True)
        (tmp / "lib.json").write_text(json.dumps({"symbol": symbol, "args": spec}))
        os.replace(tmp / "lib.so", out / f"{name}.so")
        os.replace(tmp / "lib.json", out / f"{name}.json")
    _remove_old_builds()
    return load(name)


def _remove_old_builds() -> None:
    """Remove the folders of other builds (sources or versions since changed)."""
    import shutil
    for other in folder().parent.glob(f"{PREFIX}*"):
        if other != folder():
            shutil.rmtree(other, ignore_errors=True)
