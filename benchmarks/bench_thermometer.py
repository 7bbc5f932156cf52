"""Thermometers: time to solve and to prove uniqueness on random boards, HiGHS and CBC against CP-SAT.

    python benchmarks/bench_thermometer.py            # 10x10 .. 200x200 (the largest board), median of 3
    python benchmarks/bench_thermometer.py --quick    # 10x10 .. 50x50, one run

Boards are random tilings (thermometers of 2-6 cells, some bent) filled to random levels; the
counts come from that planted filling. "unique" is the time of `solutions(limit=2)`: the first
solve plus the solve that proves (or refutes) that no second filling exists. Target: a 50x50
board solved and proven within 1 s with the default solver. CP-SAT (one worker,
``cpsat_thermometer.py``, a process of its own since OR-Tools and highspy must never share one)
times the same on the chapter's model; "ratio" is HiGHS's "solve+unique" over CP-SAT's.

    python benchmarks/bench_thermometer.py --generate   # th.generate: unique boards, by size

Target for `generate`: a unique 10x10 board in under 10 s on average (HiGHS). The table gives, per
size, the mean, median and slowest time over the seeds, and the mean number of tilings tried,
merges made and no-good searches run; each board is re-proven unique with CBC. "CP-SAT" is a
CP-SAT generator doing the same steps: the time generate spends outside its searches, plus CP-SAT's
time for the same searches (every board generate searched, solve and second solve).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from puzzlelib import thermometer as th  # noqa: E402
from puzzlelib.thermometer import generators  # noqa: E402
from puzzlelib.core import SolverError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def cpsat(puzzles, cap):
    """CP-SAT's result for every board, from one subprocess (see cpsat_thermometer.py)."""
    boards = [{"shape": list(p.shape), "therms": [[list(c) for c in cells] for cells in p.thermometers],
               "rows": list(p.rows), "cols": list(p.cols)} for p in puzzles]
    result = subprocess.run([sys.executable, str(HERE / "cpsat_thermometer.py"), str(cap)], input=json.dumps(boards),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("CP-SAT failed (pip install ortools?):\n" + result.stderr[-2000:])
    return [json.loads(line) for line in result.stdout.splitlines()]


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


def bench_generate(seeds: int, sizes=(6, 8, 10, 12), cap: float = 60.0):
    searched = []
    search = generators.solutions

    def recording(puzzle, *args, **kwargs):  # every board generate searches, and the time it took
        start = time.perf_counter()
        try:
            return search(puzzle, *args, **kwargs)
        finally:
            searched.append((puzzle, time.perf_counter() - start))

    generators.solutions = recording
    rows, ratios = [], []
    try:
        for n in sizes:
            times, tilings, merges, searches, theirs = [], [], [], [], []
            for seed in range(seeds):
                searched.clear()
                t, g = timed(lambda: th.generate(n, seed=seed, progress=False))
                outside = t - sum(s for _, s in searched)
                their = outside + sum(c["unique"] for c in cpsat([p for p, _ in searched], cap))
                assert len(th.solutions(g.puzzle, limit=2, solver="cbc")) == 1  # an independent re-proof
                times.append(t)
                theirs.append(their)
                tilings.append(g.tilings)
                merges.append(g.merges)
                searches.append(g.searches)
            print(f"  generated {seeds} boards of {n}x{n}", file=sys.stderr)
            ratio = statistics.mean(times) / statistics.mean(theirs)
            ratios.append(ratio)
            rows.append((f"{n}x{n}", seeds, seconds(statistics.mean(times)), seconds(statistics.median(times)),
                         seconds(max(times)), f"{statistics.mean(tilings):.1f}", f"{statistics.mean(merges):.1f}",
                         f"{statistics.mean(searches):.1f}", seconds(statistics.mean(theirs)), f"{ratio:.2f}x"))
    finally:
        generators.solutions = search
    print(f"th.generate: unique boards, {seeds} seeds per size, HiGHS; each re-proven unique with CBC")
    print(table(["board", "seeds", "mean", "median", "slowest", "tilings", "merges", "searches", "CP-SAT mean",
                 "ratio"], rows, widths=[7, 5, 10, 10, 10, 7, 6, 8, 11, 7]))
    print(f"generator: {min(ratios):.2f}x to {max(ratios):.2f}x a CP-SAT generator doing the same searches")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="sizes up to 50 and one run each")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per solve, seconds")
    parser.add_argument("--generate", action="store_true", help="time th.generate instead of solving")
    parser.add_argument("--seeds", type=int, default=20, help="boards per size for --generate")
    args = parser.parse_args(argv)
    if args.generate:
        bench_generate(args.seeds if not args.quick else 5, cap=args.cap)
        return
    sizes = [10, 20, 30, 50] if args.quick else [10, 20, 30, 50, 70, 100, 150, 200]
    runs = 1 if args.quick else 3
    puzzles = [th.planted_puzzle(n, seed=n, max_len=6, bend=0.3)[0] for n in sizes]
    theirs = cpsat(puzzles, args.cap)
    th.solutions(puzzles[0])  # imports and first calls outside the timings
    rows, ratios = [], []
    for n, puzzle, cp in zip(sizes, puzzles, theirs):
        for solver in ("highs", "cbc") if n <= 100 else ("highs",):  # CBC takes minutes beyond 100x100
            solve_t, unique_t, verdict = measure(puzzle, solver, runs, args.cap)
            ratio = "-"
            if solver == "highs" and unique_t is not None:
                ratios.append(unique_t / cp["unique"])
                ratio = f"{ratios[-1]:.2f}x"
                if cp["answer"] not in ("unique", "2+ solutions"):
                    ratio = f"<{ratios.pop():.2f}x"  # CP-SAT stopped at the limit: the ratio is a bound
                    verdict += f" (CP-SAT: {cp['answer']})"
                elif verdict != cp["answer"]:
                    verdict += " WRONG"
            rows.append((f"{n}x{n}", len(puzzle.thermometers), solver, seconds(solve_t), seconds(unique_t),
                         seconds(cp["unique"]) if solver == "highs" else "", ratio, verdict))
            print(f"  measured {n}x{n} with {solver}", file=sys.stderr)
    print(f"Thermometers: median of {runs} run(s), time limit {args.cap:g} s per solve")
    print(table(["board", "thermometers", "solver", "solve", "solve+unique", "CP-SAT", "ratio", "answer"], rows,
                widths=[9, 12, 6, 10, 12, 10, 7, 12]))
    print(f"HiGHS solve+unique: median {statistics.median(ratios):.2f}x CP-SAT, worst {max(ratios):.2f}x "
          f"(boards CP-SAT finished)")


if __name__ == "__main__":
    main()
