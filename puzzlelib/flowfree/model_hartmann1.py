"""Hartmann's first model (2018, constraints (22)-(31)): a binary per colour per directed step.

x[k, u, v] = 1 when a pipe of colour k runs from cell u to its neighbour v; the colour numbers
make a pipe that leaves a source of colour k end at the sink of colour k; MTZ labels z forbid
loops (29). The chapter describes it in words and measures it.
"""

from __future__ import annotations

import pulp

from ..engine.solver import add_binary, new_problem, value01
from .board import Puzzle, arcs_of, cells_of, edge, neighbours
from .model_hartmann2 import add_mtz


def build(puzzle: Puzzle, mtz: bool = True):
    """``(problem, {"x": x[, "z": z]})`` for Hartmann's first model."""
    shape = puzzle.shape
    colours = puzzle.colours
    value = {k: q + 1 for q, k in enumerate(colours)}
    sources = {pair[0]: k for k, pair in puzzle.dots.items()}
    sinks = {pair[1]: k for k, pair in puzzle.dots.items()}
    problem = new_problem("flowfree_hartmann1")
    arcs = arcs_of(shape)
    x = {(k, u, v): add_binary(problem, f"x_{q}_{u[0]}_{u[1]}_{v[0]}_{v[1]}")
         for q, k in enumerate(colours) for u, v in arcs}
    for cell in cells_of(shape):
        into = [(k, w, cell) for k in colours for w in neighbours(cell, shape)]
        out = [(k, cell, w) for k in colours for w in neighbours(cell, shape)]
        name = f"{cell[0]}_{cell[1]}"
        if cell in sources:
            problem += pulp.lpSum(x[a] for a in into) == 0, f"no_flow_into_source_{name}"          # (22)
            problem += pulp.lpSum(value[a[0]] * x[a] for a in out) == value[sources[cell]], f"colour_out_{name}"  # (26)
        else:
            problem += pulp.lpSum(x[a] for a in into) == 1, f"flow_in_{name}"                      # (24)
        if cell in sinks:
            problem += pulp.lpSum(x[a] for a in out) == 0, f"no_flow_out_of_sink_{name}"          # (23)
            problem += pulp.lpSum(value[a[0]] * x[a] for a in into) == value[sinks[cell]], f"colour_in_{name}"  # (27)
        else:
            problem += pulp.lpSum(x[a] for a in out) == 1, f"flow_out_{name}"                      # (25)
        if cell not in sources and cell not in sinks:
            problem += (pulp.lpSum(value[a[0]] * x[a] for a in into)
                        == pulp.lpSum(value[a[0]] * x[a] for a in out)), f"colour_kept_{name}"     # (28)
    variables = {"x": x}
    if mtz:
        variables["z"] = add_mtz(problem, shape, {(u, v): pulp.lpSum(x[k, u, v] for k in colours) for u, v in arcs})  # (29)
    return problem, variables


def used_edges(puzzle: Puzzle, variables) -> list:
    """The undirected edges the solved model draws a pipe along (a step of any colour)."""
    return sorted({edge(u, v) for (k, u, v), var in variables["x"].items() if value01(var)})


def cell_colours(puzzle: Puzzle, variables) -> dict:
    """The colour of each cell a step of colour k runs through."""
    out = {}
    for (k, u, v), var in variables["x"].items():
        if value01(var):
            out[u] = out[v] = k
    return out
