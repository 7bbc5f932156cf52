"""The exercise checks of chapter 13 pass the right answers, name the fault of wrong ones by a code,
score vacuous answers 0, refuse the searches and solvers while the student's function runs, and
never print the answer."""

from __future__ import annotations

import math

import numpy as np
import pytest

from puzzlelib import v3ck
from puzzlelib.complexity import checks as ck
from puzzlelib.complexity import growth as gr
from puzzlelib.complexity import reductions as rd


def fails(report, *codes):
    """The report failed, with each of ``codes`` among its fault codes."""
    assert report.status == "failed", report.summary()
    for code in codes:
        assert code in report.codes, (code, report.codes, report.summary())


def scores_nothing(report):
    assert report.status == "failed" and report.passed_boards == 0 and report.score == 0, report.summary()


# -- 13.1: a reduction ------------------------------------------------------------------------------
def doubled(n, edges):
    """The right answer: two copies of the graph, joined at every node with two edges."""
    deg = rd.degrees(n, edges)
    both = list(edges) + [(a + n, b + n) for a, b in edges] + [(i, i + n) for i in range(n) if deg[i] == 2]
    return rd.cubic_to_v3ck(2 * n, both)


def board(n, edges, demand, extra_nodes=(), extra_edges=(), name="v"):
    """A board of the graph with ``demand(node, degree)`` counts at each node, plus extra nodes and edges."""
    deg = rd.degrees(n, edges)
    nodes = [(f"{name}{i}", i, 0, demand(i, deg[i])) for i in range(n)] + list(extra_nodes)
    return v3ck.Puzzle(rd.COLOURS, nodes, [(f"{name}{a}", f"{name}{b}") for a, b in edges] + list(extra_edges))


ONE_EACH = {"r": 1, "g": 1, "b": 1}


def fixed_pair(n, edges):  # a node with two edges wants r and g: a choice the graph does not make
    return board(n, edges, lambda i, d: ONE_EACH if d == 3 else {"r": 1, "g": 1})


def same_twice(n, edges):  # a node with two edges wants two r: both its edges the same colour
    return board(n, edges, lambda i, d: ONE_EACH if d == 3 else {"r": 2})


def pendant_leaf(n, edges):  # a new leaf at each node with two edges, the leaf wanting one r
    deg = rd.degrees(n, edges)
    leaves = [i for i in range(n) if deg[i] == 2]
    return board(n, edges, lambda i, d: ONE_EACH, [(f"x{i}", i, 1, {"r": 1}) for i in leaves],
                 [(f"v{i}", f"x{i}") for i in leaves])


def twins_named_alike(n, edges):  # both copies named v{i}: the board refuses a node listed twice
    deg = rd.degrees(n, edges)
    nodes = [(f"v{i}", i, k, ONE_EACH) for k in range(2) for i in range(n)]
    return v3ck.Puzzle(rd.COLOURS, nodes, [(f"v{a}", f"v{b}") for a, b in edges] * 2
                       + [(f"v{i}", f"v{i}") for i in range(n) if deg[i] == 2])


def subdivided(n, edges):  # a new node in the middle of every edge: the graph's edges are gone
    nodes = [(f"v{i}", i, 0, ONE_EACH if d == 3 else {"r": 1, "g": 1}) for i, d in enumerate(rd.degrees(n, edges))]
    nodes += [(f"m{k}", k, 1, {"r": 1, "g": 1}) for k in range(len(edges))]
    return v3ck.Puzzle(rd.COLOURS, nodes, [pair for k, (a, b) in enumerate(edges)
                                           for pair in ((f"v{a}", f"m{k}"), (f"m{k}", f"v{b}"))])


def test_reduction_right_answer_passes():
    report = ck.check_reduction(doubled)
    assert report.passed and report.score == 1, report.summary()


def test_reduction_as_text_passes():
    assert ck.check_reduction(lambda n, edges: doubled(n, edges).to_text()).passed


@pytest.mark.parametrize("wrong, code", [
    (lambda n, edges: board(n, edges, lambda i, d: ONE_EACH), "bad-board"),  # one of each at two edges
    (fixed_pair, "loses-colourings"),
    (pendant_leaf, "loses-colourings"),
    (same_twice, "maps-back-wrong"),
    (same_twice, "gains-colourings"),
    (lambda n, edges: board(n, edges, lambda i, d: {"r": d}), "maps-back-wrong"),  # everything red
    (lambda n, edges: doubled(n, edges).to_text().replace(" v", " n"), "missing-node"),  # renamed nodes
    (lambda n, edges: rd.cubic_to_v3ck(*rd.K4), "missing-node"),  # one board for every graph
    (subdivided, "missing-edge"),
    (lambda n, edges: doubled(n, edges).to_text()[:-20], "bad-board"),  # cut text
    (lambda n, edges: None, "not-a-board"),
    (lambda n, edges: rd.graph_of(doubled(n, edges)), "not-a-board"),
    (twins_named_alike, "bad-board"),
    (lambda n, edges: rd.cubic_to_v3ck(n, edges), "bad-board"),  # the chapter's reduction, unchanged
])
def test_reduction_wrong_answers_fail(wrong, code):
    fails(ck.check_reduction(wrong), code)


def test_reduction_too_big_a_board_is_named():
    def padded(n, edges):  # the right board with forty K4s beside it
        text = doubled(n, edges).to_text()
        for k in range(40):
            nodes = "".join(f"node p{k}_{i} {i} {k} r=1 g=1 b=1\n" for i in range(4))
            text += nodes + "".join(f"edge p{k}_{a} p{k}_{b}\n" for a, b in rd.K4[1])
        return text
    fails(ck.check_reduction(padded), "too-big")


def test_reduction_refuses_the_searches_while_it_runs():
    def cheat(n, edges):
        if rd.edge_colourings(n, edges, limit=1).colourings:
            return doubled(n, edges)
        return rd.cubic_to_v3ck(*rd.petersen())
    fails(ck.check_reduction(cheat), "calls-library:rd.edge_colourings")
    assert rd.edge_colourings(*rd.K4).colourings  # restored afterwards


def solve_then_write(n, edges):
    """Issue 43: the student's own backtracking decides the graph, then a board is written to match
    (a leaf wanting the colour a node of two edges misses in the colouring found): not a reduction."""
    at = [[] for _ in range(n)]
    for e, (a, b) in enumerate(edges):
        at[a].append(e)
        at[b].append(e)
    colour = [-1] * len(edges)

    def search(i):
        if i == len(edges):
            return True
        a, b = edges[i]
        for c in range(3):
            if all(colour[f] != c for f in at[a] + at[b]):
                colour[i] = c
                if search(i + 1):
                    return True
                colour[i] = -1
        return False
    found = search(0)
    nodes, extra = [], []
    for v in range(n):
        nodes.append((f"v{v}", v, 0, ONE_EACH))
        if len(at[v]) == 2:
            miss = (set(range(3)) - {colour[f] for f in at[v]}).pop() if found else 0
            nodes.append((f"w{v}", v, 1, {rd.COLOURS[miss]: 1}))
            extra.append((f"v{v}", f"w{v}"))
    return v3ck.Puzzle(rd.COLOURS, nodes, [(f"v{a}", f"v{b}") for a, b in edges] + extra)


def test_reduction_that_solves_the_graph_first_fails_on_the_work_it_does():
    report = ck.check_reduction(solve_then_write)
    fails(report, "not-polynomial")
    assert report.codes == ["not-polynomial"] and report.score <= 0.25, report.summary()


@pytest.mark.parametrize("name, graph, colourable", ck.WORK_GRAPHS)
def test_the_work_graphs_answers_and_the_right_answer_stays_far_within_budget(name, graph, colourable):
    n, edges = graph
    assert sorted(set(rd.degrees(n, edges))) == [2, 3] and 90 <= n <= 96, name
    assert gr.sat_colouring(doubled(n, edges)).found == colourable  # the truth, by another road
    budget = ck.work_budget(n, len(edges))
    ck.lines_run(doubled, budget // 10, n, list(edges))  # a tenth of the budget is plenty
    with pytest.raises(ck._OverBudget):
        ck.lines_run(solve_then_write, budget, n, list(edges))
    assert not rd.edge_colourings(n, edges, limit=1, budget=300_000).complete  # hard for a search


def capped_then_write(n, edges, cap=20_000, order=None, fallback=fixed_pair, clock=None):
    """Issue 43, third pass: solve_then_write with a search capped at ``cap`` steps (or ``clock`` seconds),
    and ``fallback``'s board when it gives up: its work stays within any budget, but it cannot decide a
    large hard graph. ``order``: the edges' order (default: as given), or "mrv" for the edge with the
    fewest colours left first."""
    import time
    at = [[] for _ in range(n)]
    for e, (a, b) in enumerate(edges):
        at[a].append(e)
        at[b].append(e)
    colour, steps, start = [-1] * len(edges), [0], time.perf_counter()

    def free(e):
        return [c for c in range(3) if all(colour[f] != c for f in at[edges[e][0]] + at[edges[e][1]])]

    def next_edge(i):
        if order != "mrv":
            return (order or range(len(edges)))[i] if i < len(edges) else None
        left = [e for e in range(len(edges)) if colour[e] < 0]
        return min(left, key=lambda e: len(free(e))) if left else None

    def search(i):
        steps[0] += 1
        if steps[0] > cap or clock and time.perf_counter() - start > clock:
            raise TimeoutError
        e = next_edge(i)
        if e is None:
            return True
        for c in free(e):
            colour[e] = c
            if search(i + 1):
                return True
            colour[e] = -1
        return False
    try:
        if not search(0):
            return fixed_pair(n, edges)  # no colouring: a board with none
    except TimeoutError:
        return fallback(n, edges)
    nodes, extra = [], []
    for v in range(n):
        nodes.append((f"v{v}", v, 0, ONE_EACH))
        if len(at[v]) == 2:
            miss = (set(range(3)) - {colour[f] for f in at[v]}).pop()
            nodes.append((f"w{v}", v, 1, {rd.COLOURS[miss]: 1}))
            extra.append((f"v{v}", f"w{v}"))
    return v3ck.Puzzle(rd.COLOURS, nodes, [(f"v{a}", f"v{b}") for a, b in edges] + extra)


def all_red(n, edges):  # a board that surely has a colouring: every edge red
    return board(n, edges, lambda i, d: {"r": d})


@pytest.mark.parametrize("answer", [
    capped_then_write,  # gives up after 20,000 steps, and writes a board without colourings
    lambda n, edges: capped_then_write(n, edges, cap=200_000),
    lambda n, edges: capped_then_write(n, edges, cap=1_000),
    lambda n, edges: capped_then_write(n, edges, order=sorted(range(len(edges)), key=lambda e: sorted(edges[e]))),
    lambda n, edges: capped_then_write(n, edges, cap=3_000, order="mrv"),
    lambda n, edges: capped_then_write(n, edges, fallback=all_red),  # gives up and writes a board with colourings
])
def test_reduction_that_searches_with_a_cap_fails_on_the_large_graphs(answer):
    report = ck.check_reduction(answer)
    assert report.codes == ["capped-search"] and report.passed_boards == len(ck.GRAPHS), report.summary()
    assert report.score <= 0.25, report.summary()


def test_reduction_that_searches_for_a_while_fails_by_work_or_by_its_guess():
    """A search capped by the clock: on a fast machine it runs past the line budget, on a slow one it
    gives up and guesses; either way it fails, on work counted."""
    report = ck.check_reduction(lambda n, edges: capped_then_write(n, edges, cap=10**12, clock=0.5))
    assert len(report.codes) == 1 and report.codes[0] in ("capped-search", "not-polynomial"), report.summary()


def test_reduction_whose_search_falls_back_to_a_reduction_passes():
    """A capped search that writes a right reduction's board when it gives up is a reduction with a
    detour: every board it writes is right, in polynomial time."""
    report = ck.check_reduction(lambda n, edges: capped_then_write(n, edges, fallback=doubled))
    assert report.passed and report.score == 1, report.summary()


def test_large_boards_beyond_the_checks_search_are_named():
    def star(n, edges):  # the right board, and one node joined to thirteen new leaves
        text = doubled(n, edges).to_text() + "node hub 0 0 r=13\n"
        return text + "".join(f"node leaf{i} {i} 1 r=1\nedge hub leaf{i}\n" for i in range(13))
    report = ck.check_reduction(star)
    assert report.codes == ["too-big"] and "hub" in report.failures[0][1].message, report.summary()


@pytest.mark.parametrize("vacuous", [lambda n, edges: None, lambda n, edges: "", lambda n, edges: v3ck.SEED_BOARD,
                                     lambda n, edges: v3ck.PETERSEN])
def test_reduction_vacuous_answers_score_nothing(vacuous):
    scores_nothing(ck.check_reduction(vacuous))


def test_reduction_graphs_have_nodes_of_two_or_three_edges_and_both_answers():
    truths = set()
    for name, (n, edges) in ck.GRAPHS + [(f"random {s}", ck.random_subcubic(s)) for s in range(20)]:
        assert set(rd.degrees(n, edges)) <= {2, 3}, name
        truths.add(bool(rd.edge_colourings(n, edges, limit=1).colourings))
        assert rd.board_colourings(doubled(n, edges), limit=1).complete
    assert truths == {True, False}


def test_reduction_hidden_graphs(monkeypatch):
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    report = ck.check_reduction(doubled)
    assert report.passed and report.total_boards == len(ck.GRAPHS) + 3 + 1, report.summary()


# -- 13.2: a measurement and its fit ----------------------------------------------------------------
def fit_growth(sizes, values):
    n, t = np.array(sizes, float), np.log(np.array(values, float))
    se, ce = np.polyfit(n, t, 1)
    sp, cp = np.polyfit(np.log(n), t, 1)
    re = float(np.sum((t - ce - se * n) ** 2))
    rp = float(np.sum((t - cp - sp * np.log(n)) ** 2))
    return ("exponential", (math.exp(ce), math.exp(se))) if re < rp else ("polynomial", (math.exp(cp), sp))


def test_fit_right_answer_passes():
    report = ck.check_fit(fit_growth)
    assert report.passed and report.score == 1, report.summary()


def test_fit_hidden_data_sets(monkeypatch):
    for seed in range(1, 9):
        monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", str(seed))
        report = ck.check_fit(fit_growth)
        assert report.passed and report.total_boards == len(ck.LAWS) + 3, report.summary()


def both_fits(sizes, values):
    """{kind: (a, rate)} of both least-squares fits (the library's fit is refused inside the check)."""
    n, t = np.array(sizes, float), np.log(np.array(values, float))
    se, ce = np.polyfit(n, t, 1)
    sp, cp = np.polyfit(np.log(n), t, 1)
    return {"exponential": (math.exp(ce), math.exp(se)), "polynomial": (math.exp(cp), sp)}


def other_kind(sizes, values):
    kind = "polynomial" if fit_growth(sizes, values)[0] == "exponential" else "exponential"
    return kind, both_fits(sizes, values)[kind]


def as_log(sizes, values):
    kind, (a, b) = fit_growth(sizes, values)
    return (kind, (a, math.log(b))) if kind == "exponential" else (kind, (a, b))


def mixed_bases(sizes, values):  # fitted with log10, undone with exp
    n, t = np.array(sizes, float), np.log10(np.array(values, float))
    kind, _ = fit_growth(sizes, values)
    x = n if kind == "exponential" else np.log10(n)
    s, c = np.polyfit(x, t, 1)
    return (kind, (math.exp(c), math.exp(s))) if kind == "exponential" else (kind, (math.exp(c), s))


def residuals_apart(sizes, values):  # the exponential's residual in t, the polynomial's in log t
    n, t = np.array(sizes, float), np.array(values, float)
    se, ce = np.polyfit(n, np.log(t), 1)
    sp, cp = np.polyfit(np.log(n), np.log(t), 1)
    re = float(np.sum((t - np.exp(ce + se * n)) ** 2))
    rp = float(np.sum((np.log(t) - cp - sp * np.log(n)) ** 2))
    return ("exponential", (math.exp(ce), math.exp(se))) if re < rp else ("polynomial", (math.exp(cp), sp))


def raw_line(sizes, values):  # a line through the values themselves, no logarithms
    kind, _ = fit_growth(sizes, values)
    s, c = np.polyfit(np.array(sizes, float), np.array(values, float), 1)
    return kind, (abs(c) + 1e-9, s)


@pytest.mark.parametrize("wrong, code", [
    (other_kind, "wrong-kind"),
    (lambda s, v: ("exponential", both_fits(s, v)["exponential"]), "wrong-kind"),  # always exponential
    (lambda s, v: (fit_growth(s, v)[0], fit_growth(s, v)[1][::-1]), "params-swapped"),
    (as_log, "log-of-rate"),
    (mixed_bases, "mixed-log-bases"),
    (residuals_apart, "wrong-kind"),
    (lambda s, v: (fit_growth(s, v)[0], (fit_growth(s, v)[1][0], fit_growth(s, v)[1][1] * 1.2)), "rate-too-high"),
    (lambda s, v: (fit_growth(s, v)[0], (fit_growth(s, v)[1][0], fit_growth(s, v)[1][1] * 0.8)), "rate-too-low"),
    (lambda s, v: (fit_growth(s, v)[0], (fit_growth(s, v)[1][0] * 5, fit_growth(s, v)[1][1])), "factor-off"),
    (lambda s, v: fit_growth(s, v)[0], "wrong-return-type"),
    (lambda s, v: (fit_growth(s, v)[0].upper(), fit_growth(s, v)[1]), "unknown-kind"),
    (lambda s, v: (fit_growth(s, v)[0], (float("nan"), 1.0)), "wrong-return-type"),
])
def test_fit_wrong_answers_fail(wrong, code):
    fails(ck.check_fit(wrong), code)


def all_in_t(sizes, values):
    """Issue 43: both lines fitted in log t, their residuals compared in t (the exercise says log t)."""
    n, t = np.array(sizes, float), np.array(values, float)
    se, ce = np.polyfit(n, np.log(t), 1)
    sp, cp = np.polyfit(np.log(n), np.log(t), 1)
    re = float(np.sum((t - np.exp(ce + se * n)) ** 2))
    rp = float(np.sum((t - np.exp(cp + sp * np.log(n))) ** 2))
    return ("exponential", (math.exp(ce), math.exp(se))) if re < rp else ("polynomial", (math.exp(cp), sp))


def two_points(sizes, values):
    """Issue 43: the line through the smallest and the largest size only."""
    (n0, t0), (n1, t1) = min(zip(sizes, values)), max(zip(sizes, values))
    kind = fit_growth(sizes, values)[0]
    if kind == "exponential":
        b = math.exp((math.log(t1) - math.log(t0)) / (n1 - n0))
        return kind, (t0 / b ** n0, b)
    k = (math.log(t1) - math.log(t0)) / (math.log(n1) - math.log(n0))
    return kind, (t0 / n0 ** k, k)


def the_law_looked_up(sizes, values):
    """Issue 43's kind of copy: the law read from the check's own table."""
    for _, law in ck.laws():
        if tuple(law[3]) == tuple(sizes):
            return law[0], (law[1], law[2])
    return fit_growth(sizes, values)


@pytest.mark.parametrize("wrong, code, data_set", [
    (all_in_t, "wrong-kind", "data set H: the largest size 12% high"),
    (all_in_t, "wrong-kind", "data set I: the largest size 15% low"),
    (two_points, "rate-too-high", "data set H: the largest size 12% high"),
    (two_points, "rate-too-low", "data set I: the largest size 15% low"),
    (the_law_looked_up, "copies-law", "data set A: 9 sizes from 4 to 20"),
], ids=["in-t-H", "in-t-I", "two-points-H", "two-points-I", "law-looked-up"])
def test_fit_methods_the_exercise_forbids_fail(wrong, code, data_set):
    report = ck.check_fit(wrong)
    assert (data_set, code) in [(name, f.code) for name, f in report.failures] or \
        (code in report.codes and report.status == "failed"), report.summary()
    assert code in report.codes


def test_fit_a_line_through_raw_values_fails():
    fails(ck.check_fit(raw_line))


def test_fit_refuses_the_library_fit():
    def borrowed(sizes, values):
        found = gr.fit(sizes, values)
        return found.kind, (found.a, found.rate)
    fails(ck.check_fit(borrowed), "calls-library:growth.fit")
    assert gr.fit([1, 2, 3], [2, 4, 8]).kind == "exponential"  # restored afterwards


@pytest.mark.parametrize("vacuous", [lambda s, v: ("exponential", (1.0, 2.0)), lambda s, v: ("polynomial", (1.0, 2.0)),
                                     lambda s, v: None, lambda s, v: ("polynomial", (v[0], 1.0))])
def test_fit_vacuous_answers_score_nothing(vacuous):
    scores_nothing(ck.check_fit(vacuous))


def test_fit_messages_do_not_give_the_law():
    laws = dict(ck.LAWS)
    for answer in (lambda s, v: ("polynomial", (1.0, 1.0)), lambda s, v: ("exponential", (1.0, 1.01)),
                   lambda s, v: (fit_growth(s, v)[0], (1.0, 1.01))):
        report = ck.check_fit(answer)
        for name, failure in report.failures:
            kind, a, rate = laws[name][:3]
            for shown in (repr(float(rate)), f"{a:g}", kind):
                assert shown not in failure.message, (name, failure.message)


def test_in_a_graders_sandbox_the_work_graph_is_still_asked_without_counting():
    """A StudentFunction (it has ``forbid``) runs in another process, where lines cannot be counted: the
    work graph is still asked, so a search there meets the grader's time limit."""
    asked = []

    class Remote:
        def forbid(self, functions):
            pass

        def __call__(self, n, edges):
            asked.append(n)
            return doubled(n, edges)
    report = ck.check_reduction(Remote())
    assert report.passed and {graph[0] for _, graph, _ in ck.WORK_GRAPHS} <= set(asked), report.summary()


def test_fit_refuses_the_librarys_least_squares_line_too():
    def lines(sizes, values):
        n, t = np.array(sizes, float), np.log(np.array(values, float))
        ce, se, re = gr._line(n, t)
        cp, sp, rp = gr._line(np.log(n), t)
        return ("exponential", (math.exp(ce), math.exp(se))) if re < rp else ("polynomial", (math.exp(cp), sp))
    fails(ck.check_fit(lines), "calls-library:growth._line")


def sat_then_write(n, edges):
    """Issue 43, second pass: the graph decided by a SAT solver of pysat (C code, so few Python lines
    run), then a board written to match the answer: refused like the course's own solvers."""
    from pysat.solvers import Cadical153

    at = [[e for e, edge in enumerate(edges) if v in edge] for v in range(n)]
    with Cadical153() as solver:
        for e in range(len(edges)):
            solver.add_clause([3 * e + c + 1 for c in range(3)])
        for v in range(n):
            for c in range(3):
                for i, e in enumerate(at[v]):
                    for f in at[v][i + 1:]:
                        solver.add_clause([-(3 * e + c + 1), -(3 * f + c + 1)])
        found = solver.solve()
    return doubled(n, edges) if found else rd.cubic_to_v3ck(*rd.petersen())


def test_reduction_that_decides_the_graph_with_a_sat_library_is_refused():
    report = ck.check_reduction(sat_then_write)
    assert set(report.codes) == {"calls-library:pysat.Cadical153.solve"} and report.score == 0, report.summary()


def _pasted_fit():
    """growth.fit and its least-squares line, pasted into a cell and renamed, the input checks dropped."""
    import inspect
    source = "\n\n".join(inspect.getsource(f) for f in (gr._line, gr.fit)).replace("def fit(", "def my_fit(")
    source = source.replace("_line", "line").replace("n, t = _checked(sizes, values)",
                                                     "n, t = np.asarray(sizes, float), np.asarray(values, float)")
    namespace = {"np": np, "math": math, "Fit": gr.Fit, "Sequence": object, "__name__": "__main__"}
    exec(compile("from __future__ import annotations\n" + source, "<ipython-input-9>", "exec"), namespace)
    return namespace["my_fit"]


MY_FIT = _pasted_fit()


def pasted_fit(sizes, values):
    found = MY_FIT(sizes, values)
    return found.kind, (found.a, found.rate)


def test_fit_growth_fit_pasted_and_renamed_is_refused():
    report = ck.check_fit(pasted_fit)
    assert set(report.codes) == {"copies-library:growth.fit"} and report.score == 0, report.summary()
    from puzzlelib.feedback.checks import copied_share, operations
    reference = operations(gr.fit.__code__)
    for own in (fit_growth, both_fits, all_in_t, two_points):
        assert copied_share(own, reference) < ck.FIT_SHARE - 0.25, own
