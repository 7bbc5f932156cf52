"""The notebooks as files: each paired with its MyST twin, exercises generated from solutions.

(Their outputs are checked by running them under strict nbval: see README, `make test`.)
"""

from pathlib import Path

import nbformat
import pytest

from puzzlelib.classroom import exercises
from puzzlelib.classroom.runner import out_of_sync

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for d in ("notebooks", "solutions", "exercises") for p in (ROOT / d).glob("*.ipynb"))


def test_there_are_chapters():
    names = [p.name for p in (ROOT / "notebooks").glob("*.ipynb")]
    assert "00-introduction.ipynb" in names and "01-thermometers.ipynb" in names


def test_each_notebook_says_in_its_tab_title_what_it_is():
    """JupyterLab's tab shows a notebook's file name without its folder (issue 41): a chapter, its
    exercises and their answers are NN-name, NN-name-exercises and NN-name-solutions, no two alike."""
    chapters = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    for folder in ("exercises", "solutions"):
        names = sorted(p.name for p in (ROOT / folder).glob("*.ipynb"))
        assert names == [f"{chapter}-{folder}.ipynb" for chapter in chapters], folder
    names = [p.name for p in NOTEBOOKS]
    assert len(set(names)) == len(names), sorted(n for n in names if names.count(n) > 1)


def test_exercise_names_follow_their_chapter(tmp_path):
    """Any name of a chapter leads to its exercise and solution notebooks; generating names the exercise
    notebook after its chapter, and an exercise notebook left under its old name is reported as stale."""
    import shutil

    for name in ("01-thermometers", "01-thermometers.ipynb", "notebooks/01-thermometers.md",
                 "exercises/01-thermometers-exercises.ipynb", "solutions/01-thermometers-solutions.md"):
        assert exercises.chapter_of(name) == "01-thermometers", name
        assert exercises.exercise_name(name) == "01-thermometers-exercises.ipynb", name
        assert exercises.solution_name(name) == "01-thermometers-solutions.ipynb", name
    (tmp_path / "solutions").mkdir()
    shutil.copy(ROOT / "solutions" / "01-thermometers-solutions.ipynb", tmp_path / "solutions")
    written = exercises.generate(tmp_path, run=False, names=["01-thermometers.ipynb"])
    assert [p.name for p in written] == ["01-thermometers-exercises.ipynb"]
    assert (tmp_path / "exercises" / "01-thermometers-exercises.md").exists()
    assert exercises.stale(tmp_path) == []
    shutil.copy(written[0], tmp_path / "exercises" / "01-thermometers.ipynb")  # left from before the rename
    assert exercises.stale(tmp_path) == ["01-thermometers.ipynb: has no solution notebook"]
    with pytest.raises(FileNotFoundError):
        exercises.generate(tmp_path, run=False, names=["02-logic-gates"])


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_paired_markdown_is_in_sync(path):
    assert out_of_sync(path) is None, f"{out_of_sync(path)}: run `make sync` (or python -m puzzlelib.classroom.runner {path.name})"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_committed_notebooks_were_run(path):
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert all(c.execution_count is not None for c in code), "run the notebook before committing it"
    for cell in code:
        for out in cell.outputs:
            assert out.output_type != "error", f"a cell ends in {out.get('ename')}"
            if out.output_type == "stream":
                assert out.name == "stdout", f"stderr output: {out.text[:200]}"


def test_exercises_are_generated_from_solutions():
    problems = exercises.stale(ROOT)
    assert problems == [], "; ".join(problems) + " (run `python -m puzzlelib exercises`)"


@pytest.mark.parametrize("path", sorted((ROOT / "solutions").glob("*.ipynb")), ids=lambda p: p.name)
def test_every_solution_notebook_has_three_exercises(path):
    nb = nbformat.read(path, as_version=4)
    numbers = {n for c in nb.cells if c.cell_type == "markdown" for n in exercises.HEADING.findall(c.source)}
    assert len(numbers) >= 3


def _root_conftest():
    import importlib.util

    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_kernel_that_never_answers_is_replaced_once():
    calls = []

    def flaky_start(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            raise RuntimeError("Kernel didn't respond in 60 seconds")
        return "manager", "client"

    start = _root_conftest().with_one_retry(flaky_start)
    with pytest.warns(UserWarning, match="starting a fresh kernel"):
        assert start(startup_timeout=5) == ("manager", "client")
    assert calls == [{"startup_timeout": 5}, {"startup_timeout": 5}]


def test_a_kernel_that_fails_twice_is_reported():
    def dead_start(**kwargs):
        raise RuntimeError("Kernel died before replying to kernel_info")

    start = _root_conftest().with_one_retry(dead_start)
    with pytest.warns(UserWarning), pytest.raises(RuntimeError, match="died"):
        start()


def test_nbval_starts_kernels_through_the_retry():
    import nbval.kernel

    _root_conftest()
    assert getattr(nbval.kernel.start_new_kernel, "retries_once", False)
