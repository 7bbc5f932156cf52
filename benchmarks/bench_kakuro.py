"""Kakuro: our searches beside CP-SAT, on Appendix B, the corpus, growing planted boards and the generator.

    python benchmarks/bench_kakuro.py                # every part
    python benchmarks/bench_kakuro.py --quick        # Appendix B, sizes 10 and 20, no corpus
    python benchmarks/bench_kakuro.py --sizes 10,20,30 --boards 3 --cap 60
    python benchmarks/bench_kakuro.py --no-cpsat     # ours only

Every time is ``solutions(limit=2)``: the solve plus the search that proves no second filling
exists (a call under half a second is the median of three, ``timing.timed_median``), each capped by
``--cap`` seconds. Every answer is checked by ``verify``; a wrong one stops the run.

The setups: "default" is what ``kk.solutions`` does (narrowing, then the combination model written
as clauses on CaDiCaL, ``search="sat"``); "mip" the same narrowing and model as an integer program
on HiGHS (``search="mip"``, the default before issue 29); "combos" and "hartmann" the two
formulations exactly as chapter 8 states them (``narrow=False``). "CP-SAT" is OR-Tools with one
worker in a subprocess (``cpsat_kakuro.py``: an integer per cell, AllDifferent and a sum per run;
ortools and highspy never share a process). ratio = default / CP-SAT (below 1: we are faster).

Part 1: Appendix B's 8x8 (Hartmann 2018; GLPK took 4.5 s). Target: the default under 0.2 s.
Part 2: the corpus (``../shared/corpus/kakuro.json``, skipped when absent; never copied). Targets:
every puzzle unique, equal to the known solution, within 3x CP-SAT.
Part 3: growing planted boards (``random_puzzle(n, seed=s, black=0.3)``, sizes 10 to 59). Targets:
within 3x CP-SAT on every board, 59x59 under 10 s.
Part 4: the chapter's two formulations without narrowing (the integer programs), sizes 8-16.
Target: the combination model ahead of Hartmann's on every board of 10x10 and up.
Part 5: the generator. Ours: ``planted_puzzle(n, seed=s)`` (pattern, repair, digits, clues) and
then ``solutions(limit=2)`` on its board; the CP-SAT generator: the same planting (the same code,
timed here) and CP-SAT's solve and second solve on the same board. Targets: within 3x, and a 59x59
board, planted and proven, in under a minute.

Times are wall-clock on whatever machine runs this; a shared machine slows every column alike.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from timing import timed_median  # noqa: E402

from puzzlelib import kakuro as kk  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402

CORPUS = HERE.parents[1] / "shared" / "corpus" / "kakuro.json"
GLPK_SECONDS = 4.5
SIZES = (10, 20, 30, 40, 50, 59)

#: What each setup passes to solutions(): see the docstring.
SETUPS = {"default": {}, "mip": {"search": "mip"}, "combos": {"model": "combos", "narrow": False},
          "hartmann": {"model": "hartmann", "narrow": False}}


def ours(puzzle, setup, cap):
    """(seconds, verdict, first answer) of solutions(limit=2) in a setup of SETUPS; (None, 'capped', None)."""
    t, found = timed_median(lambda: kk.solutions(puzzle, limit=2, time_limit=cap, **SETUPS[setup]))
    if found is None:
        return None, "capped", None
    assert found and all(kk.verify(puzzle, s) == [] for s in found), f"WRONG answer ({setup})"
    return t, "unique" if len(found) == 1 else "2+", found[0]


def cpsat(puzzles, cap, enabled=True):
    """CP-SAT's results for every board, from one subprocess (see cpsat_kakuro.py), or Nones."""
    if not enabled or not puzzles:
        return [None] * len(puzzles)
    boards = [{"cells": [list(row) for row in p.cells]} for p in puzzles]
    result = subprocess.run([sys.executable, str(HERE / "cpsat_kakuro.py"), str(cap)], input=json.dumps(boards),
                            capture_output=True, text=True)
    if result.returncode != 0:
        print("CP-SAT left out (pip install ortools, or `pip install -e .[bench]`):\n" + result.stderr[-500:],
              file=sys.stderr)
        return [None] * len(puzzles)
    found = [json.loads(line) for line in result.stdout.splitlines()]
    for puzzle, r in zip(puzzles, found):
        if r.get("grid"):
            assert kk.verify(puzzle, r["grid"]) == [], "CP-SAT's answer breaks a rule"
    return found


def ratio(mine, theirs) -> str:
    if mine is None or theirs is None:
        return "-"
    return f"{mine / theirs:.2f}x"


def within(mine, theirs, factor=3.0) -> bool:
    return theirs is None or (mine is not None and mine <= factor * theirs)


def part1(cap):
    print("Part 1: Appendix B's 8x8 (GLPK: 4.5 s in Hartmann 2018)\n")
    puzzle = kk.Puzzle.from_text(kk.SEED_BOARD)
    rows, ok = [], True
    for setup in SETUPS:
        t, verdict, _ = ours(puzzle, setup, cap)
        rows.append([setup, seconds(t), verdict, f"{GLPK_SECONDS / t:.0f}x" if t else "-"])
        if setup == "default":
            ok = t is not None and t < 0.2 and verdict == "unique"
    print(table(["setup", "time", "answer", "vs GLPK"], rows, [9, 10, 8, 8]))
    print(f"\ntarget (default under 0.2 s, unique): {'met' if ok else 'MISSED'}\n")
    return ok


def part2(cap, use_cpsat):
    if not CORPUS.exists():
        print("Part 2: the corpus is not on this machine; skipped\n")
        return True
    print("Part 2: the corpus (real puzzles)\n")
    records = json.loads(CORPUS.read_text())
    puzzles = [kk.Puzzle(record["decoded"]["cells"]) for record in records]
    theirs = cpsat(puzzles, cap, use_cpsat)
    rows, ok = [], True
    for record, puzzle, c in zip(records, puzzles, theirs):
        known = record["solution"] or record["computed_solution"]
        td, vd, first = ours(puzzle, "default", cap)
        tm, vm, _ = ours(puzzle, "mip", cap)
        if first is not None and str(first).split("\n") != known:
            vd = "WRONG"
        tc = c["second"] if c else None
        rows.append([record["id"][:30], f"{puzzle.shape[0]}x{puzzle.shape[1]}", len(puzzle.white), seconds(td), vd,
                     seconds(tm), seconds(tc), c["answer"] if c else "-", ratio(td, tc)])
        ok = ok and vd == "unique" and within(td, tc)
    print(table(["puzzle", "size", "white", "default", "answer", "mip", "CP-SAT", "answer", "ratio"], rows,
                [30, 6, 5, 9, 7, 9, 9, 7, 7]))
    print(f"\ntarget (every puzzle unique, the known solution, within 3x CP-SAT): {'met' if ok else 'MISSED'}\n")
    return ok


def part3(sizes, count, cap, use_cpsat, mip_up_to):
    print("Part 3: growing planted boards, random_puzzle(n, seed=s, black=0.3): solve + search for a second filling\n")
    boards = [(n, s, kk.random_puzzle(n, seed=s, black=0.3)) for n in sizes for s in range(1, count + 1)]
    theirs = cpsat([p for _, _, p in boards], cap, use_cpsat)
    rows, ok = [], True
    for (n, s, puzzle), c in zip(boards, theirs):
        td, vd, _ = ours(puzzle, "default", cap)
        tm, vm = ours(puzzle, "mip", cap)[:2] if n <= mip_up_to else (None, "not run")
        tc = c["second"] if c else None
        rows.append([f"{n}x{n}", s, len(puzzle.white), seconds(td), vd, seconds(tm) if tm else vm, seconds(tc),
                     ratio(td, tc)])
        ok = ok and within(td, tc) and (n < 59 or (td is not None and td < 10))
    print(table(["size", "seed", "white", "default", "answer", "mip", "CP-SAT", "ratio"], rows,
                [6, 4, 5, 9, 7, 9, 9, 7]))
    print(f"\ntarget (within 3x CP-SAT on every board, 59x59 under 10 s): {'met' if ok else 'MISSED'}\n")
    return ok


def part4(sizes, count, cap):
    print("Part 4: the chapter's formulations as stated (no narrowing, integer programs on HiGHS);")
    print("        ratio = Hartmann's time / the combination model's\n")
    rows, ok = [], True
    for n in sizes:
        for seed in range(1, count + 1):
            puzzle = kk.random_puzzle(n, seed=seed, black=0.3)
            tc, vc, _ = ours(puzzle, "combos", cap)
            th, vh, _ = ours(puzzle, "hartmann", cap)
            r = (th or cap) / tc if tc else None  # Hartmann at the cap: a lower bound, shown with ">"
            shown = "-" if r is None else f"{'>' if th is None else ''}{r:.1f}x"
            rows.append([f"{n}x{n}", seed, len(puzzle.white), seconds(tc), vc, seconds(th), vh, shown])
            if n >= 10:
                ok = ok and r is not None and r > 1
    print(table(["size", "seed", "white", "combos", "answer", "hartmann", "answer", "ratio"], rows,
                [6, 4, 5, 10, 7, 10, 7, 7]))
    print(f"\ntarget (combos ahead on every board of 10x10 and up): {'met' if ok else 'MISSED'}\n")
    return ok


def part5(sizes, count, cap, use_cpsat):
    print("Part 5: the generator, planted_puzzle(n, seed=s) then solutions(limit=2), beside the same")
    print("        planting then CP-SAT's solve and second solve\n")
    made = []
    for n in sizes:
        for s in range(1, count + 1):
            start = time.perf_counter()
            puzzle, planted = kk.planted_puzzle(n, seed=s)
            plant = time.perf_counter() - start
            assert kk.verify(puzzle, planted) == []
            made.append((n, s, puzzle, plant))
    theirs = cpsat([p for _, _, p, _ in made], cap, use_cpsat)
    rows, ok = [], True
    for (n, s, puzzle, plant), c in zip(made, theirs):
        td, vd, _ = ours(puzzle, "default", cap)
        mine = plant + td if td is not None else None
        other = plant + c["second"] if c and c["second"] is not None else None
        rows.append([f"{n}x{n}", s, seconds(plant), seconds(td), seconds(mine), seconds(other), ratio(mine, other)])
        ok = ok and within(mine, other) and (n < 59 or (mine is not None and mine < 60))
    print(table(["size", "seed", "planting", "proof", "ours", "CP-SAT gen", "ratio"], rows, [6, 4, 9, 9, 9, 10, 7]))
    print(f"\ntarget (within 3x the CP-SAT generator, 59x59 under a minute): {'met' if ok else 'MISSED'}")
    return ok


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="Appendix B, sizes 10 and 20, no corpus")
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--boards", type=int, default=2)
    parser.add_argument("--cap", type=float, default=60.0)
    parser.add_argument("--mip-up-to", type=int, default=40,
                        help="the largest size timed on the integer program (larger ones hit the cap)")
    parser.add_argument("--no-cpsat", action="store_true")
    args = parser.parse_args(argv)
    sizes = [10, 20] if args.quick else [int(s) for s in args.sizes.split(",")]
    count = 1 if args.quick else args.boards
    use_cpsat = not args.no_cpsat
    results = [part1(args.cap)]
    if not args.quick:
        results.append(part2(args.cap, use_cpsat))
    results.append(part3(sizes, count, args.cap, use_cpsat, args.mip_up_to))
    results.append(part4([10, 12] if args.quick else [8, 10, 12, 14, 16], count, args.cap))
    results.append(part5(sizes, count, args.cap, use_cpsat))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
