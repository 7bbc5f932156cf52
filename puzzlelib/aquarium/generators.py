"""Random Aquarium boards with a planted solution, and unique ones found by search."""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..core.validate import MAX_CELLS, check_int, check_seed, check_shape, check_size
from .board import Puzzle, Solution
from .solving import solutions


def random_tanks(nrows: int, ncols: int, rng: random.Random, max_size: int = 6) -> list[list[int]]:
    """Cut the board into connected tanks of 1 to ``max_size`` cells: each tank grows from the first
    free cell in reading order into random free neighbours."""
    nrows, ncols = check_shape(nrows, ncols, "random_tanks")
    if not isinstance(rng, random.Random):
        raise PuzzleError(f"random_tanks: rng must be a random.Random, got {type(rng).__name__}")
    max_size = check_int(max_size, "max_size", 1, MAX_CELLS)
    tank = [[-1] * ncols for _ in range(nrows)]
    count = 0
    for r0 in range(nrows):
        for c0 in range(ncols):
            if tank[r0][c0] >= 0:
                continue
            target = rng.randint(max(1, max_size // 2), max_size)
            cells = [(r0, c0)]
            tank[r0][c0] = count
            while len(cells) < target:
                frontier = [(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (0, 1), (0, -1), (-1, 0))
                            if 0 <= r + dr < nrows and 0 <= c + dc < ncols and tank[r + dr][c + dc] < 0]
                if not frontier:
                    break
                r, c = rng.choice(sorted(set(frontier)))
                tank[r][c] = count
                cells.append((r, c))
            count += 1
    return tank



def planted_puzzle(size=None, *, seed: int = 0, max_size: int = 6, hide: float = 0.0) -> tuple[Puzzle, Solution]:
    """A random board and the filling its counts were taken from (a random level per tank).

    ``size``: n (an n x n board) or (rows, cols); None is 6x6. ``hide`` is the share of counts left
    out (no clue), chosen at random.
    """
    nrows, ncols = check_size(size, 6)
    check_int(seed, "seed")
    check_int(max_size, "max_size", 1, nrows * ncols)
    if not (isinstance(hide, (int, float)) and not isinstance(hide, bool) and 0 <= hide <= 1):
        raise PuzzleError(f"hide: expected a share between 0 and 1, got {hide!r}")
    rng = random.Random(check_seed(seed))
    tanks = random_tanks(nrows, ncols, rng, max_size)
    board = Puzzle(tanks, [None] * nrows, [None] * ncols)
    grid = [[0] * ncols for _ in range(nrows)]
    for t in range(len(board.tanks)):
        rows = board.tank_rows(t)
        for cells in rows[:rng.randint(0, len(rows))]:
            for r, c in cells:
                grid[r][c] = 1
    rows = [sum(line) for line in grid]
    cols = [sum(grid[r][c] for r in range(nrows)) for c in range(ncols)]
    for line in (rows, cols):
        for i in range(len(line)):
            if rng.random() < hide:
                line[i] = None
    return Puzzle(tanks, rows, cols), Solution(tuple(map(tuple, grid)))


def random_puzzle(size=None, *, seed: int = 0, max_size: int = 6, hide: float = 0.0) -> Puzzle:
    """A random board with a planted solution (see :func:`planted_puzzle`); a 6x6 by default."""
    return planted_puzzle(size, seed=seed, max_size=max_size, hide=hide)[0]


def generate(size=None, *, seed: int = 0, max_size: int = 6, tries: int = 200) -> tuple[Puzzle, Solution]:
    """A random board proven unique by search, and its one filling: planted boards are drawn until
    one has one filling (``size`` as in :func:`planted_puzzle`)."""
    nrows, ncols = check_size(size, 6)
    seed = check_seed(seed)
    tries = check_int(tries, "tries", 1, 100_000)
    for k in range(tries):
        puzzle, planted = planted_puzzle((nrows, ncols), seed=seed * 100_003 + k, max_size=max_size)
        if len(solutions(puzzle, limit=2)) == 1:
            return puzzle, planted
    raise PuzzleError(f"no unique {nrows}x{ncols} board in {tries} tries: allow more tries or larger tanks")
