"""Binary Sudoku (Binairo, Takuzu) as a 0/1 program (Hartmann 2019; Jandhyala, chapter 51).

Rules. Fill an n x n grid (n even) with zeros and ones so that

1. every row and every column holds as many ones as zeros (n/2 of each);
2. no three neighbouring cells in a row or a column are equal;
3. no two rows are equal, and no two columns are equal.

Some cells are given. Coordinates are ``(row, col)``, 0-based, row 0 at the top.

Rule 3 is the interesting one for integer programming, and :func:`build_model` states it two ways
(``distinct=``):

* ``"exact"`` (the default): for every pair of lines and every position, a difference indicator
  ``d = |x - x'|`` written as the four inequalities of an XOR, and ``sum d >= 1``. No coefficient
  is larger than 2, so the solver's tolerances cannot blur it.
* ``"bigm"``: Hartmann's device. Read a line as a binary number ``R = sum_j 2^j x_j``; a binary
  ``y`` per pair of lines picks which number is larger, and ``M = 2^n`` switches the two bounds
  ``R - R' >= 1 - M(1 - y)`` and ``R' - R >= 1 - M y`` on and off. Correct on paper, but for
  n >= 20 the coefficient ``1/M`` falls below the solver's integrality tolerance (about 1e-6),
  so a "binary" y = 2^-n passes as 0 and equal lines slip through. Chapter 3 shows it.
* ``None``: rule 3 left out (to count how many fillings it removes).

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    binairo
    1...1.
    ..1..0
    .1.1..
    0...1.
    ..1..1
    .1.0..

The first line names the puzzle; then one line per row, one character per cell: ``0``, ``1``, or
``.`` for an empty cell (spaces inside a row are ignored). Lines starting with ``#`` are comments.

The Puzzle Team task string (puzzle-binairo.com) is read by :meth:`Puzzle.from_puzzleteam`: the
cells in row-major order, ``0``/``1`` for a given, a lowercase letter for a run of
``ord(letter) - 96`` empty cells (``a`` = 1, ..., ``z`` = 26); the size is the square root of the
number of cells.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

import pulp

from .core.drawing import BAD, INK, add_patches, circles, font_size, new_board_axes
from .core.enumeration import enumerate_solutions
from .core.errors import NoSolution, PuzzleError, SolverError
from .core.solver import add_binary, add_integer, new_problem, solve_model, value01

KIND = "binairo"

#: The 6x6 of Jandhyala's chapter (seed 003, twelve givens): chapter 3's board, the editor's default.
SEED_BOARD = """binairo
1...1.
..1..0
.1.1..
0...1.
..1..1
.1.0..
"""
Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]
FORMULATIONS = ("exact", "bigm", None)
EMPTY = "."


# --------------------------------------------------------------------------------------------- #
# The puzzle
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Puzzle:
    """A Binairo board: ``givens[r][c]`` is 0, 1 or None (empty); checked on construction."""

    givens: tuple[tuple[int | None, ...], ...]

    def __init__(self, givens: Sequence[Sequence[int | None] | str]):
        if isinstance(givens, str):
            raise PuzzleError("givens must be a list of rows; use Puzzle.from_text for text")
        rows = []
        for r, row in enumerate(givens):
            if isinstance(row, str):
                row = [_cell_from_char(ch, f"row {r}, col {c}") for c, ch in enumerate(row)]
            try:
                rows.append(tuple(_cell_value(v, (r, c)) for c, v in enumerate(row)))
            except TypeError:
                raise PuzzleError(f"row {r}: {row!r} is not a sequence of cells") from None
        object.__setattr__(self, "givens", tuple(rows))
        self._validate()

    @property
    def size(self) -> int:
        return len(self.givens)

    @property
    def shape(self) -> tuple[int, int]:
        return self.size, self.size

    def given_cells(self) -> dict[Cell, int]:
        """The givens as ``{(row, col): value}``."""
        return {(r, c): v for r, row in enumerate(self.givens) for c, v in enumerate(row) if v is not None}

    def _validate(self) -> None:
        n = self.size
        if n == 0:
            raise PuzzleError("the board has no rows")
        for r, row in enumerate(self.givens):
            if len(row) != n:
                raise PuzzleError(f"row {r} has {len(row)} cells, but the board has {n} rows "
                                  "and must be square")
        if n % 2:
            raise PuzzleError(f"the board is {n}x{n}: Binairo needs an even size, so that every "
                              "line can hold as many ones as zeros")
        for kind, lines in (("row", _rows(self.givens)), ("col", _cols(self.givens))):
            for i, line in enumerate(lines):
                _check_line(kind, i, line)
            full = {}
            for i, line in enumerate(lines):
                if None in line:
                    continue
                if line in full:
                    raise PuzzleError(f"{kind}s {full[line]} and {i} are both given in full as "
                                      f"{_line_text(line)}; no two {kind}s may be equal")
                full[line] = i

    # -- text formats ---------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Puzzle:
        lines = [(n, "".join(ln.split())) for n, ln in enumerate(text.splitlines(), 1)
                 if ln.strip() and not ln.strip().startswith("#")]
        if lines and lines[0][1].lower() == KIND:
            lines = lines[1:]
        if not lines:
            raise PuzzleError("expected one line per row of the board (0, 1 or '.' per cell)")
        rows = []
        for r, (n, line) in enumerate(lines):
            rows.append([_cell_from_char(ch, f"line {n}, col {c}") for c, ch in enumerate(line)])
            if len(line) != len(lines[0][1]):
                raise PuzzleError(f"line {n}: {len(line)} cells, but the first row has {len(lines[0][1])}")
        if len(rows) != len(rows[0]):
            raise PuzzleError(f"the board has {len(rows)} rows of {len(rows[0])} cells; it must be square")
        return cls(rows)

    def to_text(self) -> str:
        return "\n".join([KIND, *(_line_text(row) for row in self.givens)]) + "\n"

    @classmethod
    def from_puzzleteam(cls, task: str) -> Puzzle:
        """Read a puzzle-binairo.com task string (see the module docstring)."""
        task = task.strip()
        cells: list[int | None] = []
        for pos, ch in enumerate(task):
            if ch in "01":
                cells.append(int(ch))
            elif "a" <= ch <= "z":
                cells.extend([None] * (ord(ch) - 96))
            else:
                raise PuzzleError(f"task string: character {ch!r} at position {pos} is not 0, 1 "
                                  "or a lowercase letter (a run of empty cells)")
        n = math.isqrt(len(cells))
        if n * n != len(cells) or n == 0:
            raise PuzzleError(f"task string: {len(cells)} cells do not make a square board")
        return cls([cells[r * n:(r + 1) * n] for r in range(n)])

    def to_puzzleteam(self) -> str:
        """The task string of this board (runs of empty cells as letters, at most ``z`` = 26)."""
        out, run = [], 0
        for v in itertools.chain.from_iterable(self.givens):
            if v is None:
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(96 + run))
                run = 0
            out.append(str(v))
        if run:
            out.append(chr(96 + run))
        return "".join(out)


def _cell_value(v, cell: Cell):
    if v is None:
        return None
    if isinstance(v, bool) or v not in (0, 1):
        raise PuzzleError(f"cell {cell}: {v!r} is not 0, 1 or None (empty)")
    return int(v)


def _cell_from_char(ch: str, where: str):
    if ch in "01":
        return int(ch)
    if ch in ".-_ ":
        return None
    raise PuzzleError(f"{where}: {ch!r} is not 0, 1 or '.' (empty)")


def _rows(grid):
    return [tuple(row) for row in grid]


def _cols(grid):
    return [tuple(col) for col in zip(*grid)]


def _line_text(line) -> str:
    return "".join(EMPTY if v is None else str(v) for v in line)


def _cell(kind: str, i: int, k: int) -> Cell:
    """Position k of row i or of column i."""
    return (i, k) if kind == "row" else (k, i)


def _check_line(kind: str, i: int, line) -> None:
    """Givens that already break rule 1 or 2 on their own."""
    n = len(line)
    for value in (0, 1):
        have = sum(1 for v in line if v == value)
        if have > n // 2:
            word = "ones" if value else "zeros"
            raise PuzzleError(f"{kind} {i} has {have} {word} given, but a {kind} of {n} cells holds "
                              f"exactly {n // 2} {word}")
    for k in range(n - 2):
        if line[k] is not None and line[k] == line[k + 1] == line[k + 2]:
            cells = ", ".join(str(_cell(kind, i, k + t)) for t in range(3))
            raise PuzzleError(f"{kind} {i}: cells {cells} are all given as {line[k]}; "
                              "no three neighbouring cells may be equal")


# --------------------------------------------------------------------------------------------- #
# The model
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Solution:
    grid: Grid

    def __str__(self) -> str:
        return "\n".join(_line_text(row) for row in self.grid)

    def numbers(self) -> tuple[list[int], list[int]]:
        """Rows and columns read as binary numbers (cell j of a line weighs 2^j), as in the big-M model."""
        return [line_number(row) for row in self.grid], [line_number(col) for col in zip(*self.grid)]


def line_number(line: Sequence[int]) -> int:
    """A line read as a binary number, its first cell the lowest bit: sum_j 2^j x_j."""
    return sum(v << j for j, v in enumerate(line))


def build_model(puzzle: Puzzle, distinct: str | None = "exact"):
    """The 0/1 program: x[i, j] = 1 when cell (i, j) holds a one.

    Constraints (names as in the chapter): ``given_i_j``; ``row_half_i`` / ``col_half_j`` (rule
    1); ``row_i_no000_j`` / ``row_i_no111_j`` and the column twins (rule 2: every window of three
    sums to 1 or 2); rule 3 as chosen by ``distinct`` ("exact", "bigm" or None, see the module
    docstring). Returns ``(problem, x)``.
    """
    if distinct not in FORMULATIONS:
        raise ValueError(f"distinct must be one of {FORMULATIONS}, not {distinct!r}")
    n = puzzle.size
    problem = new_problem("binairo")
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(n) for j in range(n)}
    for (i, j), v in puzzle.given_cells().items():
        problem += x[i, j] == v, f"given_{i}_{j}"
    rows = [[x[i, j] for j in range(n)] for i in range(n)]
    cols = [[x[i, j] for i in range(n)] for j in range(n)]
    for kind, lines in (("row", rows), ("col", cols)):
        for i, line in enumerate(lines):
            problem += pulp.lpSum(line) == n // 2, f"{kind}_half_{i}"
            for k in range(n - 2):
                window = pulp.lpSum(line[k:k + 3])
                problem += window >= 1, f"{kind}_{i}_no000_{k}"
                problem += window <= 2, f"{kind}_{i}_no111_{k}"
        if distinct == "exact":
            add_distinct_exact(problem, kind, lines)
        elif distinct == "bigm":
            add_distinct_bigm(problem, kind, lines)
    return problem, x


def add_distinct_exact(problem: pulp.LpProblem, kind: str, lines) -> None:
    """Lines a and b differ: d_j = |x_aj - x_bj| (the XOR inequalities) and sum_j d_j >= 1.

    The two upper bounds make it exact: where x_aj = x_bj they force d_j = 0, so if the lines are
    equal no d can reach the sum of 1. The two lower bounds pin d_j to the XOR, so d reads as
    "the lines differ here". With x integer d is 0 or 1 anyway; declaring it binary lets the
    solver branch and probe on it (CBC proves the chapter's infeasible boards far faster so).
    """
    for a, b in itertools.combinations(range(len(lines)), 2):
        d = []
        for j, (u, v) in enumerate(zip(lines[a], lines[b])):
            dj = add_binary(problem, f"d_{kind}_{a}_{b}_{j}")
            problem += dj <= u + v, f"{kind}s_{a}_{b}_d{j}_le_sum"
            problem += dj <= 2 - u - v, f"{kind}s_{a}_{b}_d{j}_le_2_minus_sum"
            problem += dj >= u - v, f"{kind}s_{a}_{b}_d{j}_ge_diff"
            problem += dj >= v - u, f"{kind}s_{a}_{b}_d{j}_ge_rdiff"
            d.append(dj)
        problem += pulp.lpSum(d) >= 1, f"{kind}s_{a}_{b}_differ"


def add_distinct_bigm(problem: pulp.LpProblem, kind: str, lines) -> None:
    """Hartmann's big-M, with each line bound to its number as in the seed's listing.

    R_a = sum_j 2^j x_aj is an integer variable; y_ab = 1 means R_a > R_b, y_ab = 0 means R_b > R_a.
    """
    n = len(lines)
    big_m = 2 ** n
    number = []
    for a, line in enumerate(lines):
        r = add_integer(problem, f"R_{kind}_{a}", 0, 2 ** n - 1)
        problem += r == pulp.lpSum((2 ** j) * v for j, v in enumerate(line)), f"{kind}_{a}_number"
        number.append(r)
    for a, b in itertools.combinations(range(n), 2):
        y = add_binary(problem, f"y_{kind}_{a}_{b}")
        problem += number[a] - number[b] >= 1 - big_m * (1 - y), f"{kind}s_{a}_{b}_a_larger"
        problem += number[b] - number[a] >= 1 - big_m * y, f"{kind}s_{a}_{b}_b_larger"


def read_grid(puzzle: Puzzle, x) -> Grid:
    n = puzzle.size
    return tuple(tuple(value01(x[i, j]) for j in range(n)) for i in range(n))


def solve(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None,
          distinct: str | None = "exact", check: bool = True) -> Solution:
    """The filling of the board; raises NoSolution (with a reason when one is found).

    With ``check`` (the default) the answer is verified without the solver, and an answer that
    breaks a rule (the big-M model on large boards) raises SolverError instead of reaching you.
    """
    problem, x = build_model(puzzle, distinct)
    try:
        solve_model(problem, solver=solver, time_limit=time_limit)
    except NoSolution:
        raise NoSolution("no filling keeps every rule", explain_infeasible(puzzle, solver, distinct)) from None
    solution = Solution(read_grid(puzzle, x))
    if check:
        broken = verify(puzzle, solution, distinct=distinct is not None)
        if broken:
            raise SolverError("the solver returned a filling that breaks a rule (numerical trouble): "
                              + "; ".join(broken))
    return solution


def solutions(puzzle: Puzzle, limit: int = 2, solver: str | None = None,
              time_limit: float | None = None, distinct: str | None = "exact") -> list[Solution]:
    """Up to ``limit`` different fillings, found with no-good cuts; one answer proves uniqueness."""
    problem, x = build_model(puzzle, distinct)
    return enumerate_solutions(problem, x.values(), lambda: Solution(read_grid(puzzle, x)),
                               limit, solver, time_limit)


def explain_infeasible(puzzle: Puzzle, solver: str | None = None, distinct: str | None = "exact") -> str | None:
    """Why there is no filling, when the rules show it: is rule 3 to blame, or already rules 1-2?"""
    if distinct is None:
        return "the givens contradict the balance and no-three rules"
    problem, _ = build_model(puzzle, None)
    try:
        solve_model(problem, solver=solver)
    except (NoSolution, SolverError):
        return "the givens contradict the balance and no-three rules, before distinctness"
    return ("the givens allow fillings that keep the balance and no-three rules, but each of them "
            "repeats a row or a column")


# --------------------------------------------------------------------------------------------- #
# The rules, checked without a solver
# --------------------------------------------------------------------------------------------- #
def verify(puzzle: Puzzle, grid, distinct: bool = True) -> list[str]:
    """Every broken rule in words; ``[]`` means the grid is a solution.

    ``distinct=False`` skips rule 3 (for the experiments that drop it).
    """
    grid = _as_grid(grid)
    n = puzzle.size
    if len(grid) != n or any(len(row) != n for row in grid):
        return [f"the grid must have {n} rows of {n} cells"]
    problems = [f"cell ({r}, {c}) is {v!r}, not 0 or 1" for r, row in enumerate(grid)
                for c, v in enumerate(row) if v not in (0, 1) or isinstance(v, bool)]
    if problems:
        return problems
    for (r, c), v in puzzle.given_cells().items():
        if grid[r][c] != v:
            problems.append(f"cell ({r}, {c}) is {grid[r][c]}, but it is given as {v}")
    for kind, lines in (("row", _rows(grid)), ("col", _cols(grid))):
        for i, line in enumerate(lines):
            ones = sum(line)
            if ones != n // 2:
                problems.append(f"{kind} {i} has {ones} ones and {n - ones} zeros; it needs {n // 2} of each")
            for k in range(n - 2):
                if line[k] == line[k + 1] == line[k + 2] and (k == 0 or line[k - 1] != line[k]):
                    run = k + 3
                    while run < n and line[run] == line[k]:
                        run += 1
                    problems.append(f"{kind} {i} has {run - k} equal cells ({line[k]}) in a row from "
                                    f"{_cell(kind, i, k)} to {_cell(kind, i, run - 1)}")
        if distinct:
            seen: dict[tuple, int] = {}
            for i, line in enumerate(lines):
                if line in seen:
                    problems.append(f"{kind}s {seen[line]} and {i} are equal ({_line_text(line)})")
                else:
                    seen[line] = i
    return problems


def broken_cells(puzzle: Puzzle, grid, distinct: bool = True) -> set[Cell]:
    """The cells of every broken rule (for pictures that show a mistake)."""
    grid = _as_grid(grid)
    n = puzzle.size
    bad: set[Cell] = set()
    if len(grid) != n or any(len(row) != n for row in grid):
        return bad
    for (r, c), v in puzzle.given_cells().items():
        if grid[r][c] != v:
            bad.add((r, c))
    for kind, lines in (("row", _rows(grid)), ("col", _cols(grid))):
        for i, line in enumerate(lines):
            if sum(line) != n // 2:
                bad.update(_cell(kind, i, k) for k in range(n))
            for k in range(n - 2):
                if line[k] == line[k + 1] == line[k + 2]:
                    bad.update(_cell(kind, i, k + t) for t in range(3))
        if distinct:
            for a, b in itertools.combinations(range(n), 2):
                if lines[a] == lines[b]:
                    bad.update(_cell(kind, i, k) for i in (a, b) for k in range(n))
    return bad


def _as_grid(grid) -> Grid:
    grid = getattr(grid, "grid", grid)
    if isinstance(grid, str):
        grid = grid.replace("/", "\n").split()
    return tuple(tuple(int(ch) if isinstance(ch, str) and ch in "01" else ch for ch in row) for row in grid)


def grid_from_strings(lines: Sequence[str] | str) -> Grid:
    """``["0110", ...]`` or ``"0110/1001/..."`` to a 0/1 grid."""
    return _as_grid(lines)


def format_solution(puzzle: Puzzle, solution) -> str:
    return "\n".join("".join(str(v) for v in row) for row in _as_grid(solution))


# --------------------------------------------------------------------------------------------- #
# Counting fillings without a solver (an independent check for tests and exercises)
# --------------------------------------------------------------------------------------------- #
def valid_lines(n: int) -> list[tuple[int, ...]]:
    """Every line of n cells with n/2 ones and no three equal neighbours."""
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
    """All fillings (up to ``limit``) by a plain search over valid rows, with no solver at all.

    ``extra(grid) -> bool`` may add a rule checked on each complete grid (e.g. Binairo+ signs).
    Meant for boards up to 8x8 (or larger boards with many givens).
    """
    n = puzzle.size
    candidates = [[line for line in valid_lines(n)
                   if all(g is None or g == v for g, v in zip(puzzle.givens[r], line))] for r in range(n)]
    found: list[Grid] = []
    chosen: list[tuple[int, ...]] = []
    half = n // 2

    def columns_ok() -> bool:
        depth = len(chosen)
        for c in range(n):
            ones = sum(row[c] for row in chosen)
            if ones > half or depth - ones > half:
                return False
            if depth >= 3 and chosen[-1][c] == chosen[-2][c] == chosen[-3][c]:
                return False
        return True

    def extend() -> bool:
        if limit is not None and len(found) >= limit:
            return True
        if len(chosen) == n:
            grid = tuple(chosen)
            if distinct and len(set(_cols(grid))) < n:
                return False
            if extra is None or extra(grid):
                found.append(grid)
            return limit is not None and len(found) >= limit
        for line in candidates[len(chosen)]:
            if distinct and line in chosen:
                continue
            chosen.append(line)
            if columns_ok() and extend():
                chosen.pop()
                return True
            chosen.pop()
        return False

    extend()
    return found


# --------------------------------------------------------------------------------------------- #
# Random boards with a planted solution
# --------------------------------------------------------------------------------------------- #
def random_grid(n: int, seed: int | random.Random = 0) -> Grid:
    """A random full grid that keeps all three rules.

    Cells are drawn in row-major order in a random order of values; a value is tried only if its
    row and its column can still be completed (:func:`_completable`), and a search that runs
    long restarts. About a second for 30x30.
    """
    if n % 2 or n < 2:
        raise PuzzleError(f"the size must be even and at least 2, not {n}")
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    for _ in range(1000):
        grid = _try_grid(n, rng)
        if grid is not None:
            return grid
    raise RuntimeError(f"no random {n}x{n} grid found")  # pragma: no cover - not seen in practice


@functools.lru_cache(maxsize=None)
def _completable(n: int, filled: int, ones: int, last: int, run: int) -> bool:
    """Can a line of n cells whose first ``filled`` cells hold ``ones`` ones and end in a run of
    ``run`` equal cells ``last`` be completed to a valid line (n/2 ones, no three equal)?"""
    if run > 2 or ones > n // 2 or filled - ones > n // 2:
        return False
    if filled == n:
        return True
    return any(_completable(n, filled + 1, ones + v, v, run + 1 if v == last else 1) for v in (0, 1))


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
        if not (_completable(n, *row) and _completable(n, *col)):
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


def _extend(state: tuple, v: int) -> tuple:
    filled, ones, last, run = state
    return filled + 1, ones + v, v, run + 1 if v == last else 1


def random_puzzle(n: int, seed: int = 0, density: float = 0.4, unique: bool = False,
                  solver: str | None = None) -> tuple[Puzzle, Grid]:
    """A random board and the planted grid its givens were taken from.

    About ``density`` of the cells are given. With ``unique=True`` more givens of the planted grid
    are added until the board has one solution (a few solves with no-good cuts).
    """
    rng = random.Random(seed)
    grid = random_grid(n, rng)
    cells = [(r, c) for r in range(n) for c in range(n)]
    keep = set(rng.sample(cells, round(density * n * n)))
    givens = [[grid[r][c] if (r, c) in keep else None for c in range(n)] for r in range(n)]
    puzzle = Puzzle(givens)
    while unique:
        found = solutions(puzzle, limit=2, solver=solver)
        if len(found) == 1:
            break
        other = next(s for s in found if s.grid != grid)
        differ = [(r, c) for r, c in cells if other.grid[r][c] != grid[r][c]]
        r, c = rng.choice(differ)
        givens[r][c] = grid[r][c]
        puzzle = Puzzle(givens)
    return puzzle, grid


def empty(n: int) -> Puzzle:
    """An n x n board with no givens."""
    return Puzzle([[None] * n for _ in range(n)])


# --------------------------------------------------------------------------------------------- #
# The experiment of the chapter: two rows forced equal, so the right answer is "infeasible"
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Trial:
    n: int
    distinct: str
    solver: str
    outcome: str  # "infeasible (correct)", "wrong answer", "time limit", or "error: ..."
    seconds: float
    detail: str = ""


def forced_equal_trial(n: int, distinct: str = "exact", solver: str | None = None,
                       time_limit: float = 10.0, rows: tuple[int, int] = (0, 1)) -> Trial:
    """Solve an empty n x n board with two rows forced equal (x_0j = x_1j): no filling exists.

    A correct model must answer "infeasible". An answer that the solver calls optimal is read
    and checked with :func:`verify`, which names the equal rows: a "wrong answer".
    """
    puzzle = empty(n)
    problem, x = build_model(puzzle, distinct)
    a, b = rows
    for j in range(n):
        problem += x[a, j] == x[b, j], f"force_rows_{a}_{b}_equal_{j}"
    name = solver or "highs"
    start = time.perf_counter()
    try:
        solve_model(problem, solver=solver, time_limit=time_limit)
    except NoSolution:
        return Trial(n, distinct, name, "infeasible (correct)", time.perf_counter() - start)
    except SolverError as exc:
        elapsed = time.perf_counter() - start
        outcome = "time limit" if "time limit" in str(exc) or elapsed >= 0.95 * time_limit else "error"
        return Trial(n, distinct, name, outcome, elapsed, str(exc))
    elapsed = time.perf_counter() - start
    broken = verify(puzzle, read_grid(puzzle, x))
    return Trial(n, distinct, name, "wrong answer", elapsed, "; ".join(broken) or "verify found nothing")


# --------------------------------------------------------------------------------------------- #
# Pictures
# --------------------------------------------------------------------------------------------- #
BOARD_LIGHT, BOARD_GIVEN, LINES = "#dfe6e9", "#9aa7ae", "#ffffff"
DISC_ONE, DISC_ZERO, DISC_EDGE = "#1f2326", "#fbfbf8", "#1f2326"


def draw(puzzle: Puzzle, solution=None, ax=None, mark: set[Cell] | None = None, numbers: bool = False,
         title: str | None = None, distinct: bool = True):
    """The board as the apps show it: black and white discs; givens sit on darker squares.

    ``solution`` (a Solution or a 0/1 grid) fills the empty cells; the cells of every broken rule
    get a red ring (or pass ``mark``). ``numbers=True`` writes each row's and column's binary
    number (as the big-M model reads it) beside the board. Returns the matplotlib Figure.
    """
    grid = None if solution is None else _as_grid(solution)
    if grid is not None and mark is None:
        mark = broken_cells(puzzle, grid, distinct)
    ax = draw_board(ax, puzzle.givens, grid, mark=mark, numbers=numbers)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, givens, grid=None, mark=None, numbers: bool = False):
    """Draw a possibly invalid draft (the editor uses it while a board is being made)."""
    n = len(givens)
    margin = (0, 0, 1.6, 1.0) if numbers and grid is not None else (0, 0, 0, 0)
    ax = new_board_axes(n, n, margin=margin, ax=ax)
    from matplotlib.patches import Rectangle

    squares, given_squares = [], []
    for r in range(n):
        for c in range(n):
            square = Rectangle((c - 0.46, r - 0.46), 0.92, 0.92)
            (given_squares if givens[r][c] is not None else squares).append(square)
    ax.add_patch(Rectangle((-0.5, -0.5), n, n, facecolor=LINES, edgecolor="none", zorder=0))
    add_patches(ax, squares, 1, facecolor=BOARD_LIGHT, edgecolor="none")
    add_patches(ax, given_squares, 1, facecolor=BOARD_GIVEN, edgecolor="none")
    ones, zeros = [], []
    for r in range(n):
        for c in range(n):
            v = givens[r][c] if givens[r][c] is not None else (grid[r][c] if grid is not None else None)
            if v == 1:
                ones.append((r, c))
            elif v == 0:
                zeros.append((r, c))
    lw = max(0.6, min(2.0, 18 / n))
    add_patches(ax, circles(ones, 0.36), 2, facecolor=DISC_ONE, edgecolor=DISC_EDGE, linewidth=lw)
    add_patches(ax, circles(zeros, 0.36), 2, facecolor=DISC_ZERO, edgecolor=DISC_EDGE, linewidth=lw)
    if mark:
        add_patches(ax, circles(sorted(mark), 0.44), 3, facecolor="none", edgecolor=BAD, linewidth=lw * 1.2)
    if numbers and grid is not None:
        size = font_size(n, n, 0.32)
        for i, row in enumerate(grid):
            ax.text(n - 0.35, i, str(line_number(row)), ha="left", va="center", fontsize=size, color=INK)
        for j, col in enumerate(zip(*grid)):
            ax.text(j, n - 0.25, str(line_number(col)), ha="center", va="top", fontsize=size * 0.8,
                    color=INK, rotation=90)
    return ax


# --------------------------------------------------------------------------------------------- #
# The live editor
# --------------------------------------------------------------------------------------------- #
def editor(puzzle: Puzzle | None = None, size: int = 6):
    """A board to click on: a click cycles a cell empty -> 0 -> 1 -> empty; Solve; Check uniqueness."""
    from .editors.binairo import BinairoEditor

    return BinairoEditor(puzzle, size=size)


__all__ = [
    "KIND", "Puzzle", "Solution", "build_model", "solve", "solutions", "verify", "draw", "editor",
    "random_puzzle", "random_grid", "format_solution", "grid_from_strings", "brute_force_fillings",
    "valid_lines", "line_number", "forced_equal_trial", "Trial", "empty", "broken_cells",
    "add_distinct_exact", "add_distinct_bigm", "explain_infeasible",
]
