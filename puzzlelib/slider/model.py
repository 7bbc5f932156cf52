"""The shortest-path model of chapter 4 (``notebooks/04-slider``), equations (1)-(5).

One binary per arc of the move graph; one unit of flow leaves the start, arrives at the target and
is conserved everywhere else; the number of slides is minimised. The chapter prints this file's
``build_model``, so the code a student reads there is the code the library runs.
"""

from __future__ import annotations

import pulp

from puzzlelib.engine.solver import add_binary, new_problem

from .board import Puzzle, arcs, move_graph


def build_model(puzzle: Puzzle, graph: dict | None = None, deadline=None):
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
