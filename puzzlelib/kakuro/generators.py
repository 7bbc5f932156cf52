"""Random Kakuro boards with a planted solution (not necessarily unique)."""

from __future__ import annotations

import heapq
import random

from ..core.errors import PuzzleError
from ..core.validate import check_int
from .board import MAX_SIDE, Puzzle, Solution
from .formats import cell_text
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with


def random_puzzle(size=None, *, seed: int = 0, black: float = 0.25, max_run: int = 5) -> Puzzle:
    """A playing area of ``size`` (n: n x n; a pair: rows x cols; None: 5 x 5), plus the clue row
    and column, with a planted solution.

    Interior cells turn black with probability ``black``; white runs of one cell are blacked out
    and runs longer than ``max_run`` are cut. Digits are drawn at random, no digit twice in a run,
    and each clue is the sum of its run. The board has a solution (the planted one, see
    :func:`planted_puzzle`); it need not be unique.
    """
    return planted_puzzle(size, seed=seed, black=black, max_run=max_run)[0]


def planted_puzzle(size=None, *, seed: int = 0, black: float = 0.25,
                   max_run: int = 5) -> tuple[Puzzle, Solution]:
    """The board of :func:`random_puzzle` and the solution planted in it."""
    rows, cols = _size(size)
    seed = check_int(seed, "seed")
    max_run = check_int(max_run, "max_run", 2, 9)
    if isinstance(black, bool) or not isinstance(black, (int, float)) or not 0 <= black < 0.9:
        raise PuzzleError(f"black: expected a fraction from 0 to 0.9, got {black!r}")
    rng = random.Random(f"kakuro {rows}x{cols} {seed}")  # a string seed: the same board on every run
    for _ in range(200):
        white = _pattern(rows, cols, rng, black, max_run)
        if not white:
            continue
        digits = _fill(white, rng)
        if digits is not None:
            return _board(rows, cols, digits), Solution(_grid(rows, cols, digits))
    raise PuzzleError("could not make a board with these settings: lower black or max_run")  # pragma: no cover


def _size(size) -> tuple[int, int]:
    """The playing area's (rows, cols) from ``size``: None, an int n or a pair."""
    if size is None:
        return 5, 5
    if isinstance(size, (tuple, list)) and len(size) == 2:
        rows, cols = size
    elif isinstance(size, (tuple, list)):
        raise PuzzleError(f"size: expected n or (rows, cols), got {len(size)} numbers")
    else:
        rows = cols = size
    return check_int(rows, "rows", 2, MAX_SIDE - 1), check_int(cols, "cols", 2, MAX_SIDE - 1)


def _pattern(rows, cols, rng, black, max_run) -> set:
    """White cells of the playing area (1-based: row 0 and column 0 are the clue frame).

    Random black cells; then a white cell alone in its row (or column) run borrows the black
    neighbour beside it (or above or below) when that keeps every run within ``max_run``, and is
    blacked out otherwise; runs longer than ``max_run`` are cut. Each repair either adds a cell
    to a run or removes one, and the number of rounds is bounded.
    """
    area = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)}
    white = {cell for cell in sorted(area) if rng.random() >= black}
    runs = _RunIndex(white, max_run)
    for _ in range(4 * rows * cols):
        long = runs.first(LONG)
        if long:
            run = long[0]
            runs.remove(run[rng.randrange(1, len(run) - 1)])
            continue
        lone = runs.first(LONE)
        if not lone:
            return white
        (r, c), across = lone[0][0], lone[1]
        options = [(r, c - 1), (r, c + 1)] if across else [(r - 1, c), (r + 1, c)]
        options = [cell for cell in options if cell in area and cell not in white]
        rng.shuffle(options)
        for cell in options:
            # no run is too long here, so only the two runs through the added cell can become so
            if all(_span(white, cell, step) <= max_run for step in STEPS):
                runs.add(cell)
                break
        else:
            runs.remove((r, c))
    return set(_prune(dict.fromkeys(white, 0)))


#: The directions of runs, in the order :func:`_runs` lists them: across, then down.
STEPS = ((0, 1), (1, 0))


def _run_through(white: set, cell, step) -> list:
    """The run of ``white`` through ``cell`` (white) in direction ``step``, from its first cell."""
    dr, dc = step
    r, c = cell
    while (r - dr, c - dc) in white:
        r, c = r - dr, c - dc
    run = []
    while (r, c) in white:
        run.append((r, c))
        r, c = r + dr, c + dc
    return run


def _span(white: set, cell, step) -> int:
    """The length of the run ``cell`` (not white) would make in direction ``step`` if it turned white."""
    dr, dc = step
    length = 1
    for sign in (-1, 1):
        r, c = cell[0] + sign * dr, cell[1] + sign * dc
        while (r, c) in white:
            length += 1
            r, c = r + sign * dr, c + sign * dc
    return length


#: The two kinds of run the repair loop looks for: too long, and alone (one cell).
LONG, LONE = "long", "lone"


class _RunIndex:
    """The runs of a set of white cells by first cell and direction, kept up to date as cells come
    and go (only the runs through a changed cell change), so that finding the first run of some
    length in :func:`_runs`'s order costs no walk over the whole board (issue 30: the walk made
    ``random_puzzle(59)`` take hours). The first long run and the first lone run come from a heap
    of run starts per direction and kind (issue 29: scanning every run each round cost n^4); an
    entry whose run has changed since is dropped when it reaches the top."""

    def __init__(self, white: set, max_run: int):
        self.white, self.max_run = white, max_run
        self.length = {step: {} for step in STEPS}  # step -> first cell -> run length
        self.heaps = {(step, kind): [] for step in STEPS for kind in (LONG, LONE)}
        for step in STEPS:
            for run in _runs_in(white, step):
                self._record(step, run)

    def _record(self, step, run) -> None:
        self.length[step][run[0]] = len(run)
        if len(run) > self.max_run:
            heapq.heappush(self.heaps[step, LONG], run[0])
        elif len(run) == 1:
            heapq.heappush(self.heaps[step, LONE], run[0])

    def first(self, kind: str):
        """(the run, True if across) of the first run longer than ``max_run`` (``LONG``) or of one
        cell (``LONE``), in :func:`_runs`'s order, or None."""
        for step in STEPS:
            heap, lengths = self.heaps[step, kind], self.length[step]
            while heap:
                n = lengths.get(heap[0])
                if n is not None and (n > self.max_run if kind == LONG else n == 1):
                    return _run_through(self.white, heap[0], step), step == (0, 1)
                heapq.heappop(heap)  # gone, or no longer of this kind (a run only changes by a _record)
        return None

    def add(self, cell) -> None:
        self._change(cell, self.white.add)

    def remove(self, cell) -> None:
        self._change(cell, self.white.discard)

    def _change(self, cell, how) -> None:
        r, c = cell
        touched = {step: [(r - step[0], c - step[1]), cell, (r + step[0], c + step[1])] for step in STEPS}
        for step in STEPS:
            for near in touched[step]:
                if near in self.white:
                    self.length[step].pop(_run_through(self.white, near, step)[0], None)
        how(cell)
        for step in STEPS:
            for near in touched[step]:
                if near in self.white:
                    self._record(step, _run_through(self.white, near, step))


def _runs_in(white: set, step) -> list:
    """Maximal runs of ``white`` in direction ``step``, by first cell in reading order."""
    dr, dc = step
    return [_run_through(white, (r, c), step) for r, c in sorted(white) if (r - dr, c - dc) not in white]


def _prune(cells: dict) -> dict:
    """Drop white cells that are alone in their row or column run, until none is."""
    cells = dict(cells)
    while True:
        lone = [cell for run in _runs(set(cells)) if len(run) == 1 for cell in run]
        if not lone:
            return cells
        for cell in lone:
            cells.pop(cell, None)


def _runs(white: set, with_direction: bool = False) -> list:
    """Maximal across and down runs of a set of cells (with True for across, if asked)."""
    runs = []
    for dr, dc in ((0, 1), (1, 0)):
        for r, c in sorted(white):
            if (r - dr, c - dc) in white:
                continue
            run = []
            while (r, c) in white:
                run.append((r, c))
                r, c = r + dr, c + dc
            runs.append((run, dc == 1) if with_direction else run)
    return runs


def _fill(white: set, rng) -> dict | None:
    """Random digits, none twice in a run, cell by cell; None when a cell is left without a digit."""
    for _ in range(50):
        digits: dict = {}
        for r, c in sorted(white):
            free = [d for d in range(1, 10) if d not in _beyond(white, digits, r, c)]
            if not free:
                break
            digits[r, c] = rng.choice(free)
        else:
            return digits
    return None


def _beyond(white, digits, r, c) -> set:
    """Digits already in the same across run left of (r, c) and down run above it (contiguous)."""
    taken = set()
    k = c - 1
    while (r, k) in white:
        taken.add(digits[r, k])
        k -= 1
    k = r - 1
    while (k, c) in white:
        taken.add(digits[k, c])
        k -= 1
    return taken


def _board(rows: int, cols: int, digits: dict) -> Puzzle:
    """The puzzle whose clues are the sums of the planted digits."""
    cells = [["#"] * (cols + 1) for _ in range(rows + 1)]
    for cell in digits:
        cells[cell[0]][cell[1]] = "."
    for r in range(rows + 1):
        for c in range(cols + 1):
            if cells[r][c] == ".":
                continue
            down = _sum(digits, r + 1, c, 1, 0)
            across = _sum(digits, r, c + 1, 0, 1)
            cells[r][c] = cell_text(down, across)
    return Puzzle(cells)


def _sum(digits, r, c, dr, dc) -> int | None:
    total = 0
    while (r, c) in digits:
        total += digits[r, c]
        r, c = r + dr, c + dc
    return total or None


def _grid(rows: int, cols: int, digits: dict):
    return tuple(tuple(digits.get((r, c), 0) for c in range(cols + 1)) for r in range(rows + 1))


#: A board keeps at least this share of its planted white cells while :func:`generate` repairs it.
KEEP = 0.6
#: Repairs of one board before the next is drawn.
REPAIRS = 60
#: The chapter's share of black cells.
BLACK = 0.3


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             black: float = BLACK, tries: int = 100) -> Generated:
    """A board with exactly one filling, proven by search (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call).

    Random clues rarely make a unique Kakuro, so each board is repaired from its planted digits:
    while a second filling exists, a cell where it differs is blacked out (when that leaves no run
    of one cell and keeps :data:`KEEP` of the white cells), or else given another digit (one no
    other cell of its runs holds, chosen so that its runs' totals allow the fewest digit sets), and
    the clues are summed again. Each step removes that second filling; after :data:`REPAIRS` steps
    the next planted board is drawn (PuzzleError after ``tries`` boards)."""
    rows, cols = _size(size)
    check_int(seed, "seed")
    tries = check_int(tries, "tries", 1, 100_000)
    planted_puzzle((rows, cols), seed=seed, black=black)  # checks the options

    def make(seed: int, work: Work) -> Made:
        rng = random.Random(f"kakuro {seed}")
        for k in range(tries):
            work.check()
            _, planted = planted_puzzle((rows, cols), seed=seed * 100_003 + k, black=black)
            work.boards += 1
            found = _repaired(planted, rng, work)
            if found is not None:
                return Made(*found)
        raise PuzzleError(f"no unique {rows}x{cols} Kakuro in {tries} boards: allow more tries")

    return generate_with(__package__, (rows, cols), seed, difficulty, time_limit, make, search="sat")


def _repaired(planted: Solution, rng: random.Random, work: Work):
    from .board import combinations

    shape = (len(planted.grid), len(planted.grid[0]))
    digits = {(r, c): v for r, row in enumerate(planted.grid) for c, v in enumerate(row) if v}
    start = len(digits)
    for _ in range(REPAIRS):
        work.check()
        puzzle = _board_of(shape, digits)
        found = work.second(puzzle)
        if len(found) == 1:
            return puzzle, found[0]
        other = next(s for s in found if any(s.grid[r][c] != v for (r, c), v in digits.items()))
        differ = [cell for cell in sorted(digits) if other.grid[cell[0]][cell[1]] != digits[cell]]
        black = [cell for cell in differ if len(digits) - 1 >= KEEP * start
                 and not any(len(run) == 1 for mate in _run_mates(digits, cell)
                             for run in _runs_of({k: v for k, v in digits.items() if k != cell}, mate))]
        work.repairs += 1
        if black:
            del digits[rng.choice(black)]
            continue
        cell = rng.choice(differ)
        taken = {digits[mate] for mate in _run_mates(digits, cell)} | {digits[cell]}
        options = [d for d in range(1, 10) if d not in taken]
        if not options:
            continue
        costs = {d: _digit_sets(combinations, {**digits, cell: d}, cell) for d in options}
        least = min(costs.values())
        digits[cell] = rng.choice([d for d in options if costs[d] == least])
    return None


def _board_of(shape, digits) -> Puzzle:
    """The Kakuro whose white cells are ``digits``' cells and whose clues are their runs' sums."""
    rows, cols = shape

    def total(r, c, dr, dc):
        s = 0
        while (r, c) in digits:
            s += digits[r, c]
            r, c = r + dr, c + dc
        return s or None

    return Puzzle([["." if (r, c) in digits else cell_text(total(r + 1, c, 1, 0), total(r, c + 1, 0, 1))
                    for c in range(cols)] for r in range(rows)])


def _runs_of(cells, cell) -> list[list]:
    """The across and down runs of ``cells`` through ``cell``."""
    runs = []
    for dr, dc in ((0, 1), (1, 0)):
        r, c = cell
        while (r - dr, c - dc) in cells:
            r, c = r - dr, c - dc
        run = []
        while (r, c) in cells:
            run.append((r, c))
            r, c = r + dr, c + dc
        runs.append(run)
    return runs


def _run_mates(cells, cell) -> set:
    return {mate for run in _runs_of(cells, cell) for mate in run if mate != cell}


def _digit_sets(combinations, digits, cell) -> int:
    """How many sets of digits the totals of ``cell``'s two runs allow, multiplied."""
    count = 1
    for run in _runs_of(digits, cell):
        count *= len(combinations(sum(digits[x] for x in run), len(run)))
    return count
