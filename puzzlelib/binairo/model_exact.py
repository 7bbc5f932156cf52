"""Rule 3 exactly, with small coefficients: chapter 3, equations (7)-(8).

For a pair of lines a, b: d_j = |x_aj - x_bj| written as the four inequalities of an XOR (7), and
at least one difference, sum_j d_j >= 1 (8). The two upper bounds carry the rule: where
x_aj = x_bj they force d_j = 0, so equal lines leave no d to reach 1. No coefficient exceeds 2,
so no solver tolerance can blur it.
"""

from __future__ import annotations

import itertools

import pulp

from ..engine.solver import add_binary


def add_distinct_exact(problem: pulp.LpProblem, kind: str, lines, deadline=None) -> None:
    """Every pair of ``lines`` (rows or columns, lists of variables) differs somewhere."""
    for a, b in itertools.combinations(range(len(lines)), 2):
        if deadline is not None:
            deadline.check()
        add_pair_exact(problem, kind, a, b, lines[a], lines[b])


def add_pair_exact(problem: pulp.LpProblem, kind: str, a: int, b: int, line_a, line_b) -> None:
    """Lines a and b differ: (7) and (8) for this one pair.

    d is declared binary although (7) already pins it to 0 or 1 when x is integral: the solver
    can then branch and probe on it (CBC proves the chapter's infeasible boards far faster so).
    """
    # BEGIN add_pair_exact
    d = []
    for j, (u, v) in enumerate(zip(line_a, line_b)):
        dj = add_binary(problem, f"d_{kind}_{a}_{b}_{j}")
        problem += dj <= u + v, f"{kind}s_{a}_{b}_d{j}_le_sum"                # (7)
        problem += dj <= 2 - u - v, f"{kind}s_{a}_{b}_d{j}_le_2_minus_sum"
        problem += dj >= u - v, f"{kind}s_{a}_{b}_d{j}_ge_diff"
        problem += dj >= v - u, f"{kind}s_{a}_{b}_d{j}_ge_rdiff"
        d.append(dj)
    problem += pulp.lpSum(d) >= 1, f"{kind}s_{a}_{b}_differ"                   # (8)
    # END add_pair_exact
