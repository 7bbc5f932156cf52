"""reduced.py: Hartmann's model (9)-(13) on the disks that propagation leaves open.

Before any solver runs, each disk keeps the turns that show, on every side with a neighbour, a
colour some turn of that neighbour can show back (arc consistency, repeated until nothing changes).
On planted boards this settles about six disks in seven: a random colour on each edge rarely
leaves a disk two ways to match all its neighbours. The settled disks are constants; the model is
the chapter's, written for the open disks and their remaining turns only: (10) one turn per disk,
(11)-(12) equal colours where two open disks touch (a settled neighbour already agrees with every
turn left), (9) the turns counted, the settled ones as a constant. Every answer of this model is
an answer of the full model and the other way round, with the same number of turns, so the optimal
answers are the same; only the search is smaller (``benchmarks/bench_match22.py``).
"""

from __future__ import annotations

import pulp

from ..engine.rotation import BOTTOM, LEFT, RIGHT, TOP, arc_consistent, turned
from ..engine.solver import Deadline, add_binary, new_problem
from .board import Puzzle


def neighbours(puzzle: Puzzle) -> dict[int, list[tuple[int, int, int]]]:
    """For each disk, ``(other, my side, its side)`` for every neighbour it touches."""
    out: dict[int, list] = {i: [] for i in range(1, puzzle.n + 1)}
    for pairs, a, b in ((puzzle.horizontal, RIGHT, LEFT), (puzzle.vertical, BOTTOM, TOP)):
        for i, k in pairs:
            out[i].append((k, a, b))
            out[k].append((i, b, a))
    return out


def propagate(puzzle: Puzzle, deadline: Deadline | None = None) -> dict[int, list[int]] | None:
    """The turns each disk may still take (arc consistency); None when some disk has none left."""
    near = neighbours(puzzle)
    shows = {i: [turned(puzzle.disk(i), j) for j in range(4)] for i in near}
    turns = {i: set(range(4)) for i in near}
    return arc_consistent(turns, near, shows, deadline)


def build_reduced(puzzle: Puzzle, turns: dict[int, list[int]], deadline: Deadline | None = None):
    """Hartmann's model on the open disks; returns ``(problem, x)`` with ``x[i][j]`` for open disk i.

    ``turns`` is :func:`propagate`'s answer. The objective counts every disk's turns (a settled disk's
    as a constant), so the optimum is the full model's."""
    deadline = Deadline.of(deadline)
    problem = new_problem("match22_reduced")
    open_disks = [i for i in sorted(turns) if len(turns[i]) > 1]
    x = {}
    for i in open_disks:
        deadline.check()
        x[i] = {j: add_binary(problem, f"x_{i}_{j}") for j in turns[i]}
        problem += pulp.lpSum(x[i].values()) == 1, f"one_turn_{i}"                            # (10), (13)
    settled = sum(ts[0] for i, ts in turns.items() if len(ts) == 1)
    problem += pulp.LpAffineExpression([(var, j) for i in open_disks for j, var in x[i].items() if j],
                                       constant=settled)                                      # (9)
    for pairs, a_side, b_side, tag in ((puzzle.horizontal, RIGHT, LEFT, "h"), (puzzle.vertical, BOTTOM, TOP, "v")):
        for i, k in pairs:
            if i in x and k in x:
                deadline.check()
                a, b = puzzle.disk(i), puzzle.disk(k)
                shown = pulp.LpAffineExpression([(var, turned(a, j)[a_side]) for j, var in x[i].items()]
                                                + [(var, -turned(b, j)[b_side]) for j, var in x[k].items()])
                problem += shown == 0, f"{tag}_{i}_{k}"                                       # (11)-(12)
    return problem, x
