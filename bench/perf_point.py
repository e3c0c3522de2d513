"""Where the point games' search time goes (tarot by default), by ``perf``:
``bench/perf_profile.py``'s machinery (the kernels' object code kept, a
``/tmp/perf-PID.map``) on ``point_node_rate.py``'s workloads, the game's own
search copy (``game_kernels``) included.

    python bench/perf_point.py [--work tarot10,tarotq] [--outline NAME,NAME...]
                               [--annotate FUNCTION] [--out /tmp/atout-perf-point]

``--outline``: the named ``inline_kernel`` helpers compiled as separate
functions (for this profile only, in a numba cache of their own under
/tmp), so that their samples are counted apart. A call costs more than
an inlined helper (the arrays are passed as descriptors): the shares are
those of a slightly slower search, and the other helpers stay inside
their callers. Run it with ``nice -n 19`` on a shared machine.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import perf_profile  # noqa: E402  (keeps every kernel library's object code)


def outline(names: set) -> None:
    """Before ``atout.solver`` is imported: its ``_jit.inline_kernel`` makes
    plain kernels of ``names`` (in a numba cache of their own: the cache
    key does not say whether a callee was inlined)."""
    import numba
    digest = hashlib.sha1(",".join(sorted(names)).encode()).hexdigest()[:10]
    numba.config.CACHE_DIR = f"/tmp/atout-outline-cache-{digest}"
    import atout
    path = os.path.join(os.path.dirname(os.path.abspath(perf_profile.__file__)), "..", "solver",
                        "_jit.py")
    spec = importlib.util.spec_from_file_location("atout.solver.kernels.jit", os.path.normpath(path))
    jit = importlib.util.module_from_spec(spec)
    sys.modules["atout.solver.kernels.jit"] = jit
    spec.loader.exec_module(jit)
    inline = jit.inline_kernel
    jit.inline_kernel = lambda fn: (jit.kernel(fn) if fn.__name__.split("__")[0] in names
                                       else inline(fn))
    del atout


def game_rows(out: str) -> list:
    """``perf_profile.kernel_functions`` and the game copies' libraries."""
    from atout.solver.kernels.point import specialised as game_kernels
    rows = perf_profile.kernel_functions(out)
    seen = {r[4] for r in rows}
    for name, disp in game_kernels._made.items():
        for cres in disp.overloads.values():
            path = f"{out}.game.{name}.o"
            if path not in seen and hasattr(cres.library, "_kept_object"):
                rows += perf_profile.library_rows(cres.library, cres.fndesc.llvm_func_name, path,
                                                  f"{name}:")
    return sorted(rows)


def main(argv) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", default="tarot10,tarotq",
                    help="point_node_rate.py workloads, or 'question' (30 guard deals at 4M)")
    ap.add_argument("--outline", default="", help="inline_kernel helpers to count apart")
    ap.add_argument("--annotate", metavar="FUNCTION")
    ap.add_argument("--out", default="/tmp/atout-perf-point")
    args = ap.parse_args(argv)
    if args.outline:
        outline(set(args.outline.split(",")))
    import point_node_rate as pnr
    from point_deals import GUARD_FIRST_SEAT, SEED, position
    from atout.solver import Solver
    Solver().solve(position("tarot", SEED, 4), line=False)      # load the kernels
    rows = game_rows(args.out)

    def work():
        nodes = 0
        for name in args.work.split(","):
            if name == "question":
                solver = Solver()
                for i in range(30):
                    state = position("tarot", SEED + i, 99, GUARD_FIRST_SEAT)
                    nodes += solver.reaches(state, state.contract_target(),
                                            max_nodes=4_000_000).nodes
            else:
                nodes += {"tarot10": pnr.tarot10, "tarotq": pnr.tarotq}[name]()[0]
        return nodes

    perf_profile.record(rows, args.out, work, args.annotate, report_chars=5000)


if __name__ == "__main__":
    main(sys.argv[1:])
