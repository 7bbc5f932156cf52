"""The Sudoku puzzle (classic, Thermo, Killer, Arrow and any mix), validated on construction.

A ``Puzzle`` holds the givens and three optional sets of extra constraints; every check that can
be made without solving is made here, and each error names the cell, thermometer, cage or arrow at
fault, so a puzzle that exists is one the model can be built for.

Decided (issue 30): ``0`` and ``.`` are both an empty cell, in givens and in text, at every size
(above 9 the digits go on with letters, so 0 is never a digit). Cages need not cover the board: a
cage constrains its own cells only, as the killer cages of f-puzzles, SudokuPad and the mixed
variants do; a classic Killer is the case where they tile the grid. Two thermometers may share a
bulb (branching thermometers, common in Thermo Sudoku); each is read as its own thermometer.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import check_cell, check_int, check_sequence
from . import formats
from .formats import BOXES  # noqa: F401  (box shapes live in formats.py, whose link readers check boxes too)
SIZES = tuple(BOXES)
Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]

#: The chapter's board: a Thermo Sudoku of our own, ``generate(9, "thermo", seed=5)`` (unique, minimal).
SEED_BOARD = """sudoku
..7......
.....19..
.........
..5...6..
.6....3..
...4....8
....5.1..
73.......
8.......6
thermo 2,0 2,1
thermo 8,5 7,5 8,4 7,3
thermo 8,8 7,7 8,7
thermo 4,5 3,5 2,5
thermo 4,4 5,4
thermo 3,3 4,2 4,1
thermo 2,2 3,1 4,0
thermo 6,8 7,8 6,7
"""


def box_of(cell: Cell, n: int) -> int:
    """The index of the box holding ``cell`` (boxes numbered row-major)."""
    br, bc = BOXES[n]
    r, c = cell
    return (r // br) * (n // bc) + c // bc


def units(n: int) -> list[tuple[str, list[Cell]]]:
    """Every row, column and box as (name, cells): the groups whose digits must differ."""
    br, bc = BOXES[n]
    out = [(f"row {r}", [(r, c) for c in range(n)]) for r in range(n)]
    out += [(f"column {c}", [(r, c) for r in range(n)]) for c in range(n)]
    for b in range(n):
        r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
        out.append((f"box {b}", [(r0 + i, c0 + j) for i in range(br) for j in range(bc)]))
    return out


def adjacent(a: Cell, b: Cell, diagonal: bool) -> bool:
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dr, dc) in ((0, 1), (1, 0)) or (diagonal and (dr, dc) == (1, 1))


def digit_sum_range(k: int, n: int) -> tuple[int, int]:
    """The smallest and largest sum of ``k`` different digits from 1..n."""
    return k * (k + 1) // 2, sum(range(n - k + 1, n + 1))


@dataclass(frozen=True)
class Solution:
    """A filled grid: ``grid[r][c]`` is the digit of cell (r, c)."""

    grid: Grid

    def __str__(self) -> str:
        return "\n".join("".join(map(str, row)) for row in self.grid)


@dataclass(frozen=True, init=False)
class Puzzle(PuzzleData):
    """A Sudoku of size 4, 6, 8, 9, 16 or 25 with optional thermometers, cages and arrows.

    ``givens``: rows of digits, 0 or None for an empty cell (a row may be a string such as
    ``"5.3"``; above 9, ``A`` is 10 as in the text format). ``thermos``: cell paths, bulb first; digits strictly increase from the bulb.
    ``cages``: ``(total, cells)``; digits in a cage differ and sum to the total. ``arrows``:
    ``(circle, cells)``; the circle's digit is the sum of the arrow's digits (which may repeat).
    ``box``: if given (the JSON format names it), the box shape it must be for this size.
    ``Puzzle.read(text, format)`` / ``puzzle.write(format)`` go through ``formats.FORMATS``.
    """

    FORMATS = formats.FORMATS
    givens: Grid
    thermos: tuple[tuple[Cell, ...], ...]
    cages: tuple[tuple[int, tuple[Cell, ...]], ...]
    arrows: tuple[tuple[Cell, tuple[Cell, ...]], ...]

    def __init__(self, givens, thermos=(), cages=(), arrows=(), box=None):
        rows = check_sequence(givens, "givens", 1, max(BOXES))
        n = len(rows)
        if n not in BOXES:
            raise PuzzleError(f"givens: {n} rows; a Sudoku has 4, 6, 8, 9, 16 or 25 (boxes 2x2, 2x3, 2x4, 3x3, "
                              "4x4, 5x5)")
        grid = []
        for r, row in enumerate(rows):
            if isinstance(row, str):
                row = [0 if ch in ".0" else formats.SYMBOLS.index(ch.upper()) + 1
                       if ch.isascii() and ch.isalnum() and ch.upper() in formats.SYMBOLS else ch for ch in row]
            row = check_sequence(row, f"givens row {r}", n, n)
            grid.append(tuple(0 if v is None else check_int(v, f"cell ({r}, {c})", 0, n) for c, v in enumerate(row)))
        object.__setattr__(self, "givens", tuple(grid))
        shape = (n, n)
        thermo_list = []
        for k, t in enumerate(check_sequence(thermos, "thermos", 0, 200)):
            cells = check_sequence(t, f"thermometer {k}", 0, 100)
            thermo_list.append(tuple(check_cell(c, shape, f"thermometer {k}, cell {i}") for i, c in enumerate(cells)))
        cage_list = []
        for k, cage in enumerate(check_sequence(cages, "cages", 0, 200)):
            pair = check_sequence(cage, f"cage {k}", 2, 2)
            total = check_int(pair[0], f"cage {k}: total", 0, 999)
            cells = check_sequence(pair[1], f"cage {k}: cells", 0, 100)
            cage_list.append((total, tuple(check_cell(c, shape, f"cage {k}, cell {i}") for i, c in enumerate(cells))))
        arrow_list = []
        for k, arrow in enumerate(check_sequence(arrows, "arrows", 0, 200)):
            pair = check_sequence(arrow, f"arrow {k}", 2, 2)
            circle = check_cell(pair[0], shape, f"arrow {k}: circle")
            cells = check_sequence(pair[1], f"arrow {k}: cells", 0, 100)
            arrow_list.append((circle, tuple(check_cell(c, shape, f"arrow {k}, cell {i}") for i, c in enumerate(cells))))
        object.__setattr__(self, "thermos", tuple(thermo_list))
        object.__setattr__(self, "cages", tuple(cage_list))
        object.__setattr__(self, "arrows", tuple(arrow_list))
        if box is not None and tuple(box) != self.box:
            raise PuzzleError(f"box {tuple(box)} differs from the {self.box[0]}x{self.box[1]} boxes "
                              f"of a {n}x{n} Sudoku")
        self._validate()

    # -- what the board is ----------------------------------------------------------------------
    @property
    def size(self) -> int:
        return len(self.givens)

    @property
    def shape(self) -> tuple[int, int]:
        return self.size, self.size

    @property
    def box(self) -> tuple[int, int]:
        return BOXES[self.size]

    def given_cells(self) -> dict[Cell, int]:
        """The givens as ``{(row, col): digit}``."""
        return {(r, c): v for r, row in enumerate(self.givens) for c, v in enumerate(row) if v}

    def variant(self) -> str:
        """'classic', or the extra constraint sets joined by '+' ('thermo', 'killer+arrow', ...)."""
        names = [name for name, items in (("thermo", self.thermos), ("killer", self.cages),
                                          ("arrow", self.arrows)) if items]
        return "+".join(names) or "classic"

    def with_givens(self, givens) -> "Puzzle":
        """The same constraints with other givens."""
        return Puzzle(givens, self.thermos, self.cages, self.arrows)

    # -- validation -----------------------------------------------------------------------------
    def _validate(self) -> None:
        n = self.size
        for name, cells in units(n):
            seen: dict[int, Cell] = {}
            for cell in cells:
                v = self.givens[cell[0]][cell[1]]
                if v and v in seen:
                    raise PuzzleError(f"cells {seen[v]} and {cell} are both given as {v} in {name}")
                if v:
                    seen[v] = cell
        for k, cells in enumerate(self.thermos):
            self._check_thermo(k, cells)
        owner: dict[Cell, int] = {}
        for k, (total, cells) in enumerate(self.cages):
            self._check_cage(k, total, cells)
            for cell in cells:
                if cell in owner:
                    raise PuzzleError(f"cages {owner[cell]} and {k} overlap at cell {cell}")
                owner[cell] = k
        for k, (circle, cells) in enumerate(self.arrows):
            self._check_arrow(k, circle, cells)

    def _check_path(self, what: str, cells, diagonal: bool = True) -> None:
        if len(set(cells)) != len(cells):
            twice = next(c for c in cells if cells.count(c) > 1)
            raise PuzzleError(f"{what} passes through cell {twice} twice")
        for a, b in zip(cells, cells[1:]):
            if not adjacent(a, b, diagonal):
                raise PuzzleError(f"{what}: cells {a} and {b} are not neighbours, so the path breaks there")

    def _check_thermo(self, k: int, cells) -> None:
        n, what = self.size, f"thermometer {k}"
        if len(cells) < 2:
            raise PuzzleError(f"{what} has {len(cells)} cell(s); a thermometer needs a bulb and at least one more cell")
        if len(cells) > n:
            raise PuzzleError(f"{what} has {len(cells)} cells, but only {n} digits can strictly increase along it")
        self._check_path(what, cells)
        for i, (r, c) in enumerate(cells):
            v = self.givens[r][c]
            if v and not (i + 1 <= v <= n - (len(cells) - 1 - i)):
                raise PuzzleError(f"{what}: cell {(r, c)} is given as {v}, but as cell {i} from the bulb of "
                                  f"a {len(cells)}-cell thermometer it must lie in {i + 1}..{n - len(cells) + 1 + i}")
        digits = [(i, self.givens[r][c]) for i, (r, c) in enumerate(cells) if self.givens[r][c]]
        for (i, u), (j, v) in zip(digits, digits[1:]):
            if v - u < j - i:
                raise PuzzleError(f"{what}: the givens {u} at {cells[i]} and {v} at {cells[j]} leave no room "
                                  "for digits that strictly increase between them")

    def _check_cage(self, k: int, total: int, cells) -> None:
        n, what = self.size, f"cage {k}"
        if not cells:
            raise PuzzleError(f"{what} has no cells")
        if len(set(cells)) != len(cells):
            twice = next(c for c in cells if cells.count(c) > 1)
            raise PuzzleError(f"{what} lists cell {twice} twice")
        if len(cells) > n:
            raise PuzzleError(f"{what} has {len(cells)} cells, but only {n} different digits exist")
        low, high = digit_sum_range(len(cells), n)
        if not low <= total <= high:
            raise PuzzleError(f"{what}: no {len(cells)} different digits from 1 to {n} sum to {total} "
                              f"(they reach {low}..{high})")
        if not _connected(cells):
            raise PuzzleError(f"{what}: its cells do not form one connected region")
        given = [self.givens[r][c] for r, c in cells if self.givens[r][c]]
        if len(set(given)) != len(given):
            raise PuzzleError(f"{what}: a digit is given twice inside it")
        if sum(given) > total or (len(given) == len(cells) and sum(given) != total):
            raise PuzzleError(f"{what}: its givens sum to {sum(given)}, which cannot make the total {total}")

    def _check_arrow(self, k: int, circle: Cell, cells) -> None:
        n, what = self.size, f"arrow {k}"
        if not cells:
            raise PuzzleError(f"{what} has a circle but no arrow cells")
        if circle in cells:
            raise PuzzleError(f"{what}: its circle {circle} is also on the arrow")
        self._check_path(what, (circle, *cells))
        if len(cells) == 1 and _sees(circle, cells[0], n):
            raise PuzzleError(f"{what}: its one cell {cells[0]} shares a row, column or box with the circle "
                              f"{circle}, so the two digits differ and cannot be equal")
        if len(cells) > n:
            raise PuzzleError(f"{what}: {len(cells)} cells sum to at least {len(cells)}, more than the largest digit {n}")
        # digits on the arrow may repeat, but two arrow cells in one row, column or box may not
        least = _least_arrow_sum(cells, n)
        if least > n:
            raise PuzzleError(f"{what}: its {len(cells)} cells sum to at least {least} (cells sharing a row, "
                              f"column or box differ), more than the largest digit {n}")
        least = sum(self.givens[r][c] or 1 for r, c in cells)
        top = self.givens[circle[0]][circle[1]]
        given = sum(self.givens[r][c] for r, c in cells)
        if least > (top or n):
            raise PuzzleError(f"{what}: with the givens on it ({given} in all) its cells sum to at least {least}, "
                              f"more than the circle can hold ({top or n})")


def _connected(cells) -> bool:
    """Whether cells form one orthogonally connected region (an explicit stack, no recursion)."""
    cells = set(cells)
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                stack.append(nb)
    return len(seen) == len(cells)


def _least_arrow_sum(cells, n: int) -> int:
    """A lower bound on an arrow's sum: k of its cells in one row, column or box differ, so they
    sum to at least 1 + ... + k; every other cell adds at least 1."""
    cells = set(cells)
    most = max(len(cells & set(unit)) for _, unit in units(n))
    return most * (most + 1) // 2 + len(cells) - most


def _sees(a: Cell, b: Cell, n: int) -> bool:
    return a[0] == b[0] or a[1] == b[1] or box_of(a, n) == box_of(b, n)


def empty(size: int = 9) -> Puzzle:
    """A board of ``size`` with no givens and no constraints."""
    size = check_int(size, "size")
    if size not in BOXES:
        raise PuzzleError(f"size {size}: choose one of {', '.join(map(str, SIZES))}")
    return Puzzle([[0] * size for _ in range(size)])

