"""Match 22: Color Puzzle Game (Hartmann 2018, seed 004, section 4 and Appendix C) as a 0/1 program.

Rules. Disks sit on a grid, some places empty (holes). Each disk has four quarters, coloured
yellow, orange, red or blue. A tap turns a disk left (counterclockwise) by 90 degrees. The disks
must be turned until every two neighbouring disks touch with the same colour: the right quarter of
a disk and the left quarter of the disk to its right, the bottom quarter and the top quarter of
the disk below. The app counts the taps, so the best answer uses the fewest left turns.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Disks are numbered 1..n in reading
order, as Hartmann numbers them. A disk is ``(top, left, bottom, right)``: Hartmann's segments
0, 1, 2, 3; colours 1 yellow, 2 orange, 3 red, 4 blue. After j left turns, side h shows what side
(h - j) mod 4 showed (see :mod:`puzzlelib.engine.rotation`).

Text format (what ``puzzle.write()`` / ``to_text`` writes and ``Puzzle.read`` / ``from_text`` reads)::

    match22
    1423 1334 .    2223
    2112 .    1233 3342

The first line names the puzzle. Each further line is a row: one word per cell, ``.`` for a hole or
four digits 1-4 (the colours of the top, left, bottom and right quarters). Lines starting with
``#`` are comments. :meth:`Puzzle.from_hartmann` reads Appendix C's data (d, H, V) as printed.

Files: ``formats`` (text and Hartmann's data), ``board`` (Puzzle, Solution, Appendix C),
``rules`` (RULES, check_rules, verify, brute_force), ``model`` (MODELS; Hartmann's (9)-(13)), ``solving``, ``generators``,
``drawing``, ``widget`` (the editor), ``checks`` (Exercise 9.1).
"""

import importlib

from ..core.interface import PuzzleKind, require
from .board import (HARTMANN_D, HARTMANN_H, HARTMANN_TURNS, HARTMANN_V, SEED_BOARD, Puzzle, Solution,
                    make_solution)
from .formats import COLOURS, KIND
from .generators import generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_hartmann, build_model
from .rules import RULES, brute_force, check_rules, read_turns, verify
from .solving import explain_infeasible, format_solution, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"PALETTE", "draw_disks", "drawing"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None, **kw):
    """Tap disks to turn them, paint quarters, add holes, solve and check uniqueness."""
    if puzzle is not None:  # never open the seed board in place of something that is not a board
        require(puzzle, Puzzle, "editor")
    from .widget import Match22Editor

    return Match22Editor(puzzle, **kw)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 9: the 5x5 Appendix C board.
HOMEWORK_SIZES = ((3, 4, 5), 2, 5)
HOMEWORK_GOAL = ('Turn the disks, with as few moves (quarter turns) in all as possible, so that touching disks '
                 'show the same colour where they touch.')

PUZZLE = PuzzleKind(
    kind=KIND, title="Match 22", chapter=9, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate)
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   make_solution, build_hartmann, read_turns, draw_disks
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "DEFAULT_MODEL", "READERS",
    "WRITERS", "build_model", "solve", "solutions", "check_rules", "verify", "brute_force",
    "random_puzzle", "generate", "planted_puzzle", "format_solution", "explain_infeasible", "draw", "editor",
    "HARTMANN_D", "HARTMANN_H", "HARTMANN_V", "HARTMANN_TURNS", "COLOURS", "PALETTE",
]
