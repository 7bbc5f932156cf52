"""Random Aquarium boards with a planted solution, and unique ones found by search."""

from __future__ import annotations

import random

from ..core.errors import PuzzleError
from ..core.validate import MAX_CELLS, check_flag, check_int, check_seed, check_shape, check_size
from .board import Puzzle, Solution
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with


def random_tanks(nrows: int, ncols: int, rng: random.Random, max_size: int = 6) -> list[list[int]]:
    """Cut the board into connected tanks of 1 to ``max_size`` cells: each tank grows from the first
    free cell in reading order into random free neighbours."""
    nrows, ncols = check_shape(nrows, ncols, "random_tanks")
    if not isinstance(rng, random.Random):
        raise PuzzleError(f"random_tanks: rng must be a random.Random, got {type(rng).__name__}")
    max_size = check_int(max_size, "max_size", 1, MAX_CELLS)
    tank = [[-1] * ncols for _ in range(nrows)]
    count = 0
    for r0 in range(nrows):
        for c0 in range(ncols):
            if tank[r0][c0] >= 0:
                continue
            target = rng.randint(max(1, max_size // 2), max_size)
            cells = [(r0, c0)]
            tank[r0][c0] = count
            while len(cells) < target:
                frontier = [(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (0, 1), (0, -1), (-1, 0))
                            if 0 <= r + dr < nrows and 0 <= c + dc < ncols and tank[r + dr][c + dc] < 0]
                if not frontier:
                    break
                r, c = rng.choice(sorted(set(frontier)))
                tank[r][c] = count
                cells.append((r, c))
            count += 1
    return tank



def planted_puzzle(size=None, *, seed: int = 0, max_size: int = 6, hide: float = 0.0) -> tuple[Puzzle, Solution]:
    """A random board and the filling its counts were taken from (a random level per tank).

    ``size``: n (an n x n board) or (rows, cols); None is 6x6. ``hide`` is the share of counts left
    out (no clue), chosen at random.
    """
    nrows, ncols = check_size(size, 6)
    check_int(seed, "seed")
    check_int(max_size, "max_size", 1, nrows * ncols)
    if not (isinstance(hide, (int, float)) and not isinstance(hide, bool) and 0 <= hide <= 1):
        raise PuzzleError(f"hide: expected a share between 0 and 1, got {hide!r}")
    rng = random.Random(check_seed(seed))
    tanks = random_tanks(nrows, ncols, rng, max_size)
    board = Puzzle(tanks, [None] * nrows, [None] * ncols)
    grid = [[0] * ncols for _ in range(nrows)]
    for t in range(len(board.tanks)):
        rows = board.tank_rows(t)
        for cells in rows[:rng.randint(0, len(rows))]:
            for r, c in cells:
                grid[r][c] = 1
    rows = [sum(line) for line in grid]
    cols = [sum(grid[r][c] for r in range(nrows)) for c in range(ncols)]
    for line in (rows, cols):
        for i in range(len(line)):
            if rng.random() < hide:
                line[i] = None
    return Puzzle(tanks, rows, cols), Solution(tuple(map(tuple, grid)))


def random_puzzle(size=None, *, seed: int = 0, max_size: int = 6, hide: float = 0.0) -> Puzzle:
    """A random board with a planted solution (see :func:`planted_puzzle`); a 6x6 by default."""
    return planted_puzzle(size, seed=seed, max_size=max_size, hide=hide)[0]


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             max_size: int | None = None, merge: bool = True, tries: int = 200) -> Generated:
    """A random board proven unique by search, and its one filling (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call).

    Planted boards (tanks of up to ``max_size`` cells; None: :func:`tank_cells` of the size); while
    a second filling differs, the tanks it fills differently are merged with neighbouring tanks
    whose planted water has the same level (the counts stay, the planted filling stays, and the
    merged board's fillings are some of the old one's), until one filling is left; a board with no
    such merge left is dropped and the next is drawn (PuzzleError after ``tries`` draws).
    ``merge=False`` only draws (a board with two fillings is dropped at once)."""
    nrows, ncols = check_size(size, 6)
    check_seed(seed)
    tries = check_int(tries, "tries", 1, 100_000)
    merge = check_flag(merge, "merge")
    largest = tank_cells(max(nrows, ncols)) if max_size is None else check_int(max_size, "max_size", 1, MAX_CELLS)

    def make(seed: int, work: Work) -> Made:
        rng = random.Random(f"aquarium {seed}")
        for k in range(tries):
            work.check()
            puzzle, planted = planted_puzzle((nrows, ncols), seed=seed * 100_003 + k, max_size=largest)
            work.boards += 1
            found = _merged_until_unique(puzzle, planted.grid, rng, work, merge)
            if found is not None:
                return Made(*found)
        raise PuzzleError(f"no unique {nrows}x{ncols} board in {tries} tries: allow more tries or larger tanks")

    return generate_with(__package__, (nrows, ncols), seed, difficulty, time_limit, make, search="sat")


def tank_cells(side: int) -> int:
    """The largest tank a planted board of this side starts with: the chapter's 6 cells up to 10x10;
    on larger boards 4/5 of the side (boards of many small tanks, merged until unique, take the
    solver minutes at 20x20; the ones with larger tanks, a second)."""
    return 6 if side <= 10 else 4 * side // 5


def _merged_until_unique(puzzle: Puzzle, grid, rng: random.Random, work: Work, merge: bool = True):
    nrows, ncols = puzzle.shape
    regions = [list(row) for row in puzzle.tank_of]
    while True:
        found = work.second(puzzle)
        if len(found) == 1:
            return puzzle, found[0]
        if not merge:
            return None
        other = next(s for s in found if s.grid != grid)
        tanks = {regions[r][c] for r in range(nrows) for c in range(ncols) if other.grid[r][c] != grid[r][c]}
        pairs = set()
        for r in range(nrows):
            for c in range(ncols):
                for rr, cc in ((r + 1, c), (r, c + 1)):
                    if rr < nrows and cc < ncols and regions[rr][cc] != regions[r][c] \
                            and tanks & {regions[r][c], regions[rr][cc]}:
                        pairs.add(tuple(sorted((regions[r][c], regions[rr][cc]))))
        merges = sorted(pair for pair in pairs if _same_level(regions, grid, *pair))
        if not merges:
            return None
        rng.shuffle(merges)
        joined, into = set(), {}
        for keep, gone in merges:  # disjoint merges, all at once: fewer searches
            if not {keep, gone} & joined:
                joined |= {keep, gone}
                into[gone] = keep
                work.repairs += 1
        regions = [[into.get(t, t) for t in row] for row in regions]
        puzzle = Puzzle(regions, puzzle.rows, puzzle.cols)


def _same_level(regions, grid, a, b) -> bool:
    """Whether tanks ``a`` and ``b`` together hold water at one level: every dry row above every wet row."""
    wet = [r for r, row in enumerate(regions) for c, t in enumerate(row) if t in (a, b) and grid[r][c]]
    dry = [r for r, row in enumerate(regions) for c, t in enumerate(row) if t in (a, b) and not grid[r][c]]
    return not wet or not dry or max(dry) < min(wet)
