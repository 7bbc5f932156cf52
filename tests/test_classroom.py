"""The classroom commands: homework per student, the student release (grading: test_grading*.py)."""

from __future__ import annotations

import csv
from pathlib import Path

from puzzlelib import cli, registry
from puzzlelib.classroom import homework, release

ROOT = Path(__file__).resolve().parents[1]


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
