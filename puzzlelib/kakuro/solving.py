"""Solving Kakuro: one answer, all answers up to a limit (uniqueness), why there is none, and what
the LP relaxation of a model already decides.

Where the search runs (``search=``): ``"sat"`` narrows the cells' digits and the runs' digit sets
(``rules.narrow_sets``) and searches the combination model written as clauses on CaDiCaL
(``model_sat.py``); ``"mip"`` builds the integer program ``model`` (narrowed when ``narrow``) and
solves it with HiGHS, or the ``solver`` named. The default, None, is ``"sat"``, unless
``narrow=False`` asks for the model exactly as the chapter states it, which only the integer
program is. Both list the same answers (tests/test_kakuro_speed.py holds them to it). A feasibility
puzzle has no objective for the LP bound to prune with: on a 30x30 board HiGHS branched for 25-45 s
where clause learning takes a fraction of a second.
"""

from __future__ import annotations

import pulp

from ..core.errors import NoSolution
from ..core.interface import DefaultModel, require
from ..engine.enumeration import enumerate_solutions
from ..engine.search import Searches, call_deadline, checked, guard, guarded_search, rule_check, sat_solutions
from ..engine.solver import Deadline, solve_model, value01
from .board import Puzzle, Solution
from .formats import text_rows
from .model import DEFAULT_MODEL, MODELS, build_model
from .rules import candidates, check_rules, narrow_sets, read_answer
from .rules import narrow as narrow_digits

#: Where ``solve`` and ``solutions`` search: clauses on CaDiCaL, or the integer program.
SEARCHES = Searches(("sat", "mip"), default=DEFAULT_MODEL)
#: The default model: the fast search (clauses), unless a model (or a solver) is named.
MODEL_DEFAULT = DefaultModel(DEFAULT_MODEL)


@call_deadline
def solve(puzzle: Puzzle, model: str = MODEL_DEFAULT, solver: str | None = None, time_limit: float | None = None,
          narrow: bool = True, search: str | None = None) -> Solution:
    """The digits of the board; raises NoSolution (with the cell to blame when the clues show one).

    ``narrow`` (the default) narrows the cells' digits without search before the model is built
    (see ``rules.narrow``); ``narrow=False`` solves the model exactly as the chapter states it.
    ``search``: see the module's docstring (None: on clauses, unless a model or a solver is named or
    ``narrow=False``).
    """
    # narrow=False asks for the model as the chapter states it: the integer program
    search, deadline = guarded_search(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model,
                                      models=MODELS, search=search, searches=SEARCHES, flags={"narrow": narrow},
                                      mip=not narrow)
    reason = explain_infeasible(puzzle, narrow=narrow and search == "mip")  # the clauses narrow themselves
    if reason:
        raise NoSolution("no filling keeps every rule", reason)
    deadline.check()
    if search == "sat":
        found = _sat_solutions(puzzle, 1, deadline)
        if not found:
            raise NoSolution("no filling keeps every rule", explain_infeasible(puzzle))
        return found[0]
    problem, x = build_model(puzzle, model, narrow)
    deadline.check()
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        raise NoSolution("no filling keeps every rule", explain_infeasible(puzzle)) from None
    return checked(check_rules, puzzle, read_model(puzzle, model, x), "the integer program")


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = MODEL_DEFAULT, solver: str | None = None,
              time_limit: float | None = None, narrow: bool = True, search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different fillings (no-good cuts); one answer proves the board unique.

    ``search``: ``"sat"`` (clauses on CaDiCaL) or ``"mip"`` (the integer program ``model``); None,
    the default, is ``"sat"`` unless a model or a solver is named, or ``narrow=False`` asks for the
    chapter's model as stated."""
    # narrow=False asks for the model as the chapter states it: the integer program
    search, deadline = guarded_search(puzzle, Puzzle, "solutions", solver=solver, time_limit=time_limit, model=model,
                                      models=MODELS, search=search, searches=SEARCHES, flags={"narrow": narrow},
                                      mip=not narrow, limit=limit)
    if explain_infeasible(puzzle, narrow=narrow and search == "mip"):  # the clauses narrow themselves
        return []
    deadline.check()
    if search == "sat":
        return _sat_solutions(puzzle, limit, deadline)
    problem, x = build_model(puzzle, model, narrow)
    deadline.check()
    return enumerate_solutions(problem, x.values(), lambda: read_model(puzzle, model, x), limit, solver,
                               deadline, check=rule_check(check_rules, puzzle))


def _sat_solutions(puzzle: Puzzle, limit: int, deadline: Deadline) -> list[Solution]:
    """Up to ``limit`` fillings on the clauses of ``model_sat.py``, after narrowing (Kakuro's own hook)."""
    from .model_sat import SatModel  # imported here: python-sat is loaded only when searched with

    domains, sets = narrow_sets(puzzle)
    deadline.check()
    return sat_solutions(SatModel(puzzle, domains, sets), limit, deadline, make=Solution, check=check_rules)


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``): the digits
    the solver chose, 0 on black cells."""
    nrows, ncols = puzzle.shape
    digit = {(r, c): d for (r, c, d), var in x.items() if value01(var)}
    return Solution(tuple(tuple(digit.get((r, c), 0) for c in range(ncols)) for r in range(nrows)))


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None,
                       narrow: bool = True) -> str | None:
    """A white cell the clues leave without a digit, in words (None when there is none).

    First the two runs of each cell on their own; then, with ``narrow``, after narrowing. No
    solver is used (``solver`` and ``time_limit`` are there for the common signature).
    """
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit, flags={"narrow": narrow})
    runs_of = puzzle.runs_of()
    for cell, digits in candidates(puzzle).items():
        if not digits:
            across, down = runs_of[cell]
            return f"cell {cell} lies in {across} and {down}, whose digit sets share no digit"
    if narrow:
        for cell, digits in narrow_digits(puzzle).items():
            if not digits:
                return (f"narrowing leaves cell {cell} no digit: the digit sets of its runs and the digits "
                        "forced in the cells around it exclude all nine")
    return None


def format_solution(puzzle: Puzzle, solution) -> str:
    """The board as in the text format, with the digits written in the white cells."""
    puzzle = require(puzzle, Puzzle, "format_solution")
    grid = read_answer(puzzle, solution)
    cells = [[str(grid[r][c]) if puzzle.is_white(r, c) else cell for c, cell in enumerate(row)]
             for r, row in enumerate(puzzle.cells)]
    return "\n".join(text_rows(cells))


def lp_candidates(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None) -> dict:
    """The digits each white cell takes in some point of the model's LP relaxation.

    A pair (c, d) is *reachable* when some LP point has x[c, d] > 0. Maximise the sum of the pairs
    not yet seen reachable: every variable positive at the optimum is reachable; an optimum of 0
    proves every remaining pair is 0 in the whole relaxation. A handful of LPs settle all pairs.
    A cell left with one digit is *fixed* by the relaxation: no branching is needed to find it.
    """
    require(puzzle, Puzzle, "lp_candidates")
    problem, x = build_model(puzzle, model)
    problem.sense = pulp.LpMaximize
    unknown = dict(x)
    reachable: set = set()
    while unknown:
        problem.setObjective(pulp.lpSum(unknown.values()))
        try:
            solve_model(problem, solver=solver, relax=True)
        except NoSolution:
            return {cell: set() for cell in puzzle.white}
        positive = [key for key, var in unknown.items() if (var.value() or 0) > 1e-6]
        if not positive:
            break
        reachable.update(positive)
        for key in positive:
            del unknown[key]
    found = {cell: set() for cell in puzzle.white}
    for r, c, d in reachable:
        found[r, c].add(d)
    return found
