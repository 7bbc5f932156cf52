"""Chapter 8, equations (5)-(8): the combination model, one variable per run and digit set.

Hartmann's sum (3) lets the LP relaxation spread a cell over fractions of digits that add up to
the clue. Here each run picks one of its admissible digit sets, precomputed (11 in 4 cells is
{1, 2, 3, 5} and nothing else), and the set says which digits its cells hold:

    (5) sum_d x[c, d] = 1                          every white cell c holds one digit
    (6) sum_S z[k, S] = 1                          run k uses one of its digit sets S
    (7) sum_{c in R_k} x[c, d] = sum_{S: d in S} z[k, S]   digit d is in run k once if its set holds it
    (8) x binary, 0 <= z <= 1

The sum and the distinct digits both follow from (7). z need not be declared binary: once x is
0/1, the right side of (7) is the 0/1 indicator of the run's digits, and the only way to average
distinct sets into a 0/1 vector is to take one of them whole. The sets also prune the variables before
the solver starts: x[c, d] exists only for the digits d in a set of both runs of c (the cell's
*candidates*), and z[k, S] only for sets whose every digit is a candidate of some cell of run k.
"""

from __future__ import annotations

import pulp

from ..engine.solver import add_binary, add_continuous, new_problem
from .board import DIGITS, Puzzle, combinations
from .rules import candidates


# BEGIN combos
def build_combos(puzzle: Puzzle, domains: dict | None = None):
    """``(problem, x)`` with ``x[r, c, d]`` = 1 when white cell (r, c) holds digit d (only for its
    candidate digits, or those of ``domains``); the set variables ``z_k_i`` (run k, its i-th digit set)
    live in the problem."""
    problem = new_problem("kakuro_combos")
    allowed = domains if domains is not None else candidates(puzzle)
    x = {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in sorted(allowed[r, c])}
    for r, c in puzzle.white:                                                        # (5)
        problem += pulp.lpSum(x[r, c, d] for d in sorted(allowed[r, c])) == 1, f"digit_{r}_{c}"
    for k, run in enumerate(puzzle.runs):
        seen = set().union(*(allowed[cell] for cell in run.cells))
        sets = [s for s in combinations(run.total, len(run.cells)) if seen.issuperset(s)]
        z = [add_continuous(problem, f"z_{k}_{i}", 0, 1) for i in range(len(sets))]  # (8)
        problem += pulp.lpSum(z) == 1, f"one_set_{k}"                                # (6)
        for d in DIGITS:                                                             # (7)
            problem += (pulp.lpSum(x[r, c, d] for r, c in run.cells if (r, c, d) in x)
                        == pulp.lpSum(zi for zi, s in zip(z, sets) if d in s)), f"set_digit_{k}_{d}"
    return problem, x
# END combos
