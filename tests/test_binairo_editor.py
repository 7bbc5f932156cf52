"""The Binairo editor driven in the kernel, through the same paths real clicks take."""

import random

from puzzlelib import binairo as bn
from puzzlelib.binairo.widget import SEED_6X6, BinairoEditor


def message(editor):
    return editor.message.value


def test_opens_on_the_chapter_board_and_solves():
    editor = bn.editor()
    assert isinstance(editor, BinairoEditor)
    assert editor.puzzle == bn.Puzzle.from_text(SEED_6X6)
    assert repr(editor) == "<BinairoEditor 6x6>"
    editor.press("Solve")
    assert "Solved: every row and column holds 3 ones" in message(editor)
    assert "25, 21, 42, 26, 37, 38" in message(editor)
    assert editor.solution == bn.solve(editor.puzzle)
    editor.press("Check uniqueness")
    assert "Unique" in message(editor)


def test_a_click_cycles_empty_zero_one():
    editor = bn.editor()
    assert editor.cells[0][1] is None
    editor.click(0, 1)
    assert editor.cells[0][1] == 0
    editor.click(0, 1)
    assert editor.cells[0][1] == 1
    editor.click(0, 1)
    assert editor.cells[0][1] is None
    editor.click(0, 1, button=3)  # right click goes the other way
    assert editor.cells[0][1] == 1


def test_a_bad_draft_is_explained_and_solve_refuses():
    editor = bn.editor()
    editor.click(1, 3)
    editor.click(1, 3)  # row 1: . . 1 1 . 0 -> fine so far
    assert "Valid puzzle" in message(editor)
    editor.click(1, 4)
    editor.click(1, 4)  # . . 1 1 1 0: three ones in a row
    assert "Not a valid puzzle yet: row 1: cells (1, 2), (1, 3), (1, 4) are all given as 1" in message(editor)
    editor.press("Solve")
    assert editor.solution is None and "(1, 2), (1, 3), (1, 4)" in message(editor)


def test_ambiguous_board_shows_a_second_solution():
    editor = bn.editor()
    editor.press("Clear board")
    assert editor.puzzle == bn.empty(6)
    editor.press("Check uniqueness")
    assert "Not unique" in message(editor) and editor.solution is not None


def test_new_size_and_save_load_round_trip():
    editor = bn.editor()
    editor.size_box.value = 8
    editor.press("New size")
    assert editor.puzzle == bn.empty(8) and repr(editor) == "<BinairoEditor 8x8>"
    editor.click(3, 3)
    editor.press("Save")
    text = editor.text.value
    assert text.startswith("binairo\n")
    editor.puzzle = bn.Puzzle.from_text(SEED_6X6)
    editor.text.value = text
    editor.press("Load")
    assert editor.puzzle == bn.Puzzle.from_text(text)
    editor.text.value = "00f1c1h1i1b01;"  # a task string (the editor takes one line with ';')
    editor.press("Load")
    assert "task string" in message(editor) or editor.puzzle.size == 6


def test_impossible_board_says_why():
    from puzzlelib.binairo.checks import ONLY_RULE3_FORBIDS
    editor = bn.editor(bn.Puzzle.from_text(ONLY_RULE3_FORBIDS))
    editor.press("Solve")
    assert "repeats a row or a column" in message(editor)


def test_random_clicks_never_break_the_editor():
    rng = random.Random(3)
    editor = bn.editor()
    for step in range(300):
        action = rng.random()
        n = editor.shape()[0]
        if action < 0.8:
            editor.click(rng.randrange(n), rng.randrange(n), button=rng.choice([1, 1, 3]))
        elif action < 0.85:
            editor.press("Clear board")
        elif action < 0.88:
            editor.size_box.value = rng.choice([4, 6, 8])
            editor.press("New size")
        elif action < 0.95:
            editor.press(rng.choice(["Solve", "Check uniqueness", "Clear solution"]))
        else:
            editor.click_xy(-3.0, 2.0)  # outside the board: nothing happens
        assert editor.last_error is None or not editor.last_error.startswith("Unexpected"), editor.last_error
        n = editor.shape()[0]
        assert all(len(row) == n for row in editor.cells)
        try:
            puzzle = editor.puzzle
        except bn.PuzzleError:
            continue
        assert [list(row) for row in puzzle.givens] == editor.cells
        if editor.solution is not None:
            assert bn.verify(puzzle, editor.solution) == []
