"""solving.py: an answer, every answer (up to a limit), an answer in words, and why there is none.

Role. ``solve`` and ``solutions`` check their arguments, start one ``Deadline`` for the whole
call, build the chosen model once and read the answer into a ``Solution`` (never hand a PuLP object
back). ``solutions`` lists different answers by no-good cuts over the key variables
(:func:`puzzlelib.engine.enumerate_solutions`). ``explain_infeasible`` says from the data alone why
a board has no answer, or returns None (leave the slot None if the puzzle cannot say).
"""

from __future__ import annotations

from ..core.errors import NoSolution
from ..core.interface import require
from ..engine import enumerate_solutions, solve_model, value01
from ..engine.search import call_deadline, guard
from .board import Puzzle, Solution, as_solution
from .model import DEFAULT_MODEL, MODELS, build_model
from .rules import read_answer


def _read(puzzle: Puzzle, x) -> Solution:
    nrows, ncols = puzzle.shape
    return as_solution([[value01(x[r, c]) for c in range(ncols)] for r in range(nrows)])


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """One answer; NoSolution (with the reason, where the counts show it) when there is none."""
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS)
    problem, x = build_model(puzzle, model, deadline)
    reason = explain_infeasible(puzzle)
    if reason:
        raise NoSolution("no filling keeps every count", reason)
    solve_model(problem, solver=solver, time_limit=deadline)
    return _read(puzzle, x)


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = DEFAULT_MODEL, solver: str | None = None,
              time_limit: float | None = None) -> list[Solution]:
    """Up to ``limit`` different answers (``limit=2`` answers "is it unique?")."""
    deadline = guard(puzzle, Puzzle, "solutions", limit=limit, solver=solver, time_limit=time_limit, model=model,
                     models=MODELS)
    problem, x = build_model(puzzle, model, deadline)
    return enumerate_solutions(problem, list(x.values()), lambda: _read(puzzle, x), limit, solver, deadline)


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> str | None:
    """Why no filling exists, when the counts alone show it (else None: no solver is run)."""
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    if sum(puzzle.rows) != sum(puzzle.cols):
        return f"the row counts add up to {sum(puzzle.rows)}, the column counts to {sum(puzzle.cols)}"
    return None


def format_solution(puzzle: Puzzle, solution) -> str:
    """The filled board, one line per row (``#`` a 1, ``.`` a 0)."""
    grid = read_answer(puzzle, solution)
    return "\n".join("".join("#" if v else "." for v in row) for row in grid)
