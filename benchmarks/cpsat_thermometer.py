"""Thermometers in OR-Tools CP-SAT (one worker): the comparison model of bench_thermometer.py.

Run by bench_thermometer.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process. It imports neither puzzlelib nor PuLP. Reads a JSON list of boards on
stdin, each ``{"shape": [rows, cols], "therms": lists of [r, c] from bulb to tip, "rows": counts,
"cols": counts}``, and prints one JSON line per board: the seconds to solve and prove uniqueness
(a second solve with the first filling forbidden) and the answer ("unique", "2+ solutions", ...).
The model is the chapter's (1)-(4): counts, and a cell filled only if the one before it is.

    python benchmarks/cpsat_thermometer.py 60 < boards.json
"""

from __future__ import annotations

import time

from cpsat_common import ANSWERED, one_worker, second_verdict, serve
from ortools.sat.python import cp_model


def build(board):
    m, n = board["shape"]
    model = cp_model.CpModel()
    x = {(i, j): model.NewBoolVar(f"x_{i}_{j}") for i in range(m) for j in range(n)}
    for i, want in enumerate(board["rows"]):
        model.Add(sum(x[i, j] for j in range(n)) == want)
    for j, want in enumerate(board["cols"]):
        model.Add(sum(x[i, j] for i in range(m)) == want)
    for cells in board["therms"]:
        for a, b in zip(cells, cells[1:]):
            model.AddImplication(x[tuple(b)], x[tuple(a)])
    return model, x


def solve_and_prove(board, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    model, x = build(board)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    if status not in ANSWERED:
        return {"unique": time.perf_counter() - start, "answer": solver.StatusName(status)}
    model.AddBoolOr([v.Not() if solver.Value(v) else v for v in x.values()])
    second = solver.Solve(model)
    total = time.perf_counter() - start
    answer = second_verdict(solver, second)
    return {"unique": total, "answer": answer}


def main() -> None:
    serve(solve_and_prove)


if __name__ == "__main__":
    main()
