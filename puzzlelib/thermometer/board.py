"""The Thermometers board (validated on construction), its solution, and the chapter's board.

Size limits: at most ``MAX_SIDE`` (200) rows and columns, as for every puzzle of the course. A
200x200 board is already a model of 40,000 binaries; anything bigger is refused at once, before
anything of that size is allocated.

The thermometers tile the board: every cell lies on exactly one, so two thermometers sharing a
bulb (or any cell) are refused naming the cell (issue 30, decided; Sudoku's thermometers, which
only constrain digits, may branch from one bulb).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import MAX_CELLS, MAX_SIDE, check_cell, check_int, check_sequence
from . import formats
from .formats import KIND, Cell, label, read_dependencies

#: The 5x5 board of Jandhyala's chapter (seed 000): chapter 1's board and the editor's default.
SEED_BOARD = """thermometer
  3 1 3 3 3
4 A a a b B
2 c d d d D
1 c E F f f
3 c e g g G
3 C e H h h
"""

Grid = tuple[tuple[int, ...], ...]


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """A thermometer board; construction checks every rule a board itself must keep.

    ``rows`` and ``cols`` are the counts; ``thermometers`` are tuples of ``(row, col)`` cells from
    bulb to tip, kept in reading order of their first cell (the order of their names A, B, ...).
    ``Puzzle.read(text, format)``, ``puzzle.write(format)`` and ``from_<format>``/``to_<format>``
    come from ``FORMATS`` (formats.py): text and puzzleteam.
    """

    FORMATS = formats.FORMATS

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    thermometers: tuple[tuple[Cell, ...], ...]

    def __init__(self, rows: Sequence[int], cols: Sequence[int], thermometers: Sequence[Sequence[Cell]]):
        rows = check_sequence(rows, "row counts", 1, MAX_SIDE)
        cols = check_sequence(cols, "column counts", 1, MAX_SIDE)
        shape = (len(rows), len(cols))
        rows = tuple(check_int(v, f"row {i}: count", 0, shape[1]) for i, v in enumerate(rows))
        cols = tuple(check_int(v, f"col {j}: count", 0, shape[0]) for j, v in enumerate(cols))
        therms = []
        for t, cells in enumerate(check_sequence(thermometers, "thermometers", 1, MAX_CELLS)):
            where = f"thermometer {label(t)}"
            cells = check_sequence(cells, where, 0, MAX_CELLS)
            therms.append(tuple(check_cell(cell, shape, f"{where}, cell {k}") for k, cell in enumerate(cells)))
        _check_tiling(shape, therms)
        if sum(rows) != sum(cols):
            raise PuzzleError(f"row counts sum to {sum(rows)}, column counts to {sum(cols)}: "
                              "both count the same filled cells, so they must agree")
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        # One board, one Puzzle: thermometers in reading order of their first cell, which is also
        # how they are lettered A, B, C, ... in pictures and text.
        object.__setattr__(self, "thermometers", tuple(sorted(therms, key=min)))

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.cols)

    @classmethod
    def from_dependencies(cls, rows: Sequence[int], cols: Sequence[int], dependencies) -> Puzzle:
        """Hartmann's data (Appendix A): 1-based quadruples ``(i, j, k, l)``, "(k, l) needs (i, j)"."""
        return cls(rows, cols, read_dependencies(dependencies))


def _check_tiling(shape: tuple[int, int], therms: list[tuple[Cell, ...]]) -> None:
    """Thermometers of 2+ neighbouring cells that cover every cell of the board exactly once."""
    nrows, ncols = shape
    owner: dict[Cell, int] = {}
    for t, cells in enumerate(therms):
        name = label(t)
        if len(cells) < 2:
            raise PuzzleError(f"thermometer {name}: needs at least 2 cells, has {len(cells)}")
        for k, cell in enumerate(cells):
            if cell in owner:
                other = owner[cell]
                where = "twice" if other == t else f"and thermometer {label(other)} both"
                raise PuzzleError(f"thermometer {name}: cell {cell} is covered {where}")
            owner[cell] = t
            if k and not adjacent(cells[k - 1], cell):
                raise PuzzleError(f"thermometer {name}: cells {cells[k - 1]} and {cell} are not adjacent")
    if len(owner) < nrows * ncols:
        missing = [(r, c) for r in range(nrows) for c in range(ncols) if (r, c) not in owner]
        if len(missing) == 1:
            raise PuzzleError(f"cell {missing[0]} is not covered by any thermometer")
        raise PuzzleError(f"cells {missing[0]} and {len(missing) - 1} more are not covered by any thermometer")


@dataclass(frozen=True)
class Solution:
    """A filling: ``grid[r][c]`` is 1 when cell (r, c) holds mercury."""

    grid: Grid

    def key(self) -> Grid:
        """The grid (nested tuples), to put solutions in a set or compare with brute_force."""
        return self.grid

    def levels(self, puzzle: Puzzle) -> list[int]:
        """How many cells of each thermometer are filled."""
        return [sum(self.grid[r][c] for r, c in cells) for cells in puzzle.thermometers]

