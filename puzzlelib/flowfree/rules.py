"""The rules of Flow Free, checked without a solver: ``verify`` and the brute-force oracle.

``verify`` takes a :class:`Solution`, a grid of colours that carries its pipes (``Solution.grid``),
or a bare grid of colour letters. Pipes are checked by walking them; a bare colouring by a walk along
the cells whose pipe is forced. Both take time linear in the board, with no search budget and no
recursion. A bare colouring that does not fix where a pipe runs (a block of one colour crossed in
one of many ways) is refused with a ``PuzzleError`` that says so, never guessed at.

Each check yields a ``Fault``: a code of :data:`RULES` and a message in words (pzprjs style), and the
tests pair every code with a board that breaks it.
"""

from __future__ import annotations

import numbers
from collections import deque

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_optional_limit, check_sequence
from .board import Cell, Puzzle, Solution, cells_of, neighbours
from .formats import EMPTY

#: The rules a Flow Free answer can break, by code (the message says which cell or colour).
RULES = (
    Rule("shape", "the grid has the board's rows and columns"),
    Rule("uncovered", "every cell is on a pipe (Flow Free's rule; under Numberlink's, cells may stay empty)"),
    Rule("empty", "under the Numberlink rule, a cell off every pipe is left empty ('.')"),
    Rule("unknown", "every cell has a colour of the board"),
    Rule("dot", "a dot's cell has the dot's colour"),
    Rule("loop", "no loop away from the dots"),
    Rule("ends", "each pipe runs from one dot of its colour to the other"),
    Rule("jump", "a pipe moves to a neighbouring cell"),
    Rule("off-board", "a pipe stays on the board"),
    Rule("shared", "no two pipes share a cell, no pipe visits a cell twice"),
    Rule("through-dot", "no pipe runs through a dot"),
    Rule("one-path", "a colour's cells form one path from dot to dot"),
)
BRUTE_FORCE_CELLS = 30  # brute force enumerates pipes: fine up to about this many cells


def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule in words (the messages of :func:`check_rules`); ``[]`` means solved."""
    return faults_in_words(check_rules(puzzle, answer))


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule as a coded :class:`~puzzlelib.core.interface.Fault` (codes of ``RULES``)."""
    require(puzzle, Puzzle, "check_rules")
    grid = _grid_of(answer)
    nrows, ncols = puzzle.shape
    if len(grid) != nrows or any(len(row) != ncols for row in grid):
        return [Fault("shape", f"the grid must have {nrows} rows of {ncols} cells")]
    paths = getattr(answer, "paths", None) or {}
    cycles = getattr(answer, "cycles", ()) or ()
    on_loops = {tuple(cell) for loop in cycles for cell in loop}
    problems = _check_cells(puzzle, grid, on_loops)
    if problems:
        return problems
    problems = [_loop_fault(loop) for loop in cycles]
    if paths:
        return problems + _check_paths(puzzle, grid, paths, on_loops)
    for k in puzzle.colours:
        problems += _check_colour_class(puzzle, grid, k)
    return problems


def _grid_of(answer) -> list[Fault]:
    """The answer's colouring as a list of row strings (like the board's); anything else is a PuzzleError."""
    grid = answer.grid if isinstance(answer, Solution) else answer
    rows = check_sequence(grid, "answer")
    for r, row in enumerate(rows):
        if not isinstance(row, str):
            raise PuzzleError(f"answer: row {r} must be a string of colour letters such as 'AAB', "
                              f"got {type(row).__name__} {row!r:.40}")
    return rows


def _check_cells(puzzle: Puzzle, grid, on_loops) -> list[Fault]:
    """Codes "uncovered", "unknown", "dot": each cell holds a colour, a dot's cell its own."""
    colours = set(puzzle.colours)
    problems = []
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            dot = puzzle.grid[r][c]
            if ch not in colours and (r, c) in on_loops:
                continue  # reported with its loop
            if ch == EMPTY and not puzzle.fills and dot == EMPTY:
                continue  # the Numberlink rule: a cell may stay empty
            if ch not in colours:
                problems.append(Fault("uncovered", f"cell ({r}, {c}) is not on any pipe", ((r, c),)) if ch in ".? " else
                                Fault("unknown", f"cell ({r}, {c}) has {ch!r}, which is not a colour of this board",
                                      ((r, c),)))
            elif dot != "." and ch != dot:
                problems.append(Fault("dot", f"cell ({r}, {c}) holds the dot {dot} but is coloured {ch}", ((r, c),)))
    return problems


def _loop_fault(loop) -> Fault:
    """Code "loop"."""
    cells = tuple(tuple(cell) for cell in loop)
    if len(loop) == 2:
        return Fault("loop", f"a pipe runs back and forth between {tuple(loop[0])} and {tuple(loop[1])}: a loop that touches no dot", cells)
    return Fault("loop", f"a loop of {len(loop)} cells through {tuple(loop[0])} touches no dot", cells)


def _path_cells(k, path, shape) -> tuple[list[Cell], list[Fault]]:
    """A pipe's cells as (row, col) pairs; cells off the board are reported (code "off-board")."""
    cells, problems = [], []
    for i, cell in enumerate(check_sequence(path, f"the pipe of {k}")):
        if isinstance(cell, (str, bytes)) or not hasattr(cell, "__len__") or len(cell) != 2 or not all(
                isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in cell):
            raise PuzzleError(f"the pipe of {k}: item {i} must be a (row, col) pair of whole numbers, got {cell!r:.40}")
        r, c = int(cell[0]), int(cell[1])
        if not (0 <= r < shape[0] and 0 <= c < shape[1]):
            problems.append(Fault("off-board", f"colour {k}: the pipe leaves the board at ({r}, {c})"))
            continue
        cells.append((r, c))
    return cells, problems


def _check_paths(puzzle: Puzzle, grid, paths, on_loops=frozenset()) -> list[Fault]:
    """Codes "ends", "jump", "shared", "through-dot", "uncovered": walk each pipe once."""
    if not isinstance(paths, dict):
        raise PuzzleError(f"answer: the pipes must be a dict from colour to cells, got {type(paths).__name__}")
    problems = [Fault("unknown", f"the pipe of {k!r}: {k!r} is not a colour of this board") for k in paths
                if k not in puzzle.dots]
    dots = puzzle.dots
    owner: dict[Cell, str] = {}
    for k in puzzle.colours:
        path, off = _path_cells(k, paths.get(k, ()), puzzle.shape)
        problems += off
        if not path:
            if not off:
                problems.append(Fault("ends", f"colour {k} has no pipe"))
            continue
        if off or {path[0], path[-1]} != set(dots[k]) or len(path) < 2:
            problems.append(Fault("ends", f"colour {k}: the pipe must run from {dots[k][0]} to {dots[k][1]}", dots[k]))
        for a, b in zip(path, path[1:]):
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                problems.append(Fault("jump", f"colour {k}: the pipe jumps from {a} to {b}", (a, b)))
                break
        for cell in path:
            if cell in owner:
                problems.append(Fault("shared", f"cell {cell} is used by the pipes of {owner[cell]} and {k}"
                                      if owner[cell] != k else f"colour {k}: the pipe visits {cell} twice", (cell,)))
            owner[cell] = k
            if grid[cell[0]][cell[1]] != k:
                problems.append(Fault("one-path", f"cell {cell} is on the pipe of {k} but coloured {grid[cell[0]][cell[1]]}",
                                      (cell,)))
        for cell in path[1:-1]:
            if puzzle.colour_at(cell):
                problems.append(Fault("through-dot", f"colour {k}: the pipe runs through the dot at {cell}", (cell,)))
    for cell in cells_of(puzzle.shape):
        if cell in owner or cell in on_loops:
            continue
        if puzzle.fills:
            problems.append(Fault("uncovered", f"cell {cell} is not on any pipe", (cell,)))
        elif grid[cell[0]][cell[1]] != EMPTY:
            problems.append(Fault("empty", f"cell {cell} is coloured {grid[cell[0]][cell[1]]} but is on no pipe: "
                                  "leave it empty ('.')", (cell,)))
    return problems


# -- a bare colouring: which cells of a colour the pipe must join ---------------------------------
def _check_colour_class(puzzle: Puzzle, grid, k: str) -> list[Fault]:
    """Code "one-path": do the cells coloured k hold one path from dot to dot through all of them?

    Linear time: connectivity and the chessboard count first, then forced steps (a cell with
    exactly as many usable neighbours as pipe ends takes them all; a cell whose ends are all
    taken gives up its other neighbours), as a queue. When every cell is settled, one walk
    decides; when some are not, the colouring alone does not show the pipe (a PuzzleError).
    """
    shape = puzzle.shape
    cells = {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == k}
    marked = tuple(sorted(cells))
    start, end = puzzle.dots[k]
    n = len(cells)
    whole = f"colour {k}: its {n} cells do not form one path from {start} to {end}"
    if len(_reach(cells, start, shape)) < n:
        return [Fault("one-path", f"colour {k}: its cells are not connected to its dot at {start} in one piece", marked)]
    black = sum((r + c) % 2 == 0 for r, c in cells)
    if not _parity_allows(n, black, start, end):
        return [Fault("one-path", f"{whole}: a path alternates light and dark squares of a chessboard, and these "
                      f"{n} cells ({black} dark) cannot", marked)]
    need = {cell: 1 if cell in (start, end) else 2 for cell in cells}
    free = {cell: {w for w in neighbours(cell, shape) if w in cells} for cell in cells}
    joined: dict[Cell, set[Cell]] = {cell: set() for cell in cells}
    piece = {cell: cell for cell in cells}  # union-find over joined steps, to catch loops

    def root(cell):
        while piece[cell] != cell:
            piece[cell] = piece[piece[cell]]
            cell = piece[cell]
        return cell

    todo = deque(cells)
    while todo:
        cell = todo.popleft()
        if len(free[cell]) < need[cell]:
            return [Fault("one-path", f"{whole}: the pipe cannot pass through cell {cell}", marked)]
        if len(joined[cell]) == need[cell] and len(free[cell]) > need[cell]:
            for w in free[cell] - joined[cell]:
                free[cell].discard(w)
                free[w].discard(cell)
                todo.append(w)
        elif len(free[cell]) == need[cell] and len(joined[cell]) < need[cell]:
            for w in free[cell] - joined[cell]:
                if root(cell) == root(w) or len(joined[w]) == need[w]:
                    return [Fault("one-path", f"{whole}: the pipe cannot pass through cell {cell}", marked)]
                joined[cell].add(w)
                joined[w].add(cell)
                piece[root(cell)] = root(w)
                todo.append(w)
    loose = next((cell for cell in sorted(cells) if len(joined[cell]) < need[cell]), None)
    if loose is not None:
        raise PuzzleError(f"colour {k}: the colouring alone does not show where its pipe runs (around cell "
                          f"{loose} it can go more than one way); verify the Solution, whose grid carries "
                          "its pipes")
    walked = _walk(joined, start)
    if len(walked) < n or walked[-1] != end:
        return [Fault("one-path", f"{whole}: some of its cells form a loop apart from the pipe", marked)]
    return []


def _parity_allows(n: int, black: int, start: Cell, end: Cell) -> bool:
    """A path on a chessboard alternates colours: the counts and its two ends must agree."""
    first, last = (start[0] + start[1]) % 2 == 0, (end[0] + end[1]) % 2 == 0
    if n % 2 == 0:
        return 2 * black == n and first != last
    more_black = 2 * black == n + 1
    return first == last and (more_black if first else 2 * black == n - 1)


def _walk(joined: dict[Cell, set[Cell]], start: Cell) -> list[Cell]:
    """Follow joined steps from ``start`` until the path ends."""
    path, prev, cur = [start], None, start
    while True:
        nxt = next((w for w in joined[cur] if w != prev), None)
        if nxt is None or nxt == start:
            return path
        path.append(nxt)
        prev, cur = cur, nxt


def _reach(cells: set[Cell], start: Cell, shape) -> set[Cell]:
    seen, todo = {start}, [start]
    while todo:
        for w in neighbours(todo.pop(), shape):
            if w in cells and w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


# -- other rules the chapter uses --------------------------------------------------------------
def has_square(grid) -> Cell | None:
    """The top-left cell of a 2x2 block of one colour, or None."""
    for r in range(len(grid) - 1):
        for c in range(len(grid[0]) - 1):
            if grid[r][c] == grid[r][c + 1] == grid[r + 1][c] == grid[r + 1][c + 1]:
                return (r, c)
    return None


def obvious_reason(puzzle: Puzzle) -> str | None:
    """A reason the board cannot be solved that shows without a solver, or None."""
    if puzzle.shape[0] * puzzle.shape[1] < 2:
        return "a single cell cannot hold a pipe"
    for k, pair in puzzle.dots.items():
        for cell in pair:
            if not neighbours(cell, puzzle.shape):
                return f"the dot {k} at {cell} has no neighbour to run a pipe to"
    return None


# -- the oracle ----------------------------------------------------------------------------------
def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Every solution (distinct colourings) by trying every pipe, colour after colour; no solver.

    Only for small boards (at most ``BRUTE_FORCE_CELLS`` cells): the tests compare the models
    against it. Solutions come in a fixed order (the order pipes are tried). Under the Numberlink
    rule every set of pipes counts, whether or not it fills the board (the cells left are '.').
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    nrows, ncols = puzzle.shape
    if nrows * ncols > BRUTE_FORCE_CELLS:
        raise PuzzleError(f"brute force is for boards of at most {BRUTE_FORCE_CELLS} cells, this one has {nrows * ncols}")
    colours, dots = puzzle.colours, puzzle.dots
    owner = {cell: k for k, pair in dots.items() for cell in pair}
    found: dict[tuple[str, ...], Solution] = {}
    # an explicit stack instead of recursion: (colour index, the pipe so far, cells used, pipes done)
    stack = [(0, (dots[colours[0]][0],), frozenset(owner), {})]
    while stack and (limit is None or len(found) < limit):
        i, pipe, used, done = stack.pop()
        k, head = colours[i], pipe[-1]
        if head == dots[k][1] and len(pipe) > 1:
            done = {**done, k: pipe}
            if i + 1 < len(colours):
                stack.append((i + 1, (dots[colours[i + 1]][0],), used, done))
            elif len(used) == nrows * ncols or not puzzle.fills:
                grid = [["."] * ncols for _ in range(nrows)]
                for colour, cells in done.items():
                    for r, c in cells:
                        grid[r][c] = colour
                key = tuple("".join(row) for row in grid)
                found.setdefault(key, Solution(key, dict(done)))
            continue
        for w in reversed(neighbours(head, puzzle.shape)):
            if w == dots[k][1] or w not in used:
                stack.append((i, pipe + (w,), used | {w}, done))
    return list(found.values())
