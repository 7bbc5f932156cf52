"""The Slider board: ``Puzzle`` (validated on construction), ``Solution``, the chapter's board, and
the geometry every other file needs (where a slide stops, the move graph)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from puzzlelib.core.errors import PuzzleError
from puzzlelib.core.interface import PuzzleData, require
from puzzlelib.core.validate import MAX_SIDE, check_cell, check_int, check_shape

from . import formats
from .formats import FREE, OBSTACLE, START, TARGET

Cell = tuple[int, int]
Arc = tuple[Cell, Cell]

#: the four slides, in the order used everywhere (pictures, tables, tie-breaks)
DIRECTIONS: dict[str, Cell] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}

#: Hartmann's 6x4 example of Appendix D (his cell (i, j) is our (i - 1, j - 1)): the chapter's board.
SEED_BOARD = """slider
.#..
...#
.S..
....
..T.
..#.
"""
HARTMANN = SEED_BOARD


@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """A Slider board: ``grid`` rows of ``.``/``#``, a start cell and a target cell.

    ``grid`` may also mark the start with ``S`` and the target with ``T``; then ``start`` and
    ``target`` may be left out (and, when given, must agree with the marks). The stored grid
    holds only ``.`` and ``#``. Boards have at most ``MAX_SIDE`` (200) rows and columns.
    ``from_text``/``to_text``, ``read``/``write`` come from ``FORMATS``.
    """

    FORMATS = formats.FORMATS

    grid: tuple[str, ...]
    start: Cell
    target: Cell

    def __init__(self, grid: Sequence[str], start: Cell | None = None, target: Cell | None = None):
        rows = _grid_rows(grid)
        marks = {START: [], TARGET: []}
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch in marks:
                    marks[ch].append((r, c))
                elif ch not in (FREE, OBSTACLE):
                    raise PuzzleError(f"row {r}, col {c}: unknown character {ch!r} "
                                      "(use '.' free, '#' obstacle, 'S' start, 'T' target)")
        shape = (len(rows), len(rows[0]))
        start = _end_cell("start", start, marks[START], shape)
        target = _end_cell("target", target, marks[TARGET], shape)
        clean = tuple(line.replace(START, FREE).replace(TARGET, FREE) for line in rows)
        for name, (r, c) in (("start", start), ("target", target)):
            if clean[r][c] == OBSTACLE:
                raise PuzzleError(f"{name} ({r}, {c}) is on an obstacle")
        if start == target:
            raise PuzzleError(f"start and target are the same cell {start}: the block must be moved to another cell")
        object.__setattr__(self, "grid", clean)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "target", target)

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.grid), len(self.grid[0])

    def is_free(self, cell: Cell) -> bool:
        """True for a free cell on the board (False for obstacles and cells off the board)."""
        r, c = cell
        nrows, ncols = self.shape
        return 0 <= r < nrows and 0 <= c < ncols and self.grid[r][c] == FREE

    def free_cells(self) -> list[Cell]:
        nrows, ncols = self.shape
        return [(r, c) for r in range(nrows) for c in range(ncols) if self.grid[r][c] == FREE]

    def obstacles(self) -> list[Cell]:
        nrows, ncols = self.shape
        return [(r, c) for r in range(nrows) for c in range(ncols) if self.grid[r][c] == OBSTACLE]

    @classmethod
    def from_cells(cls, nrows: int, ncols: int, start: Cell, target: Cell,
                   obstacles: Iterable[Cell] = ()) -> Puzzle:
        """A board given by its size and a list of obstacle cells (0-based)."""
        nrows, ncols = check_shape(nrows, ncols)
        rows = [[FREE] * ncols for _ in range(nrows)]
        if isinstance(obstacles, (str, bytes)) or not isinstance(obstacles, Iterable):
            raise PuzzleError(f"obstacles: expected a list of (row, col) cells, got {type(obstacles).__name__}")
        for k, cell in enumerate(obstacles):
            r, c = check_cell(cell, (nrows, ncols), f"obstacle {k}")
            rows[r][c] = OBSTACLE
        return cls(["".join(row) for row in rows], start, target)

    def with_cell(self, cell: Cell, ch: str) -> Puzzle:
        """A copy with one cell set to ``.`` or ``#`` (the editor and exercises use it)."""
        r, c = check_cell(cell, self.shape, "with_cell")
        if ch not in (FREE, OBSTACLE):
            raise PuzzleError(f"with_cell: the new content must be '.' or '#', got {ch!r}")
        rows = list(self.grid)
        rows[r] = rows[r][:c] + ch + rows[r][c + 1:]
        return Puzzle(rows, self.start, self.target)


def _grid_rows(grid) -> tuple[str, ...]:
    if isinstance(grid, (str, bytes)) or not isinstance(grid, Sequence):
        raise PuzzleError(f"grid must be a list of strings, one per row (use Puzzle.from_text for text), "
                          f"got {type(grid).__name__}")
    if not grid:
        raise PuzzleError("the board needs at least one row")
    if len(grid) > MAX_SIDE:
        raise PuzzleError(f"the board has {len(grid)} rows, more than the {MAX_SIDE} allowed")
    for r, line in enumerate(grid):
        if not isinstance(line, str):
            raise PuzzleError(f"row {r} is {str(line)[:40]!r}, not a string of '.' and '#'")
    rows = tuple(grid)
    if not rows[0]:
        raise PuzzleError("the board needs at least one column")
    for r, line in enumerate(rows):
        if len(line) != len(rows[0]):
            raise PuzzleError(f"row {r} has {len(line)} cells, row 0 has {len(rows[0])}: "
                              "every row must have the same length")
    check_shape(len(rows), len(rows[0]))
    return rows


def _end_cell(name: str, given, marked: list[Cell], shape) -> Cell:
    """The start or target: from the argument, else from the single mark in the grid."""
    if len(marked) > 1:
        raise PuzzleError(f"the grid marks the {name} {len(marked)} times, at " + ", ".join(map(str, marked[:5])))
    if given is None:
        if not marked:
            raise PuzzleError(f"no {name}: give {name}=(row, col) or mark a cell "
                              f"{START if name == 'start' else TARGET}")
        return marked[0]
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence) or len(given) != 2:
        raise PuzzleError(f"{name} must be a (row, col) pair, got {str(given)[:40]!r}")
    cell = (check_int(given[0], f"{name}: row"), check_int(given[1], f"{name}: column"))
    nrows, ncols = shape
    if not (0 <= cell[0] < nrows and 0 <= cell[1] < ncols):
        raise PuzzleError(f"{name} {cell} is outside the {nrows}x{ncols} board")
    if marked and marked[0] != cell:
        raise PuzzleError(f"the grid marks the {name} at {marked[0]} but {name}={cell}")
    return cell


def hartmann_example() -> Puzzle:
    """Hartmann's 6x4 example of Appendix D, in our 0-based coordinates."""
    return Puzzle.from_text(SEED_BOARD)


# --------------------------------------------------------------------------------------------- #
# Slides and the move graph
# --------------------------------------------------------------------------------------------- #
def slide(puzzle: Puzzle, cell: Cell, direction: str) -> Cell:
    """Where the block stops when it slides from ``cell`` in ``direction`` (``cell`` if it cannot move)."""
    require(puzzle, Puzzle, "slide")
    if direction not in DIRECTIONS:
        raise PuzzleError(f"direction: expected one of {', '.join(DIRECTIONS)}, got {direction!r}")
    dr, dc = DIRECTIONS[direction]
    r, c = check_cell(cell, puzzle.shape, "slide")
    while puzzle.is_free((r + dr, c + dc)):
        r, c = r + dr, c + dc
    return r, c


def move_graph(puzzle: Puzzle, deadline=None) -> dict[Cell, dict[str, Cell]]:
    """For every free cell, the cell each possible slide stops on: ``{cell: {direction: stop}}``.

    A direction is missing when the block cannot move that way. Built from the runs of free cells
    in each row and column (a slide stops at the end of its run), so it takes time linear in the
    board, which matters at 200x200. ``deadline`` (a ``engine.solver.Deadline``) is checked once per
    row and column.
    """
    nrows, ncols = require(puzzle, Puzzle, "move_graph").shape
    tick = deadline.check if deadline is not None else (lambda: None)
    graph: dict[Cell, dict[str, Cell]] = {cell: {} for cell in puzzle.free_cells()}
    for r in range(nrows):
        tick()
        for first, last in _runs(puzzle.grid[r]):
            for c in range(first, last + 1):
                if c > first:
                    graph[r, c]["left"] = (r, first)
                if c < last:
                    graph[r, c]["right"] = (r, last)
    for c in range(ncols):
        tick()
        column = "".join(puzzle.grid[r][c] for r in range(nrows))
        for first, last in _runs(column):
            for r in range(first, last + 1):
                if r > first:
                    graph[r, c]["up"] = (first, c)
                if r < last:
                    graph[r, c]["down"] = (last, c)
    for cell in graph:  # the fixed direction order, whatever order the scans filled in
        graph[cell] = {d: graph[cell][d] for d in DIRECTIONS if d in graph[cell]}
    return graph


def _runs(line: str) -> list[tuple[int, int]]:
    """(first, last) index of every run of free cells in a row or column."""
    runs, first = [], None
    for i, ch in enumerate(line + OBSTACLE):
        if ch == FREE and first is None:
            first = i
        elif ch != FREE and first is not None:
            runs.append((first, i - 1))
            first = None
    return runs


def arcs(puzzle: Puzzle, graph: dict | None = None) -> list[Arc]:
    """The arcs of the model: every slide, except slides leaving the target (the game ends there)."""
    graph = move_graph(puzzle) if graph is None else graph
    require(puzzle, Puzzle, "arcs")
    return [(u, v) for u, moves in graph.items() if u != puzzle.target for v in moves.values()]


def direction_of(a: Cell, b: Cell) -> str | None:
    """The direction from ``a`` to ``b`` when they share a row or a column, else None."""
    (r1, c1), (r2, c2) = a, b
    if (r1 == r2) == (c1 == c2):
        return None
    if r1 == r2:
        return "right" if c2 > c1 else "left"
    return "down" if r2 > r1 else "up"


def resting_points(puzzle: Puzzle, graph: dict | None = None) -> set[Cell]:
    """The cells some slide stops on: only these can ever hold the block after a move."""
    graph = move_graph(puzzle) if graph is None else graph
    return {v for moves in graph.values() for v in moves.values()}


@dataclass(frozen=True)
class Solution:
    """A route: the cells the block rests on, from the start to the target, one slide per step."""

    path: tuple[Cell, ...]

    @property
    def moves(self) -> int:
        """The number of slides."""
        return len(self.path) - 1

    @property
    def directions(self) -> tuple[str, ...]:
        return tuple(direction_of(a, b) or "?" for a, b in zip(self.path, self.path[1:]))
