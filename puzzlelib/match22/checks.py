"""Checks for the exercises of chapter 9 on Match 22 (Exercise 9.1: taps that turn right).

The student's answer is compared with the turnings a search without any solver finds
(``brute_force``) on small boards of our own generator, including a board where the fewest right
turns and the fewest left turns pick different answers.
"""

from __future__ import annotations

from functools import cache
from numbers import Integral

from ..feedback.checks import Case, Failure, forbidden, hidden_boards, run_check
from .board import Puzzle
from .drawing import draw
from .generators import random_puzzle
from .model import build_model
from .rules import brute_force, verify
from .solving import solutions, solve

LIBRARY = {"m22.solve": solve, "m22.solutions": solutions}


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
            with forbidden(solve_right, LIBRARY):
                answer = solve_right(puzzle)
            if not isinstance(answer, dict):
                return Failure(f"expected a dict {{disk id: right turns}}, got {type(answer).__name__}")
            if sorted(answer) != list(range(1, puzzle.n + 1)):
                return Failure(f"the keys must be the disk ids 1..{puzzle.n}, got {sorted(answer)[:8]}")
            bad = {i: v for i, v in answer.items()
                   if not (isinstance(v, Integral) and not isinstance(v, bool) and 0 <= v <= 3)}
            if bad:
                return Failure(f"right turns must be 0, 1, 2 or 3; got {bad}")
            right = {i: int(v) for i, v in answer.items()}
            left = {i: (4 - k) % 4 for i, k in right.items()}
            broken = verify(puzzle, left)
            if broken:
                return Failure("turning the disks right as you say leaves a mismatch: " + broken[0] +
                               " (a right turn moves the top quarter to the right side)",
                               lambda: draw(puzzle, left, ids=True))
            best = fewest_right_turns(puzzle)
            got = sum(right.values())
            if got != best:
                return Failure(f"your turns match every disk with {got} right turns, but {best} are enough: "
                               "is the objective counting right turns?", lambda: draw(puzzle, left, ids=True))
            return None
        return Case(name, run)

    cases = [case(name, p) for name, p in right_battery()]
    return run_check("9.1", "Match 22 with taps that turn right", cases)


def reference_right(puzzle: Puzzle) -> dict[int, int]:
    """A right answer of Exercise 9.1, for the tests (the library's model with the objective changed)."""
    import pulp

    from ..engine.rotation import chosen_turn
    from ..engine.solver import solve_model

    problem, x = build_model(puzzle)
    problem.setObjective(pulp.lpSum(((4 - k) % 4) * v for i in x for k, v in x[i].items()))
    solve_model(problem)
    return {i: (4 - chosen_turn(x[i])) % 4 for i in x}
