"""The grader beyond one machine: shards of a class merge into one run's CSV, and one submission's
result file for Gradescope and PrairieLearn, from ``grade-one`` and from what ``make autograder``
builds, run in folders laid out as each platform lays out its container."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

import grading_class as cls
from puzzlelib import cli
from puzzlelib.classroom import autograder, platforms
from puzzlelib.core.errors import PuzzleError

STUDENTS = ["ada-right", "ben-mistakes", "cy-loop", "dee-raises", "eve-untouched"]


@pytest.fixture(scope="module")
def setting(tmp_path_factory):
    base = tmp_path_factory.mktemp("platforms")
    folder = cls.write_class(base / "class", set(STUDENTS))
    (folder / "zed-not-a-notebook.ipynb").write_text("{ this is not json")
    points = base / "points.toml"
    points.write_text((cls.ROOT / "solutions" / "points.toml").read_text().replace("time_limit = 60", "time_limit = 8"))
    return base, folder, points


def test_shards_merge_into_the_csv_of_one_run(setting):
    base, _, points = setting
    # the class without its endless loop (which waits out the time limit in each of the four runs; a
    # loop's rows are rows like any other here, and the result-file tests below grade it)
    folder = cls.write_class(base / "shards", set(STUDENTS) - {"cy-loop"})
    (folder / "zed-not-a-notebook.ipynb").write_text("{ this is not json")
    whole = base / "whole.csv"
    assert cli.main(["grade", str(folder), "--csv", str(whole), "--points", str(points), "--jobs", "2"]) == 0
    parts = []
    for k in (1, 2, 3):
        part = base / f"part{k}.csv"
        assert cli.main(["grade", str(folder), "--csv", str(part), "--points", str(points), "--jobs", "2",
                         "--shard", f"{k}/3"]) == 0
        parts.append(part)
    merged = base / "merged.csv"
    assert cli.main(["grade-merge", *map(str, parts), "--csv", str(merged)]) == 0
    assert merged.read_bytes() == whole.read_bytes()
    with pytest.raises(PuzzleError, match="missing"):
        platforms.merge(parts[:2])
    with pytest.raises(PuzzleError, match="both shard"):
        platforms.merge([parts[0], parts[0], parts[1], parts[2]])
    twin = base / "twin.csv"
    shutil.copy(parts[1], twin)
    side = json.loads((base / "part2.csv.shard.json").read_text())
    side["shard"] = 1
    (base / "twin.csv.shard.json").write_text(json.dumps(side))
    with pytest.raises(PuzzleError, match="both shard"):
        platforms.merge([parts[0], twin, parts[2]])


def test_a_shard_is_refused_when_malformed(setting):
    for text in ("3", "0/2", "3/2", "a/b", "1/0"):
        with pytest.raises(PuzzleError, match="--shard"):
            platforms.parse_shard(text)


def _valid_gradescope(result: dict) -> None:
    assert isinstance(result["score"], (int, float)) and isinstance(result["tests"], list)
    for test in result["tests"]:
        assert {"name", "score", "max_score", "output", "visibility"} <= set(test)
        assert 0 <= test["score"] <= test["max_score"] and test["visibility"] in ("visible", "hidden",
                                                                                   "after_due_date", "after_published")
    assert result["score"] == pytest.approx(sum(t["score"] for t in result["tests"]), abs=0.011)


def _valid_prairielearn(result: dict) -> None:
    assert isinstance(result["gradable"], bool) and 0 <= result["score"] <= 1
    for test in result.get("tests", []):
        assert {"name", "points", "max_points"} <= set(test) and 0 <= test["points"] <= test["max_points"]


def test_each_platforms_result_for_right_wrong_crashing_and_looping_answers(setting):
    from puzzlelib.classroom import grading

    base, folder, points = setting
    verdicts = grading.grade(folder, points=points, jobs=2)
    expected = {"ada-right": True, "ben-mistakes": False, "dee-raises": False, "cy-loop": False}
    for student, full in expected.items():
        mine = [v for v in verdicts if v.student == student]
        gs, pl = platforms.result(mine, "gradescope"), platforms.result(mine, "prairielearn")
        _valid_gradescope(gs)
        _valid_prairielearn(pl)
        most = sum(t["max_score"] for t in gs["tests"])
        assert (gs["score"] == most) is full and (pl["score"] == 1) is full
        assert pl["gradable"] and len(gs["tests"]) == 3
        if not full:
            failed = [t for t in gs["tests"] if t["status"] == "failed"]
            assert failed and all("fault codes:" in t["output"] for t in failed)
    looping = platforms.result([v for v in verdicts if v.student == "cy-loop"], "gradescope")
    assert any("time-limit" in t["output"] for t in looping["tests"])


def test_grade_one_writes_the_result_file(setting):
    base, folder, points = setting
    out = base / "ben.json"
    assert cli.main(["grade-one", str(folder / "ben-mistakes.ipynb"), "--format", "prairielearn", "--out", str(out),
                     "--points", str(points)]) == 0
    result = json.loads(out.read_text())
    _valid_prairielearn(result)
    assert result["gradable"] and 0 < result["score"] < 1


def test_grade_one_on_something_that_is_not_a_notebook(setting):
    base, folder, points = setting
    out = base / "zed.json"
    assert cli.main(["grade-one", str(folder / "zed-not-a-notebook.ipynb"), "--format", "prairielearn",
                     "--out", str(out), "--points", str(points)]) == 0
    result = json.loads(out.read_text())
    assert result["gradable"] is False and "not a notebook" in result["message"]
    assert cli.main(["grade-one", str(folder / "ada-right.ipynb"), "--format", "moodle", "--out", str(out)]) == 2


def test_make_autograder_builds_what_each_platform_runs(setting, tmp_path):
    base, folder, points = setting
    archive, prairie = autograder.build(tmp_path / "build")
    with zipfile.ZipFile(archive) as z:
        names = set(z.namelist())
        assert {"setup.sh", "run_autograder", "pyproject.toml"} <= names
        assert any(n.startswith("solutions/") for n in names) and any(n.startswith("puzzlelib/") for n in names)
        # Gradescope's layout: the zip in source/, the submission in submission/, results/ written
        root = tmp_path / "autograder"
        z.extractall(root / "source")
    shutil.copy(points, root / "source" / "solutions" / "points.toml")
    env = {**os.environ, "AUTOGRADER_ROOT": str(root), "PYTHON": sys.executable, "PUZZLELIB_PROGRESS": "0"}
    script = root / "source" / "run_autograder"
    script.chmod(0o755)
    for student, full in (("ada-right", True),):
        shutil.rmtree(root / "submission", ignore_errors=True)
        (root / "submission").mkdir()
        shutil.copy(folder / f"{student}.ipynb", root / "submission" / "Chapter 1.ipynb")
        subprocess.run(["bash", str(script)], env=env, check=True, timeout=600, capture_output=True)
        result = json.loads((root / "results" / "results.json").read_text())
        _valid_gradescope(result)
        assert (result["score"] == sum(t["max_score"] for t in result["tests"])) is full
    # PrairieLearn's layout: student/ and results/ under /grade
    shutil.copy(points, prairie / "source" / "solutions" / "points.toml")
    grade = tmp_path / "grade"
    (grade / "student").mkdir(parents=True)
    shutil.copy(folder / "ada-right.ipynb", grade / "student" / "submission.ipynb")
    env = {**os.environ, "PL_ROOT": str(grade), "PYTHON": sys.executable, "PUZZLELIB_PROGRESS": "0"}
    subprocess.run(["bash", str(prairie / "run.sh")], env=env, check=True, timeout=600, capture_output=True)
    result = json.loads((grade / "results" / "results.json").read_text())
    _valid_prairielearn(result)
    assert result["gradable"] and result["score"] == 1
    example = json.loads((prairie / "info.json.example").read_text())
    assert example["externalGradingOptions"]["entrypoint"].endswith("puzzle-ip/run.sh")
