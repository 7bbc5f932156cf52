"""The command line's cold start: ``python -m puzzlelib solve ...`` in fresh processes, median and worst.

    python benchmarks/bench_cli.py              # 7 runs of each case
    python benchmarks/bench_cli.py --runs 15    # more runs
    python benchmarks/bench_cli.py --imports    # also: the slowest imports of one run (python -X importtime)

Each run is a new interpreter (nothing cached in memory but the operating system's file cache), as a
user at a terminal starts it: a board file solved, a one-line Sudoku solved, and an error ("hello
world", which nothing reads). Target (issue 41): under 1.5 s for each, median and worst, which asks
that solving a board imports neither matplotlib nor ipywidgets and that the registry orders the
puzzles without importing every one of them. The last lines say whether either library was
imported by a solve (``sys.modules`` after ``cli.main``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CASES = [
    ("solve a board file", ["solve", "notebooks/boards/thermometers-5x5.txt"]),
    ("solve a one-line Sudoku", ["solve", SUDOKU]),
    ("an error (hello world)", ["solve", "hello world"]),
]
PROBE = ("import sys; from puzzlelib import cli; cli.main(['solve', 'notebooks/boards/thermometers-5x5.txt']); "
         "print('imported:', ', '.join(m for m in ('matplotlib', 'ipywidgets', 'pulp', 'highspy') "
         "if m in sys.modules) or 'none of them')")


def one_run(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "puzzlelib", *args], cwd=ROOT, capture_output=True,
                   env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--imports", action="store_true", help="print the 15 slowest imports of one solve")
    args = parser.parse_args()
    one_run(CASES[0][1])  # the first run after an install compiles .pyc files; it is not a cold start of the CLI
    print(f"{'case':28} {'median':>8} {'worst':>8}   ({args.runs} fresh processes each)")
    for name, argv in CASES:
        times = [one_run(argv) for _ in range(args.runs)]
        print(f"{name:28} {statistics.median(times):7.2f}s {max(times):7.2f}s")
    probe = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True)
    print("after a solve, " + probe.stdout.strip().splitlines()[-1])
    if args.imports:
        trace = subprocess.run([sys.executable, "-X", "importtime", "-m", "puzzlelib", *CASES[0][1]], cwd=ROOT,
                               capture_output=True, text=True).stderr.splitlines()
        rows = [line.split("|") for line in trace if line.startswith("import time:") and "cumulative" not in line]
        top = sorted(rows, key=lambda row: -int(row[1]))[:15]
        print("slowest imports (cumulative ms):")
        for row in top:
            print(f"  {int(row[1]) / 1000:8.1f}  {row[2].rstrip()}")


if __name__ == "__main__":
    main()
