"""Exercise 11.2: the check passes right answers and names the fault of each wrong one."""

import inspect

import pulp
import pytest

from puzzlelib import v3ck
from puzzlelib.engine import NoSolution, add_binary, new_problem, solve_model, value01
from puzzlelib.v3ck import checks


def colouring_ip(n, edges, k, shift=0):
    """The lecturer's answer: one colour per edge, at most one edge of each colour at a node."""
    problem = new_problem("edge_colouring")
    z = {(e, c): add_binary(problem, f"z_{e}_{c}") for e in range(len(edges)) for c in range(k)}
    for e in range(len(edges)):
        problem += pulp.lpSum(z[e, c] for c in range(k)) == 1
    for v in range(n):
        for c in range(k):
            problem += pulp.lpSum(z[e, c] for e, (a, b) in enumerate(edges) if v in (a, b)) <= 1
    try:
        solve_model(problem)
    except NoSolution:
        return None
    return [next(c for c in range(k) if value01(z[e, c])) + shift for e in range(len(edges))]


def greedy(n, edges, k):
    """Each edge in list order takes the smallest colour free at both ends; None when none is free."""
    at = [set() for _ in range(n)]
    found = []
    for a, b in edges:
        c = next((c for c in range(k) if c not in at[a] | at[b]), None)
        if c is None:
            return None
        at[a].add(c)
        at[b].add(c)
        found.append(c)
    return found


def test_right_answer_passes():
    report = checks.check_edge_colouring(colouring_ip)
    assert report.passed and report.score == 1.0, report.summary()
    assert report.total_boards == 13 and "on all 13 graphs" in report.summary()


def test_the_truth_knows_the_famous_graphs():
    graphs = dict(checks.battery())
    assert checks.colour_by_backtracking(graphs["the Petersen graph with 3 colours"]) is None
    assert checks.colour_by_backtracking(graphs["K5 with 4 colours"]) is None
    assert checks.colour_by_backtracking(graphs["a 5-cycle with 2 colours"]) is None
    assert checks.colour_by_backtracking(graphs["the star K1,4 with 3 colours"]) is None
    assert checks.colour_by_backtracking(graphs["K3,3 with 3 colours"]) is not None
    for _, graph in checks.battery():  # every colouring found is proper, with colours 0..k-1
        found = checks.colour_by_backtracking(graph)
        assert found is None or (checks._clash(graph, found) is None and set(found) <= set(range(graph.k)))


def test_petersen_matches_the_v3ck_board():
    """The check's Petersen graph is the library's: no V3ck colouring either."""
    puzzle = v3ck.Puzzle.from_text(v3ck.PETERSEN)
    assert len(puzzle.edges) == len(checks.PETERSEN) and v3ck.brute_force(puzzle, limit=1) == []


@pytest.mark.parametrize("wrong,codes", [
    (greedy, {"none-but-colourable", "no-model-solved"}),                      # greedy runs out on C6
    (lambda n, edges, k: None, {"none-but-colourable", "no-model-solved"}),    # always None
    (lambda n, edges, k: colouring_ip(n, edges, 3), {"colour-out-of-range", "none-but-colourable"}),  # k ignored
    (lambda n, edges, k: colouring_ip(n, edges, k, shift=1), {"colour-out-of-range"}),  # colours 1..k
    (lambda n, edges, k: [0] * len(edges), {"improper-colouring"}),            # one colour for all
    (lambda n, edges, k: [e % k for e in range(len(edges))], {"improper-colouring", "no-model-solved"}),  # in turn
    (lambda n, edges, k: colouring_ip(n, edges, k)[:-1] if colouring_ip(n, edges, k) else None,
     {"wrong-length"}),
], ids=["greedy", "always-none", "always-3-colours", "one-to-k", "all-zero", "in-turn", "one-short"])
def test_wrong_answers_fail_with_their_codes(wrong, codes):
    report = checks.check_edge_colouring(wrong)
    assert not report.passed and set(report.codes) == codes, report.summary()


def greedy_beside_a_model(n, edges, k):
    """The greedy colouring, after solving a model it then ignores (the solver was called)."""
    problem = new_problem("nothing")
    add_binary(problem, "z")
    solve_model(problem)
    return greedy(n, edges, k)


def test_greedy_runs_out_of_colours_on_k33_and_the_shuffled_six_cycle():
    report = checks.check_edge_colouring(greedy_beside_a_model)
    assert report.summary().split("\n")[:3] == [
        "Exercise 11.2 needs work: 11 of 13 graphs right.",
        "K3,3 with 3 colours: you returned None, but 3 colours are enough (a right colouring is drawn)",
        "a 6-cycle with 2 colours: you returned None, but 2 colours are enough (a right colouring is drawn)"]
    assert report.failures[0][1].figure() is not None
    alone = checks.check_edge_colouring(greedy)
    assert set(alone.codes) == {"no-model-solved", "none-but-colourable"} and "solved no model" in alone.lines[0]
    assert alone.score == 0


def test_improper_names_the_node_and_its_two_edges():
    report = checks.check_edge_colouring(lambda n, edges, k: [0] * len(edges))
    assert report.lines[0] == "K4 with 3 colours: node 0: edges 0-1 and 0-2 both have colour 0"
    assert report.failures[0][1].figure() is not None


def test_answers_of_the_wrong_shape_are_named():
    assert set(checks.check_edge_colouring(lambda n, edges, k: "0 1 2").codes) == {"wrong-return-type"}
    assert "not-a-colour" in checks.check_edge_colouring(
        lambda n, edges, k: [float(c) for c in colouring_ip(n, edges, k)] if colouring_ip(n, edges, k) else None).codes


def test_hidden_graphs_come_from_the_seed(monkeypatch):
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "7")
    names = [name for name, _ in checks.battery()]
    assert names[-3:] == ["hidden board 1", "hidden board 2", "hidden board 3"]
    assert checks.check_edge_colouring(colouring_ip).passed


def test_the_checks_own_colourer_is_refused():
    """Issue 43: calling the check's backtracking colourer answered the exercise."""
    report = checks.check_edge_colouring(
        lambda n, edges, k: checks.colour_by_backtracking(checks.Graph(n, tuple(edges), k)))
    assert set(report.codes) == {"calls-library:v3ck_checks.colour_by_backtracking"}
    assert report.score == 0.0


def test_v3ck_equalities_for_every_graph_lose_the_irregular_ones():
    """V3ck's "= 1" of each colour at every node: right on k-regular graphs only."""
    def exact(n, edges, k):
        problem = new_problem("v3ck_exact")
        z = {(e, c): add_binary(problem, f"z_{e}_{c}") for e in range(len(edges)) for c in range(k)}
        for e in range(len(edges)):
            problem += pulp.lpSum(z[e, c] for c in range(k)) == 1
        for v in range(n):
            for c in range(k):
                problem += pulp.lpSum(z[e, c] for e, (a, b) in enumerate(edges) if v in (a, b)) == 1
        try:
            solve_model(problem)
        except NoSolution:
            return None
        return [next(c for c in range(k) if value01(z[e, c])) for e in range(len(edges))]
    report = checks.check_edge_colouring(exact)
    assert set(report.codes) == {"none-but-colourable"} and report.passed_boards >= 5


def test_chapter_13s_edge_colouring_search_is_refused_too():
    from puzzlelib.complexity import reductions as rd

    def borrowed(n, edges, k):
        found = rd.edge_colourings(n, edges, k=k, limit=1).colourings
        return list(found[0]) if found else None
    report = checks.check_edge_colouring(borrowed)
    assert set(report.codes) == {"calls-library:rd.edge_colourings"} and report.score == 0, report.summary()
    assert rd.edge_colourings(*rd.K4, limit=1).colourings  # restored afterwards


# -- issue 43, second pass: the exercise asks for a model, and the check's colourer is no way round it ------
COLOURER = (inspect.getsource(checks.colour_by_backtracking) + "\n\n" + inspect.getsource(checks._search_order)
            ).replace("colour_by_backtracking", "mine").replace("_search_order", "edge_order")  # read in an earlier cell


def copied_colourer(n, edges, k):
    """The check's backtracking colourer, its source pasted and renamed: right, but no model."""
    namespace = {"Graph": checks.Graph}
    exec(COLOURER, namespace)
    return namespace["mine"](checks.Graph(n, tuple(edges), k))


@pytest.mark.parametrize("wrong, codes", [
    (copied_colourer, {"no-model-solved"}),
    (lambda n, edges, k: checks.colour_by_backtracking(checks.Graph(n, tuple(edges), k)),
     {"calls-library:v3ck_checks.colour_by_backtracking"}),
], ids=["colourer-copied", "colourer-called"])
def test_a_right_colouring_without_a_model_scores_nothing(wrong, codes):
    report = checks.check_edge_colouring(wrong)
    assert set(report.codes) == codes and report.score == 0, report.summary()
