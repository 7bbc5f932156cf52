"""The exercise check of chapter 11, Monodot (11.4, the dot-by-dot big-M model): the right answer passes,
the wrong answers students write fail with the fault named (a loose M as ``loose-m``), stubs are "not
done yet"."""

import inspect

import pulp
import pytest

from puzzlelib import monodot as md
from puzzlelib.engine import Deadline, add_binary, new_problem
from puzzlelib.monodot import checks, model_bigm


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise 11.4: replace this line with your code")


def bigm(puzzle, lower=None, upper=None, drop_upper=False, two_cells=False, shared=False):
    """The model (6)-(10); ``lower``/``upper`` ``(n, |N(c)|) -> M`` (default: the tight ones) and the
    other keywords make the wrong versions students write."""
    problem = new_problem("monodot_by_dot")
    cells = puzzle.free_cells()
    dots = range(len(puzzle.dots))
    p = {(d, c): add_binary(problem, f"p_{d}_{c[0]}_{c[1]}") for d in dots for c in cells}
    for d in dots:
        placed = pulp.lpSum(p[d, c] for c in cells)
        problem += (placed >= 1) if two_cells else (placed <= 1) if puzzle.partial else (placed == 1)
    occ = {c: pulp.lpSum(p[d, c] for d in dots) for c in cells}
    if not shared:
        for c in cells:
            problem += occ[c] <= 1
    for d in dots:
        v = puzzle.dots[d]
        for c in cells:
            around = pulp.lpSum(occ[n] for n in puzzle.neighbours(c))
            size = len(puzzle.neighbours(c))
            m_low = v if lower is None else lower(v, size)
            m_up = size - v if upper is None else upper(v, size)
            problem += around >= v - m_low * (1 - p[d, c])
            if not drop_upper:
                problem += around <= v + m_up * (1 - p[d, c])
    return problem, p


def by_cell(puzzle):
    """Tighter than asked: the per-cell sums of the aggregated model, written over p (it passes)."""
    problem, p = bigm(puzzle)
    dots = range(len(puzzle.dots))
    for c in puzzle.free_cells():
        nbrs = puzzle.neighbours(c)
        around = pulp.lpSum(p[d, n] for d in dots for n in nbrs)
        number = pulp.lpSum(puzzle.dots[d] * p[d, c] for d in dots)
        problem += around >= number
        problem += around <= number + len(nbrs) * (1 - pulp.lpSum(p[d, c] for d in dots))
    return problem, p


def test_the_check_passes_the_right_model_and_a_tighter_one_and_refuses_a_stub():
    report = checks.check_bigm(bigm)
    assert report.passed and report.score == 1.0, report.summary()
    assert checks.check_bigm(by_cell).passed
    assert checks.check_bigm(stub).status == "not done"


@pytest.mark.parametrize("answer,codes", [
    (lambda p: bigm(p, upper=lambda v, s: max(s - v - 1, 0)), {"rules-out-solution"}),  # an M too small
    (lambda p: bigm(p, lower=lambda v, s: 8, upper=lambda v, s: 8), {"loose-m"}),  # a big constant
    (lambda p: bigm(p, lower=lambda v, s: max(v, s), upper=lambda v, s: s), {"loose-m"}),  # |N(c)| both sides
    (lambda p: bigm(p, drop_upper=True), {"breaks-rule:wrong-degree"}),
    (lambda p: bigm(p, two_cells=True), {"dot-on-two-cells"}),
    (lambda p: bigm(p, shared=True), {"breaks-rule:shared-cell"}),
    (lambda p: md.build_bigm(p, Deadline()), {"calls-library:md.build_bigm"}),
    (lambda p: md.build_model(p, model="bigm"), {"calls-library:md.build_model"}),
    (lambda p: (new_problem("empty"), {}), {"missing-variable"}),
    (lambda p: None, {"wrong-return-type"}),
])
def test_the_check_names_each_wrong_answer(answer, codes):
    report = checks.check_bigm(answer)
    assert not report.passed and codes <= set(report.codes), report.summary()


def test_a_loose_model_keeps_the_marks_of_its_placements_and_hears_which_side_is_loose():
    report = checks.check_bigm(lambda p: bigm(p, lower=lambda v, s: 8, upper=lambda v, s: 8))
    assert set(report.codes) == {"loose-m"}
    assert report.score == pytest.approx(1 - len(checks.LP_BOARDS) / report.total_boards)
    assert "'at least' constraint is larger than it needs to be" in report.summary()
    upper = checks.check_bigm(lambda p: bigm(p, upper=lambda v, s: 4))
    assert set(upper.codes) == {"loose-m"} and "'at most' constraint" in upper.summary()


def transcribed_bigm(puzzle):
    """The library's build_bigm, its source read with inspect and run as the student's own function."""
    namespace = dict(vars(model_bigm))
    exec(BIGM_SOURCE, namespace)
    return namespace["build_bigm"](puzzle, Deadline())


BIGM_SOURCE = inspect.getsource(model_bigm.build_bigm)  # read in an earlier cell, before the check runs


def renamed(model):
    """The copied model with every constraint renamed (the model's name kept, as a copy keeps it)."""
    problem, p = model
    fresh = pulp.LpProblem(problem.name, problem.sense)
    for k, constraint in enumerate(problem.constraints()):
        fresh += constraint.copy() if hasattr(constraint, "copy") else constraint, f"rule_{k}"
    return fresh, p


@pytest.mark.parametrize("answer,code", [
    (transcribed_bigm, "copies-library:md.build_bigm"),                              # the source copied
    (lambda p: renamed(transcribed_bigm(p)), "copies-library:md.build_bigm"),        # its rules renamed
    (lambda p: bigm(p, lower=lambda v, s: s, upper=lambda v, s: s), "rules-out-solution"),  # |N(c)| < n[d]
    (lambda p: bigm(p, lower=lambda v, s: v + 1), "loose-m"),                        # lower M off by one
    (lambda p: bigm(p, upper=lambda v, s: s - v + 1), "loose-m"),                    # upper M off by one
], ids=["transcribed", "transcribed-renamed", "n-c-both-sides", "lower-plus-one", "upper-plus-one"])
def test_issue_43_wrong_answers_fail_with_their_code(answer, code):
    report = checks.check_bigm(answer)
    assert not report.passed and code in report.codes, report.summary()


def test_the_loose_m_message_does_not_state_the_tight_m():
    report = checks.check_bigm(lambda p: bigm(p, lower=lambda v, s: 8, upper=lambda v, s: 8))
    assert "tight M =" not in report.summary() and "|N(c)| - n[d]" not in report.summary()


def test_a_model_with_no_constraints_fails_every_board():
    def empty(puzzle):
        problem = new_problem("empty")
        return problem, {(d, c): add_binary(problem, f"p_{d}_{c[0]}_{c[1]}")
                         for d in range(len(puzzle.dots)) for c in puzzle.free_cells()}
    report = checks.check_bigm(empty)
    assert report.score < 0.2 and "loose-m" in report.codes


def test_the_loose_point_test_holds_for_every_integer_answer():
    """Every true placement keeps the tight inequalities (so a right model is never called loose)."""
    for _, puzzle in checks.battery():
        for answer in md.brute_force(puzzle, model="bigm"):
            value = {key: 0.0 for key in checks._keys(puzzle)}
            value.update({(d, cell): 1.0 for d, cell in enumerate(answer.cells) if cell is not None})
            assert checks.loose_point(puzzle, value) is None


def test_the_battery_is_small_and_varied():
    counts = [len(md.brute_force(p, model="bigm")) for _, p in checks.battery()]
    assert max(counts) <= checks.MOST_ANSWERS and 0 in counts
    boards = [p for _, p in checks.battery()]
    assert any(p.diagonal for p in boards) and any(p.partial for p in boards)
    assert checks.small_board(7) == checks.small_board(7)


# -- issue 43, second pass: a copy found by its structure, not by a name ---------------------------------
def pasted(source: str):
    """``source`` run in a cell of its own, as a student's notebook runs it: its function ``build_by_dot``."""
    namespace = {"pulp": pulp, "new_problem": new_problem, "add_binary": add_binary, "md": md}
    exec(compile(source, "<ipython-input-7>", "exec"), namespace)
    return namespace["build_by_dot"]


RENAMED = (BIGM_SOURCE.replace("build_bigm(puzzle: Puzzle, deadline: Deadline)", "build_by_dot(puzzle)")
           .replace("        deadline.check()\n", "")
           .replace("occ = occupied(p, dots, cells)", "occ = {cell: pulp.lpSum(p[d, cell] for d in dots) for cell in cells}")
           .replace('f"monodot_bigm_{len(puzzle.dots)}_dots"', '"mine"')
           .replace('f"at_least_{d}_{r}_{c}"', 'f"low_{d}_{r}_{c}"').replace('f"at_most_{d}_{r}_{c}"', 'f"up_{d}_{r}_{c}"')
           .replace('f"place_{d}"', 'f"dot_{d}"').replace('f"one_dot_{cell[0]}_{cell[1]}"', 'f"cell_{cell[0]}_{cell[1]}"'))
UNNAMED = RENAMED.replace(', f"low_{d}_{r}_{c}"', "").replace(', f"up_{d}_{r}_{c}"', "").replace(
    ', f"dot_{d}"', "").replace(', f"cell_{cell[0]}_{cell[1]}"', "")
WRAPPED = RENAMED.replace("def build_by_dot(puzzle)", "def mine(puzzle)") + "\n\ndef build_by_dot(puzzle):\n    return mine(puzzle)\n"
HELPER = BIGM_SOURCE.replace("build_bigm(puzzle: Puzzle, deadline: Deadline)", "build_by_dot(puzzle)").replace(
    "        deadline.check()\n", "").replace('"monodot_bigm_', '"mine_').replace(
    "def build_by_dot", "from puzzlelib.monodot.model_bigm import occupied\n\n\ndef build_by_dot")


@pytest.mark.parametrize("source", [RENAMED, UNNAMED, WRAPPED, HELPER],
                         ids=["every-string-renamed", "constraints-unnamed", "wrapped", "with-its-helper"])
def test_a_copy_of_build_bigm_fails_however_it_is_renamed(source):
    report = checks.check_bigm(pasted(source))
    assert set(report.codes) == {"copies-library:md.build_bigm"} and report.score == 0, report.summary()
    assert "copied" in report.summary()


def test_answers_written_from_the_chapter_are_far_from_a_copy():
    for answer in (bigm, by_cell):
        assert checks.copied_share(answer) < checks.COPY_SHARE - 0.1, answer
    assert checks.copied_share(pasted(RENAMED)) > checks.COPY_SHARE + 0.1
