"""Run the course notebooks in place and keep each paired with its MyST markdown twin.

Committed notebooks carry their outputs (the book a student opens) and nbval re-runs them in
strict mode, so they are always executed with this module: one kernel per notebook, from its
own folder, then written together with its ``.md`` twin (what reviewers diff).
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

import nbformat

FORMATS = "ipynb,md:myst"


@contextmanager
def environment(values: dict[str, str | None]):
    """Set (or, for None, remove) environment variables for a block, and put every one back after."""
    saved = {key: os.environ.get(key) for key in values}
    try:
        for key, value in values.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def execute(nb: nbformat.NotebookNode, cwd: Path, timeout: int = 900, env: dict[str, str | None] | None = None,
            allow_errors: bool = False) -> None:
    """Run ``nb`` in a fresh kernel started in ``cwd``: the one notebook runner of the course.

    The kernel inherits ``env`` on top of this process's environment (progress bars are always off,
    so stored outputs never hold one), and this process's environment is restored afterwards. nbclient's
    exceptions (a cell that fails, times out, a kernel that dies) reach the caller."""
    from nbclient import NotebookClient

    with environment({"PUZZLELIB_PROGRESS": "0", **(env or {})}):
        NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False, allow_errors=allow_errors,
                       resources={"metadata": {"path": str(cwd)}}).execute()
    for cell in nb.cells:  # nothing that changes from run to run
        cell.metadata.pop("execution", None)


def lab_kernelspec(name: str = "python3") -> dict[str, str]:
    """The notebook's ``kernelspec`` metadata as JupyterLab writes it for the installed kernel ``name``."""
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec(name)
    return {"display_name": spec.display_name, "language": spec.language, "name": name}


def write_pair(nb: nbformat.NotebookNode, path: Path) -> None:
    """Write ``path`` (.ipynb) and its MyST markdown twin (.md)."""
    import jupytext

    nb.metadata.setdefault("jupytext", {})["formats"] = FORMATS
    nb.metadata.pop("widgets", None)  # widget state is per run: leave it out of the committed file
    # The metadata JupyterLab (with jupytext) writes when a student opens and saves the notebook, so
    # that opening a chapter leaves `git status` clean (tests/test_lab.py): jupytext keeps the text
    # format's description in the .md only, and Lab names the kernel with its kernelspec's display name.
    nb.metadata["jupytext"].pop("text_representation", None)
    nb.metadata["kernelspec"] = lab_kernelspec()
    nbformat.write(nb, path)
    jupytext.write(nb, path.with_suffix(".md"), fmt="md:myst")


def read_source(path: Path) -> nbformat.NotebookNode:
    """The notebook's cells, taken from the .md twin when it is newer (so edits to either work)."""
    import jupytext

    md = path.with_suffix(".md")
    if md.exists() and (not path.exists() or md.stat().st_mtime > path.stat().st_mtime):
        nb = jupytext.read(md)
        if path.exists():
            keep_ids(nbformat.read(path, as_version=4), nb)
        return nb
    return nbformat.read(path, as_version=4)


def keep_ids(old: nbformat.NotebookNode, new: nbformat.NotebookNode) -> None:
    """Give ``new``'s cells the ids they had in ``old`` (same type and source, else same place and type).

    Cell ids are how the grader finds a student's answer cell, and a student's copy keeps the ids of
    the exercise notebook it came from: re-running a notebook must not change them."""
    by_source = {}
    for cell in old.cells:
        by_source.setdefault((cell.cell_type, cell.source.strip()), cell.get("id"))
    used = set()
    for index, cell in enumerate(new.cells):
        wanted = by_source.get((cell.cell_type, cell.source.strip()))
        if wanted is None and index < len(old.cells) and old.cells[index].cell_type == cell.cell_type:
            wanted = old.cells[index].get("id")
        if wanted and wanted not in used:
            cell["id"] = wanted
            used.add(wanted)


def run_in_place(path: Path) -> None:
    path = Path(path)
    nb = read_source(path)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    execute(nb, path.parent.resolve())
    write_pair(nb, path)


def out_of_sync(path: Path) -> str | None:
    """Why ``path`` and its .md twin disagree, or None when their cells match."""
    import jupytext

    md = Path(path).with_suffix(".md")
    if not md.exists():
        return f"{md.name} is missing"
    a = nbformat.read(path, as_version=4).cells
    b = jupytext.read(md).cells
    left = [(c.cell_type, c.source.strip()) for c in a]
    right = [(c.cell_type, c.source.strip()) for c in b]
    if left != right:
        for i, (x, y) in enumerate(zip(left, right)):
            if x != y:
                return f"cell {i} differs between {Path(path).name} and {md.name}"
        return f"{Path(path).name} has {len(left)} cells, {md.name} has {len(right)}"
    return None


if __name__ == "__main__":  # python -m puzzlelib.classroom.runner FILE.ipynb ...
    for name in sys.argv[1:]:
        print(f"running {name}")
        run_in_place(Path(name))
