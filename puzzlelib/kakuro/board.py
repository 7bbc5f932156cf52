"""The Kakuro board: cells, runs derived from them, validation that names the run or clue at fault."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import check_sequence
from . import formats
from .formats import WHITE, parse_cell

#: The largest board side (clue row and column included). The corpus's largest board is 31x31; a
#: 60x60 board already makes a model of some 30,000 binaries.
MAX_SIDE = 60
DIGITS = tuple(range(1, 10))
Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]

#: Appendix B of Hartmann (2018): the 8x8 of the app Kakuro (Cross Sums), GLPK 4.5 s. Our board
#: adds the clue row and column, so the playing area is rows and columns 1-8.
SEED_BOARD = r"""kakuro
  # 12\    6\   31\ 12\     #  14\ 32\   #
\11   .     .     .   .  8\14    .   .   #
\34   .     .     .   .     .    .   .  8\
  # 10\ 18\23     .   .     . 26\8   .   .
\23   .     .     .   #   \11    .   .   .
 \6   .     .     .  7\ 17\14    .   .   .
 \3   .     . 13\10   .     .    .  7\ 10\
  # \36     .     .   .     .    .   .   .
  #  \8     .     . \30     .    .   .   .
"""


@functools.cache
def combinations(total: int | None, length: int) -> tuple[tuple[int, ...], ...]:
    """Every set of ``length`` distinct digits 1-9 adding up to ``total`` (11 in 4: only 1,2,3,5);
    ``total`` None (a run with no clue, which pzprjs allows): every set of ``length`` distinct digits."""
    return tuple(s for s in itertools.combinations(DIGITS, length) if total is None or sum(s) == total)


def sum_range(length: int) -> tuple[int, int]:
    """The smallest and largest totals of ``length`` distinct digits; every total between is reachable."""
    return length * (length + 1) // 2, sum(range(10 - length, 10))


@dataclass(frozen=True)
class Run:
    """A maximal line of white cells, its clue cell just before it, and the total it must add up to
    (None: a run with no clue, whose digits need only differ; ``clue`` is then the cell before the
    run, or the run's first cell on the board's edge)."""

    direction: str  # "across" or "down"
    clue: Cell
    cells: tuple[Cell, ...]
    total: int | None

    def __str__(self) -> str:
        if self.total is None:
            return f"the {self.direction} run without a clue from {self.cells[0]}"
        return f"the {self.direction} run of {self.total} at clue {self.clue}"


@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """A Kakuro board: ``cells[r][c]`` is ``"."`` (white), ``"#"`` (black) or ``"D\\A"`` (a clue).

    Row 0 and column 0 hold the clues of the first runs, as in a book. ``runs`` and ``white`` are
    derived from the cells; construction refuses a clue over no run, a run longer than nine cells or
    a total its cells cannot reach. A run without a clue (a black cell with no number before it, or
    the board's edge) is read as pzprjs reads it: its digits differ, their sum is free. A run of one
    white cell is a run like any other (issue 30, decided): its clue is that cell's digit, as pzprjs
    and Hartmann's model read it; books avoid such runs, but nothing in the rules forbids one.
    """

    cells: tuple[tuple[str, ...], ...]
    FORMATS = formats.FORMATS

    def __init__(self, cells: Sequence[Sequence[str]]):
        rows = check_sequence(cells, "cells", 1, MAX_SIDE)
        parsed = []
        for r, row in enumerate(rows):
            row = check_sequence(row, f"row {r}", 1, MAX_SIDE)
            if len(row) != len(parsed[0] if parsed else row):
                raise PuzzleError(f"row {r} has {len(row)} cells, but row 0 has {len(parsed[0])}")
            parsed.append([parse_cell(token, f"cell ({r}, {c})") for c, token in enumerate(row)])
        canonical = tuple(tuple(_text(kind, down, across) for kind, down, across in row) for row in parsed)
        object.__setattr__(self, "cells", canonical)
        object.__setattr__(self, "_sums", parsed)
        object.__setattr__(self, "runs", tuple(_find_runs(parsed)))
        object.__setattr__(self, "white", tuple((r, c) for r, row in enumerate(parsed)
                                                for c, cell in enumerate(row) if cell[0] == "white"))
        if not self.white:
            raise PuzzleError("the board has no white cell to fill")

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.cells), len(self.cells[0])

    def is_white(self, r: int, c: int) -> bool:
        return self._sums[r][c][0] == "white"

    def clue(self, r: int, c: int) -> tuple[int | None, int | None]:
        """The (down, across) sums of cell (r, c); (None, None) for white and plain black cells."""
        return self._sums[r][c][1:]

    def runs_of(self) -> dict[Cell, tuple[Run, Run]]:
        """Each white cell's (across run, down run)."""
        across = {cell: run for run in self.runs if run.direction == "across" for cell in run.cells}
        down = {cell: run for run in self.runs if run.direction == "down" for cell in run.cells}
        return {cell: (across[cell], down[cell]) for cell in self.white}

    def __str__(self) -> str:
        return self.to_text()


def _text(kind: str, down: int | None, across: int | None) -> str:
    if kind == "white":
        return WHITE
    return "#" if down is None and across is None else f"{'' if down is None else down}\\{'' if across is None else across}"


def _find_runs(sums) -> list[Run]:
    """The runs, in reading order (across runs first), each checked against its clue."""
    nrows, ncols = len(sums), len(sums[0])
    runs = []
    for direction, (dr, dc), slot in (("across", (0, 1), 2), ("down", (1, 0), 1)):
        for r in range(nrows):
            for c in range(ncols):
                kind = sums[r][c][0]
                total = sums[r][c][slot]
                nr, nc = r + dr, c + dc
                next_white = nr < nrows and nc < ncols and sums[nr][nc][0] == "white"
                if kind == "black":
                    if total is not None and not next_white:
                        raise PuzzleError(f"the {direction} clue {total} at ({r}, {c}) is over no run: "
                                          f"the cell {'right of' if dc else 'below'} it is not white")
                    if not next_white:
                        continue
                    start = (nr, nc)
                elif r - dr < 0 or c - dc < 0:
                    start = (r, c)  # a run starting on the edge has no cell for its clue
                else:
                    continue
                cells = []
                rr, cc = start
                while rr < nrows and cc < ncols and sums[rr][cc][0] == "white":
                    cells.append((rr, cc))
                    rr, cc = rr + dr, cc + dc
                if kind == "white":
                    total = None  # a run from the board's edge: no cell for a clue
                if len(cells) > 9:
                    where = f"at clue ({r}, {c})" if total is not None else f"from {start} (no clue)"
                    raise PuzzleError(f"the {direction} run {where} has {len(cells)} cells; a run holds "
                                      f"at most 9 distinct digits")
                if total is None:  # no clue: its digits need only differ (pzprjs allows such runs)
                    runs.append(Run(direction, (r, c), tuple(cells), None))
                    continue
                low, high = sum_range(len(cells))
                if not low <= total <= high:
                    raise PuzzleError(f"the {direction} run of {total} at clue ({r}, {c}) has {len(cells)} "
                                      f"cells, whose distinct digits add up to {low} to {high}, never {total}")
                runs.append(Run(direction, (r, c), tuple(cells), total))
    return runs


@dataclass(frozen=True)
class Solution:
    """A filled board: ``grid[r][c]`` is the digit of white cell (r, c), 0 on black cells."""

    grid: Grid

    def __str__(self) -> str:
        return "\n".join("".join(str(d) if d else "#" for d in row) for row in self.grid)
