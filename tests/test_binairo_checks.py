"""The exercise checks of chapter 3: right answers pass, stubs are "not done", and wrong answers of
the kinds students write fail with a message that names the fault (issue 8)."""

import itertools

import pulp
import pytest

from puzzlelib import binairo as bn
from puzzlelib.binairo import checks as ck
from puzzlelib.engine.enumeration import enumerate_solutions
from puzzlelib.engine.solver import add_binary


def stub(*args):
    raise NotImplementedError("Exercise 3.x: replace this line with your code")


# -- answers a student might write ---------------------------------------------------------------
def two_rules_variant(puzzle, givens=True, balance=True, last_window=True, low=1, high=2):
    """Exercise 3.1's model with one slip switched on by the arguments."""
    n = puzzle.size
    problem = pulp.LpProblem("b", pulp.LpMinimize)
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(n) for j in range(n)}
    if givens:
        for (i, j), v in puzzle.given_cells().items():
            problem += x[i, j] == v
    lines = [[x[i, j] for j in range(n)] for i in range(n)] + [[x[i, j] for i in range(n)] for j in range(n)]
    for line in lines:
        if balance:
            problem += pulp.lpSum(line) == n // 2
        for k in range(n - 2 if last_window else n - 3):
            problem += pulp.lpSum(line[k:k + 3]) >= low
            problem += pulp.lpSum(line[k:k + 3]) <= high
    return problem, x


def wrapped_variant(puzzle, wrap=(0, 1), wrap_cols=True, low=1, high=2, givens=True, balance=True):
    """Exercise 3.1's model (rule 2 wrapping around every line) with one slip switched on."""
    n = puzzle.size
    problem = pulp.LpProblem("w", pulp.LpMinimize)
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(n) for j in range(n)}
    if givens:
        for (i, j), v in puzzle.given_cells().items():
            problem += x[i, j] == v
    rows = [[x[i, j] for j in range(n)] for i in range(n)]
    cols = [[x[i, j] for i in range(n)] for j in range(n)]
    for kind, lines in (("row", rows), ("col", cols)):
        for line in lines:
            if balance:
                problem += pulp.lpSum(line) == n // 2
            ends = wrap if kind == "row" or wrap_cols else ()
            for k in list(range(n - 2)) + [n - 2 + w for w in ends]:
                window = pulp.lpSum(line[(k + t) % n] for t in range(3))
                problem += window >= low
                problem += window <= high
    return problem, x


def count_with(build, cap=lambda limit: limit):
    def count(puzzle, limit):
        problem, x = build(puzzle)
        return len(enumerate_solutions(problem, x.values(), lambda: None, cap(limit)))
    return count


def bigm_variant(puzzle, M=None, same_cols=False, flip=False, skip_cols=False, shared_y=False,
                 column_weight_j=False):
    """Exercise 3.3's model with one slip switched on by the arguments."""
    problem, x = ck.two_rules(puzzle)
    n = puzzle.size
    M = 2 ** n if M is None else M
    rows = [pulp.lpSum(2 ** j * x[i, j] for j in range(n)) for i in range(n)]
    cols = rows if same_cols else [pulp.lpSum(2 ** (j if column_weight_j else i) * x[i, j] for i in range(n))
                                   for j in range(n)]
    ys = {}
    for kind, R in (("row", rows),) + (() if skip_cols else (("col", cols),)):
        for a, b in itertools.combinations(range(n), 2):
            if shared_y:  # one y for rows (a, b) and columns (a, b): their orders tied together
                y = ys.setdefault((a, b), add_binary(problem, f"y_{a}_{b}"))
            else:
                y = add_binary(problem, f"y_{kind}_{a}_{b}")
            problem += R[a] - R[b] >= 1 - M * (1 - y)
            if flip:
                problem += R[b] - R[a] >= 1 - M * (1 - y)
            else:
                problem += R[b] - R[a] >= 1 - M * y
    return problem, x


def plus_variant(puzzle, signs, mode="right"):
    problem, x = bn.build_model(puzzle, "none" if mode == "no rule 3" else "exact")
    for (a, b), sign in signs.items():
        if mode == "ignore" or (mode == "equal only" and sign == "x"):
            continue
        same = sign == "="
        if mode == "swapped":
            same = not same
        if same and mode == "half equal":
            problem += x[a] <= x[b]          # '=' one way only
        elif not same and mode == "at least one":
            problem += x[a] + x[b] >= 1      # 'x' read as "not both zero"
        else:
            problem += (x[a] - x[b] == 0) if same else (x[a] + x[b] == 1)
    return problem, x


# -- right answers --------------------------------------------------------------------------------
@pytest.mark.parametrize("check, right", [
    (ck.check_wrapped, wrapped_variant), (ck.check_two_rules, ck.two_rules), (ck.check_count, count_with(ck.two_rules)),
    (ck.check_bigm, bigm_variant), (ck.check_plus, plus_variant),
])
def test_right_answers_pass_and_stubs_are_not_done(check, right):
    assert check(right).passed, check(right).summary()
    report = check(stub)
    assert report.status == "not done" and "not done yet" in report.summary()


# -- Exercise 3.1 -------------------------------------------------------------------------------
@pytest.mark.parametrize("slip, fault", [
    (dict(wrap=()), "across its ends"),                           # the chapter's model copied: no wrapping
    (dict(wrap=(0,)), "across its ends"),                         # off by one: only one wrapped window
    (dict(wrap_cols=False), "across its ends, at (6, 6), (7, 6), (0, 6)"),  # columns do not wrap
    (dict(high=3), "3 equal cells"),                              # three ones allowed
    (dict(low=2), "rules out a valid filling"),                   # too strict
    (dict(givens=False), "but it is given as"),                   # the givens ignored
])
def test_ex31_wrong_wrapped_models_fail_naming_the_rule(slip, fault):
    report = ck.check_wrapped(lambda p: wrapped_variant(p, **slip))
    assert not report.passed and fault in report.summary(), report.summary()


build_two_rules = ck.two_rules  # a global, as the exercise notebook names it


def wrapped_on_top(puzzle):
    return build_two_rules(puzzle)  # the given model of rules 1 and 2, not written by the student


def test_ex31_the_chapter_model_and_library_calls_are_refused():
    report = ck.check_wrapped(lambda p: bn.build_model(p, "none"))
    assert not report.passed and "your answer calls bn.build_model" in report.summary()
    assert "your answer calls build_two_rules" in ck.check_wrapped(wrapped_on_top).summary()
    assert build_two_rules(bn.empty(4)) and bn.build_model(bn.empty(4))  # restored after the check


def test_wrapping_matters_only_from_8x8_and_on_the_8x8_boards():
    for n in (4, 6):
        assert bn.brute_force_fillings(bn.empty(n), distinct=False, extra=ck.wraps_ok) == \
            bn.brute_force_fillings(bn.empty(n), distinct=False)
    for name, p in ck.wrapped_battery()[-3:]:
        wrapped = bn.brute_force_fillings(p, distinct=False, extra=ck.wraps_ok)
        assert 0 < len(wrapped) < len(bn.brute_force_fillings(p, distinct=False)), name
    grid = [[1, 1, 0, 0, 1, 0, 0, 1]] * 8
    assert any("across its ends" in m for m in ck.verify_wrapped(bn.empty(8), grid))
    assert ck.draw_wrapped(bn.empty(8), grid).axes


# -- rules 1 and 2, the model Exercises 3.2 and 3.3 stand on -------------------------------------
@pytest.mark.parametrize("slip, fault", [
    (dict(last_window=False), "3 equal cells"),                   # off by one: the last window forgotten
    (dict(balance=False), "ones and"),                            # rule 1 dropped
])  # (the other slips are tried on Exercise 3.1's wrapped model above)
def test_two_rules_wrong_models_fail_naming_the_rule(slip, fault):
    report = ck.check_two_rules(lambda p: two_rules_variant(p, **slip))
    assert not report.passed and fault in report.summary(), report.summary()


def test_two_rules_library_calls_are_refused():
    report = ck.check_two_rules(lambda p: ck.two_rules(p) if p.size < 6 else bn.build_model(p))
    assert "calls bn.build_model" in report.summary()
    report = ck.check_two_rules(lambda p: bn.build_model(p, "none"))
    assert not report.passed and "your answer calls bn.build_model" in report.summary()
    assert "must return (problem, x)" in ck.check_two_rules(lambda p: "not a model").summary()
    assert bn.build_model(bn.empty(4))  # restored after the check


# -- Exercise 3.2 -------------------------------------------------------------------------------
def test_ex32_wrong_counts_fail_naming_the_fault():
    ignores_limit = count_with(ck.two_rules, cap=lambda limit: 100)
    assert "the count must stop at the limit" in ck.check_count(ignores_limit).summary()
    default_limit = count_with(ck.two_rules, cap=lambda limit: 2)  # the limit argument ignored
    assert "ignore the limit argument" in ck.check_count(default_limit).summary()
    all_three = lambda p, limit: len(enumerate_solutions(*(lambda m: (m[0], m[1].values()))(bn.build_model(p, "exact")), lambda: None, limit))  # noqa: E731
    assert "keep all three rules" in ck.check_count(all_three).summary()
    off_by_one = lambda p, limit: count_with(ck.two_rules)(p, limit) - 1  # noqa: E731
    assert "count-too-low" in ck.check_count(off_by_one).codes
    twice = lambda p, limit: min(2 * count_with(ck.two_rules)(p, limit), limit)  # noqa: E731
    assert "count-too-high" in ck.check_count(twice).codes
    returns_list = lambda p, limit: enumerate_solutions(*(lambda m: (m[0], m[1].values()))(ck.two_rules(p)), lambda: None, limit)  # noqa: E731
    assert "return the number of fillings, an int" in ck.check_count(returns_list).summary()


def test_ex32_points_back_to_the_model_when_it_is_wrong():
    wrong = lambda p: two_rules_variant(p, last_window=False)  # noqa: E731
    report = ck.check_count(count_with(wrong), wrong)
    assert not report.passed and "build_two_rules does not state rules 1 and 2 yet" in report.summary()
    assert "fix build_two_rules first" in report.summary()
    assert ck.check_count(count_with(ck.two_rules), ck.two_rules).passed


def test_ex32_calling_the_library_is_refused():
    report = ck.check_count(lambda p, limit: len(bn.solutions(p, limit=limit, model="none")))
    assert not report.passed and "your answer calls bn.solutions" in report.summary()
    report = ck.check_count(lambda p, limit: len(bn.brute_force_fillings(p, distinct=False, limit=limit)))
    assert "your answer calls bn.brute_force_fillings" in report.summary()


# -- Exercise 3.3 -------------------------------------------------------------------------------
def test_ex33_the_broken_bigm_fails_with_both_symptoms():
    report = ck.check_bigm(ck.build_bigm_broken)
    assert report.status == "failed"
    text = report.summary()
    assert "rules out a valid filling" in text and "cols" in text and "are equal" in text
    assert report.failures[0][1].figure().axes  # the picture of the mistake draws


@pytest.mark.parametrize("slip, fault", [
    (dict(M=2 ** 3), "rules out a valid filling"),       # M too small
    (dict(same_cols=True), "cols"),                       # columns never compared
    (dict(skip_cols=True), "cols"),                       # columns forgotten
    (dict(flip=True), "are equal"),                       # the second bound switched on the wrong y
    (dict(shared_y=True), "rules out a valid filling"),   # one y per (a, b) for rows and columns alike
    (dict(column_weight_j=True), "rules out a valid filling"),  # column j's cells all weighted 2^j
])
def test_ex33_wrong_models_fail_naming_the_fault(slip, fault):
    report = ck.check_bigm(lambda p: bigm_variant(p, **slip))
    assert not report.passed and fault in report.summary(), report.summary()


def test_ex33_calling_the_library_is_refused():
    report = ck.check_bigm(lambda p: bn.build_model(p, "bigm"))
    assert "your answer calls bn.build_model" in report.summary()


# -- Exercise 3.4 -------------------------------------------------------------------------------
@pytest.mark.parametrize("mode, fault", [
    ("ignore", "have '=' between them but differ"),
    ("swapped", "that filling breaks your constraint"),
    ("equal only", "have 'x' between them but are equal"),
    ("half equal", "have '=' between them but differ"),
    ("at least one", "have 'x' between them but are equal"),
    ("no rule 3", "are equal ("),
])
def test_ex34_wrong_models_fail_naming_the_sign(mode, fault):
    report = ck.check_plus(lambda p, s: plus_variant(p, s, mode))
    assert not report.passed and fault in report.summary(), report.summary()


def test_ex34_the_picture_rings_the_offending_pair():
    name, puzzle, signs = ck.plus_battery()[1]
    signs = dict(signs)
    (a, b), sign = next(iter(signs.items()))
    grid = [list(row) for row in bn.brute_force_fillings(puzzle, extra=ck._signs_hold(signs))[0]]
    assert ck.broken_sign_cells(grid, signs) == set()
    grid[a[0]][a[1]] = 1 - grid[a[0]][a[1]]  # the sign on (a, b) now breaks
    assert {a, b} <= ck.broken_sign_cells(grid, signs)
    assert ck.draw_plus(puzzle, grid, signs).axes
    assert any(f"cells {a} and {b}" in p for p in ck.verify_plus(puzzle, grid, signs))


def test_plus_boards_have_few_solutions_and_one_impossible():
    counts = [len(bn.brute_force_fillings(p, extra=ck._signs_hold(dict(s)))) for _, p, s in ck.plus_battery()]
    assert counts[-1] == 0 and all(0 < c <= 10 for c in counts[:-1])
    name, puzzle, signs = ck.plus_battery()[1]
    assert ck.draw_plus(puzzle, None, dict(signs)).axes


# -- hidden boards (a lecturer's seed, feedback.checks.hidden_boards) ---------------------------------
def test_hidden_boards_grow_every_battery_and_right_answers_still_pass(monkeypatch):
    public = (len(ck.battery()), len(ck.wrapped_battery()), len(ck.plus_battery()))
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    grown = (len(ck.battery()), len(ck.wrapped_battery()), len(ck.plus_battery()))
    assert grown == (public[0] + 3, public[1] + 6, public[2] + 3)
    assert all(name.startswith("hidden board") for name, _ in ck.battery()[-3:])
    for check, right in ((ck.check_wrapped, wrapped_variant), (ck.check_count, count_with(ck.two_rules)),
                         (ck.check_bigm, bigm_variant), (ck.check_plus, plus_variant)):
        report = check(right)
        assert report.passed and report.total_boards >= 8, report.summary()
    report = ck.check_wrapped(lambda p: wrapped_variant(p, wrap=()))
    assert not report.passed


# -- Issue 25: codes, oracles out of reach, vacuous answers, messages without the answer ---------
def fillings_model(puzzle, fills):
    """A model that admits exactly the given fillings (what a student could build from an oracle)."""
    n = puzzle.size
    problem = pulp.LpProblem("copied", pulp.LpMinimize)
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(n) for j in range(n)}
    fills = sorted(fills)
    z = [add_binary(problem, f"z_{k}") for k in range(len(fills))]
    problem += pulp.lpSum(z) == 1
    for (i, j), var in x.items():
        problem += var == pulp.lpSum(zk * f[i][j] for zk, f in zip(z, fills))
    return problem, x


_unwrapped = ck.true_fillings.__wrapped__


@pytest.mark.parametrize("check, answer, label", [
    (ck.check_two_rules, lambda p: fillings_model(p, ck.true_fillings(p, False)), "checks.true_fillings"),
    (ck.check_wrapped, lambda p: fillings_model(p, bn.brute_force_fillings(p, False, extra=ck.wraps_ok)),
     "bn.brute_force_fillings"),
    (ck.check_bigm, lambda p: fillings_model(p, ck.true_fillings(p)), "checks.true_fillings"),
    (ck.check_bigm, lambda p: fillings_model(p, _unwrapped(p)), "checks.true_fillings.__wrapped__"),
    (ck.check_bigm, lambda p: bn.build_model(p, "bigm"), "bn.build_model"),
    (ck.check_bigm, lambda p: (lambda m: (bn.model.add_distinct_exact(m[0], "row", bn.model.lines_of(m[1], p.size)["row"]),
                                          bn.model.add_distinct_exact(m[0], "col", bn.model.lines_of(m[1], p.size)["col"]),
                                          m)[-1])(ck.two_rules(p)), "bn.add_distinct_exact"),
    (ck.check_count, lambda p, limit: min(len(ck.true_fillings(p, False)), limit), "checks.true_fillings"),
    (ck.check_count, lambda p, limit: min(len(_unwrapped(p, False)), limit), "checks.true_fillings.__wrapped__"),
    (ck.check_plus, lambda p, signs: fillings_model(p, [g for g in bn.brute_force_fillings(p) if all(
        (g[a[0]][a[1]] == g[b[0]][b[1]]) == (s == "=") for (a, b), s in signs.items())]), "bn.brute_force_fillings"),
    (ck.check_plus, lambda p, signs: fillings_model(p, [s.grid for s in bn.solutions(p, limit=1000)]), "bn.solutions"),
])
def test_the_checks_oracles_are_blocked_while_a_check_runs(check, answer, label):
    ck.true_fillings(bn.empty(4))  # cached before the check: still blocked
    report = check(answer)
    assert report.passed_boards == 0 and set(report.codes) == {f"calls-library:{label}"}, report.summary()
    assert len(ck.true_fillings(bn.empty(4))) == 72  # restored afterwards


def vacuous(puzzle, how):
    n = puzzle.size
    problem = pulp.LpProblem("vacuous", pulp.LpMinimize)
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(n) for j in range(n)}
    if how == "zeros":
        for var in x.values():
            problem += var == 0
    elif how == "infeasible":
        problem += pulp.lpSum(x.values()) >= n * n + 1
    return problem, x


@pytest.mark.parametrize("how", ["empty", "zeros", "infeasible"])
@pytest.mark.parametrize("check", [ck.check_two_rules, ck.check_wrapped, ck.check_bigm, ck.check_plus])
def test_vacuous_models_fail_and_pass_only_boards_without_a_filling(check, how):
    answer = (lambda p, signs: vacuous(p, how)) if check is ck.check_plus else (lambda p: vacuous(p, how))
    report = check(answer)
    assert report.status == "failed" and (report.passed_boards == 0 or how == "infeasible"), report.summary()
    assert report.score <= 0.25, report.summary()  # admitting nothing is right only where nothing exists
    assert report.codes[0] == "rules-out-solution" if how == "infeasible" else report.codes[0] in (
        "breaks-rule:given", "breaks-rule:balance")


@pytest.mark.parametrize("constant", [0, 1, 2, 12, 100])
def test_constant_counts_fail(constant):
    report = ck.check_count(lambda p, limit: constant)
    assert report.status == "failed" and report.score <= 0.25, report.summary()


@pytest.mark.parametrize("check, answer, code", [
    (ck.check_two_rules, lambda p: two_rules_variant(p, last_window=False), "breaks-rule:three"),
    (ck.check_two_rules, lambda p: two_rules_variant(p, balance=False), "breaks-rule:balance"),
    (ck.check_wrapped, lambda p: wrapped_variant(p, wrap=(0,)), "breaks-rule:wrap-three"),
    (ck.check_bigm, lambda p: bigm_variant(p, same_cols=True), "breaks-rule:distinct"),
    (ck.check_bigm, lambda p: bigm_variant(p, M=2 ** (p.size - 1)), "rules-out-solution"),
    (ck.check_plus, lambda p, s: plus_variant(p, s, "ignore"), "breaks-rule:sign-equal"),
    (ck.check_plus, lambda p, s: plus_variant(p, s, "equal only"), "breaks-rule:sign-differ"),
    (ck.check_count, lambda p, limit: len(enumerate_solutions(*(lambda m: (m[0], m[1].values()))(
        bn.build_model(p, "exact")), lambda: None, limit)), "counts-rule-3"),
    (ck.check_count, lambda p, limit: 10 ** 6, "count-above-limit"),
    (ck.check_count, lambda p, limit: "4", "wrong-return-type"),
])
def test_failures_carry_the_code_of_their_fault(check, answer, code):
    report = check(answer)
    assert code in report.codes, (report.codes, report.summary())


def test_count_messages_and_names_never_state_the_number_of_fillings():
    for answer in (lambda p, limit: 0, lambda p, limit: 1, lambda p, limit: count_with(ck.two_rules)(p, limit) - 1):
        text = ck.check_count(answer).summary()
        assert "the answer is" not in text and "no filling" not in text and "unique" not in text, text
        assert "filling(s)" not in text and "impossible" not in text, text
