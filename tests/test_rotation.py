"""engine.rotation: quarter turns of four-sided tiles, shared by Match 22 and Infinity Loop."""

import itertools

import pulp
import pytest

from puzzlelib.engine import rotation as rot
from puzzlelib.engine.solver import new_problem, solve_model


def test_a_left_turn_moves_each_side_counterclockwise():
    top, left, bottom, right = "TLBR"
    assert rot.turned((top, left, bottom, right), 1) == (right, top, left, bottom)  # the right side comes up
    assert rot.turned("TLBR", 4) == tuple("TLBR")
    assert rot.turned("TLBR", -1) == rot.turned("TLBR", 3)
    for k, j in itertools.product(range(4), repeat=2):
        assert rot.turned(rot.turned("TLBR", k), j) == rot.turned("TLBR", k + j)


def test_hartmann_index_rule():
    """Side h after j left turns shows d[(h - j) mod 4], as in (11), (12) and (14)-(17)."""
    d = (1, 4, 2, 3)
    for j in range(4):
        assert [rot.turned(d, j)[h] for h in range(4)] == [d[(h - j) % 4] for h in range(4)]


def test_codes_and_sides_agree():
    assert rot.code_sides(1) == (0, 0, 0, 1)        # 1 right
    assert rot.code_sides(2) == (1, 0, 0, 0)        # 2 up
    assert rot.code_sides(4) == (0, 1, 0, 0)        # 4 left
    assert rot.code_sides(8) == (0, 0, 1, 0)        # 8 down
    for code in range(16):
        assert rot.sides_code(rot.code_sides(code)) == code
        for k in range(-4, 8):
            assert rot.code_sides(rot.turn_code(code, k)) == rot.turned(rot.code_sides(code), k)
    assert rot.turn_code(1, 1) == 2 and rot.turn_code(3, 1) == 6 and rot.turn_code(5, 1) == 10


def test_distinct_turns_count_pictures():
    assert rot.distinct_turns(rot.code_sides(0)) == [0]
    assert rot.distinct_turns(rot.code_sides(15)) == [0]
    assert rot.distinct_turns(rot.code_sides(5)) == [0, 1]
    assert rot.distinct_turns((1, 2, 1, 2)) == [0, 1]
    assert rot.distinct_turns(rot.code_sides(3)) == [0, 1, 2, 3]
    for code in range(16):
        pictures = {rot.turn_code(code, k) for k in range(4)}
        assert len(rot.distinct_turns(rot.code_sides(code))) == len(pictures)


def test_neighbours_and_facing_sides():
    assert rot.neighbour((2, 2), rot.TOP) == (1, 2) and rot.neighbour((2, 2), rot.RIGHT) == (2, 3)
    for h in range(4):
        other = rot.neighbour((5, 5), h)
        assert rot.side_towards((5, 5), other) == h
        assert rot.side_towards(other, (5, 5)) == rot.opposite(h)
    with pytest.raises(ValueError):
        rot.side_towards((0, 0), (1, 1))


def test_turn_variables_pick_one_turn_and_side_expressions_follow():
    problem = new_problem("t")
    sides = (1, 4, 2, 3)
    x = rot.add_turn_variables(problem, [("a", "0", range(4))])
    problem += rot.side_expr(x["a"], sides, rot.TOP) == 3      # red on top: one left turn
    problem += rot.turns_expr(x["a"])
    solve_model(problem)
    assert rot.chosen_turn(x["a"]) == 1
    assert sum(v.value() for v in x["a"].values()) == pytest.approx(1)
    assert "one_turn_0" in {c.name for c in problem.constraints()}


def test_chosen_turn_of_an_unsolved_tile_raises():
    problem = new_problem("t")
    x = rot.add_turn_variables(problem, [("a", "0", [0, 1])])
    with pytest.raises(ValueError):
        rot.chosen_turn(x["a"])
    assert isinstance(rot.side_expr(x["a"], (0, 0, 0, 0), 0), pulp.LpAffineExpression)


def test_turn_variables_stop_when_the_deadline_is_spent():
    from puzzlelib.core.errors import SolverError
    from puzzlelib.engine.solver import Deadline
    spent = Deadline(0.001)
    while spent.elapsed() < 0.002:
        pass
    with pytest.raises(SolverError, match="time limit of 0.001 s"):
        rot.add_turn_variables(new_problem("t"), [("a", "0", range(4))], spent)
    assert len(rot.add_turn_variables(new_problem("t"), [("a", "0", range(4))], Deadline(None))) == 1
