"""Checks for the exercises of chapter 0 (integer programs in PuLP, on the revision knapsack).

Each check tries a student's function on a few revision plans and judges the answer by its
properties, worked out without a solver before the student's function runs (every subset of at most
eight chapters is tried; the relaxation's optimum of 0.3 is an LP solved here). A wrong answer gets a
sentence saying what its plan breaks (the budget, the target, a rule) or that a better plan exists,
never the plan or the number the function should have returned. While a check runs, its own
helpers (``best_marks``, ``allowed``, ``plans``) are unavailable to the student's function. When a
grader sets a hidden seed (``python -m puzzlelib grade --hidden-seed N``), each check also tries
random plans the students never saw (``feedback.checks.hidden_boards``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pulp

from ..engine import add_binary, new_problem, solve_model
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

#: More plans for 0.3 where the relaxation beats every real plan (it takes a fraction of a chapter),
#: so that the integer optimum, returned by mistake, is wrong on most cases.
GAPS = [
    ("four chapters, 6 hours", {"a": 2, "b": 3, "c": 4, "d": 5}, {"a": 5, "b": 6, "c": 7, "d": 8}, 6),
    ("five chapters, 12 hours", {"a": 4, "b": 6, "c": 3, "d": 5, "e": 2}, {"a": 9, "b": 11, "c": 5, "d": 8, "e": 2},
     12),
]


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


def _helpers() -> dict[str, Callable]:
    """The check's own helpers, blocked while a student's function runs (a brute force over
    ``plans`` is no integer program)."""
    return {"checks.best_marks": best_marks, "checks.allowed": allowed, "checks.plans": plans}


def _as_plan(answer, hours) -> set | Failure:
    """The student's answer as a set of chapter names, or a Failure saying what it should be."""
    if isinstance(answer, str) or not hasattr(answer, "__iter__"):
        return Failure(f"returned {answer!r}: return the names of the chapters to revise (a list or set)",
                       code="wrong-return-type")
    chosen = set(answer)
    unknown = [k for k in chosen if k not in hours]
    if unknown:
        return Failure(f"the plan names {unknown[0]!r}, which is not a chapter of this instance",
                       code="unknown-chapter")
    return chosen


# --------------------------------------------------------------------------------------------- #
# Exercise 0.1: the quickest plan that reaches a target
# --------------------------------------------------------------------------------------------- #
def check_quickest_plan(quickest_plan: Callable, exercise: str = "0.1") -> CheckReport:
    """``quickest_plan(hours, marks, target)`` must reach ``target`` marks in the fewest hours."""
    cases = []
    for name, hours, marks, budget, *_ in INSTANCES + hidden_plans():
        target = best_marks(hours, marks, budget) + 1  # just beyond the budget: no single chapter reaches it
        fewest = min(sum(hours[k] for k in s) for s in plans(hours) if sum(marks[k] for k in s) >= target)

        def run(hours=hours, marks=marks, target=target, fewest=fewest):
            chosen = _as_plan(quickest_plan(dict(hours), dict(marks), target), hours)
            if isinstance(chosen, Failure):
                return chosen
            earned, spent = sum(marks[k] for k in chosen), sum(hours[k] for k in chosen)
            if earned < target:
                return Failure(f"the plan {sorted(chosen)} earns {earned} marks, less than the target {target}",
                               code="breaks-rule:target")
            if spent > fewest:
                return Failure(f"the plan {sorted(chosen)} takes {spent} hours, but the quickest plan reaching "
                               f"{target} marks takes fewer: is the objective the hours, minimised?",
                               code="not-quickest")
            return None
        cases.append(Case(f"{name}, target {target} marks", run))
    with forbidden(quickest_plan, _helpers()):
        return run_check(exercise, "the quickest plan", cases, unit="plan")


# --------------------------------------------------------------------------------------------- #
# Exercise 0.2: a plan with rules (implications and a cardinality limit)
# --------------------------------------------------------------------------------------------- #
def check_plan_with_rules(plan_with_rules: Callable, exercise: str = "0.2") -> CheckReport:
    """``plan_with_rules(hours, marks, budget, requires, max_chapters)``: the most marks within the
    budget, where ``(a, b)`` in ``requires`` means "revise a only if b is revised too"."""
    cases = []
    for name, hours, marks, budget, requires, most in RULED + hidden_plans():
        best = best_marks(hours, marks, budget, requires, most)
        strict = _too_strict(hours, marks, budget, requires, most, best)

        def run(hours=hours, marks=marks, budget=budget, requires=requires, most=most, best=best, strict=strict):
            chosen = _as_plan(plan_with_rules(dict(hours), dict(marks), budget, list(requires), most), hours)
            if isinstance(chosen, Failure):
                return chosen
            spent, earned = sum(hours[k] for k in chosen), sum(marks[k] for k in chosen)
            if spent > budget:
                return Failure(f"the plan {sorted(chosen)} takes {spent} hours, more than the budget {budget}",
                               code="breaks-rule:budget")
            for a, b in requires:
                if a in chosen and b not in chosen:
                    return Failure(f"the plan revises {a!r} without {b!r}, but {a!r} needs {b!r}",
                                   code="breaks-rule:only-if")
            if len(chosen) > most:
                return Failure(f"the plan has {len(chosen)} chapters, more than the {most} allowed",
                               code="breaks-rule:at-most")
            if earned < best:
                hints = [(code, hint) for code, hint, reading in strict if chosen and reading(chosen)]
                code = hints[0][0] if len(hints) == 1 else "not-best"
                reason = f" ({'; '.join(hint for _, hint in hints)})" if hints else ""
                return Failure(f"the plan {sorted(chosen)} earns {earned} marks, but the best plan that keeps "
                               "every rule earns more: does a constraint of yours forbid more than the rules do?"
                               f"{reason}",
                               code=code)
            return None
        cases.append(Case(f"{name}, at most {most} chapters", run))
    with forbidden(plan_with_rules, _helpers()):
        return run_check(exercise, "the plan with rules", cases, unit="plan")


def _too_strict(hours, marks, budget, requires, most, best) -> list[tuple[str, str, Callable]]:
    """The too strict readings of the rules that every best plan breaks, as (code, hint, reading): a
    plan that keeps ``reading`` (and earns less than the best) was most likely made by it."""
    best_plans = [set(s) for s in plans(hours)
                  if allowed(s, hours, budget, requires, most) and sum(marks[k] for k in s) == best]
    found = []
    if requires and all(any(b in s and a not in s for a, b in requires) for s in best_plans):
        found.append(("only-if-read-as-iff", "'a only if b' still allows b without a",
                      lambda chosen: all((a in chosen) == (b in chosen) for a, b in requires)))
    if all(len(s) < most for s in best_plans):
        found.append(("at-most-read-as-exactly", f"'at most {most}' allows fewer",
                      lambda chosen: len(chosen) == most))
    return found


# --------------------------------------------------------------------------------------------- #
# Exercise 0.3: the LP relaxation's bound
# --------------------------------------------------------------------------------------------- #
def _relaxation_cases() -> list[tuple[str, list]]:
    """0.3's cases: (name, plans). The plans where the relaxation takes no fraction share one case,
    so that returning the integer optimum by mistake passes one case only."""
    whole = [("the chapter's five chapters", *INSTANCES[0][1:]), *[(n, *rest) for n, *rest in INSTANCES[2:]]]
    return ([("the chapter's plan and two more where the best chapters fill the budget exactly", whole)]
            + [(name, [(name, hours, marks, budget)])
               for name, hours, marks, budget in [INSTANCES[1], FRACTIONAL, *GAPS]]
            + [(name, [(name, hours, marks, budget)]) for name, hours, marks, budget, *_ in hidden_plans()])


def check_relaxation_bound(relaxation_bound: Callable, exercise: str = "0.3") -> CheckReport:
    """``relaxation_bound(hours, marks, budget)`` must return the LP relaxation's optimum.

    The truth is the relaxation solved here before the student's function runs; no message prints it."""
    def lp_optimum(hours, marks, budget) -> float:
        problem = new_problem("relaxed", pulp.LpMaximize)
        x = {k: add_binary(problem, f"x_{i}") for i, k in enumerate(hours)}
        problem += pulp.lpSum(marks[k] * x[k] for k in hours)
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= budget, "budget"
        return solve_model(problem, relax=True)

    def case(name, instances):
        prepared = [(plan, hours, marks, budget, lp_optimum(hours, marks, budget), best_marks(hours, marks, budget))
                    for plan, hours, marks, budget in instances]

        def run():
            for plan, hours, marks, budget, want, best in prepared:
                failure = _judge_bound(relaxation_bound(dict(hours), dict(marks), budget), want, best, marks)
                if failure:
                    return failure if len(prepared) == 1 else \
                        Failure(f"on {plan}: {failure.message}", code=failure.code)
            return None
        return Case(name, run)

    cases = [case(name, instances) for name, instances in _relaxation_cases()]
    with forbidden(relaxation_bound, _helpers()):
        return run_check(exercise, "the LP relaxation's bound", cases, unit="case")


def _judge_bound(got, want: float, best: int, marks: Plan) -> Failure | None:
    """Whether ``got`` is the relaxation's optimum ``want``; else the fault, without the number."""
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        return Failure(f"returned {got!r}: return the optimal value, a number", code="wrong-return-type")
    if abs(got - want) <= 1e-6:
        return None
    if want != int(want) and got == int(got) and abs(got - want) < 1:
        return Failure(f"returned {got:g}, a bound rounded to a whole number? Here the relaxation's optimum is a "
                       "fraction: return it as it is", code="rounded")
    if abs(got - best) <= 1e-6:
        return Failure(f"returned {got:g}, the best plan's marks (the integer optimum): solve the relaxation "
                       "(solve_model(problem, relax=True)), which here allows more", code="integer-optimum")
    if abs(got) <= 1e-6:
        return Failure("returned 0, the plan that revises nothing: is the objective maximised "
                       "(new_problem(name, pulp.LpMaximize))?", code="minimises")
    if abs(got - sum(marks.values())) <= 1e-6:
        return Failure(f"returned {got:g}, the marks of every chapter: the budget is missing",
                       code="ignores-budget")
    if got > want:
        return Failure(f"returned {got:g}, but the LP relaxation's optimum is lower: more than the relaxation can "
                       "earn within the budget", code="bound-too-high")
    return Failure(f"returned {got:g}, but the LP relaxation's optimum is higher: the relaxation may revise part "
                   "of a chapter", code="bound-too-low")


__all__ = ["INSTANCES", "RULED", "FRACTIONAL", "GAPS", "random_plan", "hidden_plans", "best_marks",
           "check_quickest_plan", "check_plan_with_rules", "check_relaxation_bound"]
