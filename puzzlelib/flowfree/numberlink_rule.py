"""Nikoli's Numberlink rule as an add-on to every model: a cell off the dots may stay empty.

The models of ``model.py``, ``model_hartmann1.py``, ``model_hartmann2.py`` and ``model_lazy.py``
state Flow Free's rule, every cell on a pipe. Under the Numberlink rule (``puzzle.fills`` false)
the add-on loosens each model where that rule is written, keeping everything else:

* cells model: (C1) a cell off the dots has at most one colour (``one_colour_*`` becomes <= 1), and
  (C3) its degree is 2 with a colour and 0 without (``degree_*`` becomes <= 2, and a new
  ``degree_empty_*``: sum of its edges = 2 * sum of its colours);
* Hartmann's models: at a cell off the dots, at most one step in and one out (``flow_in_*`` and
  ``flow_out_*`` become <= 1), and as many out as in (a new ``flow_kept_*``).

The cycle cuts change too: the cells of a stray loop may all stay empty in an answer, so "a pipe
crosses the loop's border" holds only when a cell of the loop is on a pipe. :func:`cycle_cut`
writes it for the loop's first cell (its colours, or the steps into it).
"""

from __future__ import annotations

import pulp

from .board import Puzzle, cells_of, edge, neighbours


def _loosen(problem, name: str) -> None:
    """Turn the constraint ``name`` (an equation) into "<=" in place."""
    problem.get_constraint_by_name(name).sense = pulp.LpConstraintLE


def allow_empty(problem, puzzle: Puzzle, model: str, variables) -> None:
    """Loosen ``model``'s "every cell on a pipe" to Numberlink's "a cell off the dots may stay empty"."""
    dots = {cell for pair in puzzle.dots.values() for cell in pair}
    shape, K = puzzle.shape, puzzle.colours
    for c in cells_of(shape):
        if c in dots:
            continue
        name = f"{c[0]}_{c[1]}"
        if model == "cells":
            _loosen(problem, f"one_colour_{name}")                                              # (C1) <= 1
            _loosen(problem, f"degree_{name}")
            problem += (pulp.lpSum(variables["e"][edge(c, v)] for v in neighbours(c, shape))
                        == 2 * pulp.lpSum(variables["x"][c, k] for k in K)), f"degree_empty_{name}"  # (C3)
            continue
        _loosen(problem, f"flow_in_{name}")
        _loosen(problem, f"flow_out_{name}")
        x = variables["x"]
        if model == "hartmann1":
            into = pulp.lpSum(x[k, w, c] for k in K for w in neighbours(c, shape))
            out = pulp.lpSum(x[k, c, w] for k in K for w in neighbours(c, shape))
        else:
            into = pulp.lpSum(x[w, c] for w in neighbours(c, shape))
            out = pulp.lpSum(x[c, w] for w in neighbours(c, shape))
        problem += into == out, f"flow_kept_{name}"


def cycle_cut(problem, puzzle: Puzzle, model: str, variables, loop, name: str) -> None:
    """A stray loop's cut under the Numberlink rule: if its first cell is on a pipe, a pipe crosses its border."""
    inside = set(loop)
    first = loop[0]
    if model == "cells":
        border = [edge(u, w) for u in inside for w in neighbours(u, puzzle.shape) if w not in inside]
        problem += (pulp.lpSum(variables["e"][a] for a in border)
                    >= 2 * pulp.lpSum(variables["x"][first, k] for k in puzzle.colours)), name
        return
    # Hartmann's models (the lazy one, or either with subtours=False): a step enters the loop when its
    # first cell is used; the first model has a step binary per colour
    x, K = variables["x"], puzzle.colours

    def step(w, u):
        return pulp.lpSum(x[k, w, u] for k in K) if model == "hartmann1" else x[w, u]

    entering = pulp.lpSum(step(w, u) for u in inside for w in neighbours(u, puzzle.shape) if w not in inside)
    problem += entering >= pulp.lpSum(step(w, first) for w in neighbours(first, puzzle.shape)), name
