"""The Match 22 editor driven in the kernel, through the same paths real clicks take."""

import html

from puzzlelib import match22 as m22
from puzzlelib.match22.widget import Match22Editor


def test_opens_on_appendix_c_and_solves_uniquely():
    editor = m22.editor()
    assert isinstance(editor, Match22Editor) and repr(editor) == "<Match22Editor 5x5>"
    assert editor.puzzle == m22.Puzzle.from_text(m22.SEED_BOARD)
    editor.press("Solve")
    assert "Solved with 28 left turns" in html.unescape(editor.message.value)
    editor.press("Check uniqueness")
    assert "Unique" in html.unescape(editor.message.value)
    assert editor.png()


def test_tapping_the_solution_turns_matches_the_board():
    editor = m22.editor()
    for i, k in enumerate(m22.HARTMANN_TURNS, 1):
        r, c = editor.puzzle.cells[i - 1]
        for _ in range(k):
            editor.click(r, c)
    assert editor.taps == 28
    matched = editor.puzzle
    assert m22.verify(matched, {i: 0 for i in range(1, 21)}) == []
    editor.press("Solve")
    assert "Solved with 0 left turns" in html.unescape(editor.message.value)


def test_paint_and_holes():
    editor = m22.editor(m22.Puzzle([[(1, 1, 1, 1), None]]))
    editor.mode.value = "Paint"
    editor.brush.value = 4
    editor.click_xy(0.3, 0.0)      # the right quarter of the disk at (0, 0)
    assert editor.puzzle.grid[0][0] == (1, 1, 1, 4)
    editor.click_xy(0.0, -0.3)     # its top quarter
    assert editor.puzzle.grid[0][0] == (4, 1, 1, 4)
    editor.click(0, 1)             # a hole becomes a blue disk
    assert editor.puzzle.grid[0][1] == (4, 4, 4, 4)
    editor.mode.value = "Hole"
    editor.click(0, 0)
    editor.click(0, 1)
    assert "no disk" in html.unescape(editor.message.value)
    editor.press("Solve")
    assert editor.last_error and editor.bugs == []


def test_save_and_load():
    editor = m22.editor()
    editor.press("Save")
    assert editor.text.value == m22.SEED_BOARD
    editor.text.value = m22.random_puzzle(seed=3).to_text()
    editor.press("Load")
    assert editor.puzzle == m22.random_puzzle(seed=3)
    editor.press("Solve")
    assert editor.bugs == []
