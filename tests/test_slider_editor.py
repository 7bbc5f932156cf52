"""The Slider editor in the kernel: scripted clicks (the random session is tests/test_fuzz.py's)."""

from __future__ import annotations


import pytest

from puzzlelib import slider as sl
from puzzlelib.slider.widget import OBSTACLE, START, TARGET


@pytest.fixture
def ed():
    return sl.editor()


def test_starts_with_hartmanns_board(ed):
    assert repr(ed) == "<SliderEditor 6x4>"
    assert ed.puzzle == sl.hartmann_example()
    ed.press("Solve")
    assert "Solved: 3 moves (up, right, down)." in ed.message.value
    assert ed.solution.path == ((2, 1), (1, 1), (1, 2), (4, 2))
    ed.press("Check uniqueness")
    assert "Unique" in ed.message.value
    ed.press("Clear solution")
    assert ed.solution is None


def test_modes_place_obstacles_start_and_target(ed):
    ed.mode.value = OBSTACLE
    ed.click(3, 3)
    assert (3, 3) in ed.puzzle.obstacles()
    ed.click(3, 3)
    assert (3, 3) not in ed.puzzle.obstacles()
    ed.click(0, 1)  # an existing obstacle goes away
    assert ed.puzzle.obstacles() == [(1, 3), (5, 2)]
    ed.mode.value = START
    ed.click(0, 0)
    assert ed.puzzle.start == (0, 0)
    ed.mode.value = TARGET
    ed.click(5, 1)
    assert ed.puzzle.target == (5, 1)
    ed.press("Solve")
    assert "Solved: 2 moves (down, right)." in ed.message.value
    assert sl.verify(ed.puzzle, ed.solution) == []


def test_refusals_are_sentences(ed):
    ed.mode.value = OBSTACLE
    ed.click(2, 1)
    assert "holds the start" in ed.last_error
    ed.mode.value = START
    ed.click(1, 3)
    assert "is an obstacle" in ed.last_error
    ed.click(4, 2)
    assert "already holds the target" in ed.last_error
    ed.mode.value = TARGET
    ed.click(2, 1)
    assert "already holds the start" in ed.last_error
    assert ed.puzzle == sl.hartmann_example()  # nothing changed


def test_solve_on_a_board_without_route_says_why(ed):
    ed.puzzle = sl.Puzzle.from_text("slider\nS.#T\n..#.\n")
    ed.press("Solve")
    assert "not reachable" in ed.message.value and ed.solution is None


def test_save_load_resize_clear_random(ed):
    ed.press("Save")
    assert ed.text.value == sl.HARTMANN
    ed.text.value = "slider\nS..\n.#.\n..T\n"
    ed.press("Load")
    assert ed.puzzle.shape == (3, 3) and repr(ed) == "<SliderEditor 3x3>"
    ed.size_rows.value, ed.size_cols.value = 2, 2
    ed.press("Resize")
    assert ed.puzzle.shape == (2, 2) and ed.puzzle.start == (0, 0)
    ed.size_rows.value, ed.size_cols.value = 7, 8
    ed.press("Resize")
    ed.press("Clear obstacles")
    assert ed.puzzle.obstacles() == [] and ed.puzzle.shape == (7, 8)
    ed.press("Random board")
    ed.press("Solve")
    assert "Solved" in ed.message.value
