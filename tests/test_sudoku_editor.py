"""The Sudoku editor driven in the kernel, through the same paths real clicks and keys take."""

import puzzlelib.sudoku as sd
from puzzlelib.sudoku.widget import SudokuEditor


def test_opens_on_the_chapter_board_solves_and_proves_uniqueness():
    editor = sd.editor()
    assert isinstance(editor, SudokuEditor) and repr(editor) == "<SudokuEditor 9x9>"
    assert editor.puzzle == sd.Puzzle.from_text(sd.SEED_BOARD)
    editor.press("Solve")
    assert "Solved: the grid keeps every rule (thermo)" in editor.message.value
    editor.press("Check uniqueness")
    assert "Unique" in editor.message.value


def test_type_digits_draw_shapes_and_solve_a_4x4():
    editor = sd.editor()
    editor.size_box.value = 4
    editor.press("New size")
    editor.click(0, 0)  # Digit mode: cycles 0 -> 1 and selects the cell
    assert editor.cells[0][0] == 1
    editor.type("3")
    assert editor.cells[0][0] == 3
    editor.type("7")
    assert "type a digit from 1 to 4" in editor.message.value
    editor.mode.value = "Thermo"
    editor.click(1, 0)
    editor.click(1, 1)
    editor.press("Finish shape")
    assert editor.thermos == [[(1, 0), (1, 1)]]
    editor.mode.value = "Cage"
    editor.total_box.value = 7
    editor.click(3, 2)
    editor.click(3, 3)
    editor.press("Finish shape")
    editor.mode.value = "Arrow"
    for cell in [(2, 0), (3, 1), (3, 2)]:
        editor.click(*cell)
    editor.press("Finish shape")
    assert editor.arrows == [((2, 0), [(3, 1), (3, 2)])]
    editor.press("Solve")
    assert "Solved" in editor.message.value and sd.verify(editor.puzzle, editor.solution) == []
    editor.mode.value = "Erase"
    editor.click(3, 2)
    assert editor.cages == [] and editor.arrows == []


def test_a_bad_draft_is_explained():
    editor = sd.editor(sd.empty(4))
    editor.mode.value = "Cage"
    editor.total_box.value = 9
    editor.click(0, 0)
    editor.click(0, 1)
    editor.press("Finish shape")
    assert "cage 0: no 2 different digits from 1 to 4 sum to 9" in editor.message.value
    editor.press("Solve")
    assert editor.solution is None


def test_save_load_and_puzzlink():
    editor = sd.editor()
    editor.press("Save")
    assert editor.text.value == sd.SEED_BOARD
    editor.text.value = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
    editor.press("Load")
    assert editor.puzzle.size == 4 and "Loaded" in editor.message.value
    editor.text.value = "sudoku\n12\n"
    editor.press("Load")
    assert "rows" in editor.message.value
