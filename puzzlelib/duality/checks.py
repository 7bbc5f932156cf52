"""Checks for the exercises of chapter 12 (duality).

- 12.1 a certificate by hand: the student's weights on the named rules of two impossible
  Thermometers boards are checked by :func:`farkas.check_certificate`, exact arithmetic in
  fractions and no solver; a wrong sign, an unknown rule or a sum that does not read ``0 >= gap``
  with ``gap > 0`` is named, and the sum the weights make is shown (it is the student's, not an
  answer). While the answer runs, every solver and the library's certificate finders are refused.
- 12.2 the dual of a small LP: the student writes the dual of ``min c x, A x >= b, x >= 0`` as a
  PuLP model; the check tests its feasible region at points inside and outside the true dual region
  (``y >= 0`` and ``A^T y <= c``, checked by arithmetic), its objective at those points, and that
  solving it gives the primal's optimum (the primal is solved by HiGHS from the data, before the
  answer runs), or the right status when the primal has no optimum. Each LP is three weighted cases
  (region, objective, optimum: one share each), so a one-symbol slip keeps the marks of what it got right. The
  library's ``lp_dual.dual_problem`` is refused while the answer runs, and a copy of it (pasted and renamed,
  found by its structure: ``feedback.checks.copied_share``) fails with ``copies-library:dual_problem``.
- 12.3 a route from potentials: the student gets a Slider board's slides, HiGHS's potentials, the
  start and the target, and returns a route; it must start and end right, use slides of the board,
  and take ``pi(target) - pi(start)`` slides (so every slide is tight). The boards include ones where
  following the first tight slide from the start runs into a dead end. The library's route finders
  and solvers are refused while the answer runs, and the potentials are handed over as a dict that
  records which cells' potentials are read: a search that never reads them (a plain breadth-first
  search), or reads only the start's and the target's to compare the length at the end, finds a
  shortest route without the method asked for and fails with ``ignores-potentials``.

No function here returns what an exercise asks for. Failures carry fault codes and never state the
answer. Graded with a hidden seed (``feedback.checks.hidden_boards``), 12.2 adds three random LPs
and 12.3 three random boards; 12.1 is about two fixed boards and has none.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import pulp

from .. import slider as sl
from .. import thermometer as th
from ..engine.compat import is_constraint
from ..feedback.checks import (Case, CheckReport, CopyProbe, Failure, ForbiddenCall, forbidden, hidden_boards,
                               operations, outside_solvers, run_check, solvers)
from .farkas import check_certificate, farkas_certificate
from .lp_dual import dual_problem
from .matrix import LinearProgram, Row, as_lp, exact, expression, number, solve_lp
from .potentials import potentials, tight_arcs

#: Library functions that find what the exercises ask for.
FINDERS = {"farkas_certificate": farkas_certificate, "dual_problem": dual_problem, "potentials": potentials,
           "tight_arcs": tight_arcs, "sl.bfs_path": sl.bfs_path, "sl.bfs_distances": sl.bfs_distances,
           "sl.solve": sl.solve, "sl.solutions": sl.solutions, "sl.brute_force": sl.brute_force}


# --------------------------------------------------------------------------------------------- #
# Exercise 12.1: a certificate by hand
# --------------------------------------------------------------------------------------------- #
#: The two impossible boards of 12.1, by the name the student's function is called with.
CERTIFICATE_BOARDS = {
    # row 1 holds no mercury, yet column 0 asks for all three of its cells
    "A": "thermometer\n  3 1 1\n2 A B b\n0 a C c\n3 a D d\n",
    # every thermometer stands with its bulb on top, so no row can hold more than the row above
    "B": "thermometer\n  2 1 0\n1 A B C\n2 a b c\n0 a b c\n",
}


@cache
def certificate_board(name: str) -> tuple[th.Puzzle, LinearProgram]:
    """Board ``name`` of 12.1 and its model's LP."""
    puzzle = th.Puzzle.from_text(CERTIFICATE_BOARDS[name])
    problem, _ = th.build_model(puzzle)
    return puzzle, as_lp(problem)


def rules_of(name: str) -> str:
    """The named rules of board ``name`` of 12.1, one per line, as the check reads them."""
    _, lp = certificate_board(name)
    return "\n".join(f"{row.name:12s} {row.text()}" for row in lp.rows)


def check_impossible(certificate, exercise: str = "12.1") -> CheckReport:
    """``certificate(board)`` returns weights {rule name: number} that prove board ``board`` ("A",
    "B") impossible: checked exactly, without a solver, by ``farkas.check_certificate``."""
    def case(board):
        def run():
            _, lp = certificate_board(board)
            weights = certificate(board)
            if not isinstance(weights, dict):
                return Failure(f"your function returned {type(weights).__name__} {weights!r:.60}; it must return a "
                               "dict {rule name: weight}", code="wrong-return-type")
            verdict = check_certificate(lp, weights)
            if verdict.valid:
                return None
            code, message = verdict.faults[0]
            if code == "unknown-rule":
                message += " (the rules are listed above the exercise: row_count_0, fill_A_1, ...)"
            if code == "no-contradiction":
                made = verdict.certificate
                message = (f"your weights add up to {expression(made.combined)} >= {number(made.rhs)}; with the cells' "
                           f"bounds 0 <= x <= 1 that reads 0 >= {number(made.gap)}, which is no contradiction: "
                           "the gap must be positive")
            return Failure(message, code=code)  # the report names the board
        return Case(f"board {board}", run)

    blocked = {**solvers(), **outside_solvers(), **FINDERS}
    with forbidden(certificate, blocked):
        return run_check(exercise, "a certificate by hand", [case(b) for b in CERTIFICATE_BOARDS], unit="board")


# --------------------------------------------------------------------------------------------- #
# Exercise 12.2: the dual of a small LP
# --------------------------------------------------------------------------------------------- #
#: (name, c, A, b) of ``min c x, A x >= b, x >= 0``: the chapter's LP first.
DUAL_CASES = [
    ("the LP of the exercise", [3, 2, 4], [[1, 1, 2], [2, 0, 1]], [4, 3]),
    ("a square matrix that is not symmetric", [2, 3], [[1, 2], [3, 1]], [4, 5]),
    ("three rows, two columns", [4, 5], [[1, 0], [0, 1], [1, 1]], [1, 2, 4]),
    ("a primal without a point", [1, 1], [[1, 1], [-1, -1]], [2, -1]),
    ("a primal without a least value", [-1, 1], [[1, -1], [0, 1]], [1, 0]),
]


def random_lp(seed: int) -> tuple[list[int], list[list[int]], list[int]]:
    """A random ``(c, A, b)`` with three rows and four columns, with an optimum."""
    rng = random.Random(seed)
    while True:
        c = [rng.randint(1, 9) for _ in range(4)]
        A = [[rng.randint(0, 5) for _ in range(4)] for _ in range(3)]
        b = [rng.randint(1, 12) for _ in range(3)]
        if all(any(row) for row in A):
            return c, A, b


def dual_cases() -> list[tuple[str, list, list, list]]:
    return DUAL_CASES + [(name.replace("board", "LP"), *data) for name, data in hidden_boards(random_lp)]


def primal_lp(c, A, b) -> LinearProgram:
    """``min c x, A x >= b, x >= 0`` as data (the truth for 12.2, built from the numbers, not a model)."""
    columns = [f"x{j}" for j in range(len(c))]
    rows = [Row(f"row{i}", {columns[j]: exact(a) for j, a in enumerate(A[i]) if a}, ">=", exact(b[i]))
            for i in range(len(A))]
    return LinearProgram(columns, {col: Fraction(0) for col in columns}, {col: None for col in columns}, rows,
                         {columns[j]: exact(cj) for j, cj in enumerate(c) if cj})


def in_dual(c, A, y) -> bool:
    """Whether ``y`` is in the dual's region: ``y >= 0`` and ``A^T y <= c``."""
    return all(v >= 0 for v in y) and all(sum(A[i][j] * y[i] for i in range(len(A))) <= c[j] for j in range(len(c)))


def probe_points(c, A, seed: int = 0) -> list[list[Fraction]]:
    """Points inside and outside the dual region: 0, each unit direction at a few lengths, random
    nonnegative points, and points with one negative entry."""
    rng = random.Random(seed)
    m = len(A)
    points = [[Fraction(0)] * m]
    for i in range(m):
        for length in (Fraction(1, 2), Fraction(1), Fraction(3), Fraction(-1)):
            points.append([length if k == i else Fraction(0) for k in range(m)])
    for _ in range(12):
        points.append([Fraction(rng.randint(0, 8), 4) for _ in range(m)])
    return points


def _value(expr, point: dict[str, Fraction]) -> Fraction:
    return sum((exact(a) * point.get(v.name, Fraction(0)) for v, a in expr.items()), exact(expr.constant))


def _holds(constraint, point) -> bool:
    lhs = _value(constraint, point)
    if constraint.sense == pulp.LpConstraintEQ:
        return abs(lhs) <= Fraction(1, 10**6)
    return lhs <= Fraction(1, 10**6) if constraint.sense == pulp.LpConstraintLE else lhs >= -Fraction(1, 10**6)


def _admits(problem, ys, y) -> bool:
    """Whether the student's dual admits the point ``y`` (its variables' bounds and constraints)."""
    point = {var.name: v for var, v in zip(ys, y)}
    for var, v in zip(ys, y):
        if (var.lowBound is not None and v < exact(var.lowBound)) or (var.upBound is not None and v > exact(var.upBound)):
            return False
    return all(_holds(con, point) for con in problem.constraints())


#: What each LP of 12.2 is worth, by aspect: a dual right but for one symbol keeps the rest.
ASPECTS = {"the feasible region": 1.0, "the objective": 1.0, "the optimum": 1.0}


def _read_dual(made, A):
    """``(problem, ys)`` from the student's answer, or a Failure saying why it cannot be read."""
    if not (isinstance(made, tuple) and len(made) == 2 and isinstance(made[0], pulp.LpProblem)):
        return Failure("the function must return (problem, y): a pulp.LpProblem and its dual variables",
                       code="wrong-return-type")
    problem, ys = made
    ys = list(ys.values()) if isinstance(ys, dict) else list(ys)
    if len(ys) != len(A) or not all(isinstance(v, pulp.LpVariable) for v in ys):
        return Failure(f"y must hold one PuLP variable per row of A ({len(A)} here), in order; yours holds "
                       f"{len(ys)}", code="wrong-variable-count")
    names = {v.name for v in ys}
    strangers = sorted({v.name for v in problem.variables() if v.name not in names and v.name != "__dummy"})
    if strangers:
        return Failure(f"your dual uses {', '.join(strangers[:3])} besides y: write it in y alone",
                       code="extra-variables")
    return problem, ys


def _region_fault(problem, ys, c, A) -> Failure | None:
    """The dual's feasible region against ``y >= 0, A^T y <= c`` at the probe points."""
    for y in probe_points(c, A):
        inside, admitted = in_dual(c, A, y), _admits(problem, ys, y)
        if inside == admitted:
            continue
        shown = "(" + ", ".join(number(v) for v in y) + ")"
        if admitted and any(v < 0 for v in y):
            return Failure(f"your dual admits y = {shown}, with a negative entry: the rows of the primal are "
                           "'>=' rows, so their prices cannot be negative", code="y-not-nonnegative")
        transposed_wrong = len(A) == len(c) and (all(v >= 0 for v in y) and all(
            sum(A[j][i] * y[i] for i in range(len(A))) <= c[j] for j in range(len(c)))) == admitted
        if transposed_wrong:
            return Failure(f"at y = {shown} your constraints read like A y <= c, not A^T y <= c: the dual has "
                           "one constraint per COLUMN of A (per primal variable)", code="not-transposed")
        if admitted:
            return Failure(f"your dual admits y = {shown}, which breaks a constraint of the true dual (one "
                           "per primal variable x_j: sum_i A[i][j] y_i <= c_j)", code="region-too-large")
        return Failure(f"your dual rules out y = {shown}, which keeps every constraint of the true dual "
                       "(is a constraint reversed, or are rows and columns swapped?)", code="region-too-small")
    return None


def _objective_fault(problem, ys, c, A, b) -> Failure | None:
    """The dual's objective against ``b . y`` at the probe points."""
    for y in probe_points(c, A, seed=1)[1:]:
        point = {var.name: v for var, v in zip(ys, y)}
        want = sum((bi * v for bi, v in zip(b, y)), Fraction(0))
        got = _value(problem.objective, point) if problem.objective is not None else Fraction(0)
        if got != want:
            uses_c = len(c) == len(b) and got == sum((ci * v for ci, v in zip(c, y)), Fraction(0))
            return Failure(f"at y = ({', '.join(number(v) for v in y)}) your objective is {number(got)}; the "
                           "dual's objective is b . y" + (" (yours uses c)" if uses_c else ""),
                           code="objective-uses-c" if uses_c else "wrong-objective")
    return None


def _optimum_fault(problem, truth) -> Failure | None:
    """The dual's sense, status and optimum against the primal's (strong duality)."""
    if problem.sense != pulp.LpMaximize:
        return Failure("the dual of a minimisation maximises: your problem minimises", code="wrong-sense")
    ours = solve_lp(problem)
    want = {"optimal": "optimal", "infeasible": "unbounded", "unbounded": "infeasible"}[truth.status]
    if ours.status != want:
        return Failure(f"the primal is {truth.status}, so its dual should be {want}; yours is {ours.status}",
                       code="wrong-status")
    if want == "optimal" and abs(ours.value - truth.value) > 1e-6:
        return Failure("your dual's optimum differs from the primal's: strong duality fails", code="value-differs")
    return None


#: A function holding more than this share of dual_problem's operations (names and all, strings aside) is
#: a copy of it (feedback.checks.copied_share): a dual written for the exercise shares 0.3 at most.
DUAL_SHARE = 0.7
DUAL_COPY = "copy-of:dual_problem"


def _dual_of(dual_model, reference, c, A, b):
    """``dual_model(c, A, b)``, refused when the function copies ``lp_dual.dual_problem`` (compared in a
    grader's sandbox there, through ``call_within``)."""
    probe = CopyProbe(getattr(dual_model, "__name__", ""), reference, DUAL_SHARE, DUAL_COPY)
    within = getattr(dual_model, "call_within", None)
    if callable(within):
        return within(probe, c, A, b)
    with CopyProbe.refusing(dual_model, reference, DUAL_SHARE, DUAL_COPY):
        return dual_model(c, A, b)


def check_dual(dual_model, exercise: str = "12.2") -> CheckReport:
    """``dual_model(c, A, b)`` returns ``(problem, y)``: the dual of ``min c x, A x >= b, x >= 0`` as a
    PuLP problem and its variables, one per row of A, in order.

    Each LP is three cases, weighted by ``ASPECTS``: the feasible region (at probe points), the
    objective (b . y at probe points) and the optimum (the sense, then the status and value against
    the primal's). A slip in one symbol fails one aspect and keeps the others' marks."""
    def case(name, aspect, c, A, b):
        truth = solve_lp(primal_lp(c, A, b)) if aspect == "the optimum" else None  # before the answer runs

        def run():
            try:
                made = _read_dual(_dual_of(dual_model, reference, list(c), [list(r) for r in A], list(b)), A)
            except ForbiddenCall as exc:
                if exc.label != DUAL_COPY:
                    raise
                return Failure("your function is the library's dual_problem copied (its operations and names, in "
                               "its order): write the dual of min c x, A x >= b, x >= 0 yourself, one variable per "
                               "row of A", code="copies-library:dual_problem")
            if isinstance(made, Failure):
                return made
            problem, ys = made
            if aspect == "the feasible region":
                return _region_fault(problem, ys, c, A)
            if aspect == "the objective":
                return _objective_fault(problem, ys, c, A, b)
            return _optimum_fault(problem, truth)
        return Case(f"{name}, {aspect}", run, weight=ASPECTS[aspect])

    reference = tuple(operations(dual_problem.__code__))  # read before dual_problem is refused
    cases = [case(name, aspect, c, A, b) for name, c, A, b in dual_cases() for aspect in ASPECTS]
    with forbidden(dual_model, {"dual_problem": dual_problem}):
        return run_check(exercise, "the dual of an LP", cases, unit="part")


# --------------------------------------------------------------------------------------------- #
# Exercise 12.3: a route from potentials
# --------------------------------------------------------------------------------------------- #
#: Boards of 12.3 besides the chapter's: on each, following the first tight slide out of the start
#: (in the order the slides are listed) runs into a cell with no tight slide out.
ROUTE_BOARDS = {
    "the chapter's board": sl.SEED_BOARD,
}
#: Seeds of random 7x7 boards (``sl.random_puzzle(7, seed=s)``) where the first tight slide misleads.
ROUTE_SEEDS = (2, 8)


def _route_puzzles() -> list[tuple[str, sl.Puzzle]]:
    found = [(name, sl.Puzzle.from_text(text)) for name, text in ROUTE_BOARDS.items()]
    found += [(f"random 7x7 board #{s}", sl.random_puzzle(7, seed=s)) for s in ROUTE_SEEDS]
    found += [(name, p) for name, p in hidden_boards(lambda s: sl.random_puzzle(7, seed=s, min_moves=3))]
    return found


def route_data(puzzle: sl.Puzzle) -> tuple[list, dict, tuple, tuple]:
    """What 12.3's function gets for ``puzzle``: (slides, potentials, start, target), plain data."""
    pi = potentials(puzzle)
    plain = {cell: int(v) if v.denominator == 1 else float(v) for cell, v in pi.items()}
    return [(u, v) for u, v in sl.arcs(puzzle)], plain, puzzle.start, puzzle.target


class ReadPotentials(dict):
    """The potentials handed to the student's function, recording which cells' potentials it reads.

    A route that ignores them (a plain breadth-first search over the slides) finds a shortest route
    too, but not by the method the exercise asks for; one that searches first and only compares
    ``pi[target] - pi[start]`` with its length at the end reads two of them. The method asked for
    reads the potential of every cell of the route it returns (``pi[v] - pi[u] == 1`` on each slide).
    Reading every pair (``items()``, ``dict(pi)``, ``{**pi}``, ``copy()``) counts as reading every
    cell; asking whether a cell is there, or listing the cells or the values alone, reads no cell's
    potential. In a grader's sandbox its copy records there and the record comes back
    (``probe_state``/``probe_merge``, see puzzlelib/classroom/sandbox.py)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.reads = 0
        self.cells: set = set()  # the keys whose potential was read
        self.every = False  # read as pairs, all at once

    def _read(self, key=None, every: bool = False):
        self.reads += 1
        if every:
            self.every = True
        elif key is not None:
            try:
                self.cells.add(key)
            except TypeError:  # an unhashable key has no potential either
                pass

    def read_all_of(self, cells) -> bool:
        """Whether the potential of each of ``cells`` was read."""
        return self.every or all(cell in self.cells for cell in cells)

    def __getitem__(self, key):
        self._read(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self._read(key)
        return super().get(key, default)

    def __iter__(self):  # also makes dict(pi) and {**pi} read through keys() and __getitem__
        return super().__iter__()

    def items(self):
        self._read(every=True)
        return super().items()

    def values(self):
        self.reads += 1
        return super().values()

    def copy(self):
        self._read(every=True)
        return dict(super().items())

    def __reduce__(self):  # to a sandbox without a read (pickle would call items())
        return type(self), (dict(super().items()),)

    def probe_state(self) -> dict:
        return {"reads": int(self.reads), "every": bool(self.every),
                "cells": [tuple(cell) for cell in self.cells if isinstance(cell, tuple)]}

    def probe_merge(self, state: dict) -> None:
        reads = state.get("reads")
        if isinstance(reads, int) and not isinstance(reads, bool) and reads > 0:
            self.reads += reads
        if state.get("every") is True:
            self.every = True
        for cell in state.get("cells") or ():
            if isinstance(cell, (tuple, list)) and len(cell) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in cell):
                self.cells.add(tuple(cell))


def check_route(route_from_potentials, exercise: str = "12.3") -> CheckReport:
    """``route_from_potentials(slides, pi, start, target)`` returns a shortest route as a list of cells,
    found from the potentials: a function that never reads them fails with ``ignores-potentials``."""
    def case(name, puzzle):
        slides, pi, start, target = route_data(puzzle)  # before the answer runs
        moves = pi[target] - pi[start]

        def run():
            given = ReadPotentials(pi)
            route = route_from_potentials([tuple(a) for a in slides], given, start, target)
            if not isinstance(route, (list, tuple)) or not all(
                    isinstance(c, (list, tuple)) and len(c) == 2 and all(isinstance(v, int) for v in c) for c in route):
                return Failure(f"your function returned {route!r:.60}; it must return a list of cells (row, col), "
                               "start first", code="wrong-return-type")
            route = [tuple(c) for c in route]
            if not route:
                return Failure("your route is empty", code="empty-route")
            if route[0] == target and route[-1] == start:
                return Failure("your route runs from the target back to the start: list it start first",
                               code="reversed")
            if route[0] != start:
                return Failure(f"your route starts at {route[0]}, not at the start", code="wrong-start")
            arcs = set(slides)
            for u, v in zip(route, route[1:]):
                if (u, v) not in arcs:
                    return Failure(f"the block cannot slide from {u} to {v} in one move", code="not-a-slide")
            if route[-1] != target:
                return Failure(f"your route stops at {route[-1]}, not at the target (a dead end? go back and try "
                               "another tight slide)", code="stops-early")
            loose = [(u, v) for u, v in zip(route, route[1:]) if pi[v] - pi[u] != 1]
            if loose or len(route) - 1 != moves:
                count = "1 of your slides is" if len(loose) == 1 else f"{len(loose)} of your slides are"
                return Failure(f"your route takes {len(route) - 1} slides, and the potentials prove a shorter one "
                               f"exists ({count} not tight)", code="not-shortest")
            if given.reads == 0:
                return Failure("your route is a shortest one, but your function never looks at the potentials pi: "
                               "the exercise asks you to find it from them (follow tight slides, pi[v] - pi[u] == 1), "
                               "not by searching every slide", code="ignores-potentials")
            if not given.read_all_of(route[1:-1]):
                return Failure("your route is a shortest one, but your function did not read the potentials of the "
                               "cells it passes through: it found the route another way (a search over every "
                               "slide?) and looked at pi only to compare; the exercise asks you to follow tight "
                               "slides, pi[v] - pi[u] == 1, from the start", code="ignores-potentials")
            return None
        return Case(name, run)

    cases = [case(name, p) for name, p in _route_puzzles()]
    with forbidden(route_from_potentials, {**solvers(), **outside_solvers(), **FINDERS}):
        return run_check(exercise, "a route from potentials", cases, unit="board")


__all__ = ["CERTIFICATE_BOARDS", "certificate_board", "rules_of", "check_impossible", "DUAL_CASES", "random_lp",
           "dual_cases", "primal_lp", "in_dual", "probe_points", "ASPECTS", "check_dual", "ROUTE_BOARDS",
           "ROUTE_SEEDS", "route_data", "ReadPotentials", "check_route"]
