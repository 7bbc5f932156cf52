"""The rules, checked without a solver (``verify``), and the solver-free oracle (``brute_force``).

Each rule is a named check (pzprjs style): ``check_rules`` yields a Fault (code, message, cells) per
broken instance, ``verify`` the messages; tests pair every code with a board that breaks it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.interface import Fault, Rule, require
from ..core.validate import check_grid, check_optional_limit
from .board import Grid, Puzzle, Solution
from .formats import label

#: The rule checks, in the order check_rules runs them.
RULES = (
    Rule("row-count", "each row holds as many filled cells as its count"),
    Rule("col-count", "each column holds as many filled cells as its count"),
    Rule("fill-gap", "mercury fills a thermometer from its bulb without gaps"),
)


def filled_cells(count: int) -> str:
    """'1 filled cell', '3 filled cells': the phrase of the count messages."""
    return f"{count} filled cell" + ("" if count == 1 else "s")


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule as a Fault (code, message, cells), without a solver; ``[]``: solved.

    ``answer`` is a Solution or a grid (rows of 0/1 ints, or strings such as ``"0110"``); a grid of
    the wrong shape or with other values is a PuzzleError, not a verdict.
    """
    puzzle = require(puzzle, Puzzle, "check_rules")
    grid = check_grid(getattr(answer, "grid", answer), puzzle.shape, "answer")
    return list(_faults(puzzle, grid))


def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule in words (the messages of :func:`check_rules`); ``[]`` means solved."""
    puzzle = require(puzzle, Puzzle, "verify")
    return [fault.message for fault in check_rules(puzzle, answer)]


def _faults(puzzle: Puzzle, grid: Grid) -> Iterator[Fault]:
    """The rules of RULES in order, on a checked 0/1 grid."""
    nrows, ncols = puzzle.shape
    for r in range(nrows):
        have = sum(grid[r])
        if have != puzzle.rows[r]:
            yield Fault("row-count", f"row {r} has {filled_cells(have)}, its count is {puzzle.rows[r]}",
                        tuple((r, c) for c in range(ncols)))
    for c in range(ncols):
        have = sum(grid[r][c] for r in range(nrows))
        if have != puzzle.cols[c]:
            yield Fault("col-count", f"col {c} has {filled_cells(have)}, its count is {puzzle.cols[c]}",
                        tuple((r, c) for r in range(nrows)))
    for t, cells in enumerate(puzzle.thermometers):
        for k in range(1, len(cells)):
            (a, b), (r, c) = cells[k - 1], cells[k]
            if grid[r][c] and not grid[a][b]:
                yield Fault("fill-gap", (f"thermometer {label(t)}: cell {cells[k]} is filled but {cells[k - 1]}, "
                                         "nearer the bulb, is empty"), (cells[k - 1], cells[k]))
                break


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Every filling (up to ``limit``), found without a solver: a level per thermometer, pruned on
    the counts. Exponential in the worst case, instant on the small boards tests and checks use."""
    puzzle = require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    grids = fillings(puzzle.shape, puzzle.rows, puzzle.cols, puzzle.thermometers, limit=limit)
    return [Solution(grid) for grid in grids]


def fillings(shape, rows, cols, thermometers, min_level=None, limit=None) -> list[Grid]:
    """The fillings of a board whose counts may be ``None`` (hidden) and whose thermometer ``t``
    holds at least ``min_level[t]`` cells: the search behind :func:`brute_force` and the checks'
    variants. Depth first over thermometers in reading order with an explicit stack (no recursion);
    a row or column is checked as soon as its last thermometer has its level."""
    nrows, ncols = shape
    order = sorted(range(len(thermometers)), key=lambda t: min(thermometers[t]))
    therms = [thermometers[t] for t in order]
    low = [0 if min_level is None else min_level[t] for t in order]
    last_row, last_col = {}, {}
    for i, cells in enumerate(therms):
        for r, c in cells:
            last_row[r], last_col[c] = i, i
    closes: list[tuple[list[int], list[int]]] = [([], []) for _ in therms]
    for r, i in last_row.items():
        if rows[r] is not None:
            closes[i][0].append(r)
    for c, i in last_col.items():
        if cols[c] is not None:
            closes[i][1].append(c)
    row_left = [nrows * ncols if v is None else v for v in rows]  # a hidden count never runs out
    col_left = [nrows * ncols if v is None else v for v in cols]
    levels: list[int | None] = [None] * len(therms)

    def pour(cells, sign):
        for r, c in cells:
            row_left[r] -= sign
            col_left[c] -= sign

    def advance(i: int) -> bool:
        """One more cell of mercury in thermometer i (its minimum on the first call); False and
        empty when no higher level can fit."""
        cells, level = therms[i], levels[i]
        new = cells[:low[i]] if level is None else cells[level:level + 1]
        if level is not None and level == len(cells):
            new = None
        if new is not None:
            levels[i] = (level or 0) + len(new) if level is not None else low[i]
            pour(new, 1)
            if all(row_left[r] >= 0 and col_left[c] >= 0 for r, c in new):
                return True
        pour(cells[:levels[i] or 0], -1)
        levels[i] = None
        return False

    found: list[Grid] = []
    i = 0
    while i >= 0:
        if i == len(therms):
            grid = [[0] * ncols for _ in range(nrows)]
            for cells, level in zip(therms, levels):
                for r, c in cells[:level]:
                    grid[r][c] = 1
            found.append(tuple(tuple(row) for row in grid))
            if limit is not None and len(found) >= limit:
                break
            i -= 1
        elif not advance(i):
            i -= 1
        elif all(row_left[r] == 0 for r in closes[i][0]) and all(col_left[c] == 0 for c in closes[i][1]):
            i += 1
    return found
