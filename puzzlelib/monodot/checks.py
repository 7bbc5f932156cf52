"""checks.py: the exercise checks the chapter's student notebook calls (chapter 11, Monodot).

Role. Each check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
which rule broke, drawn beside a right answer. The truth comes from ``brute_force``, not the
library's own model, so a check never grades a model against itself.

Exercise 11.3: write ``build(puzzle) -> (problem, q)``, the aggregated model with ``q[v, (r, c)]``
keyed by (number, free cell); it passes when it admits exactly the occupancies with numbers that keep
every rule (a model whose big-M is too small forbids some; one that drops the upper bound (4) admits
dots with too many neighbours).
"""

from __future__ import annotations

import pulp

from ..core.errors import SolverError
from ..display.drawing import side_by_side
from ..engine import enumerate_solutions, value01
from ..feedback.checks import Case, Failure, hidden_boards, run_check
from .board import SEED_BOARD, Puzzle, canonical
from .drawing import draw
from .generators import random_puzzle
from .rules import brute_force, check_rules


def battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.3: the chapter's board, three small random ones, then any hidden ones."""
    boards = [("the chapter's board", Puzzle.from_text(SEED_BOARD))]
    boards += [(f"random {n}x{m} board #{seed}", random_puzzle((n, m), seed=seed))
               for seed, (n, m) in enumerate(((3, 3), (3, 4), (4, 3)))]
    return boards + hidden_boards(lambda s: random_puzzle(3, seed=s))


def _admitted(build, puzzle: Puzzle, limit: int):
    """The answers ``build`` admits (up to ``limit``), or a Failure saying why they cannot be read."""
    result = build(puzzle)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)):
        return Failure("the function must return (problem, q): a pulp.LpProblem and the dict of number-cell "
                       "variables", code="wrong-return-type")
    problem, q = result
    keys = [(v, cell) for v in puzzle.numbers() for cell in puzzle.free_cells()]
    missing = [key for key in keys if key not in q]
    if missing:
        return Failure(f"q has no variable for {missing[0]}: key the dict by (number, (row, col))",
                       code="missing-variable")

    def read():
        return canonical(puzzle, {cell: v for v, cell in keys if value01(q[v, cell])})

    try:
        return enumerate_solutions(problem, [q[key] for key in keys], read, limit)
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")


def placement_case(name: str, puzzle: Puzzle, build) -> Case:
    truth = brute_force(puzzle)

    def run():
        admitted = _admitted(build, puzzle, len(truth) + 1)
        if isinstance(admitted, Failure):
            return admitted
        extra = [s for s in admitted if s not in truth]
        if extra:
            faults = check_rules(puzzle, extra[0])
            code = f"breaks-rule:{faults[0].code}" if faults else "breaks-rule"
            rule = faults[0].message if faults else "it is not an answer"
            return Failure(f"your model accepts a placement that breaks a rule ({rule})",
                           lambda: side_by_side([lambda ax: draw(puzzle, extra[0], ax)], ["your model's placement"]),
                           code=code)
        missed = [s for s in truth if s not in admitted]
        if missed:
            return Failure(f"your model rules out a valid placement ({len(admitted)} found, {len(truth)} exist)",
                           lambda: side_by_side([lambda ax: draw(puzzle, missed[0], ax)],
                                                ["a valid placement your model forbids"]),
                           code="rules-out-solution")
        return None
    return Case(name, run)


def check_model(build):
    """Exercise 11.3: ``build(puzzle)`` admits exactly the occupancies with numbers that keep every rule."""
    return run_check("11.3", "the aggregated Monodot model", [placement_case(n, p, build) for n, p in battery()])
