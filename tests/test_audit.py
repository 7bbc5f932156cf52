"""The hostile-input audit of issue 38, kept as a test over the registry.

Two parts. First, every kind's rule codes are spelled one way (kebab-case, as the feedback's code
pattern reads them). Second, the audit's approach: for every kind the registry finds, each public
function of the interface table (the Puzzle constructor, the readers, ``check_rules``, ``verify``,
``brute_force``, ``format_solution``, ``draw``, the editor's ``click``/``click_xy``, ``solve``,
``solutions``, ``explain_infeasible``) is given hostile arguments one at a time: wrong types, floats,
inf, nan, negative, huge and empty values, junk strings. The only outcomes allowed are a value or our
own errors (``PuzzleError``, a ValueError; ``NoSolution``/``SolverError`` where a search runs), within
a time bound; where an argument can only be a mistake, a ``PuzzleError`` is required (a value is a
fault: the input was silently read as something else). Then each finding of the audit in issue 38
has a test of its own, by name.

Like ``tests/test_hostile.py``, nothing here is xfail: a fault that lives in a file another helper
owns is listed in ``ELSEWHERE`` with the file to fix, and its test skips naming it. A new puzzle
folder inherits every test here.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import math
import signal
import time
from contextlib import contextmanager

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from puzzlelib import registry  # noqa: E402
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError  # noqa: E402
from puzzlelib.core.validate import check_solver  # noqa: E402
from puzzlelib.feedback.checks import CODE, RULE_CODE, Failure  # noqa: E402

KINDS = registry.kinds()
#: The puzzles and the template (a new puzzle copies it, so it must pass every audit test too).
AUDITED = KINDS + ["_template"]
ALLOWED = (PuzzleError, NoSolution, SolverError)
#: Seconds any one call may take on the chapter's board.
BUDGET = 20
#: Faults found here that live in files another helper owns: (kind or "*", test) -> {call label
#: prefix: the file to fix}. A test whose only faults are listed here skips, naming them; once the
#: file is fixed the entry is dead and should go.
ELSEWHERE: dict[tuple[str, str], dict[str, str]] = {
    **{(kind, "solving"): {"solutions(p, limit=None)": f"puzzlelib/{kind}/solving.py: solutions(limit=None) reaches "
                                                       "engine/search.py's sat_solutions unchecked, a TypeError "
                                                       "(the driver's argument guard)"}
       for kind in ("sudoku", "kakuro")},
}


class Strange:
    """An object of no type any puzzle knows."""

    def __repr__(self):
        return "Strange()"


#: The hostile values, by label: wrong types, floats, inf, nan, negative, huge, empty, junk strings.
JUNK = {"None": None, "'x'": "x", "''": "", "' '": " ", "-1": -1, "0": 0, "1.5": 1.5, "inf": math.inf,
        "-inf": -math.inf, "nan": math.nan, "10**400": 10 ** 400, "True": True, "[]": [], "{}": {},
        "Strange()": Strange()}


def junk(*keep: str) -> dict[str, object]:
    """JUNK without the labels in ``keep`` (values that are right for the argument at hand)."""
    return {label: value for label, value in JUNK.items() if label not in keep}


class Hang(Exception):
    """A call ran past BUDGET seconds."""


@contextmanager
def bounded(seconds: float = BUDGET):
    """Raise Hang inside the block after ``seconds`` (SIGALRM; pure-Python loops are interrupted)."""
    def alarm(signum, frame):
        raise Hang(f"still running after {seconds} s")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def short(value) -> str:
    text = repr(value)
    return text if len(text) <= 50 else text[:47] + "..."


class Probe:
    """Calls one puzzle's functions and notes each outcome that is not allowed."""

    def __init__(self, kind: str, test: str):
        self.kind, self.test = kind, test
        self.faults: dict[str, str] = {}
        self.calls = 0

    def call(self, label: str, func, *args, must_refuse: bool = False, **kwargs):
        """Run ``func``; note an exception other than ALLOWED, a hang, or (``must_refuse``) a value."""
        self.calls += 1
        start = time.perf_counter()
        try:
            with bounded():
                value = func(*args, **kwargs)
        except ALLOWED as exc:
            if must_refuse and not isinstance(exc, PuzzleError):
                self.faults[label] = f"{type(exc).__name__} after the work, not a PuzzleError before it: {str(exc)[:80]}"
            elif isinstance(exc, PuzzleError) and not str(exc).strip():
                self.faults[label] = "PuzzleError with no message"
            return ("error", exc)
        except Hang:
            self.faults[label] = f"no answer within {BUDGET} s"
            return ("hang", None)
        except Exception as exc:  # noqa: BLE001 - the faults this file exists to find
            self.faults[label] = f"{type(exc).__name__}: {str(exc)[:120]}"
            return ("bug", exc)
        finally:
            plt.close("all")
        if must_refuse:
            self.faults[label] = f"took it silently ({time.perf_counter() - start:.1f} s), returned {short(value)}"
        return ("value", value)

    def finish(self):
        known = {**ELSEWHERE.get(("*", self.test), {}), **ELSEWHERE.get((self.kind, self.test), {})}
        owner = {label: next((f for prefix, f in known.items() if label.startswith(prefix)), None)
                 for label in self.faults}
        ours = {k: v for k, v in self.faults.items() if owner[k] is None}
        assert not ours, f"{self.kind}: " + "; ".join(f"{k} -> {v}" for k, v in sorted(ours.items()))
        files = sorted({f for f in owner.values() if f})
        if files:
            pytest.skip(f"{len(self.faults)} faults in files another helper owns: " + "; ".join(files)
                        + f" (first: {min(self.faults)} -> {self.faults[min(self.faults)]})")


def table(kind: str):
    """The interface table of ``kind`` (the registry does not load folders starting with ``_``)."""
    if kind.startswith("_"):
        return importlib.import_module(f"puzzlelib.{kind}").PUZZLE
    return registry.table(kind)


@functools.cache
def sample(kind: str):
    """(table, the chapter's board, one of its answers)."""
    t = table(kind)
    puzzle = t.seed_puzzle()
    return t, puzzle, t.solve(puzzle, time_limit=60)


# --------------------------------------------------------------------------------------------- #
# Rule codes: one spelling
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind", KINDS + ["_template"])
def test_rule_codes_are_kebab_case(kind):
    codes = table(kind).rule_codes()
    assert codes and all(RULE_CODE.fullmatch(code) for code in codes), codes
    assert all(CODE.fullmatch(f"breaks-rule:{code}") for code in codes)
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("kind", KINDS)
def test_faults_carry_the_codes_of_the_table(kind):
    """check_rules on a broken answer (the answer of a planted board on the chapter's board, and an
    empty one) gives faults whose codes are the table's, never another spelling."""
    t, puzzle, solution = sample(kind)
    codes = set(t.rule_codes())
    seen = set()
    for answer in (solution, t.planted_puzzle(None, seed=3)[1], [], {}):
        try:
            with bounded():
                faults = t.check_rules(puzzle, answer)
        except (PuzzleError, Hang):
            continue
        seen |= {f.code for f in faults}
    assert seen <= codes, seen - codes


@pytest.mark.parametrize("code", ["rowCount", "row_count", "breaks-rule:rowCount", "breaks-rule:wrong_start",
                                  "Row-count", "row--count", "-row", "row-count\n", "breaks-rule:"])
def test_feedback_refuses_codes_not_in_kebab_case(code):
    with pytest.raises(ValueError, match="kebab-case"):
        Failure("m", code=code)


@pytest.mark.parametrize("code", ["row-count", "breaks-rule:row-count", "keeps-block:3", "raised-exception:KeyError",
                                  "calls-library:th.solutions", "copies-library:md.build_bigm"])
def test_feedback_accepts_kebab_codes_and_python_names(code):
    assert Failure("m", code=code).code == code


# --------------------------------------------------------------------------------------------- #
# The audit over the registry: every public function of the table, one hostile argument at a time
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind", AUDITED)
def test_constructor_and_readers_under_hostile_arguments(kind):
    """Each argument of ``Puzzle(...)`` (as the chapter's board reads) replaced by each hostile value;
    each reader given each hostile value. Numbers of no meaning (1.5, nan, inf, 10**400, -1) and
    objects of no type are refused; every other value answers or is refused, never a crash."""
    t, puzzle, _ = sample(kind)
    probe = Probe(kind, "constructor")
    arguments = t.Puzzle.FORMATS[0].read(t.seed_board)
    for name in arguments:
        for label, bad in JUNK.items():
            refuse = label in ("1.5", "nan", "inf", "-inf", "10**400", "-1", "Strange()")
            probe.call(f"Puzzle({name}={label})", t.Puzzle, **{**arguments, name: bad}, must_refuse=refuse)
    for fmt, read in t.readers.items():
        for label, bad in junk("[]", "{}").items():
            probe.call(f"read[{fmt}]({label})", read, bad, must_refuse=True)
    probe.finish()


@pytest.mark.parametrize("kind", AUDITED)
def test_rules_calls_under_hostile_arguments(kind):
    """``check_rules``/``verify`` with each hostile answer (a list of faults or a refusal; never a
    crash and never "solved"); ``brute_force`` with each hostile ``limit`` (refused: None is every answer)."""
    t, puzzle, _ = sample(kind)
    probe = Probe(kind, "rules")
    for label, bad in JUNK.items():
        for name in ("check_rules", "verify"):
            outcome, value = probe.call(f"{name}(p, {label})", getattr(t, name), puzzle, bad)
            if outcome == "value" and not value:
                probe.faults[f"{name}(p, {label})"] = "took a hostile answer as right"
    for label, bad in junk("None").items():
        probe.call(f"brute_force(p, limit={label})", t.brute_force, puzzle, limit=bad, must_refuse=True)
    probe.finish()


@pytest.mark.parametrize("kind", AUDITED)
def test_display_calls_under_hostile_arguments(kind):
    """``format_solution`` refuses every hostile answer; ``draw`` refuses every ``ax`` that is not
    matplotlib Axes (None: a new figure), and answers or refuses any other hostile argument."""
    t, puzzle, solution = sample(kind)
    probe = Probe(kind, "display")
    partial = PARTIAL_ANSWERS.get(kind, ())
    for label, bad in JUNK.items():
        probe.call(f"format_solution(p, {label})", t.format_solution, puzzle, bad, must_refuse=label not in partial)
        probe.call(f"draw(p, {label})", t.draw, puzzle, bad)
    for label, bad in junk("None").items():
        probe.call(f"draw(p, answer, ax={label})", t.draw, puzzle, solution, ax=bad, must_refuse=True)
    probe.call("draw(p, answer, ax=a Figure)", t.draw, puzzle, solution, ax=plt.figure(), must_refuse=True)
    probe.finish()


#: Kinds whose format_solution shows a partial answer ({} reads as "nothing chosen yet", drawn with
#: '?' or '.'): Match 22's turns and V3ck's edge colours are mappings, and the editors show drafts.
PARTIAL_ANSWERS = {"match22": ("{}",), "v3ck": ("{}",)}


@pytest.mark.parametrize("kind", AUDITED)
def test_editor_clicks_under_hostile_arguments(kind):
    """The editor's ``click_xy`` refuses any coordinate that is not a finite number, ``click`` any row
    or column that is not a whole number, both any button but 1, 2, 3, before any edit, and ``press``
    any label that is no button; no click leaves a bug behind ("Unexpected error ...")."""
    t, puzzle, _ = sample(kind)
    probe = Probe(kind, "editor")
    editor = t.editor(puzzle)
    numbers = ("-1", "0", "1.5")
    for label, bad in junk(*numbers).items():
        probe.call(f"click_xy({label}, 0)", editor.click_xy, bad, 0, must_refuse=True)
        probe.call(f"click_xy(0, {label})", editor.click_xy, 0, bad, must_refuse=True)
    for label, bad in junk("-1", "0").items():
        probe.call(f"click({label}, 0)", editor.click, bad, 0, must_refuse=True)
        probe.call(f"click(0, {label})", editor.click, 0, bad, must_refuse=True)
        probe.call(f"click_xy(0, 0, button={label})", editor.click_xy, 0, 0, bad, must_refuse=True)
    for label, bad in {**junk(), "'nope'": "nope"}.items():
        probe.call(f"press({label})", editor.press, bad, must_refuse=True)
    for x, y in ((-1, -1), (0.4, -0.6), (1e6, 1e6)):  # off the board: a click on nothing or a margin
        probe.call(f"click_xy({x}, {y})", editor.click_xy, x, y)
    if editor.bugs:
        probe.faults["editor.bugs"] = "; ".join(editor.bugs[:3])
    probe.finish()


@pytest.mark.parametrize("kind", AUDITED)
def test_solving_calls_under_hostile_arguments(kind):
    """``solve``, ``solutions`` and ``explain_infeasible`` refuse, before any work, every hostile
    ``solver`` (None is the default; '', 'CBC ', 'HiGHS' and 'nope' too), ``time_limit`` (None is the
    default limit; 1.5 is a limit), ``model`` and ``limit``."""
    t, puzzle, _ = sample(kind)
    probe = Probe(kind, "solving")
    searches = {"solve": t.solve, "solutions": t.solutions, "explain_infeasible": t.explain_infeasible}
    solvers = {**junk("None"), "'CBC '": "CBC ", "'HiGHS'": "HiGHS", "'nope'": "nope"}
    for name, func in searches.items():
        if func is None:
            continue
        keywords = inspect.signature(func).parameters
        for label, bad in solvers.items():
            probe.call(f"{name}(p, solver={label})", func, puzzle, solver=bad, must_refuse=True)
        for label, bad in junk("None", "1.5").items():
            probe.call(f"{name}(p, time_limit={label})", func, puzzle, time_limit=bad, must_refuse=True)
        if "model" in keywords:
            for label, bad in junk("None").items():
                probe.call(f"{name}(p, model={label})", func, puzzle, model=bad, must_refuse=True)
        if "limit" in keywords:
            for label, bad in junk().items():
                probe.call(f"{name}(p, limit={label})", func, puzzle, limit=bad, must_refuse=True)
    probe.finish()


# --------------------------------------------------------------------------------------------- #
# Each finding of the audit, by name
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind", KINDS)
def test_finding_draw_with_ax_text_is_a_puzzle_error(kind):
    """``draw(p, ax="x")`` raised AttributeError in all 14."""
    t, puzzle, _ = sample(kind)
    with pytest.raises(PuzzleError, match="ax"):
        t.draw(puzzle, ax="x")


@pytest.mark.parametrize("kind", KINDS)
def test_finding_click_xy_at_infinity_is_a_clear_error(kind):
    """Editors' ``click_xy(inf, 0)`` said "Unexpected error (OverflowError)" in 13."""
    t, puzzle, _ = sample(kind)
    editor = t.editor(puzzle)
    with pytest.raises(PuzzleError, match="click_xy: x"):
        editor.click_xy(math.inf, 0)
    assert editor.bugs == [] and "Unexpected" not in editor.message.value


@pytest.mark.parametrize("name", ["", "CBC ", " highs", "HiGHS", "nope", 5, b"cbc"])
def test_finding_blank_and_padded_solver_names_are_refused(name):
    """``solver=""`` and ``"CBC "`` were accepted (read as the default, and as "cbc")."""
    with pytest.raises(PuzzleError, match="solver"):
        check_solver(name)
    assert check_solver(None) is None and check_solver("cbc") == "cbc" and check_solver("highs") == "highs"


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", ["", "CBC "])
def test_finding_every_solve_refuses_blank_and_padded_solver_names(kind, name):
    t, puzzle, _ = sample(kind)
    probe = Probe(kind, "solver-name")
    probe.call(f"solve(p, solver={name!r})", t.solve, puzzle, solver=name, must_refuse=True)
    probe.finish()


def test_finding_circuit_lines_text_is_refused():
    t = registry.table("circuit")
    arguments = t.Puzzle.FORMATS[0].read(t.seed_board)
    with pytest.raises(PuzzleError, match="lines"):
        t.Puzzle(**{**arguments, "lines": "x"})


def test_finding_v3ck_lines_float_is_refused():
    t = registry.table("v3ck")
    arguments = t.Puzzle.FORMATS[0].read(t.seed_board)
    with pytest.raises(PuzzleError, match="lines"):
        t.Puzzle(**{**arguments, "lines": 1.5})


@pytest.mark.parametrize("limit", ["2", -1, 0, 1.5, math.nan, True])
def test_finding_aquarium_brute_force_limit_is_checked(limit):
    """``aquarium.brute_force(limit="2")`` raised TypeError and ``limit=-1`` was accepted."""
    t, puzzle, _ = sample("aquarium")
    with pytest.raises(PuzzleError, match="limit"):
        t.brute_force(puzzle, limit=limit)
    assert len(t.brute_force(puzzle, limit=1)) == 1


@pytest.mark.parametrize("kind", KINDS)
def test_finding_every_brute_force_has_the_one_limit_guard(kind):
    """One guard in every ``brute_force``: the same message for the same mistake."""
    t, puzzle, _ = sample(kind)
    with pytest.raises(PuzzleError, match=r"^limit: -1 is below the smallest allowed value 1$"):
        t.brute_force(puzzle, limit=-1)
    with pytest.raises(PuzzleError, match=r"^limit: expected a whole number, got str '2'$"):
        t.brute_force(puzzle, limit="2")


@pytest.mark.parametrize("kind", ["slider", "knightmoves"])
def test_finding_format_solution_refuses_an_empty_answer(kind):
    t, puzzle, _ = sample(kind)
    with pytest.raises(PuzzleError, match="empty"):
        t.format_solution(puzzle, [])


@pytest.fixture(scope="module")
def slider_model():
    import puzzlelib.slider as sl

    puzzle = sl.PUZZLE.seed_puzzle()
    return puzzle, sl.build_model(puzzle)[0]


def test_finding_slackness_with_none_is_a_puzzle_error(slider_model):
    from puzzlelib.duality import slackness

    with pytest.raises(PuzzleError, match="^x: expected a dict"):
        slackness(slider_model[1], None, 5)


def test_finding_tight_arcs_with_none_is_a_puzzle_error(slider_model):
    from puzzlelib.duality import tight_arcs

    with pytest.raises(PuzzleError, match="^pi: expected a dict"):
        tight_arcs(slider_model[0], None)


def test_finding_potentials_from_duals_of_another_kind_is_a_puzzle_error():
    from puzzlelib.duality import potentials_from_duals

    with pytest.raises(PuzzleError, match="expected a slider Puzzle"):
        potentials_from_duals(registry.table("binairo").seed_puzzle(), {})


def test_finding_objective_at_refuses_missing_values(slider_model):
    """``objective_at(model, {})`` read every missing value as 0."""
    from puzzlelib.duality import objective_at, solve_lp

    _, model = slider_model
    with pytest.raises(PuzzleError, match="^x: no value for"):
        objective_at(model, {})
    x = solve_lp(model).x
    assert objective_at(model, x) == 3
    with pytest.raises(PuzzleError, match="is not a name of the model"):
        objective_at(model, {**x, "x_nowhere": 1})


def test_finding_degrees_names_a_node_out_of_range():
    from puzzlelib.complexity.reductions import degrees

    with pytest.raises(PuzzleError, match=r"edge #0 \(0, 9\)"):
        degrees(4, [(0, 9)])


def test_finding_graph_of_none_is_a_puzzle_error():
    from puzzlelib.complexity.reductions import graph_of

    with pytest.raises(PuzzleError, match="graph_of: expected a v3ck Puzzle"):
        graph_of(None)


def test_finding_circle_refuses_a_huge_size_at_once():
    from puzzlelib.complexity.reductions import circle

    start = time.perf_counter()
    with pytest.raises(PuzzleError, match="^n: "):
        circle(10 ** 9)
    assert time.perf_counter() - start < 0.5


def test_finding_growth_fit_names_an_item_that_is_no_number():
    from puzzlelib.complexity.growth import fit

    with pytest.raises(PuzzleError, match=r"sizes\[0\]: expected a number, got str 'a'"):
        fit(["a", "b", "c"], [1, 2, 3])


def test_finding_growth_boards_names_a_seed_that_is_no_number():
    from puzzlelib.complexity.growth import boards

    with pytest.raises(PuzzleError, match=r"seeds\[0\]"):
        boards("slider", [4], seeds=["x"])


def test_finding_exercises_with_a_missing_root_fails_with_a_message(tmp_path, capsys):
    """``exercises --root <missing> --check --no-run`` exited 0 silently."""
    from puzzlelib.cli import main

    missing = tmp_path / "nowhere"
    assert main(["exercises", "--root", str(missing), "--check", "--no-run"]) != 0
    assert f"no solution notebooks in {missing}" in capsys.readouterr().err
    assert main(["exercises", "--root", str(missing), "--no-run"]) != 0
    assert not (missing / "exercises").exists()


# --------------------------------------------------------------------------------------------- #
# The chapters' own libraries: duality (chapter 12) and complexity (chapter 13)
# --------------------------------------------------------------------------------------------- #
def chapter_functions() -> dict[str, object]:
    """The public functions of chapters 12 and 13's modules, by dotted name (timed and measure run
    what they are given, so they are left out)."""
    import puzzlelib.duality as du
    import puzzlelib.duality.drawing as dd
    from puzzlelib.complexity import growth as gr
    from puzzlelib.complexity import reductions as rd

    found = {}
    for module in (du, dd, rd, gr):
        names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
        for name in names:
            func = getattr(module, name)
            if inspect.isfunction(func) and func.__module__.startswith("puzzlelib.") and name not in ("timed", "measure") \
                    and (module is not dd or func.__module__ == dd.__name__):
                found[f"{module.__name__.split('.', 1)[1]}.{name}"] = func
    return found


@pytest.mark.parametrize("name", sorted(chapter_functions()))
def test_chapter_functions_under_hostile_arguments(name):
    """Each function of ``duality`` and ``complexity`` given each hostile value for every argument it
    needs: a value or our own error, never AttributeError, TypeError or a plain ValueError."""
    func = chapter_functions()[name]
    needed = [p for p in inspect.signature(func).parameters.values()
              if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    probe = Probe(name, "chapters")
    for label, bad in JUNK.items():
        probe.call(f"{name}({', '.join([label] * len(needed))})", func, *([bad] * len(needed)))
    probe.finish()
