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

Interface: ``Puzzle``, ``Solution``, ``build_model`` (equations (1)-(9) of the chapter), ``solve``,
``solutions`` (no-good cuts), ``verify`` (no solver), ``brute_force`` (4x4 and 6x6), ``draw``,
``random_puzzle`` (planted), ``generate`` (unique, minimal, graded, seeded), ``editor``.
"""

from .board import BOXES, KIND, SEED_BOARD, SIZES, Puzzle, Solution, empty, units
from .deduce import propagate, search_guesses, share_fixed
from .drawing import draw
from .generators import Generated, Grade, generate, grade, minimize, needed_clues, random_board, random_grid, random_puzzle
from .model import build_model
from .model_thermo import THERMO_FORMULATIONS
from .rules import brute_force, verify
from .solving import UniquenessProof, format_solution, prove_unique, solutions, solve

READERS = {"text": Puzzle.from_text, "json": Puzzle.from_json, "puzzlink": Puzzle.from_puzzlink}
WRITERS = {"text": Puzzle.to_text, "json": Puzzle.to_json}


def editor(puzzle: Puzzle | None = None, **kw):
    """The live editor (ipywidgets, imported only now), on ``puzzle`` or the chapter's board."""
    from .widget import SudokuEditor

    return SudokuEditor(puzzle, **kw)


__all__ = [
    "BOXES", "KIND", "READERS", "SEED_BOARD", "SIZES", "THERMO_FORMULATIONS", "WRITERS", "Generated", "Grade",
    "Puzzle", "Solution", "UniquenessProof", "brute_force", "build_model", "draw", "editor", "empty",
    "format_solution", "generate", "grade", "minimize", "needed_clues", "propagate", "prove_unique",
    "random_board", "random_grid", "random_puzzle", "search_guesses", "share_fixed", "solutions", "solve", "units", "verify",
]
