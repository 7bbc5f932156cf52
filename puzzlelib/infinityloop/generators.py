"""Random Infinity Loop boards: a random closed pattern, scrambled by random turns."""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..engine.rotation import BOTTOM, LEFT, RIGHT, SIDE_BIT, TOP, turn_code
from ..core.validate import check_int, check_size, check_seed
from .board import MAX_BOARD_SIDE, Puzzle, Solution
from .solving import solutions
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with


def closed_pattern(nrows: int, ncols: int, rng: random.Random, density: float = 0.5,
                   tree: bool = False) -> list[list[int]]:
    """Codes of a closed picture: each edge between neighbours is a connection with chance
    ``density`` (no connection ever leaves the board), or, with ``tree``, the edges of a random
    spanning tree of the whole board (a Net board: one piece, no loop)."""
    codes = [[0] * ncols for _ in range(nrows)]
    edges = [((r, c), (r, c + 1), RIGHT, LEFT) for r in range(nrows) for c in range(ncols - 1)]
    edges += [((r, c), (r + 1, c), BOTTOM, TOP) for r in range(nrows - 1) for c in range(ncols)]
    if tree:
        rng.shuffle(edges)
        parent = {(r, c): (r, c) for r in range(nrows) for c in range(ncols)}

        def root(cell):
            while parent[cell] != cell:
                parent[cell] = parent[parent[cell]]
                cell = parent[cell]
            return cell

        chosen = []
        for edge in edges:
            a, b = root(edge[0]), root(edge[1])
            if a != b:
                parent[a] = b
                chosen.append(edge)
        edges = chosen
    else:
        edges = [edge for edge in edges if rng.random() < density]
    for (r1, c1), (r2, c2), s1, s2 in edges:
        codes[r1][c1] |= SIDE_BIT[s1]
        codes[r2][c2] |= SIDE_BIT[s2]
    return codes


def planted_puzzle(size=None, *, seed: int = 0, density: float = 0.5,
                   tree: bool = False) -> tuple[Puzzle, Solution]:
    """A scrambled board of ``size`` (n: n x n; a pair (rows, cols); None: 4 x 4) and the picture it
    was scrambled from (with the turns that restore it)."""
    nrows, ncols = check_size(size, 4, MAX_BOARD_SIDE)
    check_int(seed, "seed")
    if not (isinstance(density, (int, float)) and not isinstance(density, bool) and 0 <= density <= 1):
        raise PuzzleError(f"density: expected a share between 0 and 1, got {density!r}")
    if not isinstance(tree, bool):
        raise PuzzleError(f"tree: expected True or False, got {tree!r}")
    rng = random.Random(check_seed(seed))
    pattern = closed_pattern(nrows, ncols, rng, density, tree)
    tiles, turns = [], []
    for row in pattern:
        scramble = [rng.randrange(4) for _ in row]
        tiles.append([turn_code(code, -k) for code, k in zip(row, scramble)])
        # undoing a scramble of k right turns takes k left turns, fewer when the tile is symmetric
        turns.append([min(j for j in range(4) if turn_code(turn_code(code, -k), j) == code)
                      for code, k in zip(row, scramble)])
    planted = Solution(tuple(map(tuple, pattern)), tuple(map(tuple, turns)), sum(map(sum, turns)))
    return Puzzle(tiles), planted


def random_puzzle(size=None, *, seed: int = 0, density: float = 0.5, tree: bool = False, unique: bool = False,
                  tries: int = 200) -> Puzzle:
    """A random scrambled board (see :func:`planted_puzzle`); a 4x4 by default.

    ``unique=True`` draws boards until one has a single closed picture (one piece, with ``tree``),
    proven by search (no-good cuts over the pictures, not over turn counts): :func:`generate`.
    """
    if not isinstance(unique, bool):
        raise PuzzleError(f"unique: expected True or False, got {unique!r}")
    tries = check_int(tries, "tries", 1, 100_000)
    check_int(seed, "seed")
    for k in range(tries if unique else 1):
        puzzle, _ = planted_puzzle(size, seed=seed * 100_003 + k if unique else seed, density=density, tree=tree)
        if not unique or len(solutions(puzzle, limit=2, **({"model": "connected"} if tree else {}))) == 1:
            return puzzle
    raise PuzzleError(f"no board with a single picture in {tries} tries: allow more tries, or change the density")


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             density: float = 0.5, tree: bool = False, tries: int = 200) -> Generated:
    """A random board with a single closed picture (one piece, with ``tree``), proven by search
    (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call): the boards of ``random_puzzle(size, seed=seed, unique=True)``."""
    nrows, ncols = check_size(size, 4, MAX_BOARD_SIDE)
    check_int(seed, "seed")
    tries = check_int(tries, "tries", 1, 100_000)
    options = {"model": "connected"} if tree else {}

    def make(seed: int, work: Work) -> Made:
        for k in range(tries):
            work.check()
            puzzle, _ = planted_puzzle(size, seed=seed * 100_003 + k, density=density, tree=tree)
            work.boards += 1
            one = work.unique(puzzle, **options)
            if one is not None:
                return Made(puzzle, one)
        raise PuzzleError(f"no board with a single picture in {tries} tries: allow more tries, or change the density")

    return generate_with(__package__, (nrows, ncols), seed, difficulty, time_limit, make,
                         search="mip" if tree else "reduced")
