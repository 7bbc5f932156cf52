"""Hostile input to Circuit Scramble (issue 9): every example of the issue is a regression test.

Allowed outcomes are a value or one PuzzleError naming the fault; never a traceback from PuLP, a
hang, or a name or number silently read as something else.
"""

from __future__ import annotations

import math
import time

import pytest

from puzzlelib import circuit as ci
from puzzlelib.core.errors import PuzzleError, SolverError

SEED = ci.Puzzle.from_text(ci.SEED_BOARD)


# -- user names never reach PuLP ----------------------------------------------------------------- #
COLLIDING = ci.Puzzle({"le_a": 0, "x": 1, "y": 1}, [("lamp", "AND", "x", "y")], ["lamp", "le_a"])
#: node names equal to the names the model gives its own variables and constraints, in another order
IMPOSTORS = ci.Puzzle({"x1": 0, "x0": 1, "lamp0": 0},
                      [("gate0_le_a", "AND", "x1", "x0"), ("x2", "OR", "gate0_le_a", "lamp0"),
                       ("gate1_le_sum", "XOR", "x2", "x1")],
                      ["gate1_le_sum", "x2"])


def test_the_issue_s_colliding_names_solve():
    solution = ci.solve(COLLIDING)
    assert solution.flips == ("le_a",) and ci.verify(COLLIDING, solution) == []
    assert len(ci.solutions(COLLIDING, limit=3)) == 1


def test_names_equal_to_the_model_s_own_names_solve():
    solution = ci.solve(IMPOSTORS)
    assert ci.verify(IMPOSTORS, solution) == [] and solution.flips == ("lamp0",)
    assert len(solution.flips) == ci.enumerate_settings(IMPOSTORS).best


def test_pulp_names_are_positions_only():
    problem, x = ci.build_model(COLLIDING)
    assert [v.name for v in x.values()] == ["x0", "x1", "x2", "x3"]
    assert {c.name for c in problem.constraints()} == {"gate0_le_a", "gate0_le_b", "gate0_ge_sum_minus_1",
                                                        "lamp0", "lamp1"}


def test_colliding_names_in_the_editor():  # the command line: tests/cases/circuit.py
    pytest.importorskip("ipywidgets")
    import matplotlib

    matplotlib.use("Agg")
    editor = ci.editor(COLLIDING)
    editor.press("Solve")
    editor.press("Check uniqueness")
    assert editor.last_error is None and editor.bugs == []


# -- the generator ------------------------------------------------------------------------------ #
def test_the_issue_s_seed_86_builds_a_valid_circuit():
    puzzle, planted = ci.planted_puzzle(2, seed=86)
    assert puzzle.lit(planted.inputs) and not puzzle.lit()
    assert ci.random_puzzle(2, seed=86) == puzzle


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 8])
def test_random_circuits_are_valid_and_wired_for_many_seeds(n):
    for lamps in sorted({1, max(1, n // 2), n}):
        for seed in range(120):
            puzzle, planted = ci.planted_puzzle(n, seed=seed, lamps=lamps)
            used = {i for g in puzzle.gates for i in g[2:]} | set(puzzle.lamps)
            dangling = [v for v in puzzle.nodes if v not in used]
            assert not dangling, f"n={n} lamps={lamps} seed={seed}: {dangling} feed nothing"
            assert puzzle.lit(planted.inputs), f"n={n} lamps={lamps} seed={seed}: the planted setting is dark"
            assert len(puzzle.lamps) == lamps


def test_random_puzzle_alone_is_a_small_circuit_that_solves_fast():
    for seed in range(10):
        puzzle = ci.random_puzzle(seed=seed)
        assert isinstance(puzzle, ci.Puzzle) and len(puzzle.switches) <= 10
        began = time.perf_counter()
        assert ci.verify(puzzle, ci.solve(puzzle)) == []
        assert time.perf_counter() - began < 5


@pytest.mark.parametrize("bad", [dict(size=0), dict(size=True), dict(size=2.0), dict(size=(2, 3)),
                                 dict(size="8"), dict(seed="1"), dict(seed=None), dict(lamps=9),
                                 dict(lamps=0), dict(max_flips=0), dict(kinds=[]), dict(kinds="AND"),
                                 dict(kinds=["FOO"]), dict(kinds=[None]), dict(kinds=["NOT"]),
                                 dict(wide=math.inf), dict(wide=math.nan), dict(reuse=-0.1),
                                 dict(size=10 ** 9)])
def test_generator_arguments_are_checked(bad):
    args = dict(size=8, seed=0) | bad
    with pytest.raises(PuzzleError):
        ci.planted_puzzle(**args)


# -- verify ------------------------------------------------------------------------------------- #
def test_verify_refuses_float_and_bool_states_instead_of_crashing():
    right = dict(ci.solve(SEED).inputs)
    for bad in (0.0, 1.0, True, False, "1", None, math.nan):
        with pytest.raises(PuzzleError, match="switch x5"):
            ci.verify(SEED, {**right, "x5": bad})
    assert ci.verify(SEED, right) == []


@pytest.mark.parametrize("bad", [None, 5, "x5=1", b"x5=1", [0, 1], (1,), 0.5, object()])
def test_verify_refuses_answers_of_the_wrong_type(bad):
    with pytest.raises(PuzzleError, match="answer"):
        ci.verify(SEED, bad)


def test_verify_refuses_a_broken_solution_object():
    with pytest.raises(PuzzleError):
        ci.verify(SEED, ci.Solution(dict(SEED.inputs), None, {}))
    with pytest.raises(PuzzleError):
        ci.verify("circuit", {})


# -- names -------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("name", [None, 5, 1.5, True, b"x", "x\n", "x y", "", "1x", "x-1", "AND", "a" * 41])
def test_bad_names_are_refused_everywhere(name):
    with pytest.raises(PuzzleError):
        ci.Puzzle({name: 0}, [], [name])
    with pytest.raises(PuzzleError):
        ci.Puzzle({"a": 0, "b": 1}, [(name, "AND", "a", "b")], "a")
    with pytest.raises(PuzzleError):
        ci.Puzzle({"a": 0, "b": 1}, [("g", "AND", "a", name)], "g")
    with pytest.raises(PuzzleError):
        ci.Puzzle({"a": 0, "b": 1}, [("g", "AND", "a", "b")], [name])


def test_none_is_not_read_as_the_name_none():
    with pytest.raises(PuzzleError, match="NoneType"):
        ci.Puzzle({"a": 0, "None": 1}, [("g", "AND", "a", None)], "g")
    with pytest.raises(PuzzleError, match="unknown kind None"):
        ci.Puzzle({"a": 0}, [("g", None, "a")], "g")


def test_a_name_with_a_newline_cannot_break_the_text_file():
    with pytest.raises(PuzzleError, match="space or a control character"):
        ci.Puzzle({"x\n": 0}, [], "x\n")
    for puzzle in (COLLIDING, IMPOSTORS, SEED):
        assert ci.Puzzle.from_text(puzzle.to_text()) == puzzle


# -- wrong types and sizes ---------------------------------------------------------------------- #
@pytest.mark.parametrize("args", [(5, 5, 5), (None, None, None), ({"a": 0}, None, "a"), ({"a": 0}, "g", "a"),
                                  ({"a": 0}, [], 5), ({"a": 0}, [], []), ({"a": 0}, [], None),
                                  ({"a": 0.0}, [], "a"), ({"a": True}, [], "a"), ({"a": "1"}, [], "a"),
                                  ({"a": 2}, [], "a"), ({"a": 0}, [("g", "AND")], "a"),
                                  ({"a": 0}, [("g", 5, "a")], "a"), ({"a": 0}, [5], "a"), ([("a", 0)], [], "a")])
def test_constructor_refuses_wrong_types(args):
    with pytest.raises(PuzzleError):
        ci.Puzzle(*args)


@pytest.mark.parametrize("text", [None, 5, b"\xff\xfe", ["circuit"], "", "circuit\nlamp: a", "9" * 40])
def test_from_text_refuses_wrong_types_and_empty_files(text):
    with pytest.raises(PuzzleError):
        ci.Puzzle.from_text(text)


def test_utf8_bytes_are_read_as_text():
    assert ci.Puzzle.from_text(ci.SEED_BOARD.encode()) == SEED


def test_huge_circuits_are_refused_at_once():
    began = time.perf_counter()
    with pytest.raises(PuzzleError, match="more than"):
        ci.Puzzle({f"s{k}": 0 for k in range(ci.MAX_NODES + 1)}, [], "s0")
    with pytest.raises(PuzzleError, match="more than"):
        ci.Puzzle({"a": 0, "b": 0}, [(f"g{k}", "AND", "a", "b") for k in range(ci.MAX_NODES)], "g0")
    assert time.perf_counter() - began < 2


def test_a_long_chain_needs_no_recursion():
    n = ci.MAX_NODES - 1
    gates = [("g1", "NOT", "s")] + [(f"g{k}", "NOT", f"g{k - 1}") for k in range(2, n + 1)]
    puzzle = ci.Puzzle({"s": 0}, gates, f"g{n}")
    assert ci.Puzzle.from_text(puzzle.to_text()) == puzzle
    lit = {"s": 1 - n % 2}
    assert ci.verify(puzzle, lit) == [] and ci.verify(puzzle, {"s": n % 2}) != []
    assert ci.solve(puzzle, time_limit=60).inputs == lit
    assert puzzle.depth()[f"g{n}"] == n


@pytest.mark.parametrize("bad", [dict(solver=5), dict(solver=["highs"]), dict(time_limit=-1),
                                 dict(time_limit=math.inf), dict(time_limit="1"), dict(time_limit=True)])
def test_solver_arguments_are_checked(bad):
    with pytest.raises(PuzzleError):
        ci.solve(SEED, **bad)


def test_an_unknown_solver_is_a_solver_error():
    with pytest.raises(SolverError):
        ci.solve(SEED, solver="gurobi")


@pytest.mark.parametrize("call", [lambda: ci.solve(None), lambda: ci.solutions("circuit"), lambda: ci.build_model(5),
                                  lambda: ci.brute_force(None), lambda: ci.enumerate_settings(SEED, max_switches="9"),
                                  lambda: ci.enumerate_settings(SEED, time_limit=math.nan),
                                  lambda: ci.solutions(SEED, limit=0), lambda: ci.solutions(SEED, limit=1.5),
                                  lambda: ci.format_solution(SEED, None), lambda: ci.format_solution(SEED, {"x1": 1}),
                                  lambda: ci.draw(SEED, {"x1": 0.5})])
def test_every_entry_point_checks_its_arguments(call):
    with pytest.raises(PuzzleError):
        call()


# -- each named rule check, with an answer that breaks it ---------------------------------------- #
@pytest.mark.parametrize("code, answer", [
    ("switch-missing", {"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 1}),
    ("not-a-switch", {"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 1, "x6": 0, "x7": 1}),
    ("state-not-bit", {"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 2, "x6": 0}),
    ("lamp-off", {"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 0, "x6": 1}),
    ("flips-wrong", ci.Solution({"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 1, "x6": 0}, ("x5",), {})),
    ("value-wrong", ci.Solution({"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 1, "x6": 0}, ("x5", "x6"), {"g7": 1})),
])
def test_every_rule_code_has_a_board_that_breaks_it(code, answer):
    codes = [fault.code for fault in ci.check_rules(SEED, answer)]
    assert codes == [code]
