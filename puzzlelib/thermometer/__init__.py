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

Files: formats (text), board (Puzzle, Solution), rules (verify, brute_force), model (the chapter's
model), solving (solve, solutions), generators (random and unique boards), drawing, widget (the
editor), checks (the exercises of chapter 1).
"""

from ..core.errors import NoSolution, PuzzleError, SolverError
from .board import KIND, SEED_BOARD, Puzzle, Solution, adjacent
from .drawing import draw, draw_board
from .formats import label
from .generators import Generated, UniquenessProof, generate, planted_puzzle, random_puzzle, random_tiling
from .model import build_model
from .rules import RULES, brute_force, check_rules, verify
from .solving import explain_infeasible, format_solution, grid_from_strings, read_solution, solutions, solve

#: Readers by format name: text -> Puzzle.
READERS = {"text": Puzzle.from_text, "puzzleteam": Puzzle.from_puzzleteam}
#: Writers by format name: Puzzle -> text (task strings exist for square boards only).
WRITERS = {"text": Puzzle.to_text, "puzzleteam": Puzzle.to_puzzleteam}


def editor(puzzle: Puzzle | None = None, **kw):
    """A board to click on: draw thermometers bulb first, erase, fill mercury, set counts, solve."""
    from .widget import ThermometerEditor

    return ThermometerEditor(puzzle, **kw)


__all__ = [
    "KIND", "SEED_BOARD", "Puzzle", "Solution", "READERS", "WRITERS", "build_model", "solve", "solutions",
    "verify", "brute_force", "check_rules", "RULES", "random_puzzle", "planted_puzzle", "random_tiling",
    "generate", "Generated", "UniquenessProof",
    "draw", "draw_board", "format_solution", "editor", "grid_from_strings", "label", "adjacent",
    "explain_infeasible", "read_solution", "NoSolution", "PuzzleError", "SolverError",
]
