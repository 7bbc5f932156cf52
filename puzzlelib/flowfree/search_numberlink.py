"""search_numberlink.py: up to two Numberlink colourings (empty cells allowed) by reroutes (issue 42).

``numberlink_solutions(puzzle, limit, time_limit)`` answers ``solutions(puzzle, limit)`` for
``limit`` 1 or 2 under the Numberlink rule. It never lists a colouring the rules refuse (each is
checked by ``rules.check_rules``) and it says "one" only with a proof that there is no other.

Why a restricted search is enough. Under the Numberlink rule a pipe may be rerouted through empty
cells and the board stays solved. Call a *reroute* of a colouring: take two cells p, q of the pipe
of colour k and replace the stretch of pipe between them by a path from p to q through cells that
are empty. The result is another colouring (the new cells change from empty to k). Three reroutes
shorten a colouring or move it to lower-ranked cells (cells ranked row by row):

- a *shortcut*: two cells of one pipe are neighbours but not joined (the pipe is not "tidy",
  rule (C7)): join them and empty the stretch between;
- a *bypass*: an empty cell z touches two cells of one colour that are not two steps apart along
  the pipe (they face each other across z, or they sit diagonally with the fourth cell of their
  2x2 block not of that colour): run the pipe through z, emptying at least three cells; or a
  straight run of up to ``GAP`` empty cells between two cells of one colour (the pipe between
  them is longer than the run, which is the only short way round);
- a *flip*: the pipe turns a corner u, v, w and the fourth cell z of the block is empty and ranks
  below v: run u, z, w instead.

Each one lowers (cells coloured, sum of ranks), so from any colouring they reach, in finitely many
steps, a *normal* colouring: tidy, with no bypass and no downward flip. Those are clauses on the
cell colours alone (a tidy pipe is the only path through its cells), so the clause search lists
normal colourings only. If a colouring S other than a normal colouring N0 exists, either S leads to
another normal colouring (the search finds it), or S leads to N0, and then the step into N0 runs
backwards from N0: a pipe of N0 can be rerouted through its empty cells. That is so exactly when an
empty region of N0 touches one colour in two cells; :func:`reroute` checks it (and builds that other
colouring). So: normal colourings listed until two, or the first and "no reroute": the proof.

The search runs in turns. First any colouring, by routing the pipes as a circuit router does
(``route_numberlink.py``): on a board with room to spare one comes at once, and a reroute or a
shortcut of it is the second. If it has neither, it is normal, and it is the first colouring. (A
turn of the general edge clauses of ``model_sat.py`` after a failed route was dropped: it found
nothing the first turns below miss, and cost 1.6 s on the 26x26 page.)
Otherwise the normal colourings are searched; to find the first one faster, the search also
assumes what a unique board must show (else a reroute gives a second answer): an empty cell
touches at most one cell of each colour, and two neighbouring empty cells touch at most one
between them. With those, the 13x13 and 14x14 pages give their answer in a few thousand conflicts
(tens of thousands without); when the assumption leaves no answer it is dropped, and the search is
the complete one above. A turn before it looks only at colourings that leave no cell empty, on
clauses of their own (:class:`FullGridClauses`): a designed board's answer usually fills the
grid, and the 26x26 page's comes in about 30 thousand conflicts so (3 s), against 90-140
thousand under ``strict`` alone.

The proof is the hard part on a large designed board. Under ``strict`` it is short (the 26x26
page: a few hundred conflicts after its answer), but ``strict`` may not be assumed there, and
without it the search must also rule out normal colourings with wide empty regions: a pipe
running beside two empty cells (which a detour would fill) is normal, since every move that
fills them makes the pipe touch itself. That search takes 0.8 s on the 13x13 page, 1.3 s on the
14x14, and was still running after 460 s on the 26x26; a proof cut off by the time limit raises
``SolverError`` with the first colouring in ``found``. Tried without gain there: a count (a
chessboard colouring's black and white empty cells are as many), flips around larger rectangles,
a connectivity propagator, other SAT solvers. Forbidding the pipe beside two empty cells would
settle it in 83 thousand conflicts, but is not sound: filling them (a 2x2 bulge) is a move away
from the fewest cells, and the bulged colourings are as many as those they replace. A normal
form measured from the first colouring A breaks that tie (a cell costs 0 when it has A's colour,
2 when empty, 3 when another colour; a bulge into a cell of A's colour is then a move down, and
no move enters a full, tidy A), but its pipes need not be tidy, so it runs on the general edge
clauses: 151 thousand conflicts on the 13x13 page and more than 1.4 million (300 s) on the 26x26.

Loops of one colour away from its dots are cut lazily: a cell of colour k inside a loop's cells S
needs a cell of colour k next to S.
"""

from __future__ import annotations

from collections import deque
from itertools import combinations

from ..core.errors import SolverError
from ..engine.sat import BudgetSpent, SatSearch
from ..engine.solver import Deadline
from .board import Puzzle, Solution, cells_of, colours_of, grid_of, neighbours
from .formats import EMPTY
from .route_numberlink import route
from .rules import check_rules

#: Solves one colouring may take (each cuts off the loops the last one drew) before the search gives up.
MAX_ROUNDS = 1000
#: Conflicts of the first, plain search (see :func:`first_colouring`): a few hundredths of a second.
FIRST_CONFLICTS = 3000
#: Conflicts of the turn that looks only at colourings with no cell empty (see
#: :func:`full_colouring`): the 26x26 page's answer fills its grid and comes in about 30 thousand
#: so, against 90 to 140 thousand under ``strict`` alone. On a larger board the turn may take
#: ``FULL_CONFLICTS_PER_CELL`` a cell: a 42x25 page's answer (1050 cells, 44 pairs) needs 119 thousand,
#: 16 s, where the turns after it take 47 s.
FULL_CONFLICTS = 100_000
FULL_CONFLICTS_PER_CELL = 150
#: Sides of the windows :func:`nearby_colouring` looks in for a second colouring, and the
#: conflicts each window may take.
WINDOW_SIDES = (8, 12, 16, 20)
WINDOW_CONFLICTS = 2000
#: The longest straight run of empty cells written as a bypass clause (a single cell always is).
GAP = 4


class NumberlinkClauses:
    """The normal colourings of a Numberlink board as clauses on x[cell, colour] (see the module docstring)."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        shape, K = puzzle.shape, puzzle.colours
        self.dot = dot = {c: k for k, pair in puzzle.dots.items() for c in pair}
        s = self.search = SatSearch()
        self.cells = cells = cells_of(shape)
        self.x = x = {(c, k): s.new() for c in cells for k in K}
        self.filled = filled = {c: s.new() for c in cells}  # the cell has a colour
        self.strict = s.new()  # assumed: what a unique board shows (an empty cell touches a colour once)
        self.near = near = {c: neighbours(c, shape) for c in cells}
        clauses = []
        for c in cells:
            mine = [x[c, k] for k in K]
            clauses.append([-filled[c]] + mine)
            clauses += [[-v, filled[c]] for v in mine]
            if c in dot:
                clauses += [[x[c, k]] if k == dot[c] else [-x[c, k]] for k in K]
            else:
                clauses += [[-a, -b] for a, b in combinations(mine, 2)]
        self._edges(clauses)  # a tidy pipe: a cell of colour k has 2 neighbours of colour k (a dot 1)
        self._blocks(clauses)
        self._empty_rules(clauses)
        s.add_many(clauses)

    def _edges(self, clauses: list) -> None:
        """Tidy pipes: e[u, v], "the pipe joins u and v", holds exactly when both cells have one
        colour, and a cell's edges number 2 when it has a colour (a dot 1), 0 when not. So a cell of
        colour k has 2 neighbours of colour k (a dot 1), said once for all colours rather than per
        colour: a cell with two pipe neighbours closes its other sides before its colour is known
        (the 26x26 page's answer: 90-140 thousand conflicts, against 860 thousand with the rule
        written per colour; the 14x14 page's proof: about 30 thousand against 36 thousand)."""
        x, filled, K, dot, s = self.x, self.filled, self.puzzle.colours, self.dot, self.search
        self.e = e = {}
        for u in self.cells:
            for v in self.near[u]:
                if v > u:
                    joined = e[u, v] = e[v, u] = s.new()
                    clauses += [[-joined, filled[u]], [-joined, filled[v]]]
                    for k in K:
                        clauses += [[-joined, -x[u, k], x[v, k]], [-joined, -x[v, k], x[u, k]],
                                    [-x[u, k], -x[v, k], joined]]
        for u in self.cells:
            mine = [e[u, v] for v in self.near[u]]
            want = 1 if u in dot else 2
            guard = [] if u in dot else [-filled[u]]
            clauses += [guard + list(sub) for sub in combinations(mine, len(mine) - want + 1)]
            clauses += [[-v for v in sub] for sub in combinations(mine, want + 1)]

    def _rank(self, c) -> int:
        return c[0] * self.puzzle.shape[1] + c[1]

    def _blocks(self, clauses: list) -> None:
        """Implied, and they shorten the proofs: no 2x2 block of one colour (a tidy pipe would close
        a loop there), and no straight run of up to ``GAP`` empty cells between two cells of one
        colour (the pipe could run along it instead: a bypass)."""
        x, filled, K = self.x, self.filled, self.puzzle.colours
        nrows, ncols = self.puzzle.shape
        self._no_squares(clauses)
        for r, c in self.cells:
            for dr, dc in ((0, 1), (1, 0)):
                for gap in range(2, GAP + 1):
                    end = (r + dr * (gap + 1), c + dc * (gap + 1))
                    if end[0] >= nrows or end[1] >= ncols:
                        break
                    between = [filled[r + dr * i, c + dc * i] for i in range(1, gap + 1)]
                    clauses += [[-x[(r, c), k], -x[end, k]] + between for k in K]

    def _no_squares(self, clauses: list) -> None:
        """No 2x2 block of one colour."""
        x, K = self.x, self.puzzle.colours
        nrows, ncols = self.puzzle.shape
        for r in range(nrows - 1):
            for c in range(ncols - 1):
                block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
                clauses += [[-x[cell, k] for cell in block] for k in K]

    def _empty_rules(self, clauses: list) -> None:
        """No bypass, no downward flip (always); an empty cell or pair touching a colour once (under ``strict``)."""
        x, filled, near, K, dot = self.x, self.filled, self.near, self.puzzle.colours, self.dot
        for z in self.cells:
            if z in dot:
                continue
            for n1, n2 in combinations(near[z], 2):
                if n1[0] == n2[0] or n1[1] == n2[1]:  # across z: a bypass
                    clauses += [[-x[n1, k], -x[n2, k], filled[z]] for k in K]
                    continue
                v = (n1[0] + n2[0] - z[0], n1[1] + n2[1] - z[1])  # the fourth cell of the 2x2 block
                if self._rank(z) < self._rank(v):  # a flip down, or a bypass
                    clauses += [[-x[n1, k], -x[n2, k], filled[z]] for k in K]
                else:  # a bypass only; the flip up is left to the strict rule
                    clauses += [[-x[n1, k], -x[n2, k], filled[z], x[v, k]] for k in K]
                    clauses += [[-self.strict, -x[n1, k], -x[n2, k], filled[z]] for k in K]
        for z in self.cells:  # two neighbouring empty cells touch each colour at most once
            for w in near[z]:
                if w <= z or z in dot or w in dot:
                    continue
                for n1 in near[z]:
                    for n2 in near[w]:
                        if n1 != w and n2 != z:
                            clauses += [[-self.strict, -x[n1, k], -x[n2, k], filled[z], filled[w]] for k in K]

    def colouring(self, model: set) -> dict:
        return {c: k for (c, k), v in self.x.items() if v in model}

    def cut_strays(self, colours: dict) -> bool:
        """Cut off each piece of one colour that holds none of its dots; True when there was one."""
        cut = False
        for k, piece in _pieces(colours, self.near):
            if any(self.dot.get(c) == k for c in piece):
                continue
            inside = set(piece)
            border = {w for u in piece for w in self.near[u] if w not in inside}
            for v in piece:
                self.search.add([-self.x[v, k]] + [self.x[w, k] for w in border])
            cut = True
        return cut

    def next(self, deadline: Deadline, strict: bool, conflicts: int | None = None,
             keep: list = ()) -> dict | None:
        """The next normal colouring (cell -> colour), or None when there is none; ``conflicts``
        bounds each solve (``BudgetSpent`` when one runs out). ``keep``: literals assumed true (see
        :meth:`outside`); like ``strict``, an assumption of this call only."""
        assumptions = ([self.strict] if strict else [-self.strict]) + list(keep)
        for _ in range(MAX_ROUNDS):
            model = self.search.solve(deadline, assumptions, conflicts)
            if model is None:
                return None
            colours = self.colouring(model)
            if not self.cut_strays(colours):
                return colours
        raise SolverError(f"still finding loops after {MAX_ROUNDS} rounds")

    def outside(self, colours: dict, window: tuple) -> list:
        """Literals that keep every cell outside ``window`` (first row, first column, last row,
        last column) as it is in ``colours``: its colour, or empty."""
        top, left, bottom, right = window
        return [self.x[c, colours[c]] if c in colours else -self.filled[c] for c in self.cells
                if not (top <= c[0] <= bottom and left <= c[1] <= right)]

    def forbid(self, colours: dict) -> None:
        """Some cell changes colour (or gets one)."""
        self.search.add([-self.x[c, k] for c, k in colours.items()]
                        + [self.filled[c] for c in self.cells if c not in colours])

    def close(self) -> None:
        self.search.close()


class FullGridClauses(NumberlinkClauses):
    """The tidy colourings that leave no cell empty: the clauses above without those about empty
    cells (bypasses, flips, straight runs), which say nothing once every cell is filled. A third
    as long to write and a quarter faster to solve than the whole set under "no cell empty": the
    26x26 page's answer in about 3 s against 4.5 s."""

    def _blocks(self, clauses: list) -> None:
        self._no_squares(clauses)

    def _empty_rules(self, clauses: list) -> None:
        clauses += [[self.filled[c]] for c in self.cells]


def _pieces(colours: dict, near: dict) -> list:
    """The connected pieces of cells of one colour: (colour, cells)."""
    seen, pieces = set(), []
    for start, k in colours.items():
        if start in seen:
            continue
        seen.add(start)
        piece, todo = [start], [start]
        while todo:
            u = todo.pop()
            for w in near[u]:
                if w not in seen and colours.get(w) == k:
                    seen.add(w)
                    piece.append(w)
                    todo.append(w)
        pieces.append((k, piece))
    return pieces


def _solution(puzzle: Puzzle, colours: dict) -> Solution:
    """A colouring with tidy pipes as a checked Solution (each pipe walked from its first dot)."""
    paths = {k: tuple(_walk(colours, a, b, puzzle.shape)) for k, (a, b) in puzzle.dots.items()}
    solution = Solution(grid_of(colours, puzzle.shape), paths)
    faults = check_rules(puzzle, solution)
    if faults:  # pragma: no cover - a guard: the clauses are the rules
        raise SolverError("the Numberlink search returned a colouring that breaks a rule: " + faults[0].message)
    return solution


def _walk(colours: dict, a, b, shape) -> list:
    """The cells of a tidy pipe from ``a`` to ``b`` (each step to the one unvisited neighbour of its colour)."""
    k, path, prev = colours[a], [a], None
    while path[-1] != b:
        step = [w for w in neighbours(path[-1], shape) if colours.get(w) == k and w != prev]
        prev = path[-1]
        path.append(step[0])
    return path


def reroute(puzzle: Puzzle, solution: Solution) -> Solution | None:
    """Another colouring made by running one pipe of ``solution`` through an empty region, or None.

    Exists exactly when an empty region touches one colour in two cells p and q: the pipe then goes
    from p through the region to q, and the cells between p and q along it are emptied.
    """
    shape, grid, K = puzzle.shape, solution.grid, puzzle.colours
    seen = set()
    for start in cells_of(shape):
        if start in seen or grid[start[0]][start[1]] != EMPTY:
            continue
        region, todo = {start}, [start]
        while todo:
            u = todo.pop()
            for w in neighbours(u, shape):
                if w not in region and grid[w[0]][w[1]] == EMPTY:
                    region.add(w)
                    todo.append(w)
        seen |= region
        for k in K:
            path = solution.paths[k]
            touching = [i for i, c in enumerate(path) if any(w in region for w in neighbours(c, shape))]
            if len(touching) >= 2:
                return _rerouted(puzzle, solution, path, touching[0], touching[-1], region)
    return None


def shortcut(puzzle: Puzzle, solution: Solution) -> Solution | None:
    """Another colouring when a pipe of ``solution`` is not tidy: two of its cells are neighbours
    but not joined; join them and empty the stretch between. None when every pipe is tidy."""
    for k, path in solution.paths.items():
        place = {c: i for i, c in enumerate(path)}
        for i, c in enumerate(path):
            for w in neighbours(c, puzzle.shape):
                j = place.get(w)
                if j is not None and j > i + 1:
                    colours = colours_of(solution.grid)
                    for gone in path[i + 1:j]:
                        del colours[gone]
                    paths = dict(solution.paths)
                    paths[k] = tuple(path[:i + 1]) + tuple(path[j:])
                    other = Solution(grid_of(colours, puzzle.shape), paths)
                    if check_rules(puzzle, other):  # pragma: no cover - a guard
                        raise SolverError("a shortened colouring breaks a rule")
                    return other
    return None


def _rerouted(puzzle: Puzzle, solution: Solution, path, i: int, j: int, region) -> Solution:
    """``solution`` with the pipe ``path`` from its i-th to j-th cell run through ``region`` instead."""
    shape = puzzle.shape
    p, q = path[i], path[j]
    starts = [w for w in neighbours(p, shape) if w in region]
    parent = {w: None for w in starts}
    todo = deque(starts)
    end = None
    while todo:
        u = todo.popleft()
        if q in neighbours(u, shape):
            end = u
            break
        for w in neighbours(u, shape):
            if w in region and w not in parent:
                parent[w] = u
                todo.append(w)
    route = []
    while end is not None:
        route.append(end)
        end = parent[end]
    k = solution.grid[p[0]][p[1]]
    colours = colours_of(solution.grid)
    for c in path[i + 1:j]:
        del colours[c]
    for c in route:
        colours[c] = k
    grid = grid_of(colours, shape)
    paths = dict(solution.paths)
    paths[k] = tuple(path[:i + 1]) + tuple(reversed(route)) + tuple(path[j:])
    other = Solution(grid, paths)
    faults = check_rules(puzzle, other)
    if faults:  # pragma: no cover - a guard
        raise SolverError("a rerouted colouring breaks a rule: " + faults[0].message)
    return other


def windows(shape: tuple, side: int) -> list:
    """Square windows of ``side`` cells (clipped to the board), a third of a side apart, row by row:
    (first row, first column, last row, last column). None that covers the whole board."""
    nrows, ncols = shape

    def starts(length):
        if side >= length:
            return [0]
        step = max(2, side // 3)
        return sorted(set(range(0, length - side + 1, step)) | {length - side})

    found = [(r, c, min(r + side, nrows) - 1, min(c + side, ncols) - 1) for r in starts(nrows) for c in starts(ncols)]
    return [w for w in found if w != (0, 0, nrows - 1, ncols - 1)]


def nearby_colouring(clauses: NumberlinkClauses, first: dict, deadline: Deadline) -> dict | None:
    """Another normal colouring that differs from ``first`` only inside one window, or None.

    A heuristic before the complete search (it never says "none"): with every cell outside a
    window kept as in ``first``, what is left is a small board, settled in a few hundred conflicts.
    Windows of ``WINDOW_SIDES`` are tried in turn, each for at most ``WINDOW_CONFLICTS``. On the
    large Arukone boards of Janko's collection read under the Numberlink rule (made for "fill the
    grid", so a second colouring exists) the complete search takes 4-20 s and more to find it;
    most of them have it within one window, found this way in tenths of a second. On a board with
    one answer every window fails at once: 0.2 s on the 13x13 page, 1.5 s on the 26x26.
    """
    shape = clauses.puzzle.shape
    tried = set()
    for side in WINDOW_SIDES:
        for window in windows(shape, side):
            if window in tried:
                continue
            tried.add(window)
            try:
                found = clauses.next(deadline, strict=False, conflicts=WINDOW_CONFLICTS,
                                     keep=clauses.outside(first, window))
            except BudgetSpent:
                continue
            if found is not None:
                return found
    return None


def full_colouring(puzzle: Puzzle, deadline: Deadline) -> dict | None:
    """A tidy colouring that leaves no cell empty, found within ``FULL_CONFLICTS`` conflicts (or
    ``FULL_CONFLICTS_PER_CELL`` a cell, when more), or None (none exists, or none came in time). Such a
    colouring is normal (it has no empty cell for a bypass or a flip), so it can be the first
    colouring of the proof."""
    full = FullGridClauses(puzzle)
    budget = max(FULL_CONFLICTS, FULL_CONFLICTS_PER_CELL * len(full.cells))
    try:
        return full.next(deadline, strict=False, conflicts=budget)
    except BudgetSpent:
        return None
    finally:
        full.close()


def first_colouring(puzzle: Puzzle, deadline: Deadline) -> tuple:
    """A first normal colouring (or None) and the clauses that found it, to search on with.

    Four turns: the plain clauses for a few thousand conflicts (a board with many answers gives
    one at once); then "no cell empty" on clauses of its own for ``FULL_CONFLICTS`` (a designed
    board's one answer usually fills its grid: :func:`full_colouring`); then under ``strict``
    alone (a designed board's one answer, found in a few thousand conflicts where the plain
    search needs tens of thousands); if ``strict`` has no answer, the plain clauses again on a
    fresh solver (one that has just refuted ``strict`` can take a hundred times longer to find
    what a fresh one finds at once). Each is an assumption of its turn only: the proof that follows assumes neither.
    """
    clauses = NumberlinkClauses(puzzle)
    try:
        return clauses.next(deadline, strict=False, conflicts=FIRST_CONFLICTS), clauses
    except BudgetSpent:
        pass
    found = full_colouring(puzzle, deadline)  # a designed board's answer usually fills the grid
    if found is not None:
        return found, clauses
    found = clauses.next(deadline, strict=True)
    if found is not None:
        return found, clauses
    clauses.close()
    clauses = NumberlinkClauses(puzzle)
    return clauses.next(deadline, strict=False), clauses


def numberlink_solutions(puzzle: Puzzle, limit: int = 2, time_limit=None) -> list[Solution]:
    """Up to ``limit`` (1 or 2) colourings of a Numberlink board: normal ones, then a reroute (module docstring)."""
    if puzzle.fills or limit not in (1, 2):
        raise ValueError("numberlink_solutions answers limit 1 or 2 under the Numberlink rule")
    deadline = Deadline.of(time_limit)
    quick = route(puzzle)  # any colouring at once on a board with room to spare
    if quick is not None:
        other = None if limit == 1 else reroute(puzzle, quick) or shortcut(puzzle, quick)
        if limit == 1 or other is not None:
            return [quick] + ([other] if other is not None else [])
        # tidy, and no reroute: the quick colouring is normal, so it can be the first one
        first = colours_of(quick.grid)
        clauses = NumberlinkClauses(puzzle)
    else:
        first, clauses = first_colouring(puzzle, deadline)
    try:
        if first is None:
            return []
        found = [_solution(puzzle, first)]
        if limit == 1:
            return found
        other = reroute(puzzle, found[0])
        if other is not None:
            return found + [other]
        clauses.forbid(first)
        try:
            second = nearby_colouring(clauses, first, deadline) or clauses.next(deadline, strict=False)
        except SolverError as exc:  # out of time in the proof: the first colouring is still an answer
            exc.found = tuple(found)
            raise
        if second is not None:
            found.append(_solution(puzzle, second))
        return found
    finally:
        clauses.close()
