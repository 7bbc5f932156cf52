"""The Slider exercise checks: right answers pass, broken ones fail with a sentence, stubs are 'not done'."""

from __future__ import annotations

import pulp
import pytest

from puzzlelib import slider as sl
from puzzlelib.slider import checks as ck
from puzzlelib.core.solver import add_binary, new_problem


def stub(*_):
    raise NotImplementedError("Exercise 4.x: replace this line with your code")


def flow_model(puzzle, arrive=True, subtract_inflow=True, conserve=True, objective=True):
    """The chapter's model with pieces switchable off, to make broken student answers."""
    graph = sl.move_graph(puzzle)
    s, t = puzzle.start, puzzle.target
    problem = new_problem("student")
    x = {(u, v): add_binary(problem, f"x_{u[0]}_{u[1]}_{v[0]}_{v[1]}") for u, v in sl.arcs(puzzle, graph)}
    if objective:
        problem += pulp.lpSum(x.values())
    out_s = pulp.lpSum(x[a] for a in x if a[0] == s)
    in_s = pulp.lpSum(x[a] for a in x if a[1] == s)
    problem += (out_s - in_s if subtract_inflow else out_s) == 1
    if arrive:
        problem += pulp.lpSum(x[a] for a in x if a[1] == t) == 1
    if conserve:
        for v in graph:
            if v not in (s, t):
                problem += pulp.lpSum(x[a] for a in x if a[1] == v) == pulp.lpSum(x[a] for a in x if a[0] == v)
    return problem, x


# -- 4.2 ----------------------------------------------------------------------------------------
def test_fixed_model_check_passes_right_models():
    assert ck.check_fixed_model(sl.build_model).passed
    assert ck.check_fixed_model(flow_model).passed
    assert ck.check_fixed_model(lambda p: flow_model(p, subtract_inflow=False)).passed  # arrival alone repairs it


@pytest.mark.parametrize("broken, words", [
    (dict(arrive=False, subtract_inflow=False), "never reach the target"),  # Hartmann as printed
    (dict(conserve=False), "never reach the target"),
    (dict(objective=False), ""),
])
def test_fixed_model_check_fails_broken_models(broken, words):
    report = ck.check_fixed_model(lambda p: flow_model(p, **broken))
    assert report.status == "failed"
    assert words in report.summary()
    assert report.failures and report.failures[0][1].figure is not None
    report.failures[0][1].figure()  # the picture of the mistake draws without error


def test_fixed_model_check_reports_bad_returns_and_stubs():
    assert ck.check_fixed_model(stub).status == "not done"
    report = ck.check_fixed_model(lambda p: "a model")
    assert report.status == "failed" and "must return (problem, x)" in report.summary()
    def infeasible_model(puzzle):
        problem, x = flow_model(puzzle)
        problem += pulp.lpSum(x.values()) >= 10**6
        return problem, x

    infeasible = ck.check_fixed_model(infeasible_model)
    assert "infeasible" in infeasible.summary()


# -- 4.1 ----------------------------------------------------------------------------------------
def test_one_way_check():
    assert ck.check_one_way(ck.one_way_reference).passed
    assert ck.check_one_way(stub).status == "not done"
    ignores_arrows = ck.check_one_way(lambda p, a: sl.move_graph(p))
    assert ignores_arrows.status == "failed" and "stops at" in ignores_arrows.summary()
    ignores_arrows.failures[0][1].figure()

    def arrows_as_walls(puzzle, arrows):  # forgets that an arrow may be entered its own way
        walls = puzzle
        for cell in arrows:
            walls = walls.with_cell(cell, "#") if cell not in (puzzle.start, puzzle.target) else walls
        graph = sl.move_graph(walls)
        return {cell: graph.get(cell, {}) for cell in puzzle.free_cells()}

    assert ck.check_one_way(arrows_as_walls).status == "failed"
    assert "dict" in ck.check_one_way(lambda p, a: [1, 2]).summary()


def test_one_way_reference_rules():
    p = sl.Puzzle.from_text("slider\nS....\n....T\n")
    graph = ck.one_way_reference(p, {(0, 2): "right", (1, 2): "left"})
    assert graph[(0, 0)]["right"] == (0, 4)  # slides over an arrow pointing its way
    assert graph[(0, 4)]["left"] == (0, 3)  # stops in front of an arrow pointing the other way
    assert graph[(1, 4)]["left"] == (1, 0)
    assert graph[(1, 0)]["right"] == (1, 1)
    assert "down" not in graph[(0, 2)]  # cannot enter a left arrow moving down


# -- 4.3 ----------------------------------------------------------------------------------------
def test_greedy_check():
    assert ck.check_greedy(ck.greedy_is_wrong_reference).passed
    assert ck.check_greedy(stub).status == "not done"
    report = ck.check_greedy(lambda p: False)
    assert report.status == "failed" and "is wrong" in report.summary()
    report.failures[0][1].figure()
    assert ck.check_greedy(lambda p: True).status == "failed"


def test_greedy_reference_on_the_chapter_boards():
    assert ck.greedy_first_move(sl.hartmann_example()) == (5, 1)
    assert ck.greedy_is_wrong_reference(sl.hartmann_example())
    pocket = sl.Puzzle.from_text(ck.GREEDY_DEAD_END)
    assert sl.bfs_distances(sl.Puzzle(pocket.grid, ck.greedy_first_move(pocket), pocket.target)).get(pocket.target) is None
    assert not ck.greedy_is_wrong_reference(sl.Puzzle.from_text("slider\nS.T\n"))
    assert not ck.greedy_is_wrong_reference(sl.Puzzle.from_text("slider\nS.#T\n..#.\n"))  # no route at all
