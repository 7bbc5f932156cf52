"""Circuit Scramble: the fewest-flips IP against trying all 2^n settings of the switches.

    python benchmarks/bench_circuit.py            # 10 .. 30 switches, median of 3 runs
    python benchmarks/bench_circuit.py --quick    # 10 .. 20 switches, one run
    python benchmarks/bench_circuit.py --solver cbc --time-limit 30 --enum-limit 20

Each size uses a few random layered circuits with a planted fix (seeded by size and index), with
AND/OR gates of two or three inputs, XOR and NOT. The table gives, per size, the medians over
those circuits and runs of: the IP solve (build plus solve), the IP proof of uniqueness (up to two
optimal fixes by no-good cuts), and the full enumeration of every setting (``ci.enumerate_settings``).
Every IP solve is capped by ``--time-limit``; the enumeration is capped by ``--enum-limit`` and is
not started once a circuit has hit that cap (the time doubles with every switch); a size where
not every circuit was enumerated shows a dash. The last column checks that the IP optimum equals the enumeration's, or stays within the planted fix.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import circuit as ci  # noqa: E402
from puzzlelib.core.errors import SolverError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402

SIZES = (10, 14, 18, 20, 22, 24, 26, 30)
QUICK = (10, 14, 18, 20)
KINDS = ("AND", "OR", "XOR", "NOT")


def timed(action):
    start = time.perf_counter()
    result = action()
    return result, time.perf_counter() - start


def circuits(n: int, count: int):
    for k in range(count):
        yield ci.planted_puzzle(n, seed=1000 * n + k, lamps=1 + k % 2, max_flips=5, kinds=KINDS, wide=0.3)


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, one run each")
    parser.add_argument("--solver", choices=["highs", "cbc"], default=None)
    parser.add_argument("--time-limit", type=float, default=60.0, help="cap per IP solve, in seconds")
    parser.add_argument("--enum-limit", type=float, default=60.0, help="cap per enumeration, in seconds")
    parser.add_argument("--circuits", type=int, default=3, help="circuits per size")
    parser.add_argument("--repeat", type=int, default=None, help="runs per circuit (median); default 3, quick 1")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else SIZES
    repeat = args.repeat or (1 if args.quick else 3)
    enum_limit = min(args.enum_limit, 10.0) if args.quick else args.enum_limit
    enumerate_more = True
    rows = []
    print(f"solver {args.solver or 'highs'}, {args.circuits} circuits per size, median of {repeat} run(s); "
          f"IP cap {args.time_limit:g} s, enumeration cap {enum_limit:g} s", flush=True)
    for n in sizes:
        solve_t, unique_t, enum_t, gates, flips, verdicts = [], [], [], [], [], []
        for puzzle, planted in circuits(n, args.circuits):
            gates.append(len(puzzle.gates))
            planted_flips = len(planted.flips)
            best = None
            for _ in range(repeat):
                try:
                    solution, t = timed(lambda: ci.solve(puzzle, solver=args.solver, time_limit=args.time_limit))
                    best = len(solution.flips)
                    solve_t.append(t)
                    _, t = timed(lambda: ci.solutions(puzzle, limit=2, solver=args.solver,
                                                      time_limit=args.time_limit))
                    unique_t.append(t)
                except SolverError:
                    solve_t.append(None)
            flips.append(best)
            brute = None
            if enumerate_more:
                brute = ci.enumerate_settings(puzzle, max_switches=40, time_limit=enum_limit)
                if brute is None:
                    enumerate_more = False
                else:
                    enum_t.append(brute.seconds)
            if best is None:
                verdicts.append("capped")
            elif brute is not None:
                verdicts.append("= enum" if brute.best == best else "WRONG")
            else:
                verdicts.append("<= planted" if best <= planted_flips else "WRONG")
        verdict = "WRONG" if "WRONG" in verdicts else ("capped" if "capped" in verdicts else
                                                       ("= enum" if "= enum" in verdicts else "<= planted"))
        rows.append((n, round(statistics.mean(gates)), 2 ** n, seconds(median(solve_t)), seconds(median(unique_t)),
                     seconds(median(enum_t) if len(enum_t) == args.circuits else None),
                     "/".join("-" if f is None else str(f) for f in flips), verdict))
        print(f"  {n} switches done", file=sys.stderr, flush=True)
    print(table(["switches", "gates", "settings", "IP solve", "IP unique", "enumerate", "flips", "check"], rows,
                [8, 6, 11, 10, 10, 10, 8, 10]))
    return 1 if any(r[-1] == "WRONG" for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
