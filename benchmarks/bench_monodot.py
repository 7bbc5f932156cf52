"""Monodot: solve and uniqueness time against the board's size, for each model (chapter 11).

    python benchmarks/bench_monodot.py            # 4x4 .. 12x12, 2 boards each
    python benchmarks/bench_monodot.py --quick    # 4x4, 6x6, 8x8, 1 board each

Boards come from ``monodot.generate(n, seed=s)`` (proven unique up to swapping equal dots). For
each model, the seconds of ``solve`` and of ``solutions(limit=2)`` (model build included; a call
under half a second is run three times and the median kept), every answer checked with ``verify``.
``aggregated`` (the default) finds one answer; ``bigm`` tells equal dots apart, so its
``solutions(limit=2)`` finds a second answer (the same cells, two equal dots swapped) wherever two
dots share a number, and its column is the time to that second answer.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import monodot as md  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402
from timing import timed_median  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="4x4, 6x6 and 8x8, one board each")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per call")
    args = parser.parse_args()
    sizes, seeds = ((4, 6, 8), (0,)) if args.quick else ((4, 5, 6, 7, 8, 10, 12), (0, 1))
    rows = []
    for n in sizes:
        for seed in seeds:
            puzzle, planted = md.generate(n, seed=seed)
            row = [f"{n}x{n}", seed, len(puzzle.dots), sum(row.count(".") for row in puzzle.grid)]
            for model in md.MODELS:
                t, answer = timed_median(lambda: md.solve(puzzle, model=model, time_limit=args.cap))
                t2, found = timed_median(lambda: md.solutions(puzzle, limit=2, model=model, time_limit=args.cap))
                assert answer is None or md.verify(puzzle, answer) == [], (n, seed, model)
                assert found is None or all(md.verify(puzzle, s) == [] for s in found), (n, seed, model)
                if model == md.DEFAULT_MODEL:
                    assert found is None or len(found) == 1, (n, seed)  # generate proved it unique
                row += [seconds(t), seconds(t2)]
            rows.append(row)
    headers = ["board", "seed", "dots", "free"] + [h for m in md.MODELS for h in (f"{m} solve", f"{m} 2 answers")]
    print(table(headers, rows, [5, 4, 4, 4] + [16] * 2 * len(md.MODELS)))
    print("solve: one placement; 2 answers: solutions(limit=2) (one for aggregated: generate's boards are unique)")


if __name__ == "__main__":
    main()
