"""Checks for the exercises of chapter 5 (Flow Free).

5.1  ``add_no_square(problem, puzzle, x)``: the rule that no 2x2 block has one colour, added to the
     cells model. Right when the colourings it admits are exactly the rule-keeping solutions.
5.2  ``add_subtour_constraints(problem, puzzle, x)``: repair Hartmann's second model, from which the
     MTZ constraints were dropped. Right when every answer is loop-free and no solvable board is lost.
5.3  ``measure(models, sizes, seed, cap)``: a table of solve times. Right when it has a time (or
     None, over the cap) for every model and size, and its answers were checked.
"""

from __future__ import annotations

from functools import cache

from ..core.checks import Case, Failure, run_check
from ..core.drawing import side_by_side
from ..core.errors import NoSolution, SolverError
from .board import HARTMANN_8X8, Puzzle, Solution
from .drawing import draw
from .generators import random_puzzle
from .model import build_model
from .rules import has_square, verify
from .solving import colouring_nogood, lazy_solve, solutions

LIMIT = 20  # more colourings than any board of the battery has under the extra rule


@cache
def battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = [("Hartmann's 8x8", HARTMANN_8X8),
              ("a 2x2 whose only solution is one square block", Puzzle(["A.", "A."])),
              ("a 3x4 with two colourings", Puzzle(["A..B", "....", "A..B"])),
              ("a 4x4 with one colour", Puzzle(["A...", "....", "....", "...A"]))]
    for seed, n in enumerate([4, 5, 5, 6]):
        puzzle = random_puzzle(n, seed=200 + seed, tidy=False)
        boards.append((f"random {n}x{n} board #{200 + seed}", puzzle))
    return tuple(boards)


@cache
def reference(puzzle: Puzzle, no_square: bool) -> tuple[Solution, ...]:
    return tuple(solutions(puzzle, limit=LIMIT + 1, no_square=no_square))


def _colourings(problem, puzzle, variables, limit: int) -> list[Solution]:
    """Every colouring the student's model admits, with the lazy loop cutting off loops."""
    found = []
    for k in range(limit):
        try:
            found.append(lazy_solve(problem, puzzle, "cells", variables, time_limit=30))
        except NoSolution:
            break
        problem += colouring_nogood(variables["x"]), f"check_nogood_{k}"
    return found


def _pair(puzzle, left, right, titles):
    return lambda: side_by_side([lambda ax: draw(puzzle, left, ax),
                                 lambda ax: draw(puzzle, right, ax)], titles, width=3.2)


def check_no_square(add_no_square):
    """Exercise 5.1: the no-2x2 rule."""
    def case(name, puzzle):
        def run():
            problem, variables = build_model(puzzle, model="cells")
            add_no_square(problem, puzzle, variables["x"])
            admitted = _colourings(problem, puzzle, variables, LIMIT + 1)
            truth = reference(puzzle, True)
            for answer in admitted:
                corner = has_square(answer.grid)
                if corner is not None:
                    right = truth[0] if truth else None
                    return Failure(f"your model accepts a colouring with a one-colour 2x2 block at {corner}",
                                   _pair(puzzle, answer, right, ["your model's answer",
                                                                 "a right answer" if right else "(none exists)"]))
            missed = [s for s in truth if s not in set(admitted)]
            if missed:
                return Failure(f"your model forbids a colouring without any 2x2 block "
                               f"({len(admitted)} found, {len(truth)} exist)",
                               lambda: draw(puzzle, missed[0], title="a valid colouring your model forbids"))
            return None
        return Case(name, run)

    return run_check("5.1", "the no-2x2 rule", [case(n, p) for n, p in battery()])


def check_subtours(add_subtour_constraints):
    """Exercise 5.2: the missing subtour constraints of Hartmann's second model."""
    def case(name, puzzle):
        def run():
            problem, variables = build_model(puzzle, model="hartmann2", subtours=False)
            add_subtour_constraints(problem, puzzle, variables["x"])
            truth = reference(puzzle, False)
            try:
                answer = lazy_solve(problem, puzzle, "hartmann2", variables, time_limit=30, cuts=False)
            except NoSolution:
                if truth:
                    return Failure("your constraints make a solvable board infeasible: they cut off real pipes",
                                   lambda: draw(puzzle, truth[0], title="a solution your model forbids"))
                return None
            except SolverError as exc:
                return Failure(f"the solver could not finish on your model: {exc}")
            problems = verify(puzzle, answer)
            if problems:
                return Failure(f"the answer breaks a rule ({problems[0]})",
                               _pair(puzzle, answer, truth[0] if truth else None,
                                     ["your model's answer", "a right answer"]))
            return None
        return Case(name, run)

    boards = [(n, p) for n, p in battery() if n != "a 2x2 whose only solution is one square block"]
    return run_check("5.2", "the repaired model", [case(n, p) for n, p in boards])


def check_measure(measure):
    """Exercise 5.3: a table of solve times, one per model and board size."""
    models, sizes = ("hartmann2", "cells"), (4, 5)

    def run():
        table = measure(models, sizes, seed=1, cap=10.0)
        if not isinstance(table, dict):
            return Failure("measure must return a dict keyed by (model, size)")
        missing = [(m, n) for m in models for n in sizes if (m, n) not in table]
        if missing:
            return Failure(f"the table has no entry for model {missing[0][0]!r} on the {missing[0][1]}x"
                           f"{missing[0][1]} board")
        for key, value in table.items():
            if value is not None and not (isinstance(value, (int, float)) and 0 <= value <= 10.0 + 5):
                return Failure(f"the entry for {key} is {value!r}: a time in seconds (at most the cap) or None")
        if all(v is None for v in table.values()):
            return Failure("every entry is None: these small boards solve well within the cap")
        return None

    return run_check("5.3", "the measurement table", [Case("models on 4x4 and 5x5 boards", run)])


__all__ = ["check_no_square", "check_subtours", "check_measure", "battery"]
