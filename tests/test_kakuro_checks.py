"""The exercise checks of chapter 8 pass right answers, fail the wrong answers students write (each
with a fault code and a message naming the fault), score vacuous answers and the library's own
models 0, call stubs unfinished, and print no answer."""

import itertools

import pulp
import pytest
from matplotlib.colors import to_rgba

from puzzlelib import kakuro as kk
from puzzlelib.display.drawing import BAD
from puzzlelib.engine import NoSolution
from puzzlelib.engine.solver import add_binary, new_problem, solve_model
from puzzlelib.kakuro import checks as ck

D = range(1, 10)


def stub(*args):
    raise NotImplementedError("Exercise 8.x: replace this line with your code")


def fails(report, code, phrase=None):
    assert not report.passed, report.summary()
    assert code in report.codes, (code, report.codes, report.summary())
    if phrase is not None:
        assert phrase in report.summary(), report.summary()


def scores_nothing(report):
    assert report.status == "failed" and report.passed_boards == 0 and report.score == 0, report.summary()


def empty_model(puzzle, *args):  # the variables, no constraint
    problem = new_problem("empty")
    return problem, {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in D}


def zeros(puzzle, *args):  # every variable fixed to 0
    problem, x = empty_model(puzzle)
    for v in x.values():
        problem += v == 0
    return problem, x


def infeasible(puzzle, *args):
    problem, x = empty_model(puzzle)
    problem += pulp.lpSum(x.values()) <= -1
    return problem, x


VACUOUS_MODELS = [empty_model, zeros, infeasible, lambda p, *a: None]


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


@pytest.mark.parametrize("wrong, code, phrase", [
    (lambda p: repeats(p, neighbours=False), "breaks-rule:neighbours", "breaks a rule (neighbours"),
    (lambda p: repeats(p, distinct=True), "rules-out-solution", "your model rules out a valid filling"),
    (lambda p: repeats(p, sum_sense="<="), "breaks-rule:sum", "adds up to"),
    (lambda p: repeats(p, digits=range(1, 9)), "rules-out-solution", "a pair of 8 and 9: your model rules out"),
    (lambda p: kk.build_model(p, "hartmann"), "calls-library:kk.build_model", "your answer calls kk.build_model"),
    (lambda p: None, "wrong-return-type", "must return (problem, x)"),
    # found on a fresh read: the first two passed before the rows of 20/22 and 13/9 were added
    (lambda p: repeats(p, pair_digits=range(1, 9)), "breaks-rule:neighbours",
     "rows of 20 and 22: your model accepts a filling that breaks a rule (neighbours"),
    (lambda p: repeats(p, pair_digits=range(2, 10)), "breaks-rule:neighbours",
     "rows of 13 and 9: your model accepts a filling that breaks a rule (neighbours"),
    (lambda p: repeats(p, only="across"), "breaks-rule:neighbours", "(neighbours (1, 2) and (2, 2)"),
    (lambda p: repeats(p, gap=2), "rules-out-solution", None),
    (lambda p: repeats(p, one="<="), "breaks-rule:digit", "not a digit 1-9"),
])
def test_8_1_wrong_answers_fail_naming_the_fault(wrong, code, phrase):
    fails(ck.check_repeats(wrong), code, phrase)


def test_8_1_digits_one_to_eight_with_a_nine_cell_present():
    # keyed for 1..8 only but with a dummy x for 9: the solver can never write a 9
    def eight(puzzle):
        problem, x = repeats(puzzle, digits=range(1, 9))
        for r, c in puzzle.white:
            x[r, c, 9] = add_binary(problem, f"nine_{r}_{c}")
            problem += x[r, c, 9] == 0
        return problem, x
    fails(ck.check_repeats(eight), "rules-out-solution")


@pytest.mark.parametrize("vacuous", VACUOUS_MODELS + [
    lambda p: kk.build_hartmann(p),  # the chapter's model, copied or called
    lambda p: ck.build_broken(p, set()),
])
def test_8_1_vacuous_answers_and_the_chapters_model_score_nothing(vacuous):
    scores_nothing(ck.check_repeats(vacuous))


def test_8_1_cannot_build_its_model_from_the_checks_fillings():
    def listed(puzzle):  # a "model" whose points are the check's own fillings
        fillings = ck.repeat_fillings(puzzle)
        problem, x = empty_model(puzzle)
        pick = [add_binary(problem, f"pick_{k}") for k in range(len(fillings))]
        problem += pulp.lpSum(pick) == 1
        for (r, c, d), v in x.items():
            problem += v == pulp.lpSum(p for p, g in zip(pick, fillings) if g[r][c] == d)
        return problem, x
    report = ck.check_repeats(listed)
    scores_nothing(report)
    assert set(report.codes) == {"calls-library:checks.repeat_fillings"}


# -- 8.2: Even Kakuro, the broken model mended -------------------------------------------------
def mended(puzzle, even, digits=D, distinct=True, sense="==", distinct_digits=D, only=None, one_digits=None,
           parity=True, odd=(1, 3, 5, 7, 9)):
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
    if parity:
        for r, c in even:
            problem += pulp.lpSum(x[r, c, d] for d in odd if d in digits) == 0
    return problem, x


def test_8_2_right_answer_passes_and_the_broken_model_scores_nothing():
    assert ck.check_mended(mended).passed
    assert ck.check_mended(stub).status == "not done"
    report = ck.check_mended(ck.build_broken)
    scores_nothing(report)
    assert set(report.codes) == {"rules-out-solution"}, report.codes


@pytest.mark.parametrize("wrong, code, phrase", [
    (lambda p, e: mended(p, e, distinct=False), "breaks-rule:repeat", "repeats the digit"),
    (lambda p, e: mended(p, e, sense=">="), "breaks-rule:sum", "adds up to"),
    (lambda p, e: mended(p, e, digits=range(0, 10)), "breaks-rule:digit", "is empty"),  # a 0 counts as no digit
    (lambda p, e: kk.build_hartmann(p), "calls-library:kk.build_hartmann", "your answer calls kk.build_hartmann"),
    (lambda p, e: kk.build_combos(p), "calls-library:kk.build_combos", "your answer calls kk.build_combos"),
    (lambda p, e: mended(p, e, distinct_digits=range(1, 9)), "breaks-rule:repeat", "repeats the digit 9"),
    (lambda p, e: mended(p, e, distinct_digits=range(2, 10)), "breaks-rule:repeat", "repeats the digit 1"),
    (lambda p, e: mended(p, e, only="across"), "breaks-rule:repeat", "repeats the digit"),
    (lambda p, e: mended(p, e, only="down"), "breaks-rule:repeat", "repeats the digit"),
    # a half-mended model: 9 has its variables but (1) still stops at 8, so a 9 can join any digit
    (lambda p, e: mended(p, e, one_digits=range(1, 9)), "breaks-rule:digit", "digits in cell"),
    # the variant's own rule: dropped, or odd digits 1-7 only (a 9 slips into a shaded cell)
    (lambda p, e: mended(p, e, parity=False), "breaks-rule:even", "an odd digit"),
    (lambda p, e: mended(p, e, odd=(1, 3, 5, 7)), "breaks-rule:even", "holds 9, an odd digit"),
    (lambda p, e: mended(p, e, odd=(2, 4, 6, 8)), "rules-out-solution", None),  # parity reversed
])
def test_8_2_wrong_answers_fail_naming_the_fault(wrong, code, phrase):
    fails(ck.check_mended(wrong), code, phrase)


@pytest.mark.parametrize("vacuous", VACUOUS_MODELS + [
    lambda p, e: mended(p, e, parity=False),  # plain Kakuro: the chapter's model, copied
    ck.build_broken,  # the model handed back unchanged
])
def test_8_2_vacuous_answers_and_the_chapters_model_score_nothing(vacuous):
    scores_nothing(ck.check_mended(vacuous))


def test_8_2_cannot_build_its_model_from_the_librarys_fillings():
    def listed(puzzle, even):
        fillings = [s.grid for s in kk.brute_force(puzzle) if all(s.grid[r][c] % 2 == 0 for r, c in even)]
        problem, x = empty_model(puzzle)
        pick = [add_binary(problem, f"pick_{k}") for k in range(len(fillings))]
        problem += pulp.lpSum(pick) == 1
        for (r, c, d), v in x.items():
            problem += v == pulp.lpSum(p for p, g in zip(pick, fillings) if g[r][c] == d)
        return problem, x
    report = ck.check_mended(listed)
    scores_nothing(report)
    assert set(report.codes) == {"calls-library:kk.brute_force"}


def test_8_2_boards_need_a_nine_and_their_shading():
    for name, (board, even) in ck.mended_boards().items():
        fillings = [s.grid for s in kk.brute_force(board, limit=50)]
        kept = [g for g in fillings if all(g[r][c] % 2 == 0 for r, c in even)]
        assert even and kept and len(kept) < len(fillings) <= 20, name  # the shading matters, and a filling is left
        assert any(9 in row for g in kept for row in g), name  # a model without 9s misses one
        assert ck.shaded(board, fillings) == even


def test_8_2_broken_model_finds_nothing_on_appendix_b_and_the_mended_one_its_solution():
    board = kk.Puzzle.from_text(kk.SEED_BOARD)
    solution = kk.solve(board).grid
    assert all(solution[r][c] % 2 == 0 for r, c in ck.SEED_EVEN) and len(ck.SEED_EVEN) == 6
    problem, _ = ck.build_broken(board, ck.SEED_EVEN)
    assert pulp.LpStatus[problem.solve(pulp.HiGHS(msg=False))] == "Infeasible"


# -- 8.3: candidates from the clues, digits may repeat ----------------------------------------------
def run_digits(total, length, neighbours=True, distinct=False):
    """Per place of a run, the digits of some sequence adding up to ``total``, by brute force."""
    found = [set() for _ in range(length)]
    for t in itertools.product(D, repeat=length):
        if sum(t) == total and (not neighbours or all(a != b for a, b in zip(t, t[1:]))) and \
                (not distinct or len(set(t)) == length):
            for k, d in enumerate(t):
                found[k].add(d)
    return found


def repeat_candidates(puzzle, join="and", only=None, neighbours=True, distinct=False, same_place=False):
    sets = {cell: [] for cell in puzzle.white}
    for run in puzzle.runs:
        if only and run.direction != only:
            continue
        places = run_digits(run.total, len(run.cells), neighbours, distinct)
        if same_place:
            places = [set().union(*places)] * len(places)
        for cell, digits in zip(run.cells, places):
            sets[cell].append(digits)
    return {cell: set.intersection(*s) if join == "and" else set.union(*s) for cell, s in sets.items()}


def test_8_3_right_answer_passes_and_stub_is_not_done():
    assert ck.check_candidates(repeat_candidates).passed
    assert ck.check_candidates(stub).status == "not done"


@pytest.mark.parametrize("wrong, code", [
    (lambda p: repeat_candidates(p, join="or"), "one-clue-only"),
    (lambda p: repeat_candidates(p, only="across"), "one-clue-only"),
    (lambda p: repeat_candidates(p, neighbours=False), "ignores-neighbours"),
    (lambda p: repeat_candidates(p, distinct=True), "requires-distinct"),  # plain Kakuro's candidates
    (lambda p: repeat_candidates(p, same_place=True), "ignores-place"),
    (lambda p: kk.candidates(p), "calls-library:kk.candidates"),
    (lambda p: {cell: list(v) for cell, v in repeat_candidates(p).items()}, "wrong-return-type"),
    (lambda p: {}, "missing-cell"),
    (lambda p: {**repeat_candidates(p), (0, 0): {1}}, "extra-cell"),
    (lambda p: {cell: v | {5} for cell, v in repeat_candidates(p).items()}, "allows-impossible-digit"),
    (lambda p: {cell: set(sorted(v)[1:]) for cell, v in repeat_candidates(p).items()}, "misses-possible-digit"),
])
def test_8_3_wrong_answers_fail_naming_the_fault(wrong, code):
    fails(ck.check_candidates(wrong), code)


@pytest.mark.parametrize("vacuous", [
    lambda p: {cell: set(D) for cell in p.white},  # every digit everywhere
    lambda p: {cell: set() for cell in p.white},
    lambda p: {cell: {1} for cell in p.white},
    lambda p: {cell: {9} for cell in p.white},
    lambda p: {cell: set(range(1, 9)) for cell in p.white},
])
def test_8_3_vacuous_answers_score_nothing(vacuous):
    scores_nothing(ck.check_candidates(vacuous))


def test_8_3_messages_name_no_digit_the_student_left_out():
    for name, board in ck.candidate_boards().items():
        truth = repeat_candidates(board)
        report = ck.check_candidates(lambda p, b=board: {cell: set() for cell in p.white} if p == b else
                                     repeat_candidates(p))
        (case, failure), = report.failures
        assert case == name and "misses" in failure.message
        assert not any(str(sorted(v)) in failure.message for v in truth.values() if v), failure.message


def test_8_3_place_matters_on_its_board():
    board = ck.candidate_boards()["a run of 6 in three cells"]
    allowed = repeat_candidates(board)
    assert 4 in allowed[1, 2] and 4 not in allowed[1, 1] | allowed[1, 3]


# -- hidden boards: a grader's seed adds boards the students never saw -----------------------------
@pytest.mark.parametrize("check, right, public", [
    (ck.check_repeats, repeats, len(ck.REPEAT_BOARDS)),
    (ck.check_mended, mended, len(ck.mended_boards())),
    (ck.check_candidates, repeat_candidates, len(ck.candidate_boards())),
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
    # graded boards stay small enough for the checks to list every filling quickly, and tell right from wrong
    for board, even in seven["8.2"]:
        fillings = [s.grid for s in kk.brute_force(board, limit=50)]
        assert len(fillings) <= ck.HIDDEN_FILLINGS and ck.shaded(board, fillings) == even
    assert all(len(ck.repeat_fillings(b)) <= ck.HIDDEN_FILLINGS for b in seven["8.1"])


def test_a_wrong_answer_fitted_to_the_public_boards_fails_on_hidden_ones(monkeypatch):
    public = {b for b in ck.candidate_boards().values()}
    truth = {b: repeat_candidates(b) for b in public}

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
    assert ck.rule_breakers(board, grid, even={(1, 1), (1, 2)}) >= {(1, 1)}  # a 1 in a shaded cell
    report = ck.check_repeats(lambda p: repeats(p, only="across"))
    rings = [patch for patch in report.failures[0][1].figure().axes[0].patches
             if patch.get_edgecolor() == to_rgba(BAD)]
    assert rings and len(rings) % 2 == 0  # on the student's filling, round pairs of equal neighbours


def test_no_answer_is_within_reach():
    """The library answers none of the exercises: no model of a variant, no candidates of 8.3."""
    names = {name for module in (kk, ck) for name in vars(module)}
    assert not {"build_repeats", "build_mended", "repeat_candidates", "build_even"} & names
    boards = list(ck.candidate_boards().values())
    truths = [repeat_candidates(b) for b in boards]
    functions = [f for module in (kk, ck) for f in vars(module).values() if callable(f)]
    for f in functions:
        try:
            right = all(f(b) == t for b, t in zip(boards, truths))
        except Exception:
            right = False
        assert not right, f


# -- issue 31: a model that lets a 9 repeat in a run must lose most of its marks ------------------
def test_8_2_a_repeated_nine_is_caught_on_most_boards():
    report = ck.check_mended(lambda p, e: mended(p, e, distinct_digits=range(1, 9)))
    assert report.status == "failed" and set(report.codes) == {"breaks-rule:repeat"}, report.codes
    assert report.score <= 0.5, report.summary()
    assert all("repeats the digit 9" in line for line in report.lines if "repeats" in line)


def test_8_2_more_wrong_answers():
    # distinct digits written only for the even digits (copied from the shading loop)
    fails(ck.check_mended(lambda p, e: mended(p, e, distinct_digits=(2, 4, 6, 8))), "breaks-rule:repeat",
          "repeats the digit")
    # the shading applied to every cell: all digits even
    report = ck.check_mended(lambda p, e: mended(p, set(p.white)))
    assert report.status == "failed" and set(report.codes) == {"rules-out-solution"}, report.codes


# -- 8.2, second part: a filling the broken model rules out -----------------------------------------
def missed_filling(puzzle, even, nine=True, model=mended, pick_first_nine=False):
    """The mended model with "some cell holds a 9": a filling the broken model, which has no 9, misses."""
    problem, x = model(puzzle, even)
    if nine:
        problem += pulp.lpSum(x[r, c, 9] for r, c in puzzle.white if (r, c, 9) in x) >= 1
    try:
        solve_model(problem)
    except NoSolution:
        return None
    nrows, ncols = puzzle.shape
    grid = [[0] * ncols for _ in range(nrows)]
    for (r, c, d), var in x.items():
        if var.value() > 0.5:
            grid[r][c] = d
    return grid


def test_8_2_missed_filling_right_answer_passes_and_stub_is_not_done():
    assert ck.check_missed(missed_filling).passed
    assert ck.check_missed(stub).status == "not done"


@pytest.mark.parametrize("wrong, code", [
    (lambda p, e: missed_filling(p, e, nine=False), "accepted-by-broken"),  # any filling, not one with a 9
    (lambda p, e: missed_filling(p, e, model=lambda q, s: mended(q, s, parity=False)), "breaks-rule:even"),
    (lambda p, e: missed_filling(p, e, model=lambda q, s: mended(q, s, distinct_digits=range(1, 9))),
     "breaks-rule:repeat"),  # a 9 repeated in a run: the broken model misses it, but so does the puzzle
    (lambda p, e: None, "misses-bug"),
    (lambda p, e: [[9]], "wrong-return-type"),
    (lambda p, e: next((s.grid for s in kk.brute_force(p) if any(9 in row for row in s.grid)), None),
     "calls-library:kk.brute_force"),
])
def test_8_2_missed_filling_wrong_answers_fail(wrong, code):
    fails(ck.check_missed(wrong), code)


def test_8_2_missed_boards_have_the_bug_or_not():
    shows = {name: any(ck.broken_refuses(p, e, s.grid) for s in kk.brute_force(p, limit=50)
                       if all(s.grid[r][c] % 2 == 0 for r, c in e))
             for name, (p, e) in ck.missed_boards().items()}
    assert 2 <= sum(not v for v in shows.values()) and sum(shows.values()) >= 6, shows


def test_8_2_missed_filling_may_not_ask_the_broken_model():
    def ask(puzzle, even):
        for s in missed_filling_all(puzzle, even):
            if ck.broken_refuses(puzzle, even, s):
                return s
        return None
    def missed_filling_all(puzzle, even):
        return [missed_filling(puzzle, even, nine=False)]
    assert "calls-library:checks.broken_refuses" in ck.check_missed(ask).codes
