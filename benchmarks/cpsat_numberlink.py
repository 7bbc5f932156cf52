"""Numberlink in OR-Tools CP-SAT (one worker): the comparison model of bench_flowfree.py --numberlink.

Run through ``peer_child.py cpsat numberlink`` in a process of its own, because OR-Tools and highspy
must never be loaded into one process; it imports neither puzzlelib nor PuLP. A board is its grid,
rows of colour letters (the dots) and '.'. Numberlink differs from Flow Free (cpsat_flowfree.py) in
one rule: a cell that is not a dot may stay empty. Each cell takes a colour or none, and the pipes are
one circuit (CP-SAT's AddCircuit): every colour's pipe runs from its first dot to its second, an arc
from each colour's second dot to the next colour's first dot closes the circuit, an empty cell takes
its self-loop, and an arc between neighbours joins cells of one colour. The circuit constraint rules
out loops as it propagates. (A degree model with loops cut lazily, as cpsat_flowfree.py has it, was
slower on most boards: its relaxation lets empty regions hold loops, so proving that no second
colouring exists took CP-SAT 8.6 s instead of 2.1 s on the 10x10 page a, and timed out on more boards.)
The second solve forbids the first colouring, empty cells included: another answer must colour some
cell differently or leave a different set of cells empty (the question ``solutions(limit=2)`` asks).
Prints one JSON line per board: {"answer": "unique" | "2+ solutions" | CP-SAT's status, ...}.

    echo '[["A.B", "...", "A.B"]]' | python benchmarks/cpsat_numberlink.py 60
"""

from __future__ import annotations

import time

from cpsat_common import ANSWERED, one_worker, second_verdict, serve
from cpsat_flowfree import neighbours
from ortools.sat.python import cp_model


def build(grid):
    """The model, its colour literals x[cell, colour] and the grid's shape."""
    shape = (len(grid), len(grid[0]))
    cells = [(r, c) for r in range(shape[0]) for c in range(shape[1])]
    node = {v: i for i, v in enumerate(cells)}
    dots = {}
    for v in cells:
        if grid[v[0]][v[1]] != ".":
            dots.setdefault(grid[v[0]][v[1]], []).append(v)
    colours = sorted(dots)
    starts = {pair[0] for pair in dots.values()}
    ends = {pair[1] for pair in dots.values()}
    model = cp_model.CpModel()
    x = {(v, k): model.NewBoolVar(f"x{v}{k}") for v in cells for k in colours}
    arcs = []
    for v in cells:
        dot = grid[v[0]][v[1]]
        if dot != ".":
            for k in colours:
                model.Add(x[v, k] == int(k == dot))
        else:
            empty = model.NewBoolVar(f"empty{v}")
            model.AddExactlyOne([empty, *(x[v, k] for k in colours)])
            arcs.append((node[v], node[v], empty))
        if v in ends:
            continue  # a pipe leaves its second dot only for the next colour's first dot
        for u in neighbours(v, shape):
            if u in starts:
                continue  # and enters its first dot only from there
            used = model.NewBoolVar(f"a{v}{u}")
            arcs.append((node[v], node[u], used))
            for k in colours:
                model.AddImplication(x[v, k], x[u, k]).OnlyEnforceIf(used)
                model.AddImplication(x[u, k], x[v, k]).OnlyEnforceIf(used)
    for i, k in enumerate(colours):
        following = colours[(i + 1) % len(colours)]
        arcs.append((node[dots[k][1]], node[dots[following][0]], model.NewConstant(1)))
    model.AddCircuit(arcs)
    return model, x, shape


def solve_and_prove(grid, time_limit: float = 60.0) -> dict:
    """A first colouring, then a second with the first forbidden (colours and empty cells), or the proof
    that none exists; the answer as the other cpsat_<kind>.py scripts give it."""
    start = time.perf_counter()
    model, x, shape = build(grid)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    if status not in ANSWERED:
        return {"answer": solver.StatusName(status)}
    first = {v: k for (v, k), var in x.items() if solver.Value(var)}
    model.AddBoolOr([var.Not() if solver.Value(var) else var for var in x.values()])
    solver.parameters.max_time_in_seconds = max(time_limit - (time.perf_counter() - start), 0.01)
    answer = second_verdict(solver, solver.Solve(model))
    grid_out = ["".join(first.get((r, c), ".") for c in range(shape[1])) for r in range(shape[0])]
    return {"answer": answer, "seconds": time.perf_counter() - start, "grid": grid_out}


def main() -> None:
    serve(solve_and_prove)


if __name__ == "__main__":
    main()
