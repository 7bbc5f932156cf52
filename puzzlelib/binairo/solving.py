"""Solving Binairo boards: ``solve``, ``solutions`` (no-good cuts), and why a board has none.

``model`` picks the form of rule 3 (see ``model.py``): ``"lazy"`` (the default: rules 1 and 2,
plus the exact form of rule 3 for the pairs of lines that come out equal, see ``model_lazy.py``),
``"exact"`` and ``"bigm"`` / ``"bigm_vars"`` (the full models of chapter 3), or ``"none"`` (rule 3
left out). The name is looked up once, in ``model.FORMULATIONS``.
Every answer is checked with ``verify`` before it is returned.

``solutions`` searches on the same rules written as clauses, on a SAT solver (``model_sat.py``), when
neither ``model`` nor ``solver`` is named (``search="sat"``): a uniqueness proof has no objective for
an LP bound to prune with, and clause learning proves a minimal 30x30 board unique in a quarter of a
second where branch and bound takes seconds. Naming a formulation or a solver asks for the integer
program (``search="mip"``), as chapter 3 does when it compares formulations.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import pulp

from ..core.errors import NoSolution, PuzzleError, SolverError
from ..core.interface import DefaultModel, require
from ..core.validate import check_int
from ..engine.enumeration import enumerate_solutions, nogood_cut
from ..engine.search import Searches, call_deadline, guard, rule_check, sat_solutions, search_for
from ..engine.solver import Deadline, solve_model, solver_name, value01
from .board import Grid, Puzzle, Solution, empty
from .model import DEFAULT_MODEL, MODELS, build_model, formulation
from .model_lazy import LazyDistinct
from .model_sat import SatModel
from .rules import as_grid, check_rules, verify


#: Where ``solutions`` searches: clauses on CaDiCaL, or the integer program ``model`` names.
SEARCHES = Searches(("sat", "mip"), default=DEFAULT_MODEL)


MODEL_DEFAULT = DefaultModel(DEFAULT_MODEL)


def search_of(search: str | None, model, solver) -> str:
    """The search ``solutions`` runs: ``search`` when given, else "sat" unless a model or solver is named."""
    return search_for(search, model, solver, SEARCHES)


def read_grid(puzzle: Puzzle, x) -> Grid:
    """The 0/1 values of a solved model's cell binaries (chapter 3 reads its grids with it)."""
    n = puzzle.size
    return tuple(tuple(value01(x[i, j]) for j in range(n)) for i in range(n))


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``)."""
    return Solution(read_grid(puzzle, x))


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None, check: bool = True) -> Solution:
    """The filling of the board; raises NoSolution (with a reason when one is found).

    With ``check`` (the default) the answer is verified without the solver, and an answer that
    breaks a rule (the big-M model on large boards) raises SolverError instead of reaching you.
    ``Solution.rounds`` is the number of solves it took (more than 1 only with the lazy model).
    """
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS,
                     flags={"check": check})
    form = formulation(model)
    try:
        problem, x = build_model(puzzle, model, deadline)
        if form.lazy:
            lazy = LazyDistinct(problem, x, puzzle.size, solver, deadline)
            solution = Solution(lazy.solve(), lazy.rounds)
        else:
            solve_model(problem, solver=solver, time_limit=deadline)
            solution = read_model(puzzle, model, x)
    except NoSolution:
        raise NoSolution("no filling keeps every rule", _why_none(puzzle, solver, deadline, model)) from None
    if check:
        broken = verify(puzzle, solution, distinct=form.keeps_rule3)
        if broken:
            raise SolverError("the solver returned a filling that breaks a rule (numerical trouble): "
                              + "; ".join(broken))
    return solution


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = MODEL_DEFAULT, solver: str | None = None,
              time_limit: float | None = None, search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different fillings, found with no-good cuts; one answer proves uniqueness.

    ``search="sat"`` lists them on the rules written as clauses (``model_sat.py``), ``search="mip"``
    on the integer program ``model`` with ``solver``; both list the same fillings. Left to None, the
    search is "sat" unless ``model`` or ``solver`` is named."""
    deadline = guard(puzzle, Puzzle, "solutions", limit=limit, solver=solver, time_limit=time_limit, model=model,
                     models=MODELS, search=search, searches=SEARCHES)
    form = formulation(model)
    search = search_of(search, model, solver)
    if search == "sat":
        return _sat_solutions(puzzle, limit, deadline)
    problem, x = build_model(puzzle, model, deadline)
    if not form.lazy:
        rules = lambda p, answer: check_rules(p, answer, distinct=form.keeps_rule3)  # noqa: E731
        return enumerate_solutions(problem, x.values(), lambda: read_model(puzzle, model, x),
                                   limit, solver, deadline, check=rule_check(rules, puzzle))
    lazy = LazyDistinct(problem, x, puzzle.size, solver, deadline)
    found: list[Solution] = []
    while len(found) < limit:
        try:
            grid = lazy.solve()
        except NoSolution:
            break
        found.append(Solution(grid, lazy.rounds))
        if len(found) < limit:
            problem += nogood_cut(x.values()), f"nogood_{len(found)}"
    return found


def _sat_solutions(puzzle: Puzzle, limit: int, deadline: Deadline) -> list[Solution]:
    """Up to ``limit`` fillings on the clauses of ``model_sat.py`` (``engine.search.sat_solutions``)."""
    return sat_solutions(SatModel(puzzle, deadline), limit, deadline, make=Solution, check=check_rules)


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None,
                       model: str = DEFAULT_MODEL) -> str | None:
    """Why there is no filling, when the rules show it: is rule 3 to blame, or already rules 1-2?

    None when the board has a filling (under ``model``'s rules), and None when a search stops
    without a proof (the time limit): an unanswered search proves nothing."""
    deadline = guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit, model=model,
                     models=MODELS)
    return _why_none(puzzle, solver, deadline, model)


def _why_none(puzzle: Puzzle, solver, deadline: Deadline, model: str) -> str | None:
    problem, _ = build_model(puzzle, "none")
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        return "the givens contradict the balance and no-three rules" + (
            ", before distinctness" if formulation(model).keeps_rule3 else "")
    except SolverError:
        return None
    if not formulation(model).keeps_rule3:
        return None  # rules 1-2 are all this model asks, and a filling keeps them
    try:
        if _sat_solutions(puzzle, 1, deadline):
            return None
    except SolverError:
        return None
    return ("the givens allow fillings that keep the balance and no-three rules, but each of them "
            "repeats a row or a column")


def format_solution(puzzle: Puzzle, solution) -> str:
    """The filled grid as text, one row per line."""
    require(puzzle, Puzzle, "format_solution")
    return "\n".join("".join(str(v) for v in row) for row in as_grid(puzzle, solution, "solution"))


# --------------------------------------------------------------------------------------------- #
# The experiment of chapter 3: two rows forced equal, so the right answer is "infeasible"
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Trial:
    n: int
    model: str
    solver: str
    outcome: str  # "infeasible (correct)", "wrong answer", "time limit", or "error"
    seconds: float
    detail: str = ""
    rounds: int = 1


# BEGIN forced_equal_trial
def forced_equal_trial(n: int, model: str = "exact", solver: str | None = None,
                       time_limit: float = 10.0, rows: tuple[int, int] = (0, 1),
                       options: dict | None = None) -> Trial:
    """Solve an empty n x n board with two rows forced equal (x_aj = x_bj): no filling exists.

    A correct model must answer "infeasible". An answer that the solver calls optimal is read and
    checked with ``verify``, which names the equal rows: a "wrong answer". ``options`` are HiGHS
    options (e.g. ``{"mip_feasibility_tolerance": 1e-5}`` or ``{"presolve": "off"}``).
    """
    n = check_int(n, "n", 4, 64)
    form = formulation(model)
    if not form.keeps_rule3:
        raise PuzzleError(f"model: {model!r} leaves rule 3 out, so the forced-equal rows are no test")
    puzzle = empty(n)
    problem, x = build_model(puzzle, model)
    a, b = rows
    for j in range(n):
        problem += x[a, j] - x[b, j] == 0, f"force_rows_{a}_{b}_equal_{j}"
    name = solver_name(solver)
    start = time.perf_counter()
    rounds = 1
    try:
        if form.lazy:
            lazy = LazyDistinct(problem, x, n, solver, Deadline(time_limit))
            try:
                lazy.solve()
            finally:
                rounds = lazy.rounds
        else:
            _solve_with_options(problem, name, time_limit, options)
    except NoSolution:
        return Trial(n, model, name, "infeasible (correct)", time.perf_counter() - start, rounds=rounds)
    except SolverError as exc:
        elapsed = time.perf_counter() - start
        outcome = "time limit" if "time limit" in str(exc) or elapsed >= 0.95 * time_limit else "error"
        return Trial(n, model, name, outcome, elapsed, str(exc), rounds)
    elapsed = time.perf_counter() - start
    broken = verify(puzzle, read_grid(puzzle, x))
    return Trial(n, model, name, "wrong answer", elapsed, "; ".join(broken) or "verify found nothing", rounds)


def _solve_with_options(problem, solver: str, time_limit: float, options: dict | None) -> None:
    """solve_model, or HiGHS with extra options for the experiment (core's solve_model takes none)."""
    if not options:
        solve_model(problem, solver=solver, time_limit=time_limit)
        return
    if solver != "highs":
        raise PuzzleError("options are HiGHS options; use solver='highs'")
    engine = pulp.HiGHS(msg=False, timeLimit=time_limit, threads=1, **options)
    status = problem.solve(engine)
    if status == pulp.LpStatusInfeasible:
        raise NoSolution("no assignment satisfies every constraint")
    if status != pulp.LpStatusOptimal or problem.sol_status != pulp.LpSolutionOptimal:
        raise SolverError(f"time limit of {time_limit:g} s reached before the solver proved an answer")
# END forced_equal_trial
