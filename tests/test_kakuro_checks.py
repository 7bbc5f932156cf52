"""The exercise checks of chapter 8 pass right answers, fail the wrong answers students write (each
with a message naming the fault), and call stubs unfinished."""

import itertools

import pulp
import pytest

from puzzlelib import kakuro as kk
from puzzlelib.core.solver import add_binary, new_problem
from puzzlelib.kakuro import checks as ck

D = range(1, 10)


def stub(*args):
    raise NotImplementedError("Exercise 8.x: replace this line with your code")


# -- 8.1: Cross Sums with repeats ---------------------------------------------------------------
def repeats(puzzle, neighbours=True, sum_sense="==", distinct=False, digits=D):
    problem = new_problem("repeats")
    x = {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in digits}
    for r, c in puzzle.white:
        problem += pulp.lpSum(x[r, c, d] for d in digits) == 1
    for run in puzzle.runs:
        total = pulp.lpSum(d * x[r, c, d] for r, c in run.cells for d in digits)
        problem += (total == run.total) if sum_sense == "==" else (total <= run.total)
        for d in digits:
            if neighbours:
                for (a, b) in zip(run.cells, run.cells[1:]):
                    problem += x[a[0], a[1], d] + x[b[0], b[1], d] <= 1
            if distinct:
                problem += pulp.lpSum(x[r, c, d] for r, c in run.cells) <= 1
    return problem, x


def test_8_1_right_answer_passes_and_stub_is_not_done():
    assert ck.check_repeats(repeats).passed
    assert ck.check_repeats(stub).status == "not done"


@pytest.mark.parametrize("wrong, fault", [
    (lambda p: repeats(p, neighbours=False), "your model accepts a filling that breaks a rule (neighbours"),
    (lambda p: repeats(p, distinct=True), "your model rules out a valid filling"),
    (lambda p: repeats(p, sum_sense="<="), "adds up to"),
    (lambda p: repeats(p, digits=range(1, 9)), "a pair of 8 and 9: your model rules out a valid filling"),
    (lambda p: kk.build_model(p, "hartmann"), "your answer calls kk.build_model"),
    (lambda p: None, "must return (problem, x)"),
])
def test_8_1_wrong_answers_fail_naming_the_fault(wrong, fault):
    report = ck.check_repeats(wrong)
    assert not report.passed
    assert fault in report.summary(), report.summary()


def test_8_1_digits_one_to_eight_with_a_nine_cell_present():
    # keyed for 1..8 only but with a dummy x for 9: the solver can never write a 9
    def eight(puzzle):
        problem, x = repeats(puzzle, digits=range(1, 9))
        for r, c in puzzle.white:
            x[r, c, 9] = add_binary(problem, f"nine_{r}_{c}")
            problem += x[r, c, 9] == 0
        return problem, x
    report = ck.check_repeats(eight)
    assert not report.passed and "rules out a valid filling" in report.summary()


# -- 8.2: the broken model, mended ------------------------------------------------------------
def mended(puzzle, digits=D, distinct=True, sense="=="):
    problem = new_problem("mended")
    x = {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in digits}
    for r, c in puzzle.white:
        problem += pulp.lpSum(x[r, c, d] for d in digits) == 1
    for run in puzzle.runs:
        if distinct:
            for d in digits:
                problem += pulp.lpSum(x[r, c, d] for r, c in run.cells) <= 1
        total = pulp.lpSum(d * x[r, c, d] for r, c in run.cells for d in digits)
        problem += (total == run.total) if sense == "==" else (total >= run.total)
    return problem, x


def test_8_2_right_answer_passes_and_the_broken_model_fails():
    assert ck.check_mended(mended).passed
    assert ck.check_mended(stub).status == "not done"
    report = ck.check_mended(ck.build_broken)
    assert not report.passed and "rules out a valid filling" in report.summary()


@pytest.mark.parametrize("wrong, fault", [
    (lambda p: mended(p, distinct=False), "repeats the digit"),
    (lambda p: mended(p, sense=">="), "adds up to"),
    (lambda p: mended(p, digits=range(0, 10)), "holds 0"),  # a 0 counts as no digit: "is empty"
    (lambda p: kk.build_hartmann(p), "your answer calls kk.build_hartmann"),
    (lambda p: kk.build_combos(p), "your answer calls kk.build_combos"),
])
def test_8_2_wrong_answers_fail_naming_the_fault(wrong, fault):
    report = ck.check_mended(wrong)
    assert not report.passed
    text = report.summary()
    assert fault in text or (fault == "holds 0" and "is empty" in text), text


# -- 8.3: candidates from the clues -----------------------------------------------------------
def digit_sets(total, length, pick=itertools.combinations, digits=D):
    return [s for s in pick(digits, length) if sum(s) == total]


def candidate_digits(puzzle, pick=itertools.combinations, join="and", digits=D, only=None):
    allowed = {}
    for cell in puzzle.white:
        sets = []
        for run in puzzle.runs:
            if cell in run.cells and (only is None or run.direction == only):
                sets.append(set().union(*digit_sets(run.total, len(run.cells), pick, digits)))
        allowed[cell] = set.intersection(*sets) if join == "and" else set.union(*sets)
    return allowed


def test_8_3_right_answer_passes_and_stub_is_not_done():
    assert ck.check_candidates(candidate_digits).passed
    assert ck.check_candidates(stub).status == "not done"


@pytest.mark.parametrize("wrong, fault", [
    (lambda p: candidate_digits(p, join="or"), "cannot go there"),
    (lambda p: candidate_digits(p, only="across"), "cannot go there"),
    (lambda p: candidate_digits(p, pick=itertools.combinations_with_replacement), "cannot go there"),
    (lambda p: candidate_digits(p, digits=range(1, 9)), "can"),
    (lambda p: kk.candidates(p), "your answer calls kk.candidates"),
    (lambda p: {cell: list(v) for cell, v in candidate_digits(p).items()}, "expected a set of digits"),
    (lambda p: {}, "has no entry"),
])
def test_8_3_wrong_answers_fail_naming_the_fault(wrong, fault):
    report = ck.check_candidates(wrong)
    assert not report.passed
    assert fault in report.summary(), report.summary()


def test_check_boards_are_what_the_exercises_say():
    assert [len(ck.repeat_fillings(kk.Puzzle.from_text(t))) for t in ck.REPEAT_BOARDS.values()][0] == 1
    boards = ck.mended_boards()
    nine = boards["a 2x2 block of 9s and 8s"]
    assert all(9 in {d for row in g for d in row} for g in kk.brute_force(nine))
    assert len(kk.brute_force(boards["a 2x2 block with two fillings"])) == 2
