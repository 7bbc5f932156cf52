"""Star Battle in OR-Tools CP-SAT (one worker): the comparison model of bench_starbattle.py.

Run by bench_starbattle.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process; it imports neither puzzlelib nor PuLP. The model is the usual one: a
Boolean per cell, exactly k per row, column and region, at most one per 2x2 window (two cells
touch exactly when a window holds both). Uniqueness as ours: find an answer, forbid it, solve again.
Reads a JSON list of boards ``{"regions": [[int, ...], ...], "stars": k}`` on stdin and prints one
JSON line per board: the seconds to a first answer (model built and solved), the seconds to that
answer plus the second solve (a second answer, or the proof there is none), the verdict and the
answer. A call under half a second is run three times and the median kept (as bench_starbattle does).

    echo '[{"regions": [[0, 0], [1, 1]], "stars": 1}]' | python benchmarks/cpsat_starbattle.py 60
"""

from __future__ import annotations

import statistics
import time

from cpsat_common import ANSWERED, one_worker, serve
from ortools.sat.python import cp_model


def build(regions, k):
    n = len(regions)
    model = cp_model.CpModel()
    x = {(r, c): model.NewBoolVar(f"x_{r}_{c}") for r in range(n) for c in range(n)}
    for i in range(n):
        model.Add(sum(x[i, c] for c in range(n)) == k)
        model.Add(sum(x[r, i] for r in range(n)) == k)
    for t in sorted({v for row in regions for v in row}):
        model.Add(sum(x[r, c] for r in range(n) for c in range(n) if regions[r][c] == t) == k)
    for r in range(n - 1):
        for c in range(n - 1):
            model.AddAtMostOne(x[r + dr, c + dc] for dr in (0, 1) for dc in (0, 1))
    return model, x


def solve_and_count(regions, k, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    model, x = build(regions, k)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    solve_time = time.perf_counter() - start
    if status not in ANSWERED:
        return {"solve": None, "second": None, "answer": solver.StatusName(status)}
    grid = {cell: solver.Value(var) for cell, var in x.items()}
    model.AddBoolOr([var.Not() if grid[cell] else var for cell, var in x.items()])
    solver.parameters.max_time_in_seconds = max(time_limit - (time.perf_counter() - start), 0.01)
    status = solver.Solve(model)
    total = time.perf_counter() - start
    answer = {cp_model.OPTIMAL: "second", cp_model.FEASIBLE: "second", cp_model.INFEASIBLE: "unique"}.get(
        status, solver.StatusName(status))
    n = len(regions)
    return {"solve": solve_time, "second": total if answer in ("second", "unique") else None, "answer": answer,
            "grid": ["".join("*" if grid[r, c] else "." for c in range(n)) for r in range(n)]}


def median_run(regions, k, time_limit: float, runs: int = 3, short: float = 0.5) -> dict:
    result = solve_and_count(regions, k, time_limit)
    if result["second"] is None or result["second"] >= short:
        return result
    again = [result] + [solve_and_count(regions, k, time_limit) for _ in range(runs - 1)]
    for key in ("solve", "second"):
        result[key] = statistics.median(r[key] for r in again)
    return result


def main() -> None:
    serve(lambda board, limit: median_run(board["regions"], board["stars"], limit))


if __name__ == "__main__":
    main()
