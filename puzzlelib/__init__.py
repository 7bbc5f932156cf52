"""puzzlelib: integer programming taught through phone puzzles.

Each puzzle module (``thermometer``, ``circuit``, ``binairo``, ``slider``, ``flowfree``) has the same
shape: ``Puzzle`` (validated on construction, with ``from_text``/``to_text``), ``build_model``,
``solve``, ``solutions``, ``verify`` (the rules checked without a solver), ``draw``, ``editor`` and
the exercise checks. Shared machinery lives in :mod:`puzzlelib.core`.

``puzzlelib.read(text)`` reads any puzzle of the course in any of its formats (the text format, a
one-line grid, a task string, a puzz.link URL, ...) and finds the kind (:mod:`puzzlelib.reader`);
every editor's Load box reads through it too, and names the puzzle a paste of another one is.

Importing ``puzzlelib`` or a puzzle loads neither matplotlib nor ipywidgets: a puzzle imports its
drawing module when a board is first drawn and its editor when one is made.
"""

from .core import interface as _interface
from .core.errors import NoSolution, PuzzleError, SolverError, TimeLimitReached
from .reader import read, read_in

_interface.PASTE_DOOR = read_in  # every editor's Load box reads through the one door (core cannot import it)

from . import display as _display  # noqa: E402
from .classroom import play as _play  # noqa: E402 - light: ipywidgets only when an editor is made

_display.PLAY_MODE = _play.attach  # play mode in the editors the hints cover (display cannot import classroom)

__all__ = ["NoSolution", "PuzzleError", "SolverError", "TimeLimitReached", "read", "read_in"]
__version__ = "0.1.0"
