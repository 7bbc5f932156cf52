"""Solving the chapter's model: one filling, several (no-good cuts), and why there is none."""

from __future__ import annotations

from ..core.errors import NoSolution
from ..core.interface import require
from ..core.validate import check_grid
from ..engine.elastic import nearest_counts
from ..engine.enumeration import enumerate_solutions
from ..engine.search import call_deadline, guard
from ..engine.solver import solve_model, value01
from .board import Puzzle, Solution
from .model import DEFAULT_MODEL, MODELS, builder


def read_solution(puzzle: Puzzle, x) -> Solution:
    """The filling a solved model holds."""
    m, n = puzzle.shape
    return Solution(tuple(tuple(value01(x[i, j]) for j in range(n)) for i in range(m)))


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """The filling of the board; raises NoSolution (with the counts to change, where found)."""
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS)
    problem, x = builder(model)(puzzle)
    deadline.check()
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        raise NoSolution("no filling meets every count", explain_infeasible(puzzle, solver, deadline)) from None
    return read_solution(puzzle, x)


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = DEFAULT_MODEL, solver: str | None = None,
              time_limit: float | None = None) -> list[Solution]:
    """Up to ``limit`` different fillings, found with no-good cuts; one answer proves uniqueness."""
    deadline = guard(puzzle, Puzzle, "solutions", limit=limit, solver=solver, time_limit=time_limit, model=model,
                     models=MODELS)
    problem, x = builder(model)(puzzle)
    deadline.check()
    return enumerate_solutions(problem, x.values(), lambda: read_solution(puzzle, x), limit, solver, deadline)


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit=None) -> str | None:
    """Why no filling fits: the smallest change of the counts that would make one fit.

    An elastic model: every count gets slack variables, and the solver minimises the total slack.
    The lines whose slack is used are where the counts and the thermometers disagree.
    """
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    m, n = puzzle.shape
    problem, x = builder(DEFAULT_MODEL)(puzzle, counts=False)
    lines = [("row", i, [x[i, j] for j in range(n)], puzzle.rows[i]) for i in range(m)]
    lines += [("col", j, [x[i, j] for i in range(m)], puzzle.cols[j]) for j in range(n)]
    return nearest_counts(problem, lines, solver, time_limit)


def format_solution(puzzle: Puzzle, solution) -> str:
    """The filling as text: ``#`` for mercury, ``.`` for an empty cell, one line per row."""
    puzzle = require(puzzle, Puzzle, "format_solution")
    grid = check_grid(getattr(solution, "grid", solution), puzzle.shape, "solution")
    return "\n".join("".join("#" if v else "." for v in row) for row in grid)


def grid_from_strings(lines) -> tuple[tuple[int, ...], ...]:
    """``["#..", ".#."]`` to a 0/1 grid (``#`` is mercury)."""
    return tuple(tuple(1 if ch == "#" else 0 for ch in line) for line in lines)
