"""How hard a board is, measured with the course's own lens: the integer program.

:func:`rate` builds the puzzle's model (its default formulation, or a complete one where the default
adds constraints lazily: :data:`RATING_MODEL`) and asks three questions of it,
each harder than the last:

1. **Propagation.** Bound propagation on the model's rows (a row's least and greatest activity
   tighten each variable's bounds; a 0/1 variable whose bounds meet is fixed), repeated until
   nothing moves: the integer program's version of a player's "this cell can only be ...". When
   every 0/1 variable is fixed, the board is *easy* (step "propagation").
2. **The LP relaxation.** A vertex ``v`` of the relaxation; when it is fractional the LP does not fix
   the board (``lp_gap`` sums the fractions). When it is integral, one more LP maximises how far a
   point of the relaxation is from it, ``sum_{v_j = 0} x_j + sum_{v_j = 1} (1 - x_j)`` over the 0/1
   variables: its optimum is 0 exactly when the relaxation holds no other point, so the LP alone
   fixes the board, *easy* (step "lp"); the optimum is ``lp_gap``.
3. **Branch and bound.** HiGHS solves the integer program without presolve (its cuts and
   propagation on; presolve probing would settle most boards before any node and hide the
   difference), stopped after ``MEDIUM_NODES + 1`` nodes or :data:`RATING_SECONDS`, whichever
   comes first. Solved at the root node is
   *medium* (step "cuts"); up to :data:`MEDIUM_NODES` nodes is *medium* too; more is *hard* (step
   "branching", ``nodes`` then the limit).

For the optimisation puzzles (Circuit Scramble, Slider, Match 22) the objective is first pinned to
its optimum, so the questions are about the optimal answers. ``score`` puts the three into one
number, for sorting and for comparing with a graded set (``benchmarks/bench_generate.py --calibrate``).
HiGHS is run with one thread and a fixed seed: the same board always gets the same rating.
"""

from __future__ import annotations

import math
import time

import highspy
import numpy as np

from ..core.generated import LEVELS, Rating
from .solver import Deadline

#: A complete formulation to rate with, where the default one adds some constraints only when a
#: solve breaks them (Binary Sudoku's distinct rows, Knight Moves' subtours), or a lighter one that is
#: complete (Flow Free's hartmann2: a 14x14 is built and rated in half the time of its cells model).
RATING_MODEL = {"binairo": "bigm", "knightmoves": "mtz", "flowfree": "hartmann2"}
#: Branch-and-bound nodes up to which a board that needs branching is still "medium".
MEDIUM_NODES = 10
#: Seconds the branch-and-bound step of a rating may take at most: it stops after MEDIUM_NODES + 1
#: nodes, and a board HiGHS has not settled by then, or within these seconds, is "hard" (a Flow Free
#: 12x12's root node alone can take HiGHS 5 s; a board near this line may rate "hard" on a slower
#: machine and "medium" on a faster one).
RATING_SECONDS = 1.0
#: An LP distance from the answer below this counts as none (the pinned objective's tolerance).
GAP_TOL = 1e-4
TOL = 1e-6


class _LP:
    """A PuLP model's matrix and its LP relaxation loaded into HiGHS (the rows kept for propagation).

    The same loading as chapter 10's ``inside_solver.Relaxation``, written here because the engine
    sits below the chapters' folders."""

    def __init__(self, problem):
        import pulp

        self.variables = [v for v in problem.variables() if v.name != "__dummy"]
        self.names = [v.name for v in self.variables]
        self.column = {name: k for k, name in enumerate(self.names)}
        self.integer = np.array([v.cat == pulp.LpInteger for v in self.variables], dtype=bool)
        self.lower = np.array([-math.inf if v.lowBound is None else v.lowBound for v in self.variables], float)
        self.upper = np.array([math.inf if v.upBound is None else v.upBound for v in self.variables], float)
        self.sense = problem.sense
        self.highs = highspy.Highs()
        self.highs.setOptionValue("output_flag", False)
        self.highs.setOptionValue("threads", 1)
        n = len(self.names)
        self.highs.addCols(n, np.zeros(n), self.lower, self.upper, 0, np.array([], np.int32),
                           np.array([], np.int32), np.array([], float))
        self.rows: list = []
        for constraint in problem.constraints():
            terms = [(self.column[v.name], coef) for v, coef in constraint.items() if v.name in self.column]
            idx = np.array([k for k, _ in terms], np.int32)
            val = np.array([coef for _, coef in terms], float)
            rhs = -float(constraint.constant)
            low = rhs if constraint.sense in (pulp.LpConstraintEQ, pulp.LpConstraintGE) else -math.inf
            up = rhs if constraint.sense in (pulp.LpConstraintEQ, pulp.LpConstraintLE) else math.inf
            self.rows.append((idx, val, low, up))
            self.highs.addRow(low, up, len(idx), idx, val)


class Matrix:
    """A PuLP model as rows for propagation and a HiGHS model for the LPs."""

    def __init__(self, problem):
        self.lp = _LP(problem)
        self.n = len(self.lp.names)
        self.binary = self.lp.integer & (self.lp.lower >= -TOL) & (self.lp.upper <= 1 + TOL)
        self.rows_of: list[list[int]] = [[] for _ in range(self.n)]
        for i, (idx, _val, _low, _up) in enumerate(self.lp.rows):
            for k in idx:
                self.rows_of[int(k)].append(i)


def propagate(rows, rows_of, lower, upper, integer, deadline: Deadline | None = None, rounds: int = 100):
    """Bound propagation to a fixed point: the tightened ``(lower, upper)``, or None when some row
    cannot hold (the bounds admit no point). Each round tightens every variable by every row at once
    (numpy over the nonzeros); ``rounds`` caps the rounds (``rows_of`` is accepted for callers that
    keep it; the rounds do not need it)."""
    lo, up = lower.astype(float).copy(), upper.astype(float).copy()
    if not rows:
        return lo, up
    r_idx = np.concatenate([np.full(len(idx), i, np.int64) for i, (idx, _v, _l, _u) in enumerate(rows)])
    c_idx = np.concatenate([np.asarray(idx, np.int64) for idx, _v, _l, _u in rows])
    vals = np.concatenate([np.asarray(val, float) for _i, val, _l, _u in rows])
    row_lo = np.array([low for _i, _v, low, _u in rows], float)
    row_up = np.array([high for _i, _v, _l, high in rows], float)
    keep = vals != 0
    r_idx, c_idx, vals = r_idx[keep], c_idx[keep], vals[keep]
    m = len(rows)
    pos = vals > 0
    is_int = np.asarray(integer, bool)
    for _ in range(rounds):
        if deadline is not None and deadline.passed():
            break
        lo_e, up_e = lo[c_idx], up[c_idx]
        mins = np.where(pos, vals * lo_e, vals * up_e)
        maxs = np.where(pos, vals * up_e, vals * lo_e)
        inf_min, inf_max = ~np.isfinite(mins), ~np.isfinite(maxs)
        n_inf_min = np.bincount(r_idx, inf_min, m)
        n_inf_max = np.bincount(r_idx, inf_max, m)
        min_act = np.bincount(r_idx, np.where(inf_min, 0.0, mins), m)
        max_act = np.bincount(r_idx, np.where(inf_max, 0.0, maxs), m)
        if np.any((n_inf_min == 0) & (min_act > row_up + 1e-7)) or np.any((n_inf_max == 0) & (max_act < row_lo - 1e-7)):
            return None
        # a x_k <= up_row - (least activity of the others), a x_k >= lo_row - (greatest of the others)
        ok_u = np.isfinite(row_up[r_idx]) & ((n_inf_min[r_idx] == 0) | ((n_inf_min[r_idx] == 1) & inf_min))
        rest_min = min_act[r_idx] - np.where(inf_min, 0.0, mins)
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            bound_u = np.where(ok_u, (row_up[r_idx] - rest_min) / vals, np.nan)
            ok_l = np.isfinite(row_lo[r_idx]) & ((n_inf_max[r_idx] == 0) | ((n_inf_max[r_idx] == 1) & inf_max))
            rest_max = max_act[r_idx] - np.where(inf_max, 0.0, maxs)
            bound_l = np.where(ok_l, (row_lo[r_idx] - rest_max) / vals, np.nan)
        new_up, new_lo = up.copy(), lo.copy()
        # a > 0: upper from bound_u, lower from bound_l; a < 0: the other way round
        uu = np.where(pos, bound_u, bound_l)
        ll = np.where(pos, bound_l, bound_u)
        has_u, has_l = ~np.isnan(uu), ~np.isnan(ll)
        np.minimum.at(new_up, c_idx[has_u], uu[has_u])
        np.maximum.at(new_lo, c_idx[has_l], ll[has_l])
        new_lo = np.where(is_int & np.isfinite(new_lo), np.ceil(new_lo - 1e-7), new_lo)
        new_up = np.where(is_int & np.isfinite(new_up), np.floor(new_up + 1e-7), new_up)
        if np.any(new_lo > new_up + 1e-7):
            return None
        # continuous columns only count real progress (a pair of rows can creep forever)
        step = np.where(is_int, 1e-7, 1e-3)
        moved = (new_lo > lo + step) | (new_up < up - step)
        if not moved.any():
            break
        lo = np.where(moved, np.maximum(lo, new_lo), lo)
        up = np.where(moved, np.minimum(up, new_up), up)
    return lo, up


def _run_lp(highs, lower, upper, cost, maximise: bool):
    n = len(cost)
    cols = np.arange(n, dtype=np.int32)
    highs.changeColsBounds(n, cols, lower, upper)
    highs.changeColsCost(n, cols, cost)
    highs.changeObjectiveSense(highspy.ObjSense.kMaximize if maximise else highspy.ObjSense.kMinimize)
    highs.run()
    status = highs.getModelStatus()
    if status != highspy.HighsModelStatus.kOptimal:
        return None, None
    return highs.getInfo().objective_function_value, np.array(highs.getSolution().col_value)


def _mip(matrix: Matrix, lower, upper, cost, extra_rows=(), time_limit: float | None = None,
         presolve: bool = True, node_limit: int | None = None):
    """HiGHS's MIP on the matrix with these bounds and cost: (status, x, nodes, value)."""
    lp = matrix.lp
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("presolve", "on" if presolve else "off")
    h.setOptionValue("threads", 1)
    h.setOptionValue("random_seed", 0)
    h.setOptionValue("mip_heuristic_effort", 0.05)
    if time_limit is not None:
        h.setOptionValue("time_limit", max(0.01, float(time_limit)))
    if node_limit is not None:
        h.setOptionValue("mip_max_nodes", int(node_limit))
    n = matrix.n
    h.addCols(n, cost, lower, upper, 0, np.array([], np.int32), np.array([], np.int32), np.array([], float))
    for idx, val, low, up in list(lp.rows) + list(extra_rows):
        h.addRow(low, up, len(idx), np.asarray(idx, np.int32), np.asarray(val, float))
    kinds = np.array([highspy.HighsVarType.kInteger if i else highspy.HighsVarType.kContinuous for i in lp.integer])
    h.changeColsIntegrality(n, np.arange(n, dtype=np.int32), kinds)
    if lp.sense == -1:
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    h.run()
    status = h.getModelStatus()
    nodes = int(h.getInfo().mip_node_count)
    if status == highspy.HighsModelStatus.kOptimal:
        return "optimal", np.array(h.getSolution().col_value), nodes, h.getInfo().objective_function_value
    if status == highspy.HighsModelStatus.kInfeasible:
        return "infeasible", None, nodes, None
    return h.modelStatusToString(status), None, nodes, None


def model_for(table, puzzle):
    """The PuLP model a board is rated on, and the formulation's name."""
    name = RATING_MODEL.get(table.kind, table.default_model)
    problem, _ = table.build_model(puzzle, name if name in table.models else table.default_model)
    return problem, name


def pinned(table, puzzle, time_limit=None):
    """The rating's model of a board as a :class:`Matrix`, and its formulation's name. A model with an
    objective (Circuit, Slider, Match 22) is solved first and its objective pinned to the optimum by
    one more row (its cost then dropped), so every later question is about the optimal answers.
    None when HiGHS finds no optimum within ``time_limit``."""
    deadline = Deadline.of(time_limit)
    problem, name = model_for(table, puzzle)
    matrix = Matrix(problem)
    lp = matrix.lp
    cost = np.zeros(matrix.n)
    for var, coef in (problem.objective.items() if problem.objective is not None else []):
        if var.name in lp.column:
            cost[lp.column[var.name]] = coef
    if np.any(cost != 0):
        status, _, _, value = _mip(matrix, lp.lower, lp.upper, cost,
                                   time_limit=min(5 * RATING_SECONDS, deadline.remaining()))
        if status != "optimal":
            return None
        idx = np.nonzero(cost)[0].astype(np.int32)
        matrix.lp.rows.append((idx, cost[idx], value - 1e-6, value + 1e-6))
        for k in idx:
            matrix.rows_of[int(k)].append(len(matrix.lp.rows) - 1)
        matrix.lp.highs.addRow(value - 1e-6, value + 1e-6, len(idx), idx, cost[idx])
        matrix.lp.highs.changeColsCost(matrix.n, np.arange(matrix.n, dtype=np.int32), np.zeros(matrix.n))
    return matrix, name


def rate(table, puzzle, solution=None, time_limit: float | None = None) -> Rating:
    """The :class:`~puzzlelib.core.generated.Rating` of a board with one answer. ``solution`` is not
    needed (the questions are asked of the model); it is accepted so callers can pass what they have.

    Costs: one propagation, at most two LPs and one MIP capped at :data:`RATING_SECONDS` (a board
    HiGHS cannot settle within them is "hard")."""
    start = time.perf_counter()
    deadline = Deadline.of(time_limit)
    seconds = lambda: time.perf_counter() - start  # noqa: E731
    got = pinned(table, puzzle, deadline)
    if got is None:
        return Rating("hard", "branching", 0.0, math.inf, MEDIUM_NODES + 1, 10.0, "", seconds())
    matrix, name = got
    lp = matrix.lp
    binary = matrix.binary
    nb = int(binary.sum()) or 1
    # 1. propagation on the rows
    bounds = propagate(lp.rows, matrix.rows_of, lp.lower, lp.upper, lp.integer, deadline)
    lo, up = (lp.lower, lp.upper) if bounds is None else bounds
    fixed = binary & (np.abs(up - lo) < TOL)
    propagated = float(fixed.sum()) / nb
    if propagated >= 1.0:
        return Rating("easy", "propagation", 1.0, 0.0, 0, 0.0, name, seconds())
    # 2. the LP relaxation: a vertex; when it is integral on the 0/1 variables, how far another point
    # of the relaxation can move from it (0: the LP holds no other point, so it fixes the board; a
    # fractional vertex shows at once that it does not)
    zero = np.zeros(matrix.n)
    _, x = _run_lp(lp.highs, lo, up, zero, maximise=False)
    if x is None:
        gap = float(nb)
    else:
        frac = binary & (np.abs(x - np.round(x)) > 1e-6)
        if frac.any():
            gap = float(np.minimum(x - np.floor(x), np.ceil(x) - x)[frac].sum())
        else:
            xs = np.where(binary, np.round(x), 0.0)
            cost = np.where(binary, np.where(xs > 0.5, -1.0, 1.0), 0.0)
            value, _ = _run_lp(lp.highs, lo, up, cost, maximise=True)
            gap = 0.0 if value is None else max(0.0, value + float((binary & (xs > 0.5)).sum()))
    if gap <= GAP_TOL:
        return Rating("easy", "lp", propagated, 0.0, 0, 1.0 - propagated, name, seconds())
    # 3. branch and bound: HiGHS (no presolve) solves the integer program; its nodes
    limit = min(RATING_SECONDS, deadline.remaining())
    status, _, nodes, _ = _mip(matrix, lo, up, zero, time_limit=limit, presolve=False, node_limit=MEDIUM_NODES + 1)
    settled = status in ("infeasible", "optimal")
    if not settled:
        nodes = max(nodes, MEDIUM_NODES + 1)
    step = "cuts" if nodes <= 1 else "branching"
    level = "medium" if nodes <= MEDIUM_NODES and settled else "hard"
    score = 1.0 - propagated + gap / nb + math.log2(1 + nodes)
    return Rating(level, step, propagated, round(gap, 6), nodes, round(score, 6), name, seconds())


def check_level(difficulty) -> str | None:
    from ..core.validate import check_choice

    return None if difficulty is None else check_choice(difficulty, LEVELS, "difficulty")
