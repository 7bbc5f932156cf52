"""Hartmann's second model (2018, constraints (32)-(41), chapter 5 "Hartmann's second model").

x[u, v] = 1 when a pipe runs from cell u to its neighbour v; y[u, v] is the colour number carried
along that step (0 when unused); z[u] is a position label for the Miller-Tucker-Zemlin (MTZ)
subtour constraints (41). ``mtz=False`` leaves (41) out, for the chapter's experiment.
"""

from __future__ import annotations

import pulp

from ..engine.solver import add_binary, add_continuous, new_problem, value01
from .board import Puzzle, arcs_of, cells_of, edge, neighbours


def build(puzzle: Puzzle, mtz: bool = True):
    """``(problem, {"x": x, "y": y[, "z": z]})`` for Hartmann's second model."""
    shape = puzzle.shape
    value = {k: q + 1 for q, k in enumerate(puzzle.colours)}  # Hartmann's colour numbers C = 1..Q
    big = len(puzzle.colours)  # Q
    sources = {pair[0]: k for k, pair in puzzle.dots.items()}
    sinks = {pair[1]: k for k, pair in puzzle.dots.items()}
    problem = new_problem("flowfree_hartmann2")
    arcs = arcs_of(shape)
    x = {(u, v): add_binary(problem, f"x_{u[0]}_{u[1]}_{v[0]}_{v[1]}") for u, v in arcs}
    y = {(u, v): add_continuous(problem, f"y_{u[0]}_{u[1]}_{v[0]}_{v[1]}", low=0) for u, v in arcs}
    for cell in cells_of(shape):
        into = [(w, cell) for w in neighbours(cell, shape)]
        out = [(cell, w) for w in neighbours(cell, shape)]
        name = f"{cell[0]}_{cell[1]}"
        if cell in sources:
            problem += pulp.lpSum(x[a] for a in into) == 0, f"no_flow_into_source_{name}"          # (32)
            problem += pulp.lpSum(y[a] for a in out) == value[sources[cell]], f"colour_out_{name}"  # (36)
        else:
            problem += pulp.lpSum(x[a] for a in into) == 1, f"flow_in_{name}"                      # (34)
        if cell in sinks:
            problem += pulp.lpSum(x[a] for a in out) == 0, f"no_flow_out_of_sink_{name}"          # (33)
            problem += pulp.lpSum(y[a] for a in into) == value[sinks[cell]], f"colour_in_{name}"   # (37)
        else:
            problem += pulp.lpSum(x[a] for a in out) == 1, f"flow_out_{name}"                      # (35)
        if cell not in sources and cell not in sinks:
            problem += pulp.lpSum(y[a] for a in into) == pulp.lpSum(y[a] for a in out), f"colour_kept_{name}"  # (38)
    for u, v in arcs:
        name = f"{u[0]}_{u[1]}_{v[0]}_{v[1]}"
        problem += y[u, v] >= x[u, v], f"colour_if_used_{name}"                                    # (39)
        problem += y[u, v] <= big * x[u, v], f"no_colour_if_unused_{name}"                         # (40)
    variables = {"x": x, "y": y}
    if mtz:
        variables["z"] = add_mtz(problem, shape, x)
    return problem, variables


def add_mtz(problem, shape, used_arc) -> dict:
    """Miller-Tucker-Zemlin: z grows by at least 1 along every used arc, so no arc closes a loop."""
    big = shape[0] * shape[1]  # M = |V|, the number of cells
    z = {cell: add_continuous(problem, f"z_{cell[0]}_{cell[1]}", low=0) for cell in cells_of(shape)}
    for (u, v), used in used_arc.items():
        problem += z[v] - z[u] + big * (1 - used) >= 1, f"mtz_{u[0]}_{u[1]}_{v[0]}_{v[1]}"         # (41) / (29)
    return z


def used_edges(puzzle: Puzzle, variables) -> list:
    """The undirected edges the solved model draws a pipe along (the steps x[u, v] = 1)."""
    return sorted({edge(u, v) for (u, v), var in variables["x"].items() if value01(var)})


def cell_colours(puzzle: Puzzle, variables) -> dict:
    """The colour of each cell a step runs through: the colour number y[u, v] it carries."""
    colours, out = puzzle.colours, {}
    for (u, v), var in variables["y"].items():
        q = int(round(var.value() or 0))
        if 1 <= q <= len(colours):
            out[u] = out[v] = colours[q - 1]
    return out
