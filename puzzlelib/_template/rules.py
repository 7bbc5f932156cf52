"""rules.py: the rules as named checks (no solver), their words, and the oracle for small boards.

Role. ``RULES`` lists each rule as ``Rule(code, text)``; ``check_rules(puzzle, answer)`` yields a
``Fault(code, message, cells)`` for every broken rule (never stopping at the first), ``verify`` is
their messages, and ``brute_force`` finds every answer by plain search, so the tests can hold the
model against it on small boards. A malformed answer (wrong shape, a 2 in a 0/1 grid) is a
PuzzleError, not a fault. The answer may be a ``Solution`` or the plain form people type: rows of
0/1 (lists, or strings such as ``"0110"``).
"""

from __future__ import annotations

from itertools import combinations, product

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_grid, check_optional_limit
from .board import Puzzle, Solution, as_solution

RULES = (
    Rule("row-count", "each row holds as many 1s as its count"),
    Rule("col-count", "each column holds as many 1s as its count"),
    Rule("given-changed", "a given cell keeps its value"),
)
#: The brute force tries every filling of the open cells row by row; it refuses boards above this many cells.
BRUTE_FORCE_CELLS = 36


def read_answer(puzzle: Puzzle, answer) -> tuple[tuple[int, ...], ...]:
    """The 0/1 grid of an answer (a Solution or rows of 0/1), or a PuzzleError naming the fault."""
    require(puzzle, Puzzle, "check_rules")
    if isinstance(answer, Solution):
        answer = answer.grid
    return check_grid(answer, puzzle.shape, "answer")


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule of ``answer`` as a coded Fault (``[]``: solved)."""
    grid = read_answer(puzzle, answer)
    nrows, ncols = puzzle.shape
    faults = [Fault("given-changed", f"cell ({r}, {c}) is given as {given}, the answer has {grid[r][c]}", ((r, c),))
              for r, row in enumerate(puzzle.grid) for c, given in enumerate(row)
              if given is not None and grid[r][c] != given]
    for r in range(nrows):
        if sum(grid[r]) != puzzle.rows[r]:
            faults.append(Fault("row-count", f"row {r} holds {sum(grid[r])} ones, its count is {puzzle.rows[r]}",
                                tuple((r, c) for c in range(ncols))))
    for c in range(ncols):
        total = sum(grid[r][c] for r in range(nrows))
        if total != puzzle.cols[c]:
            faults.append(Fault("col-count", f"column {c} holds {total} ones, its count is {puzzle.cols[c]}",
                                tuple((r, c) for r in range(nrows))))
    return faults


def verify(puzzle: Puzzle, answer) -> list[str]:
    """The broken rules in words, in the order ``check_rules`` found them (``[]``: solved)."""
    return faults_in_words(check_rules(puzzle, answer))


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Every answer (up to ``limit``), in reading order, by trying each row's fillings: no solver."""
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    nrows, ncols = puzzle.shape
    if nrows * ncols > BRUTE_FORCE_CELLS:
        raise PuzzleError(f"brute force tries boards up to {BRUTE_FORCE_CELLS} cells; this one has {nrows * ncols}")
    choices = [_row_fillings(puzzle.grid[r], puzzle.rows[r]) for r in range(nrows)]
    found = []
    for grid in product(*choices):
        if all(sum(row[c] for row in grid) == puzzle.cols[c] for c in range(ncols)):
            found.append(as_solution(grid))
            if limit is not None and len(found) == limit:
                break
    return found


def _row_fillings(givens, count: int) -> list[tuple[int, ...]]:
    """The 0/1 rows with ``count`` ones that keep the given cells, in lexicographic order."""
    rows = (tuple(int(c in ones) for c in range(len(givens))) for ones in combinations(range(len(givens)), count))
    return sorted(row for row in rows if all(g is None or g == v for g, v in zip(givens, row)))
