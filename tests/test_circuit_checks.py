"""The exercise checks of chapter 2: right answers pass, broken ones fail with a reason, stubs are 'not done'."""

from __future__ import annotations

import itertools

import matplotlib
import pulp
import pytest

matplotlib.use("Agg")

from puzzlelib import circuit as ci  # noqa: E402
from puzzlelib.circuit import checks as chk  # noqa: E402
from puzzlelib.engine.solver import add_binary, new_problem  # noqa: E402


# -- right answers, written the way a student would ------------------------------------------- #
def gate_rows(kind, y, ins):
    if kind == "IMPLIES":
        a, b = ins
        return [y >= 1 - a, y >= b, y <= 1 - a + b]
    k = len(ins)
    m = (k + 1) // 2  # MAJORITY: on when at least m inputs are on
    total = pulp.lpSum(ins)
    return [total >= m * y, total <= (m - 1) + (k - m + 1) * y]


def xor_rows(y, a, b):
    return [y <= a + b, y >= a - b, y >= b - a, y <= 2 - a - b]


def build_model(puzzle, stuck=()):
    problem = new_problem("student")
    x = {v: add_binary(problem, v) for v in puzzle.nodes}
    for out, kind, *ins in puzzle.gates:
        y, xs = x[out], [x[i] for i in ins]
        if kind == "AND":
            rows = [y <= a for a in xs] + [y >= pulp.lpSum(xs) - (len(xs) - 1)]
        elif kind == "OR":
            rows = [y >= a for a in xs] + [y <= pulp.lpSum(xs)]
        elif kind == "XOR":
            rows = xor_rows(y, *xs)
        else:
            rows = [y == 1 - xs[0]]
        for row in rows:
            problem += row
    for lamp in puzzle.lamps:
        problem += x[lamp] == 1
    for s in stuck:
        problem += x[s] == puzzle.inputs[s]
    problem += pulp.lpSum(x[s] if v == 0 else 1 - x[s] for s, v in puzzle.inputs.items())
    return problem, x


def to_nand(puzzle):
    gates, fresh = [], iter(range(10 ** 6))

    def nand(*ins):
        name = f"n{next(fresh)}"
        gates.append((name, "NAND", *ins))
        return name

    def not_(a):
        return nand(a, a)

    def and_(ins):
        return not_(nand(*ins))

    def or_(ins):
        return nand(*[not_(a) for a in ins])

    def xor(a, b):
        m = nand(a, b)
        return nand(nand(a, m), nand(b, m))

    out_of = {s: s for s in puzzle.inputs}
    for out, kind, *ins in puzzle.order():
        ins = [out_of[i] for i in ins]
        out_of[out] = {"AND": lambda: and_(ins), "OR": lambda: or_(ins), "NAND": lambda: nand(*ins),
                       "NOR": lambda: not_(or_(ins)), "XOR": lambda: xor(*ins),
                       "XNOR": lambda: not_(xor(*ins)), "NOT": lambda: not_(ins[0])}[kind]()
    return ci.Puzzle(puzzle.inputs, gates, [out_of[lamp] for lamp in puzzle.lamps])


def test_right_answers_pass():
    for report in (chk.check_gates(gate_rows), chk.check_xor(xor_rows), chk.check_model(build_model),
                   chk.check_nand(to_nand)):
        assert report.passed, report.summary()
        assert "passed" in report.summary()


def test_the_battery_has_the_traps():
    names = [name for name, _ in chk.battery()]
    assert "a circuit with two lamps" in names and "two lamps that cannot both light" in names
    two = ci.Puzzle.from_text(chk.TWO_LAMPS)
    brute = ci.enumerate_settings(two)
    assert brute.best == 2 and len(ci.solve(two).flips) == 2
    for lamp in two.lamps:  # each lamp alone is cheaper: the two lamps pull against each other
        alone = ci.Puzzle(two.inputs, two.gates, lamp)
        assert ci.enumerate_settings(alone).best < brute.best
    for _, puzzle in chk.battery():
        assert {g[1] for g in puzzle.gates} <= set(chk.BASIC)


# -- stubs ------------------------------------------------------------------------------------ #
def stub(*_):
    raise NotImplementedError("Exercise 2.x: replace this line with your code")


@pytest.mark.parametrize("check", [chk.check_gates, chk.check_xor, chk.check_model, chk.check_nand])
def test_stubs_are_not_done(check):
    report = check(stub)
    assert report.status == "not done" and "not done yet" in report.summary()


# -- broken answers --------------------------------------------------------------------------- #
# Exercise 2.1: IMPLIES and MAJORITY
def test_implies_reversed_fails_naming_the_point():
    def reversed_implies(kind, y, ins):  # b -> a instead of a -> b
        if kind == "IMPLIES":
            a, b = ins
            return [y >= 1 - b, y >= a, y <= 1 - b + a]
        return gate_rows(kind, y, ins)
    report = chk.check_gates(reversed_implies)
    assert not report.passed
    assert "IMPLIES with 2 inputs: your inequalities admit (a, b, y) = (0, 1, 0), which IMPLIES does not allow" \
        in report.summary()
    report.failures[0][1].figure()


def test_majority_without_its_upper_row_fails():
    def dropped_row(kind, y, ins):
        return gate_rows(kind, y, ins)[:-1] if kind == "MAJORITY" else gate_rows(kind, y, ins)
    report = chk.check_gates(dropped_row)
    assert "MAJORITY with 3 inputs: your inequalities admit (a, b, c, y) = (0, 1, 1, 0)" in report.summary()


def test_majority_off_by_one_fails():
    def half_is_enough(kind, y, ins):  # at least k // 2 on, one too few
        if kind == "MAJORITY":
            k, total = len(ins), pulp.lpSum(ins)
            m = k // 2
            return [total >= m * y, total <= (m - 1) + (k - m + 1) * y]
        return gate_rows(kind, y, ins)
    report = chk.check_gates(half_is_enough)
    assert not report.passed and "MAJORITY with 3 inputs: your inequalities" in report.summary()


def test_majority_for_three_inputs_only_fails_on_five():
    def three_only(kind, y, ins):  # ignores how many inputs there are
        if kind == "MAJORITY":
            total = pulp.lpSum(ins)
            return [total >= 2 * y, total <= 1 + 2 * y]
        return gate_rows(kind, y, ins)
    summary = chk.check_gates(three_only).summary()
    assert "MAJORITY with 3 inputs" not in summary
    assert "MAJORITY with 5 inputs: your inequalities" in summary


def test_gate_answers_that_are_not_constraints_fail():
    def python_bool(kind, y, ins):  # a comparison of numbers is a bool, not a constraint
        return [y <= ins[0], len(ins) <= 3]
    assert "item 2 of your list is a bool, not a constraint" in chk.check_gates(python_bool).summary()

    def too_strict(kind, y, ins):
        return gate_rows(kind, y, ins) + [y == 0] if kind == "IMPLIES" else gate_rows(kind, y, ins)
    assert "rule out (a, b, y) = (0, 0, 1), a row of IMPLIES's truth table" in chk.check_gates(too_strict).summary()


# Exercise 2.4: the repaired XOR
def test_the_exercise_s_broken_xor_fails():
    def broken(y, a, b):  # the student's typo: y >= a + b - 1 in place of y >= b - a
        return [y <= a + b, y >= a - b, y >= a + b - 1, y <= 2 - a - b]
    report = chk.check_xor(broken)
    assert not report.passed and "your inequalities admit (a, b, y) = (0, 1, 0), which XOR does not allow" \
        in report.summary()


def test_xor_with_a_dropped_or_reversed_row_fails():
    def dropped(y, a, b):
        return [y <= a + b, y >= a - b, y >= b - a]
    assert "admit (a, b, y) = (1, 1, 1)" in chk.check_xor(dropped).summary()

    def reversed_row(y, a, b):
        return [y <= a + b, y >= a - b, y >= b - a, y >= 2 - a - b]
    assert "XOR with 2 inputs: your inequalities admit (a, b, y) = (1, 1, 1)" in chk.check_xor(reversed_row).summary()


def test_xor_from_the_library_is_refused():
    def library(y, a, b):
        return [c for _, c in ci.gate_inequalities("XOR", y, [a, b])]
    report = chk.check_xor(library)
    assert not report.passed and "your answer calls ci.gate_inequalities" in report.summary()
    assert chk.check_xor(xor_rows).passed  # the library is back afterwards


# Exercise 2.2: the fewest-flips model
def test_broken_models_fail():
    def no_objective(puzzle, stuck=()):
        problem, x = build_model(puzzle, stuck)
        problem.setObjective(pulp.lpSum(x[s] for s in puzzle.switches) * 0)
        return problem, x
    report = chk.check_model(no_objective)
    assert not report.passed and "suffice" in report.summary()

    def first_lamp_only(puzzle, stuck=()):
        problem = new_problem("student")
        single = ci.Puzzle(puzzle.inputs, puzzle.gates, puzzle.lamps[0])
        problem, x = build_model(single, stuck)
        return problem, x
    report = chk.check_model(first_lamp_only)
    assert not report.passed and "a circuit with two lamps: your model's answer leaves a lamp off" in report.summary()
    report.failures[0][1].figure()

    def xor_as_or(puzzle, stuck=()):
        problem = new_problem("student")
        x = {v: add_binary(problem, v) for v in puzzle.nodes}
        for out, kind, *ins in puzzle.gates:
            y, xs = x[out], [x[i] for i in ins]
            if kind == "AND":
                rows = [y <= a for a in xs] + [y >= pulp.lpSum(xs) - (len(xs) - 1)]
            elif kind in ("OR", "XOR"):
                rows = [y >= a for a in xs] + [y <= pulp.lpSum(xs)]
            else:
                rows = [y == 1 - xs[0]]
            for row in rows:
                problem += row
        for lamp in puzzle.lamps:
            problem += x[lamp] == 1
        problem += pulp.lpSum(x[s] if v == 0 else 1 - x[s] for s, v in puzzle.inputs.items())
        return problem, x
    assert not chk.check_model(xor_as_or).passed

    def two_inputs_only(puzzle, stuck=()):
        return build_model(ci.Puzzle(puzzle.inputs, [g[:4] for g in puzzle.gates], puzzle.lamps), stuck)
    report = chk.check_model(two_inputs_only)
    assert "three-input gates: your model's answer leaves a lamp off" in report.summary()

    def wrong_shape(puzzle, stuck=()):
        return build_model(puzzle)[0]
    assert "must return (problem, x)" in chk.check_model(wrong_shape).summary()

    def raises(puzzle, stuck=()):
        raise KeyError("g7")
    assert "your code raised KeyError" in chk.check_model(raises).summary()


def test_the_library_model_is_refused():
    def library(puzzle, stuck=()):
        return ci.build_model(puzzle)
    report = chk.check_model(library)
    assert not report.passed and "your answer calls ci.build_model" in report.summary()

    def library_rows(puzzle, stuck=()):
        problem = new_problem("student")
        x = {v: add_binary(problem, v) for v in puzzle.nodes}
        for out, kind, *ins in puzzle.gates:
            for _, row in ci.gate_inequalities(kind, x[out], [x[i] for i in ins]):
                problem += row
        return problem, x
    assert "your answer calls ci.gate_inequalities" in chk.check_model(library_rows).summary()
    assert ci.build_model(ci.seed_circuit())  # restored


# Exercise 2.3: NAND-only circuits


def test_broken_nand_rewrites_fail():
    def keeps_not(puzzle):
        return puzzle
    assert "use NAND gates only" in chk.check_nand(keeps_not).summary()

    def or_as_nand(puzzle):  # forgets to invert the inputs of an OR
        gates = [(g[0], "NAND", *g[2:]) if g[1] in ("OR", "NAND") else g for g in puzzle.gates]
        rebuilt = to_nand(ci.Puzzle(puzzle.inputs, gates, puzzle.lamps))
        return rebuilt
    report = chk.check_nand(or_as_nand)
    assert not report.passed and "but lamp" in report.summary()
    report.failures[0][1].figure()

    def drops_starts(puzzle):
        done = to_nand(puzzle)
        return ci.Puzzle({s: 0 for s in done.inputs}, done.gates, done.lamps)
    assert "same start states" in chk.check_nand(drops_starts).summary()


# -- a second reader's wrong answers (issue 8): each must fail, naming the fault ------------------ #
def implies_as_or(kind, y, ins):  # forgot to put 1 - a in place of a
    if kind == "IMPLIES":
        a, b = ins
        return [y >= a, y >= b, y <= a + b]
    return gate_rows(kind, y, ins)


def majority_one_too_many(kind, y, ins):  # off by one the other way: m + 1 inputs demanded
    if kind == "MAJORITY":
        k, total = len(ins), pulp.lpSum(ins)
        m = (k + 1) // 2
        return [total >= (m + 1) * y, total <= m + (k - m) * y]
    return gate_rows(kind, y, ins)


@pytest.mark.parametrize("wrong, words", [
    (implies_as_or, "IMPLIES with 2 inputs: your inequalities admit (a, b, y) = (0, 0, 0)"),
    (majority_one_too_many, "MAJORITY with 3 inputs: your inequalities admit"),
])
def test_more_wrong_gates_fail(wrong, words):
    report = chk.check_gates(wrong)
    assert report.status == "failed" and words in report.summary(), report.summary()


def model_with(puzzle, stuck=(), objective="moved", and_lower=True, not_as_le=False):
    """Exercise 2.2's model with one mistake switchable on."""
    problem = new_problem("student")
    x = {v: add_binary(problem, v) for v in puzzle.nodes}
    for out, kind, *ins in puzzle.gates:
        y, xs = x[out], [x[i] for i in ins]
        if kind == "AND":  # and_lower=False drops y >= sum - (k - 1)
            rows = [y <= a for a in xs] + ([y >= pulp.lpSum(xs) - (len(xs) - 1)] if and_lower else [])
        elif kind == "OR":
            rows = [y >= a for a in xs] + [y <= pulp.lpSum(xs)]
        elif kind == "XOR":
            rows = xor_rows(y, *xs)
        else:  # not_as_le: NOT's y = 1 - a typed as y <= 1 - a
            rows = [y <= 1 - xs[0]] if not_as_le else [y == 1 - xs[0]]
        for row in rows:
            problem += row
    for lamp in puzzle.lamps:
        problem += x[lamp] == 1
    if objective == "switches on":  # ignores the start states: counts the switches that end on
        problem += pulp.lpSum(x[s] for s in puzzle.inputs)
    else:
        problem += pulp.lpSum(x[s] if v == 0 else 1 - x[s] for s, v in puzzle.inputs.items())
    return problem, x


@pytest.mark.parametrize("mistake, words", [
    (dict(objective="switches on"), "the chapter's circuit: your model's answer moves 4 switches"),
    (dict(and_lower=False), "your model's answer leaves a lamp off"),
    (dict(not_as_le=True), "your model's answer leaves a lamp off: lamp"),
])
def test_more_wrong_models_fail(mistake, words):
    report = chk.check_model(lambda p, stuck: model_with(p, stuck, **mistake))
    assert report.status == "failed" and words in report.summary(), report.summary()


def test_more_wrong_nand_rewrites_fail():
    def two_inputs_only(puzzle):  # a three-input gate rebuilt from its first two inputs
        wide = [(out, kind, *ins[:2]) if kind != "NOT" else (out, kind, *ins) for out, kind, *ins in puzzle.gates]
        return to_nand(ci.Puzzle(puzzle.inputs, wide, list(puzzle.lamps)))

    report = chk.check_nand(two_inputs_only)
    assert report.status == "failed" and "three-input gates: at a=0" in report.summary(), report.summary()

    def lamps_reversed(puzzle):
        mine = to_nand(puzzle)
        return ci.Puzzle(mine.inputs, mine.gates, list(reversed(mine.lamps)))

    report = chk.check_nand(lamps_reversed)
    assert report.status == "failed" and "a circuit with two lamps: at" in report.summary(), report.summary()


@pytest.mark.parametrize("wrong, words", [
    (lambda y, a, b: [y >= 1 - a - b, y <= 1 - a + b, y <= 1 + a - b, y >= a + b - 1],  # XNOR's rows
     "admit (a, b, y) = (0, 0, 1)"),
    (lambda y, a, b: [y <= a + b, y >= a - b, y >= b - a, y <= 1 - a - b],  # off by one: 1 for 2
     "rule out (a, b, y) = (0, 1, 1)"),
])
def test_more_wrong_xors_fail(wrong, words):
    report = chk.check_xor(wrong)
    assert report.status == "failed" and words in report.summary(), report.summary()


def test_check_summaries_count_gates_and_circuits():
    assert "right on all 4 gates" in chk.check_gates(gate_rows).summary()
    assert "right on all 17 circuits" in chk.check_model(build_model).summary()


def test_stuck_switches_ignored_fail():
    report = chk.check_model(lambda puzzle, stuck: build_model(puzzle))  # an ignored argument
    text = report.summary()
    assert report.status == "failed" and "the chapter's circuit, with x5 stuck: your model's answer moves x5, which is stuck" in text, text
    report.failures[0][1].figure()

    def stuck_off(puzzle, stuck):  # "stuck" read as "stuck off", not "stuck at its start"
        problem, x = build_model(puzzle)
        for s in stuck:
            problem += x[s] == 0
        return problem, x
    report = chk.check_model(stuck_off)
    assert report.status == "failed" and "with d stuck: your model's answer moves d, which is stuck" in report.summary(), report.summary()


def test_a_hidden_seed_grows_the_circuit_batteries_and_right_answers_still_pass(monkeypatch):
    def reports():
        return [chk.check_model(build_model), chk.check_xor(xor_rows), chk.check_nand(to_nand)]

    public, plain = len(chk.battery()), [r.total_boards for r in reports()]
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    hidden = [p for name, p in chk.battery() if name.startswith("hidden board")]
    assert len(chk.battery()) == public + 3 and len(hidden) == 3
    assert all(p not in dict(chk.battery()[:-3]).values() for p in hidden)
    for report, total in zip(reports(), plain):
        assert report.passed and report.total_boards == total + 3, report.summary()
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "12")
    assert [p for name, p in chk.battery() if name.startswith("hidden board")] != hidden


# -- Issue 25: codes, oracles out of reach, vacuous answers ----------------------------------- #
def fixed_to(puzzle, flips):
    """A model that fixes every switch to a given fix (what a student could build from an oracle)."""
    problem = new_problem("copied")
    x = {v: add_binary(problem, v) for v in puzzle.nodes}
    for s, start in puzzle.inputs.items():
        problem += x[s] == (1 - start if s in flips else start)
    return problem, x


@pytest.mark.parametrize("answer, label", [
    (lambda p, stuck=(): fixed_to(p, ci.brute_force(p)[0].flips if ci.brute_force(p) else ()), "ci.brute_force"),
    (lambda p, stuck=(): fixed_to(p, ci.enumerate_settings(p).fixes[0] if ci.enumerate_settings(p).fixes else ()),
     "ci.enumerate_settings"),
    (lambda p, stuck=(): fixed_to(p, chk.fewest(p).fixes[0] if chk.fewest(p).fixes else ()), "checks.fewest"),
    (lambda p, stuck=(): ci.model.hartmann_model(p), "ci.model.hartmann_model"),
])
def test_model_oracles_are_blocked_while_the_check_runs(answer, label):
    chk.fewest(ci.seed_circuit())  # cached before the check: still blocked
    report = chk.check_model(answer)
    assert report.passed_boards == 0 and set(report.codes) == {f"calls-library:{label}"}, report.summary()
    assert chk.fewest(ci.seed_circuit()).best == 2  # restored afterwards


def test_gate_truth_tables_of_the_check_are_blocked():
    def from_table(kind, y, ins):  # a no-good cut per wrong point, from the check's own truth table
        right = set(chk.truth_points(kind, len(ins)))
        rows = []
        for point in itertools.product((0, 1), repeat=len(ins) + 1):
            if point not in right:
                z = [*ins, y]
                rows.append(pulp.lpSum(1 - v if bit else v for v, bit in zip(z, point)) >= 1)
        return rows
    report = chk.check_gates(from_table)
    assert set(report.codes) == {"calls-library:checks.truth_points"}, report.summary()


@pytest.mark.parametrize("rows, code", [
    (lambda kind, y, ins: [], "admits-wrong-point"),
    (lambda kind, y, ins: [y == 0], "admits-wrong-point"),
    (lambda kind, y, ins: [y >= 2], "rules-out-right-point"),
    (lambda kind, y, ins: None, "wrong-return-type"),
    (lambda kind, y, ins: [y <= 1, True], "not-a-constraint"),
])
def test_vacuous_gate_rows_fail_every_gate(rows, code):
    report = chk.check_gates(rows)
    assert report.passed_boards == 0 and report.codes[0] == code, report.summary()
    report = chk.check_xor(lambda y, a, b: rows("XOR", y, [a, b]))
    assert report.codes[0] == code and report.score <= 1 / 8, report.summary()


def test_an_xor_without_inequalities_fails_every_circuit_of_2_4():
    report = chk.check_xor(lambda y, a, b: [])
    assert report.passed_boards == 0 and set(report.codes) == {"admits-wrong-point", "breaks-rule:lamp-off"}


def vacuous_model(puzzle, stuck, how):
    problem = new_problem("vacuous")
    x = {v: add_binary(problem, v) for v in puzzle.nodes}
    if how == "zeros":
        for var in x.values():
            problem += var == 0
    elif how == "start":  # do nothing: every switch as it starts
        for s, start in puzzle.inputs.items():
            problem += x[s] == start
    elif how == "infeasible":
        problem += pulp.lpSum(x.values()) >= len(x) + 1
    return problem, x


@pytest.mark.parametrize("how, most", [("empty", 0), ("zeros", 0), ("start", 1), ("infeasible", 2)])
def test_vacuous_models_fail(how, most):
    report = chk.check_model(lambda p, stuck: vacuous_model(p, stuck, how))
    assert report.status == "failed" and report.passed_boards <= most, report.summary()


@pytest.mark.parametrize("answer, code", [
    (lambda p, stuck: build_model(p), "moves-stuck-switch"),
    (lambda p, stuck: (lambda m: (m[0].__setattr__("objective", None) or m))(build_model(p, stuck)), "too-many-flips"),
    (lambda p, stuck: [], "wrong-return-type"),
])
def test_model_failures_carry_their_code(answer, code):
    report = chk.check_model(answer)
    assert code in report.codes, (report.codes, report.summary())


def test_model_messages_name_no_fix_and_no_number_of_flips():
    def no_objective(puzzle, stuck):
        problem, x = build_model(puzzle, stuck)
        problem.objective = pulp.lpSum(x[s] for s in puzzle.switches)  # counts switches on, not switches moved
        return problem, x
    for answer in (no_objective, lambda p, stuck: vacuous_model(p, stuck, "infeasible")):
        text = chk.check_model(answer).summary()
        assert " suffice" not in text.replace("fewer suffice", "") and "flipping" not in text, text


@pytest.mark.parametrize("answer, code", [
    (lambda p: p, "not-nand-only"),
    (lambda p: 7, "wrong-return-type"),
    (lambda p: ci.Puzzle({s: 1 - v for s, v in p.inputs.items()}, [("n", "NAND", p.switches[0], p.switches[0])], "n"),
     "changes-switches"),
])
def test_nand_failures_carry_their_code(answer, code):
    report = chk.check_nand(answer)
    assert report.passed_boards == 0 and report.codes[0] == code, report.summary()


def test_every_failure_of_the_chapter_2_checks_has_a_code():
    for report in (chk.check_gates(lambda kind, y, ins: []), chk.check_model(lambda p, s: vacuous_model(p, s, "zeros")),
                   chk.check_nand(lambda p: p), chk.check_xor(lambda y, a, b: [])):
        assert len(report.codes) == report.total_boards - report.passed_boards and all(report.codes)
