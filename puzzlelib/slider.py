"""Slider as a shortest path problem (Hartmann 2018, section 5 and Appendix D).

Rules. A rectangular board has free cells and obstacles. A block stands on the start cell. A move
slides the block up, down, left or right, and the block keeps sliding until the next cell in that
direction is an obstacle or lies outside the board; it cannot stop half way. The puzzle is solved
when the block comes to REST on the target cell: sliding over the target does not count. The goal is
to reach the target in as few moves as possible.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. Hartmann numbers rows and columns from 1,
so his cell (i, j) is our ``(i - 1, j - 1)``.

The model. Every free cell is a node of the *move graph*; every slide that moves the block is an arc
from the cell it starts on to the cell it stops on. Arcs leaving the target are left out (the game
ends there). A shortest route is a shortest path from the start to the target: a binary ``x[u, v]``
per arc says whether the route uses the slide, one unit of flow leaves the start, one arrives at the
target, flow is conserved at every other cell, and the number of arcs used is minimised.

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    slider
    .#..
    ...#
    .S..
    ....
    ..T.
    ..#.

The first line names the puzzle. Each further line is a row: ``.`` a free cell, ``#`` an obstacle,
``S`` the start and ``T`` the target (both free cells). Blank lines are ignored. Comment lines
starting with ``#`` are allowed only before the ``slider`` line (after it, ``#`` is an obstacle).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pulp

from .core.drawing import (
    ACCENT, BOARD, GRID, INK, MUTED, add_patches, draw_grid, font_size, new_board_axes,
)
from .core.enumeration import enumerate_solutions
from .core.errors import NoSolution, PuzzleError
from .core.solver import add_binary, new_problem, solve_model, value01

KIND = "slider"
Cell = tuple[int, int]
Arc = tuple[Cell, Cell]

FREE, OBSTACLE, START, TARGET = ".", "#", "S", "T"
#: the four slides, in the order used everywhere (pictures, tables, tie-breaks)
DIRECTIONS: dict[str, Cell] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


# --------------------------------------------------------------------------------------------- #
# The puzzle
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Puzzle:
    """A Slider board: ``grid`` rows of ``.``/``#``, a start cell and a target cell.

    ``grid`` may also mark the start with ``S`` and the target with ``T``; then ``start`` and
    ``target`` may be left out (and, when given, must agree with the marks). The stored grid
    holds only ``.`` and ``#``.
    """

    grid: tuple[str, ...]
    start: Cell
    target: Cell

    def __init__(self, grid: Sequence[str], start: Cell | None = None, target: Cell | None = None):
        rows = _grid_rows(grid)
        marks = {START: [], TARGET: []}
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch in marks:
                    marks[ch].append((r, c))
                elif ch not in (FREE, OBSTACLE):
                    raise PuzzleError(f"row {r}, col {c}: unknown character {ch!r} "
                                      "(use '.' free, '#' obstacle, 'S' start, 'T' target)")
        start = _end_cell("start", start, marks[START])
        target = _end_cell("target", target, marks[TARGET])
        clean = tuple(line.replace(START, FREE).replace(TARGET, FREE) for line in rows)
        object.__setattr__(self, "grid", clean)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "target", target)
        self._validate()

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.grid), len(self.grid[0])

    def is_free(self, cell: Cell) -> bool:
        """True for a free cell on the board (False for obstacles and cells off the board)."""
        r, c = cell
        nrows, ncols = self.shape
        return 0 <= r < nrows and 0 <= c < ncols and self.grid[r][c] == FREE

    def free_cells(self) -> list[Cell]:
        nrows, ncols = self.shape
        return [(r, c) for r in range(nrows) for c in range(ncols) if self.grid[r][c] == FREE]

    def obstacles(self) -> list[Cell]:
        nrows, ncols = self.shape
        return [(r, c) for r in range(nrows) for c in range(ncols) if self.grid[r][c] == OBSTACLE]

    def _validate(self) -> None:
        nrows, ncols = self.shape
        for name, (r, c) in (("start", self.start), ("target", self.target)):
            if not (0 <= r < nrows and 0 <= c < ncols):
                raise PuzzleError(f"{name} ({r}, {c}) is outside the {nrows}x{ncols} board")
            if self.grid[r][c] == OBSTACLE:
                raise PuzzleError(f"{name} ({r}, {c}) is on an obstacle")
        if self.start == self.target:
            raise PuzzleError(f"start and target are the same cell {self.start}: "
                              "the block must be moved to another cell")

    # -- text format ----------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Puzzle:
        lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
        header = next((k for k, (_, ln) in enumerate(lines) if ln.split()[0].lower() == KIND), None)
        if header is not None:  # before the header only comments may stand
            for n, line in lines[:header]:
                if not line.startswith("#"):
                    raise PuzzleError(f"line {n}: {line!r} before the 'slider' line (comments start with '#')")
            lines = lines[header + 1:]
        if not lines:
            raise PuzzleError("expected the rows of the board after the 'slider' line")
        width = len(lines[0][1])
        for n, line in lines:
            if len(line) != width:
                raise PuzzleError(f"line {n}: {len(line)} cells, but the first row has {width}")
            bad = next((ch for ch in line if ch not in "#.ST"), None)
            if bad is not None:
                raise PuzzleError(f"line {n}: unknown character {bad!r} "
                                  "(use '.' free, '#' obstacle, 'S' start, 'T' target)")
        return cls([line for _, line in lines])

    def to_text(self) -> str:
        rows = [list(line) for line in self.grid]
        rows[self.start[0]][self.start[1]] = START
        rows[self.target[0]][self.target[1]] = TARGET
        return KIND + "\n" + "\n".join("".join(row) for row in rows) + "\n"

    @classmethod
    def from_cells(cls, nrows: int, ncols: int, start: Cell, target: Cell,
                   obstacles: Iterable[Cell] = ()) -> Puzzle:
        """A board given by its size and a list of obstacle cells (0-based)."""
        rows = [[FREE] * ncols for _ in range(max(nrows, 0))]
        for r, c in obstacles:
            if not (0 <= r < nrows and 0 <= c < ncols):
                raise PuzzleError(f"obstacle ({r}, {c}) is outside the {nrows}x{ncols} board")
            rows[r][c] = OBSTACLE
        return cls(["".join(row) for row in rows], start, target)

    def with_cell(self, cell: Cell, ch: str) -> Puzzle:
        """A copy with one cell set to ``.`` or ``#`` (the editor and exercises use it)."""
        rows = [list(line) for line in self.grid]
        rows[cell[0]][cell[1]] = ch
        return Puzzle(["".join(row) for row in rows], self.start, self.target)


def _grid_rows(grid) -> tuple[str, ...]:
    if isinstance(grid, str):
        raise PuzzleError("grid must be a list of strings, one per row (use Puzzle.from_text for text)")
    try:
        rows = tuple(grid)
    except TypeError:
        raise PuzzleError(f"grid must be a list of strings, got {type(grid).__name__}") from None
    if not rows:
        raise PuzzleError("the board needs at least one row")
    for r, line in enumerate(rows):
        if not isinstance(line, str):
            raise PuzzleError(f"row {r} is {line!r}, not a string of '.' and '#'")
    if not rows[0]:
        raise PuzzleError("the board needs at least one column")
    for r, line in enumerate(rows):
        if len(line) != len(rows[0]):
            raise PuzzleError(f"row {r} has {len(line)} cells, row 0 has {len(rows[0])}: "
                              "every row must have the same length")
    return rows


def _end_cell(name: str, given, marked: list[Cell]) -> Cell:
    """The start or target: from the argument, else from the single mark in the grid."""
    if len(marked) > 1:
        raise PuzzleError(f"the grid marks the {name} {len(marked)} times, at " + ", ".join(map(str, marked)))
    if given is None:
        if not marked:
            raise PuzzleError(f"no {name}: give {name}=(row, col) or mark a cell "
                              f"{START if name == 'start' else TARGET}")
        return marked[0]
    try:
        r, c = given
        cell = (int(r), int(c))
    except (TypeError, ValueError):
        raise PuzzleError(f"{name} must be a (row, col) pair, got {given!r}") from None
    if cell != tuple(given):
        raise PuzzleError(f"{name} must be a pair of whole numbers, got {given!r}")
    if marked and marked[0] != cell:
        raise PuzzleError(f"the grid marks the {name} at {marked[0]} but {name}={cell}")
    return cell


# --------------------------------------------------------------------------------------------- #
# Slides and the move graph
# --------------------------------------------------------------------------------------------- #
def slide(puzzle: Puzzle, cell: Cell, direction: str) -> Cell:
    """Where the block stops when it slides from ``cell`` in ``direction`` (``cell`` if it cannot move)."""
    dr, dc = DIRECTIONS[direction]
    r, c = cell
    while puzzle.is_free((r + dr, c + dc)):
        r, c = r + dr, c + dc
    return r, c


def move_graph(puzzle: Puzzle) -> dict[Cell, dict[str, Cell]]:
    """For every free cell, the cell each possible slide stops on: ``{cell: {direction: stop}}``.

    A direction is missing when the block cannot move that way. Built from the runs of free cells
    in each row and column (a slide stops at the end of its run), so it takes time linear in the
    board, which matters at 200x200.
    """
    nrows, ncols = puzzle.shape
    graph: dict[Cell, dict[str, Cell]] = {cell: {} for cell in puzzle.free_cells()}
    for r in range(nrows):
        for first, last in _runs(puzzle.grid[r]):
            for c in range(first, last + 1):
                if c > first:
                    graph[r, c]["left"] = (r, first)
                if c < last:
                    graph[r, c]["right"] = (r, last)
    for c in range(ncols):
        column = "".join(puzzle.grid[r][c] for r in range(nrows))
        for first, last in _runs(column):
            for r in range(first, last + 1):
                if r > first:
                    graph[r, c]["up"] = (first, c)
                if r < last:
                    graph[r, c]["down"] = (last, c)
    for cell in graph:  # the fixed direction order, whatever order the scans filled in
        graph[cell] = {d: graph[cell][d] for d in DIRECTIONS if d in graph[cell]}
    return graph


def _runs(line: str) -> list[tuple[int, int]]:
    """(first, last) index of every run of free cells in a row or column."""
    runs, first = [], None
    for i, ch in enumerate(line + OBSTACLE):
        if ch == FREE and first is None:
            first = i
        elif ch != FREE and first is not None:
            runs.append((first, i - 1))
            first = None
    return runs


def arcs(puzzle: Puzzle, graph: dict | None = None) -> list[Arc]:
    """The arcs of the model: every slide, except slides leaving the target (the game ends there)."""
    graph = move_graph(puzzle) if graph is None else graph
    return [(u, v) for u, moves in graph.items() if u != puzzle.target for v in moves.values()]


def direction_of(a: Cell, b: Cell) -> str | None:
    """The direction from ``a`` to ``b`` when they share a row or a column, else None."""
    (r1, c1), (r2, c2) = a, b
    if (r1 == r2) == (c1 == c2):
        return None
    if r1 == r2:
        return "right" if c2 > c1 else "left"
    return "down" if r2 > r1 else "up"


def resting_points(puzzle: Puzzle, graph: dict | None = None) -> set[Cell]:
    """The cells some slide stops on: only these can ever hold the block after a move."""
    graph = move_graph(puzzle) if graph is None else graph
    return {v for moves in graph.values() for v in moves.values()}


# --------------------------------------------------------------------------------------------- #
# Breadth-first search: the independent cross-check (and the reason when there is no route)
# --------------------------------------------------------------------------------------------- #
def bfs_distances(puzzle: Puzzle, graph: dict | None = None) -> dict[Cell, int]:
    """Fewest moves from the start to every cell the block can rest on (the start itself: 0)."""
    graph = move_graph(puzzle) if graph is None else graph
    dist = {puzzle.start: 0}
    queue = deque([puzzle.start])
    while queue:
        u = queue.popleft()
        for v in graph[u].values():
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def bfs_path(puzzle: Puzzle, graph: dict | None = None) -> list[Cell] | None:
    """A shortest route found by breadth-first search (None when the target cannot be reached)."""
    graph = move_graph(puzzle) if graph is None else graph
    parent: dict[Cell, Cell | None] = {puzzle.start: None}
    queue = deque([puzzle.start])
    while queue:
        u = queue.popleft()
        if u == puzzle.target:
            path = [u]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1]
        for v in graph[u].values():
            if v not in parent:
                parent[v] = u
                queue.append(v)
    return None


def count_shortest_routes(puzzle: Puzzle, graph: dict | None = None) -> int:
    """How many different shortest routes there are (0 when the target cannot be reached)."""
    graph = move_graph(puzzle) if graph is None else graph
    dist = bfs_distances(puzzle, graph)
    if puzzle.target not in dist:
        return 0
    ways = {puzzle.start: 1}
    for u in sorted(dist, key=dist.get):
        if u == puzzle.target:
            continue
        for v in graph[u].values():
            if dist.get(v) == dist[u] + 1:
                ways[v] = ways.get(v, 0) + ways.get(u, 0)
    return ways.get(puzzle.target, 0)


def why_unreachable(puzzle: Puzzle, graph: dict | None = None) -> str | None:
    """Why no sequence of slides ends on the target, in words; None when one does."""
    graph = move_graph(puzzle) if graph is None else graph
    if not graph[puzzle.start]:
        return (f"every side of the start {puzzle.start} is an obstacle or the border, "
                "so the block cannot move at all")
    if puzzle.target not in resting_points(puzzle, graph):
        return (f"no slide ever stops on the target {puzzle.target}: a block stops only in front of an "
                "obstacle or the border, coming from a free cell on the other side, and the target "
                "has no such side, so the block can only pass over it")
    dist = bfs_distances(puzzle, graph)
    if puzzle.target in dist:
        return None
    return (f"the target {puzzle.target} is not reachable from the start {puzzle.start}: "
            f"the block can rest on only {len(dist) - 1} other cells from there, and the target is not one of them")


# --------------------------------------------------------------------------------------------- #
# The model
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Solution:
    """A route: the cells the block rests on, from the start to the target, one slide per step."""

    path: tuple[Cell, ...]

    @property
    def moves(self) -> int:
        """The number of slides."""
        return len(self.path) - 1

    @property
    def directions(self) -> tuple[str, ...]:
        return tuple(direction_of(a, b) or "?" for a, b in zip(self.path, self.path[1:]))


def build_model(puzzle: Puzzle, graph: dict | None = None):
    """The shortest-path IP on the move graph; returns ``(problem, x)`` with ``x[u, v]`` per arc.

    (1) one unit leaves the start: out(s) - in(s) = 1; (2) one unit arrives at the target:
    in(t) = 1 (no arc leaves it); (3) conservation at every other free cell: in(v) = out(v);
    the objective counts the slides used. Variables are named ``x_r_c_to_r_c``; constraints
    ``leave_start``, ``arrive_target`` and ``conserve_r_c``.
    """
    graph = move_graph(puzzle) if graph is None else graph
    problem = new_problem("slider")
    x = {(u, v): add_binary(problem, f"x_{u[0]}_{u[1]}_to_{v[0]}_{v[1]}") for u, v in arcs(puzzle, graph)}
    out_arcs: dict[Cell, list] = {u: [] for u in graph}
    in_arcs: dict[Cell, list] = {u: [] for u in graph}
    for (u, v), var in x.items():
        out_arcs[u].append(var)
        in_arcs[v].append(var)
    problem += pulp.lpSum(x.values()), "moves"
    s, t = puzzle.start, puzzle.target
    problem += pulp.lpSum(out_arcs[s]) - pulp.lpSum(in_arcs[s]) == 1, "leave_start"
    problem += pulp.lpSum(in_arcs[t]) == 1, "arrive_target"
    for v in graph:
        if v not in (s, t) and (in_arcs[v] or out_arcs[v]):
            problem += pulp.lpSum(in_arcs[v]) == pulp.lpSum(out_arcs[v]), f"conserve_{v[0]}_{v[1]}"
    return problem, x


def path_from_arcs(puzzle: Puzzle, used: Iterable[Arc]) -> tuple[Cell, ...]:
    """Walk the chosen arcs from the start to the target (stops if they do not lead there)."""
    succ: dict[Cell, Cell] = {}
    for u, v in used:
        succ.setdefault(u, v)
    path = [puzzle.start]
    seen = {puzzle.start}
    while path[-1] != puzzle.target and path[-1] in succ and succ[path[-1]] not in seen:
        path.append(succ[path[-1]])
        seen.add(path[-1])
    return tuple(path)


def _read(puzzle: Puzzle, x) -> Solution:
    return Solution(path_from_arcs(puzzle, [arc for arc, var in x.items() if value01(var)]))


def _no_route(puzzle: Puzzle, graph) -> NoSolution:
    return NoSolution("the block cannot come to rest on the target", why_unreachable(puzzle, graph))


def solve(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> Solution:
    """A shortest route by the IP; raises NoSolution saying why when the target cannot be reached."""
    graph = move_graph(puzzle)
    if not graph[puzzle.start] or puzzle.target not in resting_points(puzzle, graph):
        raise _no_route(puzzle, graph)  # the data shows it: no solver needed
    problem, x = build_model(puzzle, graph)
    try:
        solve_model(problem, solver=solver, time_limit=time_limit)
    except NoSolution:
        raise _no_route(puzzle, graph) from None
    return _read(puzzle, x)


def solutions(puzzle: Puzzle, limit: int = 2, solver: str | None = None,
              time_limit: float | None = None) -> list[Solution]:
    """Up to ``limit`` different shortest routes, by no-good cuts over the arc variables.

    After the first solve the optimum is kept, so every later answer uses the same number of
    slides. Such an answer is a single route and nothing more: a route plus a separate cycle
    would cost at least two slides more than the optimum. So different answers are different
    routes. Returns ``[]`` when the target cannot be reached.
    """
    graph = move_graph(puzzle)
    if not graph[puzzle.start] or puzzle.target not in resting_points(puzzle, graph):
        return []
    problem, x = build_model(puzzle, graph)
    return enumerate_solutions(problem, x.values(), lambda: _read(puzzle, x), limit, solver, time_limit)


# --------------------------------------------------------------------------------------------- #
# The rules, checked without a solver
# --------------------------------------------------------------------------------------------- #
def verify(puzzle: Puzzle, path, shortest: bool = True) -> list[str]:
    """Replay the slides of ``path`` (a Solution or a list of cells); every broken rule in words.

    With ``shortest=True`` a valid route that uses more slides than necessary is reported too
    (the fewest number of slides comes from breadth-first search, not from a solver).
    """
    cells = getattr(path, "path", path)
    try:
        cells = [(int(r), int(c)) for r, c in cells]
    except (TypeError, ValueError):
        return ["the route must be a list of (row, col) cells"]
    if not cells:
        return ["the route is empty: it must start at the start cell"]
    problems = []
    if cells[0] != puzzle.start:
        problems.append(f"the route starts at {cells[0]}, not at the start {puzzle.start}")
    for k, (a, b) in enumerate(zip(cells, cells[1:]), 1):
        direction = direction_of(a, b)
        if direction is None:
            problems.append(f"slide {k}: {a} to {b} is not along a row or a column")
            continue
        stop = slide(puzzle, a, direction)
        if stop != b:
            where = "cannot move" if stop == a else f"stops at {stop}"
            problems.append(f"slide {k}: sliding {direction} from {a} the block {where}, not at {b}")
    if cells[-1] != puzzle.target:
        problems.append(f"the route ends at {cells[-1]}, not on the target {puzzle.target}")
    if problems or not shortest:
        return problems
    best = bfs_distances(puzzle).get(puzzle.target)
    if best is not None and len(cells) - 1 > best:
        problems.append(f"the route uses {len(cells) - 1} slides; the fewest possible is {best}")
    return problems


def format_solution(puzzle: Puzzle, solution) -> str:
    """The route as text: one line per slide, then the board with the cells numbered."""
    path = list(getattr(solution, "path", solution))
    lines = [f"{len(path) - 1} moves: " + " ".join(f"{a}->{b}" for a, b in zip(path, path[1:]))]
    rows = [list(line) for line in puzzle.grid]
    for k, (r, c) in enumerate(path):
        rows[r][c] = "S" if k == 0 else (str(k) if k < 10 else "+")
    lines += ["".join(row) for row in rows]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------- #
# Random boards with a planted solution
# --------------------------------------------------------------------------------------------- #
def random_puzzle(nrows: int, ncols: int | None = None, seed: int = 0, density: float = 0.2,
                  min_moves: int = 1, tries: int = 200) -> tuple[Puzzle, Solution]:
    """A random board and a shortest route on it (found by breadth-first search).

    Obstacles are placed independently with probability ``density``; the start is a random free
    cell and the target a random cell the block can rest on at least ``min_moves`` slides away.
    """
    ncols = nrows if ncols is None else ncols
    if nrows * ncols < 2:
        raise PuzzleError("a board needs at least two cells")
    rng = random.Random(seed)
    for _ in range(tries):
        grid = ["".join(OBSTACLE if rng.random() < density else FREE for _ in range(ncols))
                for _ in range(nrows)]
        free = [(r, c) for r in range(nrows) for c in range(ncols) if grid[r][c] == FREE]
        if len(free) < 2:
            continue
        start = rng.choice(free)
        other = next(cell for cell in free if cell != start)
        probe = Puzzle(grid, start, other)
        graph = move_graph(probe)
        dist = bfs_distances(probe, graph)
        far = sorted(cell for cell, d in dist.items() if d >= min_moves)
        if not far:
            continue
        puzzle = Puzzle(grid, start, rng.choice(far))
        return puzzle, Solution(tuple(bfs_path(puzzle, graph)))
    raise PuzzleError(f"no {nrows}x{ncols} board with a route of {min_moves} moves found in {tries} tries")


# --------------------------------------------------------------------------------------------- #
# Pictures
# --------------------------------------------------------------------------------------------- #
WALL, BLOCK, GOAL, ROUTE, ARC = "#546e7a", "#212121", "#b0bec5", ACCENT, "#9e9e9e"


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, graph: bool = False,
         numbers: bool = True):
    """The board: obstacles dark, the target grey, the block black on the start, and the route as
    numbered arrows (``solution`` is a Solution or a list of cells). ``graph=True`` also draws
    every arc of the move graph in light grey. Returns the matplotlib Figure.
    """
    path = getattr(solution, "path", solution)
    ax = draw_board(ax, puzzle.shape, puzzle.grid, puzzle.start, puzzle.target)
    if graph:
        draw_arcs(ax, puzzle.shape, arcs(puzzle))
    if path:
        draw_route(ax, puzzle.shape, list(path), numbers=numbers)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, shape, grid, start: Cell | None, target: Cell | None):
    """A possibly unfinished board (the editor draws drafts with it)."""
    from matplotlib.patches import FancyBboxPatch, Rectangle

    nrows, ncols = shape
    ax = new_board_axes(nrows, ncols, ax=ax)
    draw_grid(ax, nrows, ncols, face=BOARD, line=GRID)
    walls = [Rectangle((c - 0.5, r - 0.5), 1, 1) for r in range(nrows) for c in range(ncols)
             if grid[r][c] == OBSTACLE]
    add_patches(ax, walls, 2, facecolor=WALL, edgecolor="none")
    if target is not None:
        r, c = target
        add_patches(ax, [Rectangle((c - 0.46, r - 0.46), 0.92, 0.92)], 2, facecolor=GOAL, edgecolor=INK,
                    linewidth=1.2, linestyle="--")
    if start is not None:
        r, c = start
        add_patches(ax, [FancyBboxPatch((c - 0.3, r - 0.3), 0.6, 0.6, boxstyle="round,pad=0.04")], 3,
                    facecolor=BLOCK, edgecolor="none")
    return ax


def _offset(a: Cell, b: Cell, amount: float) -> tuple[float, float]:
    """A sideways shift (x, y) so that a slide and the slide back do not hide each other."""
    sign = {"right": -1, "left": 1, "down": 1, "up": -1}[direction_of(a, b)]
    return (0.0, sign * amount) if a[0] == b[0] else (sign * amount, 0.0)


def draw_arcs(ax, shape, arc_list: Sequence[Arc]) -> None:
    """Every slide of the move graph as a thin grey arrow."""
    for a, b in arc_list:
        dx, dy = _offset(a, b, 0.1)
        ax.annotate("", xy=(b[1] + dx, b[0] + dy), xytext=(a[1] + dx, a[0] + dy), zorder=4,
                    arrowprops=dict(arrowstyle="-|>", color=ARC, lw=0.8, shrinkA=6, shrinkB=6,
                                    mutation_scale=8))


def draw_route(ax, shape, path: Sequence[Cell], numbers: bool = True) -> None:
    """The route as red arrows from rest to rest, each numbered at its middle."""
    nrows, ncols = shape
    size = font_size(nrows, ncols, 0.3)
    for k, (a, b) in enumerate(zip(path, path[1:]), 1):
        if direction_of(a, b) is None:  # not a slide: draw it dashed so the mistake shows
            dx, dy, style = 0.0, 0.0, "--"
        else:
            (dx, dy), style = _offset(a, b, 0.16), "-"
        ax.annotate("", xy=(b[1] + dx, b[0] + dy), xytext=(a[1] + dx, a[0] + dy), zorder=5,
                    arrowprops=dict(arrowstyle="-|>", color=ROUTE, lw=2.2, linestyle=style,
                                    shrinkA=4, shrinkB=4, mutation_scale=14))
        if numbers:
            mx, my = (a[1] + b[1]) / 2 + dx, (a[0] + b[0]) / 2 + dy
            ax.text(mx, my, str(k), ha="center", va="center", fontsize=size, color="white",
                    fontweight="bold", zorder=6,
                    bbox=dict(boxstyle="circle,pad=0.2", facecolor=ROUTE, edgecolor="white", lw=0.8))
    for r, c in path[1:-1]:
        ax.plot([c], [r], marker="o", markersize=4, color=MUTED, zorder=4)


# --------------------------------------------------------------------------------------------- #
# The live editor
# --------------------------------------------------------------------------------------------- #
def editor(puzzle: Puzzle | None = None):
    """A board to click on: place obstacles, the start and the target; Solve draws the route."""
    from .editors.slider import SliderEditor

    return SliderEditor(puzzle)


HARTMANN = """slider
.#..
...#
.S..
....
..T.
..#.
"""


def hartmann_example() -> Puzzle:
    """Hartmann's 6x4 example of Appendix D, in our 0-based coordinates."""
    return Puzzle.from_text(HARTMANN)


__all__ = [
    "KIND", "Puzzle", "Solution", "DIRECTIONS", "build_model", "solve", "solutions", "verify", "draw",
    "editor", "random_puzzle", "format_solution", "move_graph", "arcs", "slide", "bfs_distances",
    "bfs_path", "count_shortest_routes", "why_unreachable", "resting_points", "path_from_arcs",
    "direction_of", "hartmann_example",
]
