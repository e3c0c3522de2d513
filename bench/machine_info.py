"""The machine a measurement ran on, as the benchmarks report it."""

from __future__ import annotations

import platform


def cpu_name() -> str:
    """The processor's model name (Linux's ``/proc/cpuinfo``), else what
    ``platform`` knows of it."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return cpu
