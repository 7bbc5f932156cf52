"""Circuit Scramble: validation, text format, the gate inequalities, the model against enumeration
(the cases every puzzle shares, the command line and the readers' examples among them, are in
tests/cases/circuit.py)."""

from __future__ import annotations

import itertools

import pytest

from puzzlelib import circuit as ci
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.engine.solver import add_binary, new_problem


@pytest.fixture(scope="module")
def seed():
    return ci.seed_circuit()


# --------------------------------------------------------------------------------------------- #
# The chapter's circuit
# --------------------------------------------------------------------------------------------- #
def test_seed_circuit_needs_x5_and_x6(seed):
    assert not seed.lit()
    solution = ci.solve(seed)
    assert solution.flips == ("x5", "x6")
    assert solution.inputs == {"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 1, "x6": 0}
    assert solution.values["g12"] == 1 and solution.values["g8"] == 1 and solution.values["g7"] == 0
    assert ci.verify(seed, solution) == []


def test_seed_fix_is_unique_and_matches_all_64_settings(seed):
    found = ci.solutions(seed, limit=5)
    assert [s.flips for s in found] == [("x5", "x6")]
    assert ci.brute_force(seed) == found
    brute = ci.enumerate_settings(seed)
    assert brute.settings == 64 and brute.best == 2 and brute.fixes == (("x5", "x6"),)
    assert sum(brute.lit_by_flips) == sum(seed.lit(dict(zip(seed.switches, bits)))
                                          for bits in itertools.product((0, 1), repeat=6))


def test_format_solution(seed):
    text = ci.format_solution(seed, ci.solve(seed))
    assert text.splitlines() == ["flips: 2 (x5 x6)", "switches: x1=0 x2=0 x3=0 x4=1 x5=1 x6=0", "lamp: g12 on"]


# --------------------------------------------------------------------------------------------- #
# Gate inequalities admit exactly the truth tables
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind,arity", [("AND", 2), ("AND", 3), ("AND", 4), ("OR", 2), ("OR", 3), ("NAND", 2),
                                        ("NAND", 3), ("NOR", 2), ("NOR", 3), ("XOR", 2), ("XNOR", 2), ("NOT", 1)])
def test_gate_inequalities_are_exact(kind, arity):
    problem = new_problem("gate")
    y = add_binary(problem, "y")
    ins = [add_binary(problem, f"a{k}") for k in range(arity)]
    rows = ci.gate_inequalities(kind, y, ins)
    names = [name for name, _ in rows]
    assert len(set(names)) == len(names)
    for point in itertools.product((0, 1), repeat=arity + 1):
        *a, out = point
        for var, v in zip(ins, a):
            var.varValue = v
        y.varValue = out
        admitted = all(c.valid(1e-9) for _, c in rows)
        assert admitted == (out == ci.apply_gate(kind, a)), (kind, point)


def test_dropping_an_xor_inequality_lets_one_wrong_point_through():
    problem = new_problem("xor")
    y, a, b = (add_binary(problem, n) for n in "yab")
    rows = dict(ci.gate_inequalities("XOR", y, [a, b]))
    wrong = {"le_a_plus_b": (0, 0, 1), "ge_a_minus_b": (1, 0, 0), "ge_b_minus_a": (0, 1, 0),
             "le_2_minus_a_minus_b": (1, 1, 1)}
    for dropped, point in wrong.items():
        kept = [c for name, c in rows.items() if name != dropped]
        admitted = []
        for va, vb, vy in itertools.product((0, 1), repeat=3):
            a.varValue, b.varValue, y.varValue = va, vb, vy
            if all(c.valid() for c in kept):
                admitted.append((va, vb, vy))
        assert len(admitted) == 5 and point in admitted


# --------------------------------------------------------------------------------------------- #
# Random circuits with a planted fix
# --------------------------------------------------------------------------------------------- #
def test_restricted_kinds_and_wide_gates():
    for seed in range(30):
        puzzle, planted = ci.planted_puzzle(6, seed=seed, kinds=["NAND"], wide=0.5)
        assert {g[1] for g in puzzle.gates} <= {"NAND", "AND", "NOT"}
        assert puzzle.lit(planted.inputs)
        assert len(ci.solve(puzzle).flips) == ci.enumerate_settings(puzzle).best


def test_larger_circuits_stay_within_the_planted_flips():
    for seed in range(6):
        puzzle, planted = ci.planted_puzzle(30, seed=seed, max_flips=4)
        solution = ci.solve(puzzle)
        assert ci.verify(puzzle, solution) == []
        assert len(solution.flips) <= len(planted.flips)


def test_random_puzzle_is_reproducible():
    assert ci.planted_puzzle(10, seed=3) == ci.planted_puzzle(10, seed=3)
    assert ci.planted_puzzle(10, seed=3)[0] != ci.planted_puzzle(10, seed=4)[0]


@pytest.mark.parametrize("seed_", range(4))
def test_cbc_agrees_with_highs(seed_):
    puzzle, _ = ci.planted_puzzle(8, seed=seed_, lamps=1 + seed_ % 2)
    assert len(ci.solve(puzzle, solver="cbc").flips) == len(ci.solve(puzzle).flips)


def test_cbc_on_the_seed(seed):
    assert ci.solve(seed, solver="cbc").flips == ("x5", "x6")
    assert len(ci.solutions(seed, limit=3, solver="cbc")) == 1


# --------------------------------------------------------------------------------------------- #
# No solution
# --------------------------------------------------------------------------------------------- #
def test_a_lamp_that_can_never_light():
    puzzle = ci.Puzzle({"a": 0, "b": 1}, [("n", "NOT", "a"), ("z", "AND", "a", "n")], "z")
    with pytest.raises(NoSolution) as info:
        ci.solve(puzzle)
    assert "lamp z is off for every setting" in str(info.value)
    assert ci.solutions(puzzle) == []
    assert ci.brute_force(puzzle) == [] and ci.enumerate_settings(puzzle).best is None


def test_two_lamps_that_cannot_light_together():
    puzzle = ci.Puzzle({"a": 0}, [("n", "NOT", "a")], ["a", "n"])
    with pytest.raises(NoSolution) as info:
        ci.solve(puzzle)
    assert info.value.reason == "each of the lamps a, n can light, but no setting lights them all at once"


def test_already_lit_needs_no_flip():
    puzzle = ci.Puzzle({"a": 1, "b": 1}, [("g", "AND", "a", "b")], "g")
    solution = ci.solve(puzzle)
    assert solution.flips == () and ci.format_solution(puzzle, solution).startswith("flips: 0 (none)")


def test_lamp_on_a_switch_and_repeated_inputs():
    puzzle = ci.Puzzle({"a": 0, "b": 0}, [("g", "NAND", "a", "a")], ["b", "g"])
    assert ci.solve(puzzle).flips == ("b",)


# --------------------------------------------------------------------------------------------- #
# The verifier
# --------------------------------------------------------------------------------------------- #
def test_verify_good_and_bad_answers(seed):
    good = {"x1": 0, "x2": 0, "x3": 0, "x4": 1, "x5": 1, "x6": 0}
    assert ci.verify(seed, good) == []
    assert ci.verify(seed, {**good, "x6": 1}) == ["lamp g12 is off (g12 = AND of g10=1, g11=0)"]
    assert ci.verify(seed, {k: v for k, v in good.items() if k != "x3"}) == ["switch x3 is missing from the answer"]
    assert ci.verify(seed, {**good, "y": 1}) == ["y is not a switch of the circuit"]
    assert ci.verify(seed, {**good, "x1": 2}) == ["switch x1 is 2, not 0 or 1"]
    with pytest.raises(PuzzleError, match="expected a Solution or a mapping"):
        ci.verify(seed, [0, 1])
    wrong_flips = ci.Solution(good, ("x5",), seed.evaluate(good))
    assert ci.verify(seed, wrong_flips) == ["the flips listed (x5) are not the switches moved (x5, x6)"]
    wrong_value = ci.Solution(good, ("x5", "x6"), {**seed.evaluate(good), "g7": 1})
    assert ci.verify(seed, wrong_value) == ["node g7 is given as 1, but the circuit makes it 0"]
    lamp_switch = ci.Puzzle({"a": 0}, [], "a")
    assert ci.verify(lamp_switch, {"a": 0}) == ["lamp a is off (it is a switch left off)"]


# --------------------------------------------------------------------------------------------- #
# Bad circuits: every PuzzleError names its fault
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("inputs,gates,output,message", [
    ({}, [], "a", "at least one switch"),
    ({"a": 2}, [], "a", "switch a: start state: 2 is above the largest allowed value 1"),
    ({"a": 0.0}, [], "a", "switch a: start state: expected a whole number, got float 0.0"),
    ({"a b": 0}, [], "a", "switch #1: the name 'a b' contains a space"),
    ({"AND": 0}, [], "AND", "switch 'AND'"),
    ({"a": 0}, [("g", "MAYBE", "a")], "g", "gate g: unknown kind 'MAYBE'"),
    ({"a": 0}, [("g", "AND", "a")], "g", "gate g: AND needs at least 2 inputs, has 1"),
    ({"a": 0, "b": 0}, [("g", "NOT", "a", "b")], "g", "gate g: NOT needs exactly 1 input, has 2"),
    ({"a": 0, "b": 0, "c": 0}, [("g", "XOR", "a", "b", "c")], "g", "gate g: XOR needs exactly 2 inputs, has 3"),
    ({"a": 0, "b": 0}, [("g", "AND", "a", "zz")], "g", "gate g: input 'zz' is neither a switch nor a gate"),
    ({"a": 0, "b": 0}, [("a", "AND", "a", "b")], "a", "gate a: node a is defined twice (it is already a switch)"),
    ({"a": 0, "b": 0}, [("g", "AND", "a", "b"), ("g", "OR", "a", "b")], "g",
     "gate g: node g is defined twice (it is already gate #1)"),
    ({"a": 0, "b": 0}, [("g", "AND", "a", "g")], "g", "gate g: is wired into itself"),
    ({"a": 0}, [("g", "AND", "a", "h"), ("h", "OR", "a", "g")], "g", "is part of a loop"),
    ({"a": 0}, [("g", "NOT", "a")], "h", "lamp 'h': is neither a switch nor a gate"),
    ({"a": 0}, [("g", "NOT", "a")], [], "at least one lamp"),
    ({"a": 0}, [("g", "NOT", "a")], ["g", "g"], "named twice"),
    ({"a": 0}, ["g = NOT a"], "g", "gate #1: write a gate as (out, kind, in1, ...)"),
    ({"a": 0}, [("1g", "NOT", "a")], "1g", "gate #1: '1g' is not a valid node name"),
])
def test_bad_circuits(inputs, gates, output, message):
    with pytest.raises(PuzzleError) as info:
        ci.Puzzle(inputs, gates, output)
    assert message in str(info.value)


def test_loop_message_names_the_gates():
    with pytest.raises(PuzzleError) as info:
        ci.Puzzle({"a": 0}, [("g1", "AND", "a", "g3"), ("g2", "OR", "a", "g1"), ("g3", "NOT", "g2")], "g3")
    assert "g1 -> g2 -> g3 -> g1" in str(info.value) or "loop" in str(info.value)


# --------------------------------------------------------------------------------------------- #
# Text format
# --------------------------------------------------------------------------------------------- #
def test_text_round_trip(seed):
    assert ci.Puzzle.from_text(seed.to_text()) == seed
    for k in range(20):
        puzzle, _ = ci.planted_puzzle(4 + k % 8, seed=k, lamps=1 + k % 3)
        assert ci.Puzzle.from_text(puzzle.to_text()) == puzzle


def test_text_is_lenient_about_case_comments_and_order():
    text = "# a comment\nCircuit\nlamp: g\ng = and a b\nswitches: a=1\nswitches: b=0\n"
    puzzle = ci.Puzzle.from_text(text)
    assert puzzle.inputs == {"a": 1, "b": 0} and puzzle.gates == (("g", "AND", "a", "b"),) and puzzle.output == "g"


# --------------------------------------------------------------------------------------------- #
# The model's names, the relaxation, and drawing
# --------------------------------------------------------------------------------------------- #
def test_model_names_come_from_positions_and_read_like_the_formulas(seed):
    problem, x = ci.build_model(seed)
    names = {c.name for c in problem.constraints()}
    # gate0 is g7 (AND x1 x2), gate1 is g8 (XOR), gate3 is g10 (OR), gate4 is g11 (NOT)
    assert {"gate0_le_a", "gate0_le_b", "gate0_ge_sum_minus_1", "gate1_le_2_minus_a_minus_b",
            "gate4_eq_1_minus_a", "gate3_le_sum", "lamp0"} <= names
    assert set(x) == set(seed.nodes) and x["g12"].name == "x11" and x["x1"].name == "x0"
    problem, _ = ci.build_model(seed, drop=["g8_le_a_plus_b"], lamps=False, objective=False)
    names = {c.name for c in problem.constraints()}
    assert "gate1_le_a_plus_b" not in names and "gate1_ge_a_minus_b" in names and "lamp0" not in names


def test_lp_relaxation_is_a_lower_bound(seed):
    from puzzlelib.engine.solver import solve_model

    problem, _ = ci.build_model(seed)
    bound = solve_model(problem, relax=True)
    assert 0 <= bound <= 2 + 1e-6


def test_enumeration_limits(seed):
    puzzle, _ = ci.planted_puzzle(26, seed=0)
    with pytest.raises(PuzzleError):
        ci.enumerate_settings(puzzle, max_switches=24)
    with pytest.raises(PuzzleError):
        ci.brute_force(puzzle)
    assert ci.enumerate_settings(ci.planted_puzzle(20, seed=0)[0], time_limit=0.0) is None


def test_draw_returns_figures(seed):
    import matplotlib

    matplotlib.use("Agg")
    fig = ci.draw(seed)
    assert len(fig.axes) == 1
    fig = ci.draw(seed, ci.solve(seed), title="fix")
    assert len(fig.axes) == 2
    for lamps in (1, 2, 3):
        puzzle, planted = ci.planted_puzzle(12, seed=lamps, lamps=lamps)
        ci.draw(puzzle, planted).canvas.draw()
    pos = ci.layout(seed)
    assert pos["x1"][1] == 0 and pos["g12"][1] == 4 and pos["x1"][0] < pos["x6"][0]


# --------------------------------------------------------------------------------------------- #
# Any well-formed circuit (hypothesis): the IP agrees with trying every setting
# --------------------------------------------------------------------------------------------- #
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@st.composite
def circuits(draw):
    n = draw(st.integers(1, 5))
    inputs = {f"s{i}": draw(st.integers(0, 1)) for i in range(n)}
    nodes = list(inputs)
    gates = []
    for k in range(draw(st.integers(0, 7))):
        kind = draw(st.sampled_from(ci.KINDS))
        low, high = ci.ARITY[kind]
        arity = draw(st.integers(low, high or 3))
        ins = [draw(st.sampled_from(nodes)) for _ in range(arity)]  # repeats allowed
        gates.append((f"g{k}", kind, *ins))
        nodes.append(f"g{k}")
    lamps = draw(st.lists(st.sampled_from(nodes), min_size=1, max_size=2, unique=True))
    return ci.Puzzle(inputs, gates, lamps)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(circuits())
def test_any_circuit_matches_enumeration(puzzle):
    assert ci.Puzzle.from_text(puzzle.to_text()) == puzzle
    brute = ci.enumerate_settings(puzzle)
    if brute.best is None:
        with pytest.raises(NoSolution):
            ci.solve(puzzle)
        return
    found = ci.solutions(puzzle, limit=len(brute.fixes) + 1)
    assert sorted(s.flips for s in found) == sorted(brute.fixes)
    for solution in found:
        assert ci.verify(puzzle, solution) == []
