"""The Binairo editor in JupyterLab, in headless Chromium: run the chapter, cycle cells by clicking
the picture, see a bad draft explained, solve, and see the solved picture and message."""

from puzzlelib import binairo as bn

from labtools import canvas_point, click_canvas, open_and_run, screenshot


def test_edit_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "03-binary-sudoku.ipynb")
    message = editor.locator(".puzzlelib-message")
    reference = bn.editor()  # same layout as the editor in the notebook: cell -> canvas position

    def click_cell(row, col):
        click_canvas(page, editor, *canvas_point(reference, row, col))

    def wait_for(text):
        page.wait_for_function(f"el => el.textContent.includes({text!r})", arg=message.element_handle())

    for cell in [(1, 3), (1, 3), (1, 4), (1, 4)]:  # row 1 becomes . . 1 1 1 0
        click_cell(*cell)
    wait_for("Not a valid puzzle yet: row 1: cells (1, 2), (1, 3), (1, 4) are all given as 1")
    click_cell(1, 4)  # 1 -> empty
    click_cell(1, 3)  # 1 -> empty: the chapter's board again
    wait_for("Valid puzzle")
    canvas = editor.locator("canvas").first
    before = canvas.screenshot()
    editor.get_by_role("button", name="Solve").click()
    wait_for("Solved: every row and column holds 3 ones")
    page.wait_for_timeout(1000)  # let the redrawn picture arrive
    after = canvas.screenshot()
    assert after != before, "the picture did not change after Solve"
    editor.get_by_role("button", name="Check uniqueness").click()
    wait_for("Unique")
    screenshot(editor, "binairo-editor-solved")
    assert "Traceback" not in panel.inner_text()
