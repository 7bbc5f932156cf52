"""Binary Sudoku: exact, big-M and lazy forms of rule 3 against CP-SAT, on growing planted boards.

    python benchmarks/bench_binairo.py                       # quick: 14x14 .. 22x22, one board each
    python benchmarks/bench_binairo.py --sizes 14,18,22,26,30 --boards 2 --models exact,bigm,bigm_vars,lazy
    python benchmarks/bench_binairo.py --models exact,bigm_vars --no-forced   # the library before lazy

Part 1 (puzzles): for each size, boards from ``random_puzzle(n, seed=seed, unique=True)`` (planted, made
unique by search with the lazy model, so every run and every version times the same boards). Every model times ``solutions(limit=2)`` on the same boards: the solve plus the
search that proves no second filling exists. CP-SAT (OR-Tools, one worker) times the same: a solve,
then a second solve with the first answer forbidden; it runs in a subprocess of its own
(``cpsat_binairo.py``), because OR-Tools and highspy must never share a process. Every answer is
checked: it must be the planted grid and unique, else the row says "WRONG". "rounds" is the
number of solves the lazy model needed for its first answer (1 = rule 3 was never needed).

Part 2 (two rows forced equal): an empty board with x[0, j] = x[1, j], so the right answer is
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


def boards(sizes, count, first_seed=1):
    """``count`` planted unique boards per size (seeds first_seed, first_seed + 1, ...)."""
    out = []
    for n in sizes:
        for seed in range(first_seed, first_seed + count):
            puzzle, planted = bn.planted_puzzle(n, seed=seed, unique=True, model="lazy")
            planted = planted.grid
            out.append((n, seed, puzzle, planted))
            print(f"  made {n}x{n} board #{seed} ({len(puzzle.given_cells())} givens)", file=sys.stderr)
    return out


def time_model(puzzle, planted, distinct, cap):
    """(seconds of solutions(limit=2), verdict, lazy rounds of the first answer)."""
    start = time.perf_counter()
    try:
        found = bn.solutions(puzzle, limit=2, time_limit=cap, model=distinct)
    except SolverError:
        return None, "time limit", None
    elapsed = time.perf_counter() - start
    if not found:
        return elapsed, "WRONG: none", None
    if any(bn.verify(puzzle, s) for s in found) or found[0].grid != planted or len(found) != 1:
        return elapsed, "WRONG", None
    return elapsed, "unique", found[0].rounds


def time_cpsat(puzzles, cap):
    """CP-SAT's results for every board, from one subprocess (see cpsat_binairo.py)."""
    texts = json.dumps([p.to_text() for p in puzzles])
    result = subprocess.run([sys.executable, str(HERE / "cpsat_binairo.py"), str(cap)], input=texts,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit("CP-SAT failed (pip install ortools?):\n" + result.stderr[-2000:])
    return [json.loads(line) for line in result.stdout.splitlines()]


def part1(sizes, count, models, cap):
    made = boards(sizes, count)
    sat = time_cpsat([p for _, _, p, _ in made], cap)
    rows, per_size = [], {}
    for (n, seed, puzzle, planted), cp in zip(made, sat):
        cp_ok = cp["answer"] == "unique" and tuple(tuple(map(int, r)) for r in cp["grid"]) == planted
        row = [f"{n}x{n}", f"#{seed}", seconds(cp["unique"]) + ("" if cp_ok else " WRONG")]
        for distinct in models:
            t, verdict, rounds = time_model(puzzle, planted, distinct, cap)
            shown = seconds(t) if verdict == "unique" else verdict
            if distinct == "lazy" and rounds is not None:
                shown += f" ({rounds})"
            row.append(shown)
            if verdict == "unique":
                per_size.setdefault((n, distinct), []).append(t / cp["unique"])
            print(f"  {n}x{n} #{seed} {distinct}: {verdict}", file=sys.stderr)
        rows.append(row)
    print(f"Planted unique boards: seconds of solve + uniqueness proof (solutions(limit=2)), HiGHS; "
          f"time limit {cap:g} s. Lazy: (solves for the first answer).")
    print(table(["board", "seed", "CP-SAT", *models], rows, widths=[7, 5, 9] + [13] * len(models)))
    print()
    summary = []
    for n in sizes:
        summary.append([f"{n}x{n}"] + [f"{statistics.median(per_size[n, m]):.1f}x" if (n, m) in per_size else "-"
                                        for m in models])
    print("Median time relative to CP-SAT on the same boards (1.0x = as fast):")
    print(table(["board", *models], summary, widths=[7] + [11] * len(models)))
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
    parser.add_argument("--sizes", default="14,18,22", help="comma-separated even board sizes")
    parser.add_argument("--boards", type=int, default=1, help="planted unique boards per size")
    parser.add_argument("--models", default="exact,bigm,lazy", help=f"comma-separated, from {','.join(MODELS)}")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per model and board, seconds")
    parser.add_argument("--no-forced", action="store_true", help="skip part 2 (forced-equal rows)")
    args = parser.parse_args(argv)
    sizes = [int(v) for v in args.sizes.split(",")]
    models = [m for m in args.models.split(",") if m]
    unknown = set(models) - set(MODELS)
    if unknown:
        parser.error(f"unknown models: {', '.join(sorted(unknown))}")
    part1(sizes, args.boards, models, args.cap)
    if not args.no_forced:
        part2(sizes, models, args.cap)


if __name__ == "__main__":
    main()
