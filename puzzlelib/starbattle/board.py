"""board.py: the validated Star Battle board (``Puzzle``), its answer (``Solution``) and the chapter's board.

Role. ``Puzzle`` checks everything on construction and names the row, cell or region at fault: a
square board, n regions each in one piece, and a star count k that an n x n board can hold (no two
stars share a 2x2 block, so at most ceil(n/2)^2 stars fit, and the board needs k*n). It inherits
reading and writing from :class:`~puzzlelib.core.interface.PuzzleData` through ``FORMATS``.
``Solution`` holds the answer as plain data (``grid[r][c]`` 1 for a star). ``SEED_BOARD`` is the
chapter's board in the text format.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import check_int, check_sequence, check_shape
from . import formats
from .formats import KIND, region_label

Cell = tuple[int, int]

#: Boards up to this side (the brute force takes far smaller ones; the solver takes these).
MAX_BOARD_SIDE = 30

#: The chapter's board: pzprjs' own Star Battle example (``test/script/starbattle.js``), 6x6 with one
#: star per row, column and region; its one answer has stars at (0,1) (1,3) (2,5) (3,2) (4,4) (5,0).
SEED_BOARD = """starbattle
stars 1
aaabbb
abbbcc
addeec
ffddec
feeeec
fccccc
"""


def max_stars(n: int) -> int:
    """The most stars an n x n board holds with no two touching: one per block of a 2x2 tiling."""
    return ((n + 1) // 2) ** 2


@dataclass(frozen=True, eq=False)
class Puzzle(PuzzleData):
    """A Star Battle board: ``regions[r][c]`` names the region of cell (r, c) (any hashable but None),
    ``stars`` is k, the stars every row, column and region holds.

    Regions are numbered 0, 1, ... in reading order of their first cell: ``region_of[r][c]`` is that
    number and ``cells[t]`` the cells of region t in reading order. Two boards are equal when their
    regions and k are, whatever names were used.
    """

    FORMATS = formats.FORMATS

    regions: tuple[tuple[Hashable, ...], ...]
    stars: int = 1

    def __init__(self, regions: Sequence[Sequence[Hashable]], stars: int = 1):
        lines = check_sequence(regions, "regions", 1, MAX_BOARD_SIDE)
        grid = [check_sequence(line, f"regions: row {r}", 1, MAX_BOARD_SIDE) for r, line in enumerate(lines)]
        nrows, ncols = check_shape(len(grid), len(grid[0]), "regions", MAX_BOARD_SIDE)
        for r, line in enumerate(grid):
            if len(line) != ncols:
                raise PuzzleError(f"regions: row {r} has {len(line)} cells, row 0 has {ncols} (a ragged board)")
        if nrows != ncols:
            raise PuzzleError(f"regions: {nrows} rows and {ncols} columns; a Star Battle board is square (n x n)")
        n = nrows
        stars = check_int(stars, "stars", 1)
        if stars * n > max_stars(n):
            raise PuzzleError(f"stars: {stars} star{'s' if stars > 1 else ''} per row is too many for a {n}x{n} board "
                              f"(it needs {stars * n} stars, but with no two touching at most {max_stars(n)} fit)")
        object.__setattr__(self, "regions", tuple(tuple(line) for line in grid))
        object.__setattr__(self, "stars", stars)
        region_of, cells = _number_regions(self.regions)
        if len(cells) != n:
            raise PuzzleError(f"regions: {len(cells)} regions on a {n}x{n} board, which needs exactly {n}")
        object.__setattr__(self, "region_of", region_of)
        object.__setattr__(self, "cells", cells)

    @classmethod
    def from_puzzleteam(cls, task, stars: int | None = None) -> "Puzzle":
        """A puzzle-star-battle.com task string: ``stars=k;`` and the page's region ids, or the page's
        bare ids with ``stars=k`` given here (the site shows k beside the board, not in the task)."""
        return cls(**formats.read_puzzleteam(task, stars))

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.regions), len(self.regions)

    @property
    def size(self) -> int:
        return len(self.regions)

    def label(self, t: int) -> str:
        """The letter of region ``t`` in pictures and text."""
        return region_label(t)

    def _key(self):
        return self.region_of, self.stars

    def __eq__(self, other) -> bool:
        return isinstance(other, Puzzle) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<{KIND} Puzzle {self.size}x{self.size}, {self.stars} star{'s' if self.stars > 1 else ''}>"


def _number_regions(regions):
    """Region numbers in reading order, checking that each name names one connected region."""
    n_rows, n_cols = len(regions), len(regions[0])
    number: dict = {}
    names = []
    region_of = [[0] * n_cols for _ in range(n_rows)]
    for r in range(n_rows):
        for c in range(n_cols):
            name = regions[r][c]
            if name is None:
                raise PuzzleError(f"cell ({r}, {c}): no region (None)")
            try:
                hash(name)
            except TypeError:
                raise PuzzleError(f"cell ({r}, {c}): the region name {type(name).__name__} is not hashable") from None
            if name not in number:
                number[name] = len(names)
                names.append(name)
            region_of[r][c] = number[name]
    cells: list[list[Cell]] = [[] for _ in names]
    for r in range(n_rows):
        for c in range(n_cols):
            cells[region_of[r][c]].append((r, c))
    for t, members in enumerate(cells):
        reached = {members[0]}
        stack = [members[0]]
        while stack:
            r, c = stack.pop()
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= rr < n_rows and 0 <= cc < n_cols and (rr, cc) not in reached and region_of[rr][cc] == t:
                    reached.add((rr, cc))
                    stack.append((rr, cc))
        if len(reached) != len(members):
            apart = next(cell for cell in members if cell not in reached)
            shown = repr(names[t]) if len(repr(names[t])) <= 20 else repr(names[t])[:17] + "..."
            raise PuzzleError(f"region {shown}: cells {members[0]} and {apart} are not connected "
                              "(a region must be one piece)")
    return tuple(tuple(line) for line in region_of), tuple(tuple(m) for m in cells)


@dataclass(frozen=True)
class Solution:
    """A placement of stars: ``grid[r][c]`` is 1 where cell (r, c) holds a star."""

    grid: tuple[tuple[int, ...], ...]

    def stars(self) -> list[Cell]:
        """The starred cells in reading order."""
        return [(r, c) for r, row in enumerate(self.grid) for c, v in enumerate(row) if v]

    def __str__(self) -> str:
        return "\n".join("".join("*" if v else "." for v in row) for row in self.grid)


def as_solution(grid: Sequence[Sequence[int]]) -> Solution:
    return Solution(tuple(tuple(int(v) for v in row) for row in grid))
