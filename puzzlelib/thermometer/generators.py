"""Random boards, and boards with exactly one solution.

``random_puzzle``/``planted_puzzle``: a random tiling by thermometers, each filled to a random level
(the planted solution); the counts are read off that filling. Such boards are often not unique.

``generate``: the same start, then merges thermometers until the board is unique. Merging
thermometer ``j`` onto the tip of ``i`` (the tip of ``i`` next to the bulb of ``j``) keeps every
count and adds one dependency, ``x[tip i] >= x[bulb j]``; so it keeps the planted filling whenever
that filling keeps the new dependency, and it removes every other filling that breaks it. Each
round asks the no-good search for a second filling and merges a pair that the second filling
breaks; when no such pair exists the generator starts again from a new tiling, allowing longer
thermometers every five tilings (long thermometers pin the levels, chapter 1's Experiment 3). The board is
returned only after a final search proves it unique; that proof is part of the result.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with, kind_table
from ..engine.solver import solver_name
from ..core.validate import MAX_CELLS, check_flag, check_int, check_size, check_seed
from .board import Cell, Grid, Puzzle, Solution, adjacent
from .solving import solutions


def random_tiling(nrows: int, ncols: int, rng: random.Random, max_len: int = 5, bend: float = 0.3):
    """Thermometers (bulb to tip) that cover the board, some of them bent, each of 2 to ``max_len``
    cells, always.

    Each is drawn 2 to ``max_len`` cells long; a cell left stranded between finished thermometers
    then joins a neighbouring one (at its end, or by splitting it). When that makes a thermometer
    longer than ``max_len`` it is cut into pieces of 2 to ``max_len`` cells (issue 29); where no cut
    can do it (``max_len=2`` and an odd length) the tiling is drawn again, at most 200 times, and
    then the board is cut along a snake through every cell. ``bend`` is the chance that a
    thermometer turns where it could go straight on; at the rim and beside cells already taken it
    turns anyway, so ``bend=0`` still gives some bent ones. The same ``rng`` state gives the same
    tiling. A board of an odd number of cells has no tiling with ``max_len=2`` (PuzzleError).
    """
    if nrows * ncols < 2:
        raise PuzzleError("a board needs at least two cells")
    if max_len < 2:
        raise PuzzleError(f"max_len: a thermometer has at least 2 cells, got {max_len}")
    if max_len == 2 and nrows * ncols % 2:
        raise PuzzleError(f"a {nrows}x{ncols} board has an odd number of cells: "
                          "it cannot be tiled by thermometers of 2 cells (raise max_len)")
    for _ in range(200):
        result = _try_tiling(nrows, ncols, rng, max_len, bend)
        if result is not None:
            result = _cut_long(result, max_len)
        if result is not None:
            return result
    return _snake_tiling(nrows, ncols, rng, max_len)


def _pieces(length: int, max_len: int) -> list[int] | None:
    """Lengths of 2 to ``max_len`` that add up to ``length``, as even as possible (None: none)."""
    k = -(-length // max_len)
    if 2 * k > length:
        return None
    q, r = divmod(length, k)
    return [q + 1] * r + [q] * (k - r)


def _cut_long(therms, max_len):
    """Cut every thermometer longer than ``max_len`` into pieces of 2 to ``max_len`` cells."""
    if all(len(t) <= max_len for t in therms):
        return therms
    out = []
    for t in therms:
        sizes = [len(t)] if len(t) <= max_len else _pieces(len(t), max_len)
        if sizes is None:
            return None
        start = 0
        for size in sizes:
            out.append(t[start:start + size])
            start += size
    return out


def _snake_tiling(nrows, ncols, rng, max_len):
    """Pieces of random lengths 2 to ``max_len`` of a path that snakes row by row through the board."""
    snake = [(r, c if r % 2 == 0 else ncols - 1 - c) for r in range(nrows) for c in range(ncols)]
    therms, start = [], 0
    while start < len(snake):
        left = len(snake) - start
        choices = [n for n in range(2, min(max_len, left) + 1) if left - n != 1]
        size = rng.choice(choices)
        therms.append(snake[start:start + size])
        start += size
    for t in therms:
        if rng.random() < 0.5:
            t.reverse()
    return therms


def _try_tiling(nrows, ncols, rng, max_len, bend):
    owner: dict[Cell, int] = {}
    therms: list[list[Cell]] = []
    for r in range(nrows):
        for c in range(ncols):
            if (r, c) in owner:
                continue
            path = [(r, c)]
            target = rng.randint(2, max_len)
            direction = rng.choice([(0, 1), (1, 0)])
            while len(path) < target:
                pr, pc = path[-1]
                options = [(pr + dr, pc + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
                options = [p for p in options if 0 <= p[0] < nrows and 0 <= p[1] < ncols
                           and p not in owner and p not in path]
                if not options:
                    break
                straight = (pr + direction[0], pc + direction[1])
                nxt = straight if straight in options and rng.random() > bend else rng.choice(options)
                direction = (nxt[0] - pr, nxt[1] - pc)
                path.append(nxt)
            if len(path) == 1 and not _attach(path[0], owner, therms):
                return None
            if len(path) > 1:
                for cell in path:
                    owner[cell] = len(therms)
                therms.append(path)
    for t in therms:
        if rng.random() < 0.5:
            t.reverse()
    return therms


def _attach(cell: Cell, owner, therms) -> bool:
    """Give a stranded single cell to a neighbouring thermometer (at an end, or by splitting it)."""
    r, c = cell
    for nb in ((r - 1, c), (r, c - 1), (r + 1, c), (r, c + 1)):
        if nb not in owner:
            continue
        t = owner[nb]
        cells = therms[t]
        k = cells.index(nb)
        if k == len(cells) - 1:
            cells.append(cell)
        elif k == 0:
            cells.insert(0, cell)
        elif len(cells) - k - 1 >= 2:  # split after nb: head + cell, and the rest stays a thermometer
            rest = cells[k + 1:]
            del cells[k + 1:]
            cells.append(cell)
            for other in rest:
                owner[other] = len(therms)
            therms.append(rest)
        elif k >= 2:  # split before nb: the head stays, cell joins nb and the tail
            tail = [cell, *cells[k:]]
            del cells[k:]
            for other in tail:
                owner[other] = len(therms)
            therms.append(tail)
            return True
        else:
            continue
        owner[cell] = t
        return True
    return False



def _check_options(size, default, max_len, bend) -> tuple[int, int]:
    nrows, ncols = check_size(size, default)
    check_int(max_len, "max_len", 2, MAX_CELLS)
    if isinstance(bend, bool) or not isinstance(bend, (int, float)) or not 0 <= bend <= 1:
        raise PuzzleError(f"bend: expected a number from 0 to 1, got {bend!r}")
    return nrows, ncols


def planted_puzzle(size=None, *, seed: int = 0, max_len: int = 5, bend: float = 0.3) -> tuple[Puzzle, Solution]:
    """A random board of ``size`` (n, or (rows, cols); 5x5 by default) and the planted filling its
    counts were taken from: thermometers of 2 to ``max_len`` cells (see :func:`random_tiling`), turning with chance ``bend`` where they could go straight, each filled
    to a random level."""
    nrows, ncols = _check_options(size, 5, max_len, bend)
    rng = random.Random(check_int(seed, "seed"))
    therms = random_tiling(nrows, ncols, rng, max_len, bend)
    grid = [[0] * ncols for _ in range(nrows)]
    for cells in therms:
        level = rng.randint(0, len(cells))
        for r, c in cells[:level]:
            grid[r][c] = 1
    rows = [sum(row) for row in grid]
    cols = [sum(grid[r][c] for r in range(nrows)) for c in range(ncols)]
    return Puzzle(rows, cols, therms), Solution(tuple(tuple(row) for row in grid))


def random_puzzle(size=None, *, seed: int = 0, max_len: int = 5, bend: float = 0.3) -> Puzzle:
    """A random board with at least one solution (planted; :func:`planted_puzzle` also returns it).

    Not necessarily unique: :func:`generate` makes boards with exactly one solution.
    """
    return planted_puzzle(size, seed=seed, max_len=max_len, bend=bend)[0]


# --------------------------------------------------------------------------------------------- #
# Boards with exactly one solution
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class UniquenessProof:
    """The result of the no-good search that proves a board unique: it asked for ``limit``
    fillings with ``solver`` and found exactly one (the second solve, with the cut that forbids the
    first filling, was infeasible)."""

    solver: str
    limit: int
    found: int

    @property
    def unique(self) -> bool:
        return self.found == 1


def _planted_state(nrows, ncols, rng, max_len, bend):
    therms = random_tiling(nrows, ncols, rng, max_len, bend)
    grid = [[0] * ncols for _ in range(nrows)]
    for cells in therms:
        for r, c in cells[:rng.randint(0, len(cells))]:
            grid[r][c] = 1
    rows = [sum(row) for row in grid]
    cols = [sum(grid[r][c] for r in range(nrows)) for c in range(ncols)]
    return therms, tuple(tuple(row) for row in grid), rows, cols


def _other(found, planted: Grid) -> Grid:
    return next(s.grid for s in found if s.grid != planted)


def merge_candidates(therms, planted: Grid, other: Grid) -> list[tuple[int, int]]:
    """Pairs ``(i, j)``: thermometer j can be appended to the tip of i, the planted filling keeps
    the new dependency x[tip i] >= x[bulb j], and the filling ``other`` breaks it."""
    bulbs = {cells[0]: j for j, cells in enumerate(therms)}
    found = []
    for i, cells in enumerate(therms):
        (r, c) = tip = cells[-1]
        for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = bulbs.get(nb)
            if j is None or j == i or not adjacent(tip, nb):
                continue
            (a, b) = nb
            if planted[r][c] >= planted[a][b] and other[r][c] < other[a][b]:
                found.append((i, j))
    return found


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             max_len: int = 8, bend: float = 0.3, solver: str | None = None, max_tilings: int = 200,
             progress: bool | None = None) -> Generated:
    """A board of ``size`` (n, or (rows, cols); 10x10 by default) with exactly one solution, proven
    by a no-good search (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the
    proof's work, its rating; ``generated.tilings``, ``generated.merges`` and ``generated.searches``
    say how the generator got there, ``generated.proof.found`` what the last search found).

    The same arguments give the same board (``seed`` fixes every random choice, and the solver is
    deterministic). ``difficulty``: "easy", "medium" or "hard" (see :mod:`puzzlelib.engine.rating`).
    ``progress``: a tqdm bar (None: only in a terminal, and only after a second; False in notebooks
    whose outputs are stored). ``time_limit`` bounds the whole call, every search included (None:
    the engine's default, ``$PUZZLELIB_TIME_LIMIT`` or 120 s); when it is spent the call stops with
    the library's time-limit SolverError.
    """
    nrows, ncols = _check_options(size, 10, max_len, bend)
    check_seed(seed)
    max_tilings = check_int(max_tilings, "max_tilings", 1, 10_000)
    if progress is not None:
        progress = check_flag(progress, "progress")
    name = solver_name(solver)
    from tqdm.auto import tqdm

    def make(seed: int, work: Work) -> Made:
        rng = random.Random(check_seed(seed))
        with tqdm(desc=f"generating a unique {nrows}x{ncols} board", unit=" searches", delay=1.0,
                  disable=None if progress is None else not progress, leave=False) as bar:
            for tiling in range(1, max_tilings + 1):
                longest = max_len + (tiling - 1) // 5  # every five failed tilings: longer thermometers
                therms, planted, rows, cols = _planted_state(nrows, ncols, rng, longest, bend)
                work.boards += 1
                merges = 0
                while True:
                    puzzle = Puzzle(rows, cols, therms)
                    found = work.second(puzzle, solver=name)
                    bar.update(1)
                    bar.set_postfix(tilings=tiling, merges=merges)
                    if len(found) == 1:
                        proof = UniquenessProof(solver=name, limit=2, found=1)
                        return Made(puzzle, found[0], {"tilings": tiling, "merges": merges,
                                                       "searches": work.searches}, proof)
                    candidates = merge_candidates(puzzle.thermometers, planted, _other(found, planted))
                    if not candidates:
                        break
                    i, j = rng.choice(candidates)
                    therms = list(puzzle.thermometers)
                    therms[i] = therms[i] + therms[j]
                    del therms[j]
                    merges += 1
                    work.repairs += 1
        raise PuzzleError(f"no unique {nrows}x{ncols} board found in {max_tilings} tilings: "
                          "raise max_tilings or max_len")

    # the searches go through this module's name ``solutions`` (the tests watch it there)
    table = kind_table(__package__)._replace(solutions=lambda puzzle, **kw: solutions(puzzle, **kw))
    return generate_with(table, (nrows, ncols), seed, difficulty, time_limit, make, search="mip")
