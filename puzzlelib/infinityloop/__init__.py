"""Infinity Loop (Hartmann 2018, seed 004, section 4) as a 0/1 program, with Tatham's Net as an extension.

Rules. Every cell holds a tile with connections on up to four sides (or nothing). A tap turns a
tile by a quarter. The tiles must be turned until every connection meets a connection of the
neighbouring tile and none points off the board: one or more closed figures. Tatham's Net also asks
that all tiles form one connected piece (a tree, on its boards).

Coordinates are ``(row, col)``, 0-based, row 0 at the top. A tile is a 4-bit code, as in Tatham's
Net and the Puzzle Team "pipes" task strings: 1 right, 2 up, 4 left, 8 down (summed; 0 empty). The
model counts left (counterclockwise) turns, as Hartmann's model for Match 22 does; after k left
turns side h of a tile shows what side (h - k) mod 4 showed (:mod:`puzzlelib.engine.rotation`).

Text format (what ``puzzle.write()`` / ``to_text`` writes and ``Puzzle.read`` / ``from_text`` reads)::

    infinityloop
    6ac
    5f5
    39c

The first line names the puzzle; each further line is a row, one hexadecimal digit (0-9, a-f) per
tile. Lines starting with ``#`` are comments. ``Puzzle.from_puzzleteam`` (format ``"puzzleteam"``)
reads a square board's task string (the same digits, row after row, on one line).

Models (``model=``, ``MODELS``): ``"hartmann"`` (the default, closed pictures) and ``"connected"``
(Tatham's Net: one piece); ``verify``, ``check_rules`` and ``brute_force`` take the same ``model=``.

Files: ``formats``, ``board`` (Puzzle, Solution, the chapter's board), ``rules`` (RULES,
check_rules, verify, brute_force, pieces), ``model`` (Hartmann's (9)-(17)), ``model_connected`` (Net: one piece by a
flow), ``solving``, ``generators``, ``drawing``, ``widget`` (the editor), ``checks`` (Ex. 9.2, 9.3).
"""

import importlib

from ..core.interface import PuzzleKind, require
from .board import SEED_BOARD, Puzzle, Solution
from .formats import KIND
from .generators import closed_pattern, generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_hartmann, build_model
from .model_connected import build_connected_model
from .rules import RULES, brute_force, check_rules, open_ends, pieces, verify
from .solving import explain_infeasible, format_solution, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"draw_tiles", "drawing"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None, **kw):
    """Tap tiles to turn them, change tiles, solve and check uniqueness."""
    if puzzle is not None:  # never open the seed board in place of something that is not a board
        require(puzzle, Puzzle, "editor")
    from .widget import InfinityLoopEditor

    return InfinityLoopEditor(puzzle, **kw)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 9: 5, 6x6 seed, 10.
HOMEWORK_SIZES = ((5, 6, 10), 3, 12)
HOMEWORK_GOAL = 'Turn the tiles so that the picture closes: every connection meets a connection of its neighbour.'

PUZZLE = PuzzleKind(
    kind=KIND, title="Infinity Loop", chapter=9, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate)
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   build_hartmann, build_connected_model, pieces, open_ends, closed_pattern, draw_tiles
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "DEFAULT_MODEL", "READERS",
    "WRITERS", "build_model", "solve", "solutions", "check_rules", "verify", "brute_force",
    "random_puzzle", "planted_puzzle", "generate", "format_solution", "explain_infeasible", "draw",
    "editor",
]
