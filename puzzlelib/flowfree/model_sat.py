"""The chapter's cells model (C1)-(C7) written as clauses, for the uniqueness proof on a SAT solver.

Same variables, same meaning: x[c, k] is "cell c has colour k", e[u, v] is "the pipe joins u and
v". Each linear constraint of ``model.py`` is a handful of clauses:
(C1) one colour per cell; (C2) a dot's colour; (C3) degree 1 at a dot and 2 elsewhere, by
forbidding every other pattern of a cell's at most four edges; (C4) a used edge carries one
colour across, x[u, k] and e[u, v] imply x[v, k]; (C5) no loop round a 2x2 block; (C6) cycle
cuts, added lazily, as in the integer program. (C7), the tidy rule, is guarded by a switch
literal, so one search can list the tidy colourings first and then the rest.

Under the Numberlink rule (``puzzle.fills`` false) a cell off the dots has a literal used[c]:
used[c] holds exactly when the cell has a colour, and its degree is 2 when used, 0 when not;
a cycle cut then holds only when the loop's first cell is used (its cells may all stay empty).
"""

from __future__ import annotations

from itertools import combinations

from ..core.errors import SolverError
from ..engine.sat import SatSearch
from ..engine.search import ClauseModel
from .board import (EMPTY, Puzzle, cells_of, edge, edges_of, neighbours, solution_from_edges, square_cells,
                    square_edges, stray_cycles)

#: Solves one answer may take (each cuts off the loops the last one drew) before the search gives up.
MAX_ROUNDS = 1000


class SatModel(ClauseModel):
    """The clauses of (C1)-(C5) and a guarded (C7) on one :class:`~puzzlelib.engine.sat.SatSearch`.

    Its ``next`` (the hook of ``engine.search.sat_solutions``) is the lazy loop: an answer with loops
    without dots has each loop cut off (C6) and is searched again."""

    def __init__(self, puzzle: Puzzle, no_square: bool = False):
        self.puzzle = puzzle
        shape, K = puzzle.shape, puzzle.colours
        dot = {c: k for k, pair in puzzle.dots.items() for c in pair}
        s = self.search = SatSearch()
        self.x = {(c, k): s.new() for c in cells_of(shape) for k in K}
        self.e = {a: s.new() for a in edges_of(shape)}
        self.tidy = s.new()  # assumed true: (C7) holds; left free: it does not
        self.used = {}  # under the Numberlink rule: "cell c is on a pipe", for the cells off the dots
        for c in cells_of(shape):
            if puzzle.fills or c in dot:
                s.exactly_one(self.x[c, k] for k in K)                                     # (C1)
                s.exactly([self.e[edge(c, v)] for v in neighbours(c, shape)], 1 if c in dot else 2)  # (C3)
            else:
                self._may_stay_empty(c)
            if c in dot:
                s.add([self.x[c, dot[c]]])                                                  # (C2)
        for (u, v), used in self.e.items():
            for k in K:
                s.add([-used, -self.x[u, k], self.x[v, k]])                                 # (C4)
                s.add([-used, -self.x[v, k], self.x[u, k]])
                s.add([-self.tidy, -self.x[u, k], -self.x[v, k], used])                      # (C7)
        for r in range(shape[0] - 1):
            for c in range(shape[1] - 1):
                s.add([-self.e[a] for a in square_edges((r, c))])                           # (C5)
                if no_square:
                    for k in K:
                        s.add([-self.x[cell, k] for cell in square_cells((r, c))])

    def _may_stay_empty(self, c) -> None:
        """(C1) and (C3) under the Numberlink rule: at most one colour; degree 2 with one, 0 without."""
        s, K = self.search, self.puzzle.colours
        used = self.used[c] = s.new()
        colours = [self.x[c, k] for k in K]
        s.add([-used] + colours)                       # used: some colour ...
        for a in colours:
            s.add([-a, used])                          # ... and a colour makes it used
        for i, a in enumerate(colours):                # at most one colour
            for b in colours[i + 1:]:
                s.add([-a, -b])
        edges = [self.e[edge(c, v)] for v in neighbours(c, self.puzzle.shape)]
        for size in range(len(edges) + 1):             # degree 2 when used, 0 when not
            for chosen in combinations(range(len(edges)), size):
                pattern = [-lit if i in chosen else lit for i, lit in enumerate(edges)]  # "not exactly these"
                s.add(pattern + ([-used] if size == 0 else [used] if size == 2 else []))

    def prefer_empty(self) -> None:
        """Ask CaDiCaL to try "no pipe here" first on every edge and cell colour (a phase, not a rule).

        Under the Numberlink rule a search that starts from empty cells finds short pipes and few
        stray loops; the answers and the proof are the same, only the order of the search changes.
        """
        self.search.set_phases([-v for v in self.e.values()] + [-v for v in self.x.values()])

    def prefer(self, paths: dict) -> None:
        """Ask CaDiCaL to try these pipes first (colour -> cells in order; a phase, not a rule): the
        answers and the proof are the same, only the order of the search changes (see
        ``route_numberlink.near_fill``, whose pipes lead a search with few dots to an answer at once)."""
        on = {edge(path[i], path[i + 1]) for path in paths.values() for i in range(len(path) - 1)}
        colour = {c: k for k, path in paths.items() for c in path}
        self.search.set_phases([v if a in on else -v for a, v in self.e.items()]
                               + [v if colour.get(c) == k else -v for (c, k), v in self.x.items()])

    def cut_loop(self, loop) -> None:
        """(C6): some pipe edge crosses the border of the loop's cells (under Numberlink: when it is used)."""
        inside = set(loop)
        border = [self.e[edge(u, w)] for u in inside for w in neighbours(u, self.puzzle.shape) if w not in inside]
        if self.puzzle.fills:
            self.search.add(border)
        else:
            self.search.add(border + [-self.used[loop[0]]])

    def forbid(self, grid) -> None:
        """The no-good cut: some cell has another colour than in ``grid``."""
        self.search.add([-self.x[(r, c), k] for r, row in enumerate(grid) for c, k in enumerate(row) if k != EMPTY]
                        + [var for ((r, c), k), var in self.x.items() if grid[r][c] == EMPTY])

    def read(self, model: set) -> tuple[list, dict]:
        """The used edges and the cell colours of a model of the clauses."""
        used = [a for a, var in self.e.items() if var in model]
        colours = {c: k for (c, k), var in self.x.items() if var in model}
        return used, colours

    def next(self, time_limit=None, assumptions=(), conflicts: int | None = None):
        """The lazy loop on the clauses: solve, cut off each loop without dots, solve again; the
        Solution (with the solves it took, ``rounds``), or None when there is none. ``conflicts``
        bounds each solve (BudgetSpent when one runs out), as ``SatSearch.solve`` does."""
        for rounds in range(1, MAX_ROUNDS + 1):
            answer = self.search.solve(time_limit, assumptions, conflicts)
            if answer is None:
                return None
            used, colours = self.read(answer)
            loops = stray_cycles(self.puzzle, used)
            if not loops:
                return solution_from_edges(self.puzzle, used, colours, rounds)
            for loop in loops:
                self.cut_loop(loop)
        raise SolverError(f"still finding loops after {MAX_ROUNDS} rounds")
