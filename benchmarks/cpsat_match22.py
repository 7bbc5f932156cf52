"""Match 22 in OR-Tools CP-SAT (one worker): the comparison model of bench_match22.py.

Run by bench_match22.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process. It imports neither puzzlelib nor PuLP. Reads a JSON list of boards on
stdin, each a list of rows, a row a list of disks (four colours: top, left, bottom, right) or null
for a hole, and prints one JSON line per board: the seconds to find the fewest left turns and to
prove that no other answer has as few (a second solve with the optimum fixed and the first answer
forbidden), the answer ("unique", "2+ solutions", ...), the optimum and the turns. The model is
Hartmann's: one Boolean per disk and number of turns, touching quarters equal.

    python benchmarks/cpsat_match22.py 60 < boards.json
"""

from __future__ import annotations

import time

from cpsat_common import one_worker, second_verdict, serve
from ortools.sat.python import cp_model

TOP, LEFT, BOTTOM, RIGHT = range(4)


def shows(disk, k, h):
    """The colour side ``h`` shows after ``k`` left turns."""
    return disk[(h - k) % 4]


def build(grid):
    model = cp_model.CpModel()
    nrows, ncols = len(grid), len(grid[0])
    x = {}
    for r in range(nrows):
        for c in range(ncols):
            if grid[r][c] is not None:
                x[r, c] = [model.NewBoolVar(f"x_{r}_{c}_{k}") for k in range(4)]
                model.AddExactlyOne(x[r, c])
    for (r, c), here in x.items():
        for (dr, dc, mine, theirs) in ((0, 1, RIGHT, LEFT), (1, 0, BOTTOM, TOP)):
            other = x.get((r + dr, c + dc))
            if other is None:
                continue
            a, b = grid[r][c], grid[r + dr][c + dc]
            for k in range(4):  # turn k here allows only the turns there that show the same colour
                model.AddBoolOr([here[k].Not()] + [other[j] for j in range(4)
                                                   if shows(b, j, theirs) == shows(a, k, mine)])
    cost = sum(k * v[k] for v in x.values() for k in range(1, 4))
    model.Minimize(cost)
    return model, x, cost


def solve_and_prove(grid, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    model, x, cost = build(grid)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    if status != cp_model.OPTIMAL:
        return {"unique": time.perf_counter() - start, "answer": solver.StatusName(status)}
    best = round(solver.ObjectiveValue())
    turns = {f"{r},{c}": next(k for k in range(4) if solver.Value(v[k])) for (r, c), v in x.items()}
    model.ClearObjective()
    model.Add(cost == best)
    model.AddBoolOr([v[turns[f"{r},{c}"]].Not() for (r, c), v in x.items()])
    second = solver.Solve(model)
    total = time.perf_counter() - start
    answer = second_verdict(solver, second)
    return {"unique": total, "answer": answer, "moves": best, "turns": turns}


def main() -> None:
    serve(solve_and_prove)


if __name__ == "__main__":
    main()
