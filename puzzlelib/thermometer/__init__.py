"""Thermometer Puzzles as a 0/1 program (Hartmann 2018, section 2; chapter 1 of the course).

Rules. The board is tiled by thermometers, each a path of orthogonally adjacent cells from a round
bulb to a tip. Mercury fills a thermometer from its bulb without gaps, so the filled cells of a
thermometer are a prefix of it (possibly empty, possibly all of it). The numbers outside the board
give how many cells of each row and column are filled.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Thermometers are kept in reading order
of their first cell (top to bottom, left to right) and named A, B, ..., Z, AA, AB, ... in that order.
Boards have at most 200 rows and 200 columns (``core.validate.MAX_SIDE``).

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    thermometer
      3 1 3 3 3
    4 A a a b B
    2 c d d d D
    1 c E F f f
    3 c e g g G
    3 C e H h h

The first line names the puzzle. The next line holds the column counts, left to right. Each
further line is a row: its count, then one token per cell naming the thermometer that covers it,
written in CAPITALS on the bulb and in small letters elsewhere (1 to 4 letters). Counts are ASCII
digits. Tokens are separated by spaces. The order of a thermometer's cells is found by walking from
the bulb to the one neighbouring cell of the same name not yet visited; where a step could go two
ways (a bent thermometer touching itself), a line ``path x: r,c r,c ...`` after the grid lists its
cells from bulb to tip (it must start at the capitalised bulb and name a thermometer of the grid).
Lines starting with ``#`` are comments.

Other formats: Puzzle Team task strings (``Puzzle.from_puzzleteam``, ``to_puzzleteam``; see
``formats.read_puzzleteam``) and Hartmann's dependency quadruples (``Puzzle.from_dependencies``).

Files: formats (KIND, the text and Puzzle Team formats, FORMATS), board (Puzzle, Solution, SEED_BOARD),
rules (RULES, check_rules, verify, brute_force), model (MODELS, build_model: the chapter's model),
solving (solve, solutions, explain_infeasible), generators (random_puzzle, planted_puzzle, and generate
for unique boards), drawing, widget (the editor), checks (the exercises of chapter 1). ``PUZZLE`` at
the end is the interface table (``core.interface.PuzzleKind``).
"""

import importlib

from ..core.interface import PuzzleKind
from .board import SEED_BOARD, Puzzle, Solution, adjacent
from .formats import KIND, label
from .generators import Generated, UniquenessProof, generate, planted_puzzle, random_puzzle, random_tiling
from .model import DEFAULT_MODEL, MODELS, build_model
from .rules import RULES, brute_force, check_rules, verify
from .solving import explain_infeasible, format_solution, grid_from_strings, read_model, solutions, solve


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


def editor(puzzle: Puzzle | None = None, **kw):
    """A board to click on: draw thermometers bulb first, erase, fill mercury, set counts, solve."""
    from .widget import ThermometerEditor

    return ThermometerEditor(puzzle, **kw)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores.
#: Chapter 1: 4, 6, 8, 10; the 5x5 seed board.
HOMEWORK_SIZES = ((4, 6, 8, 10), 3, 12)
HOMEWORK_GOAL = ('Fill thermometers with mercury so that each row and each column holds as many filled cells as '
                 'the number beside it.')

PUZZLE = PuzzleKind(
    kind=KIND, title="Thermometers", chapter=1, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate,
)
#: Readers by format name: text -> Puzzle.
READERS = PUZZLE.readers
#: Writers by format name: Puzzle -> text (task strings exist for square boards only).
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   random_tiling, draw_board, grid_from_strings, label, adjacent, read_model
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "READERS", "WRITERS",
    "build_model", "solve", "solutions", "check_rules", "verify", "brute_force", "random_puzzle",
    "planted_puzzle", "generate", "format_solution", "explain_infeasible", "draw", "editor",
    "DEFAULT_MODEL", "Generated", "UniquenessProof",
]
