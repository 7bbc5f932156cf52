"""The chapter's cells model (C1)-(C7) written as clauses, for the uniqueness proof on a SAT solver.

Same variables, same meaning: x[c, k] is "cell c has colour k", e[u, v] is "the pipe joins u and
v". Each linear constraint of ``model.py`` is a handful of clauses:
(C1) one colour per cell; (C2) a dot's colour; (C3) degree 1 at a dot and 2 elsewhere, by
forbidding every other pattern of a cell's at most four edges; (C4) a used edge carries one
colour across, x[u, k] and e[u, v] imply x[v, k]; (C5) no loop round a 2x2 block; (C6) cycle
cuts, added lazily, as in the integer program. (C7), the tidy rule, is guarded by a switch
literal, so one search can list the tidy colourings first and then the rest.
"""

from __future__ import annotations

from ..engine.sat import SatSearch
from .board import Puzzle, cells_of, edge, edges_of, neighbours, square_cells, square_edges


class SatModel:
    """The clauses of (C1)-(C5) and a guarded (C7) on one :class:`~puzzlelib.engine.sat.SatSearch`."""

    def __init__(self, puzzle: Puzzle, no_square: bool = False):
        self.puzzle = puzzle
        shape, K = puzzle.shape, puzzle.colours
        dot = {c: k for k, pair in puzzle.dots.items() for c in pair}
        s = self.search = SatSearch()
        self.x = {(c, k): s.new() for c in cells_of(shape) for k in K}
        self.e = {a: s.new() for a in edges_of(shape)}
        self.tidy = s.new()  # assumed true: (C7) holds; left free: it does not
        for c in cells_of(shape):
            s.exactly_one(self.x[c, k] for k in K)                                         # (C1)
            if c in dot:
                s.add([self.x[c, dot[c]]])                                                  # (C2)
            s.exactly([self.e[edge(c, v)] for v in neighbours(c, shape)], 1 if c in dot else 2)  # (C3)
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

    def cut_loop(self, loop) -> None:
        """(C6): some pipe edge crosses the border of the loop's cells."""
        inside = set(loop)
        self.search.add([self.e[edge(u, w)] for u in inside for w in neighbours(u, self.puzzle.shape)
                         if w not in inside])

    def forbid(self, grid) -> None:
        """The no-good cut: some cell has another colour than in ``grid``."""
        self.search.add([-self.x[(r, c), k] for r, row in enumerate(grid) for c, k in enumerate(row)])

    def read(self, model: set) -> tuple[list, dict]:
        """The used edges and the cell colours of a model of the clauses."""
        used = [a for a, var in self.e.items() if var in model]
        colours = {c: k for (c, k), var in self.x.items() if var in model}
        return used, colours
