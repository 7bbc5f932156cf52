"""checks.py: the exercise checks the chapter's student notebook calls.

Role. Each check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
which rule broke, drawn beside a right answer. The truth comes from ``brute_force``, not the
library's own model, so a check never grades a model against itself.

Exercise 99.1: write ``build(puzzle) -> (problem, x)``, the counts model with ``x[r, c]`` keyed by
cell; it passes when it admits exactly the fillings that keep every rule.
"""

from __future__ import annotations

from ..feedback.checks import filling_case, hidden_boards, run_check
from .board import Puzzle
from .drawing import draw
from .generators import random_puzzle
from .rules import brute_force, verify


def battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 99.1: two small random boards, one 3x4, then any hidden ones."""
    boards = [(f"random {n}x{m} board #{seed}", random_puzzle((n, m), seed=seed))
              for seed, (n, m) in enumerate(((3, 3), (3, 3), (3, 4)))]
    return boards + hidden_boards(lambda s: random_puzzle(4, seed=s))


def check_model(build):
    """Exercise 99.1: ``build(puzzle)`` admits exactly the fillings that keep every count and given cell."""
    cases = [filling_case(name, puzzle, build, [s.grid for s in brute_force(puzzle)], verify, draw)
             for name, puzzle in battery()]
    return run_check("99.1", "the counts model", cases)
