"""HiGHS fed in bulk: the same solver as ``pulp.HiGHS``, with the model copied in a few calls.

PuLP 3's HiGHS interface copies a model into HiGHS one column and one row at a time, sets each
integer column with its own call (each one costs HiGHS a pass over its model), and lists the
problem's variables three times. On a 24x24 Binary Sudoku that copy took longer than the solve.
Here the columns, their integrality and the rows go across in one call each, from arrays, and the
variables are listed once. What HiGHS receives is the same model, so answers are the same (a test
solves random models both ways).

Only PuLP 3's internals are used this way; on PuLP 4, whose interface is different, the plain
``pulp.HiGHS`` is used (see :func:`highs_class`).
"""

from __future__ import annotations

import numpy as np
import pulp


def highs_class():
    """The HiGHS solver class to use: the bulk one where PuLP's internals allow it."""
    base = pulp.HiGHS
    if not pulp.__version__.startswith("3.") or not hasattr(base, "buildSolverModel"):
        return base
    return _bulk_class(base)


_CACHE: dict = {}


def _bulk_class(base):
    if base in _CACHE:
        return _CACHE[base]

    class BulkHiGHS(base):
        """``pulp.HiGHS`` with the model copied in bulk (see the module docstring)."""

        def actualSolve(self, lp):
            self.createAndConfigureSolver(lp)
            variables = lp.variables()
            constraints = list(lp._constraints.values())
            self._build(lp, variables, constraints)
            self.callSolver(lp)
            status, sol_status = self._read(lp, variables, constraints)
            for var in variables:
                var.modified = False
            for constraint in constraints:
                constraint.modifier = False
            lp.assignStatus(status, sol_status)
            return status

        def _build(self, lp, variables, constraints):
            import highspy

            inf = highspy.kHighsInf
            sign = -1.0 if lp.sense == pulp.LpMaximize else 1.0
            objective = lp.objective if lp.objective is not None else {}
            n = len(variables)
            costs = np.empty(n)
            lower = np.empty(n)
            upper = np.empty(n)
            integer = []
            for i, var in enumerate(variables):
                var.index = i
                costs[i] = sign * objective.get(var, 0.0)
                lower[i] = -inf if var.lowBound is None else var.lowBound
                upper[i] = inf if var.upBound is None else var.upBound
                if var.cat == pulp.LpInteger and self.mip:
                    integer.append(i)
            model = lp.solverModel
            model.addCols(n, costs, lower, upper, 0, np.zeros(n, dtype=np.int32),
                          np.zeros(0, dtype=np.int32), np.zeros(0))
            if integer:
                model.changeColsIntegrality(len(integer), np.array(integer, dtype=np.int32),
                                            np.full(len(integer), int(highspy.HighsVarType.kInteger),
                                                    dtype=np.uint8))
            m = len(constraints)
            row_lower = np.empty(m)
            row_upper = np.empty(m)
            starts = np.empty(m, dtype=np.int32)
            indices: list[int] = []
            values: list[float] = []
            for r, constraint in enumerate(constraints):
                constraint.index = r
                starts[r] = len(indices)
                for var, coefficient in constraint.items():
                    if coefficient != 0:
                        indices.append(var.index)
                        values.append(coefficient)
                lb, ub = constraint.getLb(), constraint.getUb()
                row_lower[r] = -inf if lb is None else lb
                row_upper[r] = inf if ub is None else ub
            if m:
                model.addRows(m, row_lower, row_upper, len(indices), starts,
                              np.array(indices, dtype=np.int32), np.array(values, dtype=float))

        def _read(self, lp, variables, constraints):
            solution = lp.solverModel.getSolution()
            col_values = list(solution.col_value)
            col_duals = list(solution.col_dual)
            for var in variables:
                var.varValue = col_values[var.index]
                var.dj = col_duals[var.index] if col_duals else None
            row_values = list(solution.row_value)
            row_duals = list(solution.row_dual)
            for constraint in constraints:
                if row_values:
                    constraint.slack = constraint.constant + row_values[constraint.index]
                    if constraint.sense == pulp.LpConstraintLE:
                        constraint.slack *= -1.0
                constraint.pi = row_duals[constraint.index] if row_duals else None
            return self._status(lp)

        def _status(self, lp):
            """PuLP's own mapping of HiGHS's model status (its findSolutionValues, minus the copying).

            A node limit (HiGHS's "solution limit" status, which PuLP 3 does not map) is "not
            solved" when no answer was found, as in PuLP 4."""
            import highspy

            if lp.solverModel.getModelStatus() == highspy.HighsModelStatus.kSolutionLimit:
                status = lp.solverModel.getInfo().primal_solution_status
                found = status == highspy.SolutionStatus.kSolutionStatusFeasible
                return ((pulp.LpStatusOptimal, pulp.LpSolutionIntegerFeasible) if found
                        else (pulp.LpStatusNotSolved, pulp.LpSolutionNoSolutionFound))
            constraints = lp._constraints
            try:  # let PuLP map the status without walking the model again
                lp.variables = lambda: []  # shadows the method on this instance only
                lp._constraints = {}
                return base.findSolutionValues(self, lp)
            finally:
                del lp.variables
                lp._constraints = constraints

    _CACHE[base] = BulkHiGHS
    return BulkHiGHS
