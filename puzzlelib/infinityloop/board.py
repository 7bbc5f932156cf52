"""The Infinity Loop board (validated on construction), its solution, and the chapter's board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import MAX_SIDE, check_int, check_sequence, check_shape
from ..engine.rotation import code_sides, distinct_turns
from . import formats

#: Boards up to this side (Puzzle Team's largest pipes boards are 40x40).
MAX_BOARD_SIDE = 60

#: The chapter's board: a scrambled 6x6 with a single closed picture, ``generate(6, seed=3)``.
SEED_BOARD = """infinityloop
c11689
b91b4a
47555e
899285
be7bf6
443662
"""


@dataclass(frozen=True, eq=False)
class Puzzle(PuzzleData):
    """An Infinity Loop board: ``tiles[r][c]`` is the code 0-15 of the tile at (r, c) as given
    (1 right, 2 up, 4 left, 8 down; 0 an empty cell)."""

    tiles: tuple[tuple[int, ...], ...]
    FORMATS = formats.FORMATS

    def __init__(self, tiles: Sequence[Sequence[int]]):
        lines = check_sequence(tiles, "tiles", 1, MAX_SIDE)
        rows = [check_sequence(line, f"tiles: row {r}", 1, MAX_SIDE) for r, line in enumerate(lines)]
        nrows, ncols = check_shape(len(rows), len(rows[0]), "tiles", max_side=MAX_BOARD_SIDE)
        out = []
        for r, line in enumerate(rows):
            if len(line) != ncols:
                raise PuzzleError(f"tiles: row {r} has {len(line)} tiles, row 0 has {ncols} (a ragged board)")
            out.append(tuple(check_int(v, f"tile ({r}, {c}): code", 0, 15) for c, v in enumerate(line)))
        object.__setattr__(self, "tiles", tuple(out))

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.tiles), len(self.tiles[0])

    def cells(self) -> list[tuple[int, int]]:
        """The cells holding a tile (code not 0), in reading order."""
        return [(r, c) for r, row in enumerate(self.tiles) for c, v in enumerate(row) if v]

    def sides(self, cell) -> tuple[int, int, int, int]:
        """The tile at ``cell`` as 0/1 per side (top, left, bottom, right), as given."""
        return code_sides(self.tiles[cell[0]][cell[1]])

    def turns_of(self, cell) -> list[int]:
        """The turns that give the tile at ``cell`` different pictures (see ``engine.rotation``)."""
        return distinct_turns(self.sides(cell))

    def __eq__(self, other) -> bool:
        return isinstance(other, Puzzle) and self.tiles == other.tiles

    def __hash__(self) -> int:
        return hash(self.tiles)

    def __repr__(self) -> str:
        return f"<infinityloop Puzzle {self.shape[0]}x{self.shape[1]}, {len(self.cells())} tiles>"


@dataclass(frozen=True)
class Solution:
    """The turned board: ``grid[r][c]`` the code of each tile after ``turns[r][c]`` left turns;
    ``moves`` the total number of left turns."""

    grid: tuple[tuple[int, ...], ...]
    turns: tuple[tuple[int, ...], ...]
    moves: int
