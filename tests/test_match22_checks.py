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
    report = checks.check_right_turns(right_model)
    assert report.passed and report.score == 1.0


def test_no_answer_function_in_the_checks():
    """The checks verify an answer by its properties; no function returns one (issue 25)."""
    assert not hasattr(checks, "reference_right")


def test_constant_answers_score_nothing():
    for k in range(4):
        report = checks.check_right_turns(lambda p, k=k: {i: k for i in range(1, p.n + 1)})
        assert report.passed_boards == 0, k
        assert all(code.startswith("breaks-rule:") for code in report.codes)


def test_the_search_and_the_checks_count_are_blocked():
    def search(puzzle):  # every matching from the library's brute force, the fewest right turns picked
        best = min(m22.brute_force(puzzle, optimal=False), key=lambda s: sum((4 - k) % 4 for k in s.turns.values()))
        return {i: (4 - k) % 4 for i, k in best.turns.items()}
    report = checks.check_right_turns(search)
    assert report.passed_boards == 0 and set(report.codes) == {"calls-library:m22.brute_force"}

    def count(puzzle):
        checks.fewest_right_turns(puzzle)
    assert set(checks.check_right_turns(count).codes) == {"calls-library:checks.fewest_right_turns"}


def test_left_turns_reported_as_right_turns_fail():
    def left(puzzle):
        problem, x = m22.build_model(puzzle)
        solve_model(problem)
        return {i: chosen_turn(x[i]) for i in x}
    report = checks.check_right_turns(left)
    assert not report.passed and "mismatch" in report.lines[0]
    assert all(code.startswith("breaks-rule:") for code in report.codes)


def test_objective_counting_left_turns_fails():
    report = checks.check_right_turns(lambda p: right_model(p, count_right=False))
    assert not report.passed and "are enough" in " ".join(report.lines)
    assert set(report.codes) == {"too-many-turns"}
    assert "fewer are enough" in report.lines[0]  # the student's own count, never the fewest


def test_dropped_constraint_fails():
    report = checks.check_right_turns(lambda p: right_model(p, horizontal=False))
    assert not report.passed and "mismatch" in report.lines[0]


def test_off_by_one_index_fails():
    report = checks.check_right_turns(lambda p: right_model(p, index=lambda h, j: (h + j + 1) % 4))
    assert not report.passed


def test_calling_the_library_fails_and_stub_is_not_done():
    report = checks.check_right_turns(lambda p: m22.solve(p).turns)
    assert not report.passed and "m22.solve" in report.lines[0]
    assert set(report.codes) == {"calls-library:m22.solve"}

    def stub(puzzle):
        raise NotImplementedError
    assert checks.check_right_turns(stub).status == "not done"


def test_wrong_shapes_fail():
    assert set(checks.check_right_turns(lambda p: [0] * p.n).codes) == {"wrong-return-type"}
    assert set(checks.check_right_turns(lambda p: {i: 0 for i in range(p.n)}).codes) == {"wrong-keys"}
    assert set(checks.check_right_turns(lambda p: {i: 5 for i in range(1, p.n + 1)}).codes) == {"turns-out-of-range"}
    as_bools = checks.check_right_turns(lambda p: {i: bool(v) for i, v in right_model(p).items()})
    assert "0, 1, 2 or 3" in as_bools.lines[0] and "turns-out-of-range" in as_bools.codes
    import numpy as np
    assert checks.check_right_turns(lambda p: {i: np.int64(v) for i, v in right_model(p).items()}).passed


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
