"""The exercise checks of chapter 1 tell right answers from the wrong ones students write.

For each exercise: the model answer passes, and at least three wrong answers (a dropped constraint,
a reversed inequality, an off-by-one, an ignored argument, a call of the library's own answer) fail
with a message that names the fault.
"""

import pulp
import pytest

from puzzlelib import thermometer as th
from puzzlelib.engine import NoSolution, add_binary, new_problem, solve_model
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


@pytest.mark.parametrize("kwargs, fault, code", [
    (dict(warm=None), "holds no mercury", "breaks-rule:empty-bulb"),                 # the warm rule dropped
    (dict(warm="tip"), "rules out a valid filling", "rules-out-solution"),           # every tip filled instead
    (dict(warm="bulb", counts="hidden_as_zero"), "breaks your constraint", "rules-out-solution"),  # hidden as 0
    (dict(warm="bulb", fill="reversed"), "breaks your constraint x_0_0 - x_", "rules-out-solution"),  # reversed
])
def test_warm_wrong_answers_fail_by_name(kwargs, fault, code):
    report = checks.check_warm(lambda b: grid_model(b, **kwargs))
    assert not report.passed and fault in report_text(report), report_text(report)
    assert code in report.codes, report.codes


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


@pytest.mark.parametrize("build, fault, code", [
    (lambda p: grid_model(p, fill="skip_tip"), "nearer the bulb, is empty", "breaks-rule:fill-gap"),  # the bug
    (lambda p: grid_model(p, fill="reversed"), "breaks your constraint x_0_0 - x_0_1 <= 0", "rules-out-solution"),
    (lambda p: grid_model(p, counts="drop_cols"), "col ", "breaks-rule:col-count"),  # column counts dropped
    (lambda p: th.build_model(p), "calls th.build_model", "calls-library:th.build_model"),  # the library's answer
])
def test_model_wrong_answers_fail_by_name(build, fault, code):
    report = checks.check_model(build)
    assert not report.passed and fault in report_text(report), report_text(report)
    assert code in report.codes, report.codes


def test_the_colleagues_model_returns_a_rejected_filling_with_highs():
    # what the exercise shows (CBC's pick among the model's fillings depends on its build order, and may be right)
    board = th.Puzzle.from_text(th.SEED_BOARD)
    for solver in ("highs",):
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


@pytest.mark.parametrize("answer, fault, code", [
    (counter("ignore_limit"), "the count must stop at limit", "count-above-limit"),
    (counter("off_by_one"), "the count must stop at limit", "count-above-limit"),
    (counter("no_cut"), "or a filling twice", "count-too-high"),
    (counter("stop_early"), "the loop stops early", "count-too-low"),
    (lambda p, limit: len(th.solutions(p, limit)), "calls th.solutions", "calls-library:th.solutions"),
    (lambda p, limit: 1, "the board has more fillings", "count-too-low"),
    (lambda p, limit: float(limit), "whole number", "wrong-return-type"),
])
def test_count_wrong_answers_fail_by_name(answer, fault, code):
    report = checks.check_count(answer)
    assert not report.passed and fault in report_text(report), report_text(report)
    assert code in report.codes, report.codes


def test_forbidden_functions_are_restored_after_a_check():
    checks.check_count(lambda p, limit: len(th.solutions(p, limit)))
    assert len(th.solutions(th.Puzzle.from_text(th.SEED_BOARD))) == 1


def test_written_answer_of_exercise_1_1_counts_the_example_thermometers():
    assert len(checks.WARM_EXAMPLE.thermometers) == 9


# -- More wrong answers (a fresh read): each one passed a check before its board was added ---------
def warm_variant(board, fault):
    """The right warm model but for one fault: `truthy` reads a shown count of 0 as hidden,
    `pairs_only` writes the warm rule inside the pair loop (one-cell thermometers get none),
    `not_last` forgets the last thermometer's bulb."""
    m, n = board.shape
    problem = new_problem("warm")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(m) for c in range(n)}
    for r in range(m):
        if (board.rows[r] if fault == "truthy" else board.rows[r] is not None):
            problem += pulp.lpSum(x[r, c] for c in range(n)) == board.rows[r]
    for c in range(n):
        if (board.cols[c] if fault == "truthy" else board.cols[c] is not None):
            problem += pulp.lpSum(x[r, c] for r in range(m)) == board.cols[c]
    last = len(board.thermometers) - 1
    for t, cells in enumerate(board.thermometers):
        if fault not in ("pairs_only", "not_last") or (fault == "not_last" and t < last):
            problem += x[cells[0]] == 1
        for k in range(1, len(cells)):
            if fault == "pairs_only":
                problem += x[cells[0]] >= 1
            problem += x[cells[k - 1]] >= x[cells[k]]
    return problem, x


@pytest.mark.parametrize("fault, message", [
    ("truthy", "its count is 0"),
    ("pairs_only", "thermometer A holds no mercury"),
    ("not_last", "holds no mercury"),
])
def test_warm_faults_found_by_the_fresh_read_fail(fault, message):
    report = checks.check_warm(lambda b: warm_variant(b, fault))
    assert not report.passed and message in report_text(report), report_text(report)


def thermometer_variant(puzzle, fault):
    """A chapter-1 model with one fault: `to_bulb` ties every cell to the bulb (gaps allowed),
    `swapped` uses the column counts for rows, `equal` writes = for >=, `two_counts_dropped` skips
    the last row and the last column count (one of them is redundant, both are not)."""
    m, n = puzzle.shape
    problem = new_problem("thermometers")
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(m) for j in range(n)}
    rows, cols = (puzzle.cols, puzzle.rows) if fault == "swapped" else (puzzle.rows, puzzle.cols)
    short = 1 if fault == "two_counts_dropped" else 0
    for i in range(m - short):
        problem += pulp.lpSum(x[i, j] for j in range(n)) == rows[i % len(rows)]
    for j in range(n - short):
        problem += pulp.lpSum(x[i, j] for i in range(m)) == cols[j % len(cols)]
    for cells in puzzle.thermometers:
        for k in range(1, len(cells)):
            if fault == "to_bulb":
                problem += x[cells[0]] >= x[cells[k]]
            elif fault == "equal":
                problem += x[cells[k - 1]] - x[cells[k]] == 0
            else:
                problem += x[cells[k - 1]] >= x[cells[k]]
    return problem, x


@pytest.mark.parametrize("fault, message", [
    ("to_bulb", "nearer the bulb, is empty"),
    ("swapped", "rules out a valid filling"),
    ("equal", "rules out a valid filling"),
    ("two_counts_dropped", "its count is"),
])
def test_model_faults_found_by_the_fresh_read_fail(fault, message):
    report = checks.check_model(lambda p: thermometer_variant(p, fault))
    assert not report.passed and message in report_text(report), report_text(report)


def test_count_cannot_be_passed_by_the_solver_free_oracle():
    text = report_text(checks.check_count(lambda p, limit: min(len(th.brute_force(p)), limit)))
    assert "calls th.brute_force" in text, text


def test_count_with_a_cut_that_keeps_the_filling_fails():
    def count_solutions(puzzle, limit):   # the cut reversed: <= 0 forces the same filling again
        problem, x = th.build_model(puzzle)
        count = 0
        while count < limit:
            try:
                solve_model(problem)
            except NoSolution:
                break
            count += 1
            ones = [v for v in x.values() if v.value() > 0.5]
            zeros = [v for v in x.values() if v.value() <= 0.5]
            problem += pulp.lpSum(1 - v for v in ones) + pulp.lpSum(zeros) <= 0
        return count
    text = report_text(checks.check_count(count_solutions))
    assert "or a filling twice" in text, text


# -- Hidden boards: a grader's seed adds boards the students never saw -----------------------------
def test_a_hidden_seed_grows_each_thermometer_battery_and_right_answers_still_pass(monkeypatch):
    public = {"warm": len(checks.warm_battery()), "model": len(checks.battery()),
              "count": len(checks.count_battery())}
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    assert len(checks.warm_battery()) == public["warm"] + 3
    assert len(checks.battery()) == public["model"] + 3
    assert len(checks.count_battery()) == public["count"] + 3
    for report, total in [(checks.check_warm(lambda b: grid_model(b, warm="bulb")), public["warm"] + 3),
                          (checks.check_model(grid_model), public["model"] + 3),
                          (checks.check_count(counter()), public["count"] + 3)]:
        assert report.passed and f"all {total} boards" in report_text(report), report_text(report)


def test_hidden_thermometer_boards_follow_the_seed(monkeypatch):
    def hidden():
        return [b for name, b in checks.battery() if name.startswith("hidden board")]
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    first = hidden()
    assert hidden() == first and not set(first) & {b for _, b in checks.battery()[:-3]}
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "12")
    assert hidden() != first


def test_written_answer_of_exercise_1_2_counts_the_colleagues_fillings():
    """The colleague's model (the tip's dependency dropped) admits 11 fillings on the chapter's board
    and extra fillings on 7 of the 9 public boards; on the impossible board and #103 none."""
    from puzzlelib.thermometer.rules import fillings

    admitted = {}
    for name, board in checks.battery():
        cut = [part for cells in board.thermometers
               for part in ([tuple(cells[:-1]), (cells[-1],)] if len(cells) > 1 else [tuple(cells)])]
        admitted[name] = len(set(fillings(board.shape, board.rows, board.cols, cut)))
    assert admitted["the chapter's 5x5"] == 11
    extra = [name for name, board in checks.battery() if admitted[name] > len(checks.true_fillings(board))]
    assert len(extra) == 7 and len(checks.battery()) == 9
    assert set(admitted) - set(extra) == {"a 2x2 with no solution", "random 6x4 board #103"}
    report = checks.check_model(lambda p: grid_model(p, fill="skip_tip"))
    assert "2 of 9 boards right" in report_text(report)


def test_written_answer_of_exercise_1_3_reads_the_table(capsys):
    checks.uniqueness_by_length(counter())
    rows = {line.split()[1]: [int(v) for v in line.split()[3:]]
            for line in capsys.readouterr().out.splitlines() if line.strip().startswith("<=")}
    assert rows["2"][0] == 0 and rows["2"][4] > 10           # none unique, most with 5+ fillings
    assert rows["4"][0] >= 9 and all(rows[k][0] >= 10 for k in ("6", "8"))  # from four cells on, about half or more unique
    assert rows["8"][1] > 0                                    # still some with two fillings


def test_chapter_0_lists_every_chapter_of_the_course():
    import re
    from pathlib import Path

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    chapters = {int(p.name[:2]) for p in notebooks.glob("[0-9][0-9]-*.md")}
    intro_text = (notebooks / "00-introduction.md").read_text()
    listed = {int(n) for n in re.findall(r"^\| \[?(\d+)\b", intro_text, flags=re.M)}
    assert listed == chapters, sorted(chapters ^ listed)


# -- Issue 25: no oracle in reach, vacuous answers fail, messages diagnose without the answer ------
def fillings_model(fills, shape):
    """A model that admits exactly the given fillings (what a student could build from an oracle)."""
    m, n = shape
    problem = new_problem("copied")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(m) for c in range(n)}
    fills = sorted(fills)
    z = [add_binary(problem, f"z_{k}") for k in range(len(fills))]
    problem += pulp.lpSum(z) == 1
    for (r, c), var in x.items():
        problem += var == pulp.lpSum(zk * f[r][c] for zk, f in zip(z, fills))
    return problem, x


_unwrapped = checks.true_fillings.__wrapped__  # kept before the check, as a cheat would


@pytest.mark.parametrize("check, answer, label", [
    (checks.check_warm, lambda b: fillings_model(checks.warm_fillings(b), b.shape), "checks.warm_fillings"),
    (checks.check_model, lambda p: fillings_model(checks.true_fillings(p), p.shape), "checks.true_fillings"),
    (checks.check_model, lambda p: th.model.hartmann_model(p), "th.model.hartmann_model"),
    (checks.check_model, lambda p: fillings_model([s.grid for s in th.brute_force(p)], p.shape), "th.brute_force"),
    (checks.check_count, lambda p, limit: min(len(checks.true_fillings(p)), limit), "checks.true_fillings"),
    (checks.check_count, lambda p, limit: min(len(_unwrapped(p)), limit), "checks.true_fillings.__wrapped__"),
    (checks.check_count, lambda p, limit: len(th.rules.fillings(p.shape, p.rows, p.cols, p.thermometers,
                                                                  limit=limit)), "th.rules.fillings"),
])
def test_the_checks_oracles_are_blocked_while_a_check_runs(check, answer, label):
    # the oracle's result is cached before the check (the check computes it itself), and still blocked
    checks.true_fillings(th.Puzzle.from_text(th.SEED_BOARD))
    report = check(answer)
    assert report.passed_boards == 0 and set(report.codes) == {f"calls-library:{label}"}, report_text(report)
    assert len(checks.true_fillings(th.Puzzle.from_text(th.SEED_BOARD))) == 1  # restored afterwards


def vacuous_model(board, how):
    m, n = board.shape
    problem = new_problem("vacuous")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(m) for c in range(n)}
    if how == "zeros":
        for var in x.values():
            problem += var == 0
    elif how == "infeasible":
        problem += pulp.lpSum(x.values()) >= m * n + 1
    return problem, x


@pytest.mark.parametrize("how, code", [("empty", "breaks-rule:row-count"), ("zeros", "breaks-rule:row-count"),
                                       ("infeasible", "rules-out-solution")])
def test_vacuous_models_fail_on_every_board_with_a_filling(how, code):
    for check, boards in ((checks.check_warm, checks.warm_battery()), (checks.check_model, checks.battery())):
        report = check(lambda b: vacuous_model(b, how))
        solvable = sum(1 for _, b in boards if (checks.warm_fillings(b) if check is checks.check_warm
                                                else checks.true_fillings(b)))
        right = len(boards) - solvable if how == "infeasible" else 0  # admitting nothing is right only there
        assert not report.passed and report.passed_boards == right, report_text(report)
        assert report.codes[0] == code, report.codes
    assert checks.check_model(lambda p: None).codes[0] == "wrong-return-type"


@pytest.mark.parametrize("answer", [lambda p, limit: 0, lambda p, limit: 1, lambda p, limit: 2,
                                    lambda p, limit: 5, lambda p, limit: limit, lambda p, limit: min(1, limit),
                                    lambda p, limit: min(2, limit)])
def test_count_answers_that_ignore_the_board_get_at_most_a_quarter(answer):
    report = checks.check_count(answer)
    assert not report.passed and report.score <= 0.25, report_text(report)


def test_count_battery_spreads_the_right_answers():
    wants = [min(len(checks.true_fillings(p)), limit) for _, p, limit in checks.count_battery()]
    assert max(wants.count(v) for v in set(wants)) <= 3 and len(set(wants)) >= 6, wants
    assert sum(w == limit for w, (_, _, limit) in zip(wants, checks.count_battery())) <= 3


def test_count_messages_never_state_the_number_of_fillings():
    for answer in (counter("stop_early"), counter("no_cut"), lambda p, limit: 1, lambda p, limit: 0):
        report = checks.check_count(answer)
        for (name, failure), (_, puzzle, limit) in zip(report.failures, checks.count_battery()):
            truth = len(checks.true_fillings(puzzle))
            assert "fillings)" not in failure.message and f"has {truth} " not in failure.message, failure.message
        assert all(word not in report_text(report) for word in ("two solutions", "no solution", "5 fillings"))


def test_every_failure_of_the_chapter_1_checks_has_a_code():
    for report in (checks.check_warm(lambda b: grid_model(b)), checks.check_model(lambda p: grid_model(p, "skip_tip")),
                   checks.check_count(counter("stop_early"))):
        assert report.codes and all(code for code in report.codes), report.codes
        assert len(report.codes) == report.total_boards - report.passed_boards
