"""The classroom commands: grading a class, homework per student, the student release."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import nbformat
import pytest

from puzzlelib import cli, registry
from puzzlelib.classroom import grading, homework, release
from puzzlelib.classroom.exercises import BEGIN, END

ROOT = Path(__file__).resolve().parents[1]
#: A quick solution notebook to grade (chapter 2's runs in seconds).
SOURCE = ROOT / "solutions" / "02-logic-gates.ipynb"


def wrong_version(nb):
    """Every answer replaced by one that returns nothing: the check must fail it, not crash."""
    nb = nbformat.from_dict(nb)
    for cell in nb.cells:
        if cell.cell_type != "code" or BEGIN not in cell.source:
            continue
        out, inside = [], False
        for line in cell.source.splitlines():
            if line.strip() == BEGIN:
                inside = True
                indent = line[: len(line) - len(line.lstrip())]
                out.append(f"{indent}return None")
            elif line.strip() == END:
                inside = False
            elif not inside:
                out.append(line)
        cell.source = "\n".join(out)
    return nb


def with_cell(nb, source: str):
    nb = nbformat.from_dict(nb)
    nb.cells.insert(2, nbformat.v4.new_code_cell(source))
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("class")
    right = nbformat.read(SOURCE, as_version=4)
    nbformat.write(right, folder / "a-right.ipynb")
    nbformat.write(wrong_version(right), folder / "b-wrong.ipynb")
    shutil.copy(ROOT / "exercises" / SOURCE.name, folder / "c-unfinished.ipynb")
    nbformat.write(with_cell(right, "raise RuntimeError('a bug in the student notebook')"), folder / "d-raises.ipynb")
    nbformat.write(with_cell(right, "while True:\n    pass"), folder / "e-endless.ipynb")
    (folder / "f-not-a-notebook.ipynb").write_text("{ this is not json")
    out = folder / "grades.csv"
    summary = folder / "summary.md"
    status = cli.main(["grade", str(folder), "--csv", str(out), "--summary", str(summary), "--timeout", "20"])
    assert status == 0
    rows = list(csv.DictReader(out.open()))
    return rows, summary.read_text()


def by_file(rows, name):
    return [r for r in rows if r["file"] == name]


def test_the_right_notebook_passes_everything(graded):
    rows, _ = graded
    right = by_file(rows, "a-right.ipynb")
    assert len(right) >= 3 and all(r["passed"] == "1" for r in right), right
    assert all(int(r["boards_passed"]) == int(r["boards_tried"]) > 0 for r in right)


def test_wrong_answers_fail_with_partial_credit_and_rules(graded):
    rows, _ = graded
    wrong = by_file(rows, "b-wrong.ipynb")
    assert wrong and all(r["passed"] == "0" and r["status"] == "failed" for r in wrong)
    assert all(r["rules"] for r in wrong)


def test_unfinished_raising_endless_and_broken_notebooks_are_marked(graded):
    rows, _ = graded
    assert {r["status"] for r in by_file(rows, "c-unfinished.ipynb")} == {"not done"}
    raises = by_file(rows, "d-raises.ipynb")
    assert all(r["notebook"].startswith("error: RuntimeError") for r in raises)
    assert all(r["passed"] == "1" for r in raises), "cells after the error still run"
    endless = by_file(rows, "e-endless.ipynb")
    assert endless and all(r["notebook"].startswith("timed out") and r["status"] == "not run" for r in endless)
    assert by_file(rows, "f-not-a-notebook.ipynb")[0]["notebook"].startswith("unreadable")


def test_the_class_summary_groups_mistakes_by_rule(graded):
    _, text = graded
    assert "6 notebooks graded." in text
    assert re.search(r"## Exercise 2\.1\n\d+ of 5 passed", text)  # the unreadable file has no exercises
    assert "f-not-a-notebook.ipynb: unreadable" in text
    assert "Mistakes, by the rule broken" in text


def test_homework_sheets_are_unique_and_recreated_from_their_seed(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("name\nAda Lovelace\nAlan Turing\n")
    out = tmp_path / "hw"
    assert cli.main(["homework", str(roster), "--kind", "circuit", "--size", "5", "--out", str(out)]) == 0
    rows = list(csv.DictReader((out / "index.csv").open()))
    assert [r["student"] for r in rows] == ["Ada Lovelace", "Alan Turing"]
    assert rows[0]["seed"] != rows[1]["seed"]
    module = registry.load("circuit")
    for row in rows:
        assert (out / row["sheet"]).stat().st_size > 1000 and (out / row["key"]).exists()
        key = (out / row["key"].replace(".png", ".txt")).read_text()
        puzzle = module.Puzzle.from_text(key.split("\n\n")[1])
        assert len(module.solutions(puzzle, limit=3)) == 1  # an independent count: exactly one
        again = homework.make_sheet("circuit", 5, row["student"], int(row["seed"]))
        assert again.puzzle.to_text() == puzzle.to_text()


def test_homework_refuses_bad_input(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    assert cli.main(["homework", str(empty), "--kind", "circuit", "--size", "5", "--out", str(tmp_path)]) == 2
    assert cli.main(["homework", "--kind", "nosuch", "--size", "5", "--seed", "1", "--out", str(tmp_path)]) == 2


def test_student_release_has_no_answers(tmp_path):
    out = tmp_path / "release"
    release.release(ROOT, out)
    assert not (out / "solutions").exists() and not (out / "tests").exists()
    assert sorted(p.name for p in (out / "exercises").glob("*.ipynb")) == \
        sorted(p.name for p in (ROOT / "exercises").glob("*.ipynb"))
    assert not any(release.has_marker(p) for p in out.rglob("*.ipynb"))
    assert "student release" in (out / "README.md").read_text()
    assert not (out / "notebooks" / "guide.md").exists(), "the guide, with its rubrics, stays with the lecturer"
    assert not [p for p in out.rglob("*") if p.suffix in (".md", ".ipynb", ".yml") and p.name != "README.md"
                and "guide.md" in p.read_text()
                or p.suffix == ".yml" and "notebooks/guide" in p.read_text()]


def test_the_notebook_runner_puts_the_environment_back(monkeypatch):
    import os

    from puzzlelib.classroom.runner import environment

    monkeypatch.setenv("PUZZLELIB_PROGRESS", "1")
    monkeypatch.delenv("PUZZLELIB_HIDDEN_SEED", raising=False)
    with environment({"PUZZLELIB_PROGRESS": "0", "PUZZLELIB_HIDDEN_SEED": "7"}):
        assert os.environ["PUZZLELIB_PROGRESS"] == "0" and os.environ["PUZZLELIB_HIDDEN_SEED"] == "7"
    assert os.environ["PUZZLELIB_PROGRESS"] == "1" and "PUZZLELIB_HIDDEN_SEED" not in os.environ


def test_student_release_default_root_is_the_checkout(tmp_path, monkeypatch):
    monkeypatch.setattr(release, "release", lambda root, out: [root])
    assert release.main([str(tmp_path / "r")]) == 0
    assert (Path(release.__file__).resolve().parents[2] / "pyproject.toml").exists()
