"""Partial credit reviewed exercise by exercise (issue 43; notebooks/guide.md, "Partial credit, exercise by
exercise"): the marks the grader's rule gives the answers the guide names, with the baseline made the way
the grader makes it (``scoring.vacuous_answers`` from the lecturer's answer's calls)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pulp
import pytest

from puzzlelib.classroom.scoring import credit, read_points, vacuous_answers

sys.path.insert(0, str(Path(__file__).parent))

POINTS = read_points(Path(__file__).parents[1] / "solutions" / "points.toml")


def calibrate(check, right) -> float:
    """The best share of the vacuous answers made from ``right``'s calls (the grader's baseline)."""
    calls = []

    def recording(*args, **kwargs):
        result = right(*args, **kwargs)
        calls.append((args, result))
        return result
    assert check(recording).passed
    best = 0.0
    for _, answer in vacuous_answers(calls):
        try:
            report = check(answer)
        except Exception:
            continue
        best = max(best, 1.0 if report.passed else report.score)
    return best


def marks(exercise: str, check, right, answer) -> float:
    """The points ``answer`` earns on ``exercise`` (one check) under solutions/points.toml."""
    settings = POINTS.of(exercise)
    report = check(answer)
    return round(settings.points * credit(report.status, report.score, calibrate(check, right), settings.partial), 2)


def test_a_count_that_ignores_the_limit_scores_nothing():
    from puzzlelib.binairo import checks as bc
    from puzzlelib.engine import enumerate_solutions

    def count(puzzle, limit):
        problem, x = bc.two_rules(puzzle)
        return len(enumerate_solutions(problem, x.values(), lambda: None, limit))

    def ignores_limit(puzzle, limit):
        problem, x = bc.two_rules(puzzle)
        return len(enumerate_solutions(problem, x.values(), lambda: None, 10_000))
    report = bc.check_count(ignores_limit)
    assert report.codes == ["count-above-limit"] and report.score > 0.8  # right on most boards ...
    assert POINTS.of("3.2").partial == "none"
    assert marks("3.2", bc.check_count, count, ignores_limit) == 0  # ... and no marks for it


@pytest.mark.parametrize("slip, points", [
    (dict(flip=True), 0.5), (dict(objective="c"), 0.5), (dict(sense=pulp.LpMinimize), 1.17)],
    ids=[">=-for-<=", "objective-from-c", "minimises"])
def test_a_dual_wrong_in_one_symbol_keeps_the_rest(slip, points):
    from test_duality_checks import dual

    from puzzlelib.duality import checks as dc
    assert marks("12.2", dc.check_dual, dual, lambda c, A, b: dual(c, A, b, **slip)) == points


def test_an_anti_knight_model_that_misses_the_last_rows_is_a_near_miss():
    from test_starbattle_checks import antiknight_model, off_by_one_row

    from puzzlelib.starbattle import checks as sc
    assert marks("11.1", sc.check_antiknight, antiknight_model, off_by_one_row) == 1.67


def test_a_time_out_recorded_as_the_cap_keeps_half():
    from puzzlelib import flowfree as ff
    from puzzlelib.core.errors import SolverError
    from puzzlelib.flowfree import checks as fc

    def measure(models, sizes, seed=0, cap=10.0, timeout_as_cap=False):
        times = {}
        for model in models:
            for n in sizes:
                puzzle = ff.random_puzzle(n, seed=seed)
                start = time.perf_counter()
                try:
                    answer = ff.solve(puzzle, model=model, time_limit=cap)
                except SolverError:
                    times[model, n] = cap if timeout_as_cap else None
                    continue
                assert ff.verify(puzzle, answer) == []
                times[model, n] = time.perf_counter() - start
        return times
    wrong = lambda *a, **k: measure(*a, **k, timeout_as_cap=True)  # noqa: E731
    assert fc.check_measure(wrong).codes == ["timeout-recorded-as-time"]
    assert marks("5.3", fc.check_measure, measure, wrong) == 1.0


def test_a_reduction_that_searches_first_earns_little():
    from test_complexity_checks import capped_then_write, doubled, solve_then_write

    from puzzlelib.complexity import checks as cc
    assert marks("13.1", cc.check_reduction, doubled, solve_then_write) == 0.38
    assert marks("13.1", cc.check_reduction, doubled, capped_then_write) == 0.38  # the search capped: no better


def test_answers_that_call_the_checks_own_searches_or_ignore_the_potentials_score_nothing():
    from test_duality_checks import bfs_ignoring_potentials, route

    from puzzlelib.duality import checks as dc
    from puzzlelib.starbattle import checks as sc
    from puzzlelib.v3ck import checks as vc
    assert marks("12.3", dc.check_route, route, bfs_ignoring_potentials) == 0
    assert vc.check_edge_colouring(lambda n, e, k: vc.colour_by_backtracking(vc.Graph(n, tuple(e), k))).score == 0
    assert sc.check_neighbourhood_m(lambda p, c: len(sc.fullest_neighbourhoods(p)[c])).score == 0


def test_answers_that_skip_the_method_asked_for_score_nothing():
    """Issue 43, second pass: a colouring without a model (11.2), build_bigm renamed (11.4), a graph
    decided by pysat (13.1) and a search that reads pi only to compare (12.3) each earn 0 points."""
    from test_complexity_checks import doubled, sat_then_write
    from test_duality_checks import bfs_then_compare, route
    from test_monodot_checks import RENAMED, bigm, pasted
    from test_v3ck_checks import colouring_ip, copied_colourer

    from puzzlelib.complexity import checks as cc
    from puzzlelib.duality import checks as dc
    from puzzlelib.monodot import checks as mc
    from puzzlelib.v3ck import checks as vc
    assert marks("11.2", vc.check_edge_colouring, colouring_ip, copied_colourer) == 0
    assert marks("11.4", mc.check_bigm, bigm, pasted(RENAMED)) == 0
    assert marks("13.1", cc.check_reduction, doubled, sat_then_write) == 0
    assert marks("12.3", dc.check_route, route, bfs_then_compare) == 0
