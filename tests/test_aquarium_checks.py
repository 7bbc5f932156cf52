"""The exercise checks of chapter 6: right answers pass, wrong ones of the kinds students write fail
with a message naming the fault, stubs are "not done yet", and calling the library is refused."""

import pulp
import pytest

from puzzlelib import aquarium as aq
from puzzlelib.aquarium import checks
from puzzlelib.engine import NoSolution, add_binary, new_problem, nogood_cut, solve_model, value01


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise 6.x: replace this line with your code")


# -- the model written by hand (the tests' right model), and broken versions of it ----------------
def cell_model(puzzle, split_rows=True, counts=True, reverse=False, skip_none=True):
    m, n = puzzle.shape
    problem = new_problem("aquarium")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(m) for c in range(n)}
    if counts:
        for r in range(m):
            if puzzle.rows[r] is not None or not skip_none:
                problem += pulp.lpSum(x[r, c] for c in range(n)) == (puzzle.rows[r] or 0)
        for c in range(n):
            if puzzle.cols[c] is not None or not skip_none:
                problem += pulp.lpSum(x[r, c] for r in range(m)) == (puzzle.cols[c] or 0)
    t = puzzle.tank_of
    for r in range(m):
        for c in range(n):
            if split_rows:
                same = [(r, cc) for cc in range(c + 1, n) if t[r][cc] == t[r][c]]
                if same:
                    problem += x[r, c] - x[same[0]] == 0
                below = [(r + 1, cc) for cc in range(n) if r + 1 < m and t[r + 1][cc] == t[r][c]]
                if below:
                    problem += (x[r, c] >= x[below[0]]) if reverse else (x[r, c] <= x[below[0]])
            else:  # the colleague's model: only neighbours are tied
                if c + 1 < n and t[r][c] == t[r][c + 1]:
                    problem += x[r, c] - x[r, c + 1] == 0
                if r + 1 < m and t[r][c] == t[r + 1][c]:
                    problem += (x[r, c] >= x[r + 1, c]) if reverse else (x[r, c] <= x[r + 1, c])
    return problem, x


# -- Exercise 6.2: a filling that shows the colleague's bug ---------------------------------------
def show_bug(puzzle, model=checks.colleagues_model, keep_right=False, first=False):
    """Every filling the colleague's model accepts, until one breaks a rule; the keywords make the
    wrong versions students write."""
    problem, x = model(puzzle)
    m, n = puzzle.shape
    while True:
        try:
            solve_model(problem)
        except NoSolution:
            return None
        grid = [[round(x[r, c].value()) for c in range(n)] for r in range(m)]
        if first or bool(aq.verify(puzzle, grid)) != keep_right:
            return grid
        problem += nogood_cut(x.values())


def test_show_bug_check_passes_the_right_answer():
    report = checks.check_show_bug(show_bug)
    assert report.passed and report.score == 1.0, report.summary()


@pytest.mark.parametrize("wrong, code", [
    (lambda p: show_bug(p, first=True), "keeps-rules"),            # the first filling, unchecked
    (lambda p: show_bug(p, keep_right=True), "keeps-rules"),       # the test turned around
    (lambda p: show_bug(p, model=cell_model), "misses-bug"),        # searches the right model instead
    (lambda p: [[1] * p.shape[1] for _ in range(p.shape[0])], "not-accepted"),
    (lambda p: [[0, 1]], "wrong-return-type"),
    (lambda p: "none", "wrong-return-type"),
])
def test_show_bug_check_names_the_fault(wrong, code):
    report = checks.check_show_bug(wrong)
    assert report.status == "failed" and code in report.codes, report.summary()


def test_show_bug_vacuous_answers_and_searches_score_below_half():
    none = checks.check_show_bug(lambda p: None)
    assert not none.passed and set(none.codes) == {"misses-bug"} and none.score < 0.5
    zeros = checks.check_show_bug(lambda p: [[0] * p.shape[1] for _ in range(p.shape[0])])
    assert zeros.passed_boards == 0

    def search(puzzle):  # the library's brute force, to find a right filling to compare with
        aq.brute_force(puzzle)
    assert set(checks.check_show_bug(search).codes) == {"calls-library:aq.brute_force"}

    def data(puzzle):
        return next((g for g in checks.colleagues_fillings(puzzle) if aq.verify(puzzle, g)), None)
    assert set(checks.check_show_bug(data).codes) == {"calls-library:checks.colleagues_fillings"}


def test_show_bug_boards_have_the_bug_or_not():
    def shows(puzzle):
        return any(aq.verify(puzzle, g) for g in checks.colleagues_fillings(puzzle))
    boards = [shows(p) for _, p in checks.bug_battery()]
    assert 3 <= sum(boards) <= len(boards) - 3
    assert checks.split_board(1) is not None and shows(checks.split_board(1))


def test_show_bug_check_of_a_stub_is_not_done():
    assert checks.check_show_bug(stub).status == "not done"


# -- Exercise 6.1: volume clues -----------------------------------------------------------------
def volume_model(puzzle, volumes, op="==", cells=True, shift=0):
    problem, x = cell_model(puzzle)
    for t, want in volumes.items():
        tank = puzzle.tanks[(t + shift) % len(puzzle.tanks)]
        amount = pulp.lpSum(x[cell] for cell in tank) if cells else pulp.lpSum(
            x[min(cs)] for cs in puzzle.tank_rows(t))
        problem += (amount == want) if op == "==" else (amount <= want)
    return problem, x


def test_volume_check_passes_the_right_model():
    report = checks.check_volumes(volume_model)
    assert report.passed, report.summary()


@pytest.mark.parametrize("wrong, fault", [
    (lambda p, v: cell_model(p), "your model accepts a filling that breaks a rule (tank b holds"),
    (lambda p, v: volume_model(p, v, op="<="), "accepts a filling that breaks a rule (tank"),
    (lambda p, v: volume_model(p, v, cells=False), "volume board 1"),
    (lambda p, v: volume_model(p, v, shift=1), "volume board 1"),
])
def test_volume_check_names_the_fault(wrong, fault):
    report = checks.check_volumes(wrong)
    assert report.status == "failed"
    assert fault in report.summary(), report.summary()
    assert set(report.codes) <= {"breaks-rule:volume", "rules-out-solution"}, report.codes


def test_volume_check_gives_no_marks_to_vacuous_models():
    assert checks.check_volumes(lambda p, v: cell_model(p)).passed_boards == 0  # the clues ignored
    assert checks.check_volumes(lambda p, v: aq.build_model(p)).passed_boards == 0

    def empty(puzzle, volumes):  # the right variables, no constraint
        problem = new_problem("empty")
        return problem, {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(puzzle.shape[0])
                         for c in range(puzzle.shape[1])}
    assert checks.check_volumes(empty).passed_boards == 0

    def all_dry(puzzle, volumes):
        problem, x = volume_model(puzzle, volumes)
        for var in x.values():
            problem += var == 0
        return problem, x
    assert checks.check_volumes(all_dry).passed_boards <= 1  # the board whose clue no filling meets

    def pinned(puzzle, volumes):  # the right fillings looked up, then pinned: refused
        problem, x = volume_model(puzzle, volumes)
        aq.solutions(puzzle, limit=3)
        return problem, x
    assert set(checks.check_volumes(pinned).codes) == {"calls-library:aq.solutions"}


# -- Exercise 6.3: is_unique ----------------------------------------------------------------------
def is_unique(puzzle, cut=True, second=True, catch=True):
    problem, x = aq.build_model(puzzle)
    found = 0
    for _ in range(2 if second else 1):
        try:
            solve_model(problem)
        except NoSolution:
            if not catch:
                raise
            break
        found += 1
        if cut:
            problem += nogood_cut(x.values())
    return found == 1


def test_unique_check_passes_the_right_answer():
    report = checks.check_unique(is_unique)
    assert report.passed, report.summary()


@pytest.mark.parametrize("wrong, fault", [
    (lambda p: is_unique(p, second=False), "two solutions: you say True, but this board has more than one"),
    (lambda p: is_unique(p, cut=False), "you say False, but this board has exactly one filling"),
    (lambda p: is_unique(p, catch=False), "no solution: your code raised NoSolution"),
    (lambda p: len(aq.solutions(p)) == 1, "your answer calls aq.solutions"),
    (lambda p: 1, "must return True or False"),
])
def test_unique_check_names_the_fault(wrong, fault):
    report = checks.check_unique(wrong)
    assert report.status == "failed"
    assert fault in report.summary(), report.summary()


def test_unique_check_codes_and_constants():
    assert set(checks.check_unique(lambda p: is_unique(p, second=False)).codes) == {"true-for-several"}
    assert set(checks.check_unique(lambda p: is_unique(p, cut=False)).codes) == {"false-for-unique"}
    assert "true-for-no-filling" in checks.check_unique(lambda p: True).codes
    for constant in (True, False):
        assert not checks.check_unique(lambda p, constant=constant: constant).passed
    report = checks.check_unique(lambda p: len(checks.true_fillings(p)) == 1)
    assert set(report.codes) == {"calls-library:checks.true_fillings"}


def test_clue_measurement_prints_a_table(capsys):
    checks.clue_measurement(is_unique, boards=2)
    out = capsys.readouterr().out
    assert "still needed" in out and "#1" in out


def test_clue_measurement_of_a_stub_says_not_done(capsys):
    checks.clue_measurement(stub, boards=1)
    assert "Not done yet: Exercise 6.x" in capsys.readouterr().out


# -- a second reader's wrong answers (issue 8): each must fail, naming the fault ------------------
def volume_first_clue_only(puzzle, volumes):  # an unhandled case: only one clue per board
    problem, x = cell_model(puzzle)
    for t, want in sorted(volumes.items())[:1]:
        problem += pulp.lpSum(x[cell] for cell in puzzle.tanks[t]) == want
    return problem, x


def volume_at_least(puzzle, volumes):  # a reversed inequality: "holds at least its volume"
    problem, x = cell_model(puzzle)
    for t, want in volumes.items():
        problem += pulp.lpSum(x[cell] for cell in puzzle.tanks[t]) >= want
    return problem, x


@pytest.mark.parametrize("wrong, fault", [
    (volume_at_least, "tank h holds 3 wet cells, its volume clue is 0"),
    (volume_first_clue_only, "tank h holds 3 wet cells, its volume clue is 0"),
])
def test_volume_check_more_wrong_answers(wrong, fault):
    report = checks.check_volumes(wrong)
    assert report.status == "failed" and fault in report.summary(), report.summary()


def is_unique_variant(puzzle, mistake):
    problem, x = aq.build_model(puzzle)
    found = 0
    while found < 2:
        try:
            solve_model(problem)
        except NoSolution:
            if mistake == "no filling is unique":
                return True
            break
        found += 1
        cut_over = [x[0, c] for c in range(puzzle.shape[1])] if mistake == "cut over row 0" else list(x.values())
        problem += nogood_cut(cut_over)
    return found == 1


@pytest.mark.parametrize("mistake, fault", [
    ("no filling is unique", "a 3x3 with no solution: you say True, but this board has no filling"),
    ("cut over row 0", "two solutions: you say True, but this board has more than one filling"),
])
def test_unique_check_more_wrong_answers(mistake, fault):
    report = checks.check_unique(lambda p: is_unique_variant(p, mistake))
    assert report.status == "failed" and fault in report.summary(), report.summary()


def test_a_hidden_seed_grows_the_aquarium_batteries_and_right_answers_still_pass(monkeypatch):
    def reports():
        return [checks.check_show_bug(show_bug), checks.check_unique(is_unique),
                checks.check_volumes(volume_model)]

    public, plain = len(checks.battery()), [r.total_boards for r in reports()]
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    hidden = [p for name, p in checks.battery() if name.startswith("hidden board")]
    assert len(checks.battery()) == public + 3 and len(hidden) == 3
    assert all(p not in dict(checks.battery()[:-3]).values() for p in hidden)
    for report, total in zip(reports(), [plain[0] + 3, plain[1] + 3, plain[2]]):  # 6.1 keeps its volume boards
        assert report.passed and report.total_boards == total, report.summary()
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "12")
    assert [p for name, p in checks.battery() if name.startswith("hidden board")] != hidden


# -- issue 31: wrong answers that passed, and more of the kinds students write ----------------------
def patched_model(puzzle, reach=2):
    """The colleague's model with a patch: each cell also tied to the cells up to ``reach`` places to
    its right in the same tank (enough for a tank row split by one cell, not by two)."""
    problem, x = checks.colleagues_model(puzzle)
    t, (m, n) = puzzle.tank_of, puzzle.shape
    for r in range(m):
        for c in range(n):
            for k in range(2, reach + 1):
                if c + k < n and t[r][c] == t[r][c + k]:
                    problem += x[r, c] - x[r, c + k] == 0
    return problem, x


def show_bug_by_patch(puzzle, reach=2):
    """A filling of the colleague's model that the student's patched model refuses: the patch taken
    for the rules."""
    problem, x = checks.colleagues_model(puzzle)
    patched, y = patched_model(puzzle, reach)
    m, n = puzzle.shape
    while True:
        try:
            solve_model(problem)
        except NoSolution:
            return None
        grid = [[value01(x[r, c]) for c in range(n)] for r in range(m)]
        for (r, c), var in y.items():
            var.setInitialValue(grid[r][c])
        if any(not constraint.valid() for constraint in patched.constraints()):
            return grid
        problem += nogood_cut(x.values())


@pytest.mark.parametrize("reach", [2, 3])
def test_show_bug_check_rejects_a_patch_taken_for_the_rules(reach):
    report = checks.check_show_bug(lambda p: show_bug_by_patch(p, reach))
    assert report.status == "failed" and set(report.codes) == {"misses-bug"}, report.summary()
    assert report.total_boards - report.passed_boards >= (4 if reach == 2 else 1), report.summary()


def test_wide_split_boards_show_the_bug_only_across_two_cells_or_more():
    for seed, shape in checks.WIDE_SPLITS:
        puzzle = checks.split_board(seed, shape)
        wrong = [g for g in checks.colleagues_fillings(puzzle) if aq.verify(puzzle, g)]
        t, (m, n) = puzzle.tank_of, puzzle.shape
        assert wrong, (seed, shape)
        for g in wrong:  # no wrong filling breaks a tie of a cell to the next but one of its tank
            assert all(g[r][c] == g[r][c + k] for r in range(m) for c in range(n) for k in (1, 2)
                       if c + k < n and t[r][c] == t[r][c + k]), (seed, shape)


def test_show_bug_check_more_wrong_answers():
    def transposed(puzzle):  # a wrong filling of the wrong shape on rectangular boards, right on square ones
        grid = show_bug(puzzle)
        return None if grid is None else [list(col) for col in zip(*grid)]
    report = checks.check_show_bug(transposed)
    assert report.status == "failed" and {"wrong-return-type", "not-accepted"} & set(report.codes), report.summary()

    def tanks_only(puzzle):  # a filling that breaks a rule, never asking whether the colleague accepts it
        m, n = puzzle.shape
        return [[1 if r == 0 and c == 0 else 0 for c in range(n)] for r in range(m)]
    assert "not-accepted" in checks.check_show_bug(tanks_only).codes


def is_unique_enumerated(puzzle, how):
    problem, x = aq.build_model(puzzle)
    if how == "engine":
        from puzzlelib.engine import enumerate_solutions
    else:
        from puzzlelib.engine.enumeration import enumerate_solutions
    return len(enumerate_solutions(problem, list(x.values()), lambda: None, 2)) == 1


@pytest.mark.parametrize("how", ["engine", "enumeration"])
def test_unique_check_refuses_the_librarys_enumeration(how):
    report = checks.check_unique(lambda p: is_unique_enumerated(p, how))
    assert report.status == "failed" and set(report.codes) == {"calls-library:enumerate_solutions"}, report.summary()
    assert report.passed_boards == 0


def test_unique_check_even_more_wrong_answers():
    def wet_cut(puzzle):  # a cut over the wet cells only: it also forbids every filling with more water
        problem, x = aq.build_model(puzzle)
        found = 0
        while found < 2:
            try:
                solve_model(problem)
            except NoSolution:
                break
            found += 1
            wet = [v for v in x.values() if round(v.value()) == 1]
            problem += pulp.lpSum(wet) <= len(wet) - 1
        return found == 1
    def is_unique_count(puzzle):
        problem, x = aq.build_model(puzzle)
        found = 0
        while found < 2:
            try:
                solve_model(problem)
            except NoSolution:
                break
            found += 1
            problem += nogood_cut(x.values())
        return found
    assert "true-for-no-filling" in checks.check_unique(lambda p: is_unique_count(p) <= 1).codes
    assert "true-for-several" in checks.check_unique(lambda p: is_unique_count(p) >= 1).codes
    report = checks.check_unique(wet_cut)
    assert report.status == "failed" and set(report.codes) <= {"false-for-unique", "true-for-several"}, report.summary()


def test_volume_check_refuses_a_model_without_the_counts():
    def no_counts(puzzle, volumes):
        problem, x = cell_model(puzzle, counts=False)
        for t, want in volumes.items():
            problem += pulp.lpSum(x[cell] for cell in puzzle.tanks[t]) == want
        return problem, x
    report = checks.check_volumes(no_counts)
    assert report.status == "failed" and report.passed_boards <= 1, report.summary()
    assert {code.split(":")[0] for code in report.codes} == {"breaks-rule"}, report.codes


def test_volume_boards_are_the_boards_of_the_check():
    assert len(checks.volume_boards()) == checks.check_volumes(volume_model).total_boards == 6
