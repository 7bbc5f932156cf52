"""Rule 3 as Hartmann's big-M: chapter 3, equations (4)-(6).

Read line a as a binary number, its first cell the lowest bit: R_a = sum_j 2^j x_aj (4). A binary
y_ab picks which number is larger, and M = 2^n switches off the bound that does not apply:
R_a - R_b >= 1 - M (1 - y_ab) (5) and R_b - R_a >= 1 - M y_ab (6). Right on paper; but when
R_a = R_b, y_ab = 2^-n satisfies both, and from n = 20 on that is within HiGHS' integrality
tolerance (``mip_feasibility_tolerance``, 1e-6) of 0: chapter 3 shows the solver accept it.

``number_vars=False`` (``distinct="bigm"``) writes R_a as the sum itself, as the chapter does;
``number_vars=True`` (``distinct="bigm_vars"``) binds each R_a to an integer variable, as the
listing of Jandhyala's chapter does. The two are the same model on paper, but not to HiGHS'
presolve: chapter 3 runs both.
"""

from __future__ import annotations

import itertools

import pulp

from ..engine.solver import add_binary, add_integer


def add_distinct_bigm(problem: pulp.LpProblem, kind: str, lines, number_vars: bool = False,
                      deadline=None) -> None:
    """Every pair of ``lines`` (rows or columns, lists of variables) has different numbers.

    (Two constraints per pair: quick to build on any board the full models accept, so ``deadline``
    is checked once, before.)
    """
    if deadline is not None:
        deadline.check()
    # BEGIN add_distinct_bigm
    n = len(lines)
    M = 2 ** n
    R = [pulp.lpSum(2 ** j * v for j, v in enumerate(line)) for line in lines]      # (4)
    if number_vars:
        for a, number in enumerate(R):
            r = add_integer(problem, f"R_{kind}_{a}", 0, 2 ** n - 1)
            problem += r == number, f"{kind}_{a}_number"
            R[a] = r
    for a, b in itertools.combinations(range(n), 2):
        y = add_binary(problem, f"y_{kind}_{a}_{b}")
        problem += R[a] - R[b] >= 1 - M * (1 - y), f"{kind}s_{a}_{b}_a_larger"     # (5)
        problem += R[b] - R[a] >= 1 - M * y, f"{kind}s_{a}_{b}_b_larger"           # (6)
    # END add_distinct_bigm
