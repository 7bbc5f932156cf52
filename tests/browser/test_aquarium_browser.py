"""The Aquarium editor in JupyterLab, in headless Chromium: run the chapter's editor cells, repaint a tank by
clicking the picture, see a split tank explained, mend it, solve and prove the board unique."""

from puzzlelib import aquarium as aq

from labtools import EditorPage, open_and_run


def test_paint_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "06-aquarium.ipynb")
    board = EditorPage(page, editor, aq.editor())
    board.press("Paint tank")
    board.press("New tank")
    board.click_cell(0, 0)  # tank a loses its corner: (1, 0) and (2, 0) hang off alone
    board.wait_for("tank 'a': cells (0, 1) and (1, 0) are not connected")
    board.click_cell(1, 0)
    board.click_cell(2, 0)  # the new tank takes the whole left arm
    board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: 36 wet cells; 13 of 21 tanks hold water.", "aquarium-editor-solved")
    board.press("Check uniqueness")
    board.wait_for("Unique")
    assert "Traceback" not in panel.inner_text()
