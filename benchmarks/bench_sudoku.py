"""Sudoku: solve + uniqueness proof per variant, and generation of unique minimal puzzles.

    python benchmarks/bench_sudoku.py            # 5 puzzles per variant, 5 generations per kind
    python benchmarks/bench_sudoku.py --quick    # 2 and 2

Part 1: for each variant (classic, thermo, killer made by ``generate``; arrow boards with a planted
solution and 45 % of the digits given), the time of ``solutions(limit=2)`` with HiGHS: building the
model, the solve, and the re-solve with a no-good cut that proves no second solution exists (the
median of 3 runs per puzzle). Killer is timed with both cage formulations. Target: under 0.2 s.

Part 2: ``generate(9, variant, seed)`` for classic and thermo, minimal: the mean time, the number of
givens, how many uniqueness checks went to the solver and how many deduction settled, and the grade.
Target: under 10 s on average. Times are wall-clock on whatever machine runs this; a shared machine
slows every column alike.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import puzzlelib.sudoku as sd  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402
from puzzlelib.sudoku.generators import random_arrows  # noqa: E402


def arrow_board(seed: int) -> sd.Puzzle:
    grid = sd.random_grid(9, seed)
    rng = random.Random(seed)
    arrows = random_arrows(grid, rng, 9)
    return sd.Puzzle([[v if rng.random() < 0.45 else 0 for v in row] for row in grid], arrows=arrows)


def prove(puzzle: sd.Puzzle, **how) -> tuple[float, int]:
    runs = []
    for _ in range(3):
        start = time.perf_counter()
        found = sd.solutions(puzzle, limit=2, time_limit=60, **how)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), len(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    count = 2 if args.quick else 5

    print("Part 1: a 9x9 of each variant solved and proven unique (HiGHS, median of 3)\n")
    rows = []
    cases = [("classic", {}, [sd.generate(9, variant="classic", seed=s, progress=False).puzzle for s in range(count)]),
             ("thermo", {}, [sd.generate(9, variant="thermo", seed=s, progress=False).puzzle for s in range(count)])]
    killers = [sd.generate(9, variant="killer", seed=s, progress=False).puzzle for s in range(count)]
    cases += [("killer (sets)", {"model": "helper-sets"}, killers), ("killer (sum)", {"model": "helper-sum"}, killers),
              ("arrow", {}, [arrow_board(s) for s in range(count)])]
    for name, how, puzzles in cases:
        timed = [prove(p, **how) for p in puzzles]
        times = [t for t, _ in timed]
        rows.append([name, f"{statistics.mean(len(p.given_cells()) for p in puzzles):.0f}",
                     seconds(statistics.mean(times)), seconds(max(times)),
                     " ".join(str(k) for _, k in timed), "yes" if max(times) < 0.2 else "no"])
    print(table(["variant", "givens", "mean", "max", "solutions", "< 0.2 s"], rows, [14, 7, 10, 10, 11, 8]))

    print("\nPart 2: unique minimal 9x9 puzzles from generate(9, variant, seed)\n")
    rows = []
    for variant in ("classic", "thermo"):
        made = [sd.generate(9, variant=variant, seed=s, progress=False) for s in range(count)]
        mean = statistics.mean(g.seconds for g in made)
        grades = {level: sum(1 for g in made if g.grade.level == level) for level in ("easy", "medium", "hard")}
        rows.append([variant, seconds(mean), seconds(max(g.seconds for g in made)),
                     f"{statistics.mean(len(g.puzzle.given_cells()) for g in made):.1f}",
                     f"{statistics.mean(g.solver_checks for g in made):.0f}",
                     f"{statistics.mean(g.deduction_checks for g in made):.0f}",
                     "/".join(str(grades[k]) for k in grades), "yes" if mean < 10 else "no"])
        assert all(g.proof.unique and g.minimal for g in made)
    print(table(["variant", "mean", "max", "givens", "solver", "deduction", "e/m/h", "< 10 s"],
                rows, [8, 10, 10, 7, 7, 10, 7, 7]))


if __name__ == "__main__":
    main()
