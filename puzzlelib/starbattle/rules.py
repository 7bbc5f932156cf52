"""rules.py: Star Battle's rules as named checks (no solver), their words, and the oracle for small boards.

Role. ``RULES`` lists each rule as ``Rule(code, text)`` (the codes follow pzprjs' ``lnStarNe``,
``bkStarGt``/``bkStarLt`` and ``starAround``, one code per rule); ``check_rules(puzzle, answer)``
yields a ``Fault`` for every broken rule, ``verify`` is their messages, and ``brute_force`` finds
every answer by a plain search row by row, so the tests can hold the models against it on small
boards. The answer may be a ``Solution``, rows of 0/1, or strings with ``*`` (or ``1``) for a star
and ``.`` (or ``0``) for an empty cell. A malformed answer is a PuzzleError, not a fault.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_grid, check_optional_limit, check_sequence
from .board import Puzzle, Solution, as_solution

RULES = (
    Rule("row-count", "each row holds exactly k stars"),
    Rule("col-count", "each column holds exactly k stars"),
    Rule("region-count", "each region holds exactly k stars"),
    Rule("touching", "no two stars touch, not even diagonally"),
)
#: The brute force searches boards up to this side.
BRUTE_FORCE_SIDE = 10
#: The neighbours of a cell that come later in reading order: right, down-left, down, down-right.
LATER = ((0, 1), (1, -1), (1, 0), (1, 1))


def read_answer(puzzle: Puzzle, answer) -> tuple[tuple[int, ...], ...]:
    """The 0/1 grid of an answer (a Solution, rows of 0/1, or strings of ``*``/``.``), or a PuzzleError."""
    require(puzzle, Puzzle, "check_rules")
    if isinstance(answer, Solution):
        answer = answer.grid
    if isinstance(answer, (list, tuple)):
        answer = [row.replace("*", "1").replace(".", "0") if isinstance(row, str) else row
                  for row in check_sequence(answer, "answer")]
    return check_grid(answer, puzzle.shape, "answer")


def touching_later(cell, n: int) -> list:
    """The cells of an n x n board that touch ``cell`` (sides or corners) and come after it in reading order."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in LATER if 0 <= r + dr < n and 0 <= c + dc < n]


@lru_cache(maxsize=16)
def touching_pairs(n: int) -> tuple:
    """Every pair of cells of an n x n board that touch (sides or corners), each pair once, in reading
    order (kept: the searches and models of one size build them again and again)."""
    return tuple((a, b) for a in ((r, c) for r in range(n) for c in range(n)) for b in touching_later(a, n))


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule of ``answer`` as a coded Fault (``[]``: solved)."""
    grid = read_answer(puzzle, answer)
    n, k = puzzle.size, puzzle.stars
    faults = []
    for r in range(n):
        held = sum(grid[r])
        if held != k:
            faults.append(Fault("row-count", f"row {r} holds {held} stars, not {k}", tuple((r, c) for c in range(n))))
    for c in range(n):
        held = sum(grid[r][c] for r in range(n))
        if held != k:
            faults.append(Fault("col-count", f"column {c} holds {held} stars, not {k}",
                                tuple((r, c) for r in range(n))))
    for t, cells in enumerate(puzzle.cells):
        held = sum(grid[r][c] for r, c in cells)
        if held != k:
            faults.append(Fault("region-count", f"region {puzzle.label(t)} holds {held} stars, not {k}", cells))
    stars = [(r, c) for r in range(n) for c in range(n) if grid[r][c]]
    for a in stars:  # the pairs of touching_pairs whose first cell holds a star, in the same order
        for b in touching_later(a, n):
            if grid[b[0]][b[1]]:
                faults.append(Fault("touching", f"the stars at {a} and {b} touch", (a, b)))
    return faults


def verify(puzzle: Puzzle, answer) -> list[str]:
    """The broken rules in words, in the order ``check_rules`` found them (``[]``: solved)."""
    return faults_in_words(check_rules(puzzle, answer))


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Every answer (up to ``limit``), in reading order of the rows' choices: no solver.

    Row by row it tries each set of k columns with no two side by side, keeping a column, a region
    or the row above from holding too many stars or touching; a region that can no longer reach k
    with the cells left below ends the branch.
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    n, k = puzzle.size, puzzle.stars
    if n > BRUTE_FORCE_SIDE:
        raise PuzzleError(f"brute force searches boards up to {BRUTE_FORCE_SIDE}x{BRUTE_FORCE_SIDE}; this one is {n}x{n}")
    choices = [cols for cols in combinations(range(n), k) if all(b - a > 1 for a, b in zip(cols, cols[1:]))]
    region_of = puzzle.region_of
    # below[r][t]: the cells of region t in rows r and below (how many stars it can still take at most)
    below = [[0] * n for _ in range(n + 1)]
    for r in range(n - 1, -1, -1):
        below[r] = list(below[r + 1])
        for c in range(n):
            below[r][region_of[r][c]] += 1
    col_count, reg_count = [0] * n, [0] * n
    rows: list[tuple[int, ...]] = []
    found: list[Solution] = []

    def search(r: int) -> bool:
        if r == n:
            if all(v == k for v in col_count) and all(v == k for v in reg_count):
                found.append(as_solution([[int(c in cols) for c in range(n)] for cols in rows]))
                return limit is not None and len(found) >= limit
            return False
        above = set(rows[-1]) if rows else set()
        for cols in choices:
            if any(col_count[c] == k or c in above or c - 1 in above or c + 1 in above for c in cols):
                continue
            regions = [region_of[r][c] for c in cols]
            for c, t in zip(cols, regions):
                col_count[c] += 1
                reg_count[t] += 1
            ok = all(reg_count[t] <= k for t in regions) and \
                all(reg_count[t] + below[r + 1][t] >= k for t in range(n))
            rows.append(cols)
            if ok and search(r + 1):
                return True
            rows.pop()
            for c, t in zip(cols, regions):
                col_count[c] -= 1
                reg_count[t] -= 1
        return False

    search(0)
    return found
