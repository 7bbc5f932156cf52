"""reduced.py: Hartmann's model (10)-(17), without the objective, on the tiles propagation leaves open.

Before any solver runs, each tile keeps the pictures (its ``distinct_turns``) whose connections
agree with some picture of each neighbour: a connection across an edge needs one on the other side,
an empty side needs an empty side, and the rim of the board and empty cells want no connection
(arc consistency, repeated until nothing changes). The settled tiles are constants; the model is
the chapter's for the open tiles and their remaining pictures only: (10) one picture per tile,
(11)-(12) agreeing connections where two open tiles touch (a settled neighbour or the rim already
agrees with every picture left). Every closed picture of this model is one of the full model and
the other way round, so ``solutions`` lists the same pictures, with a smaller search
(``benchmarks/bench_infinityloop.py``).
"""

from __future__ import annotations

import pulp

from ..engine.rotation import BOTTOM, LEFT, RIGHT, TOP, arc_consistent, code_sides, distinct_turns, turn_code
from ..engine.solver import Deadline, add_binary, new_problem
from .board import Puzzle

#: Each side, the side of the neighbour across it, and the step to that neighbour.
ACROSS = ((TOP, BOTTOM, (-1, 0)), (LEFT, RIGHT, (0, -1)), (BOTTOM, TOP, (1, 0)), (RIGHT, LEFT, (0, 1)))


def propagate(puzzle: Puzzle, deadline: Deadline | None = None) -> dict | None:
    """The turns each tile may still take, ``{cell: [k, ...]}`` (arc consistency); None when a tile has none."""
    nrows, ncols = puzzle.shape
    tiles = set(puzzle.cells())
    shows = {cell: {k: code_sides(turn_code(puzzle.tiles[cell[0]][cell[1]], k))
                    for k in distinct_turns(puzzle.sides(cell))} for cell in tiles}
    turns = {cell: set(shows[cell]) for cell in tiles}
    for (r, c) in tiles:  # the rim and empty cells: no connection towards them
        for side, _, (dr, dc) in ACROSS:
            if (r + dr, c + dc) not in tiles:
                turns[r, c] = {k for k in turns[r, c] if not shows[r, c][k][side]}
        if not turns[r, c]:
            return None
    arcs = {(r, c): [((r + dr, c + dc), side, theirs) for side, theirs, (dr, dc) in ACROSS
                     if (r + dr, c + dc) in tiles] for (r, c) in tiles}
    return arc_consistent(turns, arcs, shows, deadline)


def build_reduced(puzzle: Puzzle, turns: dict, deadline: Deadline | None = None):
    """The model of the open tiles (no objective); returns ``(problem, x)``, ``x[r, c][k]`` per open tile."""
    deadline = Deadline.of(deadline)
    problem = new_problem("infinityloop_reduced")
    x = {}
    for (r, c) in sorted(cell for cell, ks in turns.items() if len(ks) > 1):
        deadline.check()
        x[r, c] = {k: add_binary(problem, f"x_{r}_{c}_{k}") for k in turns[r, c]}
        problem += pulp.lpSum(x[r, c].values()) == 1, f"one_turn_{r}_{c}"                     # (10)
    for (r, c) in x:
        code = puzzle.tiles[r][c]
        for side, theirs, (dr, dc), tag in ((RIGHT, LEFT, (0, 1), "h"), (BOTTOM, TOP, (1, 0), "v")):
            other = (r + dr, c + dc)
            if other in x:
                mine = [(var, 1) for k, var in x[r, c].items() if code_sides(turn_code(code, k))[side]]
                code_o = puzzle.tiles[other[0]][other[1]]
                yours = [(var, -1) for k, var in x[other].items() if code_sides(turn_code(code_o, k))[theirs]]
                if mine or yours:
                    problem += pulp.LpAffineExpression(mine + yours) == 0, f"{tag}_{r}_{c}"      # (11)-(12)
    return problem, x
