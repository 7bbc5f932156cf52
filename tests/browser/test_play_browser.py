"""Play mode in the Voila app, in headless Chromium (issue 40): for each puzzle the hints cover, a
new board is made (the message says it is unique), a deliberate mistake is entered and shown by
Mistakes, then the board is played to the end with Hint, clicking each hinted cell on the picture,
until Mistakes says it is solved. Screenshots go to tests/browser/screenshots/play-<kind>.png."""

from __future__ import annotations

import re

import pytest

from labtools import SCREENSHOTS, canvas_point, click_canvas
from test_book_and_app_browser import voila  # noqa: F401 - the app's server, one per module

from puzzlelib import registry
from puzzlelib.classroom import hints

#: The size each board is played at (small: every hint is a round trip through the browser).
SIZES = {"thermometer": "4", "binairo": "4", "aquarium": "4", "starbattle": "5", "sudoku": "4", "kakuro": "4",
         "infinityloop": "4"}
HINT = re.compile(r"Hint: \((\d+), (\d+)\) must be (\d+)")


@pytest.fixture
def browser(chromium):
    return chromium


class Player:
    def __init__(self, page, editor, reference):
        self.page, self.editor, self.reference = page, editor, reference
        self.message = editor.locator(".puzzlelib-message")

    def text(self) -> str:
        return self.message.inner_text()

    def _wait(self, old: str, expect: str) -> str:
        """The message once it says one of ``expect`` ('|'-separated) and differs from ``old`` (or, when
        the same message comes again, once it says it and stays)."""
        handle = self.message.element_handle()
        try:
            self.page.wait_for_function(
                "([el, old, t]) => el.textContent !== old && t.split('|').some(s => el.textContent.includes(s))",
                arg=[handle, old, expect], timeout=60_000)
        except Exception:  # the same message again: it must still say what was expected
            self.page.wait_for_timeout(2000)
            assert any(s in self.text() for s in expect.split("|")), (expect, self.text())
        return self.text()

    def press(self, name: str, expect: str) -> str:
        """Press a button and wait until the message says one of ``expect``."""
        old = self.text()
        self.editor.get_by_role("button", name=name, exact=True).click()
        return self._wait(old, expect)

    def click(self, row: int, col: int) -> str:
        old = self.text()
        click_canvas(self.page, self.editor, *canvas_point(self.reference, row, col))
        return self._wait(old, f"({row}, {col}):")

    def set_cell(self, row: int, col: int, value: int) -> None:
        """Click the cell until it shows ``value`` (the message names what the click wrote)."""
        for _ in range(12):
            said = self.click(row, col)
            if f"({row}, {col}): {value}." in said:
                return
        raise AssertionError(f"({row}, {col}) never showed {value}")


@pytest.mark.parametrize("kind", sorted(hints.CELLS))
def test_play_a_board_with_hints_and_a_mistake(browser, voila, kind):  # noqa: F811
    table = registry.table(kind)
    made = table.generate(int(SIZES[kind]), seed=1, time_limit=60)  # the board New board makes (seed 1)
    reference = table.editor(made.puzzle)
    page = browser.new_page(viewport={"width": 1600, "height": 1200})
    page.set_default_timeout(120_000)
    page.goto(voila)
    page.locator(".puzzlelib-editor").first.wait_for(state="visible")
    page.locator(".lm-TabBar-tab", has_text=re.compile(rf"^\s*{re.escape(table.title)}\s*$")).first.click()
    editor = page.locator(".puzzlelib-editor:visible").first
    editor.wait_for(state="visible")
    play_row = editor.locator(".puzzlelib-play")
    play_row.locator("input[type='text']").first.fill(SIZES[kind])
    player = Player(page, editor, reference)
    said = player.press("New board", "New board:|rror")
    assert "Unique" in said, said

    # a deliberate mistake: the first hinted cell given another value
    said = player.press("Hint", "Hint:|No hint|Solved")
    match = HINT.search(said)
    assert match, said
    row, col, value = map(int, match.groups())
    values = sorted(v for v in hints.setup(table, made.puzzle)[2][row, col])
    wrong = next(v for v in values if v != value)
    page.wait_for_timeout(1000)  # the hint's marks reach the picture
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    editor.screenshot(path=str(SCREENSHOTS / f"play-{kind}-hint.png"))
    player.set_cell(row, col, wrong)
    said = player.press("Mistakes", "Mistakes:|No mistakes")
    assert said.startswith("Mistakes:"), said
    page.wait_for_timeout(1000)
    editor.screenshot(path=str(SCREENSHOTS / f"play-{kind}-mistake.png"))
    player.set_cell(row, col, value)

    # then hints to the end
    for _ in range(100):
        said = player.press("Hint", "Hint:|No hint|Solved")
        if "Solved" in said:
            break
        match = HINT.search(said)
        assert match, said
        row, col, value = map(int, match.groups())
        player.set_cell(row, col, value)
    said = player.press("Mistakes", "Mistakes:|No mistakes")
    assert "Solved" in said, said
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    editor.screenshot(path=str(SCREENSHOTS / f"play-{kind}.png"))
    assert "Traceback" not in page.locator("body").inner_text()
    page.close()
