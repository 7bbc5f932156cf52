"""The exercise checks of chapter 8 pass right answers, fail the wrong answers students write (each
with a message naming the fault), and call stubs unfinished."""

import itertools

import pulp
import pytest
from matplotlib.colors import to_rgba

from puzzlelib.display.drawing import BAD

from puzzlelib import kakuro as kk
from puzzlelib.engine.solver import add_binary, new_problem
from puzzlelib.kakuro import checks as ck

D = range(1, 10)


def stub(*args):
    raise NotImplementedError("Exercise 8.x: replace this line with your code")


# -- 8.1: Cross Sums with repeats ---------------------------------------------------------------
def repeats(puzzle, neighbours=True, sum_sense="==", distinct=False, digits=D, pair_digits=D, gap=1,
            only=None, one="=="):
    problem = new_problem("repeats")
    x = {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in digits}
    for r, c in puzzle.white:
        cell = pulp.lpSum(x[r, c, d] for d in digits)
        problem += (cell == 1) if one == "==" else (cell <= 1)
    for run in puzzle.runs:
        total = pulp.lpSum(d * x[r, c, d] for r, c in run.cells for d in digits)
        problem += (total == run.total) if sum_sense == "==" else (total <= run.total)
        for d in digits:
            if neighbours and d in pair_digits and only in (None, run.direction):
                for (a, b) in zip(run.cells, run.cells[gap:]):
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
    # found on a fresh read: the first two passed before the rows of 20/22 and 13/9 were added
    (lambda p: repeats(p, pair_digits=range(1, 9)), "rows of 20 and 22: your model accepts a filling "
                                                    "that breaks a rule (neighbours"),
    (lambda p: repeats(p, pair_digits=range(2, 10)), "rows of 13 and 9: your model accepts a filling "
                                                     "that breaks a rule (neighbours"),
    (lambda p: repeats(p, only="across"), "(neighbours (1, 2) and (2, 2)"),
    (lambda p: repeats(p, gap=2), "your model rules out a valid filling"),
    (lambda p: repeats(p, one="<="), "not a digit 1-9"),
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
def mended(puzzle, digits=D, distinct=True, sense="==", distinct_digits=D, only=None, one_digits=None):
    problem = new_problem("mended")
    x = {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in digits}
    for r, c in puzzle.white:
        problem += pulp.lpSum(x[r, c, d] for d in (one_digits or digits)) == 1
    for run in puzzle.runs:
        if distinct and only in (None, run.direction):
            for d in distinct_digits:
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
    # found on a fresh read: both passed before the board of seed 20 was added
    (lambda p: mended(p, distinct_digits=range(1, 9)), "repeats the digit 9"),
    (lambda p: mended(p, only="across"), "repeats the digit"),
    (lambda p: mended(p, distinct_digits=range(2, 10)), "repeats the digit 1"),
    # a half-mended model: 9 has its variables but (1) still stops at 8, so a 9 can join any digit
    (lambda p: mended(p, one_digits=range(1, 9)), "digits in cell"),
])
def test_8_2_wrong_answers_fail_naming_the_fault(wrong, fault):
    report = ck.check_mended(wrong)
    assert not report.passed
    text = report.summary()
    assert fault in text or (fault == "holds 0" and "is empty" in text), text


# -- 8.3: candidates from the clues -----------------------------------------------------------
def digit_sets(total, length, pick=itertools.combinations, digits=D):
    return [s for s in pick(digits, length) if sum(s) == total]


def candidate_digits(puzzle, pick=itertools.combinations, join="and", digits=D, only=None, length=0,
                     at_most=False):
    allowed = {}
    for cell in puzzle.white:
        sets = []
        for run in puzzle.runs:
            if cell in run.cells and (only is None or run.direction == only):
                k = max(1, len(run.cells) + length)
                found = ([s for s in pick(digits, k) if sum(s) <= run.total] if at_most
                         else digit_sets(run.total, k, pick, digits))
                sets.append(set().union(*found))
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
    (lambda p: candidate_digits(p, at_most=True), "cannot go there"),
    (lambda p: candidate_digits(p, length=-1), "can"),
    (lambda p: {cell: set(range(max(v), min(v) - 1, -1)) if v else v
                for cell, v in candidate_digits(p).items()}, "cannot go there"),  # a range, not a set
])
def test_8_3_wrong_answers_fail_naming_the_fault(wrong, fault):
    report = ck.check_candidates(wrong)
    assert not report.passed
    assert fault in report.summary(), report.summary()


def test_check_boards_are_what_the_exercises_say():
    assert [len(ck.repeat_fillings(kk.Puzzle.from_text(t))) for t in ck.REPEAT_BOARDS.values()][0] == 1
    boards = ck.mended_boards()
    nine = boards["a 2x2 block of 9s and 8s"]
    assert all(9 in {d for row in g.grid for d in row} for g in kk.brute_force(nine))
    assert len(kk.brute_force(boards["a 2x2 block with two fillings"])) == 2
    for name, board in boards.items():  # the counts in the names are right, and under the check's limit
        if "fillings)" in name:
            assert f"({len(kk.brute_force(board, limit=50))} fillings)" in name


# -- hidden boards: a grader's seed adds boards the students never saw -----------------------------
@pytest.mark.parametrize("check, right, public", [
    (ck.check_repeats, repeats, len(ck.REPEAT_BOARDS)),
    (ck.check_mended, mended, len(ck.mended_boards())),
    (ck.check_candidates, candidate_digits, len(ck.candidate_boards())),
])
def test_a_hidden_seed_grows_each_battery_and_the_right_answer_still_passes(monkeypatch, check, right, public):
    monkeypatch.delenv("PUZZLELIB_HIDDEN_SEED", raising=False)
    assert check(right).total_boards == public
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    report = check(right)
    assert report.total_boards == public + 3 and report.passed, report.summary()


def test_hidden_boards_are_unseen_and_follow_the_seed(monkeypatch):
    def hidden(boards):
        return [board for name, board in boards.items() if name.startswith("hidden board")]

    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    seven = {"8.1": hidden(ck.repeat_boards()), "8.2": hidden(ck.mended_boards()),
             "8.3": hidden(ck.candidate_boards())}
    public = {"8.1": [kk.Puzzle.from_text(t) for t in ck.REPEAT_BOARDS.values()]}
    assert all(len(boards) == 3 for boards in seven.values())
    assert not any(board in public["8.1"] for board in seven["8.1"])
    assert hidden(ck.candidate_boards()) == seven["8.3"]  # the same seed, the same boards
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "8")
    assert hidden(ck.candidate_boards()) != seven["8.3"]
    # graded boards stay small enough for the checks to list every filling quickly
    assert all(len(kk.brute_force(b, limit=50)) <= ck.HIDDEN_FILLINGS for b in seven["8.2"])
    assert all(len(ck.repeat_fillings(b)) <= ck.HIDDEN_FILLINGS for b in seven["8.1"])


def test_a_wrong_answer_fitted_to_the_public_boards_fails_on_hidden_ones(monkeypatch):
    public = {b for b in ck.candidate_boards().values()}
    truth = {b: kk.candidates(b) for b in public}

    def memorised(puzzle):  # right on the boards it has seen, all nine digits elsewhere
        return {cell: set(v) for cell, v in truth[puzzle].items()} if puzzle in truth else \
            {cell: set(D) for cell in puzzle.white}
    monkeypatch.delenv("PUZZLELIB_HIDDEN_SEED", raising=False)
    assert ck.check_candidates(memorised).passed
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    report = ck.check_candidates(memorised)
    assert not report.passed and "hidden board 1" in report.summary()


def test_a_wrong_filling_is_drawn_with_the_cells_that_break_a_rule_ringed():
    board = kk.Puzzle.from_text(ck.REPEAT_BOARDS["two rows of three"])  # sums 8, 9 across; 3, 8, 6 down
    grid = ((0, 0, 0, 0), (0, 1, 4, 3), (0, 2, 4, 3))  # fine across, but 4 over 4 and 3 over 3
    assert ck.rule_breakers(board, grid, distinct=False) == {(1, 2), (2, 2), (1, 3), (2, 3)}
    assert ck.rule_breakers(board, grid) == {(1, 2), (2, 2), (1, 3), (2, 3)}
    short = ((0, 0, 0, 0), (0, 1, 2, 0), (0, 2, 6, 1))  # an empty cell, so its two runs fall short
    assert ck.rule_breakers(board, short) == {(1, 1), (1, 2), (1, 3), (2, 3)}
    report = ck.check_repeats(lambda p: repeats(p, only="across"))
    rings = [patch for patch in report.failures[0][1].figure().axes[0].patches
             if patch.get_edgecolor() == to_rgba(BAD)]
    assert rings and len(rings) % 2 == 0  # on the student's filling, round pairs of equal neighbours
