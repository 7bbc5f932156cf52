"""The teaching branch and bound of chapter 10 against HiGHS: nodes, time, and agreement.

    python benchmarks/bench_branch_and_bound.py            # boards up to 12x12, node cap 3000
    python benchmarks/bench_branch_and_bound.py --quick    # fewer and smaller boards

For each board: our node count and time (``branch_and_bound``), HiGHS's node count and time with
everything on and with presolve and heuristics off (``highs_mip``), and whether the optima agree.
Thermometers boards are solved as feasibility problems and with the chapter's diagonal objective;
Aquarium boards in the cell model and the integer level model of chapter 6. Targets: our search
agrees with HiGHS on every board it finishes; it is for reading, not speed, so only its node
counts are compared (HiGHS needs at most a few nodes on every board here).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pulp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import aquarium as aq  # noqa: E402
from puzzlelib import thermometer as th  # noqa: E402
from puzzlelib.inside_solver.branch_and_bound import branch_and_bound, highs_mip  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def diagonal(puzzle):
    problem, x = th.build_model(puzzle)
    problem.setObjective(pulp.lpSum(x[i, i] for i in range(min(puzzle.shape))))
    return problem


def cases(sizes, boards):
    for n in sizes:
        for s in range(boards):
            puzzle = th.random_puzzle(n, seed=s)
            yield f"thermometer {n}x{n} #{s}", th.build_model(puzzle)[0]
            yield f"thermometer {n}x{n} #{s} min D", diagonal(puzzle)
        for s in range(boards):
            puzzle = aq.random_puzzle(n, seed=1000 + s)
            for model in ("cells", "integer"):
                yield f"aquarium {n}x{n} #{1000 + s} {model}", aq.build_formulation(puzzle, model)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--cap", type=int, default=3000, help="node limit of our search")
    args = parser.parse_args()
    sizes, boards = ((6, 8), 2) if args.quick else ((6, 8, 10, 12), 3)
    rows, agree, finished = [], 0, 0
    for name, problem in cases(sizes, boards):
        start = time.perf_counter()
        ours = branch_and_bound(problem, node_limit=args.cap)
        ours_time = time.perf_counter() - start
        start = time.perf_counter()
        full = highs_mip(problem)
        highs_time = time.perf_counter() - start
        bare = highs_mip(problem, presolve=False, heuristics=False)
        same = ""
        if ours.status != "node limit":
            finished += 1
            same = "yes" if ours.value is not None and abs(ours.value - full.value) < 1e-6 else "NO"
            agree += same == "yes"
        rows.append((name, len(ours.nodes), ours.status, seconds(ours_time), full.nodes, seconds(highs_time),
                     bare.nodes, same))
    print(table(["board", "our nodes", "status", "our time", "HiGHS nodes", "HiGHS time", "bare HiGHS", "agree"],
                rows, widths=[36, 10, 11, 9, 12, 11, 11, 6]))
    print(f"\nagreement with HiGHS: {agree} of {finished} boards our search finished "
          f"({len(rows) - finished} stopped at the node cap of {args.cap})")
    print("(times measured on a shared machine; bare HiGHS = presolve and heuristics off)")


if __name__ == "__main__":
    main()
