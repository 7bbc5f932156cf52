"""V3ck: solve and uniqueness time against the size of the graph, for each model (chapter 11).

    python benchmarks/bench_v3ck.py            # 8 .. 160 nodes, 2 boards each
    python benchmarks/bench_v3ck.py --quick    # 8, 16, 32 nodes, 1 board each

Boards come from ``v3ck.generate(nodes, seed=s)`` (random graphs, 3 colours, proven unique). For
each model, the seconds of ``solve`` and of ``solutions(limit=2)`` (model build included; a call
under half a second is run three times and the median kept), the answer checked with ``verify``.
With ``model="symmetric"`` uniqueness is up to renaming interchangeable colours, so the verdict may
differ only where colours are interchangeable (never on these boards, whose counts tell them apart).
A second table times planted cubic graphs (``planted_puzzle(nodes, graph="cubic")``: one edge of
each colour at every node, 3-edge-colouring, NP-complete): never unique, so ``solutions(limit=2)``
finds a second colouring.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import v3ck as vk  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402
from timing import timed_median  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="8, 16 and 32 nodes, one board each")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds per call")
    args = parser.parse_args()
    sizes, seeds = ((8, 16, 32), (0,)) if args.quick else ((8, 16, 32, 64, 100, 160), (0, 1))
    rows = []
    for n in sizes:
        for seed in seeds:
            rows.append(timed_row(vk.generate(n, seed=seed).puzzle, seed, args.cap, 1))
    headers = ["nodes", "edges", "seed"] + [h for m in vk.MODELS for h in (f"{m} solve", f"{m} unique")]
    print(table(headers, rows, [5, 5, 4] + [16] * 2 * len(vk.MODELS)))
    print("solve: one colouring; unique: solutions(limit=2), which finds one (the boards are generate's)")
    rows = [timed_row(vk.planted_puzzle(n, seed=seed, graph="cubic")[0], seed, args.cap, 2)
            for n in sizes for seed in seeds]
    print()
    print(table(headers, rows, [5, 5, 4] + [16] * 2 * len(vk.MODELS)))
    print("cubic graphs, one edge of each colour per node: solutions(limit=2) finds a second colouring")


def timed_row(puzzle, seed: int, cap: float, count: int) -> list:
    """Nodes, edges, seed, and each model's solve and solutions(limit=2) seconds (``count`` answers expected)."""
    row = [len(puzzle.nodes), len(puzzle.edges), seed]
    for model in vk.MODELS:
        t, answer = timed_median(lambda: vk.solve(puzzle, model=model, time_limit=cap))
        t2, found = timed_median(lambda: vk.solutions(puzzle, limit=2, model=model, time_limit=cap))
        assert answer is None or vk.verify(puzzle, answer) == [], (len(puzzle.nodes), seed, model)
        if model == "edges":
            assert found is None or len(found) == count, (len(puzzle.nodes), seed, model)
        row += [seconds(t), seconds(t2)]
    return row


if __name__ == "__main__":
    main()
