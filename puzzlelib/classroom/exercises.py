"""Write the student notebooks in ``exercises/`` from the lecturer's notebooks in ``solutions/``.

In a solution notebook every answer sits between two marker lines inside a code cell::

    def build_model(puzzle):
        ### BEGIN SOLUTION
        ...the answer...
        ### END SOLUTION

and written answers sit between ``<!-- BEGIN SOLUTION -->`` and ``<!-- END SOLUTION -->`` in a
markdown cell. The exercise number comes from the last heading before the cell that reads
"Exercise N.M". Each code region becomes, at the marker's indentation::

    raise NotImplementedError("Exercise N.M: replace this line with your code")

and each markdown region becomes "*Your answer here.*". The student notebooks are then run, so
the checks in them show "not done yet", and each is paired with its MyST markdown file.

Answers must live inside functions that a check calls: a stub at the top level of a cell would
stop the notebook.

Run ``python -m puzzlelib exercises`` to regenerate, ``python -m puzzlelib exercises --check`` to
fail when ``exercises/`` is stale.

Each notebook says in its name what it is, so that JupyterLab's tabs tell them apart (issue 41):
chapter 1 is ``notebooks/01-thermometers.ipynb``, its student version
``exercises/01-thermometers-exercises.ipynb``, its answers ``solutions/01-thermometers-solutions.ipynb``
(see :func:`chapter_of`, :func:`exercise_name`, :func:`solution_name`).
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import nbformat

from .runner import execute, write_pair

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
MD_BEGIN, MD_END = "<!-- BEGIN SOLUTION -->", "<!-- END SOLUTION -->"
HEADING = re.compile(r"^#+\s*Exercise\s+(\d+(?:\.\d+)*)", re.MULTILINE)


#: the last word of an exercise notebook's and a solution notebook's name, after the chapter's
EXERCISES, SOLUTIONS = "-exercises", "-solutions"


def chapter_of(name: str | Path) -> str:
    """The chapter a course notebook belongs to, from its file name or path: ``01-thermometers`` for
    ``notebooks/01-thermometers.ipynb``, ``exercises/01-thermometers-exercises.ipynb``,
    ``solutions/01-thermometers-solutions.md`` and plain ``01-thermometers``."""
    stem = Path(name).name
    if Path(stem).suffix in (".ipynb", ".md"):
        stem = Path(stem).stem
    for word in (EXERCISES, SOLUTIONS):
        if stem.endswith(word) and len(stem) > len(word):
            return stem[: -len(word)]
    return stem


def exercise_name(name: str | Path, suffix: str = ".ipynb") -> str:
    """The file name of a chapter's exercise notebook (any of the chapter's names in):
    ``01-thermometers-exercises.ipynb``."""
    return f"{chapter_of(name)}{EXERCISES}{suffix}"


def solution_name(name: str | Path, suffix: str = ".ipynb") -> str:
    """The file name of a chapter's solution notebook (any of the chapter's names in, a student's
    exercise notebook as handed out or named before issue 41): ``01-thermometers-solutions.ipynb``."""
    return f"{chapter_of(name)}{SOLUTIONS}{suffix}"


class MarkerError(ValueError):
    """A solution notebook whose markers do not pair up."""


def strip_code(source: str, exercise: str | None, where: str) -> str:
    out: list[str] = []
    inside = False
    for line in source.splitlines():
        stripped = line.strip()
        if stripped == BEGIN:
            if inside:
                raise MarkerError(f"{where}: nested {BEGIN}")
            if exercise is None:
                raise MarkerError(f"{where}: a solution region before any 'Exercise N.M' heading")
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f'{indent}raise NotImplementedError("Exercise {exercise}: replace this line with your code")')
        elif stripped == END:
            if not inside:
                raise MarkerError(f"{where}: {END} without {BEGIN}")
            inside = False
        elif not inside:
            out.append(line)
    if inside:
        raise MarkerError(f"{where}: {BEGIN} is never closed")
    return "\n".join(out)


def strip_markdown(source: str, where: str) -> str:
    pattern = re.compile(re.escape(MD_BEGIN) + r".*?" + re.escape(MD_END), re.DOTALL)
    result = pattern.sub("*Your answer here.*", source)
    if MD_BEGIN in result or MD_END in result:
        raise MarkerError(f"{where}: unpaired markdown solution markers")
    return result


def student_version(notebook: nbformat.NotebookNode, name: str = "notebook") -> nbformat.NotebookNode:
    """The exercise notebook: solutions replaced by stubs, outputs cleared."""
    nb = copy.deepcopy(notebook)
    exercise = None
    regions = 0
    for index, cell in enumerate(nb.cells):
        where = f"{name}, cell {index}"
        if cell.cell_type == "markdown":
            headings = HEADING.findall(cell.source)
            if headings:
                exercise = headings[-1]
            if MD_BEGIN in cell.source:
                regions += 1
            cell.source = strip_markdown(cell.source, where)
        elif cell.cell_type == "code":
            if BEGIN in cell.source:
                regions += 1
            cell.source = strip_code(cell.source, exercise, where)
            cell.outputs = []
            cell.execution_count = None
    if regions == 0:
        raise MarkerError(f"{name}: no solution regions found")
    nb.metadata.pop("widgets", None)
    return nb


def solution_notebooks(root: Path) -> list[Path]:
    """The notebooks of ``root/solutions``, in name order; a root without any (a typo in ``--root``,
    a folder that is not the course) is a FileNotFoundError naming the folder, never an empty,
    successful run."""
    folder = Path(root) / "solutions"
    found = sorted(folder.glob("*.ipynb")) if folder.is_dir() else []
    if not found:
        raise FileNotFoundError(f"no solution notebooks in {folder}: is --root the course's folder "
                                "(the one holding solutions/ and exercises/)?")
    return found


def generate(root: Path, run: bool = True, names: list[str] | None = None) -> list[Path]:
    """Regenerate the exercise notebooks under ``root/exercises`` from ``root/solutions``.

    ``names`` limits it to some notebooks (file names or paths of the solution or the exercise
    notebook, or the chapter's name); by default all are written. ``solutions/NN-name-solutions.ipynb``
    becomes ``exercises/NN-name-exercises.ipynb``.
    """
    written = []
    sources = solution_notebooks(root)
    wanted = {chapter_of(n): n for n in names} if names else None
    unknown = [n for c, n in wanted.items() if c not in {chapter_of(s) for s in sources}] if wanted else []
    if unknown:
        raise FileNotFoundError(f"{unknown[0]}: no such notebook in {Path(root) / 'solutions'}")
    (root / "exercises").mkdir(exist_ok=True)
    for source in sources:
        if wanted is not None and chapter_of(source) not in wanted:
            continue
        nb = student_version(nbformat.read(source, as_version=4), source.name)
        target = root / "exercises" / exercise_name(source)
        if run:
            execute(nb, target.parent.resolve())
        write_pair(nb, target)
        written.append(target)
    return written


def stale(root: Path) -> list[str]:
    """Names of exercise notebooks whose cells differ from what the solutions would give."""
    problems = []
    sources = solution_notebooks(root)
    for source in sources:
        expected = student_version(nbformat.read(source, as_version=4), source.name)
        target = root / "exercises" / exercise_name(source)
        if not target.exists():
            problems.append(f"{target.name}: missing")
            continue
        actual = nbformat.read(target, as_version=4)
        want = [(c.cell_type, c.source) for c in expected.cells]
        have = [(c.cell_type, c.source) for c in actual.cells]
        if want != have:
            problems.append(f"{target.name}: differs from solutions/{source.name}")
    made = {exercise_name(source) for source in sources}
    for extra in sorted((root / "exercises").glob("*.ipynb")):
        if extra.name not in made:
            problems.append(f"{extra.name}: has no solution notebook")
    return problems
