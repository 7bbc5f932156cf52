"""Checks for the exercises of chapter 10 (inside the solver).

Exercise 10.1 asks for a branching rule (least fractional), 10.2 for the LP bound of a 0/1 knapsack
computed by hand (Dantzig's greedy rule), 10.3 for a cutting plane on a Thermometers board. Each
check tries the answer on several cases and says what is wrong in words, without giving the answer
away: no message names the variable a rule should have picked, prints the LP bound, or shows a
filling of the cut's board. The checks hold no answer of their own: 10.1 checks the PROPERTY of each
pick (nearest an integer, first on ties), also on every node of two branch and bound runs; 10.2
compares with the LP relaxation solved by HiGHS before the student's function runs, and refuses
every solver (``feedback.checks.solvers``) while it does; 10.3 checks that the cut removes the LP
point and keeps the board's fillings, listed before the student's function runs. Graded with a
hidden seed (``feedback.checks.hidden_boards``), 10.1 adds three random integer programs and 10.2
three random knapsacks the students never saw; 10.3 is about one board and has none.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import cache

import pulp

from .. import thermometer as th
from ..engine import add_binary, add_integer, enumerate_solutions, new_problem, solve_model
from ..engine.compat import is_constraint
from ..feedback.checks import Case, CheckReport, Failure, forbidden, hidden_boards, run_check, solvers
from .branch_and_bound import Relaxation, branch_and_bound, highs_mip, most_fractional
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
                got = bound(list(values), list(weights), capacity)
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
    with forbidden(bound, {**solvers(), **SOLVING}):
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
    blocked = {**solvers(), **SOLVING, "th.solutions": th.solutions, "th.solve": th.solve,
               "th.brute_force": th.brute_force, "enumerate_solutions": enumerate_solutions,
               "th.rules.fillings": th.rules.fillings}
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


__all__ = ["RULE_CASES", "random_program", "branching_runs", "check_branching_rule", "random_knapsack",
           "KNAPSACKS", "knapsacks", "check_knapsack_bound", "CUT_BOARD", "lp_point_grid", "check_cut",
           "compare_rules"]
