"""How fast `atout serve` stops work nobody waits for: a tarot2 analysis of
2000 deals streamed from a real server on 127.0.0.1, then (a) its client
leaves: the seconds until the server's processor use falls idle (under 10% of
a core over 0.1 s); (b) SIGTERM, (c) SIGINT mid-analysis: the seconds until
the process has exited. ``--runs`` of each, median and slowest, wall time
(the load average is printed: on a shared machine the wall time swells).

    python bench/serve_stop.py [--runs 5]

The tests (tests/web/test_web_api.py) check that each stop happens, with a
bound that only tells a stop from an analysis that goes on.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

from atout.engine.round import Round


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server():
    proc = subprocess.Popen([sys.executable, "-m", "atout.cli.main", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if "http://127.0.0.1:" not in line:
        raise SystemExit(f"the server did not start: {line}{proc.stderr.read()}")
    host, port = line.split()[2].split("//")[1].rstrip("/").split(":")
    return proc, host, int(port)


def analysis_under_way(host, port):
    conn = http.client.HTTPConnection(host, port, timeout=600)
    rnd = Round.new("tarot2", seed=1).to_dict()
    conn.request("POST", "/api/analyse", body=json.dumps({"round": rnd, "seat": 0, "samples": 2000,
                                                          "stream": True}),
                 headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    while "progress" not in json.loads(response.readline()):
        pass
    return conn


def client_leaves() -> float:
    proc, host, port = server()
    try:
        conn = analysis_under_way(host, port)
        before = cpu_seconds(proc.pid)
        time.sleep(0.5)
        busy = cpu_seconds(proc.pid) - before
        if busy < 0.1:
            raise SystemExit(f"the server is not computing ({busy:.2f} s of processor time in 0.5 s)")
        conn.sock.shutdown(socket.SHUT_RDWR)
        conn.close()
        start = time.monotonic()
        while True:
            before = cpu_seconds(proc.pid)
            time.sleep(0.1)
            if cpu_seconds(proc.pid) - before < 0.01:
                return time.monotonic() - start - 0.1
    finally:
        proc.kill()
        proc.wait()


def signalled(sig) -> float:
    proc, host, port = server()
    conn = analysis_under_way(host, port)
    start = time.monotonic()
    proc.send_signal(sig)
    proc.wait()
    conn.close()
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {args.runs} runs each")
    for name, measure in (("client leaves -> idle", client_leaves),
                          ("SIGTERM -> exited", lambda: signalled(signal.SIGTERM)),
                          ("SIGINT -> exited", lambda: signalled(signal.SIGINT))):
        times = [measure() for _ in range(args.runs)]
        print(f"{name:24s} median {statistics.median(times):.2f} s, slowest {max(times):.2f} s")


if __name__ == "__main__":
    main()
