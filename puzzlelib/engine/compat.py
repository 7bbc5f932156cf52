"""What differs between PuLP 3 and PuLP 4, in one place.

PuLP 4 (a Rust core) keeps the modelling API but changes a few things the course's checks and
teaching code touch: an inequality is an ``LpAffineExpression`` with a ``sense`` (not an
``LpConstraint``) until it is added to a problem; variables are new Python objects each time they
are read back (compare them by name, never by ``id``); a variable's ``cat`` cannot be changed; and
``x == y`` between two variables is a plain comparison. Everything here works on both versions.
"""

from __future__ import annotations

import pulp


def is_constraint(obj) -> bool:
    """Whether ``obj`` is a linear (in)equality, made but perhaps not yet added to a problem."""
    if isinstance(obj, pulp.LpConstraint):
        return True
    return isinstance(obj, pulp.LpAffineExpression) and getattr(obj, "sense", None) is not None


def terms(constraint) -> list[tuple[pulp.LpVariable, float]]:
    """The (variable, coefficient) pairs of a constraint or expression."""
    return list(constraint.items())


def fix_variable(var: pulp.LpVariable, value: float) -> None:
    """Fix a variable to ``value`` by its bounds (and make it continuous where PuLP allows it)."""
    try:
        var.cat = pulp.LpContinuous
    except AttributeError:  # PuLP 4: the category is fixed when the variable is made
        pass
    var.lowBound = value
    var.upBound = value


def constraint_name(constraint) -> str | None:
    """The name a user gave a constraint (PuLP 4 names the others _C1, _C2, ...: those are None)."""
    name = getattr(constraint, "name", None)
    if not name or (name.startswith("_C") and name[2:].isdigit()):
        return None
    return name


def constraint_text(constraint) -> str:
    """A constraint as PuLP 3 prints it ("x_0_0 - x_0_1 <= 0"), the same on PuLP 3 and 4."""
    parts = []
    for i, (var, coef) in enumerate(sorted(constraint.items(), key=lambda kv: kv[0].name)):
        size = "" if abs(coef) == 1 else f"{abs(coef):g}*"
        if i == 0:
            parts.append(("-" if coef < 0 else "") + size + var.name)
        else:
            parts.append(f" {'-' if coef < 0 else '+'} {size}{var.name}")
    rhs = -float(constraint.constant) + 0.0  # + 0.0 turns -0.0 into 0.0
    op = {pulp.LpConstraintEQ: "=", pulp.LpConstraintLE: "<=", pulp.LpConstraintGE: ">="}[constraint.sense]
    return f"{''.join(parts) or '0'} {op} {rhs:g}"
