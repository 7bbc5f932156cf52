"""Binary Sudoku in OR-Tools CP-SAT (one worker): the comparison model of bench_binairo.py.

Run by bench_binairo.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process. It imports neither puzzlelib nor PuLP. Reads a JSON list of boards in the
text format on stdin, and prints one JSON line per board: the seconds to solve, the seconds to
solve and prove uniqueness (a second solve with the first answer forbidden), and the answer.

    echo '["binairo\\n1...1.\\n..."]' | python benchmarks/cpsat_binairo.py

With ``--generate`` (after the time limit), it is the CP-SAT generator of minimal boards that
``bench_binairo.py`` compares ``planted_puzzle(minimal=True)`` with: it reads a JSON list of jobs
``{"grid": rows of 0/1, "start": the starting board's text, "seed": n}`` and, for each, adds givens
of the planted grid until no other filling exists, then removes givens in random order while none
does: the library's steps. One model per job (the rules, the planted grid forbidden), the givens
as assumptions, so no model is rebuilt. It prints the seconds and the number of givens left.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time

from cpsat_common import ANSWERED, one_worker, second_verdict
from ortools.sat.python import cp_model


def parse(text: str) -> list[list[int | None]]:
    rows = [line.strip() for line in text.splitlines() if line.strip() and line.strip() != "binairo"]
    return [[None if ch == "." else int(ch) for ch in row] for row in rows]


def build(givens):
    n = len(givens)
    model = cp_model.CpModel()
    x = {(i, j): model.NewBoolVar(f"x_{i}_{j}") for i in range(n) for j in range(n)}
    for i, row in enumerate(givens):
        for j, g in enumerate(row):
            if g is not None:
                model.Add(x[i, j] == g)
    lines = [[x[i, j] for j in range(n)] for i in range(n)] + [[x[i, j] for i in range(n)] for j in range(n)]
    for line in lines:
        model.Add(sum(line) == n // 2)
        for k in range(n - 2):
            model.AddBoolOr(line[k:k + 3])                       # not three zeros
            model.AddBoolOr([v.Not() for v in line[k:k + 3]])    # not three ones
    for group in (lines[:n], lines[n:]):
        for a, b in itertools.combinations(range(n), 2):
            diff = []
            for u, v in zip(group[a], group[b]):
                d = model.NewBoolVar("")
                model.Add(u != v).OnlyEnforceIf(d)
                diff.append(d)
            model.AddBoolOr(diff)
    return model, x


def solve_and_prove(givens, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    model, x = build(givens)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    solve_time = time.perf_counter() - start
    if status not in ANSWERED:
        return {"solve": solve_time, "unique": None, "answer": solver.StatusName(status)}
    n = len(givens)
    grid = ["".join(str(solver.Value(x[i, j])) for j in range(n)) for i in range(n)]
    model.AddBoolOr([x[i, j].Not() if grid[i][j] == "1" else x[i, j] for i in range(n) for j in range(n)])
    second = solver.Solve(model)
    total = time.perf_counter() - start
    unique = second_verdict(solver, second)
    return {"solve": solve_time, "unique": total, "answer": unique, "grid": grid}


def generate(job: dict, time_limit: float) -> dict:
    """The minimal board of one job (see the module docstring): seconds and givens left."""
    start = time.perf_counter()
    grid = [[int(ch) for ch in row] for row in job["grid"]]
    n = len(grid)
    rng = random.Random(job["seed"])
    model, x = build([[None] * n for _ in range(n)])
    model.AddBoolOr([x[i, j].Not() if grid[i][j] else x[i, j] for i in range(n) for j in range(n)])
    lit = {(i, j): x[i, j] if grid[i][j] else x[i, j].Not() for i in range(n) for j in range(n)}
    given = {cell for cell, v in _givens(job["start"]) if v is not None}
    solver = one_worker(time_limit)

    def other(cells):
        model.ClearAssumptions()
        model.AddAssumptions([lit[c] for c in sorted(cells)])
        status = solver.Solve(model)
        if status in ANSWERED:
            return [[solver.Value(x[i, j]) for j in range(n)] for i in range(n)]
        if status != cp_model.INFEASIBLE:
            raise SystemExit(f"CP-SAT: {solver.StatusName(status)}")
        return None

    while (found := other(given)) is not None:
        given.add(rng.choice([(i, j) for i in range(n) for j in range(n) if found[i][j] != grid[i][j]]))
    order = sorted(given)
    rng.shuffle(order)
    for cell in order:
        given.discard(cell)
        if other(given) is not None:
            given.add(cell)
    return {"seconds": time.perf_counter() - start, "givens": len(given)}


def _givens(text: str):
    return [((i, j), v) for i, row in enumerate(parse(text)) for j, v in enumerate(row)]


def main() -> None:
    boards = json.load(sys.stdin)
    limit = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    if "--generate" in sys.argv:
        for job in boards:
            print(json.dumps(generate(job, limit)), flush=True)
        return
    for text in boards:
        print(json.dumps(solve_and_prove(parse(text), limit)), flush=True)


if __name__ == "__main__":
    main()
