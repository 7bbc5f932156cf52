"""model_sat.py: the chapter's Star Battle rules written as clauses, for the uniqueness proof on a SAT solver.

Same variables, same meaning: x[r, c] is "cell (r, c) holds a star". The counts (1)-(3), "exactly k
stars in this row, column or region", become a sequential counter each (Sinz 2005, through
python-sat's ``CardEnc``: O(n k) clauses and helper variables per line); the no-touch rule (4) is
one clause per touching pair, "not both". A proof that a board has no second answer has no
objective for an LP bound to prune with; clause learning settles it in milliseconds on boards
where HiGHS branches (``benchmarks/bench_starbattle.py`` measures both beside CP-SAT).
"""

from __future__ import annotations

from ..engine.sat import SatSearch
from ..engine.search import ClauseModel
from .board import Puzzle
from .rules import touching_pairs


class SatModel(ClauseModel):
    """The clauses of (1)-(4) for ``puzzle`` on one :class:`~puzzlelib.engine.sat.SatSearch`."""

    def __init__(self, puzzle: Puzzle):
        from pysat.card import CardEnc, EncType  # imported here: only the proofs need it

        self.puzzle = puzzle
        n, k = puzzle.size, puzzle.stars
        s = self.search = SatSearch()
        self.x = {(r, c): s.new() for r in range(n) for c in range(n)}
        lines = [[(r, c) for c in range(n)] for r in range(n)]          # (1) rows
        lines += [[(r, c) for r in range(n)] for c in range(n)]         # (2) columns
        lines += [list(cells) for cells in puzzle.cells]                # (3) regions
        for cells in lines:
            counter = CardEnc.equals(lits=[self.x[cell] for cell in cells], bound=k, top_id=s.variables,
                                     encoding=EncType.seqcounter)
            for clause in counter.clauses:
                s.add(clause)
            s.variables = max(s.variables, counter.nv)
        for a, b in touching_pairs(n):                                  # (4)
            s.add([-self.x[a], -self.x[b]])

    def forbid(self, grid) -> None:
        """The no-good cut: some star of ``grid`` moves (every answer has the same number of stars)."""
        self.search.add([-self.x[r, c] for r, row in enumerate(grid) for c, v in enumerate(row) if v])

    def read(self, model: set) -> tuple[tuple[int, ...], ...]:
        """The 0/1 grid of a model of the clauses."""
        n = self.puzzle.size
        return tuple(tuple(int(self.x[r, c] in model) for c in range(n)) for r in range(n))
