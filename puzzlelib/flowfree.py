"""Flow Free as a network flow with subtour elimination (Hartmann 2018, section 6 and Appendix E).

Rules. A square (or rectangular) board holds pairs of coloured dots. Join the two dots of every
colour by a pipe that runs from cell to cell horizontally or vertically. Pipes may not cross or
share a cell, a pipe ends at its dots (it never runs through a dot), and every cell of the board
is used by some pipe. So the board is split into one simple path per colour, from one dot to the
other.

Coordinates are ``(row, col)``, 0-based, row 0 at the top. A colour is named by one letter or digit
(case matters: ``a`` and ``A`` are two colours).

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    flowfree
    ........
    121.342.
    ........
    ........
    ..3.4...
    .5.....5
    .......6
    6...7..7

The first line names the puzzle; every further line is a row, a letter or digit for a dot and
``.`` for an empty cell. Lines starting with ``#`` are comments. :meth:`Puzzle.from_level` reads the
level files of open-source Flow solvers instead: one row per line, a letter per colour, any other
character an empty cell.

Models (``model=`` in :func:`build_model`, :func:`solve` and :func:`solutions`):

``"hartmann1"``  Hartmann's first model: a binary per colour per directed edge, MTZ subtour
                 elimination (constraints (22)-(31) of the paper).
``"hartmann2"``  Hartmann's second model: a binary per directed edge, a continuous colour value per
                 edge, MTZ subtour elimination ((32)-(44)).
``"lazy"``       the second model without MTZ; stray cycles are cut off one round at a time.
``"cells"``      (the default) a colour per cell, an undirected edge binary, degree 1 at dots and 2
                 elsewhere, equal colours along used edges, no 2x2 loops, and cycle cuts added lazily.
                 :func:`solve` first looks for tidy pipes (no pipe runs alongside itself, as in
                 designed levels) and falls back to the plain rules when there are none.

The tidy shortcut is what makes 14x14 levels take about a second; ``benchmarks/bench_flowfree.py``
compares the four models.
"""

from __future__ import annotations

import random
import string
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pulp

from .core.drawing import add_patches, circles, font_size, new_board_axes, segment
from .core.errors import NoSolution, PuzzleError, SolverError
from .core.solver import add_binary, add_continuous, new_problem, solve_model, value01

KIND = "flowfree"
MODELS = ("cells", "hartmann2", "hartmann1", "lazy")
DEFAULT_MODEL = "cells"
Cell = tuple[int, int]
Edge = tuple[Cell, Cell]  # always (smaller cell, larger cell)


def neighbours(cell: Cell, shape: tuple[int, int]) -> list[Cell]:
    """The orthogonal neighbours of ``cell`` on the board (Hartmann's set N_ij)."""
    r, c = cell
    nrows, ncols = shape
    return [(a, b) for a, b in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= a < nrows and 0 <= b < ncols]


def cells_of(shape: tuple[int, int]) -> list[Cell]:
    return [(r, c) for r in range(shape[0]) for c in range(shape[1])]


def edges_of(shape: tuple[int, int]) -> list[Edge]:
    """Every pair of orthogonally adjacent cells, once, as (smaller, larger)."""
    nrows, ncols = shape
    out = []
    for r in range(nrows):
        for c in range(ncols):
            if c + 1 < ncols:
                out.append(((r, c), (r, c + 1)))
            if r + 1 < nrows:
                out.append(((r, c), (r + 1, c)))
    return out


def arcs_of(shape: tuple[int, int]) -> list[Edge]:
    """Every directed edge (u, v) between neighbours: both directions of each edge."""
    return [(u, v) for u, v in edges_of(shape)] + [(v, u) for u, v in edges_of(shape)]


def edge(u: Cell, v: Cell) -> Edge:
    return (u, v) if u <= v else (v, u)


# --------------------------------------------------------------------------------------------- #
# The puzzle
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Puzzle:
    """A Flow Free board: ``grid`` rows with a letter or digit per dot and ``.`` per empty cell."""

    grid: tuple[str, ...]

    def __init__(self, grid: Sequence[str]):
        if isinstance(grid, str):
            grid = grid.split()
        try:
            rows = tuple(str(row) for row in grid)
        except TypeError:
            raise PuzzleError(f"the grid must be a list of strings, got {grid!r}") from None
        object.__setattr__(self, "grid", rows)
        self._validate()

    def _validate(self) -> None:
        if not self.grid or not self.grid[0]:
            raise PuzzleError("the board needs at least one row and one column")
        width = len(self.grid[0])
        for r, row in enumerate(self.grid):
            if len(row) != width:
                raise PuzzleError(f"row {r} has {len(row)} cells, row 0 has {width}: rows must be equally long")
            for c, ch in enumerate(row):
                if ch != "." and not (ch.isascii() and ch.isalnum()):
                    raise PuzzleError(f"cell ({r}, {c}): {ch!r} is neither a colour (a letter or digit) nor '.'")
        seen: dict[str, list[Cell]] = {}
        for r, row in enumerate(self.grid):
            for c, ch in enumerate(row):
                if ch != ".":
                    seen.setdefault(ch, []).append((r, c))
        for colour, where in seen.items():
            if len(where) != 2:
                cells = ", ".join(str(w) for w in where)
                raise PuzzleError(f"colour {colour} has {len(where)} dot{'s' if len(where) > 1 else ''} ({cells}): "
                                  "every colour needs exactly two")
        if not seen:
            raise PuzzleError("the board has no dots: place at least one pair of one colour")

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.grid), len(self.grid[0])

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours in the order their first dot appears (row by row)."""
        out: list[str] = []
        for row in self.grid:
            for ch in row:
                if ch != "." and ch not in out:
                    out.append(ch)
        return tuple(out)

    @property
    def dots(self) -> dict[str, tuple[Cell, Cell]]:
        """Each colour's two dots, the first in reading order first (Hartmann's source, then sink)."""
        found: dict[str, list[Cell]] = {}
        for r, row in enumerate(self.grid):
            for c, ch in enumerate(row):
                if ch != ".":
                    found.setdefault(ch, []).append((r, c))
        return {k: (v[0], v[1]) for k, v in found.items()}

    def colour_at(self, cell: Cell) -> str | None:
        ch = self.grid[cell[0]][cell[1]]
        return None if ch == "." else ch

    # -- text formats ---------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Puzzle:
        lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1)
                 if ln.strip() and not ln.strip().startswith("#")]
        if lines and lines[0][1].lower() == KIND:
            lines = lines[1:]
        if not lines:
            raise PuzzleError("expected at least one row of the board after the line 'flowfree'")
        width = len(lines[0][1])
        for n, line in lines:
            if len(line) != width:
                raise PuzzleError(f"line {n}: a row of {len(line)} cells, the first row has {width}")
            for ch in line:
                if ch != "." and not (ch.isascii() and ch.isalnum()):
                    raise PuzzleError(f"line {n}: {ch!r} is neither a colour (a letter or digit) nor '.'")
        return cls([line for _, line in lines])

    def to_text(self) -> str:
        return "\n".join([KIND, *self.grid]) + "\n"

    @classmethod
    def from_level(cls, text: str) -> Puzzle:
        """A level file of the open-source Flow solvers: a row per line, a letter per colour."""
        rows = [line.rstrip("\r\n") for line in text.splitlines()]
        while rows and not rows[-1].strip():
            rows.pop()
        while rows and not rows[0].strip():
            rows.pop(0)
        if not rows:
            raise PuzzleError("the level file is empty")
        return cls(["".join(ch if ch.isascii() and ch.isalpha() else "." for ch in row) for row in rows])


# --------------------------------------------------------------------------------------------- #
# Solutions
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Solution:
    """A colour per cell (``grid``), the pipe of each colour from dot to dot (``paths``).

    Two solutions are equal when their colourings are. ``cycles`` holds closed loops that touch no
    dot; a real solution has none, a model without subtour elimination may return some.
    ``rounds`` counts the solver runs it took (more than one when cycle cuts were added lazily).
    """

    grid: tuple[str, ...]
    paths: dict = field(compare=False, default_factory=dict)
    cycles: tuple = field(compare=False, default=())
    rounds: int = field(compare=False, default=1)


def components(cells: Iterable[Cell], used: Iterable[Edge]) -> list[list[Cell]]:
    """The pieces of the graph of used edges, each in walking order (from an end if it has one)."""
    adj: dict[Cell, list[Cell]] = {cell: [] for cell in cells}
    for u, v in used:
        adj[u].append(v)
        adj[v].append(u)
    seen: set[Cell] = set()
    pieces = []
    ends = [cell for cell in adj if len(adj[cell]) <= 1]
    for start in ends + list(adj):
        if start in seen:
            continue
        piece, prev, cur = [start], None, start
        seen.add(start)
        while True:
            nxt = next((w for w in adj[cur] if w != prev and w not in seen), None)
            if nxt is None:
                break
            piece.append(nxt)
            seen.add(nxt)
            prev, cur = cur, nxt
        pieces.append(piece)
    return pieces


def stray_cycles(puzzle: Puzzle, used: Iterable[Edge]) -> list[list[Cell]]:
    """The pieces of the used edges that contain no dot: the loops a subtour constraint forbids."""
    used = list(used)
    dotted = {cell for pair in puzzle.dots.values() for cell in pair}
    return [piece for piece in components(cells_of(puzzle.shape), used)
            if len(piece) > 1 and not dotted.intersection(piece)]


def solution_from_edges(puzzle: Puzzle, used: Iterable[Edge], colour_of: dict[Cell, str] | None = None,
                        rounds: int = 1) -> Solution:
    """Read pipes off a set of used edges; loops keep the colour the model gave them."""
    used = list(used)
    dots = puzzle.dots
    owner = {cell: k for k, pair in dots.items() for cell in pair}
    grid = [["."] * puzzle.shape[1] for _ in range(puzzle.shape[0])]
    paths, cycles = {}, []
    for piece in components(cells_of(puzzle.shape), used):
        colours = {owner[cell] for cell in piece if cell in owner}
        if len(colours) == 1:
            k = colours.pop()
            if piece[0] != dots[k][0]:
                piece.reverse()
            paths[k] = tuple(piece)
        else:
            k = (colour_of or {}).get(piece[0], "?") if not colours else "?"
            if not colours and len(piece) > 1:
                cycles.append(tuple(piece))
        for r, c in piece:
            grid[r][c] = k
    ordered = {k: paths[k] for k in puzzle.colours if k in paths}
    return Solution(tuple("".join(row) for row in grid), ordered, tuple(cycles), rounds)


# --------------------------------------------------------------------------------------------- #
# The models
# --------------------------------------------------------------------------------------------- #
def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, subtours: bool = True):
    """The integer program of ``model`` (see the module docstring). Returns ``(problem, variables)``.

    ``variables`` is a dict of variable families (``x``, ``y``, ``z``, ``e``, ...), keyed the way the
    chapter writes them. ``subtours=False`` leaves out the MTZ constraints (for the experiment that
    shows why they are there); the lazy models add their cuts during :func:`solve`, not here.
    """
    builders = {"hartmann1": _hartmann1, "hartmann2": _hartmann2, "lazy": _hartmann2, "cells": _cells}
    if model not in builders:
        raise ValueError(f"unknown model {model!r}: choose one of {', '.join(MODELS)}")
    return builders[model](puzzle, subtours and model != "lazy")


def _hartmann1(puzzle: Puzzle, mtz: bool = True):
    """x[q, u, v] = 1 when a pipe of colour q runs from cell u to neighbour v; MTZ on z."""
    shape = puzzle.shape
    colours = puzzle.colours
    value = {k: q + 1 for q, k in enumerate(colours)}  # Hartmann's colour values C_ij = 1..Q
    sources = {pair[0]: k for k, pair in puzzle.dots.items()}
    sinks = {pair[1]: k for k, pair in puzzle.dots.items()}
    problem = new_problem("flowfree_hartmann1")
    arcs = arcs_of(shape)
    x = {(k, u, v): add_binary(problem, f"x_{k}_{u[0]}_{u[1]}_{v[0]}_{v[1]}") for k in colours for u, v in arcs}
    for cell in cells_of(shape):
        into = [(k, w, cell) for k in colours for w in neighbours(cell, shape)]
        out = [(k, cell, w) for k in colours for w in neighbours(cell, shape)]
        name = f"{cell[0]}_{cell[1]}"
        if cell in sources:
            problem += pulp.lpSum(x[a] for a in into) == 0, f"no_flow_into_source_{name}"          # (22)
            problem += pulp.lpSum(value[a[0]] * x[a] for a in out) == value[sources[cell]], f"colour_out_{name}"  # (26)
        else:
            problem += pulp.lpSum(x[a] for a in into) == 1, f"flow_in_{name}"                      # (24)
        if cell in sinks:
            problem += pulp.lpSum(x[a] for a in out) == 0, f"no_flow_out_of_sink_{name}"          # (23)
            problem += pulp.lpSum(value[a[0]] * x[a] for a in into) == value[sinks[cell]], f"colour_in_{name}"  # (27)
        else:
            problem += pulp.lpSum(x[a] for a in out) == 1, f"flow_out_{name}"                      # (25)
        if cell not in sources and cell not in sinks:
            problem += (pulp.lpSum(value[a[0]] * x[a] for a in into)
                        == pulp.lpSum(value[a[0]] * x[a] for a in out)), f"colour_kept_{name}"     # (28)
    variables = {"x": x}
    if mtz:
        variables["z"] = _add_mtz(problem, shape, {(u, v): pulp.lpSum(x[k, u, v] for k in colours) for u, v in arcs})
    return problem, variables


def _hartmann2(puzzle: Puzzle, mtz: bool = True):
    """x[u, v] = 1 when a pipe runs from u to v, y[u, v] its colour value (0 when unused); MTZ on z."""
    shape = puzzle.shape
    value = {k: q + 1 for q, k in enumerate(puzzle.colours)}
    big = len(puzzle.colours)  # M_1 = Q
    sources = {pair[0]: k for k, pair in puzzle.dots.items()}
    sinks = {pair[1]: k for k, pair in puzzle.dots.items()}
    problem = new_problem("flowfree_hartmann2")
    arcs = arcs_of(shape)
    x = {(u, v): add_binary(problem, f"x_{u[0]}_{u[1]}_{v[0]}_{v[1]}") for u, v in arcs}
    y = {(u, v): add_continuous(problem, f"y_{u[0]}_{u[1]}_{v[0]}_{v[1]}", low=0) for u, v in arcs}
    for cell in cells_of(shape):
        into = [(w, cell) for w in neighbours(cell, shape)]
        out = [(cell, w) for w in neighbours(cell, shape)]
        name = f"{cell[0]}_{cell[1]}"
        if cell in sources:
            problem += pulp.lpSum(x[a] for a in into) == 0, f"no_flow_into_source_{name}"          # (32)
            problem += pulp.lpSum(y[a] for a in out) == value[sources[cell]], f"colour_out_{name}"  # (36)
        else:
            problem += pulp.lpSum(x[a] for a in into) == 1, f"flow_in_{name}"                      # (34)
        if cell in sinks:
            problem += pulp.lpSum(x[a] for a in out) == 0, f"no_flow_out_of_sink_{name}"          # (33)
            problem += pulp.lpSum(y[a] for a in into) == value[sinks[cell]], f"colour_in_{name}"   # (37)
        else:
            problem += pulp.lpSum(x[a] for a in out) == 1, f"flow_out_{name}"                      # (35)
        if cell not in sources and cell not in sinks:
            problem += pulp.lpSum(y[a] for a in into) == pulp.lpSum(y[a] for a in out), f"colour_kept_{name}"  # (38)
    for u, v in arcs:
        name = f"{u[0]}_{u[1]}_{v[0]}_{v[1]}"
        problem += y[u, v] >= x[u, v], f"colour_if_used_{name}"                                    # (39)
        problem += y[u, v] <= big * x[u, v], f"no_colour_if_unused_{name}"                         # (40)
    variables = {"x": x, "y": y}
    if mtz:
        variables["z"] = _add_mtz(problem, shape, x)
    return problem, variables


def _add_mtz(problem, shape, used_arc) -> dict:
    """Miller-Tucker-Zemlin: z grows by at least 1 along every used arc, so no arc closes a loop."""
    big = shape[0] * shape[1]  # M = n^2
    z = {cell: add_continuous(problem, f"z_{cell[0]}_{cell[1]}", low=0) for cell in cells_of(shape)}
    for (u, v), used in used_arc.items():
        problem += z[v] - z[u] + big * (1 - used) >= 1, f"mtz_{u[0]}_{u[1]}_{v[0]}_{v[1]}"         # (29)/(41)
    return z


def _cells(puzzle: Puzzle, subtours: bool = True):
    """The course's model: x[c, k] = 1 when cell c has colour k, e[u, v] = 1 when the pipe joins u, v.

    Degree 1 at a dot and 2 elsewhere makes every piece a path between two dots or a loop; equal
    colours along used edges make each path join two dots of one colour. Loops of four cells are
    forbidden up front; longer loops are cut off lazily by :func:`solve`.
    """
    shape = puzzle.shape
    colours = puzzle.colours
    dot_colour = {cell: k for k, pair in puzzle.dots.items() for cell in pair}
    problem = new_problem("flowfree_cells")
    x = {(cell, k): add_binary(problem, f"x_{cell[0]}_{cell[1]}_{k}") for cell in cells_of(shape) for k in colours}
    e = {(u, v): add_binary(problem, f"e_{u[0]}_{u[1]}_{v[0]}_{v[1]}") for u, v in edges_of(shape)}
    for cell in cells_of(shape):
        name = f"{cell[0]}_{cell[1]}"
        problem += pulp.lpSum(x[cell, k] for k in colours) == 1, f"one_colour_{name}"
        if cell in dot_colour:
            problem += x[cell, dot_colour[cell]] == 1, f"dot_colour_{name}"
        degree = 1 if cell in dot_colour else 2
        problem += pulp.lpSum(e[edge(cell, w)] for w in neighbours(cell, shape)) == degree, f"degree_{name}"
    for (u, v), used in e.items():
        for k in colours:
            name = f"{u[0]}_{u[1]}_{v[0]}_{v[1]}_{k}"
            problem += x[u, k] - x[v, k] <= 1 - used, f"same_colour_{name}"
            problem += x[v, k] - x[u, k] <= 1 - used, f"same_colour_back_{name}"
    if subtours:  # the smallest loops, cut off before the first solve
        for r in range(shape[0] - 1):
            for c in range(shape[1] - 1):
                problem += pulp.lpSum(e[a] for a in square_edges((r, c))) <= 3, f"no_square_loop_{r}_{c}"
    return problem, {"x": x, "e": e}


def square_edges(corner: Cell) -> list[Edge]:
    """The four edges around the 2x2 block whose top-left cell is ``corner``."""
    r, c = corner
    return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)), ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]


def square_cells(corner: Cell) -> list[Cell]:
    r, c = corner
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


def add_no_square_rule(problem, puzzle: Puzzle, x) -> None:
    """The extra rule real levels keep: no 2x2 block of cells of one colour (cells model only)."""
    nrows, ncols = puzzle.shape
    for r in range(nrows - 1):
        for c in range(ncols - 1):
            for k in puzzle.colours:
                problem += (pulp.lpSum(x[cell, k] for cell in square_cells((r, c))) <= 3,
                            f"no_square_{r}_{c}_{k}")


def add_no_touch_rule(problem, puzzle: Puzzle, variables) -> None:
    """The rule designed levels keep: a pipe never runs alongside itself (cells model only).

    Two neighbouring cells of one colour must be joined by the pipe: x[u, k] + x[v, k] - 1 <= e[u, v].
    With it the colouring alone fixes the pipes, and no 2x2 block can have one colour.
    """
    x, e = variables["x"], variables["e"]
    for (u, v), used in e.items():
        for k in puzzle.colours:
            problem += x[u, k] + x[v, k] - 1 <= used, f"no_touch_{u[0]}_{u[1]}_{v[0]}_{v[1]}_{k}"


# -- reading a solved model, and the lazy cuts ---------------------------------------------------
def used_edges(puzzle: Puzzle, model: str, variables) -> list[Edge]:
    """The undirected edges a solved model draws a pipe along."""
    if model == "cells":
        return [a for a, var in variables["e"].items() if value01(var)]
    if model == "hartmann1":
        return sorted({edge(u, v) for (k, u, v), var in variables["x"].items() if value01(var)})
    return sorted({edge(u, v) for (u, v), var in variables["x"].items() if value01(var)})


def cell_colours(puzzle: Puzzle, model: str, variables) -> dict[Cell, str]:
    """The colour a solved model gives each cell (the only colour a stray loop has)."""
    colours = puzzle.colours
    out: dict[Cell, str] = {}
    if model == "cells":
        for (cell, k), var in variables["x"].items():
            if value01(var):
                out[cell] = k
    elif model == "hartmann1":
        for (k, u, v), var in variables["x"].items():
            if value01(var):
                out[u] = out[v] = k
    else:
        for (u, v), var in variables["y"].items():
            q = int(round(var.value() or 0))
            if 1 <= q <= len(colours):
                out[u] = out[v] = colours[q - 1]
    return out


def add_cycle_cut(problem, puzzle: Puzzle, model: str, variables, cycle: Sequence[Cell], name: str) -> None:
    """Cut off a loop with cell set S: a pipe must enter S from outside.

    For the cells model (undirected, degree 2 inside S) at least two edges cross the border of S;
    for the directed models at least one arc enters S. Both forbid every loop on exactly S.
    """
    inside = set(cycle)
    shape = puzzle.shape
    border = [(u, w) for u in inside for w in neighbours(u, shape) if w not in inside]
    if model == "cells":
        problem += pulp.lpSum(variables["e"][edge(u, w)] for u, w in border) >= 2, name
    else:
        problem += pulp.lpSum(variables["x"][w, u] for u, w in border) >= 1, name


def lazy_solve(problem, puzzle: Puzzle, model: str, variables, solver=None, time_limit=None,
               max_rounds: int = 1000, cuts: bool = True) -> Solution:
    """Solve; while the answer has loops without dots, cut each one off and solve again.

    The number of solver runs is kept on ``problem._rounds`` (and on the Solution returned).
    """
    lazy = cuts and model in ("cells", "lazy")
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    for rounds in range(1, max_rounds + 1):
        left = None if deadline is None else max(deadline - time.perf_counter(), 0.01)
        problem._rounds = rounds
        solve_model(problem, solver=solver, time_limit=left)
        used = used_edges(puzzle, model, variables)
        loops = stray_cycles(puzzle, used) if lazy else []
        if not loops:
            return solution_from_edges(puzzle, used, cell_colours(puzzle, model, variables), rounds)
        for loop in loops:
            problem._cuts = getattr(problem, "_cuts", 0) + 1
            add_cycle_cut(problem, puzzle, model, variables, loop, f"cycle_cut_{problem._cuts}")
        if deadline is not None and time.perf_counter() >= deadline:
            break
    raise SolverError(f"time limit of {time_limit:g} s reached while cutting off loops" if time_limit
                      else f"still finding loops after {max_rounds} rounds")


def solve(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None,
          model: str = DEFAULT_MODEL, subtours: bool = True, tidy_first: bool = True) -> Solution:
    """The pipes of every colour; raises NoSolution (with a reason when the board shows one).

    With the cells model and ``tidy_first`` the search first asks for tidy pipes (no pipe runs
    alongside itself, the rule designed levels keep, see :func:`add_no_touch_rule`), which is far
    faster on real levels; only if no tidy answer exists (or it takes half the time limit) does it
    search again under the plain rules. Either way the answer keeps the plain rules.
    ``subtours=False`` drops the subtour constraints (MTZ, or the loop cuts): the answer may then
    hold loops (``Solution.cycles``), which is the point of that experiment.
    """
    reason = obvious_reason(puzzle)
    if reason:
        raise NoSolution("no way to join every pair", reason)
    start = time.perf_counter()
    rounds = 0
    if model == "cells" and subtours and tidy_first:
        problem, variables = build_model(puzzle, model="cells")
        add_no_touch_rule(problem, puzzle, variables)
        try:
            found = lazy_solve(problem, puzzle, "cells", variables, solver,
                               None if time_limit is None else time_limit / 2)
            return found
        except NoSolution:
            pass
        except SolverError as exc:
            if time_limit is None or "time limit" not in str(exc):
                raise
        rounds = getattr(problem, "_rounds", 0)
    left = None if time_limit is None else max(time_limit - (time.perf_counter() - start), 0.01)
    problem, variables = build_model(puzzle, model=model, subtours=subtours)
    try:
        found = lazy_solve(problem, puzzle, model, variables, solver, left, cuts=subtours)
    except NoSolution:
        raise NoSolution("no way to join every pair and fill the board") from None
    return found if not rounds else Solution(found.grid, found.paths, found.cycles, found.rounds + rounds)


def obvious_reason(puzzle: Puzzle) -> str | None:
    """A reason the board cannot be solved that shows without a solver, or None."""
    dot_colour = {cell: k for k, pair in puzzle.dots.items() for cell in pair}
    for cell, k in dot_colour.items():
        if not neighbours(cell, puzzle.shape):
            return f"the dot {k} at {cell} has no neighbour to run a pipe to"
    cells = cells_of(puzzle.shape)
    if len(cells) < 2:
        return "a single cell cannot hold a pipe"
    return None


def solutions(puzzle: Puzzle, limit: int = 2, solver: str | None = None, time_limit: float | None = None,
              no_square: bool = False, no_touch: bool = False) -> list[Solution]:
    """Up to ``limit`` different colourings, by no-good cuts on the cell-colour binaries.

    Each solve runs the lazy loop (loops cut off until none is left); the colouring found is then
    forbidden and the search goes on. ``no_square=True`` adds the rule that no 2x2 block has one
    colour, ``no_touch=True`` the rule that no pipe runs alongside itself. ``time_limit`` bounds
    each solve.
    """
    if limit < 1:
        raise ValueError("limit must be at least 1")
    if obvious_reason(puzzle):
        return []
    problem, variables = build_model(puzzle, model="cells")
    if no_square:
        add_no_square_rule(problem, puzzle, variables["x"])
    if no_touch:
        add_no_touch_rule(problem, puzzle, variables)
    found: list[Solution] = []
    for k in range(limit):
        try:
            found.append(lazy_solve(problem, puzzle, "cells", variables, solver, time_limit))
        except NoSolution:
            break
        if k + 1 < limit:
            problem += colouring_nogood(variables["x"]), f"nogood_{k}"
    return found


def colouring_nogood(x) -> pulp.LpConstraint:
    """Forbid the colouring just found: at least one cell must change colour."""
    return pulp.lpSum(1 - var for var in x.values() if value01(var)) >= 1


# --------------------------------------------------------------------------------------------- #
# The rules, checked without a solver
# --------------------------------------------------------------------------------------------- #
def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule in words; ``[]`` means the answer is a solution.

    ``answer`` is a Solution (its pipes are checked cell by cell) or a grid of colour letters (then
    each colour's cells must hold a path from one of its dots to the other through all of them).
    """
    grid = getattr(answer, "grid", answer)
    nrows, ncols = puzzle.shape
    if grid is None or len(grid) != nrows or any(len(row) != ncols for row in grid):
        return [f"the grid must have {nrows} rows of {ncols} cells"]
    problems = []
    colours = set(puzzle.colours)
    cycles = getattr(answer, "cycles", ())
    on_loops = {cell for loop in cycles for cell in loop}
    for r in range(nrows):
        for c in range(ncols):
            ch, dot = grid[r][c], puzzle.grid[r][c]
            if ch not in colours and (r, c) in on_loops:
                continue  # reported below, with its loop
            if ch not in colours:
                problems.append(f"cell ({r}, {c}) is not on any pipe" if ch in ".? " else
                                f"cell ({r}, {c}) has {ch!r}, which is not a colour of this board")
            elif dot != "." and ch != dot:
                problems.append(f"cell ({r}, {c}) holds the dot {dot} but is coloured {ch}")
    if problems:
        return problems
    for loop in cycles:
        if len(loop) == 2:
            problems.append(f"a pipe runs back and forth between {loop[0]} and {loop[1]}: a loop that touches no dot")
        else:
            problems.append(f"a loop of {len(loop)} cells through {loop[0]} touches no dot")
    paths = getattr(answer, "paths", None)
    if paths:
        problems += _check_paths(puzzle, grid, paths, on_loops)
    else:
        for k in puzzle.colours:
            problems += _check_colour_class(puzzle, grid, k)
    return problems


def _check_paths(puzzle: Puzzle, grid, paths, on_loops=frozenset()) -> list[str]:
    problems = []
    dots = puzzle.dots
    owner: dict[Cell, str] = {}
    for k in puzzle.colours:
        path = [tuple(cell) for cell in paths.get(k, ())]
        if not path:
            problems.append(f"colour {k} has no pipe")
            continue
        if {path[0], path[-1]} != set(dots[k]) or len(path) < 2:
            problems.append(f"colour {k}: the pipe must run from {dots[k][0]} to {dots[k][1]}")
        for a, b in zip(path, path[1:]):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                problems.append(f"colour {k}: the pipe jumps from {a} to {b}")
                break
        for cell in path:
            if cell in owner:
                problems.append(f"cell {cell} is used by the pipes of {owner[cell]} and {k}"
                                if owner[cell] != k else f"colour {k}: the pipe visits {cell} twice")
            owner[cell] = k
            if grid[cell[0]][cell[1]] != k:
                problems.append(f"cell {cell} is on the pipe of {k} but coloured {grid[cell[0]][cell[1]]}")
        for cell in path[1:-1]:
            if puzzle.colour_at(cell):
                problems.append(f"colour {k}: the pipe runs through the dot at {cell}")
    for cell in cells_of(puzzle.shape):
        if cell not in owner and cell not in on_loops:
            problems.append(f"cell {cell} is not on any pipe")
    return problems


def _check_colour_class(puzzle: Puzzle, grid, k: str) -> list[str]:
    """Do the cells coloured k hold one path from one dot to the other through all of them?"""
    cells = {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == k}
    start, end = puzzle.dots[k]
    if _hamiltonian_path(cells, start, end, puzzle.shape):
        return []
    if len(_reach(cells, start, puzzle.shape)) < len(cells):
        return [f"colour {k}: its cells are not connected to its dot at {start} in one piece"]
    return [f"colour {k}: its {len(cells)} cells do not form one path from {start} to {end}"]


def _reach(cells: set[Cell], start: Cell, shape) -> set[Cell]:
    seen, todo = {start}, [start]
    while todo:
        for w in neighbours(todo.pop(), shape):
            if w in cells and w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


def _hamiltonian_path(cells: set[Cell], start: Cell, end: Cell, shape, budget: int = 200_000) -> bool:
    """A depth-first search for a path from start to end through every cell (pipes are thin, so fast)."""
    steps = [0]

    def extend(cur: Cell, seen: set[Cell]) -> bool:
        steps[0] += 1
        if steps[0] > budget:
            return False
        if cur == end:
            return len(seen) == len(cells)
        for w in neighbours(cur, shape):
            if w in cells and w not in seen and (w != end or len(seen) + 1 == len(cells)):
                seen.add(w)
                if extend(w, seen):
                    return True
                seen.discard(w)
        return False

    return start in cells and end in cells and extend(start, {start})


def format_solution(puzzle: Puzzle, solution) -> str:
    grid = getattr(solution, "grid", solution)
    return "\n".join(grid)


def has_square(grid) -> Cell | None:
    """The top-left cell of a 2x2 block of one colour, or None."""
    for r in range(len(grid) - 1):
        for c in range(len(grid[0]) - 1):
            if grid[r][c] == grid[r][c + 1] == grid[r + 1][c] == grid[r + 1][c + 1]:
                return (r, c)
    return None


# --------------------------------------------------------------------------------------------- #
# Random boards with a planted solution
# --------------------------------------------------------------------------------------------- #
COLOUR_NAMES = string.ascii_uppercase + string.ascii_lowercase + string.digits


def snake(nrows: int, ncols: int) -> list[Cell]:
    """The Hamiltonian path that walks the rows left, right, left, ..."""
    return [(r, c if r % 2 == 0 else ncols - 1 - c) for r in range(nrows) for c in range(ncols)]


def backbite(path: list[Cell], shape, rng: random.Random) -> list[Cell]:
    """One backbite move: join an end to a random neighbour on the path and reverse the loop formed.

    It keeps a Hamiltonian path Hamiltonian, and many moves make it look random.
    """
    if rng.random() < 0.5:
        path = path[::-1]
    end = path[-1]
    options = [w for w in neighbours(end, shape) if len(path) < 2 or w != path[-2]]
    if not options:
        return path
    w = rng.choice(options)
    i = path.index(w)
    return path[: i + 1] + path[i + 1:][::-1]


def random_path_cover(nrows: int, ncols: int, rng: random.Random, mean_len: float | None = None,
                      tidy: bool = True, moves: int | None = None) -> list[list[Cell]]:
    """Pipes that cover the board: a random Hamiltonian path cut into pieces.

    Piece lengths are drawn around ``mean_len``; with ``tidy`` a piece is also cut where it would
    run alongside itself, so the planted pipes look like those of designed levels. Pieces have at
    least two cells (tidy) or three (not tidy).
    """
    shape = (nrows, ncols)
    total = nrows * ncols
    mean = mean_len or max(3.0, (nrows + ncols) / 2)
    low = 2 if tidy else 3
    for _attempt in range(100):
        path = snake(nrows, ncols)
        for _ in range(moves if moves is not None else 8 * total):
            path = backbite(path, shape, rng)
        pieces: list[list[Cell]] = []
        piece: list[Cell] = []
        target = 0
        for cell in path:
            touches = tidy and any(w in piece[:-1] for w in neighbours(cell, shape))
            if piece and (len(piece) >= target or touches):
                pieces.append(piece)
                piece = []
            if not piece:
                target = max(low, min(int(round(rng.expovariate(1 / mean))), 3 * int(mean)))
            piece.append(cell)
        pieces.append(piece)
        if len(pieces[-1]) < low and len(pieces) > 1:  # the last piece is too short: join it to the one before
            tail = pieces.pop()
            if not tidy or not any(w in pieces[-1][:-1] for cell in tail for w in neighbours(cell, shape)):
                pieces[-1] += tail
            else:
                continue
        if all(len(p) >= low for p in pieces) or total < low:
            return _merge_pieces(pieces, shape, rng, 4 * mean) if tidy else pieces
    raise RuntimeError("could not cut the board into pipes")  # pragma: no cover - never seen


def _tidy_with(piece: list[Cell], cell: Cell, shape) -> bool:
    """Can ``cell`` be added after ``piece[-1]`` without the pipe running alongside itself?"""
    return all(w not in piece[:-1] for w in neighbours(cell, shape))


def _merge_pieces(pieces: list[list[Cell]], shape, rng: random.Random, max_len: float) -> list[list[Cell]]:
    """Fewer, longer pipes: shorter pipes give their end cells to neighbouring pipes.

    A move takes the end cell of a pipe and appends it to a neighbouring pipe whose end touches it,
    when both stay tidy; a pipe left with a single cell hands that cell over too and disappears.
    """
    pieces = [list(p) for p in pieces]
    for _ in range(30 * len(pieces)):
        ends = {}
        for i, p in enumerate(pieces):
            ends.setdefault(p[0], (i, 0))
            ends[p[-1]] = (i, -1)
        i = min(rng.sample(range(len(pieces)), min(3, len(pieces))), key=lambda k: len(pieces[k]))
        donor = pieces[i]
        for side in rng.sample([0, -1], 2):
            cell = donor[side]
            rest = donor[1:] if side == 0 else donor[:-1]
            if len(rest) == 1:
                continue
            takers = [ends[w] for w in neighbours(cell, shape) if w in ends and ends[w][0] != i]
            rng.shuffle(takers)
            for j, end in takers:
                taker = pieces[j] if end == -1 else pieces[j][::-1]
                if len(taker) + 1 > max_len or not _tidy_with(taker, cell, shape):
                    continue
                pieces[j] = taker + [cell]
                pieces[i] = rest
                break
            else:
                continue
            break
        if len(pieces[i]) == 2:  # try to dissolve a two-cell pipe into its neighbours
            a, b = pieces[i]
            ends = {}
            for k, p in enumerate(pieces):
                if k != i:
                    ends.setdefault(p[0], (k, 0))
                    ends[p[-1]] = (k, -1)
            options = [(ends[w], cell) for cell in (a, b) for w in neighbours(cell, shape) if w in ends]
            for (j, end), cell in options:
                other = b if cell == a else a
                taker = pieces[j] if end == -1 else pieces[j][::-1]
                if len(taker) + 2 <= max_len and _tidy_with(taker, cell, shape) and \
                        _tidy_with(taker + [cell], other, shape):
                    pieces[j] = taker + [cell, other]
                    del pieces[i]
                    break
    return pieces


def random_puzzle(nrows: int, ncols: int | None = None, seed: int = 0, mean_len: float | None = None,
                  tidy: bool = True) -> tuple[Puzzle, Solution]:
    """A random board and the planted solution it was made from (dots at the ends of its pipes).

    The planted solution proves the board solvable; the board need not have only that solution.
    """
    ncols = nrows if ncols is None else ncols
    if nrows * ncols < 2:
        raise PuzzleError("a board needs at least two cells")
    rng = random.Random(seed)
    pieces = random_path_cover(nrows, ncols, rng, mean_len, tidy and nrows * ncols > 2)
    if len(pieces) > len(COLOUR_NAMES):
        raise PuzzleError(f"{len(pieces)} pipes need more colours than the {len(COLOUR_NAMES)} names available")
    dots = [["."] * ncols for _ in range(nrows)]
    grid = [["."] * ncols for _ in range(nrows)]
    # name colours in reading order of their first dot, so the board reads A, B, C, ...
    order = sorted(range(len(pieces)), key=lambda i: min(pieces[i][0], pieces[i][-1]))
    paths = {}
    for name, i in zip(COLOUR_NAMES, order):
        piece = pieces[i] if pieces[i][0] <= pieces[i][-1] else pieces[i][::-1]
        for r, c in piece:
            grid[r][c] = name
        for r, c in (piece[0], piece[-1]):
            dots[r][c] = name
        paths[name] = tuple(piece)
    puzzle = Puzzle(["".join(row) for row in dots])
    return puzzle, Solution(tuple("".join(row) for row in grid), {k: paths[k] for k in puzzle.colours})


# --------------------------------------------------------------------------------------------- #
# Pictures
# --------------------------------------------------------------------------------------------- #
BACKGROUND, LINES = "#0b0b0f", "#3a3a46"
# The app's palette for its usual letters, then distinct colours for any other names.
APP_COLOURS = {
    "R": "#e8261f", "G": "#148a0e", "B": "#1b3cf0", "Y": "#e6dc1e", "O": "#f2870a", "C": "#18e0e6",
    "M": "#e619d6", "m": "#8c2b24", "P": "#7d1a8c", "A": "#9b9b9b", "W": "#f2f2f2", "g": "#4de01c",
    "T": "#b3a57a", "b": "#2a2ab3", "c": "#1a8a8a", "p": "#e88fc6",
}
PALETTE = ("#e8261f", "#148a0e", "#1b3cf0", "#e6dc1e", "#f2870a", "#18e0e6", "#e619d6", "#8c2b24",
           "#7d1a8c", "#f2f2f2", "#9b9b9b", "#4de01c", "#b3a57a", "#2a2ab3", "#1a8a8a", "#e88fc6")


def colour_map(colours: Sequence[str]) -> dict[str, str]:
    """A screen colour per puzzle colour: the app's for its letters, the palette in order otherwise."""
    if all(k in APP_COLOURS for k in colours) and any(k.isalpha() for k in colours):
        return {k: APP_COLOURS[k] for k in colours}
    return {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(colours)}


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, labels: bool = False):
    """The board as the app shows it: dark board, big dots, thick pipes, a tint under each pipe.

    ``solution`` may be a Solution (its pipes are drawn, loops too, ringed in white) or a grid of
    colours (cells are tinted only). Returns the matplotlib Figure.
    """
    ax = draw_board(ax, puzzle.grid, solution, labels=labels)
    if title:
        ax.set_title(title, fontsize=11, color="#2b2b2b")
    return ax.figure


def draw_board(ax, dots_grid: Sequence[str], solution=None, labels: bool = False, highlight=None):
    """Draw a board that may be unfinished (the editor draws drafts with it)."""
    nrows, ncols = len(dots_grid), len(dots_grid[0])
    ax = new_board_axes(nrows, ncols, ax=ax)
    colours = []
    for row in dots_grid:
        for ch in row:
            if ch != "." and ch not in colours:
                colours.append(ch)
    grid = getattr(solution, "grid", solution)
    for row in grid or ():
        for ch in row:
            if ch not in ".?" and ch not in colours:
                colours.append(ch)
    screen = colour_map(colours)
    from matplotlib.patches import Rectangle

    ax.add_patch(Rectangle((-0.5, -0.5), ncols, nrows, facecolor=BACKGROUND, edgecolor="none", zorder=0))
    if grid is not None:
        for k in colours:
            tiles = [Rectangle((c - 0.5, r - 0.5), 1, 1) for r in range(nrows) for c in range(ncols)
                     if grid[r][c] == k]
            add_patches(ax, tiles, 0.5, facecolor=screen[k], edgecolor="none", alpha=0.22)
    for r in range(nrows + 1):
        ax.plot([-0.5, ncols - 0.5], [r - 0.5, r - 0.5], color=LINES, lw=0.8, zorder=1)
    for c in range(ncols + 1):
        ax.plot([c - 0.5, c - 0.5], [-0.5, nrows - 0.5], color=LINES, lw=0.8, zorder=1)
    width = 0.34
    pieces = []
    if solution is not None and hasattr(solution, "paths"):
        pieces = [(k, list(cells), False) for k, cells in solution.paths.items()]
        for loop in solution.cycles:
            r, c = loop[0]
            pieces.append((grid[r][c], [*loop, loop[0]], True))
    for k, cells, is_loop in pieces:
        face = screen.get(k, "#bbbbbb")
        bars = [segment(a, b, width) for a, b in zip(cells, cells[1:])] + circles(cells, width / 2)
        if is_loop:
            ring = [segment(a, b, width + 0.14) for a, b in zip(cells, cells[1:])] + circles(cells, width / 2 + 0.07)
            add_patches(ax, ring, 2, facecolor="#ffffff", edgecolor="none")
        add_patches(ax, bars, 3, facecolor=face, edgecolor="none")
    for k in colours:
        spots = [(r, c) for r in range(nrows) for c in range(ncols) if dots_grid[r][c] == k]
        add_patches(ax, circles(spots, 0.36), 4, facecolor=screen[k], edgecolor="none")
        if labels:
            size = font_size(nrows, ncols, 0.38)
            ink = "#000000" if k in "YCWgAT" or screen[k] in ("#e6dc1e", "#18e0e6", "#f2f2f2", "#4de01c") else "#ffffff"
            for r, c in spots:
                ax.text(c, r, k, ha="center", va="center", fontsize=size, color=ink, zorder=5,
                        fontweight="bold")
    if highlight:
        add_patches(ax, circles(highlight, 0.45), 6, facecolor="none", edgecolor="#ffffff", linewidth=2)
    return ax


def draw_many(puzzle: Puzzle, answers: Sequence, columns: int = 5, titles: Sequence[str] | None = None,
              size: float = 1.9):
    """Small pictures of several answers in a grid (for the chapter's list of solutions)."""
    from .core.drawing import new_figure

    n = max(1, len(answers))
    columns = min(columns, n)
    rows = (n + columns - 1) // columns
    fig = new_figure(size * columns, (size + 0.25) * rows)
    for i, answer in enumerate(answers):
        ax = fig.add_subplot(rows, columns, i + 1)
        draw_board(ax, puzzle.grid, answer)
        ax.set_title(titles[i] if titles else f"{i + 1}", fontsize=9, color="#2b2b2b")
    fig.tight_layout()
    return fig


# --------------------------------------------------------------------------------------------- #
# The live editor
# --------------------------------------------------------------------------------------------- #
def editor(puzzle: Puzzle | None = None):
    """A board to click on: choose a colour, click two cells to place its dots, Solve."""
    from .editors.flowfree import FlowFreeEditor

    return FlowFreeEditor(puzzle)


# --------------------------------------------------------------------------------------------- #
# Hartmann's example (Figure 6(a) and the data of Appendix E, 1-based there, 0-based here)
# --------------------------------------------------------------------------------------------- #
HARTMANN_8X8 = Puzzle([
    "........",
    "121.342.",
    "........",
    "........",
    "..3.4...",
    ".5.....5",
    ".......6",
    "6...7..7",
])

__all__ = [
    "KIND", "MODELS", "DEFAULT_MODEL", "Puzzle", "Solution", "build_model", "solve", "solutions", "verify",
    "draw", "draw_many", "editor", "random_puzzle", "format_solution", "stray_cycles", "add_cycle_cut",
    "add_no_square_rule", "has_square", "HARTMANN_8X8", "neighbours", "edges_of", "arcs_of",
]
