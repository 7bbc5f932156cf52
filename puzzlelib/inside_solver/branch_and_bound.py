"""A small branch and bound for teaching (chapter 10): the search a MIP solver runs, in the open.

It takes any PuLP model of the course, solves LP relaxations with HiGHS (the same solver, with
integrality dropped), splits on a fractional integer variable, keeps the best integral point found
so far (the *incumbent*) and prunes every node whose LP value cannot beat it. Every node is recorded
with its branching decisions, its LP value and why the search stopped there, so the tree can be
printed, counted and drawn (:meth:`Result.draw`).

It is written to be read, not to be fast: depth-first, no presolve, no cuts, no heuristics. What a
real solver adds on top is measured with :func:`highs_mip`, which solves the very same matrix as a
MIP in HiGHS and reports its node count.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import highspy
import numpy as np
import pulp

from ..core.errors import PuzzleError
from .tree_drawing import REASONS, draw_tree
from ..core.validate import check_optional_int

TOL = 1e-6  # a value within TOL of an integer counts as integral


@dataclass
class Node:
    """One node of the tree: the LP relaxation with extra bounds on some integer variables."""

    id: int
    parent: int | None
    depth: int
    decisions: tuple[tuple[str, str, int], ...]  # (variable name, "<=" or ">=", bound), root first
    value: float | None = None  # LP value (the parent's when pruned before solving); None when infeasible
    status: str = "limit"  # a key of REASONS
    branch_var: str | None = None  # the variable split on ("branched" nodes)
    fractional: int = 0  # how many integer variables are fractional in the LP point
    incumbent: bool = False  # this node's LP point became the incumbent

    @property
    def reason(self) -> str:
        return REASONS[self.status]


@dataclass
class Result:
    """What :func:`branch_and_bound` found and the tree it searched."""

    value: float | None  # the best integral value found (the optimum when status == "optimal")
    solution: dict[str, float] | None  # variable name -> value of the incumbent
    nodes: list[Node]  # root first, in the order they were solved
    status: str  # "optimal", "infeasible" or "node limit"
    bound: float | None  # the best bound proven (equal to value when optimal)
    sense: int = pulp.LpMinimize
    incumbents: list[tuple[int, float]] = field(default_factory=list)  # (node id, value) as found
    optima: list[dict[str, float]] = field(default_factory=list)  # with all_optima=True: every optimum

    @property
    def solved(self) -> int:
        """Nodes the search settled: its LP solved, or pruned with its parent's bound before its LP was
        solved (a node limit's open nodes are not counted; count ``status`` yourself for LPs alone)."""
        return sum(node.status != "limit" for node in self.nodes)

    def draw(self, ax=None, labels: bool | None = None):
        """The tree as a matplotlib figure (see :mod:`puzzlelib.inside_solver.tree_drawing`)."""

        return draw_tree(self, ax=ax, labels=labels)


class Relaxation:
    """The LP relaxation of a PuLP problem, loaded once into HiGHS; nodes only change column bounds."""

    def __init__(self, problem: pulp.LpProblem):
        if not isinstance(problem, pulp.LpProblem):
            raise PuzzleError(f"problem: expected a PuLP LpProblem, got {type(problem).__name__}")
        # PuLP adds a fixed "__dummy" column to a model without objective when it solves it; leave it
        # out, so that a model gives the same LP (and the same vertices) before and after a solve
        self.variables = [v for v in problem.variables() if v.name != "__dummy"]
        self.names = [v.name for v in self.variables]
        self.column = {name: k for k, name in enumerate(self.names)}
        self.integer = np.array([v.cat == pulp.LpInteger for v in self.variables], dtype=bool)
        self.lower = np.array([-math.inf if v.lowBound is None else v.lowBound for v in self.variables], float)
        self.upper = np.array([math.inf if v.upBound is None else v.upBound for v in self.variables], float)
        self.sense = problem.sense
        objective = problem.objective
        items = list(objective.items()) if objective is not None else []
        self.feasibility = not any(coef for var, coef in items if var.name != "__dummy")
        self.offset = float(objective.constant) if objective is not None else 0.0
        cost = np.zeros(len(self.names))
        for var, coef in items:
            if var.name in self.column:
                cost[self.column[var.name]] = coef
        self.highs = highspy.Highs()
        self.highs.setOptionValue("output_flag", False)
        self.highs.setOptionValue("threads", 1)
        n = len(self.names)
        self.rows: list[tuple[np.ndarray, np.ndarray, float, float]] = []  # (columns, coefficients, low, up)
        self.highs.addCols(n, cost, self.lower, self.upper, 0, np.array([], np.int32), np.array([], np.int32),
                           np.array([], float))
        if self.sense == pulp.LpMaximize:
            self.highs.changeObjectiveSense(highspy.ObjSense.kMaximize)
        for constraint in problem.constraints():
            terms = [(self.column[v.name], coef) for v, coef in constraint.items() if v.name in self.column]
            idx = np.array([k for k, _ in terms], np.int32)
            val = np.array([coef for _, coef in terms], float)
            rhs = -float(constraint.constant)
            low = rhs if constraint.sense in (pulp.LpConstraintEQ, pulp.LpConstraintGE) else -math.inf
            up = rhs if constraint.sense in (pulp.LpConstraintEQ, pulp.LpConstraintLE) else math.inf
            self.add_row(idx, val, low, up)

    def add_row(self, idx: np.ndarray, val: np.ndarray, low: float, up: float) -> None:
        """A constraint ``low <= sum val[k] * x[idx[k]] <= up`` (the cutting planes add theirs here)."""
        self.rows.append((idx, val, low, up))
        self.highs.addRow(low, up, len(idx), idx, val)

    def solve(self, lower: np.ndarray, upper: np.ndarray) -> tuple[float | None, np.ndarray | None]:
        """The LP value and point with these column bounds, or ``(None, None)`` when infeasible."""
        n = len(self.names)
        self.highs.changeColsBounds(n, np.arange(n, dtype=np.int32), lower, upper)
        if self.highs.run() == highspy.HighsStatus.kError and \
                self.highs.getModelStatus() == highspy.HighsModelStatus.kNotset:
            # HiGHS refuses to run with threads=1 once its global thread pool was started with more
            # threads (by a HiGHS of the user's, made with other options): start it again with ours
            highspy.Highs.resetGlobalScheduler(True)
            self.highs.run()
        status = self.highs.getModelStatus()
        if status == highspy.HighsModelStatus.kInfeasible:
            return None, None
        if status == highspy.HighsModelStatus.kUnbounded:
            raise PuzzleError("the LP relaxation is unbounded: a constraint or a bound is missing")
        if status != highspy.HighsModelStatus.kOptimal:
            raise PuzzleError(f"HiGHS stopped on an LP relaxation with status {self.highs.modelStatusToString(status)}")
        x = np.array(self.highs.getSolution().col_value)
        return self.highs.getInfo().objective_function_value + self.offset, x


def lp_point(problem: pulp.LpProblem, decisions=()) -> tuple[float | None, dict[str, float] | None]:
    """The LP value and point of one node, ``decisions`` as in :attr:`Node.decisions`, on the very path
    :func:`branch_and_bound` takes (the same HiGHS model, loaded the same way).

    An LP with several optimal vertices (every board without an objective: all its points have value
    0) may come back at another vertex from another path, ``solve_model(problem, relax=True)`` for
    one; draw the LP point a tree starts from with this function. ``(None, None)`` when infeasible."""
    lp = Relaxation(problem)
    lower, upper = lp.lower.copy(), lp.upper.copy()
    for name, op, bound in decisions:
        k = lp.column[name]
        if op == "<=":
            upper[k] = min(upper[k], bound)
        else:
            lower[k] = max(lower[k], bound)
    value, x = lp.solve(lower, upper)
    return (None, None) if value is None else (value, {name: float(v) for name, v in zip(lp.names, x)})


def most_fractional(candidates: dict[str, float]) -> str:
    """The default rule: the variable whose value is farthest from an integer (first one on ties)."""
    return max(candidates, key=lambda name: min(candidates[name] % 1, 1 - candidates[name] % 1))


def branch_and_bound(problem: pulp.LpProblem, branch: Callable[[dict[str, float]], str] | None = None,
                     node_limit: int | None = None, all_optima: bool = False) -> Result:
    """Solve ``problem`` by LP-based branch and bound, recording every node.

    ``branch`` picks the variable to split on: it gets the fractional integer variables of a node as
    ``{name: LP value}`` (in the problem's order) and returns one of the names; the default is
    :func:`most_fractional`. The search is depth-first and visits first the child on the side the LP
    value is nearer to. ``node_limit`` caps the nodes taken from the stack (each solves one LP, or is
    pruned at once by its parent's bound); the rest are recorded as left open. A feasibility model (objective 0) stops at
    its first integral node, since nothing can beat it. ``all_optima=True`` asks for all: nodes whose
    bound ties the incumbent are explored too, and an integral node whose integer variables are not
    all fixed is split further (on its first free one), since its box may hold other integral points;
    every optimal (for a feasibility model: every) integral point ends up in ``Result.optima``.
    ``problem`` itself is not changed.
    """
    node_limit = check_optional_int(node_limit, "node_limit", 1, 10**7)
    if branch is not None and not callable(branch):
        raise PuzzleError(f"branch: expected a function of the candidates, got {type(branch).__name__}")
    if not isinstance(all_optima, bool):
        raise PuzzleError(f"all_optima: expected True or False, got {all_optima!r}")
    branch = most_fractional if branch is None else branch
    lp = Relaxation(problem)
    sign = 1 if lp.sense == pulp.LpMinimize else -1  # compare sign * value: smaller is better
    nodes: list[Node] = []
    incumbent: float | None = None
    best_x = None
    incumbents: list[tuple[int, float]] = []
    optima: list[dict[str, float]] = []
    stack = [(None, 0, ())]  # (parent id, depth, decisions); the last one is solved next
    parent_values: dict[int, float] = {}

    def cannot_beat(value: float) -> bool:
        if incumbent is None:
            return False
        gap = sign * (value - incumbent)
        return gap > TOL if all_optima else gap >= -TOL

    while stack:
        if node_limit is not None and len(nodes) >= node_limit:
            break
        parent, depth, decisions = stack.pop()
        node = Node(len(nodes), parent, depth, decisions)
        nodes.append(node)
        if parent is not None and cannot_beat(parent_values[parent]):  # the incumbent improved meanwhile
            node.status, node.value = "bound", parent_values[parent]
            continue
        lower, upper = lp.lower.copy(), lp.upper.copy()
        for name, op, bound in decisions:
            k = lp.column[name]
            if op == "<=":
                upper[k] = min(upper[k], bound)
            else:
                lower[k] = max(lower[k], bound)
        value, x = lp.solve(lower, upper)
        node.value = value
        if value is None:
            node.status = "infeasible"
            continue
        fractional = {lp.names[k]: float(x[k]) for k in np.flatnonzero(lp.integer)
                      if abs(x[k] - round(x[k])) > TOL}
        node.fractional = len(fractional)
        if cannot_beat(value):
            node.status = "bound"
        elif not fractional:
            node.status, node.incumbent = "integral", True
            if incumbent is None or sign * (value - incumbent) < -TOL:
                incumbent, best_x = value, x
                incumbents.append((node.id, value))
                optima.clear()
            if all_optima:
                point = {lp.names[k]: round(float(x[k])) for k in np.flatnonzero(lp.integer)}
                if point not in optima:
                    optima.append(point)
                free = [lp.names[k] for k in np.flatnonzero(lp.integer & (lower < upper))]
                if free:  # other integral points may share this box: split it on a free variable
                    name = free[0]
                    node.branch_var = name
                    parent_values[node.id] = value
                    v = point[name] + (0.5 if point[name] < upper[lp.column[name]] else -0.5)
                    stack.extend([(node.id, depth + 1, decisions + ((name, "<=", math.floor(v)),)),
                                  (node.id, depth + 1, decisions + ((name, ">=", math.ceil(v)),))])
        else:
            name = branch(fractional)
            if name not in fractional:
                raise PuzzleError(f"branch rule returned {name!r}, which is not one of the fractional variables")
            node.status, node.branch_var = "branched", name
            parent_values[node.id] = value
            v = fractional[name]
            down = (node.id, depth + 1, decisions + ((name, "<=", math.floor(v)),))
            up = (node.id, depth + 1, decisions + ((name, ">=", math.ceil(v)),))
            stack.extend([down, up] if v % 1 >= 0.5 else [up, down])  # the nearer side is popped first
    for parent, depth, decisions in reversed(stack):  # left open by the node limit
        nodes.append(Node(len(nodes), parent, depth, decisions, value=parent_values[parent]))
    if stack:
        open_values = [parent_values[p] for p, _, _ in stack] + ([incumbent] if incumbent is not None else [])
        bound, status = (min(open_values) if sign == 1 else max(open_values)), "node limit"
    else:
        status = "optimal" if incumbent is not None else "infeasible"
        bound = incumbent
    solution = None if best_x is None else {name: float(best_x[k]) for k, name in enumerate(lp.names)}
    return Result(incumbent, solution, nodes, status, bound, lp.sense, incumbents, optima)


@dataclass(frozen=True)
class HighsRun:
    """A MIP solve of the same matrix by HiGHS itself."""

    value: float | None  # None when infeasible
    nodes: int  # HiGHS's mip_node_count (0 when presolve alone settles the model)
    status: str


def highs_mip(problem: pulp.LpProblem, presolve: bool = True, heuristics: bool = True,
              time_limit: float | None = None) -> HighsRun:
    """Solve ``problem`` with HiGHS's MIP solver and report its node count.

    ``presolve=False`` and ``heuristics=False`` switch off two of the things HiGHS adds on top of the
    plain search of :func:`branch_and_bound` (its cuts and propagation stay on).
    """
    lp = Relaxation(problem)
    h = lp.highs
    n = len(lp.names)
    kinds = np.array([highspy.HighsVarType.kInteger if i else highspy.HighsVarType.kContinuous
                      for i in lp.integer])
    h.changeColsIntegrality(n, np.arange(n, dtype=np.int32), kinds)
    h.setOptionValue("presolve", "on" if presolve else "off")
    h.setOptionValue("mip_heuristic_effort", 0.05 if heuristics else 0.0)
    h.setOptionValue("random_seed", 0)
    if time_limit is not None:
        h.setOptionValue("time_limit", float(time_limit))
    h.run()
    status = h.getModelStatus()
    info = h.getInfo()
    if status == highspy.HighsModelStatus.kInfeasible:
        return HighsRun(None, int(info.mip_node_count), "infeasible")
    if status != highspy.HighsModelStatus.kOptimal:
        return HighsRun(None, int(info.mip_node_count), h.modelStatusToString(status))
    return HighsRun(info.objective_function_value + lp.offset, int(info.mip_node_count), "optimal")
