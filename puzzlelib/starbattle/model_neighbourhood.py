"""model_neighbourhood.py: Star Battle with the no-touch rule as one inequality per cell (chapter 11).

The counts (1)-(3) and binaries (5) are the pairs model's (``model_pairs.add_counts``); with N(c)
the cells that touch cell c (sides or corners: 3 in a corner, 5 on an edge, 8 inside), (4) becomes

    (4'')  sum_{d in N(c)} x[d] <= |N(c)| * (1 - x[c])    for every cell c

an if-then by big-M: a star at c empties its neighbourhood; no star at c leaves the neighbours
free (the right side |N(c)| is then never binding). It forbids the same placements as (4) with
exactly n^2 inequalities, but it is the weakest of the three on the LP relaxation: M = |N(c)|
is the safe bound, not the tight one (how many stars can N(c) hold at most when c is empty?),
and the library keeps it so on purpose; an exercise asks for the tight M.
"""

from __future__ import annotations

import pulp

from ..engine import Deadline, new_problem
from .board import Puzzle
from .model_pairs import add_counts

#: The eight directions to a touching cell.
AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def neighbourhood(n: int, r: int, c: int) -> list[tuple[int, int]]:
    """N(c): the cells of an n x n board that touch (r, c), sides or corners."""
    return [(r + dr, c + dc) for dr, dc in AROUND if 0 <= r + dr < n and 0 <= c + dc < n]


# BEGIN build_neighbourhood
def build_neighbourhood(puzzle: Puzzle, deadline: Deadline):
    """The model (1)-(3), (4''), (5); ``x[r, c]`` keyed by cell."""
    n = puzzle.size
    problem = new_problem(f"starbattle_{n}x{n}_neighbourhood")
    x = add_counts(problem, puzzle, deadline)
    for r in range(n):
        for c in range(n):
            around = neighbourhood(n, r, c)
            big_m = len(around)  # |N(c)|: safe, not tight
            problem += pulp.lpSum(x[d] for d in around) <= big_m * (1 - x[r, c]), f"around_{r}_{c}"  # (4'')
    return problem, x
# END build_neighbourhood
