"""The Flow Free editor driven in the kernel, through the same paths real clicks take."""

import random

from puzzlelib import flowfree as ff
from puzzlelib.flowfree.board import DEMO
from puzzlelib.flowfree.widget import FlowFreeEditor


def message(editor):
    return editor.message.value


def test_opens_on_the_demo_and_solves():
    editor = ff.editor()
    assert isinstance(editor, FlowFreeEditor)
    assert editor.puzzle == ff.Puzzle.from_text(DEMO)
    assert repr(editor) == "<FlowFreeEditor 5x5>"
    editor.press("Solve")
    assert "Solved: 4 pipes fill all 25 cells" in message(editor)
    assert editor.solution == ff.solve(editor.puzzle)
    editor.press("Check uniqueness")
    assert "Unique" in message(editor)


def test_place_a_pair_by_colour_and_the_colour_moves_on():
    editor = ff.editor()
    editor.press("Clear board")
    assert "no dots" in message(editor)
    assert editor.colour.value == "A"
    editor.click(0, 0)
    assert "colour A has 1 dot" in message(editor)
    editor.click(4, 4)
    assert editor.colour.value == "B" and "Valid puzzle" in message(editor)
    editor.click(0, 0)  # clicking a dot removes it, and selects its colour again
    assert editor.colour.value == "A" and "colour A has 1 dot" in message(editor)
    editor.click(0, 4)
    assert editor.puzzle == ff.Puzzle(["....A", ".....", ".....", ".....", "....A"])
    editor.press("Solve")
    assert "Solved: 1 pipes" in message(editor) or "Solved" in message(editor)


def test_third_dot_of_a_colour_is_explained_not_raised():
    editor = ff.editor()
    editor.colour.value = "A"
    editor.click(0, 0)
    assert "colour A already has two dots" in message(editor) and editor.last_error


def test_erase_pair_and_solve_an_invalid_draft():
    editor = ff.editor()
    editor.mode.value = "Erase pair"
    editor.click(1, 1)  # a dot of A
    assert "A" not in "".join(editor.puzzle.grid)
    editor.click(0, 0)
    assert "no dot to erase" in message(editor)
    editor.mode.value = "Place dots"
    editor.colour.value = "E"
    editor.click(0, 0)
    editor.press("Solve")
    assert "colour E has 1 dot" in message(editor) and editor.solution is None


def test_resize_load_and_save():
    editor = ff.editor()
    editor.size_rows.value, editor.size_cols.value = 3, 4
    editor.press("Resize")
    assert editor.shape() == (3, 4)
    editor.puzzle = ff.HARTMANN_8X8
    editor.press("Save")
    assert editor.text.value == ff.HARTMANN_8X8.to_text()
    editor.text.value = "flowfree\nA.A\n"
    editor.press("Load")
    assert editor.puzzle == ff.Puzzle(["A.A"]) and "Loaded" in message(editor)
    editor.text.value = "flowfree\nA..\n"
    editor.press("Load")
    assert "colour A has 1 dot" in message(editor)


def test_unsolvable_board_says_so():
    editor = ff.editor()
    editor.puzzle = ff.Puzzle(["AB", "BA"])
    editor.press("Solve")
    assert "no way to join" in message(editor) and editor.solution is None


def test_random_clicks_never_break_the_editor():
    rng = random.Random(4)
    editor = ff.editor()
    for step in range(150):
        action = rng.random()
        if action < 0.6:
            editor.mode.value = rng.choice(editor.modes)
            if rng.random() < 0.3:
                editor.colour.value = rng.choice("ABCDEFG")
            rows, cols = editor.shape()
            editor.click(rng.randrange(rows), rng.randrange(cols))
        elif action < 0.7:
            editor.size_rows.value, editor.size_cols.value = rng.randint(2, 6), rng.randint(2, 6)
            editor.press("Resize")
        else:
            editor.press(rng.choice(["Solve", "Clear solution", "Save", "Check uniqueness", "Clear board"]))
        assert editor.last_error is None or "Unexpected" not in message(editor)
        rows, cols = editor.shape()
        assert len(editor.cells) == rows and all(len(line) == cols for line in editor.cells)
        try:
            puzzle = editor.puzzle
        except ff.PuzzleError:
            continue
        assert list(puzzle.grid) == ["".join(line) for line in editor.cells]
        if editor.solution is not None:
            assert ff.verify(puzzle, editor.solution) == []
