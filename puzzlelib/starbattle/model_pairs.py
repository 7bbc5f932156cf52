"""model_pairs.py: Star Battle's pairs model (chapter 11), the default, and the counts both models share.

``x[r, c] = 1`` when cell (r, c) holds a star; n the side, k the stars per line and region, R_t
the cells of region t (Hartmann 2019 writes the no-touch rule by pairs, as here).

    (1)  sum_c x[r, c] = k                 for every row r
    (2)  sum_r x[r, c] = k                 for every column c
    (3)  sum_{(r, c) in R_t} x[r, c] = k   for every region t
    (4)  x[a] + x[b] <= 1                  for every pair of cells a, b that touch (sides or corners)
    (5)  x[r, c] in {0, 1}

There is no objective: any placement that keeps (1)-(5) is an answer.
"""

from __future__ import annotations

import pulp

from ..engine import Deadline, add_binary, new_problem
from .board import Puzzle
from .rules import touching_pairs


def add_counts(problem: pulp.LpProblem, puzzle: Puzzle, deadline: Deadline) -> dict:
    """The cell binaries (5) and the counts (1)-(3) that both formulations share; returns ``x``."""
    n, k = puzzle.size, puzzle.stars
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(n) for c in range(n)}             # (5)
    for r in range(n):
        deadline.check()
        problem += pulp.lpSum(x[r, c] for c in range(n)) == k, f"row_{r}"                            # (1)
    for c in range(n):
        problem += pulp.lpSum(x[r, c] for r in range(n)) == k, f"col_{c}"                            # (2)
    for t, cells in enumerate(puzzle.cells):
        problem += pulp.lpSum(x[cell] for cell in cells) == k, f"region_{t}"                         # (3)
    return x


# BEGIN build_pairs
def build_pairs(puzzle: Puzzle, deadline: Deadline):
    """The model (1)-(5): one inequality per pair of touching cells; ``x[r, c]`` keyed by cell."""
    n = puzzle.size
    problem = new_problem(f"starbattle_{n}x{n}_pairs")
    x = add_counts(problem, puzzle, deadline)
    for a, b in touching_pairs(n):
        problem += x[a] + x[b] <= 1, f"apart_{a[0]}_{a[1]}_{b[0]}_{b[1]}"                           # (4)
    return problem, x
# END build_pairs
