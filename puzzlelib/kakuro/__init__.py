r"""Kakuro (Cross Sums) as a 0/1 program (Hartmann 2018, section 3 and Appendix B; chapter 8).

Rules. Fill every white cell with a digit 1-9 so that each *run* (a maximal line of white cells,
across or down) adds up to the sum written in the clue cell just before it, and no digit appears
twice in a run.

Board. ``Puzzle(cells)`` takes rows of cell strings, the form of the course's corpus: ``"."`` a white
cell, ``"#"`` a black cell, ``"D\A"`` a black clue cell with the down sum D (of the run below it)
and the across sum A (of the run right of it), either side empty (``"16\"``, ``"\7"``,
``"10\24"``; in JSON and in Python strings the backslash is doubled). ``p.cells`` gives the board
back in that form. Coordinates are ``(row, col)``, 0-based, row 0 at the top; row 0 and column 0
hold the clues of the first runs, so Hartmann's 8x8 is a 9x9 board here. Runs are derived from
the cells (``p.runs``, in reading order, across runs first); the board is refused, with the run or
clue named, when a clue has no run, a run is longer than 9 cells, or a total cannot be made from
distinct digits (3 cells add up to 6 to 24). A run without a clue (a black cell with no number before
it, or the board's edge) is read as pzprjs reads it: its digits differ, their sum is free.

Text format, as in a puzzle book (``Puzzle.read(text)``, ``puzzle.write()``; also ``from_text``/``to_text``)::

    kakuro
      # 12\    6\   31\ 12\     #  14\ 32\   #
    \11   .     .     .   .  8\14    .   .   #
    \34   .     .     .   .     .    .   .  8\
    ...

The first line names the puzzle; then one line per row, cells separated by spaces. There are no
comment lines (a ``#`` is a black cell). Also read: puzz.link ``kakuro`` URLs
(``Puzzle.from_puzzlink``, format ``"puzzlink"``) and the corpus's decoded form as JSON
(``Puzzle.from_cells``, format ``"cells"``).

Answers. ``solve(p).grid`` holds the digit of each white cell and 0 elsewhere; ``verify`` also
takes rows of strings such as ``"#12#"``.

Models (``model=``, ``MODELS``): ``"hartmann"`` (a binary per cell and digit; one digit per cell,
distinct digits in a run, the sum: equations (1)-(4)) and ``"combos"`` (the default: a variable
per run and admissible digit set, linked to the cell digits: equations (5)-(8)), whose LP
relaxation decides far more of the board. ``solve`` and ``solutions`` first narrow each cell's
digits without search (``rules.narrow``, ``narrow=True`` by default) and build the model on what is
left; ``narrow=False`` solves the models exactly as the chapter states them. Where they search
(``search=``): by default on the combination model written as clauses, on CaDiCaL (``model_sat.py``:
clause learning proves "no other filling" in a fraction of a second where HiGHS branched for a
minute on a 30x30), or with ``search="mip"`` (and whenever ``narrow=False``) on the integer program.
"""

import importlib

from ..core.interface import PuzzleKind, require
from .board import DIGITS, MAX_SIDE, SEED_BOARD, Puzzle, Run, Solution, combinations, sum_range
from .formats import KIND
from .generators import generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_hartmann, build_model
from .model_combos import build_combos
from .rules import RULES, brute_force, candidates, check_rules, narrow, verify
from .solving import explain_infeasible, format_solution, lp_candidates, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"draw_cells", "drawing"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None, **kw):
    """The live editor (ipywidgets), on ``puzzle`` or Appendix B's board."""
    if puzzle is not None:  # never open the seed board in place of something that is not a board
        require(puzzle, Puzzle, "editor")
    from .widget import KakuroEditor

    return KakuroEditor(puzzle, **kw)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 8: 8x8 seed, 6, 8, 10.
HOMEWORK_SIZES = ((6, 8, 10), 3, 10)
HOMEWORK_GOAL = ('Write a digit from 1 to 9 in every white cell so that each run of white cells adds up to the '
                 'clue before it.')

PUZZLE = PuzzleKind(
    kind=KIND, title="Kakuro", chapter=8, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate)
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   combinations, sum_range, build_hartmann, build_combos, lp_candidates, candidates, narrow,
#   draw_cells
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "DEFAULT_MODEL", "READERS",
    "WRITERS", "build_model", "solve", "solutions", "check_rules", "verify", "brute_force",
    "random_puzzle", "generate", "planted_puzzle", "format_solution", "explain_infeasible", "draw", "editor",
    "MAX_SIDE", "DIGITS", "Run",
]
