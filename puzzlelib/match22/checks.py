"""Checks for the exercises of chapter 9 on Match 22 (Exercise 9.1: taps that turn right).

The student's answer is checked by its properties, on small boards of our own generator: turned
right as it says, every pair of neighbours must match (the puzzle's rule checker), and no matching
may use fewer right turns (the fewest, counted over every matching a search without any solver
finds, ``brute_force``). No function here returns an answer: while the student's function runs, the
library's searches and the checks' count are blocked.
"""

from __future__ import annotations

from functools import cache
from numbers import Integral

from ..feedback.checks import Case, Failure, forbidden, hidden_boards, run_check
from .board import Puzzle
from .drawing import draw
from .generators import random_puzzle
from .rules import brute_force, check_rules
from .solving import solutions, solve

LIBRARY = {"m22.solve": solve, "m22.solutions": solutions, "m22.brute_force": brute_force}


@cache
def public_right_battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = []
    for seed, (n, m) in enumerate(((2, 2), (2, 3), (3, 3), (3, 3), (3, 4))):
        boards.append((f"random {n}x{m} board #{seed}", random_puzzle((n, m), seed=seed, holes=0.15)))
    return tuple(boards)


def right_battery() -> list[tuple[str, Puzzle]]:
    """The public boards, then (when a grader sets a hidden seed) boards the student never saw."""
    return list(public_right_battery()) + hidden_boards(lambda s: random_puzzle(3, seed=s, holes=0.15))


def fewest_right_turns(puzzle: Puzzle) -> int:
    """The fewest right turns of any matching (solver-free): a right turns equal (4 - a) % 4 left turns."""
    return min(sum((4 - k) % 4 for k in s.turns.values()) for s in brute_force(puzzle, optimal=False))


def check_right_turns(solve_right) -> object:
    """Exercise 9.1: ``solve_right(puzzle)`` returns ``{disk id: right turns}`` with the fewest right turns."""

    def case(name, puzzle):
        def run():
            best = fewest_right_turns(puzzle)  # before the block: it searches with brute_force
            with forbidden(solve_right, {**LIBRARY, "checks.fewest_right_turns": fewest_right_turns}):
                answer = solve_right(puzzle)
            if not isinstance(answer, dict):
                return Failure(f"expected a dict {{disk id: right turns}}, got {type(answer).__name__}",
                               code="wrong-return-type")
            if set(answer) != set(range(1, puzzle.n + 1)) or any(isinstance(i, bool) for i in answer):
                return Failure(f"the keys must be the disk ids 1..{puzzle.n}, got {sorted(answer, key=repr)[:8]}",
                               code="wrong-keys")
            bad = {i: v for i, v in answer.items()
                   if not (isinstance(v, Integral) and not isinstance(v, bool) and 0 <= v <= 3)}
            if bad:
                return Failure(f"right turns must be 0, 1, 2 or 3; got {bad}", code="turns-out-of-range")
            right = {i: int(v) for i, v in answer.items()}
            left = {i: (4 - k) % 4 for i, k in right.items()}
            faults = check_rules(puzzle, left)
            if faults:
                return Failure("turning the disks right as you say leaves a mismatch: " + faults[0].message +
                               " (a right turn moves the top quarter to the right side)",
                               lambda: draw(puzzle, left, ids=True), code=f"breaks-rule:{faults[0].code}")
            got = sum(right.values())
            if got > best:
                return Failure(f"your turns match every disk with {got} right turns, but fewer are enough: "
                               "is the objective counting right turns?", lambda: draw(puzzle, left, ids=True),
                               code="too-many-turns")
            return None
        return Case(name, run)

    cases = [case(name, p) for name, p in right_battery()]
    return run_check("9.1", "Match 22 with taps that turn right", cases)
