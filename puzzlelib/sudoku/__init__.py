"""Sudoku and its variants (Thermo, Killer, Arrow) as binary programs (Chapter 7; seed 001).

Rules. Fill an n x n grid (n = 4, 6, 8 or 9; boxes of 2x2, 2x3, 2x4, 3x3 cells) with the digits
1..n so that every row, every column and every box holds each digit once. Given digits stay.
The variants add constraints, and they combine freely on one board:

* **Thermo**: along a thermometer the digits strictly increase from the bulb;
* **Killer**: the digits of a cage differ and sum to the cage's total;
* **Arrow**: the digit in a circle is the sum of the digits on its arrow (which may repeat).

Coordinates are ``(row, col)``, 0-based, row 0 at the top; boxes are numbered row-major.

Text format (``Puzzle.to_text`` / ``Puzzle.from_text``)::

    sudoku
    ..4.
    ....
    .2..
    ...1
    thermo 0,0 0,1
    cage 7 2,2 2,3
    arrow 3,3 : 3,2 2,1

The first line names the puzzle; then one line per row of the grid, a digit or ``.`` per cell;
then any number of ``thermo`` lines (cells from the bulb to the tip), ``cage`` lines (the total,
then the cells) and ``arrow`` lines (the circle, a colon, the arrow's cells from the circle out).
Cells are written ``row,col``; lines starting with ``#`` are comments. Also read: puz.link
``sudoku`` URLs (givens only) and the JSON form of the test corpus's Killer records.

Formulations (``model=``): ``"<thermometer>-<cage>"``, the thermometer written as ``helper``
(H_b >= H_a + 1, the chapter's), ``implication`` or ``pairs``, the cage as ``sets`` (the chapter's
digit sets) or ``sum`` (seed 001's); ``"helper-sets"`` is the default (``MODELS`` lists all six).

Interface (``PUZZLE``): ``Puzzle``, ``Solution``, ``build_model`` (equations (1)-(9) of the
chapter), ``solve``, ``solutions`` (no-good cuts; ``search="sat"``, the default, runs the same 0/1
model written as clauses on a SAT solver, ``model_sat.py``; ``search="mip"`` the integer program),
``check_rules`` and ``verify`` (no solver), ``brute_force`` (4x4 and 6x6), ``draw``,
``random_puzzle`` and ``planted_puzzle`` (planted), ``generate`` (unique, minimal, graded, seeded;
every size up to 25x25), ``editor``.
"""

import importlib

from ..core.interface import PuzzleKind, require
from .board import BOXES, SEED_BOARD, SIZES, Puzzle, Solution, empty, units
from .deduce import propagate, search_guesses, share_fixed
from .formats import KIND
from .generators import (Generated, Grade, generate, grade, minimize, planted_puzzle, random_grid,
                         random_puzzle)
from .model import CAGE_FORMULATIONS, DEFAULT_MODEL, MODELS, THERMO_FORMULATIONS, build_model
from .rules import RULES, brute_force, check_rules, verify
from .solving import UniquenessProof, explain_infeasible, format_solution, prove_unique, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"drawing"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None, **kw):
    """The live editor (ipywidgets, imported only now), on ``puzzle`` or the chapter's board."""
    if puzzle is not None:  # never open the seed board in place of something that is not a board
        require(puzzle, Puzzle, "editor")
    from .widget import SudokuEditor

    return SudokuEditor(puzzle, **kw)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 7: 9x9 (4, 6 and 8 work too).
HOMEWORK_SIZES = ((9,), 4, 9)
HOMEWORK_GOAL = 'Write a digit in every empty cell.'

PUZZLE = PuzzleKind(kind=KIND, title="Sudoku", chapter=7, Puzzle=Puzzle, Solution=Solution,
                    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
                    seed_board=SEED_BOARD, rules=RULES, models=MODELS, build_model=build_model, solve=solve,
                    solutions=solutions, check_rules=check_rules, verify=verify, brute_force=brute_force,
                    random_puzzle=random_puzzle, planted_puzzle=planted_puzzle, format_solution=format_solution,
                    draw=draw, editor=editor, explain_infeasible=explain_infeasible, generate=generate)

READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   empty, grade, minimize, propagate, prove_unique, random_grid, search_guesses, share_fixed, units
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "READERS", "WRITERS",
    "build_model", "solve", "solutions", "check_rules", "verify", "brute_force", "random_puzzle",
    "planted_puzzle", "generate", "format_solution", "explain_infeasible", "draw", "editor", "BOXES",
    "SIZES", "DEFAULT_MODEL", "THERMO_FORMULATIONS", "CAGE_FORMULATIONS", "Generated", "Grade",
    "UniquenessProof",
]
