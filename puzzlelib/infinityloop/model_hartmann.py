"""The chapter's model: Hartmann's (9)-(17) for Infinity Loop (seed 004, section 4; chapter 9).

``x[r, c][k] = 1`` when the tile at (r, c) takes k left turns. (10) gives each tile one number of
turns; (11) and (12) make the connections of neighbours agree (a connection on one side of an edge
exactly when there is one on the other); (14)-(17) forbid connections off the top, left, bottom and
right of the board; (9) counts the turns, so among several closed pictures the one nearest to the
given board is chosen. Empty cells (code 0) get no variables.

``model.build_model(puzzle, "hartmann")`` builds it (the default formulation).

``distinct=True`` (the default) gives a tile only the turns that make different pictures (a
straight pipe has two, a cross one), so different 0/1 answers are different pictures;
``distinct=False`` is Hartmann's model as printed, four binaries for every tile.
"""

from __future__ import annotations

import pulp

from ..engine.rotation import (BOTTOM, LEFT, RIGHT, TOP, add_turn_variables, distinct_turns, side_expr,
                             turns_expr)
from ..engine.solver import Deadline, new_problem
from .board import Puzzle


def _agree(problem, a, b, name):
    """``a == b`` unless both sides are the constant 0 (two empty sides need no constraint)."""
    if len(a) or len(b):
        problem += a == b, name


# BEGIN build_model
def build_hartmann(puzzle: Puzzle, distinct: bool = True, objective: bool = True, borders: bool = True,
                   deadline: Deadline | None = None):
    """Hartmann's model (9)-(17) of ``puzzle``; returns ``(problem, x)``, ``x[r, c][k]`` per tile and turn.

    ``borders=False`` leaves out (14)-(17), for the chapter's experiment. ``deadline`` (from
    ``solve``) stops building a big board's model when the caller's time limit is spent.
    """
    nrows, ncols = puzzle.shape
    deadline = Deadline.of(deadline)
    problem = new_problem("infinityloop")
    cells = puzzle.cells()
    x = add_turn_variables(problem, (((r, c), f"{r}_{c}", distinct_turns(puzzle.sides((r, c)))
                                      if distinct else range(4)) for r, c in cells), deadline)  # (10), (13)
    if objective:
        problem += pulp.lpSum(turns_expr(x[cell]) for cell in cells)                          # (9)

    def side(r, c, h):  # what side h of the tile at (r, c) shows after its turns: 0 or 1
        return side_expr(x[r, c], puzzle.sides((r, c)), h) if (r, c) in x else pulp.lpSum([])

    for r in range(nrows):
        deadline.check()
        for c in range(ncols):
            if c + 1 < ncols:
                _agree(problem, side(r, c, RIGHT), side(r, c + 1, LEFT), f"h_{r}_{c}")        # (11)
            if r + 1 < nrows:
                _agree(problem, side(r, c, BOTTOM), side(r + 1, c, TOP), f"v_{r}_{c}")        # (12)
    for c in range(ncols if borders else 0):
        _agree(problem, side(0, c, TOP), pulp.lpSum([]), f"top_{c}")                          # (14)
        _agree(problem, side(nrows - 1, c, BOTTOM), pulp.lpSum([]), f"bottom_{c}")            # (16)
    for r in range(nrows if borders else 0):
        _agree(problem, side(r, 0, LEFT), pulp.lpSum([]), f"left_{r}")                        # (15)
        _agree(problem, side(r, ncols - 1, RIGHT), pulp.lpSum([]), f"right_{r}")              # (17)
    return problem, x
# END build_model
