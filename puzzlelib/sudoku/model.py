"""The chapter's model of Sudoku and its variants (Chapter 7, equations (1)-(9)).

One binary G[r, c, v] per cell and digit (seed 001's G: 1 when cell (r, c) holds v) and the
helper H[r, c] = sum_v v G[r, c, v], the digit of the cell as a linear expression. Classic Sudoku
is (1)-(5); each variant adds its own block, so the variants combine freely: thermometers (6),
cages (7)-(8) (or seed 001's (7')-(8')), arrows (9).

The formulations, for ``model=``, are named ``"<thermometer>-<cage>"``: the thermometer block is
``helper`` (the chapter's, H_b >= H_a + 1), ``implication`` or ``pairs``; the cage block is
``sets`` (the chapter's (7)-(8), one binary per set of digits) or ``sum`` (seed 001's (7')-(8')).
The default, ``"helper-sets"``, is the chapter's model; every name builds the same core (1)-(5)
and (9) with the two blocks added on (:data:`BUILDERS`, one dict from name to builder).
"""

from __future__ import annotations

from itertools import combinations

import pulp

from functools import partial

from ..core.interface import require
from ..core.validate import check_choice
from ..engine.solver import add_binary, new_problem
from .board import Puzzle, units


def digit(G, n: int, cell) -> pulp.LpAffineExpression:
    """The helper H of a cell: sum_v v G[r, c, v], the digit it holds."""
    r, c = cell
    return pulp.lpSum(v * G[r, c, v] for v in range(1, n + 1))


def add_cage(problem, G, n: int, k: int, total: int, cells) -> None:
    """Killer as seed 001 writes it: the digits of a cage differ (7') and sum to its total (8')."""
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) <= 1, f"cage_{k}_once_{v}"  # (7')
    problem += pulp.lpSum(digit(G, n, cell) for cell in cells) == total, f"cage_{k}_sum"  # (8')


def digit_sets(n: int, size: int, total: int) -> list[tuple[int, ...]]:
    """Every set of ``size`` different digits from 1..n that sums to ``total``."""
    return [s for s in combinations(range(1, n + 1), size) if sum(s) == total]


def add_cage_sets(problem, G, n: int, k: int, total: int, cells) -> None:
    """Killer by digit sets: a binary z_S per set S of different digits with the cage's total picks
    one set (8), and digit v appears in the cage exactly when the chosen set holds it (7)."""
    sets = digit_sets(n, len(cells), total)
    z = [add_binary(problem, f"z_{k}_{i}") for i in range(len(sets))]
    problem += pulp.lpSum(z) == 1, f"cage_{k}_one_set"  # (8)
    for v in range(1, n + 1):
        problem += (pulp.lpSum(G[r, c, v] for r, c in cells)
                    == pulp.lpSum(zs for zs, s in zip(z, sets) if v in s)), f"cage_{k}_has_{v}"  # (7)


def add_arrow(problem, G, n: int, k: int, circle, cells) -> None:
    """Arrow: the circle's digit is the sum of the arrow's digits (9)."""
    problem += digit(G, n, circle) == pulp.lpSum(digit(G, n, cell) for cell in cells), f"arrow_{k}"  # (9)


# -- thermometers (6): three ways to say "digits increase" on the binaries G ------------------------
# The chapter's model uses the helper H (the digit as an expression, H = sum_v v G_v) and one
# inequality per step of a thermometer, H_b >= H_a + 1 ("helper"). The two other ways speak about
# the binaries directly, and the chapter measures all three:
# "implication": if a holds v then b holds more than v, G_a,v <= sum_{u > v} G_b,u, for every
# digit v: n inequalities per step; "pairs": a may not hold u while b holds v <= u, one conflict
# per pair of digits, G_a,u + G_b,v <= 1 for every u >= v: about n^2/2 inequalities per step.
THERMO_FORMULATIONS = ("helper", "implication", "pairs")


def add_thermo_helper(problem, G, n: int, k: int, cells) -> None:
    """One inequality per step: H_b - H_a >= 1."""
    for i, (a, b) in enumerate(zip(cells, cells[1:])):
        problem += (pulp.lpSum(v * G[b[0], b[1], v] for v in range(1, n + 1))
                    - pulp.lpSum(v * G[a[0], a[1], v] for v in range(1, n + 1)) >= 1), f"thermo_{k}_{i}"


def add_thermo_implication(problem, G, n: int, k: int, cells) -> None:
    """n inequalities per step: G_a,v <= sum_{u > v} G_b,u."""
    for i, (a, b) in enumerate(zip(cells, cells[1:])):
        for v in range(1, n + 1):
            problem += (G[a[0], a[1], v] <= pulp.lpSum(G[b[0], b[1], u] for u in range(v + 1, n + 1)),
                        f"thermo_{k}_{i}_if_{v}")


def add_thermo_pairs(problem, G, n: int, k: int, cells) -> None:
    """A conflict per pair of digits u >= v: G_a,u + G_b,v <= 1."""
    for i, (a, b) in enumerate(zip(cells, cells[1:])):
        for u in range(1, n + 1):
            for v in range(1, u + 1):
                problem += G[a[0], a[1], u] + G[b[0], b[1], v] <= 1, f"thermo_{k}_{i}_not_{u}_{v}"


ADD_THERMO = {"helper": add_thermo_helper, "implication": add_thermo_implication, "pairs": add_thermo_pairs}


# BEGIN build_digit_model
def build_digit_model(puzzle: Puzzle, add_thermo=None, add_cages=None):
    """The binary program of ``puzzle``; returns ``(problem, G)`` with G keyed by (row, col, digit).

    ``add_thermo`` writes a thermometer (6) (the chapter's choice, :func:`add_thermo_helper`,
    H_b >= H_a + 1, when None); ``add_cages`` writes a cage (7)-(8) (the chapter's
    :func:`add_cage_sets` when None, or seed 001's :func:`add_cage`). There is no objective: any
    feasible point is a solution.
    """
    add_thermo = add_thermo or add_thermo_helper
    add_cages = add_cages or add_cage_sets
    n = puzzle.size
    problem = new_problem("sudoku")
    digits = range(1, n + 1)
    G = {(r, c, v): add_binary(problem, f"G_{r}_{c}_{v}") for r in range(n) for c in range(n) for v in digits}
    for r in range(n):
        for c in range(n):
            problem += pulp.lpSum(G[r, c, v] for v in digits) == 1, f"cell_{r}_{c}"  # (1)
    for u, (name, cells) in enumerate(units(n)):  # rows (2), columns (3), boxes (4)
        for v in digits:
            problem += pulp.lpSum(G[r, c, v] for r, c in cells) == 1, f"{name.replace(' ', '_')}_has_{v}"
    for (r, c), v in sorted(puzzle.given_cells().items()):
        problem += G[r, c, v] == 1, f"given_{r}_{c}"  # (5)
    for k, cells in enumerate(puzzle.thermos):
        add_thermo(problem, G, n, k, cells)  # (6)
    for k, (total, cells) in enumerate(puzzle.cages):
        add_cages(problem, G, n, k, total, cells)  # (7)-(8)
    for k, (circle, cells) in enumerate(puzzle.arrows):
        add_arrow(problem, G, n, k, circle, cells)  # (9)
    return problem, G
# END build_digit_model


#: The ways to write a cage: the chapter's digit sets (7)-(8), or seed 001's differ-and-sum (7')-(8').
ADD_CAGE = {"sets": add_cage_sets, "sum": add_cage}
CAGE_FORMULATIONS = tuple(ADD_CAGE)
#: Each formulation's builder, by its ``model=`` name ("<thermometer>-<cage>"), the chapter's first.
BUILDERS = {f"{thermo}-{cage}": partial(build_digit_model, add_thermo=ADD_THERMO[thermo], add_cages=ADD_CAGE[cage])
            for cage in CAGE_FORMULATIONS for thermo in THERMO_FORMULATIONS}
MODELS = tuple(BUILDERS)
DEFAULT_MODEL = MODELS[0]


def builder(model: str):
    """The builder of formulation ``model`` (a PuzzleError names the choices)."""
    return BUILDERS[check_choice(model, MODELS, "model")]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL):
    """``(problem, G)`` of formulation ``model`` of ``puzzle`` (see :data:`MODELS`)."""
    require(puzzle, Puzzle, "build_model")
    return builder(model)(puzzle)
