"""The first compile of each search: the wall and processor time of a first
solve in a fresh process. Run it with an empty numba cache to see what a
fresh install pays, e.g.

    NUMBA_CACHE_DIR=$(mktemp -d) python bench/compile_times.py bridge tarot smear

(names: those of ``atout.solver.precompile.COMPILE_SECONDS``)."""
import sys
import time

from atout.solver import precompile

names = sys.argv[1:] or list(precompile.COMPILE_SECONDS)
start = time.perf_counter()
for name in names:
    wall, cpu = time.perf_counter(), time.process_time()
    precompile.compile_search(name)
    print(f"{name:8s} wall {time.perf_counter() - wall:6.1f} s  processor {time.process_time() - cpu:6.1f} s",
          flush=True)
print(f"all {time.perf_counter() - start:.1f} s")
