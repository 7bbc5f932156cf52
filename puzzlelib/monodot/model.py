"""model.py: the formulations, by name, and ``build_model(puzzle, model=...)`` that picks one.

Role. ``MODELS`` names every formulation, the default first; ``bigm`` lives in ``model_bigm.py``.
Each builder returns ``(problem, x)``, the PuLP problem and the variables an answer is read from.

The chapter's models (chapter 11, Monodot). Data: the free cells C, ``N(c)`` the free cells a dot
on c is joined to (4 or, with ``diagonal``, 8 directions), the dots D with numbers ``n[d]``, the
distinct numbers V with ``k[v]`` dots numbered v. "if a dot numbered v is on c, then exactly v of
c's neighbours are occupied" is an if-then constraint, linearised with a big-M; the tight M's
come from ``|N(c)|``: the neighbours' count lies between 0 and ``|N(c)|``.

``aggregated`` (the default): equal dots are interchangeable, so ``q[v, c] = 1`` when a dot
numbered v stands on c, and ``o[c] = sum_v q[v, c]`` is the occupancy.

    (1)  sum_c q[v, c] = k[v]   (<= k[v] when 'partial')                 for every number v
    (2)  sum_v q[v, c] <= 1                                              for every cell c
    (3)  sum_{c' in N(c)} o[c'] >= sum_v v q[v, c]                       for every cell c
    (4)  sum_{c' in N(c)} o[c'] <= sum_v v q[v, c] + |N(c)| (1 - o[c])   for every cell c
    (5)  q[v, c] in {0, 1};  q[v, c] = 0 where v > |N(c)|

An occupied cell keeps (3)-(4) with equality to its number; an empty one only the bounds 0 and
|N(c)| that always hold. One answer of this model is an occupancy with numbers: swapping two equal
dots is not a second answer (the symmetry the ``bigm`` model has is gone).

``bigm`` (``model_bigm.py``): ``p[d, c] = 1`` when dot d stands on c, one if-then per dot and cell.
There is no objective: any placement that keeps the constraints is an answer.
"""

from __future__ import annotations

import pulp

from ..core.interface import require
from ..core.validate import check_choice
from ..engine import Deadline, add_binary, new_problem
from .board import Puzzle
from .model_bigm import build_bigm, occupied

MODELS = ("aggregated", "bigm")
DEFAULT_MODEL = MODELS[0]


# BEGIN build_aggregated
def build_aggregated(puzzle: Puzzle, deadline: Deadline):
    """The model (1)-(5); ``q[v, c]`` keyed by (number, cell)."""
    problem = new_problem(f"monodot_aggregated_{len(puzzle.dots)}_dots")
    cells = puzzle.free_cells()
    nbrs = {cell: puzzle.neighbours(cell) for cell in cells}
    q = {(v, cell): add_binary(problem, f"q_{v}_{cell[0]}_{cell[1]}")                             # (5)
         for v in puzzle.numbers() for cell in cells}
    for (v, cell), var in q.items():
        if v > len(nbrs[cell]):
            problem += var == 0, f"too_few_neighbours_{v}_{cell[0]}_{cell[1]}"                      # (5)
    for v in puzzle.numbers():
        placed = pulp.lpSum(q[v, cell] for cell in cells)
        want = puzzle.dots.count(v)
        problem += (placed <= want if puzzle.partial else placed == want), f"count_{v}"            # (1)
    occ = occupied(q, puzzle.numbers(), cells)
    for cell in cells:
        deadline.check()
        r, c = cell
        number = pulp.lpSum(v * q[v, cell] for v in puzzle.numbers())
        around = pulp.lpSum(occ[n] for n in nbrs[cell])
        problem += occ[cell] <= 1, f"one_dot_{r}_{c}"                                             # (2)
        problem += around >= number, f"at_least_{r}_{c}"                                          # (3)
        problem += around <= number + len(nbrs[cell]) * (1 - occ[cell]), f"at_most_{r}_{c}"       # (4)
    return problem, q
# END build_aggregated


#: Every formulation's builder, by its name in MODELS.
BUILDERS = {"aggregated": build_aggregated, "bigm": build_bigm}


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, deadline: Deadline | None = None):
    """``(problem, x)`` of the formulation ``model`` (one of MODELS) for ``puzzle``: ``q[v, cell]``
    for ``aggregated``, ``p[d, cell]`` for ``bigm``.

    ``deadline`` (from ``solve``) stops building a big board's model once the caller's time is spent.
    """
    require(puzzle, Puzzle, "build_model")
    check_choice(model, MODELS, "model")
    return BUILDERS[model](puzzle, Deadline.of(deadline))
