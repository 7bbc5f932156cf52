"""The Kakuro editor in JupyterLab, in headless Chromium: run the chapter's editor cells, black out a cell by
clicking the picture, see the broken board explained, restore it, solve, check uniqueness and
type a digit."""

from puzzlelib import kakuro as kk

from labtools import EditorPage, open_and_run


def test_edit_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "08-kakuro.ipynb")
    board = EditorPage(page, editor, kk.editor())
    board.press("Black / white")
    board.click_cell(1, 1)  # the first white cell turns black
    board.wait_for("Not a valid puzzle yet")
    board.click_cell(1, 1)  # and white again: Appendix B's board
    board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: every one of the 30 runs adds up to its clue", "kakuro-editor-solved")
    board.press("Check uniqueness")
    board.wait_for("Unique")
    board.press("Digit")
    board.click_cell(1, 1)
    board.press("Check my digits")
    board.wait_for("No rule broken so far")
    assert "Traceback" not in panel.inner_text()
