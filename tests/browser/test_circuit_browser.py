"""The Circuit Scramble editor in JupyterLab, in headless Chromium: run the chapter's editor cells, flip switches by
clicking the picture and watch the lamp, add a gate with the widgets, solve."""

from puzzlelib import circuit as ci

from labtools import EditorPage, open_and_run, screenshot


def test_flip_build_and_solve_in_the_browser(lab, page):
    panel, editor = open_and_run(page, lab, "02-logic-gates.ipynb")
    board = EditorPage(page, editor, ci.editor(ci.seed_circuit()))

    def click_node(name):
        x, y = board.reference.positions[name]
        board.click_cell(y, x)

    board.wait_for("Lamp g12 off after 0 flips")
    before = board.canvas.screenshot()
    click_node("x5")
    board.wait_for("Lamp g12 off after 1 flip (x5)")
    click_node("x6")
    board.wait_for("Lamp g12 on after 2 flips (x5, x6)")
    page.wait_for_timeout(1000)  # let the redrawn picture arrive
    assert board.canvas.screenshot() != before, "the picture did not change after two flips"
    screenshot(editor, "circuit-editor-lit")

    board.press("Reset switches")
    board.wait_for("Lamp g12 off after 0 flips")
    editor.locator(".widget-dropdown", has_text="Kind").locator("select").select_option("OR")
    editor.locator(".widget-text", has_text="Inputs").locator("input").fill("g12 x1")
    board.press("Add gate")
    board.wait_for("Lamp g13 off after 0 flips")
    board.solve_and_see("Solved: 1 flip (x1) lights lamp g13", "circuit-editor-solved")
    assert "Traceback" not in panel.inner_text()
