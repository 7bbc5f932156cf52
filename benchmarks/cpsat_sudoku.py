"""Sudoku (and Thermo, Killer, Arrow) in OR-Tools CP-SAT: the comparison model of bench_sudoku.py.

Run by bench_sudoku.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process; it imports neither puzzlelib nor PuLP. The model is the usual CP one: an
integer 1..n per cell, AllDifferent per row, column and box, a given fixed, ``a < b`` along a
thermometer, AllDifferent and the total per cage, the circle equal to the arrow's sum.

Reads one JSON object on stdin, ``{"boards": [...], "grids": [...], "time_limit": s}``:

* each board ``{"givens": rows, "thermos": [...], "cages": [[total, cells]], "arrows": [[circle, cells]]}``
  is solved and proven unique as ours is: build, solve, forbid the answer (some empty cell
  differs), solve again; once with one worker and once with CP-SAT's default workers. A call
  under half a second is run three times and the median kept. One JSON line per board.
* each grid ``{"grid": rows, "order": cells}`` is dug by the plain dig-holes generator: from the
  full grid, try to remove each cell in ``order``; a removal stays when the model with the givens
  left and the cut "some cell differs from the grid" is infeasible (a fresh model per question, one
  worker). One JSON line per grid: the seconds and the givens left.

    echo '{"boards": [{"givens": [[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]}], "grids": []}' \
        | python benchmarks/cpsat_sudoku.py
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from ortools.sat.python import cp_model

BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 16: (4, 4), 25: (5, 5)}


def units(n):
    br, bc = BOXES[n]
    out = [[(r, c) for c in range(n)] for r in range(n)] + [[(r, c) for r in range(n)] for c in range(n)]
    for b in range(n):
        r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
        out.append([(r0 + i, c0 + j) for i in range(br) for j in range(bc)])
    return out


def build(board):
    givens = board["givens"]
    n = len(givens)
    model = cp_model.CpModel()
    x = {(r, c): model.NewIntVar(1, n, f"x_{r}_{c}") for r in range(n) for c in range(n)}
    for cells in units(n):
        model.AddAllDifferent([x[cell] for cell in cells])
    for r in range(n):
        for c in range(n):
            if givens[r][c]:
                model.Add(x[r, c] == givens[r][c])
    for cells in board.get("thermos", []):
        for a, b in zip(cells, cells[1:]):
            model.Add(x[tuple(a)] < x[tuple(b)])
    for total, cells in board.get("cages", []):
        model.AddAllDifferent([x[tuple(cell)] for cell in cells])
        model.Add(sum(x[tuple(cell)] for cell in cells) == total)
    for circle, cells in board.get("arrows", []):
        model.Add(x[tuple(circle)] == sum(x[tuple(cell)] for cell in cells))
    return model, x


def forbid(model, x, grid, cells):
    """Some cell of ``cells`` differs from ``grid``."""
    differs = []
    for r, c in cells:
        b = model.NewBoolVar(f"d_{r}_{c}")
        model.Add(x[r, c] != grid[r][c]).OnlyEnforceIf(b)
        model.Add(x[r, c] == grid[r][c]).OnlyEnforceIf(b.Not())
        differs.append(b)
    model.AddBoolOr(differs)


def solver_of(workers: int, time_limit: float) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    if workers:
        solver.parameters.num_workers = workers
    solver.parameters.max_time_in_seconds = time_limit
    return solver


def solve_and_count(board, workers: int, time_limit: float) -> dict:
    start = time.perf_counter()
    model, x = build(board)
    solver = solver_of(workers, time_limit)
    status = solver.Solve(model)
    solve_time = time.perf_counter() - start
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return {"solve": None, "second": None, "answer": solver.StatusName(status)}
    n = len(board["givens"])
    grid = [[solver.Value(x[r, c]) for c in range(n)] for r in range(n)]
    empty = [(r, c) for r in range(n) for c in range(n) if not board["givens"][r][c]]
    if not empty:
        return {"solve": solve_time, "second": solve_time, "answer": "unique", "grid": grid}
    forbid(model, x, grid, empty)
    solver.parameters.max_time_in_seconds = max(time_limit - (time.perf_counter() - start), 0.01)
    status = solver.Solve(model)
    total = time.perf_counter() - start
    answer = {cp_model.OPTIMAL: "second", cp_model.FEASIBLE: "second", cp_model.INFEASIBLE: "unique"}.get(
        status, solver.StatusName(status))
    return {"solve": solve_time, "second": total if answer in ("second", "unique") else None, "answer": answer,
            "grid": grid}


def median_run(board, workers: int, time_limit: float, runs: int = 3, short: float = 0.5) -> dict:
    result = solve_and_count(board, workers, time_limit)
    if result["second"] is None or result["second"] >= short:
        return result
    again = [result] + [solve_and_count(board, workers, time_limit) for _ in range(runs - 1)]
    for key in ("solve", "second"):
        result[key] = statistics.median(r[key] for r in again)
    return result


def dig(grid, order, time_limit: float, extra=None) -> dict:
    """The plain dig-holes generator on ``grid`` in ``order`` (see the module docstring)."""
    start = time.perf_counter()
    n = len(grid)
    givens = [list(row) for row in grid]
    every = [(r, c) for r in range(n) for c in range(n)]
    for r, c in order:
        givens[r][c] = 0
        model, x = build({"givens": givens, **(extra or {})})
        forbid(model, x, grid, every)
        status = solver_of(1, time_limit).Solve(model)
        if status != cp_model.INFEASIBLE:  # a second solution (or no proof in time): the given stays
            givens[r][c] = grid[r][c]
    return {"seconds": time.perf_counter() - start, "givens": sum(1 for row in givens for v in row if v)}


def main() -> None:
    job = json.load(sys.stdin)
    limit = float(job.get("time_limit", 60.0))
    for board in job.get("boards", []):
        one = median_run(board, 1, limit)
        default = median_run(board, 0, limit)
        print(json.dumps({"one": one, "default": default}), flush=True)
    for item in job.get("grids", []):
        print(json.dumps(dig(item["grid"], [tuple(cell) for cell in item["order"]], limit, item.get("extra"))),
              flush=True)


if __name__ == "__main__":
    main()
