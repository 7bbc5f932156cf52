"""The Slider editor in JupyterLab, in headless Chromium: run the chapter's editor cells, solve Hartmann's board, move
the start and the target and place an obstacle by clicking the picture, solve again."""

from puzzlelib import slider as sl

from labtools import EditorPage, open_and_run


def test_edit_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "04-slider.ipynb")
    board = EditorPage(page, editor, sl.editor(sl.hartmann_example()))
    board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: 3 moves (up, right, down).", "slider-editor-solved")
    board.press("Obstacle")
    board.click_cell(2, 1)  # the block is there: refused in words
    board.wait_for("holds the start")
    for mode, cell in [("Start", (0, 0)), ("Target", (5, 1)), ("Obstacle", (3, 3))]:
        board.press(mode)
        board.click_cell(*cell)
        board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: 2 moves (down, right).", "slider-editor-edited")
    board.press("Save")
    board.wait_for("Saved to the text box")
    box = editor.locator("textarea")
    page.wait_for_function("el => el.value.startsWith('slider')", arg=box.element_handle())
    assert box.input_value() == "slider\nS#..\n...#\n....\n...#\n....\n.T#.\n", box.input_value()
    assert "Traceback" not in panel.inner_text()
