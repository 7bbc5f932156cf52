"""Knight Moves: lazy cycle cuts against MTZ on open boards of growing size (chapter 11).

    python benchmarks/bench_knightmoves.py            # 5x5 .. 12x12 (then larger while a model stays under the cap)
    python benchmarks/bench_knightmoves.py --quick    # 5x5, 6x6, 8x8

Each board is an empty n x n board with the start in the corner (0, 0) and no end: an open
knight's tour. For each model, the seconds of ``solve`` (model build included; a call under half a
second run three times, the median kept), the solver runs and cycle cuts it took (the lazy model),
and the seconds of ``solutions(limit=2)`` (these boards have many tours, so the second is found,
not a uniqueness proved). A model is no longer run on larger boards once a call passes ``--cap``
seconds (30 by default). Every path is checked with ``verify``. The issue's targets: an open tour
on 8x8 in under 1 s, and the largest board within the chapter's range stated with its time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import knightmoves as km  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402
from timing import timed_median  # noqa: E402


def open_board(n: int):
    return km.Puzzle(["." * n] * n, (0, 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5x5, 6x6 and 8x8 only")
    parser.add_argument("--cap", type=float, default=30.0, help="seconds per call")
    parser.add_argument("--largest", type=int, default=16, help="the largest side tried")
    args = parser.parse_args()
    sizes = [5, 6, 8] if args.quick else list(range(5, args.largest + 1))
    alive = {m: True for m in km.MODELS}
    rows, under = [], {m: None for m in km.MODELS}
    eight = {}
    for n in sizes:
        if n > 12 and not any(alive.values()):
            break
        puzzle = open_board(n)
        row = [f"{n}x{n}"]
        for model in km.MODELS:
            if not alive[model]:
                row += [seconds(None), "-", seconds(None)]
                continue
            t, path = timed_median(lambda: km.solve(puzzle, model=model, time_limit=args.cap))
            t2, found = (None, None) if t is None else timed_median(
                lambda: km.solutions(puzzle, limit=2, model=model, time_limit=args.cap))
            if path is not None:
                assert km.verify(puzzle, path) == [], (n, model)
            if found is not None:
                assert all(km.verify(puzzle, s) == [] for s in found) and len(found) == 2, (n, model)
            if t is None or t2 is None:
                alive[model] = False
            else:
                under[model] = (n, t, t2)
            if n == 8:
                eight[model] = t
            row += [seconds(t), "-" if path is None else f"{path.rounds}/{path.cuts}", seconds(t2)]
        rows.append(row)
        if n >= 12 and not any(alive.values()):
            break
        if n > 12 and all(not alive[m] or under[m][2] > args.cap / 3 for m in km.MODELS):
            break  # the next board would pass the cap
    headers = ["board"] + [h for m in km.MODELS for h in (f"{m} solve", f"{m} runs/cuts", f"{m} 2 paths")]
    print(table(headers, rows, [8] + [14] * 3 * len(km.MODELS)))
    print("solve: one open tour from (0, 0); 2 paths: solutions(limit=2); runs/cuts: solver runs / cycle cuts")
    for model in km.MODELS:
        if eight.get(model) is not None:
            print(f"open tour on 8x8, {model:4}: {eight[model]:.2f} s (target under 1 s: "
                  f"{'met' if eight[model] < 1 else 'missed'})")
        if under[model]:
            n, t, t2 = under[model]
            print(f"largest board under the {args.cap:g} s cap, {model:4}: {n}x{n} ({t:.2f} s to a tour, "
                  f"{t2:.2f} s to two)")


if __name__ == "__main__":
    main()
