"""The course's exercises as an nbgrader course, with the same marks as ``python -m puzzlelib grade``.

    python -m puzzlelib nbgrader-export COURSE [--points points.toml] [NOTEBOOK ...]

writes ``COURSE/source/<chapter>/<chapter>-exercises.ipynb`` for every solution notebook (the assignment
is the chapter, ``01-thermometers``; its notebook is named as the exercise notebook of ``exercises/``),
and a ``nbgrader_config.py``, ready for ``nbgrader generate_assignment`` and ``nbgrader autograde``:

- answer cells become nbgrader **solution cells** (our ``### BEGIN SOLUTION`` markers are nbgrader's),
  ``answer-<exercise>-<k>`` for the k-th answer cell of the exercise;
- a written answer (``<!-- BEGIN SOLUTION -->`` in a markdown cell) becomes a manually graded answer
  cell of its own worth 0 points (as in our grader), ``written-<exercise>-<k>`` for the exercise the
  region sits in; the question, its ``<details>`` Hint and any following heading stay plain
  markdown cells around it (a hint is never an answer cell);
- each graded check cell becomes an **autograder test cell** worth the check's points. Its value is
  the points earned, and it does not compute them in the kernel it runs in: it starts the course's
  grader (``python -I -m puzzlelib.classroom.nbgrader_export --grade CHECK NOTEBOOK``) in a process
  of its own, which grades that exercise of the notebook's **saved file** exactly as ``grade``
  does (the answer cells only, in the sandbox, with the lecturer's setup and checks from
  ``solutions/``), and the cell reads one number back with ``(0.0).__class__`` and checks it
  against the check's points written into the cell. So nothing the notebook's code defines or
  patches in the kernel (``nbgrader_export.mark``, ``CheckReport``, ``run_check``, the checks
  module, ``sys.modules`` entries, builtins such as ``float`` and ``round``) reaches the mark.
  Where the grader has no ``solutions/`` (a student's own machine: the practice run) the cell runs
  the check in the kernel for its report and writes a note on standard error, which nbgrader reads
  as 0 points: a notebook cannot make the grader look absent to earn the kernel's own verdict.

``nbgrader_config.py`` sets ``OverwriteCells.add_missing_cells``: ``autograde`` puts a deleted test
cell back from the source, so deleting a check cell costs nothing and gains nothing.

What this does **not** stop: nbgrader runs a submission's code in a kernel, as the user who runs
``autograde``, before the test cells; code there can rewrite later cells (IPython's ``run_cell``,
input transformers, the display hook: a cell with no output is full marks to nbgrader), replace
``subprocess`` or ``sys.executable`` for the cell, ``os.chdir`` to another student's folder so that
the cell grades that notebook, or read another student's submission. nbgrader's
route is for practice and for nbgrader's workflow; marks that must survive a hostile submission come
from ``python -m puzzlelib grade`` (see :mod:`.grading`).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from pathlib import Path

import nbformat

from .exercises import BEGIN, END, HEADING, MD_BEGIN, MD_END, chapter_of, exercise_name, solution_name
from .grading import ROOT, Grader
from .plan import check_call, sections

SCHEMA = 3
#: the grader's exit status when it finds no ``solutions/``: the test cell is a practice run
PRACTICE = 3


def mark(report, points: float, baseline: float = 0.0, partial: str = "above-baseline") -> float:
    """Show a check's report and return the points it earns (what test cells used to call in the
    student's kernel; kept for notebooks exported before, and no longer used by the export)."""
    from IPython.display import display

    from .scoring import credit

    display(report)
    return round(credit(report.status, report.score, baseline, partial) * points, 4)


def _grade_id(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-")


TEST_CELL = '''\
# Exercise {exercise}, {points:g} point(s): marked by the course's grader in a process of its own, from this
# notebook's saved file (its answer cells only, as `python -m puzzlelib grade` marks them). Nothing this
# notebook's code defines or patches here reaches the mark. Where the grader has no solutions/ (your own
# machine) this cell runs the check here for practice: its note on stderr is 0 points under autograde.
import subprocess as _pip_sp, sys as _pip_sys
_pip_done = _pip_sp.run([_pip_sys.executable, "-I", "-m", "puzzlelib.classroom.nbgrader_export", "--grade", {check!r},
                         {notebook!r}{extra}], capture_output=True, text=True, timeout={timeout},
                        env={{"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}})
_pip_points = None
if _pip_done.returncode == {practice}:
    from IPython.display import display as _pip_display
    _pip_display({source})
    _pip_sys.stderr.write("practice run: marks come from the course's grader\\n")
elif _pip_done.returncode != 0:
    raise RuntimeError("the course's grader failed: " + _pip_done.stderr[-2000:])
else:
    _pip_lines = _pip_done.stdout.rstrip("\\n").split("\\n")
    _pip_points = (0.0).__class__(_pip_lines[-1])
    assert 0.0 <= _pip_points <= {points!r}, "the grader's points are outside this check's range"
    _pip_sys.stdout.write("\\n".join(_pip_lines[:-1]) + "\\n")
_pip_points'''


def _split_written(cell, exercise: str | None):
    """A markdown cell with written-answer regions as (part, exercise, is_answer) pieces: the text
    around each region (question, hint, next heading) and the region itself."""
    pieces, rest = [], cell.source
    while MD_BEGIN in rest and MD_END in rest.split(MD_BEGIN, 1)[1]:
        before, tail = rest.split(MD_BEGIN, 1)
        region, rest = tail.split(MD_END, 1)
        found = HEADING.findall(before)
        exercise = found[-1] if found else exercise
        if before.strip():
            pieces.append((before.strip("\n"), exercise, False))
        pieces.append((f"{BEGIN}\n{region.strip(chr(10))}\n{END}", exercise, True))
    if rest.strip():
        pieces.append((rest.strip("\n"), None, False))
    return pieces


def _practice_source(check_source: str) -> str:
    return check_source.strip()


def export_notebook(grader: Grader, name: str, points_file: Path | None = None) -> nbformat.NotebookNode:
    """One solution notebook with nbgrader's cell metadata and test cells that return points; ``name``
    is the solution notebook's file name or another name of its chapter (see :func:`_plan_name`)."""
    name = _plan_name(grader, name)
    plan = grader.plans[name]
    original = nbformat.read(grader.solutions / name, as_version=4)
    where = sections(original)
    checks = {(c.exercise, c.function, c.argument): c for c in plan.checks}
    counts: dict[tuple[str, str | None], int] = {}

    def number(kind: str, exercise: str | None) -> int:
        counts[kind, exercise] = counts.get((kind, exercise), 0) + 1
        return counts[kind, exercise]

    extra = ""
    if grader.solutions.resolve() != (ROOT / "solutions").resolve():
        extra += f", \"--solutions\", {str(grader.solutions.resolve())!r}"
    if points_file is not None:
        extra += f", \"--points\", {str(Path(points_file).resolve())!r}"
    cells = []
    previous = None  # the exercise of the section so far (a written answer before any heading in its cell)
    for index, cell in enumerate(original.cells):
        cell = copy.deepcopy(cell)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        if cell.cell_type == "code" and any(line.strip() == BEGIN for line in cell.source.splitlines()):
            k = number("answer", where[index])
            cell.metadata["nbgrader"] = {"grade": False, "solution": True, "locked": False, "task": False,
                                         "grade_id": _grade_id(f"answer-{where[index]}-{k}"),
                                         "schema_version": SCHEMA}
        elif cell.cell_type == "markdown" and MD_BEGIN in cell.source:
            base = cell.get("id") or f"cell{index}"
            for part, (text, exercise, answer) in enumerate(_split_written(cell, previous)):
                piece = nbformat.v4.new_markdown_cell(text)
                piece["id"] = base if part == 0 else f"{base}-{part}"[:64]
                if answer:
                    k = number("written", exercise)
                    # manually graded in nbgrader (0 points here, as in our grader; give it some there)
                    piece.metadata["nbgrader"] = {"grade": True, "solution": True, "locked": False, "task": False,
                                                  "points": 0, "grade_id": _grade_id(f"written-{exercise}-{k}"),
                                                  "schema_version": SCHEMA}
                cells.append(piece)
            previous = where[index]
            continue
        elif cell.cell_type == "code" and (call := check_call(cell.source)):
            function, args = call
            check = next((checks[where[index], function, a] for a in args if (where[index], function, a) in checks), None)
            if check is not None:
                exercise = grader.points.of(check.exercise)
                ids = [c.id for c in plan.exercise(check.exercise).checks]
                points = round(exercise.check_points(check.id, ids), 4)
                cell.source = TEST_CELL.format(exercise=check.exercise, points=points, check=check.id,
                                               notebook=exercise_name(name), extra=extra, practice=PRACTICE,
                                               timeout=int(exercise.time_limit * 3 + 300),
                                               source=_practice_source(check.source))
                cell.metadata["nbgrader"] = {"grade": True, "solution": False, "locked": True, "task": False,
                                             "points": points, "grade_id": _grade_id(f"check-{check.id}"),
                                             "schema_version": SCHEMA}
        previous = where[index]
        cells.append(cell)
    nb = copy.deepcopy(original)
    nb.cells = cells
    nb.metadata.pop("widgets", None)
    nb.metadata.pop("jupytext", None)
    return nb


CONFIG = '''c = get_config()  # noqa: F821 - nbgrader's configuration file
c.CourseDirectory.course_id = "puzzle-ip"
c.CourseDirectory.root = "."
# Each check has its own time limit in our grader; here one cell may take this long.
c.ExecutePreprocessor.timeout = 1200
# A test cell a student deleted is put back from the source before grading (it costs nothing).
c.OverwriteCells.add_missing_cells = True
'''


def export(out: Path, grader: Grader | None = None, names: list[str] | None = None,
           points_file: Path | None = None) -> list[Path]:
    """Write an nbgrader course under ``out``: one assignment per chapter with graded exercises.

    ``points_file``: the points file the grader was made with, if not ``solutions/points.toml``
    (the test cells' grader reads it)."""
    grader = grader or Grader()
    out = Path(out)
    written = []
    wanted = {chapter_of(n) for n in names} if names else None
    for name in grader.plans:
        if wanted is not None and chapter_of(name) not in wanted:
            continue
        assignment = chapter_of(name)
        target = out / "source" / assignment / exercise_name(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(export_notebook(grader, name, points_file), target)
        written.append(target)
    config = out / "nbgrader_config.py"
    if not config.exists():
        config.write_text(CONFIG, encoding="utf-8")
    return written


def _plan_name(grader: Grader, name: str | Path) -> str:
    """The solution notebook (a key of ``grader.plans``) of ``name``: that file name itself, or any name
    of its chapter: the exercise notebook as handed out (``01-thermometers-exercises.ipynb``), the
    chapter (``01-thermometers``), or a submission named as the exercises were before issue 41
    (``01-thermometers.ipynb``)."""
    name = Path(name).name
    if name in grader.plans:
        return name
    return solution_name(name)


# --------------------------------------------------------------------------------------------- #
# The grader a test cell starts
# --------------------------------------------------------------------------------------------- #
def _plain(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def _untouched(source: str, number: str) -> set[str]:
    """An answer cell as handed out: our stub (``exercises/``) or nbgrader's (``generate_assignment``)."""
    from .exercises import strip_code

    theirs, inside = [], False
    for line in source.splitlines():
        if line.strip() == BEGIN:
            inside, indent = True, line[: len(line) - len(line.lstrip())]
            theirs += [f"{indent}# YOUR CODE HERE", f"{indent}raise NotImplementedError()"]
        elif line.strip() == END:
            inside = False
        elif not inside:
            theirs.append(line)
    return {_plain(strip_code(source, number, "")), _plain("\n".join(theirs))}


def grade_check(check_id: str, notebook: Path, solutions: Path | None = None,
                points_file: Path | None = None) -> tuple[float, str]:
    """The points and message the course's grader gives check ``check_id`` of ``notebook``."""
    from .grading import answer_cells
    from .plan import read_plan
    from .scoring import read_points

    nb = nbformat.read(notebook, as_version=4)
    solutions = Path(solutions) if solutions else ROOT / "solutions"
    points = read_points(points_file if points_file else (solutions / "points.toml"
                                                          if (solutions / "points.toml").exists() else None))
    # the solution notebook of the exercise notebook as handed out (or named as before issue 41)
    source = next((solutions / n for n in (solution_name(notebook), Path(notebook).name) if (solutions / n).is_file()),
                  None)
    if source is not None:  # an exercise left as handed out is "not done" without starting the grader
        plan = read_plan(source).exercise(check_id.split(":")[0])
        answers, _ = answer_cells(nb, plan)
        stubs = [_untouched(a.source, plan.number) for a in plan.answers]
        if len(answers) == len(stubs) and all(_plain(text) in forms for (_, text), forms in zip(answers, stubs)):
            most = points.of(plan.number).check_points(check_id, [c.id for c in plan.checks])
            return 0.0, (f"{check_id}: not done, 0 of {most:g} point(s)\nExercise {plan.number} is not done yet: "
                         "its answer cell still raises NotImplementedError.")
    grader = Grader(solutions, points)
    try:
        plan = grader.plans.get(_plan_name(grader, notebook)) or grader.plan_for(nb)
        exercise = plan.exercise(check_id.split(":")[0])
        verdicts = grader.grade_exercise(nb, exercise, Path(notebook).resolve().parent.parent.name or "student",
                                         Path(notebook).name)
    finally:
        grader.close()
    verdict = next(v for v in verdicts if v.check == check_id)
    lines = [f"{verdict.check}: {verdict.status}, {verdict.points:g} of {verdict.max_points:g} point(s)"]
    lines += [line for line in (verdict.message, verdict.note) if line]
    return verdict.points, "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m puzzlelib.classroom.nbgrader_export",
                                     description="Grade one check of a notebook as an nbgrader test cell does.")
    parser.add_argument("--grade", required=True, metavar="CHECK", help="the check id, as 1.2:check_model")
    parser.add_argument("notebook")
    parser.add_argument("--solutions")
    parser.add_argument("--points")
    args = parser.parse_args(argv)
    solutions = Path(args.solutions) if args.solutions else ROOT / "solutions"
    if not solutions.is_dir():
        print(f"no solutions/ at {solutions}: a practice run", file=sys.stderr)
        return PRACTICE
    points, message = grade_check(args.grade, Path(args.notebook), solutions,
                                  Path(args.points) if args.points else None)
    print(message)
    print(json.dumps(points))
    return 0


if __name__ == "__main__":
    sys.exit(main())
