"""model_sat.py: the chapter's Binary Sudoku rules written as clauses, for ``solutions`` on a SAT solver.

Same variables, same meaning: x[i, j] is "cell (i, j) holds a one". The givens (1) are unit
clauses; the balance (2), "n/2 ones in this line", is a cardinality constraint (a sequential
counter, Sinz 2005, through python-sat's ``CardEnc``); the no-three rule (3) is two clauses per
window of three, "not all zeros" and "not all ones". Rule 3 (no two equal lines) is (7)-(8) with
one direction only: d_j implies "the lines differ at j" (two clauses), and some d_j holds (one
clause); a d_j that could be 1 where the lines agree is all the exact model's other half rules
out, and no clause here needs it. A uniqueness proof has no objective for an LP bound to prune
with; clause learning settles it several times faster than branch and bound on minimal boards
(``benchmarks/bench_binairo.py`` measures both beside CP-SAT).
"""

from __future__ import annotations

import itertools

from ..engine.sat import SatSearch
from ..engine.search import ClauseModel
from .board import Grid, Puzzle


class SatModel(ClauseModel):
    """The clauses of (1)-(3) and (7)-(8) for ``puzzle`` on one :class:`~puzzlelib.engine.sat.SatSearch`
    (``options``: CaDiCaL's settings; None, the engine's settings for proofs)."""

    def __init__(self, puzzle: Puzzle, deadline=None, options: dict | None = None):
        from pysat.card import CardEnc, EncType  # imported here: only the SAT search needs it

        self.puzzle = puzzle
        n = self.n = puzzle.size
        s = self.search = SatSearch(options=options)  # None: the engine's settings for proofs
        self.x = {(i, j): s.new() for i in range(n) for j in range(n)}
        for (i, j), g in puzzle.given_cells().items():                                   # (1)
            s.add([self.x[i, j] if g else -self.x[i, j]])
        rows = [[self.x[i, j] for j in range(n)] for i in range(n)]
        cols = [[self.x[i, j] for i in range(n)] for j in range(n)]
        for line in rows + cols:
            counter = CardEnc.equals(lits=line, bound=n // 2, top_id=s.variables,          # (2)
                                     encoding=EncType.seqcounter)
            for clause in counter.clauses:
                s.add(clause)
            s.variables = max(s.variables, counter.nv)
            for k in range(n - 2):                                                        # (3)
                s.add(line[k:k + 3])
                s.add([-v for v in line[k:k + 3]])
        for lines in (rows, cols):                                                        # (7)-(8)
            if deadline is not None:
                deadline.check()
            for a, b in itertools.combinations(lines, 2):
                differ = []
                for u, v in zip(a, b):
                    d = s.new()
                    s.add([-d, u, v])
                    s.add([-d, -u, -v])
                    differ.append(d)
                s.add(differ)

    def forbid(self, grid: Grid) -> None:
        """The no-good cut: some cell of ``grid`` changes."""
        self.search.add([-self.x[i, j] if v else self.x[i, j]
                         for i, row in enumerate(grid) for j, v in enumerate(row)])

    def read(self, model: set) -> Grid:
        """The 0/1 grid of a model of the clauses."""
        n = self.n
        return tuple(tuple(int(self.x[i, j] in model) for j in range(n)) for i in range(n))
