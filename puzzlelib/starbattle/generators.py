"""generators.py: random Star Battle boards grown around a planted placement of stars.

Role. ``planted_puzzle(size, *, seed=0, stars=None)`` returns ``(Puzzle, Solution)``: first a
placement of k stars per row and column with no two touching (a randomised search row by row),
then n regions grown around it, each from one of its stars, cell by cell, where a region takes a
star only while it holds fewer than k; the planted placement keeps every rule. ``random_puzzle`` is
its board. ``size`` is an int n (or a pair (n, n)); None is the usual 8x8. The same seed gives the
same board forever. Many planted boards have other answers too.

``generate(size, *, seed=0, stars=None, tries=100)`` returns a board proven unique by search
(``solutions(puzzle, limit=2)`` finds one answer) and its answer. It draws planted boards and
repairs each: while the solver finds a second answer T beside the planted S, a cell where T has a
star and S has none moves from its region to a touching one (its region stays in one piece and
keeps S's k stars), taken from the largest region it can leave into the smallest: S keeps every
rule and T breaks two region counts. Up to ``REPAIRS`` moves per draw, then the next draw.
Measured (default k): planted boards alone are unique 29/30 times at 5x5, 28/30 at 8x8, 7/30 at
10x10 and 1/30 at 12x12 (seeds 0-29); over seeds 0-19 ``generate`` takes 1 draw up to 8x8, 2.5 on average
(at most 8) at 10x10, 10 (at most 36) at 12x12 and 3.5 (at most 12) at 14x14: about 0.2 s
for a 10x10 and 2 s for a 12x12 or 14x14.
"""

from __future__ import annotations

import random
from itertools import combinations

from ..core.errors import PuzzleError
from ..core.validate import check_int, check_size
from .board import MAX_BOARD_SIDE, Puzzle, Solution, as_solution, max_stars
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with

#: The usual board: 8x8.
DEFAULT_SIZE = 8
#: Search steps one placement may take before the search starts again from a fresh random order.
PLACEMENT_STEPS = 2_000
#: Region moves tried on one drawn board before the next draw (see ``generate``).
REPAIRS = 3
#: Placements (and region growths) tried before a size is given up as impossible.
ATTEMPTS = 200


def default_stars(n: int) -> int:
    """The usual k for an n x n board: 1 up to 9x9, 2 from 10x10, 3 from 14x14 (as sites do; denser
    boards, such as 4 stars on 17x17, are asked for by ``stars=`` and take seconds to plant)."""
    return 1 if n < 10 else 2 if n < 14 else 3


def planted_puzzle(size=None, *, seed: int = 0, stars: int | None = None) -> tuple[Puzzle, Solution]:
    """A random placement of ``stars`` (k; None: :func:`default_stars`) per row, column and region,
    and regions grown around it."""
    nrows, ncols = check_size(size, DEFAULT_SIZE, MAX_BOARD_SIDE)
    if nrows != ncols:
        raise PuzzleError(f"size: a Star Battle board is square, not {nrows}x{ncols}")
    n = nrows
    seed = check_int(seed, "seed")  # a plain int (numpy ints are refused by random.Random)
    k = default_stars(n) if stars is None else check_int(stars, "stars", 1)
    if n < 4 and not (n == 1 and k == 1):
        raise PuzzleError(f"size: no {n}x{n} board holds a star per row and column with none touching (take 4 or more)")
    if k * n > max_stars(n):
        raise PuzzleError(f"stars: {k} per row is too many for a {n}x{n} board (at most {max_stars(n)} stars fit)")
    rng = random.Random(seed)
    for _ in range(ATTEMPTS):
        grid = _place(n, k, rng)
        if grid is None:
            continue
        regions = _grow(grid, n, k, rng)
        if regions is not None:
            return Puzzle(regions, k), as_solution(grid)
    raise PuzzleError(f"no {n}x{n} board with {k} stars per row was found (try fewer stars)")


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             stars: int | None = None, tries: int = 100) -> Generated:
    """A board with exactly one answer, proven by search (:class:`~puzzlelib.core.generated.Generated`:
    the board, its answer, the proof's work, its rating): planted boards (see :func:`planted_puzzle`)
    drawn and repaired until one is unique (PuzzleError after ``tries`` draws). ``difficulty``:
    "easy", "medium" or "hard" (see :mod:`puzzlelib.engine.rating`); ``time_limit``: seconds for
    the whole call."""
    n = check_size(size, DEFAULT_SIZE, MAX_BOARD_SIDE)[0]
    check_int(seed, "seed")  # a plain int (numpy ints are refused by random.Random)
    tries = check_int(tries, "tries", 1, 100_000)

    def make(seed: int, work: Work) -> Made:
        for draw in range(tries):
            work.check()
            puzzle, planted = planted_puzzle(size, seed=seed * 100_003 + draw, stars=stars)
            work.boards += 1
            puzzle = _repaired(puzzle, planted, random.Random(seed * 100_003 + draw), work)
            if puzzle is not None:
                return Made(puzzle, planted)
        raise PuzzleError(f"no unique {n}x{n} board in {tries} tries: allow more tries or fewer stars")

    return generate_with(__package__, n, seed, difficulty, time_limit, make, search="sat")


def _repaired(puzzle: Puzzle, planted: Solution, rng: random.Random, work: Work) -> Puzzle | None:
    """``puzzle`` with regions moved until the planted answer is its only one (None: out of repairs)."""
    for _ in range(REPAIRS + 1):
        found = work.second(puzzle)
        other = next((s for s in found if s.grid != planted.grid), None)
        if other is None:
            return puzzle
        region = _move_cell(puzzle, planted.grid, other.grid, rng)
        if region is None:
            return None
        work.repairs += 1
        puzzle = Puzzle(region, puzzle.stars)
    return None


def _move_cell(puzzle: Puzzle, keep, kill, rng: random.Random):
    """The regions with one cell moved to a touching region: a cell with a star in ``kill`` and none
    in ``keep``, whose region stays in one piece without it, taken from the largest region possible
    into the smallest (large regions are what lets answers wander); None: no such cell."""
    n = puzzle.size
    region = [list(row) for row in puzzle.region_of]
    size = [len(cells) for cells in puzzle.cells]
    moves = []
    for r in range(n):
        for c in range(n):
            t = region[r][c]
            if kill[r][c] and not keep[r][c] and _connected_without(puzzle.cells[t], (r, c)):
                moves += [(size[u] - size[t], rng.random(), r, c, u) for u in
                          {region[rr][cc] for rr, cc in _sides(n, r, c)} - {t}]
    if not moves:
        return None
    _, _, r, c, u = min(moves)
    region[r][c] = u
    return region


def _sides(n: int, r: int, c: int):
    return [(rr, cc) for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if 0 <= rr < n and 0 <= cc < n]


def _connected_without(cells, gone) -> bool:
    """True when ``cells`` less ``gone`` are one orthogonally connected piece (and not empty)."""
    rest = set(cells) - {gone}
    if not rest:
        return False
    start = next(iter(rest))
    seen, stack = {start}, [start]
    while stack:
        r, c = stack.pop()
        for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if cell in rest and cell not in seen:
                seen.add(cell)
                stack.append(cell)
    return len(seen) == len(rest)


def random_puzzle(size=None, *, seed: int = 0, stars: int | None = None) -> Puzzle:
    """A random board (see :func:`planted_puzzle`)."""
    return planted_puzzle(size, seed=seed, stars=stars)[0]


def _place(n: int, k: int, rng: random.Random) -> list[list[int]] | None:
    """k stars per row and column, none touching, by a randomised search row by row (None: out of steps).

    Two neighbouring columns short of d1 and d2 stars with ``left`` rows to go need
    d1 + d2 <= ceil(left / 2) (a star in either touches any in either in the next row); a column
    short of d stars with 2d - 1 = left must take a star in this row. Among the
    rows that fit, the ones serving the columns shortest of stars come first, ties at random.
    """
    choices = [cols for cols in combinations(range(n), k) if all(b - a > 1 for a, b in zip(cols, cols[1:]))]
    col_count = [0] * n
    rows: list[tuple[int, ...]] = []
    steps = [0]

    def search(r: int) -> bool:
        if r == n:
            return True
        steps[0] += 1
        left = n - r  # rows left, this one included
        need = [k - v for v in col_count]
        if steps[0] > PLACEMENT_STEPS or any(need[c] + need[c + 1] > (left + 1) // 2 for c in range(n - 1)):
            return False  # two neighbouring columns share one star per two rows
        forced = {c for c in range(n) if need[c] and 2 * need[c] - 1 == left}
        above = set(rows[-1]) if rows else set()
        fits = [cols for cols in choices if forced <= set(cols) and
                not any(need[c] == 0 or c in above or c - 1 in above or c + 1 in above for c in cols)]
        keyed = sorted(fits, key=lambda cols: (-sum(need[c] for c in cols), rng.random()))
        for cols in keyed[:8]:  # the most promising few; the rest only slow a dead end down
            for c in cols:
                col_count[c] += 1
            rows.append(cols)
            if search(r + 1):
                return True
            rows.pop()
            for c in cols:
                col_count[c] -= 1
            if steps[0] > PLACEMENT_STEPS:
                return False
        return False

    if not search(0):
        return None
    return [[int(c in cols) for c in range(n)] for cols in rows]


def _grow(grid, n: int, k: int, rng: random.Random) -> list[list[int]] | None:
    """n connected regions of k stars each around the placement ``grid`` (None: a growth got stuck).

    Each region starts at one star (n stars chosen at random). While a region holds fewer than k
    stars, it reaches for the nearest free star along a shortest path of free cells. Then the
    regions take the free cells left, one neighbouring cell at a time, a region chosen with weight
    its size squared: a few large regions and several small ones, which most often leaves one answer.
    """
    stars = [(r, c) for r in range(n) for c in range(n) if grid[r][c]]
    region = [[-1] * n for _ in range(n)]
    held, size = [1] * n, [1] * n
    for t, (r, c) in enumerate(rng.sample(stars, n)):
        region[r][c] = t
    for _ in range(n * (k - 1)):
        t = min(range(n), key=lambda u: (held[u], rng.random()))
        path = _path_to_star(grid, region, t, n, rng)
        if path is None:
            return None
        for r, c in path:
            region[r][c] = t
        held[t] += 1
        size[t] += len(path)
    free = sum(row.count(-1) for row in region)
    while free:
        options = [(region[rr][cc], r, c) for r in range(n) for c in range(n) if region[r][c] < 0
                   for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
                   if 0 <= rr < n and 0 <= cc < n and region[rr][cc] >= 0]
        t, r, c = rng.choices(options, weights=[size[o[0]] ** 2 for o in options])[0]
        region[r][c] = t
        size[t] += 1
        free -= 1
    return region


def _path_to_star(grid, region, t: int, n: int, rng: random.Random):
    """The free cells from region ``t`` to the nearest free star (the star last), by breadth-first search."""
    frontier = [(r, c) for r in range(n) for c in range(n) if region[r][c] == t]
    rng.shuffle(frontier)
    before = {cell: None for cell in frontier}
    while frontier:
        step = []
        for r, c in frontier:
            around = [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
            rng.shuffle(around)
            for rr, cc in around:
                if 0 <= rr < n and 0 <= cc < n and region[rr][cc] < 0 and (rr, cc) not in before:
                    before[rr, cc] = (r, c)
                    if grid[rr][cc]:
                        path, cell = [], (rr, cc)
                        while region[cell[0]][cell[1]] != t:
                            path.append(cell)
                            cell = before[cell]
                        return path
                    step.append((rr, cc))
        frontier = step
    return None
