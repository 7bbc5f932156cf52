"""The exercise checks of chapter 12 pass the right answers, name the fault of the wrong answers
students write by a code, score vacuous answers 0, and refuse the library's finders and solvers."""

from __future__ import annotations

import pulp
import pytest

from puzzlelib.duality import checks as dc
from puzzlelib.duality.farkas import farkas_certificate
from puzzlelib.engine import add_continuous, new_problem

RIGHT = {
    "A": {"col_count_0": 1, "row_count_1": -1},
    "B": {"row_count_1": 1, "row_count_0": -1, "fill_A_1": 1, "fill_B_1": 1, "fill_C_1": 1},
}


def fails(report, code):
    assert report.status == "failed", report.summary()
    assert code in report.codes, (code, report.codes, report.summary())


def scores_nothing(report):
    assert report.status == "failed" and report.passed_boards == 0 and report.score == 0, report.summary()


# -- 12.1 -----------------------------------------------------------------------------------------
def test_certificate_right_answer_passes():
    assert dc.check_impossible(lambda board: RIGHT[board]).passed
    halved = {b: {k: v / 2 for k, v in w.items()} for b, w in RIGHT.items()}  # any positive multiple
    assert dc.check_impossible(lambda board: halved[board]).passed


@pytest.mark.parametrize("wrong, code", [
    (lambda b: {**RIGHT[b], **({"fill_A_1": -1} if b == "B" else {"row_count_1": 1})}, "wrong-sign"),
    (lambda b: {k: -v for k, v in RIGHT[b].items()}, "wrong-sign"),  # every weight turned round
    (lambda b: {"row_count_1": 1, "row_count_0": -1}, "no-contradiction"),  # B without the thermometers
    (lambda b: {"row 1": 1}, "unknown-rule"),
    (lambda b: [1, -1], "wrong-return-type"),
    (lambda b: {"row_count_1": "1"}, "not-a-number"),
])
def test_certificate_wrong_answers_fail(wrong, code):
    fails(dc.check_impossible(wrong), code)


@pytest.mark.parametrize("vacuous", [lambda b: {}, lambda b: None, lambda b: RIGHT["A"], lambda b: {"row_count_0": 0}])
def test_certificate_vacuous_answers_do_not_pass(vacuous):
    assert not dc.check_impossible(vacuous).passed


def test_certificate_check_refuses_the_library():
    fails(dc.check_impossible(lambda b: farkas_certificate(dc.certificate_board(b)[1]).weights),
          "calls-library:farkas_certificate")


def test_certificate_boards_have_no_filling_and_rules_are_listed():
    from puzzlelib import thermometer as th
    for board in dc.CERTIFICATE_BOARDS:
        assert not th.brute_force(dc.certificate_board(board)[0])
        assert "fill_A_1" in dc.rules_of(board)


# -- 12.2 -----------------------------------------------------------------------------------------
def dual(c, A, b, transpose=True, sign=True, sense=pulp.LpMaximize, objective="b", flip=False):
    problem = new_problem("dual", sense)
    y = [add_continuous(problem, f"y{i}", 0 if sign else None) for i in range(len(A))]
    problem += pulp.lpSum((b if objective == "b" else c)[i] * y[i] for i in range(len(y)))
    for j in range(len(c) if transpose else len(A)):
        lhs = pulp.lpSum((A[i][j] if transpose else A[j][i]) * y[i] for i in range(len(y)))
        problem += (lhs >= c[j]) if flip else (lhs <= c[j]), f"col{j}"
    return problem, y


def test_dual_right_answer_passes():
    report = dc.check_dual(dual)
    assert report.passed and report.score == 1, report.summary()


@pytest.mark.parametrize("wrong, code", [
    (lambda c, A, b: dual(c, A, b, sign=False), "y-not-nonnegative"),
    (lambda c, A, b: dual(c, A, b, sense=pulp.LpMinimize), "wrong-sense"),
    (lambda c, A, b: dual(c, A, b, flip=True), "region-too-small"),
    (lambda c, A, b: dual(c, A, b, transpose=False), "not-transposed"),
    (lambda c, A, b: dual(c, A, b, objective="c"), "objective-uses-c"),
    (lambda c, A, b: dual(c, A, b)[0], "wrong-return-type"),
    (lambda c, A, b: (dual(c, A, b)[0], dual(c, A, b)[1][:1]), "wrong-variable-count"),
])
def test_dual_wrong_answers_fail(wrong, code):
    fails(dc.check_dual(wrong), code)


def test_dual_check_refuses_the_library():
    from puzzlelib.duality import lp_dual
    fails(dc.check_dual(lambda c, A, b: lp_dual.dual_problem(dc.primal_lp(c, A, b))), "calls-library:dual_problem")


# -- 12.3 -----------------------------------------------------------------------------------------
def tight_out(arcs, pi):
    out = {}
    for u, v in arcs:
        if u in pi and v in pi and pi[v] - pi[u] == 1:
            out.setdefault(u, []).append(v)
    return out


def route(arcs, pi, start, target):
    out = tight_out(arcs, pi)

    def search(path):
        if path[-1] == target:
            return path
        for v in out.get(path[-1], []):
            found = search(path + [v])
            if found:
                return found
        return None
    return search([start])


def greedy(arcs, pi, start, target):
    out, path = tight_out(arcs, pi), [start]
    while path[-1] != target and out.get(path[-1]):
        path.append(out[path[-1]][0])
    return path


def test_route_right_answer_passes():
    report = dc.check_route(route)
    assert report.passed and report.score == 1, report.summary()


@pytest.mark.parametrize("wrong, code", [
    (greedy, "stops-early"),  # the first tight slide, no going back
    (lambda a, p, s, t: list(reversed(route(a, p, s, t))), "reversed"),
    (lambda a, p, s, t: route(a, p, s, t)[1:], "wrong-start"),
    (lambda a, p, s, t: [s, t], "not-a-slide"),
    (lambda a, p, s, t: list(zip(route(a, p, s, t), route(a, p, s, t)[1:])), "wrong-return-type"),
    (lambda a, p, s, t: [s] + route(a, p, s, t), "not-a-slide"),
])
def test_route_wrong_answers_fail(wrong, code):
    fails(dc.check_route(wrong), code)


def test_route_detour_is_not_shortest():
    def detour(arcs, pi, start, target):
        best = route(arcs, pi, start, target)
        for u, v in arcs:  # out and back to the start, then the shortest route
            if u == start and (v, start) in set(arcs):
                return [start, v] + best
        return best
    fails(dc.check_route(detour), "not-shortest")


def test_route_check_refuses_the_library():
    from puzzlelib import slider as sl
    fails(dc.check_route(lambda a, p, s, t: sl.bfs_path(sl.Puzzle.from_text(sl.SEED_BOARD))), "calls-library:sl.bfs_path")


def test_route_boards_mislead_the_first_tight_slide():
    from puzzlelib import slider as sl
    boards = [sl.random_puzzle(7, seed=s) for s in dc.ROUTE_SEEDS] + [sl.Puzzle.from_text(sl.SEED_BOARD)]
    for board in boards:
        arcs, pi, start, target = dc.route_data(board)
        assert greedy(arcs, pi, start, target)[-1] != target


@pytest.mark.parametrize("vacuous", [lambda *a: [], lambda *a: None, lambda a, p, s, t: [s], lambda a, p, s, t: [s, t]])
def test_route_vacuous_answers_score_nothing(vacuous):
    scores_nothing(dc.check_route(vacuous))


# -- issue 43: the method of 12.3, the messages, and partial credit for a slip in 12.2 -------------------
def bfs_ignoring_potentials(arcs, pi, start, target):
    """A plain breadth-first search over the slides: a shortest route, the potentials never read."""
    from collections import deque
    before, queue = {start: None}, deque([start])
    while queue:
        u = queue.popleft()
        for a, v in arcs:
            if a == u and v not in before:
                before[v] = u
                queue.append(v)
    path = [target]
    while before[path[-1]] is not None:
        path.append(before[path[-1]])
    return path[::-1]


def test_route_that_ignores_the_potentials_fails():
    report = dc.check_route(bfs_ignoring_potentials)
    assert set(report.codes) == {"ignores-potentials"} and report.score == 0, report.summary()
    assert "never looks at the potentials" in report.summary()


def test_route_not_shortest_counts_its_loose_slides_in_words():
    def one_loose(arcs, pi, start, target):
        best = route(arcs, pi, start, target)
        for u, v in arcs:
            if u == start and (v, start) in set(arcs):
                return [start, v] + best
        return best
    text = dc.check_route(one_loose).summary()
    assert "slides are not tight" in text or "slides is not tight" in text
    assert "1 of your slides are" not in text


def test_certificate_failure_names_the_board_once():
    report = dc.check_impossible(lambda b: {k: -v for k, v in RIGHT[b].items()})
    assert all(line.count("board") <= 1 or not line.startswith("board A: board A") for line in report.lines)
    assert not any(line.startswith(("board A: board A", "board B: board B")) for line in report.lines)


@pytest.mark.parametrize("slip, code, share", [
    (dict(flip=True), "region-too-small", 0.4),              # >= for <=: the objective kept
    (dict(objective="c"), "objective-uses-c", 0.4),          # c for b: the region kept
    (dict(sense=pulp.LpMinimize), "wrong-sense", 0.67),      # min for max: region and objective kept
    (dict(sign=False), "y-not-nonnegative", 0.53),           # free y: the objective and some optima kept
], ids=[">=-for-<=", "objective-from-c", "minimises", "free-y"])
def test_dual_slip_of_one_symbol_keeps_the_marks_of_the_rest(slip, code, share):
    report = dc.check_dual(lambda c, A, b: dual(c, A, b, **slip))
    assert code in report.codes
    assert report.score >= share - 0.2 and 0 < report.score < 1, (report.score, report.summary())


def test_dual_slip_earns_credit_above_the_vacuous_baseline():
    from puzzlelib.classroom.scoring import credit, vacuous_answers
    calls = []

    def recording(c, A, b):
        made = dual(c, A, b)
        calls.append(((c, A, b), made))
        return made
    assert dc.check_dual(recording).passed
    baseline = max(dc.check_dual(answer).score for _, answer in vacuous_answers(calls))
    for slip in (dict(flip=True), dict(objective="c")):
        report = dc.check_dual(lambda c, A, b: dual(c, A, b, **slip))
        assert credit(report.status, report.score, baseline, "above-baseline") >= 0.24, (baseline, report.score)


def test_a_sudoku_cells_two_rules_are_drawn_apart_and_potentials_sit_on_a_white_patch():
    """Issue 43: cell_2_2 and given_2_2 shared one label ("-1/1"); the start's 0 hid on the block."""
    import matplotlib
    matplotlib.use("Agg")
    from puzzlelib import slider as sl
    from puzzlelib import sudoku as sd
    from puzzlelib.duality.drawing import anchor, draw_potentials
    from puzzlelib.duality.potentials import potentials
    board = sd.Puzzle.from_text("sudoku\n...3\n2...\n..4.\n3..2\n")
    assert anchor(board, "cell_2_2") != anchor(board, "given_2_2")
    seed = sl.Puzzle.from_text(sl.SEED_BOARD)
    figure = draw_potentials(seed, potentials(seed))
    start = [t for t in figure.axes[0].texts if t.get_position() == (seed.start[1] - 0.3, seed.start[0] - 0.28)]
    assert start and start[0].get_text() == "0" and start[0].get_bbox_patch() is not None


# -- issue 43, second pass: the method of 12.3 is checked cell by cell -----------------------------------
def bfs_then_compare(arcs, pi, start, target):
    """A breadth-first search that reads pi only to compare the route's length at the end."""
    path = bfs_ignoring_potentials(arcs, pi, start, target)
    assert len(path) - 1 == pi[target] - pi[start]
    return path


def bfs_then_look_up_each_cell(arcs, pi, start, target):
    """A breadth-first search that reads pi of the start, the target and the cells beside the start."""
    path = bfs_ignoring_potentials(arcs, pi, start, target)
    _ = [pi.get(v) for u, v in arcs if u == start] + [pi[start], pi[target]]
    return path


@pytest.mark.parametrize("wrong", [bfs_ignoring_potentials, bfs_then_compare, bfs_then_look_up_each_cell],
                         ids=["never-reads", "compares-at-the-end", "reads-a-few"])
def test_route_found_without_the_potentials_fails_even_when_it_reads_some(wrong):
    report = dc.check_route(wrong)
    assert set(report.codes) == {"ignores-potentials"} and report.score == 0, report.summary()


@pytest.mark.parametrize("copy", [dict, lambda pi: {**pi}, lambda pi: pi.copy(), lambda pi: dict(pi.items()),
                                  lambda pi: {cell: pi[cell] for cell in pi}],
                         ids=["dict", "splat", "copy", "items", "comprehension"])
def test_route_from_a_copy_of_the_potentials_passes(copy):
    report = dc.check_route(lambda arcs, pi, start, target: route(arcs, copy(pi), start, target))
    assert report.passed, report.summary()


def test_the_potentials_record_which_cells_were_read_and_travel_to_a_sandbox_without_reading():
    import pickle
    given = dc.ReadPotentials({(0, 0): 0, (0, 1): 1, (1, 1): 2})
    assert (0, 0) in given and list(given) == [(0, 0), (0, 1), (1, 1)] and given.reads == 0
    given[(0, 1)]
    assert given.read_all_of([(0, 1)]) and not given.read_all_of([(0, 1), (1, 1)])
    copied = pickle.loads(pickle.dumps(given))
    assert copied == given and copied.reads == 0
    seen = dc.ReadPotentials({})
    seen.probe_merge({"reads": 2, "cells": [[1, 1], (0, 1), "x", [True, 1]], "every": False})
    assert seen.cells == {(1, 1), (0, 1)} and seen.reads == 2 and not seen.every


def test_route_by_a_sat_solver_is_refused():
    def by_sat(arcs, pi, start, target):
        from pysat.solvers import Minisat22
        with Minisat22() as solver:
            solver.solve()
        return route(arcs, pi, start, target)
    report = dc.check_route(by_sat)
    assert set(report.codes) == {"calls-library:pysat.Minisat22.solve"}, report.summary()


def _pasted_dual_problem():
    """lp_dual.dual_problem pasted into a cell and renamed, applied to the primal built in PuLP."""
    import inspect

    from puzzlelib.duality import lp_dual
    namespace = dict(vars(lp_dual), __name__="__main__")
    exec(compile(inspect.getsource(lp_dual.dual_problem).replace("def dual_problem(", "def my_dual("),
                 "<ipython-input-5>", "exec"), namespace)
    return namespace["my_dual"]


MY_DUAL = _pasted_dual_problem()


def dual_by_the_pasted_library(c, A, b):
    primal = pulp.LpProblem("primal", pulp.LpMinimize)
    x = [pulp.LpVariable(f"x{j}", lowBound=0) for j in range(len(c))]
    primal += pulp.lpSum(c[j] * x[j] for j in range(len(c)))
    for i, row in enumerate(A):
        primal += pulp.lpSum(row[j] * x[j] for j in range(len(c))) >= b[i], f"r{i}"
    problem, y = MY_DUAL(primal)
    return problem, [y[f"r{i}"] for i in range(len(A))]


def test_dual_problem_pasted_and_renamed_is_refused():
    report = dc.check_dual(dual_by_the_pasted_library)
    assert set(report.codes) == {"copies-library:dual_problem"} and report.score == 0, report.summary()
    from puzzlelib.feedback.checks import copied_share, operations
    from puzzlelib.duality.lp_dual import dual_problem
    assert copied_share(dual, operations(dual_problem.__code__)) < dc.DUAL_SHARE - 0.3
