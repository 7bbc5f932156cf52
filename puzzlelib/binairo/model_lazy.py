"""Rule 3 added lazily: solve rules 1 and 2, add (7)-(8) for the lines that came out equal, repeat.

The model of chapter 3 without rule 3 has n^2 binaries; the exact form of rule 3 adds n^3 more
(one d per pair of lines and position). But most fillings that keep rules 1 and 2 already have
distinct lines, so only a few pairs ever need the rule. Each round solves, reads the filling,
finds the pairs of equal rows or columns (by hashing, as ``verify`` does), adds the exact
constraints for those pairs only, and solves again. A filling with distinct lines keeps every
rule; an infeasible round proves the full model infeasible (it is a relaxation of it). So the
answer is exact, however many rounds it takes.
"""

from __future__ import annotations

import itertools

from ..core.errors import NoSolution, SolverError
from ..engine.solver import solve_model, value01
from .board import Grid, cols_of, rows_of
from .model import lines_of
from .model_exact import add_pair_exact

Pair = tuple[str, int, int]


def equal_line_pairs(grid: Grid) -> list[Pair]:
    """Every pair of equal rows and of equal columns, as ("row" | "col", a, b) with a < b."""
    pairs = []
    for kind, lines in (("row", rows_of(grid)), ("col", cols_of(grid))):
        groups: dict[tuple, list[int]] = {}
        for i, line in enumerate(lines):
            groups.setdefault(line, []).append(i)
        for members in groups.values():
            pairs.extend((kind, a, b) for a, b in itertools.combinations(members, 2))
    return pairs


class LazyDistinct:
    """A model of rules 1 and 2 that learns rule 3 pair by pair (see the module docstring).

    ``solve()`` returns the next filling with distinct lines (or raises NoSolution); the pairs
    added so far stay in the model, so a no-good search after it starts where it left off.
    ``rounds`` counts every solve, ``added`` the pairs of lines given rule 3.
    """

    def __init__(self, problem, x, n: int, solver: str | None = None, deadline=None):
        self.problem, self.x, self.n = problem, x, n
        self.solver, self.deadline = solver, deadline
        self.lines = lines_of(x, n)
        self.added: set[Pair] = set()
        self.rounds = 0

    def read(self) -> Grid:
        return tuple(tuple(value01(self.x[i, j]) for j in range(self.n)) for i in range(self.n))

    def solve(self) -> Grid:
        """Solve until a filling has distinct lines; NoSolution when a round proves none exists."""
        while True:
            # BEGIN lazy_round
            self.rounds += 1  # every solve counts, the one that proves infeasibility too
            solve_model(self.problem, solver=self.solver, time_limit=self.deadline)
            grid = self.read()
            pairs = equal_line_pairs(grid)  # ("row", a, b) for rows a and b equal, ...
            if not pairs:
                return grid  # distinct lines: the filling keeps all three rules
            new = [p for p in pairs if p not in self.added]
            if not new:
                raise SolverError("the solver returned equal lines that the model forbids (numerical trouble)")
            for kind, a, b in new:  # (7)-(8) for these pairs only
                add_pair_exact(self.problem, kind, a, b, self.lines[kind][a], self.lines[kind][b])
                self.added.add((kind, a, b))
            # END lazy_round

