"""Aquarium (puzzle-aquarium.com, pzprjs "aquarium"; seed 002) as a 0/1 program.

Rules. The board is cut into tanks: regions of orthogonally connected cells, drawn with thick
walls. Water settles at the bottom of each tank and rises to one level, so in every tank the cells
of one row are all wet or all dry, and a wet row makes every lower row of the tank wet. The numbers
outside the board give how many cells of each row (left) and column (top) hold water; a line may
have no number.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Tanks are numbered 0, 1, ... in reading
order of their first cell and named a, b, ..., z, aa, ... in that order.

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

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

Files, one job each: ``formats`` (strings <-> plain data), ``board`` (Puzzle, Solution, SEED_BOARD),
``rules`` (verify, brute_force), ``model`` (the chapter's cell model), ``model_level`` (one level
per tank), ``solving`` (solve, solutions), ``generators`` (planted boards), ``drawing``, ``widget``
(the editor) and ``checks`` (the exercises).
"""

from ..core.errors import NoSolution, PuzzleError, SolverError
from .board import KIND, SEED_BOARD, SEED_SOLUTION, SEED_TASK, Puzzle, Solution, solution_from_strings
from .drawing import draw, draw_board
from .formats import tank_label
from .generators import generate, planted_puzzle, random_puzzle, random_tanks
from .model import build_model
from .model_level import build_level_model
from .rules import broken_rules, brute_force, verify
from .solving import MODELS, build_formulation, explain_infeasible, format_solution, solutions, solve

#: The formats a board can be read from, by name.
READERS = {"text": Puzzle.from_text, "puzzleteam": Puzzle.from_puzzleteam, "puzzlink": Puzzle.from_puzzlink}
#: The formats a board can be written to (task strings: square boards with every count only).
WRITERS = {"text": Puzzle.to_text, "puzzleteam": Puzzle.to_puzzleteam, "puzzlink": Puzzle.to_puzzlink}


def editor(puzzle: Puzzle | None = None):
    """Paint tanks, set counts, plant water, solve and check uniqueness, load and save."""
    from .widget import AquariumEditor

    return AquariumEditor(puzzle)


__all__ = [
    "KIND", "SEED_BOARD", "SEED_TASK", "SEED_SOLUTION", "READERS", "WRITERS", "Puzzle", "Solution",
    "solution_from_strings", "build_model", "build_level_model", "build_formulation", "MODELS", "solve",
    "solutions", "verify", "broken_rules", "brute_force", "explain_infeasible", "format_solution", "random_puzzle",
    "planted_puzzle", "generate", "random_tanks", "draw", "draw_board", "tank_label", "editor", "NoSolution",
    "PuzzleError", "SolverError",
]
