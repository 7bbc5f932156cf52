"""Slider as a shortest path problem (Hartmann 2018, section 5 and Appendix D; chapter 4).

Rules. A rectangular board has free cells and obstacles. A block stands on the start cell. A move
slides the block up, down, left or right, and the block keeps sliding until the next cell in that
direction is an obstacle or lies outside the board; it cannot stop half way. The puzzle is solved
when the block comes to REST on the target cell: sliding over the target does not count. The goal is
to reach the target in as few moves as possible.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Hartmann numbers rows and columns from 1,
so his cell (i, j) is our ``(i - 1, j - 1)``. Boards have at most 200 rows and 200 columns
(``core.validate.MAX_SIDE``: a 200x200 board already gives a model of about 100,000 variables).

The model. Every free cell is a node of the *move graph*; every slide that moves the block is an arc
from the cell it starts on to the cell it stops on. Arcs leaving the target are left out (the game
ends there). A shortest route is a shortest path from the start to the target: a binary ``x[u, v]``
per arc says whether the route uses the slide, one unit of flow leaves the start, one arrives at the
target, flow is conserved at every other cell, and the number of arcs used is minimised
(``model.py``, equations (1)-(5) of the chapter; Hartmann's printed (18)-(21) in ``model_hartmann.py``).

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    slider
    .#..
    ...#
    .S..
    ....
    ..T.
    ..#.

The first line names the puzzle. Each further line is a row: ``.`` a free cell, ``#`` an obstacle,
``S`` the start and ``T`` the target (both free cells). Blank lines are ignored. Comment lines
starting with ``#`` are allowed only before the ``slider`` line (after it, ``#`` is an obstacle).

Files: formats (text), board (Puzzle, Solution, the move graph), rules (verify, BFS, brute force),
model (the chapter's model), model_hartmann (the printed one), solving, generators, drawing, widget
(the editor), checks (the exercises of chapter 4).
"""

from __future__ import annotations

from .board import (
    DIRECTIONS, FREE, HARTMANN, KIND, OBSTACLE, SEED_BOARD, START, TARGET, Puzzle, Solution, arcs,
    direction_of, hartmann_example, move_graph, resting_points, slide,
)
from .drawing import draw, draw_arcs, draw_board, draw_route
from .generators import random_planted, random_puzzle
from .model import build_model
from .model_hartmann import build_model_hartmann
from .rules import (
    RULES, bfs_distances, bfs_path, broken_rules, brute_force, count_shortest_routes, verify, why_unreachable,
)
from .solving import format_solution, path_from_arcs, solutions, solve

#: format name -> reader (text -> Puzzle) and writer (Puzzle -> text)
READERS = {"text": Puzzle.from_text}
WRITERS = {"text": Puzzle.to_text}


def editor(puzzle: Puzzle | None = None, **kw):
    """A board to click on: place obstacles, the start and the target; Solve draws the route."""
    from .widget import SliderEditor

    return SliderEditor(puzzle, **kw)


__all__ = [
    "KIND", "SEED_BOARD", "HARTMANN", "Puzzle", "Solution", "READERS", "WRITERS", "DIRECTIONS", "FREE",
    "OBSTACLE", "START", "TARGET", "build_model", "build_model_hartmann", "solve", "solutions", "verify",
    "broken_rules", "RULES", "brute_force", "draw", "draw_board", "draw_arcs", "draw_route", "editor",
    "random_puzzle", "random_planted", "format_solution", "move_graph", "arcs", "slide", "bfs_distances",
    "bfs_path", "count_shortest_routes", "why_unreachable", "resting_points", "path_from_arcs",
    "direction_of", "hartmann_example",
]
