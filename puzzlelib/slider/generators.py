"""Random Slider boards with a planted shortest route (found by breadth-first search, not a solver)."""

from __future__ import annotations

import numbers
import random

from puzzlelib.core.errors import PuzzleError
from puzzlelib.core.validate import check_int, check_seed, check_size

from .board import FREE, OBSTACLE, Puzzle, Solution, move_graph
from ..core.generated import Generated
from ..engine.generating import draw_until_unique, generate_with
from .rules import bfs_distances, bfs_path



def planted_puzzle(size=None, *, seed: int = 0, density: float = 0.2, min_moves: int = 1,
                   tries: int = 200) -> tuple[Puzzle, Solution]:
    """A random board of ``size`` (n, or (rows, cols); 6x6 by default) and a shortest route on it.

    Obstacles are placed independently with probability ``density``; the start is a random free
    cell and the target a random cell the block can rest on at least ``min_moves`` slides away.
    """
    nrows, ncols = check_size(size, 6)
    seed = check_int(seed, "seed")
    if isinstance(density, bool) or not isinstance(density, numbers.Real) or not 0 <= density < 1:
        raise PuzzleError(f"density: expected a number from 0 up to (not including) 1, got {density!r}")
    min_moves = check_int(min_moves, "min_moves", 1, nrows * ncols)
    tries = check_int(tries, "tries", 1, 10_000)
    if nrows * ncols < 2:
        raise PuzzleError("a board needs at least two cells")
    rng = random.Random(check_seed(seed))
    for _ in range(tries):
        grid = ["".join(OBSTACLE if rng.random() < density else FREE for _ in range(ncols))
                for _ in range(nrows)]
        free = [(r, c) for r in range(nrows) for c in range(ncols) if grid[r][c] == FREE]
        if len(free) < 2:
            continue
        start = rng.choice(free)
        other = next(cell for cell in free if cell != start)
        probe = Puzzle(grid, start, other)
        graph = move_graph(probe)
        dist = bfs_distances(probe, graph)
        far = sorted(cell for cell, d in dist.items() if d >= min_moves)
        if not far:
            continue
        puzzle = Puzzle(grid, start, rng.choice(far))
        return puzzle, Solution(tuple(bfs_path(puzzle, graph)))
    raise PuzzleError(f"no {nrows}x{ncols} board with a route of {min_moves} moves found in {tries} tries")


def random_puzzle(size=None, *, seed: int = 0, density: float = 0.2, min_moves: int = 1,
                  tries: int = 200) -> Puzzle:
    """A random board with a route (the board of :func:`planted_puzzle`, without its route)."""
    return planted_puzzle(size, seed=seed, density=density, min_moves=min_moves, tries=tries)[0]


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             tries: int = 200, **options) -> Generated:
    """A board with one optimum (a search among the optimal answers with a no-good cut finds no second) (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call): planted boards (:func:`planted_puzzle`, with
    ``options``) drawn from seeds made from ``seed`` until one is unique (PuzzleError after ``tries``)."""
    tries = check_int(tries, "tries", 1, 100_000)
    planted_puzzle(size, seed=seed, **options)  # the size, seed and options are checked before any search
    make = draw_until_unique(lambda board_seed: planted_puzzle(size, seed=board_seed, **options), tries)
    return generate_with(__package__, size, seed, difficulty, time_limit, make, search="mip", optimum=True)
