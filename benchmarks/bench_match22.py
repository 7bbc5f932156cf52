"""Match 22: the fewest moves and every optimal answer (solutions(limit=2)) against CP-SAT, growing planted boards.

    python benchmarks/bench_match22.py            # 10x10 .. 30x30 (the largest board), three boards each
    python benchmarks/bench_match22.py --quick    # 10x10 and 20x20, one board each

Boards from ``random_puzzle(n, seed=k)`` (a matched board with a random colour on every edge,
scrambled; about one cell in five a hole), up to ``MAX_BOARD_SIDE``. "default" times
``solutions(limit=2)`` as a user calls it: propagation settles most disks, and Hartmann's model of
the open ones is solved on HiGHS (``reduced.py``); "full model" names the model
(``model="hartmann"``), so the whole of Hartmann's (9)-(13) is built and solved, as before. CP-SAT
(one worker, ``cpsat_match22.py``, its own process) minimises the turns of the same model, then
solves again with the optimum fixed and its answer forbidden. Every answer is checked by the rules,
its number of moves against CP-SAT's optimum, and the count of optimal answers (1 or 2+) against
CP-SAT's. Calls under half a second are timed three times (the median).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import timed_median  # noqa: E402

from puzzlelib import match22 as m22  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402


def cpsat(puzzles, cap):
    boards = [[[list(d) if d else None for d in row] for row in p.grid] for p in puzzles]
    result = subprocess.run([sys.executable, str(HERE / "cpsat_match22.py"), str(cap)], input=json.dumps(boards),
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("CP-SAT failed (pip install ortools?):\n" + result.stderr[-2000:])
    return [json.loads(line) for line in result.stdout.splitlines()]


def measure(puzzle, cp, cap, **options):
    t, found = timed_median(lambda: m22.solutions(puzzle, limit=2, time_limit=cap, **options))
    if t is None:
        return None, "time limit"
    count = "unique" if len(found) == 1 else "2+ solutions"
    if any(m22.verify(puzzle, s) for s in found) or found[0].moves != cp["moves"] or count != cp["answer"]:
        return t, "WRONG"
    return t, count


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="10x10 and 20x20, one board each")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per call, seconds")
    args = parser.parse_args(argv)
    sizes, count = ((10, 20), 1) if args.quick else ((10, 15, 20, 25, 30), 3)
    boards = [(n, k, m22.random_puzzle(n, seed=k)) for n in sizes for k in range(count)]
    theirs = cpsat([p for _, _, p in boards], args.cap)
    m22.solutions(boards[0][2])  # imports and first calls outside the timings
    rows, ratios, before = [], [], []
    for (n, k, puzzle), cp in zip(boards, theirs):
        t, verdict = measure(puzzle, cp, args.cap)
        tf, verdict_f = measure(puzzle, cp, args.cap, model="hartmann")
        ratios.append(t / cp["unique"])
        before.append(tf / cp["unique"])
        rows.append((f"{n}x{n}", f"#{k}", str(puzzle.n), str(cp["moves"]), seconds(cp["unique"]), seconds(t),
                     f"{t / cp['unique']:.2f}x", seconds(tf), f"{tf / cp['unique']:.2f}x", verdict))
        if "WRONG" in (verdict, verdict_f):
            rows[-1] = rows[-1][:-1] + (f"{verdict} / {verdict_f}",)
        print(f"  measured {n}x{n} #{k}", file=sys.stderr)
    print(f"Match 22: solutions(limit=2), the fewest moves and a second optimal answer or none; "
          f"time limit {args.cap:g} s")
    print(table(["board", "seed", "disks", "moves", "CP-SAT", "default", "ratio", "full model", "ratio", "answer"],
                rows, widths=[7, 5, 6, 6, 9, 9, 7, 11, 7, 13]))
    print(f"default: median {statistics.median(ratios):.2f}x CP-SAT, worst {max(ratios):.2f}x; "
          f"full model: median {statistics.median(before):.2f}x, worst {max(before):.2f}x")


if __name__ == "__main__":
    main()
