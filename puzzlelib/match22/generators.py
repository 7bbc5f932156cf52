"""Random Match 22 boards: colour a matched board, then scramble it by random turns."""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..engine.rotation import BOTTOM, LEFT, RIGHT, TOP, turned
from ..core.validate import check_int, check_size, check_seed
from .board import MAX_BOARD_SIDE, Puzzle, Solution, make_solution
from ..core.generated import Generated
from ..engine.generating import draw_until_unique, generate_with


def planted_puzzle(size=None, *, seed: int = 0, holes: float = 0.2, colours: int = 4) -> tuple[Puzzle, Solution]:
    """A scrambled board and the turns that undo the scramble (a matched board, not always the fewest moves).

    Every edge between two neighbouring disks gets one random colour, shared by the two quarters
    that touch across it; quarters on the board's rim and beside holes get random colours. Then each
    disk is turned right a random number of times, so turning it left as often matches it again.
    ``size`` is n (n x n), a pair (rows, cols) or None (3 x 3). ``holes`` is the share of cells left
    empty (the board keeps at least one disk).
    """
    nrows, ncols = check_size(size, 3, MAX_BOARD_SIDE)
    check_int(seed, "seed")
    colours = check_int(colours, "colours", 1, 4)
    if not (isinstance(holes, (int, float)) and not isinstance(holes, bool) and 0 <= holes < 1):
        raise PuzzleError(f"holes: expected a share from 0 up to (not including) 1, got {holes!r}")
    rng = random.Random(check_seed(seed))
    disk = [[rng.random() >= holes for _ in range(ncols)] for _ in range(nrows)]
    if not any(map(any, disk)):
        disk[rng.randrange(nrows)][rng.randrange(ncols)] = True
    quarters = [[[rng.randint(1, colours) for _ in range(4)] for _ in range(ncols)] for _ in range(nrows)]
    for r in range(nrows):
        for c in range(ncols):
            if c + 1 < ncols:
                quarters[r][c + 1][LEFT] = quarters[r][c][RIGHT]
            if r + 1 < nrows:
                quarters[r + 1][c][TOP] = quarters[r][c][BOTTOM]
    scramble = {}
    grid = [[None] * ncols for _ in range(nrows)]
    for r in range(nrows):
        for c in range(ncols):
            if disk[r][c]:
                k = rng.randrange(4)
                grid[r][c] = turned(quarters[r][c], -k)
                scramble[len(scramble) + 1] = k
    puzzle = Puzzle(grid)
    return puzzle, make_solution(puzzle, scramble)


def random_puzzle(size=None, *, seed: int = 0, holes: float = 0.2, colours: int = 4) -> Puzzle:
    """A random scrambled board (see :func:`planted_puzzle`); a 3x3 with about one hole in five by default."""
    return planted_puzzle(size, seed=seed, holes=holes, colours=colours)[0]


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             tries: int = 200, **options) -> Generated:
    """A board with one optimum (a search among the optimal answers with a no-good cut finds no second) (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call): planted boards (:func:`planted_puzzle`, with
    ``options``) drawn from seeds made from ``seed`` until one is unique (PuzzleError after ``tries``)."""
    tries = check_int(tries, "tries", 1, 100_000)
    planted_puzzle(size, seed=seed, **options)  # the size, seed and options are checked before any search
    make = draw_until_unique(lambda board_seed: planted_puzzle(size, seed=board_seed, **options), tries)
    return generate_with(__package__, size, seed, difficulty, time_limit, make, search="reduced", optimum=True)
