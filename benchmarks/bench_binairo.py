"""Binary Sudoku: the exact and the big-M distinctness models, on growing boards, both solvers.

    python benchmarks/bench_binairo.py            # 6x6 .. 30x30, median of 3
    python benchmarks/bench_binairo.py --quick    # 6x6 .. 14x14, one run, short cap

Part 1 (puzzles): a random planted board with about 35% of its cells given. "solve" is the time
of one solve, "solve+unique" of `solutions(limit=2)` (the solve plus the one that proves or
refutes a second filling). Every answer is checked with `verify`; an answer that breaks a rule
is reported as "WRONG", and "no solution" on these boards (which always have one) as "WRONG: none".

Part 2 (two rows forced equal): an empty board with x[0, j] = x[1, j] for every j, so the right
answer is "infeasible". Reports "infeasible (correct)", "wrong answer" (the solver called a
filling with two equal rows optimal; `verify` names them) or "time limit".
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import binairo as bn  # noqa: E402
from puzzlelib.core import NoSolution, SolverError  # noqa: E402
from puzzlelib.core.report import seconds, table  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def measure(puzzle, distinct, solver, runs, cap):
    solve_times, unique_times, verdict = [], [], ""
    for _ in range(runs):
        try:
            t, solution = timed(lambda: bn.solve(puzzle, solver=solver, time_limit=cap, distinct=distinct,
                                                 check=False))
            u, found = timed(lambda: bn.solutions(puzzle, limit=2, solver=solver, time_limit=cap,
                                                  distinct=distinct))
        except SolverError:
            return None, None, "time limit"
        except NoSolution:  # a planted board always has a solution: "infeasible" is wrong
            return None, None, "WRONG: none"
        if bn.verify(puzzle, solution) or any(bn.verify(puzzle, s) for s in found):
            return t, u, "WRONG"
        solve_times.append(t)
        unique_times.append(u)
        verdict = "unique" if len(found) == 1 else "2+ solutions"
    return statistics.median(solve_times), statistics.median(unique_times), verdict


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="sizes up to 14 and one run each")
    parser.add_argument("--cap", type=float, default=None, help="time limit per solve, seconds")
    parser.add_argument("--part", choices=["1", "2", "both"], default="both")
    parser.add_argument("--sizes", default=None, help="comma-separated board sizes (default: all)")
    args = parser.parse_args(argv)
    sizes = [6, 10, 14] if args.quick else [6, 10, 14, 18, 20, 22, 24, 26, 30]
    if args.sizes:
        sizes = [int(v) for v in args.sizes.split(",")]
    runs = 1 if args.quick else 3
    cap = args.cap or (5.0 if args.quick else 30.0)
    if args.part in ("1", "both"):
        rows = []
        for n in sizes:
            puzzle, _ = bn.planted_puzzle(n, seed=n, density=0.35)
            for solver in ("highs", "cbc"):
                for distinct in ("exact", "bigm"):
                    solve_t, unique_t, verdict = measure(puzzle, distinct, solver, runs, cap)
                    rows.append((f"{n}x{n}", solver, distinct, seconds(solve_t), seconds(unique_t), verdict))
                    print(f"  measured {n}x{n} {distinct} with {solver}", file=sys.stderr)
        print(f"Binairo puzzles (35% given): median of {runs} run(s), time limit {cap:g} s per solve")
        print(table(["board", "solver", "model", "solve", "solve+unique", "answer"], rows,
                    widths=[7, 6, 6, 10, 12, 12]))
        print()
    if args.part in ("2", "both"):
        rows = []
        for n in sizes:
            for solver in ("highs", "cbc"):
                for distinct in ("exact", "bigm"):
                    trial = bn.forced_equal_trial(n, distinct, solver, time_limit=cap)
                    shown = None if trial.outcome == "time limit" else trial.seconds
                    rows.append((f"{n}x{n}", solver, distinct, seconds(shown), trial.outcome))
                    print(f"  forced-equal {n}x{n} {distinct} with {solver}: {trial.outcome}", file=sys.stderr)
        print(f"Rows 0 and 1 forced equal (right answer: infeasible), one run, time limit {cap:g} s")
        print(table(["board", "solver", "model", "time", "outcome"], rows, widths=[7, 6, 6, 10, 22]))


if __name__ == "__main__":
    main()
