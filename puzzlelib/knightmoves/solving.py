"""solving.py: a path, every path (up to a limit), a path in words, and why there is none.

Role. ``solve`` and ``solutions`` check their arguments, start one ``Deadline`` for the whole call,
build the chosen model once and read the answer into a ``Solution``. Both run the same loop
(:func:`lazy_answers`): solve; if the answer holds cycles apart from the path, add the cycle cut (5)
of each and solve again (the ``lazy`` model; the ``mtz`` model's answers never hold one); else keep
the path and forbid it with a no-good cut over the arcs (:func:`puzzlelib.engine.nogood_cut`), so
the next round finds another path or proves there is none. ``explain_infeasible`` says from the
board alone why there is no path, or returns None.
"""

from __future__ import annotations

import warnings

import pulp

from ..core.errors import NoSolution, SolverError
from ..core.interface import DefaultModel
from ..core.validate import check_not_empty
from ..engine import Deadline, make_solver, nogood_cut, solve_model, value01
from ..engine.search import Searches, call_deadline, checked, guard, guarded_search
from ..engine.solver import solver_name
from .board import Puzzle, Solution, as_solution
from .model import CUTS, DEFAULT_MODEL, MODELS, build_model, path_from_arcs
from .rules import check_rules, read_answer

#: Solver runs one call may take (cycle cuts and no-good cuts together) before it gives up.
MAX_ROUNDS = 2000


def lazy_answers(puzzle: Puzzle, problem, y: dict, model: str, limit: int, solver=None,
                 time_limit=None) -> list[Solution]:
    """Up to ``limit`` paths: the loop of cycle cuts and no-good cuts (see the module docstring).

    Each Solution carries the solver runs (``rounds``) and cycle cuts (``cuts``) its search took."""
    deadline = Deadline.of(time_limit)
    if not y:  # no jump at all: the start alone is the path when it is the only open square
        alone = puzzle.open_squares() == [puzzle.start]
        return [as_solution([puzzle.start])] if alone else []
    cut = CUTS[model]
    found: list[Solution] = []
    rounds = cuts = total = 0  # this answer's solver runs and cuts; the cuts of the whole call
    while len(found) < limit:
        if rounds >= MAX_ROUNDS:
            raise SolverError(f"still cutting after {MAX_ROUNDS} solver runs")
        rounds += 1
        try:
            solve_checked(problem, solver, deadline)
        except NoSolution:
            break
        path, cycles = path_from_arcs(puzzle, [arc for arc, var in y.items() if value01(var)])
        if cycles and cut is not None:
            for cycle in cycles:
                cuts, total = cuts + 1, total + 1
                cut(problem, puzzle, y, cycle, f"cycle_cut_{total}")
            continue
        if cycles:  # pragma: no cover - a model that claims no cycles can survive it
            raise SolverError(f"the {model} model's answer holds a cycle through {cycles[0][0]}")
        found.append(checked(check_rules, puzzle, as_solution(path, rounds, cuts), "the integer program"))
        rounds = cuts = 0
        problem += nogood_cut(y.values()), f"nogood_{len(found) - 1}"
    return found


def solve_checked(problem, solver, deadline: Deadline) -> None:
    """``solve_model``; where HiGHS says "infeasible" or stops unsolved with time left, solve again
    with its presolve off, which decides.

    HiGHS 1.15's presolve calls some of these models infeasible that are not (a 4x6 board with a
    few no-good cuts, say: the same model read from an LP file, or solved without presolve, or by
    CBC, has an answer), and stops others "not solved". An answer it finds is always checked (the
    path is read from it), so only its "none" needs a second opinion: the proof of uniqueness.
    """
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except (NoSolution, SolverError):
        if solver_name(solver) != "highs" or deadline.passed():
            raise
        _solve_without_presolve(problem, deadline)


def _solve_without_presolve(problem, deadline: Deadline) -> None:
    engine = make_solver("highs", deadline.remaining())
    engine.optionsDict["presolve"] = "off"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        status = problem.solve(engine)
    if status == pulp.LpStatusInfeasible:
        raise NoSolution("no assignment satisfies every constraint")
    if status != pulp.LpStatusOptimal or problem.sol_status != pulp.LpSolutionOptimal:
        deadline.check()
        raise SolverError(f"solver stopped with status {pulp.LpStatus.get(status, status)!r}")


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """One knight's path; NoSolution (with the reason, where the board shows one) when there is none."""
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS)
    problem, y = build_model(puzzle, model, deadline)
    reason = explain_infeasible(puzzle)
    if reason:
        raise NoSolution("no knight's path visits every open square", reason)
    found = lazy_answers(puzzle, problem, y, model, 1, solver, deadline)
    if not found:
        raise NoSolution("no knight's path visits every open square")
    return found[0]


#: Where ``solutions`` searches: the path search (``search_path.py``, the default) or the integer program.
SEARCHES = Searches(("path", "mip"), default=DEFAULT_MODEL)
MODEL_DEFAULT = DefaultModel(DEFAULT_MODEL)


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = MODEL_DEFAULT, solver: str | None = None,
              time_limit: float | None = None, search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different paths (``limit=2`` answers "is it unique?").

    ``search="path"`` lists them by clause learning with connectivity cuts and a propagating search
    (``search_path.py``), ``search="mip"`` on the integer program ``model`` with ``solver`` (cycle
    cuts and no-good cuts); both list the same paths, each checked by the rules. Left to None, the
    search is "path" unless ``model`` or ``solver`` is named."""
    search, deadline = guarded_search(puzzle, Puzzle, "solutions", limit=limit, solver=solver,
                                      time_limit=time_limit, model=model, models=MODELS, search=search,
                                      searches=SEARCHES)
    if explain_infeasible(puzzle):
        return []
    if search == "path":
        from .search_path import path_search  # python-sat is loaded only when searched with

        return path_search(puzzle, limit, deadline)
    problem, y = build_model(puzzle, model, deadline)
    return lazy_answers(puzzle, problem, y, model, limit, solver, deadline)


@call_deadline
# BEGIN explain_infeasible
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> str | None:
    """Why no knight's path exists, when the board alone shows it (else None: no solver is run).

    In order: a square no knight can reach or leave; squares the start cannot reach; more dead ends
    (squares with one knight neighbour) than a path has ends; and the colours: a knight always
    jumps to a square of the other colour, so a path of n squares visits ceil(n/2) of the start's
    colour and floor(n/2) of the other.
    """
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    squares = puzzle.open_squares()
    if len(squares) == 1:
        return None
    for u in squares:
        if not puzzle.moves(u):
            return f"square {u} has no knight neighbour: no jump reaches or leaves it"
    return _unreachable(puzzle) or _dead_ends(puzzle) or _colours(puzzle)
# END explain_infeasible


def _unreachable(puzzle: Puzzle) -> str | None:
    seen, todo = {puzzle.start}, [puzzle.start]
    while todo:
        for v in puzzle.moves(todo.pop()):
            if v not in seen:
                seen.add(v)
                todo.append(v)
    missed = [u for u in puzzle.open_squares() if u not in seen]
    if missed:
        return f"{len(missed)} open square{'s' if len(missed) > 1 else ''} (the first {missed[0]}) cannot be reached " \
               f"from the start {puzzle.start} by knight moves"
    return None


def _dead_ends(puzzle: Puzzle) -> str | None:
    """A square with one knight neighbour can only be the path's last square."""
    ends = [u for u in puzzle.open_squares() if len(puzzle.moves(u)) == 1 and u != puzzle.start]
    if puzzle.end is not None and [u for u in ends if u != puzzle.end]:
        other = next(u for u in ends if u != puzzle.end)
        return f"square {other} has one knight neighbour, so the path must end there, but the end is {puzzle.end}"
    if len(ends) > 1:
        return f"squares {ends[0]} and {ends[1]} each have one knight neighbour: both would have to be the last square"
    return None


def _colours(puzzle: Puzzle) -> str | None:
    squares = puzzle.open_squares()
    colour = sum(puzzle.start) % 2
    same = sum((r + c) % 2 == colour for r, c in squares)
    other = len(squares) - same
    name = "light" if colour == 0 else "dark"
    other_name = "dark" if colour == 0 else "light"
    if abs(same - other) > 1:
        return (f"a knight always jumps to the other colour, so the light and dark open squares may differ by at "
                f"most one, but there are {same} {name} and {other} {other_name} ones")
    if same < other:
        return (f"a knight always jumps to the other colour, so a path from the {name} start {puzzle.start} visits at "
                f"least as many {name} squares as {other_name} ones, but there are {same} {name} and {other} {other_name}")
    if puzzle.end is not None:
        last = colour if len(squares) % 2 else 1 - colour
        if sum(puzzle.end) % 2 != last:
            return (f"a knight always jumps to the other colour: a path of {len(squares)} squares from the {name} "
                    f"start ends on a {'light' if last == 0 else 'dark'} square, but the end {puzzle.end} is not one")
    return None


def format_solution(puzzle: Puzzle, solution) -> str:
    """The board with each square's step number (1 the start), ``#`` for blocked squares."""
    path = check_not_empty(read_answer(puzzle, solution), "format_solution", "the knight's path, from the start square")
    step = {cell: k + 1 for k, cell in enumerate(path)}
    width = len(str(max(len(path), 1)))
    nrows, ncols = puzzle.shape
    return "\n".join(" ".join(("#" if not puzzle.is_open((r, c)) else str(step.get((r, c), "."))).rjust(width)
                              for c in range(ncols)) for r in range(nrows))
