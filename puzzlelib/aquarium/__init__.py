"""Aquarium (puzzle-aquarium.com, pzprjs "aquarium"; seed 002) as a 0/1 program.

Rules. The board is cut into tanks: regions of orthogonally connected cells, drawn with thick
walls. Water settles at the bottom of each tank and rises to one level, so in every tank the cells
of one row are all wet or all dry, and a wet row makes every lower row of the tank wet. The numbers
outside the board give how many cells of each row (left) and column (top) hold water; a line may
have no number.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Tanks are numbered 0, 1, ... in reading
order of their first cell and named a, b, ..., z, aa, ... in that order.

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads, ``formats.read_text``)::

    aquarium
      2 . 2 1
    3 a a b b
    1 c a a b
    . c c d d
    2 c c d d

The first line names the puzzle. The next line holds the column counts, left to right. Each further
line is a row: its count, then one name per cell; cells with the same name form one tank. A count
is a whole number, or ``.`` for no clue. Names are 1 to 12 letters, digits or ``_``, separated by
spaces. Lines starting with ``#`` are comments.

Other formats: Puzzle Team task strings (:meth:`Puzzle.from_puzzleteam`, square boards with every
count) and puzz.link URLs (:meth:`Puzzle.from_puzzlink`); each reader's docstring gives its format.

Files, one job each: ``formats`` (KIND, FORMATS: strings <-> the Puzzle's arguments), ``board``
(Puzzle, Solution, SEED_BOARD), ``rules`` (RULES, check_rules, verify, brute_force), ``model``
(MODELS, build_model(model=...)) with ``model_cells`` (the chapter's cell model), ``model_integer``
and ``model_staircase`` (one level per tank), ``solving`` (solve, solutions), ``generators``
(planted and unique boards), ``drawing``, ``widget`` (the editor) and ``checks`` (the exercises).
"""

import importlib

from ..core.interface import PuzzleKind, require
from .board import SEED_BOARD, SEED_SOLUTION, SEED_TASK, Puzzle, Solution, solution_from_strings
from .formats import KIND, tank_label
from .generators import generate, planted_puzzle, random_puzzle, random_tanks
from .model import DEFAULT_MODEL, MODELS, build_model
from .model_cells import add_counts, build_cell_model
from .model_integer import build_integer_model
from .model_staircase import build_staircase_model
from .rules import RULES, brute_force, check_rules, verify
from .solving import explain_infeasible, format_solution, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"draw_board", "drawing"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None):
    """Paint tanks, set counts, plant water, solve and check uniqueness, load and save."""
    if puzzle is not None:  # never open the seed board in place of something that is not a board
        require(puzzle, Puzzle, "editor")
    from .widget import AquariumEditor

    return AquariumEditor(puzzle)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 6: 10x10 seed, 6, 10, 15, 20.
HOMEWORK_SIZES = ((6, 10, 15, 20), 4, 20)
HOMEWORK_GOAL = 'Fill tanks with water so that each row and each column holds as many wet cells as its count.'

PUZZLE = PuzzleKind(kind=KIND, title="Aquarium", chapter=6, Puzzle=Puzzle, Solution=Solution,
                    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
                    seed_board=SEED_BOARD, rules=RULES, models=MODELS, build_model=build_model, solve=solve,
                    solutions=solutions, check_rules=check_rules, verify=verify, brute_force=brute_force,
                    random_puzzle=random_puzzle, planted_puzzle=planted_puzzle, format_solution=format_solution,
                    draw=draw, editor=editor, explain_infeasible=explain_infeasible, generate=generate)

#: The formats a board can be read from, by name (old callers; ``PUZZLE.readers``).
READERS = PUZZLE.readers
#: The formats a board can be written to (task strings: square boards with every count only).
WRITERS = PUZZLE.writers
#: Chapter 10 and its benchmark build each formulation by name with this older name of build_model.
build_formulation = build_model

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   solution_from_strings, build_cell_model, add_counts, build_integer_model, build_staircase_model,
#   build_formulation, random_tanks, draw_board, tank_label
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "READERS", "WRITERS",
    "build_model", "solve", "solutions", "check_rules", "verify", "brute_force", "random_puzzle",
    "planted_puzzle", "generate", "format_solution", "explain_infeasible", "draw", "editor",
    "DEFAULT_MODEL", "SEED_TASK", "SEED_SOLUTION",
]
