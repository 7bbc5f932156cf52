"""Grading a class (chapters 1 and 10): right answers, typical mistakes, a loop, a crash, an untouched
notebook, cheats that call the checks' oracles or the library, and a forger. Each must get the mark a
lecturer would give; nothing a student's code does in its own process may change a verdict."""

from __future__ import annotations

import csv
import pickle
import re

import nbformat
import pytest

import grading_class as cls
from puzzlelib import cli
from puzzlelib.classroom import grading, sandbox, scoring
from puzzlelib.classroom.exercises import solution_name
from puzzlelib.core.errors import PuzzleError


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = cls.write_class(tmp_path_factory.mktemp("class"))
    (folder / "zed-not-a-notebook.ipynb").write_text("{ this is not json")
    out, summary = folder.parent / "grades.csv", folder.parent / "summary.md"
    # the course's points, with a shorter time limit so that the two endless loops cost less waiting
    points = folder.parent / "points.toml"
    points.write_text((cls.ROOT / "solutions" / "points.toml").read_text().replace("time_limit = 60", "time_limit = 20"))
    status = cli.main(["grade", str(folder), "--csv", str(out), "--summary", str(summary), "--hidden-seed", "11",
                       "--points", str(points)])
    assert status == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    return rows, summary.read_text(encoding="utf-8")


def mark(row) -> str:
    points, most = float(row["points"]), float(row["max_points"])
    assert 0 <= points <= most and most > 0
    return cls.FULL if points == most else cls.ZERO if points == 0 else cls.PARTIAL


def test_every_student_gets_the_mark_a_lecturer_would_give(graded):
    rows, _ = graded
    got = {(r["student"], r["exercise"]): mark(r) for r in rows if r["exercise"] != "-"}
    want = {(s, e): m for s, marks in cls.EXPECTED.items() for e, m in marks.items()}
    wrong = {key: (got.get(key), m) for key, m in want.items() if got.get(key) != m}
    assert not wrong, f"(student, exercise): (given, expected): {wrong}"


def test_the_forger_and_every_cheat_score_zero_on_what_they_cheat(graded):
    rows, _ = graded
    for student in ("gus-forger", "gus-forger-10", "fay-cheats", "fay-cheats-10", "ivy-library"):
        mine = [r for r in rows if r["student"] == student]
        assert mine and all(float(r["points"]) == 0 and r["status"] != "passed" for r in mine), mine
    cheats = {r["exercise"]: r["codes"] for r in rows if r["student"] == "fay-cheats"}
    assert "calls-library:checks.warm_fillings" in cheats["1.1"]
    assert "calls-library:th.build_model" in cheats["1.2"]
    assert "calls-library:checks.true_fillings" in cheats["1.3"]
    cheats = {r["exercise"]: r["codes"] for r in rows if r["student"] == "fay-cheats-10"}
    assert "calls-library:pulp." in cheats["10.2"] or "calls-library:pulp.LpProblem.solve" in cheats["10.2"]
    assert cheats["10.3"].startswith(("calls-library:checks.", "raised-exception:AttributeError"))
    stolen = {r["exercise"]: r for r in rows if r["student"] == "kim-steals"}
    # the sandbox's root has no course in it: the lecturer's notebook is not there to read
    assert re.search(r"FileNotFoundError|PermissionError", stolen["1.1"]["note"]) and float(stolen["1.1"]["points"]) == 0
    assert float(stolen["1.3"]["points"]) == 0
    highs = next(r for r in rows if r["student"] == "jo-highspy-10" and r["exercise"] == "10.2")
    assert float(highs["points"]) == 0 and "calls-library:highspy.Highs" in highs["codes"]


def test_a_verdict_belongs_to_its_exercise(graded):
    rows, _ = graded
    row = {(r["student"], r["exercise"]): r for r in rows}
    loop = row["cy-loop-10", "10.1"]
    assert loop["status"] == "timed out" and loop["codes"] == "time-limit"
    assert row["cy-loop-10", "10.2"]["status"] == row["cy-loop-10", "10.3"]["status"] == "passed"
    syntax = row["dee-raises", "1.2"]
    assert syntax["status"] == "error" and syntax["codes"] == "does-not-compile"
    assert re.search(r"does not compile: SyntaxError on line \d+", syntax["message"]), syntax["message"]
    assert row["dee-raises", "1.3"]["status"] == "passed"
    assert row["dee-raises", "1.1"]["codes"].startswith("raised-exception:NameError")
    assert row["eve-untouched", "1.1"]["status"] == "not done"


def test_vacuous_answers_earn_nothing_and_honest_partial_answers_earn_something(graded):
    rows, _ = graded
    row = {(r["student"], r["exercise"]): r for r in rows}
    constant = row["hal-constant", "1.3"]
    assert float(constant["points"]) == 0 and int(constant["cases_passed"]) > 0
    assert "ignores the puzzle" in constant["note"]
    honest = row["ben-mistakes", "1.3"]
    assert 0 < float(honest["points"]) < float(honest["max_points"])
    assert float(row["ben-mistakes-10", "10.1"]["points"]) == 0  # the first candidate
    assert float(row["ben-mistakes-10", "10.3"]["points"]) == 0  # a cut that restates a row


def test_the_csv_carries_points_messages_and_fault_codes(graded):
    rows, _ = graded
    assert list(rows[0]) == list(grading.COLUMNS)
    wrong = [r for r in rows if r["status"] == "failed"]
    assert wrong and all(r["codes"] and r["message"] for r in wrong)
    assert all(re.fullmatch(r"\d+\.\d\d", r["points"]) for r in rows)
    assert {r["check"] for r in rows if r["student"] == "ada-right"} == {
        "1.1:check_warm", "1.2:check_model", "1.3:check_count"}
    broken = [r for r in rows if r["student"] == "zed-not-a-notebook"]
    assert broken and broken[0]["codes"] == "unreadable-notebook"


def test_the_summary_groups_failures_by_fault_code_with_the_students(graded):
    _, text = graded
    section = text.split("## 1.1:check_warm")[1].split("## ")[0]
    assert re.search(r"- `breaks-rule:[\w-]+` x 1: ben-mistakes", section), section
    assert re.search(r"- `time-limit` x 1: cy-loop\n", section)
    counts = [int(n) for n in re.findall(r"` x (\d+):", section)]
    assert counts == sorted(counts, reverse=True)
    assert "| ada-right |" in text and "zed-not-a-notebook" in text


def test_answer_cells_are_found_without_their_ids():
    nb = cls.submission(cls.CHAPTER_1, {"1.1": cls.WARM_RIGHT}, [])
    for cell in nb.cells:
        cell.pop("id", None)
    nb.nbformat_minor = 4
    plan = grading.read_plans(cls.ROOT / "solutions")[solution_name(cls.CHAPTER_1)].exercise("1.1")
    cells, _ = grading.answer_cells(nb, plan)
    assert [label for label, _ in cells] == ["answer cell"] and "warm_model" in cells[0][1]


@pytest.mark.parametrize("name", [cls.CHAPTER_1, "01-thermometers.ipynb"], ids=["as-handed-out", "before-issue-41"])
def test_a_submission_named_as_its_exercise_notebook_finds_its_solution(tmp_path, monkeypatch, name):
    """Students hand in the exercise notebook under its name as handed out (01-thermometers-exercises.ipynb,
    issue 41: every tab title says what is open) or the name it had before (01-thermometers.ipynb). The
    nbgrader test cell's grader finds the solution notebook by that name, so an untouched exercise is
    "not done" without starting a grader (``grade`` itself knows the chapter from the headings)."""
    from puzzlelib.classroom import nbgrader_export

    def no_grader(*args, **kwargs):
        raise AssertionError(f"{name}: its solution notebook was not found by name")

    monkeypatch.setattr(nbgrader_export, "Grader", no_grader)
    path = tmp_path / "ada" / "01-thermometers" / name
    path.parent.mkdir(parents=True)
    path.write_bytes((cls.ROOT / "exercises" / cls.CHAPTER_1).read_bytes())
    points, message = nbgrader_export.grade_check("1.1:check_warm", path)
    assert points == 0.0 and "not done" in message, message


def test_nbgrader_export_names_the_notebook_as_the_exercises(tmp_path):
    """The assignment is the chapter; its notebook, and the file its test cells grade, is named as the
    exercise notebook of exercises/ (whatever name of the chapter the lecturer gives)."""
    from puzzlelib.classroom import nbgrader_export

    grader = grading.Grader()
    for name in ("01-thermometers", "01-thermometers.ipynb", "solutions/01-thermometers-solutions.ipynb"):
        written = nbgrader_export.export(tmp_path / "course", grader, [name])
        assert written == [tmp_path / "course" / "source" / "01-thermometers" / cls.CHAPTER_1], written
    nb = nbformat.read(written[0], as_version=4)
    tests = [c.source for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id", "").startswith("check-")]
    assert tests and all(repr(cls.CHAPTER_1) in source for source in tests)


def test_a_student_helper_cell_counts_only_for_its_definitions():
    source = "import math\nHELP = 3\ndef helper(v):\n    return v\nprint(helper(HELP))\nwhile True:\n    pass\n"
    kept = grading.definitions_only(source)
    assert "def helper" in kept and "HELP = 3" in kept and "while" not in kept and "print" not in kept


def test_the_grader_reads_only_data_from_the_students_process():
    import math

    from puzzlelib.classroom import wire

    value = {"a": [1, 2.5, "x", (True, None)], (1, 2): {3, 4}, "big": 10**30, "nan": math.nan}
    back = wire.decode(wire.encode(value, {}), {})
    assert back["a"] == value["a"] and back[1, 2] == {3, 4} and back["big"] == 10**30 and math.isnan(back["nan"])
    for data in [pickle.dumps(getattr), b'["O", "os", "system", ["T", "x", 1]]', b'["X", 1]', b'{"kind": 1}',
                 b'["O", "puzzlelib.classroom.grading", "Grader"]', b"[" * 100000, b'["I", "' + b"9" * 5000 + b'"]']:
        with pytest.raises(wire.Unreadable):
            wire.decode(data, {})


def test_the_points_file_is_checked(tmp_path):
    path = tmp_path / "points.toml"
    for text, fault in [('[defaults]\npoints = -1\n', "points"), ('[defaults]\npartial = "some"\n', "partial"),
                        ('[exercise."1.1"]\ntime_limit = "fast"\n', "time_limit"), ("[marks]\n", "unknown section"),
                        ('[exercise."1.1"]\nbonus = 1\n', "unknown key"), ("points = [", "not a TOML file")]:
        path.write_text(text)
        with pytest.raises(PuzzleError, match=fault):
            scoring.read_points(path)
    points = scoring.read_points(cls.ROOT / "solutions" / "points.toml")
    assert points.of("10.3").points == 3 and points.of("10.3").partial == "none"
    assert points.of("1.1").points == points.defaults.points


def test_credit_is_the_share_beyond_the_vacuous_baseline():
    assert scoring.credit("passed", 0.2, 0.9, "none") == 1
    assert scoring.credit("failed", 0.5, 0.5, "above-baseline") == 0
    assert scoring.credit("failed", 0.75, 0.5, "above-baseline") == pytest.approx(0.5)
    assert scoring.credit("failed", 0.75, 0.5, "none") == 0
    assert scoring.credit("not done", 0, 0, "above-baseline") == 0
    shares = scoring.ExercisePoints(4, 60, "none", {"a": 3, "b": 1})
    assert shares.check_points("a", ["a", "b"]) == 3 and shares.check_points("b", ["a", "b"]) == 1


def test_a_notebook_of_no_known_chapter_is_reported(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("## Exercise 77.1: nothing")])
    path = tmp_path / "odd.ipynb"
    nbformat.write(nb, path)
    [verdict] = grading.Grader().grade_file(path)
    assert verdict.codes == ["unknown-notebook"] and verdict.points == 0
