"""A PuLP model's LP relaxation as exact data, and HiGHS fed from it (chapter 12).

:class:`LinearProgram` reads a PuLP problem into named rows ``a x >= b``, ``a x <= b`` or
``a x = b``, columns with their bounds, and the objective, every number a ``Fraction`` (PuLP
keeps floats; a float such as 0.1 is read as the decimal it prints as, 1/10). Integrality is kept
as a list but plays no part here: duality speaks about the LP relaxation. :func:`to_highs` hands
the data to HiGHS in one call for the columns and one for the rows, as the engine's
``highs_bulk`` does for a solve through PuLP, and :func:`solve_lp` returns the point, the value,
the row duals and the reduced costs. HiGHS runs silent, on one thread, with presolve off by
default (a model presolve proves infeasible has no dual ray to return).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import highspy
import numpy as np
import pulp

from ..core.errors import PuzzleError
from ..core.validate import check_flag

#: PuLP's senses, as the rows here write them.
SENSES = {pulp.LpConstraintGE: ">=", pulp.LpConstraintLE: "<=", pulp.LpConstraintEQ: "="}


def exact(value) -> Fraction:
    """A number as a Fraction: ints and Fractions as they are, a float as the decimal it prints as."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise PuzzleError(f"expected a finite number, got {value!r}")
    return Fraction(value) if isinstance(value, int) else Fraction(repr(float(value)))


def exact_values(values, where: str, keys=None, complete: bool = False) -> dict:
    """``values`` (a mapping: a point {column: value}, prices {row: dual}, potentials {cell: value})
    with every value an exact Fraction; never None, a number or a list. With ``keys``, a key that is
    not one of them is refused (a typo would otherwise be read as 0), and with ``complete`` so is a
    key left out: the message names the first one."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "items"):
        raise PuzzleError(f"{where}: expected a dict {{name: number}}, got {type(values).__name__} {str(values)[:30]!r}")
    out = {}
    for key, value in values.items():
        if keys is not None and key not in keys:
            raise PuzzleError(f"{where}: {str(key)[:40]!r} is not a name of the model")
        try:
            out[key] = exact(value)
        except PuzzleError:
            raise PuzzleError(f"{where}[{str(key)[:40]!r}]: expected a finite number, got {str(value)[:30]!r}") from None
    if complete and keys is not None:
        missing = [key for key in keys if key not in out]
        if missing:
            raise PuzzleError(f"{where}: no value for {missing[0]!r} ({len(missing)} of {len(keys)} missing): "
                              "give every column its value, 0 included")
    return out


@dataclass(frozen=True)
class Row:
    """One named constraint ``sum coefs[col] * col  <sense>  rhs``."""

    name: str
    coefs: dict[str, Fraction]
    sense: str  # ">=", "<=" or "="
    rhs: Fraction

    def text(self) -> str:
        """The row as it reads, columns in name order: ``x_0_0 - x_1_0 >= 0``."""
        return f"{expression(self.coefs)} {self.sense} {number(self.rhs)}"


@dataclass
class LinearProgram:
    """The LP relaxation of a model: named rows, bounded columns, an objective (zero for a puzzle)."""

    columns: list[str]
    lower: dict[str, Fraction | None]  # None: no bound
    upper: dict[str, Fraction | None]
    rows: list[Row]
    objective: dict[str, Fraction] = field(default_factory=dict)
    offset: Fraction = Fraction(0)
    maximize: bool = False
    integer: list[str] = field(default_factory=list)

    @classmethod
    def from_pulp(cls, problem: pulp.LpProblem) -> "LinearProgram":
        """The problem's rows, columns and objective (PuLP's ``__dummy`` column left out)."""
        if not isinstance(problem, pulp.LpProblem):
            raise PuzzleError(f"model: expected a PuLP LpProblem or a LinearProgram, got {type(problem).__name__}")
        variables = [v for v in problem.variables() if v.name != "__dummy"]
        columns = [v.name for v in variables]
        lower = {v.name: None if v.lowBound is None else exact(v.lowBound) for v in variables}
        upper = {v.name: None if v.upBound is None else exact(v.upBound) for v in variables}
        rows = []
        for k, constraint in enumerate(problem.constraints()):
            name = constraint.name or f"_C{k + 1}"
            coefs = {v.name: exact(a) for v, a in constraint.items() if a != 0 and v.name != "__dummy"}
            rows.append(Row(name, coefs, SENSES[constraint.sense], -exact(constraint.constant)))
        objective, offset = {}, Fraction(0)
        if problem.objective is not None:
            objective = {v.name: exact(a) for v, a in problem.objective.items() if a != 0 and v.name != "__dummy"}
            offset = exact(problem.objective.constant or 0)
        integer = [v.name for v in variables if v.cat == pulp.LpInteger]
        return cls(columns, lower, upper, rows, objective, offset, problem.sense == pulp.LpMaximize, integer)

    def row(self, name: str) -> Row:
        """The row called ``name`` (a PuzzleError when there is none)."""
        for row in self.rows:
            if row.name == name:
                return row
        raise PuzzleError(f"the model has no constraint called {name!r}")

    @property
    def names(self) -> list[str]:
        return [row.name for row in self.rows]


def as_lp(model) -> LinearProgram:
    """``model`` as a LinearProgram (a PuLP problem is read; a LinearProgram is kept)."""
    return model if isinstance(model, LinearProgram) else LinearProgram.from_pulp(model)


def number(value: Fraction) -> str:
    """A Fraction as it reads: ``3``, ``-1/2``."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def expression(coefs: dict[str, Fraction]) -> str:
    """``x_0_0 - 2 x_1_0 + 1/2 y``, columns in name order; ``0`` when empty."""
    parts = []
    for k, (name, a) in enumerate(sorted((n, a) for n, a in coefs.items() if a != 0)):
        size = "" if abs(a) == 1 else number(abs(a)) + " "
        sign = ("-" if a < 0 else "") if k == 0 else (" - " if a < 0 else " + ")
        parts.append(f"{sign}{size}{name}")
    return "".join(parts) or "0"


# --------------------------------------------------------------------------------------------- #
# HiGHS
# --------------------------------------------------------------------------------------------- #
def to_highs(lp: LinearProgram, presolve: bool = False) -> highspy.Highs:
    """A silent HiGHS holding the LP (columns in ``lp.columns`` order, rows in ``lp.rows`` order)."""
    lp, presolve = as_lp(lp), check_flag(presolve, "presolve")
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 1)
    h.setOptionValue("presolve", "on" if presolve else "off")
    inf = highspy.kHighsInf
    n = len(lp.columns)
    index = {name: k for k, name in enumerate(lp.columns)}
    costs = np.array([float(lp.objective.get(c, 0)) for c in lp.columns])
    lower = np.array([-inf if lp.lower[c] is None else float(lp.lower[c]) for c in lp.columns])
    upper = np.array([inf if lp.upper[c] is None else float(lp.upper[c]) for c in lp.columns])
    h.addCols(n, costs, lower, upper, 0, np.zeros(n, np.int32), np.zeros(0, np.int32), np.zeros(0))
    if lp.maximize:
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    starts, indices, values, row_lower, row_upper = [], [], [], [], []
    for row in lp.rows:
        starts.append(len(indices))
        for name, a in row.coefs.items():
            indices.append(index[name])
            values.append(float(a))
        row_lower.append(float(row.rhs) if row.sense in (">=", "=") else -inf)
        row_upper.append(float(row.rhs) if row.sense in ("<=", "=") else inf)
    if lp.rows:
        h.addRows(len(lp.rows), np.array(row_lower), np.array(row_upper), len(indices),
                  np.array(starts, np.int32), np.array(indices, np.int32), np.array(values, float))
    return h


@dataclass
class LPSolution:
    """What HiGHS says about an LP: ``status`` "optimal", "infeasible" or "unbounded"; at an optimum
    the point, the value, the dual of each row and the reduced cost of each column."""

    status: str
    value: float | None = None
    x: dict[str, float] = field(default_factory=dict)
    duals: dict[str, float] = field(default_factory=dict)  # row name -> dual (shadow price)
    reduced_costs: dict[str, float] = field(default_factory=dict)  # column -> reduced cost
    highs: highspy.Highs | None = None


def solve_lp(model, presolve: bool = False) -> LPSolution:
    """Solve the LP relaxation of ``model`` (a PuLP problem or a LinearProgram) with HiGHS.

    Duals follow HiGHS: the dual of a row is the rate at which the optimal value changes as the
    row's right-hand side grows (so a ">=" row of a minimisation has a dual >= 0), and the reduced
    cost of a column is its cost minus the duals times its coefficients."""
    lp = as_lp(model)
    h = to_highs(lp, presolve)
    h.run()
    status = h.getModelStatus()
    if status == highspy.HighsModelStatus.kInfeasible:
        return LPSolution("infeasible", highs=h)
    if status == highspy.HighsModelStatus.kUnboundedOrInfeasible:  # decide it: is there any point?
        plain = LinearProgram(lp.columns, lp.lower, lp.upper, lp.rows)
        return LPSolution("unbounded" if solve_lp(plain).status == "optimal" else "infeasible", highs=h)
    if status == highspy.HighsModelStatus.kUnbounded:
        return LPSolution("unbounded", highs=h)
    if status != highspy.HighsModelStatus.kOptimal:
        raise PuzzleError(f"HiGHS stopped with status {h.modelStatusToString(status)}")
    solution = h.getSolution()
    value = h.getInfo().objective_function_value + float(lp.offset)
    x = dict(zip(lp.columns, solution.col_value))
    duals = dict(zip(lp.names, solution.row_dual))
    reduced = dict(zip(lp.columns, solution.col_dual))
    return LPSolution("optimal", value, x, duals, reduced, h)
