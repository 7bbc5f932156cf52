"""Knight Moves (chapter 11): visit every open square of a board exactly once with knight's jumps.

After the Knight Moves app that Hartmann's second paper (Puzzle—More Logic Puzzle Apps Solved by
Mathematical Programming, INFORMS Transactions on Education 20(1):49-55, 2019) models beside Star
Battle, V3ck and Monodot. The paper's full text was not at hand; the rules below are the course's
reading, chosen as the better exercise, and the options are said as such.

Rules (the course's reading). A rectangular board of open and blocked squares, and a given start
square S. Starting on S, the knight visits every open square exactly once, each step a knight's
move (two squares along a row or column and one across), never landing on a blocked square: a
Hamiltonian path from S in the knight's graph of the open squares. The path may end on any square;
as an option a board fixes the end square E too. It is not a closed tour (the last square need not
be a jump from S).

Coordinates are ``(row, col)``, 0-based, row 0 at the top. An answer is the path: the squares in the
order visited, S first (``Solution.path``, or a list of pairs).

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    knightmoves
    S..E.
    .....
    ..#..
    .....
    .....

The first line names the puzzle; then one line per row: ``.`` an open square, ``#`` a blocked one,
``S`` the start (exactly one), ``E`` the end (at most one). Comment lines (starting with ``#``) may
stand only before the line naming the puzzle, since a row may start with a blocked ``#``.

The models (``model.py``): binaries y[u, v] on the knight's jumps, each square other than S entered
once, each left at most once (once, but E, when E is fixed), and subtour elimination: ``lazy`` (the
default) cuts off each cycle a solution holds and solves again, ``mtz`` adds Miller-Tucker-Zemlin
order variables. ``explain_infeasible`` gives the colour argument: a knight always jumps to the
other colour, so the light and dark open squares may differ by at most one.

Files, each with one role (see its docstring): ``formats`` (KIND, the text format), ``board``
(Puzzle, Solution, SEED_BOARD, the knight's graph), ``rules`` (RULES, check_rules, verify,
brute_force), ``model`` (MODELS, build_model; ``model_lazy``, ``model_mtz``), ``solving`` (solve,
solutions, format_solution, explain_infeasible), ``generators`` (random_puzzle, planted_puzzle),
``drawing`` (draw), ``widget`` (the editor), ``checks`` (Exercises 11.5 and 11.6).
"""

import importlib

from ..core.interface import PuzzleKind
from .board import SEED_BOARD, Puzzle, Solution, knight_arcs
from .formats import KIND
from .generators import generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, add_cycle_cut, build_model, path_from_arcs
from .rules import RULES, brute_force, check_rules, verify
from .solving import explain_infeasible, format_solution, lazy_answers, solutions, solve


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
    """Click squares to block or open them, to move the start, to fix or free the end; solve and check uniqueness."""
    from .widget import KnightMovesEditor  # ipywidgets is imported only when an editor is made

    return KnightMovesEditor(puzzle)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores.
#: Chapter 11: the 5x5 seed; start and end given (8x8: over 30 s).
HOMEWORK_SIZES = ((5, 6), 4, 6)
HOMEWORK_GOAL = ""  # homework makes one from the title

PUZZLE = PuzzleKind(
    kind=KIND, title="Knight Moves", chapter=11, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate,
    extras=dict(knight_arcs=knight_arcs, add_cycle_cut=add_cycle_cut, path_from_arcs=path_from_arcs,
                lazy_answers=lazy_answers))

#: The formats a board can be read from / written to, by name (PUZZLE has them).
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   knight_arcs, add_cycle_cut, path_from_arcs, lazy_answers
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "DEFAULT_MODEL", "READERS",
    "WRITERS", "build_model", "solve", "solutions", "check_rules", "verify", "brute_force",
    "random_puzzle", "planted_puzzle", "generate", "format_solution", "explain_infeasible", "draw",
    "editor",
]
