"""checks.py: the exercise checks the chapter's student notebook calls (chapter 11, Star Battle).

Role. Each check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
which rule broke, drawn beside a right answer. The truth comes from ``brute_force``, not the
library's own model, so a check never grades a model against itself.

Exercise 11.1: write ``build(puzzle) -> (problem, x)``, a Star Battle model with ``x[r, c]`` keyed
by cell; it passes when it admits exactly the placements that keep every rule (a model that lets
diagonal neighbours touch, or forgets the regions, admits placements the brute force refuses).
"""

from __future__ import annotations

from ..feedback.checks import filling_case, hidden_boards, run_check
from .board import SEED_BOARD, Puzzle
from .drawing import draw
from .generators import random_puzzle
from .rules import brute_force, verify


def battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.1: the chapter's 6x6, random 5x5, 6x6 and 8x8 boards, then any hidden ones."""
    boards = [("the chapter's 6x6 board", Puzzle.from_text(SEED_BOARD))]
    boards += [(f"random {n}x{n} board #{seed}", random_puzzle(n, seed=seed)) for seed, n in enumerate((5, 6, 8))]
    return boards + hidden_boards(lambda s: random_puzzle(6, seed=s))


def check_model(build):
    """Exercise 11.1: ``build(puzzle)`` admits exactly the placements that keep every rule."""
    cases = [filling_case(name, puzzle, build, [s.grid for s in brute_force(puzzle)], verify, draw)
             for name, puzzle in battery()]
    return run_check("11.1", "the Star Battle model", cases)
