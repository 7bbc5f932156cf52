"""Monodot (chapter 11; Hartmann 2019, "Monodot") as a 0/1 program with if-then constraints.

Rules (the course's reading: the app's own rules are not fully known). A rectangular grid has free
and blocked cells, and a list of numbered dots is given, each number from 1 to 4. Place every dot
on a free cell, at most one dot per cell. Two placed dots on orthogonally neighbouring cells are
joined automatically; each dot must end with exactly its number of joined neighbours. Two options
give the other readings: ``diagonal=True`` joins dots across corners too (8 neighbours, numbers
up to 8), and ``partial=True`` lets dots stay off the board (each placed dot still keeps its
number; the empty placement then always counts, so such boards are for experiments).

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Dots are numbered 0, 1, ... in the
order of the ``dots`` line. An answer (``Solution``) gives each dot's cell, or None for a dot left
off the board; ``check_rules`` also takes the board as rows of text with each dot's number on its
cell (``"1.2."``), equal dots taken in reading order.

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    monodot
    dots 1 1 2 2 2 3 3
    ....
    .#..
    ....
    ....

The first line names the puzzle; optional flag lines ``diagonal`` and ``partial`` follow; the
``dots`` line gives each dot's number; then one line per row, ``.`` a free cell and ``#`` a
blocked one. Lines starting with ``#`` before the ``dots`` line are comments.

Files, one job each: ``formats`` (KIND, FORMATS), ``board`` (Puzzle, Solution, SEED_BOARD),
``rules`` (RULES, check_rules, verify, brute_force), ``model`` (MODELS, build_model: the default
``aggregated`` model, one binary per number and cell) with ``model_bigm`` (one binary per dot and
cell, the if-then rule by big-M), ``solving`` (solve, solutions, format_solution,
explain_infeasible), ``generators`` (random_puzzle, planted_puzzle), ``drawing`` (draw), ``widget``
(the editor), ``checks`` (Exercise 11.4).
"""

import importlib

from ..core.interface import PuzzleKind, require
from .board import SEED_BOARD, Puzzle, Solution, canonical
from .formats import KIND
from .generators import generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_aggregated, build_model
from .model_bigm import build_bigm
from .rules import RULES, brute_force, check_rules, occupancies, verify
from .solving import explain_infeasible, format_solution, solutions, solve


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


def editor(puzzle: Puzzle | None = None):
    """Click cells to block or free them, click the dots' numbers to change them; solve and check uniqueness."""
    from .widget import MonodotEditor  # ipywidgets is imported only when an editor is made

    return MonodotEditor(None if puzzle is None else require(puzzle, Puzzle, "editor"))


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 11: the 4x4 seed, 6x6.
HOMEWORK_SIZES = ((4, 6), 3, 8)
HOMEWORK_GOAL = ""  # homework makes one from the title

PUZZLE = PuzzleKind(
    kind=KIND, title="Monodot", chapter=11, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate)

#: The formats a board can be read from / written to, by name (``PUZZLE.readers``/``writers``).
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   build_aggregated, build_bigm, occupancies, canonical
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "DEFAULT_MODEL", "READERS",
    "WRITERS", "build_model", "solve", "solutions", "check_rules", "verify", "brute_force",
    "random_puzzle", "planted_puzzle", "generate", "format_solution", "explain_infeasible", "draw",
    "editor",
]
