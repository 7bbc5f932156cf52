"""Thermometers: the verifier, the model against it and against a solver-free brute force,
uniqueness, every PuzzleError path, the text formats and both solvers (the cases every puzzle
shares, the command line and the readers' examples among them, are in tests/cases/thermometer.py)."""

import json
from pathlib import Path

import pytest

from puzzlelib import thermometer as th
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError
from puzzlelib.thermometer.widget import DEMO

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "thermometer.json"
SEED_SOLUTION = ["###.#", "...##", "..#..", "#..##", "#.##."]

# Hartmann (2018), Appendix A: the 8x8 board of his Figure 1, as dependencies turned into thermometers.
HARTMANN_ROWS = [6, 5, 4, 3, 6, 3, 7, 5]
HARTMANN_COLS = [4, 6, 4, 6, 4, 6, 7, 2]


@pytest.fixture(scope="module")
def chapter():
    return th.Puzzle.from_text(DEMO)


# -- verify -------------------------------------------------------------------------------------
def test_verify_accepts_the_seed_solution(chapter):
    assert th.verify(chapter, th.grid_from_strings(SEED_SOLUTION)) == []


@pytest.mark.parametrize("flip, expected", [
    ((0, 3), ["row 0 has 5", "col 3 has 4"]),          # a gap-free extra cell: counts only
    ((0, 0), ["row 0 has 3", "col 0 has 2", "thermometer A"]),  # empties a bulb under mercury
])
def test_verify_names_each_broken_rule(chapter, flip, expected):
    grid = [list(row) for row in th.grid_from_strings(SEED_SOLUTION)]
    grid[flip[0]][flip[1]] ^= 1
    problems = th.verify(chapter, grid)
    assert len(problems) == len(expected)
    for text, want in zip(problems, expected):
        assert text.startswith(want)


def test_verify_catches_a_gap_in_a_thermometer():
    # one 1x3 thermometer A (bulb left): filling bulb and tip but not the middle breaks the fill rule only
    puzzle = th.Puzzle([2, 0], [1, 0, 1], [[(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)]])
    assert th.verify(puzzle, [[1, 0, 1], [0, 0, 0]]) == [
        "thermometer A: cell (0, 2) is filled but (0, 1), nearer the bulb, is empty"]


def test_verify_rejects_wrong_shapes_and_values(chapter):
    with pytest.raises(PuzzleError, match="expected 5 rows, got 1"):
        th.verify(chapter, [[0] * 5])
    grid = [list(r) for r in th.grid_from_strings(SEED_SOLUTION)]
    grid[2][2] = 2
    with pytest.raises(PuzzleError, match=r"row 2, column 2: 2 is not one of \[0, 1\]"):
        th.verify(chapter, grid)


# -- the model ---------------------------------------------------------------------------------
def test_chapter_board_is_unique_and_matches_the_seed(chapter):
    found = th.solutions(chapter, limit=5)
    assert len(found) == 1
    assert th.format_solution(chapter, found[0]).split() == SEED_SOLUTION
    assert found[0].levels(chapter) == [3, 1, 2, 2, 0, 1, 2, 2]


def hartmann_board():
    therms = [
        [(0, 4), (0, 5), (0, 6)], [(3, 2), (3, 1)], [(4, 1), (4, 2), (4, 3), (4, 4), (4, 5), (4, 6)],
        [(5, 1), (5, 2), (5, 3), (5, 4), (5, 5), (5, 6)], [(6, 2), (6, 1)], [(6, 6), (6, 5), (6, 4), (6, 3)],
        [(7, 0), (7, 1), (7, 2), (7, 3)], [(7, 6), (7, 5), (7, 4)], [(3, 0), (2, 0), (1, 0), (0, 0)],
        [(6, 0), (5, 0), (4, 0)], [(0, 1), (1, 1), (2, 1)], [(0, 2), (1, 2), (2, 2)],
        [(0, 3), (1, 3), (2, 3), (3, 3)], [(3, 4), (2, 4), (1, 4)], [(1, 5), (2, 5), (3, 5)],
        [(3, 6), (2, 6), (1, 6)], [(7, 7), (6, 7), (5, 7), (4, 7), (3, 7), (2, 7), (1, 7), (0, 7)],
    ]
    return th.Puzzle(HARTMANN_ROWS, HARTMANN_COLS, therms)


@pytest.mark.parametrize("solver", ["highs", "cbc"])
def test_hartmann_8x8_is_unique_with_both_solvers(solver):
    puzzle = hartmann_board()
    found = th.solutions(puzzle, limit=3, solver=solver)
    assert len(found) == 1 and th.verify(puzzle, found[0]) == []
    assert found == th.brute_force(puzzle)
    assert isinstance(found[0].grid, tuple) and isinstance(found[0].grid[0], tuple)


@pytest.mark.parametrize("seed", range(0, 40, 4))
def test_cbc_agrees_with_highs(seed):
    puzzle, _ = th.planted_puzzle((6, 7), seed=seed)
    if len(th.brute_force(puzzle, limit=3)) < 3:  # all fillings known: both solvers list the same set
        assert {s.key() for s in th.solutions(puzzle, 3, solver="cbc")} == {s.key() for s in th.solutions(puzzle, 3)}
    else:
        assert all(th.verify(puzzle, s) == [] for s in th.solutions(puzzle, 3, solver="cbc"))


def test_large_planted_board_solves():
    puzzle, planted = th.planted_puzzle(30, seed=7, bend=0.5)
    assert th.verify(puzzle, th.solve(puzzle)) == []


def test_ambiguous_board_shows_a_second_solution():
    from puzzlelib.thermometer.checks import AMBIGUOUS
    puzzle = th.Puzzle.from_text(AMBIGUOUS)
    a, b = th.solutions(puzzle, limit=5)
    assert a != b and th.verify(puzzle, a) == th.verify(puzzle, b) == []


def test_infeasible_board_says_which_counts_to_change():
    from puzzlelib.thermometer.checks import IMPOSSIBLE
    with pytest.raises(NoSolution) as info:
        th.solve(th.Puzzle.from_text(IMPOSSIBLE))
    assert "no filling meets every count" in str(info.value)
    assert "would need" in info.value.reason
    assert th.solutions(th.Puzzle.from_text(IMPOSSIBLE)) == []


def test_skipping_counts_admits_more_fillings(chapter):
    from puzzlelib.engine import enumerate_solutions
    problem, x = th.build_model(chapter)
    assert len(problem.constraints()) == 10 + (25 - 8)  # 10 counts, one fill pair per cell but the bulbs
    problem, x = th.build_model(chapter, skip={"row_count_2", "col_count_0"})
    assert len(problem.constraints()) == 25
    found = enumerate_solutions(problem, x.values(), lambda: th.read_model(chapter, None, x), limit=10)
    assert len(found) > 1 and th.solve(chapter) in found


def test_lp_relaxation_is_solved_without_error(chapter):
    from puzzlelib.engine.solver import solve_model
    problem, x = th.build_model(chapter)
    assert solve_model(problem, relax=True) == 0.0


def test_unknown_solver_is_a_solver_error(chapter):
    with pytest.raises(SolverError, match="unknown solver"):
        th.solve(chapter, solver="gurobi")


def test_environment_variable_selects_cbc(chapter, monkeypatch):
    monkeypatch.setenv("PUZZLELIB_SOLVER", "cbc")
    from puzzlelib.engine.solver import make_solver
    assert type(make_solver()).__name__ == "COIN_CMD"
    assert th.format_solution(chapter, th.solve(chapter)).split() == SEED_SOLUTION


def test_model_names_match_hartmann(chapter):
    problem, x = th.build_model(chapter)
    names = {c.name for c in problem.constraints()}
    assert {"row_count_0", "col_count_4", "fill_A_1", "fill_C_3"} <= names
    assert len(problem.variables()) == 25


# -- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize("rows, cols, therms, message", [
    ([1, 1], [1, 1], [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(1, 1), (0, 1)]], "thermometer C: cell (1, 1) is covered and thermometer B both"),
    ([1, 1], [1, 1], [[(0, 0), (0, 1)], [(1, 0)]], "thermometer B: needs at least 2 cells"),
    ([1, 1], [1, 1], [[(0, 0), (1, 1)], [(1, 0), (0, 1)]], "thermometer A: cells (0, 0) and (1, 1) are not adjacent"),
    ([1, 1], [1, 1], [[(0, 0), (0, 1)], [(1, 0), (1, 2)]], "thermometer B, cell 1: (1, 2) is outside the 2x2 board"),
    ([1, 1], [1, 1], [[(0, 0), (0, 1)]], "cells (1, 0) and 1 more are not covered"),
    ([1, 1, 1], [1, 1], [[(0, 0), (0, 1)], [(1, 0), (1, 1)], [(2, 0), (2, 1)]], "row counts sum to 3, column counts to 2"),
    ([3, 0], [1, 1], [[(0, 0), (0, 1)], [(1, 0), (1, 1)]], "row 0: count: 3 is above the largest allowed value 2"),
    ([1, -1], [0, 0], [[(0, 0), (0, 1)], [(1, 0), (1, 1)]], "row 1: count: -1 is below the smallest allowed value 0"),
    ([1, "x"], [1, 1], [[(0, 0), (0, 1)], [(1, 0), (1, 1)]], "row 1: count: expected a whole number, got str 'x'"),
    ([1, 1], [1, 1], [[(0, 0), (0, 1)], [(1, 0), (1, 1), (1, 0)]], "thermometer B: cell (1, 0) is covered twice"),
    ([], [], [], "row counts: expected at least 1 items"),
    ([1, 1], [1, 1], [[(0, 0), (0, 1)], ["ab"]], "thermometer B, cell 0: expected a \\(row, col\\) pair, got str 'ab'"),
])
def test_bad_boards_name_the_fault(rows, cols, therms, message):
    with pytest.raises(PuzzleError, match=message if "\\(" in message else message.replace("(", r"\(").replace(")", r"\)")):
        th.Puzzle(rows, cols, therms)


def test_puzzle_error_is_a_value_error():
    assert issubclass(PuzzleError, ValueError)


# -- formats -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(40))
def test_text_round_trip(seed):
    puzzle, _ = th.planted_puzzle((2 + seed % 9, 2 + seed % 7), seed=seed, bend=0.7, max_len=8)
    assert th.Puzzle.from_text(puzzle.to_text()) == puzzle


def test_round_trip_of_a_u_shaped_thermometer_needs_a_path_line():
    puzzle = th.Puzzle([2, 1], [2, 1], [[(0, 0), (1, 0), (1, 1), (0, 1)]])
    text = puzzle.to_text()
    assert "path a: 0,0 1,0 1,1 0,1" in text
    assert th.Puzzle.from_text(text) == puzzle


def test_seed_board_text(chapter):
    assert chapter.rows == (4, 2, 1, 3, 3) and chapter.cols == (3, 1, 3, 3, 3)
    assert len(chapter.thermometers) == 8
    assert chapter.thermometers[2] == ((4, 0), (3, 0), (2, 0), (1, 0))  # C: bulb at the bottom


def test_puzzleteam_example_from_the_issue():
    puzzle = th.Puzzle.from_puzzleteam("3_2_1_1_2_1_2_2;1,2;5,2,3,7;5,4,8,12,13,14,15;5,9,5,6;1,2")
    found = th.solutions(puzzle)
    assert len(found) == 1
    assert th.format_solution(puzzle, found[0]).split() == ["..##", "#...", "##..", "##.."]


def test_label_names():
    assert [th.label(i) for i in (0, 25, 26, 27, 701, 702)] == ["A", "Z", "AA", "AB", "ZZ", "AAA"]


# -- the real puzzles of the test corpus (absent from users' clones) ------------------------------
def corpus_records():
    if not CORPUS.exists():
        return []
    return json.loads(CORPUS.read_text())


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared test corpus is not beside this clone")
@pytest.mark.parametrize("record", corpus_records(), ids=lambda r: r["id"])
def test_corpus_puzzles(record):
    d = record["decoded"]
    puzzle = th.Puzzle(d["rows"], d["cols"], [[tuple(c) for c in t] for t in d["thermometers"]])
    want = record.get("solution") or record.get("computed_solution")
    found = th.solutions(puzzle, limit=2)
    assert len(found) == 1  # every corpus puzzle is unique
    assert th.format_solution(puzzle, found[0]).split() == want
    if record["raw"].count(";") and "_" in record["raw"].split(";")[0]:
        assert th.Puzzle.from_puzzleteam(record["raw"]) == puzzle


# -- pictures ----------------------------------------------------------------------------------
def test_draw_small_and_large(chapter):
    fig = th.draw(chapter, th.solve(chapter), labels=True, title="5x5")
    assert len(fig.axes) == 1
    big, planted = th.planted_puzzle(30, seed=1)
    fig = th.draw(big, planted)
    width, height = fig.get_size_inches()
    assert width < 8 and height < 8  # a 30x30 board still fits a notebook column


def test_a_time_limit_reaches_the_search():
    from puzzlelib.cli import solve_text
    puzzle, _ = th.planted_puzzle(40, seed=1)
    with pytest.raises(SolverError, match="time limit"):
        solve_text(puzzle.to_text(), th.PUZZLE, time_limit=0.001)


# -- the chapter's model is the library's model -------------------------------------------------
def chapter_model():
    """The ``thermometer_model`` the chapter types, taken from its MyST source and run."""
    import re

    source = (Path(__file__).resolve().parents[1] / "notebooks" / "01-thermometers.md").read_text()
    cells = re.findall(r"```\{code-cell\} ipython3\n(.*?)```", source, re.DOTALL)
    code = next(c for c in cells if "def thermometer_model" in c)
    import pulp
    from puzzlelib.engine import add_binary, new_problem
    space = {"pulp": pulp, "th": th, "add_binary": add_binary, "new_problem": new_problem}
    exec(code, space)
    return space["thermometer_model"]


@pytest.mark.parametrize("seed", range(4))
def test_chapter_model_writes_the_same_lp_file_as_the_library(seed, tmp_path):
    puzzle = th.Puzzle.from_text(th.SEED_BOARD) if seed == 0 else th.random_puzzle((3 + seed, 6), seed=seed, bend=0.6)
    ours, _ = chapter_model()(puzzle)
    library, _ = th.build_model(puzzle)
    ours.writeLP(str(tmp_path / "chapter.lp"))
    library.writeLP(str(tmp_path / "library.lp"))
    assert (tmp_path / "chapter.lp").read_text() == (tmp_path / "library.lp").read_text()


# -- rules as named checks: every code paired with a board that breaks it ---------------------------
@pytest.mark.parametrize("flip, codes", [
    ((0, 3), ["row-count", "col-count"]),
    ((0, 0), ["row-count", "col-count", "fill-gap"]),
])
def test_each_rule_code_has_a_board_that_breaks_it(chapter, flip, codes):
    grid = [list(row) for row in th.grid_from_strings(SEED_SOLUTION)]
    grid[flip[0]][flip[1]] ^= 1
    grid = tuple(tuple(row) for row in grid)
    assert [fault.code for fault in th.check_rules(chapter, grid)] == codes
    assert {rule.code for rule in th.RULES} == {"row-count", "col-count", "fill-gap"}


def test_brute_force_is_iterative_on_a_board_with_many_thermometers():
    # 1000 dominoes, every cell full: a search 1000 thermometers deep, far beyond Python's recursion limit
    dominoes = [[(r, c), (r, c + 1)] for r in range(200) for c in range(0, 10, 2)]
    puzzle = th.Puzzle([10] * 200, [200] * 10, dominoes)
    assert th.brute_force(puzzle) == [th.Solution(tuple((1,) * 10 for _ in range(200)))]
