"""Chapter 9's two editors in JupyterLab, in headless Chromium: run the chapter's editor cells, solve Appendix C in
the Match 22 editor, tap a disk and solve again; tap an Infinity Loop tile, see the open ends counted,
solve. Each expected message is what the same clicks give in an editor built in the test process."""

import html
import re

from puzzlelib import infinityloop as il
from puzzlelib import match22 as m22

from labtools import EditorPage, open_and_run


def plain(editor) -> str:
    return html.unescape(re.sub("<[^>]+>", "", editor.message.value))


def test_turn_and_solve_in_the_browser(lab, page):
    panel, loop_widget = open_and_run(page, lab, "09-turning-tiles.ipynb")
    disks_widget = panel.locator(".puzzlelib-editor").first
    disks_widget.scroll_into_view_if_needed()

    reference = m22.editor(m22.Puzzle.from_text(m22.SEED_BOARD))
    disks = EditorPage(page, disks_widget, reference)
    disks.solve_and_see("Solved with 28 left turns", "match22-editor-solved")
    disks.press("Clear solution")
    disks.click_cell(0, 0)          # one tap: disk 1 turns left
    reference.click(0, 0)
    reference.press("Solve")
    disks.solve_and_see(plain(reference), "match22-editor-tapped")

    loop_widget.scroll_into_view_if_needed()
    reference = il.editor(il.Puzzle.from_text(il.SEED_BOARD))
    loop = EditorPage(page, loop_widget, reference)
    loop.click_cell(0, 0)
    reference.click(0, 0)
    loop.wait_for(plain(reference))
    assert "open end" in plain(reference)
    reference.press("Solve")
    loop.solve_and_see(plain(reference), "infinityloop-editor-solved")
    assert "Traceback" not in panel.inner_text()
