"""Template (chapter 99): the smallest puzzle folder that fills in the whole interface.

Copy this folder to start a new puzzle (Tatham's ``nullgame``): rename it to the new kind, set
``KIND`` in ``formats.py``, and replace each file's content keeping its role, names and signatures.
The registry skips folders whose name starts with ``_``, so users never see this one; the contract
test (``tests/test_contract.py``), the shared runner (``tests/test_puzzles.py``, with
``tests/cases/_template.py``) and the fuzz test load it like any puzzle, so it never drifts from
the interface.

Rules. Fill a grid with 0s and 1s so that each row and each column holds as many 1s as its count,
and every given cell keeps its value.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. An answer is a grid of 0/1 rows.

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    _template
    rows 1 1 2 3
    cols 2 3 1 1
    ....
    ....
    ....
    .0..

The first line names the puzzle; ``rows`` and ``cols`` give the counts of 1s, top to bottom and
left to right; then one line per row: ``.`` an open cell, ``0`` or ``1`` a given cell. Lines
starting with ``#`` are comments.

Files, each with one role (see its docstring): ``formats`` (KIND, the text format), ``board``
(Puzzle, Solution, SEED_BOARD), ``rules`` (RULES, check_rules, verify, brute_force), ``model``
(MODELS, build_model), ``solving`` (solve, solutions, format_solution, explain_infeasible),
``generators`` (random_puzzle, planted_puzzle), ``drawing`` (draw), ``widget`` (the editor),
``checks`` (Exercise 99.1).
"""

import importlib

from ..core.interface import PuzzleKind
from .board import SEED_BOARD, Puzzle, Solution
from .formats import KIND
from .generators import planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_model
from .rules import RULES, brute_force, check_rules, verify
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
    """Click cells to give them a value, click counts to change them; solve and check uniqueness."""
    from .widget import TemplateEditor  # ipywidgets is imported only when an editor is made

    return TemplateEditor(puzzle)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores (benchmarks/bench_homework.py).
HOMEWORK_SIZES = ((4, 6), 2, 12)
HOMEWORK_GOAL = "Fill the grid so that each row and each column holds as many filled cells as its count."

PUZZLE = PuzzleKind(
    kind=KIND, title="Template", chapter=99, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=None)

#: The formats a board can be read from / written to, by name (for older callers; PUZZLE has them).
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "DEFAULT_MODEL", "READERS",
    "WRITERS", "build_model", "solve", "solutions", "check_rules", "verify", "brute_force", "random_puzzle",
    "planted_puzzle", "format_solution", "explain_infeasible", "draw", "editor",
]
