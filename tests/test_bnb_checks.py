"""The exercise checks of chapter 10 pass the right answers, name the fault of wrong ones by a code,
score vacuous answers 0, refuse the library's solvers where the exercise is done by hand, and never
print the answer."""

from __future__ import annotations

import heapq
import math

import pulp
import pytest

from puzzlelib import thermometer as th
from puzzlelib.engine import add_binary, new_problem, solve_model
from puzzlelib.inside_solver import checks as bc
from puzzlelib.inside_solver.branch_and_bound import branch_and_bound, most_fractional
from puzzlelib.inside_solver.cuts import cutting_planes

from grading_class import NODE_DEPTH


def distance(v):
    return min(v % 1, 1 - v % 1)


def least_fractional(candidates):
    return min(candidates, key=lambda name: distance(candidates[name]))


def fails(report, *codes, phrase=None):
    """The report failed, with each of ``codes`` among its fault codes (and ``phrase`` in its text)."""
    assert report.status == "failed", report.summary()
    for code in codes:
        assert code in report.codes, (code, report.codes, report.summary())
    if phrase is not None:
        assert phrase in report.summary(), report.summary()


def scores_nothing(report):
    assert report.status == "failed" and report.passed_boards == 0 and report.score == 0, report.summary()


# -- 10.1: the least fractional rule ----------------------------------------------------------------
def test_branching_rule_right_answer_passes():
    report = bc.check_branching_rule(least_fractional)
    assert report.passed and report.score == 1, report.summary()


@pytest.mark.parametrize("wrong, code", [
    (most_fractional, "most-fractional"),  # the rule reversed
    (lambda c: min(c, key=lambda k: c[k] % 1), "one-sided-distance"),  # the integer below only
    (lambda c: min(reversed(list(c)), key=lambda k: distance(c[k])), "tie-not-first"),  # ties
    (lambda c: min(c.values(), key=distance), "wrong-return-type"),  # the value, not the name
    (lambda c: "z", "not-a-candidate"),
    (lambda c: min(c, key=lambda k: min(c[k], 1 - c[k])), "assumes-binary"),  # binaries assumed
    (lambda c: max(c, key=lambda k: abs(c[k] - 0.5)), "assumes-binary"),  # far from 1/2, binaries only
])
def test_branching_rule_wrong_answers_fail(wrong, code):
    fails(bc.check_branching_rule(wrong), code)


@pytest.mark.parametrize("vacuous", [
    lambda c: next(iter(c)),  # the first candidate
    lambda c: list(c)[-1],  # the last
    most_fractional,  # the library's default, handed in unchanged
    lambda c: sorted(c)[0],  # the first by name
])
def test_branching_rule_vacuous_answers_score_nothing(vacuous):
    scores_nothing(bc.check_branching_rule(vacuous))


def test_branching_rule_messages_do_not_name_the_right_pick():
    for candidates in [c for _, dicts in bc.RULE_CASES for c in dicts if len(c) > 1]:
        right = least_fractional(candidates)
        wrong = next(k for k in candidates if k != right)
        text = bc.check_branching_rule(lambda c, w=wrong, d=candidates: w if c == d else least_fractional(c)).summary()
        assert f"picked {wrong!r}" in text and f"{right!r}" not in text.replace(str(candidates), ""), text


def test_branching_runs_tell_the_vacuous_rules_apart_at_some_node():
    for name, problem in bc.branching_runs():
        seen = []
        branch_and_bound(problem, branch=lambda c: seen.append(dict(c)) or least_fractional(c))
        nearest = [min(map(distance, c.values())) for c in seen]
        for pick in (lambda c: next(iter(c)), lambda c: list(c)[-1], most_fractional):
            assert any(distance(c[pick(c)]) > d + 1e-9 for c, d in zip(seen, nearest)), name


def module_functions():
    return [f for f in vars(bc).values() if callable(f) and getattr(f, "__module__", "") == bc.__name__]


def answers(f, calls):
    """True when ``f`` gives the right result on every one of ``calls`` (pairs of arguments, result)."""
    try:
        return all(f(*args) == want for args, want in calls)
    except Exception:
        return False


def test_no_function_of_the_checks_answers_10_1_or_10_2():
    assert not hasattr(bc, "least_fractional_answer") and not hasattr(bc, "knapsack_lp_bound")
    picks = [((dict(c),), least_fractional(c)) for _, dicts in bc.RULE_CASES for c in dicts]
    bounds = [((list(v), list(w), c), greedy(v, w, c)) for _, items in bc.KNAPSACKS for v, w, c in items]
    for f in module_functions():
        assert not answers(f, picks) and not answers(f, bounds), f.__name__
        assert not answers(lambda c, f=f: min(c, key=lambda k: f(c[k])), picks), f.__name__  # a distance


# -- 10.2: the LP bound of a knapsack by hand -------------------------------------------------------
def greedy(values, weights, capacity, key=lambda p: -p[0] / p[1], fraction=True, whole=False, whole_value=False):
    total, room = 0.0, capacity
    for v, w in sorted(zip(values, weights), key=key):
        if w <= room:
            total, room = total + v, room - w
            continue
        if whole and room > 0:
            total += v
        elif whole_value:
            total += v * room // w
        elif fraction:
            total += v * room / w
        break
    return total


def test_knapsack_bound_right_answer_passes():
    assert bc.check_knapsack_bound(greedy).passed


@pytest.mark.parametrize("wrong, code", [
    (lambda v, w, c: greedy(v, w, c, fraction=False), "whole-items-only"),
    (lambda v, w, c: greedy(v, w, c, key=lambda p: -p[0]), "order-by-value"),
    (lambda v, w, c: greedy(v, w, c, key=lambda p: 0), "order-as-given"),
    (lambda v, w, c: greedy(v, w, c, fraction=False, whole=True), "crossing-item-whole"),
    (lambda v, w, c: greedy(v, w, c + 1), "bound-too-high"),  # off by one in the capacity
    (lambda v, w, c: str(greedy(v, w, c)), "wrong-return-type"),
    (lambda v, w, c: math.floor(greedy(v, w, c)), "rounded-down"),  # the integer bound, not the LP's
    (lambda v, w, c: greedy(v, w, c, key=lambda p: p[0] / p[1]), "bound-too-low"),  # worst ratio first
])
def test_knapsack_bound_wrong_answers_fail(wrong, code):
    fails(bc.check_knapsack_bound(wrong), code)


def test_knapsack_bound_with_integer_division_is_named():
    text = bc.check_knapsack_bound(lambda v, w, c: greedy(v, w, c, whole_value=True)).summary()
    assert "integer division" in text, text


@pytest.mark.parametrize("vacuous", [lambda v, w, c: 0, lambda v, w, c: 1, lambda v, w, c: sum(v),
                                     lambda v, w, c: max(v), lambda v, w, c: v[0], lambda v, w, c: c])
def test_knapsack_bound_vacuous_answers_score_nothing(vacuous):
    scores_nothing(bc.check_knapsack_bound(vacuous))


def whole_items_skipping(values, weights, capacity):
    """Whole items by ratio, skipping those that do not fit and going on: a packing, not the LP."""
    total, room = 0, capacity
    for v, w in sorted(zip(values, weights), key=lambda p: -p[0] / p[1]):
        if w <= room:
            total, room = total + v, room - w
    return total


@pytest.mark.parametrize("whole", [lambda v, w, c: greedy(v, w, c, fraction=False), whole_items_skipping])
def test_knapsack_bound_of_whole_items_scores_nothing(whole):
    """Every knapsack but "everything fits" makes the LP take part of an item (random ones too)."""
    scores_nothing(bc.check_knapsack_bound(whole))


def lp_with(solve):
    def bound(values, weights, capacity):
        problem = new_problem("k", pulp.LpMaximize)
        y = [add_binary(problem, f"y_{k}") for k in range(len(values))]
        problem += pulp.lpSum(a * t for a, t in zip(values, y))
        problem += pulp.lpSum(a * t for a, t in zip(weights, y)) <= capacity
        return solve(problem)
    return bound


def relaxed_copy(problem):
    for v in problem.variables():
        v.cat = pulp.LpContinuous
    return problem


@pytest.mark.parametrize("solve, label", [
    (lambda p: solve_model(p, relax=True), "solve_model"),
    (lambda p: (relaxed_copy(p).solve(pulp.HiGHS(msg=False)), pulp.value(p.objective))[1], "pulp.LpProblem.solve"),
    (lambda p: (pulp.HiGHS(msg=False).actualSolve(relaxed_copy(p)), pulp.value(p.objective))[1], "pulp.HiGHS"),
    (lambda p: branch_and_bound(relaxed_copy(p)).value, "branch_and_bound"),
])
def test_knapsack_bound_refuses_every_solver(solve, label):
    report = bc.check_knapsack_bound(lp_with(solve))
    scores_nothing(report)
    assert set(report.codes) == {f"calls-library:{label}"}, report.codes


@pytest.mark.parametrize("shift", [0.5, -0.5, -0.25])
def test_knapsack_messages_never_print_the_lp_bound(shift):
    report = bc.check_knapsack_bound(lambda v, w, c: greedy(v, w, c) + shift)
    cases = dict(bc.knapsacks())
    assert report.passed_boards == 0 and len(report.failures) == 3
    for name, failure in report.failures:
        truths = [greedy(*knapsack) for knapsack in cases[name]]
        tail = failure.message.split(": ", 1)[1]  # after the knapsack itself
        for truth in truths:
            tail = tail.replace(f"your bound {truth + shift:g}", "")
        assert not any(f"{truth:g}" in tail for truth in truths), failure.message


def test_knapsack_bound_has_no_answer_function_to_call():
    assert not hasattr(bc, "knapsack_lp_bound") and not hasattr(bc, "_greedy")


# -- 10.3: a cut for a Thermometers board -----------------------------------------------------------
def test_cut_board_has_a_fractional_lp_point_and_two_fillings():
    grid = bc.lp_point_grid()
    assert any(0 < v < 1 for row in grid for v in row)
    assert len(th.brute_force(th.Puzzle.from_text(bc.CUT_BOARD))) == 2
    assert not hasattr(bc, "cut_board")  # the fillings are no oracle a student can call


def test_cut_right_answer_passes():
    assert bc.check_cut(lambda x: x[0, 2] >= 1).passed
    assert bc.check_cut(lambda x: 2 * x[0, 2] - x[0, 3] >= 1).passed  # another valid cut


@pytest.mark.parametrize("wrong, codes", [
    (lambda x: x[0, 3] <= 0, ["removes-integer-point"]),  # true of one filling only: half right
    (lambda x: x[0, 2] <= 0, ["removes-every-solution", "removes-integer-point"]),  # reversed
    (lambda x: x[0, 2] >= 0.5, ["keeps-lp-point"]),  # the LP's own inequality, not rounded up
    (lambda x: x[0, 2], ["wrong-return-type"]),
])
def test_cut_wrong_answers_fail(wrong, codes):
    fails(bc.check_cut(wrong), *codes)


@pytest.mark.parametrize("vacuous", [
    lambda x: x[0, 0] + x[0, 1] + x[0, 2] + x[0, 3] == 3,  # row 0's count again
    lambda x: x[0, 0] + x[0, 1] + x[0, 2] + x[0, 3] <= 3,
    lambda x: x[0, 2] >= x[0, 3],  # thermometer D's own inequality
    lambda x: x[0, 0] <= 1,  # a bound
    lambda x: x[0, 0] - x[0, 0] <= 1,  # 0 <= 1
    lambda x: x[0, 0] - x[0, 0] >= 1,  # 0 >= 1: removes the LP point, and everything else
])
def test_cut_vacuous_answers_score_nothing(vacuous):
    scores_nothing(bc.check_cut(vacuous))


def test_cut_messages_show_no_filling():
    fillings = [s.grid for s in th.brute_force(th.Puzzle.from_text(bc.CUT_BOARD))]
    for wrong in (lambda x: x[0, 3] <= 0, lambda x: x[0, 2] <= 0, lambda x: x[0, 0] <= 1):
        report = bc.check_cut(wrong)
        text = report.summary()
        assert all(str(list(map(list, g))) not in text and str(g) not in text for g in fillings), text
        assert all(failure.figure is None for _, failure in report.failures)


def gomory(x):
    problem, _ = th.build_model(th.Puzzle.from_text(bc.CUT_BOARD))
    cut = cutting_planes(problem, rounds=1)[0].cuts[0]
    return pulp.lpSum(k * x[tuple(map(int, name.split("_")[1:]))] for name, k in cut.coefs.items()) >= cut.rhs


@pytest.mark.parametrize("cheat, label", [
    (gomory, "cutting_planes"),
    (lambda x: th.solutions(th.Puzzle.from_text(bc.CUT_BOARD)) and x[0, 2] >= 1, "th.solutions"),
    (lambda x: th.brute_force(th.Puzzle.from_text(bc.CUT_BOARD)) and x[0, 2] >= 1, "th.brute_force"),
])
def test_cut_cannot_ask_the_library(cheat, label):
    report = bc.check_cut(cheat)
    scores_nothing(report)
    assert set(report.codes) == {f"calls-library:{label}"}, report.codes


# -- the written part of 10.1, and hidden batteries -------------------------------------------------
def test_compare_rules_table_and_stub():
    text = bc.compare_rules(least_fractional, boards=3)
    assert "most fractional" in text and "your rule" in text

    def stub(candidates):
        raise NotImplementedError("Exercise 10.1")

    assert "NotImplementedError" in bc.compare_rules(stub, boards=2)


def test_a_hidden_seed_grows_the_batteries_and_right_answers_still_pass(monkeypatch):
    plain = bc.check_branching_rule(least_fractional).total_boards, bc.check_knapsack_bound(greedy).total_boards
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    hidden = [k for name, k in bc.knapsacks() if name.startswith("hidden knapsack")]
    assert len(bc.knapsacks()) == len(bc.KNAPSACKS) + 3 and len(hidden) == 3
    for report, total in zip([bc.check_branching_rule(least_fractional), bc.check_knapsack_bound(greedy)], plain):
        assert report.passed and report.total_boards == total + 3, report.summary()
    wrong = bc.check_knapsack_bound(lambda v, w, c: greedy(v, w, c, fraction=False))
    assert wrong.status == "failed" and wrong.total_boards == plain[1] + 3
    first = bc.check_branching_rule(lambda c: next(iter(c)))
    assert first.passed_boards == 0 and first.total_boards == plain[0] + 3, first.summary()
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "12")
    assert [k for name, k in bc.knapsacks() if name.startswith("hidden knapsack")] != hidden


# -- 10.2 and 10.3: solvers and fillings reached without a blockable name (issue 31) ---------------
HIGHS = None


def highs_made_before(values, weights, capacity):
    """A HiGHS made before the check ran (its methods belong to the object): still a solver."""
    import highspy
    import numpy as np

    n = len(values)
    HIGHS.clearModel()
    HIGHS.addCols(n, -np.array(values, float), np.zeros(n), np.ones(n), 0, np.array([], np.int32),
                  np.array([], np.int32), np.array([], float))
    HIGHS.addRow(-np.inf, capacity, n, np.arange(n, dtype=np.int32), np.array(weights, float))
    HIGHS.run()
    assert HIGHS.getModelStatus() == highspy.HighsModelStatus.kOptimal
    return -HIGHS.getInfo().objective_function_value


def test_knapsack_bound_refuses_a_highs_made_before_the_check():
    import highspy

    global HIGHS
    HIGHS = highspy.Highs()
    HIGHS.setOptionValue("output_flag", False)
    report = bc.check_knapsack_bound(highs_made_before)
    scores_nothing(report)
    assert set(report.codes) == {"runs-a-solver"}, report.codes


def test_knapsack_bound_refuses_a_solver_run_as_another_program():
    def command_line(values, weights, capacity):
        import subprocess
        import sys

        subprocess.run([sys.executable, "-c", "pass"], check=True)  # as PuLP's CBC or HiGHS_CMD would
        return greedy(values, weights, capacity)

    report = bc.check_knapsack_bound(command_line)
    scores_nothing(report)
    assert set(report.codes) == {"runs-a-solver"}, report.codes


def own_enumeration(x):
    """Every 0/1 grid of the board tried with the library's rule check, then a cut read off the fillings."""
    import itertools

    puzzle = th.Puzzle.from_text(bc.CUT_BOARD)
    m, n = puzzle.shape
    good = [g for g in itertools.product((0, 1), repeat=m * n)
            if not th.verify(puzzle, [list(g[i * n:(i + 1) * n]) for i in range(m)])]
    cell = next(k for k in range(m * n) if all(g[k] == 1 for g in good))
    return x[divmod(cell, n)] >= 1


def test_cut_refuses_an_enumeration_with_the_librarys_rule_check():
    report = bc.check_cut(own_enumeration)
    scores_nothing(report)
    assert set(report.codes) == {"calls-library:th.verify"}, report.codes


def test_cut_text_says_what_the_check_cannot_see():
    """A loop with rule checks of one's own cannot be told from reasoning: the exercise says so."""
    from pathlib import Path

    text = Path(__file__).parents[1].joinpath("solutions", "10-inside-the-solver-solutions.md").read_text()
    assert "th.verify" in text and "cannot tell" in text


# -- 10.4: the node loop ------------------------------------------------------------------------------
def node_loop(lp, prune=lambda value, best: value >= best - 1e-6, order="best",
              keep=lambda value, best: best is None or value < best, sides=2, before=False, integral_first=False):
    """Branch and bound on the oracle ``lp``, best first (a heap of parent bounds), or depth first (a
    stack, as the chapter's loop) or breadth first (a queue); the keyword arguments plant the usual mistakes."""
    best, best_point = None, None
    todo = [(float("-inf"), 0, ())]  # (the parent's bound, a tie-breaker, decisions)
    count = 0
    while todo:
        if order in ("best", "worst"):
            parent, _, decisions = heapq.heappop(todo)
            parent = -parent if order == "worst" else parent
        else:
            parent, _, decisions = todo.pop() if order == "depth" else todo.pop(0)
        if before and best is not None and prune(parent, best):
            continue
        node = lp(decisions)
        if node.value is None or (not (integral_first and not node.fractional)
                                  and best is not None and prune(node.value, best)):
            continue
        if not node.fractional:
            if keep(node.value, best):
                best, best_point = node.value, node.point
            continue
        name = most_fractional(node.fractional)
        v = node.fractional[name]
        children = [decisions + ((name, "<=", math.floor(v)),), decisions + ((name, ">=", math.ceil(v)),)]
        for child in children[:sides]:
            count += 1
            if order in ("best", "worst"):
                heapq.heappush(todo, (node.value if order == "best" else -node.value, count, child))
            else:
                todo.append((node.value, count, child))
    return best, best_point


def _answer(source: str):
    """The ``search`` an answer's source defines (the class of tests/grading_class.py hands the same in)."""
    namespace: dict = {}
    exec(source, namespace)
    return namespace["search"]


#: The chapter's printed depth-first loop translated to the oracle: a stack, the nearer side popped
#: first, a child pruned with its parent's bound before its LP is solved (grading_class.NODE_DEPTH).
chapter_loop = _answer(NODE_DEPTH)


def test_node_loop_right_answers_pass():
    for right in (node_loop, lambda lp: node_loop(lp, before=True)):
        report = bc.check_node_loop(right)
        assert report.passed, report.summary()


def test_node_loop_eager_best_first_passes():
    """Best first that solves both children when it splits, and keys the heap by their own LP values,
    still takes every node in an order of least parent bound."""
    def eager(lp):
        best, best_point, count, heap = None, None, 0, []

        def solved(decisions):  # a new incumbent at once, or a fractional node on the heap
            nonlocal best, best_point, count
            node = lp(decisions)
            if node.value is None or best is not None and node.value >= best - 1e-6:
                return
            if not node.fractional:
                best, best_point = node.value, node.point
            else:
                count += 1
                heapq.heappush(heap, (node.value, count, decisions, node))

        solved(())
        while heap:
            value, _, decisions, node = heapq.heappop(heap)
            if best is not None and value >= best - 1e-6:
                break
            name = most_fractional(node.fractional)
            v = node.fractional[name]
            solved(decisions + ((name, "<=", math.floor(v)),))
            solved(decisions + ((name, ">=", math.ceil(v)),))
        return best, best_point

    report = bc.check_node_loop(eager)
    assert report.passed, report.summary()


@pytest.mark.parametrize("wrong, code", [
    (chapter_loop, "not-best-first"),  # the chapter's loop, translated
    (lambda lp: node_loop(lp, order="depth"), "not-best-first"),
    (lambda lp: node_loop(lp, order="breadth"), "not-best-first"),
    (lambda lp: node_loop(lp, order="worst"), "not-best-first"),  # a heap of bounds with the sign wrong
    (lambda lp: node_loop(lp, prune=lambda value, best: False), "no-pruning"),
    (lambda lp: node_loop(lp, prune=lambda value, best: value > best + 1e-6), "ties-not-pruned"),
    (lambda lp: node_loop(lp, prune=lambda value, best: value > best + 1e-6, before=True), "ties-not-pruned"),
    # every integral node replaces the incumbent, before any comparison with it
    (lambda lp: node_loop(lp, keep=lambda value, best: True, integral_first=True), "wrong-incumbent-update"),
    (lambda lp: node_loop(lp, sides=1), "one-side-only"),
    (lambda lp: node_loop(lp, prune=lambda value, best: value < best - 1e-6), "no-pruning"),  # reversed
    (lambda lp: (lp(()).value, lp(()).point), "node-solved-twice"),
    (lambda lp: (lp(()).value, None), "returned-a-bound"),
    (lambda lp: node_loop(lp)[0], "wrong-return-type"),
])
def test_node_loop_wrong_answers_fail(wrong, code):
    fails(bc.check_node_loop(wrong), code)


def test_node_loop_exact_comparison_is_told_about_rounding_noise():
    """LP values of 27 come as 26.999999999999986: a loop comparing them exactly splits a tie."""
    fails(bc.check_node_loop(lambda lp: node_loop(lp, prune=lambda value, best: value >= best)), "ties-not-pruned",
          phrase="rounding noise")


def test_node_loop_hidden_programs_differ_and_tell_the_mistakes_apart(monkeypatch):
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    hidden = [problem for name, problem, _ in bc.node_loop_programs() if name.startswith("hidden")]
    assert len({problem.name for problem in hidden}) == 3
    assert all(bc._telling_tree(bc.NodeLP(problem).table) for problem in hidden)
    assert bc.check_node_loop(node_loop).passed
    fails(bc.check_node_loop(chapter_loop), "not-best-first")


def test_node_loop_depth_first_fails_on_the_programs_chosen_for_it():
    """The 0/1 programs are chosen so that the chapter's order fails there, whatever side a stack takes first."""
    for name, problem, _ in bc.node_loop_programs()[2:4]:
        oracle = bc.NodeLP(problem)
        for loop in (chapter_loop, lambda lp: node_loop(lp, order="depth"), lambda lp: node_loop(lp, order="breadth")):
            oracle.calls.clear()
            loop(oracle)
            calls = [(d, oracle.table[d]) for d in oracle.calls]
            assert bc._judge_search(calls, None, None, order_only=True).code == "not-best-first", name


def test_node_loop_first_step_and_children_are_checked():
    fails(bc.check_node_loop(lambda lp: (lp((("y_0", "<=", 0),)), (None, None))[1]), "no-root")
    fails(bc.check_node_loop(lambda lp: (lp(()), lp((("y_0", ">=", 1), ("y_1", ">=", 1))), (None, None))[2]),
          "not-a-child")


def test_node_loop_refuses_the_librarys_search():
    def library(lp):
        result = branch_and_bound(new_problem("p"))
        return result.value, result.solution

    report = bc.check_node_loop(library)
    scores_nothing(report)
    assert set(report.codes) == {"calls-library:branch_and_bound"}, report.codes


def test_node_loop_truth_is_a_brute_force_and_the_programs_tell_the_mistakes_apart():
    for name, problem, optimum in bc.node_loop_programs():
        truth = optimum()
        assert truth == (None if "infeasible" in name else pytest.approx(solve_model(problem))), name
    for name, problem, _ in bc.node_loop_programs()[2:4]:
        nodes = branch_and_bound(problem).nodes
        assert sum(n.status == "bound" for n in nodes) >= 2 and len(nodes) >= 9, name


def test_node_loop_is_judged_on_a_copy_of_the_oracle_as_in_a_graders_sandbox():
    """A grader runs the student's function in another process, on a pickled copy of ``lp``: the copy
    answers without a solver and the check still sees every node asked for."""
    import pickle

    copy = lambda lp: pickle.loads(pickle.dumps(lp))  # noqa: E731
    assert bc.check_node_loop(lambda lp: node_loop(copy(lp))).passed
    fails(bc.check_node_loop(lambda lp: node_loop(copy(lp), sides=1)), "one-side-only")
    fails(bc.check_node_loop(lambda lp: node_loop(copy(lp), prune=lambda value, best: False)), "no-pruning")


def test_knapsack_bound_refuses_highs_core_class():
    def core(values, weights, capacity):
        from highspy import _core

        _core._Highs()
        return greedy(values, weights, capacity)

    report = bc.check_knapsack_bound(core)
    scores_nothing(report)
    assert set(report.codes) <= {"calls-library:highspy._core._Highs", "runs-a-solver"}, report.codes
