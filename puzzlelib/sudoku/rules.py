"""The rules of Sudoku and its variants, checked without a solver, and a brute-force oracle.

``check_rules`` runs the named checks of ``RULES`` (pzprjs style: a code, a message and the cells
of each breach) over a filled grid, and ``verify`` gives their messages; ``brute_force`` lists every solution of a small board by plain backtracking, so tests can
compare the integer program with something that shares no code with it.
"""

from __future__ import annotations

import numbers

from collections.abc import Iterator

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_optional_limit
from .board import Cell, Puzzle, Solution, box_of, units

RULES = (
    Rule("given", "a given digit stays"),
    Rule("unit", "every row, column and box holds each digit once"),
    Rule("thermo", "digits strictly increase along a thermometer from its bulb"),
    Rule("cage-repeat", "the digits of a cage differ"),
    Rule("cage-sum", "the digits of a cage sum to its total"),
    Rule("arrow", "the digit in an arrow's circle is the sum of the digits on the arrow"),
)

#: Boards brute force accepts (a 9x9 can take minutes without a solver's propagation).
BRUTE_FORCE_SIZES = (4, 6)


def _as_grid(answer, n: int):
    """``answer`` (a Solution, rows of ints or strings of digits) as a list of rows, or a message
    saying why not."""
    grid = answer.grid if isinstance(answer, Solution) else answer
    if isinstance(grid, (str, bytes)) or not hasattr(grid, "__len__") or not hasattr(grid, "__getitem__"):
        return f"the answer must be {n} rows of {n} digits, got {type(grid).__name__}"
    try:
        rows = [[int(ch) if ch.isdigit() else ch for ch in row] if isinstance(row, str) else list(row)
                for row in grid]
    except TypeError:
        return f"the answer must be {n} rows of {n} digits"
    if len(rows) != n or any(len(row) != n for row in rows):
        return f"the answer must be {n} rows of {n} digits"
    for r, row in enumerate(rows):
        for c, v in enumerate(row):
            if isinstance(v, bool) or not isinstance(v, numbers.Integral) or not 1 <= v <= n:
                return f"cell ({r}, {c}) holds {v!r}, not a digit from 1 to {n}"
            row[c] = int(v)  # a numpy integer is the int it holds (issue 30)
    return rows


def _faults(puzzle: Puzzle, grid) -> Iterator[Fault]:
    """Every broken rule; the grid is already known to be n x n digits."""
    for (r, c), v in sorted(puzzle.given_cells().items()):
        if grid[r][c] != v:
            yield Fault("given", f"cell ({r}, {c}) holds {grid[r][c]}, but it is given as {v}", ((r, c),))
    for name, cells in units(puzzle.size):
        digits = [grid[r][c] for r, c in cells]
        twice = sorted({v for v in digits if digits.count(v) > 1})
        if twice:
            yield Fault("unit", f"{name} holds {', '.join(map(str, twice))} more than once",
                        tuple(cell for cell, v in zip(cells, digits) if v in twice))
    for k, cells in enumerate(puzzle.thermos):
        digits = [grid[r][c] for r, c in cells]
        for i in range(len(cells) - 1):
            if digits[i + 1] <= digits[i]:
                yield Fault("thermo", f"thermometer {k}: {digits[i]} at {cells[i]} is followed by {digits[i + 1]} "
                                      f"at {cells[i + 1]}; digits must strictly increase from the bulb",
                            (cells[i], cells[i + 1]))
                break
    for k, (total, cells) in enumerate(puzzle.cages):
        digits = [grid[r][c] for r, c in cells]
        if len(set(digits)) != len(digits):
            yield Fault("cage-repeat", f"cage {k} repeats a digit ({' '.join(map(str, digits))})", tuple(cells))
        if sum(digits) != total:
            yield Fault("cage-sum", f"cage {k} sums to {sum(digits)}, not its total {total}", tuple(cells))
    for k, (circle, cells) in enumerate(puzzle.arrows):
        digits = [grid[r][c] for r, c in cells]
        if sum(digits) != grid[circle[0]][circle[1]]:
            yield Fault("arrow", f"arrow {k}: its cells sum to {sum(digits)}, but its circle {circle} "
                                 f"holds {grid[circle[0]][circle[1]]}", (circle, *cells))


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule as a :class:`Fault` (code, message, cells); ``[]``: ``answer`` (a Solution,
    rows of digits or strings such as ``"1234"``) is a solution. A malformed answer is a PuzzleError."""
    require(puzzle, Puzzle, "check_rules")
    grid = _as_grid(answer, puzzle.size)
    if isinstance(grid, str):
        raise PuzzleError(grid)
    return list(_faults(puzzle, grid))


def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule in words; ``[]`` means ``answer`` (a Solution or a grid) is a solution."""
    return faults_in_words(check_rules(puzzle, answer))


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Up to ``limit`` solutions (None: all) by backtracking over the empty cells in row-major order.

    No solver and no propagation beyond "a digit not yet in its row, column or box": each partial
    grid is checked against the variants only once a thermometer, cage or arrow is complete, so
    the code is short enough to trust. For 4x4 and 6x6 boards; an explicit stack, no recursion.
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    n = puzzle.size
    if n not in BRUTE_FORCE_SIZES:
        raise PuzzleError(f"brute_force takes boards of size {' or '.join(map(str, BRUTE_FORCE_SIZES))}, not {n}")
    grid = [list(row) for row in puzzle.givens]
    empty = [(r, c) for r in range(n) for c in range(n) if not grid[r][c]]
    order = {cell: i for i, cell in enumerate((r, c) for r in range(n) for c in range(n))}
    # each extra constraint is checked when the last of its empty cells (row-major) is filled
    every = [("thermo", cells) for cells in puzzle.thermos] + [("cage", cage) for cage in puzzle.cages]
    every += [("arrow", arrow) for arrow in puzzle.arrows]
    groups: dict[Cell, list] = {}
    for group in every:
        open_cells = [cell for cell in _cells_of(group) if not grid[cell[0]][cell[1]]]
        if open_cells:
            groups.setdefault(max(open_cells, key=order.get), []).append(group)
        elif not _groups_hold(grid, [group]):
            return []
    found: list[Solution] = []
    choice = [0] * len(empty)
    k = 0
    while k >= 0:
        r, c = empty[k] if k < len(empty) else (None, None)
        if k == len(empty):
            found.append(Solution(tuple(tuple(row) for row in grid)))
            if limit is not None and len(found) >= limit:
                return found
            k -= 1
            continue
        grid[r][c] = 0
        v = choice[k] + 1
        while v <= n and not (_fits(grid, r, c, v, n) and _groups_ok(grid, r, c, v, groups)):
            v += 1
        if v > n:
            choice[k] = 0
            k -= 1
            continue
        choice[k] = v
        grid[r][c] = v
        k += 1
    return found


def _fits(grid, r: int, c: int, v: int, n: int) -> bool:
    if v in grid[r] or any(grid[i][c] == v for i in range(n)):
        return False
    b = box_of((r, c), n)
    return not any(grid[i][j] == v for i in range(n) for j in range(n) if box_of((i, j), n) == b)


def _cells_of(group) -> list[Cell]:
    kind, data = group
    if kind == "thermo":
        return list(data)
    if kind == "cage":
        return list(data[1])
    return [data[0], *data[1]]


def _groups_ok(grid, r: int, c: int, v: int, groups) -> bool:
    grid[r][c] = v
    ok = _groups_hold(grid, groups.get((r, c), []))
    grid[r][c] = 0
    return ok


def _groups_hold(grid, groups) -> bool:
    for kind, data in groups:
        if kind == "thermo":
            digits = [grid[r][c] for r, c in data]
            if any(b <= a for a, b in zip(digits, digits[1:])):
                return False
        elif kind == "cage":
            total, cells = data
            digits = [grid[r][c] for r, c in cells]
            if sum(digits) != total or len(set(digits)) != len(digits):
                return False
        else:
            circle, cells = data
            if sum(grid[r][c] for r, c in cells) != grid[circle[0]][circle[1]]:
                return False
    return True
