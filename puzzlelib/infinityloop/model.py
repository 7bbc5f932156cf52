"""Infinity Loop's formulations, for ``model=``: Hartmann's (9)-(17) in ``model_hartmann.py`` (``"hartmann"``,
the default: closed pictures) and Tatham's Net in ``model_connected.py`` (``"connected"``: the same plus
one connected piece, by a flow)."""

from __future__ import annotations

from ..core.interface import require
from ..core.validate import check_choice
from .board import Puzzle
from .model_connected import build_connected_model
from .model_hartmann import build_hartmann

#: The formulations, for ``model=``: Hartmann's closed pictures (the default), and Net's one piece.
MODELS = ("hartmann", "connected")
DEFAULT_MODEL = MODELS[0]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, **options):
    """``(problem, x)`` of the formulation ``model`` (one of ``MODELS``), ``x[r, c][k]`` per tile and
    turn; ``options`` go to its builder (``objective``, ``deadline``; for ``"hartmann"`` also
    ``distinct`` and ``borders``)."""
    require(puzzle, Puzzle, "build_model")
    return builder(model)(puzzle, **options)


def builder(model: str):
    """The function that builds ``model`` (a PuzzleError names the choices for any other name)."""
    check_choice(model, MODELS, "model")
    return BUILDERS[model]


#: Each formulation's builder, by name (the one place a model name is looked up).
BUILDERS = {"hartmann": build_hartmann, "connected": build_connected_model}
