"""Issue 9 for Thermometers: every example of the issue, and its neighbours, as a regression test.

Bad input gets one PuzzleError naming the fault, quickly, before anything of its size is built;
nothing is silently read as something else; no recursion or search grows with the board.
"""

import math
import time

import pytest

from puzzlelib import thermometer as th
from puzzlelib.core.errors import PuzzleError, SolverError

SEED = th.Puzzle.from_text(th.SEED_BOARD)


def quickly(call, *args, seconds=3.0, **kwargs):
    """Run a call that must raise PuzzleError within ``seconds``; return the message."""
    start = time.perf_counter()
    with pytest.raises(PuzzleError) as info:
        call(*args, **kwargs)
    assert time.perf_counter() - start < seconds
    return str(info.value)


def block_text(rows=26, cols=3):
    """A bulb and a rows x cols block of `a` under it: a walk that can branch everywhere."""
    header = "thermometer\n  " + " ".join(["0"] * cols) + "\n"
    lines = ["0 A " + " ".join(["a"] * (cols - 1))] + ["0 " + " ".join(["a"] * cols)] * (rows - 1)
    return header + "\n".join(lines) + "\n"


# -- the exponential walk -----------------------------------------------------------------------
def test_a_block_of_one_name_is_an_error_with_a_hint_at_once():
    message = quickly(th.Puzzle.from_text, block_text(), seconds=0.5)
    assert "thermometer A: the walk from the bulb (0, 0) can go two ways" in message
    assert "add a line 'path a:" in message


def test_a_large_block_takes_linear_time():
    message = quickly(th.Puzzle.from_text, block_text(200, 200), seconds=2.0)
    assert "can go two ways" in message


def test_a_block_with_its_path_line_reads():
    # a 2x3 block walked as a snake: the names alone branch, the path line fixes the order
    text = "thermometer\n  1 1 1\n3 A a a\n0 a a a\npath a: 0,0 0,1 0,2 1,2 1,1 1,0\n"
    puzzle = th.Puzzle.from_text(text)
    assert puzzle.thermometers == (((0, 0), (0, 1), (0, 2), (1, 2), (1, 1), (1, 0)),)
    assert th.Puzzle.from_text(puzzle.to_text()) == puzzle


# -- sizes ------------------------------------------------------------------------------------------
def test_a_1x1100_board_is_refused_by_its_size_not_by_recursion():
    text = "thermometer\n" + " ".join(["0"] * 1100) + "\n0 A " + " ".join(["a"] * 1099) + "\n"
    assert "the number of columns: 1100 is above the largest allowed value 200" in quickly(th.Puzzle.from_text, text)


@pytest.mark.parametrize("nrows, ncols", [(1, 200), (200, 200)])
def test_one_long_thermometer_round_trips_without_recursion(nrows, ncols):
    snake = [(r, c if r % 2 == 0 else ncols - 1 - c) for r in range(nrows) for c in range(ncols)]
    puzzle = th.Puzzle([0] * nrows, [0] * ncols, [snake])
    start = time.perf_counter()
    text = puzzle.to_text()
    assert th.Puzzle.from_text(text) == puzzle
    assert time.perf_counter() - start < 5
    assert th.verify(puzzle, [[0] * ncols for _ in range(nrows)]) == []


def test_huge_boards_are_refused_before_allocating():
    assert "100000 items is more than the 200" in quickly(th.Puzzle, [0] * 100_000, [0] * 100_000, [[(0, 0)]]).replace(",", "")
    text = "thermometer\n" + "0 " * 100_000 + "\n"
    assert "the number of columns: 100000 is above" in quickly(th.Puzzle.from_text, text + "0 " + "A " * 100_000 + "\n")
    task = "_".join(["0"] * 200_000) + ";1,2"
    assert "100000 columns" in quickly(th.Puzzle.from_puzzleteam, task)


def test_a_task_string_naming_cell_100000000():
    message = quickly(th.Puzzle.from_puzzleteam, "1_1_1_1;5,0,100000000")
    assert "cell number 100000000 is outside the 2x2 board" in message
    assert "does not fit the 2x2 board" in quickly(th.Puzzle.from_puzzleteam, "1_1_1_1;1,100000000")


# -- path lines -----------------------------------------------------------------------------------
def test_a_path_line_that_starts_at_the_tip_is_refused_not_reversed():
    text = "thermometer\n  1 1\n1 A a\n1 B b\npath b: 1,1 1,0\n"
    assert "starts at (1, 1), but its bulb (the capitalised cell) is (1, 0)" in quickly(th.Puzzle.from_text, text)


def test_a_path_line_for_an_unknown_thermometer_is_refused():
    text = "thermometer\n  1 1\n1 A a\n1 B b\npath z: 0,0 0,1\n"
    assert "line 5: no thermometer is named 'z'" in quickly(th.Puzzle.from_text, text)


def test_path_lines_twice_or_wrong_cells():
    base = "thermometer\n  1 1\n1 A a\n1 B b\n"
    assert "a second path line" in quickly(th.Puzzle.from_text, base + "path a: 0,0 0,1\npath a: 0,0 0,1\n")
    assert "does not list exactly" in quickly(th.Puzzle.from_text, base + "path a: 0,0 1,1\n")
    assert "not a count" in quickly(th.Puzzle.from_text, base + "path a: 0,0 0,-1\n")


# -- numbers that are not numbers -----------------------------------------------------------------
@pytest.mark.parametrize("count", ["0_1", "+1", "1.0", "１", "١", "1e0", "-0"])
def test_counts_in_text_are_ascii_digits_only(count):
    text = f"thermometer\n  {count} 1\n1 A a\n1 B b\n"
    assert "is not a count (digits 0-9 only)" in quickly(th.Puzzle.from_text, text)


@pytest.mark.parametrize("task", ["0_1_1_1_1;1,2;1,2", "1_1_1_1;1,2;1,0_2", "1_1_1_1;1,2;+1,2"])
def test_counts_in_task_strings_are_ascii_digits_only(task):
    quickly(th.Puzzle.from_puzzleteam, task)


@pytest.mark.parametrize("bad", [1.0, 0.7, True, None, "1", b"1", math.nan, math.inf])
def test_counts_in_the_constructor_are_ints_only(bad):
    message = quickly(th.Puzzle, [1, bad], [1, 1], [[(0, 0), (0, 1)], [(1, 0), (1, 1)]])
    assert message.startswith("row 1: count: expected a whole number")


@pytest.mark.parametrize("bad", [(0.0, 1), (0, True), ("0", 1), (0, None), (-1, 0), (0, 1, 2)])
def test_cells_in_the_constructor_are_int_pairs_inside_the_board(bad):
    message = quickly(th.Puzzle, [1, 1], [1, 1], [[(0, 0), bad], [(1, 0), (1, 1)]])
    assert message.startswith("thermometer A, cell 1")


@pytest.mark.parametrize("bad", [None, 5, 0.5, [1, 2], {"a": 1}])
def test_readers_refuse_what_is_not_text(bad):
    assert "expected text" in quickly(th.Puzzle.from_text, bad)
    assert "expected text" in quickly(th.Puzzle.from_puzzleteam, bad)


def test_bytes_are_decoded_or_refused():
    assert th.Puzzle.from_text(th.SEED_BOARD.encode()) == SEED
    assert "not UTF-8" in quickly(th.Puzzle.from_text, b"thermometer\n\xff\xfe")


def test_dependencies_refuse_floats_and_loops():
    assert "dependency 0" in quickly(th.Puzzle.from_dependencies, [1, 1], [1, 1], [(1, 1, 1.5, 2)])
    assert "closed loop" in quickly(th.Puzzle.from_dependencies, [1, 1], [1, 1],
                                    [(1, 1, 1, 2), (1, 2, 2, 2), (2, 2, 2, 1), (2, 1, 1, 1)])


# -- verify ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("grid, fault", [
    (None, "expected a list or tuple"),
    ([[0] * 5] * 4, "expected 5 rows, got 4"),
    ([[0] * 4] * 5, "row 0 has 4 cells, expected 5"),
    ([[0.7, 1.2, 0, 0, 0]] + [[0] * 5] * 4, "row 0, column 0: expected a whole number, got float 0.7"),
    ([[True] * 5] * 5, "got bool True"),
    ([[2, 0, 0, 0, 0]] + [[0] * 5] * 4, "row 0, column 0: 2 is not one of [0, 1]"),
    (["01", "0", "0", "0", "0"], "row 0 has 2 cells, expected 5"),
    ("00000", "expected a list or tuple"),
])
def test_verify_refuses_malformed_grids(grid, fault):
    assert fault in quickly(th.verify, SEED, grid)


def test_verify_reads_digit_strings_one_cell_each():
    rows = ["11101", "00011", "00100", "10011", "10110"]
    assert th.verify(SEED, rows) == []


def test_verify_refuses_a_foreign_puzzle():
    assert "expected a thermometer Puzzle" in quickly(th.verify, "board", [[0]])


# -- solve and solutions ---------------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, error", [
    (dict(solver=5), PuzzleError), (dict(solver="gurobi"), SolverError), (dict(time_limit=0), PuzzleError),
    (dict(time_limit=-1), PuzzleError), (dict(time_limit=math.nan), PuzzleError),
    (dict(time_limit=math.inf), PuzzleError), (dict(time_limit="1"), PuzzleError), (dict(time_limit=True), PuzzleError),
])
def test_solve_arguments_are_checked(kwargs, error):
    with pytest.raises(error):
        th.solve(SEED, **kwargs)


@pytest.mark.parametrize("limit", [0, -1, True, 1.5, "2", None])
def test_solutions_limit_is_checked(limit):
    quickly(th.solutions, SEED, limit=limit)


@pytest.mark.parametrize("call", [th.solve, th.solutions, th.build_model, th.draw])
def test_entry_points_refuse_what_is_not_a_puzzle(call):
    assert "expected a thermometer Puzzle" in quickly(call, th.SEED_BOARD)


def test_a_time_limit_bounds_model_building_and_names_the_limit():
    big = th.random_puzzle(200, seed=1)
    with pytest.raises(SolverError, match="time limit of 0.001 s"):
        th.solutions(big, limit=2, time_limit=0.001)


# -- the editor's Load -----------------------------------------------------------------------------
def test_editor_load_refuses_the_block_at_once_and_keeps_its_board():
    editor = th.editor()
    editor.text.value = block_text()
    start = time.perf_counter()
    editor.press("Load")
    assert time.perf_counter() - start < 5
    assert "can go two ways" in editor.last_error
    assert editor.puzzle == SEED and editor.bugs == []


@pytest.mark.parametrize("text", ["1_1_1_1;5,0,100000000", "thermometer\n  1 1\n1 A a\n1 B b\npath b: 1,1 1,0\n",
                                  "thermometer\n  0_1 1\n1 A a\n1 B b\n", "\x00", "9" * 50])
def test_editor_load_of_hostile_text_is_a_message(text):
    editor = th.editor()
    editor.text.value = text
    editor.press("Load")
    assert editor.last_error and editor.bugs == []


@pytest.mark.parametrize("foreign", [None, 5, "text", th.SEED_BOARD])
def test_editor_refuses_a_foreign_puzzle(foreign):
    editor = th.editor()
    editor.puzzle = foreign
    assert "this editor takes a thermometer Puzzle" in editor.last_error
    assert editor.puzzle == SEED
    if foreign is not None:  # th.editor(None) opens on the chapter's board
        with pytest.raises(PuzzleError):
            th.editor(foreign)
