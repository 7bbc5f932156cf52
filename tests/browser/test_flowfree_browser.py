"""The Flow Free editor in JupyterLab, in headless Chromium: run the chapter, solve Hartmann's board,
erase a pair of dots and place it again by clicking the picture, solve again, save."""

from puzzlelib import flowfree as ff

from labtools import canvas_point, click_canvas, open_notebook, run_all, screenshot


def test_edit_and_solve_in_the_browser(lab, page):
    panel = open_notebook(page, lab, "05-flow-free.ipynb")
    run_all(page)
    editor = panel.locator(".puzzlelib-editor").last
    editor.wait_for(state="attached", timeout=300_000)  # the chapter's last cells may still be running
    editor.scroll_into_view_if_needed()
    message = editor.locator(".puzzlelib-message")
    reference = ff.editor(ff.HARTMANN_8X8)  # same layout as the notebook's editor
    reference.ax.apply_aspect()

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
    wait_for("Solved: 7 pipes fill all 64 cells")
    page.wait_for_timeout(1000)  # let the redrawn picture arrive
    assert canvas.screenshot() != before, "the picture did not change after Solve"
    screenshot(editor, "flowfree-editor-solved")

    mode("Erase pair")
    click_cell(7, 4)  # a dot of colour 7: both dots go
    wait_for("Valid puzzle")
    mode("Place dots")  # the colour list now shows 7 again
    click_cell(7, 4)
    wait_for("colour 7 has 1 dot")
    click_cell(7, 7)
    wait_for("Valid puzzle")
    editor.get_by_role("button", name="Solve").click()
    wait_for("Solved: 7 pipes fill all 64 cells")
    page.wait_for_timeout(1000)
    screenshot(editor, "flowfree-editor-edited")
    editor.get_by_role("button", name="Save").click()
    wait_for("Saved to the text box")
    box = editor.locator("textarea")
    page.wait_for_function("el => el.value.length > 0", arg=box.element_handle())
    text = box.input_value()
    assert text == ff.HARTMANN_8X8.to_text(), text
    assert "Traceback" not in panel.inner_text()
