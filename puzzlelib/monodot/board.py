"""board.py: the validated Monodot board (``Puzzle``), its answer (``Solution``) and the chapter's board.

Role. ``Puzzle`` checks everything on construction and names the dot or row at fault: a
rectangular grid of free and blocked cells, every dot's number from 1 to 4 (8 with ``diagonal``),
and no more dots than free cells when every dot must be placed. It inherits reading and writing
from :class:`~puzzlelib.core.interface.PuzzleData` through ``FORMATS``. ``Solution`` holds the cell
of each dot (None: left off the board). ``SEED_BOARD`` is the chapter's board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import check_int, check_sequence, check_shape
from . import formats
from .formats import BLOCKED, FREE, KIND

Cell = tuple[int, int]

#: Boards up to this side (the brute force takes far smaller ones; the solver takes these).
MAX_BOARD_SIDE = 30
#: Orthogonal and diagonal steps.
ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))
DIAGONAL = ((-1, -1), (-1, 1), (1, -1), (1, 1))

#: The chapter's board: 4x4, three blocked cells, eleven dots; one answer up to swapping equal dots.
SEED_BOARD = """monodot
dots 1 1 1 2 2 2 3 3 3 4 4
..##
....
...#
....
"""


@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """``dots[d]``: the number of dot d (its joined neighbours); ``grid[r]``: row r, ``.`` free, ``#`` blocked;
    ``diagonal``: dots are joined across corners too; ``partial``: dots may stay off the board."""

    dots: tuple[int, ...]
    grid: tuple[str, ...]
    diagonal: bool = False
    partial: bool = False

    FORMATS = formats.FORMATS

    def __post_init__(self):
        for name in ("diagonal", "partial"):
            if not isinstance(getattr(self, name), bool):
                raise PuzzleError(f"{name}: expected True or False, got {getattr(self, name)!r}")
        most = 8 if self.diagonal else 4
        dots = check_sequence(self.dots, "dots", 1, 999)
        dots = tuple(check_int(v, f"dots: dot {d}", 1, most) for d, v in enumerate(dots))
        rows = check_sequence(self.grid, "grid", 1, MAX_BOARD_SIDE)
        if not all(isinstance(row, str) for row in rows):
            raise PuzzleError("grid: expected rows of '.' (free) and '#' (blocked) as strings")
        nrows, ncols = check_shape(len(rows), len(rows[0]), "grid", MAX_BOARD_SIDE)
        for r, row in enumerate(rows):
            if len(row) != ncols:
                raise PuzzleError(f"grid: row {r} has {len(row)} cells, row 0 has {ncols} (a ragged board)")
            bad = next((c for c, ch in enumerate(row) if ch not in FREE + BLOCKED), None)
            if bad is not None:
                raise PuzzleError(f"grid: cell ({r}, {bad}): {row[bad]!r} is not '.' (free) or '#' (blocked)")
        object.__setattr__(self, "dots", dots)
        object.__setattr__(self, "grid", tuple(rows))
        free = sum(row.count(FREE) for row in rows)
        if not self.partial and len(dots) > free:
            raise PuzzleError(f"dots: {len(dots)} dots, but the board has only {free} free cells "
                              "(every dot must be placed, one per cell)")

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.grid), len(self.grid[0])

    def free_cells(self) -> list[Cell]:
        """The free cells in reading order."""
        return [(r, c) for r, row in enumerate(self.grid) for c, ch in enumerate(row) if ch == FREE]

    def neighbours(self, cell: Cell, free_only: bool = True) -> list[Cell]:
        """The cells a dot on ``cell`` is joined to when occupied (free ones only, unless asked)."""
        nrows, ncols = self.shape
        r, c = cell
        steps = ORTHOGONAL + DIAGONAL if self.diagonal else ORTHOGONAL
        return [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < nrows and 0 <= c + dc < ncols
                and (not free_only or self.grid[r + dr][c + dc] == FREE)]

    def numbers(self) -> list[int]:
        """The distinct dot numbers, ascending."""
        return sorted(set(self.dots))

    def __repr__(self) -> str:
        nrows, ncols = self.shape
        return f"<{KIND} Puzzle {nrows}x{ncols}, {len(self.dots)} dots>"


@dataclass(frozen=True)
class Solution:
    """``cells[d]``: the cell (row, col) of dot d, or None where the dot stays off the board."""

    cells: tuple[Cell | None, ...]

    def occupied(self) -> set[Cell]:
        return {cell for cell in self.cells if cell is not None}

    def __str__(self) -> str:
        return " ".join("-" if cell is None else f"{cell[0]},{cell[1]}" for cell in self.cells)


def as_solution(cells: Sequence) -> Solution:
    return Solution(tuple(None if cell is None else (int(cell[0]), int(cell[1])) for cell in cells))


def canonical(puzzle: Puzzle, number_at: dict[Cell, int]) -> Solution:
    """The answer that puts the dots of each number on that number's cells in reading order (one
    answer per occupancy with numbers: equal dots are interchangeable)."""
    cells_of = {v: sorted(cell for cell, n in number_at.items() if n == v) for v in puzzle.numbers()}
    out = []
    for v in puzzle.dots:
        out.append(cells_of[v].pop(0) if cells_of[v] else None)
    return as_solution(out)
