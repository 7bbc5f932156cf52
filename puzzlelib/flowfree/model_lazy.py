"""Hartmann's second model without MTZ, its loops cut off lazily (chapter 5, "cuts added only when needed").

The model is (32)-(40); after each solve every loop L that touches no dot gets the cut "some step
enters L", sum over u outside L, v in L of x[u, v] >= 1, and the model is solved again.
"""

from __future__ import annotations

import pulp

from .board import Puzzle, neighbours
from .model_hartmann2 import build as build_hartmann2
from .model_hartmann2 import cell_colours, used_edges  # noqa: F401 (read as the second model is)


def build(puzzle: Puzzle):
    """Hartmann's second model with (41) left out; :func:`add_cycle_cut` supplies the rest."""
    return build_hartmann2(puzzle, mtz=False)


def add_cycle_cut(problem, puzzle: Puzzle, variables, loop, name: str) -> None:
    """A step must enter the loop's cells from outside: forbids every loop on exactly those cells."""
    inside = set(loop)
    entering = [(w, u) for u in inside for w in neighbours(u, puzzle.shape) if w not in inside]
    problem += pulp.lpSum(variables["x"][a] for a in entering) >= 1, name
