"""Solving Sudoku: one solution, several (no-good cuts), and why there is none.

Uniqueness is always proven by search: :func:`solutions` with ``limit=2`` asks for a second
solution after cutting off the first; "none" is the proof. Where it searches (``search=``):

* ``"sat"`` (the default): the chapter's 0/1 model written as clauses (``model_sat.py``) on
  CaDiCaL. A uniqueness proof has no objective for an LP bound to prune with, and clause learning
  proves the hardest classic boards unique in milliseconds where HiGHS branches for seconds;
* ``"mip"``: the chapter's integer program ``model`` on HiGHS (or CBC), first fixing the binaries
  that plain deduction decides (:func:`fix_by_deduction`), which only makes the solve quicker.

Both list the same solutions; every answer is checked by the solver-free rule checker.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.compat import fix_variable

from ..core.errors import NoSolution, PuzzleError, SolverError
from ..core.interface import DefaultModel, require
from ..engine.enumeration import enumerate_solutions
from ..engine.search import (Searches, call_deadline, checked, guard, guarded_search, rule_check,
                             sat_solutions as clause_solutions, search_for)
from ..engine.solver import Deadline, solve_model, solver_name, value01
from .board import Puzzle, Solution
from .deduce import propagate
from .model import DEFAULT_MODEL, MODELS, build_model, builder
from .rules import _as_grid, check_rules

#: Where ``solve`` and ``solutions`` search: clauses on CaDiCaL (the default) or the integer program.
SEARCHES = Searches(("sat", "mip"), default=DEFAULT_MODEL)
#: The default model: the fast search (clauses), unless a model (or a solver) is named.
MODEL_DEFAULT = DefaultModel(DEFAULT_MODEL)


def read_model(puzzle: Puzzle, model: str, G) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``): the one v
    with G[r, c, v] = 1 in each cell."""
    n = puzzle.size
    return Solution(tuple(tuple(next((v for v in range(1, n + 1) if value01(G[r, c, v])), 0) for c in range(n))
                          for r in range(n)))


def fix_by_deduction(problem, G, puzzle: Puzzle, solver: str | None = None) -> int:
    """Fix every G that deduction (:mod:`.deduce`) decides, before the solver sees the model.

    A digit deduction rules out gets G = 0, a digit it proves gets G = 1; such a variable is made a
    continuous one with equal bounds. The model keeps every key and every solution (deduction is
    sound), and PuLP's HiGHS adapter, which declares integrality one column at a time (most of the
    time of a Sudoku solve), skips the fixed columns. Returns how many variables were fixed.
    Only for HiGHS: CBC, handed a model whose binaries are all fixed, reports an undefined status.
    """
    if solver_name(solver) != "highs":
        return 0
    cand = propagate(puzzle)
    if cand is None:  # deduction found a contradiction: leave the proof of infeasibility to the solver
        return 0
    fixed = 0
    for (r, c, v), var in G.items():
        if v not in cand[r][c] or len(cand[r][c]) == 1:
            fix_variable(var, 1 if v in cand[r][c] else 0)
            fixed += 1
    return fixed


def _mip(puzzle, model, solver):
    """The integer program ``model`` with deduction's fixings: ``(problem, G)``."""
    problem, G = builder(model)(puzzle)
    fix_by_deduction(problem, G, puzzle, solver)
    return problem, G


def sat_solutions(puzzle: Puzzle, limit: int, deadline) -> list[Solution]:
    """Up to ``limit`` solutions on the clauses of ``model_sat.py`` (``engine.search.sat_solutions``)."""
    from .model_sat import SatModel

    return clause_solutions(SatModel(puzzle), limit, deadline, make=Solution, check=check_rules)


@call_deadline
def solve(puzzle: Puzzle, model: str = MODEL_DEFAULT, solver: str | None = None,
          time_limit: float | None = None, search: str | None = None) -> Solution:
    """A solution of ``puzzle``; NoSolution (with the constraint set to blame) when there is none.

    ``search="sat"`` searches the clauses of ``model_sat.py``; ``search="mip"`` the integer program
    ``model`` with ``solver`` (see the module docstring). Left to None, the search is "sat" unless a
    model or a solver is named."""
    search, deadline = guarded_search(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model,
                                      models=MODELS, search=search, searches=SEARCHES)
    if search == "sat":
        found = sat_solutions(puzzle, 1, deadline)
        if not found:
            raise NoSolution("no grid keeps every rule", explain_infeasible(puzzle, solver, deadline, search))
        return found[0]
    problem, G = _mip(puzzle, model, solver)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        raise NoSolution("no grid keeps every rule", explain_infeasible(puzzle, solver, deadline, search)) from None
    return checked(check_rules, puzzle, read_model(puzzle, model, G), "the integer program")


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = MODEL_DEFAULT, solver: str | None = None,
              time_limit: float | None = None, search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different solutions (no-good cuts); one answer with limit >= 2 proves uniqueness.

    ``search="sat"`` on the clauses of ``model_sat.py``, ``search="mip"`` on the integer program
    ``model`` with ``solver``; both list the same solutions. Left to None, the search is "sat" unless a
    model or a solver is named."""
    search, deadline = guarded_search(puzzle, Puzzle, "solutions", solver=solver, time_limit=time_limit, model=model,
                                      models=MODELS, search=search, searches=SEARCHES, limit=limit)
    if search == "sat":
        return sat_solutions(puzzle, limit, deadline)
    problem, G = _mip(puzzle, model, solver)
    return enumerate_solutions(problem, G.values(), lambda: read_model(puzzle, model, G), limit, solver, deadline,
                               check=rule_check(check_rules, puzzle))


@dataclass(frozen=True)
class UniquenessProof:
    """The record of a uniqueness proof: a solution, then a re-solve with a no-good cut that the
    solver proved infeasible. ``solves`` counts the solver calls (2 for a unique puzzle)."""

    unique: bool
    solution: Solution
    solves: int
    solver: str
    method: str = "no-good cut on the first solution, second solve infeasible"


def prove_unique(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None,
                 search: str | None = None) -> UniquenessProof:
    """Search for a second solution; the result says whether there is one (``search``: as ``solutions``)."""
    found = solutions(puzzle, limit=2, solver=solver, time_limit=time_limit, search=search)
    if not found:
        raise NoSolution("the puzzle has no solution")
    search = search_for(search, MODEL_DEFAULT, solver, SEARCHES)
    engine = "cadical195 (clauses)" if search == "sat" else solver or "highs"
    return UniquenessProof(len(found) == 1, found[0], 2, engine)


def _has_solution(puzzle: Puzzle, solver, deadline: Deadline, search: str) -> bool:
    """Whether ``puzzle`` has a solution (SolverError when the time runs out first)."""
    if search == "sat":
        return bool(sat_solutions(puzzle, 1, deadline))
    problem, _ = build_model(puzzle)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        return False
    return True


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver=None, time_limit=None, search: str = "sat") -> str | None:
    """Which constraint set makes the puzzle infeasible: the givens alone, or a variant on top.

    None when the board has a solution, and None when a search ran out of time (no proof either way)."""
    deadline = guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit,
                     search=search, searches=SEARCHES)
    try:
        if _has_solution(puzzle, solver, deadline, search):
            return None  # solvable: nothing to explain
        if not _has_solution(Puzzle(puzzle.givens), solver, deadline, search):
            return "the givens alone already contradict the row, column and box rules"
        blamed = []
        for name, kwargs in (("thermometers", {"thermos": puzzle.thermos}), ("cages", {"cages": puzzle.cages}),
                             ("arrows", {"arrows": puzzle.arrows})):
            if next(iter(kwargs.values())) and not _has_solution(Puzzle(puzzle.givens, **kwargs), solver,
                                                                 deadline, search):
                blamed.append(name)
    except SolverError:
        return None
    if blamed:
        return f"the givens contradict the {' and the '.join(blamed)}"
    return "each set of extra constraints fits the givens on its own, but not all of them together"


def format_solution(puzzle: Puzzle, solution) -> str:
    """The solved grid as text, boxes separated by bars and rules."""
    puzzle = require(puzzle, Puzzle, "format_solution")
    n = puzzle.size
    br, bc = puzzle.box
    grid = _as_grid(solution, n)
    if isinstance(grid, str):
        raise PuzzleError(f"format_solution: {grid}")
    lines = []
    for r in range(n):
        if r and r % br == 0:
            lines.append("-+-".join("-" * (2 * bc - 1) for _ in range(n // bc)))
        cells = [str(grid[r][c]) for c in range(n)]
        lines.append(" | ".join(" ".join(cells[b * bc:(b + 1) * bc]) for b in range(n // bc)))
    return "\n".join(lines)
