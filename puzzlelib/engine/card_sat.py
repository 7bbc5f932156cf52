"""card_sat.py: clause learning with native cardinality constraints, for the boards of line counts (issue 42).

Thermometers, Aquarium and Star Battle are 0/1 cells under a few clauses and many "exactly k of
these cells" counts. Written as clauses (a sequential counter or totalizer per line) the counts
cost more to build in Python than to solve, and they hide their structure from the solver. Gluecard
(Glucose with native at-most-k constraints, Audemard, Lagniez and Simon 2013, through python-sat)
takes "exactly k of L" as two constraints, at most k of L and at most |L| - k of their negations,
and propagates them as a whole, as an answer-set solver's cardinality rules do. On random boards of
the issue's sizes one answer and the proof about a second take a few milliseconds.

:class:`CardSearch` is the small face the puzzles use (``new``, ``add``, ``exactly``, ``solve``,
``close``); :func:`card_answers` is the loop of solve, read, check with the puzzle's rule checker,
forbid. The deadline is kept as in :class:`~puzzlelib.engine.sat.SatSearch`: slices of conflicts.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import SolverError
from .solver import Deadline

#: Gluecard 4 (Glucose 4.1 with native cardinality constraints).
ENGINE = "gluecard4"
#: Conflicts in one slice of a search (the deadline is checked between slices).
SLICE = 20_000


class CardSearch:
    """Clauses and at-most-k constraints over numbered 0/1 variables, solved again after each addition."""

    def __init__(self, engine: str = ENGINE):
        from pysat.solvers import Solver  # imported here: only the searches need it

        self._solver = Solver(name=engine)
        self.variables = 0
        self.infeasible = False  # a count no line can meet (then no search is run)
        self.conflicts = 0  # the solver's conflicts so far (kept after close, for the benchmarks)

    def new(self) -> int:
        self.variables += 1
        return self.variables

    def add(self, clause) -> None:
        """At least one of these literals (Python ints, none zero) is true."""
        if not clause:
            self.infeasible = True
            return
        self._solver.add_clause(clause)

    def exactly(self, literals: list[int], count: int) -> None:
        """Exactly ``count`` of ``literals`` are true: two native at-most constraints."""
        size = len(literals)
        if not 0 <= count <= size:
            self.infeasible = True
            return
        if count < size:
            self._solver.add_atmost(literals, count)
        if count > 0:
            self._solver.add_atmost([-lit for lit in literals], size - count)

    def at_most(self, literals: list[int], count: int) -> None:
        """At most ``count`` of ``literals`` are true (a native constraint; nothing when all may be)."""
        if count < 0:
            self.infeasible = True
        elif count < len(literals):
            self._solver.add_atmost(literals, count)

    def solve(self, time_limit=None) -> set | None:
        """The variables true in a model, or None when there is none; SolverError when time runs out."""
        if self._solver.solver is None:  # pysat answers None for ever once deleted: say so at once
            raise SolverError("this search is closed (its solver was released); build a new one")
        if self.infeasible:
            return None
        deadline = Deadline.of(time_limit)
        while True:
            deadline.check()
            self._solver.conf_budget(SLICE)
            outcome = self._solver.solve_limited()
            self.conflicts = self._solver.accum_stats().get("conflicts", 0)
            if outcome is True:
                return {lit for lit in self._solver.get_model() if lit > 0}
            if outcome is False:
                return None
            if deadline.passed():
                raise deadline.error()

    def close(self) -> None:
        self._solver.delete()


def card_answers(search: CardSearch, cells: dict, limit: int, time_limit, make: Callable,
                 check: Callable, puzzle) -> list:
    """Up to ``limit`` answers: solve, read the 0/1 grid of ``cells`` (``(r, c) -> variable``), make
    the answer (``make(grid)``), check it with the puzzle's ``check(puzzle, answer)`` (a fault is a
    SolverError, never an answer), forbid that grid, again. Fewer than ``limit``: there are no more.
    ``search`` is closed at the end."""
    deadline = Deadline.of(time_limit)
    nrows = 1 + max((r for r, _ in cells), default=-1)
    ncols = 1 + max((c for _, c in cells), default=-1)
    found = []
    try:
        while len(found) < limit:
            model = search.solve(deadline)
            if model is None:
                break
            grid = tuple(tuple(int(cells[r, c] in model) for c in range(ncols)) for r in range(nrows))
            answer = make(grid)
            faults = check(puzzle, answer)
            if faults:  # pragma: no cover - a guard: the constraints are the rules
                raise SolverError("the cardinality search returned an answer that breaks a rule: "
                                  + "; ".join(f.message for f in faults))
            found.append(answer)
            search.add([-v if grid[r][c] else v for (r, c), v in cells.items()])
    finally:
        search.close()
    return found
