"""Grading a class: the lecturer's checks on the students' answers, marks the lecturer can defend.

    python -m puzzlelib grade DIR --csv grades.csv [--summary summary.md] [--points points.toml]
                                  [--hidden-seed N] [--solutions solutions/]

From each submitted notebook the grader takes **only the answer cells** (found by the cell ids the
exercise notebooks carry, else by the names they define in the exercise's section) and, per
exercise, runs them in a fresh process of their own (:mod:`.sandbox`) after the lecturer's setup
cells from ``solutions/``. The checks, also from ``solutions/``, run in the grader's process and
call the student's functions across the process boundary; the verdict never passes through the
student's process. A cell that does not compile, a loop or a crash costs its exercise only.

Each check's verdict has its id (``1.2:check_model``), its status, the points it earns under the
points file (:mod:`.scoring`: weighted cases, nothing for what a vacuous answer also gets), the
check's message and its fault codes. The class summary groups the failures of each check by fault
code, most common first, with the students in each group.

Before grading, every exercise is calibrated: the lecturer's own answer must pass its checks (else
grading stops, naming the check), and the vacuous answers' best share becomes the baseline.
"""

from __future__ import annotations

import ast
import csv
import os
import re
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from ..core.errors import PuzzleError
from ..feedback.checks import HIDDEN_SEED, CheckReport, ForbiddenCall
from .exercises import HEADING
from .plan import ExercisePlan, NotebookPlan, defined_names, read_plans, sections
from . import isolation, snapshot
from .runner import environment
from .sandbox import (ExerciseTimedOut, Master, Sandbox, SandboxDied, StudentFunction, UnreadableResult, Zygote,
                      workroot)
from .scoring import Points, credit, read_points, vacuous_answers

COLUMNS = ("student", "file", "exercise", "check", "status", "points", "max_points", "cases_passed",
           "cases_total", "codes", "message", "note")
ROOT = Path(__file__).resolve().parents[2]


class GraderError(PuzzleError):
    """Grading cannot be trusted as set up (the lecturer's own answer fails, files changed)."""


@dataclass
class Verdict:
    """One check of one submission."""

    student: str
    file: str
    exercise: str
    check: str
    status: str  # passed, failed, not done, missing, error, timed out
    points: float = 0.0
    max_points: float = 0.0
    cases_passed: int = 0
    cases_total: int = 0
    codes: list[str] = field(default_factory=list)
    message: str = ""
    note: str = ""

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def row(self) -> dict:
        return {"student": self.student, "file": self.file, "exercise": self.exercise, "check": self.check,
                "status": self.status, "points": f"{self.points:.2f}", "max_points": f"{self.max_points:.2f}",
                "cases_passed": self.cases_passed, "cases_total": self.cases_total,
                "codes": " ".join(dict.fromkeys(self.codes)), "message": self.message, "note": self.note}


@dataclass
class Calibration:
    forbid: list[tuple[str, str, str]]
    baselines: dict[str, tuple[float, str]]  # check id -> (best vacuous share, which answer)
    calls: dict[str, list] = field(default_factory=dict)  # check id -> the lecturer's answer's (args, result)


#: calibrations already made in this process, by the hash of what they depend on
_CALIBRATED: dict[str, "Calibration"] = {}


class _NoMagic:
    """``get_ipython()`` for the lecturer's setup cells run in the grader: magics do nothing here."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


class Grader:
    """Grades submissions against the plans of one ``solutions/`` folder."""

    def __init__(self, solutions: Path | None = None, points: Points | None = None,
                 hidden_seed: int | None = None, guard: bool | None = None, shared: tuple | None = None):
        """``shared``: (calibrations, workdir) of the grader that started this one as a worker."""
        if guard is None:  # PUZZLELIB_GRADE_GUARD=0 for developers editing the library while grading
            guard = os.environ.get("PUZZLELIB_GRADE_GUARD", "1") != "0"
        self.guard = guard  # stop when the library or solutions change under the grader
        self.solutions = Path(solutions) if solutions else ROOT / "solutions"
        if not self.solutions.is_dir():
            raise GraderError(f"{self.solutions}: no solutions folder (the lecturer's notebooks)")
        self.plans = read_plans(self.solutions)
        if points is None:
            default = self.solutions / "points.toml"
            points = read_points(default if default.exists() else None)
        self.points = points
        self.hidden_seed = hidden_seed
        self._namespaces: dict[tuple[str, str], dict] = {}
        self._calibrations: dict[tuple[str, str], Calibration] = {}
        self._fingerprint: dict[str, tuple[int, int]] = {}
        self.how = isolation.mode()
        self.slot = 0  # which of the parallel workers this is: each has sandbox uids of its own
        self.run = os.getpid()  # the grading run (its first process), which the uids are counted from
        self._workdir: Path | None = None
        self._owner = shared is None  # a worker uses its parent's copies and leaves them to it
        if shared is not None:
            self._calibrations = dict(shared[0])
            self._workdir = Path(shared[1])
            self.run = shared[2]
        self._zygotes: dict[tuple, Zygote] = {}  # the warm processes kept (the newest few)
        self._master: Master | None = None
        self._masters: list[Master] = []  # every one started, for the cleanup at exit
        self.tampered: list[str] = []  # what changed under the grader, and while grading whom

    # -- warm processes and the library copies they import --------------------------------------
    def workdir(self) -> Path:
        if self._workdir is None:
            import weakref

            self._workdir = Path(tempfile.mkdtemp(prefix=f"run-{os.getpid()}-", dir=workroot()))
            # gone with the grader even when nobody calls close (a test, an interrupted run)
            weakref.finalize(self, _cleanup, self._zygotes, self._workdir, self._masters)
        return self._workdir

    def zygote(self, plan: ExercisePlan) -> Zygote:
        """The warm process of ``plan`` (started when first needed; the lecturer's calibration and every
        student's sandbox fork from the same one)."""
        key = (plan.notebook, plan.number)
        zygote = self._zygotes.get(key)
        if zygote is not None and zygote.alive():
            return zygote
        if zygote is not None:
            self._zygotes.pop(key).close()
        while len(self._zygotes) >= 2:  # grading goes exercise by exercise: keep the last two warm
            self._zygotes.pop(next(iter(self._zygotes))).close()
        folder = Path(tempfile.mkdtemp(prefix="zygote-", dir=self.workdir()))
        zygote = Zygote(plan.setup, plan.mentions, [], self.library(), folder, private=[str(self.solutions)],
                        how=self.how, master=self.master())
        if zygote.report.get("setup_error"):
            zygote.close()
            raise GraderError(f"{plan.notebook}, Exercise {plan.number}: the lecturer's setup cells fail in the "
                              f"grader's sandbox: {zygote.report['setup_error']}")
        self._zygotes[key] = zygote
        return zygote

    def master(self) -> Master:
        """The warm process that imported the library once, for this grader (a worker has its own)."""
        if self._master is None or not self._master.alive():
            self._master = Master(self.library(), Path(tempfile.mkdtemp(prefix="master-", dir=self.workdir())))
            self._masters.append(self._master)
        return self._master

    def mask(self, plan: ExercisePlan, forbid: list[tuple[str, str, str]]) -> Path:
        """The copy of the library a sandbox of ``plan`` sees: without ``forbid`` and the checks' oracles."""
        keep = plan.mentions | setup_names(plan.setup)  # what the answer may use, and what the setup calls
        return snapshot.build(self.workdir() / f"lib-{snapshot.key(forbid, keep)}", forbid, keep)

    def library(self) -> Path:
        """The grader's own copy of the whole library, taken once: what every warm process imports
        (so a change to the course while grading changes nothing here)."""
        folder = self.workdir() / "library"
        if not (folder / "puzzlelib").exists():
            snapshot.build(folder, [], None)
        return folder

    def sandbox(self, plan: ExercisePlan, answers, forbid, time_limit: float) -> Sandbox:
        return Sandbox(self.zygote(plan), answers, forbid, time_limit,
                       uid=isolation.uid_for(self.slot, self.run) if self.how == "uid" else None,
                       limits=isolation.Limits(cpu_seconds=int(time_limit) * 2 + 10,
                                               processes=isolation.process_limit(self.how)),
                       mask=self.mask(plan, forbid))

    def stop_warm_processes(self) -> None:
        for zygote in self._zygotes.values():
            zygote.close()
        self._zygotes.clear()
        if self._master is not None:
            self._master.close()
            self._master = None

    def close(self) -> None:
        """Stop the warm processes and remove the library copies."""
        self.stop_warm_processes()
        if self._workdir is not None and self._owner:
            snapshot.remove(self._workdir)
            self._workdir = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the lecturer's side -------------------------------------------------------------------
    def _env(self):
        return environment({HIDDEN_SEED: None if self.hidden_seed is None else str(self.hidden_seed),
                            "PUZZLELIB_PROGRESS": "0", "MPLBACKEND": "Agg"})

    def namespace(self, plan: ExercisePlan) -> dict:
        """The lecturer's setup cells, run once in this process: what the check cells see."""
        key = (plan.notebook, plan.number)
        if key not in self._namespaces:
            from IPython.core.inputtransformer2 import TransformerManager

            import matplotlib.pyplot as plt

            ns: dict = {"__name__": "__grading__", "get_ipython": _NoMagic}
            with self._env(), open(os.devnull, "w") as sink:
                import contextlib

                with contextlib.redirect_stdout(sink):
                    for source in plan.setup:
                        exec(compile(TransformerManager().transform_cell(source), "<setup>", "exec"), ns)
                plt.close("all")
            self._namespaces[key] = ns
        return dict(self._namespaces[key])

    def run_check(self, plan: ExercisePlan, check, answer) -> CheckReport:
        ns = self.namespace(plan)
        ns[check.argument] = answer
        with self._env():
            report = eval(compile(check.source.strip(), f"<check {check.id}>", "eval"), ns)
        if not isinstance(report, CheckReport):
            raise GraderError(f"{plan.notebook}: the check cell of {check.id} does not return a check report")
        return report

    def calibrate(self, plan: ExercisePlan) -> Calibration:
        """Run the lecturer's answer: it must pass; record what the checks forbid and the baselines."""
        key = (plan.notebook, plan.number)
        if key in self._calibrations:
            return self._calibrations[key]
        # the same plan, points and seed in this process give the same calibration: taken once
        import hashlib

        text = repr((plan.setup, [c.source for c in plan.answers], [c.source for c in plan.checks],
                     self.points.of(plan.number), self.hidden_seed, self.how, str(self.solutions)))
        memo = hashlib.sha256(text.encode()).hexdigest()
        if memo in _CALIBRATED:
            self._calibrations[key] = _CALIBRATED[memo]
            return _CALIBRATED[memo]
        answers = [(f"solution cell {k + 1}", cell.source) for k, cell in enumerate(plan.answers)]
        limit = self.points.of(plan.number).time_limit
        forbid: list[tuple[str, str, str]] = []
        calls: dict[str, list] = {}
        with self.sandbox(plan, answers, [], max(limit, 300)) as box:
            ready = box.report
            broken = [c for c in ready.get("cells", []) if c["error"]] or ready.get("setup_error")
            if broken:
                raise GraderError(f"{plan.notebook}, Exercise {plan.number}: the lecturer's cells fail in the "
                                  f"grader: {broken}")
            for check in plan.checks:
                function = StudentFunction(box, check.argument, record=True)
                report = self.run_check(plan, check, function)
                if not report.passed:
                    raise GraderError(f"{plan.notebook}: the lecturer's answer fails its own check {check.id}: "
                                      f"{report.summary()}")
                forbid += function.forbidden_seen
                calls[check.id] = function.calls
        baselines = {}
        for check in plan.checks:
            best = (0.0, "none")
            for label, answer in vacuous_answers(calls[check.id]):
                try:
                    report = self.run_check(plan, check, answer)
                except Exception:  # a vacuous answer the check cannot even read scores nothing
                    continue
                share = 1.0 if report.passed else report.score
                if share > best[0]:
                    best = (share, label)
            baselines[check.id] = best
        result = Calibration(list(dict.fromkeys(forbid)), baselines, calls)
        self._calibrations[key] = _CALIBRATED[memo] = result
        return result

    # -- the students' side ----------------------------------------------------------------------
    def plan_for(self, nb: nbformat.NotebookNode) -> NotebookPlan | None:
        numbers = [n for cell in nb.cells if cell.cell_type == "markdown" for n in HEADING.findall(cell.source)]
        chapters = {n.split(".")[0] for n in numbers}
        for plan in self.plans.values():
            if {e.number.split(".")[0] for e in plan.exercises} & chapters:
                return plan
        return None

    def grade_file(self, path: Path, student: str | None = None) -> list[Verdict]:
        path = Path(path)
        student = student or path.stem
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception as exc:  # not a notebook at all
            return [Verdict(student, path.name, "-", "-", "error", codes=["unreadable-notebook"],
                            message=f"not a notebook: {type(exc).__name__}")]
        plan = self.plan_for(nb)
        if plan is None:
            return [Verdict(student, path.name, "-", "-", "error", codes=["unknown-notebook"],
                            message="no exercise of this notebook has checks in solutions/")]
        verdicts = []
        for exercise in plan.exercises:
            verdicts += self.grade_exercise(nb, exercise, student, path.name)
        return verdicts

    def grade_exercise(self, nb, plan: ExercisePlan, student: str, file: str) -> list[Verdict]:
        settings = self.points.of(plan.number)
        ids = [c.id for c in plan.checks]
        calibration = self.calibrate(plan)

        def verdict(check, status, **kw) -> Verdict:
            return Verdict(student, file, plan.number, check.id, status,
                           max_points=settings.check_points(check.id, ids), **kw)

        answers, notes = answer_cells(nb, plan)
        if not answers:
            return [verdict(c, "missing", codes=["answer-missing"],
                            message=f"the answer cell of Exercise {plan.number} is not in this notebook")
                    for c in plan.checks]
        out: list[Verdict] = []
        box = self.sandbox(plan, answers, calibration.forbid, settings.time_limit)
        self._fingerprint = self._files(box.copies)
        try:
            try:
                ready = box.start()
            except (ExerciseTimedOut, SandboxDied) as exc:
                return [verdict(c, "timed out" if isinstance(exc, ExerciseTimedOut) else "error",
                                codes=["time-limit" if isinstance(exc, ExerciseTimedOut) else exc.code],
                                message=f"your answer cells did not finish: {exc}") for c in plan.checks]
            try:
                ready = clean_report(ready)
            except ValueError as exc:
                return [verdict(c, "error", codes=["unreadable-answer"], message=str(exc)[:300])
                        for c in plan.checks]
            for cell in ready["cells"]:
                if cell["error"] and not cell.get("compiled", True):
                    line = f" on line {cell['line']}" if cell["line"] else ""
                    message = (f"your {cell['label']} of Exercise {plan.number} does not compile: "
                               f"{cell['type']}{line}: {cell['error']}")
                    return [verdict(c, "error", codes=["does-not-compile"], message=message)
                            for c in plan.checks]
                if cell["error"]:
                    line = f" on line {cell['line']}" if cell["line"] else ""
                    notes.append(f"your {cell['label']} raised {cell['type']}{line} when run: {cell['error'][:200]}")
            answer = {}
            for name in plan.answer_names:
                kind = ready["names"].get(name)
                if kind == "callable":
                    answer[name] = StudentFunction(box, name)
                elif kind == "value":
                    try:
                        answer[name] = box.value(name)
                    except UnreadableResult as exc:
                        answer[name] = _Raises(UnreadableResult(str(exc)))
                else:
                    answer[name] = _Raises(NameError(f"name {name!r} is not defined: your answer cell of "
                                                     f"Exercise {plan.number} must define it"))
            for k, check in enumerate(plan.checks):
                try:
                    report = self.run_check(plan, check, answer[check.argument])
                except ExerciseTimedOut as exc:
                    out += [verdict(c, "timed out", codes=["time-limit"],
                                    message=f"{exc}: an endless loop, or far too slow")
                            for c in plan.checks[k:]]
                    break
                except SandboxDied as exc:
                    out += [verdict(c, "error", codes=[exc.code], message=str(exc))
                            for c in plan.checks[k:]]
                    break
                except GraderError:
                    raise
                except (Exception, ForbiddenCall) as exc:  # the check could not use the answer at all
                    out.append(verdict(check, "error", codes=["unreadable-answer"],
                                       message=f"the check could not use your answer: {type(exc).__name__}: {exc}"[:500]))
                    continue
                baseline, vacuous = calibration.baselines.get(check.id, (0.0, "none"))
                status = report.status
                gained = credit(status, report.score, baseline, settings.partial)
                v = verdict(check, status, cases_passed=report.passed_boards, cases_total=report.total_boards,
                            codes=list(report.codes), message=report.summary())
                v.points = round(gained * v.max_points, 4)
                if status == "failed" and gained == 0 and report.passed_boards and settings.partial != "none":
                    v.note = (f"no partial marks: an answer that ignores the puzzle ({vacuous}) passes "
                              f"{baseline:.0%} of this check's cases")
                out.append(v)
        finally:
            box.close()
        changed = self._tampered(file, box.copies)
        if changed:
            out = [verdict(c, "error", codes=["tampered"],
                           message=f"files of the course changed while your answer ran ({changed}); the grader "
                                   "graded from its own copy and went on") for c in plan.checks]
        for v in out:
            v.note = " | ".join([*notes, v.note] if v.note else notes)
        return out

    # -- guarding the lecturer's files ----------------------------------------------------------
    def course_files(self) -> dict[str, tuple[int, int]]:
        """Size and time of every file of the course's library and solutions."""
        return _stamps([ROOT / "puzzlelib", self.solutions])

    def _files(self, copies) -> dict[str, tuple[int, int]]:
        """Size and time of every file of the grader's own copies that a sandbox sees."""
        return _stamps(copies)

    def _tampered(self, file: str, copies) -> str | None:
        """The first file of the grader's copies that changed since the last look, or None.

        A sandbox cannot write there (read-only, and not its uid); this catches what a machine
        without namespaces lets through. The copies are then thrown away and taken again, so the
        next student is graded from clean ones; the change is reported in the summary."""
        if not self.guard:
            return None
        now = self._files(copies)
        if now == self._fingerprint:
            return None
        changed = sorted(set(now.items()) ^ set(self._fingerprint.items()))
        self.tampered.append(f"{changed[0][0]} (while grading {file})")
        for zygote in self._zygotes.values():  # fresh copies and warm processes for the next student
            zygote.close()
        self._zygotes.clear()
        for copy in copies:
            snapshot.remove(copy)
        return os.path.basename(changed[0][0])


def _cleanup(zygotes: dict, workdir: Path, masters: list) -> None:
    for zygote in list(zygotes.values()):
        zygote.close()
    zygotes.clear()
    for master in masters:
        master.close()
    masters.clear()
    if workdir.exists():
        snapshot.remove(workdir)


def _stamps(folders) -> dict[str, tuple[int, int]]:
    found = {}
    for folder in folders:
        for path in Path(folder).rglob("*"):
            if path.suffix in (".py", ".ipynb", ".toml") and "__pycache__" not in path.parts:
                try:
                    stat = path.stat()
                except OSError:
                    continue
                found[str(path)] = (stat.st_size, stat.st_mtime_ns)
    return found


def setup_names(setup: list[str]) -> set[str]:
    """The functions of checks modules the lecturer's setup cells call (they must keep their code)."""
    text = "\n".join(setup)
    names = set(re.findall(r"\bchecks\.(\w+)", text))
    for group in re.findall(r"from\s+[\w.]*checks\s+import\s+\(?([\w\s,]+)\)?", text):
        names |= {n.strip().split(" as ")[0].strip() for n in group.split(",") if n.strip()}
    return {n for n in names if not n.startswith("check_")}


def clean_report(ready) -> dict:
    """The sandbox's first reply, checked field by field (it comes from the student's process)."""
    if not isinstance(ready, dict) or ready.get("kind") != "ready":
        message = ready.get("message") if isinstance(ready, dict) else None
        raise ValueError(str(message or "your answer cells sent no report"))
    cells = ready.get("cells")
    names = ready.get("names")
    if not isinstance(cells, list) or not isinstance(names, dict):
        raise ValueError("your answer cells sent a report the grader does not read")
    clean = []
    for cell in cells:
        if not isinstance(cell, dict):
            raise ValueError("your answer cells sent a report the grader does not read")
        line = cell.get("line")
        clean.append({"label": str(cell.get("label"))[:60], "error": None if cell.get("error") is None
                      else str(cell.get("error"))[:500], "type": str(cell.get("type"))[:100],
                      "line": line if isinstance(line, int) and not isinstance(line, bool) else None,
                      "compiled": cell.get("compiled", True) is not False})
    return {"kind": "ready", "cells": clean,
            "names": {str(k): v for k, v in names.items() if v in ("callable", "value")}}


class _Raises:
    """An answer the student's process could not give: calling it raises the reason."""

    def __init__(self, error: Exception):
        self.error = error

    def __call__(self, *args, **kwargs):
        raise self.error


# --------------------------------------------------------------------------------------------- #
# A submission's answer cells
# --------------------------------------------------------------------------------------------- #
def answer_cells(nb: nbformat.NotebookNode, plan: ExercisePlan) -> tuple[list[tuple[str, str]], list[str]]:
    """The student's cells for one exercise: ``(label, source)`` in notebook order, and notes.

    An answer cell is found by the id of the lecturer's cell, else as the code cell of the
    exercise's section that defines one of the answer's names or still holds its stub. Cells the
    student added in the section count as helpers: only their definitions (def, class, import,
    assignment) are run."""
    where = sections(nb)
    by_id = {cell.get("id"): i for i, cell in enumerate(nb.cells) if cell.cell_type == "code" and cell.get("id")}
    chosen: dict[int, str] = {}
    notes: list[str] = []
    stub = f"Exercise {plan.number}: replace this line"
    for k, answer in enumerate(plan.answers):
        index = by_id.get(answer.cell_id)
        if index is None:
            for i, cell in enumerate(nb.cells):
                if cell.cell_type == "code" and where[i] == plan.number and i not in chosen and (
                        set(defined_names(cell.source)) & set(answer.names) or stub in cell.source):
                    index = i
                    break
        if index is not None:
            chosen[index] = f"answer cell{'' if len(plan.answers) == 1 else f' {k + 1}'}"
    if not chosen:
        return [], notes
    known = plan.lecturer_ids
    lecturer = {s.strip() for s in plan.setup} | {c.source.strip() for c in plan.checks}
    cells = {i: (label, nb.cells[i].source) for i, label in chosen.items()}
    for i, cell in enumerate(nb.cells):
        if (cell.cell_type == "code" and where[i] == plan.number and i not in cells
                and cell.get("id") not in known and cell.source.strip() not in lecturer):
            helper = definitions_only(cell.source)
            if helper.strip():
                cells[i] = ("helper cell", helper)
    return [cells[i] for i in sorted(cells)], notes


def definitions_only(source: str) -> str:
    """The top-level definitions of a cell (functions, classes, imports, assignments), nothing run."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return ""
    keep = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom, ast.Assign,
            ast.AnnAssign)
    parts = [ast.get_source_segment(source, node) for node in tree.body if isinstance(node, keep)]
    return "\n".join(p for p in parts if p)


# --------------------------------------------------------------------------------------------- #
# A class, the CSV and the summary
# --------------------------------------------------------------------------------------------- #
def submissions(folder: Path) -> list[tuple[str, Path]]:
    """``(student, notebook)`` for every notebook under ``folder``: a student is the notebook's file
    name, or its folder's name when each student has a folder."""
    folder = Path(folder)
    found = []
    for path in sorted(folder.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        student = path.parent.name if path.parent != folder else path.stem
        found.append((student, path))
    return found


@dataclass
class Task:
    """One exercise of one submission: what a worker grades, and where its verdicts go in the CSV."""

    order: tuple[int, int]  # (the submission's place, the exercise's place in its notebook)
    student: str
    path: str
    notebook: str
    exercise: str

    @property
    def key(self) -> str:
        return f"{self.path}::{self.exercise}"


def plan_tasks(folder: Path, grader: Grader, only: set[str] | None = None) -> tuple[list[Task], list[tuple[int, Verdict]]]:
    """Every (submission, exercise) to grade, and the verdicts of notebooks that cannot be graded
    (with the submission's place)."""
    tasks, early = [], []
    for k, (student, path) in enumerate(submissions(folder)):
        if only is not None and str(path.relative_to(folder)) not in only:
            continue  # another shard's
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception as exc:  # not a notebook at all
            early.append((k, Verdict(student, path.name, "-", "-", "error", codes=["unreadable-notebook"],
                                     message=f"not a notebook: {type(exc).__name__}")))
            continue
        plan = grader.plan_for(nb)
        if plan is None:
            early.append((k, Verdict(student, path.name, "-", "-", "error", codes=["unknown-notebook"],
                                     message="no exercise of this notebook has checks in solutions/")))
            continue
        tasks += [Task((k, j), student, str(path), plan.name, e.number) for j, e in enumerate(plan.exercises)]
    # exercise by exercise, so that each worker's warm process serves many students in a row
    order = {name: i for i, name in enumerate(grader.plans)}
    tasks.sort(key=lambda t: (order[t.notebook], t.order[1], t.order[0]))
    return tasks, early


_WORKER: Grader | None = None


def _start_worker(settings: dict, counter) -> None:
    global _WORKER
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the pool
    with counter.get_lock():
        counter.value += 1
        slot = counter.value
    _WORKER = Grader(**settings)
    _WORKER.slot = slot
    from multiprocessing.util import Finalize

    Finalize(_WORKER, _WORKER.close, exitpriority=10)  # its warm processes and copies go when the pool ends


def _grade_task(task: Task) -> tuple[Task, list[Verdict], list[str]]:
    grader = _WORKER
    nb = nbformat.read(task.path, as_version=4)
    plan = grader.plans[task.notebook].exercise(task.exercise)
    before = len(grader.tampered)
    verdicts = grader.grade_exercise(nb, plan, task.student, Path(task.path).name)
    return task, verdicts, grader.tampered[before:]


def grade(folder: Path, hidden_seed: int | None = None, points: Path | None = None,
          solutions: Path | None = None, progress=None, guard: bool | None = None, jobs: int | None = None,
          journal: Path | None = None, resume: bool = False, report=None,
          only: set[str] | None = None) -> list[Verdict]:
    """Grade every notebook under ``folder`` with ``jobs`` workers (default: every core).

    Each finished exercise is appended to ``journal`` (one JSON line); with ``resume``, the exercises
    already there are taken from it and not graded again. ``only``: the submissions (paths relative to
    ``folder``) to grade, the others left out (a shard of the class). The verdicts come back in the same order
    whatever the number of workers (by submission, then exercise, then check)."""
    import multiprocessing

    from ..display.progress import progress as bar

    settings = {"solutions": solutions, "points": read_points(points) if points else None,
                "hidden_seed": hidden_seed, "guard": guard}
    grader = Grader(**settings)
    warn = report or (lambda text: None)
    if grader.how == "none":
        warn(UNSAFE)
    tasks, early = plan_tasks(folder, grader, only)
    course = grader.course_files()
    done: dict[str, list[Verdict]] = {}
    log = None
    if journal is not None:
        from . import journal as journals

        header = journals.header(grader, folder)
        header["only"] = sorted(only) if only is not None else None
        try:
            done = {key: [Verdict(**v) for v in found] for key, found in
                    (journals.read(journal, header) if resume else {}).items()}
        except TypeError:
            raise PuzzleError(f"{journal}: a journal this grader did not write; grade without --resume") from None
        log = journals.Writer(journal, header, keep=resume)
    todo = [t for t in tasks if t.key not in done]
    by_key: dict[str, list[Verdict]] = dict(done)
    jobs = max(1, min(jobs or os.cpu_count() or 1, max(1, len(todo))))
    # the lecturer's answers first, once, here: the workers take the calibrations and library copies
    for notebook, number in dict.fromkeys((t.notebook, t.exercise) for t in todo):
        plan = grader.plans[notebook].exercise(number)
        grader.mask(plan, grader.calibrate(plan).forbid)
    if jobs > 1:
        grader.stop_warm_processes()
        settings["shared"] = (grader._calibrations, grader.workdir(), grader.run)
    failures = sum(1 for vs in done.values() for v in vs if not v.passed)
    tampered: list[str] = []

    left: dict[str, int] = {}  # per submission, its exercises still to grade
    for task in todo:
        left[task.path] = left.get(task.path, 0) + 1
    students = len({t.path for t in tasks}) + len(early)
    finished = [students - len(left)]

    def finish(task: Task, found: list[Verdict], changed: list[str], counter) -> None:
        nonlocal failures
        by_key[task.key] = found
        tampered.extend(changed)
        if log is not None:
            log.write(task.key, found)
        failures += sum(1 for v in found if not v.passed)
        left[task.path] -= 1
        finished[0] += left[task.path] == 0
        if hasattr(counter, "set_postfix_str"):
            counter.set_postfix_str(f"students done {finished[0]}/{students}, failed checks {failures}",
                                    refresh=False)

    # a bar of student-exercises: tqdm shows the time left; the students done and the failed checks follow it
    shown = bar(range(len(todo)), desc="grading", show=progress, min_total=1)
    counter = shown if hasattr(shown, "update") else None
    try:
        if jobs == 1:
            global _WORKER
            _WORKER = grader
            try:
                for task in todo:
                    finish(*_grade_task(task), counter)
                    if counter is not None:
                        counter.update(1)
            finally:
                _WORKER = None
        else:
            context = multiprocessing.get_context("fork")
            slots = context.Value("i", 0)
            with context.Pool(jobs, initializer=_start_worker, initargs=(settings, slots), maxtasksperchild=None) as pool:
                # small chunks in exercise order: a worker keeps one exercise's warm process for a while
                chunk = max(1, min(8, len(todo) // (jobs * 4) or 1))
                for result in pool.imap_unordered(_grade_task, todo, chunksize=chunk):
                    finish(*result, counter)
                    if counter is not None:
                        counter.update(1)
                pool.close()
                pool.join()
    finally:
        if counter is not None:
            counter.close()
        if log is not None:
            log.close()
        grader.close()
    changed = sorted(set(course.items()) ^ set(grader.course_files().items()))
    if changed:
        warn(f"note: {len({p for p, _ in changed})} file(s) of the course changed while grading (first: "
             f"{changed[0][0]}); every mark comes from the copy the grader took when it started")
    for text in tampered:
        warn(f"warning: a file of the course changed while grading: {text}; those exercises are marked "
             "'tampered' and grading went on from the grader's own copies")
    order = {t.key: t.order for t in tasks}
    rows = [((*order[key], i), v) for key, vs in by_key.items() if key in order for i, v in enumerate(vs)]
    rows += [((k, -1, i), v) for i, (k, v) in enumerate(early)]
    return [v for _, v in sorted(rows, key=lambda row: row[0])]


UNSAFE = ("WARNING: this machine gives the grader no Linux namespaces (not root, and no unprivileged user "
          "namespaces): students' code runs under the in-process guard only, as the lecturer's own user. "
          "A hostile submission can read files the lecturer can read, signal the grader and change the "
          "course. Grade on Linux as root (or where `unshare --user` works) for marks that must survive "
          "an attack.")


def write_csv(verdicts: list[Verdict], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        for verdict in verdicts:
            writer.writerow(verdict.row())


def totals(verdicts: list[Verdict]) -> dict[str, tuple[float, float]]:
    """Per student: (points, max points)."""
    out: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    for v in verdicts:
        out[v.student][0] += v.points
        out[v.student][1] += v.max_points
    return {k: (round(a, 2), round(b, 2)) for k, (a, b) in sorted(out.items())}


def summary(verdicts: list[Verdict], warnings: list[str] = ()) -> str:
    """Per check: how many passed and the class's failures grouped by fault code, commonest first."""
    lines = ["# Class summary", ""]
    for text in warnings:
        lines += [f"> **{text}**", ""]
    students = totals(verdicts)
    lines.append(f"{len(students)} students graded.")
    lines += ["", "| student | points | of |", "|---|---:|---:|"]
    lines += [f"| {s} | {p:g} | {m:g} |" for s, (p, m) in students.items()]
    checks = sorted({(v.exercise, v.check) for v in verdicts if v.check != "-"}, key=lambda ec: _exercise_key(ec[0]))
    for exercise, check in checks:
        group = [v for v in verdicts if v.check == check]
        passed = sum(v.passed for v in group)
        mean = sum(v.points for v in group) / len(group)
        lines += ["", f"## {check}", f"{passed} of {len(group)} passed; mean {mean:.2f} of "
                                      f"{group[0].max_points:g} points."]
        by_code: dict[str, list[str]] = defaultdict(list)
        for v in group:
            if v.passed:
                continue
            for code in dict.fromkeys(v.codes or [v.status.replace(" ", "-")]):
                by_code[code].append(v.student)
        if by_code:
            lines.append("Faults, most common first (students):")
            for code, names in sorted(by_code.items(), key=lambda kv: (-len(kv[1]), kv[0])):
                lines.append(f"- `{code}` x {len(names)}: {', '.join(sorted(names))}")
    broken = [v for v in verdicts if v.check == "-"]
    if broken:
        lines += ["", "## Notebooks not graded"] + [f"- {v.student} ({v.file}): {v.message}" for v in broken]
    return "\n".join(lines) + "\n"


def _exercise_key(exercise: str):
    return [int(p) if p.isdigit() else 10**6 for p in re.split(r"\.", exercise)]
