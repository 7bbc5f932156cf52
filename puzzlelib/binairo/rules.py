"""The rules checked without a solver: ``verify`` (named checks, pzprjs style) and brute force.

Each rule of ``RULES`` is a check with a code; a check yields a ``Fault`` per broken instance, with the
cells it concerns (the drawing rings them). ``check_rules`` lists them, ``verify`` their messages; ``[]`` means right. It
is exact on every board the library accepts: a few passes over the grid, no search, no budget.

``brute_force`` is the oracle beside the checker: every filling of a small board by a plain
search over valid rows, with no solver at all (tests and exercise checks compare models with it).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_grid, check_int, check_optional_limit, check_text
from .board import Cell, Grid, Puzzle, Solution, cell_of, cols_of, rows_of
from .formats import line_text

#: The largest side brute force accepts (an empty 10x10 already has millions of row choices).
MAX_BRUTE = 10


#: The rules as named checks: each code, what the rule says.
RULES = (
    Rule("given", "every given cell keeps its value"),
    Rule("balance", "every row and column holds as many ones as zeros"),
    Rule("three", "no three neighbouring cells in a row or a column are equal"),
    Rule("distinct", "no two rows are equal, and no two columns are equal"),
)


# --------------------------------------------------------------------------------------------- #
# The answer, read strictly
# --------------------------------------------------------------------------------------------- #
def as_grid(puzzle: Puzzle, answer, where: str = "answer") -> Grid:
    """A ``Solution``, rows of 0/1 ints, or strings (``"0110"`` per row, or ``"0110/1001/..."``)
    as a 0/1 grid of the board's shape; anything else is a PuzzleError naming the row and cell.

    Each character of a string is one cell, so ``"01"`` is two cells, never the number 1; ints
    must be real ints (no bools, floats or digit strings inside lists).
    """
    require(puzzle, Puzzle, "check_rules")
    if isinstance(answer, Solution):
        answer = answer.grid
    if isinstance(answer, (bytes, bytearray)):
        answer = check_text(answer, where)
    if isinstance(answer, str):
        answer = answer.replace("/", "\n").split()
    return check_grid(answer, puzzle.shape, where)


def grid_from_strings(lines) -> Grid:
    """``["0110", ...]`` or ``"0110/1001/..."`` to a 0/1 grid (one character per cell)."""
    if isinstance(lines, (bytes, bytearray)):
        lines = check_text(lines, "grid")
    rows = lines.replace("/", "\n").split() if isinstance(lines, str) else lines
    width = len(rows[0]) if rows and isinstance(rows[0], (str, list, tuple)) else 0
    return check_grid(rows, (len(rows), width), "grid")


# --------------------------------------------------------------------------------------------- #
# The rules as named checks
# --------------------------------------------------------------------------------------------- #
def check_givens(puzzle: Puzzle, grid: Grid) -> Iterator[Fault]:
    for (r, c), v in puzzle.given_cells().items():
        if grid[r][c] != v:
            yield Fault("given", f"cell ({r}, {c}) is {grid[r][c]}, but it is given as {v}", ((r, c),))


def check_balance(puzzle: Puzzle, grid: Grid) -> Iterator[Fault]:
    """Rule 1: every line holds n/2 ones."""
    n = puzzle.size
    for kind, lines in (("row", rows_of(grid)), ("col", cols_of(grid))):
        for i, line in enumerate(lines):
            ones = sum(line)
            if ones != n // 2:
                yield Fault("balance", f"{kind} {i} has {ones} ones and {n - ones} zeros; it needs {n // 2} of each",
                            tuple(cell_of(kind, i, k) for k in range(n)))


def check_three(puzzle: Puzzle, grid: Grid) -> Iterator[Fault]:
    """Rule 2: no run of three equal cells (one fault per maximal run)."""
    n = puzzle.size
    for kind, lines in (("row", rows_of(grid)), ("col", cols_of(grid))):
        for i, line in enumerate(lines):
            k = 0
            while k < n:
                end = k
                while end + 1 < n and line[end + 1] == line[k]:
                    end += 1
                if end - k >= 2:
                    yield Fault("three", f"{kind} {i} has {end - k + 1} equal cells ({line[k]}) in a row from "
                                f"{cell_of(kind, i, k)} to {cell_of(kind, i, end)}",
                                tuple(cell_of(kind, i, t) for t in range(k, end + 1)))
                k = end + 1


def check_distinct(puzzle: Puzzle, grid: Grid) -> Iterator[Fault]:
    """Rule 3: no two rows equal, no two columns equal (one fault per pair, found by hashing)."""
    n = puzzle.size
    for kind, lines in (("row", rows_of(grid)), ("col", cols_of(grid))):
        for a, b in equal_pairs(lines):
            yield Fault("distinct", f"{kind}s {a} and {b} are equal ({line_text(lines[a])})",
                        tuple(cell_of(kind, i, k) for i in (a, b) for k in range(n)))


CHECKS = (("given", check_givens), ("balance", check_balance), ("three", check_three), ("distinct", check_distinct))


def equal_pairs(lines) -> list[tuple[int, int]]:
    """The pairs (a, b), a < b, of equal lines: each later copy paired with the first one seen."""
    first: dict[tuple, int] = {}
    pairs = []
    for i, line in enumerate(lines):
        line = tuple(line)
        if line in first:
            pairs.append((first[line], i))
        else:
            first[line] = i
    return pairs


def check_rules(puzzle: Puzzle, answer, distinct: bool = True) -> list[Fault]:
    """Every broken rule as a :class:`~puzzlelib.core.interface.Fault`, in the order of ``RULES``.

    ``answer`` is a Solution or a grid (see :func:`as_grid`; a malformed one is a PuzzleError).
    ``distinct=False`` skips rule 3 (for the experiments that drop it).
    """
    if not isinstance(distinct, bool):
        raise PuzzleError(f"distinct: expected True or False, got {distinct!r}")
    grid = as_grid(puzzle, answer)
    found = []
    for code, check in CHECKS:
        if code != "distinct" or distinct:
            found.extend(check(puzzle, grid))
    return found


def verify(puzzle: Puzzle, answer, distinct: bool = True) -> list[str]:
    """Every broken rule in words (the messages of :func:`check_rules`); ``[]`` means solved."""
    return faults_in_words(check_rules(puzzle, answer, distinct))


def broken_cells(puzzle: Puzzle, answer, distinct: bool = True) -> set[Cell]:
    """The cells of every broken rule (for pictures that show a mistake)."""
    return set().union(*(fault.cells for fault in check_rules(puzzle, answer, distinct)))


def equal_lines(grid) -> dict[str, list[list[int]]]:
    """Groups of equal rows and of equal columns: ``{"row": [[1, 4]], "col": [[0, 3, 5]]}``."""
    out: dict[str, list[list[int]]] = {}
    for kind, lines in (("row", rows_of(grid)), ("col", cols_of(grid))):
        groups: dict[tuple, list[int]] = {}
        for i, line in enumerate(lines):
            groups.setdefault(line, []).append(i)
        out[kind] = [members for members in groups.values() if len(members) > 1]
    return out


# --------------------------------------------------------------------------------------------- #
# The oracle: every filling of a small board without a solver
# --------------------------------------------------------------------------------------------- #
def valid_lines(n: int) -> list[tuple[int, ...]]:
    """Every line of n cells with n/2 ones and no three equal neighbours."""
    n = check_int(n, "n", 2, MAX_BRUTE)
    out = []
    for ones in itertools.combinations(range(n), n // 2):
        line = [0] * n
        for k in ones:
            line[k] = 1
        if all(not (line[k] == line[k + 1] == line[k + 2]) for k in range(n - 2)):
            out.append(tuple(line))
    return out


def brute_force_fillings(puzzle: Puzzle, distinct: bool = True, limit: int | None = None,
                         extra=None) -> list[Grid]:
    """All fillings (up to ``limit``) by a depth-first search over valid rows, with no solver.

    ``extra(grid) -> bool`` may add a rule checked on each complete grid (e.g. Binairo+ signs).
    For boards up to 10x10 (``MAX_BRUTE``); the search keeps its own stack (no recursion).
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    n = puzzle.size
    if n > MAX_BRUTE:
        raise PuzzleError(f"brute force is for boards up to {MAX_BRUTE}x{MAX_BRUTE}, not {n}x{n}")
    candidates = [[line for line in valid_lines(n)
                   if all(g is None or g == v for g, v in zip(puzzle.givens[r], line))] for r in range(n)]
    found: list[Grid] = []
    chosen: list[tuple[int, ...]] = []
    stack = [0]  # stack[d]: the next candidate to try for row d
    while stack:
        depth = len(stack) - 1
        i = stack[-1]
        if i == len(candidates[depth]):
            stack.pop()
            if chosen:
                chosen.pop()
            continue
        stack[-1] += 1
        line = candidates[depth][i]
        if distinct and line in chosen:
            continue
        chosen.append(line)
        if not _columns_ok(chosen, n):
            chosen.pop()
            continue
        if len(chosen) == n:
            grid = tuple(chosen)
            if (not distinct or len(set(cols_of(grid))) == n) and (extra is None or extra(grid)):
                found.append(grid)
                if limit is not None and len(found) >= limit:
                    break
            chosen.pop()
            continue
        stack.append(0)
    return found


def _columns_ok(chosen, n: int) -> bool:
    """The rows so far keep rule 1's upper bounds and rule 2 down every column."""
    depth, half = len(chosen), n // 2
    for c in range(n):
        ones = sum(row[c] for row in chosen)
        if ones > half or depth - ones > half:
            return False
        if depth >= 3 and chosen[-1][c] == chosen[-2][c] == chosen[-3][c]:
            return False
    return True


def brute_force(puzzle: Puzzle, limit: int | None = None, distinct: bool = True) -> list[Solution]:
    """Every solution of a small board (up to ``limit``), found without a solver."""
    return [Solution(grid) for grid in brute_force_fillings(puzzle, distinct, limit)]
