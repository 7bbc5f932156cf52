"""The exercise checks of chapter 3 pass right answers, fail broken ones, and call stubs unfinished."""

import pulp
import pytest

from puzzlelib import binairo as bn
from puzzlelib.binairo import checks as ck
from puzzlelib.core.enumeration import enumerate_solutions


def stub(*args):
    raise NotImplementedError("Exercise 3.x: replace this line with your code")


def two_rules(puzzle):
    return bn.build_model(puzzle, distinct=None)


def count(puzzle, limit):
    problem, x = two_rules(puzzle)
    return len(enumerate_solutions(problem, x.values(), lambda: None, limit))


def plus(puzzle, signs):
    problem, x = bn.build_model(puzzle)
    for (a, b), sign in signs.items():
        problem += (x[a] == x[b]) if sign == "=" else (x[a] + x[b] == 1)
    return problem, x


def off_by_one_windows(puzzle):
    """Rules 1 and 2 with the last window of three in each line forgotten."""
    n = puzzle.size
    problem = pulp.LpProblem("b", pulp.LpMinimize)
    x = {(i, j): problem.add_variable(f"x_{i}_{j}", cat=pulp.LpBinary) for i in range(n) for j in range(n)}
    for (i, j), v in puzzle.given_cells().items():
        problem += x[i, j] == v
    for i in range(n):
        problem += pulp.lpSum(x[i, j] for j in range(n)) == n // 2
        problem += pulp.lpSum(x[j, i] for j in range(n)) == n // 2
        for k in range(n - 3):
            problem += pulp.lpSum(x[i, k + t] for t in range(3)) <= 2
            problem += pulp.lpSum(x[i, k + t] for t in range(3)) >= 1
            problem += pulp.lpSum(x[k + t, i] for t in range(3)) <= 2
            problem += pulp.lpSum(x[k + t, i] for t in range(3)) >= 1
    return problem, x


@pytest.mark.parametrize("check, right", [
    (ck.check_two_rules, two_rules), (ck.check_count, count),
    (ck.check_bigm, lambda p: bn.build_model(p, "bigm")), (ck.check_plus, plus),
])
def test_right_answers_pass_and_stubs_are_not_done(check, right):
    assert check(right).passed
    report = check(stub)
    assert report.status == "not done" and "not done yet" in report.summary()


def test_the_broken_bigm_fails_with_both_symptoms():
    report = ck.check_bigm(ck.build_bigm_broken)
    assert report.status == "failed"
    text = report.summary()
    assert "rules out a valid filling" in text and "cols" in text and "are equal" in text
    assert report.failures[0][1].figure().axes  # the picture of the mistake draws


def test_wrong_models_fail():
    assert not ck.check_two_rules(off_by_one_windows).passed
    assert not ck.check_two_rules(lambda p: bn.build_model(p)).passed  # rule 3 kept: too few fillings
    assert not ck.check_bigm(two_rules).passed  # rule 3 missing: equal lines let through
    assert not ck.check_count(lambda p, limit: count(p, 2)).passed  # the default limit of 2
    assert not ck.check_plus(lambda p, signs: bn.build_model(p)).passed  # signs ignored
    bad = ck.check_two_rules(lambda p: "not a model")
    assert "must return (problem, x)" in bad.summary()


def test_plus_boards_have_few_solutions_and_one_impossible():
    counts = [len(bn.brute_force_fillings(p, extra=ck._signs_hold(dict(s)))) for _, p, s in ck.plus_battery()]
    assert counts[-1] == 0 and all(0 < c <= 10 for c in counts[:-1])
    name, puzzle, signs = ck.plus_battery()[1]
    assert ck.draw_plus(puzzle, None, dict(signs)).axes
