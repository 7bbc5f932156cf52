"""puzzlelib: integer programming taught through phone puzzles.

Each puzzle module (``thermometer``, ``circuit``, ``binairo``, ``slider``, ``flowfree``) has the same
shape: ``Puzzle`` (validated on construction, with ``from_text``/``to_text``), ``build_model``,
``solve``, ``solutions``, ``verify`` (the rules checked without a solver), ``draw``, ``editor`` and
the exercise checks. Shared machinery lives in :mod:`puzzlelib.core`.
"""

from .core.errors import NoSolution, PuzzleError, SolverError

__all__ = ["NoSolution", "PuzzleError", "SolverError"]
__version__ = "0.1.0"
