"""The cells model with a pipe binary per colour (chapter 5, "From a model that works to a model that is fast").

f[(u, v), k] = 1 when the pipe of colour k joins the neighbouring cells u and v; the degree
constraints (C3) hold colour by colour, and (C4) and the tidy rule (C7) become f <= x and
x + x - 1 <= f. ``e[(u, v)]`` is the expression sum_k f[(u, v), k], so the cycle cuts (C6) of
``model.py`` apply unchanged. Tighter than the model of ``model.py`` but not faster on every board:
``solving.py`` races the two on the tidy search.
"""

from __future__ import annotations

import pulp

from ..engine.solver import add_binary, new_problem
from .board import Puzzle, cells_of, edge, edges_of, neighbours, square_edges


def build(puzzle: Puzzle, tidy: bool = True):
    """``(problem, {"x": x, "f": f, "e": e})``: (C1)-(C5) per colour, with (C7) when ``tidy``."""
    K, shape = puzzle.colours, puzzle.shape
    dot = {v: k for k, pair in puzzle.dots.items() for v in pair}
    problem = new_problem("flowfree_cells_per_colour")
    x = {(v, k): add_binary(problem, f"x_{v[0]}_{v[1]}_{q}") for v in cells_of(shape) for q, k in enumerate(K)}
    f = {(a, k): add_binary(problem, f"f_{a[0][0]}_{a[0][1]}_{a[1][0]}_{a[1][1]}_{q}")
         for a in edges_of(shape) for q, k in enumerate(K)}
    for v in cells_of(shape):
        problem += pulp.lpSum(x[v, k] for k in K) == 1                                  # (C1)
        if v in dot:
            problem += x[v, dot[v]] == 1                                                 # (C2)
        for k in K:                                                                      # (C3) per colour
            ends = pulp.lpSum(f[edge(v, u), k] for u in neighbours(v, shape))
            problem += ends == ((1 if dot[v] == k else 0) if v in dot else 2 * x[v, k])
    for ((u, v), k), used in f.items():
        problem += used <= x[u, k]                                                       # (C4) per colour
        problem += used <= x[v, k]
        if tidy:
            problem += x[u, k] + x[v, k] - 1 <= used                                     # (C7) per colour
    e = {a: pulp.lpSum(f[a, k] for k in K) for a in edges_of(shape)}
    for r in range(shape[0] - 1):
        for c in range(shape[1] - 1):
            problem += pulp.lpSum(e[a] for a in square_edges((r, c))) <= 3               # (C5)
    return problem, {"x": x, "f": f, "e": e}
