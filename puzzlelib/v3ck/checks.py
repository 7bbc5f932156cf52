"""checks.py: the exercise checks the chapter's student notebook calls.

Role. Each check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
which rule broke, drawn beside a right answer. The truth comes from ``brute_force``, not the
library's own model, so a check never grades a model against itself.

Exercise 11.1: write ``build(puzzle) -> (problem, z)``, the edge-colouring model with ``z[e, c]``
keyed by (edge index, colour name); it passes when it admits exactly the colourings that keep every
node's counts (the Petersen graph among the boards: a model must admit none there).
"""

from __future__ import annotations

import pulp

from ..core.errors import SolverError
from ..display.drawing import side_by_side
from ..engine import enumerate_solutions, value01
from ..feedback.checks import Case, Failure, hidden_boards, run_check
from .board import PETERSEN, SEED_BOARD, Puzzle
from .drawing import draw
from .generators import random_puzzle
from .rules import brute_force, check_rules


def battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.1: the chapter's board, the Petersen graph, three random ones, any hidden ones."""
    boards = [("the chapter's board", Puzzle.from_text(SEED_BOARD)), ("the Petersen graph", Puzzle.from_text(PETERSEN))]
    boards += [(f"random board of 6 nodes #{seed}", random_puzzle(6, seed=seed)) for seed in range(3)]
    return boards + hidden_boards(lambda s: random_puzzle(7, seed=s))


def _admitted(build, puzzle: Puzzle, limit: int):
    """The colourings ``build`` admits (up to ``limit``), or a Failure saying why they cannot be read."""
    result = build(puzzle)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)):
        return Failure("the function must return (problem, z): a pulp.LpProblem and the dict of edge-colour "
                       "variables", code="wrong-return-type")
    problem, z = result
    keys = [(e, c) for e in range(len(puzzle.edges)) for c in puzzle.colours]
    missing = [key for key in keys if key not in z]
    if missing:
        return Failure(f"z has no variable for {missing[0]}: key the dict by (edge index, colour)",
                       code="missing-variable")

    def read():
        return tuple(next((c for c in puzzle.colours if value01(z[e, c])), None) for e in range(len(puzzle.edges)))

    try:
        return enumerate_solutions(problem, [z[key] for key in keys], read, limit)
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")


def colouring_case(name: str, puzzle: Puzzle, build) -> Case:
    truth = [s.colours for s in brute_force(puzzle)]

    def run():
        admitted = _admitted(build, puzzle, len(truth) + 1)
        if isinstance(admitted, Failure):
            return admitted
        extra = [g for g in admitted if g not in truth]
        if extra:
            faults = check_rules(puzzle, extra[0])
            code = f"breaks-rule:{faults[0].code}" if faults else "breaks-rule"
            rule = faults[0].message if faults else "it is not an answer"
            return Failure(f"your model accepts a colouring that breaks a rule ({rule})",
                           lambda: side_by_side([lambda ax: draw(puzzle, extra[0], ax)], ["your model's colouring"]),
                           code=code)
        missed = [g for g in truth if g not in admitted]
        if missed:
            return Failure(f"your model rules out a valid colouring ({len(admitted)} found, {len(truth)} exist)",
                           lambda: side_by_side([lambda ax: draw(puzzle, missed[0], ax)],
                                                ["a valid colouring your model forbids"]),
                           code="rules-out-solution")
        return None
    return Case(name, run)


def check_model(build):
    """Exercise 11.1: ``build(puzzle)`` admits exactly the colourings that keep every node's counts."""
    return run_check("11.1", "the edge-colouring model", [colouring_case(name, p, build) for name, p in battery()])
