"""The Chapter 7 exercise checks pass the right answers and fail the wrong answers students write,
each with a message that names the fault."""

import pulp

import puzzlelib.sudoku as sd
from puzzlelib.sudoku import checks


# -- 7.1 consecutive pairs -------------------------------------------------------------------------
def consecutive_right(problem, G, n, pairs):
    for k, (a, b) in enumerate(pairs):
        for v in range(1, n + 1):
            near = [G[b[0], b[1], u] for u in (v - 1, v + 1) if 1 <= u <= n]
            problem += G[a[0], a[1], v] <= pulp.lpSum(near)


def consecutive_by_helper(problem, G, n, pairs):  # also right: neighbours never hold equal digits
    for a, b in pairs:
        ha = pulp.lpSum(v * G[a[0], a[1], v] for v in range(1, n + 1))
        hb = pulp.lpSum(v * G[b[0], b[1], v] for v in range(1, n + 1))
        problem += ha - hb <= 1
        problem += hb - ha <= 1


def consecutive_one_way(problem, G, n, pairs):  # b = a + 1 only
    for a, b in pairs:
        for v in range(1, n):
            problem += G[a[0], a[1], v] <= G[b[0], b[1], v + 1]
        problem += G[a[0], a[1], n] == 0


def consecutive_off_by_one(problem, G, n, pairs):  # differ by two
    for a, b in pairs:
        for v in range(1, n + 1):
            problem += G[a[0], a[1], v] <= pulp.lpSum(G[b[0], b[1], u] for u in (v - 2, v + 2) if 1 <= u <= n)


def consecutive_ignored(problem, G, n, pairs):  # forgets the pairs
    pass


def consecutive_reversed(problem, G, n, pairs):  # >= instead of <=
    for a, b in pairs:
        ha = pulp.lpSum(v * G[a[0], a[1], v] for v in range(1, n + 1))
        hb = pulp.lpSum(v * G[b[0], b[1], v] for v in range(1, n + 1))
        problem += ha - hb >= 1


def consecutive_no_ends(problem, G, n, pairs):  # skips the end digits 1 and n: they go unconstrained
    for a, b in pairs:
        for v in range(2, n):
            problem += G[a[0], a[1], v] <= G[b[0], b[1], v - 1] + G[b[0], b[1], v + 1]


def consecutive_first_pair_only(problem, G, n, pairs):  # an unhandled case: only the first pair
    for a, b in pairs[:1]:
        consecutive_right(problem, G, n, [(a, b)])


def consecutive_wraps(problem, G, n, pairs):  # n counts as next to 1, as on a clock
    for a, b in pairs:
        for v in range(1, n + 1):
            problem += G[a[0], a[1], v] <= pulp.lpSum(G[b[0], b[1], (u - 1) % n + 1] for u in (v - 1, v + 1))


def consecutive_nine_digits(problem, G, n, pairs):  # ignores n: digits 1..9 on a 4x4
    for a, b in pairs:
        for v in range(1, 10):
            problem += G[a[0], a[1], v] <= pulp.lpSum(G[b[0], b[1], u] for u in (v - 1, v + 1) if 1 <= u <= 9)


def test_consecutive_right_answers_pass():
    assert checks.check_consecutive(consecutive_right).passed
    assert checks.check_consecutive(consecutive_by_helper).passed


def test_consecutive_wrong_answers_fail_naming_the_fault():
    for wrong, words in ((consecutive_one_way, "rules out a valid grid"),
                         (consecutive_off_by_one, "breaks a consecutive pair"),
                         (consecutive_ignored, "breaks a consecutive pair"),
                         (consecutive_reversed, "rules out a valid grid"),
                         (consecutive_no_ends, "breaks a consecutive pair"),
                         (consecutive_first_pair_only, "breaks a consecutive pair"),
                         (consecutive_wraps, "breaks a consecutive pair"),
                         (consecutive_nine_digits, "KeyError")):
        report = checks.check_consecutive(wrong)
        assert not report.passed, wrong.__name__
        assert words in report.summary(), (wrong.__name__, report.summary())


def test_a_stub_is_not_done():
    def stub(*args):
        raise NotImplementedError("Exercise 7.1")
    assert checks.check_consecutive(stub).status == "not done"


# -- 7.2 the broken cage -----------------------------------------------------------------------------
def cage_right(problem, G, n, k, total, cells):
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) <= 1
    problem += pulp.lpSum(v * G[r, c, v] for r, c in cells for v in range(1, n + 1)) == total


def cage_broken(problem, G, n, k, total, cells):  # the chapter's broken version: both bugs
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells[1:]) <= 1
    problem += pulp.lpSum(v * G[r, c, v] for r, c in cells for v in range(1, n)) == total


def cage_no_distinct(problem, G, n, k, total, cells):
    problem += pulp.lpSum(v * G[r, c, v] for r, c in cells for v in range(1, n + 1)) == total


def cage_sum_misses_n(problem, G, n, k, total, cells):  # off by one in the digits
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) <= 1
    problem += pulp.lpSum(v * G[r, c, v] for r, c in cells for v in range(1, n)) == total


def cage_at_most(problem, G, n, k, total, cells):  # <= instead of ==
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) <= 1
    problem += pulp.lpSum(v * G[r, c, v] for r, c in cells for v in range(1, n + 1)) <= total


def cage_at_least(problem, G, n, k, total, cells):  # >= instead of ==: passes cages at their largest total
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) <= 1
    problem += pulp.lpSum(v * G[r, c, v] for r, c in cells for v in range(1, n + 1)) >= total


def cage_first_only(problem, G, n, k, total, cells):  # an unhandled case: the sum only for cage 0
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) <= 1
    if k == 0:
        problem += pulp.lpSum(v * G[r, c, v] for r, c in cells for v in range(1, n + 1)) == total


def cage_calls_library(problem, G, n, k, total, cells):
    sd.model.add_cage(problem, G, n, k, total, cells)


def cage_calls_the_sets_form(problem, G, n, k, total, cells):  # the chapter's (7)-(8), also the library's
    sd.model.add_cage_sets(problem, G, n, k, total, cells)


def test_cage_right_answer_passes():
    assert checks.check_cage(cage_right).passed


def test_cage_wrong_answers_fail_naming_the_fault():
    for wrong, words in ((cage_broken, "rules out a valid grid"), (cage_no_distinct, "cage 0 repeats a digit"),
                         (cage_sum_misses_n, "rules out a valid grid"), (cage_at_most, "sums to"),
                         (cage_at_least, "cage 0 sums to 6, not its total 3"), (cage_first_only, "cage 1 sums to")):
        report = checks.check_cage(wrong)
        assert not report.passed, wrong.__name__
        assert words in report.summary(), (wrong.__name__, report.summary())
    for library in (cage_calls_library, cage_calls_the_sets_form):
        report = checks.check_cage(library)
        assert not report.passed and "asks you to write yourself" in report.summary(), library.__name__


# -- 7.3 redundant clues ----------------------------------------------------------------------------
def redundant_right(puzzle):
    spare = []
    for (r, c) in puzzle.given_cells():
        rows = [list(row) for row in puzzle.givens]
        rows[r][c] = 0
        if len(sd.solutions(puzzle.with_givens(rows), limit=2)) == 1:
            spare.append((r, c))
    return spare


def redundant_limit_one(puzzle):  # limit=1 never sees a second solution
    return [cell for cell in puzzle.given_cells()
            if len(sd.solutions(puzzle.with_givens([[0 if (r, c) == cell else v for c, v in enumerate(row)]
                                                     for r, row in enumerate(puzzle.givens)]), limit=1)) == 1]


def redundant_inverted(puzzle):  # returns the needed clues
    spare = set(redundant_right(puzzle))
    return [cell for cell in puzzle.given_cells() if cell not in spare]


def redundant_drops_variants(puzzle):  # rebuilds the puzzle from its givens only
    return redundant_right(sd.Puzzle(puzzle.givens))


def redundant_by_deduction(puzzle):  # "spare" only when deduction fills the grid without it: misses search
    spare = []
    for (r, c) in puzzle.given_cells():
        rows = [list(row) for row in puzzle.givens]
        rows[r][c] = 0
        if sd.share_fixed(puzzle.with_givens(rows)) == 1.0:
            spare.append((r, c))
    return spare


def redundant_one_after_another(puzzle):  # removes clues cumulatively, as minimize does: a minimal set
    rows, spare = [list(row) for row in puzzle.givens], []
    for (r, c) in sorted(puzzle.given_cells()):
        rows[r][c], digit = 0, rows[r][c]
        if len(sd.solutions(puzzle.with_givens(rows), limit=2)) == 1:
            spare.append((r, c))
        else:
            rows[r][c] = digit
    return spare


def redundant_library(puzzle):
    return [cell for cell, needed in sd.needed_clues(puzzle).items() if not needed]


def test_redundant_right_answer_passes():
    assert checks.check_redundant(redundant_right).passed


def test_redundant_wrong_answers_fail_naming_the_fault():
    for wrong, words in ((redundant_limit_one, "you call the clue at"), (redundant_inverted, "you call the clue at"),
                         (redundant_drops_variants, "is spare"),
                         (redundant_by_deduction, "the clue at (5, 5) is spare"),
                         (redundant_one_after_another, "is spare")):
        report = checks.check_redundant(wrong)
        assert not report.passed, wrong.__name__
        assert words in report.summary(), (wrong.__name__, report.summary())
    report = checks.check_redundant(redundant_library)
    assert not report.passed and "asks you to write yourself" in report.summary()


# -- hidden boards for graders ----------------------------------------------------------------------
def test_hidden_boards_grow_each_battery_and_follow_the_seed(monkeypatch):
    monkeypatch.delenv("PUZZLELIB_HIDDEN_SEED", raising=False)
    public = [len(checks.consecutive_battery()), len(checks.cage_battery()), len(checks.redundant_battery())]
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    hidden = [checks.consecutive_battery(), checks.cage_battery(), checks.redundant_battery()]
    assert [len(b) for b in hidden] == [k + 3 for k in public]
    assert checks.consecutive_battery() == hidden[0]  # the same seed, the same boards
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "8")
    assert checks.consecutive_battery()[-3:] != hidden[0][-3:]
    for rows, pairs in (board[1:] for board in hidden[0][-3:]):  # each hidden board has right answers
        assert pairs and checks.consecutive_truth(sd.Puzzle(rows), pairs)
    for rows, cages in (board[1:] for board in hidden[1][-3:]):
        assert cages and sd.brute_force(sd.Puzzle(rows, cages=cages), limit=1)


def test_hidden_boards_pass_the_right_answers_and_catch_a_wrong_one(monkeypatch):
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    for check, right, public in ((checks.check_consecutive, consecutive_right, checks.CONSECUTIVE_BOARDS),
                                 (checks.check_cage, cage_right, checks.CAGE_BOARDS),
                                 (checks.check_redundant, redundant_right, checks.REDUNDANT_BOARDS)):
        report = check(right)
        assert report.passed and report.total_boards == len(public) + 3, report.summary()
    for check, wrong in ((checks.check_consecutive, consecutive_ignored), (checks.check_cage, cage_no_distinct),
                         (checks.check_redundant, redundant_inverted)):
        assert not check(wrong).passed
