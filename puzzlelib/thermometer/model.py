"""The model of chapter 1 (Hartmann 2018, section 2), equations (1)-(4) of the chapter.

    (1)  sum_j x[i, j] = R_i        every row i
    (2)  sum_i x[i, j] = C_j        every column j
    (3)  x[a] >= x[b]               every dependency (a, b): b follows a in a thermometer
    (4)  x[i, j] in {0, 1}          every cell

The chapter types the same function as ``thermometer_model``; a test proves that both write the
same LP file. Constraint names are built from indices only.
"""

from __future__ import annotations

from collections.abc import Collection

import pulp

from ..core.errors import PuzzleError
from ..core.interface import require
from ..engine.solver import add_binary, new_problem
from .board import Puzzle
from .formats import label

#: The formulations, for ``model=``: the chapter's one (Hartmann's (1)-(4)) is the only one.
MODELS = ("hartmann",)
DEFAULT_MODEL = MODELS[0]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, counts: bool = True, skip: Collection[str] = ()):
    """Hartmann's model (1)-(4); returns ``(problem, x)`` with ``x[i, j]`` the binary of cell (i, j).

    For the chapter's experiments, ``counts=False`` leaves out (1) and (2), and ``skip`` leaves out
    the constraints with those names (e.g. ``{"row_count_2"}``).
    """
    puzzle = require(puzzle, Puzzle, "build_model")
    return builder(model)(puzzle, counts, skip)


def builder(model):
    """The function that builds formulation ``model`` (a PuzzleError names the choices)."""
    if not isinstance(model, str) or model not in BUILDERS:
        raise PuzzleError(f"model: expected one of {', '.join(map(repr, MODELS))}, got {str(model)[:30]!r}")
    return BUILDERS[model]


def hartmann_model(puzzle: Puzzle, counts: bool = True, skip: Collection[str] = ()):
    """(1)-(4) of the chapter, as ``(problem, x)``."""
    m, n = puzzle.shape
    problem = new_problem("thermometers")
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(m) for j in range(n)}  # (4)
    constraints = []
    if counts:
        for i in range(m):
            constraints.append((pulp.lpSum(x[i, j] for j in range(n)) == puzzle.rows[i], f"row_count_{i}"))  # (1)
        for j in range(n):
            constraints.append((pulp.lpSum(x[i, j] for i in range(m)) == puzzle.cols[j], f"col_count_{j}"))  # (2)
    for t, cells in enumerate(puzzle.thermometers):
        for k in range(1, len(cells)):
            a, b = cells[k - 1], cells[k]
            constraints.append((x[a] >= x[b], f"fill_{label(t)}_{k}"))  # (3)
    for constraint, name in constraints:
        if name not in skip:
            problem += constraint, name
    return problem, x


#: One table from a model's name to its builder (the only place a name is looked up).
BUILDERS = {"hartmann": hartmann_model}
