"""Aquarium: time to solve and to prove uniqueness, the cell model against the level models.

    python benchmarks/bench_aquarium.py            # unique 10x10 and 15x15 boards, planted 20x20 .. 40x40
    python benchmarks/bench_aquarium.py --quick    # fewer boards, one run each

Unique boards come from `generate` (planted boards redrawn until the search finds one filling);
the larger ones are planted boards with a random level per tank (tanks of 3 to 6 cells), usually
with more than one filling. "solve+unique" is the time of `solutions(limit=2)`: the first solve
plus the solve that proves, or refutes, that no second filling exists. Targets (HiGHS, cell model):
a unique 15x15 solved and proven in under 0.5 s; a 30x30 planted board in seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import aquarium as aq  # noqa: E402
from puzzlelib.core import SolverError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def measure(puzzle, model, solver, runs, cap):
    """Median solve and solve+unique times over ``runs``; None when the time limit was reached."""
    solve_times, unique_times, verdict = [], [], None
    for _ in range(runs):
        try:
            t, solution = timed(lambda: aq.solve(puzzle, solver=solver, time_limit=cap, model=model))
            assert aq.verify(puzzle, solution) == []
            u, found = timed(lambda: aq.solutions(puzzle, limit=2, solver=solver, time_limit=cap, model=model))
        except SolverError:
            return None, None, "time limit"
        solve_times.append(t)
        unique_times.append(u)
        verdict = "unique" if len(found) == 1 else "2+"
    return statistics.median(solve_times), statistics.median(unique_times), verdict


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer boards and one run each")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per call, seconds")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else 3
    per_size = 2 if args.quick else 5
    boards = []
    for n in (10, 15):
        for k in range(per_size):
            boards.append((f"{n}x{n} #{k}", aq.generate(n, seed=k, max_size=8)[0]))
            print(f"  generated a unique {n}x{n}", file=sys.stderr)
    for n in (20, 30) if args.quick else (20, 30, 40):
        boards.append((f"{n}x{n}", aq.random_puzzle(n, seed=n)))
    rows, unique_15 = [], []
    for name, puzzle in boards:
        for model, solver in (("cells", "highs"), ("staircase", "highs"), ("integer", "highs"), ("cells", "cbc")):
            solve_t, unique_t, verdict = measure(puzzle, model, solver, runs, args.cap)
            rows.append((name, len(puzzle.tanks), model, solver, seconds(solve_t), seconds(unique_t), verdict))
            if name.startswith("15x15") and (model, solver) == ("cells", "highs"):
                unique_15.append(unique_t)
            print(f"  measured {name} with {model}/{solver}", file=sys.stderr)
    print(f"Aquarium: median of {runs} run(s), time limit {args.cap:g} s per call")
    print(table(["board", "tanks", "model", "solver", "solve", "solve+unique", "answer"], rows,
                widths=[9, 6, 9, 6, 10, 12, 7]))
    if unique_15:
        print(f"unique 15x15, cells/HiGHS: median {statistics.median(unique_15):.3f} s, "
              f"slowest {max(unique_15):.3f} s (target: under 0.5 s)")


if __name__ == "__main__":
    main()
