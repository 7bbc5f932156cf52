"""What grading runs for each exercise, read from the lecturer's notebook in ``solutions/``.

A solution notebook holds, per exercise (a heading "Exercise N.M"), its **answer cells** (code
cells with ``### BEGIN SOLUTION``; the student's version has a stub there) and its **check cells**
(a call such as ``checks.check_warm(warm_model)`` whose argument is a name an answer cell
defines). Everything else is the lecturer's **setup**: imports and boards, run before the answer.
Cells that call a check on anything else (the colleague's buggy model of a "find the bug"
exercise) or use an answer outside a check (a demonstration) are left out of grading.

The grader takes only the answer cells from a submission; setup and checks always come from here.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from .exercises import BEGIN, HEADING


@dataclass
class CheckCell:
    """One graded check: ``function(argument)`` in the lecturer's cell ``source``."""

    id: str  # "1.2:check_model", unique in its notebook
    exercise: str
    function: str
    argument: str
    source: str


@dataclass
class AnswerCell:
    cell_id: str | None  # the cell's id in the solution (kept in the student's copy)
    source: str  # the lecturer's answer, for calibrating the check
    names: list[str]  # the names it defines at top level (functions, classes, values)


@dataclass
class ExercisePlan:
    notebook: str  # the solution notebook's file name
    number: str
    heading: str
    setup: list[str]  # lecturer's code cells to run before the answer, in order
    answers: list[AnswerCell]
    checks: list[CheckCell]
    #: names on checks modules the exercise lets the answer use (from its text and the lecturer's answer;
    #: every other function of a checks module is blocked in the student's process)
    mentions: set[str] = field(default_factory=set)
    #: the ids of every cell of the solution notebook (a student's added cell has another)
    lecturer_ids: set[str] = field(default_factory=set)

    @property
    def answer_names(self) -> list[str]:
        return [name for cell in self.answers for name in cell.names]


@dataclass
class NotebookPlan:
    name: str
    exercises: list[ExercisePlan]

    def exercise(self, number: str) -> ExercisePlan:
        for plan in self.exercises:
            if plan.number == number:
                return plan
        raise KeyError(number)

    @property
    def checks(self) -> list[CheckCell]:
        return [check for plan in self.exercises for check in plan.checks]


def defined_names(source: str) -> list[str]:
    """Top-level names a cell defines (def, class, assignment, import), in order; [] if it does not parse."""
    try:
        tree = ast.parse(_python(source))
    except SyntaxError:
        return [m.group(1) for m in re.finditer(r"^(?:async\s+)?def\s+(\w+)|^class\s+(\w+)", source, re.M)
                if m.group(1)]
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names += [n.id for n in ast.walk(target) if isinstance(n, ast.Name)]
    return list(dict.fromkeys(names))


def loaded_names(source: str) -> set[str]:
    """Every name a cell reads."""
    try:
        tree = ast.parse(_python(source))
    except SyntaxError:
        return set(re.findall(r"\b\w+\b", source))
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


def check_call(source: str) -> tuple[str, list[str]] | None:
    """``(function, argument names)`` when the cell is one call of a ``check_*`` function, else None."""
    try:
        tree = ast.parse(_python(source))
    except SyntaxError:
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr) or not isinstance(tree.body[0].value, ast.Call):
        return None
    call = tree.body[0].value
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if not name or not name.startswith("check_"):
        return None
    return name, [arg.id for arg in call.args if isinstance(arg, ast.Name)]


def _python(source: str) -> str:
    """A cell's source with IPython's magics and shell escapes turned into Python."""
    from IPython.core.inputtransformer2 import TransformerManager

    return TransformerManager().transform_cell(source)


def sections(nb: nbformat.NotebookNode) -> list[str | None]:
    """For every cell, the exercise whose section it is in (None before the first)."""
    found, current = [], None
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            headings = HEADING.findall(cell.source)
            if headings:
                current = headings[-1]
        found.append(current)
    return found


def read_plan(path: Path) -> NotebookPlan:
    """The grading plan of one solution notebook."""
    path = Path(path)
    nb = nbformat.read(path, as_version=4)
    where = sections(nb)
    code = [(i, cell) for i, cell in enumerate(nb.cells) if cell.cell_type == "code"]
    answers: dict[str, list[AnswerCell]] = {}
    answer_index: set[int] = set()
    for i, cell in code:
        if any(line.strip() == BEGIN for line in cell.source.splitlines()):
            if where[i] is None:
                raise ValueError(f"{path.name}, cell {i}: an answer cell before any 'Exercise N.M' heading")
            answers.setdefault(where[i], []).append(
                AnswerCell(cell.get("id"), cell.source, defined_names(_answer_only(cell.source))))
            answer_index.add(i)
    all_answer_names = {name for cells in answers.values() for cell in cells for name in cell.names}
    checks: dict[str, list[CheckCell]] = {}
    skipped: set[int] = set(answer_index)
    for i, cell in code:
        if i in answer_index:
            continue
        call = check_call(cell.source)
        if call is not None:
            skipped.add(i)
            function, args = call
            exercise = where[i]
            mine = {name for c in answers.get(exercise, []) for name in c.names}
            argument = next((a for a in args if a in mine), None)
            if exercise is not None and argument is not None:
                checks.setdefault(exercise, []).append(
                    CheckCell(f"{exercise}:{function}", exercise, function, argument, cell.source))
        elif loaded_names(cell.source) & all_answer_names:
            skipped.add(i)  # a demonstration that uses an answer
    plans = []
    for number, cells in answers.items():
        if number not in checks:
            continue  # a written answer only: the lecturer reads it
        last = max(i for i, _ in code if where[i] == number)
        setup = [cell.source for i, cell in code if i <= last and i not in skipped]
        _unique_ids(checks[number])
        markdown = "\n".join(cell.source for i, cell in enumerate(nb.cells)
                             if cell.cell_type == "markdown" and where[i] == number)
        heading = next((line.lstrip("#").strip() for line in markdown.splitlines()
                        if HEADING.match(line)), f"Exercise {number}")
        text = markdown + "\n" + "\n".join(c.source for c in cells)
        mentions = set(re.findall(r"\b\w*checks\.(\w+)", text))
        # and the names the lecturer's answer reads (a helper the setup imported, such as two_rules)
        mentions |= {name for c in cells for name in loaded_names(_answer_only(c.source))}
        mentions = {m for m in mentions if not m.startswith("check_")}
        ids = {cell.get("id") for cell in nb.cells if cell.get("id")}
        plans.append(ExercisePlan(path.name, number, heading, setup, cells, checks[number], mentions, ids))
    return NotebookPlan(path.name, plans)


def _answer_only(source: str) -> str:
    return source.replace(BEGIN, "").replace("### END SOLUTION", "")


def _unique_ids(checks: list[CheckCell]) -> None:
    """Two checks of one exercise with the same function get the argument in their id."""
    seen: dict[str, int] = {}
    for check in checks:
        seen[check.id] = seen.get(check.id, 0) + 1
    for check in checks:
        if seen[check.id] > 1:
            check.id = f"{check.exercise}:{check.function}({check.argument})"


def read_plans(folder: Path) -> dict[str, NotebookPlan]:
    """Plans for every solution notebook of ``folder`` that has graded exercises, by file name."""
    plans = {}
    for path in sorted(Path(folder).glob("*.ipynb")):
        plan = read_plan(path)
        if plan.exercises:
            plans[path.name] = plan
    return plans
