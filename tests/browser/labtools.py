"""Helpers for the browser tests: open a chapter, run it, click an editor's board, take screenshots.

Import them in a browser test module with ``from labtools import ...`` (pytest puts this folder on
the import path); the fixtures ``lab`` and ``page`` come from ``conftest.py`` beside this file.
"""

from __future__ import annotations

import ast
import json
import re
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "tests" / "browser" / "screenshots"


def open_notebook(page, lab: str, name: str):
    """Open notebooks/<name> in JupyterLab and wait for its kernel; returns the notebook panel."""
    page.goto(f"{lab}/lab/tree/notebooks/{name}?reset")
    panel = page.locator(".jp-NotebookPanel").first
    panel.wait_for(state="visible", timeout=90_000)
    idle = page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first
    idle.wait_for(timeout=90_000)
    # Let the new kernel's connection settle: a restart within a second of the kernel's start
    # makes jupyter_server replace the connection ("stale connection") and the cells never run.
    page.wait_for_timeout(3000)
    idle.wait_for(timeout=90_000)
    return panel


def run_all(page, timeout_s: float = 300) -> None:
    """Run > Restart Kernel and Run All Cells, confirm, and wait until every cell has run.

    "Done" means the kernel went busy and came back idle, and no rendered code cell still shows
    ``[*]`` or an empty prompt.
    """
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator("[data-command='runmenu:restart-and-run-all']").first.click()
    page.locator(".jp-Dialog-button.jp-mod-accept").first.click()
    indicator = ".jp-Notebook-ExecutionIndicator"
    try:
        page.locator(f"{indicator}[data-status='busy']").first.wait_for(timeout=30_000)
    except Exception:
        pass  # a very fast notebook may finish before we look
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        prompts = page.locator(".jp-CodeCell .jp-InputPrompt").all_inner_texts()
        pending = [p for p in prompts if "*" in p or p.strip() in ("", "[ ]:")]
        if not pending and page.locator(f"{indicator}[data-status='idle']").count():
            return
        time.sleep(0.5)
    raise AssertionError(f"the notebook did not finish within {timeout_s} s")


def canvas_point(editor_widget, row: float, col: float):
    """Where cell (row, col) of an editor's board is, as fractions of its canvas (x, y from top-left).

    The kernel-side editor in the browser is built the same way as ``editor_widget`` here, so the
    same figure layout gives the same pixels.
    """
    fig = editor_widget.figure
    editor_widget.ax.apply_aspect()  # place the board as it is drawn (equal aspect shrinks the axes)
    x, y = editor_widget.ax.transData.transform((col, row))
    width, height = fig.canvas.get_width_height()
    return x / width, 1 - y / height


def click_canvas(page, editor, fx: float, fy: float) -> None:
    """Click an ipympl canvas at fractions of its size."""
    canvas = editor.locator("canvas").last  # the top canvas receives the mouse
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])


def screenshot(locator, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    locator.screenshot(path=str(path))
    return path


_MAGIC = re.compile(r"^\s*[%!]", re.M)


def _names(source: str):
    """(names bound, names read) at any depth of a cell's code; None when it does not parse."""
    code = "\n".join("pass" if _MAGIC.match(line) else line for line in source.splitlines())
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    bound, used = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, (ast.Store, ast.Del)) else used).add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, ast.Store):
            base = node.value
            while isinstance(base, (ast.Attribute, ast.Subscript)):
                base = base.value
            if isinstance(base, ast.Name):
                bound.add(base.id)  # x.a = ... or x[k] = ...: a change to x
    return bound, used


def editor_cells(name: str) -> list[str]:
    """The code cells of chapter ``name`` that its editors need, in the chapter's order: each cell that
    builds an editor (``.editor(``), and, going back, each cell that binds or changes a name a kept
    cell reads, each magic (``%matplotlib``) and each cell that does not parse (kept whole). The
    whole chapter is run by nbval; the browser tests run the chapter's own editors without waiting
    for its experiments (chapter 3's take over a minute in the browser)."""
    import nbformat

    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    keep = {i for i, source in enumerate(code) if ".editor(" in source}
    assert keep, f"{name} builds no editor"
    needed = set().union(*(_names(code[i])[1] for i in keep))
    for i in range(max(keep) - 1, -1, -1):
        names = _names(code[i])
        if i in keep or names is None or _MAGIC.search(code[i]) or names[0] & needed:
            keep.add(i)
            needed |= names[1] if names else set()
    return [code[i] for i in sorted(keep)]


def put_notebook(lab: str, name: str, nb) -> str:
    """Write notebook ``nb`` as notebooks/``name`` in the lab's copy of the chapters (the contents API);
    returns ``name``."""
    body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
    request = urllib.request.Request(f"{lab}/api/contents/notebooks/{name}", data=body, method="PUT",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status in (200, 201)
    return name


def put_editor_notebook(lab: str, name: str) -> str:
    """Write the cells of :func:`editor_cells` as ``<chapter>-editors.ipynb`` beside the chapter in the
    lab's copy (its relative paths still hold); returns the new notebook's name."""
    import nbformat

    chapter = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in editor_cells(name)])
    nb.metadata = chapter.metadata
    return put_notebook(lab, name.replace(".ipynb", "-editors.ipynb"), nb)


def open_and_run(page, lab: str, name: str, tries: int = 2):
    """Open a chapter's editors (:func:`put_editor_notebook`; a notebook of notebooks/ that is no
    chapter is opened as it is), run all its cells and return (panel, editor).

    On a loaded machine JupyterLab occasionally misses the first Run All (the kernel is not yet
    connected when the menu is used); the chapter is then reloaded and run once more.
    """
    if re.fullmatch(r"\d\d-[\w-]+\.ipynb", name) and (ROOT / "notebooks" / name).is_file():
        name = put_editor_notebook(lab, name)
    for attempt in range(1, tries + 1):
        last = attempt == tries
        try:
            panel = open_notebook(page, lab, name)
            run_all(page, timeout_s=300 if last else 180)
            return panel, find_editor(page, panel, timeout_ms=240_000 if last else 120_000)
        except Exception:
            if last:
                raise
    raise AssertionError("unreachable")


def find_editor(page, panel, timeout_ms: int = 120_000):
    """The last puzzle editor in the notebook, once it is on screen (a screenshot if it never is)."""
    editor = panel.locator(".puzzlelib-editor").last
    try:
        editor.wait_for(state="attached", timeout=timeout_ms)
        editor.scroll_into_view_if_needed()
        editor.wait_for(state="visible", timeout=30_000)
    except Exception:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "no-editor.png"), full_page=True)
        raise
    return editor


class EditorPage:
    """A chapter's editor in the page, driven the way a person would: click cells, press buttons,
    wait for the message line to say something.

    ``reference`` is the same editor built in the test process; it gives each cell's position on
    the canvas (the notebook's editor has the same layout).
    """

    def __init__(self, page, editor, reference):
        self.page, self.editor, self.reference = page, editor, reference
        self.message = editor.locator(".puzzlelib-message")
        self.canvas = editor.locator("canvas").first

    def click_cell(self, row: float, col: float, redraw: bool = False) -> None:
        """Click the cell. ``redraw``: then wait until the picture has changed, for a click that must
        change it. Clicks on one cell in quick succession otherwise meet the canvas mid-redraw on a
        busy machine, and one is lost (a sequential run saw the Sudoku editor's third click go)."""
        before = self.canvas.screenshot() if redraw else None
        click_canvas(self.page, self.editor, *canvas_point(self.reference, row, col))
        if redraw:
            deadline = time.time() + 60
            while self.canvas.screenshot() == before:
                if time.time() > deadline:
                    raise AssertionError(f"the picture did not change after a click on cell ({row}, {col})")
                self.page.wait_for_timeout(200)

    def press(self, name: str) -> None:
        self.editor.get_by_role("button", name=name, exact=True).click()

    def wait_for(self, text: str, timeout_s: float = 90) -> None:
        """Until the message line says ``text``. The line is looked up afresh on every poll: a handle
        taken once goes stale when the output area re-renders the widget, and then never changes."""
        deadline = time.time() + timeout_s
        while time.time() < deadline:
            try:
                if text in self.message.inner_text(timeout=5_000):
                    return
            except Exception:  # noqa: BLE001 - re-rendered between lookup and read: look again
                pass
            self.page.wait_for_timeout(250)
        raise AssertionError(f"the message never said {text!r}; it says {self.message.inner_text()!r}")

    def solve_and_see(self, expected: str, shot: str) -> None:
        """Press Solve; the message must say ``expected`` and the picture must change."""
        before = self.canvas.screenshot()
        self.press("Solve")
        self.wait_for(expected)
        self.page.wait_for_timeout(1000)  # let the redrawn picture arrive
        assert self.canvas.screenshot() != before, "the picture did not change after Solve"
        screenshot(self.editor, shot)
