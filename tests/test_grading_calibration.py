"""Every exercise of every chapter, as the grader sees it: the lecturer's answer passes its own
checks in the sandbox, no answer that ignores the puzzle passes any check, every failure a check can
report has a fault code, and no function a student can reach returns an exercise's answer."""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import math
import pkgutil
import signal
from pathlib import Path

import pytest

import puzzlelib
from puzzlelib.classroom.grading import Grader
from puzzlelib.classroom.plan import read_plans

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = [(name, e.number) for name, plan in read_plans(ROOT / "solutions").items() for e in plan.exercises]


@pytest.fixture(scope="module")
def grader():
    return Grader()


@pytest.mark.parametrize("notebook,number", EXERCISES, ids=[n for _, n in EXERCISES])
def test_the_lecturers_answer_passes_and_no_vacuous_answer_does(grader, notebook, number):
    plan = grader.plans[notebook].exercise(number)
    calibration = grader.calibrate(plan)  # raises when the lecturer's answer fails a check
    for check in plan.checks:
        share, vacuous = calibration.baselines[check.id]
        assert share < 1, f"{check.id}: the vacuous answer '{vacuous}' passes every case"


def test_every_failure_a_check_reports_names_its_fault():
    missing = []
    for path in sorted((ROOT / "puzzlelib").rglob("checks.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Failure":
                if not any(k.arg == "code" for k in node.keywords):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not missing, f"Failure(...) without code=: {missing}"


# --------------------------------------------------------------------------------------------- #
# No answer in the library: call every function of the library on the checks' own arguments
# --------------------------------------------------------------------------------------------- #
LEFT_OUT = ("puzzlelib.classroom", "puzzlelib.display", "puzzlelib.cli", "puzzlelib.app", "puzzlelib.__main__",
            "puzzlelib._template")


def library_functions():
    found = {}
    for info in pkgutil.walk_packages(puzzlelib.__path__, "puzzlelib."):
        if info.name.startswith(LEFT_OUT) or info.name.endswith(("editor", "widget")):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            value = getattr(value, "__wrapped__", value)
            if inspect.isfunction(value) and value.__module__ == info.name and not name.startswith("check_"):
                found[f"{info.name}.{name}"] = value
    return found


def plain(value) -> bool:
    """Data an answer function could return: numbers, strings, and containers of them."""
    if isinstance(value, (bool, int, float, str)) or value is None:
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(plain(k) and plain(v) for k, v in value.items())
    return False


def same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and math.isclose(a, b, abs_tol=1e-9)
    return a == b


class Slow(Exception):
    pass


def call_briefly(function, args):
    """``function(*args)``, stopped by ``Slow`` after 2 s. The alarm repeats every 0.25 s after that:
    a ``Slow`` raised inside a garbage-collector callback or a ``__del__`` is ignored by Python (seen
    twice in CI logs), and one alarm alone would then let the call run on unbounded."""
    def stop(*_):
        raise Slow()

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 2, 0.25)
    try:
        return function(*copy.deepcopy(args))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_no_function_a_student_can_reach_returns_an_exercises_answer(grader):
    functions = library_functions()
    answers = []
    for notebook, number in EXERCISES:
        plan = grader.plans[notebook].exercise(number)
        calibration = grader.calibrate(plan)
        for check in plan.checks:
            calls = [(args, result) for args, result in calibration.calls.get(check.id, []) if plain(result)]
            if len(calls) < 2 or len({repr(r) for _, r in calls}) < 2:
                continue  # answers that are models, or one value for every case: nothing to compare
            for label, function in functions.items():
                try:
                    inspect.signature(function).bind(*calls[0][0])
                except TypeError:
                    continue
                try:
                    if all(same(call_briefly(function, args), result) for args, result in calls[:6]):
                        answers.append(f"{label} answers {check.id}")
                except (Exception, Slow):
                    continue
    assert not answers, answers


def test_the_student_release_has_the_searched_library_and_no_answers(tmp_path):
    """The release holds exactly the library searched above, and no guide, key, points or marker."""
    from puzzlelib.classroom import release

    out = tmp_path / "release"
    release.release(ROOT, out)
    released = {p.relative_to(out): p.read_bytes() for p in (out / "puzzlelib").rglob("*.py")}
    tracked = {Path(name): (ROOT / name).read_bytes() for name in release.tracked_files(ROOT)
               if name.startswith("puzzlelib/") and name.endswith(".py")}
    assert released == tracked
    assert not (out / "notebooks" / "guide.md").exists() and not (out / "solutions").exists()
    assert not list(out.rglob("points.toml")) and not list(out.rglob("*-key.*"))
    texts = [p for p in out.rglob("*") if p.is_file() and p.suffix in (".md", ".ipynb", ".txt")]
    assert not [p for p in texts if release.has_marker(p)]
