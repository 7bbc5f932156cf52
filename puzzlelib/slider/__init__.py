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

Files: formats (KIND, the text format, FORMATS), board (Puzzle, Solution, the move graph), rules
(RULES, check_rules, verify, BFS, brute force), model (MODELS, build_model: "shortest-path", the
chapter's model), model_hartmann ("hartmann", the printed one), solving, generators (random_puzzle,
planted_puzzle), drawing, widget (the editor), checks (the exercises of chapter 4). ``PUZZLE`` at
the end is the interface table.
"""

from __future__ import annotations

import importlib

from ..core.interface import PuzzleKind
from .board import (
    DIRECTIONS, FREE, HARTMANN, OBSTACLE, SEED_BOARD, START, TARGET, Puzzle, Solution, arcs,
    direction_of, hartmann_example, move_graph, resting_points, slide,
)
from .formats import KIND
from .generators import generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_model, shortest_path_model
from .model_hartmann import build_model_hartmann
from .rules import (
    RULES, bfs_distances, bfs_path, brute_force, check_rules, count_shortest_routes, verify, why_unreachable,
)
from .solving import format_solution, path_from_arcs, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"draw_arcs", "draw_board", "draw_route", "drawing"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None, **kw):
    """A board to click on: place obstacles, the start and the target; Solve draws the route."""
    from .widget import SliderEditor

    return SliderEditor(puzzle, **kw)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 4: 5, 8, 4-10.
HOMEWORK_SIZES = ((5, 8, 10), 4, 16)
HOMEWORK_GOAL = ('Find the shortest route, in slides, from the start S to the target T. A slide goes straight '
                 'until a block or the edge of the board stops it.')

PUZZLE = PuzzleKind(
    kind=KIND, title="Slider", chapter=4, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=None, generate=generate,
)
#: format name -> reader (text -> Puzzle) and writer (Puzzle -> text)
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   shortest_path_model, build_model_hartmann, draw_board, draw_arcs, draw_route, move_graph, arcs,
#   slide, bfs_distances, bfs_path, count_shortest_routes, why_unreachable, resting_points,
#   path_from_arcs, direction_of, hartmann_example
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "READERS", "WRITERS",
    "build_model", "solve", "solutions", "check_rules", "verify", "brute_force", "random_puzzle", "generate",
    "planted_puzzle", "format_solution", "draw", "editor", "DEFAULT_MODEL", "HARTMANN", "DIRECTIONS",
    "FREE", "OBSTACLE", "START", "TARGET",
]
