"""generators.py: random boards made from a planted answer (and, where a puzzle has one, unique ones).

Role. ``planted_puzzle(size, *, seed=0, ...)`` returns ``(Puzzle, Solution)``, the board and the
answer it was made from; ``random_puzzle`` is its board. ``size`` is an int n (n x n) or a pair
(rows, cols); None is the usual size. The same seed gives the same board forever (notebooks and
homework sheets print them). A generator of boards proven unique is ``generate(size=None, *,
seed=0, ...)``; the template has none, so its slot in the table is None.
"""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..core.validate import check_int, check_size
from .board import MAX_BOARD_SIDE, Puzzle, Solution, as_solution

#: The usual board: 5x5.
DEFAULT_SIZE = 5


def planted_puzzle(size=None, *, seed: int = 0, givens: float = 0.2) -> tuple[Puzzle, Solution]:
    """A random 0/1 answer, its counts, and about ``givens`` of its cells shown as given."""
    nrows, ncols = check_size(size, DEFAULT_SIZE, MAX_BOARD_SIDE)
    check_int(seed, "seed")
    if not (isinstance(givens, (int, float)) and not isinstance(givens, bool) and 0 <= givens <= 1):
        raise PuzzleError(f"givens: expected a share from 0 to 1, got {givens!r}")
    rng = random.Random(seed)
    answer = [[rng.randint(0, 1) for _ in range(ncols)] for _ in range(nrows)]
    shown = [[v if rng.random() < givens else None for v in row] for row in answer]
    puzzle = Puzzle(rows=[sum(row) for row in answer], cols=[sum(col) for col in zip(*answer)], grid=shown)
    return puzzle, as_solution(answer)


def random_puzzle(size=None, *, seed: int = 0, givens: float = 0.2) -> Puzzle:
    """A random board (see :func:`planted_puzzle`)."""
    return planted_puzzle(size, seed=seed, givens=givens)[0]
