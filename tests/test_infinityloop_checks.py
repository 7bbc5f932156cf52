"""Exercises 9.2 and 9.3: each check passes the right answer and names the fault of each wrong one."""

import time

import pulp

from puzzlelib import infinityloop as il
from puzzlelib.engine.rotation import BOTTOM, LEFT, RIGHT, TOP
from puzzlelib.engine.solver import add_binary, new_problem
from puzzlelib.infinityloop import checks


def loop_model(puzzle, borders=(TOP, LEFT, BOTTOM, RIGHT), one=True, vertical=True, sign=-1):
    nrows, ncols = puzzle.shape
    problem = new_problem("loop")
    x = {}
    for r, c in puzzle.cells():
        x[r, c] = {k: add_binary(problem, f"x_{r}_{c}_{k}") for k in range(4)}
        if one:
            problem += pulp.lpSum(x[r, c].values()) == 1
        else:
            problem += pulp.lpSum(x[r, c].values()) >= 1

    def side(r, c, h):
        if (r, c) not in x:
            return pulp.lpSum([])
        d = puzzle.sides((r, c))
        return pulp.lpSum(d[(h + sign * k) % 4] * x[r, c][k] for k in range(4))

    for r in range(nrows):
        for c in range(ncols):
            if c + 1 < ncols:
                problem += side(r, c, RIGHT) == side(r, c + 1, LEFT)
            if vertical and r + 1 < nrows:
                problem += side(r, c, BOTTOM) == side(r + 1, c, TOP)
    for r in range(nrows):
        for c in range(ncols):
            for h, edge in ((TOP, r == 0), (LEFT, c == 0), (BOTTOM, r == nrows - 1), (RIGHT, c == ncols - 1)):
                if edge and h in borders and (r, c) in x:
                    problem += side(r, c, h) == 0
    return problem, x


def test_right_model_passes():
    assert checks.check_loop_model(loop_model).passed


def test_forgotten_border_fails_naming_the_border():
    report = checks.check_loop_model(lambda p: loop_model(p, borders=(TOP, LEFT, RIGHT)))
    assert not report.passed and "border rule is missing" in report.lines[0]


def test_no_exactly_one_fails():
    report = checks.check_loop_model(lambda p: loop_model(p, one=False))
    assert not report.passed and "exactly one" in report.lines[0]


def test_missing_vertical_matching_fails():
    report = checks.check_loop_model(lambda p: loop_model(p, vertical=False))
    assert not report.passed and "matching rule is missing" in " ".join(report.lines)


def test_right_turns_read_as_left_fail():
    report = checks.check_loop_model(lambda p: loop_model(p, sign=+1))
    assert not report.passed


def test_library_is_blocked():
    report = checks.check_loop_model(lambda p: il.build_model(p, distinct=False))
    assert not report.passed and "il.build_model" in report.lines[0]


def measure(sizes, seed):
    rows = []
    for n in sizes:
        puzzle = il.random_puzzle(n, seed=seed)
        start = time.perf_counter()
        s = il.solve(puzzle)
        rows.append((n, time.perf_counter() - start, s.moves))
    return rows


def test_measure_right_passes():
    assert checks.check_measure(measure).passed


def test_measure_wrong_answers_fail():
    ignore_seed = lambda sizes, seed: measure(sizes, 0)
    assert "seed" in checks.check_measure(ignore_seed).lines[0]
    ignore_sizes = lambda sizes, seed: measure([3, 4, 5, 6], seed)
    assert "sizes" in checks.check_measure(ignore_sizes).lines[0]
    off_by_one = lambda sizes, seed: [(n - 1, t, m) for n, t, m in measure(sizes, seed)]
    assert "off by one" in checks.check_measure(off_by_one).lines[0]
    no_time = lambda sizes, seed: [(n, 0, m) for n, t, m in measure(sizes, seed)]
    assert "measured time" in checks.check_measure(no_time).lines[0]


def test_measure_implausible_times_fail():
    fake = lambda sizes, seed: [(n, 0.001, m) for n, t, m in measure(sizes, seed)]
    assert "all 3 times are equal" in checks.check_measure(fake).lines[0]
    millis = lambda sizes, seed: [(n, 1000 * t + 500, m) for n, t, m in measure(sizes, seed)]
    assert "in seconds" in checks.check_measure(millis).lines[0]

    def clock_read_too_early(sizes, seed):
        rows = []
        for n in sizes:
            start = time.perf_counter()
            seconds = time.perf_counter() - start
            rows.append((n, seconds, il.solve(il.random_puzzle(n, seed=seed)).moves))
        return rows
    assert "too short for a solve" in checks.check_measure(clock_read_too_early).lines[0]


def test_half_matching_and_short_border_loops_fail():
    """Two more wrong models: neighbours compared with <= instead of ==, the border loops one short."""
    def half(puzzle):
        problem, x = loop_model(puzzle, vertical=False)
        for r in range(puzzle.shape[0] - 1):
            for c in range(puzzle.shape[1]):
                up = sum_side(puzzle, x, r, c, BOTTOM)
                down = sum_side(puzzle, x, r + 1, c, TOP)
                problem += up <= down
        return problem, x
    report = checks.check_loop_model(half)
    assert not report.passed and "meets nothing" in report.lines[0]

    def short(puzzle):
        problem, x = loop_model(puzzle, borders=())
        nrows, ncols = puzzle.shape
        for c in range(ncols - 1):  # off by one: the last column's top and bottom are forgotten
            problem += sum_side(puzzle, x, 0, c, TOP) == 0
            problem += sum_side(puzzle, x, nrows - 1, c, BOTTOM) == 0
        for r in range(nrows - 1):
            problem += sum_side(puzzle, x, r, 0, LEFT) == 0
            problem += sum_side(puzzle, x, r, ncols - 1, RIGHT) == 0
        return problem, x
    report = checks.check_loop_model(short)
    assert not report.passed and "border rule is missing" in report.lines[0]


def sum_side(puzzle, x, r, c, h):
    if (r, c) not in x:
        return pulp.lpSum([])
    d = puzzle.sides((r, c))
    return pulp.lpSum(d[(h - k) % 4] * x[r, c][k] for k in range(4))


def test_hidden_boards_join_the_batteries_when_a_grader_sets_a_seed(monkeypatch):
    public_models, public_measures = len(checks.model_battery()), 1
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    assert len(checks.model_battery()) == len(checks.public_model_battery()) + 3
    assert any(name.startswith("hidden") for name, _ in checks.model_battery())
    report = checks.check_loop_model(loop_model)
    assert report.passed and report.total_boards == public_models + 3
    report = checks.check_measure(measure)
    assert report.passed and report.total_boards == public_measures + 1
    assert not checks.check_loop_model(lambda p: loop_model(p, borders=(TOP, LEFT, RIGHT))).passed


def test_right_models_of_other_shapes_pass():
    """Binaries for empty cells too, or one binary per distinct picture: both right, both pass."""
    from puzzlelib.engine.rotation import distinct_turns

    def with_empty_cells(puzzle):
        problem, x = loop_model(puzzle)
        for r in range(puzzle.shape[0]):
            for c in range(puzzle.shape[1]):
                if (r, c) not in x:
                    x[r, c] = {k: add_binary(problem, f"e_{r}_{c}_{k}") for k in range(4)}
                    problem += pulp.lpSum(x[r, c].values()) == 1
        return problem, x
    assert checks.check_loop_model(with_empty_cells).passed

    def distinct(puzzle):
        problem, x = loop_model(puzzle)
        for (r, c), tile in x.items():
            for k in set(tile) - set(distinct_turns(puzzle.sides((r, c)))):
                problem += tile.pop(k) == 0
        return problem, x
    assert checks.check_loop_model(distinct).passed


def test_copying_the_chapters_code_fails():
    """The chapter prints il.build_model; a copy of it calls the rotation helpers, which are blocked."""
    from puzzlelib.engine import rotation

    def copied(puzzle):
        problem = new_problem("copy")
        x = rotation.add_turn_variables(problem, (((r, c), f"{r}_{c}", range(4)) for r, c in puzzle.cells()))
        return problem, x
    report = checks.check_loop_model(copied)
    assert not report.passed and "rotation.add_turn_variables" in report.lines[0]
