"""Solve time against board size (chapter 13): a polynomial puzzle beside NP-complete ones, fitted.

    python benchmarks/bench_growth.py --quick                 # the short series, a few minutes
    python benchmarks/bench_growth.py                         # the full series
    python benchmarks/bench_growth.py --puzzles v3ck,slider --repeat 3 --time-limit 60

Each puzzle runs the deterministic size series of ``puzzlelib.complexity.growth.SERIES`` (one board
per size and seed, the same on every run) with several methods:

- slider (polynomial: a shortest path): the chapter-4 integer program on HiGHS, and breadth-first search;
- binairo (NP-complete): the integer program on HiGHS, and CP-SAT (``cpsat_binairo.py``, in a
  subprocess of its own: OR-Tools and highspy never share a process; a dash when OR-Tools is missing,
  ``pip install -e .[bench]``);
- sudoku (NP-complete): the integer program on HiGHS, and the same rules as clauses on CaDiCaL;
- flowfree (NP-complete): one answer by the integer program, and an answer with the proof that no
  other exists, searched by HiGHS (``search="mip"``) and by CaDiCaL (``search="sat"``);
- v3ck (NP-complete) on the flower snarks J_k, which have no colouring, so every method must prove
  that none exists: the integer program on HiGHS, the clauses on CaDiCaL, and the plain backtracking
  search of ``reductions.edge_colourings``.

A method that passes ``--time-limit`` on a size shows a dash and skips the larger sizes. Every answer
is checked (a filling keeps the rules, a proof agrees with the backtracking search where that ran).
For each method the times are fitted (``growth.fit``: least squares on log t against n and against
log n) and the better law printed; the last line of each table names the fastest method at the
largest size every method finished. Times are wall-clock seconds on whatever machine runs this;
fits over small times partly measure fixed costs (building a PuLP model, starting a process).
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

from puzzlelib import binairo as bn  # noqa: E402
from puzzlelib import flowfree as ff  # noqa: E402
from puzzlelib import slider as sl  # noqa: E402
from puzzlelib import sudoku as su  # noqa: E402
from puzzlelib import v3ck  # noqa: E402
from puzzlelib.complexity import growth as gr  # noqa: E402
from puzzlelib.complexity import reductions as rd  # noqa: E402
from puzzlelib.core.errors import NoSolution, SolverError  # noqa: E402
from puzzlelib.display.progress import progress  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402
from puzzlelib.engine.sat import SatSearch  # noqa: E402


class Capped(Exception):
    """A method passed the time limit (or its search budget) on a board."""


def capped(action):
    """Run ``action``; a SolverError (a time limit) becomes Capped."""
    try:
        return action()
    except SolverError as exc:
        raise Capped(str(exc)) from None


# -- methods: each takes (board, cap) and returns a short outcome word, raising Capped -------------
def slider_ip(board, cap):
    found = capped(lambda: sl.solve(board, time_limit=cap))
    return f"{found.moves} moves"


def slider_bfs(board, cap):
    return f"{len(sl.bfs_path(board)) - 1} moves"


def binairo_ip(board, cap):
    found = capped(lambda: bn.solve(board, time_limit=cap))
    assert bn.verify(board, found) == [], "WRONG"
    return "solved"


def sudoku_ip(board, cap):
    found = capped(lambda: su.solve(board, time_limit=cap))
    assert su.verify(board, found) == [], "WRONG"
    return "solved"


def sudoku_sat(board, cap):
    """Classic Sudoku as clauses: one digit per cell, each digit once per row, column and box."""
    n = len(board.givens)
    units = [cells for _, cells in su.units(n)]
    with SatSearch() as s:
        x = {(r, c, d): s.new() for r in range(n) for c in range(n) for d in range(1, n + 1)}
        for r in range(n):
            for c in range(n):
                s.exactly_one([x[r, c, d] for d in range(1, n + 1)])
                if board.givens[r][c]:
                    s.add([x[r, c, board.givens[r][c]]])
        for cells in units:
            for d in range(1, n + 1):
                s.exactly_one([x[r, c, d] for r, c in cells])
        model = capped(lambda: s.solve(cap))
    if model is None:
        return "none"
    grid = [[next(d for d in range(1, n + 1) if x[r, c, d] in model) for c in range(n)] for r in range(n)]
    assert su.verify(board, grid) == [], "WRONG"
    return "solved"


def flowfree_ip(board, cap):
    found = capped(lambda: ff.solve(board, time_limit=cap))
    assert ff.verify(board, found) == [], "WRONG"
    return "solved"


def flowfree_proof(search):
    def run(board, cap):
        found = capped(lambda: ff.solutions(board, limit=2, time_limit=cap, search=search))
        return "unique" if len(found) == 1 else f"{len(found)} answers"
    return run


def v3ck_ip(board, cap):
    try:
        capped(lambda: v3ck.solve(board, time_limit=cap))
    except NoSolution:
        return "none"
    return "WRONG: a colouring"


def v3ck_sat(board, cap):
    found = capped(lambda: gr.sat_colouring(board, time_limit=cap))
    return "WRONG: a colouring" if found.found else "none"


def v3ck_backtrack(board, cap):
    n, edges = rd.graph_of(board)
    search = rd.edge_colourings(n, edges, limit=1, budget=int(2_000_000 * cap))  # about a second per million
    if not search.complete:
        raise Capped("budget")
    return "none" if not search.colourings else "WRONG: a colouring"


METHODS = {
    "slider": {"IP (HiGHS)": slider_ip, "BFS": slider_bfs},
    "binairo": {"IP (HiGHS)": binairo_ip, "CP-SAT": None},  # CP-SAT runs in a subprocess, see cpsat_times
    "sudoku": {"IP (HiGHS)": sudoku_ip, "SAT (CaDiCaL)": sudoku_sat},
    "flowfree": {"IP (HiGHS)": flowfree_ip, "IP + proof by HiGHS": flowfree_proof("mip"),
                 "IP + proof by CaDiCaL": flowfree_proof("sat")},
    "v3ck": {"IP (HiGHS)": v3ck_ip, "SAT (CaDiCaL)": v3ck_sat, "backtracking": v3ck_backtrack},
}


def cpsat_times(boards, cap) -> list[float | None]:
    """CP-SAT's solve time for each Binary Sudoku board, from one subprocess, or Nones without OR-Tools."""
    texts = json.dumps([b.to_text() for b in boards])
    result = subprocess.run([sys.executable, str(HERE / "cpsat_binairo.py"), str(cap)], input=texts,
                            capture_output=True, text=True)
    if result.returncode != 0:
        return [None] * len(boards)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    return [row["solve"] if row["solve"] <= cap else None for row in rows]


def run_puzzle(kind: str, sizes, seeds, repeat: int, cap: float) -> None:
    series = gr.SERIES[kind]
    methods = METHODS[kind]
    made = gr.boards(kind, sizes, seeds)
    times: dict[str, dict[int, float | None]] = {m: {} for m in methods}
    given_up = set()
    for n, seed, board in progress(made, desc=kind):
        for name, method in methods.items():
            if method is None or name in given_up:
                continue
            runs = []
            for _ in range(repeat):
                try:
                    outcome, took = gr.timed(lambda: method(board, cap))
                except Capped:
                    runs = None
                    break
                if str(outcome).startswith("WRONG"):
                    raise SystemExit(f"{kind} {n} seed {seed}: {name} gave a wrong answer ({outcome})")
                runs.append(took)
            if runs is None or statistics.median(runs) > cap:
                given_up.add(name)
                times[name].setdefault(n, None)
                continue
            times[name].setdefault(n, 0.0)
            times[name][n] += statistics.median(runs) / len(seeds)
    if "CP-SAT" in methods:
        sat = cpsat_times([b for _, _, b in made], cap)
        for (n, _, _), t in zip(made, sat):
            if t is None:
                times["CP-SAT"][n] = None
            elif times["CP-SAT"].get(n, 0.0) is not None:
                times["CP-SAT"][n] = times["CP-SAT"].get(n, 0.0) + t / len(seeds)
    report(kind, series, sizes, times)


def report(kind, series, sizes, times) -> None:
    names = list(times)
    print(f"\n{kind} ({series.complexity}); size = {series.size_means}")
    rows = [(n, *[seconds(times[m].get(n)) for m in names]) for n in sizes]
    print(table(["size", *names], rows, widths=[6, *[max(12, len(m)) for m in names]]))
    for m in names:
        points = [(n, t) for n, t in times[m].items() if t is not None and t > 0]
        if len(points) >= 3:
            found = gr.fit([n for n, _ in points], [t for _, t in points])
            print(f"  {m:24s} fit over {len(points)} sizes: {found.describe()} "
                  f"(residuals: exponential {found.residuals['exponential']:.2f}, "
                  f"polynomial {found.residuals['polynomial']:.2f})")
        else:
            print(f"  {m:24s} too few sizes to fit" + (" (OR-Tools not installed?)" if m == "CP-SAT" else ""))
    ran = [m for m in names if any(t is not None for t in times[m].values())]
    common = [n for n in sizes if all(times[m].get(n) is not None for m in ran)]
    if common and len(ran) > 1:
        names = ran
        n = common[-1]
        best = min(names, key=lambda m: times[m][n])
        others = ", ".join(f"{m} {times[m][n] / times[best][n]:.1f}x" for m in names if m != best)
        print(f"  fastest at size {n}, the largest every method finished: {best} ({others} slower)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="the short series of each puzzle")
    parser.add_argument("--puzzles", default=",".join(METHODS), help="comma-separated, of " + ", ".join(METHODS))
    parser.add_argument("--seeds", type=int, default=1, help="boards per size (times are averaged)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per board (the median is kept)")
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds per solve before a method stops")
    args = parser.parse_args(argv)
    for kind in args.puzzles.split(","):
        if kind not in METHODS:
            raise SystemExit(f"unknown puzzle {kind!r}; choose from {', '.join(METHODS)}")
        series = gr.SERIES[kind]
        run_puzzle(kind, series.quick if args.quick else series.sizes, range(args.seeds), args.repeat,
                   args.time_limit)


if __name__ == "__main__":
    main()
