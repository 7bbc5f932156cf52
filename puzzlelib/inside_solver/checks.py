"""Checks for the exercises of chapter 10 (inside the solver).

Exercise 10.1 asks for a branching rule (least fractional), 10.2 for the LP bound of a 0/1 knapsack
computed by hand (Dantzig's greedy rule), 10.3 for a cutting plane on a Thermometers board, 10.4
for the node loop of branch and bound, best first (the chapter prints its depth-first one). Each
check tries the answer on several cases and says what is wrong in words, without giving the answer
away: no message names the variable a rule should have picked, prints the LP bound, or shows a
filling of the cut's board. The checks hold no answer of their own: 10.1 checks the PROPERTY of each
pick (nearest an integer, first on ties), also on every node of two branch and bound runs; 10.2
compares with the LP relaxation solved by HiGHS before the student's function runs, and refuses
every solver (``feedback.checks.solvers``) while it does; 10.3 checks that the cut removes the LP
point and keeps the board's fillings, listed before the student's function runs; 10.4 judges each
LP the search asks its oracle for by the rules of best-first branch and bound, and its answer by a
brute force over the 0/1 points. Graded with a hidden seed (``feedback.checks.hidden_boards``), 10.1
adds three random integer programs, 10.2 three random knapsacks and 10.4 three 0/1 programs the
students never saw; 10.3 is about one board and has none.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache

import numpy as np
import pulp

from .. import thermometer as th
from ..engine import add_binary, add_integer, enumerate_solutions, new_problem, solve_model
from ..engine.compat import is_constraint
from ..feedback.checks import Case, CheckReport, Failure, forbidden, hidden_boards, run_check, solvers, watched
from ..core.errors import PuzzleError
from .branch_and_bound import TOL, Relaxation, branch_and_bound, highs_mip, most_fractional
from .cuts import cutting_planes, gomory_cuts

#: Library functions that solve an LP or a MIP, or find cuts: none may answer an exercise done by hand.
SOLVING = {"branch_and_bound": branch_and_bound, "highs_mip": highs_mip, "Relaxation": Relaxation,
           "cutting_planes": cutting_planes, "gomory_cuts": gomory_cuts}

TIE = 1e-9  # distances to an integer this close count as equal (LP values carry rounding noise)


# --------------------------------------------------------------------------------------------- #
# Exercise 10.1: the least fractional rule
# --------------------------------------------------------------------------------------------- #
#: (name, candidate dicts): a case passes when the rule picks right on every dict of it. The values
#: are exact in binary where two candidates tie, so a tie is a tie in any arithmetic; every case has
#: a dict where the first candidate, and one where the last, is wrong.
RULE_CASES = [
    ("the nearer integer, below or above", [{"a": 0.5, "b": 0.9, "c": 0.3}, {"a": 0.93, "b": 0.04, "c": 0.5},
                                            {"a": 0.375, "b": 0.625, "c": 0.875}, {"x_0_0": 0.5}]),
    ("ties", [{"p": 0.75, "q": 0.25, "r": 0.5, "s": 0.25}, {"a": 0.5, "b": 0.125, "c": 0.875, "d": 0.5},
              {"u": 0.625, "v": 0.375, "w": 0.5}]),
    ("general integers", [{"h_1": 2.45, "h_2": 3.9, "h_3": 1.5}, {"h_1": 1.1, "h_2": 3.4, "h_3": 2.5},
                          {"h_1": 4.5, "h_2": 1.625, "h_3": 6.875}]),
]


def random_program(seed: int, n: int = 7) -> pulp.LpProblem:
    """A small integer program with general integers (0..4) and two knapsack rows, whose branch and
    bound meets LP values of every kind (for 10.1's runs)."""
    rng = random.Random(seed)
    problem = new_problem(f"program_{seed}", pulp.LpMaximize)
    y = [add_integer(problem, f"y_{k}", 0, 4) for k in range(n)]
    problem += pulp.lpSum(rng.randint(3, 20) * v for v in y)
    for r in range(2):
        weights = [rng.randint(2, 11) for _ in y]
        problem += pulp.lpSum(w * v for w, v in zip(weights, y)) <= sum(weights) * 4 // 3, f"row_{r}"
    return problem


def _board_problem(puzzle) -> pulp.LpProblem:
    problem, x = th.build_model(puzzle)
    problem.setObjective(pulp.lpSum(((i * 7 + j * 3) % 5 - 2) * v for (i, j), v in x.items()))
    return problem


def _telling(problem: pulp.LpProblem) -> bool:
    """True when a branch and bound on ``problem`` meets a node where the first, the last and the most
    fractional candidate are all wrong picks (so a run tells a right rule from these)."""
    seen = {"first": False, "last": False, "most": False}
    distance = lambda v: min(v % 1, 1 - v % 1)  # noqa: E731

    def rule(candidates):
        nearest = min(distance(v) for v in candidates.values())
        names = list(candidates)
        for key, name in (("first", names[0]), ("last", names[-1]), ("most", most_fractional(candidates))):
            seen[key] |= distance(candidates[name]) > nearest + TIE
        return min(names, key=lambda k: distance(candidates[k]))

    branch_and_bound(problem, branch=rule)
    return all(seen.values())


def _hidden_program(seed: int) -> pulp.LpProblem:
    for s in range(seed, seed + 50):
        problem = random_program(s)
        if _telling(problem):
            return problem
    return problem


def branching_runs() -> list[tuple[str, pulp.LpProblem]]:
    """The branch and bound runs of 10.1: a Thermometers board, an integer program with general
    integers, then (graded with a hidden seed) three random integer programs."""
    return ([("a branch and bound on a 6x6 Thermometers board", _board_problem(th.random_puzzle(6, seed=5))),
             ("a branch and bound with general integers", random_program(1))]
            + [(f"a branch and bound on {name.replace('board', 'program')}", p)
               for name, p in hidden_boards(_hidden_program)])


class _WrongPick(Exception):
    def __init__(self, failure: Failure):
        super().__init__(failure.message)
        self.failure = failure


def check_branching_rule(rule: Callable[[dict[str, float]], str], exercise: str = "10.1") -> CheckReport:
    """The rule must pick the fractional variable nearest an integer, the first one on ties: on the
    dicts of ``RULE_CASES``, and at every node of the branch and bound runs of ``branching_runs``."""
    def judge(candidates: dict[str, float], got, ties: bool = True) -> tuple[Failure | None, bool]:
        """Whether ``got`` is a right pick among ``candidates``: (None, True), or what is wrong with it in
        words that do not name the right pick, and whether that diagnosis is certain (False when the pick
        fits two known mistakes at once). ``ties=False`` accepts any of several equally near candidates
        (an LP's values carry rounding noise, so whether two of them tie depends on how one computes)."""
        if not isinstance(got, str):
            return Failure(f"your rule returned {got!r} ({type(got).__name__}); it must return a variable name, "
                           "one of the keys of candidates", code="wrong-return-type"), True
        if got not in candidates:
            return Failure(f"your rule returned {got!r}, which is not one of the candidates",
                           code="not-a-candidate"), True
        names = list(candidates)
        dist = {k: min(v % 1, 1 - v % 1) for k, v in candidates.items()}
        nearest = min(dist.values())
        if dist[got] <= nearest + TIE:
            earlier = names[:names.index(got)]
            if ties and any(dist[k] <= nearest + TIE for k in earlier):
                return Failure(f"among {candidates} your rule picked {got!r}, but an earlier candidate is just as "
                               "near an integer: on ties take the first name in the dict's order",
                               code="tie-not-first"), True
            return None, True
        shown = f"among {candidates} your rule picked {got!r}, {round(dist[got], 3)} from an integer"
        known = [  # (the pick of the mistake, code, what to say)
            (min(names, key=lambda k: min(candidates[k], 1 - candidates[k])) if max(candidates.values()) > 1 else None,
             "assumes-binary", f"{shown}, but another candidate is nearer an integer: an integer variable may be "
             "larger than 1, so measure the distance to the nearest integer, not to 0 or 1"),
            (min(names, key=lambda k: candidates[k] % 1), "one-sided-distance",
             f"{shown}, but another candidate is nearer an integer: measure the distance to the nearer integer, "
             "below OR above"),
            (most_fractional(candidates), "most-fractional",
             f"{shown}: that is the value FARTHEST from an integer (the most fractional rule); the exercise asks "
             "for the nearest"),
        ]
        fits = [(code, text) for pick, code, text in known if pick == got]
        if len(fits) == 1:
            return Failure(fits[0][1], code=fits[0][0]), True
        return Failure(f"{shown}, but another candidate is nearer an integer", code="not-least-fractional"), not fits

    def case(name, dicts):
        def run():
            for candidates in dicts:
                failure, _ = judge(candidates, rule(dict(candidates)))
                if failure:
                    return failure
            return None
        return Case(name, run)

    def on_a_run(problem):
        optimum = solve_model(problem)  # before the run, as a grader would

        def run():
            wrong = []  # (failure, certain) at each node where the rule picked wrong

            def judged(candidates):
                got = rule(dict(candidates))
                failure, certain = judge(candidates, got, ties=False)
                if failure and failure.code in ("wrong-return-type", "not-a-candidate"):
                    raise _WrongPick(failure)
                if failure:
                    wrong.append((failure, certain))
                return got  # a wrong pick still splits the node: the search goes on, to find a telling node

            try:
                ours = branch_and_bound(problem, branch=judged)
            except _WrongPick as stop:
                return Failure(f"at a node of the search: {stop.failure.message}", code=stop.failure.code)
            if wrong:
                failure = next((f for f, certain in wrong if certain), wrong[0][0])
                return Failure(f"at {len(wrong)} of the search's nodes your rule picked wrong; at one, "
                               f"{failure.message}", code=failure.code)
            if ours.value is None or abs(ours.value - optimum) > 1e-6:
                return Failure(f"branch and bound with your rule ended at {ours.value}, not at the optimum",
                               code="wrong-optimum")
            return None
        return run

    cases = [case(*c) for c in RULE_CASES] + [Case(name, on_a_run(p)) for name, p in branching_runs()]
    return run_check(exercise, "the least fractional rule", cases, unit="case")


# --------------------------------------------------------------------------------------------- #
# Solvers reached without a name the checks can block
# --------------------------------------------------------------------------------------------- #
#: C functions that start another program: PuLP's command-line solvers (CBC, HiGHS_CMD, GLPK) run this way.
_LAUNCHERS = {"fork_exec", "posix_spawn", "posix_spawnp", "system", "execv", "execve"}


@contextmanager
def _solver_runs():
    """Record, in the list it yields, every HiGHS call and every program started in the block.

    ``feedback.checks.forbidden`` blocks the solvers by name, but a ``highspy.Highs()`` made before
    the check runs (its methods belong to the object, not to a name) or a solver run as another
    program is seen only here: a profile hook watches each call the answer makes."""
    seen: list[str] = []
    previous = sys.getprofile()

    def hook(frame, event, arg):
        if seen:
            return
        if event == "call" and frame.f_globals.get("__name__", "").startswith("highspy"):
            seen.append(f"HiGHS, {frame.f_code.co_name}")
        elif event == "c_call":
            owner = getattr(arg, "__self__", None)
            if type(owner).__module__.startswith("highspy") or (getattr(arg, "__module__", None) or "").startswith(
                    "highspy"):
                seen.append(f"HiGHS, {arg.__name__}")
            elif getattr(arg, "__name__", "") in _LAUNCHERS:
                seen.append(f"another program, {arg.__name__}")

    sys.setprofile(hook)
    try:
        yield seen
    finally:
        sys.setprofile(previous)


def _highs_core() -> dict[str, Callable]:
    """HiGHS's C++ class behind ``highspy.Highs``: a grader's sandbox blocks it by name (the profile
    hook of :func:`_solver_runs` watches the check's own process only)."""
    try:
        from highspy import _core
    except ImportError:  # pragma: no cover - another highspy layout
        return {}
    return {"highspy._core._Highs": _core._Highs} if hasattr(_core, "_Highs") else {}


# --------------------------------------------------------------------------------------------- #
# Exercise 10.2: the LP bound of a knapsack by hand
# --------------------------------------------------------------------------------------------- #
def random_knapsack(seed: int, n: int = 6) -> tuple[list[int], list[int], int]:
    """Six random items and a capacity of about half their weight, where the LP takes part of an item
    (else an answer that only packs whole items would be right by luck): the capacity shrinks by one
    until the LP's optimal point has a fractional item."""
    rng = random.Random(seed)
    values = [rng.randint(1, 30) for _ in range(n)]
    weights = [rng.randint(1, 20) for _ in range(n)]
    capacity = sum(weights) // 2
    while capacity > 1:
        problem = new_problem("knapsack", pulp.LpMaximize)
        y = [add_binary(problem, f"y_{k}") for k in range(n)]
        problem += pulp.lpSum(v * t for v, t in zip(values, y))
        problem += pulp.lpSum(w * t for w, t in zip(weights, y)) <= capacity
        solve_model(problem, relax=True)
        if any(1e-6 < t.value() < 1 - 1e-6 for t in y):
            break
        capacity -= 1
    return values, weights, capacity


#: (name, knapsacks): a case passes when the bound is right on every knapsack of it.
KNAPSACKS = [
    ("the knapsack of the chapter", [([10, 13, 7, 8], [5, 8, 4, 6], 12)]),
    # with room for everything the loop must stop when the items run out; one unit less, it must not
    ("everything fits, or all but a part", [([4, 5, 6], [1, 2, 3], 10), ([4, 5, 6], [1, 2, 3], 5)]),
    ("nothing fits", [([9, 9], [5, 6], 4)]),
    ("the best ratio is not the best value", [([30, 12, 10], [30, 4, 5], 20)]),
] + [(f"random knapsack #{s}", [random_knapsack(s)]) for s in range(6)]


def knapsacks() -> list[tuple[str, list[tuple[list[int], list[int], int]]]]:
    """The knapsacks of 10.2: the public ones, then the hidden ones when a lecturer sets a seed."""
    return KNAPSACKS + [(name.replace("board", "knapsack"), [k]) for name, k in hidden_boards(random_knapsack)]


def check_knapsack_bound(bound: Callable, exercise: str = "10.2") -> CheckReport:
    """``bound(values, weights, capacity)`` must equal the LP relaxation's value on every knapsack.

    The truth is the LP solved by HiGHS before the student's function runs; while it runs every
    solver is refused, and no message prints the bound."""
    def lp_value(values, weights, capacity) -> float:
        problem = new_problem("knapsack", pulp.LpMaximize)
        y = [add_binary(problem, f"y_{k}") for k in range(len(values))]
        problem += pulp.lpSum(v * t for v, t in zip(values, y))
        problem += pulp.lpSum(w * t for w, t in zip(weights, y)) <= capacity, "capacity"
        return solve_model(problem, relax=True)

    def greedy(values, weights, capacity, order, fraction=True, whole_value=False) -> float:
        total, room = 0.0, capacity
        for v, w in sorted(zip(values, weights), key=order):
            take = 1.0 if w <= room else (room / w if fraction else 0.0)
            total, room = total + (v * room // w if whole_value and take < 1 else take * v), room - take * w
            if take < 1:
                break
        return total

    def mistakes(values, weights, capacity, truth) -> list[tuple[str, str, float]]:
        """(code, what went wrong, the number it gives) for the usual wrong answers."""
        ratio = lambda p: -p[0] / p[1]  # noqa: E731
        ranked = sorted(zip(values, weights), key=ratio)
        room, crossing = capacity, len(ranked)
        for k, (_, w) in enumerate(ranked):
            if w > room:
                crossing = k
                break
            room -= w
        return [  # a whole number just below a fractional LP bound is most likely rounded: named first
            ("rounded-down", "you rounded down; with whole values that is still a bound on the best packing, "
             "but the exercise asks for the LP's own value", math.floor(truth)),
            ("whole-items-only", "you left out the fraction of the first item that does not fit (the LP takes "
             "part of it)", greedy(values, weights, capacity, ratio, fraction=False)),
            ("order-by-value", "you took the items in order of value; the LP takes them by value per unit of "
             "weight", greedy(values, weights, capacity, lambda p: -p[0])),
            ("order-as-given", "you took the items in the order given; the LP takes them by value per unit of "
             "weight", greedy(values, weights, capacity, lambda p: 0)),
            ("crossing-item-whole", "you took the item that crosses the capacity whole; the LP takes only the "
             "part that fits", sum(v for v, _ in ranked[:crossing + 1])),
            ("fraction-rounded-down", "you rounded the value of the part of an item down (integer division "
             "//?); the LP takes the exact fraction", greedy(values, weights, capacity, ratio, whole_value=True)),
        ]

    def case(name, items):
        prepared = []  # (knapsack, truth, mistakes): worked out before any solver is refused
        for values, weights, capacity in items:
            truth = lp_value(values, weights, capacity)
            prepared.append(((values, weights, capacity), truth, mistakes(values, weights, capacity, truth)))

        def run():
            for (values, weights, capacity), truth, usual in prepared:
                with _solver_runs() as ran:
                    got = bound(list(values), list(weights), capacity)
                if ran:
                    return Failure(f"your answer ran a solver ({ran[0]}); this exercise asks for the bound by hand, "
                                   "with no solver at all", code="runs-a-solver")
                if isinstance(got, bool) or not isinstance(got, (int, float)) or not math.isfinite(got):
                    return Failure(f"your function returned {got!r}; it must return a number",
                                   code="wrong-return-type")
                if abs(got - truth) <= 1e-6:
                    continue
                where = f"values {values}, weights {weights}, capacity {capacity}"
                faults = [(code, fault) for code, fault, guess in usual if abs(got - guess) <= 1e-6]
                if faults:  # on some knapsacks two mistakes give the same number: name both
                    return Failure(f"{where}: your bound {got:g} is not the LP's: "
                                   f"{'; or '.join(fault for _, fault in faults)}", code=faults[0][0])
                if got < truth:
                    return Failure(f"{where}: your bound {got:g} is too low; the LP packs more value: some room "
                                   "or some value is left unused", code="bound-too-low")
                return Failure(f"{where}: your bound {got:g} is too high; take the items in order of value per "
                               "unit of weight and never more weight than the capacity", code="bound-too-high")
            return None
        return Case(name, run)

    cases = [case(*k) for k in knapsacks()]
    with forbidden(bound, {**solvers(), **SOLVING, **_highs_core()}):
        return run_check(exercise, "the LP bound of a knapsack", cases, unit="case")


# --------------------------------------------------------------------------------------------- #
# Exercise 10.3: a cut for a Thermometers board
# --------------------------------------------------------------------------------------------- #
CUT_BOARD = """thermometer
  3 1 1 1
3 A a D d
1 C a b B
2 c c e E
"""


@cache
def _cut_lp() -> tuple[th.Puzzle, dict[str, float]]:
    """The board of 10.3 and its LP point (as HiGHS returns it)."""
    puzzle = th.Puzzle.from_text(CUT_BOARD)
    problem, x = th.build_model(puzzle)
    solve_model(problem, relax=True)
    return puzzle, {v.name: v.value() for v in x.values()}


def lp_point_grid() -> list[list[float]]:
    """The LP point of the board of 10.3, as a grid to draw."""
    puzzle, point = _cut_lp()
    m, n = puzzle.shape
    return [[round(point[f"x_{i}_{j}"], 3) + 0.0 for j in range(n)] for i in range(m)]


def _side(constraint: pulp.LpConstraint, values: dict[str, float]) -> float:
    """How far ``values`` are inside (>= 0) or outside (< 0) the constraint."""
    lhs = sum(coef * values[v.name] for v, coef in constraint.items()) + constraint.constant
    return {pulp.LpConstraintLE: -lhs, pulp.LpConstraintGE: lhs, pulp.LpConstraintEQ: -abs(lhs)}[constraint.sense]


def check_cut(cut: Callable, exercise: str = "10.3") -> CheckReport:
    """``cut(x)`` returns one PuLP constraint over the board's cell variables ``x[i, j]``; it must cut
    off the LP point and keep every filling of the board.

    Two cases: "it cuts off the LP point" (an inequality no filling satisfies cuts it off too, and
    fails here) and "it keeps every filling" (an inequality the LP point satisfies is no cut, and fails
    here too), so a restated constraint, ``0 <= 1`` or ``0 >= 1`` score nothing. The fillings are
    listed before the student's function runs and never shown."""
    puzzle, point = _cut_lp()
    fillings = [s.grid for s in th.brute_force(puzzle)]  # before the library is blocked
    alive = []  # PuLP 4 frees a model's variables with the model: keep each model while its cut is read

    def constraint_of():
        problem, x = th.build_model(puzzle)
        alive.append(problem)
        made = cut(x)
        if not is_constraint(made):
            return None, Failure(f"your function returned {type(made).__name__} {made!r}; it must return a "
                                 "constraint such as x[1, 2] <= 0 (with <=, >= or ==)", code="wrong-return-type")
        names = {v.name for v in x.values()}
        strangers = sorted(v.name for v in made.keys() if v.name not in names)
        if strangers:
            return None, Failure(f"your cut uses {', '.join(strangers)}, which are not cells of this board",
                                 code="unknown-variable")
        return made, None

    def kept(made) -> int:
        return sum(_side(made, {f"x_{i}_{j}": g[i][j] for i in range(len(g)) for j in range(len(g[0]))}) >= -1e-6
                   for g in fillings)

    def keeps_the_point(made) -> Failure:
        tight = abs(_side(made, point)) <= 1e-6
        where = "lies exactly on your inequality" if tight else "satisfies your inequality"
        return Failure(f"the LP point drawn above {where} {made}, so adding it does not change the LP relaxation: "
                       "it is no cut yet. Every constraint of the model, and every sum of them, holds at the LP "
                       "point; a cut must also use that the cells are whole numbers", code="keeps-lp-point")

    def removes_the_point():
        made, failure = constraint_of()
        if failure:
            return failure
        if _side(made, point) >= -1e-6:
            return keeps_the_point(made)
        if not kept(made):
            return Failure(f"your inequality {made} holds for no filling at all, so it removes everything, the "
                           "LP point with the rest", code="removes-every-solution")
        return None

    def keeps_every_filling():
        made, failure = constraint_of()
        if failure:
            return failure
        if _side(made, point) >= -1e-6:  # keeping every filling is easy for an inequality that removes nothing
            return Failure(f"{made} holds at the LP point, so it is no cut (see the case above): whether it keeps "
                           "the fillings does not count yet", code="keeps-lp-point")
        if kept(made) < len(fillings):
            return Failure(f"your cut {made} removes a filling of the board that obeys every rule: a cut must keep "
                           "every integral solution (is its inequality reversed, or true of some fillings only?)",
                           code="removes-integer-point")
        return None

    cases = [Case("it cuts off the LP point", removes_the_point),
             Case("it keeps every filling of the board", keeps_every_filling)]
    # the library's ways to list fillings, and its rule checks: with th.verify a loop over all 2^12 grids
    # lists the fillings in five lines. A loop with rule checks of one's own the check cannot tell from
    # reasoning, and the exercise says so; its written part asks for the derivation.
    blocked = {**solvers(), **SOLVING, "th.solutions": th.solutions, "th.solve": th.solve,
               "th.brute_force": th.brute_force, "enumerate_solutions": enumerate_solutions,
               "th.rules.fillings": th.rules.fillings, "th.verify": th.verify,
               "th.check_rules": th.check_rules, "th.rules.check_grid": th.rules.check_grid,
               "th.rules.filled_cells": th.rules.filled_cells}
    with forbidden(cut, blocked):
        return run_check(exercise, "a cut for the Thermometers board", cases, unit="test")


def compare_rules(rule: Callable[[dict[str, float]], str], boards: int = 20) -> str:
    """Total nodes of the chapter's branch and bound with ``most_fractional`` and with ``rule`` on
    random 8x8 Thermometers boards (objective: the mercury on the main diagonal), as a table."""
    from ..display.report import table

    def diagonal_model(puzzle):
        problem, x = th.build_model(puzzle)
        problem.setObjective(pulp.lpSum(x[i, i] for i in range(min(puzzle.shape))))
        return problem

    models = [diagonal_model(th.random_puzzle(8, seed=s)) for s in range(boards)]
    rows = []
    for name, pick in (("most fractional", most_fractional), ("your rule", rule)):
        try:
            rows.append((name, sum(len(branch_and_bound(p, branch=pick).nodes) for p in models)))
        except NotImplementedError:
            return "Write your rule above first (it still raises NotImplementedError)."
    return table(["rule", f"nodes on {boards} boards"], rows, widths=[18, 20])





# --------------------------------------------------------------------------------------------- #
# Exercise 10.4: the node loop
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class LP:
    """What ``lp(decisions)`` returns in 10.4: the LP of one node (``value`` None when infeasible)."""

    value: float | None
    point: dict[str, float] | None  # every variable's LP value
    fractional: dict[str, float]  # the integer variables with a fractional value, in the model's order


#: NodeLP calls ``_ORACLE["solved"](decisions)`` for every node a search asks for. It is a builtin that
#: does nothing here; the check watches it (``feedback.checks.watched``), in its own process as in a
#: grader's sandbox, where the student's function and the oracle run in another process.
_ORACLE = {"solved": hash}
NOT_IN_TREE = "not a node of this problem's tree"


class NodeLP:
    """The LP oracle of 10.4 over one minimisation problem.

    ``lp(decisions)`` is the LP relaxation with the extra bounds ``decisions``, a tuple of
    ``(name, "<=" or ">=", bound)`` as in the chapter's ``Node.decisions``, as an :class:`LP`. Every LP
    of the problem's tree is solved when the oracle is made (each node split on ``most_fractional``,
    both children, down to integral or infeasible nodes: a few hundred LPs at most on the exercise's
    problems), so that asking is a look-up that needs no solver, in a grader's sandbox too. A node
    outside that tree raises a PuzzleError."""

    def __init__(self, problem: pulp.LpProblem):
        self.table: dict[tuple, LP] = self._tree(Relaxation(problem))
        self.calls: list[tuple] = []

    @staticmethod
    def _tree(relaxation: Relaxation) -> dict[tuple, LP]:
        table: dict[tuple, LP] = {}
        stack: list[tuple] = [()]
        while stack:
            decisions = stack.pop()
            lower, upper = relaxation.lower.copy(), relaxation.upper.copy()
            for name, op, bound in decisions:
                k = relaxation.column[name]
                if op == "<=":
                    upper[k] = min(upper[k], bound)
                else:
                    lower[k] = max(lower[k], bound)
            value, x = relaxation.solve(lower, upper)
            if value is None:
                table[decisions] = LP(None, None, {})
                continue
            fractional = {relaxation.names[k]: float(x[k]) for k in np.flatnonzero(relaxation.integer)
                          if abs(x[k] - round(x[k])) > TOL}
            table[decisions] = LP(value, {name: float(v) for name, v in zip(relaxation.names, x)}, fractional)
            if fractional:
                name = most_fractional(fractional)
                v = fractional[name]
                stack += [decisions + ((name, "<=", math.floor(v)),), decisions + ((name, ">=", math.ceil(v)),)]
        return table

    def __call__(self, decisions=()) -> LP:
        try:
            key = tuple((str(name), str(op), bound) for name, op, bound in decisions)
        except (TypeError, ValueError):
            raise PuzzleError(f"lp: decisions is a tuple of (name, '<=' or '>=', bound), got {decisions!r}") from None
        _ORACLE["solved"](key)
        self.calls.append(key)
        if key not in self.table:
            raise PuzzleError(f"lp{key}: {NOT_IN_TREE}. A child adds ONE decision to its parent's, on the variable "
                              "most_fractional picks among the parent's fractional ones: x <= floor(v) or x >= ceil(v)")
        return self.table[key]


def binary_program(seed: int, n: int = 9) -> pulp.LpProblem:
    """A small 0/1 minimisation with two covering rows and a knapsack row (for 10.4's searches)."""
    rng = random.Random(seed)
    problem = new_problem(f"binary_{seed}")
    y = [add_binary(problem, f"y_{k}") for k in range(n)]
    problem += pulp.lpSum(rng.randint(2, 19) * v for v in y)
    for r in range(2):
        weights = [rng.randint(1, 9) for _ in y]
        problem += pulp.lpSum(w * v for w, v in zip(weights, y)) >= sum(weights) // 2, f"cover_{r}"
    problem += pulp.lpSum(rng.randint(1, 9) * v for v in y) <= 5 * n, "room"
    return problem


def _brute_optimum(problem: pulp.LpProblem) -> float | None:
    """The optimum of a small 0/1 problem by trying every point: no solver (None when infeasible)."""
    names = [v.name for v in problem.variables() if v.name != "__dummy"]
    rows = [({v.name: c for v, c in con.items()}, con.constant, con.sense) for con in _constraints(problem)]
    cost = {v.name: c for v, c in problem.objective.items()} if problem.objective is not None else {}
    offset = problem.objective.constant if problem.objective is not None else 0
    best = None
    for bits in itertools.product((0, 1), repeat=len(names)):
        point = dict(zip(names, bits))
        if all(_holds(coefs, constant, sense, point) for coefs, constant, sense in rows):
            value = sum(c * point.get(k, 0) for k, c in cost.items()) + offset
            best = value if best is None else min(best, value)
    return best


def _constraints(problem: pulp.LpProblem) -> list:
    found = problem.constraints()
    return list(found.values()) if isinstance(found, dict) else list(found)


def _holds(coefs, constant, sense, point) -> bool:
    lhs = sum(c * point[k] for k, c in coefs.items()) + constant
    return {pulp.LpConstraintLE: lhs <= 1e-9, pulp.LpConstraintGE: lhs >= -1e-9,
            pulp.LpConstraintEQ: abs(lhs) <= 1e-9}[sense]


def _children(decisions: tuple, lp: LP) -> tuple[tuple, tuple]:
    """The two children of a fractional node in the oracle's tree (split on ``most_fractional``)."""
    name = most_fractional(lp.fractional)
    v = lp.fractional[name]
    return decisions + ((name, "<=", math.floor(v)),), decisions + ((name, ">=", math.ceil(v)),)


def _depth_first_calls(table: dict[tuple, LP]) -> list[tuple[tuple, LP]]:
    """The LPs the chapter's depth-first loop solves on an oracle's tree, in order (the nearer side
    first, a child pruned with its parent's bound before its LP): the search 10.4 must NOT be."""
    calls, incumbent, stack = [], None, [((), None)]
    while stack:
        decisions, bound = stack.pop()
        if incumbent is not None and bound is not None and bound >= incumbent - TOL:
            continue
        lp = table[decisions]
        calls.append((decisions, lp))
        if lp.value is None or incumbent is not None and lp.value >= incumbent - TOL:
            continue
        if not lp.fractional:
            incumbent = lp.value
            continue
        down, up = _children(decisions, lp)
        near_up = lp.fractional[most_fractional(lp.fractional)] % 1 >= 0.5
        stack += [(down, lp.value), (up, lp.value)] if near_up else [(up, lp.value), (down, lp.value)]
    return calls


def depth_first_lps(lp: NodeLP) -> int:
    """How many LPs the chapter's depth-first loop solves on the tree of the oracle ``lp`` (to compare
    a search of 10.4 with)."""
    return len(_depth_first_calls(lp.table))


def _telling_tree(table: dict[tuple, LP]) -> bool:
    """Whether every mistake of 10.4 shows on this tree, whatever order a search breaks ties in.

    ``reached`` holds the nodes every right search solves: those whose ancestors all have a
    fractional LP value below the optimum. Its optimal integral node with the least bound (its
    parent's value) is solved before any reached node of a larger bound, so a reached node of a
    larger bound whose LP value ties the optimum, or is fractional above it, or integral above it,
    shows a search that splits ties, does not prune, or lets any integral point in. The chapter's
    depth-first loop must fail the best-first order."""
    integral = [lp.value for lp in table.values() if lp.value is not None and not lp.fractional]
    if not integral or len(table) < 9:
        return False
    best = min(integral)
    reached, todo = {(): float("-inf")}, [()]
    while todo:
        d = todo.pop()
        lp = table[d]
        if lp.value is not None and lp.fractional and lp.value < best - TOL:
            for child in _children(d, lp):
                reached[child] = lp.value
                todo.append(child)
    first = min((bound for d, bound in reached.items() if table[d].value is not None
                 and not table[d].fractional and table[d].value <= best + TOL), default=None)
    if first is None:  # every optimal node lies below a node whose value ties the optimum
        return False
    later = [table[d] for d, bound in reached.items() if bound > first + TOL and table[d].value is not None]
    tie = any(lp.fractional and abs(lp.value - best) <= TOL for lp in later)
    worse = any(lp.fractional and lp.value > best + TOL for lp in later)
    worse_integral = any(not lp.fractional and lp.value > best + TOL for lp in later)
    return tie and worse and worse_integral and _judge_search(_depth_first_calls(table), None, best,
                                                              order_only=True) is not None


def _telling_program(seed: int) -> pulp.LpProblem:
    """The first program from ``seed`` on whose tree every mistake of 10.4 shows (see ``_telling_tree``):
    the chapter's depth-first order fails, a fractional node ties the optimum after it is found, and
    nodes worse than it, fractional and integral, are solved after it."""
    for s in range(seed, seed + 200):
        problem = binary_program(s)
        if _telling_tree(NodeLP._tree(Relaxation(problem))):
            return problem
    return problem


def node_loop_programs() -> list[tuple[str, pulp.LpProblem, Callable[[], float | None]]]:
    """The searches of 10.4 as (name, problem, its optimum without a solver): the chapter's 5x5 board
    (min D), chapter 1's board (no objective), two 0/1 programs, an infeasible one, then (graded with a
    hidden seed) three programs the students never saw."""
    board = th.random_puzzle(5, seed=6)
    diagonal, x = th.build_model(board)
    diagonal.setObjective(pulp.lpSum(x[i, i] for i in range(5)))
    seed_board = th.Puzzle.from_text(th.SEED_BOARD)
    infeasible = binary_program(3, n=6)
    infeasible += pulp.lpSum(infeasible.variables()) <= 0, "nothing"
    programs = [("a 0/1 program", _telling_program(0)), ("another 0/1 program", _telling_program(300)),
                ("an infeasible 0/1 program", infeasible)]
    # seeds 200 apart: each hidden program searched from its own range, so the three differ
    hidden = hidden_boards(lambda s: _telling_program(200 * s))
    programs += [(name.replace("board", "program"), p) for name, p in hidden]
    return ([("the chapter's 5x5 board, min D", diagonal,
              lambda: min(sum(s.grid[i][i] for i in range(5)) for s in th.brute_force(board))),
             ("chapter 1's board, no objective", th.build_model(seed_board)[0],
              lambda: 0.0 if th.brute_force(seed_board) else None)]
            + [(name, p, lambda p=p: _brute_optimum(p)) for name, p in programs])


def _judge_search(calls: list[tuple[tuple, LP]], got, truth: float | None,
                  order_only: bool = False) -> Failure | None:
    """What is wrong with a search, from the LPs it solved (in order) and its answer; None when right.

    Best first: each node solved must have the least bound (its parent's LP value) among the open
    nodes, the children of split nodes not yet solved whose bound can still beat the incumbent. An
    open node of a smaller bound counts only if the search solves it later (one it never solves is
    a missing child, said by the answer's verdict). ``order_only`` judges the order alone."""
    if not calls or calls[0][0] != ():
        return Failure("your search must start with the LP of the root, lp(()), with no decisions",
                       code="no-root")
    seen: dict[tuple, LP] = {}
    strict, tie, order = [], [], []  # the first fault of each kind, said unless the answer shows a worse one
    after: dict[tuple, float | None] = {}  # the incumbent just after each node's LP was solved
    open_: dict[tuple, float] = {}  # children of split nodes not solved yet -> their parent's bound
    passed: list[tuple[tuple, float, list[tuple]]] = []  # (node, its bound, open nodes of a smaller bound)
    incumbent = None
    for decisions, lp in calls:
        if decisions in seen:
            return Failure(f"your search solved the node {list(decisions)} twice", code="node-solved-twice")
        if lp is None or decisions and decisions[:-1] not in seen:
            return Failure(f"the node {list(decisions)} is not a child of a node you solved: a child adds ONE "
                           "decision to its parent's, on the variable most_fractional picks among the parent's "
                           "fractional ones, x <= floor(v) or x >= ceil(v)", code="not-a-child")
        bound = open_.pop(decisions, None)
        if decisions:
            parent = seen[decisions[:-1]]
            bound = parent.value
            known = after[decisions[:-1]]
            if known is not None and parent.value >= known - TOL:
                if parent.value <= known + TOL and not tie:
                    noise = "" if parent.value == known else (
                        f" (the two are {parent.value!r} and {known!r}: LP values carry rounding noise, so compare "
                        "them with a tolerance, such as value >= incumbent - 1e-6)")
                    tie.append(Failure(f"your search split the node {list(decisions[:-1])}, whose bound "
                                       f"{parent.value:g} only TIES the incumbent {known:g} found before: such a "
                                       f"node cannot lead to a better point either; prune it{noise}",
                                       code="ties-not-pruned"))
                elif parent.value > known + TOL and not strict:
                    strict.append(Failure(f"your search split the node {list(decisions[:-1])}, whose bound "
                                          f"{parent.value:g} could not beat the incumbent {known:g} found before: "
                                          "prune such a node instead of splitting it (which way does your test "
                                          "compare the bound with the incumbent?)", code="no-pruning"))
            smaller = [d for d, b in open_.items() if b < bound - TOL and (incumbent is None or b < incumbent - TOL)]
            if smaller:
                passed.append((decisions, bound, smaller))
        seen[decisions] = lp
        if lp.value is not None and (incumbent is None or lp.value < incumbent - TOL):
            if lp.fractional:
                open_.update((child, lp.value) for child in _children(decisions, lp))
            else:
                incumbent = lp.value
        after[decisions] = incumbent
    for decisions, bound, smaller in passed:
        skipped = [d for d in smaller if d in seen]  # solved later: the search did want them
        if skipped:
            order.append(Failure(
                f"your search solved the node {list(decisions)}, of bound {bound:g}, while the node "
                f"{list(skipped[0])}, of the smaller bound {seen[skipped[0][:-1]].value:g}, was open, could still "
                "beat the incumbent and was solved later: best first, the next node is always one whose bound "
                "(its parent's LP value) is least; a stack takes the newest node, a queue the oldest",
                code="not-best-first"))
            break
    late = strict + tie + order
    if order_only:
        return order[0] if order else None
    if not (isinstance(got, tuple) and len(got) == 2):
        return Failure(f"your function returned {got!r}; it must return (value, point), or (None, None) when "
                       "the problem has no integral point", code="wrong-return-type")
    value, point = got
    verdict = _judge_answer(calls, seen, incumbent, value, point, truth)
    if verdict is not None and verdict.code == "wrong-incumbent-update" or not late:
        return verdict
    return late[0]


def _judge_answer(calls, seen, incumbent, value, point, truth) -> Failure | None:
    """What is wrong with the answer ``(value, point)`` of a search whose LPs were well ordered."""
    split = [d for d, lp in seen.items() if lp.value is not None and lp.fractional
             and (incumbent is None or lp.value < incumbent - TOL)]
    children = {d[:-1] for d in seen if d}
    missing = [d for d in split if sum(c[:-1] == d for c in seen if c) < 2]
    if value is None and point is None and truth is None:
        return None if not missing else Failure(
            "your search says the problem has no integral point, which is right, but it left a child of a split "
            "node unexplored: it was right by luck; branch on both sides", code="one-side-only")
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        if truth is not None:
            return _missed(missing, split, children, "your search found no integral point, but the problem has some")
        return Failure(f"your function returned value {value!r}; it must be a number, or None with no point",
                       code="wrong-return-type")
    if truth is None:
        return Failure(f"your search returned the value {value:g}, but this problem has no integral point at all",
                       code="wrong-optimum")
    if abs(value - truth) <= 1e-6 and not _integral(point):
        return Failure("the point you returned is not an integral point: return the incumbent's LP point "
                       "(a node's point with no fractional integer variable)", code="point-not-integral")
    if abs(value - truth) <= 1e-6:
        if missing:
            return _missed(missing, split, children, "your search found the optimum")
        return None
    if value < truth - 1e-6:
        lps = [lp.value for _, lp in calls if lp.value is not None]
        return Failure(f"your search returned {value:g}, lower than any integral point: that is an LP bound "
                       "(a node's LP value), not the value of an integral point" if any(
                           abs(value - v) <= 1e-6 for v in lps) else f"your search returned {value:g}, lower than "
                       "any integral point", code="returned-a-bound")
    if any(lp.value is not None and not lp.fractional and lp.value < value - 1e-6 for _, lp in calls):
        return Failure(f"your search returned {value:g}, but one of the LPs it solved gave an integral point with a "
                       "smaller value: keep the best integral point found (replace the incumbent only by a better "
                       "one)", code="wrong-incumbent-update")
    return _missed(missing, split, children, f"your search returned {value:g}, but a better integral point exists")


def _integral(point) -> bool:
    return isinstance(point, dict) and all(isinstance(v, (int, float)) and abs(v - round(v)) <= TOL
                                           for v in point.values())


def _missed(missing, split, children, said: str) -> Failure:
    if missing and len(missing) == len(split):
        return Failure(f"{said}; at each node your search split, it explored only one child: push both, "
                       "x <= floor(v) and x >= ceil(v)", code="one-side-only")
    return Failure(f"{said}: your search dropped a node whose bound could still beat the incumbent (which way "
                   "does your pruning test compare the bound with the incumbent?)", code="pruned-too-much")


def check_node_loop(search: Callable, exercise: str = "10.4") -> CheckReport:
    """``search(lp)`` must run best-first branch and bound on a minimisation with the LP oracle ``lp``
    (a :class:`NodeLP`) and return ``(value, point)`` of an optimal integral point, or ``(None, None)``.

    The truth is each problem's optimum by brute force over its 0/1 points, worked out before the
    student's function runs; every LP the search solves is recorded and judged: each a child of a node
    solved before, none whose parent's bound cannot beat the incumbent (pruning, ties included), best
    first (no open node of a smaller bound that could still beat the incumbent is solved later), both
    children of every split node explored or pruned. Every solver but ``lp`` is refused."""
    def case(name, problem, optimum):
        truth = optimum()
        lp = NodeLP(problem)  # every LP solved before the solvers are refused

        def run():
            with watched(search, {"lp": hash}) as watch:
                try:
                    got = search(lp)
                except Exception as exc:
                    if NOT_IN_TREE not in str(exc):
                        raise
                    got = None
            calls = [(tuple(args[0]), lp.table.get(tuple(args[0]))) for args, _ in watch.calls["lp"]]
            return _judge_search(calls, got, truth)
        return Case(name, run)

    cases = [case(*c) for c in node_loop_programs()]
    with forbidden(search, {**solvers(), **SOLVING}):
        return run_check(exercise, "the node loop of branch and bound", cases, unit="problem")


__all__ = ["RULE_CASES", "random_program", "branching_runs", "check_branching_rule", "random_knapsack",
           "KNAPSACKS", "knapsacks", "check_knapsack_bound", "CUT_BOARD", "lp_point_grid", "check_cut",
           "compare_rules", "LP", "NodeLP", "binary_program", "node_loop_programs", "depth_first_lps",
           "check_node_loop"]
