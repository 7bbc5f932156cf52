"""Binary Sudoku (Binairo, Takuzu) as a 0/1 program (Hartmann 2019; Jandhyala, chapter 51).

Rules. Fill an n x n grid (n even, at most 200) with zeros and ones so that

1. every row and every column holds as many ones as zeros (n/2 of each);
2. no three neighbouring cells in a row or a column are equal;
3. no two rows are equal, and no two columns are equal.

Some cells are given. Coordinates are ``(row, col)``, 0-based, row 0 at the top.

Rule 3 is the interesting one for integer programming, and ``model=`` picks how it is stated
(``MODELS``, the default first; one table in ``model.py``):

* ``"lazy"``: rules 1 and 2, plus the exact form of rule 3 for the pairs of lines that come out
  equal, solved again until none do. Exact, and an order of magnitude faster than ``"exact"`` on
  real boards: the default everywhere (``build_model`` writes the model of its first round).
* ``"exact"``: for every pair of lines and every position, a difference indicator
  ``d = |x - x'|`` written as the four inequalities of an XOR, and ``sum d >= 1``. No coefficient
  is larger than 2, so the solver's tolerances cannot blur it. The chapter's full model.
* ``"bigm"``: Hartmann's device. Read a line as a binary number ``R = sum_j 2^j x_j``; a binary
  ``y`` per pair of lines picks which number is larger, and ``M = 2^n`` switches the two bounds
  ``R - R' >= 1 - M(1 - y)`` and ``R' - R >= 1 - M y`` on and off. ``"bigm_vars"`` binds each
  ``R`` to an integer variable, as Jandhyala's listing does. Correct on paper, but for n >= 20
  ``y = 2^-n`` is within HiGHS' ``mip_feasibility_tolerance`` (1e-6) of 0, so equal lines can
  slip through. Chapter 3 shows it.
* ``"none"``: rule 3 left out (to count how many fillings it removes).

``solutions`` (the uniqueness proof; ``solve`` keeps the lazy integer program) searches the same rules written as clauses
on a SAT solver (``model_sat.py``, ``search="sat"``) when no model or solver is named: a proof that no
other filling exists has no objective for branch and bound to use, and clause learning does it in a
fraction of the time on minimal boards. Naming a model (or ``search="mip"``) runs that integer program,
as chapter 3 does when it compares them. ``planted_puzzle(..., unique=True, minimal=True)`` digs
givens until every one left is needed (each removal asked of one incremental SAT search).

Text format (what ``Puzzle.to_text`` writes and ``Puzzle.from_text`` reads; ``formats.FORMATS``)::

    binairo
    1...1.
    ..1..0
    .1.1..
    0...1.
    ..1..1
    .1.0..

The first line names the puzzle; then one line per row, one character per cell: ``0``, ``1``, or
``.`` for an empty cell (spaces inside a row are ignored). Lines starting with ``#`` are comments.

The Puzzle Team task string (puzzle-binairo.com) is read by ``Puzzle.from_puzzleteam``: the
cells in row-major order, ``0``/``1`` for a given, a lowercase letter for a run of
``ord(letter) - 96`` empty cells (``a`` = 1, ..., ``z`` = 26); the size is the square root of the
number of cells.

Files, one job each: ``formats`` (text and task strings), ``board`` (Puzzle, Solution,
SEED_BOARD), ``rules`` (RULES, check_rules, verify, brute_force), ``model`` (the chapter's model, (1)-(8)) with
``model_exact``, ``model_bigm`` and ``model_lazy``, ``solving`` (solve, solutions, the forced-equal
experiment), ``generators`` (planted boards), ``drawing``, ``widget`` (the editor) and ``checks``.
"""

import importlib

from ..core.interface import PuzzleKind
from .board import MAX_SIZE, SEED_BOARD, Puzzle, Solution, empty, line_number
from .formats import KIND
from .generators import generate, planted_puzzle, random_grid, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_model
from .model_bigm import add_distinct_bigm
from .model_exact import add_distinct_exact, add_pair_exact
from .model_lazy import LazyDistinct, equal_line_pairs
from .rules import (RULES, as_grid, brute_force, brute_force_fillings, broken_cells, check_rules, equal_lines,
                    grid_from_strings, valid_lines, verify)
from .solving import Trial, explain_infeasible, forced_equal_trial, format_solution, read_grid, solutions, solve


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


def editor(puzzle: Puzzle | None = None, size: int = 6):
    """A board to click on: a click cycles a cell empty -> 0 -> 1 -> empty; Solve; Check uniqueness."""
    from .widget import BinairoEditor

    return BinairoEditor(puzzle, size=size)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores. Chapter 3: 6x6 seed, 10, 14, 18.
HOMEWORK_SIZES = ((6, 10, 14, 18), 4, 20)
HOMEWORK_GOAL = 'Fill every empty cell with 0 or 1.'

PUZZLE = PuzzleKind(kind=KIND, title="Binary Sudoku", chapter=3, Puzzle=Puzzle, Solution=Solution,
                    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
                    seed_board=SEED_BOARD, rules=RULES, models=MODELS, build_model=build_model, solve=solve,
                    solutions=solutions, check_rules=check_rules, verify=verify, brute_force=brute_force,
                    random_puzzle=random_puzzle, planted_puzzle=planted_puzzle, format_solution=format_solution,
                    draw=draw, editor=editor, explain_infeasible=explain_infeasible, generate=generate)
#: The formats a board can be read from and written to (for old callers; ``PUZZLE.readers``).
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   empty, line_number, read_grid, random_grid, as_grid, grid_from_strings, brute_force_fillings,
#   valid_lines, broken_cells, equal_lines, forced_equal_trial, add_distinct_exact, add_pair_exact,
#   add_distinct_bigm, equal_line_pairs, draw_board
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "READERS", "WRITERS",
    "build_model", "solve", "solutions", "check_rules", "verify", "brute_force", "random_puzzle", "generate",
    "planted_puzzle", "format_solution", "explain_infeasible", "draw", "editor", "DEFAULT_MODEL",
    "MAX_SIZE", "Trial", "LazyDistinct",
]
