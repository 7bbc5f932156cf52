"""Solving the chapter's model: one filling, several (no-good cuts), and why there is none."""

from __future__ import annotations

from ..core.interface import require
from ..core.validate import check_grid
from ..engine.elastic import nearest_counts
from ..engine.search import call_deadline, guard, solving_slots
from ..engine.solver import value01
from .board import Puzzle, Solution
from .model import DEFAULT_MODEL, MODELS, builder
from .rules import check_rules


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``)."""
    m, n = puzzle.shape
    return Solution(tuple(tuple(value01(x[i, j]) for j in range(n)) for i in range(m)))


def _fast(puzzle: Puzzle, limit: int, deadline) -> list[Solution]:
    """The default search of ``solutions``: the chapter's rules as clauses with native cardinality
    constraints (``search_card.py``); python-sat is loaded only when searched with."""
    from .search_card import card_solutions

    return card_solutions(puzzle, limit, deadline)


#: The engine's driver writes ``solve`` and ``solutions`` from the puzzle's parts. ``solutions``
#: searches the clauses of ``search_card.py`` (``search="sat"``, the default) unless a model or a
#: solver is named or ``search="mip"`` asks for the integer program; both list the same fillings.
solve, solutions = solving_slots(
    Puzzle, MODELS, lambda puzzle, model, deadline: builder(model)(puzzle), read_model, "no filling meets every count",
    why=lambda puzzle, solver, deadline: explain_infeasible(puzzle, solver, deadline), fast=_fast,
    check=check_rules, module=__name__)
solve.__doc__ = """The filling of the board; raises NoSolution (with the counts to change, where found)."""
solutions.__doc__ = """Up to ``limit`` different fillings; one answer with limit >= 2 proves uniqueness.

``search="sat"`` (the default) lists them on the rules as clauses (``search_card.py``), ``search="mip"``
on the integer program ``model`` with ``solver`` (no-good cuts); both list the same fillings. Left to
None, the search is "sat" unless ``model`` or ``solver`` is named."""
#: Where ``solutions`` searches: clauses with cardinality constraints (the default) or the integer program.
SEARCHES = solutions.searches


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
