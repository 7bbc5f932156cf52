"""One integer level per tank, tied to the cells by a big-M link (chapter 6, "Two models", (6)-(8)).

A tank t with H_t rows holds water in its bottom h_t rows, 0 <= h_t <= H_t (6). A cell at depth d
of its tank (d = 1 on the tank's bottom row, H_t on its top row) is wet exactly when h_t >= d:
d x <= h_t (7) and h_t <= d - 1 + (H_t - d + 1) x (8). ``model="integer"``.
"""

from __future__ import annotations

from ..engine.solver import add_binary, add_integer, new_problem
from .board import Puzzle
from .model_cells import add_counts


# BEGIN build_integer_model
def build_integer_model(puzzle: Puzzle):
    """The integer level model; returns ``(problem, x)`` with ``x[r, c]`` the cell binaries."""
    nrows, ncols = puzzle.shape
    problem = new_problem("aquarium_integer")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(nrows) for c in range(ncols)}
    for t in range(len(puzzle.tanks)):
        rows = puzzle.tank_rows(t)
        height = len(rows)
        h = add_integer(problem, f"h_{t}", 0, height)                                          # (6)
        for depth, cells in enumerate(rows, 1):
            for cell in cells:
                problem += depth * x[cell] <= h, f"wet_{t}_{cell[0]}_{cell[1]}"                 # (7)
                problem += h <= depth - 1 + (height - depth + 1) * x[cell], f"dry_{t}_{cell[0]}_{cell[1]}"  # (8)
    add_counts(problem, puzzle, x)                                                              # (1)-(2)
    return problem, x
# END build_integer_model
