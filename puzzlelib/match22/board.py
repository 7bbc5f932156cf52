"""The Match 22 board (validated on construction), its solution, and Hartmann's Appendix C board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import MAX_SIDE, check_int, check_sequence, check_shape
from ..engine.rotation import turned
from . import formats
from .formats import read_hartmann, write_hartmann

Cell = tuple[int, int]
Disk = tuple[int, int, int, int]
#: Boards up to this side (a phone screen holds far fewer disks).
MAX_BOARD_SIDE = 30

#: Hartmann's Appendix C (seed 004): ``param d`` row by row, disk 1 first, as the data means it
#: (the PDF sets some row numbers a line away from their rows; chapter 9 shows the check).
HARTMANN_D = {1: (1, 4, 2, 3), 2: (1, 3, 3, 4), 3: (2, 2, 2, 3), 4: (2, 2, 3, 1), 5: (2, 1, 1, 2),
              6: (1, 2, 3, 3), 7: (3, 3, 4, 2), 8: (3, 1, 3, 4), 9: (2, 2, 4, 3), 10: (3, 4, 2, 3),
              11: (4, 4, 3, 3), 12: (4, 4, 3, 3), 13: (3, 1, 4, 2), 14: (3, 2, 2, 3), 15: (2, 3, 2, 2),
              16: (4, 3, 2, 1), 17: (1, 4, 4, 4), 18: (1, 3, 2, 1), 19: (4, 3, 3, 4), 20: (1, 2, 2, 4)}
#: Appendix C's ``set H`` and ``set V``.
HARTMANN_H = ((1, 2), (3, 4), (6, 7), (9, 10), (11, 12), (12, 13), (13, 14), (14, 15), (16, 17), (17, 18),
              (18, 19), (19, 20))
HARTMANN_V = ((1, 5), (3, 7), (5, 8), (7, 9), (8, 11), (9, 14), (10, 15), (11, 16), (12, 17), (13, 18),
              (14, 19), (15, 20))
#: The turns the appendix prints for disks 1..20 (28 left turns in total).
HARTMANN_TURNS = (0, 0, 1, 0, 0, 0, 1, 3, 1, 0, 0, 2, 3, 2, 2, 3, 3, 2, 3, 2)

#: The chapter's board: Appendix C in the text format.
SEED_BOARD = """match22
1423 1334 .    2223 2231
2112 .    1233 3342 .
3134 .    .    2243 3423
4433 4433 3142 3223 2322
4321 1444 1321 4334 1224
"""


@dataclass(frozen=True, eq=False)
class Puzzle(PuzzleData):
    """A Match 22 board: ``grid[r][c]`` is None (a hole) or a disk ``(top, left, bottom, right)``,
    colours 1-4 (1 yellow, 2 orange, 3 red, 4 blue; Hartmann's segments 0-3).

    Disks are numbered 1..n in reading order (``ids[r][c]``, ``cells[i - 1]`` the cell of disk i);
    ``horizontal`` and ``vertical`` are Hartmann's sets H and V of neighbour pairs.
    """

    grid: tuple[tuple[Disk | None, ...], ...]
    FORMATS = formats.FORMATS

    def __init__(self, grid: Sequence[Sequence[Sequence[int] | None]]):
        lines = check_sequence(grid, "grid", 1, MAX_SIDE)
        rows = [check_sequence(line, f"grid: row {r}", 1, MAX_SIDE) for r, line in enumerate(lines)]
        nrows, ncols = check_shape(len(rows), len(rows[0]), max_side=MAX_BOARD_SIDE)
        out = []
        for r, line in enumerate(rows):
            if len(line) != ncols:
                raise PuzzleError(f"grid: row {r} has {len(line)} cells, row 0 has {ncols} (a ragged board)")
            out_line = []
            for c, cell in enumerate(line):
                if cell is None:
                    out_line.append(None)
                    continue
                seg = check_sequence(cell, f"disk at ({r}, {c})", 4, 4)
                out_line.append(tuple(check_int(v, f"disk at ({r}, {c}), quarter {h} "
                                                   f"({('top', 'left', 'bottom', 'right')[h]}): colour", 1, 4)
                                      for h, v in enumerate(seg)))
            out.append(tuple(out_line))
        cells = tuple((r, c) for r in range(nrows) for c in range(ncols) if out[r][c] is not None)
        if not cells:
            raise PuzzleError("grid: the board has no disk")
        ids = [[None] * ncols for _ in range(nrows)]
        for i, (r, c) in enumerate(cells, 1):
            ids[r][c] = i
        object.__setattr__(self, "grid", tuple(out))
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "ids", tuple(map(tuple, ids)))
        object.__setattr__(self, "horizontal", tuple((ids[r][c], ids[r][c + 1]) for r, c in cells
                                                     if c + 1 < ncols and ids[r][c + 1]))
        object.__setattr__(self, "vertical", tuple((ids[r][c], ids[r + 1][c]) for r, c in cells
                                                   if r + 1 < nrows and ids[r + 1][c]))

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.grid), len(self.grid[0])

    @property
    def n(self) -> int:
        """The number of disks."""
        return len(self.cells)

    def disk(self, i: int) -> Disk:
        """The colours of disk ``i`` (1..n) as given."""
        r, c = self.cells[i - 1]
        return self.grid[r][c]

    def turned(self, turns) -> "Puzzle":
        """The board after turning each disk ``turns[i]`` times left (a mapping by disk id)."""
        grid = [list(line) for line in self.grid]
        for i, (r, c) in enumerate(self.cells, 1):
            grid[r][c] = turned(grid[r][c], turns.get(i, 0))
        return Puzzle(grid)

    def _key(self):
        return self.grid

    def __eq__(self, other) -> bool:
        return isinstance(other, Puzzle) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<match22 Puzzle {self.shape[0]}x{self.shape[1]}, {self.n} disks>"

    # -- Hartmann's data (three arguments, not a text: not one of FORMATS) --------------------------
    @classmethod
    def from_hartmann(cls, d, horizontal, vertical) -> Puzzle:
        """Hartmann's data as printed in Appendix C (see :func:`formats.read_hartmann`)."""
        return cls(**read_hartmann(d, horizontal, vertical))

    def to_hartmann(self) -> tuple[dict, list, list]:
        """``(d, H, V)``, disks numbered 1..n in reading order."""
        return write_hartmann(self)


@dataclass(frozen=True)
class Solution:
    """Left turns per disk: ``turns[i]`` (0-3) for disk ids 1..n; ``moves`` their total (the taps)."""

    turns: dict = field(hash=False)
    moves: int
    shape: tuple[int, int]
    cells: tuple[Cell, ...] = field(repr=False)

    @property
    def grid(self) -> tuple[tuple[int | None, ...], ...]:
        """The turns laid out on the board: ``grid[r][c]`` for a disk, None for a hole."""
        nrows, ncols = self.shape
        out = [[None] * ncols for _ in range(nrows)]
        for i, (r, c) in enumerate(self.cells, 1):
            out[r][c] = self.turns[i]
        return tuple(map(tuple, out))


def make_solution(puzzle: Puzzle, turns: dict[int, int]) -> Solution:
    """A Solution of ``puzzle`` from turns by disk id."""
    turns = {i: turns[i] for i in range(1, puzzle.n + 1)}
    return Solution(turns, sum(turns.values()), puzzle.shape, puzzle.cells)
