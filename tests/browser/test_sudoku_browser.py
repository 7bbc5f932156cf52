"""The Sudoku editor in JupyterLab, in headless Chromium: run the chapter's editor cells, type a digit by clicking
the picture, see a bad draft explained, solve, and prove the board unique."""

import puzzlelib.sudoku as sd

from labtools import EditorPage, open_and_run


def test_edit_solve_and_check_uniqueness_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "07-sudoku.ipynb")
    board = EditorPage(page, editor, sd.editor())
    board.press("Digit")
    for _ in range(7):  # (0, 1) cycles up to 7, which row 0 already holds at (0, 2)
        board.click_cell(0, 1, redraw=True)
    board.wait_for("cells (0, 1) and (0, 2) are both given as 7 in row 0")
    for _ in range(3):  # 8, 9, empty again
        board.click_cell(0, 1, redraw=True)
    board.wait_for("Valid puzzle")
    for _ in range(3):  # (0, 0) becomes 3, the digit of the solution
        board.click_cell(0, 0, redraw=True)
    board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: the grid keeps every rule (thermo)", "sudoku-editor-solved")
    board.press("Check uniqueness")
    board.wait_for("Unique")
    assert "Traceback" not in panel.inner_text()
