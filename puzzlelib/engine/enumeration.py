"""Proving uniqueness by search: solve, forbid the answer just found with a no-good cut, repeat.

A no-good cut over binaries x with values v says "at least one of these must change":

    sum_{v_i = 1} (1 - x_i) + sum_{v_i = 0} x_i >= 1

It removes exactly one 0/1 assignment of the key variables, so the k-th solve finds a solution
different from the first k-1, or proves there is none. For optimisation puzzles (fewest moves,
fewest flips) the first optimum is kept as a constraint so that only equally good answers follow.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

import pulp

from ..core.errors import NoSolution
from .solver import Deadline, has_objective, solve_model, value01
from ..core.validate import check_limit

T = TypeVar("T")


def nogood_cut(variables: Iterable[pulp.LpVariable]) -> pulp.LpConstraint:
    """The constraint that forbids the current 0/1 values of ``variables``."""
    variables = list(variables)
    ones = [v for v in variables if value01(v)]
    zeros = [v for v in variables if not value01(v)]
    return pulp.lpSum(1 - v for v in ones) + pulp.lpSum(zeros) >= 1


def enumerate_solutions(
    problem: pulp.LpProblem,
    key_vars: Iterable[pulp.LpVariable],
    read: Callable[[], T],
    limit: int = 2,
    solver: str | None = None,
    time_limit: float | None = None,
    optimality_slack: float = 0.5,
    check: Callable[[T], object] | None = None,
) -> list[T]:
    """Up to ``limit`` different answers of ``problem``, each read by ``read()`` after its solve.

    ``key_vars`` are the binaries that define an answer (two answers are different when they differ
    on one of them). ``optimality_slack`` (0.5 suits integer objectives) bounds how far later answers
    may drift from the first optimum. The problem is modified in place (cuts are added).

    Every verdict is the same on HiGHS and CBC: an empty ``key_vars`` means one answer (a cut over no
    variables would be ``0 >= 1``, which CBC reports as status 'Undefined', not infeasible), and a
    model left with no variables is decided without a solver (see ``solve_model``).

    ``check(answer)``, when given, runs on every answer before it is kept (a puzzle passes its
    solver-free rule checker, see ``engine.search.rule_check``): it raises on an answer that breaks a
    rule, so a solver's tolerance or a wrong constraint never reaches the caller as an answer.
    """
    limit = check_limit(limit)
    deadline = Deadline.of(time_limit)  # one budget for every re-solve
    key_vars = list(key_vars)
    found: list[T] = []
    for k in range(limit):
        try:
            best = solve_model(problem, solver=solver, time_limit=deadline)
        except NoSolution:
            break
        answer = read()
        if check is not None:
            check(answer)
        found.append(answer)
        if k == 0 and has_objective(problem):
            if problem.sense == pulp.LpMinimize:
                problem += problem.objective <= best + optimality_slack, "keep_optimal"
            else:
                problem += problem.objective >= best - optimality_slack, "keep_optimal"
        if not key_vars:  # nothing tells two answers apart: the one found is the only one
            break
        if k + 1 < limit:
            problem += nogood_cut(key_vars), f"nogood_{k}"
    return found
