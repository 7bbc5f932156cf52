"""The rules of Aquarium checked without a solver, and a solver-free search for small boards.

Rules as named checks (pzprjs style): each check yields a :class:`Fault` for every breach.

- ``row-count`` / ``col-count``: a line with a clue holds that many wet cells;
- ``tank-level``: each tank has one water level: no dry cell of a tank is at or below the row of a
  wet cell of the same tank (so a tank's row is all wet or all dry, and water rests on water).
"""

from __future__ import annotations

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_grid, check_optional_limit
from .board import Puzzle, Solution, solution_from_strings

Grid = tuple[tuple[int, ...], ...]

RULES = (
    Rule("row-count", "a row with a count holds that many wet cells"),
    Rule("col-count", "a column with a count holds that many wet cells"),
    Rule("tank-level", "each tank has one water level: its cells at or below a wet cell's row are wet"),
)


def as_grid(puzzle: Puzzle, answer, where: str = "check_rules") -> Grid:
    """A Solution, a bare 0/1 grid or strings of ``#`` and ``.``, checked against the board's shape."""
    require(puzzle, Puzzle, where)
    grid = getattr(answer, "grid", answer)
    if isinstance(grid, (list, tuple)) and grid and all(isinstance(line, str) for line in grid):
        return solution_from_strings(puzzle, grid).grid
    return check_grid(grid, puzzle.shape, "answer")


def check_counts(puzzle: Puzzle, grid: Grid):
    nrows, ncols = puzzle.shape
    for r, want in enumerate(puzzle.rows):
        have = sum(grid[r])
        if want is not None and have != want:
            yield Fault("row-count", f"row {r} has {have} wet cell{'' if have == 1 else 's'}, its count is {want}",
                        tuple((r, c) for c in range(ncols)))
    for c, want in enumerate(puzzle.cols):
        have = sum(grid[r][c] for r in range(nrows))
        if want is not None and have != want:
            yield Fault("col-count", f"col {c} has {have} wet cell{'' if have == 1 else 's'}, its count is {want}",
                        tuple((r, c) for r in range(nrows)))


def check_levels(puzzle: Puzzle, grid: Grid):
    for t, cells in enumerate(puzzle.tanks):
        wet = [cell for cell in cells if grid[cell[0]][cell[1]]]
        dry = [cell for cell in cells if not grid[cell[0]][cell[1]]]
        if wet and dry:
            top_wet = min(wet)  # the highest wet cell (smallest row)
            low_dry = max(dry)  # the lowest dry cell (largest row)
            if low_dry[0] >= top_wet[0]:
                where = "in the same row as" if low_dry[0] == top_wet[0] else "below"
                yield Fault("tank-level", f"tank {puzzle.label(t)}: cell {low_dry} is dry {where} the wet cell "
                                         f"{top_wet} of the same tank (a tank has one water level)",
                            (low_dry, top_wet))


CHECKS = (check_counts, check_levels)


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every breach as a :class:`Fault` (code, message, cells); ``[]`` means the answer is right."""
    grid = as_grid(puzzle, answer)
    return [found for check in CHECKS for found in check(puzzle, grid)]


def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule in words; ``[]`` means the answer (a Solution or a 0/1 grid) is right."""
    return faults_in_words(check_rules(puzzle, answer))


def brute_force(puzzle: Puzzle, limit: int | None = None, max_tanks: int = 60) -> list[Solution]:
    """Every filling, found without a solver: a level per tank, tanks in order of their lowest row,
    pruned on the counts. An explicit stack (no recursion); meant for the small boards of tests and
    exercise checks, and refused above ``max_tanks`` tanks.
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    if len(puzzle.tanks) > max_tanks:
        raise PuzzleError(f"brute force is for small boards: {len(puzzle.tanks)} tanks is more than {max_tanks}")
    nrows, ncols = puzzle.shape
    order = sorted(range(len(puzzle.tanks)), key=lambda t: (max(puzzle.tanks[t]), t))
    stacks = [puzzle.tank_rows(t) for t in order]
    # lines that are complete once tank number i (in this order) has its level
    last_row = {r: max(i for i, t in enumerate(order) if any(cr == r for cr, _ in puzzle.tanks[t]))
                for r in range(nrows)}
    last_col = {c: max(i for i, t in enumerate(order) if any(cc == c for _, cc in puzzle.tanks[t]))
                for c in range(ncols)}
    closes = [([r for r, i in last_row.items() if i == k and puzzle.rows[r] is not None],
               [c for c, i in last_col.items() if i == k and puzzle.cols[c] is not None]) for k in range(len(order))]
    row_left = [ncols * 10 if v is None else v for v in puzzle.rows]
    col_left = [nrows * 10 if v is None else v for v in puzzle.cols]
    grid = [[0] * ncols for _ in range(nrows)]
    found: list[Solution] = []
    level = [-1] * len(order)  # wet rows of each tank in the search; -1 while not entered
    i = 0
    while i >= 0:
        if i == len(order):
            found.append(Solution(tuple(tuple(line) for line in grid)))
            if limit is not None and len(found) >= limit:
                break
            i -= 1
            continue
        rows_of_tank = stacks[i]
        if level[i] < 0:
            level[i] = 0
        elif level[i] == len(rows_of_tank) or not _raise(rows_of_tank[level[i]], grid, row_left, col_left):
            for k in range(level[i]):  # every level tried (more water only overflows): drain, go back
                _pour(rows_of_tank[k], grid, row_left, col_left, -1)
            level[i] = -1
            i -= 1
            continue
        else:
            level[i] += 1
        rows_done, cols_done = closes[i]
        if all(row_left[r] == 0 for r in rows_done) and all(col_left[c] == 0 for c in cols_done):
            i += 1
    return found


def _raise(cells, grid, row_left, col_left) -> bool:
    """Pour one more row into a tank; False (and nothing poured) when a count would overflow."""
    rows = {r for r, _ in cells}
    per_col: dict[int, int] = {}
    for _, c in cells:
        per_col[c] = per_col.get(c, 0) + 1
    if any(row_left[r] < len(cells) for r in rows) or any(col_left[c] < k for c, k in per_col.items()):
        return False
    _pour(cells, grid, row_left, col_left, +1)
    return True


def _pour(cells, grid, row_left, col_left, step: int) -> None:
    """Fill (step +1) or empty (step -1) one row of a tank."""
    for r, c in cells:
        grid[r][c] += step
        row_left[r] -= step
        col_left[c] -= step
