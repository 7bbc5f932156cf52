"""The Binairo editor driven in the kernel, through the same paths real clicks take."""

from puzzlelib import binairo as bn
from puzzlelib.binairo.widget import SEED_6X6, BinairoEditor


def test_opens_on_the_chapter_board_and_solves():
    editor = bn.editor()
    assert isinstance(editor, BinairoEditor)
    assert editor.puzzle == bn.Puzzle.from_text(SEED_6X6)
    assert repr(editor) == "<BinairoEditor 6x6>"
    editor.press("Solve")
    assert "Solved: every row and column holds 3 ones" in editor.message.value
    assert "25, 21, 42, 26, 37, 38" in editor.message.value
    assert editor.solution == bn.solve(editor.puzzle)
    editor.press("Check uniqueness")
    assert "Unique" in editor.message.value


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
    assert "Valid puzzle" in editor.message.value
    editor.click(1, 4)
    editor.click(1, 4)  # . . 1 1 1 0: three ones in a row
    assert "Not a valid puzzle yet: row 1: cells (1, 2), (1, 3), (1, 4) are all given as 1" in editor.message.value
    editor.press("Solve")
    assert editor.solution is None and "(1, 2), (1, 3), (1, 4)" in editor.message.value


def test_ambiguous_board_shows_a_second_solution():
    editor = bn.editor()
    editor.press("Clear board")
    assert editor.puzzle == bn.empty(6)
    editor.press("Check uniqueness")
    assert "Not unique" in editor.message.value and editor.solution is not None


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
    assert "task string" in editor.message.value or editor.puzzle.size == 6


def test_impossible_board_says_why():
    from puzzlelib.binairo.checks import ONLY_RULE3_FORBIDS
    editor = bn.editor(bn.Puzzle.from_text(ONLY_RULE3_FORBIDS))
    editor.press("Solve")
    assert "repeats a row or a column" in editor.message.value
