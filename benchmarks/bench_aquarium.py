"""Aquarium: solve plus uniqueness proof against CP-SAT (one worker), and the generator against a CP-SAT one.

    python benchmarks/bench_aquarium.py            # unique 10x10 and 15x15 boards, planted 20x20 .. 40x40
    python benchmarks/bench_aquarium.py --quick    # fewer boards, models on HiGHS left out
    python benchmarks/bench_aquarium.py --models cells,staircase,integer   # the integer programs too

Unique boards come from ``generate`` (planted boards redrawn until the search finds one filling);
the larger ones are planted boards with a random level per tank (tanks of 3 to 6 cells), usually
with more than one filling. Every column times ``solutions(limit=2)``: the first solve plus the
solve that proves, or refutes, that no second filling exists. "default" is the call as a user
writes it (the clause search with cardinality constraints of ``search_card.py``); each model of ``--models`` names a formulation, so it runs the integer program on
HiGHS. CP-SAT runs the cell model in a subprocess of its own (``cpsat_aquarium.py``), because
OR-Tools and highspy must never share a process. Calls under half a second are timed three times
(the median); CP-SAT's times include building its model, as the library's do. Every answer is
checked by the rules (``verify``) and against CP-SAT's count of fillings.

Part 2: ``generate(n, seed=k)`` against a CP-SAT generator of the same boards: the same planted
boards, drawn by the library (their drawing time is counted for both), each tested by CP-SAT until
one is unique.
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
sys.path.insert(0, str(HERE))

from timing import timed, timed_median  # noqa: E402

from puzzlelib import aquarium as aq  # noqa: E402
from puzzlelib.aquarium import generators  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def payload(puzzle) -> dict:
    return {"tanks": [list(row) for row in puzzle.tank_of], "rows": list(puzzle.rows), "cols": list(puzzle.cols)}


def cpsat(puzzles, cap):
    """CP-SAT's result for every board, from one subprocess (see cpsat_aquarium.py)."""
    result = subprocess.run([sys.executable, str(HERE / "cpsat_aquarium.py"), str(cap)],
                            input=json.dumps([payload(p) for p in puzzles]), capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("CP-SAT failed (pip install ortools?):\n" + result.stderr[-2000:])
    return [json.loads(line) for line in result.stdout.splitlines()]


def measure(puzzle, cap, expect, **options):
    """(seconds of solutions(limit=2) or None, verdict)."""
    t, found = timed_median(lambda: aq.solutions(puzzle, limit=2, time_limit=cap, **options))
    if t is None:
        return None, "time limit"
    if any(aq.verify(puzzle, s) for s in found) or len(found) != expect:
        return t, "WRONG"
    return t, "unique" if len(found) == 1 else "2+"


def part_solve(boards, models, cap):
    theirs = cpsat([p for _, p in boards], cap)
    rows, ratios = [], {}
    for (name, puzzle), cp in zip(boards, theirs):
        expect = {"unique": 1, "2+ solutions": 2}.get(cp["answer"])
        t, verdict = measure(puzzle, cap, expect)
        row = [name, str(len(puzzle.tanks)), seconds(cp["unique"]), seconds(t), verdict]
        ratio = None if t is None else t / cp["unique"]
        row.append("-" if ratio is None else f"{ratio:.2f}x")
        ratios.setdefault(name.split()[0], []).append(ratio)
        for model in models:
            tm, verdict_m = measure(puzzle, cap, expect, model=model)
            row.append(seconds(tm) if verdict_m in ("unique", "2+") else verdict_m)
        rows.append(row)
        print(f"  measured {name}", file=sys.stderr)
    print(f"Aquarium: solutions(limit=2), time limit {cap:g} s per call; models on HiGHS")
    print(table(["board", "tanks", "CP-SAT", "default", "answer", "ratio", *models], rows,
                widths=[11, 6, 9, 9, 7, 7] + [10] * len(models)))
    summary = [(size, str(len(rs)), f"{statistics.median(r for r in rs if r is not None):.2f}x",
                f"{max(r for r in rs if r is not None):.2f}x") for size, rs in ratios.items()]
    print(table(["board", "boards", "median", "worst"], summary, widths=[11, 7, 8, 8]))
    print()


def part_generate(sizes, seeds, cap):
    rows, ratios = [], []
    for n in sizes:
        for seed in seeds:
            t, (puzzle, _) = timed(lambda: aq.generate(n, seed=seed, max_size=8))
            # the CP-SAT generator: the same planted boards, in the same order, tested by CP-SAT
            drawn, start = [], time.perf_counter()
            for k in range(200):
                board, _ = generators.planted_puzzle((n, n), seed=seed * 100_003 + k, max_size=8)
                drawn.append(board)
                if board == puzzle:
                    break
            drawing = time.perf_counter() - start
            checks = cpsat(drawn, cap)
            assert [c["answer"] == "unique" for c in checks][-1] and not any(
                c["answer"] == "unique" for c in checks[:-1]), "CP-SAT disagrees on which board is unique"
            theirs = drawing + sum(c["unique"] for c in checks)
            ratios.append(t / theirs)
            rows.append((f"{n}x{n}", f"#{seed}", str(len(drawn)), seconds(t), seconds(theirs), f"{t / theirs:.2f}x"))
            print(f"  generated {n}x{n} #{seed}", file=sys.stderr)
    print("Generators: generate(n, seed, max_size=8) against CP-SAT testing the same planted boards")
    print(table(["board", "seed", "tried", "library", "CP-SAT", "ratio"], rows, widths=[7, 5, 6, 9, 9, 7]))
    print(f"generator: median {statistics.median(ratios):.2f}x CP-SAT, worst {max(ratios):.2f}x")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer boards, no models on HiGHS")
    parser.add_argument("--models", default="cells", help="comma-separated formulations timed on HiGHS")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per call, seconds")
    args = parser.parse_args(argv)
    per_size = 2 if args.quick else 10
    models = [] if args.quick else [m for m in args.models.split(",") if m]
    boards = []
    for n in (10, 15):
        for k in range(per_size):
            boards.append((f"{n}x{n} #{k}", aq.generate(n, seed=k, max_size=8).puzzle))
            print(f"  generated a unique {n}x{n}", file=sys.stderr)
    for n in (20, 30) if args.quick else (20, 25, 30, 35, 40):
        for k in range(1 if args.quick else 2):
            boards.append((f"{n}x{n} #{k}", aq.random_puzzle(n, seed=n + 1000 * k)))
    aq.solutions(boards[0][1])  # load the SAT solver once, outside the timings
    part_solve(boards, models, args.cap)
    part_generate((10,) if args.quick else (10, 15), range(1 if args.quick else 3), args.cap)


if __name__ == "__main__":
    main()
