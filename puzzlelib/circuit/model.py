"""The fewest-flips model of chapter 2 (notebooks/02-logic-gates), equations (1)-(10).

One binary x[v] per node v (switch or gate), 1 = on (10). Every gate becomes the linear
inequalities of its row in the chapter's table, (2)-(8); every lamp is on (9); the objective (1)
counts the switches moved. Hartmann (2019) gives the model; the tags ``# (n)`` follow the chapter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pulp

from ..core.errors import PuzzleError
from ..core.interface import require
from ..engine.solver import add_binary, new_problem
from .board import Puzzle

#: The formulations, for ``model=``: the chapter's one (Hartmann's gate inequalities) is the only one.
MODELS = ("hartmann",)
DEFAULT_MODEL = MODELS[0]


def gate_inequalities(kind: str, y, ins: Sequence) -> list[tuple[str, pulp.LpConstraint]]:
    """The linear inequalities that tie output ``y`` to inputs ``ins`` for one gate.

    Each comes with a short name that reads like its formula (``le_a`` is ``y <= a``), where
    ``a``, ``b``, ... stand for the inputs in order and ``sum`` for their sum. On 0/1 values they
    admit exactly the rows of the gate's truth table.
    """
    n = len(ins)
    letters = [chr(97 + k) if n <= 26 else f"in{k + 1}" for k in range(n)]
    total = pulp.lpSum(ins)
    if kind == "AND":  # (2)
        return [(f"le_{v}", y <= a) for v, a in zip(letters, ins)] + [(f"ge_sum_minus_{n - 1}", y >= total - (n - 1))]
    if kind == "OR":  # (3)
        return [(f"ge_{v}", y >= a) for v, a in zip(letters, ins)] + [("le_sum", y <= total)]
    if kind == "NAND":  # (4)
        return [(f"ge_1_minus_{v}", y >= 1 - a) for v, a in zip(letters, ins)] + [(f"le_{n}_minus_sum", y <= n - total)]
    if kind == "NOR":  # (5)
        return [(f"le_1_minus_{v}", y <= 1 - a) for v, a in zip(letters, ins)] + [("ge_1_minus_sum", y >= 1 - total)]
    if kind == "XOR":  # (6)
        a, b = ins
        return [("le_a_plus_b", y <= a + b), ("ge_a_minus_b", y >= a - b),
                ("ge_b_minus_a", y >= b - a), ("le_2_minus_a_minus_b", y <= 2 - a - b)]
    if kind == "XNOR":  # (7)
        a, b = ins
        return [("ge_1_minus_a_minus_b", y >= 1 - a - b), ("le_1_minus_a_plus_b", y <= 1 - a + b),
                ("le_1_minus_b_plus_a", y <= 1 - b + a), ("ge_a_plus_b_minus_1", y >= a + b - 1)]
    if kind == "NOT":  # (8)
        (a,) = ins
        return [("eq_1_minus_a", y == 1 - a)]
    raise PuzzleError(f"unknown gate kind {kind!r}")


def flips_expression(puzzle: Puzzle, x) -> pulp.LpAffineExpression:
    """The number of switches moved: x[s] for a switch that starts off, 1 - x[s] for one that starts on."""
    return pulp.lpSum(x[s] if start == 0 else 1 - x[s] for s, start in puzzle.inputs.items())


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, lamps: bool = True, objective: bool = True,
                drop: Iterable[str] = ()):
    """Hartmann's model as ``(problem, x)``, ``x`` keyed by node name.

    PuLP names come from positions only (variable ``x3`` is the fourth node, constraint
    ``gate2_le_a`` the third gate's ``y <= a``), never from the user's node names. ``lamps`` or
    ``objective`` False leave out (9) or (1); ``drop`` lists gate inequalities to leave out by the
    names a reader sees (``"g7_le_a"`` is gate g7's ``y <= a``), for experiments.
    """
    require(puzzle, Puzzle, "build_model")
    return builder(model)(puzzle, lamps, objective, drop)


def builder(model):
    """The function that builds formulation ``model`` (a PuzzleError names the choices)."""
    if not isinstance(model, str) or model not in BUILDERS:
        raise PuzzleError(f"model: expected one of {', '.join(map(repr, MODELS))}, got {str(model)[:30]!r}")
    return BUILDERS[model]


def hartmann_model(puzzle: Puzzle, lamps: bool = True, objective: bool = True, drop: Iterable[str] = ()):
    """(1)-(10) of the chapter, as ``(problem, x)``."""
    problem = new_problem("circuit_scramble")
    x = {v: add_binary(problem, f"x{k}") for k, v in enumerate(puzzle.nodes)}  # (10)
    drop = set(drop)
    for j, (out, kind, *ins) in enumerate(puzzle.gates):  # (2)-(8)
        for suffix, constraint in gate_inequalities(kind, x[out], [x[i] for i in ins]):
            if f"{out}_{suffix}" not in drop:
                problem += constraint, f"gate{j}_{suffix}"
    if lamps:
        for k, lamp in enumerate(puzzle.lamps):  # (9)
            problem += x[lamp] == 1, f"lamp{k}"
    if objective:
        problem += flips_expression(puzzle, x)  # (1)
    return problem, x


#: One table from a model's name to its builder (the only place a name is looked up).
BUILDERS = {"hartmann": hartmann_model}
