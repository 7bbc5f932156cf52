"""Flow Free: Hartmann's two MTZ models, the lazy variant and the cells model, 5x5 to 15x15.

    python benchmarks/bench_flowfree.py            # 5x5 .. 15x15, HiGHS and CBC, median of 3, cap 30 s
    python benchmarks/bench_flowfree.py --quick    # 5, 8, 12, 14; HiGHS only; one run; cap 10 s

Boards come from `flowfree.random_puzzle` (a random Hamiltonian path cut into tidy pipes, dots at
their ends), plus Hartmann's 8x8. Every run is capped by `--cap` seconds; a dash means the cap was
reached (the median counts a capped run as over the cap). Every answer is checked with `verify`.
Hartmann (2018) reported 324.7 s (model 1) and 0.4 s (model 2) with GLPK on his 8x8.
Target: the default model solves 14x14 boards in seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import flowfree as ff  # noqa: E402
from puzzlelib.core import SolverError  # noqa: E402
from puzzlelib.core.report import seconds, table  # noqa: E402

MODELS = ("hartmann1", "hartmann2", "lazy", "cells")


def run_once(puzzle, model, solver, cap):
    """Seconds to a checked answer, or None when the cap was reached."""
    start = time.perf_counter()
    try:
        answer = ff.solve(puzzle, model=model, solver=solver, time_limit=cap)
    except SolverError:
        return None, None
    elapsed = time.perf_counter() - start
    assert ff.verify(puzzle, answer) == [], (model, solver, puzzle.to_text())
    return elapsed, answer.rounds


def measure(puzzle, model, solver, runs, cap):
    times, rounds = [], None
    for _ in range(runs):
        t, rounds = run_once(puzzle, model, solver, cap)
        if t is None:
            return None, None  # one capped run is enough: the next would be capped too
        times.append(t)
    return statistics.median(times), rounds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few sizes, HiGHS only, one run")
    parser.add_argument("--cap", type=float, default=None, help="time limit per run, seconds")
    parser.add_argument("--models", default=",".join(MODELS), help="comma-separated models to run")
    args = parser.parse_args(argv)
    cap = args.cap or (10.0 if args.quick else 30.0)
    sizes = [5, 8, 12, 14] if args.quick else [5, 8, 10, 12, 14, 15]
    solvers = ("highs",) if args.quick else ("highs", "cbc")
    runs = 1 if args.quick else 3
    models = [m for m in args.models.split(",") if m]
    boards = [("Hartmann 8x8", ff.HARTMANN_8X8)]
    boards += [(f"random {n}x{n}", ff.random_puzzle(n, seed=n)) for n in sizes]
    rows = []
    for name, puzzle in boards:
        for model in models:
            for solver in solvers:
                t, rounds = measure(puzzle, model, solver, runs, cap)
                rows.append((name, len(puzzle.colours), model, solver, seconds(t),
                             "-" if rounds is None else rounds))
                print(f"  measured {name} {model} {solver}", file=sys.stderr)
    print(f"Flow Free: median of {runs} run(s), time limit {cap:g} s per run "
          "(GLPK in Hartmann 2018: model 1 324.7 s, model 2 0.4 s on his 8x8)")
    print(table(["board", "colours", "model", "solver", "time", "solver runs"], rows,
                widths=[13, 7, 9, 6, 10, 11]))


if __name__ == "__main__":
    main()
