"""The Thermometers editor in JupyterLab, in headless Chromium: run the chapter, edit the board by
clicking the picture, solve, and see the solved picture and message."""

from puzzlelib import thermometer as th

from labtools import canvas_point, click_canvas, open_and_run, screenshot


def test_edit_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "01-thermometers.ipynb")
    message = editor.locator(".puzzlelib-message")
    reference = th.editor()  # same layout as the editor in the notebook: cell -> canvas position

    def click_cell(row, col):
        click_canvas(page, editor, *canvas_point(reference, row, col))

    editor.get_by_role("button", name="Erase").click()
    click_cell(0, 1)  # removes thermometer A
    page.wait_for_function("el => el.textContent.includes('not covered')", arg=message.element_handle())
    editor.get_by_role("button", name="Draw").click()
    for cell in [(0, 0), (0, 1), (0, 2), (0, 2)]:  # bulb, tube, tip, tip again to finish
        click_cell(*cell)
    page.wait_for_function("el => el.textContent.includes('Valid puzzle')", arg=message.element_handle())
    canvas = editor.locator("canvas").first
    before = canvas.screenshot()
    editor.get_by_role("button", name="Solve").click()
    page.wait_for_function("el => el.textContent.includes('Solved: 13 cells of mercury in 8 thermometers')",
                           arg=message.element_handle())
    page.wait_for_timeout(1000)  # let the redrawn picture arrive
    after = canvas.screenshot()
    assert after != before, "the picture did not change after Solve"
    screenshot(editor, "thermometer-editor-solved")
    assert "Traceback" not in panel.inner_text()
