"""Solving an Aquarium: one answer, every answer up to a limit, and why there is none."""

from __future__ import annotations

from ..engine.elastic import nearest_counts
from ..engine.enumeration import enumerate_solutions
from ..core.errors import NoSolution, PuzzleError
from ..engine.solver import Deadline, solve_model, solver_name, value01
from ..core.validate import check_choice, check_limit
from .board import Puzzle, Solution
from .model import build_model
from .model_level import build_level_model

#: The formulations ``solve`` and ``solutions`` accept: the chapter's cell model and the level models.
MODELS = ("cells", "integer", "staircase")


def build_formulation(puzzle: Puzzle, model: str = "cells"):
    """``(problem, x)`` of the named formulation."""
    check_choice(model, MODELS, "model")
    return build_model(puzzle) if model == "cells" else build_level_model(puzzle, model)


def _check(puzzle, solver, time_limit, model) -> Deadline:
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"expected an aquarium Puzzle, got {type(puzzle).__name__}")
    check_choice(model, MODELS, "model")
    deadline = Deadline(time_limit)
    solver_name(solver)
    return deadline


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


def solve(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None,
          model: str = "cells") -> Solution:
    """One filling; raises NoSolution (with the nearest solvable counts) when there is none."""
    deadline = _check(puzzle, solver, time_limit, model)
    problem, x = build_formulation(puzzle, model)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        reason = explain_infeasible(puzzle, solver, deadline if deadline.requested is not None else 10.0)
        raise NoSolution("no filling meets every count", reason) from None
    return _read(puzzle, x)


def solutions(puzzle: Puzzle, limit: int = 2, solver: str | None = None, time_limit: float | None = None,
              model: str = "cells") -> list[Solution]:
    """Up to ``limit`` different fillings (no-good cuts); a single one proves the board unique."""
    limit = check_limit(limit)
    deadline = _check(puzzle, solver, time_limit, model)
    problem, x = build_formulation(puzzle, model)
    return enumerate_solutions(problem, _keys(x), lambda: _read(puzzle, x), limit, solver, deadline)


def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit=10.0) -> str | None:
    """Why no filling fits: the smallest change of the given counts that would make one fit.

    The elastic model: the tank rules stay hard, every given count gets two slack variables (too
    few, too many), and the solver minimises the total slack. The lines whose slack is used are
    where the counts and the tanks disagree. None when the elastic model finds no reason in
    ``time_limit`` (seconds, or the caller's Deadline).
    """
    nrows, ncols = puzzle.shape
    problem, x = build_model(puzzle, counts=False)
    lines = [("row", r, [x[r, c] for c in range(ncols)], want) for r, want in enumerate(puzzle.rows)]
    lines += [("col", c, [x[r, c] for r in range(nrows)], want) for c, want in enumerate(puzzle.cols)]
    return nearest_counts(problem, lines, solver, time_limit)


def format_solution(puzzle: Puzzle, solution) -> str:
    """The filling as text, one line per row: ``#`` water, ``.`` air."""
    grid = getattr(solution, "grid", solution)
    return "\n".join("".join("#" if v else "." for v in line) for line in grid)
