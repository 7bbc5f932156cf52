"""The dual of an LP, written out, and the facts that tie it to its primal (chapter 12).

For a primal with rows ``a_i x >= b_i``, ``<= b_i`` or ``= b_i`` and columns ``l_j <= x_j <= u_j``,
the dual has one variable per row, ``y_i``, and one per finite nonzero bound; each column of the
primal becomes one constraint of the dual. For a minimisation (the textbook pair)::

    primal:  min c x   s.t.  A x >= b,  x >= 0
    dual:    max b y   s.t.  A^T y <= c, y >= 0

and in general a ">=" row has ``y >= 0``, a "<=" row ``y <= 0``, an equation a free ``y``; a
column with only the bound ``x >= 0`` gives ``A_j^T y <= c_j``, with only ``x <= 0`` gives ">=",
a free column gives "=", and a column with another bound keeps a variable for that bound. A
maximisation is the mirror image: every sign above turns round and the dual minimises.

:func:`dual_problem` writes that dual as a PuLP problem (solved like any model of the course);
:func:`objective_at`, :func:`dual_objective_at`, :func:`reduced_costs` and :func:`slackness`
check weak duality, strong duality and complementary slackness exactly, in fractions.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pulp

from ..engine import add_continuous, new_problem
from .matrix import LinearProgram, as_lp, exact_values


def without_upper_bounds(model) -> LinearProgram:
    """The LP with every column's upper bound dropped (a shortest path needs no ``x <= 1``)."""
    lp = as_lp(model)
    return replace(lp, upper={col: None for col in lp.columns})


def _bound_variables(lp: LinearProgram, col: str) -> tuple[str, list[tuple[str, Fraction]]]:
    """How column ``col`` shows in the dual: the sense of its dual row when no bound variable is
    needed ("<=" for x >= 0, ">=" for x <= 0, "=" when free, in a minimisation), else "=" and the
    bounds ("lower"/"upper", value) that keep a variable of their own."""
    low, up = lp.lower[col], lp.upper[col]
    if up is None and low is None:
        return "=", []
    if up is None and low == 0:
        return "<=", []
    if low is None and up == 0:
        return ">=", []
    kept = [(side, bound) for side, bound in (("lower", low), ("upper", up)) if bound is not None]
    if low == 0:  # x >= 0 folds into the row, the upper bound keeps its variable
        return "<=", [("upper", up)]
    return "=", kept


def dual_problem(model) -> tuple[pulp.LpProblem, dict[str, pulp.LpVariable]]:
    """The dual of ``model``'s LP relaxation as ``(problem, y)``.

    ``y`` is keyed by the primal's row names, plus ``"lower:<col>"`` / ``"upper:<col>"`` for the
    bounds that keep a dual variable. The dual's constraints are named after the primal's columns.
    Solved, its value equals the primal's (strong duality) when either has an optimum."""
    lp = as_lp(model)
    flip = -1 if lp.maximize else 1  # a maximisation mirrors every sign
    dual = new_problem("dual", pulp.LpMinimize if lp.maximize else pulp.LpMaximize)
    y: dict[str, pulp.LpVariable] = {}
    for k, row in enumerate(lp.rows):
        low = 0 if (row.sense == ">=") == (flip == 1) and row.sense != "=" else None
        up = 0 if (row.sense == "<=") == (flip == 1) and row.sense != "=" else None
        y[row.name] = add_continuous(dual, f"y_{k}", low, up)
    column_terms: dict[str, list] = {col: [] for col in lp.columns}
    for row in lp.rows:
        for col, a in row.coefs.items():
            column_terms[col].append(float(a) * y[row.name])
    objective = [float(row.rhs) * y[row.name] for row in lp.rows]
    for j, col in enumerate(lp.columns):
        sense, kept = _bound_variables(lp, col)
        lhs = pulp.lpSum(column_terms[col])
        for side, bound in kept:
            nonneg = (side == "lower") == (flip == 1)
            var = add_continuous(dual, f"{side}_{j}", 0 if nonneg else None, None if nonneg else 0)
            y[f"{side}:{col}"] = var
            lhs = lhs + var
            objective.append(float(bound) * var)
        cost = float(lp.objective.get(col, 0))
        if sense == "=":
            dual += lhs == cost, f"col_{j}"
        elif (sense == "<=") == (flip == 1):
            dual += lhs <= cost, f"col_{j}"
        else:
            dual += lhs >= cost, f"col_{j}"
    dual += pulp.lpSum(objective) + float(lp.offset)
    return dual, y


def primal_point(lp: LinearProgram, x, where: str = "x") -> dict[str, Fraction]:
    """``x`` as a point of ``lp``: a value for every column (0 included), exactly; a column left out
    or a name that is no column is refused, not read as 0."""
    return exact_values(x, where, lp.columns, complete=True)


def dual_point(lp: LinearProgram, y, where: str = "y") -> dict[str, Fraction]:
    """``y`` as prices of ``lp`` (keys as in :func:`dual_problem`: row names, ``lower:<col>`` and
    ``upper:<col>`` for a column's finite bound); a row left out has price 0, a key that names no
    row or bound is refused."""
    keys = set(lp.names) | {f"{side}:{col}" for col in lp.columns for side, bound in
                            (("lower", lp.lower[col]), ("upper", lp.upper[col])) if bound is not None}
    return exact_values(y, where, keys)


def objective_at(model, x: dict[str, object]) -> Fraction:
    """The primal objective at the point ``x`` ({column: value}, every column), exactly."""
    lp = as_lp(model)
    x = primal_point(lp, x)
    return lp.offset + sum((a * x[col] for col, a in lp.objective.items()), Fraction(0))


def dual_objective_at(model, y: dict[str, object]) -> Fraction:
    """``b y`` (plus the bounds' terms) at the dual point ``y`` (keys as in :func:`dual_problem`)."""
    lp = as_lp(model)
    y = dual_point(lp, y)
    total = lp.offset + sum((row.rhs * y.get(row.name, 0) for row in lp.rows), Fraction(0))
    for key, value in y.items():
        if key.startswith(("lower:", "upper:")):
            side, col = key.split(":", 1)
            total += (lp.lower[col] if side == "lower" else lp.upper[col]) * value
    return total


def reduced_costs(model, y: dict[str, object]) -> dict[str, Fraction]:
    """``c_j - sum_i y_i A_ij`` for every column, exactly: what a unit of x_j costs beyond what
    the rules' prices ``y`` pay for it (zero on every column an optimal point uses)."""
    lp = as_lp(model)
    y = dual_point(lp, y)
    paid = {col: Fraction(0) for col in lp.columns}
    for row in lp.rows:
        w = y.get(row.name, 0)
        if w:
            for col, a in row.coefs.items():
                paid[col] += w * a
    return {col: lp.objective.get(col, Fraction(0)) - paid[col] for col in lp.columns}


def slackness(model, x: dict[str, object], y: dict[str, object]) -> list[str]:
    """Where ``x`` and ``y`` break complementary slackness: a row with a nonzero price that ``x``
    does not hold with equality, or a column ``x`` uses (off its bounds) whose reduced cost is not 0.
    Both optimal, the list is empty."""
    lp = as_lp(model)
    x, y = primal_point(lp, x), dual_point(lp, y)
    broken = []
    for row in lp.rows:
        price = y.get(row.name, 0)
        lhs = sum((a * x[col] for col, a in row.coefs.items()), Fraction(0))
        if price != 0 and lhs != row.rhs:
            broken.append(f"{row.name} has price {price} but slack {lhs - row.rhs}")
    for col, d in reduced_costs(lp, y).items():
        value = x[col]
        at_bound = value in (lp.lower[col], lp.upper[col])
        if d != 0 and not at_bound:
            broken.append(f"{col} = {value} is used but its reduced cost is {d}")
    return broken
