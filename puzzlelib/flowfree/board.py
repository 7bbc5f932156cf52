"""The board (``Puzzle``), an answer (``Solution``), the grid geometry, and the chapter's boards."""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from ..core.errors import PuzzleError
from ..core.validate import MAX_SIDE, check_choice, check_int, check_sequence, check_shape, check_text
from ..core.interface import PuzzleData
from . import formats
from .formats import EMPTY, FLOWFREE, RULE_NAMES, is_colour, write_puzzlink

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]  # always (smaller cell, larger cell)
#: The names a colour can have, in the order generators and the editor hand them out.
COLOUR_NAMES = string.ascii_uppercase + string.ascii_lowercase + string.digits


# -- geometry ------------------------------------------------------------------------------------
def neighbours(cell: Cell, shape: tuple[int, int]) -> list[Cell]:
    """The orthogonal neighbours of ``cell`` on the board (Hartmann's set N_ij)."""
    r, c = cell
    nrows, ncols = shape
    return [(a, b) for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= a < nrows and 0 <= b < ncols]


def cells_of(shape: tuple[int, int]) -> list[Cell]:
    return [(r, c) for r in range(shape[0]) for c in range(shape[1])]


def edges_of(shape: tuple[int, int]) -> list[Edge]:
    """Every pair of orthogonally adjacent cells, once, as (smaller, larger)."""
    nrows, ncols = shape
    out = []
    for r in range(nrows):
        for c in range(ncols):
            if c + 1 < ncols:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < nrows:
                out.append(((r, c), (r + 1, c)))
    return out


def arcs_of(shape: tuple[int, int]) -> list[Edge]:
    """Every directed edge (u, v) between neighbours: both directions of each edge."""
    return [(u, v) for u, v in edges_of(shape)] + [(v, u) for u, v in edges_of(shape)]


def edge(u: Cell, v: Cell) -> Edge:
    return (u, v) if u <= v else (v, u)


def square_edges(corner: Cell) -> list[Edge]:
    """The four edges around the 2x2 block whose top-left cell is ``corner``."""
    r, c = corner
    return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]


def square_cells(corner: Cell) -> list[Cell]:
    r, c = corner
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


# -- the puzzle ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """A Flow Free board: ``grid`` rows with a letter or digit per dot and ``.`` per empty cell.

    At most ``MAX_SIDE`` (200) rows and columns, the limit of every puzzle of the course.
    ``Puzzle.read(text, format)`` / ``puzzle.write(format)`` (and ``from_text``, ``from_level``,
    ``from_puzzlink``, ...) read and write the formats of ``formats.FORMATS``.
    """

    FORMATS = formats.FORMATS
    grid: tuple[str, ...]
    #: ``"flowfree"`` (every cell on a pipe) or ``"numberlink"`` (Nikoli's rule: cells may stay empty).
    rule: str = FLOWFREE

    def __init__(self, grid: Sequence[str], rule: str = FLOWFREE):
        if isinstance(grid, (str, bytes)):
            grid = check_text(grid, "grid").split()
        rows = check_sequence(grid, "grid", max_len=MAX_SIDE)
        rows = [_row(row, r) for r, row in enumerate(rows)]
        object.__setattr__(self, "grid", tuple(rows))
        object.__setattr__(self, "rule", check_choice(rule, RULE_NAMES, "rule"))
        self._validate()

    def __repr__(self) -> str:
        extra = "" if self.fills else f", rule={self.rule!r}"
        return f"Puzzle(grid={self.grid!r}{extra})"

    @property
    def fills(self) -> bool:
        """Whether every cell must be on a pipe (Flow Free's rule; Numberlink's lets cells stay empty)."""
        return self.rule == FLOWFREE

    def with_rule(self, rule: str) -> "Puzzle":
        """The same dots under ``rule`` (``"flowfree"`` or ``"numberlink"``)."""
        return Puzzle(self.grid, rule)

    def _validate(self) -> None:
        if not self.grid or not self.grid[0]:
            raise PuzzleError("the board needs at least one row and one column")
        width = len(self.grid[0])
        check_shape(len(self.grid), width)
        for r, row in enumerate(self.grid):
            if len(row) != width:
                raise PuzzleError(f"row {r} has {len(row)} cells, row 0 has {width}: rows must be equally long")
            for c, ch in enumerate(row):
                if ch != EMPTY and not is_colour(ch):
                    raise PuzzleError(f"cell ({r}, {c}): {ch!r} is neither a colour (a letter or digit) nor '.'")
        seen = self._found
        for colour, where in seen.items():
            if len(where) != 2:
                cells = ", ".join(str(w) for w in where[:4]) + (", ..." if len(where) > 4 else "")
                raise PuzzleError(f"colour {colour} has {len(where)} dot{'s' if len(where) > 1 else ''} ({cells}): "
                                  "every colour needs exactly two")
        if not seen:
            raise PuzzleError("the board has no dots: place at least one pair of one colour")

    @cached_property
    def _found(self) -> dict[str, list[Cell]]:
        found: dict[str, list[Cell]] = {}
        for r, row in enumerate(self.grid):
            for c, ch in enumerate(row):
                if ch != EMPTY:
                    found.setdefault(ch, []).append((r, c))
        return found

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.grid), len(self.grid[0])

    @cached_property
    def colours(self) -> tuple[str, ...]:
        """The colours in the order their first dot appears (row by row)."""
        return tuple(self._found)

    @cached_property
    def dots(self) -> dict[str, tuple[Cell, Cell]]:
        """Each colour's two dots, the first in reading order first (Hartmann's source, then sink)."""
        return {k: (v[0], v[1]) for k, v in self._found.items()}

    def colour_at(self, cell: Cell) -> str | None:
        ch = self.grid[cell[0]][cell[1]]
        return None if ch == EMPTY else ch

    # -- the one format with an option (the others come from FORMATS) -------------------------
    def to_puzzlink(self, variety: str | None = None) -> str:
        """The board as a puzz.link URL of ``variety`` (``"numlin"`` or ``"arukone"``).

        By default the genre that carries the board's rule: ``arukone`` under Flow Free's rule,
        ``numlin`` under Numberlink's (``variety="arukone"`` then writes Arukone's flag ``e``).
        """
        return write_puzzlink(self, variety)


def _row(row, r: int) -> str:
    if isinstance(row, (bytes, bytearray)):
        row = check_text(row, f"row {r}")
    if not isinstance(row, str):
        raise PuzzleError(f"row {r}: expected a string of cells such as 'A..B', got {type(row).__name__} {row!r:.40}")
    if len(row) > MAX_SIDE:
        raise PuzzleError(f"row {r}: {len(row)} cells, a board has at most {MAX_SIDE} columns")
    return row


# -- answers -------------------------------------------------------------------------------------
class Grid(tuple):
    """A colouring, one string per row, that remembers the pipes it was read from.

    It is a plain tuple of strings to compare and print; ``paths`` and ``cycles`` (possibly empty)
    let :func:`~puzzlelib.flowfree.rules.verify` check the pipes themselves, because a colouring
    alone need not show where a pipe runs (a block of one colour can be crossed in many ways).
    """

    def __new__(cls, rows=(), paths=None, cycles=()):
        self = super().__new__(cls, rows)
        self.paths = dict(paths or {})
        self.cycles = tuple(cycles)
        return self

    def __reduce__(self):
        return (Grid, (tuple(self), self.paths, self.cycles))


@dataclass(frozen=True)
class Solution:
    """A colour per cell (``grid``), the pipe of each colour from dot to dot (``paths``).

    Two solutions are equal when their colourings are. ``cycles`` holds closed loops that touch no
    dot; a real solution has none, a model without subtour elimination may return some.
    ``rounds`` counts the solver runs it took (more than one when cycle cuts were added lazily).
    """

    grid: tuple[str, ...]
    paths: dict = field(compare=False, default_factory=dict)
    cycles: tuple = field(compare=False, default=())
    rounds: int = field(compare=False, default=1)

    def __post_init__(self):
        grid = self.grid
        if isinstance(grid, (str, bytes, bytearray)):
            grid = check_text(grid, "solution grid").split()
        rows = tuple(_row(row, r) for r, row in enumerate(check_sequence(grid, "solution grid", max_len=MAX_SIDE)))
        if not isinstance(self.paths, Mapping):
            raise PuzzleError(f"solution paths: expected a dict of colour -> cells, got {type(self.paths).__name__}")
        cycles = check_sequence(self.cycles, "solution cycles")
        object.__setattr__(self, "rounds", check_int(self.rounds, "solution rounds", 0))
        object.__setattr__(self, "grid", Grid(rows, self.paths, cycles))


def components(cells: Iterable[Cell], used: Iterable[Edge]) -> list[list[Cell]]:
    """The pieces of the graph of used edges, each in walking order (from an end if it has one)."""
    adj: dict[Cell, list[Cell]] = {cell: [] for cell in cells}
    for u, v in used:
        adj[u].append(v)
        adj[v].append(u)
    seen: set[Cell] = set()
    pieces = []
    ends = [cell for cell in adj if len(adj[cell]) <= 1]
    for start in ends + list(adj):
        if start in seen:
            continue
        piece, prev, cur = [start], None, start
        seen.add(start)
        while True:
            nxt = next((w for w in adj[cur] if w != prev and w not in seen), None)
            if nxt is None:
                break
            piece.append(nxt)
            seen.add(nxt)
            prev, cur = cur, nxt
        pieces.append(piece)
    return pieces


def grid_of(colours: dict[Cell, str], shape: tuple[int, int]) -> tuple[str, ...]:
    """The rows of a colouring given as cell -> colour (a cell not in it is empty)."""
    return tuple("".join(colours.get((r, c), EMPTY) for c in range(shape[1])) for r in range(shape[0]))


def colours_of(grid) -> dict[Cell, str]:
    """The coloured cells of a grid (rows of colours and EMPTY), as cell -> colour."""
    return {(r, c): k for r, row in enumerate(grid) for c, k in enumerate(row) if k != EMPTY}


def stray_cycles(puzzle: Puzzle, used: Iterable[Edge]) -> list[list[Cell]]:
    """The pieces of the used edges that contain no dot: the loops a subtour constraint forbids."""
    dotted = {cell for pair in puzzle.dots.values() for cell in pair}
    return [piece for piece in components(cells_of(puzzle.shape), list(used))
            if len(piece) > 1 and not dotted.intersection(piece)]


def solution_from_edges(puzzle: Puzzle, used: Iterable[Edge], colour_of: dict[Cell, str] | None = None,
                        rounds: int = 1) -> Solution:
    """Read pipes off a set of used edges; loops keep the colour the model gave them."""
    dots = puzzle.dots
    owner = {cell: k for k, pair in dots.items() for cell in pair}
    grid = [["."] * puzzle.shape[1] for _ in range(puzzle.shape[0])]
    paths, cycles = {}, []
    for piece in components(cells_of(puzzle.shape), list(used)):
        colours = {owner[cell] for cell in piece if cell in owner}
        if len(colours) == 1:
            k = colours.pop()
            if piece[0] != dots[k][0]:
                piece.reverse()
            paths[k] = tuple(piece)
        elif len(piece) == 1 and not puzzle.fills and not colours:
            k = EMPTY  # the Numberlink rule: a cell off every pipe stays empty
        else:
            k = (colour_of or {}).get(piece[0], "?") if not colours else "?"
            if not colours and len(piece) > 1:
                cycles.append(tuple(piece))
        for r, c in piece:
            grid[r][c] = k
    ordered = {k: paths[k] for k in puzzle.colours if k in paths}
    return Solution(tuple("".join(row) for row in grid), ordered, tuple(cycles), rounds)


# -- the chapter's boards ------------------------------------------------------------------------
#: Hartmann's example (Figure 6(a), the data of Appendix E; 1-based there, 0-based here).
SEED_BOARD = """flowfree
# Hartmann (2018), Figure 6(a): seven colours on 8x8
........
121.342.
........
........
..3.4...
.5.....5
.......6
6...7..7
"""
HARTMANN_8X8 = Puzzle.from_text(SEED_BOARD)
#: The editor's first board: small, unique, and solved at once.
DEMO = """flowfree
.....
.A...
.BB..
.C..D
.DC.A
"""
