"""Farkas certificates: weights on a model's rules whose sum reads 0 >= 1 (chapter 12).

Every rule of a model is ``a x >= b``, ``a x <= b`` or ``a x = b``. Multiply each by a weight (a
">=" rule by a weight >= 0, a "<=" rule by a weight <= 0, which turns it round, an equation by any
number) and add: every point that keeps the rules keeps the sum ``c x >= r``. The cells' bounds
(0 <= x <= 1 for a binary) add their own weights, the least that cancel ``c``: a cell with c > 0
takes ``-c`` times ``x <= 1``, one with c < 0 takes ``-c`` times ``x >= 0``. What is left reads
``0 >= gap``; when ``gap > 0`` no point keeps the rules, not even a fractional one. That is
Farkas' lemma read backwards, and the lemma itself says the converse: whenever the LP relaxation
has no point, such weights exist.

:func:`check_certificate` checks weights by that arithmetic alone, in fractions, without a solver.
:func:`farkas_certificate` asks HiGHS for weights: its dual ray (``Highs.getDualRay``), or with
``method="smallest"`` the certificate of least total weight, found by an LP of its own; either is
rounded to fractions (``Fraction.limit_denominator``) and kept only when the exact check passes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd, lcm

import pulp

from ..core.errors import PuzzleError, SolverError
from ..engine import add_continuous, new_problem, solve_model
from .matrix import LinearProgram, as_lp, exact, exact_values, expression, number, to_highs

#: Denominators tried, in order, when a float ray is rounded to fractions.
DENOMINATORS = (1, 2, 3, 4, 6, 8, 12, 24, 60, 120, 1000, 10**4, 10**6)


@dataclass
class Certificate:
    """Weights on named rules and what they add up to (see the module docstring)."""

    weights: dict[str, Fraction]  # rule -> weight, nonzero only
    combined: dict[str, Fraction]  # column -> coefficient of the weighted sum of the rules
    rhs: Fraction  # the weighted sum reads  combined . x >= rhs
    bounds: dict[str, tuple[str, Fraction]]  # column -> (the bound used, its weight)
    gap: Fraction  # with the bounds added the sum reads 0 >= gap
    unbounded: list[str] = field(default_factory=list)  # columns left with no bound to cancel them

    @property
    def valid(self) -> bool:
        return self.gap > 0 and not self.unbounded

    def scaled(self, lp: LinearProgram) -> "Certificate":
        """The same certificate divided by its gap, so that it reads 0 >= 1."""
        return combine(lp, {name: w / self.gap for name, w in self.weights.items()})

    def integral(self, lp: LinearProgram) -> "Certificate":
        """The same certificate times the least number that makes every weight whole."""
        scale = lcm(*(w.denominator for w in self.weights.values())) if self.weights else 1
        whole = {name: w * scale for name, w in self.weights.items()}
        common = 0
        for w in whole.values():
            common = gcd(common, int(w))
        return combine(lp, {name: w / (common or 1) for name, w in whole.items()})

    def text(self, lp: LinearProgram, shown: int = 12) -> str:
        """The certificate written out: each weight times its rule, the sum, the bounds, ``0 >= gap``."""
        lines = []
        for k, (name, w) in enumerate(self.weights.items()):
            if k == shown:
                lines.append(f"  ... and {len(self.weights) - shown} more rules")
                break
            lines.append(f"  {number(w):>6} x  [{name}]  {lp.row(name).text()}")
        lines.append(f"  sum:   {expression(self.combined)} >= {number(self.rhs)}")
        if self.bounds:
            for k, (bound, w) in enumerate(self.bounds.values()):
                if k == shown:
                    lines.append(f"  ... and {len(self.bounds) - shown} more bounds")
                    break
                lines.append(f"  {number(w):>6} x  [bound]  {bound}")
        lines.append(f"  total: 0 >= {number(self.gap)}")
        return "\n".join(lines)


def combine(model, weights: dict[str, object]) -> Certificate:
    """Add up ``weights[name]`` times each rule, then the bounds that cancel what is left.

    No signs are checked here (see :func:`check_certificate`); a column that would need a bound it
    does not have is listed in ``unbounded``, and the certificate is then not valid."""
    lp = as_lp(model)
    combined: dict[str, Fraction] = {}
    rhs = Fraction(0)
    kept = {}
    for name, w in exact_values(weights, "weights", set(lp.names)).items():
        if w == 0:
            continue
        row = lp.row(name)
        kept[name] = w
        rhs += w * row.rhs
        for col, a in row.coefs.items():
            combined[col] = combined.get(col, Fraction(0)) + w * a
    combined = {col: a for col, a in combined.items() if a != 0}
    bounds: dict[str, tuple[str, Fraction]] = {}
    gap = rhs
    unbounded = []
    for col, a in combined.items():
        bound = lp.upper[col] if a > 0 else lp.lower[col]
        if bound is None:
            unbounded.append(col)
            continue
        bounds[col] = (f"{col} {'<=' if a > 0 else '>='} {number(bound)}", -a)
        gap -= a * bound
    return Certificate(kept, combined, rhs, bounds, gap, unbounded)


@dataclass
class CertificateCheck:
    """The verdict of :func:`check_certificate`: ``valid``, and each fault as (code, message)."""

    valid: bool
    faults: list[tuple[str, str]] = field(default_factory=list)
    certificate: Certificate | None = None

    @property
    def codes(self) -> list[str]:
        return [code for code, _ in self.faults]


def check_certificate(model, weights) -> CertificateCheck:
    """Whether ``weights`` ({rule name: number}) prove that ``model`` has no point at all.

    Solver-free and exact: every weight must be a number on a rule of the model, with the sign its
    rule allows; the weighted sum plus the cells' bounds must read ``0 >= gap`` with ``gap > 0``."""
    lp = as_lp(model)
    if not isinstance(weights, dict):
        return CertificateCheck(False, [("not-a-dict", f"weights must be a dict {{rule name: number}}, "
                                                       f"not {type(weights).__name__}")])
    faults = []
    known = set(lp.names)
    clean = {}
    for name, w in weights.items():
        if name not in known:
            faults.append(("unknown-rule", f"{name!r} is not a rule of this model"))
            continue
        try:
            w = exact(w)
        except PuzzleError:
            faults.append(("not-a-number", f"the weight of {name} is {w!r}, not a number"))
            continue
        sense = lp.row(name).sense
        if (sense == ">=" and w < 0) or (sense == "<=" and w > 0):
            side = "nonnegative" if sense == ">=" else "nonpositive"
            faults.append(("wrong-sign", f"{name} is a '{sense}' rule, so its weight must be {side}, "
                                         f"not {number(w)}: the other sign turns the inequality round"))
        clean[name] = w
    if faults:
        return CertificateCheck(False, faults)
    if not any(clean.values()):
        return CertificateCheck(False, [("no-weights", "every weight is zero: the sum reads 0 >= 0")])
    certificate = combine(lp, clean)
    if certificate.unbounded:
        return CertificateCheck(False, [("unbounded-column", f"the sum keeps {certificate.unbounded[0]}, which has no bound "
                                                             "on that side to cancel it")], certificate)
    if not certificate.valid:
        return CertificateCheck(False, [("no-contradiction", f"the sum, with the bounds, reads 0 >= "
                                                             f"{number(certificate.gap)}, which is true")],
                                certificate)
    return CertificateCheck(True, [], certificate)


# --------------------------------------------------------------------------------------------- #
# Certificates from HiGHS
# --------------------------------------------------------------------------------------------- #
def farkas_certificate(model, method: str = "ray") -> Certificate | None:
    """A certificate that ``model``'s LP relaxation has no point, scaled to read 0 >= 1, or None
    when the relaxation has a point (then no certificate exists).

    ``method="ray"`` reads HiGHS's dual ray; ``"smallest"`` solves an LP for the certificate with the
    least total weight (sum of |weights|), which often uses fewer rules."""
    if method not in ("ray", "smallest"):
        raise PuzzleError(f"method: expected 'ray' or 'smallest', got {method!r}")
    lp = as_lp(model)
    feasibility = LinearProgram(lp.columns, lp.lower, lp.upper, lp.rows)
    h = to_highs(feasibility)
    h.run()
    if h.getModelStatus() != h.getModelStatus().kInfeasible:
        return None
    if method == "ray":
        _, has_ray, ray = h.getDualRay()
        if not has_ray:
            raise SolverError("HiGHS found the LP infeasible but returned no dual ray")
        floats = dict(zip(lp.names, ray))
    else:
        floats = _smallest_weights(lp)
    return _rounded(lp, floats)


def _rounded(lp: LinearProgram, floats: dict[str, float]) -> Certificate:
    """The first rounding of ``floats`` (either sign) to fractions that passes the exact check."""
    top = max((abs(v) for v in floats.values()), default=0.0)
    if top == 0:
        raise SolverError("HiGHS returned a ray of zeros")
    for denominator in DENOMINATORS:
        for sign in (1, -1):
            weights = {name: Fraction(sign * v / top).limit_denominator(denominator)
                       for name, v in floats.items() if abs(v) > 1e-9 * top}
            weights = {name: w for name, w in weights.items() if w != 0}
            verdict = check_certificate(lp, weights)
            if verdict.valid:
                return verdict.certificate.scaled(lp)
    raise SolverError("the weights from HiGHS do not round to an exact certificate")


def _smallest_weights(lp: LinearProgram) -> dict[str, float]:
    """The Farkas LP: weights y with the signs the rules allow, the sum plus bounds reading
    0 >= gap with gap >= 1, and the least total weight, the bounds' included (so a certificate
    that cancels every cell by the rules alone is preferred to one that leans on the bounds)."""
    farkas = new_problem("farkas")
    y, size = {}, {}  # size: |weight| of each rule (by its name) and of each bound (by its column)
    for k, row in enumerate(lp.rows):
        low = 0 if row.sense == ">=" else None
        up = 0 if row.sense == "<=" else None
        y[row.name] = add_continuous(farkas, f"y_{k}", low, up)
        size[row.name] = add_continuous(farkas, f"a_{k}", 0)
        farkas += size[row.name] >= y[row.name], f"abs_up_{k}"
        farkas += size[row.name] >= -y[row.name], f"abs_down_{k}"
    terms: dict[str, list] = {col: [] for col in lp.columns}
    for row in lp.rows:
        for col, a in row.coefs.items():
            terms[col].append(float(a) * y[row.name])
    worst = []  # the most each column's term can add to the sum's left side
    for j, col in enumerate(lp.columns):
        c = pulp.lpSum(terms[col])
        t = add_continuous(farkas, f"t_{j}")
        size[col] = add_continuous(farkas, f"b_{j}", 0)
        farkas += size[col] >= c, f"bound_up_{j}"
        farkas += size[col] >= -c, f"bound_down_{j}"
        for bound, limit in ((lp.upper[col], "le"), (lp.lower[col], "ge")):
            if bound is not None:
                farkas += t >= float(bound) * c, f"{limit}_{j}"
            else:
                farkas += (c <= 0 if limit == "le" else c >= 0), f"no_{limit}_{j}"
        worst.append(t)
    farkas += pulp.lpSum(float(row.rhs) * y[row.name] for row in lp.rows) - pulp.lpSum(worst) >= 1, "gap"
    farkas += pulp.lpSum(size.values())
    solve_model(farkas)
    return {name: var.value() or 0.0 for name, var in y.items()}
