"""Random Binairo boards with a planted solution, and boards made unique by search.

``random_grid`` draws a full grid that keeps all three rules; ``planted_puzzle(size, seed=)`` keeps
some of its cells as givens (and, with ``unique=True``, adds givens of the planted grid until ``solutions``
proves it the only filling; with ``minimal=True`` then removes every given it can while the board
stays unique); ``random_puzzle`` is the same board without its grid.
"""

from __future__ import annotations

import functools
import random

from ..core.errors import PuzzleError
from ..core.validate import check_choice, check_flag, check_int
from ..engine.solver import solver_name
from .board import MAX_SIZE, Grid, Puzzle, Solution, empty
from .model import MODELS
from .model_sat import SatModel
from .solving import solutions
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with

#: The largest grid random_grid draws (no app has bigger boards).
MAX_RANDOM = 36
#: From this size on random_grid draws on the SAT search (``model_sat.py``, every cell's first guess
#: random): the cell-by-cell search took 1-16 s for 30x30 to 34x34 and failed on a 36x36 (seed 1),
#: the SAT draw takes 0.3 s for 30x30 and 1-4 s for 36x36. Smaller grids keep the cell-by-cell draw, so chapter
#: 3's boards (up to 18x18) and the exercises' stay the same.
SAT_GRID_FROM = 20


def random_grid(n: int = 6, seed: int | random.Random = 0) -> Grid:
    """A random full n x n grid that keeps all three rules.

    Cells are drawn in row-major order, each value in random order; a value is tried only if its
    row and its column can still be completed (:func:`completable`), and a search that runs long
    restarts. From ``SAT_GRID_FROM`` on, the SAT search of the rules draws it instead, starting
    from a random guess for every cell (:func:`_sat_grid`).
    """
    n = check_int(n, "n", 2, min(MAX_SIZE, MAX_RANDOM))
    if n % 2:
        raise PuzzleError(f"n: the size must be even, not {n}")
    rng = seed if isinstance(seed, random.Random) else random.Random(check_int(seed, "seed"))
    if n >= SAT_GRID_FROM:
        return _sat_grid(n, rng)
    for _ in range(1000):
        grid = _try_grid(n, rng)
        if grid is not None:
            return grid
    raise PuzzleError(f"no random {n}x{n} grid found")  # pragma: no cover - not seen in practice


def _sat_grid(n: int, rng: random.Random) -> Grid:
    """A full grid from the SAT search of the three rules, with a random first guess (phase) for each
    cell: the solver keeps a cell's guess until a rule forces it, so the grid follows the random draw
    wherever the rules allow, and the same seed gives the same grid."""
    sat = SatModel(empty(n), options={})  # CaDiCaL's own settings: 0.3 s for 30x30, 2-15 s with the proofs'
    try:
        # python-sat's phases: the value each variable is tried with first (SatSearch keeps its solver)
        sat.search.set_phases([v if rng.random() < 0.5 else -v for v in sat.x.values()])
        answer = sat.search.solve()
    finally:
        sat.search.close()
    if answer is None:  # pragma: no cover - every even size has fillings
        raise PuzzleError(f"no random {n}x{n} grid found")
    return sat.read(answer)


@functools.lru_cache(maxsize=None)
def _completions(n: int) -> frozenset[tuple[int, int, int, int]]:
    """Every state (filled, ones, last, run) of a line of n cells that can still be completed to
    a valid line (n/2 ones, no three equal), built backwards from the full lines without recursion."""
    half = n // 2
    good: set[tuple[int, int, int, int]] = set()
    for filled in range(n, -1, -1):
        for ones in range(0, min(filled, half) + 1):
            if filled - ones > half:
                continue
            for last in ((-1,) if filled == 0 else (0, 1)):
                for run in ((0,) if filled == 0 else (1, 2)):
                    state = (filled, ones, last, run)
                    if filled == n:
                        ok = ones == half
                    else:
                        ok = any(_extend(state, v) in good for v in (0, 1))
                    if ok:
                        good.add(state)
    return frozenset(good)


def completable(n: int, filled: int, ones: int, last: int, run: int) -> bool:
    """Can a line of n cells whose first ``filled`` cells hold ``ones`` ones and end in a run of
    ``run`` equal cells ``last`` be completed to a valid line?"""
    return (filled, ones, last, run) in _completions(n)


def _extend(state: tuple, v: int) -> tuple:
    filled, ones, last, run = state
    return filled + 1, ones + v, v, run + 1 if v == last else 1


def _try_grid(n: int, rng: random.Random, budget_per_cell: int = 5) -> Grid | None:
    """One randomized depth-first search (iterative) with a step budget; None when it runs out."""
    cells = n * n
    grid = [[0] * n for _ in range(n)]
    start = (0, 0, -1, 0)  # a line's state: cells filled, ones, last value, length of its run
    row_state, col_state = [start] * cells, [start] * cells  # after each cell is placed
    options: list[list[int]] = [[] for _ in range(cells)]  # values still to try at each cell
    k, budget = 0, budget_per_cell * cells
    options[0] = rng.sample((0, 1), 2)
    while 0 <= k < cells:
        budget -= 1
        if budget < 0:
            return None
        r, c = divmod(k, n)
        if not options[k]:
            k -= 1  # every value failed here: back up one cell
            continue
        v = options[k].pop()
        row = _extend(row_state[k - 1] if c else start, v)
        col = _extend(col_state[k - n] if r else start, v)
        if not (completable(n, *row) and completable(n, *col)):
            continue
        grid[r][c] = v
        if c == n - 1 and any(grid[r] == grid[i] for i in range(r)):
            continue
        if r == n - 1 and any(all(grid[i][c] == grid[i][j] for i in range(n)) for j in range(c)):
            continue
        row_state[k], col_state[k] = row, col
        k += 1
        if k < cells:
            options[k] = rng.sample((0, 1), 2)
    return tuple(tuple(row) for row in grid) if k == cells else None


def planted_puzzle(size: int | None = None, *, seed: int = 0, density: float = 0.4, unique: bool = False,
                   solver: str | None = None, model: str | None = None,
                   minimal: bool = False) -> tuple[Puzzle, Solution]:
    """A random ``size`` x ``size`` board (6x6 by default) and the planted grid its givens were taken from.

    About ``density`` of the cells are given. With ``unique=True`` more givens of the planted grid
    are added until the board has one solution (each step a ``solutions(limit=2)`` search: on the
    SAT solver, or on the integer program when ``model`` or ``solver`` is named). ``minimal=True``
    (which implies ``unique``) then removes givens, in random order, while the board stays unique,
    so that every given left is needed: the boards puzzle books print.
    """
    n = 6 if size is None else size
    rng = random.Random(check_int(seed, "seed"))
    unique = check_flag(unique, "unique")
    minimal = check_flag(minimal, "minimal")
    solver_name(solver)  # a wrong solver or model is refused even when no search runs
    if model is not None:
        check_choice(model, MODELS, "model")
    if isinstance(density, bool) or not isinstance(density, (int, float)) or not 0 <= density <= 1:
        raise PuzzleError(f"density: expected a fraction from 0 to 1, got {density!r}")
    grid = random_grid(n, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    keep = set(rng.sample(cells, round(density * n * n)))
    givens = [[grid[r][c] if (r, c) in keep else None for c in range(n)] for r in range(n)]
    puzzle = Puzzle(givens)
    options = {} if model is None else {"model": model}
    if solver is None and model is None:
        if unique or minimal:
            givens = _unique_sat(givens, grid, rng, minimal)
        return Puzzle(givens), Solution(grid)
    while unique or minimal:
        found = solutions(puzzle, limit=2, solver=solver, **options)
        if len(found) == 1:
            break
        other = next(s for s in found if s.grid != grid)
        differ = [(r, c) for r, c in cells if other.grid[r][c] != grid[r][c]]
        r, c = rng.choice(differ)
        givens[r][c] = grid[r][c]
        puzzle = Puzzle(givens)
    if minimal:
        order = sorted(puzzle.given_cells())
        rng.shuffle(order)
        for r, c in order:  # remove each given unless a second filling appears without it
            givens[r][c] = None
            if len(solutions(Puzzle(givens), limit=2, solver=solver, **options)) > 1:
                givens[r][c] = grid[r][c]
        puzzle = Puzzle(givens)
    return puzzle, Solution(grid)


def _unique_sat(givens: list, grid: Grid, rng: random.Random, minimal: bool) -> list:
    """The ``unique`` and ``minimal`` steps of :func:`planted_puzzle` on one SAT search: the rules
    without givens, the planted grid forbidden, the givens as assumptions. "Unique" is then "no model
    under the givens", a model is a second filling to tell apart, and every clause learnt in one
    test serves the next (the same steps as the integer program's, each a search)."""
    n = len(grid)
    sat = SatModel(empty(n))
    sat.forbid(grid)

    def lit(r, c):
        return sat.x[r, c] if grid[r][c] else -sat.x[r, c]

    given = {(r, c): lit(r, c) for r in range(n) for c in range(n) if givens[r][c] is not None}
    try:
        while (answer := sat.search.solve(assumptions=list(given.values()))) is not None:
            other = sat.read(answer)
            r, c = rng.choice([(r, c) for r in range(n) for c in range(n) if other[r][c] != grid[r][c]])
            given[r, c] = lit(r, c)
        if minimal:
            order = sorted(given)
            rng.shuffle(order)
            for cell in order:
                kept = given.pop(cell)
                if sat.search.solve(assumptions=list(given.values())) is not None:
                    given[cell] = kept  # a second filling without it: this given is needed
    finally:
        sat.search.close()
    return [[grid[r][c] if (r, c) in given else None for c in range(n)] for r in range(n)]


def random_puzzle(size: int | None = None, *, seed: int = 0, density: float = 0.4, unique: bool = False,
                  solver: str | None = None, model: str | None = None, minimal: bool = False) -> Puzzle:
    """A random board with at least one solution (see :func:`planted_puzzle`, which also gives it)."""
    return planted_puzzle(size, seed=seed, density=density, unique=unique, solver=solver, model=model,
                          minimal=minimal)[0]


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             density: float = 0.4) -> Generated:
    """A board with exactly one filling, proven by search (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call).

    A planted grid with about ``density`` of its cells given (:func:`planted_puzzle` with
    ``unique=True``); while a second filling exists, a given of the planted grid is added where it
    differs (each given removes that filling and keeps the planted one), on one SAT search whose
    learnt clauses serve every step; then the puzzle's ``solutions(limit=2)`` proves it again."""
    n = 6 if size is None else check_int(size, "size", 2, MAX_SIZE)
    check_int(seed, "seed")
    planted_puzzle(n, seed=seed, density=density)  # checks the size and density

    def make(seed: int, work: Work) -> Made:
        work.check()
        puzzle, _ = planted_puzzle(n, seed=seed, density=density, unique=True)
        work.boards += 1
        work.repairs += sum(v is not None for row in puzzle.givens for v in row) - round(density * n * n)
        one = work.unique(puzzle)  # the proof, on the puzzle's own search
        if one is None:  # pragma: no cover - the SAT steps above proved it already
            raise PuzzleError("binairo: the givens added did not make the board unique")
        return Made(puzzle, one)

    return generate_with(__package__, n, seed, difficulty, time_limit, make, search="sat")
