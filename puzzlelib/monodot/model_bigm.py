"""model_bigm.py: the ``bigm`` formulation (chapter 11): one binary per dot and cell, one if-then per pair.

``p[d, c] = 1`` when dot d stands on free cell c; ``o[c] = sum_d p[d, c]`` is the occupancy.

    (6)  sum_c p[d, c] = 1   (<= 1 when 'partial')                   for every dot d
    (7)  sum_d p[d, c] <= 1                                          for every cell c
    (8)  sum_{c' in N(c)} o[c'] >= n[d] - M-[d, c] (1 - p[d, c])     for every dot d, cell c
    (9)  sum_{c' in N(c)} o[c'] <= n[d] + M+[d, c] (1 - p[d, c])     for every dot d, cell c
    (10) p[d, c] in {0, 1}

(8)-(9) say "p[d, c] = 1 implies exactly n[d] occupied neighbours"; with p[d, c] = 0 they must hold for
every count of occupied neighbours from 0 to |N(c)|. Any M that large is right, and a larger one only
weaker; the code uses the smallest such M's, the tight ones, which Exercise 11.4 asks students to find
(the chapter does not print them, and neither does this docstring). Whether a given M is large enough
is a matter of that range, not of a rule of thumb: M = |N(c)| on both sides, for instance, is too
small on the lower side wherever n[d] > |N(c)|, since (8) then still asks for n[d] - |N(c)| > 0
occupied neighbours with p[d, c] = 0 and cuts off valid placements. Where n[d] > |N(c)|, (8) forbids
p[d, c] = 1 by itself and (9) is left out. Two dots with the same number can swap cells, so every
answer comes k! times for k equal dots: ``solutions(model="bigm")`` counts them all.
"""

from __future__ import annotations

import pulp

from ..engine import Deadline, add_binary, new_problem
from .board import Puzzle


def occupied(x: dict, keys, cells) -> dict:
    """``o[c] = sum_k x[k, c]``, the occupancy of each cell, as PuLP expressions."""
    return {cell: pulp.lpSum(x[k, cell] for k in keys) for cell in cells}


# BEGIN build_bigm
def build_bigm(puzzle: Puzzle, deadline: Deadline):
    """The model (6)-(10); ``p[d, c]`` keyed by (dot index, cell)."""
    problem = new_problem(f"monodot_bigm_{len(puzzle.dots)}_dots")
    cells = puzzle.free_cells()
    dots = range(len(puzzle.dots))
    nbrs = {cell: puzzle.neighbours(cell) for cell in cells}
    p = {(d, cell): add_binary(problem, f"p_{d}_{cell[0]}_{cell[1]}") for d in dots for cell in cells}  # (10)
    for d in dots:
        placed = pulp.lpSum(p[d, cell] for cell in cells)
        problem += (placed <= 1 if puzzle.partial else placed == 1), f"place_{d}"                   # (6)
    occ = occupied(p, dots, cells)
    for cell in cells:
        problem += occ[cell] <= 1, f"one_dot_{cell[0]}_{cell[1]}"                                 # (7)
    for d in dots:
        deadline.check()
        v = puzzle.dots[d]
        for cell in cells:
            r, c = cell
            around, big = pulp.lpSum(occ[n] for n in nbrs[cell]), len(nbrs[cell])
            problem += around >= v * p[d, cell], f"at_least_{d}_{r}_{c}"                          # (8)
            if v <= big:
                problem += around <= v + (big - v) * (1 - p[d, cell]), f"at_most_{d}_{r}_{c}"    # (9)
    return problem, p
# END build_bigm
