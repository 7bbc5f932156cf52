"""Flow Free in OR-Tools CP-SAT (one worker): the comparison model of bench_flowfree.py --corpus.

Run by bench_flowfree.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process; it imports neither puzzlelib nor PuLP. The model is the one the corpus was
checked with: a colour per cell, a binary per pipe edge, degree 1 at a dot and 2 elsewhere, equal
colours along used edges, and loops without a dot cut off lazily (one cut per loop, solve again).
Reads a JSON list of grids (rows of letters and '.') on stdin and prints one JSON line per grid:
the seconds to a first answer, the seconds to that answer plus a second colouring or the proof
that none exists (the first colouring forbidden), and the verdict.

    echo '[["R.G", "...", "R.G"]]' | python benchmarks/cpsat_flowfree.py 60
"""

from __future__ import annotations

import json
import sys
import time

from ortools.sat.python import cp_model


def neighbours(cell, shape):
    r, c = cell
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < shape[0] and 0 <= c + dc < shape[1]:
            yield (r + dr, c + dc)


def edge(u, v):
    return (u, v) if u < v else (v, u)


def build(grid):
    shape = (len(grid), len(grid[0]))
    cells = [(r, c) for r in range(shape[0]) for c in range(shape[1])]
    colours = sorted({ch for row in grid for ch in row if ch != "."})
    model = cp_model.CpModel()
    x = {(v, k): model.NewBoolVar("") for v in cells for k in colours}
    e = {a: model.NewBoolVar("") for a in sorted({edge(u, v) for u in cells for v in neighbours(u, shape)})}
    for v in cells:
        model.AddExactlyOne(x[v, k] for k in colours)
        dot = grid[v[0]][v[1]]
        if dot != ".":
            model.Add(x[v, dot] == 1)
        model.Add(sum(e[edge(v, u)] for u in neighbours(v, shape)) == (1 if dot != "." else 2))
    for (u, v), used in e.items():
        for k in colours:
            model.AddImplication(x[u, k], x[v, k]).OnlyEnforceIf(used)
            model.AddImplication(x[v, k], x[u, k]).OnlyEnforceIf(used)
    return model, x, e, cells, colours, shape


def loops(grid, cells, used, shape):
    """Components of the used edges that hold no dot (each is a loop)."""
    adjacent = {v: [] for v in cells}
    for u, v in used:
        adjacent[u].append(v)
        adjacent[v].append(u)
    seen, found = set(), []
    for start in cells:
        if start in seen:
            continue
        part, stack = [], [start]
        seen.add(start)
        while stack:
            v = stack.pop()
            part.append(v)
            for w in adjacent[v]:
                if w not in seen:
                    seen.add(w)
                    stack.append(w)
        if all(grid[r][c] == "." for r, c in part):
            found.append(part)
    return found


def lazy_solve(model, solver, grid, x, e, cells, shape, deadline):
    """CP-SAT with loops cut off lazily; the cell colours, or None (none / out of time)."""
    while True:
        solver.parameters.max_time_in_seconds = max(deadline - time.perf_counter(), 0.01)
        status = solver.Solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None, solver.StatusName(status)
        used = [a for a, var in e.items() if solver.Value(var)]
        found = loops(grid, cells, used, shape)
        if not found:
            return {v: k for (v, k), var in x.items() if solver.Value(var)}, "OK"
        for part in found:
            inside = set(part)
            border = [edge(u, w) for u in inside for w in neighbours(u, shape) if w not in inside]
            model.Add(sum(e[a] for a in border) >= 2)


def solve_and_count(grid, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    deadline = start + time_limit
    model, x, e, cells, colours, shape = build(grid)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    colouring, status = lazy_solve(model, solver, grid, x, e, cells, shape, deadline)
    solve_time = time.perf_counter() - start
    if colouring is None:
        return {"solve": None, "second": None, "answer": status}
    model.AddBoolOr([x[v, k].Not() for v, k in colouring.items()])
    other, status = lazy_solve(model, solver, grid, x, e, cells, shape, deadline)
    total = time.perf_counter() - start
    answer = "second" if other is not None else ("unique" if status == "INFEASIBLE" else status)
    return {"solve": solve_time, "second": total if answer in ("second", "unique") else None,
            "answer": answer, "grid": ["".join(colouring[r, c] for c in range(shape[1])) for r in range(shape[0])]}


def main() -> None:
    grids = json.load(sys.stdin)
    limit = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    for grid in grids:
        print(json.dumps(solve_and_count(grid, limit)), flush=True)


if __name__ == "__main__":
    main()
