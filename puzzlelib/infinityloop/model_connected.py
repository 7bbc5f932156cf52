"""Tatham's Net: Infinity Loop plus "all tiles form one connected piece" (chapter 9, the extension).

The plain model (9)-(17) accepts any closed picture, also one made of separate pieces: the subtours
of Flow Free (chapter 5) again. A single-commodity flow forbids them: the first tile (the root)
sends one unit to every other tile, and flow may only cross an edge both tiles connect across:

    (18)  0 <= f[a->b] <= (N - 1) * e[a, b]       for neighbours a, b (both directions)
    (19)  outflow(root) - inflow(root) = N - 1
    (20)  inflow(t) - outflow(t) = 1              for every other tile t

where N is the number of tiles and ``e[a, b]`` is the linear expression "a connects towards b" of
the plain model. Every tile then lies on a path from the root, so the picture is one piece. On a
Net board (N - 1 connections in all) one piece is a tree.
"""

from __future__ import annotations

import pulp

from ..engine.rotation import STEP, side_expr
from ..engine.solver import Deadline, add_continuous
from .board import Puzzle
from .model_hartmann import build_hartmann


# BEGIN build_connected_model
def build_connected_model(puzzle: Puzzle, objective: bool = True, deadline: Deadline | None = None):
    """The plain model plus the flow (18)-(20); returns ``(problem, x)`` as :func:`build_hartmann`."""
    deadline = Deadline.of(deadline)
    problem, x = build_hartmann(puzzle, objective=objective, deadline=deadline)
    cells = puzzle.cells()
    if len(cells) < 2:
        return problem, x
    root, n = cells[0], len(cells)
    inflow = {cell: [] for cell in cells}
    outflow = {cell: [] for cell in cells}
    for r, c in cells:
        deadline.check()
        for h, (dr, dc) in enumerate(STEP):
            other = (r + dr, c + dc)
            if other not in x:
                continue
            f = add_continuous(problem, f"f_{r}_{c}_{h}", 0)
            connects = side_expr(x[r, c], puzzle.sides((r, c)), h)
            problem += f <= (n - 1) * connects, f"cap_{r}_{c}_{h}"                             # (18)
            outflow[r, c].append(f)
            inflow[other].append(f)
    problem += pulp.lpSum(outflow[root]) - pulp.lpSum(inflow[root]) == n - 1, "root"            # (19)
    for cell in cells[1:]:
        problem += pulp.lpSum(inflow[cell]) - pulp.lpSum(outflow[cell]) == 1, f"reach_{cell[0]}_{cell[1]}"  # (20)
    return problem, x
# END build_connected_model
