"""Binary Sudoku: the puzzle, its formats, both distinctness models, the verifier, pictures (the CLI: tests/cases/binairo.py)."""

import json
from pathlib import Path

import pytest

from puzzlelib import binairo as bn
from puzzlelib.binairo.checks import CHAPTER_6X6, NO_FILLING, ONLY_RULE3_FORBIDS, RULE3_MATTERS
from puzzlelib.binairo.formats import line_text
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "binairo.json"
SEED_SOLUTION = ["100110", "101010", "010101", "010110", "101001", "011001"]
ISSUE_TASK, ISSUE_SOLUTION = "00f1c1h1i1b01", "001011/101010/110100/001101/110010/010101"


@pytest.fixture(scope="module")
def chapter():
    return bn.Puzzle.from_text(CHAPTER_6X6)


# -- the chapter's board -----------------------------------------------------------------------
def test_seed_board_has_twelve_givens_two_per_row(chapter):
    assert len(chapter.given_cells()) == 12
    assert all(sum(v is not None for v in row) == 2 for row in chapter.givens)


@pytest.mark.parametrize("model", ["exact", "bigm"])
def test_seed_board_unique_solution(chapter, model):
    found = bn.solutions(chapter, limit=3, model=model)
    assert len(found) == 1
    assert bn.format_solution(chapter, found[0]).split() == SEED_SOLUTION
    assert found[0].numbers()[0] == [25, 21, 42, 26, 37, 38]  # the seed's row numbers


def test_puzzleteam_example_from_the_issue():
    puzzle = bn.Puzzle.from_puzzleteam(ISSUE_TASK)
    assert puzzle.size == 6
    found = bn.solutions(puzzle, limit=2)
    assert len(found) == 1
    assert str(found[0]).replace("\n", "/") == ISSUE_SOLUTION
    assert puzzle.to_puzzleteam() == ISSUE_TASK


@pytest.mark.parametrize("solver", ["highs", "cbc"])
@pytest.mark.parametrize("model", ["exact", "bigm"])
def test_both_solvers_both_formulations(chapter, solver, model):
    assert bn.format_solution(chapter, bn.solve(chapter, solver=solver, model=model)).split() == SEED_SOLUTION


# -- the verifier, each rule broken once -------------------------------------------------------
def test_verify_accepts_the_solution(chapter):
    assert bn.verify(chapter, bn.grid_from_strings(SEED_SOLUTION)) == []
    assert bn.verify(chapter, "/".join(SEED_SOLUTION)) == []


def test_verify_given_changed(chapter):
    grid = [list(map(int, row)) for row in SEED_SOLUTION]
    grid[0][0] = 0
    assert "cell (0, 0) is 0, but it is given as 1" in bn.verify(chapter, grid)


def test_verify_balance_and_runs():
    puzzle = bn.empty(4)
    problems = bn.verify(puzzle, ["1110", "0101", "1010", "0001"])
    assert "row 0 has 3 ones and 1 zeros; it needs 2 of each" in problems
    assert "row 0 has 3 equal cells (1) in a row from (0, 0) to (0, 2)" in problems
    assert "row 3 has 3 equal cells (0) in a row from (3, 0) to (3, 2)" in problems


def test_verify_equal_rows_and_columns():
    puzzle = bn.empty(4)
    assert bn.verify(puzzle, ["0110", "0110", "1001", "1001"]) == [
        "rows 0 and 1 are equal (0110)", "rows 2 and 3 are equal (1001)",
        "cols 1 and 2 are equal (1100)", "cols 0 and 3 are equal (0011)"]
    assert bn.verify(puzzle, ["0101", "1010", "0101", "1010"], distinct=False) == []
    problems = bn.verify(puzzle, ["0011", "0011", "1100", "1100"])
    assert "col 0 has 2 equal cells" not in " ".join(problems)
    assert "cols 0 and 1 are equal (0011)" in problems and "cols 2 and 3 are equal (1100)" in problems


def test_verify_shape_and_values():
    puzzle = bn.empty(4)
    with pytest.raises(PuzzleError, match="expected 4 rows, got 1"):
        bn.verify(puzzle, ["0101"])
    with pytest.raises(PuzzleError, match="row 0, column 2: 2 is not one of"):
        bn.verify(puzzle, [[0, 1, 2, 1]] * 4)


def test_broken_cells_for_pictures():
    cells = bn.broken_cells(bn.empty(4), ["0110", "0110", "1001", "1001"])
    assert (0, 0) in cells and (3, 3) in cells


# -- validation: every PuzzleError names its fault -------------------------------------------
@pytest.mark.parametrize("givens, fault", [
    ([], "expected at least 1 items"),
    ([[None] * 3] * 3, "the board is 3x3: Binairo needs an even size"),
    ([[None] * 4] * 3 + [[None] * 3], "row 3 has 3 cells"),
    ([[None, 2, None, None]] + [[None] * 4] * 3, "cell (0, 1): 2 is not 0, 1 or None"),
    ([[True, None, None, None]] + [[None] * 4] * 3, "cell (0, 0): True is not 0, 1 or None"),
    (["111...", "......", "......", "......", "......", "......"], "row 0: cells (0, 0), (0, 1), (0, 2) are all given as 1"),
    (["0.....", "0.....", "0.....", "......", "......", "......"], "col 0: cells (0, 0), (1, 0), (2, 0) are all given as 0"),
    (["1.1.11", "......", "......", "......", "......", "......"], "row 0 has 4 ones given"),
    (["0.....", "1.....", "0.....", "......", "0.....", "0....."], "col 0 has 4 zeros given"),
    (["0101", "0101", "....", "...."], "rows 0 and 1 are both given in full as 0101"),
    (["0x..", "....", "....", "...."], "row 0, col 1: 'x' is not 0, 1 or '.'"),
])
def test_puzzle_errors(givens, fault):
    with pytest.raises(PuzzleError) as info:
        bn.Puzzle(givens)
    assert fault in str(info.value)


def test_equal_full_columns_are_refused():
    with pytest.raises(PuzzleError, match="cols 0 and 2 are both given in full as 0110"):
        bn.Puzzle(["0.01", "1.1.", "1.1.", "0.0."])


@pytest.mark.parametrize("text, fault", [
    ("binairo\n", "expected at least 1 row of cells"),
    ("binairo\n01.\n10\n", "line 3: 2 cells, the first row has 3"),
    ("binairo\n01\n10\n01\n", "3 rows of 2 cells; it must be square"),
    ("binairo\n0a\n..\n", "line 2, column 1: 'a' is not a cell"),
])
def test_text_errors(text, fault):
    with pytest.raises(PuzzleError) as info:
        bn.Puzzle.from_text(text)
    assert fault in str(info.value)


@pytest.mark.parametrize("task, fault", [
    ("00f1c1h1i1b0", "35 cells do not make a square board"),
    ("00F1", "character 'F' at position 2"),
    ("", "0 cells do not make a square board"),
])
def test_puzzleteam_errors(task, fault):
    with pytest.raises(PuzzleError) as info:
        bn.Puzzle.from_puzzleteam(task)
    assert fault in str(info.value)


def test_text_round_trip_with_comments_and_spaces(chapter):
    text = chapter.to_text()
    assert text.splitlines()[0] == "binairo"
    assert bn.Puzzle.from_text(text) == chapter
    spaced = "# a comment\nbinairo\n" + "\n".join(" ".join(line) for line in text.splitlines()[1:])
    assert bn.Puzzle.from_text(spaced) == chapter
    assert bn.Puzzle.from_puzzleteam(chapter.to_puzzleteam()) == chapter


#: binarypuzzle.com's 8x8 "very hard" no. 1 as a solver's input file ('-' empty, hwiards/binary-puzzle
#: input/8x8_vh1.txt) and its solution (solutions/8x8_vh1.txt).
BINARYPUZZLE_8X8 = "---11--0\n-0---0--\n-00-----\n1-------\n-------1\n--1-----\n0-------\n--------"
BINARYPUZZLE_8X8_SOLVED = ("01011010", "00101011", "10010101", "11001010", "01100101", "10110010", "01001101",
                           "10110100")
#: A binarypuzzle.com solver's stdin: the size N, then N rows ('.' empty).
SIZED_10X10 = ("10\n.....1...1\n1......0..\n..0....0..\n.00...0..1\n1........1\n...0..1...\n0....1....\n"
               ".......0.0\n0........0\n.0.0.1....\n")


def test_binarypuzzle_files_with_dashes_and_size_lines():
    board = bn.Puzzle.from_text(BINARYPUZZLE_8X8)
    found = bn.solutions(board)
    assert len(found) == 1 and tuple(line_text(row) for row in found[0].grid) == BINARYPUZZLE_8X8_SOLVED
    assert bn.Puzzle.from_text("8 8\n" + BINARYPUZZLE_8X8) == board == bn.Puzzle.from_text("8x8\n" + BINARYPUZZLE_8X8)
    ten = bn.Puzzle.from_text(SIZED_10X10)
    assert len(ten.givens) == 10 and line_text(ten.givens[0]) == ".....1...1"
    assert bn.Puzzle.from_text("10\n01\n").givens == ((1, 0), (0, 1))  # a row as wide as the next is a row
    with pytest.raises(PuzzleError, match="line 1: the size line says 6x6, but 8 rows of 8 cells follow"):
        bn.Puzzle.from_text("6 6\n" + BINARYPUZZLE_8X8)


def test_tatham_unruly_game_ids_by_hand_and_round_trips(chapter):
    # unruly.c: a letter skips (letter - 'a') empty cells, then places 0 (lower case) or 1 (capital);
    # the last letter is the end mark one past the grid; z/Z skip 25
    assert bn.Puzzle.read("2x2u:aCa", "tatham").givens == ((0, None), (None, 1))
    assert chapter.write("tatham") == "6x6u:ADDcBBcDDCBbc" and bn.Puzzle.read("6x6u:ADDcBBcDDCBbc") == chapter
    assert bn.Puzzle.read("6x6udt:ADDcBBcDDCBbc") == chapter == bn.Puzzle.read("unruly:6x6u:ADDcBBcDDCBbc", "tatham")
    empty = bn.Puzzle([[None] * 6] * 6)
    assert empty.write("tatham") == "6x6u:zl" and bn.Puzzle.read("6x6u:zl", "tatham") == empty
    for seed in range(4):
        board = bn.random_puzzle(seed=seed)
        assert bn.Puzzle.read(board.write("tatham"), "tatham") == board


@pytest.mark.parametrize("game_id, fault", [
    ("6x6:ADDcBBcDDCBbc", "without 'u' after the size"), ("6x6#123456", "random seed"),
    ("6x6u:ADDcBBcDDCBb", "covers 34 of the 36 cells"), ("6x6u:ADDcBBcDDCBbcc", "runs past"),
    ("6x6u:ADD1", "is not"), ("999x999u:a", "sides are 1 to"),
])
def test_tatham_unruly_game_ids_refused_by_name(game_id, fault):
    with pytest.raises(PuzzleError, match=fault):
        bn.Puzzle.read(game_id, "tatham")


def test_long_empty_runs_in_task_strings():
    puzzle = bn.empty(8)  # 64 empty cells: z z l
    assert puzzle.to_puzzleteam() == "zzl"
    assert bn.Puzzle.from_puzzleteam("zzl") == puzzle


# -- infeasible boards --------------------------------------------------------------------------
def test_no_solution_blames_rule_three():
    puzzle = bn.Puzzle.from_text(ONLY_RULE3_FORBIDS)
    with pytest.raises(NoSolution) as info:
        bn.solve(puzzle)
    assert "repeats a row or a column" in str(info.value)
    assert bn.solutions(puzzle) == []
    assert len(bn.solutions(puzzle, limit=5, model="none")) == 2


def test_no_solution_blames_rules_one_and_two():
    with pytest.raises(NoSolution) as info:
        bn.solve(bn.Puzzle.from_text(NO_FILLING))
    assert "before distinctness" in str(info.value)


def test_unknown_formulation():
    with pytest.raises(PuzzleError, match="model: 'cp' is not one of 'lazy', 'exact'"):
        bn.build_model(bn.empty(4), model="cp")


# -- counting, against a search without a solver ----------------------------------------------
@pytest.mark.parametrize("model, count", [("exact", 72), ("bigm", 72), ("lazy", 72), ("none", 90)])
def test_empty_4x4_counts(model, count):
    assert len(bn.solutions(bn.empty(4), limit=100, model=model)) == count
    assert len(bn.brute_force_fillings(bn.empty(4), distinct=model != "none")) == count


def test_rule_three_matters():
    puzzle = bn.Puzzle.from_text(RULE3_MATTERS)
    assert len(bn.solutions(puzzle, limit=20)) == 1
    assert len(bn.solutions(puzzle, limit=20, model="none")) == 10


def test_valid_lines():
    assert len(bn.valid_lines(4)) == 6 and len(bn.valid_lines(6)) == 14
    assert bn.line_number((1, 0, 0, 1, 1, 0)) == 25


# -- hundreds of random planted boards --------------------------------------------------------
@pytest.mark.parametrize("n", [2, 4, 6, 8, 10, pytest.param(20, marks=pytest.mark.slow),
                               pytest.param(30, marks=pytest.mark.slow)])
def test_random_grids_keep_every_rule(n):
    for seed in range(5 if n >= 20 else 30):
        assert bn.verify(bn.empty(n), bn.random_grid(n, seed)) == []
    assert bn.random_grid(n, 7) == bn.random_grid(n, 7)


@pytest.mark.parametrize("n, boards", [(4, 40), (6, 60), (8, 40), (10, 20), (12, 8)])
def test_planted_boards_solve_to_valid_fillings(n, boards):
    for seed in range(boards):
        puzzle, planted = bn.planted_puzzle(n, seed=seed, density=0.3 + 0.02 * (seed % 10))
        assert bn.verify(puzzle, planted) == []
        solution = bn.solve(puzzle)
        assert bn.verify(puzzle, solution) == []


def test_unique_random_puzzles():
    for seed in range(6):
        puzzle, planted = bn.planted_puzzle(8, seed=seed, density=0.2, unique=True)
        found = bn.solutions(puzzle, limit=2)
        assert found == [planted]


def test_cbc_on_random_boards():
    for seed in range(3):
        puzzle, _ = bn.planted_puzzle(8, seed=seed, density=0.35)
        assert bn.verify(puzzle, bn.solve(puzzle, solver="cbc")) == []
        assert bn.verify(puzzle, bn.solve(puzzle, solver="cbc", model="bigm")) == []


# -- the chapter's experiment ----------------------------------------------------------------
def test_forced_equal_rows_small_boards_are_infeasible():
    for model in ("exact", "bigm"):
        trial = bn.forced_equal_trial(8, model, time_limit=30)
        assert trial.outcome == "infeasible (correct)", trial


def test_solve_refuses_a_wrong_answer(monkeypatch):
    """If the solver returns a filling that breaks a rule, solve says so instead of returning it."""
    from puzzlelib.binairo import solving

    real = solving.read_grid
    monkeypatch.setattr(solving, "read_grid", lambda p, x: ((0, 1, 1, 0),) * 2 + real(p, x)[2:])
    with pytest.raises(SolverError, match="breaks a rule"):
        bn.solve(bn.empty(4), model="exact")


# -- the real puzzles of the test corpus (absent from users' clones) ------------------------------
def corpus_records():
    if not CORPUS.exists():
        return []
    return json.loads(CORPUS.read_text())


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared test corpus is not beside this clone")
@pytest.mark.parametrize("record", corpus_records(), ids=lambda r: r["id"])
def test_corpus_puzzles(record):
    puzzle = bn.Puzzle(record["decoded"]["givens"])
    want = record.get("solution") or record.get("computed_solution")
    found = bn.solutions(puzzle, limit=2)
    assert len(found) == 1  # every corpus puzzle is unique
    assert bn.format_solution(puzzle, found[0]).split() == want
    if record["raw"] and set(record["raw"]) <= set("01abcdefghijklmnopqrstuvwxyz"):
        assert bn.Puzzle.from_puzzleteam(record["raw"]) == puzzle


# -- pictures ----------------------------------------------------------------------------------
def test_draw_small_and_large(chapter):
    fig = bn.draw(chapter, bn.solve(chapter), numbers=True, title="6x6")
    assert len(fig.axes) == 1
    puzzle, planted = bn.planted_puzzle(30, seed=1)
    assert bn.draw(puzzle, planted).axes
    assert bn.draw(puzzle).axes


# -- the lazy form of rule 3 (the default of solve and solutions) ---------------------------------
@pytest.mark.parametrize("n", [8, 20, 30, 40])
def test_lazy_answers_forced_equal_rows_correctly_at_every_size(n):
    trial = bn.forced_equal_trial(n, "lazy", time_limit=60)
    assert trial.outcome == "infeasible (correct)", trial
    assert trial.rounds == 2  # rows 0 and 1 come out equal once; their pair is added; infeasible


def test_lazy_separates_three_equal_rows_at_once():
    puzzle = bn.empty(10)
    problem, x = bn.build_model(puzzle, "none")
    for j in range(10):  # rows 0, 1, 2 start out steered towards equal: only rule 3 keeps them apart
        problem += x[0, j] + x[1, j] + x[2, j] >= 0
    lazy = bn.LazyDistinct(problem, x, 10)
    grid = lazy.solve()
    assert bn.verify(puzzle, grid) == [] and lazy.rounds >= 1
    assert bn.equal_line_pairs(((0, 1), (0, 1))) == [("row", 0, 1)]
    assert set(bn.equal_line_pairs(((0, 1, 1, 0),) * 3 + ((1, 0, 0, 1),))) == {
        ("row", 0, 1), ("row", 0, 2), ("row", 1, 2), ("col", 1, 2), ("col", 0, 3)}


def test_lazy_and_exact_agree_on_planted_boards():
    for seed in (1, 2, 3, 4, 5):  # 28, 2, 3, 1 and 34 solutions (brute force)
        puzzle, planted = bn.planted_puzzle(10, seed=seed, density=0.45)
        lazy = {s.grid for s in bn.solutions(puzzle, limit=40)}
        assert len(lazy) < 40 and planted.grid in lazy
        assert lazy == set(bn.brute_force_fillings(puzzle))
        if len(lazy) <= 3:
            assert lazy == {s.grid for s in bn.solutions(puzzle, limit=40, model="exact")}


def test_lazy_rounds_are_recorded():
    puzzle = bn.Puzzle.from_text(RULE3_MATTERS)  # rules 1 and 2 alone leave ten fillings
    solution = bn.solve(puzzle)
    assert solution.rounds >= 1 and bn.verify(puzzle, solution) == []
    assert bn.solve(puzzle, model="exact").rounds == 1
