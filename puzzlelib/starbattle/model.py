"""model.py: Star Battle's formulations, by name, and ``build_model(puzzle, model=...)`` that picks one.

Role. ``MODELS`` names every formulation, the default first; each lives in ``model_<name>.py`` and
``BUILDERS`` is the one place a name is looked up. Each builder returns ``(problem, x)``, the PuLP
problem and the cell binaries ``x[r, c]`` an answer is read from (chapter 11):

- ``pairs`` (``model_pairs.py``): the counts (1)-(3) of rows, columns and regions, and the
  no-touch rule as ``x[a] + x[b] <= 1`` for every pair of touching cells, (4);
- ``blocks`` (``model_blocks.py``): the same counts, and at most one star in every 2x2 window,
  (4'): fewer and stronger inequalities for the same answers;
- ``neighbourhood`` (``model_neighbourhood.py``): the same counts, and one big-M inequality per
  cell, (4''): a star empties the up-to-8 cells around it (M = |N(c)|, safe but not tight).
"""

from __future__ import annotations

from ..core.interface import require
from ..core.validate import check_choice
from ..engine import Deadline
from .board import Puzzle
from .model_blocks import build_blocks
from .model_neighbourhood import build_neighbourhood
from .model_pairs import add_counts, build_pairs

#: Every formulation's builder, by its name in MODELS (the default first).
BUILDERS = {"pairs": build_pairs, "blocks": build_blocks, "neighbourhood": build_neighbourhood}
MODELS = tuple(BUILDERS)
DEFAULT_MODEL = MODELS[0]

__all__ = ["MODELS", "DEFAULT_MODEL", "BUILDERS", "build_model", "add_counts"]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, deadline: Deadline | None = None):
    """``(problem, x)`` of the formulation ``model`` (one of MODELS) for ``puzzle``.

    ``deadline`` (from ``solve``) stops building a big board's model once the caller's time is spent.
    """
    require(puzzle, Puzzle, "build_model")
    check_choice(model, MODELS, "model")
    return BUILDERS[model](puzzle, Deadline.of(deadline))
