"""model.py: the formulations, by name, and ``build_model(puzzle, model=...)`` that picks one.

Role. ``MODELS`` names every formulation, the default first; a formulation "x-y" other than the
default lives in ``model_x_y.py`` and is added to ``BUILDERS``, the one place a name is looked up
(``solve`` and ``solutions`` never switch on the string). Each builder returns
``(problem, x)``, the PuLP problem and the variables an answer is read from, with constraint
blocks in the order of the chapter's model and tagged ``# (n)`` by its equation numbers.

The template's model (chapter 99): ``x[r, c] = 1`` when cell (r, c) holds a 1.

    (1)  sum_c x[r, c] = rows[r]     for every row r
    (2)  sum_r x[r, c] = cols[c]     for every column c
    (3)  x[r, c] = g                 for every given cell (r, c) with value g
    (4)  x[r, c] in {0, 1}

There is no objective: any filling that keeps (1)-(4) is an answer.
"""

from __future__ import annotations

import pulp

from ..core.interface import require
from ..core.validate import check_choice
from ..engine import Deadline, add_binary, new_problem
from .board import Puzzle

MODELS = ("cells",)
DEFAULT_MODEL = MODELS[0]


# BEGIN build_cells
def build_cells(puzzle: Puzzle, deadline: Deadline):
    """The model (1)-(4); ``x[r, c]`` keyed by cell."""
    problem = new_problem(f"template_{len(puzzle.rows)}x{len(puzzle.cols)}")
    nrows, ncols = puzzle.shape
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(nrows) for c in range(ncols)}   # (4)
    for r in range(nrows):
        deadline.check()
        problem += pulp.lpSum(x[r, c] for c in range(ncols)) == puzzle.rows[r], f"row_{r}"        # (1)
    for c in range(ncols):
        problem += pulp.lpSum(x[r, c] for r in range(nrows)) == puzzle.cols[c], f"col_{c}"        # (2)
    for (r, c), var in x.items():
        if puzzle.grid[r][c] is not None:
            problem += var == puzzle.grid[r][c], f"given_{r}_{c}"                                   # (3)
    return problem, x
# END build_cells


#: Every formulation's builder, by its name in MODELS.
BUILDERS = {"cells": build_cells}


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, deadline: Deadline | None = None):
    """``(problem, x)`` of the formulation ``model`` (one of MODELS) for ``puzzle``.

    ``deadline`` (from ``solve``) stops building a big board's model once the caller's time is spent.
    """
    require(puzzle, Puzzle, "build_model")
    check_choice(model, MODELS, "model")
    return BUILDERS[model](puzzle, Deadline.of(deadline))
