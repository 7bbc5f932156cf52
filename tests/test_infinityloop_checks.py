"""Exercises 9.2 and 9.3: each check passes the right answer and names the fault of each wrong one."""

import time

import pulp

from puzzlelib import infinityloop as il
from puzzlelib.core.rotation import BOTTOM, LEFT, RIGHT, TOP
from puzzlelib.core.solver import add_binary, new_problem
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
