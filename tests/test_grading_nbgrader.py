"""nbgrader end to end: the exported chapter 1 goes through ``generate_assignment`` and ``autograde``,
and each student gets the points our own grader gives (partial credit included); forging lines in a
notebook (the one the issue named and its variants) gain nothing, a deleted check cell costs nothing,
and hints stay hints."""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

import grading_class as cls
from puzzlelib.classroom import grading, nbgrader_export
from puzzlelib.classroom.exercises import chapter_of

pytest.importorskip("nbgrader")
ASSIGNMENT = chapter_of(cls.CHAPTER_1)  # 01-thermometers; its notebook: cls.CHAPTER_1

#: forging cells a student puts right after the setup cell (so they run before every test cell)
FORGE_MARK = "import puzzlelib.classroom.nbgrader_export\npuzzlelib.classroom.nbgrader_export.mark = lambda r, points, **k: points\n"
FORGE_REPORT = cls.FORGER_CELLS[1] + '''import puzzlelib.classroom.grading as g
g.Grader.run_check = lambda self, plan, check, answer: fc.CheckReport(check.exercise, "x", total_boards=1, passed_boards=1)
g.credit = lambda *a, **k: 1.0
import puzzlelib.classroom.scoring as s
s.credit = lambda *a, **k: 1.0
'''
#: (float, min or max replaced stop the kernel itself: autograde then only waits for its timeout)
FORGE_BUILTINS = '''import builtins
builtins.round = builtins.sum = builtins.abs = lambda *a, **k: 2.0
'''
FORGE_MODULES = '''import sys, types
_full = lambda *a, **k: 2.0
sys.modules["puzzlelib.thermometer.checks"] = types.SimpleNamespace(check_warm=_full, check_model=_full, check_count=_full)
checks = sys.modules["puzzlelib.thermometer.checks"]
sys.modules["puzzlelib.classroom.nbgrader_export"] = types.SimpleNamespace(mark=_full, main=_full)
sys.modules["puzzlelib.classroom.grading"] = types.SimpleNamespace()
'''
#: the forging lines inside the answer cell itself (they run in the grader's sandbox: nothing there counts)
WARM_FORGING = FORGE_MARK + FORGE_REPORT + cls.WARM_NO_BULB

#: student -> (answers, forging cells, check cells to delete); marks expected: our grader's on `answers`
STUDENTS = {
    "ada-right": ({"1.1": cls.WARM_RIGHT, "1.2": cls.FIXED_RIGHT, "1.3": cls.COUNT_RIGHT}, [], []),
    "ben-mistakes": ({"1.1": cls.WARM_NO_BULB, "1.2": cls.FIXED_SHORT, "1.3": cls.COUNT_OFF_BY_ONE}, [], []),
    "eve-untouched": ({}, [], []),
    "hal-constant": ({"1.1": cls.WARM_RIGHT, "1.2": cls.FIXED_RIGHT, "1.3": cls.COUNT_ONE}, [], []),
    "del-right": ({"1.1": cls.WARM_RIGHT, "1.2": cls.FIXED_RIGHT, "1.3": cls.COUNT_RIGHT}, [],
                  ["check-1-1-check_warm", "check-1-3-check_count"]),
    "mal-mark": ({"1.1": cls.WARM_NO_BULB, "1.2": cls.FIXED_SHORT, "1.3": cls.COUNT_OFF_BY_ONE}, [FORGE_MARK], []),
    "mal-report": ({}, [FORGE_REPORT], []),
    "mal-builtins": ({}, [FORGE_BUILTINS], []),
    "mal-modules": ({}, [FORGE_MODULES], []),
    "mal-answer": ({"1.1": WARM_FORGING}, [], []),
}


def nbgrader(course: Path, *args: str) -> str:
    env = {**os.environ, "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
           "PUZZLELIB_PROGRESS": "0"}
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
                          text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    grader = grading.Grader()
    nbgrader_export.export(root, grader, [cls.CHAPTER_1])
    nbgrader(root, "generate_assignment", ASSIGNMENT, "--force")
    released = nbformat.read(root / "release" / ASSIGNMENT / cls.CHAPTER_1, as_version=4)
    for student, (answers, forging, deleted) in STUDENTS.items():
        nb = copy.deepcopy(released)
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
            if grade_id.startswith("answer-"):
                number = ".".join(grade_id.split("-")[1:3])
                if number in answers:
                    cell.source = answers[number]
        first = next(i for i, c in enumerate(nb.cells) if c.cell_type == "code")
        nb.cells[first + 1:first + 1] = [nbformat.v4.new_code_cell(f) for f in forging]
        nb.cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") not in deleted]
        target = root / "submitted" / student / ASSIGNMENT / cls.CHAPTER_1
        target.parent.mkdir(parents=True)
        nbformat.write(nb, target)
    log = nbgrader(root, "autograde", ASSIGNMENT, "--force", "--ExecutePreprocessor.timeout=600")
    return root, grader, log


def marks(root: Path) -> dict[str, dict[str, float]]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as book:
        theirs = {}
        for student in STUDENTS:
            notebook = book.find_submission(ASSIGNMENT, student).notebooks[0]
            theirs[student] = {g.name: round(g.score, 2) for g in notebook.grades if g.name.startswith("check-")}
            assert all(g.max_score > 0 for g in notebook.grades if g.name.startswith("check-"))
    return theirs


def ours(grader, tmp_path, answers) -> dict[str, float]:
    path = tmp_path / "mine.ipynb"
    nbformat.write(cls.submission(cls.CHAPTER_1, answers, []), path)
    return {f"check-{v.check.replace(':', '-').replace('.', '-')}": round(v.points, 2)
            for v in grader.grade_file(path, "me")}


def test_nbgrader_gives_the_marks_of_our_grader(course, tmp_path):
    root, grader, _ = course
    theirs = marks(root)
    for student in ("ada-right", "ben-mistakes", "eve-untouched", "hal-constant"):
        assert theirs[student] == ours(grader, tmp_path, STUDENTS[student][0]), student
    assert sum(theirs["ada-right"].values()) > 0 and sum(theirs["eve-untouched"].values()) == 0
    assert 0 < sum(theirs["ben-mistakes"].values()) < sum(theirs["ada-right"].values())


def test_forging_lines_gain_nothing(course, tmp_path):
    """The issue's line (``nbgrader_export.mark = lambda r, points, **k: points``) and its variants:
    CheckReport and run_check patched, builtins replaced, sys.modules entries faked, and the same
    lines inside an answer cell: each forger gets exactly what its answers earn (nothing, or the
    wrong answer's marks)."""
    root, grader, _ = course
    theirs = marks(root)
    for student in ("mal-report", "mal-builtins", "mal-modules"):
        assert sum(theirs[student].values()) == 0, (student, theirs[student])
    assert theirs["mal-mark"] == theirs["ben-mistakes"]  # the line beside wrong answers: their marks
    assert theirs["mal-answer"] == ours(grader, tmp_path, {"1.1": cls.WARM_NO_BULB}), theirs["mal-answer"]
    assert theirs["mal-answer"]["check-1-1-check_warm"] < 2


def test_the_old_export_was_forged_by_one_line(tmp_path):
    """What the issue found, kept as a record: the old test cell called ``mark`` in the kernel."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.run_cell(FORGE_MARK)
    try:
        result = shell.run_cell("from puzzlelib.classroom.nbgrader_export import mark\nmark(None, points=2)")
        assert result.result == 2  # the old cell's value: full marks for a check never run
    finally:
        import importlib

        importlib.reload(nbgrader_export)


def test_a_deleted_check_cell_costs_nothing(course):
    root, _, log = course
    theirs = marks(root)
    assert theirs["del-right"] == theirs["ada-right"] and sum(theirs["del-right"].values()) == 6
    assert "Missing grade cell check-1-1-check_warm" in log
    feedback = nbformat.read(root / "autograded" / "del-right" / ASSIGNMENT / cls.CHAPTER_1, as_version=4)
    ids = [c.metadata.get("nbgrader", {}).get("grade_id") for c in feedback.cells]
    assert "check-1-1-check_warm" in ids and "check-1-3-check_count" in ids


def test_hints_stay_hints(tmp_path):
    """Written answers are cells of their own, numbered by the exercise they answer; the question and
    its <details> Hint stay plain markdown (12.1's hint sits in the cell that opens 12.2)."""
    grader = grading.Grader()
    for name in grader.plans:  # every chapter: one test cell per graded check, grade ids unique
        nb = nbgrader_export.export_notebook(grader, name)
        ids = [c.metadata.nbgrader.grade_id for c in nb.cells if "nbgrader" in c.metadata]
        assert len(ids) == len(set(ids)), name
        assert sum(i.startswith("check-") for i in ids) == len(grader.plans[name].checks), name
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if "<details>" in cell.source:
                assert not meta, cell.source[:80]
            if meta.get("grade_id", "").startswith("written-"):
                assert cell.source.startswith("### BEGIN SOLUTION") and cell.source.endswith("### END SOLUTION")
        nbformat.validate(nb)
    nb = nbgrader_export.export_notebook(grader, "12-duality-solutions.ipynb")
    written = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id", "").startswith("written-")]
    assert [c.metadata.nbgrader.grade_id for c in written] == ["written-12-1-1", "written-12-2-1", "written-12-3-1"]
    assert "It uses the counts of rows 0 and 1" in written[0].source
    assert len({c.id for c in nb.cells}) == len(nb.cells)


def test_practice_run_without_solutions(tmp_path):
    """Where the grader finds no solutions/ (a student's machine) it says so with its own exit status,
    and the test cell then runs the check in the kernel for its report (stderr: 0 points)."""
    done = subprocess.run([sys.executable, "-I", "-m", "puzzlelib.classroom.nbgrader_export", "--grade",
                           "1.1:check_warm", "x.ipynb", "--solutions", str(tmp_path / "none")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == nbgrader_export.PRACTICE and "practice" in done.stderr


def test_practice_cell_runs_the_check_in_the_kernel(tmp_path):
    """A test cell where the grader has no solutions/ (exported from a copy since removed, as on a
    student's machine): the check's report shows, a note goes to stderr, and the cell has no value."""
    import shutil

    from nbclient import NotebookClient

    copy_of = tmp_path / "solutions"
    shutil.copytree(grading.ROOT / "solutions", copy_of)
    nb = nbgrader_export.export_notebook(grading.Grader(copy_of), cls.CHAPTER_1)
    shutil.rmtree(copy_of)
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == "answer-1-1-1":
            cell.source = cls.WARM_RIGHT
    first_check = next(i for i, c in enumerate(nb.cells)
                       if c.metadata.get("nbgrader", {}).get("grade_id") == "check-1-1-check_warm")
    nb.cells = nb.cells[:first_check + 1]
    NotebookClient(nb, timeout=300, resources={"metadata": {"path": str(tmp_path)}}).execute()
    outputs = nb.cells[first_check].outputs
    assert any(o.output_type == "stream" and o.name == "stderr" and "practice run" in o.text for o in outputs)
    assert not any(o.output_type == "execute_result" for o in outputs)
    assert "passed" in str([o.get("data", {}) for o in outputs if o.output_type == "display_data"]).lower()
