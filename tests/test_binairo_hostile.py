"""Hostile input to Binary Sudoku (issue 9): each case is one PuzzleError naming the fault, never a
traceback from inside PuLP, a hang, or a value read as something else."""

import math

import pytest

from puzzlelib import binairo as bn
from puzzlelib.core.errors import PuzzleError, SolverError

SOLUTION = ("100110", "101010", "010101", "010110", "101001", "011001")


@pytest.fixture(scope="module")
def chapter():
    return bn.Puzzle.from_text(bn.SEED_BOARD)


def grid_of(rows):
    return [[int(ch) for ch in row] for row in rows]


# -- verify never reads a cell as something else -------------------------------------------------
def test_verify_does_not_read_the_digit_string_01_as_one(chapter):
    grid = grid_of(SOLUTION)
    grid[0][0] = "01"  # was read as 1, so this malformed grid verified as right
    with pytest.raises(PuzzleError, match=r"row 0, column 0: expected a whole number, got str '01'"):
        bn.verify(chapter, grid)
    assert bn.verify(chapter, grid_of(SOLUTION)) == []
    assert bn.verify(chapter, list(SOLUTION)) == []  # strings are one character per cell


@pytest.mark.parametrize("cell, message", [
    (1.0, "expected a whole number, got float 1.0"),
    (0.7, "expected a whole number, got float 0.7"),
    (True, "expected a whole number, got bool True"),
    (None, "expected a whole number, got NoneType None"),
    (b"1", "expected a whole number, got bytes"),
    (math.nan, "expected a whole number, got float nan"),
    (2, "2 is not one of [0, 1]"),
    (-1, "-1 is not one of [0, 1]"),
])
def test_verify_refuses_cells_that_are_not_0_or_1(chapter, cell, message):
    grid = grid_of(SOLUTION)
    grid[2][3] = cell
    with pytest.raises(PuzzleError, match="row 2, column 3: " + message.replace("[", r"\[").replace("]", r"\]")):
        bn.verify(chapter, grid)


@pytest.mark.parametrize("answer, message", [
    (None, "expected a list or tuple, got NoneType"),
    (5, "expected a list or tuple, got int"),
    (SOLUTION[:-1], "expected 6 rows, got 5"),
    ([row[:-1] for row in SOLUTION], "row 0 has 5 cells, expected 6"),
    ("100110/101010", "expected 6 rows, got 2"),
    (b"\xff\xfe", "not UTF-8"),
    ({"a": 1}, "expected a list or tuple, got dict"),
])
def test_verify_refuses_malformed_answers(chapter, answer, message):
    with pytest.raises(PuzzleError, match=message):
        bn.verify(chapter, answer)


def test_verify_takes_utf8_bytes_and_a_solution(chapter):
    assert bn.verify(chapter, "/".join(SOLUTION).encode()) == []
    assert bn.verify(chapter, bn.Solution(tuple(map(tuple, grid_of(SOLUTION))))) == []
    with pytest.raises(PuzzleError, match="check_rules: expected a binairo Puzzle, got str"):
        bn.verify("binairo\n..\n..", SOLUTION)
    with pytest.raises(PuzzleError, match="distinct: expected True or False"):
        bn.verify(chapter, SOLUTION, distinct="no")


def test_verify_is_exact_on_large_boards():
    puzzle, planted = bn.planted_puzzle(30, seed=3, density=0.3)
    assert bn.verify(puzzle, planted) == []
    broken = [list(row) for row in planted.grid]
    broken[29] = list(broken[0])
    assert "rows 0 and 29 are equal" in " ".join(bn.verify(puzzle, broken))
    # the largest board: a checkerboard keeps rules 1 and 2, and repeats every other line
    n = bn.MAX_SIZE
    grid = [[(r + c) % 2 for c in range(n)] for r in range(n)]
    problems = bn.verify(bn.empty(n), grid)
    assert len(problems) == 2 * (n - 2) and bn.verify(bn.empty(n), grid, distinct=False) == []
    with pytest.raises(PuzzleError):
        bn.random_grid(40)


# -- arguments of solve, solutions, build_model --------------------------------------------------
@pytest.mark.parametrize("call", ["solve", "solutions", "build_model"])
@pytest.mark.parametrize("bad", ["bogus", 5, True, "EXACT"])
def test_an_unknown_formulation_is_a_puzzle_error(chapter, call, bad):
    with pytest.raises(PuzzleError, match="model"):
        getattr(bn, call)(chapter, model=bad)


@pytest.mark.parametrize("bad", [None, "binairo\n10\n01\n", 5, [[0, 1], [1, 0]]])
def test_entry_points_want_a_puzzle(bad):
    for call in (bn.solve, bn.solutions, bn.build_model, bn.draw):
        with pytest.raises(PuzzleError, match="expected a binairo Puzzle"):
            call(bad)


@pytest.mark.parametrize("kwargs", [dict(solver=5), dict(solver="gurobi"), dict(time_limit=-1),
                                    dict(time_limit=math.inf), dict(time_limit="1"), dict(check="yes")])
def test_solve_arguments(chapter, kwargs):
    with pytest.raises((PuzzleError, SolverError)):
        bn.solve(chapter, **kwargs)


@pytest.mark.parametrize("limit", [0, -1, True, 1.5, "2", None, math.nan])
def test_solutions_limit(chapter, limit):
    with pytest.raises(PuzzleError, match="limit"):
        bn.solutions(chapter, limit=limit)


# -- constructors and readers ------------------------------------------------------------------
@pytest.mark.parametrize("givens, message", [
    (None, "givens \\(a list of rows\\): expected a list or tuple, got NoneType"),
    (5, "expected a list or tuple, got int"),
    ("10\n01", "expected a list or tuple, got str"),
    (b"10", "expected a list or tuple, got bytes"),
    ([[0, 1], 5], "row 1: expected a list or tuple, got int"),
    ([[0, 1.0], [1, 0]], r"cell \(0, 1\): 1.0 is not 0, 1 or None"),
    ([[0, True], [1, 0]], r"cell \(0, 1\): True is not 0, 1 or None"),
    ([[0, "1"], [1, 0]], r"cell \(0, 1\): '1' is not 0, 1 or None"),
    ([[0, math.nan], [1, 0]], r"cell \(0, 1\): nan is not 0, 1 or None"),
    ([[None] * 202] * 202, "202 items is more than the 200 allowed"),
    (["." * 300] * 2, "row 0 has 300 cells; the largest board is 200x200"),
])
def test_constructor_refuses_garbage(givens, message):
    with pytest.raises(PuzzleError, match=message):
        bn.Puzzle(givens)


@pytest.mark.parametrize("text, message", [
    (None, "text: expected text, got NoneType"),
    (5, "text: expected text, got int"),
    (b"\xff\xfe", "not UTF-8"),
    ("binairo\n" + ("." * 202 + "\n") * 202, "the number of rows: 202 is above the largest allowed value 200"),
    ("binairo\n" + "." * 400 + "\n", "the number of columns: 400 is above the largest allowed value 200"),
    ("binairo\n1.\n0x\n", "line 3, column 1: 'x' is not a cell"),
])
def test_text_reader_refuses_garbage(text, message):
    with pytest.raises(PuzzleError, match=message):
        bn.Puzzle.from_text(text)


def test_text_reader_decodes_utf8_bytes(chapter):
    assert bn.Puzzle.from_text(bn.SEED_BOARD.encode()) == chapter


def test_truncated_task_strings_say_so(chapter):
    task = chapter.to_puzzleteam()
    for cut in range(1, len(task)):
        try:
            puzzle = bn.Puzzle.from_puzzleteam(task[:cut])
        except PuzzleError as exc:
            assert "cut short" in str(exc) or "Binairo needs an even size" in str(exc) or "given" in str(exc)
        else:  # a cut that still makes a square board is a (smaller) valid board, never the same one
            assert puzzle != chapter and puzzle.size < chapter.size


def test_task_string_naming_a_huge_board_is_refused_at_once():
    with pytest.raises(PuzzleError, match="more than 40000 cells"):
        bn.Puzzle.from_puzzleteam("z" * 100_000)
    with pytest.raises(PuzzleError, match="task string: expected text"):
        bn.Puzzle.from_puzzleteam(None)
    assert bn.Puzzle.from_puzzleteam(bn.empty(4).to_puzzleteam() + ";") == bn.empty(4)


def test_generators_check_their_arguments():
    for bad in (dict(size=5), dict(size=7.0), dict(size=True), dict(size=1000), dict(seed=1.5), dict(density=2),
                dict(density="0.4")):
        with pytest.raises(PuzzleError):
            bn.random_puzzle(**bad)
    with pytest.raises(PuzzleError):
        bn.empty(3.0)
    with pytest.raises(PuzzleError, match="brute force is for boards up to 10x10"):
        bn.brute_force(bn.empty(12))


def test_a_large_board_is_solved_lazily_and_refused_by_the_full_models():
    puzzle = bn.empty(70)
    with pytest.raises(PuzzleError, match="model='lazy'"):
        bn.build_model(puzzle, "exact")


def test_the_editor_refuses_foreign_boards_and_bad_sizes():
    for bad in (None, "binairo\n10\n01\n", 5):
        if bad is None:
            continue  # editor(None) opens the chapter's board
        with pytest.raises(PuzzleError):
            bn.editor(bad)
    ed = bn.editor()
    for foreign in (None, 5, "text", object()):
        ed.puzzle = foreign
        assert ed.last_error and "binairo Puzzle" in ed.last_error
    for bad in (5, 7.0, "6"):
        with pytest.raises(PuzzleError):
            bn.editor(size=bad)
    ed.text.value = "0c1i1a10a0b100g11"  # a task string cut short
    ed.text.value += ";"
    ed.press("Load")
    assert "cut short" in ed.last_error and ed.bugs == []
