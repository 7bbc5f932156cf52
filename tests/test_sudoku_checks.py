"""The Chapter 7 exercise checks pass the right answers and fail the wrong answers students write,
each with a message that names the fault."""

import pulp

import puzzlelib.sudoku as sd
from puzzlelib.engine.solver import add_binary
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
                         (consecutive_off_by_one, "do not differ by one"),
                         (consecutive_ignored, "do not differ by one"),
                         (consecutive_reversed, "do not differ by one"),
                         (consecutive_no_ends, "do not differ by one"),
                         (consecutive_first_pair_only, "do not differ by one"),
                         (consecutive_wraps, "do not differ by one"),
                         (consecutive_nine_digits, "KeyError")):
        report = checks.check_consecutive(wrong)
        assert not report.passed, wrong.__name__
        assert words in report.summary(), (wrong.__name__, report.summary())
    codes = {wrong.__name__: set(checks.check_consecutive(wrong).codes)
             for wrong in (consecutive_one_way, consecutive_off_by_one, consecutive_ignored, consecutive_nine_digits)}
    assert codes["consecutive_one_way"] == {"rules-out-solution"}
    assert "pair-not-consecutive" in codes["consecutive_off_by_one"]
    assert codes["consecutive_ignored"] == {"pair-not-consecutive"}
    assert codes["consecutive_nine_digits"] == {"raised-exception:KeyError"}


def test_consecutive_vacuous_answers_and_searches_score_nothing():
    assert checks.check_consecutive(consecutive_ignored).passed_boards == 0

    def all_zero(problem, G, n, pairs):
        for var in G.values():
            problem += var == 0
    assert checks.check_consecutive(all_zero).passed_boards == 0

    def search(problem, G, n, pairs):  # pins the first grid the library finds
        sd.solutions(sd.Puzzle(["...."] * 4), limit=1)
    assert set(checks.check_consecutive(search).codes) == {"calls-library:sd.solutions"}

    def oracle(problem, G, n, pairs):
        checks.consecutive_truth(sd.Puzzle(["...."] * 4), pairs)
    assert set(checks.check_consecutive(oracle).codes) == {"calls-library:checks.consecutive_truth"}


def test_a_stub_is_not_done():
    def stub(*args):
        raise NotImplementedError("Exercise 7.1")
    assert checks.check_consecutive(stub).status == "not done"


# -- 7.2 the broken Renban line -----------------------------------------------------------------------
def renban(problem, G, n, k, cells, skip=0, top=None, op="<=", pairs=True, apart=None):
    """A Renban line; the keywords make the wrong versions students write."""
    top = n + 1 if top is None else top
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells[skip:]) <= 1
    H = {(r, c): pulp.lpSum(v * G[r, c, v] for v in range(1, top)) for r, c in cells}
    width = len(cells) - 1 if apart is None else apart
    for i, a in enumerate(cells):
        for b in cells[i + 1:] if not pairs else cells:
            if a != b:
                problem += (H[a] - H[b] <= width) if op == "<=" else (H[a] - H[b] == width)


def renban_right(problem, G, n, k, cells):
    renban(problem, G, n, k, cells)


def renban_by_runs(problem, G, n, k, cells):  # also right: one binary per run of digits, as the chapter's cages
    L = len(cells)
    z = {s: add_binary(problem, f"run_{k}_{s}") for s in range(1, n - L + 2)}
    problem += pulp.lpSum(z.values()) == 1
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) == pulp.lpSum(z[s] for s in z if s <= v < s + L)


def renban_broken(problem, G, n, k, cells):  # the exercise's broken version: both bugs
    renban(problem, G, n, k, cells, skip=1, top=n)


def renban_no_distinct(problem, G, n, k, cells):
    renban(problem, G, n, k, cells, skip=len(cells))


def renban_one_way(problem, G, n, k, cells):  # each pair compared once, in one direction only
    renban(problem, G, n, k, cells, pairs=False)


def renban_width_length(problem, G, n, k, cells):  # off by one: up to the line's length apart
    renban(problem, G, n, k, cells, apart=len(cells))


def renban_runs_off_by_one(problem, G, n, k, cells):  # the run binaries stop one start early
    L = len(cells)
    z = {s: add_binary(problem, f"run_{k}_{s}") for s in range(1, n - L + 1)}
    problem += pulp.lpSum(z.values()) == 1
    for v in range(1, n + 1):
        problem += pulp.lpSum(G[r, c, v] for r, c in cells) == pulp.lpSum(z[s] for s in z if s <= v < s + L)


def test_renban_right_answers_pass():
    assert checks.check_renban(renban_right).passed
    assert checks.check_renban(renban_by_runs).passed


def test_renban_wrong_answers_fail_naming_the_fault():
    for wrong, code in ((renban_broken, "line-repeats-digit"), (renban_no_distinct, "line-repeats-digit"),
                        (renban_one_way, "line-not-consecutive"), (renban_width_length, "line-not-consecutive"),
                        (renban_runs_off_by_one, "rules-out-solution"),
                        (lambda p, G, n, k, cells: renban(p, G, n, k, cells, top=n), "line-not-consecutive")):
        report = checks.check_renban(wrong)
        assert not report.passed and code in report.codes, (code, report.summary())
    report = checks.check_renban(renban_broken)
    assert "a digit repeats" in report.summary() and "not a run of consecutive digits" in report.summary()


def test_renban_vacuous_answers_and_searches_score_nothing():
    assert checks.check_renban(lambda *args: None).passed_boards == 0

    def all_zero(problem, G, n, k, cells):
        for r, c in cells:
            for v in range(1, n + 1):
                problem += G[r, c, v] == 0
    assert checks.check_renban(all_zero).passed_boards <= 1  # the board no grid keeps: nothing is right there

    def oracle(problem, G, n, k, cells):
        checks.renban_truth(sd.Puzzle(["...."] * 4), [cells])
    assert set(checks.check_renban(oracle).codes) == {"calls-library:checks.renban_truth"}

    def solver(problem, G, n, k, cells):
        problem.solve()
    assert all(code.startswith("calls-library:") for code in checks.check_renban(solver).codes)


def test_no_answer_of_the_exercises_in_the_library():
    """7.2 is a variant the library does not have, and 7.3's answer is not a library function (issue 25)."""
    assert not hasattr(sd, "needed_clues") and not hasattr(sd.generators, "needed_clues")
    assert not any("renban" in name.lower() for name in dir(sd.model))


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


def redundant_library(puzzle):  # the library's minimize does not answer the exercise, and is blocked
    kept = sd.minimize(puzzle).given_cells()
    return [cell for cell in puzzle.given_cells() if cell not in kept]


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
    assert set(report.codes) == {"calls-library:sd.minimize"}
    assert set(checks.check_redundant(redundant_inverted).codes) <= {"needed-clue-called-spare", "spare-clue-missed"}
    assert "spare-clue-missed" in checks.check_redundant(redundant_one_after_another).codes
    for report in (checks.check_redundant(redundant_limit_one), checks.check_redundant(redundant_inverted)):
        assert " spare)" not in report.summary()  # the number of spare clues is never printed


def test_redundant_vacuous_answers_score_nothing():
    for vacuous in (lambda p: [], lambda p: list(p.given_cells()), lambda p: sorted(p.given_cells())[:1],
                    lambda p: sorted(p.given_cells())[-1:]):
        assert checks.check_redundant(vacuous).passed_boards == 0
    assert set(checks.check_redundant(lambda p: 3).codes) == {"wrong-return-type"}
    assert set(checks.check_redundant(lambda p: [(9, 9)]).codes) == {"not-a-given"}


# -- hidden boards for graders ----------------------------------------------------------------------
def test_hidden_boards_grow_each_battery_and_follow_the_seed(monkeypatch):
    monkeypatch.delenv("PUZZLELIB_HIDDEN_SEED", raising=False)
    public = [len(checks.consecutive_battery()), len(checks.renban_battery()), len(checks.redundant_battery())]
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    hidden = [checks.consecutive_battery(), checks.renban_battery(), checks.redundant_battery()]
    assert [len(b) for b in hidden] == [k + 3 for k in public]
    assert checks.consecutive_battery() == hidden[0]  # the same seed, the same boards
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "8")
    assert checks.consecutive_battery()[-3:] != hidden[0][-3:]
    for rows, pairs in (board[1:] for board in hidden[0][-3:]):  # each hidden board has right answers
        assert pairs and checks.consecutive_truth(sd.Puzzle(rows), pairs)
    for rows, lines in (board[1:] for board in hidden[1][-3:]):  # each hidden board has right answers
        assert lines and checks.renban_truth(sd.Puzzle(rows), lines)


def test_hidden_boards_pass_the_right_answers_and_catch_a_wrong_one(monkeypatch):
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    for check, right, public in ((checks.check_consecutive, consecutive_right, checks.CONSECUTIVE_BOARDS),
                                 (checks.check_renban, renban_right, checks.RENBAN_BOARDS),
                                 (checks.check_redundant, redundant_right, checks.REDUNDANT_BOARDS)):
        report = check(right)
        assert report.passed and report.total_boards == len(public) + 3, report.summary()
    for check, wrong in ((checks.check_consecutive, consecutive_ignored), (checks.check_renban, renban_no_distinct),
                         (checks.check_redundant, redundant_inverted)):
        assert not check(wrong).passed


def test_consecutive_failure_pictures_draw_the_bars():
    """Issue 31: the pictures of 7.1 show the white bars of the pairs, as the puzzle prints them."""
    import matplotlib
    from matplotlib.patches import Rectangle

    matplotlib.use("Agg")
    report = checks.check_consecutive(lambda problem, G, n, pairs: None)  # no rule: every grid passes the model
    figure = report.failures[0][1].figure()
    bars = [p for ax in figure.axes for p in ax.patches
            if isinstance(p, Rectangle) and p.get_facecolor()[:3] == (1.0, 1.0, 1.0) and p.get_zorder() == 8]
    assert len(bars) == 2  # one pair, drawn on both grids


# -- issue 31: two more wrong answers of 7.1, of the kinds students write ---------------------------
def consecutive_one_sided(problem, G, n, pairs):  # |a - b| <= 1 written on one side only
    for a, b in pairs:
        ha = pulp.lpSum(v * G[a[0], a[1], v] for v in range(1, n + 1))
        hb = pulp.lpSum(v * G[b[0], b[1], v] for v in range(1, n + 1))
        problem += ha - hb <= 1


def consecutive_transposed(problem, G, n, pairs):  # (row, col) read as (col, row)
    consecutive_right(problem, G, n, [((a[1], a[0]), (b[1], b[0])) for a, b in pairs])


def test_consecutive_more_wrong_answers_fail():
    for wrong in (consecutive_one_sided, consecutive_transposed):
        report = checks.check_consecutive(wrong)
        assert report.status == "failed", wrong.__name__
        assert set(report.codes) <= {"pair-not-consecutive", "rules-out-solution"}, report.codes
