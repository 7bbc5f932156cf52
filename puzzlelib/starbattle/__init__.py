"""Star Battle (chapter 11; Hartmann 2019, "Starbattle"; pzprjs "starbattle") as a 0/1 program.

Rules. An n x n grid is split into n regions, each one orthogonally connected piece, drawn with
thick walls. Place stars so that every row, every column and every region holds exactly k stars
(k is part of the puzzle: 1 on small boards, 2 from 10x10, more on large ones) and no two stars
touch, not even at a corner.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Regions are numbered 0, 1, ... in
reading order of their first cell and lettered a..z, A..Z in that order. An answer is a grid of 0/1
rows (1: a star), or strings of ``*`` and ``.``.

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    starbattle
    stars 1
    aaabbb
    abbbcc
    addeec
    ffddec
    feeeec
    fccccc

The first line names the puzzle (it may be left out); ``stars k`` gives k; then one line per row,
one letter per cell; cells with the same letter form one region. Lines starting with ``#`` are
comments. puzz.link URLs (``https://puzz.link/p?starbattle/<cols>/<rows>/<k>/<walls>``) are read
and written too (:meth:`Puzzle.from_puzzlink`, :meth:`Puzzle.to_puzzlink`). puzzle-star-battle.com task
strings (``stars=k;1,2,2,...``: the page's region ids with k in front) are read and written too
(:meth:`Puzzle.from_puzzleteam`, :meth:`Puzzle.to_puzzleteam`); a bare task from the page reads with
``Puzzle.from_puzzleteam(task, stars=k)``.

Files, one job each: ``formats`` (KIND, FORMATS), ``board`` (Puzzle, Solution, SEED_BOARD),
``rules`` (RULES, check_rules, verify, brute_force), ``model`` (MODELS, build_model) with
``model_pairs`` (the no-touch rule by pairs, the default) and ``model_blocks`` (by 2x2 windows),
``solving`` (solve, solutions, format_solution, explain_infeasible), ``generators`` (random_puzzle,
planted_puzzle), ``drawing`` (draw), ``widget`` (the editor), ``checks`` (Exercises 11.1 and 11.3).
"""

import importlib

from ..core.interface import PuzzleKind, require
from .board import SEED_BOARD, Puzzle, Solution, max_stars
from .formats import KIND, region_label
from .generators import default_stars, generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, add_counts, build_model
from .model_blocks import build_blocks
from .model_pairs import build_pairs
from .rules import RULES, brute_force, check_rules, touching_pairs, verify
from .solving import explain_infeasible, format_solution, solutions, solve


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


def editor(puzzle: Puzzle | None = None):
    """Paint regions, set k, solve and check uniqueness, load and save."""
    from .widget import StarBattleEditor  # ipywidgets is imported only when an editor is made

    return StarBattleEditor(None if puzzle is None else require(puzzle, Puzzle, "editor"))


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores.
#: Chapter 11: one star to 9x9, two from 10x10 (20x20: over 30 s).
HOMEWORK_SIZES = ((6, 8, 10), 4, 14)
HOMEWORK_GOAL = ""  # homework makes one from the title

PUZZLE = PuzzleKind(
    kind=KIND, title="Star Battle", chapter=11, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate)

#: The formats a board can be read from / written to, by name (``PUZZLE.readers``/``writers``).
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   add_counts, build_pairs, build_blocks, touching_pairs, max_stars, default_stars, draw_board,
#   region_label
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "DEFAULT_MODEL", "READERS",
    "WRITERS", "build_model", "solve", "solutions", "check_rules", "verify", "brute_force",
    "random_puzzle", "planted_puzzle", "generate", "format_solution", "explain_infeasible", "draw",
    "editor",
]
