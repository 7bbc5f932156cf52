"""Infinity Loop: every closed picture (solutions(limit=2)) against CP-SAT on growing planted boards, and the generator.

    python benchmarks/bench_infinityloop.py            # 10x10 .. 60x60 (the largest board), three boards each
    python benchmarks/bench_infinityloop.py --quick    # 10x10 and 30x30, one board each; generator 6x6

Part 1: boards from ``random_puzzle(n, seed=k)`` (a random closed picture, every tile scrambled),
up to ``MAX_BOARD_SIDE``. "default" times ``solutions(limit=2)`` as a user calls it: propagation
settles most tiles and the chapter's model of the open ones is solved on HiGHS
(``reduced.py``); "full model" names it (``model="hartmann"``), so the whole model is built
and solved, as before. CP-SAT (one worker, ``cpsat_infinityloop.py``, its own process) solves the
same model and solves again with its picture forbidden. Every picture is checked by the rules and
the count (1 or 2+) against CP-SAT's. Calls under half a second are timed three times (the median).

Part 2: ``generate(n, seed=k)`` (boards drawn until one has a single closed picture) against a
CP-SAT generator of the same boards: the same planted boards, drawn by the library (the drawing
time counted for both), each tested by CP-SAT until one is unique.
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

from puzzlelib import infinityloop as il  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def cpsat(puzzles, cap):
    result = subprocess.run([sys.executable, str(HERE / "cpsat_infinityloop.py"), str(cap)],
                            input=json.dumps([[list(row) for row in p.tiles] for p in puzzles]),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("CP-SAT failed (pip install ortools?):\n" + result.stderr[-2000:])
    return [json.loads(line) for line in result.stdout.splitlines()]


def measure(puzzle, cp, cap, **options):
    t, found = timed_median(lambda: il.solutions(puzzle, limit=2, time_limit=cap, **options))
    if t is None:
        return None, "time limit"
    count = "unique" if len(found) == 1 else "2+ solutions"
    if any(il.verify(puzzle, s) for s in found) or count != cp["answer"]:
        return t, "WRONG"
    return t, count


def part_solve(sizes, count, cap):
    boards = [(n, k, il.random_puzzle(n, seed=k)) for n in sizes for k in range(count)]
    theirs = cpsat([p for _, _, p in boards], cap)
    il.solutions(boards[0][2])  # imports and first calls outside the timings
    rows, ratios, before = [], [], []
    for (n, k, puzzle), cp in zip(boards, theirs):
        t, verdict = measure(puzzle, cp, cap)
        tf, verdict_f = measure(puzzle, cp, cap, model="hartmann")
        ratios.append(t / cp["unique"])
        before.append(tf / cp["unique"])
        shown = verdict if verdict == verdict_f else f"{verdict} / {verdict_f}"
        rows.append((f"{n}x{n}", f"#{k}", str(len(puzzle.cells())), seconds(cp["unique"]), seconds(t),
                     f"{t / cp['unique']:.2f}x", seconds(tf), f"{tf / cp['unique']:.2f}x", shown))
        print(f"  measured {n}x{n} #{k}", file=sys.stderr)
    print(f"Infinity Loop: solutions(limit=2), a closed picture and a second one or none; time limit {cap:g} s")
    print(table(["board", "seed", "tiles", "CP-SAT", "default", "ratio", "full model", "ratio", "answer"],
                rows, widths=[7, 5, 6, 9, 9, 7, 11, 7, 13]))
    print(f"default: median {statistics.median(ratios):.2f}x CP-SAT, worst {max(ratios):.2f}x; "
          f"full model: median {statistics.median(before):.2f}x, worst {max(before):.2f}x")
    print()


def part_generate(sizes, seeds, cap):
    rows, ratios = [], []
    for n in sizes:
        for seed in seeds:
            t, (puzzle, _) = timed(lambda: il.generate(n, seed=seed))
            drawn, start = [], time.perf_counter()
            for k in range(200):  # the boards generate drew, in its order (see random_puzzle)
                board, _ = il.planted_puzzle(n, seed=seed * 100_003 + k)
                drawn.append(board)
                if board == puzzle:
                    break
            drawing = time.perf_counter() - start
            checks = cpsat(drawn, cap)
            answers = [c["answer"] for c in checks]
            assert answers[-1] == "unique" and "unique" not in answers[:-1], "CP-SAT disagrees on which board is unique"
            theirs = drawing + sum(c["unique"] for c in checks)
            ratios.append(t / theirs)
            rows.append((f"{n}x{n}", f"#{seed}", str(len(drawn)), seconds(t), seconds(theirs), f"{t / theirs:.2f}x"))
            print(f"  generated {n}x{n} #{seed}", file=sys.stderr)
    print("Generators: generate(n, seed) against CP-SAT testing the same planted boards")
    print(table(["board", "seed", "tried", "library", "CP-SAT", "ratio"], rows, widths=[7, 5, 6, 9, 9, 7]))
    print(f"generator: median {statistics.median(ratios):.2f}x CP-SAT, worst {max(ratios):.2f}x")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10x10 and 30x30, one board each; generator 6x6")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per call, seconds")
    args = parser.parse_args(argv)
    if args.quick:
        part_solve((10, 30), 1, args.cap)
        part_generate((6,), range(1), args.cap)
    else:
        part_solve((10, 20, 30, 40, 50, 60), 3, args.cap)
        part_generate((6, 8, 10), range(3), args.cap)


if __name__ == "__main__":
    main()
