"""Timing for the benchmark scripts: one call, or the median of a few when the call is short.

Imported by the scripts of this folder (``python benchmarks/bench_<puzzle>.py`` puts the folder on the
path); a call that runs out of its time limit (SolverError) gives ``(None, None)``.
"""

from __future__ import annotations

import statistics
import time

from puzzlelib.core import SolverError


def timed(call):
    """``(seconds, value)`` of one call, or ``(None, None)`` when it ran out of time."""
    start = time.perf_counter()
    try:
        value = call()
    except SolverError:
        return None, None
    return time.perf_counter() - start, value


def timed_median(call, runs: int = 3, short: float = 0.5):
    """``timed``, but a call shorter than ``short`` seconds is run ``runs`` times and the median kept.

    A single run of a few milliseconds can be doubled by a pause of the interpreter, and the ratio
    of two such runs says nothing; long calls are run once, their noise is small beside them.
    """
    t, value = timed(call)
    if t is None or t >= short:
        return t, value
    times = [t]
    for _ in range(runs - 1):
        t, value = timed(call)
        if t is None:
            return None, None
        times.append(t)
    return statistics.median(times), value
