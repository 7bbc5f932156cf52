"""generators.py: random boards made from a planted answer.

Role. ``planted_puzzle(size, *, seed=0, ...)`` returns ``(Puzzle, Solution)``: some cells blocked,
random free cells occupied (the defaults, 40% blocked and 60% of the free cells occupied, give
a unique 6x6 board about one draw in six: blocked cells break the board's translations), each occupied cell's number read off as its count of occupied
neighbours, and the dots with no neighbour dropped (removing them changes no other count). The
dots are listed by number, and the answer puts equal dots on their cells in reading order (the
answer the ``aggregated`` model reads). ``random_puzzle`` is its board. ``size`` is an int n
(n x n) or a pair (rows, cols); None is 5x5. The same seed gives the same board forever.

``generate(size, *, seed=0, ..., tries=50)`` returns a board proven unique by search
(``solutions(puzzle, limit=2)`` finds one answer, up to swapping equal dots) and its answer. It
draws planted boards and repairs each: while the solver finds a second answer T beside the planted
S, one cell that T occupies and S leaves empty is blocked (S keeps every rule, since an empty cell
and a blocked one count alike, and T is gone); up to a third of the cells (``REPAIRS``) per draw, then the next
draw. Measured over seeds 0-29 (default shares): planted boards alone are unique 2/30 times at 4x4,
1/30 at 5x5, 2/30 at 6x6 and 0/30 at 7x7 and 8x8; with the repair ``generate`` takes one draw (at
most two) at every size from 4x4 to 8x8, blocking 2.5 more cells on average at 4x4, 7 at 6x6 and
13 at 8x8, in 0.1 s (4x4) to 1 s (8x8).
"""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..core.validate import check_int, check_size
from .board import MAX_BOARD_SIDE, Puzzle, Solution, canonical
from .formats import BLOCKED, FREE
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with

#: The usual board: 5x5.
DEFAULT_SIZE = 5
#: The share of a board's cells that may be blocked on one drawn board before the next draw (see ``generate``).
REPAIRS = 1 / 3


def _share(value, name: str) -> float:
    if not (isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1):
        raise PuzzleError(f"{name}: expected a share from 0 to 1, got {value!r}")
    return float(value)


def planted_puzzle(size=None, *, seed: int = 0, density: float = 0.6, blocked: float = 0.4,
                   diagonal: bool = False, partial: bool = False) -> tuple[Puzzle, Solution]:
    """A board made from random occupied cells (about ``density`` of the free ones; about ``blocked``
    of the cells blocked), and the placement it was made from."""
    nrows, ncols = check_size(size, DEFAULT_SIZE, MAX_BOARD_SIDE)
    seed = check_int(seed, "seed")  # a plain int (numpy ints are refused by random.Random)
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


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             density: float = 0.6, blocked: float = 0.4, diagonal: bool = False, partial: bool = False,
             tries: int = 50) -> Generated:
    """A board with exactly one answer (up to swapping equal dots), proven by search
    (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating): planted boards (see :func:`planted_puzzle`) drawn and repaired by blocking cells until
    one is unique (PuzzleError after ``tries`` draws). ``difficulty``: "easy", "medium" or "hard";
    ``time_limit``: seconds for the whole call."""
    nrows, ncols = check_size(size, DEFAULT_SIZE, MAX_BOARD_SIDE)
    check_int(seed, "seed")  # a plain int (numpy ints are refused by random.Random)
    tries = check_int(tries, "tries", 1, 100_000)

    def make(seed: int, work: Work) -> Made:
        for draw in range(tries):
            work.check()
            puzzle, planted = planted_puzzle(size, seed=seed * 100_003 + draw, density=density, blocked=blocked,
                                             diagonal=diagonal, partial=partial)
            work.boards += 1
            puzzle = _repaired(puzzle, planted, random.Random(seed * 100_003 + draw), work)
            if puzzle is not None:
                return Made(puzzle, planted)
        raise PuzzleError(f"no unique {nrows}x{ncols} board in {tries} tries: allow more tries or block more cells")

    return generate_with(__package__, (nrows, ncols), seed, difficulty, time_limit, make, search="mip")


def _repaired(puzzle: Puzzle, planted: Solution, rng: random.Random, work: Work) -> Puzzle | None:
    """``puzzle`` with cells blocked until the planted answer is its only one (None: out of repairs)."""
    keep = planted.occupied()
    nrows, ncols = puzzle.shape
    for _ in range(int(REPAIRS * nrows * ncols) + 1):
        found = work.second(puzzle)
        if len(found) < 2:
            return puzzle
        spare = sorted(set().union(*(s.occupied() for s in found)) - keep)
        if not spare:
            return None  # the other answer leaves dots off within the planted cells (partial boards)
        r, c = rng.choice(spare)
        grid = list(puzzle.grid)
        grid[r] = grid[r][:c] + BLOCKED + grid[r][c + 1:]
        work.repairs += 1
        puzzle = Puzzle(puzzle.dots, tuple(grid), diagonal=puzzle.diagonal, partial=puzzle.partial)
    return None
