"""python -m puzzlelib gradebook: the class CSV as Canvas's and Moodle's gradebook imports, and nbgrader
feedback pages from it."""

from __future__ import annotations

import csv
import io

import pytest

from puzzlelib import cli
from puzzlelib.classroom import gradebook
from puzzlelib.classroom.grading import COLUMNS
from puzzlelib.core.errors import PuzzleError


def row(student, exercise, check, points, most=2.0, status="passed", message="passed"):
    base = dict.fromkeys(COLUMNS, "")
    base.update(student=student, file=f"{student}.ipynb", exercise=exercise, check=check, status=status,
                points=f"{points:.2f}", max_points=f"{most:.2f}", message=message)
    return base


ROWS = [row("ada", "1.1", "1.1:check_warm", 2), row("ada", "1.2", "1.2:check_model", 2),
        row("ada", "10.1", "10.1:check_least", 2),
        row("ben", "1.1", "1.1:check_warm", 0.5, status="failed", message="breaks-rule:warm on board 2"),
        row("ben", "1.2", "1.2:check_model", 0, status="not done"),
        row("ben", "10.1", "10.1:check_least", 0, status="timed out"),
        row("cy", "-", "-", 0, 0, status="error")]


@pytest.fixture()
def grades(tmp_path):
    path = tmp_path / "grades.csv"
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(ROWS)
    return path


def read(path):
    return list(csv.reader(io.StringIO(path.read_text())))


def test_canvas(grades, tmp_path, capsys):
    out = tmp_path / "canvas.csv"
    assert cli.main(["gradebook", str(grades), "--format", "canvas", "--out", str(out),
                     "--assignment", "Chapter 1", "--per-exercise"]) == 0
    assert read(out) == [
        ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Chapter 1", "Chapter 1 1.1", "Chapter 1 1.2",
         "Chapter 1 10.1"],
        ["    Points Possible", "", "", "", "", "6.00", "2.00", "2.00", "2.00"],
        ["ada", "", "", "ada", "", "6.00", "2.00", "2.00", "2.00"],
        ["ben", "", "", "ben", "", "0.50", "0.50", "0.00", "0.00"],
        ["cy", "", "", "cy", "", "0.00", "0.00", "0.00", "0.00"]]
    assert "wrote" in capsys.readouterr().out


def test_moodle_with_a_roster(grades, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student,username,idnumber,email\nada,alovelace,1815,ada@uni.example\n"
                      "ben,bben,1,ben@uni.example\ncy,ccy,2,cy@uni.example\n")
    out = tmp_path / "moodle.csv"
    assert cli.main(["gradebook", str(grades), "--format", "moodle", "--out", str(out), "--roster", str(roster)]) == 0
    assert read(out) == [["Username", "ID number", "Email address", "puzzle-ip"],
                         ["alovelace", "1815", "ada@uni.example", "6.00"],
                         ["bben", "1", "ben@uni.example", "0.50"],
                         ["ccy", "2", "cy@uni.example", "0.00"]]
    roster.write_text("student,username\nada,alovelace\n")
    assert cli.main(["gradebook", str(grades), "--format", "moodle", "--out", str(out), "--roster", str(roster)]) == 2


def test_canvas_ids_from_a_roster(grades, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student,name,id,section\nada,Ada Lovelace,101,A\nben,Ben,102,A\ncy,Cy,103,B\n")
    text = gradebook.gradebook(gradebook.read_grades(grades), "canvas", roster=gradebook.read_roster(roster))
    assert text.splitlines()[2] == "Ada Lovelace,101,,,A,6.00"


def test_refusals(grades, tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("student,points\nada,1\n")
    for args, words in [([str(bad), "--format", "canvas"], "not a class CSV"),
                        ([str(tmp_path / "none.csv"), "--format", "canvas"], "cannot read"),
                        ([str(grades), "--format", "canvas", "--assignment", " "], "a name on one line")]:
        assert cli.main(["gradebook", *args, "--out", str(tmp_path / "o.csv")]) == 2
        assert words in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["gradebook", str(grades), "--format", "blackboard", "--out", str(tmp_path / "o.csv")])
    nan = tmp_path / "nan.csv"
    nan.write_text(grades.read_text().replace("2.00", "nan", 1))
    with pytest.raises(PuzzleError, match="line 2"):
        gradebook.read_grades(nan)
    roster = tmp_path / "twice.csv"
    roster.write_text("student\nada\nada\n")
    with pytest.raises(PuzzleError, match="twice-listed"):
        gradebook.read_roster(roster)


def test_nbgrader_feedback(grades, tmp_path):
    course = tmp_path / "course"
    for student in ("ada", "ben", "cy"):
        folder = course / "submitted" / student / "ch1"
        folder.mkdir(parents=True)
        (folder / "ch1.ipynb").write_text("{}")
        (folder / "timestamp.txt").write_text("2026-11-28 17:00:00.000000 UTC")
    pages = gradebook.nbgrader_feedback(grades, course, "ch1")
    assert [p.relative_to(course).as_posix() for p in pages] == [
        "feedback/ada/ch1/ch1.html", "feedback/ben/ch1/ch1.html", "feedback/cy/ch1/ch1.html"]
    ben = pages[1].read_text()
    assert "<b>0.50</b> of 6.00 points" in ben and "breaks-rule:warm on board 2" in ben
    assert (course / "feedback" / "ben" / "ch1" / "timestamp.txt").read_text().startswith("2026-11-28")
