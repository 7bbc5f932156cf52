"""Aquarium in OR-Tools CP-SAT (one worker): the comparison model of bench_aquarium.py.

Run by bench_aquarium.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process. It imports neither puzzlelib nor PuLP. Reads a JSON list of boards on
stdin, each ``{"tanks": rows of tank numbers, "rows": counts or null, "cols": counts or null}``,
and prints one JSON line per board: the seconds to solve and prove uniqueness (a second solve with
the first answer forbidden), the answer ("unique", "2+ solutions", "INFEASIBLE", ...) and the grid.
The model is the chapter's cell model: counts, equal cells in a tank row, a wet row wets the one below.

    python benchmarks/cpsat_aquarium.py 60 < boards.json
"""

from __future__ import annotations

import time

from cpsat_common import ANSWERED, one_worker, second_verdict, serve
from ortools.sat.python import cp_model


def build(board):
    tanks, rows, cols = board["tanks"], board["rows"], board["cols"]
    nrows, ncols = len(tanks), len(tanks[0])
    model = cp_model.CpModel()
    x = {(r, c): model.NewBoolVar(f"x_{r}_{c}") for r in range(nrows) for c in range(ncols)}
    for r, want in enumerate(rows):
        if want is not None:
            model.Add(sum(x[r, c] for c in range(ncols)) == want)
    for c, want in enumerate(cols):
        if want is not None:
            model.Add(sum(x[r, c] for r in range(nrows)) == want)
    by_tank = {}
    for r in range(nrows):
        for c in range(ncols):
            by_tank.setdefault(tanks[r][c], {}).setdefault(r, []).append((r, c))
    for levels in by_tank.values():
        order = sorted(levels, reverse=True)  # bottom row first
        for r in order:
            cells = levels[r]
            for a, b in zip(cells, cells[1:]):
                model.Add(x[a] == x[b])
        for lower, upper in zip(order, order[1:]):
            model.AddImplication(x[levels[upper][0]], x[levels[lower][0]])
    return model, x


def solve_and_prove(board, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    model, x = build(board)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    if status not in ANSWERED:
        return {"unique": time.perf_counter() - start, "answer": solver.StatusName(status)}
    grid = [[solver.Value(x[r, c]) for c in range(len(board["cols"]))] for r in range(len(board["rows"]))]
    model.AddBoolOr([x[r, c].Not() if v else x[r, c] for r, row in enumerate(grid) for c, v in enumerate(row)])
    second = solver.Solve(model)
    total = time.perf_counter() - start
    answer = second_verdict(solver, second)
    return {"unique": total, "answer": answer, "grid": grid}


def main() -> None:
    serve(solve_and_prove)


if __name__ == "__main__":
    main()
