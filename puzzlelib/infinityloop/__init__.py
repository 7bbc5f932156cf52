"""Infinity Loop (Hartmann 2018, seed 004, section 4) as a 0/1 program, with Tatham's Net as an extension.

Rules. Every cell holds a tile with connections on up to four sides (or nothing). A tap turns a
tile by a quarter. The tiles must be turned until every connection meets a connection of the
neighbouring tile and none points off the board: one or more closed figures. Tatham's Net also asks
that all tiles form one connected piece (a tree, on its boards).

Coordinates are ``(row, col)``, 0-based, row 0 at the top. A tile is a 4-bit code, as in Tatham's
Net and the Puzzle Team "pipes" task strings: 1 right, 2 up, 4 left, 8 down (summed; 0 empty). The
model counts left (counterclockwise) turns, as Hartmann's model for Match 22 does; after k left
turns side h of a tile shows what side (h - k) mod 4 showed (:mod:`puzzlelib.engine.rotation`).

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    infinityloop
    6ac
    5f5
    39c

The first line names the puzzle; each further line is a row, one hexadecimal digit (0-9, a-f) per
tile. Lines starting with ``#`` are comments. :meth:`Puzzle.from_puzzleteam` reads a square board's
task string (the same digits, row after row, on one line).

Files: ``formats``, ``board`` (Puzzle, Solution, the chapter's board), ``rules`` (verify,
brute_force, pieces), ``model`` (Hartmann's (9)-(17)), ``model_connected`` (Net: one piece by a
flow), ``solving``, ``generators``, ``drawing``, ``widget`` (the editor), ``checks`` (Ex. 9.2, 9.3).
"""

from ..core.errors import NoSolution, PuzzleError, SolverError
from .board import KIND, SEED_BOARD, Puzzle, Solution
from .drawing import draw, draw_tiles
from .generators import closed_pattern, planted_puzzle, random_puzzle
from .model import build_model
from .model_connected import build_connected_model
from .rules import RULES, brute_force, failures, open_ends, pieces, verify
from .solving import explain_infeasible, format_solution, solutions, solve

#: The formats a board can be read from, by name.
READERS = {"text": Puzzle.from_text, "puzzleteam": Puzzle.from_puzzleteam}
#: The formats a board can be written to (task strings: square boards only).
WRITERS = {"text": Puzzle.to_text, "puzzleteam": Puzzle.to_puzzleteam}


def editor(puzzle: Puzzle | None = None):
    """Tap tiles to turn them, change tiles, solve and check uniqueness."""
    from .widget import InfinityLoopEditor

    return InfinityLoopEditor(puzzle)


__all__ = [
    "KIND", "SEED_BOARD", "READERS", "WRITERS", "Puzzle", "Solution", "build_model", "build_connected_model",
    "solve", "solutions", "verify", "failures", "RULES", "brute_force", "pieces", "open_ends",
    "explain_infeasible", "format_solution", "random_puzzle", "planted_puzzle", "closed_pattern", "draw",
    "draw_tiles", "editor", "NoSolution", "PuzzleError", "SolverError",
]
