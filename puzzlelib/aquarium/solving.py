"""Solving an Aquarium: one answer, every answer up to a limit, and why there is none."""

from __future__ import annotations

from ..core.errors import NoSolution
from ..core.interface import require
from ..core.validate import check_bit, check_limit, check_table
from ..engine.elastic import nearest_counts
from ..engine.enumeration import enumerate_solutions
from ..engine.solver import Deadline, solve_model, solver_name, value01
from .board import Puzzle, Solution
from .model import DEFAULT_MODEL, builder
from .model_cells import build_cell_model


def _prepare(puzzle, model, solver, time_limit, where: str):
    """The checked arguments: the model's ``(problem, x)`` and the deadline."""
    require(puzzle, Puzzle, where)
    build = builder(model)
    deadline = Deadline(time_limit)
    solver_name(solver)
    return build(puzzle), deadline


def _read(puzzle: Puzzle, x) -> Solution:
    nrows, ncols = puzzle.shape
    return Solution(tuple(tuple(value01(x[r, c]) for c in range(ncols)) for r in range(nrows)))


def _keys(x) -> list:
    """The distinct variables of x (the staircase shares one variable among a tank row's cells)."""
    seen, keys = set(), []
    for var in x.values():
        if var.name not in seen:
            seen.add(var.name)
            keys.append(var)
    return keys


def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """One filling; raises NoSolution (with the nearest solvable counts) when there is none."""
    (problem, x), deadline = _prepare(puzzle, model, solver, time_limit, "solve")
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        reason = explain_infeasible(puzzle, solver, deadline if deadline.requested is not None else 10.0)
        raise NoSolution("no filling meets every count", reason) from None
    return _read(puzzle, x)


def solutions(puzzle: Puzzle, limit: int = 2, model: str = DEFAULT_MODEL, solver: str | None = None,
              time_limit: float | None = None) -> list[Solution]:
    """Up to ``limit`` different fillings (no-good cuts); a single one proves the board unique."""
    limit = check_limit(limit)
    (problem, x), deadline = _prepare(puzzle, model, solver, time_limit, "solutions")
    return enumerate_solutions(problem, _keys(x), lambda: _read(puzzle, x), limit, solver, deadline)


def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit=None) -> str | None:
    """Why no filling fits: the smallest change of the given counts that would make one fit.

    The elastic model: the tank rules stay hard, every given count gets two slack variables (too
    few, too many), and the solver minimises the total slack. The lines whose slack is used are
    where the counts and the tanks disagree. None when the elastic model finds no reason in
    ``time_limit`` (seconds, or the caller's Deadline; None: 10 seconds).
    """
    require(puzzle, Puzzle, "explain_infeasible")
    time_limit = 10.0 if time_limit is None else time_limit
    nrows, ncols = puzzle.shape
    problem, x = build_cell_model(puzzle, counts=False)
    lines = [("row", r, [x[r, c] for c in range(ncols)], want) for r, want in enumerate(puzzle.rows)]
    lines += [("col", c, [x[r, c] for r in range(nrows)], want) for c, want in enumerate(puzzle.cols)]
    return nearest_counts(problem, lines, solver, time_limit)


def format_solution(puzzle: Puzzle, solution) -> str:
    """The filling as text, one line per row: ``#`` water, ``.`` air."""
    puzzle = require(puzzle, Puzzle, "format_solution")
    grid = check_table(getattr(solution, "grid", solution), puzzle.shape, "format_solution: solution", check_bit)
    return "\n".join("".join("#" if v else "." for v in line) for line in grid)
