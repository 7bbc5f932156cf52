"""Cutting planes you can watch (chapter 10): Gomory mixed-integer cuts, added round by round.

A *cutting plane* is an inequality that every integral point of a model satisfies but the current
LP point does not. Gomory's cuts are read off the simplex tableau: a row of it says
``x_i + sum_j a_j t_j = b`` with ``b`` fractional, where the ``t_j >= 0`` measure how far the
nonbasic variables are from the bounds they sit at. Any integral point keeps ``x_i`` integral, and
that forces ``sum_j g_j t_j >= 1`` for the coefficients ``g_j`` of Gomory's mixed-integer formula,
while the LP point (all ``t_j = 0``) violates it. Each round adds the cut of every fractional basic
integer variable and solves the LP again; :func:`cutting_planes` records the bound and the LP point
after each round.

The tableau is computed densely with numpy from the basis HiGHS reports: fine for the boards of the
course, not for large models. It is computed by :func:`tableau`, a Gauss-Jordan elimination written
with numpy's elementwise operations only, never with BLAS or LAPACK (``np.linalg.solve``): a BLAS
routine may sum in another order with another number of threads, or another alignment of its
arrays, and a difference in the last bit of one tableau entry is enough to move the next LP to
another of its equally good vertices (chapter 10 printed 15 fractional cells instead of 18 after one
round on a busy machine, issue 31). Elementwise IEEE arithmetic gives the same bits every time, and
HiGHS solves each LP with one thread, so the same model gives the same cuts, points and bounds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import highspy
import numpy as np
import pulp

from .branch_and_bound import TOL, Relaxation
from ..core.errors import NoSolution
from ..core.validate import check_int

MIN_FRACTION = 0.01  # rows whose basic value is this close to an integer give numerically poor cuts


@dataclass
class Cut:
    """``sum coefs[name] * name >= rhs``: valid for every integral point, violated by the LP point."""

    coefs: dict[str, float]
    rhs: float
    source: str  # the basic variable whose tableau row gave it

    def holds(self, point: dict[str, float], tol: float = 1e-6) -> bool:
        return sum(c * point[name] for name, c in self.coefs.items()) >= self.rhs - tol

    def __str__(self) -> str:
        terms = " ".join(f"{'+' if c >= 0 else '-'} {abs(c):.3g} {name}" for name, c in self.coefs.items())
        return f"{terms.lstrip('+ ')} >= {self.rhs:.3g}"


@dataclass
class Round:
    """The LP after some rounds of cuts."""

    number: int  # 0 is the plain LP relaxation
    bound: float  # its optimal value
    point: dict[str, float]  # its optimal point
    fractional: list[str]  # integer variables with a fractional value there
    cuts: list[Cut] = field(default_factory=list)  # the cuts added after this LP (none in the last round)


def cutting_planes(problem: pulp.LpProblem, rounds: int = 5, max_cuts: int = 50) -> list[Round]:
    """Solve the LP relaxation, then add up to ``max_cuts`` Gomory cuts per round for ``rounds`` rounds.

    Stops early when the LP point is integral or no usable cut is found. Returns the rounds, the
    plain relaxation first. ``problem`` itself is not changed.
    """
    rounds = check_int(rounds, "rounds", 0, 1000)
    max_cuts = check_int(max_cuts, "max_cuts", 1, 100_000)
    lp = Relaxation(problem)
    history: list[Round] = []
    for number in range(rounds + 1):
        value, x = lp.solve(lp.lower, lp.upper)
        if value is None:
            raise NoSolution("the LP relaxation is infeasible")
        point = {name: float(v) for name, v in zip(lp.names, x)}
        fractional = [lp.names[k] for k in np.flatnonzero(lp.integer) if abs(x[k] - round(x[k])) > TOL]
        history.append(Round(number, value, point, fractional))
        if not fractional or number == rounds:
            break
        cuts = gomory_cuts(lp)[:max_cuts]
        if not cuts:
            break
        history[-1].cuts = cuts
        for cut in cuts:
            idx = np.array([lp.column[name] for name in cut.coefs], np.int32)
            lp.add_row(idx, np.array(list(cut.coefs.values()), float), cut.rhs, math.inf)
    return history


def gomory_cuts(lp: Relaxation) -> list[Cut]:
    """One Gomory mixed-integer cut per fractional basic integer column of the LP just solved."""
    n, m = len(lp.names), len(lp.rows)
    A = np.zeros((m, n))
    row_low, row_up = np.empty(m), np.empty(m)
    for r, (idx, val, low, up) in enumerate(lp.rows):
        A[r, idx] = val
        row_low[r], row_up[r] = low, up
    # the variables z = (x, r) with A x - r = 0: columns first, then one activity per row
    M = np.hstack([A, -np.eye(m)])
    low = np.concatenate([lp.lower, row_low])
    up = np.concatenate([lp.upper, row_up])
    row_integral = np.array([lp.integer[idx].all() and np.allclose(val, np.round(val)) for idx, val, _, _ in lp.rows],
                            dtype=bool)
    whole = (np.isinf(low) | np.isclose(low, np.round(low))) & (np.isinf(up) | np.isclose(up, np.round(up)))
    integral = np.concatenate([lp.integer, row_integral]) & whole
    basis = lp.highs.getBasis()
    status = list(basis.col_status) + list(basis.row_status)
    solution = lp.highs.getSolution()
    z = np.concatenate([solution.col_value, solution.row_value])
    basic = [k for k, s in enumerate(status) if s == highspy.HighsBasisStatus.kBasic]
    nonbasic = [k for k, s in enumerate(status) if s != highspy.HighsBasisStatus.kBasic]
    if len(basic) != m:
        return []
    table = tableau(M[:, basic], M[:, nonbasic])  # B^-1 N: z_B + table z_N = 0
    cuts = []
    for i, k in enumerate(basic):
        if k >= n or not lp.integer[k]:
            continue
        f0 = z[k] - math.floor(z[k])
        if not MIN_FRACTION < f0 < 1 - MIN_FRACTION:
            continue
        cut = _gmi_row(lp, A, table[i], nonbasic, status, z, low, up, integral, f0)
        if cut is not None:
            cut.source = lp.names[k]
            cuts.append(cut)
    return cuts


def tableau(B: np.ndarray, N: np.ndarray) -> np.ndarray:
    """``B^-1 N`` by Gauss-Jordan elimination with partial pivoting (the first largest pivot on ties).

    Only elementwise numpy operations are used, so the result is the same to the last bit whatever
    the BLAS library, its number of threads or the load of the machine (see the module docstring).
    """
    m = len(B)
    aug = np.hstack([np.asarray(B, float), np.asarray(N, float)])
    for c in range(m):
        p = c + int(np.argmax(np.abs(aug[c:, c])))
        if aug[p, c] == 0.0:
            raise np.linalg.LinAlgError("singular basis")
        if p != c:
            aug[[c, p]] = aug[[p, c]]
        aug[c] = aug[c] / aug[c, c]
        factors = aug[:, c].copy()
        factors[c] = 0.0
        aug -= factors[:, None] * aug[c][None, :]
    return aug[:, m:]


def _gmi_row(lp, A, row, nonbasic, status, z, low, up, integral, f0):
    """The cut of one tableau row, written back in the columns x (None when the row is unusable)."""
    n = len(lp.names)
    coefs = np.zeros(n)
    rhs = 1.0
    for a, j in zip(row, nonbasic):
        if abs(a) < 1e-9 or low[j] == up[j]:  # nothing there, or a fixed variable (t_j = 0 always)
            continue
        at_upper = status[j] == highspy.HighsBasisStatus.kUpper or (
            status[j] != highspy.HighsBasisStatus.kLower and abs(z[j] - up[j]) < abs(z[j] - low[j]))
        if at_upper and math.isinf(up[j]) or not at_upper and math.isinf(low[j]):
            return None  # a free nonbasic variable: no bound to measure from
        a = -a if at_upper else a  # t_j = up - z_j flips the sign of its coefficient
        if integral[j]:
            fj = a - math.floor(a)
            g = fj / f0 if fj <= f0 else (1 - fj) / (1 - f0)
        else:
            g = a / f0 if a > 0 else -a / (1 - f0)
        if g < 1e-12:
            continue
        # g * t_j with t_j = (z_j - low_j) or (up_j - z_j), and z_j = x_j or the activity A_r x
        sign, bound = (-1.0, up[j]) if at_upper else (1.0, low[j])
        expr = np.eye(n)[j] if j < n else A[j - n]
        coefs += g * sign * expr
        rhs += g * sign * bound
    coefs[np.abs(coefs) < 1e-9] = 0.0
    if not coefs.any():
        return None
    return Cut({lp.names[k]: float(coefs[k]) for k in np.flatnonzero(coefs)}, float(rhs), "")
