"""The chapter's model: one 0/1 variable per cell (chapter 6, "The model", equations (1)-(5)).

``x[r, c] = 1`` when cell (r, c) holds water. Counts (1)-(2) are written only where a clue is
given. A tank has one level: the cells of a tank in one row are equal (3), and a wet row of a tank
makes the tank's next row down wet (4); the tank's rows are consecutive because a tank is
connected, so (4) chains the whole tank from its top row to its bottom row. ``model="cells"``.
"""

from __future__ import annotations

import pulp

from ..engine.solver import add_binary, new_problem
from .board import Puzzle


# BEGIN add_counts
def add_counts(problem, puzzle: Puzzle, x) -> None:
    """The counts (1)-(2), where a clue is given; every formulation shares them."""
    nrows, ncols = puzzle.shape
    for r, want in enumerate(puzzle.rows):
        if want is not None:
            problem += pulp.lpSum(x[r, c] for c in range(ncols)) == want, f"row_count_{r}"       # (1)
    for c, want in enumerate(puzzle.cols):
        if want is not None:
            problem += pulp.lpSum(x[r, c] for r in range(nrows)) == want, f"col_count_{c}"       # (2)
# END add_counts


# BEGIN build_cell_model
def build_cell_model(puzzle: Puzzle, counts: bool = True):
    """The cell model (1)-(5) of ``puzzle``; returns ``(problem, x)`` with ``x[r, c]`` the cell binaries.

    ``counts=False`` leaves out (1)-(2), for the elastic model that explains an infeasible board.
    """
    nrows, ncols = puzzle.shape
    problem = new_problem("aquarium_cells")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(nrows) for c in range(ncols)}   # (5)
    if counts:
        add_counts(problem, puzzle, x)                                                          # (1)-(2)
    for t in range(len(puzzle.tanks)):
        rows = puzzle.tank_rows(t)  # from the tank's bottom row up
        for cells in rows:
            for a, b in zip(cells, cells[1:]):
                problem += x[a] - x[b] == 0, f"level_{t}_{a[0]}_{b[1]}"                             # (3)
        for lower, upper in zip(rows, rows[1:]):
            problem += x[upper[0]] <= x[lower[0]], f"rests_{t}_{upper[0][0]}"                     # (4)
    return problem, x
# END build_cell_model
