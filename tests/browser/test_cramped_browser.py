"""Nothing cut at 1200-1600 px (issue 41): the app's tab titles and an editor's buttons whole, with
screenshots in tests/browser/screenshots/ to look at.

The editor is the introduction's (the smallest of the course), in JupyterLab with the file browser
open beside the notebook, as a student has it; the app is `make play`'s own command (Voila).
"""

from __future__ import annotations

import re

import pytest

from labtools import SCREENSHOTS, run_all
from test_navigation_browser import course_lab, lab_page  # noqa: F401 (fixtures)
from test_newcomer_browser import play  # noqa: F401 (fixture)

WIDTHS = (1200, 1400, 1600)
CUT = """(els) => els.filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
                 .map(e => e.textContent.trim() + ' (' + e.clientWidth + ' of ' + e.scrollWidth + ' px)')"""


def test_editor_buttons_are_whole_beside_the_file_browser(lab_page, course_lab):  # noqa: F811
    page = lab_page
    page.goto(f"{course_lab}/lab/tree/notebooks/00-introduction.ipynb?reset")
    page.locator(".jp-NotebookPanel").first.wait_for()
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(timeout=90_000)
    page.wait_for_timeout(3000)
    run_all(page)
    editor = page.locator(".puzzlelib-editor").last
    editor.wait_for(state="visible", timeout=120_000)
    if not page.locator(".jp-FileBrowser:visible").count():  # the file browser open, as students keep it
        page.locator(".jp-SideBar .lm-TabBar-tab[data-id='filebrowser']").first.click()
    page.locator(".jp-FileBrowser").first.wait_for(state="visible")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    faults = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_timeout(800)
        editor.scroll_into_view_if_needed()
        cut = editor.locator("button, .widget-label").evaluate_all(CUT)
        editor.screenshot(path=str(SCREENSHOTS / f"editor-beside-file-browser-{width}.png"))
        faults += [f"{width} px: {c}" for c in cut]
    page.set_viewport_size({"width": 1400, "height": 900})
    assert not faults, "cut in the editor: " + "; ".join(faults)


@pytest.fixture(scope="module")
def app_browser(lab_page, play):  # noqa: F811 (the lab's browser, one Playwright per process)
    page = lab_page.context.browser.new_page(viewport={"width": 1600, "height": 1000})
    page.set_default_timeout(120_000)
    page.goto(play)
    page.locator(".puzzlelib-editor").first.wait_for(state="visible")
    yield page
    page.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_app_tab_titles_and_buttons_are_whole(app_browser, width):
    page = app_browser
    page.set_viewport_size({"width": width, "height": 1000})
    page.wait_for_timeout(800)
    labels = page.locator(".puzzlelib-app .lm-TabBar-tabLabel")
    titles = labels.all_inner_texts()
    assert {"Circuit Scramble", "Binary Sudoku", "Thermometers"} <= set(titles), titles
    cut = labels.evaluate_all(CUT)
    shown = [t for t in labels.evaluate_all("els => els.map(e => e.getBoundingClientRect().right)")]
    beyond = [t for t, right in zip(titles, shown) if right > width]
    for title in ("Circuit Scramble", "Binary Sudoku"):
        page.locator(".lm-TabBar-tab", has=page.locator(".lm-TabBar-tabLabel",
                                                        has_text=re.compile(rf"^{title}$"))).first.click()
        page.locator(".puzzlelib-editor:visible").first.wait_for(state="visible")
        page.wait_for_timeout(500)
        cut += page.locator(".puzzlelib-editor:visible").first.locator("button").evaluate_all(CUT)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"app-tabs-{width}.png"))
    assert not cut and not beyond, f"at {width} px, cut: {cut}; past the window's edge: {beyond}"
