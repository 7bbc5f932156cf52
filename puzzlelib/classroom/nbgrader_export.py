"""The course's exercises as an nbgrader course, with the same marks as ``python -m puzzlelib grade``.

    python -m puzzlelib nbgrader-export COURSE [--points points.toml] [NOTEBOOK ...]

writes ``COURSE/source/<chapter>/<chapter>.ipynb`` for every solution notebook (and a
``nbgrader_config.py``), ready for ``nbgrader generate_assignment`` and ``nbgrader autograde``:

- answer cells become nbgrader **solution cells** (our ``### BEGIN SOLUTION`` markers are nbgrader's);
  written answers become manually graded answer cells worth 0 points (as in our grader: give them
  points in nbgrader's formgrader if you mark them by hand);
- each graded check cell becomes an **autograder test cell** worth the check's points, which shows
  the check's report and ends with the points earned as its value: nbgrader reads a number as
  partial credit, computed with the points file and the vacuous baseline exactly as our grader does.

nbgrader runs the answers and the checks in one kernel, the student's: it restores the test cells'
source but not the process, so a determined student can forge its marks there. Our own grader does
not have that weakness (see :mod:`.grading`); use nbgrader for its workflow, ours for marks that
must survive a hostile submission.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import nbformat

from .exercises import BEGIN, END, MD_BEGIN, MD_END
from .grading import Grader
from .plan import check_call, sections

SCHEMA = 3


def mark(report, points: float, baseline: float = 0.0, partial: str = "above-baseline") -> float:
    """Show a check's report and return the points it earns: an nbgrader test cell's value."""
    from IPython.display import display

    from .scoring import credit

    display(report)
    return round(credit(report.status, report.score, baseline, partial) * points, 4)


def _grade_id(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")


def export_notebook(grader: Grader, name: str) -> nbformat.NotebookNode:
    """One solution notebook with nbgrader's cell metadata and test cells that return points."""
    plan = grader.plans[name]
    nb = copy.deepcopy(nbformat.read(grader.solutions / name, as_version=4))
    where = sections(nb)
    checks = {(c.exercise, c.function, c.argument): c for c in plan.checks}
    answers = 0
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        if cell.cell_type == "code" and any(line.strip() == BEGIN for line in cell.source.splitlines()):
            answers += 1
            cell.metadata["nbgrader"] = {"grade": False, "solution": True, "locked": False, "task": False,
                                         "grade_id": _grade_id(f"answer-{where[index]}-{answers}"),
                                         "schema_version": SCHEMA}
        elif cell.cell_type == "markdown" and MD_BEGIN in cell.source:
            answers += 1
            cell.source = cell.source.replace(MD_BEGIN, BEGIN).replace(MD_END, END)
            # a written answer: manually graded in nbgrader (0 points here, as in our grader; give it some)
            cell.metadata["nbgrader"] = {"grade": True, "solution": True, "locked": False, "task": False,
                                         "points": 0, "grade_id": _grade_id(f"written-{where[index]}-{answers}"),
                                         "schema_version": SCHEMA}
        elif cell.cell_type == "code" and (call := check_call(cell.source)):
            function, args = call
            check = next((checks[where[index], function, a] for a in args if (where[index], function, a) in checks), None)
            if check is None:
                continue
            exercise = grader.points.of(check.exercise)
            ids = [c.id for c in plan.exercise(check.exercise).checks]
            points = exercise.check_points(check.id, ids)
            baseline, _ = grader.calibrate(plan.exercise(check.exercise)).baselines.get(check.id, (0.0, ""))
            cell.source = (f"from puzzlelib.classroom.nbgrader_export import mark\n"
                           f"mark({check.source.strip()}, points={points:g}, baseline={baseline!r}, "
                           f"partial={exercise.partial!r})")
            cell.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "task": False,
                                         "points": points, "grade_id": _grade_id(f"check-{check.id}"),
                                         "schema_version": SCHEMA}
    nb.metadata.pop("widgets", None)
    nb.metadata.pop("jupytext", None)
    return nb


CONFIG = '''c = get_config()  # noqa: F821 - nbgrader's configuration file
c.CourseDirectory.course_id = "puzzle-ip"
c.CourseDirectory.root = "."
# Each check has its own time limit in our grader; here one cell may take this long.
c.ExecutePreprocessor.timeout = 300
'''


def export(out: Path, grader: Grader | None = None, names: list[str] | None = None) -> list[Path]:
    """Write an nbgrader course under ``out``: one assignment per chapter with graded exercises."""
    grader = grader or Grader()
    out = Path(out)
    written = []
    for name in grader.plans:
        if names and name not in names and Path(name).stem not in names:
            continue
        assignment = Path(name).stem
        target = out / "source" / assignment / name
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(export_notebook(grader, name), target)
        written.append(target)
    config = out / "nbgrader_config.py"
    if not config.exists():
        config.write_text(CONFIG, encoding="utf-8")
    return written
