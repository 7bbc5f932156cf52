"""Slider: the shortest-path IP against breadth-first search on growing random boards.

    python benchmarks/bench_slider.py            # 10x10 .. 200x200, median of 3 runs
    python benchmarks/bench_slider.py --quick    # 10x10 .. 50x50, one run
    python benchmarks/bench_slider.py --solver cbc --time-limit 30

Each board is random with 20% obstacles (seeded by its size) and a target at least 5 moves away.
For the IP the table splits the time into building the model (move graph plus PuLP variables and
constraints) and solving it; every solve is capped by ``--time-limit``. A capped run shows a dash,
and larger sizes are then skipped. The last column times ``sl.solve(board, time_limit=1)``: one
limit bounds the whole call, model building included, so it never takes much more than a second.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import slider as sl  # noqa: E402
from puzzlelib.core.errors import SolverError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402
from puzzlelib.engine.solver import solve_model  # noqa: E402

SIZES = (10, 20, 50, 100, 150, 200)
QUICK = (10, 20, 50)


def timed(action):
    start = time.perf_counter()
    result = action()
    return result, time.perf_counter() - start


def run_bfs(board):
    path = sl.bfs_path(board)
    return len(path) - 1


def run_ip(board, solver, time_limit):
    """(moves, build seconds, solve seconds); moves is None when the cap was hit."""
    (problem, x), build = timed(lambda: sl.build_model(board))
    try:
        _, solve = timed(lambda: solve_model(problem, solver=solver, time_limit=time_limit))
    except SolverError:
        return None, build, None
    moves = len(sl.path_from_arcs(board, [arc for arc, var in x.items() if var.value() > 0.5])) - 1
    return moves, build, solve


def capped_call(board, solver) -> str:
    """How long ``sl.solve(board, time_limit=1)`` takes, and whether it gave up."""
    started = time.perf_counter()
    try:
        sl.solve(board, solver=solver, time_limit=1)
        outcome = "solved"
    except SolverError:
        outcome = "gave up"
    return f"{seconds(time.perf_counter() - started)} {outcome}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, one run each")
    parser.add_argument("--solver", choices=["highs", "cbc"], default=None)
    parser.add_argument("--time-limit", type=float, default=60.0, help="cap per solve, in seconds")
    parser.add_argument("--repeat", type=int, default=None, help="runs per size (median); default 3, quick 1")
    args = parser.parse_args(argv)
    sizes = QUICK if args.quick else SIZES
    repeat = args.repeat or (1 if args.quick else 3)

    rows = []
    for n in sizes:
        board = sl.random_puzzle(n, seed=n, min_moves=5)
        bfs_times, builds, solves, ip_moves = [], [], [], None
        bfs_moves = None
        for _ in range(repeat):
            bfs_moves, t = timed(lambda: run_bfs(board))
            bfs_times.append(t)
            ip_moves, build, solve = run_ip(board, args.solver, args.time_limit)
            builds.append(build)
            solves.append(solve)
            if solve is None:
                break
        capped = any(s is None for s in solves)
        solve_med = None if capped else statistics.median(solves)
        total = None if capped else statistics.median(b + s for b, s in zip(builds, solves))
        agree = "-" if capped else ("yes" if ip_moves == bfs_moves else "NO")
        rows.append([f"{n}x{n}", len(board.free_cells()), len(sl.arcs(board)), bfs_moves,
                     "-" if capped else ip_moves, agree, seconds(statistics.median(bfs_times)),
                     seconds(statistics.median(builds)), seconds(solve_med), seconds(total),
                     capped_call(board, args.solver)])
        print(f"  {n}x{n} done", file=sys.stderr, flush=True)
        if capped:
            print(f"  {n}x{n} hit the {args.time_limit:g} s cap: larger sizes skipped", file=sys.stderr)
            break
    solver = args.solver or "highs"
    print(f"Slider: IP ({solver}) against BFS, median of {repeat} run(s), cap {args.time_limit:g} s per solve")
    print(table(["board", "free cells", "arcs", "BFS moves", "IP moves", "agree", "BFS", "IP build",
                 "IP solve", "IP total", "limit 1 s"], rows, [8, 10, 8, 9, 8, 5, 10, 10, 10, 10, 17]))
    return 0 if all(row[5] != "NO" for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
