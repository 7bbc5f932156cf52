"""The Infinity Loop editor driven in the kernel, through the same paths real clicks take."""

import html

from puzzlelib import infinityloop as il
from puzzlelib.infinityloop.widget import InfinityLoopEditor


def test_opens_on_the_seed_board_and_solves_uniquely():
    editor = il.editor()
    assert isinstance(editor, InfinityLoopEditor) and repr(editor) == "<InfinityLoopEditor 6x6>"
    assert "open end" in html.unescape(editor.message.value) or "press Solve" in html.unescape(editor.message.value)
    editor.press("Solve")
    moves = il.solve(il.Puzzle.from_text(il.SEED_BOARD)).moves
    assert f"Solved: {moves} left turns" in html.unescape(editor.message.value)
    editor.press("Check uniqueness")
    assert "Unique" in html.unescape(editor.message.value)


def test_tapping_the_solution_closes_the_board():
    editor = il.editor()
    s = il.solve(editor.puzzle)
    for r, row in enumerate(s.turns):
        for c, k in enumerate(row):
            for _ in range(k):
                editor.click(r, c)
    assert "Closed" in html.unescape(editor.message.value)
    assert editor.open_ends() == set()
    editor.click(0, 0, button=3)   # a right turn opens it again
    assert "open end" in html.unescape(editor.message.value)


def test_edit_mode_changes_codes():
    editor = il.editor(il.Puzzle([[1, 4]]))
    editor.mode.value = "Edit"
    editor.click(0, 0)
    assert editor.puzzle.tiles == ((2, 4),)
    editor.click(0, 0, button=3)
    editor.click(0, 0, button=3)
    assert editor.puzzle.tiles == ((0, 4),)


def test_load_task_string():
    editor = il.editor()
    editor.text.value = "6ac5f539c"
    editor.press("Load")
    assert editor.puzzle.tiles == ((6, 10, 12), (5, 15, 5), (3, 9, 12))
    editor.text.value = "6ac5f539"
    editor.press("Load")
    assert "not a square" in html.unescape(editor.message.value)
    editor.press("Solve")
    editor.press("Check uniqueness")
    assert editor.bugs == []
