"""Clause-learning SAT search: the exact engine for proofs that no other answer exists.

A feasibility puzzle has no objective, so a MIP solver's LP bound does no pruning in a uniqueness
proof: it branches, and each node costs a re-solved LP. A SAT solver learns a clause from each
dead end instead, and on the Flow Free levels of the corpus it proves in milliseconds what HiGHS
takes seconds or minutes to prove (see chapter 5 and ``benchmarks/bench_flowfree.py``). The
models stay the chapters' integer programs; this module only runs the same 0/1 rules, written
as clauses, on CaDiCaL (through python-sat).

The search is deterministic: the same clauses in the same order give the same answers. CaDiCaL
cannot be interrupted from another thread here, so the time limit is kept by solving in slices
of a few thousand conflicts (each resumes with every clause learnt so far) and checking the
:class:`~puzzlelib.engine.solver.Deadline` between them.
"""

from __future__ import annotations

from itertools import combinations

from ..core.errors import SolverError
from .solver import Deadline, active_deadline, tick

#: CaDiCaL 1.9.5, the fastest of python-sat's solvers on the corpus (chapter 5 compares them).
ENGINE = "cadical195"
#: CaDiCaL's options: no stabilising phases and no variable elimination, the settings its authors
#: suggest for unsatisfiable problems. Uniqueness proofs are those: on the Flow Free corpus these
#: settings take 3.6 s for all 33 proofs together, against 6.2 s with CaDiCaL's defaults.
OPTIONS = {"stabilize": 0, "elim": 0}
#: Conflicts in one slice of a search: about 30-60 ms on this course's boards.
#: Conflicts of the first slice of a search no time limit was asked for (see ``SatSolver.solve``).
UNSLICED = 2_000_000
SLICE = 2000


class BudgetSpent(Exception):
    """A search given a conflict budget used it up: it found neither a model nor a proof.

    Not an error for the user: the caller tries another way (``flowfree.solving`` counts every
    answer instead) or searches on without a budget, keeping every clause learnt so far.
    """


class SatSearch:
    """A growing set of clauses over numbered 0/1 variables, solved again after each addition."""

    def __init__(self, engine: str = ENGINE, options: dict | None = None):
        from pysat.solvers import Solver  # imported here: only the proofs need it

        self._solver = Solver(name=engine)
        options = OPTIONS if options is None and engine == ENGINE else options
        if options:
            self._solver.solver.configure(dict(options))
        self.variables = 0
        self.added = 0

    def new(self) -> int:
        """A fresh variable (a positive integer; its negation is the literal "it is 0")."""
        self.variables += 1
        return self.variables

    def add(self, clause) -> None:
        """At least one of these literals is true."""
        clause = [int(lit) for lit in clause]
        if not clause:
            raise ValueError("an empty clause makes every search infeasible; say so instead")
        self._solver.add_clause(clause)
        self.added += 1
        tick(self.added)  # a large board's clauses stop being written once the call's time is spent

    def add_many(self, clauses) -> None:
        """Many clauses of Python ints, none empty, straight to the solver: ``add``'s checks and
        ``int()`` per literal are two thirds of the time of building a 9x9 Sudoku's clauses."""
        active = active_deadline()
        if active is not None:
            active.check()
        self._solver.append_formula(clauses)

    def set_phases(self, literals) -> None:
        """Which value to try first for each variable (a literal's sign): a hint, never a constraint,
        so answers and proofs are the same whatever the phases (only the search's path changes)."""
        self._solver.set_phases([int(lit) for lit in literals])

    def exactly_one(self, literals) -> None:
        """One literal true: one clause for "at least one", a clause per pair for "at most one"."""
        literals = list(literals)
        self.add(literals)
        for a, b in combinations(literals, 2):
            self.add([-a, -b])

    def exactly(self, literals, count: int) -> None:
        """Exactly ``count`` of up to a handful of literals: every wrong pattern is forbidden."""
        literals = list(literals)
        if len(literals) > 6:
            raise ValueError("exactly(): meant for a cell's few neighbours, not a long list")
        for size in range(len(literals) + 1):
            if size == count:
                continue
            for chosen in combinations(range(len(literals)), size):
                self.add([-lit if i in chosen else lit for i, lit in enumerate(literals)])

    def solve(self, time_limit=None, assumptions=(), conflicts: int | None = None) -> set | None:
        """The variables true in a model, or None when there is none (under ``assumptions``).

        Raises SolverError when ``time_limit`` (seconds or a shared Deadline) runs out first, and
        BudgetSpent when ``conflicts`` (a number of conflicts) runs out first.
        """
        if self._solver.solver is None:  # pysat answers None for ever once deleted: say so at once
            raise SolverError("this search is closed (its solver was released); build a new one")
        deadline = Deadline.of(time_limit)
        if conflicts is not None and (isinstance(conflicts, bool) or not isinstance(conflicts, int)
                                      or conflicts < 1):
            raise ValueError(f"conflicts: expected a positive whole number, got {conflicts!r}")
        left = conflicts
        first = True
        while True:
            deadline.check()
            # With a limit asked for, the search runs in slices and the deadline is checked between
            # them. Without one, the first slice is long (so the search, and the conflicts it counts,
            # are those of one uninterrupted run for any search under UNSLICED conflicts) and the
            # default time limit is checked after it, then between slices.
            step = SLICE if deadline.requested is not None else UNSLICED if first else SLICE
            first = False
            if left is not None:
                step = left if step is None else min(step, left)
            self._solver.conf_budget(-1 if step is None else step)  # -1: no limit on this call
            outcome = self._solver.solve_limited(assumptions=list(assumptions))
            if outcome is True:
                return {lit for lit in self._solver.get_model() if lit > 0}
            if outcome is False:
                return None
            if deadline.passed():
                raise deadline.error()
            if left is not None:
                left -= step
                if left <= 0:
                    raise BudgetSpent(f"no answer within {conflicts} conflicts")

    def stats(self) -> dict:
        """CaDiCaL's counters so far: conflicts, decisions, propagations, restarts."""
        return dict(self._solver.accum_stats())

    def close(self) -> None:
        self._solver.delete()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
