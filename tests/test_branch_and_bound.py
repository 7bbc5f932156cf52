"""The teaching branch and bound of chapter 10 agrees with HiGHS, and its tree is consistent."""

from __future__ import annotations

import random

import pulp
import pytest

from puzzlelib import aquarium, binairo, circuit, sudoku, thermometer
from puzzlelib.engine import add_binary, add_integer, new_problem
from puzzlelib.inside_solver.branch_and_bound import REASONS, branch_and_bound, highs_mip, most_fractional
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.engine.solver import solve_model


def with_random_objective(problem, variables, rng):
    """A feasibility puzzle made an optimisation: random weights on its cell binaries."""
    binaries = [v for v in variables if v.cat == pulp.LpInteger]
    problem.setObjective(pulp.lpSum(rng.randint(-9, 9) * v for v in binaries))
    return problem


def cell_binaries(x):
    """The PuLP variables in a puzzle's variable dict (values may be nested dicts)."""
    out, stack = [], [x]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, pulp.LpVariable):
            out.append(item)
    return sorted(set(out), key=lambda v: v.name)


def knapsack(seed: int, n: int = 12, integer: bool = False):
    rng = random.Random(seed)
    problem = new_problem("knapsack", pulp.LpMaximize)
    items = [add_integer(problem, f"y_{k}", 0, 3) if integer else add_binary(problem, f"y_{k}") for k in range(n)]
    weights = [rng.randint(3, 30) for _ in items]
    problem += pulp.lpSum(rng.randint(1, 40) * y for y in items)
    problem += pulp.lpSum(w * y for w, y in zip(weights, items)) <= sum(weights) // 3, "capacity"
    return problem


def puzzle_models():
    """(name, problem) for the random boards the test compares: 170 puzzles and 40 knapsacks."""
    makers = [
        (thermometer, 60, lambda s: thermometer.random_puzzle(5 + s % 2, seed=s)),
        (aquarium, 40, lambda s: aquarium.random_puzzle(5, seed=s)),
        (sudoku, 30, lambda s: sudoku.random_puzzle(4, seed=s)),
        (circuit, 25, lambda s: circuit.random_puzzle(6, seed=s)),
        (binairo, 15, lambda s: binairo.random_puzzle(4, seed=s)),
    ]
    for module, count, make in makers:
        for seed in range(count):
            problem, x = module.build_model(make(seed))
            yield f"{module.KIND} {seed}", with_random_objective(problem, cell_binaries(x), random.Random(seed))
    for seed in range(40):
        yield f"knapsack {seed}", knapsack(seed, integer=seed % 2 == 1)


def test_agrees_with_highs_on_210_random_models():
    agree, total = 0, 0
    for name, problem in puzzle_models():
        ours = branch_and_bound(problem)
        assert ours.status in ("optimal", "infeasible"), name
        try:
            theirs = solve_model(problem)
        except NoSolution:
            theirs = None
        total += 1
        if theirs is None:
            assert ours.value is None, name
        else:
            assert ours.value == pytest.approx(theirs, abs=1e-6), name
        agree += 1
    assert total == agree >= 200


def test_incumbent_is_feasible_and_integral():
    problem, x = thermometer.build_model(thermometer.random_puzzle(6, seed=3))
    with_random_objective(problem, list(x.values()), random.Random(3))
    result = branch_and_bound(problem)
    assert result.solution is not None
    grid = [[round(result.solution[x[i, j].name]) for j in range(6)] for i in range(6)]
    assert thermometer.verify(thermometer.random_puzzle(6, seed=3), grid) == []
    assert result.bound == result.value


def test_tree_is_consistent():
    problem = knapsack(7, n=16)
    result = branch_and_bound(problem)
    nodes = result.nodes
    assert nodes[0].parent is None and nodes[0].decisions == ()
    assert all(node.status in REASONS for node in nodes)
    for node in nodes[1:]:
        parent = nodes[node.parent]
        assert parent.branch_var is not None
        assert node.decisions[:-1] == parent.decisions and node.depth == parent.depth + 1
        assert node.decisions[-1][0] == parent.branch_var
        if node.value is not None:  # a child's LP value is never better than its parent's (maximising)
            assert node.value <= parent.value + 1e-6
    branched = [n for n in nodes if n.branch_var is not None]
    assert len(nodes) == 1 + 2 * len(branched)
    assert result.incumbents[-1][1] == result.value
    assert all(a[1] < b[1] for a, b in zip(result.incumbents, result.incumbents[1:]))


def test_feasibility_model_stops_at_first_integral_node_and_all_optima_counts_every_solution():
    puzzle = thermometer.random_puzzle(4, seed=5)
    for seed in range(30):
        puzzle = thermometer.random_puzzle(4, seed=seed)
        if len(thermometer.solutions(puzzle, limit=10)) > 1:
            break
    problem, _ = thermometer.build_model(puzzle)
    first = branch_and_bound(problem)
    assert first.value == 0 and sum(n.status == "integral" for n in first.nodes) == 1
    assert first.nodes[-1].status in ("integral", "bound") or len(first.nodes) == 1
    every = branch_and_bound(problem, all_optima=True)
    found = {tuple(sorted(point.items())) for point in every.optima}
    truth = thermometer.solutions(puzzle, limit=50)
    assert len(found) == len(every.optima) == len(truth) > 1


def test_infeasible_model_gives_none():
    problem = new_problem("odd")
    a, b = add_binary(problem, "a"), add_binary(problem, "b")
    problem += 2 * a + 2 * b == 3, "odd"
    result = branch_and_bound(problem)
    assert result.value is None and result.status == "infeasible"
    assert {n.status for n in result.nodes} == {"branched", "infeasible"}


def test_node_limit_leaves_nodes_open_with_a_bound():
    problem = knapsack(11, n=30)
    full = branch_and_bound(problem)
    capped = branch_and_bound(problem, node_limit=5)
    assert capped.status == "node limit" and capped.solved == 5
    assert any(n.status == "limit" for n in capped.nodes)
    assert capped.bound >= full.value - 1e-6  # an upper bound when maximising
    assert capped.value is None or capped.value <= full.value + 1e-6


def test_branch_rule_is_used_and_checked():
    problem = knapsack(4, n=14)
    seen = []

    def first(candidates):
        seen.append(dict(candidates))
        return next(iter(candidates))

    assert branch_and_bound(problem, branch=first).value == pytest.approx(branch_and_bound(problem).value)
    assert seen and all(0 < v % 1 < 1 for c in seen for v in c.values())
    with pytest.raises(PuzzleError, match="not one of the fractional"):
        branch_and_bound(problem, branch=lambda c: "nonsense")
    assert most_fractional({"a": 0.9, "b": 0.45, "c": 0.55}) == "b"


def test_problem_is_left_unchanged_and_bad_input_refused():
    problem = knapsack(2)
    before = [(v.name, v.lowBound, v.upBound, v.cat) for v in problem.variables()]
    branch_and_bound(problem)
    assert [(v.name, v.lowBound, v.upBound, v.cat) for v in problem.variables()] == before
    with pytest.raises(PuzzleError):
        branch_and_bound("not a problem")
    for bad in (0, -1, 2.5, True, "3"):
        with pytest.raises(PuzzleError):
            branch_and_bound(problem, node_limit=bad)
    with pytest.raises(PuzzleError, match="branch"):
        branch_and_bound(problem, branch="most")
    with pytest.raises(PuzzleError, match="all_optima"):
        branch_and_bound(problem, all_optima="yes")


def test_highs_mip_agrees_and_counts_nodes():
    problem = knapsack(9, n=20)
    ours = branch_and_bound(problem)
    for presolve in (True, False):
        run = highs_mip(problem, presolve=presolve, heuristics=presolve)
        assert run.status == "optimal" and run.value == pytest.approx(ours.value) and run.nodes >= 0


def test_draw_marks_every_reason():
    result = branch_and_bound(knapsack(7, n=16), node_limit=9)
    fig = result.draw()
    texts = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert set(texts) == {REASONS[n.status] for n in result.nodes}
    big = branch_and_bound(knapsack(3, n=24))
    assert big.draw(labels=False).axes


def test_lp_point_is_the_root_of_the_tree_even_when_the_lp_has_many_optima():
    """Chapter 10 draws chapter 1's LP point with lp_point: on a board without objective every point is
    optimal, and solve_model returns another one; lp_point's is the point the search starts from."""
    from puzzlelib.inside_solver.branch_and_bound import lp_point

    problem, x = thermometer.build_model(thermometer.Puzzle.from_text(thermometer.SEED_BOARD))
    value, point = lp_point(problem)
    fractional = {k: v for k, v in point.items() if 1e-6 < v % 1 < 1 - 1e-6}
    root = branch_and_bound(problem).nodes[0]
    assert value == 0 and root.fractional == len(fractional) and root.branch_var == most_fractional(fractional)
    first = root.branch_var
    down_value, down_point = lp_point(problem, ((first, "<=", 0),))
    assert down_value == 0 and down_point[first] == 0
    problem += x[0, 0] + x[0, 1] >= 3, "impossible"
    assert lp_point(problem) == (None, None)
