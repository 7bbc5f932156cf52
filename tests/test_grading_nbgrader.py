"""nbgrader end to end: the exported chapter 1 goes through ``generate_assignment`` and ``autograde``,
and each student gets the points our own grader gives (partial credit included)."""

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

pytest.importorskip("nbgrader")
ASSIGNMENT = Path(cls.CHAPTER_1).stem
STUDENTS = {name: cls.CLASS[name][1] for name in ("ada-right", "ben-mistakes", "eve-untouched", "hal-constant")}


def nbgrader(course: Path, *args: str) -> None:
    env = {**os.environ, "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
           "PUZZLELIB_PROGRESS": "0"}
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    root = tmp_path_factory.mktemp("course")
    grader = grading.Grader()
    nbgrader_export.export(root, grader, [cls.CHAPTER_1])
    nbgrader(root, "generate_assignment", ASSIGNMENT, "--force")
    released = nbformat.read(root / "release" / ASSIGNMENT / cls.CHAPTER_1, as_version=4)
    for student, answers in STUDENTS.items():
        nb = copy.deepcopy(released)
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
            if grade_id.startswith("answer-"):
                number = ".".join(grade_id.split("-")[1:3])
                if number in answers:
                    cell.source = answers[number]
        target = root / "submitted" / student / ASSIGNMENT / cls.CHAPTER_1
        target.parent.mkdir(parents=True)
        nbformat.write(nb, target)
    nbgrader(root, "autograde", ASSIGNMENT, "--force")
    return root, grader


def test_nbgrader_gives_the_marks_of_our_grader(course, tmp_path):
    from nbgrader.api import Gradebook

    root, grader = course
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as book:
        theirs = {}
        for student in STUDENTS:
            notebook = book.find_submission(ASSIGNMENT, student).notebooks[0]
            theirs[student] = {g.name: g.score for g in notebook.grades if g.name.startswith("check-")}
            assert all(g.max_score > 0 for g in notebook.grades if g.name.startswith("check-"))
    ours = {}
    for student, answers in STUDENTS.items():
        path = tmp_path / f"{student}.ipynb"
        nbformat.write(cls.submission(cls.CHAPTER_1, answers, []), path)
        ours[student] = {f"check-{v.check.replace(':', '-').replace('.', '-')}": v.points
                         for v in grader.grade_file(path, student)}
    assert {s: {k: round(v, 2) for k, v in m.items()} for s, m in theirs.items()} == \
        {s: {k: round(v, 2) for k, v in m.items()} for s, m in ours.items()}
    assert sum(theirs["ada-right"].values()) > 0 and sum(theirs["eve-untouched"].values()) == 0
    assert 0 < sum(theirs["ben-mistakes"].values()) < sum(theirs["ada-right"].values())
