"""Solving an Aquarium: one answer, every answer up to a limit, and why there is none.

``solutions`` searches on the cell model written as clauses with native cardinality constraints for
the counts (``search_card.py``, Gluecard) when neither ``model`` nor ``solver`` is named
(``search="sat"``): a uniqueness proof has no objective for an LP bound to prune with, and clause
learning with the counts kept whole proves boards unique in a fraction of branch and bound's time
(``benchmarks/bench_peers.py aquarium``). Naming a formulation or a solver asks for the integer program
(``search="mip"``), as chapter 6 does when it compares formulations.
"""

from __future__ import annotations

from ..core.errors import NoSolution
from ..core.interface import DefaultModel, require
from ..core.validate import check_bit, check_table
from ..engine.elastic import nearest_counts
from ..engine.enumeration import enumerate_solutions
from ..engine.search import Searches, call_deadline, guard, rule_check, search_for
from ..engine.solver import Deadline, solve_model, value01
from .board import Puzzle, Solution
from .model import DEFAULT_MODEL, MODELS, builder
from .model_cells import build_cell_model
from .rules import check_rules

#: Where ``solutions`` searches: clauses on CaDiCaL, or the integer program ``model`` names.
SEARCHES = Searches(("sat", "mip"), default=DEFAULT_MODEL)


MODEL_DEFAULT = DefaultModel(DEFAULT_MODEL)


def search_of(search: str | None, model, solver) -> str:
    """The search ``solutions`` runs: ``search`` when given, else "sat" unless a model or solver is named."""
    return search_for(search, model, solver, SEARCHES)


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``)."""
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


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """One filling; raises NoSolution (with the nearest solvable counts) when there is none."""
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS)
    problem, x = builder(model)(puzzle)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        reason = explain_infeasible(puzzle, solver, deadline if deadline.requested is not None else 10.0)
        raise NoSolution("no filling meets every count", reason) from None
    return read_model(puzzle, model, x)


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = MODEL_DEFAULT, solver: str | None = None,
              time_limit: float | None = None, search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different fillings (no-good cuts); a single one proves the board unique.

    ``search="sat"`` lists them on the cell model written as clauses (``search_card.py``),
    ``search="mip"`` on the integer program ``model`` with ``solver``; both list the same fillings.
    Left to None, the search is "sat" unless ``model`` or ``solver`` is named."""
    deadline = guard(puzzle, Puzzle, "solutions", limit=limit, solver=solver, time_limit=time_limit, model=model,
                     models=MODELS, search=search, searches=SEARCHES)
    if search_of(search, model, solver) == "sat":
        return _sat_solutions(puzzle, limit, deadline)
    problem, x = builder(model)(puzzle)
    return enumerate_solutions(problem, _keys(x), lambda: read_model(puzzle, model, x), limit, solver, deadline,
                               check=rule_check(check_rules, puzzle))


def _sat_solutions(puzzle: Puzzle, limit: int, deadline: Deadline) -> list[Solution]:
    """Up to ``limit`` fillings on the clauses of ``search_card.py``, each checked by the rules."""
    from .search_card import card_solutions  # python-sat is loaded only when searched with

    return card_solutions(puzzle, limit, deadline)


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit=None) -> str | None:
    """Why no filling fits: the smallest change of the given counts that would make one fit.

    The elastic model: the tank rules stay hard, every given count gets two slack variables (too
    few, too many), and the solver minimises the total slack. The lines whose slack is used are
    where the counts and the tanks disagree. None when the elastic model finds no reason in
    ``time_limit`` (seconds, or the caller's Deadline; None: 10 seconds).
    """
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
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
