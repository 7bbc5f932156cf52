"""The Infinity Loop editor driven in the kernel, through the same paths real clicks take."""

import html
import random

from puzzlelib import infinityloop as il
from puzzlelib.infinityloop.widget import InfinityLoopEditor


def message(editor):
    return html.unescape(editor.message.value)


def test_opens_on_the_seed_board_and_solves_uniquely():
    editor = il.editor()
    assert isinstance(editor, InfinityLoopEditor) and repr(editor) == "<InfinityLoopEditor 6x6>"
    assert "open end" in message(editor) or "press Solve" in message(editor)
    editor.press("Solve")
    moves = il.solve(il.Puzzle.from_text(il.SEED_BOARD)).moves
    assert f"Solved: {moves} left turns" in message(editor)
    editor.press("Check uniqueness")
    assert "Unique" in message(editor)


def test_tapping_the_solution_closes_the_board():
    editor = il.editor()
    s = il.solve(editor.puzzle)
    for r, row in enumerate(s.turns):
        for c, k in enumerate(row):
            for _ in range(k):
                editor.click(r, c)
    assert "Closed" in message(editor)
    assert editor.open_ends() == set()
    editor.click(0, 0, button=3)   # a right turn opens it again
    assert "open end" in message(editor)


def test_edit_mode_changes_codes():
    editor = il.editor(il.Puzzle([[1, 4]]))
    editor.mode.value = "Edit"
    editor.click(0, 0)
    assert editor.puzzle.tiles == ((2, 4),)
    editor.click(0, 0, button=3)
    editor.click(0, 0, button=3)
    assert editor.puzzle.tiles == ((0, 4),)


def test_load_task_string_and_random_session():
    editor = il.editor()
    editor.text.value = "6ac5f539c"
    editor.press("Load")
    assert editor.puzzle.tiles == ((6, 10, 12), (5, 15, 5), (3, 9, 12))
    editor.text.value = "6ac5f539"
    editor.press("Load")
    assert "not a square" in message(editor)
    rng = random.Random(2)
    for _ in range(60):
        editor.mode.value = rng.choice(["Turn", "Edit"])
        editor.click(rng.randrange(-1, 4), rng.randrange(-1, 4), rng.choice((1, 3)))
    editor.press("Solve")
    editor.press("Check uniqueness")
    assert editor.bugs == []
