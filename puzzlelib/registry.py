"""Every puzzle of the course, found by its folder: ``puzzlelib/<kind>/`` with ``KIND`` set.

A puzzle registers itself by existing: the CLI, the contract test and the fuzz test all walk
:func:`kinds`, so a new puzzle folder is covered by every one of them from its first commit, and a
folder that forgets a part of the interface (see ``CONTRACT``) fails the contract test by name.

Each puzzle folder holds the same files, each with one job, and imports only to its left
(and ``puzzlelib.core``), never another puzzle and never its own package ``__init__``:

    formats.py   strings <-> plain data (text, Puzzle Team task strings, puzz.link URLs)
    board.py     KIND, Puzzle (validated), Solution, SEED_BOARD, size limits
    rules.py     verify (every rule, no solver) and brute_force (the oracle for small boards)
    model.py     the chapter's model, equation numbers in comments (model_<name>.py: others)
    solving.py   solve, solutions, format_solution (and why a board has no solution)
    generators.py random_puzzle (planted), generate (unique), where the puzzle has them
    drawing.py   draw, in the look of the app
    widget.py    the live editor (imports ipywidgets; loaded only when an editor is made)
    checks.py    the exercise checks the student notebooks call
    __init__.py  re-exports the interface; ``editor()`` imports widget.py lazily
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from .core.errors import PuzzleError

PACKAGE = Path(__file__).resolve().parent
#: Folders of puzzlelib that are not puzzles.
NOT_PUZZLES = {"core", "engine", "display", "feedback", "classroom", "introduction", "inside_solver", "__pycache__"}
#: What every puzzle module offers (the contract test checks each name on each puzzle).
CONTRACT = ("KIND", "SEED_BOARD", "Puzzle", "Solution", "READERS", "WRITERS", "build_model", "solve",
            "solutions", "verify", "brute_force", "random_puzzle", "draw", "format_solution", "editor")


def kinds() -> list[str]:
    """The kinds of puzzle, in a fixed order (their folder names, sorted)."""
    return sorted(p.name for p in PACKAGE.iterdir()
                  if p.is_dir() and p.name not in NOT_PUZZLES and (p / "__init__.py").exists())


def load(kind: str) -> ModuleType:
    """The puzzle module of ``kind`` (``import puzzlelib.<kind>``)."""
    if kind not in kinds():
        raise PuzzleError(f"unknown puzzle kind {kind!r}: choose one of {', '.join(kinds())}")
    return importlib.import_module(f"puzzlelib.{kind}")


def modules() -> dict[str, ModuleType]:
    """Every puzzle module, by kind."""
    return {kind: load(kind) for kind in kinds()}
