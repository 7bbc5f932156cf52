"""generators.py: random boards made from a planted answer.

Role. ``planted_puzzle(size, *, seed=0, ...)`` returns ``(Puzzle, Solution)``: some cells blocked,
random free cells occupied (the defaults, 40% blocked and 60% of the free cells occupied, give
a unique 6x6 board about one draw in six: blocked cells break the board's translations), each occupied cell's number read off as its count of occupied
neighbours, and the dots with no neighbour dropped (removing them changes no other count). The
dots are listed by number, and the answer puts equal dots on their cells in reading order (the
answer the ``aggregated`` model reads). ``random_puzzle`` is its board. ``size`` is an int n
(n x n) or a pair (rows, cols); None is 5x5. The same seed gives the same board forever. There is
no generator of unique boards yet, so the table's ``generate`` slot is None.
"""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..core.validate import check_int, check_size
from .board import MAX_BOARD_SIDE, Puzzle, Solution, canonical
from .formats import BLOCKED, FREE

#: The usual board: 5x5.
DEFAULT_SIZE = 5


def _share(value, name: str) -> float:
    if not (isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1):
        raise PuzzleError(f"{name}: expected a share from 0 to 1, got {value!r}")
    return float(value)


def planted_puzzle(size=None, *, seed: int = 0, density: float = 0.6, blocked: float = 0.4,
                   diagonal: bool = False, partial: bool = False) -> tuple[Puzzle, Solution]:
    """A board made from random occupied cells (about ``density`` of the free ones; about ``blocked``
    of the cells blocked), and the placement it was made from."""
    nrows, ncols = check_size(size, DEFAULT_SIZE, MAX_BOARD_SIDE)
    check_int(seed, "seed")
    density, blocked = _share(density, "density"), _share(blocked, "blocked")
    rng = random.Random(seed)
    for _ in range(100):
        grid = ["".join(BLOCKED if rng.random() < blocked else FREE for _ in range(ncols)) for _ in range(nrows)]
        shell = Puzzle((1,), grid if FREE in "".join(grid) else [FREE * ncols] * nrows, diagonal=diagonal,
                       partial=True)
        cells = {cell for cell in shell.free_cells() if rng.random() < density}
        number_at = {cell: sum(n in cells for n in shell.neighbours(cell)) for cell in cells}
        number_at = {cell: v for cell, v in number_at.items() if v}
        if number_at:
            puzzle = Puzzle(sorted(number_at.values()), shell.grid, diagonal=diagonal, partial=partial)
            return puzzle, canonical(puzzle, number_at)
    raise PuzzleError(f"planted_puzzle: no two neighbouring free cells on a {nrows}x{ncols} board; "
                      "lower 'blocked' or raise 'density'")


def random_puzzle(size=None, *, seed: int = 0, density: float = 0.6, blocked: float = 0.4,
                  diagonal: bool = False, partial: bool = False) -> Puzzle:
    """A random board (see :func:`planted_puzzle`)."""
    return planted_puzzle(size, seed=seed, density=density, blocked=blocked, diagonal=diagonal, partial=partial)[0]
