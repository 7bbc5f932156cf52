"""The Binairo editor in JupyterLab, in headless Chromium: run the chapter's editor cells, cycle cells by clicking
the picture, see a bad draft explained, solve, and see the solved picture and message."""

from puzzlelib import binairo as bn

from labtools import EditorPage, open_and_run


def test_edit_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "03-binary-sudoku.ipynb")
    board = EditorPage(page, editor, bn.editor())
    for cell in [(1, 3), (1, 3), (1, 4), (1, 4)]:  # row 1 becomes . . 1 1 1 0
        board.click_cell(*cell, redraw=True)  # quick clicks on one cell: each waits for its redraw
    board.wait_for("Not a valid puzzle yet: row 1: cells (1, 2), (1, 3), (1, 4) are all given as 1")
    board.click_cell(1, 4, redraw=True)  # 1 -> empty
    board.click_cell(1, 3, redraw=True)  # 1 -> empty: the chapter's board again
    board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: every row and column holds 3 ones", "binairo-editor-solved")
    board.press("Check uniqueness")
    board.wait_for("Unique")
    assert "Traceback" not in panel.inner_text()
