"""One level per tank as a staircase of binaries (chapter 6, "Two models", (9)).

h_t = y_t1 + ... + y_tH with binaries y_t1 >= y_t2 >= ... (9); the cell at depth d of tank t *is*
y_td, so there are no cell variables at all. ``x[r, c]`` is the y variable of the cell's depth, so
the model is solved and read like the cell model. ``model="staircase"``.
"""

from __future__ import annotations

from ..engine.solver import add_binary, new_problem
from .board import Puzzle
from .model_cells import add_counts


# BEGIN build_staircase_model
def build_staircase_model(puzzle: Puzzle):
    """The staircase model; returns ``(problem, x)`` with ``x[r, c]`` the y variable of the cell's depth."""
    problem = new_problem("aquarium_staircase")
    x = {}
    for t in range(len(puzzle.tanks)):
        rows = puzzle.tank_rows(t)
        y = [add_binary(problem, f"y_{t}_{d}") for d in range(1, len(rows) + 1)]
        for d in range(1, len(y)):
            problem += y[d] <= y[d - 1], f"stair_{t}_{d}"                                        # (9)
        for depth, cells in enumerate(rows):
            for cell in cells:
                x[cell] = y[depth]
    add_counts(problem, puzzle, x)                                                              # (1)-(2)
    return problem, x
# END build_staircase_model
