"""model_blocks.py: Star Battle with the no-touch rule as one inequality per 2x2 window (chapter 11).

The counts (1)-(3) and binaries (5) are the pairs model's (``model_pairs.add_counts``); (4) becomes

    (4')  x[r, c] + x[r, c+1] + x[r+1, c] + x[r+1, c+1] <= 1    for every 2x2 window (r, c)

Two cells touch exactly when some 2x2 window holds both, so (4') forbids the same placements as
(4), with about n^2 inequalities instead of 4n^2; and each is a clique inequality of the four
pairs it covers, so its LP relaxation is tighter (a half star on each of four cells is gone).
"""

from __future__ import annotations

import pulp

from ..engine import Deadline, new_problem
from .board import Puzzle
from .model_pairs import add_counts


# BEGIN build_blocks
def build_blocks(puzzle: Puzzle, deadline: Deadline):
    """The model (1)-(3), (4'), (5); ``x[r, c]`` keyed by cell."""
    n = puzzle.size
    problem = new_problem(f"starbattle_{n}x{n}_blocks")
    x = add_counts(problem, puzzle, deadline)
    for r in range(n - 1):
        for c in range(n - 1):
            problem += pulp.lpSum(x[r + dr, c + dc] for dr in (0, 1) for dc in (0, 1)) <= 1, f"block_{r}_{c}"  # (4')
    return problem, x
# END build_blocks
