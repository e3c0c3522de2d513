"""Where the bridge search's time goes, by a sampling profiler: Linux
``perf`` records the search while it solves bridge tables (or opening
leads), and the samples are put on the search's compiled functions and
instructions.

    python bench/perf_profile.py [--first 5000] [--deals 3] [--leads NT|S]
                                 [--annotate FUNCTION] [--out /tmp/atout-perf]

Numba's compiled code has no symbols that ``perf`` can see: this script
keeps the object code of every kernel library it loads (numba hands it to
LLVM and drops it), writes ``/tmp/perf-PID.map`` (address, size, name of
each function in it, the file ``perf report`` reads for code made at run
time), then runs ``perf record`` on its own process around the work. It
prints the share of each function; with ``--annotate`` the share of each
instruction of one function (``objdump`` of the kept object code: numba's
optimised code has no line numbers, so the instructions have to be read
against the source). Run it with ``nice -n 19`` on a shared machine; the
shares do not depend on the load, the seconds do. Needs ``perf``, ``nm``
and ``objdump``; relies on numba's private ``CodeLibrary`` hooks (0.6x).
"""

from __future__ import annotations

import argparse
import collections
import importlib
import os
import pkgutil
import re
import shutil
import signal
import subprocess
import sys
import time

from numba.core import codegen as _codegen

_orig_set_object = _codegen.CodeLibrary._set_compiled_object


def _keep_object(self, value):
    """Numba's hook when a library's object code is loaded from the cache:
    keep a copy for the perf map."""
    self._kept_object = bytes(value)
    _orig_set_object(self, value)


_codegen.CodeLibrary._set_compiled_object = _keep_object


def _short(name: str) -> str:
    """``module.function`` from a numba mangled name."""
    parts, i = [], name.find("_ZN") + 3 if "_ZN" in name else len(name)
    while i < len(name) and name[i].isdigit():      # <length><name>, numba's nested names
        j = i
        while name[j].isdigit():
            j += 1
        size = int(name[i:j])
        parts.append(name[j:j + size])
        i = j + size
    short = ".".join(parts[-2:]) if len(parts) >= 2 else name[:60]
    return ("wrapper " + short) if name.startswith(("_ZN7cpython", "cfunc")) else short


def library_rows(lib, entry: str, path: str, prefix: str = "") -> list:
    """(address, size, name, mangled name, object file, offset) of every
    function of the kernel library ``lib`` whose entry point is ``entry``,
    its object code written to ``path`` (names led by ``prefix``)."""
    with open(path, "wb") as f:
        f.write(lib._kept_object)
    syms = subprocess.run(["nm", "-S", "--defined-only", path], capture_output=True,
                          text=True, check=True).stdout
    entries, base = [], None
    for line in syms.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in "TtWw":
            off, size = int(p[0], 16), int(p[1], 16)
            if p[3] == entry:
                base = lib.get_pointer_to_function(p[3]) - off
            entries.append((off, size, prefix + _short(p[3]), p[3]))
    if base is None:
        return []
    return [(base + off, size, short, mangled, path, off) for off, size, short, mangled in entries]


def kernel_functions(out: str) -> list:
    """(address, size, name, object file) of every function of the kernel
    libraries loaded so far (their object code written next to ``out``)."""
    from numba.core.registry import CPUDispatcher
    import atout.solver.kernels as pkg
    rows, seen = [], set()
    for info in pkgutil.walk_packages(pkg.__path__, "atout.solver.kernels."):
        mod = importlib.import_module(info.name)
        for var, obj in vars(mod).items():
            if not isinstance(obj, CPUDispatcher):
                continue
            for cres in obj.overloads.values():
                lib = cres.library
                if id(lib) in seen or not hasattr(lib, "_kept_object"):
                    continue
                seen.add(id(lib))
                rows += library_rows(lib, cres.fndesc.llvm_func_name, f"{out}.{info.name.split('.')[-1]}.{var}.o")
    return sorted(rows)


def annotate(rows, samples, function: str, top: int = 40) -> None:
    """The share of each instruction of ``function`` (its hottest ``top``)."""
    hits = [r for r in rows if r[2].endswith(function)]
    if not hits:
        print(f"no function {function!r}")
        return
    addr, size, short, mangled, path, off = hits[0]
    mine = {ip - addr: c for ip, c in samples.items() if addr <= ip < addr + size}
    total = sum(mine.values()) or 1
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-M", "intel",
                          f"--start-address={off}", f"--stop-address={off + size}", path],
                         capture_output=True, text=True, check=True).stdout
    lines = []
    for line in dis.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s*(.*)", line)
        if m:
            lines.append((int(m.group(1), 16) - off, re.sub(r"<_ZN[^>]*>", "", m.group(2))))
    print(f"{short}: {sum(mine.values())} samples; hottest instructions (offset: share)")
    for o, ins in sorted(lines, key=lambda t: -mine.get(t[0], 0))[:top]:
        print(f"  {o:6x}: {100 * mine.get(o, 0) / total:5.1f}%  {ins}")


def main(argv) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=5000, help="first deal seed")
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--leads", choices=("NT", "S"), help="opening leads (South declares) "
                    "with every card scored instead of tables")
    ap.add_argument("--annotate", metavar="FUNCTION", help="e.g. _pt_probe")
    ap.add_argument("--out", default="/tmp/atout-perf", help="prefix of the files written")
    args = ap.parse_args(argv)
    for tool in ("perf", "nm", "objdump"):
        if shutil.which(tool) is None:
            sys.exit(f"perf_profile: {tool} is not installed")
    from atout.engine import get_game
    from atout.solver import Solver, table
    bridge = get_game("bridge")
    solver = Solver()
    solver.solve(bridge.new_state(bridge.random_deal(0), declarer="S", strain="NT"), line=False,
                 max_nodes=1000)        # load the kernels (their object code is kept)
    rows = kernel_functions(args.out)

    def work():
        nodes = 0
        for seed in range(args.first, args.first + args.deals):
            deal = bridge.random_deal(seed)
            if args.leads:
                state = bridge.new_state(deal, declarer="S", strain=args.leads)
                nodes += solver.solve(state, all_cards=True, line=False).nodes
            else:
                table(bridge, deal, solver=solver)
                nodes += solver.table_nodes
        return nodes

    record(rows, args.out, work, args.annotate)


def record(rows, out: str, work, function=None, report_chars: int = 4000) -> None:
    """``perf record`` on this process around ``work()`` (which returns its
    nodes), the samples put on ``rows`` (``/tmp/perf-PID.map``): the share
    of each function, and with ``function`` of its instructions."""
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        for addr, size, short, *_ in rows:
            f.write(f"{addr:x} {size:x} {short}\n")
    data = out + ".data"
    perf = subprocess.Popen(["perf", "record", "-F", "2999", "-p", str(os.getpid()), "-o", data],
                            stderr=subprocess.DEVNULL)
    time.sleep(1.0)                     # perf attaches
    start = time.process_time()
    nodes = work()
    spent = time.process_time() - start
    perf.send_signal(signal.SIGINT)
    perf.wait()
    print(f"{nodes} nodes, {spent:.2f} s of processor time ({spent / nodes * 1e9:.0f} ns a node)")
    report = subprocess.run(["perf", "report", "-i", data, "--stdio", "--sort", "sym"],
                            capture_output=True, text=True).stdout
    print("\n".join(line for line in report.splitlines()
                    if line.strip() and not line.startswith("#"))[:report_chars])
    if function:
        ips = subprocess.run(["perf", "script", "-i", data, "-F", "ip"], capture_output=True,
                             text=True).stdout.split()
        annotate(rows, collections.Counter(int(x, 16) for x in ips), function)


if __name__ == "__main__":
    main(sys.argv[1:])
