"""Flow Free as integer programs (Hartmann 2018, section 6 and Appendix E; chapter 5 of the course).

Rules. A rectangular board holds pairs of coloured dots. Join the two dots of every colour by a
pipe that runs from cell to cell horizontally or vertically. Pipes may not cross or share a cell,
a pipe ends at its dots (it never runs through a dot), and every cell of the board is used by some
pipe. So the board is split into one simple path per colour, from one dot to the other.

Nikoli's Numberlink is the same puzzle with one rule fewer: cells may stay empty. A board carries
its rule, ``Puzzle(grid, rule="numberlink")`` (``rule="flowfree"``, every cell used, is the default;
``puzzle.fills`` says which, ``puzzle.with_rule(...)`` gives the other). Under the Numberlink rule
an answer leaves ``.`` in the cells off every pipe, ``check_rules`` reports no uncovered cell (but
code ``"empty"`` for a coloured cell that is on no pipe), and the models let a cell off the dots
have no colour and no pipe ((C1) at most one colour, (C3) degree 2 with a colour and 0 without).

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
``.`` for an empty cell. Blank lines and lines starting with ``#`` are skipped. A board under the
Numberlink rule has the line ``rule: numberlink`` before its rows (Flow Free's rule writes none).
``Puzzle.from_level`` (the read-only format "level") reads the level files of open-source Flow
solvers (under Flow Free's rule, as their solvers take them), and ``Puzzle.from_puzzlink`` the
puzz.link (pzprjs) URLs of Numberlink (``numlin``, read under the Numberlink rule) and Arukone
boards (Flow Free's rule, or Numberlink's with the flag ``e``:
``https://puzz.link/p?numlin/5/5/1j2h3m1h2j3``; format in ``formats.read_puzzlink``);
``Puzzle.to_puzzlink`` writes them, in the genre that carries the board's rule.

Models (``model=`` in :func:`build_model` and :func:`solve`; one table, ``model.FORMULATIONS``):

``"cells"``      (the default, ``model.py``) a colour per cell, an undirected edge binary, degree 1
                 at dots and 2 elsewhere, equal colours along used edges, no 2x2 loops, cycle cuts
                 added lazily ((C1)-(C6) of the chapter); :func:`solve` first looks for tidy pipes
                 ((C7)), racing a pipe-per-colour model (``model_per_colour.py``) against this one
                 at the root, then the same rules as clauses on a SAT solver (``model_sat.py``),
                 and falls back to the plain rules on that SAT search when there are none;
                 :func:`solutions` lists the tidy colourings first, then searches the plain rules.
``"hartmann2"``  Hartmann's second model ((32)-(41), ``model_hartmann2.py``).
``"hartmann1"``  Hartmann's first model ((22)-(31), ``model_hartmann1.py``).
``"lazy"``       the second model without MTZ; stray loops are cut one round at a time.

Files: ``formats`` (text), ``board`` (Puzzle, Solution, geometry), ``rules`` (RULES, check_rules, verify, brute force),
``model*`` (the models: ``model`` the chapter's, ``model_hartmann1``, ``model_hartmann2``,
``model_lazy``, ``model_per_colour``), ``solving``, ``generators``, ``drawing``, ``widget`` (the editor),
``checks`` (the exercises of chapter 5).
"""

import importlib

from ..core.interface import PuzzleKind
from .board import (COLOUR_NAMES, DEMO, HARTMANN_8X8, SEED_BOARD, Grid, Puzzle, Solution, arcs_of, cells_of,
                    components, edge, edges_of, neighbours, solution_from_edges, square_cells, square_edges,
                    stray_cycles)
from .formats import KIND
from .generators import generate, planted_puzzle, random_puzzle
from .model import (DEFAULT_MODEL, MODELS, add_cycle_cut, add_no_square_rule, add_no_touch_rule, build_model,
                    cells_model)
from .rules import RULES, brute_force, check_rules, has_square, obvious_reason, verify
from .solving import colouring_nogood, cut_loops, format_solution, lazy_solve, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"colour_map", "draw_board", "draw_many", "drawing"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None):
    """A board to click on: choose a colour, click two cells to place its dots, Solve."""
    from .widget import FlowFreeEditor

    return FlowFreeEditor(puzzle)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 5: 8x8 seed, 10, 12.
HOMEWORK_SIZES = ((8, 10, 12), 5, 14)
HOMEWORK_GOAL = 'Join each pair of dots of one colour by a pipe, so that the pipes fill the board.'

PUZZLE = PuzzleKind(kind=KIND, title="Flow Free", chapter=5, Puzzle=Puzzle, Solution=Solution,
                    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
                    seed_board=SEED_BOARD, rules=RULES, models=MODELS, build_model=build_model, solve=solve,
                    solutions=solutions, check_rules=check_rules, verify=verify, brute_force=brute_force,
                    random_puzzle=random_puzzle, planted_puzzle=planted_puzzle, format_solution=format_solution,
                    draw=draw, editor=editor, explain_infeasible=None, generate=generate)
#: The formats a board can be read from and written to (for old callers; ``PUZZLE.readers``).
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   cells_model, draw_board, draw_many, stray_cycles, add_cycle_cut, add_no_square_rule,
#   add_no_touch_rule, has_square, neighbours, edges_of, arcs_of, cells_of, edge, lazy_solve,
#   colouring_nogood, solution_from_edges
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "READERS", "WRITERS",
    "build_model", "solve", "solutions", "check_rules", "verify", "brute_force", "random_puzzle", "generate",
    "planted_puzzle", "format_solution", "draw", "editor", "DEFAULT_MODEL", "Grid", "HARTMANN_8X8",
]
