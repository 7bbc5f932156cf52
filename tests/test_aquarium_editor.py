"""The Aquarium editor driven in the kernel, through the same paths real clicks take."""

import html

from puzzlelib import aquarium as aq
from puzzlelib.aquarium.widget import DEMO, AquariumEditor


def test_opens_on_the_seed_board_and_solves_uniquely():
    editor = aq.editor()
    assert isinstance(editor, AquariumEditor)
    assert editor.puzzle == aq.Puzzle.from_text(DEMO)
    assert repr(editor) == "<AquariumEditor 10x10>"
    editor.press("Solve")
    assert "Solved: 36 wet cells; 13 of 20 tanks hold water." in html.unescape(editor.message.value)
    assert editor.solution == aq.solve(editor.puzzle)
    editor.press("Check uniqueness")
    assert "Unique" in html.unescape(editor.message.value)
    assert editor.png()


def test_paint_pick_and_new_tank():
    editor = aq.editor(aq.Puzzle([[0, 0], [0, 0]], [None, None], [None, None]))
    editor.mode.value = "Paint tank"
    editor.press("New tank")
    editor.click(0, 1)  # a tank of its own
    assert editor.puzzle.tank_of == ((0, 1), (0, 0)) and "brush: tank b" in html.unescape(editor.message.value)
    editor.click(1, 1)
    assert editor.puzzle.tank_of == ((0, 1), (0, 1))
    editor.click(0, 0, button=3)  # pick tank a
    editor.click(1, 1)  # back to tank a
    assert editor.puzzle.tank_of == ((0, 1), (0, 0))
    editor.press("New tank")
    editor.click(0, 0)  # a third tank in the corner
    assert editor.puzzle.tank_of == ((0, 1), (2, 2))


def test_a_split_tank_is_explained_not_raised():
    editor = aq.editor(aq.Puzzle([[0, 0, 0]], [None], [None, None, None]))
    editor.mode.value = "Paint tank"
    editor.press("New tank")
    editor.click(0, 1)  # tank a now lies in two pieces
    assert "Not a valid puzzle yet: tank 'a': cells (0, 0) and (0, 2) are not connected" in html.unescape(editor.message.value)
    editor.press("Solve")
    assert "are not connected" in html.unescape(editor.message.value) and editor.solution is None
    assert editor.bugs == []


def test_water_mode_plants_a_solution_and_counts_follow():
    editor = aq.editor(aq.random_puzzle(5, seed=1))
    editor.press("Clear board")
    assert editor.rows == [None] * 5 and editor.puzzle.tank_of == tuple((0,) * 5 for _ in range(5))
    editor.mode.value = "Paint tank"
    for c in range(1, 5):  # five tanks, one per column
        editor.press("New tank")
        for r in range(5):
            editor.click(r, c)
    editor.mode.value = "Water"
    for c in range(5):
        editor.click(4 - c, c)  # column c holds water in its bottom c + 1 cells
    editor.click(0, 4)  # the top of a full tank again: one row lower
    editor.press("Counts from water")
    assert editor.puzzle.cols == (1, 2, 3, 4, 4) and editor.puzzle.rows == (0, 2, 3, 4, 5)
    editor.press("Check uniqueness")
    assert "Unique" in html.unescape(editor.message.value)


def test_counts_by_clicks_and_by_typing():
    editor = aq.editor(aq.Puzzle([[0, 1], [0, 1]], [None, None], [None, None]))
    editor.click_xy(-1.0, 0.0)  # row 0's count: no clue -> 0
    assert editor.rows == [0, None]
    editor.click_xy(-1.0, 0.0, button=3)  # back to no clue
    assert editor.rows == [None, None]
    editor.click_xy(1.0, -1.0)  # column 1: 0
    editor.click_xy(1.0, -1.0)  # 1
    assert editor.cols == [None, 1]
    editor.row_text.value = "1 ."
    assert editor.rows == [1, None] and editor.puzzle.rows == (1, None)
    editor.col_text.value = "1 7"
    assert "col 1: '7' must be a count from 0 to 2" in html.unescape(editor.message.value)
    editor.col_text.value = "1"
    assert "1 col counts given, the board has 2 cols" in html.unescape(editor.message.value)


def test_resize_keeps_what_fits():
    editor = aq.editor()
    editor.size_rows.value, editor.size_cols.value = 4, 12
    editor.press("Resize")
    assert editor.shape() == (4, 12)
    assert editor.rows == [2, 3, 4, 4] and editor.cols[10:] == [None, None]
    assert "Valid puzzle" in html.unescape(editor.message.value) or "Not a valid puzzle yet" in html.unescape(editor.message.value)
    assert editor.bugs == []


def test_impossible_counts_say_which_to_change():
    editor = aq.editor(aq.Puzzle.from_text("aquarium\n 3 0 2\n1 a b c\n3 a d c\n1 e d f\n"))
    editor.press("Solve")
    assert "the nearest solvable counts change" in html.unescape(editor.message.value)


def test_load_and_save_every_format():
    editor = aq.editor()
    editor.press("Save")
    assert editor.text.value == DEMO
    for text in (aq.SEED_TASK, aq.Puzzle.from_text(DEMO).to_puzzlink()):
        editor.press("Clear board")
        editor.text.value = text
        editor.press("Load")
        assert "Loaded." in html.unescape(editor.message.value) and editor.puzzle == aq.Puzzle.from_text(DEMO)
    editor.text.value = "https://puzz.link/p?numlin/4/4/abc"
    editor.press("Load")
    assert "the genre is 'numlin'" in html.unescape(editor.message.value)
