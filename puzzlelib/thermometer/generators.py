"""Random boards: a random tiling by thermometers, filled to random levels (a planted solution)."""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..core.validate import MAX_CELLS, check_int, check_shape
from .board import Cell, Grid, Puzzle


def random_tiling(nrows: int, ncols: int, rng: random.Random, max_len: int = 5, bend: float = 0.3):
    """Thermometers (bulb to tip) that cover the board, lengths 2..max_len, some of them bent."""
    if nrows * ncols < 2:
        raise PuzzleError("a board needs at least two cells")
    for _ in range(200):
        result = _try_tiling(nrows, ncols, rng, max_len, bend)
        if result is not None:
            return result
    raise PuzzleError(f"could not tile a {nrows}x{ncols} board with thermometers")  # pragma: no cover


def _try_tiling(nrows, ncols, rng, max_len, bend):
    owner: dict[Cell, int] = {}
    therms: list[list[Cell]] = []
    for r in range(nrows):
        for c in range(ncols):
            if (r, c) in owner:
                continue
            path = [(r, c)]
            target = rng.randint(2, max_len)
            direction = rng.choice([(0, 1), (1, 0)])
            while len(path) < target:
                pr, pc = path[-1]
                options = [(pr + dr, pc + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
                options = [p for p in options if 0 <= p[0] < nrows and 0 <= p[1] < ncols
                           and p not in owner and p not in path]
                if not options:
                    break
                straight = (pr + direction[0], pc + direction[1])
                nxt = straight if straight in options and rng.random() > bend else rng.choice(options)
                direction = (nxt[0] - pr, nxt[1] - pc)
                path.append(nxt)
            if len(path) == 1 and not _attach(path[0], owner, therms):
                return None
            if len(path) > 1:
                for cell in path:
                    owner[cell] = len(therms)
                therms.append(path)
    for t in therms:
        if rng.random() < 0.5:
            t.reverse()
    return therms


def _attach(cell: Cell, owner, therms) -> bool:
    """Give a stranded single cell to a neighbouring thermometer (at an end, or by splitting it)."""
    r, c = cell
    for nb in ((r - 1, c), (r, c - 1), (r + 1, c), (r, c + 1)):
        if nb not in owner:
            continue
        t = owner[nb]
        cells = therms[t]
        k = cells.index(nb)
        if k == len(cells) - 1:
            cells.append(cell)
        elif k == 0:
            cells.insert(0, cell)
        elif len(cells) - k - 1 >= 2:  # split after nb: head + cell, and the rest stays a thermometer
            rest = cells[k + 1:]
            del cells[k + 1:]
            cells.append(cell)
            for other in rest:
                owner[other] = len(therms)
            therms.append(rest)
        elif k >= 2:  # split before nb: the head stays, cell joins nb and the tail
            tail = [cell, *cells[k:]]
            del cells[k:]
            for other in tail:
                owner[other] = len(therms)
            therms.append(tail)
            return True
        else:
            continue
        owner[cell] = t
        return True
    return False


def _check_options(nrows, ncols, max_len, bend) -> tuple[int, int]:
    ncols = nrows if ncols is None else ncols
    nrows, ncols = check_shape(nrows, ncols)
    check_int(max_len, "max_len", 2, MAX_CELLS)
    if isinstance(bend, bool) or not isinstance(bend, (int, float)) or not 0 <= bend <= 1:
        raise PuzzleError(f"bend: expected a number from 0 to 1, got {bend!r}")
    return nrows, ncols


def planted_puzzle(nrows: int = 5, ncols: int | None = None, seed: int = 0, max_len: int = 5,
                   bend: float = 0.3) -> tuple[Puzzle, Grid]:
    """A random board and the planted filling its counts were taken from."""
    nrows, ncols = _check_options(nrows, ncols, max_len, bend)
    rng = random.Random(check_int(seed, "seed"))
    therms = random_tiling(nrows, ncols, rng, max_len, bend)
    grid = [[0] * ncols for _ in range(nrows)]
    for cells in therms:
        level = rng.randint(0, len(cells))
        for r, c in cells[:level]:
            grid[r][c] = 1
    rows = [sum(row) for row in grid]
    cols = [sum(grid[r][c] for r in range(nrows)) for c in range(ncols)]
    return Puzzle(rows, cols, therms), tuple(tuple(row) for row in grid)


def random_puzzle(nrows: int = 5, ncols: int | None = None, seed: int = 0, max_len: int = 5,
                  bend: float = 0.3) -> Puzzle:
    """A random board with at least one solution (planted; :func:`planted_puzzle` also returns it).

    Not necessarily unique: :func:`generate` makes boards with exactly one solution.
    """
    return planted_puzzle(nrows, ncols, seed, max_len, bend)[0]
