"""Solving an Aquarium: one answer, every answer up to a limit, and why there is none.

``solutions`` searches on the cell model written as clauses, on a SAT solver (``model_sat.py``),
when neither ``model`` nor ``solver`` is named (``search="sat"``): a uniqueness proof has no objective
for an LP bound to prune with, and clause learning proves the hard unique 15x15 boards in a fraction
of branch and bound's time. Naming a formulation or a solver asks for the integer program
(``search="mip"``), as chapter 6 does when it compares formulations.
"""

from __future__ import annotations

import pulp

from ..core.errors import NoSolution
from ..core.interface import DefaultModel, require
from ..core.validate import check_bit, check_table
from ..engine.elastic import nearest_counts
from ..engine.enumeration import enumerate_solutions
from ..engine.search import call_deadline, Searches, guard, sat_solutions, search_for
from ..engine.solver import Deadline, solve_model, value01
from .board import Puzzle, Solution
from .model import DEFAULT_MODEL, MODELS, builder
from .model_cells import build_cell_model
from .model_sat import SatModel
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

    ``search="sat"`` lists them on the cell model written as clauses (``model_sat.py``),
    ``search="mip"`` on the integer program ``model`` with ``solver``; both list the same fillings.
    Left to None, the search is "sat" unless ``model`` or ``solver`` is named."""
    deadline = guard(puzzle, Puzzle, "solutions", limit=limit, solver=solver, time_limit=time_limit, model=model,
                     models=MODELS, search=search, searches=SEARCHES)
    if search_of(search, model, solver) == "sat":
        return _sat_solutions(puzzle, limit, deadline)
    problem, x = builder(model)(puzzle)
    return enumerate_solutions(problem, _keys(x), lambda: read_model(puzzle, model, x), limit, solver, deadline)


#: Conflicts the SAT search gets (over the whole call) before the integer program takes over: about
#: 0.1-0.5 s. The unique 15x15 boards of ``generate`` (seeds 0-9) are proven within 100-700 of them,
#: where HiGHS takes up to 3 s; the boards that use it up are large planted boards with many
#: answers, whose counts make the clauses hunt for a subset of tanks that HiGHS' LP relaxation finds
#: at once (CP-SAT's own LP does the same). 500 sent two of those 15x15 boards to HiGHS; 2000 cost
#: the 25x25-40x40 boards up to twice as much time as 1000.
SAT_BUDGET = 1000


def _sat_solutions(puzzle: Puzzle, limit: int, deadline: Deadline) -> list[Solution]:
    """Up to ``limit`` fillings on the clauses of ``model_sat.py`` (``engine.search.sat_solutions``,
    each checked by the rules); when the search spends ``SAT_BUDGET`` conflicts in all, the cell model
    on HiGHS lists the rest (Aquarium's hand-over)."""
    return sat_solutions(SatModel(puzzle), limit, deadline, make=Solution, check=check_rules, budget=SAT_BUDGET,
                         over_budget=lambda found: found + _mip_after(puzzle, found, limit, deadline))


def _mip_after(puzzle: Puzzle, found: list[Solution], limit: int, deadline: Deadline) -> list[Solution]:
    """Fillings other than ``found`` (up to ``limit`` in all) on the cell model, by no-good cuts."""
    problem, x = build_cell_model(puzzle)
    for k, other in enumerate(found):
        problem += pulp.lpSum(1 - x[r, c] if v else x[r, c] for r, row in enumerate(other.grid)
                              for c, v in enumerate(row)) >= 1, f"found_{k}"
    return enumerate_solutions(problem, _keys(x), lambda: read_model(puzzle, "cells", x),
                               limit - len(found), None, deadline)


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
