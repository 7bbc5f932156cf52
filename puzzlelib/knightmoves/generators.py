"""generators.py: random boards made from a planted knight's path.

Role. ``planted_puzzle(size, *, seed=0, ...)`` returns ``(Puzzle, Solution)``: a random knight's walk
that never lands twice on a square, on an empty board, with every square it did not visit blocked;
``random_puzzle`` is its board. ``size`` is an int n (n x n) or a pair (rows, cols); None is 6x6.
The same seed gives the same board forever.

``generate(size, *, seed=0, greedy=0.5, tries=100)`` returns a board proven unique by search
(``solutions(puzzle, limit=2)`` finds one path) and its path, start and end fixed. It draws planted
boards; while a drawn board has a second path, its walk is cut short by one square (the last
square blocked, the end moved back one step), up to ``REPAIRS`` times, then the next draw.
Measured (greedy 0.5): planted boards alone are unique 7/30 times at 5x5, 4/30 at 6x6 and 1/30 at
8x8 (seeds 0-29); over seeds 0-11 ``generate`` takes 1.2 draws on average (at most 2) at 5x5,
about 0.5 s, 2.5 (at most 6) at 6x6, about 2.6 s, and 10.6 (at most 52) at 8x8, about 30 s. The
unique boards are short walks (about 12, 16 and 20 open squares): long walks have many paths.
"""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..core.validate import check_int, check_size
from .board import JUMPS, MAX_BOARD_SIDE, Puzzle, Solution, as_solution
from .formats import BLOCKED, OPEN
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with

#: The usual board: 6x6.
DEFAULT_SIZE = 6
#: Squares a drawn walk may be cut short by before the next draw (see ``generate``).
REPAIRS = 8


def planted_puzzle(size=None, *, seed: int = 0, greedy: float = 0.5, end: bool = True) -> tuple[Puzzle, Solution]:
    """A random knight's walk from a random square until it is stuck, the squares it missed blocked.

    At each step the walk takes, with probability ``greedy``, the square with the fewest onward
    moves (Warnsdorff's rule, which makes long walks and full boards), else a random one (shorter
    walks and more blocked squares, boards more often unique). ``end=True`` also fixes the walk's
    last square as the end E.
    """
    nrows, ncols = check_size(size, DEFAULT_SIZE, MAX_BOARD_SIDE)
    seed = check_int(seed, "seed")  # a plain int (numpy ints are refused by random.Random)
    if isinstance(greedy, bool) or not isinstance(greedy, (int, float)) or not 0 <= greedy <= 1:
        raise PuzzleError(f"greedy: expected a share from 0 to 1, got {greedy!r}")
    if not isinstance(end, bool):
        raise PuzzleError(f"end: expected True or False, got {end!r}")
    rng = random.Random(seed)
    path = _walk(nrows, ncols, rng, greedy)
    visited = set(path)
    grid = ["".join(OPEN if (r, c) in visited else BLOCKED for c in range(ncols)) for r in range(nrows)]
    last = path[-1] if end and len(path) > 1 else None
    return Puzzle(grid, path[0], last), as_solution(path)


def _walk(nrows: int, ncols: int, rng: random.Random, greedy: float) -> list:
    free = {(r, c) for r in range(nrows) for c in range(ncols)}
    here = (rng.randrange(nrows), rng.randrange(ncols))
    path = [here]
    free.discard(here)

    def onward(cell):
        return [(cell[0] + dr, cell[1] + dc) for dr, dc in JUMPS if (cell[0] + dr, cell[1] + dc) in free]

    while True:
        moves = onward(here)
        if not moves:
            return path
        if rng.random() < greedy:
            fewest = min(len(onward(v)) for v in moves)
            here = rng.choice([v for v in moves if len(onward(v)) == fewest])
        else:
            here = rng.choice(moves)
        path.append(here)
        free.discard(here)


def random_puzzle(size=None, *, seed: int = 0, greedy: float = 0.5, end: bool = True) -> Puzzle:
    """A random board (see :func:`planted_puzzle`)."""
    return planted_puzzle(size, seed=seed, greedy=greedy, end=end)[0]


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             greedy: float = 0.5, tries: int = 100) -> Generated:
    """A board with exactly one knight's path from S to E, proven by search, and that path
    (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call): planted boards (see :func:`planted_puzzle`) drawn, each cut short a few squares
    while it has a second path, until one is unique (PuzzleError after ``tries`` draws)."""
    nrows, ncols = check_size(size, DEFAULT_SIZE, MAX_BOARD_SIDE)
    check_int(seed, "seed")  # a plain int (numpy ints are refused by random.Random)
    tries = check_int(tries, "tries", 1, 100_000)

    def make(seed: int, work: Work) -> Made:
        for draw in range(tries):
            work.check()
            puzzle, planted = planted_puzzle(size, seed=seed * 100_003 + draw, greedy=greedy)
            work.boards += 1
            path = list(planted.path)
            for _ in range(REPAIRS + 1):
                if len(path) < 2:
                    break
                found = work.second(puzzle)
                if len(found) == 1:
                    return Made(puzzle, as_solution(path))
                path = _cut(path, found)
                work.repairs += 1
                puzzle = _board(nrows, ncols, path)
        raise PuzzleError(f"no unique {nrows}x{ncols} board in {tries} tries: allow more tries or a lower 'greedy'")

    return generate_with(__package__, (nrows, ncols), seed, difficulty, time_limit, make, search="mip")


def _cut(path: list, found) -> list:
    """The planted path cut short by its last square (the end moves back one step)."""
    return path[:-1]


def _board(nrows: int, ncols: int, path) -> Puzzle:
    """The board whose open squares are ``path``'s, from its first square to its last."""
    visited = set(path)
    grid = ["".join(OPEN if (r, c) in visited else BLOCKED for c in range(ncols)) for r in range(nrows)]
    return Puzzle(grid, path[0], path[-1])
