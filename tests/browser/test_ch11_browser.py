"""Chapter 11's four editors in JupyterLab, in headless Chromium (issue 26): for Star Battle, V3ck,
Monodot and Knight Moves, open a notebook that shows the editor, change the puzzle through the widget
(click cells, bump a count, colour edges), press Solve, see the answer drawn and the uniqueness message.

Each editor gets a one-cell notebook of its own, written through JupyterLab's contents API into the
server's temporary copy of the chapters (nothing lands in the repository), so the test does not hang
on the chapter's prose. Every step is done to a copy of the editor in this process too: it gives the
canvas positions (Monodot's strip of numbers grows when a dot is added) and the messages to expect.
"""

from __future__ import annotations

import html
import io
import re
import time

import nbformat
from PIL import Image

from puzzlelib import knightmoves as km, monodot as md, starbattle as sb, v3ck as vk

from labtools import EditorPage, canvas_point, click_canvas, open_and_run, put_notebook, screenshot

UNIQUE = "Unique: the search with a no-good cut found no second solution."
NOT_UNIQUE = "Not unique: a second solution is drawn"


def one_cell_notebook(lab: str, name: str, source: str) -> str:
    """Write a one-cell notebook into the lab's copy of the chapters; returns its name."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python", "name": "python3"}
    return put_notebook(lab, name, nb)


class Twin(EditorPage):
    """The editor in the page and its twin here: every click and press goes to both, so the twin
    keeps the page's layout and says what the message line must show."""

    def text(self) -> str:
        return html.unescape(re.sub("<[^>]+>", "", self.reference.message.value))

    def cell(self, row: int, col: int) -> None:
        self.click_cell(row, col)
        self.reference.click(row, col)

    def spot(self, x: float, y: float) -> None:
        """A click at data coordinates (an edge's midpoint, a number in a strip under the board)."""
        click_canvas(self.page, self.editor, *canvas_point(self.reference, y, x))
        self.reference.click_xy(x, y)

    def button(self, name: str) -> None:
        """Press a button, or pick a click mode, by its label."""
        self.press(name)
        if name in self.reference.buttons:
            self.reference.press(name)
        else:
            self.reference.mode.value = name

    def expect(self, fragment: str) -> None:
        """The twin says ``fragment``, and the page's message line comes to say the same."""
        assert fragment in self.text(), (fragment, self.text())
        self.wait_for(fragment)

    def settled(self, timeout_s: float = 30) -> bytes:
        """The canvas once two pictures half a second apart agree (the kernel's redraw has arrived)."""
        last, deadline = self.canvas.screenshot(), time.time() + timeout_s
        while time.time() < deadline:
            self.page.wait_for_timeout(500)
            now = self.canvas.screenshot()
            if now == last:
                return now
            last = now
        return last

    def solve(self, fragment: str, shot: str) -> None:
        """Press Solve: the message says ``fragment`` and a new picture (the answer) comes."""
        self.reference.press("Solve")
        assert fragment in self.text(), (fragment, self.text())
        before = self.settled()
        self.press("Solve")
        self.wait_for(fragment)
        deadline = time.time() + 30
        while self.settled() == before and time.time() < deadline:
            pass
        assert self.settled() != before, "the picture did not change after Solve"
        screenshot(self.editor, shot)

    def colour_at(self, x: float, y: float) -> tuple[int, int, int]:
        """The colour the page's canvas shows at data coordinates (x, y)."""
        picture = Image.open(io.BytesIO(self.settled())).convert("RGB")
        fx, fy = canvas_point(self.reference, y, x)
        return picture.getpixel((int(fx * picture.width), int(fy * picture.height)))


def opened(page, lab, kind: str, source: str, twin) -> tuple:
    panel, editor = open_and_run(page, lab, one_cell_notebook(lab, f"ch11-{kind}-editor.ipynb", source))
    board = Twin(page, editor, twin)
    board.wait_for("Valid puzzle")
    return panel, board


def test_star_battle_editor(lab, page):
    panel, board = opened(page, lab, "starbattle", "from puzzlelib import starbattle\nstarbattle.editor()",
                          sb.editor())
    stars = board.editor.locator(".widget-text", has_text="Stars").locator("input")
    for k, fragment in [(2, "2 stars per row is too many for a 6x6 board"), (1, "Valid puzzle")]:
        stars.fill(str(k))
        stars.press("Enter")
        board.reference.stars_box.value = k
        board.expect(fragment)
    board.cell(2, 1)  # region d's corner joins region a, the brush
    assert board.reference.current_puzzle().to_text().splitlines()[4] == "aadeec"
    board.expect("Valid puzzle: press Solve. (brush: region a)")
    board.solve("Solved: 6 stars, 1 in every row, column and region.", "ch11-starbattle-solved")
    board.button("Check uniqueness")
    board.expect(UNIQUE)
    assert "Traceback" not in panel.inner_text()


def test_v3ck_editor(lab, page):
    panel, board = opened(page, lab, "v3ck", "from puzzlelib import v3ck\nv3ck.editor()", vk.editor())
    where = {name: (x, y) for name, x, y, _ in board.reference.nodes}
    for a, b in list(board.reference.edges):  # colour every edge red (one click each)
        board.spot((where[a][0] + where[b][0]) / 2, (where[a][1] + where[b][1]) / 2)
    board.expect("9 of 9 edges coloured; 0 of 6 nodes have their counts.")
    board.button("Counts from colouring")  # the counts become three red edges at every node
    board.expect("Solved by hand: every node has its counts.")
    assert "node a 0 0 r=3" in board.reference.current_puzzle().to_text()
    board.spot(2, 0)  # edge a-b turns green: nodes a and b lose their counts
    board.expect("9 of 9 edges coloured; 4 of 6 nodes have their counts.")
    red, green, _ = board.colour_at(2, 0)
    assert green > red, "edge a-b is not drawn green"
    board.solve("Solved: 9 edges coloured, every node has its counts.", "ch11-v3ck-solved")
    red, green, _ = board.colour_at(2, 0)
    assert red > green, "the answer (every edge red) is not drawn"
    board.button("Check uniqueness")
    board.expect(UNIQUE)
    assert "Traceback" not in panel.inner_text()


def test_monodot_editor(lab, page):
    panel, board = opened(page, lab, "monodot", "from puzzlelib import monodot\nmonodot.editor()", md.editor())
    board.cell(0, 3)  # the blocked corner opens
    board.spot(3, 6.5)  # the '+' after the eleventh number: a twelfth dot, numbered 1
    assert board.reference.dots == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 1]
    board.button("Solve")
    board.expect("the dots' numbers add up to 27, an odd number")
    board.spot(0, 4.5)  # the first dot's number goes up: 1 -> 2
    assert board.reference.dots == [2, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 1]
    board.expect("Valid puzzle")
    board.solve("Solved: 12 of 12 dots placed, each with its number of neighbours.", "ch11-monodot-solved")
    board.button("Check uniqueness")
    board.expect(UNIQUE)
    assert "Traceback" not in panel.inner_text()


def test_knight_moves_editor(lab, page):
    panel, board = opened(page, lab, "knightmoves", "from puzzlelib import knightmoves\nknightmoves.editor()",
                          km.editor())
    board.cell(2, 2)  # Block mode: the blocked centre opens, 25 squares
    board.button("Solve")
    board.expect("a path of 25 squares from the light start ends on a light square, but the end (0, 3) is not one")
    board.button("End")
    board.cell(0, 3)  # the end is freed: the path may end anywhere
    board.expect("Valid puzzle")
    board.solve("Solved: a knight's path of 25 squares from (0, 0)", "ch11-knightmoves-solved")
    board.button("Check uniqueness")
    board.expect(NOT_UNIQUE)
    assert "Traceback" not in panel.inner_text()

