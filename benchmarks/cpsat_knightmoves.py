"""Knight Moves in OR-Tools CP-SAT (one worker): the comparison model of bench_peers.py.

Run in a subprocess of its own (OR-Tools and highspy never share a process); it imports neither
puzzlelib nor PuLP. A board is ``{"grid": rows of '.' and '#', "start": [r, c], "end": [r, c] or
null}``. The model is CP-SAT's circuit constraint on the open squares and one extra node Z: an arc
for every knight's jump (never into the start, never out of the end), Z -> start, and end -> Z (every
square -> Z when no end is fixed), so a Hamiltonian circuit is a knight's path from the start.
Uniqueness as ours: solve, forbid the arcs of the answer (one clause), solve again.

    python benchmarks/peer_child.py cpsat knightmoves 60 < boards.json
"""

from __future__ import annotations

import time

from cpsat_common import ANSWERED, one_worker, second_verdict, serve
from ortools.sat.python import cp_model

JUMPS = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))


def build(board):
    grid = board["grid"]
    start = tuple(board["start"])
    end = tuple(board["end"]) if board.get("end") else None
    squares = [(r, c) for r, line in enumerate(grid) for c, ch in enumerate(line) if ch != "#"]
    index = {cell: k + 1 for k, cell in enumerate(squares)}  # node 0 is Z
    model = cp_model.CpModel()
    arcs, lits = [], {}
    for (r, c), u in index.items():
        if (r, c) == end:
            continue
        for dr, dc in JUMPS:
            v = index.get((r + dr, c + dc))
            if v is not None and (r + dr, c + dc) != start:
                lits[u, v] = model.NewBoolVar(f"y_{u}_{v}")
    lits[0, index[start]] = model.NewBoolVar("y_z_start")
    model.Add(lits[0, index[start]] == 1)
    for cell, u in index.items():
        if (end is None and cell != start) or cell == end:
            lits[u, 0] = model.NewBoolVar(f"y_{u}_z")
    if len(squares) == 1:
        lits[index[start], 0] = model.NewBoolVar("y_start_z")
    arcs = [(u, v, lit) for (u, v), lit in lits.items()]
    model.AddCircuit(arcs)
    return model, lits


def solve_and_prove(board, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    model, lits = build(board)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    if status not in ANSWERED:
        verdict = "none" if status == cp_model.INFEASIBLE else solver.StatusName(status)
        return {"unique": time.perf_counter() - start, "answer": verdict}
    chosen = [lit for (u, v), lit in lits.items() if u and v and solver.Value(lit)]
    if not chosen:
        return {"unique": time.perf_counter() - start, "answer": "unique"}
    model.AddBoolOr([lit.Not() for lit in chosen])
    solver.parameters.max_time_in_seconds = max(time_limit - (time.perf_counter() - start), 0.01)
    second = solver.Solve(model)
    return {"unique": time.perf_counter() - start, "answer": second_verdict(solver, second)}


def main() -> None:
    serve(solve_and_prove)


if __name__ == "__main__":
    main()
