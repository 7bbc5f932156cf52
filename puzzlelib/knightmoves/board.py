"""board.py: the validated board (``Puzzle``), its answer (``Solution``), the chapter's board, and the
knight's graph every other file needs.

Role. ``Puzzle`` checks everything on construction and names the row, column or square at fault, so
nothing later needs to; it inherits reading and writing from
:class:`~puzzlelib.core.interface.PuzzleData` through ``FORMATS``. ``Solution`` holds the path as
plain data (the squares in the order the knight visits them). ``SEED_BOARD`` is the chapter's board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import check_cell, check_sequence, check_shape
from . import formats
from .formats import BLOCKED, END, KIND, OPEN, START

Cell = tuple[int, int]
Arc = tuple[Cell, Cell]

#: Boards up to this side (the brute force refuses far smaller ones; the solver takes these).
MAX_BOARD_SIDE = 30
#: The eight jumps of a knight, in the order used everywhere (tie-breaks, pictures).
JUMPS = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))

#: The chapter's board: a 5x5 with its centre blocked, the start in a corner and the end fixed; one path.
SEED_BOARD = """knightmoves
S..E.
.....
..#..
.....
.....
"""


@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """A board: ``grid`` rows of ``.`` (open) and ``#`` (blocked), the ``start`` square and, when
    fixed, the ``end`` square (None: the path may end on any square).

    ``grid`` may also mark the start with ``S`` and the end with ``E``; then ``start`` and ``end`` may
    be left out (when given, they must agree with the marks). The stored grid holds ``.`` and ``#``.
    """

    grid: tuple[str, ...]
    start: Cell
    end: Cell | None = None

    FORMATS = formats.FORMATS

    def __init__(self, grid: Sequence[str], start: Cell | None = None, end: Cell | None = None):
        rows = _rows(grid)
        shape = (len(rows), len(rows[0]))
        marks = {START: [], END: []}
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch in marks:
                    marks[ch].append((r, c))
        start = _mark("start", start, marks[START], shape, required=True)
        end = _mark("end", end, marks[END], shape, required=False)
        clean = tuple(line.replace(START, OPEN).replace(END, OPEN) for line in rows)
        for name, cell in (("start", start), ("end", end)):
            if cell is not None and clean[cell[0]][cell[1]] == BLOCKED:
                raise PuzzleError(f"the {name} square {cell} is blocked")
        if end is not None and end == start:
            raise PuzzleError(f"start and end are the same square {start}: a path ends where it did not start")
        object.__setattr__(self, "grid", clean)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "end", end)

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.grid), len(self.grid[0])

    def is_open(self, cell: Cell) -> bool:
        """True for an open square of the board (False for blocked squares and squares off it)."""
        r, c = cell
        nrows, ncols = self.shape
        return 0 <= r < nrows and 0 <= c < ncols and self.grid[r][c] == OPEN

    def open_squares(self) -> list[Cell]:
        """The open squares, in reading order."""
        return [(r, c) for r, line in enumerate(self.grid) for c, ch in enumerate(line) if ch == OPEN]

    def moves(self, cell: Cell) -> list[Cell]:
        """The open squares a knight on ``cell`` can jump to."""
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in JUMPS if self.is_open((r + dr, c + dc))]

    def __repr__(self) -> str:
        nrows, ncols = self.shape
        return f"<{KIND} Puzzle {nrows}x{ncols}, {len(self.open_squares())} open squares>"


def _rows(grid) -> tuple[str, ...]:
    """The rows as strings of ``.#SE`` of one length, or a PuzzleError naming the row and column."""
    if isinstance(grid, str):
        raise PuzzleError("grid: expected a list of rows (strings), got one string")
    rows = check_sequence(grid, "grid", 1, MAX_BOARD_SIDE)
    for r, line in enumerate(rows):
        if not isinstance(line, str):
            raise PuzzleError(f"grid: row {r} is {type(line).__name__}, expected a string of '.#SE'")
    check_shape(len(rows), max(len(line) for line in rows), "grid", MAX_BOARD_SIDE)
    for r, line in enumerate(rows):
        if len(line) != len(rows[0]):
            raise PuzzleError(f"grid: row {r} has {len(line)} squares, row 0 has {len(rows[0])}")
        for c, ch in enumerate(line):
            if ch not in formats.CELLS:
                raise PuzzleError(f"grid: row {r}, column {c}: {ch[:5]!r} is not a square "
                                  "(use '.' open, '#' blocked, 'S' start, 'E' end)")
    return tuple(rows)


def _mark(name: str, given, marked: list, shape, required: bool) -> Cell | None:
    """The start or end square: from the argument, or from the one mark in the grid (they must agree)."""
    if len(marked) > 1:
        raise PuzzleError(f"the grid marks {len(marked)} {name} squares ({marked[0]} and {marked[1]}); "
                          "at most one is allowed")
    if given is not None:
        cell = check_cell(given, shape, name)
        if marked and marked[0] != cell:
            raise PuzzleError(f"{name} {cell} differs from the square {marked[0]} the grid marks")
        return cell
    if marked:
        return marked[0]
    if required:
        raise PuzzleError(f"no start square: mark one with '{START}' (or pass start=(row, col))")
    return None


def knight_arcs(puzzle: Puzzle) -> list[Arc]:
    """Every jump the path may take: from an open square to an open square, never into the start and
    never out of the end (when it is fixed). These are the model's arc variables."""
    return [(u, v) for u in puzzle.open_squares() for v in puzzle.moves(u)
            if v != puzzle.start and u != puzzle.end]


def is_knight_move(a: Cell, b: Cell) -> bool:
    return (a[0] - b[0], a[1] - b[1]) in JUMPS


@dataclass(frozen=True)
class Solution:
    """A knight's path: ``path`` the squares in the order visited, the start first.

    ``rounds`` is how many times the solver ran (the lazy model's cycle cuts add rounds), and
    ``cuts`` how many cycle cuts were added; neither takes part in comparisons."""

    path: tuple[Cell, ...]
    rounds: int = 1
    cuts: int = 0

    def __eq__(self, other):
        return isinstance(other, Solution) and self.path == other.path

    def __hash__(self):
        return hash(self.path)

    def __str__(self) -> str:
        return " ".join(f"{r},{c}" for r, c in self.path)


def as_solution(path: Sequence[Cell], rounds: int = 1, cuts: int = 0) -> Solution:
    return Solution(tuple((int(r), int(c)) for r, c in path), rounds, cuts)
