"""puzzlelib: integer programming taught through phone puzzles.

Each puzzle module (``thermometer``, ``circuit``, ``binairo``, ``slider``, ``flowfree``) has the same
shape: ``Puzzle`` (validated on construction, with ``from_text``/``to_text``), ``build_model``,
``solve``, ``solutions``, ``verify`` (the rules checked without a solver), ``draw``, ``editor`` and
the exercise checks. Shared machinery lives in :mod:`puzzlelib.core`.

``puzzlelib.read(text)`` reads any puzzle of the course in any of its formats (the text format, a
one-line grid, a task string, a puzz.link URL, ...) and finds the kind (:mod:`puzzlelib.reader`).
"""

from .core.errors import NoSolution, PuzzleError, SolverError
from .reader import read

__all__ = ["NoSolution", "PuzzleError", "SolverError", "read"]
__version__ = "0.1.0"
