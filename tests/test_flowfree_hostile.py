"""Flow Free under hostile input (issue 9): exact verify on any size, errors that name the fault.

Every example of the issue is a regression test here.
"""

import time

import pytest

from puzzlelib import flowfree as ff
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError

ONE_COLOUR = ff.Puzzle(["A" + "." * 7] + ["." * 8] * 6 + ["A" + "." * 7])


# -- verify is exact, without a search budget --------------------------------------------------
def test_one_colour_board_verifies_by_its_grid():
    solution = ff.solve(ONE_COLOUR)
    assert ff.verify(ONE_COLOUR, solution) == []
    assert ff.verify(ONE_COLOUR, solution.grid) == []  # the grid carries its pipe
    assert solution.grid == tuple(["A" * 8] * 8)


def test_a_colouring_that_does_not_fix_its_pipe_is_refused_not_guessed():
    with pytest.raises(PuzzleError, match="does not show where its pipe runs"):
        ff.verify(ONE_COLOUR, ["A" * 8] * 8)


def test_forced_steps_decide_a_colouring_with_a_fork():
    board = ff.Puzzle(["AB..", "....", "CABC", "...."])  # pzprjs' arukone fixture
    assert ff.verify(board, ["ABBB", "AABB", "CABC", "CCCC"]) == []


def test_a_dead_end_in_a_colouring_is_named():
    board = ff.Puzzle(["A.A", "...", "BB."])
    assert "cannot pass through cell (2, 2)" in " ".join(ff.verify(board, ["AAA", "AAA", "BBA"]))
    assert "not connected" in " ".join(ff.verify(ff.Puzzle(["A.A", "...", "BB."]), ["ABA", "BBB", "BBA"]))


def test_chessboard_count_rejects_at_once():
    board = ff.Puzzle(["A.", ".A"])  # both dots on dark squares, four cells
    assert "chessboard" in " ".join(ff.verify(board, ["AA", "AA"]))


@pytest.mark.parametrize("n, seed", [(40, 1), (60, 2)])
def test_large_planted_boards_verify_fast(n, seed):
    puzzle, planted = ff.planted_puzzle(n, seed=seed, mean_len=n * n / 12, tidy=False)
    assert max(len(p) for p in planted.paths.values()) >= 300
    start = time.perf_counter()
    assert ff.verify(puzzle, planted) == []
    assert ff.verify(puzzle, planted.grid) == []
    try:  # a bare colouring: right, or refused as not showing its pipes; never called wrong
        assert ff.verify(puzzle, list(planted.grid)) == []
    except PuzzleError as exc:
        assert "does not show where its pipe runs" in str(exc)
    assert time.perf_counter() - start < 10


def test_large_tidy_boards_verify_by_colours_alone():
    puzzle, planted = ff.planted_puzzle(20, seed=4, mean_len=40)
    assert ff.verify(puzzle, list(planted.grid)) == []


def test_a_pipe_of_thousands_of_cells():
    n = 60  # one pipe that snakes through 3,600 cells
    snake = [(r, c if r % 2 == 0 else n - 1 - c) for r in range(n) for c in range(n)]
    rows = [["."] * n for _ in range(n)]
    for r, c in (snake[0], snake[-1]):
        rows[r][c] = "A"
    puzzle = ff.Puzzle(["".join(row) for row in rows])
    answer = ff.Solution(tuple("A" * n for _ in range(n)), {"A": tuple(snake)})
    assert ff.verify(puzzle, answer) == [] and ff.verify(puzzle, answer.grid) == []
    cut = ff.Solution(answer.grid, {"A": tuple(snake[:1000] + snake[1001:])})
    assert "jumps" in " ".join(ff.verify(puzzle, cut))


def test_a_path_leaving_the_board_is_a_rule_message():
    sol = ff.solve(ONE_COLOUR)
    path = list(sol.paths["A"])
    for outside in [(8, 0), (-1, 0), (0, 8)]:
        bad = ff.Solution(sol.grid, {"A": tuple(path[:3] + [outside] + path[3:])})
        assert f"leaves the board at {outside}" in " ".join(ff.verify(ONE_COLOUR, bad))
    for junk in [(0.5, 1), ("0", 1), (True, 0), (1,), None]:
        with pytest.raises(PuzzleError, match="pipe of A"):
            ff.verify(ONE_COLOUR, ff.Solution(sol.grid, {"A": (junk,) + tuple(path)}))


# -- construction --------------------------------------------------------------------------------
@pytest.mark.parametrize("bad, words", [
    ([11], "row 0: expected a string"),
    (11, "expected a list or tuple"),
    (None, "expected a list or tuple"),
    ([None], "row 0"),
    ([["A", "A"]], "row 0"),
    (["A" * 201, "A" + "." * 200], "at most 200"),
    (["A.A"] * 201, "201 items"),
])
def test_puzzle_refuses_what_is_not_rows_of_text(bad, words):
    with pytest.raises(PuzzleError, match=words):
        ff.Puzzle(bad)


def test_bytes_rows_are_decoded():
    assert ff.Puzzle([b"A.A"]) == ff.Puzzle(["A.A"])


# -- wrong arguments everywhere --------------------------------------------------------------------
@pytest.mark.parametrize("call", [
    lambda: ff.verify(ONE_COLOUR, None),
    lambda: ff.verify(ONE_COLOUR, 5),
    lambda: ff.verify(ONE_COLOUR, [["A"] * 8] * 8),
    lambda: ff.verify("board", ["A"]),
    lambda: ff.solve(ONE_COLOUR, model="bogus"),
    lambda: ff.solve(ONE_COLOUR, model=5),
    lambda: ff.solve(ONE_COLOUR, solver=5),
    lambda: ff.solve(ONE_COLOUR, tidy_first="yes"),
    lambda: ff.solve(["A.A"]),
    lambda: ff.solutions(ONE_COLOUR, limit=0),
    lambda: ff.solutions(ONE_COLOUR, limit=1.5),
    lambda: ff.solutions(ONE_COLOUR, time_limit=float("nan")),
    lambda: ff.build_model(ONE_COLOUR, model="bogus"),
    lambda: ff.random_puzzle(seed="1"),
    lambda: ff.random_puzzle(0),
    lambda: ff.random_puzzle(5, mean_len=float("inf")),
    lambda: ff.brute_force(ff.random_puzzle(8)),
    lambda: ff.Puzzle.from_text(None),
    lambda: ff.Puzzle.from_level(b"\xff"),
])
def test_wrong_arguments_are_puzzle_errors(call):
    with pytest.raises(PuzzleError):
        call()


def test_time_limit_bounds_the_whole_call():
    crossing = ["." * 20 for _ in range(20)]
    crossing = [list(row) for row in crossing]
    for k, (a, b) in zip("ABCD", [((0, 10), (19, 10)), ((10, 0), (10, 19)), ((0, 5), (19, 14)), ((5, 0), (14, 19))]):
        crossing[a[0]][a[1]] = crossing[b[0]][b[1]] = k
    puzzle = ff.Puzzle(["".join(row) for row in crossing])
    start = time.perf_counter()
    with pytest.raises((SolverError, NoSolution)) as info:
        ff.solve(puzzle, time_limit=1.5)
    assert time.perf_counter() - start < 8
    if info.type is SolverError:
        assert "1.5 s" in str(info.value)


def test_editor_gives_up_on_a_hard_board():
    editor = ff.editor()
    editor.time_limit = 1.0
    editor.text.value = "flowfree\n" + "\n".join(
        "".join("A" if (r, c) in ((0, 10), (19, 10)) else "B" if (r, c) in ((10, 0), (10, 19)) else "."
                for c in range(20)) for r in range(20))
    editor.press("Load")
    start = time.perf_counter()
    editor.press("Solve")
    assert time.perf_counter() - start < 8
    assert "Gave up after 1 s" in editor.message.value or "no" in editor.message.value.lower()
    assert editor.bugs == []
