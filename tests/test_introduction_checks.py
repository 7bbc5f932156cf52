"""The exercise checks of chapter 0 judge answers by their properties, name each fault by a code,
score vacuous answers 0, hold no answer a student could call, and print no answer in a message."""

from __future__ import annotations

import itertools

import pulp
import pytest

from puzzlelib.engine import NoSolution, add_binary, new_problem, solve_model
from puzzlelib.introduction import checks as intro


def plan(hours, marks, budget, style="right", requires=(), max_chapters=None):
    """A plan with the most marks; ``style`` switches one fault on."""
    problem = new_problem("plan", pulp.LpMaximize)
    x = {k: add_binary(problem, f"x_{i}") for i, k in enumerate(hours)}
    problem += pulp.lpSum(marks[k] * x[k] for k in hours)
    if style == "reversed":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) >= budget
    elif style == "fixed_budget":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= 10
    elif style != "no_budget":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= budget
    for a, b in requires:
        if style == "reversed_requires":
            problem += x[b] <= x[a]
        elif style == "iff":
            problem += x[a] - x[b] == 0
        elif style != "ignore_requires":
            problem += x[a] <= x[b]
    if max_chapters is not None and style != "ignore_max":
        count = pulp.lpSum(x.values())
        problem += (count == max_chapters) if style == "exactly" else (count <= max_chapters)
    try:
        solve_model(problem)
    except NoSolution:
        return set()
    return {k for k in hours if x[k].value() > 0.5}


def quickest(hours, marks, target, style="right"):
    problem = new_problem("quickest", pulp.LpMaximize if style == "maximise" else pulp.LpMinimize)
    x = {k: add_binary(problem, f"x_{i}") for i, k in enumerate(hours)}
    problem += pulp.lpSum(x.values()) if style == "fewest_chapters" else pulp.lpSum(hours[k] * x[k] for k in hours)
    earned = pulp.lpSum(marks[k] * x[k] for k in hours)
    if style == "reversed":
        problem += earned <= target
    elif style == "off_by_one":
        problem += earned >= target + 1
    elif style == "maximise":
        problem += earned >= target
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= 20
    elif style != "no_target":
        problem += earned >= target
    solve_model(problem)
    return [k for k in hours if x[k].value() > 0.5]


def relaxed(hours, marks, budget, style="right"):
    problem = new_problem("relaxed", pulp.LpMinimize if style == "minimise" else pulp.LpMaximize)
    x = {k: add_binary(problem, f"x_{i}") for i, k in enumerate(hours)}
    problem += pulp.lpSum(marks[k] * x[k] for k in hours)
    if style != "no_budget":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= (budget - 1 if style == "off_by_one" else budget)
    value = solve_model(problem, relax=(style != "integer"))
    return {"int": int, "round": round}.get(style, float)(value)


def fails(report, *codes):
    assert report.status == "failed", report.summary()
    for code in codes:
        assert code in report.codes, (code, report.codes, report.summary())


def scores_nothing(report):
    assert report.status == "failed" and report.passed_boards == 0 and report.score == 0, report.summary()


RULES = lambda h, m, b, req, k, style="right": plan(h, m, b, style, requires=req, max_chapters=k)  # noqa: E731


# -- 0.1 ----------------------------------------------------------------------------------------------
def test_quickest_plan_right_answer_passes():
    assert intro.check_quickest_plan(quickest).passed


@pytest.mark.parametrize("style, code", [("reversed", "breaks-rule:target"), ("no_target", "breaks-rule:target"),
                                         ("off_by_one", "not-quickest"), ("maximise", "not-quickest"),
                                         ("fewest_chapters", "not-quickest")])
def test_quickest_plan_wrong_answers_fail(style, code):
    fails(intro.check_quickest_plan(lambda h, m, t: quickest(h, m, t, style)), code)


@pytest.mark.parametrize("vacuous", [lambda h, m, t: [], lambda h, m, t: list(h), lambda h, m, t: [next(iter(h))],
                                     lambda h, m, t: [list(h)[-1]], lambda h, m, t: max(h, key=m.get)])
def test_quickest_plan_vacuous_answers_score_nothing(vacuous):
    scores_nothing(intro.check_quickest_plan(vacuous))


def test_quickest_plan_wrong_types_are_named():
    fails(intro.check_quickest_plan(lambda h, m, t: 3), "wrong-return-type")
    fails(intro.check_quickest_plan(lambda h, m, t: ["calculus"]), "unknown-chapter")


# -- 0.2 ----------------------------------------------------------------------------------------------
def test_plan_with_rules_right_answer_passes():
    assert intro.check_plan_with_rules(RULES).passed


@pytest.mark.parametrize("style, code", [
    ("ignore_requires", "breaks-rule:only-if"), ("reversed_requires", "breaks-rule:only-if"),
    ("ignore_max", "breaks-rule:at-most"), ("iff", "only-if-read-as-iff"), ("exactly", "at-most-read-as-exactly"),
    ("fixed_budget", "breaks-rule:budget"), ("reversed", "breaks-rule:budget"),
])
def test_plan_with_rules_wrong_answers_fail(style, code):
    fails(intro.check_plan_with_rules(lambda h, m, b, req, k: RULES(h, m, b, req, k, style)), code)


@pytest.mark.parametrize("vacuous", [lambda *a: [], lambda h, *a: list(h), lambda h, *a: [next(iter(h))],
                                     lambda h, *a: [list(h)[-1]]])
def test_plan_with_rules_vacuous_answers_score_nothing(vacuous):
    scores_nothing(intro.check_plan_with_rules(vacuous))


def test_an_empty_plan_is_not_blamed_on_a_reading_of_the_rules():
    report = intro.check_plan_with_rules(lambda *a: [])
    assert set(report.codes) == {"not-best"}, report.codes


# -- 0.3 ----------------------------------------------------------------------------------------------
def test_relaxation_bound_right_answer_passes():
    assert intro.check_relaxation_bound(relaxed).passed


@pytest.mark.parametrize("style, code", [("integer", "integer-optimum"), ("no_budget", "ignores-budget"),
                                         ("off_by_one", "bound-too-low"), ("int", "rounded"), ("round", "rounded"),
                                         ("minimise", "minimises")])
def test_relaxation_bound_wrong_answers_fail(style, code):
    fails(intro.check_relaxation_bound(lambda h, m, b: relaxed(h, m, b, style)), code)


def test_the_integer_optimum_passes_one_case_only():
    report = intro.check_relaxation_bound(lambda h, m, b: relaxed(h, m, b, "integer"))
    assert report.passed_boards == 1 and report.score < 0.25, report.summary()


@pytest.mark.parametrize("vacuous", [lambda h, m, b: 0, lambda h, m, b: 1, lambda h, m, b: sum(m.values()),
                                     lambda h, m, b: b, lambda h, m, b: max(m.values())])
def test_relaxation_bound_vacuous_answers_score_nothing(vacuous):
    scores_nothing(intro.check_relaxation_bound(vacuous))


def test_relaxation_bound_messages_never_print_the_bound():
    truths = {}
    for name, instances in intro._relaxation_cases():
        truths[name] = [relaxed(h, m, b) for _, h, m, b in instances]
    for shift in (0.5, -0.5, 2):
        report = intro.check_relaxation_bound(lambda h, m, b, s=shift: relaxed(h, m, b) + s)
        assert report.passed_boards == 0
        for name, failure in report.failures:
            text = failure.message
            for truth in truths[name]:
                text = text.replace(f"returned {truth + shift:g}", "")
            assert not any(f"{t:g}" in text for t in truths[name]), failure.message


# -- no answer within the student's reach -------------------------------------------------------------
def test_the_checks_hold_no_answer_function():
    assert not hasattr(intro, "fractional_bound")
    # the remaining helpers answer nothing by themselves, and each check blocks them while it runs
    for check, cheat in [
        (intro.check_quickest_plan, lambda h, m, t: min(
            (s for s in intro.plans(h) if sum(m[k] for k in s) >= t), key=lambda s: sum(h[k] for k in s))),
        (intro.check_plan_with_rules, lambda h, m, b, r, k: max(
            (s for s in intro.plans(h) if intro.allowed(s, h, b, r, k)), key=lambda s: sum(m[k] for k in s))),
        (intro.check_relaxation_bound, lambda h, m, b: intro.best_marks(h, m, b)),
    ]:
        report = check(cheat)
        scores_nothing(report)
        assert all(code.startswith("calls-library:checks.") for code in report.codes), report.codes


def test_no_function_of_the_checks_gives_the_relaxations_bound():
    instances = [(h, m, b) for _, h, m, b in [*intro.INSTANCES, intro.FRACTIONAL, *intro.GAPS]]
    for f in [f for f in vars(intro).values() if callable(f) and getattr(f, "__module__", "") == intro.__name__]:
        try:
            right = all(abs(f(dict(h), dict(m), b) - relaxed(h, m, b)) < 1e-6 for h, m, b in instances)
        except Exception:
            right = False
        assert not right, f.__name__


def test_brute_force_agrees_with_enumeration():
    hours, marks = intro.INSTANCES[0][1:3]
    best = max(sum(marks[k] for k in s) for r in range(len(hours) + 1)
               for s in itertools.combinations(hours, r) if sum(hours[k] for k in s) <= 10)
    assert intro.best_marks(hours, marks, 10) == best


def test_written_answer_of_exercise_0_3():
    """The relaxation beats the best plan on "six chapters, 12 hours" only, by one mark."""
    gaps = {name: relaxed(h, m, b) - intro.best_marks(h, m, b) for name, h, m, b in intro.INSTANCES}
    assert gaps == {"the chapter's five chapters": 0, "six chapters, 12 hours": 1,
                    "seven chapters, 9 hours": 0, "four chapters, 4 hours": 0}
    assert all(relaxed(h, m, b) > intro.best_marks(h, m, b) for _, h, m, b in [intro.FRACTIONAL, *intro.GAPS])


def test_a_hidden_seed_grows_each_battery_and_right_answers_still_pass(monkeypatch):
    public = [check(right).total_boards for check, right in [
        (intro.check_quickest_plan, quickest), (intro.check_plan_with_rules, RULES),
        (intro.check_relaxation_bound, relaxed)]]
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "5")
    assert [name for name, *_ in intro.hidden_plans()] == ["hidden plan 1", "hidden plan 2", "hidden plan 3"]
    for (check, right), total in zip([(intro.check_quickest_plan, quickest), (intro.check_plan_with_rules, RULES),
                                      (intro.check_relaxation_bound, relaxed)], public):
        report = check(right)
        assert report.passed and report.total_boards == total + 3, report.summary()
