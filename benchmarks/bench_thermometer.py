"""Thermometers: time to solve and to prove uniqueness on random boards, HiGHS against CBC.

    python benchmarks/bench_thermometer.py            # 10x10 .. 100x100, median of 3
    python benchmarks/bench_thermometer.py --quick    # 10x10 .. 50x50, one run

Boards are random tilings (thermometers of 2-6 cells, some bent) filled to random levels; the
counts come from that planted filling. "unique" is the time of `solutions(limit=2)`: the first
solve plus the solve that proves (or refutes) that no second filling exists. Target: a 50x50
board solved and proven within 1 s with the default solver.

    python benchmarks/bench_thermometer.py --generate   # th.generate: unique boards, by size

Target for `generate`: a unique 10x10 board in under 10 s on average (HiGHS). The table gives, per
size, the mean, median and slowest time over the seeds, and the mean number of tilings tried,
merges made and no-good searches run; each board is re-proven unique with CBC.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import thermometer as th  # noqa: E402
from puzzlelib.core import SolverError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def measure(puzzle, solver, runs, cap):
    solve_times, unique_times, answers = [], [], None
    for _ in range(runs):
        try:
            t, solution = timed(lambda: th.solve(puzzle, solver=solver, time_limit=cap))
            assert th.verify(puzzle, solution) == []
            u, found = timed(lambda: th.solutions(puzzle, limit=2, solver=solver, time_limit=cap))
        except SolverError:
            return None, None, "time limit"
        solve_times.append(t)
        unique_times.append(u)
        answers = "unique" if len(found) == 1 else "2+ solutions"
    return statistics.median(solve_times), statistics.median(unique_times), answers


def bench_generate(seeds: int, sizes=(6, 8, 10, 12)):
    rows = []
    for n in sizes:
        times, tilings, merges, searches = [], [], [], []
        for seed in range(seeds):
            t, g = timed(lambda: th.generate(n, seed=seed, progress=False))
            assert len(th.solutions(g.puzzle, limit=2, solver="cbc")) == 1  # an independent re-proof
            times.append(t)
            tilings.append(g.tilings)
            merges.append(g.merges)
            searches.append(g.searches)
        print(f"  generated {seeds} boards of {n}x{n}", file=sys.stderr)
        rows.append((f"{n}x{n}", seeds, seconds(statistics.mean(times)), seconds(statistics.median(times)),
                     seconds(max(times)), f"{statistics.mean(tilings):.1f}", f"{statistics.mean(merges):.1f}",
                     f"{statistics.mean(searches):.1f}"))
    print(f"th.generate: unique boards, {seeds} seeds per size, HiGHS; each re-proven unique with CBC")
    print(table(["board", "seeds", "mean", "median", "slowest", "tilings", "merges", "searches"], rows,
                widths=[7, 5, 10, 10, 10, 7, 6, 8]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="sizes up to 50 and one run each")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per solve, seconds")
    parser.add_argument("--generate", action="store_true", help="time th.generate instead of solving")
    parser.add_argument("--seeds", type=int, default=20, help="boards per size for --generate")
    args = parser.parse_args(argv)
    if args.generate:
        bench_generate(args.seeds if not args.quick else 5)
        return
    sizes = [10, 20, 30, 50] if args.quick else [10, 20, 30, 50, 70, 100]
    runs = 1 if args.quick else 3
    rows = []
    for n in sizes:
        puzzle, _ = th.planted_puzzle(n, seed=n, max_len=6, bend=0.3)
        for solver in ("highs", "cbc"):
            solve_t, unique_t, verdict = measure(puzzle, solver, runs, args.cap)
            rows.append((f"{n}x{n}", len(puzzle.thermometers), solver, seconds(solve_t), seconds(unique_t), verdict))
            print(f"  measured {n}x{n} with {solver}", file=sys.stderr)
    print(f"Thermometers: median of {runs} run(s), time limit {args.cap:g} s per solve")
    print(table(["board", "thermometers", "solver", "solve", "solve+unique", "answer"], rows,
                widths=[9, 12, 6, 10, 12, 12]))


if __name__ == "__main__":
    main()
