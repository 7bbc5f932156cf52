"""The exercise checks of chapters 0 and 1 tell right answers from the wrong ones students write.

For each exercise: the model answer passes, and at least three wrong answers (a dropped constraint,
a reversed inequality, an off-by-one, an ignored argument, a call of the library's own answer) fail
with a message that names the fault.
"""

import itertools

import pulp
import pytest

from puzzlelib import intro_checks as intro
from puzzlelib import thermometer as th
from puzzlelib.core import NoSolution, add_binary, new_problem, solve_model
from puzzlelib.thermometer import checks


def grid_model(board, fill="right", counts="right", warm=None):
    """A Thermometers-style model with the faults of the tests switched on by name."""
    m, n = board.shape
    problem = new_problem("answer")
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(m) for j in range(n)}
    for i in range(m):
        count = board.rows[i]
        if count is None and counts == "right":
            continue
        if counts == "drop_cols" or count is not None or counts == "hidden_as_zero":
            problem += pulp.lpSum(x[i, j] for j in range(n)) == (count or 0)
    if counts != "drop_cols":
        for j in range(n):
            count = board.cols[j]
            if count is None and counts == "right":
                continue
            problem += pulp.lpSum(x[i, j] for i in range(m)) == (count or 0)
    for cells in board.thermometers:
        pairs = range(1, len(cells) - 1) if fill == "skip_tip" else range(1, len(cells))
        for k in pairs:
            a, b = cells[k - 1], cells[k]
            problem += (x[a] <= x[b]) if fill == "reversed" else (x[a] >= x[b])
        if warm == "bulb":
            problem += x[cells[0]] >= 1
        elif warm == "tip":
            problem += x[cells[-1]] >= 1
    return problem, x


def report_text(report):
    return report.summary()


# -- Exercise 1.1: warm thermometers with hidden counts -------------------------------------------
def test_warm_right_answer_passes():
    report = checks.check_warm(lambda b: grid_model(b, warm="bulb"))
    assert report.passed, report_text(report)


@pytest.mark.parametrize("kwargs, fault", [
    (dict(warm=None), "holds no mercury"),                               # the warm rule dropped
    (dict(warm="tip"), "rules out a valid filling"),                     # every tip filled instead
    (dict(warm="bulb", counts="hidden_as_zero"), "breaks your constraint"),  # hidden counts read as 0
    (dict(warm="bulb", fill="reversed"), "breaks your constraint x_0_0 - x_"),  # reversed inequality
])
def test_warm_wrong_answers_fail_by_name(kwargs, fault):
    report = checks.check_warm(lambda b: grid_model(b, **kwargs))
    assert not report.passed and fault in report_text(report), report_text(report)


def test_warm_names_the_constraint_that_cuts_off_a_valid_filling():
    text = report_text(checks.check_warm(lambda b: grid_model(b, warm="tip")))
    assert "breaks your constraint x_" in text and ">= 1" in text


def test_warm_battery_has_hidden_counts_and_several_fillings():
    boards = [b for _, b in checks.warm_battery()]
    assert any(None in b.rows + b.cols for b in boards)
    assert max(len(checks.warm_fillings(b)) for b in boards) >= 2
    for b in boards:
        for grid in checks.warm_fillings(b):
            assert checks.warm_verify(b, grid) == []


# -- Exercise 1.2: the corrected model ------------------------------------------------------------
def test_model_right_answer_passes():
    report = checks.check_model(lambda p: grid_model(p))
    assert report.passed, report_text(report)


@pytest.mark.parametrize("build, fault", [
    (lambda p: grid_model(p, fill="skip_tip"), "nearer the bulb, is empty"),   # the colleague's bug
    (lambda p: grid_model(p, fill="reversed"), "breaks your constraint x_0_0 - x_0_1 <= 0"),  # reversed
    (lambda p: grid_model(p, counts="drop_cols"), "col "),                     # column counts dropped
    (lambda p: th.build_model(p), "calls th.build_model"),                     # the library's answer
])
def test_model_wrong_answers_fail_by_name(build, fault):
    report = checks.check_model(build)
    assert not report.passed and fault in report_text(report), report_text(report)


def test_the_colleagues_model_returns_a_rejected_filling_with_both_solvers():
    board = th.Puzzle.from_text(th.SEED_BOARD)
    for solver in ("highs", "cbc"):
        problem, x = grid_model(board, fill="skip_tip")
        solve_model(problem, solver=solver)
        grid = [[round(x[i, j].value()) for j in range(5)] for i in range(5)]
        assert th.verify(board, grid) != []


# -- Exercise 1.3: counting with a limit ----------------------------------------------------------
def counter(style="right"):
    def count_solutions(puzzle, limit):
        problem, x = th.build_model(puzzle)
        count = 0
        stop = {"off_by_one": limit + 1, "stop_early": limit - 1}.get(style, limit)
        while style == "ignore_limit" or count < stop:
            try:
                solve_model(problem)
            except NoSolution:
                break
            count += 1
            ones = [v for v in x.values() if v.value() > 0.5]
            zeros = [v for v in x.values() if v.value() <= 0.5]
            if style == "no_cut":  # builds the cut but never adds it
                _ = pulp.lpSum(1 - v for v in ones) + pulp.lpSum(zeros) >= 1
            else:
                problem += pulp.lpSum(1 - v for v in ones) + pulp.lpSum(zeros) >= 1
        return count
    return count_solutions


def test_count_right_answer_passes():
    report = checks.check_count(counter())
    assert report.passed, report_text(report)


@pytest.mark.parametrize("answer, fault", [
    (counter("ignore_limit"), "the count must stop at limit"),
    (counter("off_by_one"), "the count must stop at limit"),
    (counter("no_cut"), "or a filling twice"),
    (counter("stop_early"), "the loop stops early"),
    (lambda p, limit: len(th.solutions(p, limit)), "calls th.solutions"),
    (lambda p, limit: 1, "but the board has"),
])
def test_count_wrong_answers_fail_by_name(answer, fault):
    report = checks.check_count(answer)
    assert not report.passed and fault in report_text(report), report_text(report)


def test_forbidden_functions_are_restored_after_a_check():
    checks.check_count(lambda p, limit: len(th.solutions(p, limit)))
    assert len(th.solutions(th.Puzzle.from_text(th.SEED_BOARD))) == 1


# -- Chapter 0 ------------------------------------------------------------------------------------
def plan(hours, marks, budget, style="right", requires=(), max_chapters=None):
    problem = new_problem("plan", pulp.LpMaximize)
    x = {k: add_binary(problem, f"x_{i}") for i, k in enumerate(hours)}
    problem += pulp.lpSum(marks[k] * x[k] for k in hours)
    if style == "reversed":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) >= budget
    elif style == "ignore_budget":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= 10
    elif style == "off_by_one":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= budget - 1
    elif style != "no_budget":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= budget
    for a, b in requires:
        if style == "reversed_requires":
            problem += x[b] <= x[a]
        elif style != "ignore_requires":
            problem += x[a] <= x[b]
    if max_chapters is not None and style != "ignore_max":
        problem += pulp.lpSum(x.values()) <= max_chapters - (1 if style == "max_off_by_one" else 0)
    try:
        solve_model(problem)
    except NoSolution:
        return set()
    return {k for k in hours if x[k].value() > 0.5}


def quickest(hours, marks, target, style="right"):
    problem = new_problem("quickest", pulp.LpMaximize if style == "maximise" else pulp.LpMinimize)
    x = {k: add_binary(problem, f"x_{i}") for i, k in enumerate(hours)}
    problem += pulp.lpSum(hours[k] * x[k] for k in hours)
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


def test_intro_quickest_plan():
    assert intro.check_quickest_plan(quickest).passed
    for style, fault in [("reversed", "less than the target"), ("no_target", "less than the target"),
                         ("off_by_one", "the quickest plan reaching"), ("maximise", "the quickest plan reaching")]:
        text = report_text(intro.check_quickest_plan(lambda h, m, t, s=style: quickest(h, m, t, s)))
        assert fault in text, (style, text)


def test_intro_plan_with_rules():
    right = lambda h, m, b, req, k: plan(h, m, b, requires=req, max_chapters=k)
    assert intro.check_plan_with_rules(right).passed
    for style, fault in [("ignore_requires", "needs"), ("reversed_requires", "needs"),
                         ("ignore_max", "chapters, more than"), ("max_off_by_one", "the best plan")]:
        text = report_text(intro.check_plan_with_rules(
            lambda h, m, b, req, k, s=style: plan(h, m, b, s, requires=req, max_chapters=k)))
        assert fault in text, (style, text)


def relaxed(hours, marks, budget, style="right"):
    problem = new_problem("relaxed", pulp.LpMaximize)
    x = {k: add_binary(problem, f"x_{i}") for i, k in enumerate(hours)}
    problem += pulp.lpSum(marks[k] * x[k] for k in hours)
    if style != "no_budget":
        problem += pulp.lpSum(hours[k] * x[k] for k in hours) <= (budget - 1 if style == "off_by_one" else budget)
    return solve_model(problem, relax=(style != "integer"))


def test_intro_relaxation_bound():
    assert intro.check_relaxation_bound(relaxed).passed
    for style, fault in [("integer", "the integer optimum"), ("no_budget", "every chapter"),
                         ("off_by_one", "the LP relaxation's optimum is")]:
        text = report_text(intro.check_relaxation_bound(lambda h, m, b, s=style: relaxed(h, m, b, s)))
        assert fault in text, (style, text)


def test_intro_brute_force_agrees_with_enumeration():
    hours, marks = intro.INSTANCES[0][1:3]
    best = max(sum(marks[k] for k in s) for r in range(len(hours) + 1)
               for s in itertools.combinations(hours, r) if sum(hours[k] for k in s) <= 10)
    assert intro.best_marks(hours, marks, 10) == best


def test_intro_written_answer_of_exercise_0_3():
    gaps = {name: intro.fractional_bound(h, m, b) - intro.best_marks(h, m, b) for name, h, m, b in intro.INSTANCES}
    assert gaps == {"the chapter's five chapters": 0, "six chapters, 12 hours": 1,
                    "seven chapters, 9 hours": 0, "four chapters, 4 hours": 0}


def test_written_answer_of_exercise_1_1_counts_the_example_thermometers():
    assert len(checks.WARM_EXAMPLE.thermometers) == 9
