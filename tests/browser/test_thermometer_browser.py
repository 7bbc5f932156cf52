"""The Thermometers editor in JupyterLab, in headless Chromium: run the chapter's editor cells, edit the board by
clicking the picture, solve, and see the solved picture and message."""

from puzzlelib import thermometer as th

from labtools import EditorPage, open_and_run


def test_edit_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "01-thermometers.ipynb")
    board = EditorPage(page, editor, th.editor())
    board.press("Erase")
    board.click_cell(0, 1)  # removes thermometer A
    board.wait_for("not covered")
    board.press("Draw")
    for cell in [(0, 0), (0, 1), (0, 2), (0, 2)]:  # bulb, tube, tip, tip again to finish
        board.click_cell(*cell)
    board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: 13 cells of mercury in 8 thermometers", "thermometer-editor-solved")
    assert "Traceback" not in panel.inner_text()
