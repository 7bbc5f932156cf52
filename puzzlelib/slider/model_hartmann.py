"""Hartmann's model (18)-(21) exactly as printed (2018, section 5 and the MathProg file of Appendix D).

Kept as a separate formulation because chapter 4 studies it: it fixes only the flow *out of* the
start (19) and conserves flow at every other cell except the target (20), with no constraint on
what arrives. When a slide can bring the block back to its start, the cheapest answer is a cycle
through the start that never reaches the target. The library solves with :mod:`.model` instead.
"""

from __future__ import annotations

import pulp

from puzzlelib.engine.solver import add_binary, new_problem

from .board import Puzzle, arcs, move_graph


def build_model_hartmann(puzzle: Puzzle, graph: dict | None = None):
    """Hartmann's (18)-(21) on the move graph; returns ``(problem, x)`` like ``build_model``."""
    graph = move_graph(puzzle) if graph is None else graph
    s, t = puzzle.start, puzzle.target
    problem = new_problem("slider_as_printed")
    x = {(u, v): add_binary(problem, f"x_{u[0]}_{u[1]}_to_{v[0]}_{v[1]}")  # (21) x binary
         for u, v in arcs(puzzle, graph)}
    problem += pulp.lpSum(x.values()), "moves"                                         # (18)
    problem += pulp.lpSum(x[a] for a in x if a[0] == s) == 1, "leave_start"            # (19)
    for v in graph:                                                                    # (20)
        if v not in (s, t):
            problem += (pulp.lpSum(x[a] for a in x if a[1] == v)
                        == pulp.lpSum(x[a] for a in x if a[0] == v)), f"conserve_{v[0]}_{v[1]}"
    return problem, x
