"""The chapter's model: Hartmann's (9)-(13) (seed 004, section 4; chapter 9, "The Match 22 model").

``x[i][j] = 1`` when disk i takes j left turns. (9) counts the moves, (10) gives each disk one
number of turns, (11) and (12) make the touching quarters of horizontal and vertical neighbours
equal in colour number, (13) makes x binary. The quarter a disk shows on side h after j turns is
``d[i, (h - j) mod 4]``, built by :func:`puzzlelib.engine.rotation.side_expr`.
"""

from __future__ import annotations

import pulp

from ..core.interface import require
from ..core.validate import check_choice
from ..engine.rotation import BOTTOM, LEFT, RIGHT, TOP, add_turn_variables, side_expr, turns_expr
from ..engine.solver import Deadline, new_problem
from .board import Puzzle

#: The formulations, for ``model=``: Hartmann's is the one (the first is the default).
MODELS = ("hartmann",)
DEFAULT_MODEL = MODELS[0]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, deadline: Deadline | None = None):
    """``(problem, x)`` of the formulation ``model`` (one of ``MODELS``) of ``puzzle``."""
    require(puzzle, Puzzle, "build_model")
    return builder(model)(puzzle, deadline)


def builder(model: str):
    """The function that builds ``model`` (a PuzzleError names the choices for any other name)."""
    check_choice(model, MODELS, "model")
    return BUILDERS[model]


# BEGIN build_model
def build_hartmann(puzzle: Puzzle, deadline: Deadline | None = None):
    """Hartmann's model (9)-(13) of ``puzzle``; returns ``(problem, x)``, ``x[i][j]`` for disk i, j turns.

    ``deadline`` (from ``solve``) stops building a big board's model when the caller's time is spent.
    """
    deadline = Deadline.of(deadline)
    problem = new_problem("match22")
    disks = ((i, str(i), range(4)) for i in range(1, puzzle.n + 1))
    x = add_turn_variables(problem, disks, deadline)                                             # (10), (13)
    problem += pulp.lpSum(turns_expr(x[i]) for i in x)                                           # (9)
    d = puzzle.disk
    for i, k in puzzle.horizontal:
        deadline.check()
        problem += side_expr(x[i], d(i), RIGHT) == side_expr(x[k], d(k), LEFT), f"h_{i}_{k}"      # (11)
    for i, k in puzzle.vertical:
        deadline.check()
        problem += side_expr(x[i], d(i), BOTTOM) == side_expr(x[k], d(k), TOP), f"v_{i}_{k}"      # (12)
    return problem, x
# END build_model


#: Each formulation's builder, by name (the one place a model name is looked up).
BUILDERS = {"hartmann": build_hartmann}
