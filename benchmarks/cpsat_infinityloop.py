"""Infinity Loop in OR-Tools CP-SAT (one worker): the comparison model of bench_infinityloop.py.

Run by bench_infinityloop.py in a subprocess of its own, because OR-Tools and highspy must never be
loaded into one process. It imports neither puzzlelib nor PuLP. Reads a JSON list of boards on
stdin, each a list of rows of tile codes (0-15: bit 1 top, 2 left, 4 bottom, 8 right; 0 empty), and
prints one JSON line per board: the seconds to find a closed picture and to prove that no other
exists (a second solve with the first picture forbidden), the answer ("unique", "2+ solutions",
"INFEASIBLE", ...) and the picture's codes. The model is Hartmann's without the objective: one
Boolean per tile and distinct picture, connections agreeing across every edge, none off the board.

    python benchmarks/cpsat_infinityloop.py 60 < boards.json
"""

from __future__ import annotations

import time

from cpsat_common import ANSWERED, one_worker, second_verdict, serve
from ortools.sat.python import cp_model

BIT = (1, 2, 4, 8)  # top, left, bottom, right
ACROSS = ((0, 2, -1, 0), (1, 3, 0, -1), (2, 0, 1, 0), (3, 1, 0, 1))


def turn(code: int, k: int) -> int:
    return ((code << k) | (code >> (4 - k))) & 15


def pictures(code: int) -> dict[int, int]:
    """Each distinct picture of a tile, by the fewest turns that make it: {code after k turns: k}."""
    out = {}
    for k in range(4):
        out.setdefault(turn(code, k), k)
    return out


def build(tiles):
    model = cp_model.CpModel()
    nrows, ncols = len(tiles), len(tiles[0])
    x = {}
    for r in range(nrows):
        for c in range(ncols):
            if tiles[r][c]:
                x[r, c] = {code: model.NewBoolVar("") for code in pictures(tiles[r][c])}
                model.AddExactlyOne(x[r, c].values())
    for (r, c), here in x.items():
        for side, theirs, dr, dc in ACROSS:
            there = x.get((r + dr, c + dc))
            mine = [v for code, v in here.items() if code & BIT[side]]
            if there is None:
                for v in mine:
                    model.Add(v == 0)
            elif side in (2, 3):  # each edge once: from the tile above or to the left
                yours = [v for code, v in there.items() if code & BIT[theirs]]
                model.Add(sum(mine) == sum(yours))
    return model, x


def solve_and_prove(tiles, time_limit: float = 60.0) -> dict:
    start = time.perf_counter()
    model, x = build(tiles)
    solver = one_worker(time_limit)
    status = solver.Solve(model)
    if status not in ANSWERED:
        return {"unique": time.perf_counter() - start, "answer": solver.StatusName(status)}
    chosen = {cell: next(code for code, v in vs.items() if solver.Value(v)) for cell, vs in x.items()}
    model.AddBoolOr([x[cell][code].Not() for cell, code in chosen.items()])
    second = solver.Solve(model)
    total = time.perf_counter() - start
    answer = second_verdict(solver, second)
    grid = [[chosen.get((r, c), 0) for c in range(len(tiles[0]))] for r in range(len(tiles))]
    return {"unique": total, "answer": answer, "grid": grid}


def main() -> None:
    serve(solve_and_prove)


if __name__ == "__main__":
    main()
