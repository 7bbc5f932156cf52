"""Binary Sudoku: the SAT search and the exact, big-M and lazy forms of rule 3 against CP-SAT.

    python benchmarks/bench_binairo.py                       # 14x14 .. 30x30, minimal and 40 % boards
    python benchmarks/bench_binairo.py --quick               # 10x10 .. 20x20, one board each, no part 2
    python benchmarks/bench_binairo.py --sizes 14,18,22,26,30 --boards 2 --models exact,bigm,bigm_vars,lazy
    python benchmarks/bench_binairo.py --models exact,bigm_vars --no-forced   # the library before lazy

Part 1 (puzzles): for each size, two kinds of planted unique boards: "minimal" from
``planted_puzzle(n, seed=seed, minimal=True)`` (givens removed until every one left is needed, the
hard case) and "40 %" from ``planted_puzzle(n, seed=seed, unique=True, model="lazy")`` (about 40 % of
the cells given, made unique on the integer program, so every version times the same boards).
"default" times ``solutions(limit=2)`` as a user calls it (the SAT search, ``model_sat.py``); each
model of ``--models`` times ``solutions(limit=2, model=...)``, the integer program: the solve plus
the search that proves no second filling exists. "ratio" is default / CP-SAT. CP-SAT (OR-Tools, one worker) times the same: a solve,
then a second solve with the first answer forbidden; it runs in a subprocess of its own
(``cpsat_binairo.py``), because OR-Tools and highspy must never share a process. Every answer is
checked: it must be the planted grid and unique, else the row says "WRONG". "rounds" is the
number of solves the lazy model needed for its first answer (1 = rule 3 was never needed).

Part 2 (generators): ``planted_puzzle(n, seed=seed, minimal=True)`` against a CP-SAT generator of the
same boards (``cpsat_binairo.py --generate``: the same planted grid and start, givens added until
unique, then dug until minimal, each step a fresh CP-SAT search), seconds per board.

Part 3 (two rows forced equal): an empty board with x[0, j] = x[1, j], so the right answer is
"infeasible". Reports "infeasible (correct)", "wrong answer" or "time limit".

Times are wall-clock on whatever machine runs this; a shared machine slows every column alike.
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

from puzzlelib import binairo as bn  # noqa: E402
from puzzlelib.core import NoSolution, SolverError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402

MODELS = ("exact", "bigm", "bigm_vars", "lazy")
KINDS = ("minimal", "40 %")


def boards(sizes, count, first_seed=1):
    """``count`` planted unique boards per size and kind (seeds first_seed, first_seed + 1, ...)."""
    out = []
    for n in sizes:
        for kind in KINDS:
            for seed in range(first_seed, first_seed + count):
                if kind == "minimal":
                    puzzle, planted = bn.planted_puzzle(n, seed=seed, minimal=True)
                else:
                    puzzle, planted = bn.planted_puzzle(n, seed=seed, unique=True, model="lazy")
                out.append((n, kind, seed, puzzle, planted.grid))
                print(f"  made {n}x{n} {kind} board #{seed} ({len(puzzle.given_cells())} givens)", file=sys.stderr)
    return out


def time_model(puzzle, planted, distinct, cap):
    """(seconds of solutions(limit=2), verdict, lazy rounds of the first answer); distinct None: the default."""
    options = {} if distinct is None else {"model": distinct}
    start = time.perf_counter()
    try:
        found = bn.solutions(puzzle, limit=2, time_limit=cap, **options)
    except SolverError:
        return None, "time limit", None
    elapsed = time.perf_counter() - start
    if not found:
        return elapsed, "WRONG: none", None
    if any(bn.verify(puzzle, s) for s in found) or found[0].grid != planted or len(found) != 1:
        return elapsed, "WRONG", None
    return elapsed, "unique", found[0].rounds


def time_cpsat(puzzles, cap, *flags, payload=None):
    """CP-SAT's results for every board, from one subprocess (see cpsat_binairo.py)."""
    texts = json.dumps([p.to_text() for p in puzzles] if payload is None else payload)
    result = subprocess.run([sys.executable, str(HERE / "cpsat_binairo.py"), str(cap), *flags], input=texts,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("CP-SAT failed (pip install ortools?):\n" + result.stderr[-2000:])
    return [json.loads(line) for line in result.stdout.splitlines()]


def part1(sizes, count, models, cap):
    made = boards(sizes, count)
    sat = time_cpsat([p for _, _, _, p, _ in made], cap)
    rows, per_size = [], {}
    for (n, kind, seed, puzzle, planted), cp in zip(made, sat):
        cp_ok = cp["answer"] == "unique" and tuple(tuple(map(int, r)) for r in cp["grid"]) == planted
        row = [f"{n}x{n}", kind, f"#{seed}", str(len(puzzle.given_cells())),
               seconds(cp["unique"]) + ("" if cp_ok else " WRONG")]
        for distinct in (None, *models):
            t, verdict, rounds = time_model(puzzle, planted, distinct, cap)
            shown = seconds(t) if verdict == "unique" else verdict
            if distinct == "lazy" and rounds is not None:
                shown += f" ({rounds})"
            row.append(shown)
            if verdict == "unique" and cp_ok:
                per_size.setdefault((n, kind, distinct), []).append(t / cp["unique"])
                if distinct is None:
                    row.append(f"{t / cp['unique']:.2f}x")
            elif distinct is None:
                row.append("-")
            print(f"  {n}x{n} {kind} #{seed} {distinct or 'default'}: {verdict}", file=sys.stderr)
        rows.append(row)
    print(f"Planted unique boards: seconds of solve + uniqueness proof (solutions(limit=2)); the models on "
          f"HiGHS; time limit {cap:g} s. Lazy: (solves for the first answer).")
    print(table(["board", "kind", "seed", "givens", "CP-SAT", "default", "ratio", *models], rows,
                widths=[7, 8, 5, 6, 9, 9, 7] + [13] * len(models)))
    print()
    summary = []
    for n in sizes:
        for kind in KINDS:
            summary.append([f"{n}x{n}", kind] + [f"{statistics.median(per_size[key]):.2f}x" if key in per_size else "-"
                                                 for key in ((n, kind, m) for m in (None, *models))])
    print("Median time relative to CP-SAT on the same boards (1.0x = as fast):")
    print(table(["board", "kind", "default", *models], summary, widths=[7, 8, 9] + [11] * len(models)))
    ratios = [r for (_, _, m), rs in per_size.items() if m is None for r in rs]
    if ratios:
        print(f"default: median {statistics.median(ratios):.2f}x CP-SAT, worst {max(ratios):.2f}x "
              f"over {len(ratios)} boards")
    print()


def part_generate(sizes, count, cap):
    """Minimal boards from planted_puzzle against the same steps on CP-SAT."""
    jobs = [(n, seed) for n in sizes for seed in range(1, count + 1)]
    payload = []
    mine = []
    for n, seed in jobs:
        start = time.perf_counter()
        puzzle, planted = bn.planted_puzzle(n, seed=seed, minimal=True)
        mine.append((time.perf_counter() - start, puzzle))
        # the CP-SAT generator starts from the same planted grid and the same 40 % of givens
        start_board = bn.planted_puzzle(n, seed=seed)[0]
        payload.append({"grid": ["".join(map(str, row)) for row in planted.grid],
                        "start": start_board.to_text(), "seed": seed})
    theirs = time_cpsat([], cap, "--generate", payload=payload)
    rows, ratios = [], []
    for (n, seed), (t, puzzle), cp in zip(jobs, mine, theirs):
        ratio = t / cp["seconds"]
        ratios.append(ratio)
        rows.append((f"{n}x{n}", f"#{seed}", f"{len(puzzle.given_cells())}", seconds(t),
                     f"{cp['givens']}", seconds(cp["seconds"]), f"{ratio:.2f}x"))
        print(f"  generated {n}x{n} #{seed}", file=sys.stderr)
    print("Generators: one minimal unique board (planted_puzzle(minimal=True)) against CP-SAT doing the same steps")
    print(table(["board", "seed", "givens", "library", "CP-SAT givens", "CP-SAT", "ratio"], rows,
                widths=[7, 5, 6, 9, 13, 9, 7]))
    print(f"generator: median {statistics.median(ratios):.2f}x CP-SAT, worst {max(ratios):.2f}x")
    print()


def part2(sizes, models, cap):
    rows = []
    for n in sizes:
        for distinct in models:
            trial = bn.forced_equal_trial(n, distinct, "highs", time_limit=cap)
            shown = None if trial.outcome == "time limit" else trial.seconds
            rows.append((f"{n}x{n}", distinct, seconds(shown), trial.outcome))
            print(f"  forced-equal {n}x{n} {distinct}: {trial.outcome}", file=sys.stderr)
    print(f"Rows 0 and 1 forced equal (right answer: infeasible), HiGHS, time limit {cap:g} s")
    print(table(["board", "model", "time", "outcome"], rows, widths=[7, 10, 10, 22]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="14,18,22,26,30", help="comma-separated even board sizes")
    parser.add_argument("--boards", type=int, default=2, help="planted unique boards per size and kind")
    parser.add_argument("--models", default="lazy", help=f"comma-separated, from {','.join(MODELS)}")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per model and board, seconds")
    parser.add_argument("--no-forced", action="store_true", help="skip part 3 (forced-equal rows)")
    parser.add_argument("--no-generate", action="store_true", help="skip part 2 (generators)")
    parser.add_argument("--quick", action="store_true", help="10x10 to 20x20, one board each, the default only")
    args = parser.parse_args(argv)
    if args.quick:
        args.sizes, args.boards, args.models, args.no_forced = "10,14,20", 1, "", True
    sizes = [int(v) for v in args.sizes.split(",")]
    models = [m for m in args.models.split(",") if m]
    unknown = set(models) - set(MODELS)
    if unknown:
        parser.error(f"unknown models: {', '.join(sorted(unknown))}")
    part1(sizes, args.boards, models, args.cap)
    if not args.no_generate:
        largest = 10 if args.quick else 20  # CP-SAT's generator takes about a minute for a 20x20
        part_generate([n for n in sizes if n <= largest] or sizes[:1], args.boards, args.cap)
    if not args.no_forced:
        part2(sizes, models or ["lazy"], args.cap)


if __name__ == "__main__":
    main()
