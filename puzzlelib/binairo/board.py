"""The Binairo board: ``Puzzle`` (validated on construction), ``Solution``, the chapter's board.

A board is square with an even side between 2 and 200 (``MAX_SIZE``, the course-wide limit of
``core.validate``): rule 1 needs an even number of cells per line, and the exact model of a
200x200 board already has millions of variables, so anything bigger is a mistake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.errors import PuzzleError
from ..core.validate import MAX_SIDE, check_int, check_sequence
from ..core.interface import PuzzleData
from . import formats
from .formats import line_text

#: The 6x6 of Jandhyala's chapter (seed 003, twelve givens): chapter 3's board, the editor's default.
SEED_BOARD = """binairo
1...1.
..1..0
.1.1..
0...1.
..1..1
.1.0..
"""
#: The largest side a board may have.
MAX_SIZE = MAX_SIDE
Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """A Binairo board: ``givens[r][c]`` is 0, 1 or None (empty); checked on construction.

    ``Puzzle(rows)`` takes a list of rows, each a list of 0/1/None or a string such as ``"1..0"``.
    ``Puzzle.read(text, format)`` / ``puzzle.write(format)`` (and ``from_text``, ``to_puzzleteam``,
    ...) read and write the formats of ``formats.FORMATS``.
    """

    FORMATS = formats.FORMATS
    givens: tuple[tuple[int | None, ...], ...]

    def __init__(self, givens: Sequence[Sequence[int | None] | str]):
        rows = check_sequence(givens, "givens (a list of rows)", 1, MAX_SIZE)
        parsed = []
        for r, row in enumerate(rows):
            if isinstance(row, str):
                if len(row) > MAX_SIZE:
                    raise PuzzleError(f"row {r} has {len(row)} cells; the largest board is {MAX_SIZE}x{MAX_SIZE}")
                parsed.append(tuple(_cell_from_char(ch, (r, c)) for c, ch in enumerate(row)))
            else:
                cells = check_sequence(row, f"row {r}", 0, MAX_SIZE)
                parsed.append(tuple(_cell_value(v, (r, c)) for c, v in enumerate(cells)))
        object.__setattr__(self, "givens", tuple(parsed))
        self._validate()

    @property
    def size(self) -> int:
        return len(self.givens)

    @property
    def shape(self) -> tuple[int, int]:
        return self.size, self.size

    def given_cells(self) -> dict[Cell, int]:
        """The givens as ``{(row, col): value}``."""
        return {(r, c): v for r, row in enumerate(self.givens) for c, v in enumerate(row) if v is not None}

    def _validate(self) -> None:
        n = self.size
        for r, row in enumerate(self.givens):
            if len(row) != n:
                raise PuzzleError(f"row {r} has {len(row)} cells, but the board has {n} rows "
                                  "and must be square")
        if n % 2:
            raise PuzzleError(f"the board is {n}x{n}: Binairo needs an even size, so that every "
                              "line can hold as many ones as zeros")
        for kind, lines in (("row", rows_of(self.givens)), ("col", cols_of(self.givens))):
            for i, line in enumerate(lines):
                _check_line(kind, i, line)
            full: dict[tuple, int] = {}
            for i, line in enumerate(lines):
                if None in line:
                    continue
                if line in full:
                    raise PuzzleError(f"{kind}s {full[line]} and {i} are both given in full as "
                                      f"{line_text(line)}; no two {kind}s may be equal")
                full[line] = i


@dataclass(frozen=True)
class Solution:
    """A filled grid: ``grid[r][c]`` is 0 or 1. ``rounds`` counts the solves it took (lazy model)."""

    grid: Grid
    rounds: int = field(default=1, compare=False)  # two solutions are equal when their grids are

    def __str__(self) -> str:
        return "\n".join(line_text(row) for row in self.grid)

    def numbers(self) -> tuple[list[int], list[int]]:
        """Rows and columns read as binary numbers (cell j of a line weighs 2^j), as in the big-M model."""
        return [line_number(row) for row in self.grid], [line_number(col) for col in zip(*self.grid)]


def line_number(line: Sequence[int]) -> int:
    """A line read as a binary number, its first cell the lowest bit: sum_j 2^j x_j."""
    return sum(v << j for j, v in enumerate(line))


def empty(n: int) -> Puzzle:
    """An n x n board with no givens."""
    n = check_int(n, "size", 2, MAX_SIZE)
    return Puzzle([[None] * n for _ in range(n)])


def rows_of(grid) -> list[tuple]:
    return [tuple(row) for row in grid]


def cols_of(grid) -> list[tuple]:
    return [tuple(col) for col in zip(*grid)]


def cell_of(kind: str, i: int, k: int) -> Cell:
    """Position k of row i or of column i."""
    return (i, k) if kind == "row" else (k, i)


def _cell_value(v, cell: Cell) -> int | None:
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int) or v not in (0, 1):
        raise PuzzleError(f"cell {cell}: {v!r} is not 0, 1 or None (empty)")
    return int(v)


def _cell_from_char(ch: str, cell: Cell) -> int | None:
    if ch == "0" or ch == "1":
        return int(ch)
    if ch in ".-_ ":
        return None
    raise PuzzleError(f"row {cell[0]}, col {cell[1]}: {ch!r} is not 0, 1 or '.' (empty)")


def _check_line(kind: str, i: int, line) -> None:
    """Givens that already break rule 1 or 2 on their own."""
    n = len(line)
    for value in (0, 1):
        have = sum(1 for v in line if v == value)
        if have > n // 2:
            word = "ones" if value else "zeros"
            raise PuzzleError(f"{kind} {i} has {have} {word} given, but a {kind} of {n} cells holds "
                              f"exactly {n // 2} {word}")
    for k in range(n - 2):
        if line[k] is not None and line[k] == line[k + 1] == line[k + 2]:
            cells = ", ".join(str(cell_of(kind, i, k + t)) for t in range(3))
            raise PuzzleError(f"{kind} {i}: cells {cells} are all given as {line[k]}; "
                              "no three neighbouring cells may be equal")
