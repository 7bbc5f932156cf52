"""The chapter's model of Sudoku and its variants (Chapter 7, equations (1)-(9)).

One binary G[r, c, v] per cell and digit (seed 001's G: 1 when cell (r, c) holds v) and the
helper H[r, c] = sum_v v G[r, c, v], the digit of the cell as a linear expression. Classic Sudoku
is (1)-(5); each variant adds its own block, so the variants combine freely.
"""

from __future__ import annotations

import pulp

from ..core.solver import add_binary, new_problem
from ..core.validate import check_choice
from .board import Puzzle, units
from .model_thermo import ADD_THERMO, THERMO_FORMULATIONS


def digit(G, n: int, cell) -> pulp.LpAffineExpression:
    """The helper H of a cell: sum_v v G[r, c, v], the digit it holds."""
    r, c = cell
    return pulp.lpSum(v * G[r, c, v] for v in range(1, n + 1))


def add_cage(problem, G, n: int, k: int, total: int, cells) -> None:
    """Killer: the digits of a cage differ (7) and sum to its total (8)."""
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) <= 1, f"cage_{k}_once_{v}"  # (7)
    problem += pulp.lpSum(digit(G, n, cell) for cell in cells) == total, f"cage_{k}_sum"  # (8)


def add_arrow(problem, G, n: int, k: int, circle, cells) -> None:
    """Arrow: the circle's digit is the sum of the arrow's digits (9)."""
    problem += digit(G, n, circle) == pulp.lpSum(digit(G, n, cell) for cell in cells), f"arrow_{k}"  # (9)


def build_model(puzzle: Puzzle, thermo: str = "helper"):
    """The binary program of ``puzzle``; returns ``(problem, G)`` with G keyed by (row, col, digit).

    ``thermo`` chooses how thermometers are written (see :mod:`.model_thermo`); the chapter's
    choice, "helper", is H_b >= H_a + 1. There is no objective: any feasible point is a solution.
    """
    check_choice(thermo, THERMO_FORMULATIONS, "thermo")
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
        add_cage(problem, G, n, k, total, cells)  # (7), (8)
    for k, (circle, cells) in enumerate(puzzle.arrows):
        add_arrow(problem, G, n, k, circle, cells)  # (9)
    return problem, G
