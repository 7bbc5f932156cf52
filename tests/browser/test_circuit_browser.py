"""The Circuit Scramble editor in JupyterLab, in headless Chromium: run the chapter, flip switches by
clicking the picture and watch the lamp, add a gate with the widgets, solve."""

from puzzlelib import circuit as ci

from labtools import canvas_point, click_canvas, open_and_run, screenshot


def test_flip_build_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "02-logic-gates.ipynb")
    message = editor.locator(".puzzlelib-message")
    reference = ci.editor(ci.seed_circuit())  # the notebook's editor has the same layout
    reference.ax.apply_aspect()

    def click_node(name):
        x, y = reference.positions[name]
        click_canvas(page, editor, *canvas_point(reference, y, x))

    def wait_for(text):
        page.wait_for_function("([el, t]) => el.textContent.includes(t)", arg=[message.element_handle(), text])

    canvas = editor.locator("canvas").first
    wait_for("Lamp g12 off after 0 flips")
    before = canvas.screenshot()
    click_node("x5")
    wait_for("Lamp g12 off after 1 flip (x5)")
    click_node("x6")
    wait_for("Lamp g12 on after 2 flips (x5, x6)")
    page.wait_for_timeout(1000)  # let the redrawn picture arrive
    assert canvas.screenshot() != before, "the picture did not change after two flips"
    screenshot(editor, "circuit-editor-lit")

    editor.get_by_role("button", name="Reset switches").click()
    wait_for("Lamp g12 off after 0 flips")
    editor.locator(".widget-dropdown", has_text="Kind").locator("select").select_option("OR")
    editor.locator(".widget-text", has_text="Inputs").locator("input").fill("g12 x1")
    editor.get_by_role("button", name="Add gate").click()
    wait_for("Lamp g13 off after 0 flips")
    editor.get_by_role("button", name="Solve").click()
    wait_for("Solved: 1 flip (x1) lights lamp g13")
    page.wait_for_timeout(1000)
    screenshot(editor, "circuit-editor-solved")
    assert "Traceback" not in panel.inner_text()
