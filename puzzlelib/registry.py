"""Every puzzle of the course, found by its folder: ``puzzlelib/<kind>/`` with a ``board.py`` and a ``formats.py``.

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

import ast
import functools
import importlib
from pathlib import Path
from types import ModuleType

from .core.errors import PuzzleError
from .core.interface import PuzzleKind

PACKAGE = Path(__file__).resolve().parent
#: What makes a folder of puzzlelib a puzzle: the files only a puzzle has (layers and chapters such as
#: core/, display/ or duality/ have neither). Folders starting with _ or . are skipped (the template).
MARKERS = ("__init__.py", "board.py", "formats.py")


def kinds() -> list[str]:
    """The kinds of puzzle, in chapter order (then by name), found without importing any of them."""
    return sorted(_folders(), key=lambda k: (chapter(k), k))


def _folders() -> list[str]:
    return sorted(p.name for p in PACKAGE.iterdir()
                  if p.is_dir() and not p.name.startswith(("_", ".")) and all((p / m).is_file() for m in MARKERS))


@functools.lru_cache(maxsize=None)
def chapter(kind: str) -> int:
    """The chapter of ``kind`` as its ``__init__.py`` writes it (``PUZZLE = PuzzleKind(..., chapter=N, ...)``),
    read from the source without importing the puzzle (99 when it is not written as a number there)."""
    tree = ast.parse((PACKAGE / kind / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "PUZZLE" for t in node.targets) \
                and isinstance(node.value, ast.Call):
            for keyword in node.value.keywords:
                if keyword.arg == "chapter" and isinstance(keyword.value, ast.Constant) \
                        and isinstance(keyword.value.value, int):
                    return keyword.value.value
    return 99


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
