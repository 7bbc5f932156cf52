"""board.py: the validated board (``Puzzle``), its answer (``Solution``) and the chapter's board.

Role. ``Puzzle`` checks everything on construction and names the row, column or cell at fault, so
nothing later needs to; it inherits reading and writing from
:class:`~puzzlelib.core.interface.PuzzleData` through ``FORMATS`` (no hand-written
``from_text``/``to_text``). ``cls(**read_text(text))`` must construct it. ``Solution`` holds the
answer as plain data. ``SEED_BOARD`` is the chapter's board in the text format. Functions that take
a Puzzle check it with ``require(value, Puzzle, "<function>")``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import check_int, check_sequence, check_shape
from . import formats
from .formats import KIND

#: Boards up to this side (the brute force refuses far smaller ones; the solver takes these).
MAX_BOARD_SIDE = 30

#: The chapter's board: a 4x4 with one answer.
SEED_BOARD = """_template
rows 1 1 2 3
cols 2 3 1 1
....
....
....
.0..
"""


@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """``rows[r]``/``cols[c]``: the 1s row r / column c holds; ``grid[r][c]``: None (open) or a given 0/1."""

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    grid: tuple[tuple[int | None, ...], ...] | None = None

    FORMATS = formats.FORMATS

    def __post_init__(self):
        rows = check_sequence(self.rows, "rows", 1, MAX_BOARD_SIDE)
        cols = check_sequence(self.cols, "cols", 1, MAX_BOARD_SIDE)
        nrows, ncols = check_shape(len(rows), len(cols), max_side=MAX_BOARD_SIDE)
        rows = tuple(check_int(v, f"rows: the count of row {r}", 0, ncols) for r, v in enumerate(rows))
        cols = tuple(check_int(v, f"cols: the count of column {c}", 0, nrows) for c, v in enumerate(cols))
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        object.__setattr__(self, "grid", _givens(self.grid, nrows, ncols))

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.cols)

    def __repr__(self) -> str:
        return f"<{KIND} Puzzle {len(self.rows)}x{len(self.cols)}>"


def _givens(grid, nrows: int, ncols: int) -> tuple[tuple[int | None, ...], ...]:
    """The given cells as rows of None/0/1 (None for the whole grid: no cell given)."""
    if grid is None:
        return tuple((None,) * ncols for _ in range(nrows))
    lines = check_sequence(grid, "grid")
    if len(lines) != nrows:
        raise PuzzleError(f"grid: {len(lines)} rows, but there are {nrows} row counts")
    out = []
    for r, line in enumerate(lines):
        cells = check_sequence(line, f"grid: row {r}")
        if len(cells) != ncols:
            raise PuzzleError(f"grid: row {r} has {len(cells)} cells, but there are {ncols} column counts")
        out.append(tuple(None if v is None else check_int(v, f"grid: cell ({r}, {c})", 0, 1)
                         for c, v in enumerate(cells)))
    return tuple(out)


@dataclass(frozen=True)
class Solution:
    """A filled board: ``grid[r][c]`` is 0 or 1."""

    grid: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        return "\n".join("".join(map(str, row)) for row in self.grid)


def as_solution(grid: Sequence[Sequence[int]]) -> Solution:
    return Solution(tuple(tuple(int(v) for v in row) for row in grid))
