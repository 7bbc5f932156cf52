"""The Thermometers editor driven in the kernel, through the same paths real clicks take."""

from matplotlib.backend_bases import MouseEvent

from puzzlelib import thermometer as th
from puzzlelib.thermometer.widget import DEMO, ThermometerEditor


def test_opens_on_the_chapter_board_and_solves():
    editor = th.editor()
    assert editor.puzzle == th.Puzzle.from_text(DEMO)
    assert repr(editor) == "<ThermometerEditor 5x5>"
    editor.press("Solve")
    assert "Solved: 13 cells of mercury in 8 thermometers." in editor.message.value
    assert editor.solution == th.solve(editor.puzzle)
    editor.press("Check uniqueness")
    assert "Unique" in editor.message.value


def test_draw_erase_and_redraw_a_thermometer():
    editor = th.editor()
    editor.mode.value = "Erase"
    editor.click(0, 1)  # thermometer A: (0,0) (0,1) (0,2)
    assert "(0, 0) and 2 more are not covered" in editor.message.value
    editor.press("Solve")
    assert "not covered" in editor.message.value and editor.solution is None
    editor.mode.value = "Draw"
    for cell in [(0, 0), (0, 1), (0, 2)]:
        editor.click(*cell)
    editor.click(0, 2)  # clicking the tip again finishes it
    assert editor.puzzle == th.Puzzle.from_text(DEMO)
    assert "Valid puzzle" in editor.message.value


def test_drawing_on_a_covered_cell_is_explained_not_raised():
    editor = th.editor()
    editor.click(2, 2)
    assert "already belongs to a thermometer" in editor.message.value
    assert editor.last_error is not None


def test_fill_mode_plants_a_solution_and_counts_follow():
    editor = th.editor()
    editor.press("Clear board")
    assert editor.rows == [0] * 5 and editor.therms == []
    for r in range(5):  # five horizontal thermometers, bulbs on the left
        for c in range(5):
            editor.click(r, c)
        editor.click(r, 4)
    editor.mode.value = "Fill"
    for r in range(5):
        editor.click(r, r)  # fill row r up to column r
    editor.press("Counts from fill")
    assert editor.rows == [1, 2, 3, 4, 5] and editor.cols == [5, 4, 3, 2, 1]
    editor.press("Solve")
    assert "Solved" in editor.message.value
    assert editor.solution.levels(editor.puzzle) == [1, 2, 3, 4, 5]


def test_count_clicks_and_typed_counts():
    editor = th.editor()
    editor.click_xy(-1.0, 0.0)  # the count of row 0
    assert editor.rows[0] == 5 and editor.row_text.value.startswith("5 ")
    editor.click_xy(-1.0, 0.0, button=3)  # right click lowers it
    assert editor.rows[0] == 4
    editor.row_text.value = "4 2 1 3"
    assert "4 row counts given, the board has 5 rows" in editor.message.value
    editor.col_text.value = "3 1 x 3 3"
    assert "not a count (digits 0-9 only)" in editor.message.value
    editor.row_text.value = "4 2 1 3 3"
    editor.col_text.value = "3 1 3 3 3"
    assert editor.puzzle == th.Puzzle.from_text(DEMO)


def test_resize_keeps_what_fits():
    editor = th.editor()
    editor.size_rows.value, editor.size_cols.value = 3, 5
    editor.press("Resize")
    assert editor.shape() == (3, 5)
    assert all(r < 3 for t in editor.therms for r, _ in t)
    assert "not a valid puzzle yet" in editor.message.value.lower()


def test_save_and_load_text():
    editor = th.editor()
    editor.press("Save")
    assert editor.text.value == th.Puzzle.from_text(DEMO).to_text()
    puzzle, _ = th.planted_puzzle(7, seed=3)
    editor.text.value = puzzle.to_text()
    editor.press("Load")
    assert editor.puzzle == puzzle and editor.shape() == (7, 7)
    editor.text.value = "3_2_1_1_2_1_2_2;1,2;5,2,3,7;5,4,8,12,13,14,15;5,9,5,6;1,2"
    editor.press("Load")
    assert editor.shape() == (4, 4) and "Loaded" in editor.message.value
    editor.text.value = "thermometer\n1 1\n1 A a\n1 B\n"
    editor.press("Load")
    assert "line 4" in editor.message.value and editor.shape() == (4, 4)


def test_puzzle_setter_and_infeasible_message():
    from puzzlelib.thermometer.checks import IMPOSSIBLE
    editor = th.editor()
    editor.puzzle = th.Puzzle.from_text(IMPOSSIBLE)
    editor.press("Solve")
    assert "no filling meets every count" in editor.message.value
    editor.press("Check uniqueness")
    assert "no solution" in editor.message.value


def test_a_real_mouse_event_reaches_the_board():
    editor = th.editor()
    editor.mode.value = "Erase"
    x, y = editor.ax.transData.transform((1.0, 0.0))  # centre of cell (0, 1), in pixels
    event = MouseEvent("button_press_event", editor.canvas, x, y, button=1)
    editor.canvas.callbacks.process("button_press_event", event)
    assert (0, 0) not in {cell for t in editor.therms for cell in t}


def test_editor_accepts_a_given_puzzle():
    puzzle, _ = th.planted_puzzle(10, seed=5)
    editor = ThermometerEditor(puzzle)
    assert editor.puzzle == puzzle and repr(editor) == "<ThermometerEditor 10x10>"
