"""The Kakuro editor driven in the kernel, through the same paths real clicks take."""

from puzzlelib import kakuro as kk
from puzzlelib.kakuro.widget import KakuroEditor


def test_opens_on_appendix_b_and_solves():
    editor = kk.editor()
    assert isinstance(editor, KakuroEditor)
    assert editor.puzzle == kk.Puzzle.from_text(kk.SEED_BOARD)
    assert repr(editor) == "<KakuroEditor 9x9>"
    editor.press("Solve")
    assert "Solved: every one of the 30 runs adds up to its clue" in editor.message.value
    assert editor.solution == kk.solve(editor.puzzle)
    editor.press("Check uniqueness")
    assert "Unique" in editor.message.value


def test_black_white_toggle_and_the_draft_explained():
    editor = kk.editor()
    editor.mode.value = "Black / white"
    editor.click(1, 1)
    assert editor.cells[1][1] == "#"
    assert "Not a valid puzzle yet" in editor.message.value and "clue" in editor.message.value
    editor.press("Solve")
    assert editor.solution is None
    editor.click(1, 1)
    assert editor.cells[1][1] == "." and "Valid puzzle" in editor.message.value


def test_clue_mode_writes_the_sums():
    editor = kk.editor()
    editor.mode.value = "Clue"
    editor.down_box.value, editor.across_box.value = 2, 0
    editor.click(0, 1)
    assert editor.cells[0][1] == "2\\"
    assert "the down run of 2 at clue (0, 1) has 2 cells" in editor.message.value
    editor.down_box.value = 12
    editor.click(0, 1)
    assert editor.puzzle == kk.Puzzle.from_text(kk.SEED_BOARD)


def test_digits_typed_and_checked():
    editor = kk.editor()
    editor.mode.value = "Digit"
    editor.digit_box.value = 3
    editor.click(1, 1)
    editor.digit_box.value = 3
    editor.click(1, 2)
    assert editor.pencil == {(1, 1): 3, (1, 2): 3}
    editor.press("Check my digits")
    assert "repeats the digit 3" in editor.message.value and editor.marks == {(1, 1), (1, 2)}
    editor.click(1, 2)  # the same digit again rubs it out
    editor.press("Check my digits")
    assert "No rule broken so far" in editor.message.value
    editor.click(0, 0)
    assert "cell (0, 0) is black: digits go in white cells" in editor.message.value


def test_typing_the_whole_solution_is_solved_by_hand():
    editor = kk.editor()
    solution = kk.solve(editor.puzzle)
    editor.mode.value = "Digit"
    *rest, (r, c) = editor.puzzle.white
    editor.pencil = {cell: solution.grid[cell[0]][cell[1]] for cell in rest}  # typed before; the last by a click
    editor.digit_box.value = solution.grid[r][c]
    editor.click(r, c)
    editor.press("Check my digits")
    assert "Solved by hand" in editor.message.value


def test_new_size_save_and_load():
    editor = kk.editor()
    editor.rows_box.value, editor.cols_box.value = 3, 3
    editor.press("New size")
    assert editor.shape() == (3, 3)
    assert "no clue" in editor.message.value and "Valid puzzle" in editor.message.value
    editor.mode.value = "Clue"
    for cell, (down, across) in {(0, 1): (3, 0), (0, 2): (4, 0), (1, 0): (0, 3), (2, 0): (0, 4)}.items():
        editor.down_box.value, editor.across_box.value = down, across
        editor.click(*cell)
    assert "Valid puzzle" in editor.message.value
    editor.press("Save")
    saved = editor.text.value
    assert saved.startswith("kakuro\n")
    editor.puzzle = kk.Puzzle.from_text(kk.SEED_BOARD)
    editor.text.value = saved
    editor.press("Load")
    assert editor.shape() == (3, 3) and "Loaded" in editor.message.value
    editor.press("Check uniqueness")
    assert "Unique" in editor.message.value
    editor.text.value = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
    editor.press("Load")
    assert editor.shape() == (6, 6)
