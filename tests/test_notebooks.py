"""The notebooks as files: each paired with its MyST twin, exercises generated from solutions.

(Their outputs are checked by running them under strict nbval: see README, `make test`.)
"""

from pathlib import Path

import nbformat
import pytest

from puzzlelib import exercises
from puzzlelib.notebooks import out_of_sync

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for d in ("notebooks", "solutions", "exercises") for p in (ROOT / d).glob("*.ipynb"))


def test_there_are_chapters():
    names = [p.name for p in (ROOT / "notebooks").glob("*.ipynb")]
    assert "00-introduction.ipynb" in names and "01-thermometers.ipynb" in names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_paired_markdown_is_in_sync(path):
    assert out_of_sync(path) is None, f"{out_of_sync(path)}: run `make sync` (or python -m puzzlelib.notebooks {path.name})"


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
