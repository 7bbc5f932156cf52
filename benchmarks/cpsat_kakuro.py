"""Kakuro in OR-Tools CP-SAT (one worker): the comparison model of bench_kakuro.py.

Run by bench_kakuro.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process; it imports neither puzzlelib nor PuLP. The model is the usual one: an
integer 1-9 per white cell, AllDifferent and a linear sum per run. Uniqueness as ours: find an
answer, forbid it (some cell differs), solve again. Reads a JSON list of boards
``{"cells": [["#", "3\\\\", ...], ...]}`` (the corpus's form: "." white, "#" black, "D\\A" a clue) on
stdin and prints one JSON line per board: the seconds to a first answer (model built and solved),
the seconds to that answer plus the second solve (a second answer, or the proof there is none), the
verdict and the answer's rows. A call under half a second is run three times and the median kept
(as bench_kakuro does).

    echo '[{"cells": [["#", "3\\\\"], ["\\\\3", "."]]}]' | python benchmarks/cpsat_kakuro.py 60
"""

from __future__ import annotations

import statistics
import time

from cpsat_common import ANSWERED, one_worker, serve
from ortools.sat.python import cp_model


def runs_of(cells):
    """(total, [cells]) of every run: the white cells right of / below a clue's across / down sum."""
    nrows, ncols = len(cells), len(cells[0])
    runs = []
    for r in range(nrows):
        for c in range(ncols):
            text = cells[r][c]
            if text in (".", "#") or "\\" not in text:
                continue
            down, across = text.split("\\")
            for total, (dr, dc) in ((down, (1, 0)), (across, (0, 1))):
                if not total:
                    continue
                run, rr, cc = [], r + dr, c + dc
                while rr < nrows and cc < ncols and cells[rr][cc] == ".":
                    run.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                runs.append((int(total), run))
    return runs


def build(cells):
    model = cp_model.CpModel()
    x = {(r, c): model.NewIntVar(1, 9, f"x_{r}_{c}") for r, row in enumerate(cells)
         for c, text in enumerate(row) if text == "."}
    for total, run in runs_of(cells):
        model.AddAllDifferent([x[cell] for cell in run])
        model.Add(sum(x[cell] for cell in run) == total)
    return model, x


def solve_and_count(cells, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    model, x = build(cells)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    solve_time = time.perf_counter() - start
    if status not in ANSWERED:
        answer = "none" if status == cp_model.INFEASIBLE else solver.StatusName(status)
        return {"solve": solve_time if answer == "none" else None, "second": None, "answer": answer}
    value = {cell: solver.Value(var) for cell, var in x.items()}
    differs = []
    for cell, var in x.items():
        same = model.NewBoolVar("")
        model.Add(var == value[cell]).OnlyEnforceIf(same)
        model.Add(var != value[cell]).OnlyEnforceIf(same.Not())
        differs.append(same.Not())
    model.AddBoolOr(differs)
    solver.parameters.max_time_in_seconds = max(time_limit - (time.perf_counter() - start), 0.01)
    status = solver.Solve(model)
    total = time.perf_counter() - start
    answer = {cp_model.OPTIMAL: "second", cp_model.FEASIBLE: "second", cp_model.INFEASIBLE: "unique"}.get(
        status, solver.StatusName(status))
    rows = ["".join(str(value[r, c]) if (r, c) in value else "#" for c in range(len(cells[0])))
            for r in range(len(cells))]
    return {"solve": solve_time, "second": total if answer in ("second", "unique") else None, "answer": answer,
            "grid": rows}


def median_run(cells, time_limit: float, runs: int = 3, short: float = 0.5) -> dict:
    result = solve_and_count(cells, time_limit)
    if result["second"] is None or result["second"] >= short:
        return result
    again = [result] + [solve_and_count(cells, time_limit) for _ in range(runs - 1)]
    for key in ("solve", "second"):
        result[key] = statistics.median(r[key] for r in again)
    return result


def main() -> None:
    serve(lambda board, limit: median_run(board["cells"], limit))


if __name__ == "__main__":
    main()
