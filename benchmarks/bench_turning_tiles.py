"""Chapter 9: Match 22 (Appendix C and growing boards) and Infinity Loop (growing scrambled boards).

    python benchmarks/bench_turning_tiles.py            # three runs each, Infinity Loop up to 30x30
    python benchmarks/bench_turning_tiles.py --quick    # one run each, fewer sizes

Targets (HiGHS): Hartmann's Appendix C solved in under 0.2 s; a scrambled 30x30 Infinity Loop board
solved (fewest turns) in under 5 s. "all optimal" is the time to list every optimal answer
(Match 22), "unique?" the time of ``solutions(limit=2)`` (Infinity Loop: pictures, not turn counts).
Times are medians, measured on whatever machine runs this (a shared one slows them).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import infinityloop as il  # noqa: E402
from puzzlelib import match22 as m22  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def timed(fn, runs):
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def match22_rows(runs, sizes, solver):
    rows = []
    appendix = m22.Puzzle.from_hartmann(m22.HARTMANN_D, m22.HARTMANN_H, m22.HARTMANN_V)
    boards = [("Appendix C", appendix)] + [(f"{n}x{n} scrambled", m22.random_puzzle(n, seed=1, holes=0.1))
                                           for n in sizes]
    for name, puzzle in boards:
        t, s = timed(lambda: m22.solve(puzzle, solver=solver), runs)
        assert m22.verify(puzzle, s) == []
        u, found = timed(lambda: m22.solutions(puzzle, limit=50, solver=solver), runs)
        rows.append((name, puzzle.n, s.moves, seconds(t), len(found), seconds(u)))
    return rows


def loop_rows(runs, sizes, solver):
    rows = []
    for n in sizes:
        puzzle = il.random_puzzle(n, seed=1)
        t, s = timed(lambda: il.solve(puzzle, solver=solver), runs)
        assert il.verify(puzzle, s) == []
        u, found = timed(lambda: il.solutions(puzzle, limit=2, solver=solver), runs)
        rows.append((f"{n}x{n}", len(puzzle.cells()), s.moves, seconds(t), len(found), seconds(u)))
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--solver", default="highs")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else 3
    print(f"Match 22 ({args.solver}, median of {runs})")
    print(table(["board", "disks", "moves", "solve", "optima", "all optimal"],
                match22_rows(runs, (6, 10) if args.quick else (6, 10, 15), args.solver),
                [14, 6, 6, 10, 7, 12]))
    print()
    print(f"Infinity Loop ({args.solver}, median of {runs})")
    print(table(["board", "tiles", "turns", "solve", "pictures", "unique?"],
                loop_rows(runs, (10, 20, 30) if args.quick else (10, 20, 30, 40), args.solver),
                [8, 6, 6, 10, 8, 10]))


if __name__ == "__main__":
    main()
