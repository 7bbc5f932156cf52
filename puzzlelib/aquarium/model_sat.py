"""model_sat.py: the chapter's cell model (1)-(5) written as clauses, for ``solutions`` on a SAT solver.

Same variables, same meaning: x[r, c] is "cell (r, c) holds water". The counts (1)-(2), where a
clue is given, are cardinality constraints (a totalizer each, through python-sat's ``CardEnc``); a tank row's cells are equal (3), two clauses per neighbouring pair; a wet
row of a tank wets the row below it (4), one clause. A uniqueness proof has no objective for an LP
bound to prune with; clause learning settles it faster than branch and bound on the hard unique
boards (``benchmarks/bench_aquarium.py`` measures both beside CP-SAT).
"""

from __future__ import annotations

from ..engine.sat import SatSearch
from ..engine.search import ClauseModel
from .board import Puzzle


#: CaDiCaL's own settings, not the engine's proof settings (no stabilising phases, no elimination):
#: here the search must often *find* a filling among many tanks, and with the proof settings a
#: planted 30x30 took 6 s instead of 0.4 s. The counts are totalizers (Bailleux and Boufkhad 2003),
#: which did best of python-sat's cardinality encodings on these boards (0.4 s against 2 s for a
#: sequential counter on the same 30x30; alike on the unique 15x15 boards).
OPTIONS: dict = {}


class SatModel(ClauseModel):
    """The clauses of (1)-(4) for ``puzzle`` on one :class:`~puzzlelib.engine.sat.SatSearch`."""

    def __init__(self, puzzle: Puzzle):
        from pysat.card import CardEnc, EncType  # imported here: only the SAT search needs it

        self.puzzle = puzzle
        nrows, ncols = puzzle.shape
        s = self.search = SatSearch(options=OPTIONS)
        self.x = {(r, c): s.new() for r in range(nrows) for c in range(ncols)}
        lines = [([self.x[r, c] for c in range(ncols)], want) for r, want in enumerate(puzzle.rows)]
        lines += [([self.x[r, c] for r in range(nrows)], want) for c, want in enumerate(puzzle.cols)]
        for lits, want in lines:                                                  # (1)-(2)
            if want is None:
                continue
            if want == 0 or want == len(lits):
                for lit in lits:
                    s.add([lit if want else -lit])
                continue
            counter = CardEnc.equals(lits=lits, bound=want, top_id=s.variables, encoding=EncType.totalizer)
            s.add_many(counter.clauses)  # in one call: most of the clauses, built in C
            s.variables = max(s.variables, counter.nv)
        for t in range(len(puzzle.tanks)):
            rows = puzzle.tank_rows(t)  # from the tank's bottom row up
            for cells in rows:                                                    # (3)
                for a, b in zip(cells, cells[1:]):
                    s.add([-self.x[a], self.x[b]])
                    s.add([self.x[a], -self.x[b]])
            for lower, upper in zip(rows, rows[1:]):                              # (4)
                s.add([-self.x[upper[0]], self.x[lower[0]]])

    def next(self, time_limit=None, assumptions=(), conflicts: int | None = None):
        """As every clause model's ``next``, but ``conflicts`` counts over the whole search, not each
        solve (``solving.SAT_BUDGET``: the budget before the hand-over to the integer program)."""
        if conflicts is not None:
            conflicts = max(1, conflicts - self.search.stats().get("conflicts", 0))
        return super().next(time_limit, assumptions, conflicts)

    def forbid(self, grid) -> None:
        """The no-good cut: some cell of ``grid`` changes."""
        self.search.add([-self.x[r, c] if v else self.x[r, c]
                         for r, row in enumerate(grid) for c, v in enumerate(row)])

    def read(self, model: set) -> tuple:
        """The 0/1 grid of a model of the clauses."""
        nrows, ncols = self.puzzle.shape
        return tuple(tuple(int(self.x[r, c] in model) for c in range(ncols)) for r in range(nrows))
