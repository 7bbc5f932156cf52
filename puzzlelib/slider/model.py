"""The shortest-path model of chapter 4 (``notebooks/04-slider``), equations (1)-(5).

One binary per arc of the move graph; one unit of flow leaves the start, arrives at the target and
is conserved everywhere else; the number of slides is minimised. The chapter prints this file's
``shortest_path_model``, so the code a student reads there is the code the library runs.
``build_model(puzzle, model=...)`` looks the formulation up in ``BUILDERS``: ``"shortest-path"``
(this one, the default) or ``"hartmann"`` (the model as printed, ``model_hartmann.py``).
"""

from __future__ import annotations

import pulp

from puzzlelib.core.errors import PuzzleError
from puzzlelib.core.interface import require
from puzzlelib.engine.solver import add_binary, new_problem

from .board import Puzzle, arcs, move_graph
from .model_hartmann import build_model_hartmann

#: The formulations, for ``model=``: the chapter's (1)-(5) first, then Hartmann's as printed.
MODELS = ("shortest-path", "hartmann")
DEFAULT_MODEL = MODELS[0]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, graph: dict | None = None, deadline=None):
    """The formulation ``model`` as ``(problem, x)`` with ``x[u, v]`` per arc of the move graph.

    ``graph`` is a move graph (default ``move_graph(puzzle)``; exercise 4.1 passes another);
    ``deadline`` (a ``engine.solver.Deadline``) bounds the build of a large board.
    """
    require(puzzle, Puzzle, "build_model")
    return builder(model)(puzzle, graph, deadline)


def builder(model):
    """The function that builds formulation ``model`` (a PuzzleError names the choices)."""
    if not isinstance(model, str) or model not in BUILDERS:
        raise PuzzleError(f"model: expected one of {', '.join(map(repr, MODELS))}, got {str(model)[:30]!r}")
    return BUILDERS[model]


def shortest_path_model(puzzle: Puzzle, graph: dict | None = None, deadline=None):
    """The shortest-path IP on the move graph; returns ``(problem, x)`` with ``x[u, v]`` per arc.

    ``graph`` is a move graph (default ``move_graph(puzzle)``; exercise 4.1 passes another);
    ``deadline`` (a ``engine.solver.Deadline``) is checked while building, so that a time limit
    also bounds the build of a large board.
    """
    graph = move_graph(puzzle) if graph is None else graph
    s, t = puzzle.start, puzzle.target
    problem = new_problem("slider")
    tick = deadline.check if deadline is not None else (lambda: None)
    x = {}
    for u, v in arcs(puzzle, graph):                                                   # (5) x binary
        x[u, v] = add_binary(problem, f"x_{u[0]}_{u[1]}_to_{v[0]}_{v[1]}")
        tick()
    leaving = {v: [] for v in graph}   # delta+(v): the arcs out of v
    entering = {v: [] for v in graph}  # delta-(v): the arcs into v
    for (u, v), var in x.items():
        leaving[u].append(var)
        entering[v].append(var)
    problem += pulp.lpSum(x.values()), "moves"                                         # (1)
    problem += pulp.lpSum(leaving[s]) - pulp.lpSum(entering[s]) == 1, "leave_start"    # (2)
    problem += pulp.lpSum(entering[t]) == 1, "arrive_target"                           # (3)
    for v in graph:                                                                    # (4)
        if v not in (s, t) and (entering[v] or leaving[v]):
            problem += pulp.lpSum(entering[v]) == pulp.lpSum(leaving[v]), f"conserve_{v[0]}_{v[1]}"
            tick()
    return problem, x


#: One table from a model's name to its builder (the only place a name is looked up).
BUILDERS = {"shortest-path": shortest_path_model,
            "hartmann": lambda puzzle, graph=None, deadline=None: build_model_hartmann(puzzle, graph)}
