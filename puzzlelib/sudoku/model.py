"""The chapter's model of Sudoku and its variants (Chapter 7, equations (1)-(9)).

One binary G[r, c, v] per cell and digit (seed 001's G: 1 when cell (r, c) holds v) and the
helper H[r, c] = sum_v v G[r, c, v], the digit of the cell as a linear expression. Classic Sudoku
is (1)-(5); each variant adds its own block, so the variants combine freely: thermometers (6),
cages (7)-(8) (or seed 001's (7')-(8') with ``cage="sum"``), arrows (9).
"""

from __future__ import annotations

from itertools import combinations

import pulp

from ..engine.solver import add_binary, new_problem
from ..core.validate import check_choice
from .board import Puzzle, units
from .model_thermo import ADD_THERMO, THERMO_FORMULATIONS


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


CAGE_FORMULATIONS = ("sets", "sum")


def build_model(puzzle: Puzzle, thermo: str = "helper", cage: str = "sets"):
    """The binary program of ``puzzle``; returns ``(problem, G)`` with G keyed by (row, col, digit).

    ``thermo`` chooses how thermometers are written (see :mod:`.model_thermo`); the chapter's
    choice, "helper", is H_b >= H_a + 1. ``cage``: "sets" (the chapter's (7)-(8), one binary per set
    of digits a cage can hold) or "sum" (seed 001's "digits differ and sum to the total", (7')-(8')).
    There is no objective: any feasible point is a solution.
    """
    check_choice(thermo, THERMO_FORMULATIONS, "thermo")
    check_choice(cage, CAGE_FORMULATIONS, "cage")
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
        ADD_THERMO[thermo](problem, G, n, k, cells)  # (6)
    for k, (total, cells) in enumerate(puzzle.cages):
        (add_cage_sets if cage == "sets" else add_cage)(problem, G, n, k, total, cells)  # (7)-(8)
    for k, (circle, cells) in enumerate(puzzle.arrows):
        add_arrow(problem, G, n, k, circle, cells)  # (9)
    return problem, G
