"""Chapter 12's library: LPs read exactly from PuLP, Farkas certificates from HiGHS that the
solver-free check accepts (and wrong weights it refuses), the dual written out with strong duality
on random LPs, and Slider's potentials with complementary slackness."""

from __future__ import annotations

import random
from fractions import Fraction

import pulp
import pytest

from puzzlelib import aquarium as aq
from puzzlelib import circuit as ci
from puzzlelib import slider as sl
from puzzlelib import thermometer as th
from puzzlelib.core.errors import PuzzleError
from puzzlelib.duality import (as_lp, check_certificate, combine, dual_objective_at, dual_problem, farkas_certificate,
                               objective_at, potentials, reduced_costs, slackness, slider_lp, solve_lp, tight_arcs)
from puzzlelib.duality.checks import CERTIFICATE_BOARDS, certificate_board, primal_lp, random_lp
from puzzlelib.duality.drawing import anchor, draw_certificate, draw_potentials
from puzzlelib.engine import add_continuous, new_problem, solve_model

STAIRS = "thermometer\n  2 1 0\n1 A B C\n2 a b c\n0 a b c\n"


def stairs_lp():
    return as_lp(th.build_model(th.Puzzle.from_text(STAIRS))[0])


def test_lp_reads_rows_exactly():
    lp = stairs_lp()
    assert lp.names[:3] == ["row_count_0", "row_count_1", "row_count_2"]
    assert lp.row("fill_A_1").text() == "x_0_0 - x_1_0 >= 0" and lp.row("row_count_1").rhs == 2
    assert lp.upper["x_0_0"] == 1 and lp.lower["x_0_0"] == 0 and len(lp.integer) == 9  # kept, not used
    with pytest.raises(PuzzleError):
        lp.row("nothing")


def test_hand_certificate_reads_zero_at_least_one():
    lp = stairs_lp()
    weights = {"row_count_1": 1, "row_count_0": -1, "fill_A_1": 1, "fill_B_1": 1, "fill_C_1": 1}
    verdict = check_certificate(lp, weights)
    assert verdict.valid and verdict.certificate.combined == {} and verdict.certificate.gap == 1
    assert "total: 0 >= 1" in verdict.certificate.text(lp)


@pytest.mark.parametrize("weights, code", [
    ({"row_count_1": 1, "row_count_0": -1, "fill_A_1": -1}, "wrong-sign"),
    ({"row_1": 1}, "unknown-rule"),
    ({"row_count_1": "one"}, "not-a-number"),
    ({"row_count_1": 0}, "no-weights"),
    ({"row_count_1": 1, "row_count_0": -1}, "no-contradiction"),
    ([1, 2], "not-a-dict"),
])
def test_check_certificate_names_the_fault(weights, code):
    verdict = check_certificate(stairs_lp(), weights)
    assert not verdict.valid and verdict.codes[0] == code


@pytest.mark.parametrize("method", ["ray", "smallest"])
def test_certificates_from_highs_pass_the_exact_check(method):
    boards = [STAIRS, *CERTIFICATE_BOARDS.values()]
    for seed in range(40):  # random boards with two row counts moved by one, totals kept
        p = th.random_puzzle(5, seed=seed)
        rows = list(p.rows)
        i, k = random.Random(seed).sample(range(5), 2)
        if rows[i] < 5 and rows[k] > 0:
            rows[i], rows[k] = rows[i] + 1, rows[k] - 1
            boards.append(th.Puzzle(rows, p.cols, p.thermometers).to_text())
    found = 0
    for text in boards:
        puzzle = th.Puzzle.from_text(text)
        lp = as_lp(th.build_model(puzzle)[0])
        certificate = farkas_certificate(lp, method)
        has_filling = bool(th.brute_force(puzzle, limit=1))
        if certificate is None:
            assert solve_lp(lp).status == "optimal"
            continue
        found += 1
        assert not has_filling  # a certificate proves that no filling exists
        assert check_certificate(lp, certificate.weights).valid and certificate.gap == 1
    assert found >= 10


def test_smallest_certificate_of_the_stairs_uses_no_bound():
    certificate = farkas_certificate(stairs_lp(), "smallest")
    assert certificate.bounds == {} and certificate.combined == {}


def test_feasible_lp_has_no_certificate_even_when_the_board_is_impossible():
    # one tank two cells wide in a row that wants one wet cell: the LP puts half a unit in each
    board = aq.Puzzle.from_text("aquarium\n  1 1\n1 a a\n1 b b\n")
    assert not aq.brute_force(board)
    problem = aq.build_model(board)[0]
    assert farkas_certificate(problem) is None and solve_lp(problem).x == {f"x_{r}_{c}": 0.5 for r in (0, 1) for c in (0, 1)}


def test_integral_and_scaled_certificates_agree():
    lp = stairs_lp()
    cert = combine(lp, {"row_count_1": Fraction(1, 2), "row_count_0": Fraction(-1, 2), "fill_A_1": Fraction(1, 2),
                        "fill_B_1": Fraction(1, 2), "fill_C_1": Fraction(1, 2)})
    assert cert.gap == Fraction(1, 2) and cert.scaled(lp).gap == 1 and cert.integral(lp).weights["row_count_1"] == 1


def random_primal(seed):
    c, A, b = random_lp(seed)
    problem = new_problem("primal")
    x = [add_continuous(problem, f"x{j}", 0) for j in range(len(c))]
    problem += pulp.lpSum(cj * xj for cj, xj in zip(c, x))
    for i, row in enumerate(A):
        problem += pulp.lpSum(a * xj for a, xj in zip(row, x)) >= b[i], f"row{i}"
    return problem


@pytest.mark.parametrize("seed", range(8))
def test_strong_duality_on_random_lps(seed):
    primal = random_primal(seed)
    value = solve_model(primal)
    dual, y = dual_problem(primal)
    assert dual.sense == pulp.LpMaximize and abs(solve_model(dual) - value) < 1e-6
    ours = solve_lp(primal)
    assert abs(ours.value - value) < 1e-6
    duals = {name: Fraction(v).limit_denominator(1000) for name, v in ours.duals.items()}
    x = {name: Fraction(v).limit_denominator(1000) for name, v in ours.x.items()}
    assert dual_objective_at(primal, duals) == objective_at(primal, x)  # strong duality, exactly
    assert all(d >= 0 for d in reduced_costs(primal, duals).values())  # HiGHS's duals are dual feasible
    assert slackness(primal, x, duals) == []


def test_dual_of_a_maximisation_and_of_bounded_columns():
    problem = new_problem("max", pulp.LpMaximize)
    x = add_continuous(problem, "x", 0, 3)
    z = add_continuous(problem, "z", 1, None)
    problem += 2 * x - z
    problem += x + z <= 5, "cap"
    problem += x - z >= -4, "gap"
    value = solve_model(problem)
    dual, _ = dual_problem(problem)
    assert dual.sense == pulp.LpMinimize and abs(solve_model(dual) - value) < 1e-6


def test_primal_data_and_statuses():
    assert solve_lp(primal_lp([1, 1], [[1, 1], [-1, -1]], [2, -1])).status == "infeasible"
    assert solve_lp(primal_lp([-1, 1], [[1, -1], [0, 1]], [1, 0])).status == "unbounded"


def test_slider_potentials_are_a_dual_optimum():
    for puzzle in [sl.Puzzle.from_text(sl.SEED_BOARD)] + [sl.random_puzzle(7, seed=s) for s in range(6)]:
        pi = potentials(puzzle)
        moves = len(sl.bfs_path(puzzle)) - 1
        assert pi[puzzle.start] == 0 and pi[puzzle.target] == moves
        assert all(pi[v] - pi[u] <= 1 for u, v in sl.arcs(puzzle) if u in pi and v in pi)
        tight = set(tight_arcs(puzzle, pi))
        route = sl.bfs_path(puzzle)
        assert all(arc in tight for arc in zip(route, route[1:]))  # complementary slackness


def test_slider_lp_has_no_upper_bounds_and_an_integral_optimum():
    lp = slider_lp(sl.Puzzle.from_text(sl.SEED_BOARD))
    assert all(u is None for u in lp.upper.values())
    solution = solve_lp(lp)
    assert solution.value == 3 and all(abs(v - round(v)) < 1e-9 for v in solution.x.values())


def test_circuit_lp_bound_is_below_the_fewest_flips():
    for seed in range(5):
        puzzle = ci.random_puzzle(6, seed=seed)
        problem, _ = ci.build_model(puzzle)
        flips = solve_model(problem)
        lp_value = solve_lp(problem).value
        dual, _ = dual_problem(problem)
        assert lp_value <= flips + 1e-9 and abs(solve_model(dual) - lp_value) < 1e-6


def test_anchors_and_drawings():
    puzzle, lp = certificate_board("B")
    assert anchor(puzzle, "row_count_1") == (3.0, 1) and anchor(puzzle, "fill_A_1") == (0.0, 0.5)
    assert anchor(puzzle, "no_such_rule") is None
    figure = draw_certificate(puzzle, farkas_certificate(lp))
    assert len(figure.axes[0].texts) > 5
    board = sl.Puzzle.from_text(sl.SEED_BOARD)
    pi = potentials(board)
    assert draw_potentials(board, pi, sl.bfs_path(board), tight_arcs(board, pi)) is not None
