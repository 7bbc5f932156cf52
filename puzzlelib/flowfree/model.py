"""The chapter's model of Flow Free (chapter 5, constraints (C1)-(C7)): a colour per cell.

x[c, k] = 1 when cell c has colour k; e[u, v] = 1 when the pipe joins the neighbouring cells u and
v. Degree 1 at a dot and 2 elsewhere make every piece of the drawing a path between two dots or a
loop; equal colours along used edges make each path join two dots of one colour. Loops of four
cells are forbidden up front (C5); longer loops are cut off lazily by ``solving.py`` with (C6).
(C7), the tidy rule, is an add-on. Hartmann's models live in ``model_hartmann1.py``,
``model_hartmann2.py`` and ``model_lazy.py``; :func:`build_model` builds any of them by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pulp

from ..core.errors import PuzzleError
from ..core.interface import require
from ..engine.solver import add_binary, new_problem, value01
from .board import Puzzle, cells_of, edge, edges_of, neighbours, square_cells, square_edges
from . import model_hartmann1, model_hartmann2, model_lazy, numberlink_rule


# BEGIN cells_model
def cells_model(puzzle: Puzzle, subtours: bool = True):
    """The cells model (C1)-(C5); returns ``(problem, {"x": x, "e": e})``."""
    shape = puzzle.shape
    K = puzzle.colours
    dot = {cell: k for k, pair in puzzle.dots.items() for cell in pair}
    problem = new_problem("flowfree_cells")
    x = {(c, k): add_binary(problem, f"x_{c[0]}_{c[1]}_{q}") for c in cells_of(shape) for q, k in enumerate(K)}
    e = {(u, v): add_binary(problem, f"e_{u[0]}_{u[1]}_{v[0]}_{v[1]}") for u, v in edges_of(shape)}
    for c in cells_of(shape):
        name = f"{c[0]}_{c[1]}"
        problem += pulp.lpSum(x[c, k] for k in K) == 1, f"one_colour_{name}"                       # (C1)
        if c in dot:
            problem += x[c, dot[c]] == 1, f"dot_colour_{name}"                                      # (C2)
        degree = 1 if c in dot else 2
        problem += pulp.lpSum(e[edge(c, v)] for v in neighbours(c, shape)) == degree, f"degree_{name}"  # (C3)
    for (u, v), used in e.items():
        for q, k in enumerate(K):
            name = f"{u[0]}_{u[1]}_{v[0]}_{v[1]}_{q}"
            problem += x[u, k] - x[v, k] <= 1 - used, f"same_colour_{name}"                         # (C4)
            problem += x[v, k] - x[u, k] <= 1 - used, f"same_colour_back_{name}"                    # (C4)
    if subtours:
        for r in range(shape[0] - 1):
            for c in range(shape[1] - 1):
                problem += pulp.lpSum(e[a] for a in square_edges((r, c))) <= 3, f"no_square_loop_{r}_{c}"  # (C5)
    return problem, {"x": x, "e": e}


def add_cycle_cut(problem, puzzle: Puzzle, variables, loop, name: str) -> None:
    """(C6): at least two pipe edges cross the border of a loop's cells L, so no loop lies on exactly L."""
    inside = set(loop)
    border = [edge(u, w) for u in inside for w in neighbours(u, puzzle.shape) if w not in inside]
    problem += pulp.lpSum(variables["e"][a] for a in border) >= 2, name                           # (C6)


def add_no_touch_rule(problem, puzzle: Puzzle, variables) -> None:
    """(C7), the tidy rule: two neighbouring cells of one colour are joined by the pipe."""
    x, e = variables["x"], variables["e"]
    for (u, v), used in e.items():
        for q, k in enumerate(puzzle.colours):
            problem += x[u, k] + x[v, k] - 1 <= used, f"no_touch_{u[0]}_{u[1]}_{v[0]}_{v[1]}_{q}"   # (C7)
# END cells_model


def add_no_square_rule(problem, puzzle: Puzzle, x) -> None:
    """No 2x2 block of cells of one colour (a weaker form of (C7))."""
    nrows, ncols = puzzle.shape
    for r in range(nrows - 1):
        for c in range(ncols - 1):
            for q, k in enumerate(puzzle.colours):
                problem += pulp.lpSum(x[cell, k] for cell in square_cells((r, c))) <= 3, f"no_square_{r}_{c}_{q}"


def used_edges(puzzle: Puzzle, variables) -> list:
    """The undirected edges the solved cells model draws a pipe along (e = 1)."""
    return [a for a, var in variables["e"].items() if value01(var)]


def cell_colours(puzzle: Puzzle, variables) -> dict:
    """The colour the solved cells model gives each cell (x = 1)."""
    return {cell: k for (cell, k), var in variables["x"].items() if value01(var)}


class Formulation(NamedTuple):
    """What the solver needs of one ``model=`` name, looked up once (MO-book's add-ons to one core):
    ``build(puzzle, subtours)``, the two readers of a solved model, and the cut that forbids a
    stray loop (``None`` where the model's subtour constraints are written in full)."""

    build: Callable
    used_edges: Callable
    cell_colours: Callable
    cut: Callable | None
    #: the chapter's cells model: the tidy race and the colouring search of ``solutions`` run on it
    cells: bool = False


#: Every formulation by its ``model=`` name, the default first (the one place a name is looked up).
FORMULATIONS = {
    "cells": Formulation(lambda puzzle, subtours: cells_model(puzzle, subtours), used_edges, cell_colours,
                         add_cycle_cut, cells=True),
    "hartmann2": Formulation(lambda puzzle, subtours: model_hartmann2.build(puzzle, subtours),
                             model_hartmann2.used_edges, model_hartmann2.cell_colours, None),
    "hartmann1": Formulation(lambda puzzle, subtours: model_hartmann1.build(puzzle, subtours),
                             model_hartmann1.used_edges, model_hartmann1.cell_colours, None),
    "lazy": Formulation(lambda puzzle, subtours: model_lazy.build(puzzle), model_lazy.used_edges,
                        model_lazy.cell_colours, model_lazy.add_cycle_cut),
}
MODELS = tuple(FORMULATIONS)
DEFAULT_MODEL = MODELS[0]


def formulation(model: str) -> Formulation:
    """The formulation ``model`` names; a PuzzleError naming the choices for any other value."""
    if not isinstance(model, str) or model not in FORMULATIONS:
        raise PuzzleError(f"model: {str(model)[:30]!r} is not one of {', '.join(map(repr, MODELS))}")
    return FORMULATIONS[model]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, subtours: bool = True):
    """The integer program of ``model`` (one of :data:`MODELS`); returns ``(problem, variables)``.

    ``variables`` is a dict of variable families (``x``, ``y``, ``z``, ``e``) keyed the way the
    chapter writes them. ``subtours=False`` leaves out the subtour constraints ((41), (29) or (C5))
    for the experiment that shows why they are there; the lazy cuts are added by ``solve``. Under
    the Numberlink rule (``puzzle.rule``) the model is loosened by ``numberlink_rule.allow_empty``.
    """
    require(puzzle, Puzzle, "build_model")
    problem, variables = formulation(model).build(puzzle, subtours)
    if not puzzle.fills:  # Nikoli's Numberlink: cells may stay empty (the add-on of numberlink_rule.py, not a formulation of its own)
        numberlink_rule.allow_empty(problem, puzzle, model, variables)
    return problem, variables
