"""The Aquarium board (validated on construction), its solution, and the chapter's board."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import MAX_SIDE, check_grid, check_optional_int, check_sequence, check_shape
from . import formats
from .formats import tank_label

Cell = tuple[int, int]

#: Seed 002's 10x10 (Puzzle Team task string in the seed), the chapter's board and the editor's default.
SEED_TASK = ("5_3_1_3_3_5_5_3_4_4_2_3_4_4_4_6_3_2_2_6;1,1,1,1,2,3,3,4,4,5,1,6,6,6,2,7,4,4,5,5,1,8,8,2,2,7,4,4,"
             "5,9,10,10,10,11,2,7,12,12,9,9,13,13,10,11,11,11,12,14,14,9,15,13,10,10,16,12,12,12,12,12,15,13,"
             "10,10,16,12,17,17,17,17,15,13,10,10,16,18,18,18,18,17,19,10,10,16,16,20,18,17,17,17,19,10,10,"
             "16,20,20,18,18,18,17")

#: The chapter's board in the text format (the same board as ``SEED_TASK``).
SEED_BOARD = """aquarium
  5 3 1 3 3 5 5 3 4 4
2 a a a a b c c d d e
3 a f f f b g d d e e
4 a h h b b g d d e i
4 j j j k b g l l i i
4 m m j k k k l n n i
6 o m j j p l l l l l
3 o m j j p l q q q q
2 o m j j p r r r r q
2 s j j p p t r q q q
6 s j j p t t r r r q
"""

#: The seed's printed answer (``#`` water), which the seed's own solver found.
SEED_SOLUTION = (".....##...", ".###......", "......####", "...##...##", "...###...#",
                 "#....#####", "##...#....", "##........", "#.....#...", "#...#####.")


@dataclass(frozen=True, eq=False)
class Puzzle(PuzzleData):
    """An Aquarium board: ``regions[r][c]`` is the id of the tank of cell (r, c) (any hashable but
    None, a bool or nan; each tank orthogonally connected), ``rows`` and ``cols`` the water counts
    from the top and from the left (``None``: no clue). Ids are compared as Python compares them
    (``1``, ``1.0`` and ``numpy.int64(1)`` name one tank); bools are refused by name because
    ``True == 1`` would silently merge two tanks (issue 30).

    Tanks are numbered 0, 1, ... in reading order of their first cell: ``tank_of[r][c]`` is that
    number and ``tanks[t]`` the cells of tank t in reading order. Two boards are equal when their
    tanks and counts are, whatever ids were used. ``Puzzle.read(text, format)`` and
    ``puzzle.write(format)`` (or ``from_<format>``/``to_<format>``) go through ``formats.FORMATS``.
    """

    FORMATS = formats.FORMATS

    regions: tuple[tuple[Hashable, ...], ...]
    rows: tuple[int | None, ...]
    cols: tuple[int | None, ...]

    def __init__(self, regions: Sequence[Sequence[Hashable]], rows: Sequence[int | None],
                 cols: Sequence[int | None]):
        lines = check_sequence(regions, "regions", 1, MAX_SIDE)
        grid = [check_sequence(line, f"regions: row {r}", 1, MAX_SIDE) for r, line in enumerate(lines)]
        nrows, ncols = check_shape(len(grid), len(grid[0]))
        for r, line in enumerate(grid):
            if len(line) != ncols:
                raise PuzzleError(f"regions: row {r} has {len(line)} cells, row 0 has {ncols} (a ragged board)")
        rows = check_sequence(rows, "rows", 0, MAX_SIDE)
        cols = check_sequence(cols, "cols", 0, MAX_SIDE)
        if len(rows) != nrows:
            raise PuzzleError(f"rows: {len(rows)} counts for a board of {nrows} rows")
        if len(cols) != ncols:
            raise PuzzleError(f"cols: {len(cols)} counts for a board of {ncols} columns")
        rows = tuple(check_optional_int(v, f"row {r} count", 0, ncols) for r, v in enumerate(rows))
        cols = tuple(check_optional_int(v, f"col {c} count", 0, nrows) for c, v in enumerate(cols))
        object.__setattr__(self, "regions", tuple(tuple(line) for line in grid))
        object.__setattr__(self, "rows", rows)
        object.__setattr__(self, "cols", cols)
        tank_of, tanks, names = _number_tanks(self.regions)
        object.__setattr__(self, "tank_of", tank_of)
        object.__setattr__(self, "tanks", tanks)
        object.__setattr__(self, "names", names)
        if None not in rows and None not in cols and sum(rows) != sum(cols):
            raise PuzzleError(f"row counts sum to {sum(rows)}, column counts to {sum(cols)}: both count the "
                              "same wet cells, so they must agree")

    # -- what the board is -----------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.cols)

    def tank_rows(self, t: int) -> list[list[Cell]]:
        """The cells of tank ``t`` row by row, from its bottom row up (index k = k-th row from the bottom)."""
        by_row: dict[int, list[Cell]] = {}
        for cell in self.tanks[t]:
            by_row.setdefault(cell[0], []).append(cell)
        return [by_row[r] for r in sorted(by_row, reverse=True)]

    def label(self, t: int) -> str:
        """The name of tank ``t`` in pictures and text: a, b, ..., z, aa, ..."""
        return tank_label(t)

    def _key(self):
        return self.tank_of, self.rows, self.cols

    def __eq__(self, other) -> bool:
        return isinstance(other, Puzzle) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<aquarium Puzzle {self.shape[0]}x{self.shape[1]}, {len(self.tanks)} tanks>"


def _number_tanks(regions):
    """Tank numbers in reading order, checking that each id names one connected tank."""
    nrows, ncols = len(regions), len(regions[0])
    number: dict = {}
    names = []
    tank_of = [[0] * ncols for _ in range(nrows)]
    for r in range(nrows):
        for c in range(ncols):
            tank = regions[r][c]
            if tank is None:
                raise PuzzleError(f"cell ({r}, {c}): no tank id (None)")
            if isinstance(tank, bool) or _numpy_bool(tank):
                raise PuzzleError(f"cell ({r}, {c}): the tank id {tank!r} is a bool, which Python counts equal to "
                                  f"{int(tank)} (the two would name one tank); use numbers or letters")
            if isinstance(tank, float) and tank != tank:
                raise PuzzleError(f"cell ({r}, {c}): the tank id nan equals no other id, not even another nan")
            try:
                hash(tank)
            except TypeError:
                raise PuzzleError(f"cell ({r}, {c}): the tank id {type(tank).__name__} is not hashable") from None
            if tank not in number:
                number[tank] = len(names)
                names.append(tank)
            tank_of[r][c] = number[tank]
    tanks: list[list[Cell]] = [[] for _ in names]
    for r in range(nrows):
        for c in range(ncols):
            tanks[tank_of[r][c]].append((r, c))
    for t, cells in enumerate(tanks):
        reached = {cells[0]}
        stack = [cells[0]]
        while stack:
            r, c = stack.pop()
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= rr < nrows and 0 <= cc < ncols and (rr, cc) not in reached and tank_of[rr][cc] == t:
                    reached.add((rr, cc))
                    stack.append((rr, cc))
        if len(reached) != len(cells):
            apart = next(cell for cell in cells if cell not in reached)
            raise PuzzleError(f"tank {_show(names[t])}: cells {cells[0]} and {apart} are not connected "
                              "(a tank must be one piece)")
    return (tuple(tuple(line) for line in tank_of), tuple(tuple(cells) for cells in tanks), tuple(names))


def _numpy_bool(value) -> bool:
    return type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_")


def _show(name) -> str:
    text = repr(name)
    return text if len(text) <= 20 else text[:17] + "..."


@dataclass(frozen=True)
class Solution:
    """A filling: ``grid[r][c]`` is 1 where cell (r, c) holds water."""

    grid: tuple[tuple[int, ...], ...]

    def levels(self, puzzle: Puzzle) -> list[int]:
        """How many rows of each tank hold water, counted from the tank's bottom."""
        return [sum(self.grid[cells[0][0]][cells[0][1]] for cells in puzzle.tank_rows(t))
                for t in range(len(puzzle.tanks))]

    def wet(self) -> int:
        return sum(map(sum, self.grid))


def solution_from_strings(puzzle: Puzzle, lines: Sequence[str]) -> Solution:
    """``["#..", ".#."]`` (``#`` water, ``.`` air) as a Solution of ``puzzle``'s shape."""
    lines = check_sequence(lines, "solution", 1, MAX_SIDE)
    digits = []
    for r, line in enumerate(lines):
        if not isinstance(line, str) or set(line) - {"#", "."}:
            raise PuzzleError(f"solution: row {r} must be a string of '#' and '.'")
        digits.append(line.replace("#", "1").replace(".", "0"))
    return Solution(check_grid(digits, puzzle.shape, "solution"))
