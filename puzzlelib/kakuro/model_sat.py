"""model_sat.py: chapter 8's combination model (5)-(8) written as clauses, for the search on a SAT solver.

Same variables, same meaning: x[c, d] is "white cell c holds digit d", z[k, S] is "run k uses the
digit set S" (one of ``combinations(r_k, |R_k|)``). Each linear constraint becomes a few clauses:

    (5) sum_d x[c, d] = 1      one clause "some digit", and "not both" for each pair of digits
    (6) sum_S z[k, S] = 1      the same for the run's sets (a run with one set left needs no z)
    (7) sum_c x[c, d] = sum_{S: d in S} z[k, S], read as three implications:
        - a digit is in the chosen set:  x[c, d] implies some z[k, S] with d in S
        - a digit appears at most once:  "not both" for each pair of cells of the run
        - a chosen set's digit appears:  z[k, S] implies some x[c, d], c in the run

The variables are made only for what narrowing leaves (``rules.narrow``: the digits a cell can hold,
the sets a run can use), as ``build_model(narrow=True)`` makes them for the integer program. A
feasibility puzzle has no objective for an LP bound to prune with, so HiGHS branches on large boards
(a 30x30 took 25-45 s); clause learning finds the filling and proves there is no other in well under
a second (``benchmarks/bench_kakuro.py`` measures both beside CP-SAT).
"""

from __future__ import annotations

from ..engine.sat import SatSearch
from ..engine.search import ClauseModel
from .board import Puzzle
from .rules import narrow_sets


class SatModel(ClauseModel):
    """The clauses of (5)-(7) for ``puzzle`` on one :class:`~puzzlelib.engine.sat.SatSearch`.

    ``domains`` and ``sets`` (from :func:`rules.narrow_sets`) may be passed when already computed;
    a cell without a digit or a run without a set leaves the clauses unsatisfiable (the search
    then says there is no answer).
    """

    def __init__(self, puzzle: Puzzle, domains: dict | None = None, sets: dict | None = None):
        if domains is None or sets is None:
            domains, sets = narrow_sets(puzzle)
        self.puzzle = puzzle
        s = self.search = SatSearch()
        clauses = []
        self.x = {}
        for cell in puzzle.white:
            literals = [self._new((*cell, d)) for d in sorted(domains[cell])]
            clauses.extend(_exactly_one(literals))                                 # (5)
        for run in puzzle.runs:
            options = sets[run]
            if len(options) == 1:  # the set is known: each of its digits appears (7)
                z = [None]
            else:
                z = [s.new() for _ in options]
                clauses.extend(_exactly_one(z))                                     # (6)
            for d in range(1, 10):
                holders = [self.x[r, c, d] for r, c in run.cells if (r, c, d) in self.x]
                clauses.extend([-a, -b] for i, a in enumerate(holders) for b in holders[i + 1:])  # (7) once
                chosen = [zi for zi, digits in zip(z, options) if d in digits]
                if len(options) > 1:
                    clauses.extend([-lit] + chosen for lit in holders)             # (7) in the set
                for zi in chosen:                                                   # (7) appears
                    clauses.append(holders if zi is None else [-zi] + holders)
        self.infeasible = any(not clause for clause in clauses)  # a cell or run with nothing left: no answer
        clauses = [c for c in clauses if c]
        for clause in clauses:
            s.add(clause)

    def _new(self, key) -> int:
        self.x[key] = literal = self.search.new()
        return literal

    def forbid(self, grid) -> None:
        """The no-good cut: some white cell holds another digit than in ``grid``."""
        self.search.add([-self.x[r, c, grid[r][c]] for r, c in self.puzzle.white])

    def read(self, model: set):
        """The grid of digits (0 on black cells) of a model of the clauses."""
        nrows, ncols = self.puzzle.shape
        digit = {(r, c): d for (r, c, d), var in self.x.items() if var in model}
        return tuple(tuple(digit.get((r, c), 0) for c in range(ncols)) for r in range(nrows))


def _exactly_one(literals: list) -> list:
    """One clause "at least one" and a clause per pair "not both"."""
    return [literals] + [[-a, -b] for i, a in enumerate(literals) for b in literals[i + 1:]]
