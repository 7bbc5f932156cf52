"""The Slider editor in JupyterLab, in headless Chromium: run the chapter, solve Hartmann's board, move
the start and the target and place an obstacle by clicking the picture, solve again."""

from puzzlelib import slider as sl

from labtools import canvas_point, click_canvas, open_and_run, screenshot


def test_edit_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "04-slider.ipynb")
    message = editor.locator(".puzzlelib-message")
    reference = sl.editor(sl.hartmann_example())  # same layout as the notebook's editor
    reference.ax.apply_aspect()  # the 6x4 board is narrower than the canvas: place it as drawn

    def click_cell(row, col):
        click_canvas(page, editor, *canvas_point(reference, row, col))

    def wait_for(text):
        page.wait_for_function("([el, t]) => el.textContent.includes(t)", arg=[message.element_handle(), text])

    def mode(name):
        editor.get_by_role("button", name=name, exact=True).click()

    wait_for("Valid puzzle")
    canvas = editor.locator("canvas").first
    before = canvas.screenshot()
    editor.get_by_role("button", name="Solve").click()
    wait_for("Solved: 3 moves (up, right, down).")
    page.wait_for_timeout(1000)  # let the redrawn picture arrive
    assert canvas.screenshot() != before, "the picture did not change after Solve"
    screenshot(editor, "slider-editor-solved")

    mode("Obstacle")
    click_cell(2, 1)  # the block is there: refused in words
    wait_for("holds the start")
    mode("Start")
    click_cell(0, 0)
    wait_for("Valid puzzle")
    mode("Target")
    click_cell(5, 1)
    wait_for("Valid puzzle")
    mode("Obstacle")
    click_cell(3, 3)
    wait_for("Valid puzzle")
    editor.get_by_role("button", name="Solve").click()
    wait_for("Solved: 2 moves (down, right).")
    page.wait_for_timeout(1000)
    screenshot(editor, "slider-editor-edited")
    editor.get_by_role("button", name="Save").click()
    wait_for("Saved to the text box")
    box = editor.locator("textarea")
    page.wait_for_function("el => el.value.startsWith('slider')", arg=box.element_handle())
    assert box.input_value() == "slider\nS#..\n...#\n....\n...#\n....\n.T#.\n", box.input_value()
    assert "Traceback" not in panel.inner_text()
