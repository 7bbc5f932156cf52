"""Every puzzle of the course, found by its folder: ``puzzlelib/<kind>/`` whose ``__init__`` sets ``PUZZLE``.

A puzzle registers itself by existing: the CLI, the app, the contract test and the fuzz test all
walk :func:`kinds` and read each puzzle's interface table (``PUZZLE``, a
:class:`~puzzlelib.core.interface.PuzzleKind`) and nothing else, so a new puzzle folder is covered
by every one of them from its first commit.

Each puzzle folder holds the same files, each with one job (``puzzlelib/_template/`` is the
smallest such folder), and imports only to its left and the layers below it, never another puzzle:

    formats.py   KIND and FORMATS: strings <-> the Puzzle's arguments (text, site formats)
    board.py     Puzzle (validated; names the line, cell or clue at fault), Solution, SEED_BOARD
    rules.py     RULES, check_rules (coded faults, no solver), verify, brute_force (the oracle)
    model.py     MODELS and build_model(model=...); model_<name>.py for each other formulation
    solving.py   solve, solutions (no-good cuts), format_solution, explain_infeasible
    generators.py random_puzzle, planted_puzzle (size, seed=); generate (unique) where it has one
    drawing.py   draw, in the look of the app
    widget.py    the live editor (imports ipywidgets; loaded only when an editor is made)
    checks.py    the exercise checks the student notebooks call
    __init__.py  the interface table PUZZLE, and the names the chapter uses
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from .core.errors import PuzzleError
from .core.interface import PuzzleKind

PACKAGE = Path(__file__).resolve().parent
#: Folders of puzzlelib that are layers or chapters, not puzzles (folders starting with _ are skipped too).
NOT_PUZZLES = {"core", "engine", "display", "feedback", "classroom", "introduction", "inside_solver", "duality", "complexity"}


def kinds() -> list[str]:
    """The kinds of puzzle, in chapter order (then by name)."""
    return sorted(_folders(), key=lambda k: (getattr(getattr(load(k), "PUZZLE", None), "chapter", 99), k))


def _folders() -> list[str]:
    return sorted(p.name for p in PACKAGE.iterdir()
                  if p.is_dir() and p.name not in NOT_PUZZLES and not p.name.startswith(("_", "."))
                  and (p / "__init__.py").exists())


def load(kind: str) -> ModuleType:
    """The puzzle module of ``kind`` (``import puzzlelib.<kind>``)."""
    if not isinstance(kind, str) or kind not in _folders():
        raise PuzzleError(f"unknown puzzle kind {str(kind)[:30]!r}: choose one of {', '.join(_folders())}")
    return importlib.import_module(f"puzzlelib.{kind}")


def table(kind: str) -> PuzzleKind:
    """The interface table of ``kind`` (its ``PUZZLE``)."""
    return load(kind).PUZZLE


def tables() -> dict[str, PuzzleKind]:
    """Every puzzle's interface table, by kind, in chapter order."""
    return {kind: table(kind) for kind in kinds()}


def modules() -> dict[str, ModuleType]:
    """Every puzzle module, by kind."""
    return {kind: load(kind) for kind in kinds()}
