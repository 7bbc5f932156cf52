"""Solving Slider with the chapter's model: ``solve``, ``solutions``, and why a board has no route.

One ``Deadline`` per call bounds the whole call (move graph, model build, every solve), so
``time_limit=1`` on a 200x200 board gives up after about a second and says "time limit of 1 s".
Handing a built model to the solver costs several times the build (PuLP copies it row by row) and
no time limit can interrupt that copy, so a call whose remaining time is less than ``HANDOVER``
times the time it has spent so far (move graph and build) gives up before the copy rather than
overrun its limit.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.errors import NoSolution
from ..core.interface import require
from ..core.validate import check_not_empty
from ..engine.enumeration import enumerate_solutions
from ..engine.search import Searches, call_deadline, checked, guard, rule_check
from ..engine.solver import solve_model, value01

from .board import Arc, Cell, Puzzle, Solution, move_graph, resting_points
from .model import DEFAULT_MODEL, MODELS, builder
from .rules import check_rules, route_cells, why_unreachable

#: The time to hand a model to HiGHS and solve it, as a multiple of the time it took to make the
#: move graph and build the model (measured on 50x50 to 200x200 boards: 3 to 7, so 5 errs on the safe side).
HANDOVER = 5.0


def path_from_arcs(puzzle: Puzzle, used: Iterable[Arc]) -> tuple[Cell, ...]:
    """Walk the chosen arcs from the start to the target (stops if they do not lead there)."""
    succ: dict[Cell, Cell] = {}
    for u, v in used:
        succ.setdefault(u, v)
    path = [puzzle.start]
    seen = {puzzle.start}
    while path[-1] != puzzle.target and path[-1] in succ and succ[path[-1]] not in seen:
        path.append(succ[path[-1]])
        seen.add(path[-1])
    return tuple(path)


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``)."""
    return Solution(path_from_arcs(puzzle, [arc for arc, var in x.items() if value01(var)]))


def _no_route(puzzle: Puzzle, graph) -> NoSolution:
    return NoSolution("the block cannot come to rest on the target", why_unreachable(puzzle, graph))


def _build(build, puzzle, graph, deadline):
    """The model, built within the deadline, with time left to hand it to the solver."""
    problem, x = build(puzzle, graph, deadline)
    remaining = deadline.remaining()
    if deadline.requested is not None and remaining < HANDOVER * deadline.elapsed():
        raise deadline.error()
    return problem, x


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """A shortest route by the IP; raises NoSolution saying why when the target cannot be reached."""
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS)
    graph = move_graph(puzzle, deadline)
    deadline.check()
    build = builder(model)
    if not graph[puzzle.start] or puzzle.target not in resting_points(puzzle, graph):
        raise _no_route(puzzle, graph)  # the data shows it: no solver needed
    problem, x = _build(build, puzzle, graph, deadline)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        raise _no_route(puzzle, graph) from None
    return checked(check_rules, puzzle, read_model(puzzle, model, x), "the integer program")


#: Where ``solutions`` searches: the integer program (a breadth-first search finds one shortest route,
#: ``rules.why_unreachable``, but listing every shortest route is the chapter's no-good loop).
SEARCHES = Searches(("mip",), default=DEFAULT_MODEL)


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = DEFAULT_MODEL, solver: str | None = None,
              time_limit: float | None = None, search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different shortest routes, by no-good cuts over the arc variables.

    After the first solve the optimum is kept, so every later answer uses the same number of
    slides. Such an answer is a single route and nothing more: a route plus a separate cycle
    would cost at least two slides more than the optimum. So different answers are different
    routes. Returns ``[]`` when the target cannot be reached.
    """
    deadline = guard(puzzle, Puzzle, "solutions", solver=solver, time_limit=time_limit, model=model, models=MODELS,
                     limit=limit, search=search, searches=SEARCHES)
    graph = move_graph(puzzle, deadline)
    deadline.check()
    build = builder(model)
    if not graph[puzzle.start] or puzzle.target not in resting_points(puzzle, graph):
        return []
    problem, x = _build(build, puzzle, graph, deadline)
    return enumerate_solutions(problem, x.values(), lambda: read_model(puzzle, model, x), limit, solver, deadline,
                               check=rule_check(check_rules, puzzle))


def format_solution(puzzle: Puzzle, solution) -> str:
    """The route as text: one line per slide, then the board with the cells numbered."""
    path = check_not_empty(route_cells(require(puzzle, Puzzle, "format_solution"), solution),
                           "format_solution", "a route of cells from the start")
    lines = [f"{len(path) - 1} moves: " + " ".join(f"{a}->{b}" for a, b in zip(path, path[1:]))]
    rows = [list(line) for line in puzzle.grid]
    for k, (r, c) in enumerate(path):
        rows[r][c] = "S" if k == 0 else (str(k) if k < 10 else "+")
    lines += ["".join(row) for row in rows]
    return "\n".join(lines)
