"""model.py: the formulations, by name, and ``build_model(puzzle, model=...)`` that picks one.

Role. ``MODELS`` names every formulation, the default first; ``symmetric`` is this model
with the add-on of ``model_symmetric.py`` (MO-book style: one core model, variants added to it). Each builder returns ``(problem, z)``, the PuLP problem
and the variables an answer is read from, ``z[e, c]`` keyed by edge index and colour name.

The chapter's model (chapter 11, V3ck as an edge colouring; Hartmann 2019 models the app with one
binary per edge and colour, as here). Data: nodes V, edges E, colours C, ``d[v, c]`` the count of
colour c that node v wants, ``E(v)`` the edges at v.

    (1)  sum_c z[e, c] = 1                  for every edge e          (one colour per edge)
    (2)  sum_{e in E(v)} z[e, c] = d[v, c]  for every node v, colour c (the node's counts)
    (3)  z[e, c] in {0, 1}

There is no objective: any colouring that keeps (1)-(3) is an answer. Summing (2) over c gives the
node's degree, which is why the board insists the counts add up to it.
"""

from __future__ import annotations

import pulp

from ..core.interface import require
from ..core.validate import check_choice
from ..engine import Deadline, add_binary, new_problem
from .board import Puzzle
from .model_symmetric import add_symmetry_breaking

MODELS = ("edges", "symmetric")
DEFAULT_MODEL = MODELS[0]


# BEGIN build_edges
def build_edges(puzzle: Puzzle, deadline: Deadline):
    """The model (1)-(3); ``z[e, c]`` keyed by (edge index, colour name)."""
    problem = new_problem(f"v3ck_{len(puzzle.nodes)}_nodes")
    z = {(e, c): add_binary(problem, f"z_{e}_{k}")                                            # (3)
         for e in range(len(puzzle.edges)) for k, c in enumerate(puzzle.colours)}
    for e, (a, b) in enumerate(puzzle.edges):
        problem += pulp.lpSum(z[e, c] for c in puzzle.colours) == 1, f"one_colour_{e}"        # (1)
    incident = puzzle.incident()
    for v, node in enumerate(puzzle.nodes):
        deadline.check()
        for k, c in enumerate(puzzle.colours):
            problem += (pulp.lpSum(z[e, c] for e in incident[node.name]) == node.demand[k],
                        f"count_{v}_{k}")                                                        # (2)
    return problem, z
# END build_edges


# BEGIN build_symmetric
def build_symmetric(puzzle: Puzzle, deadline: Deadline):
    """The model (1)-(3) with the symmetry-breaking add-on (4) of ``model_symmetric.py``."""
    problem, z = build_edges(puzzle, deadline)
    add_symmetry_breaking(problem, z, puzzle)                                                    # (4)
    return problem, z
# END build_symmetric


#: Every formulation's builder, by its name in MODELS.
BUILDERS = {"edges": build_edges, "symmetric": build_symmetric}


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, deadline: Deadline | None = None):
    """``(problem, z)`` of the formulation ``model`` (one of MODELS) for ``puzzle``.

    ``deadline`` (from ``solve``) stops building a big board's model once the caller's time is spent.
    """
    require(puzzle, Puzzle, "build_model")
    check_choice(model, MODELS, "model")
    return BUILDERS[model](puzzle, Deadline.of(deadline))
