"""`--scheduler`: batch, analyse and bid on a Dask cluster (a LocalCluster of
two worker processes on the loopback address, started and stopped here) give
what they give locally, and a worker killed during a batch loses nothing."""

import json
import os
import signal
import socket

import pytest

if os.environ.get("ATOUT_REQUIRE_CLUSTER_TESTS"):
    import distributed  # CI installs atout[cluster]: these tests must run there
else:
    distributed = pytest.importorskip("distributed")

from atout.engine import get_game
from atout.analysis.partial import analyse
from atout.analysis.batch import Settings, batch_file, read_entries, run_batch
from atout.analysis.bids import estimate_bids

from cli_run import run

SMEAR = [get_game("smear").format_deal(get_game("smear").random_deal(seed)) for seed in range(1, 13)]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as local:
        yield local.scheduler_address


def test_batch_on_the_cluster_equals_the_local_run(cluster, tmp_path):
    src = tmp_path / "deals.txt"
    src.write_text("\n".join(SMEAR) + "\n")
    local, remote = tmp_path / "local.jsonl", tmp_path / "cluster.jsonl"
    batch_file("smear", str(src), str(local), all_cards=True, contract={"bidder": 1, "trump": "D"})
    summary = batch_file("smear", str(src), str(remote), all_cards=True,
                         contract={"bidder": 1, "trump": "D"}, scheduler=cluster)
    assert summary.done == len(SMEAR) and not summary.interrupted
    assert remote.read_text() == local.read_text()


def test_a_worker_killed_during_a_batch_loses_no_result(cluster):
    entries = read_entries("\n".join(SMEAR), "smear")
    settings = Settings("smear", all_cards=True)        # no contract: each deal's table
    expected: list = []
    run_batch(settings, entries, expected.append)

    client = distributed.Client(cluster, set_as_default=False)
    killed = []

    def kill_a_busy_worker(done, total):
        # after the first result: end the process of a worker that holds a task
        if killed:
            return
        pids = client.run(os.getpid)
        busy = [w for w, tasks in client.processing().items() if tasks] or list(pids)
        killed.append(pids[busy[0]])
        os.kill(pids[busy[0]], signal.SIGKILL)

    got: list = []
    try:
        summary = run_batch(settings, entries, got.append, scheduler=cluster,
                            progress=kill_a_busy_worker)
    finally:
        client.close()
    assert killed and summary.done == len(entries) and not summary.interrupted
    assert got == expected


def test_analyse_on_the_cluster_equals_one_process(cluster):
    deal = "8.T9.8.J9 ? ? ? undealt:?"
    kwargs = dict(samples=6, seed=4, contract={"bidder": 0, "bid": 2, "trump": "H"})
    one = analyse("smear", deal, **kwargs)
    remote = analyse("smear", deal, scheduler=cluster, **kwargs)
    assert remote.samples == one.samples and remote.cards == one.cards


def test_bid_on_the_cluster_equals_one_process(cluster):
    hand = "AK.Q.T9.J"
    one = estimate_bids("smear", 0, hand, samples=4, seed=2)
    remote = estimate_bids("smear", 0, hand, samples=4, seed=2, scheduler=cluster)
    assert remote.samples == one.samples and remote.summaries == one.summaries
    assert remote.recommendation == one.recommendation


def test_match_on_the_cluster_equals_one_process(cluster):
    from atout.players.match import run_match

    def outcome(result):
        return [(p.index, p.difference, p.results, p.scores) for p in result.pairs]
    one = run_match("smear", "easy,random", deals=4, seed=11)
    remote = run_match("smear", "easy,random", deals=4, seed=11, scheduler=cluster)
    assert len(one.pairs) == 4 and outcome(remote) == outcome(one)


def test_cli_analyse_with_scheduler_prints_the_local_answer(cluster, capsys):
    args = ["analyse", "--game", "smear", "8.T9.8.J9 ? ? ? undealt:?", "--bidder", "0", "--bid", "2",
            "--trump", "H", "--samples", "4", "--json"]
    code, local, _ = run(capsys, *args, "--workers", "1")
    code2, remote, _ = run(capsys, *args, "--scheduler", cluster)
    assert code == code2 == 0

    def without_time(text):
        data = json.loads(text)
        data.pop("seconds")
        return data
    assert without_time(remote) == without_time(local)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("command", [
    ["batch", "--game", "smear", "DEALS"],
    ["analyse", "--game", "smear", "8.T9.8.J9 ? ? ? undealt:?", "--bidder", "0", "--trump", "H"],
    ["bid", "--game", "smear", "--seat", "0", "AK.Q.T9.J"],
    ["match", "--game", "smear", "--players", "easy,random", "--deals", "2"],
])
def test_an_unreachable_scheduler_is_one_error_line(command, tmp_path, capsys):
    deals = tmp_path / "deals.txt"
    deals.write_text(SMEAR[0] + "\n")
    args = [str(deals) if a == "DEALS" else a for a in command]
    code, out, err = run(capsys, *args, "--scheduler", f"tcp://127.0.0.1:{_free_port()}")
    assert code == 2 and out == ""
    assert err.startswith("atout: error: cannot reach the Dask scheduler") and err.count("\n") == 1


def test_without_distributed_the_option_says_how_to_install_it(monkeypatch, tmp_path, capsys):
    import sys
    monkeypatch.setitem(sys.modules, "distributed", None)    # import fails
    deals = tmp_path / "deals.txt"
    deals.write_text(SMEAR[0] + "\n")
    code, _, err = run(capsys, "batch", "--game", "smear", str(deals), "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2 and "pip install 'atout[cluster]'" in err


def test_the_readme_cluster_commands_work_on_the_loopback(tmp_path, monkeypatch, capsys):
    """The `dask scheduler` / `dask worker` / `atout ... --scheduler` lines of
    docs/BATCH.md (the README's, moved there), with the loopback address for
    the machines' and a free port."""
    import shlex
    import subprocess
    import sys
    from test_batch import readme_blocks
    install, start, command = readme_blocks("## Running on a cluster", "sh")
    assert "'.[cluster]'" in install
    port = _free_port()
    processes = []
    try:
        for line in start.strip().splitlines():
            args = shlex.split(line.split("#")[0])
            assert args[0] == "dask"
            args = [a.replace("10.0.0.1:8786", f"127.0.0.1:{port}") for a in args]
            args = [str(port) if a == "8786" else a for a in args]
            processes.append(subprocess.Popen([sys.executable, "-m", "dask", *args[1:],
                                               "--host", "127.0.0.1"],
                                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            if args[1] == "scheduler":
                _wait_for_port(port)
        with distributed.Client(f"tcp://127.0.0.1:{port}", set_as_default=False) as client:
            client.wait_for_workers(2, timeout=120)
        monkeypatch.chdir(tmp_path)
        (deals,) = readme_blocks("# Many deals at once", "text")
        (tmp_path / "deals.txt").write_text(deals)
        args = shlex.split(command.replace("10.0.0.1:8786", f"127.0.0.1:{port}")
                                   .replace(" FILE ", " deals.txt "))
        code, _, _ = run(capsys, *args[1:])
        assert code == 0
        remote = (tmp_path / "results.jsonl").read_text()
        (tmp_path / "results.jsonl").unlink()
        code, _, _ = run(capsys, *[a for a in args[1:] if not a.startswith("--sched")
                                   and not a.startswith("tcp://")], "--workers", "1")
        assert code == 0 and (tmp_path / "results.jsonl").read_text() == remote
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            process.wait(timeout=30)


def _wait_for_port(port, attempts=600):
    import time
    for _ in range(attempts):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the scheduler did not start")


def _kernel_loads():
    """(searches loaded: native builds, or kernels from Numba's disk cache;
    kernels compiled) in this process."""
    from atout.solver import searches
    from atout.solver.kernels.bridge import search as bridge_search
    from atout.solver.kernels.point import search as point_search
    entries = [searches.bridge_entry(), *searches._POINT.values(), searches.greedy_playout]
    hits = sum(entry.is_native for entry in entries)
    misses = 0
    for module in (bridge_search, point_search):
        for kernel in vars(module).values():
            stats = getattr(kernel, "stats", None)
            if stats is not None and hasattr(stats, "cache_hits"):
                hits += sum(stats.cache_hits.values())
                misses += sum(stats.cache_misses.values())
    return hits, misses


def test_a_worker_loads_the_kernels_once_not_once_a_task(cluster):
    entries = read_entries("\n".join(SMEAR), "smear")
    settings = Settings("smear", all_cards=True)
    run_batch(settings, entries, lambda r: None)        # compiled here, kept on disk
    run_batch(settings, entries, lambda r: None, scheduler=cluster)
    with distributed.Client(cluster, set_as_default=False) as client:
        before = client.run(_kernel_loads)
        run_batch(settings, entries, lambda r: None, scheduler=cluster)
        after = client.run(_kernel_loads)
    # the kernels were compiled by this test process: workers load them from
    # the disk (their native builds, or numba's cache; no compilation), and a
    # second batch loads nothing more
    assert any(hits for hits, _ in before.values())
    assert all(misses == 0 for _, misses in after.values())
    assert after == before


def _worker_address(task):
    from distributed import get_worker
    return get_worker().address


def _profiler_running(dask_worker):
    from atout.analysis.executors import PROFILER_CALLBACKS
    return [name for name, callback in dask_worker.periodic_callbacks.items()
            if name in PROFILER_CALLBACKS and callback.is_running()]


def test_the_workers_that_ran_tasks_stop_their_profiler(cluster):
    # Dask's statistical profiler samples every thread every 10 ms: it cost
    # a search 10-15% of its time, so a worker stops it on its first task
    from atout.analysis.executors import run_ordered
    with distributed.Client(cluster, set_as_default=False) as client:
        workers = list(client.scheduler_info()["workers"])
        ran: set = set()
        run_ordered(_worker_address, lambda i: i, 8, scheduler=cluster,
                    on_result=lambda i, address: ran.add(address))
        running = client.run(_profiler_running, workers=sorted(ran))
    assert ran and ran <= set(workers)
    assert all(names == [] for names in running.values()), running


def _square(i):
    return i * i


def _tasks_run(dask_worker):
    return dask_worker.state.executed_count


def test_chunks_of_tasks_come_back_in_order_and_as_one_dask_task_each(cluster, monkeypatch):
    from atout.analysis import executors
    monkeypatch.setattr(executors, "chunk_size", lambda seconds, left, threads: min(left, 7))
    got: list = []
    with distributed.Client(cluster, set_as_default=False) as client:
        before = sum(client.run(_tasks_run).values())
        executors.run_ordered(_square, lambda i: i, 100, scheduler=cluster,
                              on_result=lambda i, r: got.append((i, r)))
        ran = sum(client.run(_tasks_run).values()) - before
    assert got == [(i, i * i) for i in range(100)]
    assert ran == 15        # 14 chunks of 7 tasks and one of 2


def test_chunk_size_grows_for_short_tasks_and_shrinks_for_the_tail():
    from atout.analysis.executors import CHUNK_SECONDS, MAX_CHUNK, chunk_size
    assert chunk_size(None, 1000, 2) == 1                     # nothing timed yet
    assert chunk_size(CHUNK_SECONDS, 1000, 2) == 1            # long tasks go one by one
    assert chunk_size(CHUNK_SECONDS / 4, 1000, 2) == 4
    assert chunk_size(1e-6, 1000, 2) == MAX_CHUNK
    assert chunk_size(1e-6, 40, 2) == 5                       # 8 chunks left, 4 a thread
    assert chunk_size(1e-6, 7, 2) == 1
