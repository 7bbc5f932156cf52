"""Flow Free as integer programs (Hartmann 2018, section 6 and Appendix E; chapter 5 of the course).

Rules. A rectangular board holds pairs of coloured dots. Join the two dots of every colour by a
pipe that runs from cell to cell horizontally or vertically. Pipes may not cross or share a cell,
a pipe ends at its dots (it never runs through a dot), and every cell of the board is used by some
pipe. So the board is split into one simple path per colour, from one dot to the other.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. A colour is named by one ASCII letter or
digit (case matters: ``a`` and ``A`` are two colours), so a board has at most 62 colours; it has at
most 200 rows and 200 columns (``core.validate.MAX_SIDE``).

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    flowfree
    ........
    121.342.
    ........
    ........
    ..3.4...
    .5.....5
    .......6
    6...7..7

The first line names the puzzle; every further line is a row, a letter or digit for a dot and
``.`` for an empty cell. Blank lines and lines starting with ``#`` are skipped.
:meth:`Puzzle.from_level` reads the level files of open-source Flow solvers, and
:meth:`Puzzle.from_puzzlink` the puzz.link (pzprjs) URLs of Numberlink (``numlin``) and Arukone
boards (``https://puzz.link/p?numlin/5/5/1j2h3m1h2j3``; format in ``formats.read_puzzlink``);
:meth:`Puzzle.to_puzzlink` writes them.

Models (``model=`` in :func:`build_model` and :func:`solve`):

``"cells"``      (the default, ``model.py``) a colour per cell, an undirected edge binary, degree 1
                 at dots and 2 elsewhere, equal colours along used edges, no 2x2 loops, cycle cuts
                 added lazily ((C1)-(C6) of the chapter); :func:`solve` first looks for tidy pipes
                 ((C7)), racing a pipe-per-colour model (``model_per_colour.py``) against this one,
                 and falls back to the plain rules when there are none; :func:`solutions` lists
                 the tidy colourings first, then searches the plain rules.
``"hartmann2"``  Hartmann's second model ((32)-(41), ``model_hartmann2.py``).
``"hartmann1"``  Hartmann's first model ((22)-(31), ``model_hartmann1.py``).
``"lazy"``       the second model without MTZ; stray loops are cut one round at a time.

Files: ``formats`` (text), ``board`` (Puzzle, Solution, geometry), ``rules`` (verify, brute force),
``model*`` (the models: ``model`` the chapter's, ``model_hartmann1``, ``model_hartmann2``,
``model_lazy``, ``model_per_colour``), ``solving``, ``generators``, ``drawing``, ``widget`` (the editor),
``checks`` (the exercises of chapter 5).
"""

from ..core.errors import NoSolution, PuzzleError, SolverError
from .board import (COLOUR_NAMES, DEMO, HARTMANN_8X8, KIND, SEED_BOARD, Grid, Puzzle, Solution, arcs_of, cells_of,
                    components, edge, edges_of, neighbours, solution_from_edges, square_cells, square_edges,
                    stray_cycles)
from .drawing import colour_map, draw, draw_board, draw_many
from .generators import planted_puzzle, random_puzzle
from .model import (DEFAULT_MODEL, MODELS, add_cycle_cut, add_no_square_rule, add_no_touch_rule, build_model,
                    cells_model)
from .rules import RULES, brute_force, has_square, obvious_reason, verify
from .solving import colouring_nogood, cut_loops, format_solution, lazy_solve, solutions, solve

READERS = {"text": Puzzle.from_text, "level": Puzzle.from_level, "puzzlink": Puzzle.from_puzzlink}
WRITERS = {"text": Puzzle.to_text, "puzzlink": Puzzle.to_puzzlink}


def editor(puzzle: Puzzle | None = None):
    """A board to click on: choose a colour, click two cells to place its dots, Solve."""
    from .widget import FlowFreeEditor

    return FlowFreeEditor(puzzle)


__all__ = [
    "KIND", "SEED_BOARD", "MODELS", "DEFAULT_MODEL", "Puzzle", "Solution", "Grid", "READERS", "WRITERS",
    "build_model", "cells_model", "solve", "solutions", "verify", "brute_force", "random_puzzle", "planted_puzzle",
    "draw", "draw_board", "draw_many", "editor", "format_solution", "stray_cycles", "add_cycle_cut",
    "add_no_square_rule", "add_no_touch_rule", "has_square", "HARTMANN_8X8", "neighbours", "edges_of", "arcs_of",
    "cells_of", "edge", "lazy_solve", "colouring_nogood", "solution_from_edges", "NoSolution", "PuzzleError",
    "SolverError", "RULES",
]
