"""Grading a class: run every submitted exercise notebook, collect each check's verdict, summarise.

    python -m puzzlelib grade DIR --csv grades.csv [--summary summary.md] [--timeout 120]
                                  [--hidden-seed N]

Each notebook runs in a kernel of its own with a time limit (per cell, and for the whole notebook),
so a broken or endless notebook is marked as such and never stops the rest. The checks of
:mod:`puzzlelib.feedback.checks` write their verdicts to a log the grader names
(``PUZZLELIB_GRADE_LOG``); with ``--hidden-seed`` they also try boards the students never saw
(``PUZZLELIB_HIDDEN_SEED``). The CSV has one row per notebook and exercise; the summary groups the
class's failures of each exercise by the rule they broke, most common first.
"""

from __future__ import annotations

import csv
import json
import re
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from ..feedback.checks import GRADE_LOG, HIDDEN_SEED
from .exercises import HEADING
from .runner import execute

COLUMNS = ("file", "exercise", "passed", "status", "boards_passed", "boards_tried", "message", "rules",
           "notebook")


@dataclass
class Verdict:
    """One exercise of one notebook."""

    file: str
    exercise: str
    status: str  # "passed", "failed", "not done", "not run"
    boards_passed: int = 0
    boards_tried: int = 0
    message: str = ""
    rules: list[str] = field(default_factory=list)
    notebook: str = "ran"  # "ran", "error: ...", "timed out after N s", "unreadable: ..."

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def row(self) -> dict:
        return {"file": self.file, "exercise": self.exercise, "passed": int(self.passed),
                "status": self.status, "boards_passed": self.boards_passed,
                "boards_tried": self.boards_tried, "message": self.message,
                "rules": " | ".join(self.rules), "notebook": self.notebook}


def exercises_of(nb: nbformat.NotebookNode) -> list[str]:
    """The exercise numbers a notebook's headings announce, in order."""
    found: list[str] = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for number in HEADING.findall(cell.source):
                if number not in found:
                    found.append(number)
    return found


def run_notebook(path: Path, timeout: float, hidden_seed: int | None) -> tuple[list[dict], str]:
    """Run one notebook in a fresh kernel; return the checks' log entries and how the run ended."""
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    nb = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "verdicts.jsonl"
        log.touch()
        env = {GRADE_LOG: str(log), "MPLBACKEND": "Agg",
               HIDDEN_SEED: None if hidden_seed is None else str(hidden_seed)}
        start = time.monotonic()
        ending = "ran"
        try:
            execute(nb, path.parent, timeout=int(timeout), env=env, allow_errors=True)
        except CellTimeoutError:
            ending = f"timed out after {timeout:g} s"
        except DeadKernelError:
            ending = "the kernel died"
        except CellExecutionError as exc:  # pragma: no cover - allow_errors keeps going
            ending = f"error: {str(exc).splitlines()[0][:120]}"
        if ending == "ran":
            errors = [out for cell in nb.cells if cell.cell_type == "code"
                      for out in cell.get("outputs", []) if out.get("output_type") == "error"]
            if errors:
                ending = f"error: {errors[0].get('ename')}: {str(errors[0].get('evalue'))[:100]}"
        if ending == "ran" and time.monotonic() - start > timeout * 4:
            ending = f"slow ({time.monotonic() - start:.0f} s)"
        entries = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    return entries, ending


def grade_notebook(path: Path, timeout: float = 120, hidden_seed: int | None = None) -> list[Verdict]:
    """Every exercise of one notebook, with the last verdict its check gave."""
    try:
        expected = exercises_of(nbformat.read(path, as_version=4))
    except Exception as exc:  # a file that is not a notebook at all
        return [Verdict(path.name, "-", "not run", notebook=f"unreadable: {type(exc).__name__}")]
    entries, ending = run_notebook(path, timeout, hidden_seed)
    last = {entry["exercise"]: entry for entry in entries}
    verdicts = []
    for exercise in expected + [e for e in last if e not in expected]:
        entry = last.get(exercise)
        if entry is None:
            verdicts.append(Verdict(path.name, exercise, "not run", notebook=ending,
                                    message="the check of this exercise never ran"))
            continue
        verdicts.append(Verdict(path.name, exercise, entry["status"], entry["passed_boards"],
                                entry["total_boards"], entry["message"], entry["rules"], ending))
    return verdicts


def grade(folder: Path, timeout: float = 120, hidden_seed: int | None = None, progress=None) -> list[Verdict]:
    """Grade every ``*.ipynb`` of ``folder`` (sorted by name), each in its own kernel."""
    from ..display.progress import progress as bar

    paths = sorted(folder.glob("*.ipynb"))
    verdicts: list[Verdict] = []
    for path in bar(paths, desc="grading", show=progress):
        verdicts.extend(grade_notebook(path, timeout, hidden_seed))
    return verdicts


def write_csv(verdicts: list[Verdict], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        for verdict in verdicts:
            writer.writerow(verdict.row())


def summary(verdicts: list[Verdict]) -> str:
    """Per exercise: how many passed, partial credit, and the class's mistakes by rule, commonest first."""
    lines = ["# Class summary", ""]
    files = sorted({v.file for v in verdicts})
    lines.append(f"{len(files)} notebooks graded.")
    broken = sorted({(v.file, v.notebook) for v in verdicts if v.notebook != "ran"})
    for file, how in broken:
        lines.append(f"- {file}: {how}")
    for exercise in sorted({v.exercise for v in verdicts if v.exercise != "-"}, key=_exercise_key):
        group = [v for v in verdicts if v.exercise == exercise]
        passed = sum(v.passed for v in group)
        tried = sum(v.boards_tried for v in group)
        boards = sum(v.boards_passed for v in group)
        lines += ["", f"## Exercise {exercise}",
                  f"{passed} of {len(group)} passed; boards right: {boards} of {tried}."]
        statuses = Counter(v.status for v in group if not v.passed)
        if statuses:
            lines.append("Not passed: " + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items())) + ".")
        rules = Counter(rule for v in group for rule in dict.fromkeys(v.rules))
        if rules:
            lines.append("Mistakes, by the rule broken (notebooks):")
            for rule, n in sorted(rules.items(), key=lambda kv: (-kv[1], kv[0])):
                lines.append(f"- {n} x {rule}")
    return "\n".join(lines) + "\n"


def _exercise_key(exercise: str):
    return [int(p) if p.isdigit() else 10**6 for p in re.split(r"\.", exercise)]
