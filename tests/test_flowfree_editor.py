"""The Flow Free editor driven in the kernel, through the same paths real clicks take."""

from puzzlelib import flowfree as ff
from puzzlelib.flowfree.board import DEMO
from puzzlelib.flowfree.widget import FlowFreeEditor


def test_opens_on_the_demo_and_solves():
    editor = ff.editor()
    assert isinstance(editor, FlowFreeEditor)
    assert editor.puzzle == ff.Puzzle.from_text(DEMO)
    assert repr(editor) == "<FlowFreeEditor 5x5>"
    editor.press("Solve")
    assert "Solved: 4 pipes fill all 25 cells" in editor.message.value
    assert editor.solution == ff.solve(editor.puzzle)
    editor.press("Check uniqueness")
    assert "Unique" in editor.message.value


def test_place_a_pair_by_colour_and_the_colour_moves_on():
    editor = ff.editor()
    editor.press("Clear board")
    assert "no dots" in editor.message.value
    assert editor.colour.value == "A"
    editor.click(0, 0)
    assert "colour A has 1 dot" in editor.message.value
    editor.click(4, 4)
    assert editor.colour.value == "B" and "Valid puzzle" in editor.message.value
    editor.click(0, 0)  # clicking a dot removes it, and selects its colour again
    assert editor.colour.value == "A" and "colour A has 1 dot" in editor.message.value
    editor.click(0, 4)
    assert editor.puzzle == ff.Puzzle(["....A", ".....", ".....", ".....", "....A"])
    editor.press("Solve")
    assert "Solved: 1 pipes" in editor.message.value or "Solved" in editor.message.value


def test_third_dot_of_a_colour_is_explained_not_raised():
    editor = ff.editor()
    editor.colour.value = "A"
    editor.click(0, 0)
    assert "colour A already has two dots" in editor.message.value and editor.last_error


def test_erase_pair_and_solve_an_invalid_draft():
    editor = ff.editor()
    editor.mode.value = "Erase pair"
    editor.click(1, 1)  # a dot of A
    assert "A" not in "".join(editor.puzzle.grid)
    editor.click(0, 0)
    assert "no dot to erase" in editor.message.value
    editor.mode.value = "Place dots"
    editor.colour.value = "E"
    editor.click(0, 0)
    editor.press("Solve")
    assert "colour E has 1 dot" in editor.message.value and editor.solution is None


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
    assert editor.puzzle == ff.Puzzle(["A.A"]) and "Loaded" in editor.message.value
    editor.text.value = "flowfree\nA..\n"
    editor.press("Load")
    assert "colour A has 1 dot" in editor.message.value


def test_unsolvable_board_says_so():
    editor = ff.editor()
    editor.puzzle = ff.Puzzle(["AB", "BA"])
    editor.press("Solve")
    assert "no way to join" in editor.message.value and editor.solution is None


def test_a_numberlink_board_keeps_its_rule_in_the_editor():
    """A board loaded under Nikoli's rule (cells may stay empty) is solved and shared under it."""
    from puzzlelib.flowfree.widget import FlowFreeEditor

    board = ff.Puzzle(["A.B", "...", "A.B"], rule="numberlink")
    assert FlowFreeEditor(board).current_puzzle() == board
    assert FlowFreeEditor().current_puzzle().rule == "flowfree"


def test_a_uniqueness_check_cut_off_by_time_draws_the_answer_and_says_so():
    from types import SimpleNamespace

    from puzzlelib.core.errors import SolverError

    editor = ff.editor()
    answer = ff.solve(editor.current_puzzle())

    def cut_off(*args, **kwargs):
        error = SolverError("time limit of 20 s reached before the solver proved an answer")
        error.found = (answer,)
        raise error

    editor.module = SimpleNamespace(**{name: getattr(ff, name) for name in dir(ff) if not name.startswith("__")})
    editor.module.solutions = cut_off
    editor.press("Check uniqueness")
    assert editor.solution == answer
    assert "proof that it is the only one was cut off" in editor.message.value
