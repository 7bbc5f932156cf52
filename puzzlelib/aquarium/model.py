"""Aquarium's formulations by name: ``model=`` picks one (chapter 6, "The model" and "Two models").

- ``"cells"`` (the default, ``model_cells.py``): one binary per cell, (1)-(5);
- ``"integer"`` (``model_integer.py``): one integer level per tank, linked to the cells, (6)-(8);
- ``"staircase"`` (``model_staircase.py``): a level as a staircase of binaries, (9).

Each builder returns ``(problem, x)`` with ``x[r, c]`` the variable that says whether cell (r, c) is
wet, so ``solve`` and ``solutions`` read every formulation the same way.
"""

from __future__ import annotations

from ..core.interface import require
from ..core.validate import check_choice
from .board import Puzzle
from .model_cells import build_cell_model
from .model_integer import build_integer_model
from .model_staircase import build_staircase_model

#: Each formulation's builder, by its ``model=`` name (the default first).
BUILDERS = {"cells": build_cell_model, "integer": build_integer_model, "staircase": build_staircase_model}
MODELS = tuple(BUILDERS)
DEFAULT_MODEL = MODELS[0]


def builder(model: str, where: str = "model"):
    """The builder of formulation ``model`` (a PuzzleError names the choices)."""
    return BUILDERS[check_choice(model, MODELS, where)]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL):
    """``(problem, x)`` of the named formulation of ``puzzle``."""
    require(puzzle, Puzzle, "build_model")
    return builder(model)(puzzle)
