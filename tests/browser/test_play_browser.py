"""Play mode in the Voila app, in headless Chromium (issue 40): for each puzzle the hints cover, a
new board is made (the message says it is unique), a deliberate mistake is entered and shown by
Mistakes, then the board is played to the end with Hint, clicking the picture where a player would
(a grid cell, a path's squares, a switch, an edge), until Mistakes says it is solved. Screenshots go
to tests/browser/screenshots/play-<kind>.png."""

from __future__ import annotations

import html
import re

import pytest

from labtools import SCREENSHOTS, canvas_point, click_canvas
from test_book_and_app_browser import voila  # noqa: F401 - the app's server, one per module

from puzzlelib import registry
from puzzlelib.classroom import hints

#: The size each board is played at (small: every hint is a round trip through the browser).
SIZES = {"thermometer": "4", "binairo": "4", "aquarium": "4", "starbattle": "5", "sudoku": "4", "kakuro": "4",
         "infinityloop": "4", "flowfree": "5", "knightmoves": "5", "match22": "3", "monodot": "4", "circuit": "5",
         "slider": "5", "v3ck": "6"}


@pytest.fixture
def browser(chromium):
    return chromium


def plain(message_html: str) -> str:
    """An editor message as the browser shows it (no tags, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", message_html)).strip()


class Player:
    """Drives the app's editor in the browser and, click for click, a kernel-side twin of it
    (``reference``: the same board in an editor of this process). The twin says where a cell is
    drawn and which clicks write a value (``play.points``), and what the browser must then say."""

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

    def hint(self):
        """Hint in the browser; the twin's hint (the same board and entries) must be what it says."""
        self.reference.press("Hint")
        got = self.reference.play.last
        expect = got.claim if got.kind == "cell" else ("Solved" if got.kind == "solved" else "No hint")
        self.press("Hint", expect)
        return got

    def write(self, cell, value) -> None:
        """Click the picture where a player would, until ``cell`` holds ``value`` (the twin too)."""
        for x, y in self.reference.play.points(cell, value):
            old = self.text()
            self.reference.click_xy(x, y)
            click_canvas(self.page, self.editor, *canvas_point(self.reference, y, x))
            self._wait(old, plain(self.reference.message.value)[:60])
        assert self.reference.play.entries.get(cell) == value


@pytest.mark.parametrize("kind", sorted(hints.CELLS))
def test_play_a_board_with_hints_and_a_mistake(browser, voila, kind):  # noqa: F811
    table = registry.table(kind)
    made = table.generate(int(SIZES[kind]), seed=1, time_limit=60)  # the board New board makes (seed 1)
    reference = table.editor(made.puzzle)
    reference.play.toggle.value = True
    reference.play.answer, reference.play.answer_of = made.solution, made.puzzle.to_text()
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
    got = player.hint()
    assert got.kind == "cell"
    wrong = next(v for v in reference.play.cells[got.cell] if v != got.value)
    page.wait_for_timeout(1000)  # the hint's marks reach the picture
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    editor.screenshot(path=str(SCREENSHOTS / f"play-{kind}-hint.png"))
    player.write(got.cell, wrong)
    said = player.press("Mistakes", "Mistakes:|No mistakes")
    assert said.startswith("Mistakes:"), said
    page.wait_for_timeout(1000)
    editor.screenshot(path=str(SCREENSHOTS / f"play-{kind}-mistake.png"))
    player.write(got.cell, got.value)

    # then hints to the end
    for _ in range(200):
        got = player.hint()
        if got.kind == "solved":
            break
        assert got.kind == "cell", got
        player.write(got.cell, got.value)
    said = player.press("Mistakes", "Mistakes:|No mistakes")
    assert "Solved" in said, said
    editor.screenshot(path=str(SCREENSHOTS / f"play-{kind}.png"))
    assert "Traceback" not in page.locator("body").inner_text()
    page.close()
