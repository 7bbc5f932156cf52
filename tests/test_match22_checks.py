"""Exercise 9.1's check passes the right answer and names the fault of each wrong one."""

import pulp

from puzzlelib import match22 as m22
from puzzlelib.engine.rotation import BOTTOM, LEFT, RIGHT, TOP, chosen_turn
from puzzlelib.engine.solver import add_binary, new_problem, solve_model
from puzzlelib.match22 import checks


def right_model(puzzle, count_right=True, horizontal=True, index=lambda h, j: (h + j) % 4):
    """Right turns: after j right turns side h shows d[(h + j) mod 4]."""
    problem = new_problem("right")
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(1, puzzle.n + 1) for j in range(4)}
    for i in range(1, puzzle.n + 1):
        problem += pulp.lpSum(x[i, j] for j in range(4)) == 1
    problem += pulp.lpSum((j if count_right else (4 - j) % 4) * x[i, j] for i, j in x)
    d = puzzle.disk

    def side(i, h):
        return pulp.lpSum(d(i)[index(h, j)] * x[i, j] for j in range(4))

    if horizontal:
        for i, k in puzzle.horizontal:
            problem += side(i, RIGHT) == side(k, LEFT)
    for i, k in puzzle.vertical:
        problem += side(i, BOTTOM) == side(k, TOP)
    solve_model(problem)
    return {i: next(j for j in range(4) if x[i, j].value() > 0.5) for i in range(1, puzzle.n + 1)}


def test_right_answer_passes():
    assert checks.check_right_turns(right_model).passed
    assert checks.check_right_turns(checks.reference_right).passed


def test_left_turns_reported_as_right_turns_fail():
    def left(puzzle):
        problem, x = m22.build_model(puzzle)
        solve_model(problem)
        return {i: chosen_turn(x[i]) for i in x}
    report = checks.check_right_turns(left)
    assert not report.passed and "mismatch" in report.lines[0]


def test_objective_counting_left_turns_fails():
    report = checks.check_right_turns(lambda p: right_model(p, count_right=False))
    assert not report.passed and "are enough" in " ".join(report.lines)


def test_dropped_constraint_fails():
    report = checks.check_right_turns(lambda p: right_model(p, horizontal=False))
    assert not report.passed and "mismatch" in report.lines[0]


def test_off_by_one_index_fails():
    report = checks.check_right_turns(lambda p: right_model(p, index=lambda h, j: (h + j + 1) % 4))
    assert not report.passed


def test_calling_the_library_fails_and_stub_is_not_done():
    report = checks.check_right_turns(lambda p: m22.solve(p).turns)
    assert not report.passed and "m22.solve" in report.lines[0]

    def stub(puzzle):
        raise NotImplementedError
    assert checks.check_right_turns(stub).status == "not done"


def test_wrong_shapes_fail():
    assert not checks.check_right_turns(lambda p: [0] * p.n).passed
    assert not checks.check_right_turns(lambda p: {i: 0 for i in range(p.n)}).passed
    assert not checks.check_right_turns(lambda p: {i: 5 for i in range(1, p.n + 1)}).passed
    as_bools = checks.check_right_turns(lambda p: {i: bool(v) for i, v in checks.reference_right(p).items()})
    assert "0, 1, 2 or 3" in as_bools.lines[0]
    import numpy as np
    assert checks.check_right_turns(lambda p: {i: np.int64(v) for i, v in checks.reference_right(p).items()}).passed


def test_more_wrong_answers_fail():
    """Turns 0..2 only (off by one), the vertical pairs dropped, and the left-turn optimum turned around."""
    def three_turns(puzzle):
        problem = new_problem("right")
        x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(1, puzzle.n + 1) for j in range(3)}
        for i in range(1, puzzle.n + 1):
            problem += pulp.lpSum(x[i, j] for j in range(3)) == 1
        problem += pulp.lpSum(j * v for (i, j), v in x.items())
        for pairs, a, b in ((puzzle.horizontal, RIGHT, LEFT), (puzzle.vertical, BOTTOM, TOP)):
            for i, k in pairs:
                problem += (pulp.lpSum(puzzle.disk(i)[(a + j) % 4] * x[i, j] for j in range(3))
                            == pulp.lpSum(puzzle.disk(k)[(b + j) % 4] * x[k, j] for j in range(3)))
        solve_model(problem)
        return {i: next(j for j in range(3) if x[i, j].value() > 0.5) for i in range(1, puzzle.n + 1)}
    assert "NoSolution" in checks.check_right_turns(three_turns).lines[0]

    def no_vertical(puzzle):
        return right_model(m22.Puzzle.from_hartmann(puzzle.to_hartmann()[0], puzzle.horizontal, []))
    assert "bottom quarter" in checks.check_right_turns(no_vertical).lines[0]

    def left_optimum_turned_around(puzzle):
        problem, x = m22.build_model(puzzle)
        solve_model(problem)
        return {i: (4 - chosen_turn(x[i])) % 4 for i in x}
    assert "objective counting right turns" in checks.check_right_turns(left_optimum_turned_around).lines[0]


def test_hidden_boards_join_the_battery_when_a_grader_sets_a_seed(monkeypatch):
    public = len(checks.right_battery())
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    assert len(checks.right_battery()) == public + 3
    report = checks.check_right_turns(right_model)
    assert report.passed and report.total_boards == public + 3
    assert not checks.check_right_turns(lambda p: right_model(p, count_right=False)).passed
