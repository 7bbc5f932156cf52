"""The Flow Free editor in JupyterLab, in headless Chromium: run the chapter's editor cells, solve Hartmann's board,
erase a pair of dots and place it again by clicking the picture, solve again, save."""

from puzzlelib import flowfree as ff

from labtools import EditorPage, open_and_run


def test_edit_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "05-flow-free.ipynb")
    board = EditorPage(page, editor, ff.editor(ff.HARTMANN_8X8))
    board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: 7 pipes fill all 64 cells", "flowfree-editor-solved")
    board.press("Erase pair")
    board.click_cell(7, 4)  # a dot of colour 7: both dots go
    board.wait_for("Valid puzzle")
    board.press("Place dots")  # the colour list now shows 7 again
    board.click_cell(7, 4)
    board.wait_for("colour 7 has 1 dot")
    board.click_cell(7, 7)
    board.wait_for("Valid puzzle")
    board.solve_and_see("Solved: 7 pipes fill all 64 cells", "flowfree-editor-edited")
    board.press("Save")
    board.wait_for("Saved to the text box")
    box = editor.locator("textarea")
    page.wait_for_function("el => el.value.length > 0", arg=box.element_handle())
    assert box.input_value() == ff.HARTMANN_8X8.to_text(), box.input_value()
    assert "Traceback" not in panel.inner_text()
