"""Thermometer Puzzles as a 0/1 program (Hartmann 2018, section 2).

Rules. The board is tiled by thermometers, each a path of orthogonally adjacent cells from a round
bulb to a tip. Mercury fills a thermometer from its bulb without gaps, so the filled cells of a
thermometer are a prefix of it (possibly empty, possibly all of it). The numbers outside the board
give how many cells of each row and column are filled.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Thermometers are kept in reading order
of their first cell (top to bottom, left to right) and named A, B, ..., Z, AA, AB, ... in that order.

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    thermometer
      3 1 3 3 3
    4 A a a b B
    2 c d d d D
    1 c E F f f
    3 c e g g G
    3 C e H h h

The first line names the puzzle. The next line holds the column counts, left to right. Each
further line is a row: its count, then one token per cell naming the thermometer that covers it,
written in CAPITALS on the bulb and in small letters elsewhere. Tokens are separated by spaces, so
names may have several letters (``aa``, ``AB``). The order of a thermometer's cells is found by
walking from the bulb through neighbouring cells of the same name; where a bent thermometer
could be walked in two ways, a line ``path x: r,c r,c ...`` after the grid gives its cells from
bulb to tip. Lines starting with ``#`` are comments.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import pulp
from matplotlib.patches import Circle

from .core.drawing import (
    BOARD, GRID, INK, add_patches, circles, draw_grid, font_size, label_counts, new_board_axes,
    segment,
)
from .core.enumeration import enumerate_solutions
from .core.errors import NoSolution, PuzzleError, SolverError
from .core.solver import add_binary, add_integer, new_problem, solve_model, value01

KIND = "thermometer"
Cell = tuple[int, int]

#: The 5x5 board of Jandhyala's chapter (seed 000): chapter 1's board and the editor's default.
SEED_BOARD = """thermometer
  3 1 3 3 3
4 A a a b B
2 c d d d D
1 c E F f f
3 c e g g G
3 C e H h h
"""


def label(index: int) -> str:
    """The name of thermometer ``index``: A..Z, then AA, AB, ... (spreadsheet style)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


# --------------------------------------------------------------------------------------------- #
# The puzzle
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Puzzle:
    """A thermometer board; construction checks every rule a board itself must keep."""

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    thermometers: tuple[tuple[Cell, ...], ...]

    def __init__(self, rows: Sequence[int], cols: Sequence[int], thermometers: Sequence[Sequence[Cell]]):
        object.__setattr__(self, "rows", tuple(_count(v, f"row {i}") for i, v in enumerate(rows)))
        object.__setattr__(self, "cols", tuple(_count(v, f"col {j}") for j, v in enumerate(cols)))
        therms = []
        for t, cells in enumerate(thermometers):
            try:
                therms.append(tuple((int(r), int(c)) for r, c in cells))
            except (TypeError, ValueError):
                raise PuzzleError(f"thermometer {label(t)}: cells must be (row, col) pairs, got {cells!r}") from None
        object.__setattr__(self, "thermometers", tuple(therms))
        self._validate()  # names in messages follow the order given
        # One board, one Puzzle: thermometers are kept in reading order of their first cell,
        # which is also how they are lettered A, B, C, ... in pictures and text.
        object.__setattr__(self, "thermometers", tuple(sorted(therms, key=min)))

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.cols)

    def _validate(self) -> None:
        nrows, ncols = self.shape
        if nrows < 1 or ncols < 1:
            raise PuzzleError("the board needs at least one row and one column")
        for i, v in enumerate(self.rows):
            if v > ncols:
                raise PuzzleError(f"row {i}: count {v} is more than the {ncols} cells of the row")
        for j, v in enumerate(self.cols):
            if v > nrows:
                raise PuzzleError(f"col {j}: count {v} is more than the {nrows} cells of the column")
        owner: dict[Cell, int] = {}
        for t, cells in enumerate(self.thermometers):
            name = label(t)
            if len(cells) < 2:
                raise PuzzleError(f"thermometer {name}: needs at least 2 cells, has {len(cells)}")
            for k, (r, c) in enumerate(cells):
                if not (0 <= r < nrows and 0 <= c < ncols):
                    raise PuzzleError(f"thermometer {name}: cell ({r}, {c}) is outside the {nrows}x{ncols} board")
                if (r, c) in owner:
                    other = owner[(r, c)]
                    where = "twice" if other == t else f"and thermometer {label(other)} both"
                    raise PuzzleError(f"thermometer {name}: cell ({r}, {c}) is covered {where}")
                owner[(r, c)] = t
                if k and not adjacent(cells[k - 1], (r, c)):
                    raise PuzzleError(f"thermometer {name}: cells {cells[k - 1]} and ({r}, {c}) are not adjacent")
        missing = [(r, c) for r in range(nrows) for c in range(ncols) if (r, c) not in owner]
        if len(missing) == 1:
            raise PuzzleError(f"cell {missing[0]} is not covered by any thermometer")
        if missing:
            raise PuzzleError(f"cells {missing[0]} and {len(missing) - 1} more are not covered by any thermometer")
        if sum(self.rows) != sum(self.cols):
            raise PuzzleError(f"row counts sum to {sum(self.rows)}, column counts to {sum(self.cols)}: "
                              "both count the same filled cells, so they must agree")

    # -- text formats ---------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Puzzle:
        lines = [(n, ln.split()) for n, ln in enumerate(text.splitlines(), 1)
                 if ln.strip() and not ln.strip().startswith("#")]
        if lines and lines[0][1][0].lower() == KIND:
            lines = lines[1:]
        paths = [(n, words) for n, words in lines if words[0].lower() == "path"]
        lines = [(n, words) for n, words in lines if words[0].lower() != "path"]
        if len(lines) < 2:
            raise PuzzleError("expected a line of column counts and at least one row")
        n_cols, col_words = lines[0]
        cols = [_parse_int(w, f"line {n_cols}") for w in col_words]
        rows, names = [], []
        for n, words in lines[1:]:
            if len(words) != len(cols) + 1:
                raise PuzzleError(f"line {n}: expected a count and {len(cols)} cells, found {len(words)} items")
            rows.append(_parse_int(words[0], f"line {n}"))
            names.append(words[1:])
        explicit = {}
        for n, words in paths:
            key = words[1].rstrip(":").lower() if len(words) > 1 else ""
            try:
                explicit[key] = [tuple(int(v) for v in w.split(",")) for w in words[2:]]
            except ValueError:
                raise PuzzleError(f"line {n}: a path lists cells as row,col (e.g. 'path c: 0,0 1,0 1,1')") from None
        return cls(rows, cols, _thermometers_from_names(names, explicit))

    def to_text(self) -> str:
        nrows, ncols = self.shape
        grid = [[""] * ncols for _ in range(nrows)]
        for t, cells in enumerate(self.thermometers):
            name = label(t)
            for k, (r, c) in enumerate(cells):
                grid[r][c] = name if k == 0 else name.lower()
        width = max(len(label(len(self.thermometers))), max(len(str(v)) for v in (*self.rows, *self.cols)))
        pad = max(len(str(v)) for v in self.rows)
        out = [KIND, " " * pad + " " + " ".join(str(v).rjust(width) for v in self.cols)]
        for r in range(nrows):
            out.append(str(self.rows[r]).rjust(pad) + " " + " ".join(g.rjust(width) for g in grid[r]))
        walked = _thermometers_from_names(grid, {}, strict=False)
        for t, cells in enumerate(self.thermometers):
            if walked.get(label(t).lower()) != list(cells):
                out.append(f"path {label(t).lower()}: " + " ".join(f"{r},{c}" for r, c in cells))
        return "\n".join(out) + "\n"

    @classmethod
    def from_puzzleteam(cls, task: str) -> Puzzle:
        """Read a task string of the Puzzle Team Thermometers site.

        ``c1_..._cn_r1_..._rn;T1;T2;...``: column counts, then row counts; each ``T`` is
        ``type,length`` for a straight thermometer placed at the first row-major cell not yet
        covered, running right (1: bulb left, 2: bulb right) or down (3: bulb top, 4: bulb bottom),
        or ``5,i1,i2,...`` for a bent one given by 0-based row-major cell ids from bulb to tip.
        """
        parts = task.strip().split(";")
        try:
            counts = [int(v) for v in parts[0].split("_")]
        except ValueError:
            raise PuzzleError(f"task string: the counts {parts[0]!r} must be integers joined by '_'") from None
        if len(counts) % 2:
            raise PuzzleError(f"task string: {len(counts)} counts cannot be split into columns and rows")
        n = len(counts) // 2
        cols, rows = counts[:n], counts[n:]
        covered: set[Cell] = set()
        therms: list[list[Cell]] = []
        for k, spec in enumerate(parts[1:]):
            if not spec.strip():
                continue
            try:
                fields = [int(v) for v in spec.split(",")]
            except ValueError:
                raise PuzzleError(f"task string: thermometer {label(k)} ({spec!r}) is not a list of integers") from None
            kind = fields[0]
            if kind == 5:
                cells = [divmod(i, n) for i in fields[1:]]
            elif kind in (1, 2, 3, 4) and len(fields) == 2:
                start = next(((r, c) for r in range(n) for c in range(n) if (r, c) not in covered), None)
                if start is None:
                    raise PuzzleError(f"task string: thermometer {label(k)} has no free cell left to start at")
                dr, dc = (0, 1) if kind in (1, 2) else (1, 0)
                cells = [(start[0] + dr * i, start[1] + dc * i) for i in range(fields[1])]
                if kind in (2, 4):
                    cells.reverse()
            else:
                raise PuzzleError(f"task string: thermometer {label(k)} ({spec!r}) has an unknown type")
            covered.update(cells)
            therms.append(cells)
        return cls(rows, cols, therms)


    def to_puzzleteam(self) -> str:
        """The Puzzle Team task string (square boards): straight thermometers as types 1-4, bent as 5."""
        nrows, ncols = self.shape
        if nrows != ncols:
            raise PuzzleError("Puzzle Team task strings describe square boards only")
        parts = ["_".join(map(str, (*self.cols, *self.rows)))]
        covered: set[Cell] = set()
        for cells in sorted(self.thermometers, key=min):
            start = next((r, c) for r in range(nrows) for c in range(ncols) if (r, c) not in covered)
            ordered = sorted(cells)
            straight_row = all(r == cells[0][0] for r, _ in cells)
            straight_col = all(c == cells[0][1] for _, c in cells)
            if ordered[0] == start and (straight_row or straight_col):
                first_is_bulb = cells[0] == ordered[0]
                kind = (1 if first_is_bulb else 2) if straight_row else (3 if first_is_bulb else 4)
                parts.append(f"{kind},{len(cells)}")
            else:
                parts.append("5," + ",".join(str(r * ncols + c) for r, c in cells))
            covered.update(cells)
        return ";".join(parts)

    @classmethod
    def from_dependencies(cls, rows: Sequence[int], cols: Sequence[int], dependencies) -> Puzzle:
        """Read Hartmann's data (Appendix A): quadruples (i, j, k, l), 1-based, meaning that cell
        (k, l) can be filled only if cell (i, j) is. Chains of them are the thermometers."""
        after: dict[Cell, Cell] = {}
        before: dict[Cell, Cell] = {}
        for quad in dependencies:
            i, j, k, l = quad
            a, b = (i - 1, j - 1), (k - 1, l - 1)
            if a in after or b in before:
                raise PuzzleError(f"dependency {quad}: a cell may have one successor and one predecessor")
            after[a], before[b] = b, a
        therms = []
        for bulb in (cell for cell in after if cell not in before):
            chain = [bulb]
            while chain[-1] in after:
                chain.append(after[chain[-1]])
            therms.append(chain)
        return cls(rows, cols, therms)


def _count(value, where: str) -> int:
    try:
        v = int(value)
    except (TypeError, ValueError):
        raise PuzzleError(f"{where}: count {value!r} is not a whole number") from None
    if v != value or v < 0:
        raise PuzzleError(f"{where}: count {value!r} must be a whole number of at least 0")
    return v


def _parse_int(word: str, where: str) -> int:
    try:
        return int(word)
    except ValueError:
        raise PuzzleError(f"{where}: {word!r} is not a count") from None


def _thermometers_from_names(names: list[list[str]], explicit: dict, strict: bool = True):
    """Group cells by name and order each group from its bulb (the capitalised cell)."""
    groups: dict[str, list[Cell]] = {}
    bulbs: dict[str, list[Cell]] = {}
    for r, line in enumerate(names):
        for c, word in enumerate(line):
            if not word.isalpha():
                if strict:
                    raise PuzzleError(f"cell ({r}, {c}): {word!r} is not a thermometer name (letters only)")
                continue
            key = word.lower()
            groups.setdefault(key, []).append((r, c))
            if word.isupper():
                bulbs.setdefault(key, []).append((r, c))
    ordered: dict[str, list[Cell]] = {}
    for key, cells in groups.items():
        if key in explicit:
            path = explicit[key]
            if sorted(path) != sorted(cells):
                raise PuzzleError(f"thermometer {key.upper()}: its path line does not list the cells named {key!r}")
            ordered[key] = path
            continue
        found = bulbs.get(key, [])
        if len(found) != 1:
            if not strict:
                continue
            what = "no bulb (write one cell in capitals)" if not found else f"{len(found)} bulbs {found}"
            raise PuzzleError(f"thermometer {key.upper()}: has {what}")
        paths = _walks(found[0], set(cells))
        if len(paths) == 1:
            ordered[key] = paths[0]
        elif strict:
            if not paths:
                raise PuzzleError(f"thermometer {key.upper()}: its cells do not form one path from the bulb {found[0]}")
            raise PuzzleError(f"thermometer {key.upper()}: its cells can be walked in more than one order; "
                              f"add a line 'path {key}: r,c r,c ...' from bulb to tip")
    if not strict:
        return ordered
    return [ordered[k] for k in sorted(ordered, key=lambda k: (len(k), k))]  # A..Z, AA.. order


def _walks(start: Cell, cells: set[Cell], limit: int = 2) -> list[list[Cell]]:
    """Up to ``limit`` paths from ``start`` through all of ``cells`` (a small depth-first search)."""
    found: list[list[Cell]] = []
    path = [start]
    seen = {start}

    def extend():
        if len(found) >= limit:
            return
        if len(path) == len(cells):
            found.append(list(path))
            return
        r, c = path[-1]
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                extend()
                path.pop()
                seen.discard(nxt)

    extend()
    return found


# --------------------------------------------------------------------------------------------- #
# The model
# --------------------------------------------------------------------------------------------- #
@dataclass
class Solution:
    grid: list[list[int]]  # grid[r][c] = 1 when cell (r, c) holds mercury

    def key(self) -> tuple[tuple[int, ...], ...]:
        """The grid as nested tuples, to put solutions in a set or compare with brute_force."""
        return tuple(tuple(row) for row in self.grid)

    def levels(self, puzzle: Puzzle) -> list[int]:
        """How many cells of each thermometer are filled."""
        return [sum(self.grid[r][c] for r, c in cells) for cells in puzzle.thermometers]


def build_model(puzzle: Puzzle, counts: bool = True, skip: Collection[str] = ()):
    """Hartmann's model: x[r, c] = 1 when cell (r, c) holds mercury.

    (1) each row has its count of filled cells, (2) each column too, (3) along a thermometer a
    cell can be filled only if the cell before it (towards the bulb) is, (4) x is binary.
    Returns ``(problem, x)``. For experiments, ``counts=False`` leaves out (1) and (2), and
    ``skip`` leaves out the constraints with those names (e.g. ``{"row_count_2"}``).
    """
    nrows, ncols = puzzle.shape
    problem = new_problem("thermometers")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(nrows) for c in range(ncols)}
    constraints = []
    if counts:
        for r in range(nrows):
            constraints.append((pulp.lpSum(x[r, c] for c in range(ncols)) == puzzle.rows[r], f"row_count_{r}"))
        for c in range(ncols):
            constraints.append((pulp.lpSum(x[r, c] for r in range(nrows)) == puzzle.cols[c], f"col_count_{c}"))
    for t, cells in enumerate(puzzle.thermometers):
        for k in range(1, len(cells)):
            constraints.append((x[cells[k - 1]] >= x[cells[k]], f"fill_{label(t)}_{k}"))
    for constraint, name in constraints:
        if name not in skip:
            problem += constraint, name
    return problem, x


def _read(puzzle: Puzzle, x) -> Solution:
    nrows, ncols = puzzle.shape
    return Solution([[value01(x[r, c]) for c in range(ncols)] for r in range(nrows)])


def solve(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> Solution:
    """The filling of the board; raises NoSolution (with a reason when one is found)."""
    problem, x = build_model(puzzle)
    try:
        solve_model(problem, solver=solver, time_limit=time_limit)
    except NoSolution:
        raise NoSolution("no filling meets every count", explain_infeasible(puzzle, solver)) from None
    return _read(puzzle, x)


def solutions(puzzle: Puzzle, limit: int = 2, solver: str | None = None,
              time_limit: float | None = None) -> list[Solution]:
    """Up to ``limit`` different fillings, found with no-good cuts; one answer proves uniqueness."""
    problem, x = build_model(puzzle)
    return enumerate_solutions(problem, x.values(), lambda: _read(puzzle, x), limit, solver, time_limit)


def explain_infeasible(puzzle: Puzzle, solver: str | None = None) -> str | None:
    """Why no filling fits: the smallest change of the counts that would make one fit.

    An elastic model: every count gets slack variables, and the solver minimises the total slack.
    The lines whose slack is used are where the counts and the thermometers disagree.
    """
    nrows, ncols = puzzle.shape
    problem, x = build_model(puzzle, counts=False)
    slack = []
    lines = [("row", r, [x[r, c] for c in range(ncols)], puzzle.rows[r]) for r in range(nrows)]
    lines += [("col", c, [x[r, c] for r in range(nrows)], puzzle.cols[c]) for c in range(ncols)]
    for kind, i, cells, count in lines:
        under = add_integer(problem, f"under_{kind}_{i}", low=0)
        over = add_integer(problem, f"over_{kind}_{i}", low=0)
        problem += pulp.lpSum(cells) + under - over == count, f"{kind}_count_{i}"
        slack.append((kind, i, count, under, over))
    problem += pulp.lpSum(u + o for *_, u, o in slack)
    try:
        solve_model(problem, solver=solver)
    except (NoSolution, SolverError):
        return None
    changes = []
    for kind, i, count, under, over in slack:
        delta = round(over.value() - under.value())
        if delta:
            changes.append(f"{kind} {i} would need {count + delta} instead of {count}")
    if not changes:
        return None
    shown = "; ".join(changes[:4]) + ("; ..." if len(changes) > 4 else "")
    return f"the nearest solvable counts change {len(changes)} lines: {shown}"


# --------------------------------------------------------------------------------------------- #
# The rules, checked without a solver
# --------------------------------------------------------------------------------------------- #
def verify(puzzle: Puzzle, grid) -> list[str]:
    """Every broken rule in words; ``[]`` means the grid is a solution."""
    grid = getattr(grid, "grid", grid)
    nrows, ncols = puzzle.shape
    if len(grid) != nrows or any(len(row) != ncols for row in grid):
        return [f"the grid must have {nrows} rows of {ncols} cells"]
    problems = []
    for r in range(nrows):
        for c in range(ncols):
            if grid[r][c] not in (0, 1):
                problems.append(f"cell ({r}, {c}) is {grid[r][c]!r}, not 0 or 1")
    if problems:
        return problems
    for r in range(nrows):
        have = sum(grid[r])
        if have != puzzle.rows[r]:
            problems.append(f"row {r} has {have} filled cells, its count is {puzzle.rows[r]}")
    for c in range(ncols):
        have = sum(grid[r][c] for r in range(nrows))
        if have != puzzle.cols[c]:
            problems.append(f"col {c} has {have} filled cells, its count is {puzzle.cols[c]}")
    for t, cells in enumerate(puzzle.thermometers):
        for k in range(1, len(cells)):
            if grid[cells[k][0]][cells[k][1]] and not grid[cells[k - 1][0]][cells[k - 1][1]]:
                problems.append(f"thermometer {label(t)}: cell {cells[k]} is filled but {cells[k - 1]}, "
                                "nearer the bulb, is empty")
                break
    return problems


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[tuple[tuple[int, ...], ...]]:
    """Every filling, found without a solver: choose a level per thermometer, prune on the counts.

    Exponential in the worst case, instant on the small boards that tests and checks use.
    """
    nrows, ncols = puzzle.shape
    row_left, col_left = list(puzzle.rows), list(puzzle.cols)
    # thermometers that close a line early are tried first, so the counts prune sooner
    order = sorted(range(len(puzzle.thermometers)), key=lambda t: min(puzzle.thermometers[t]))
    last_in_row = {r: max((i for i, t in enumerate(order) if any(cr == r for cr, _ in puzzle.thermometers[t])))
                   for r in range(nrows)}
    last_in_col = {c: max((i for i, t in enumerate(order) if any(cc == c for _, cc in puzzle.thermometers[t])))
                   for c in range(ncols)}
    closes = {i: ([r for r, v in last_in_row.items() if v == i], [c for c, v in last_in_col.items() if v == i])
              for i in range(len(order))}
    levels = [0] * len(order)
    found = []

    def place(i: int) -> bool:
        if i == len(order):
            grid = [[0] * ncols for _ in range(nrows)]
            for j, t in enumerate(order):
                for r, c in puzzle.thermometers[t][:levels[j]]:
                    grid[r][c] = 1
            found.append(tuple(tuple(row) for row in grid))
            return limit is not None and len(found) >= limit
        cells = puzzle.thermometers[order[i]]
        rows_done, cols_done = closes[i]
        stop = False
        for level in range(len(cells) + 1):
            if level:  # fill one more cell
                r, c = cells[level - 1]
                row_left[r] -= 1
                col_left[c] -= 1
                if row_left[r] < 0 or col_left[c] < 0:
                    break  # a higher level only adds cells
            if all(row_left[r] == 0 for r in rows_done) and all(col_left[c] == 0 for c in cols_done):
                levels[i] = level
                if place(i + 1):
                    stop = True
                    break
        for r, c in cells[:level]:  # take this thermometer's mercury back out
            row_left[r] += 1
            col_left[c] += 1
        return stop

    place(0)
    return found


def format_solution(puzzle: Puzzle, solution) -> str:
    grid = getattr(solution, "grid", solution)
    return "\n".join("".join("#" if v else "." for v in row) for row in grid)


def grid_from_strings(lines: Sequence[str]) -> tuple[tuple[int, ...], ...]:
    """``["#..", ".#."]`` to a 0/1 grid (``#`` is mercury)."""
    return tuple(tuple(1 if ch == "#" else 0 for ch in line) for line in lines)


# --------------------------------------------------------------------------------------------- #
# Random boards with a planted solution
# --------------------------------------------------------------------------------------------- #
def random_tiling(nrows: int, ncols: int, rng: random.Random, max_len: int = 5, bend: float = 0.3):
    """Thermometers (bulb to tip) that cover the board, lengths 2..max_len, some of them bent."""
    if nrows * ncols < 2:
        raise PuzzleError("a board needs at least two cells")
    for _ in range(200):
        result = _try_tiling(nrows, ncols, rng, max_len, bend)
        if result is not None:
            return result
    raise RuntimeError("could not tile the board")  # pragma: no cover - never seen in practice


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
            head_len = k
            tail = [cell, *cells[k:]]
            del cells[k:]
            assert len(cells) == head_len
            for other in tail:
                owner[other] = len(therms)
            therms.append(tail)
            owner[cell] = len(therms) - 1
            return True
        else:
            continue
        owner[cell] = t
        return True
    return False


def random_puzzle(nrows: int, ncols: int | None = None, seed: int = 0, max_len: int = 5,
                  bend: float = 0.3) -> tuple[Puzzle, tuple[tuple[int, ...], ...]]:
    """A random board and the planted filling its counts were taken from."""
    ncols = nrows if ncols is None else ncols
    rng = random.Random(seed)
    therms = random_tiling(nrows, ncols, rng, max_len, bend)
    grid = [[0] * ncols for _ in range(nrows)]
    for cells in therms:
        level = rng.randint(0, len(cells))
        for r, c in cells[:level]:
            grid[r][c] = 1
    rows = [sum(row) for row in grid]
    cols = [sum(grid[r][c] for r in range(nrows)) for c in range(ncols)]
    return Puzzle(rows, cols, therms), tuple(tuple(row) for row in grid)


# --------------------------------------------------------------------------------------------- #
# Pictures
# --------------------------------------------------------------------------------------------- #
GLASS, GLASS_EDGE, MERCURY = "#eceff1", "#78909c", "#e53935"


def draw(puzzle: Puzzle, solution=None, ax=None, labels: bool = False, title: str | None = None):
    """The board as the app shows it: round bulbs, glass tubes, red mercury, counts outside.

    ``solution`` may be a Solution or a 0/1 grid; counts turn green or red when it is given. A
    grid of fractions (an LP relaxation's point) is drawn with each cell's value written in it.
    Returns the matplotlib Figure.
    """
    grid = getattr(solution, "grid", solution)
    ax = draw_board(ax, puzzle.shape, puzzle.rows, puzzle.cols, puzzle.thermometers, grid, labels=labels)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, shape, rows, cols, thermometers, grid=None, labels=False, highlight=None, open_path=None):
    """Draw a possibly unfinished board (the editor draws drafts with it)."""
    nrows, ncols = shape
    fractional = grid is not None and any(v not in (0, 1) for row in grid for v in row)
    ax = new_board_axes(nrows, ncols, margin=(1, 1, 0.1, 0.1), ax=ax)
    draw_grid(ax, nrows, ncols, face=BOARD, line=GRID)
    tube_w, bulb_r = 0.40, 0.36
    outline, glass, mercury = [], [], []
    for cells in (*thermometers, *([open_path] if open_path else [])):
        cells = list(cells)
        for a, b in zip(cells, cells[1:]):
            outline.append(segment(a, b, tube_w + 0.08))
            glass.append(segment(a, b, tube_w))
        outline += circles(cells[1:], (tube_w + 0.08) / 2) + circles(cells[:1], bulb_r + 0.04)
        glass += circles(cells[1:], tube_w / 2) + circles(cells[:1], bulb_r)
        if grid is not None and fractional:
            continue
        if grid is not None:
            full = [cell for cell in cells if grid[cell[0]][cell[1]]]
            mercury += circles(full, tube_w / 2 - 0.07)
            for a, b in zip(cells, cells[1:]):
                if grid[a[0]][a[1]] and grid[b[0]][b[1]]:
                    mercury.append(segment(a, b, tube_w - 0.14))
            if cells and grid[cells[0][0]][cells[0][1]]:
                mercury += circles(cells[:1], bulb_r - 0.07)
    add_patches(ax, outline, 2, facecolor=GLASS_EDGE, edgecolor="none")
    add_patches(ax, glass, 3, facecolor=GLASS, edgecolor="none")
    add_patches(ax, mercury, 4, facecolor=MERCURY, edgecolor="none")
    if fractional:  # an LP point: each cell's value as the strength of its red
        size = font_size(nrows, ncols, 0.28)
        for r in range(nrows):
            for c in range(ncols):
                v = float(grid[r][c])
                if v > 1e-6:
                    ax.add_patch(Circle((c, r), tube_w / 2 - 0.03, facecolor=MERCURY, alpha=min(v, 1.0), zorder=4))
                if 1e-6 < v < 1 - 1e-6:
                    ax.text(c, r, f"{v:.2g}", ha="center", va="center", fontsize=size, color=INK, zorder=6)
    if highlight:
        add_patches(ax, circles(highlight, 0.16), 5, facecolor="none", edgecolor="#1565c0", linewidth=2)
    if labels:
        size = font_size(nrows, ncols, 0.32)
        for t, cells in enumerate(thermometers):
            r, c = cells[0]
            ax.text(c, r, label(t), ha="center", va="center", fontsize=size, color=INK, zorder=6)
    row_ok = col_ok = None
    if grid is not None and not fractional:
        row_ok = [rows[r] is None or sum(grid[r]) == rows[r] for r in range(nrows)]
        col_ok = [cols[c] is None or sum(grid[r][c] for r in range(nrows)) == cols[c] for c in range(ncols)]
    label_counts(ax, rows, cols, row_ok, col_ok)
    return ax


# --------------------------------------------------------------------------------------------- #
# The live editor
# --------------------------------------------------------------------------------------------- #
def editor(puzzle: Puzzle | None = None):
    """A board to click on: draw thermometers bulb first, erase, fill mercury, set counts, solve."""
    from .editors.thermometer import ThermometerEditor

    return ThermometerEditor(puzzle)


__all__ = [
    "KIND", "Puzzle", "Solution", "build_model", "solve", "solutions", "verify", "draw", "editor",
    "random_puzzle", "format_solution", "grid_from_strings", "label", "explain_infeasible",
]
