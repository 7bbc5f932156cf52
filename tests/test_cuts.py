"""Gomory cuts of chapter 10: each one removes its LP point and no integral point; the bound only rises."""

from __future__ import annotations

import itertools
import random

import pulp
import pytest

from puzzlelib import aquarium, thermometer
from puzzlelib.engine import add_binary, new_problem
from puzzlelib.inside_solver.cuts import Cut, cutting_planes
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.engine.solver import solve_model


def weighted(problem, variables, seed):
    rng = random.Random(seed)
    problem.setObjective(pulp.lpSum(rng.randint(-9, 9) * v for v in variables))
    return problem


def check_rounds(history, integral_points, sense=pulp.LpMinimize):
    for before, after in zip(history, history[1:]):
        assert before.cuts
        assert sense * (after.bound - before.bound) >= -1e-6  # cuts never loosen the bound
    for rnd in history:
        for cut in rnd.cuts:
            assert not cut.holds(rnd.point), f"round {rnd.number}: {cut} keeps the LP point"
            for point in integral_points:
                assert cut.holds(point), f"round {rnd.number}: {cut} removes an integral point"


@pytest.mark.parametrize("seed", range(25))
def test_thermometer_cuts_are_valid(seed):
    puzzle = thermometer.random_puzzle(5 + seed % 2, seed=seed)
    problem, x = thermometer.build_model(puzzle)
    weighted(problem, list(x.values()), seed)
    history = cutting_planes(problem, rounds=6)
    points = [{x[cell].name: s.grid[cell[0]][cell[1]] for cell in x} for s in thermometer.solutions(puzzle, limit=500)]
    check_rounds(history, points)
    if not history[-1].fractional:  # the cuts closed the gap: the LP optimum is the integer optimum
        assert history[-1].bound == pytest.approx(solve_model(problem), abs=1e-6)


@pytest.mark.parametrize("seed", range(10))
def test_aquarium_cuts_cut_their_point_and_stay_below_the_optimum(seed):
    puzzle = aquarium.random_puzzle(4, seed=seed)
    problem, x = aquarium.build_model(puzzle)
    binaries = sorted({v for v in problem.variables() if v.cat == pulp.LpInteger}, key=lambda v: v.name)
    weighted(problem, binaries, seed)
    history = cutting_planes(problem, rounds=4)
    found = aquarium.solutions(puzzle, limit=500)
    assert found
    check_rounds(history, [], pulp.LpMinimize)
    assert history[-1].bound <= solve_model(problem) + 1e-6


@pytest.mark.parametrize("seed", range(15))
def test_knapsack_cuts_remove_no_integral_point(seed):
    rng = random.Random(seed)
    problem = new_problem("knapsack", pulp.LpMaximize)
    y = [add_binary(problem, f"y_{k}") for k in range(10)]
    weights = [rng.randint(3, 30) for _ in y]
    problem += pulp.lpSum(rng.randint(1, 40) * v for v in y)
    capacity = sum(weights) // 3
    problem += pulp.lpSum(w * v for w, v in zip(weights, y)) <= capacity, "capacity"
    points = [{f"y_{k}": bit for k, bit in enumerate(bits)} for bits in itertools.product((0, 1), repeat=10)
              if sum(w * b for w, b in zip(weights, bits)) <= capacity]
    history = cutting_planes(problem, rounds=5)
    check_rounds(history, points, pulp.LpMaximize)
    assert history[-1].bound >= solve_model(problem) - 1e-6


def test_cut_text_and_bad_arguments():
    cut = Cut({"a": 1.0, "b": -0.5}, 0.25, "a")
    assert str(cut) == "1 a - 0.5 b >= 0.25"
    assert cut.holds({"a": 1, "b": 1}) and not cut.holds({"a": 0, "b": 1})
    problem = new_problem("p")
    a = add_binary(problem, "a")
    problem += a >= 0, "trivial"
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(PuzzleError):
            cutting_planes(problem, rounds=bad)
    problem += 2 * a == 3, "impossible"
    with pytest.raises(NoSolution):
        cutting_planes(problem)
