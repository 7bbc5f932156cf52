"""Issue 40: play mode in the editors and the app, driven as a player would (clicks and buttons)."""

from __future__ import annotations

import pytest

from puzzlelib import app, registry
from puzzlelib.classroom import hints

PLAYABLE = sorted(hints.CELLS)
SIZES = {"sudoku": "4", "kakuro": "4", "binairo": "6", "match22": "3", "monodot": "4", "v3ck": "6"}


def play_to_the_end(editor):
    """Hint, then click the hinted cell until it shows the hinted value; until solved."""
    for _ in range(500):
        editor.press("Hint")
        got = editor.play.last
        if got.kind != "cell":
            return got
        for x, y in editor.play.points(got.cell, got.value):  # clicks on the picture, as a player
            editor.click_xy(x, y)
        assert editor.play.entries.get(got.cell) == got.value, (got, editor.message.value)
    raise AssertionError("hints did not finish the board")  # pragma: no cover


@pytest.mark.parametrize("kind", PLAYABLE)
def test_an_editor_plays_a_new_board_to_the_end(kind):
    table = registry.table(kind)
    editor = table.editor(table.seed_puzzle())
    assert editor.play is not None
    editor.play.size.value = SIZES.get(kind, "5")
    editor.press("New board")
    assert editor.last_error is None and "Unique" in editor.message.value
    assert editor.play.active
    assert play_to_the_end(editor).kind == "solved"
    editor.press("Mistakes")
    assert "Solved" in editor.message.value and editor.bugs == []
    # a deliberate mistake: the first entry changed; Mistakes marks cells
    cell = next(iter(editor.play.entries))
    wrong = next(v for v in editor.play.cells[cell] if v != editor.play.entries[cell])
    for x, y in editor.play.points(cell, wrong):
        editor.click_xy(x, y)
    assert editor.play.entries[cell] == wrong
    editor.press("Mistakes")
    assert "mistake" in editor.play.marks.values() and editor.bugs == []


def test_play_clicks_leave_the_board_alone():
    table = registry.table("starbattle")
    editor = table.editor(table.seed_puzzle())
    before = editor.puzzle
    editor.play.toggle.value = True
    editor.click(0, 0)
    editor.click(0, 0, button=3)
    assert editor.puzzle == before
    editor.play.toggle.value = False
    assert editor.play.entries == {} or editor.puzzle == before


def test_hints_refuse_a_board_with_two_answers():
    table = registry.table("binairo")
    editor = table.editor(table.Puzzle([[None] * 4 for _ in range(4)]))
    editor.press("Hint")
    assert "more than one answer" in editor.message.value and editor.bugs == []


def test_every_editor_has_a_play_row():
    for kind in registry.kinds():
        table = registry.table(kind)
        assert table.editor(table.seed_puzzle()).play is not None, kind


def test_the_app_says_a_generated_board_is_unique_and_plays_it():
    a = app.play(["sudoku"])
    tab = a.select("sudoku")
    tab.source.value = "A generated board"
    tab.size.value = "4"
    tab.difficulty.value = "easy"
    tab.load.click()
    assert "Unique" in tab.editor.message.value and tab.generated.rating.level == "easy"
    assert play_to_the_end(tab.editor).kind == "solved"
    with pytest.raises(Exception, match="size"):
        app.board_size("big")
    assert app.board_size("6x8") == (6, 8) and app.board_size("") is None
