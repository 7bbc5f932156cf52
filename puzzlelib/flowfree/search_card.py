"""search_card.py: Flow Free and Numberlink as clauses with native cardinality constraints (issue 42).

``card_solutions(puzzle, limit, time_limit)`` lists up to ``limit`` colourings (fewer: there are no
more), each checked by ``rules.check_rules``. Variables: e[u, v] "the pipe runs between the
neighbouring cells u and v", c[cell, k] "the cell has colour k". A dot has its colour and exactly one
pipe edge; any other cell has at most one colour (exactly one under Flow Free's rule) and 0 or 2 edges
(exactly 2 under Flow Free's rule): at most 2 (a native constraint on Gluecard,
:mod:`puzzlelib.engine.card_sat`) and never exactly one (an edge needs another at the cell); an edge
joins cells of one colour and a coloured cell has an edge. The four edges of a 2x2 block never
all run (a loop with no dot). Other loops are cut lazily: when a model's pipes hold a loop away from
the dots, on the cells S, each edge of the loop gets the connectivity cut "this edge runs only if
some edge leaves S" (every pipe reaches its dots, and no dot is in S), which forbids every loop
inside S at once; the solver goes on with what it learnt. A colouring found is forbidden ("some cell changes colour") and the search goes on.
"""

from __future__ import annotations

from ..core.errors import SolverError
from ..engine.card_sat import CardSearch
from ..engine.solver import Deadline
from .board import Puzzle, Solution, neighbours
from .formats import EMPTY
from .rules import check_rules


def card_solutions(puzzle: Puzzle, limit: int = 2, time_limit=None) -> list[Solution]:
    """Up to ``limit`` colourings of ``puzzle`` (see the module docstring)."""
    deadline = Deadline.of(time_limit)
    nrows, ncols = puzzle.shape
    colours = list(puzzle.colours)
    dots = {cell: k for k, pair in puzzle.dots.items() for cell in pair}
    s = CardSearch()
    cells = [(r, c) for r in range(nrows) for c in range(ncols)]
    col = {(cell, k): s.new() for cell in cells for k in colours}
    e = {}
    for cell in cells:
        for other in neighbours(cell, puzzle.shape):
            if cell < other:
                e[cell, other] = s.new()
    inc = {cell: [] for cell in cells}
    for (u, v), var in e.items():
        inc[u].append(var)
        inc[v].append(var)
    for cell in cells:
        mine = [col[cell, k] for k in colours]
        if cell in dots:
            for k in colours:
                s.add([col[cell, k]] if k == dots[cell] else [-col[cell, k]])
            s.exactly(inc[cell], 1)
            continue
        if puzzle.fills:
            s.exactly(mine, 1)
            s.exactly(inc[cell], 2)
        else:
            s.at_most(mine, 1)
            s.at_most(inc[cell], 2)
            for x in mine:  # a coloured cell has an edge
                s.add([-x] + inc[cell])
        for var in inc[cell]:  # never exactly one edge at a cell off the dots
            s.add([-var] + [w for w in inc[cell] if w != var])
    for (u, v), var in e.items():
        s.add([-var] + [col[u, k] for k in colours])  # an edge joins coloured cells
        for k in colours:
            s.add([-var, -col[u, k], col[v, k]])
            s.add([-var, col[u, k], -col[v, k]])
    for r in range(nrows - 1):
        for c in range(ncols - 1):
            a, b, d, f = (r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)
            s.add([-e[a, b], -e[a, d], -e[b, f], -e[d, f]])
    found: list[Solution] = []
    try:
        while len(found) < limit:
            model = s.solve(deadline)
            if model is None:
                break
            used = [(u, v) for (u, v), var in e.items() if var in model]
            loops = _loops(used, dots)
            if loops:
                for loop in loops:
                    inside = {cell for edge in loop for cell in edge}
                    leave = [var for (u, v), var in e.items() if (u in inside) != (v in inside)]
                    for edge in loop:  # a pipe edge inside S needs a pipe out of S (the dots are outside)
                        s.add([-e[edge]] + leave)
                continue
            grid = [[EMPTY] * ncols for _ in range(nrows)]
            for (cell, k), var in col.items():
                if var in model:
                    grid[cell[0]][cell[1]] = k
            solution = Solution(tuple("".join(row) for row in grid), _paths(puzzle, used))
            faults = check_rules(puzzle, solution)
            if faults:  # pragma: no cover - a guard: the clauses are the rules
                raise SolverError("the clause search returned a colouring that breaks a rule: " + faults[0].message)
            found.append(solution)
            s.add([-col[cell, grid[cell[0]][cell[1]]] for cell in cells if grid[cell[0]][cell[1]] != EMPTY]
                  + [col[cell, k] for cell in cells if grid[cell[0]][cell[1]] == EMPTY for k in colours])
    finally:
        s.close()
    return found


def _loops(used, dots) -> list[list]:
    """The edge lists of the pipe pieces that touch no dot (each is a closed loop)."""
    nbrs: dict = {}
    for u, v in used:
        nbrs.setdefault(u, []).append((v, (u, v)))
        nbrs.setdefault(v, []).append((u, (u, v)))
    seen, loops = set(), []
    for start in nbrs:
        if start in seen:
            continue
        piece_cells, piece_edges, todo = [], set(), [start]
        seen.add(start)
        while todo:
            u = todo.pop()
            piece_cells.append(u)
            for w, edge in nbrs[u]:
                piece_edges.add(edge)
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        if not any(cell in dots for cell in piece_cells):
            loops.append(sorted(piece_edges))
    return loops


def _paths(puzzle: Puzzle, used) -> dict:
    """Each colour's pipe from its first dot to its second, along the edges used."""
    nbrs: dict = {}
    for u, v in used:
        nbrs.setdefault(u, []).append(v)
        nbrs.setdefault(v, []).append(u)
    paths = {}
    for k, (a, b) in puzzle.dots.items():
        path, prev = [a], None
        while path[-1] != b and len(path) <= len(nbrs) + 1:
            step = [w for w in nbrs.get(path[-1], []) if w != prev]
            if not step:
                break
            prev = path[-1]
            path.append(step[0])
        paths[k] = tuple(path)
    return paths
