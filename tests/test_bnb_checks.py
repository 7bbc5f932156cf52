"""The exercise checks of chapter 10 pass the right answers and name the fault in wrong ones."""

from __future__ import annotations

import math

import pytest

from puzzlelib.inside_solver import checks as bc
from puzzlelib.inside_solver.branch_and_bound import most_fractional


def distance(v):
    return min(v % 1, 1 - v % 1)


def least_fractional(candidates):
    return min(candidates, key=lambda name: distance(candidates[name]))


def fails(report, *phrases):
    assert report.status == "failed", report.summary()
    text = report.summary()
    for phrase in phrases:
        assert phrase in text, text


def test_branching_rule_right_answer_passes():
    assert bc.check_branching_rule(least_fractional).passed


@pytest.mark.parametrize("wrong, phrase", [
    (most_fractional, "the MOST fractional one"),  # the rule reversed
    (lambda c: min(c, key=lambda k: c[k] % 1), "measure the distance to the nearer integer"),  # one side only
    (lambda c: min(reversed(list(c)), key=lambda k: distance(c[k])), "a tie goes to the first"),  # ties
    (lambda c: min(c.values(), key=distance), "it must return a variable name"),  # the value, not the name
    (lambda c: "z", "not one of the candidates"),
    (lambda c: min(c, key=lambda k: min(c[k], 1 - c[k])), "may be larger than 1"),  # binaries assumed
    (lambda c: max(c, key=lambda k: abs(c[k] - 0.5)), "may be larger than 1"),  # far from 1/2, binaries only
])
def test_branching_rule_wrong_answers_fail(wrong, phrase):
    fails(bc.check_branching_rule(wrong), phrase)


def test_branching_rule_cannot_call_the_checks_answer():
    report = bc.check_branching_rule(lambda c: bc.least_fractional_answer(c))
    fails(report, "which this exercise asks you to write yourself")


def greedy(values, weights, capacity, key=lambda p: -p[0] / p[1], fraction=True, whole=False, whole_value=False):
    total, room = 0.0, capacity
    for v, w in sorted(zip(values, weights), key=key):
        if w <= room:
            total, room = total + v, room - w
            continue
        if whole and room > 0:
            total += v
        elif whole_value:
            total += v * room // w
        elif fraction:
            total += v * room / w
        break
    return total


def test_knapsack_bound_right_answer_passes():
    assert bc.check_knapsack_bound(greedy).passed


@pytest.mark.parametrize("wrong, phrase", [
    (lambda v, w, c: greedy(v, w, c, fraction=False), "you left out the fraction"),
    (lambda v, w, c: greedy(v, w, c, key=lambda p: -p[0]), "in order of value;"),
    (lambda v, w, c: greedy(v, w, c, key=lambda p: 0), "in the order given"),
    (lambda v, w, c: greedy(v, w, c, fraction=False, whole=True), "crosses the capacity whole"),
    (lambda v, w, c: greedy(v, w, c + 1), "is above the LP bound"),  # off by one in the capacity
    (lambda v, w, c: str(greedy(v, w, c)), "it must return a number"),
    (lambda v, w, c: math.floor(greedy(v, w, c)), "you rounded down"),  # the integer bound, not the LP's
    (lambda v, w, c: greedy(v, w, c, whole_value=True), "integer division"),  # v * room // w
    (lambda v, w, c: greedy(v, w, c, key=lambda p: p[0] / p[1]), "is below the LP bound"),  # worst ratio first
])
def test_knapsack_bound_wrong_answers_fail(wrong, phrase):
    fails(bc.check_knapsack_bound(wrong), phrase)


def test_knapsack_bound_cannot_ask_the_solver():
    fails(bc.check_knapsack_bound(lambda v, w, c: bc.knapsack_lp_bound(v, w, c)), "asks you to write yourself")


def test_cut_board_has_a_fractional_lp_point_and_two_fillings():
    grid = bc.lp_point_grid()
    assert any(0 < v < 1 for row in grid for v in row)
    assert len(bc.cut_board()[2]) == 2


def test_cut_right_answer_passes():
    assert bc.check_cut(lambda x: x[0, 2] >= 1).passed
    assert bc.check_cut(lambda x: 2 * x[0, 2] - x[0, 3] >= 1).passed  # another valid cut


@pytest.mark.parametrize("wrong, phrase", [
    (lambda x: x[0, 2] <= 0, "removes filling"),  # reversed
    (lambda x: x[0, 3] <= 0, "removes filling 1"),  # true of one filling only
    (lambda x: x[0, 0] + x[0, 1] + x[0, 2] + x[0, 3] == 3, "keeps the LP point"),  # a row count again
    (lambda x: x[0, 2] >= 0.5, "keeps the LP point"),  # the LP's own inequality, not rounded up
    (lambda x: x[0, 2], "it must return a constraint"),
])
def test_cut_wrong_answers_fail(wrong, phrase):
    fails(bc.check_cut(wrong), phrase)


def test_compare_rules_table_and_stub():
    text = bc.compare_rules(least_fractional, boards=3)
    assert "most fractional" in text and "your rule" in text

    def stub(candidates):
        raise NotImplementedError("Exercise 10.1")

    assert "NotImplementedError" in bc.compare_rules(stub, boards=2)


def test_a_hidden_seed_grows_the_batteries_and_right_answers_still_pass(monkeypatch):
    plain = bc.check_branching_rule(least_fractional).total_boards, bc.check_knapsack_bound(greedy).total_boards
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    hidden = [k for name, k in bc.knapsacks() if name.startswith("hidden knapsack")]
    assert len(bc.knapsacks()) == len(bc.KNAPSACKS) + 3 and len(hidden) == 3
    for report, total in zip([bc.check_branching_rule(least_fractional), bc.check_knapsack_bound(greedy)], plain):
        assert report.passed and report.total_boards == total + 3, report.summary()
    wrong = bc.check_knapsack_bound(lambda v, w, c: greedy(v, w, c, fraction=False))
    assert wrong.status == "failed" and wrong.total_boards == plain[1] + 3
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "12")
    assert [k for name, k in bc.knapsacks() if name.startswith("hidden knapsack")] != hidden
