"""Before the test workers start (``pytest -n N``): the searches compiled
once, in N processes at a time, instead of by every worker for itself (on a
fresh install each worker spent some 9 minutes of processor time compiling
the same seven searches). With the compiled code on disk already this takes a
few seconds. ``ATOUT_PRECOMPILE=0`` turns it off."""

import os


def pytest_xdist_setupnodes(config, specs):
    """pytest-xdist calls this before it starts the workers."""
    workers = len(specs)
    if workers < 2 or os.environ.get("ATOUT_PRECOMPILE", "1") == "0" \
            or os.environ.get("NUMBA_DISABLE_JIT", "0") == "1":
        return
    from atout.solver.precompile import compile_in_parallel, missing
    searches = missing(numba=True)     # (some tests call numba's dispatchers too)
    if not searches:
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    say = reporter.write_line if reporter is not None else print
    say(f"compiling the searches first, in {workers} processes ({', '.join(searches)};"
        " minutes on a fresh install)")
    seconds = compile_in_parallel(workers, searches, numba=True)
    say(f"searches compiled in {seconds:.0f} s")
