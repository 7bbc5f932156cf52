"""Checks for the exercises of chapter 0 (integer programs in PuLP, on the revision knapsack).

Each check tries a student's function on a few revision plans and compares it with the answer
found without a solver (every subset of at most eight chapters is tried), so a wrong model gets a
sentence saying what its plan breaks: the budget, the target, a rule, or the best possible marks.
When a grader sets a hidden seed (``python -m puzzlelib grade --hidden-seed N``), each check also
tries random plans the students never saw (``feedback.checks.hidden_boards``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from ..feedback.checks import Case, CheckReport, Failure, forbidden, hidden_boards, run_check

Plan = dict[str, int]

#: (name, hours, marks, budget) of the revision plans every check tries.
INSTANCES = [
    ("the chapter's five chapters",
     {"thermometers": 2, "circuits": 3, "binairo": 4, "slider": 3, "flow free": 5},
     {"thermometers": 3, "circuits": 5, "binairo": 6, "slider": 4, "flow free": 8}, 10),
    ("six chapters, 12 hours",
     {"a": 5, "b": 4, "c": 6, "d": 3, "e": 2, "f": 7}, {"a": 9, "b": 7, "c": 10, "d": 4, "e": 3, "f": 11}, 12),
    ("seven chapters, 9 hours",
     {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 2, "g": 3}, {"a": 1, "b": 3, "c": 4, "d": 6, "e": 7, "f": 2, "g": 5}, 9),
    ("four chapters, 4 hours", {"a": 4, "b": 2, "c": 2, "d": 3}, {"a": 7, "b": 3, "c": 3, "d": 4}, 4),
]

#: (name, hours, marks, budget, requires, max_chapters) for Exercise 0.2.
RULED = [
    (name, hours, marks, budget, requires, most)
    for (name, hours, marks, budget), requires, most in zip(
        INSTANCES,
        [[("flow free", "thermometers"), ("binairo", "circuits")], [("f", "e"), ("c", "d")],
         [("e", "a"), ("d", "b")], [("a", "d")]],
        [2, 2, 3, 2])
] + [
    # The best plan revises "b" without "a": an answer that reads "a only if b" as "a if and only if b"
    # (x_a = x_b) loses marks here.
    ("five chapters, 8 hours", {"a": 4, "b": 2, "c": 3, "d": 5, "e": 1}, {"a": 6, "b": 5, "c": 4, "d": 7, "e": 1},
     8, [("a", "b"), ("c", "e")], 3),
    # The best plan has 3 chapters of the 4 allowed: "exactly max_chapters" loses marks here.
    ("five chapters, 11 hours", {"a": 4, "b": 2, "c": 3, "d": 5, "e": 1}, {"a": 6, "b": 5, "c": 4, "d": 7, "e": 1},
     11, [("a", "b"), ("c", "e")], 4),
]

#: A plan whose relaxation's optimum is not a whole number (6.5 against the best plan's 5), so an
#: answer that rounds the bound fails (on the four plans above the bound happens to be whole).
FRACTIONAL = ("three chapters, 4 hours", {"a": 2, "b": 2, "c": 4}, {"a": 1, "b": 4, "c": 5}, 4)


def random_plan(seed: int) -> tuple[Plan, Plan, int, list[tuple[str, str]], int]:
    """A random plan for hidden grading: six chapters, a budget of half their hours, two "only if"
    rules and a limit of 2 to 4 chapters (the rules are used by Exercise 0.2 only)."""
    rng = random.Random(seed)
    names = list("abcdef")
    hours = {k: rng.randint(1, 6) for k in names}
    marks = {k: rng.randint(1, 10) for k in names}
    requires = [tuple(rng.sample(names, 2)) for _ in range(2)]
    return hours, marks, sum(hours.values()) // 2, requires, rng.randint(2, 4)


def hidden_plans() -> list[tuple[str, Plan, Plan, int, list, int]]:
    """The grader's random plans, (name, hours, marks, budget, requires, most); none for a student."""
    return [(name.replace("board", "plan"), *plan) for name, plan in hidden_boards(random_plan)]


def plans(hours: Plan):
    """Every subset of the chapters (there are at most eight)."""
    names = list(hours)
    for r in range(len(names) + 1):
        yield from itertools.combinations(names, r)


def best_marks(hours: Plan, marks: Plan, budget: int, requires=(), most=None) -> int:
    """The most marks any plan within the budget (and the rules) earns, by trying every plan."""
    return max(sum(marks[k] for k in s) for s in plans(hours) if allowed(s, hours, budget, requires, most))


def allowed(plan, hours, budget, requires=(), most=None) -> bool:
    chosen = set(plan)
    return (sum(hours[k] for k in chosen) <= budget and all(b in chosen for a, b in requires if a in chosen)
            and (most is None or len(chosen) <= most))


def _as_plan(answer, hours) -> set | Failure:
    """The student's answer as a set of chapter names, or a Failure saying what it should be."""
    if isinstance(answer, str) or not hasattr(answer, "__iter__"):
        return Failure(f"returned {answer!r}: return the names of the chapters to revise (a list or set)")
    chosen = set(answer)
    unknown = [k for k in chosen if k not in hours]
    if unknown:
        return Failure(f"the plan names {unknown[0]!r}, which is not a chapter of this instance")
    return chosen


# --------------------------------------------------------------------------------------------- #
# Exercise 0.1: the quickest plan that reaches a target
# --------------------------------------------------------------------------------------------- #
def check_quickest_plan(quickest_plan: Callable, exercise: str = "0.1") -> CheckReport:
    """``quickest_plan(hours, marks, target)`` must reach ``target`` marks in the fewest hours."""
    cases = []
    for name, hours, marks, budget, *_ in INSTANCES + hidden_plans():
        target = best_marks(hours, marks, budget) - 1

        def run(hours=hours, marks=marks, target=target):
            chosen = _as_plan(quickest_plan(hours, marks, target), hours)
            if isinstance(chosen, Failure):
                return chosen
            earned, spent = sum(marks[k] for k in chosen), sum(hours[k] for k in chosen)
            if earned < target:
                return Failure(f"the plan {sorted(chosen)} earns {earned} marks, less than the target {target}")
            fewest = min(sum(hours[k] for k in s) for s in plans(hours) if sum(marks[k] for k in s) >= target)
            if spent > fewest:
                return Failure(f"the plan {sorted(chosen)} takes {spent} hours; the quickest plan reaching "
                               f"{target} marks takes {fewest}")
            return None
        cases.append(Case(f"{name}, target {target} marks", run))
    return run_check(exercise, "the quickest plan", cases, unit="plan")


# --------------------------------------------------------------------------------------------- #
# Exercise 0.2: a plan with rules (implications and a cardinality limit)
# --------------------------------------------------------------------------------------------- #
def check_plan_with_rules(plan_with_rules: Callable, exercise: str = "0.2") -> CheckReport:
    """``plan_with_rules(hours, marks, budget, requires, max_chapters)``: the most marks within the
    budget, where ``(a, b)`` in ``requires`` means "revise a only if b is revised too"."""
    cases = []
    for name, hours, marks, budget, requires, most in RULED + hidden_plans():
        def run(hours=hours, marks=marks, budget=budget, requires=requires, most=most):
            chosen = _as_plan(plan_with_rules(hours, marks, budget, requires, most), hours)
            if isinstance(chosen, Failure):
                return chosen
            spent, earned = sum(hours[k] for k in chosen), sum(marks[k] for k in chosen)
            if spent > budget:
                return Failure(f"the plan {sorted(chosen)} takes {spent} hours, more than the budget {budget}")
            for a, b in requires:
                if a in chosen and b not in chosen:
                    return Failure(f"the plan revises {a!r} without {b!r}, but {a!r} needs {b!r}")
            if len(chosen) > most:
                return Failure(f"the plan has {len(chosen)} chapters, more than the {most} allowed")
            best = best_marks(hours, marks, budget, requires, most)
            if earned < best:
                return Failure(f"the plan {sorted(chosen)} earns {earned} marks; the best plan that keeps "
                               f"every rule earns {best}: does a constraint of yours forbid more than the "
                               f"rules do?{_rule_hint(hours, marks, budget, requires, most, best)}")
            return None
        cases.append(Case(f"{name}, at most {most} chapters", run))
    return run_check(exercise, "the plan with rules", cases, unit="plan")


def _rule_hint(hours, marks, budget, requires, most, best) -> str:
    """What every best plan does that a too strict reading of the rules forbids, as a hint."""
    best_plans = [set(s) for s in plans(hours)
                  if allowed(s, hours, budget, requires, most) and sum(marks[k] for k in s) == best]
    hints = []
    if requires and all(any(b in s and a not in s for a, b in requires) for s in best_plans):
        hints.append("'a only if b' still allows b without a")
    if all(len(s) < most for s in best_plans):
        hints.append(f"'at most {most}' allows fewer")
    return f" ({'; '.join(hints)})" if hints else ""


# --------------------------------------------------------------------------------------------- #
# Exercise 0.3: the LP relaxation's bound
# --------------------------------------------------------------------------------------------- #
def fractional_bound(hours: Plan, marks: Plan, budget: int) -> float:
    """The LP relaxation's optimum of the knapsack, without a solver: take chapters in order of
    marks per hour, and a fraction of the first one that does not fit (Dantzig's rule)."""
    left, total = budget, 0.0
    for k in sorted(hours, key=lambda k: marks[k] / hours[k], reverse=True):
        take = min(1.0, left / hours[k])
        total += take * marks[k]
        left -= take * hours[k]
        if left <= 0:
            break
    return total


def check_relaxation_bound(relaxation_bound: Callable, exercise: str = "0.3") -> CheckReport:
    """``relaxation_bound(hours, marks, budget)`` must return the LP relaxation's optimum, found with
    a model: ``fractional_bound`` (the check's own answer, which the written question points to) is
    blocked while the check runs."""
    cases = []
    for name, hours, marks, budget, *_ in INSTANCES + [FRACTIONAL] + hidden_plans():
        want, best = fractional_bound(hours, marks, budget), best_marks(hours, marks, budget)

        def run(hours=hours, marks=marks, budget=budget, want=want, best=best):
            got = relaxation_bound(hours, marks, budget)
            if isinstance(got, bool) or not isinstance(got, (int, float)):
                return Failure(f"returned {got!r}: return the optimal value, a number")
            if abs(got - want) <= 1e-6:
                return None
            if want != int(want) and got == int(got) and abs(got - want) < 1:
                return Failure(f"returned {got:g}, the bound {want:g} rounded to a whole number: the "
                               "relaxation's optimum may be a fraction; return it as it is")
            if abs(got - best) <= 1e-6:
                return Failure(f"returned {got:g}, the integer optimum: solve the relaxation "
                               f"(solve_model(problem, relax=True)), whose optimum is {want:g}")
            if abs(got) <= 1e-6:
                return Failure("returned 0, the plan that revises nothing: is the objective maximised "
                               "(new_problem(name, pulp.LpMaximize))?")
            if abs(got - sum(marks.values())) <= 1e-6:
                return Failure(f"returned {got:g}, the marks of every chapter: the budget is missing")
            return Failure(f"returned {got:g}, but the LP relaxation's optimum is {want:g}")
        cases.append(Case(name, run))
    with forbidden(relaxation_bound, {"checks.fractional_bound": fractional_bound}):
        return run_check(exercise, "the LP relaxation's bound", cases, unit="plan")


__all__ = ["INSTANCES", "RULED", "FRACTIONAL", "random_plan", "hidden_plans", "best_marks", "fractional_bound", "check_quickest_plan",
           "check_plan_with_rules", "check_relaxation_bound"]
