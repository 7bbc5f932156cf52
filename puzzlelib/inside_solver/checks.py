"""Checks for the exercises of chapter 10 (inside the solver).

Exercise 10.1 asks for a branching rule (least fractional), 10.2 for the LP bound of a 0/1 knapsack
computed by hand (Dantzig's greedy rule), 10.3 for a cutting plane on a Thermometers board. Each
check tries the answer on several cases and says what is wrong in words; the library functions the
exercises ask the student to write are blocked while a check runs. Graded with a hidden seed
(``feedback.checks.hidden_boards``), 10.1 adds three random boards and 10.2 three random knapsacks the
students never saw; 10.3 is about one board and has none.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache

import pulp

from ..engine.compat import is_constraint

from .. import thermometer as th
from ..engine import add_binary, enumerate_solutions, new_problem, solve_model
from .branch_and_bound import branch_and_bound, most_fractional
from ..feedback.checks import Case, CheckReport, Failure, forbidden, hidden_boards, run_check

# --------------------------------------------------------------------------------------------- #
# Exercise 10.1: the least fractional rule
# --------------------------------------------------------------------------------------------- #
RULE_CASES = [
    ("three binaries", {"a": 0.5, "b": 0.9, "c": 0.3}, "b"),
    ("close to 0 beats close to 1", {"a": 0.93, "b": 0.04, "c": 0.5}, "b"),
    ("a tie goes to the first", {"p": 0.75, "q": 0.25, "r": 0.5, "s": 0.25}, "p"),
    ("general integers", {"h_1": 2.45, "h_2": 3.9, "h_3": 1.5}, "h_2"),
    ("general integers, nearest the integer below", {"h_1": 1.1, "h_2": 3.4, "h_3": 2.5}, "h_1"),
    ("one candidate", {"x_0_0": 0.5}, "x_0_0"),
]


def least_fractional_answer(candidates: dict[str, float]) -> str:
    """The expected answer of 10.1 (the first variable whose value is nearest an integer)."""
    return min(candidates, key=lambda name: min(candidates[name] % 1, 1 - candidates[name] % 1))


def check_branching_rule(rule: Callable[[dict[str, float]], str], exercise: str = "10.1") -> CheckReport:
    """The rule must pick the fractional variable nearest an integer, the first one on ties."""
    def case(name, candidates, expected):
        def run():
            got = rule(dict(candidates))
            if not isinstance(got, str):
                return Failure(f"your rule returned {got!r} ({type(got).__name__}); it must return a variable "
                               "name, one of the keys of candidates")
            if got not in candidates:
                return Failure(f"your rule returned {got!r}, which is not one of the candidates")
            if got == expected:
                return None
            distance = {k: round(min(v % 1, 1 - v % 1), 3) for k, v in candidates.items()}
            if distance[got] == distance[expected]:
                return Failure(f"among {candidates} {got!r} and {expected!r} are equally near an integer; "
                               f"a tie goes to the first in order, {expected!r}")
            if got == most_fractional(candidates):
                return Failure(f"among {candidates} your rule picked {got!r}, the MOST fractional one; "
                               f"the rule asks for the least fractional, {expected!r}")
            return Failure(f"among {candidates} your rule picked {got!r}, {distance[got]} from an integer, "
                           f"but {expected!r} is only {distance[expected]} from one (measure the distance to "
                           "the nearer integer, below or above; an integer variable may be larger than 1)")
        return Case(name, run)

    def on_a_board(puzzle):
        problem, x = th.build_model(puzzle)
        problem.setObjective(pulp.lpSum(((i * 7 + j * 3) % 5 - 2) * v for (i, j), v in x.items()))
        truth = solve_model(problem)

        def run():
            ours = branch_and_bound(problem, branch=rule)
            if ours.value is None or abs(ours.value - truth) > 1e-6:
                return Failure(f"branch and bound with your rule ended at {ours.value}, not the optimum {truth:g}")
            return None
        return run

    boards = [("a branch and bound on a 6x6 board", th.random_puzzle(6, seed=2))]
    boards += [(f"a branch and bound on {name}", p) for name, p in hidden_boards(lambda s: th.random_puzzle(6, seed=s))]
    cases = [case(*c) for c in RULE_CASES] + [Case(name, on_a_board(p)) for name, p in boards]
    with forbidden(rule, {"least_fractional_answer": least_fractional_answer}):
        return run_check(exercise, "the least fractional rule", cases, unit="case")


# --------------------------------------------------------------------------------------------- #
# Exercise 10.2: the LP bound of a knapsack by hand
# --------------------------------------------------------------------------------------------- #
def random_knapsack(seed: int, n: int = 6) -> tuple[list[int], list[int], int]:
    rng = random.Random(seed)
    values = [rng.randint(1, 30) for _ in range(n)]
    weights = [rng.randint(1, 20) for _ in range(n)]
    return values, weights, sum(weights) // 2


def knapsack_lp_bound(values, weights, capacity) -> float:
    """The LP relaxation's value, by HiGHS (the check's truth)."""
    problem = new_problem("knapsack", pulp.LpMaximize)
    y = [add_binary(problem, f"y_{k}") for k in range(len(values))]
    problem += pulp.lpSum(v * t for v, t in zip(values, y))
    problem += pulp.lpSum(w * t for w, t in zip(weights, y)) <= capacity, "capacity"
    return solve_model(problem, relax=True)


KNAPSACKS = [
    ("the knapsack of the chapter", ([10, 13, 7, 8], [5, 8, 4, 6], 12)),
    ("everything fits", ([4, 5, 6], [1, 2, 3], 10)),
    ("nothing fits", ([9, 9], [5, 6], 4)),
    ("the best ratio is not the best value", ([30, 12, 10], [30, 4, 5], 20)),
] + [(f"random knapsack #{s}", random_knapsack(s)) for s in range(6)]


def knapsacks() -> list[tuple[str, tuple[list[int], list[int], int]]]:
    """The knapsacks of 10.2: the public ones, then the hidden ones when a lecturer sets a seed."""
    return KNAPSACKS + [(name.replace("board", "knapsack"), k) for name, k in hidden_boards(random_knapsack)]


def _greedy(values, weights, capacity, key, fraction=True, whole_value=False) -> float:
    total, room = 0.0, capacity
    for v, w in sorted(zip(values, weights), key=key):
        take = 1.0 if w <= room else (room / w if fraction else 0.0)
        gain = v * room // w if whole_value and take < 1 else take * v
        total, room = total + gain, room - take * w
        if take < 1:
            break
    return total


def _knapsack_mistakes(values, weights, capacity, truth) -> list[tuple[str, float]]:
    """The bounds the usual wrong answers give, each with what went wrong."""
    ratio = lambda p: -p[0] / p[1]
    return [
        ("you left out the fraction of the first item that does not fit (the LP takes part of it)",
         _greedy(values, weights, capacity, ratio, fraction=False)),
        ("you took the items in order of value; the LP takes them by value per unit of weight",
         _greedy(values, weights, capacity, lambda p: -p[0])),
        ("you took the items in the order given; the LP takes them by value per unit of weight",
         _greedy(values, weights, capacity, lambda p: 0)),
        ("you took the item that crosses the capacity whole; the LP takes only the part that fits",
         sum(v for v, _ in sorted(zip(values, weights), key=ratio)[:_crossing(values, weights, capacity) + 1])),
        ("you rounded down; with whole values that is still a bound on the best packing, but the exercise "
         "asks for the LP's own value", math.floor(truth)),
        ("you rounded the value of the part of an item down (integer division //?); the LP takes the exact "
         "fraction", _greedy(values, weights, capacity, ratio, whole_value=True)),
    ]


def _crossing(values, weights, capacity) -> int:
    """Index (in ratio order) of the first item that does not fit whole."""
    room = capacity
    for k, (_, w) in enumerate(sorted(zip(values, weights), key=lambda p: -p[0] / p[1])):
        if w > room:
            return k
        room -= w
    return len(values)


def check_knapsack_bound(bound: Callable, exercise: str = "10.2") -> CheckReport:
    """``bound(values, weights, capacity)`` must equal the LP relaxation's value on every knapsack."""
    def case(name, data):
        values, weights, capacity = data
        truth = knapsack_lp_bound(values, weights, capacity)  # before the library is blocked

        def run():
            got = bound(list(values), list(weights), capacity)
            if isinstance(got, bool) or not isinstance(got, (int, float)) or not math.isfinite(got):
                return Failure(f"your function returned {got!r}; it must return a number")
            if abs(got - truth) <= 1e-6:
                return None
            where = f"values {values}, weights {weights}, capacity {capacity}"
            faults = [fault for fault, guess in _knapsack_mistakes(values, weights, capacity, truth)
                      if abs(got - guess) <= 1e-6]
            if faults:  # on some knapsacks two mistakes give the same number: name both
                return Failure(f"{where}: your bound {got:g} is not the LP bound {truth:g}: {'; or '.join(faults)}")
            if got < truth:
                return Failure(f"{where}: your bound {got:g} is below the LP bound {truth:g}; the LP packs more: "
                               "some room or some value is left unused")
            return Failure(f"{where}: your bound {got:g} is above the LP bound {truth:g}; take the items in "
                           "order of value per unit of weight and never more weight than the capacity")
        return Case(name, run)

    cases = [case(*k) for k in knapsacks()]
    with forbidden(bound, {"solve_model": solve_model, "knapsack_lp_bound": knapsack_lp_bound}):
        return run_check(exercise, "the LP bound of a knapsack", cases, unit="knapsack")


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
def cut_board():
    """The board of 10.3, its LP point (as HiGHS returns it) and its fillings."""
    puzzle = th.Puzzle.from_text(CUT_BOARD)
    problem, x = th.build_model(puzzle)
    solve_model(problem, relax=True)
    point = {v.name: v.value() for v in x.values()}
    fillings = tuple(s.grid for s in th.brute_force(puzzle))
    return puzzle, point, fillings


def lp_point_grid() -> list[list[float]]:
    """The LP point of the board of 10.3, as a grid to draw."""
    puzzle, point, _ = cut_board()
    m, n = puzzle.shape
    return [[round(point[f"x_{i}_{j}"], 3) for j in range(n)] for i in range(m)]


def _side(constraint: pulp.LpConstraint, values: dict[str, float]) -> float:
    """How far ``values`` are inside (>= 0) or outside (< 0) the constraint."""
    lhs = sum(coef * values[v.name] for v, coef in constraint.items()) + constraint.constant
    return {pulp.LpConstraintLE: -lhs, pulp.LpConstraintGE: lhs, pulp.LpConstraintEQ: -abs(lhs)}[constraint.sense]


def check_cut(cut: Callable, exercise: str = "10.3") -> CheckReport:
    """``cut(x)`` returns one PuLP constraint over the board's cell variables ``x[i, j]``; it must cut
    off the LP point and keep every filling of the board."""
    puzzle, point, fillings = cut_board()
    alive = []  # PuLP 4 frees a model's variables with the model: keep each model while its cut is read

    def constraint_of():
        problem, x = th.build_model(puzzle)
        alive.append(problem)
        made = cut(x)
        if not is_constraint(made):
            return None, Failure(f"your function returned {type(made).__name__} {made!r}; it must return a "
                                 "constraint such as x[1, 2] <= 0 (with <=, >= or ==)")
        names = {v.name for v in x.values()}
        strangers = sorted(v.name for v in made.keys() if v.name not in names)
        if strangers:
            return None, Failure(f"your cut uses {', '.join(strangers)}, which are not cells of this board")
        return made, None

    def removes_the_point():
        made, failure = constraint_of()
        if failure:
            return failure
        if _side(made, point) < -1e-6:
            return None
        return Failure(f"your cut {made} keeps the LP point {lp_point_grid()}: it is satisfied there, so adding "
                       "it does not change the LP relaxation's answer")

    def keeps(k, grid):
        def run():
            made, failure = constraint_of()
            if failure:
                return failure
            values = {f"x_{i}_{j}": grid[i][j] for i in range(len(grid)) for j in range(len(grid[0]))}
            if _side(made, values) >= -1e-6:
                return None
            return Failure(f"your cut {made} removes filling {k + 1}, {[list(r) for r in grid]}, which obeys "
                           "every rule: a cut must keep every integral solution (is its inequality reversed?)",
                           figure=lambda: th.draw(puzzle, grid))
        return run

    cases = [Case("it cuts off the LP point", removes_the_point)]
    cases += [Case(f"it keeps filling {k + 1}", keeps(k, g)) for k, g in enumerate(sorted(fillings))]
    blocked = {"th.solutions": th.solutions, "th.brute_force": th.brute_force,
               "enumerate_solutions": enumerate_solutions}
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
