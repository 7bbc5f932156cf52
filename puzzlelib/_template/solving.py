"""solving.py: an answer, every answer (up to a limit), an answer in words, and why there is none.

Role. ``solve`` and ``solutions`` are the engine's (``engine.search.solving_slots``): they check
every argument before any work (``engine.search.guard``), start one ``Deadline`` for the whole call,
build the chosen model once and read the answer into a ``Solution`` with this file's ``read_model``
(never hand a PuLP object back); ``solutions`` lists different answers by no-good cuts over the key
variables. A named model is always that integer program; a puzzle with a faster search passes it as
a hook (``fast=``, the default unless a model or a solver is named). This file keeps only what is the
puzzle's own. ``explain_infeasible`` says from the data alone why a board has no answer, or returns
None (leave the slot None if the puzzle cannot say).
"""

from __future__ import annotations

from ..engine import value01
from ..engine.search import call_deadline, guard, solving_slots
from .board import Puzzle, Solution, as_solution
from .model import MODELS, build_model
from .rules import check_rules, read_answer


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``)."""
    nrows, ncols = puzzle.shape
    return as_solution([[value01(x[r, c]) for c in range(ncols)] for r in range(nrows)])


#: The engine's driver (``engine.search.solving_slots``) writes ``solve`` and ``solutions`` from the
#: puzzle's own parts: its models, builder and reader, what "no answer" says and why. A puzzle with a
#: faster search than its integer programs passes it as ``fast=`` (see Star Battle's ``solving.py``).
solve, solutions = solving_slots(
    Puzzle, MODELS, build_model, read_model, "no filling keeps every count",
    why=lambda puzzle, solver, deadline: explain_infeasible(puzzle), why_first=True, check=check_rules,
    module=__name__)
solve.__doc__ = """One answer; NoSolution (with the reason, where the counts show it) when there is none."""
solutions.__doc__ = """Up to ``limit`` different answers (``limit=2`` answers "is it unique?")."""


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
