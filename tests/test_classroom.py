"""The classroom commands: the student release (grading: test_grading*.py; homework: test_homework.py)."""

from __future__ import annotations

from pathlib import Path

from puzzlelib.classroom import release

ROOT = Path(__file__).resolve().parents[1]


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
