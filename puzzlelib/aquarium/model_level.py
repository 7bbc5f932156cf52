"""The other formulation of chapter 6 ("Two models", equations (6)-(9)): one level per tank.

A tank t with H_t rows holds water in its bottom h_t rows, 0 <= h_t <= H_t. A cell at depth d of
its tank (d = 1 on the tank's bottom row, H_t on its top row) is wet exactly when h_t >= d.

- ``level="integer"``: h_t is one integer variable, and each cell's binary is tied to it by
  d x <= h_t (7) and h_t <= d - 1 + (H_t - d + 1) x (8): a big-M link.
- ``level="staircase"``: h_t = y_t1 + ... + y_tH with binaries y_t1 >= y_t2 >= ... (9); the cell
  at depth d *is* y_td, so there are no cell variables at all.

Both return ``(problem, x)`` with ``x[r, c]`` the variable that says whether cell (r, c) is wet (for
the staircase, the y variable of the cell's depth), so they are solved and read like the cell model.
"""

from __future__ import annotations

import pulp

from ..engine.solver import add_binary, add_integer, new_problem
from ..core.validate import check_choice
from .board import Puzzle

LEVELS = ("integer", "staircase")


def _counts(problem, puzzle, x) -> None:
    nrows, ncols = puzzle.shape
    for r, want in enumerate(puzzle.rows):
        if want is not None:
            problem += pulp.lpSum(x[r, c] for c in range(ncols)) == want, f"row_count_{r}"   # (1)
    for c, want in enumerate(puzzle.cols):
        if want is not None:
            problem += pulp.lpSum(x[r, c] for r in range(nrows)) == want, f"col_count_{c}"   # (2)


def build_level_model(puzzle: Puzzle, level: str = "integer"):
    """The level model (integer h_t with big-M links, or a staircase of binaries)."""
    check_choice(level, LEVELS, "level")
    nrows, ncols = puzzle.shape
    problem = new_problem(f"aquarium_{level}")
    x = {}
    if level == "integer":
        x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(nrows) for c in range(ncols)}
        for t in range(len(puzzle.tanks)):
            rows = puzzle.tank_rows(t)
            height = len(rows)
            h = add_integer(problem, f"h_{t}", 0, height)                                      # (6)
            for depth, cells in enumerate(rows, 1):
                for cell in cells:
                    problem += depth * x[cell] <= h, f"wet_{t}_{cell[0]}_{cell[1]}"             # (7)
                    problem += h <= depth - 1 + (height - depth + 1) * x[cell], f"dry_{t}_{cell[0]}_{cell[1]}"  # (8)
    else:
        for t in range(len(puzzle.tanks)):
            rows = puzzle.tank_rows(t)
            y = [add_binary(problem, f"y_{t}_{d}") for d in range(1, len(rows) + 1)]
            for d in range(1, len(y)):
                problem += y[d] <= y[d - 1], f"stair_{t}_{d}"                                    # (9)
            for depth, cells in enumerate(rows):
                for cell in cells:
                    x[cell] = y[depth]
    _counts(problem, puzzle, x)
    return problem, x
