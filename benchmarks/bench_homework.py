"""Homework: seconds per sheet for every kind of puzzle at the sizes its chapter uses.

    python benchmarks/bench_homework.py                  # 5 students per kind and size
    python benchmarks/bench_homework.py --quick          # 2 students
    python benchmarks/bench_homework.py --kind kakuro --students 20

For each kind (``registry.kinds()``) and each size its chapter uses (each table's ``sizes``), sheets
are made for made-up students under a made-up secret, as ``python -m puzzlelib homework`` makes
them: the board made unique and proven so (``board``), then the sheet and key drawn and written
(``sheet``: board plus pictures). The table gives the mean and the largest time of a sheet, the
boards drawn and the repairs made per sheet (givens added, tanks merged, Kakuro cells changed).
The target, checked on every run: every sheet within ``homework.SECONDS_PER_SHEET`` (30 s); the
script exits with status 1 when one is not (a sheet that runs out of time is an error there too).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import registry  # noqa: E402
from puzzlelib.classroom import homework as hw  # noqa: E402
from puzzlelib.core.errors import PuzzleError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402

SECRET = hw.check_secret("the benchmark's made-up secret", "benchmark")
NAMES = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov", "Donald Knuth",
         "Frances Allen", "John von Neumann", "Katherine Johnson", "Leonid Kantorovich"]


HEADERS = ["kind", "size", "made", "board mean", "board max", "sheet mean", "sheet max", "boards", "repairs"]
WIDTHS = [12, 4, 5, 10, 10, 10, 10, 6, 7]


def student(k: int) -> str:
    return NAMES[k % len(NAMES)] + ("" if k < len(NAMES) else f" {k // len(NAMES)}")


def run(kind: str, size: int, students: int, out: Path):
    boards, sheets, drawn, repairs, failed = [], [], [], [], 0
    for k in range(students):
        start = time.perf_counter()
        try:
            sheet = hw.make_sheet(SECRET, "benchmark", student(k), kind, size)
        except PuzzleError as exc:
            print(f"  {kind} {size}, {student(k)}: {exc}", file=sys.stderr)
            failed += 1
            continue
        boards.append(sheet.made.seconds)
        hw.write_sheet(sheet, out / kind)
        sheets.append(time.perf_counter() - start)
        drawn.append(sheet.made.boards)
        repairs.append(sheet.made.repairs)
    return boards, sheets, drawn, repairs, failed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two students per kind and size")
    parser.add_argument("--students", type=int, default=None, help="students per kind and size (default 5)")
    parser.add_argument("--kind", action="append", help="only this kind (may be repeated)")
    args = parser.parse_args(argv)
    students = args.students or (2 if args.quick else 5)
    kinds = args.kind or registry.kinds()
    rows, worst, failures = [], 0.0, 0
    print(table(HEADERS, [], WIDTHS))
    with tempfile.TemporaryDirectory() as tmp:
        for kind in kinds:
            chapter, _, _ = hw.size_range(kind)
            for size in chapter or (hw.size_range(kind)[1],):
                boards, sheets, drawn, repairs, failed = run(kind, size, students, Path(tmp))
                failures += failed
                worst = max([worst, *sheets])
                rows.append([kind, size, f"{len(sheets)}/{students}",
                             seconds(statistics.mean(boards)) if boards else "-",
                             seconds(max(boards)) if boards else "-",
                             seconds(statistics.mean(sheets)) if sheets else "-",
                             seconds(max(sheets)) if sheets else "-",
                             f"{statistics.mean(drawn):.1f}" if drawn else "-",
                             f"{statistics.mean(repairs):.1f}" if repairs else "-"])
                print(table(HEADERS, rows[-1:], WIDTHS).splitlines()[-1], flush=True)
    limit = hw.SECONDS_PER_SHEET
    ok = failures == 0 and worst <= limit
    print(f"\nslowest sheet {worst:.2f} s; target: every sheet within {limit:g} s: "
          f"{'met' if ok else 'NOT MET'}" + (f" ({failures} sheets failed)" if failures else ""))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
