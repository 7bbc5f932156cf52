"""Kakuro: Hartmann's model against the combination model, on Appendix B, the corpus and growing boards.

    python benchmarks/bench_kakuro.py              # all three parts
    python benchmarks/bench_kakuro.py --quick      # Appendix B and two sizes of random boards
    python benchmarks/bench_kakuro.py --sizes 10,12,14,16 --boards 3

Every time is ``solutions(limit=2)``: the solve plus the search that proves no second filling
exists (HiGHS, median of ``--repeat`` runs, each capped by ``--cap`` seconds). Every answer is
checked by ``verify``; a wrong one says "WRONG".

Three setups: "default" is what ``kk.solutions`` does (narrowing, then the combination model);
"combos" and "hartmann" are the two formulations exactly as the chapter states them.

Part 1: Appendix B's 8x8 (Hartmann 2018; GLPK took 4.5 s). Targets: the default under 0.2 s, at
least 20x faster than GLPK.
Part 2: the corpus (``../shared/corpus/kakuro.json``, skipped when absent; never copied). Target:
every puzzle under 1 s by default, unique, equal to the known solution.
Part 3: growing random boards with a planted solution (``random_puzzle(n, seed=seed, black=0.3)``).
Target: the combination model ahead of Hartmann's on every board of 10x10 and up, as a ratio
(both without narrowing, so the ratio measures the formulations).

Times are wall-clock on whatever machine runs this; a shared machine slows every column alike.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from puzzlelib import kakuro as kk  # noqa: E402
from puzzlelib.core import SolverError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402

CORPUS = HERE.parents[1] / "shared" / "corpus" / "kakuro.json"
GLPK_SECONDS = 4.5


#: The rows of every table: the library's default (narrowing, then the combination model), and the
#: two formulations exactly as the chapter states them (no narrowing).
SETUPS = {"default": ("combos", True), "combos": ("combos", False), "hartmann": ("hartmann", False)}


def timed(puzzle, setup, repeat, cap):
    """(median seconds, verdict, the first solution) of solutions(limit=2) with a setup of SETUPS."""
    formulation, narrow = SETUPS[setup]
    times, found = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            found = kk.solutions(puzzle, limit=2, time_limit=cap, model=formulation, narrow=narrow)
        except SolverError:
            return None, "time limit", None
        times.append(time.perf_counter() - start)
    if not found or any(kk.verify(puzzle, s) for s in found):
        return statistics.median(times), "WRONG", None
    return statistics.median(times), "unique" if len(found) == 1 else "2+ fillings", found[0]


def size_of(puzzle, setup):
    formulation, narrow = SETUPS[setup]
    problem, _ = kk.build_model(puzzle, formulation, narrow)
    return len(problem.variables()), len(problem.constraints)


def part1(repeat, cap):
    print("Part 1: Appendix B's 8x8 (GLPK: 4.5 s in Hartmann 2018)\n")
    puzzle = kk.Puzzle.from_text(kk.SEED_BOARD)
    rows, ok = [], True
    for setup in SETUPS:
        t, verdict, _ = timed(puzzle, setup, repeat, cap)
        nvars, ncons = size_of(puzzle, setup)
        ratio = f"{GLPK_SECONDS / t:.0f}x" if t else "-"
        rows.append([setup, nvars, ncons, seconds(t), verdict, ratio])
        if setup == "default":
            ok = t is not None and t < 0.2 and GLPK_SECONDS / t >= 20 and verdict == "unique"
    print(table(["setup", "variables", "constraints", "time", "answer", "vs GLPK"], rows, [9, 10, 11, 10, 8, 8]))
    print(f"\ntarget (default under 0.2 s, >= 20x GLPK, unique): {'met' if ok else 'MISSED'}\n")
    return ok


def part2(repeat, cap):
    if not CORPUS.exists():
        print("Part 2: the corpus is not on this machine; skipped\n")
        return True
    print("Part 2: the corpus (real puzzles)\n")
    rows, ok = [], True
    for record in json.loads(CORPUS.read_text()):
        puzzle = kk.Puzzle(record["decoded"]["cells"])
        known = record["solution"] or record["computed_solution"]
        row = [record["id"][:34], f"{puzzle.shape[0]}x{puzzle.shape[1]}", len(puzzle.white)]
        for setup in SETUPS:
            t, verdict, first = timed(puzzle, setup, repeat, cap)
            if first is not None and str(first).split("\n") != known:
                verdict = "WRONG"
            row += [seconds(t), verdict]
            if setup == "default":
                ok = ok and t is not None and t < 1.0 and verdict == "unique"
        rows.append(row)
    print(table(["puzzle", "size", "white", "default", "answer", "combos", "answer", "hartmann", "answer"], rows,
                [34, 6, 5, 10, 7, 10, 7, 10, 7]))
    print(f"\ntarget (every puzzle under 1 s by default, unique, the known solution): {'met' if ok else 'MISSED'}\n")
    return ok


def part3(sizes, count, repeat, cap):
    print("Part 3: growing random boards (planted; solve + search for a second filling);")
    print("        ratio = Hartmann's time / the combination model's, both without narrowing\n")
    rows, ok = [], True
    for n in sizes:
        for seed in range(1, count + 1):
            puzzle = kk.random_puzzle(n, seed=seed, black=0.3)
            tc, vc, _ = timed(puzzle, "combos", repeat, cap)
            th, vh, _ = timed(puzzle, "hartmann", repeat, cap)
            td, _, _ = timed(puzzle, "default", repeat, cap)
            ratio = (th or cap) / tc if tc else None  # Hartmann at the cap: a lower bound, shown with ">"
            shown = "-" if ratio is None else f"{'>' if th is None else ''}{ratio:.1f}x"
            rows.append([f"{n}x{n}", seed, len(puzzle.white), seconds(tc), vc, seconds(th), vh, shown, seconds(td)])
            if n >= 10:
                ok = ok and ratio is not None and ratio > 1
    print(table(["size", "seed", "white", "combos", "answer", "hartmann", "answer", "ratio", "default"], rows,
                [6, 4, 5, 10, 11, 10, 11, 7, 10]))
    print(f"\ntarget (combos ahead on every board of 10x10 and up): {'met' if ok else 'MISSED'}")
    return ok


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="Appendix B and sizes 10 and 12 only")
    parser.add_argument("--sizes", default="8,10,12,14,16")
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cap", type=float, default=60.0)
    args = parser.parse_args(argv)
    sizes = [10, 12] if args.quick else [int(s) for s in args.sizes.split(",")]
    results = [part1(args.repeat, args.cap)]
    if not args.quick:
        results.append(part2(args.repeat, args.cap))
    results.append(part3(sizes, args.boards, 1 if args.quick else args.repeat, args.cap))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
