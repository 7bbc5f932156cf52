"""Kakuro: the board and its validation, the formats, both models, Appendix B's board, the corpus, bad
input and the pictures (what every puzzle shares is in tests/cases/kakuro.py)."""

import json
import re
from pathlib import Path

import pytest

from puzzlelib import kakuro as kk
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "kakuro.json"
#: Appendix B's printed solution (Hartmann 2018), one line per row of the playing area.
APPENDIX_B = ["3152 86", "9571264", "896 53", "689 281", "312 194", "12 136", "4865913", "35 9867"]
#: pzprjs' own test board for kakuro (test/script/test_kakuro.js) and the answer of its passing case.
PZPRJS_URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
PZPRJS_ANSWER = [".53..", "3412.", "12.12", ".1938", "..84."]


@pytest.fixture(scope="module")
def seed():
    return kk.Puzzle.from_text(kk.SEED_BOARD)


def playing_area(solution) -> list[str]:
    """The rows as the paper prints them: digits, blanks between groups (its extraction keeps one)."""
    return [" ".join("".join(str(d) if d else " " for d in row[1:]).split()) for row in solution.grid[1:]]


# -- Appendix B -------------------------------------------------------------------------------
def test_seed_board_is_appendix_b(seed):
    assert seed.shape == (9, 9)
    assert len(seed.runs) == 30 and len(seed.white) == 48  # K = 30 sums in Hartmann's data
    assert [run.total for run in seed.runs[:4]] == [11, 14, 34, 23]  # r_1 .. r_4


@pytest.mark.parametrize("model", kk.MODELS)
def test_appendix_b_solution_reproduced_and_unique(seed, model):
    found = kk.solutions(seed, limit=2, model=model)
    assert len(found) == 1
    assert playing_area(found[0]) == APPENDIX_B
    assert kk.verify(seed, found[0]) == []


def test_cbc_agrees(seed):
    assert playing_area(kk.solve(seed, solver="cbc")) == APPENDIX_B


def test_combinations_are_precomputed_sets():
    assert kk.combinations(11, 4) == ((1, 2, 3, 5),)
    assert kk.combinations(45, 9) == (tuple(range(1, 10)),)
    assert len(kk.combinations(20, 4)) == 12
    assert kk.sum_range(3) == (6, 24)


def test_lp_relaxations_on_appendix_b(seed):
    hartmann = kk.lp_candidates(seed, "hartmann")
    combos = kk.lp_candidates(seed, "combos")
    assert sum(len(v) == 1 for v in combos.values()) == 48  # the combination LP fixes every cell
    assert sum(len(v) == 1 for v in hartmann.values()) < 5
    assert sum(map(len, hartmann.values())) > 6 * sum(map(len, combos.values()))


def test_hartmanns_relaxation_is_weak_between_the_extreme_sums():
    """The model answer of Exercise 8.3: 10 in two cells leaves 5 possible in Hartmann's LP (half a 5
    in each cell), 17 in two cells is decided exactly, and the combination LP never admits a 5."""
    ten = kk.Puzzle.from_text("kakuro\n  # 3\\ 7\\\n\\10  .  .\n")
    seventeen = kk.Puzzle.from_text("kakuro\n  # 8\\ 9\\\n\\17  .  .\n")
    assert all(5 in digits for digits in kk.lp_candidates(ten, "hartmann").values())
    assert all(5 not in digits for digits in kk.lp_candidates(ten, "combos").values())
    assert kk.lp_candidates(seventeen, "hartmann") == {(1, 1): {8}, (1, 2): {9}}


# -- planted boards ----------------------------------------------------------------------------
@pytest.mark.parametrize("seed_", range(4))
def test_bigger_planted_boards_solve_to_valid_fillings(seed_):
    puzzle = kk.random_puzzle(8, seed=seed_)
    assert kk.verify(puzzle, kk.solve(puzzle)) == []


def test_random_puzzle_alone_gives_a_small_board():
    puzzle = kk.random_puzzle(seed=3)
    assert puzzle.shape == (6, 6)
    assert kk.random_puzzle(seed=3) == puzzle  # the same board every run
    assert kk.random_puzzle((5, 5), seed=3) == puzzle == kk.random_puzzle(5, seed=3)
    assert kk.random_puzzle((3, 4), seed=1).shape == (4, 5)
    board, planted = kk.planted_puzzle((3, 4), seed=1)
    assert board == kk.random_puzzle((3, 4), seed=1) and kk.verify(board, planted) == []
    assert all(2 <= len(run.cells) <= 5 for run in puzzle.runs)


# -- validation names the fault ---------------------------------------------------------------
@pytest.mark.parametrize("cells, fault", [
    ([["#", "3\\"], ["\\3", "."], ["#", "#"]], None),
    ([["#", "3\\"], ["\\3", "."], ["\\4", "#"]], "the across clue 4 at (2, 0) is over no run"),
    ([["#", "10\\"], ["\\3", "."]], "the down run of 10 at clue (0, 1) has 1 cells, whose distinct digits add up to 1 to 9, never 10"),
    ([["#"] + ["1\\"] * 10, ["\\45"] + ["."] * 10], "has 10 cells; a run holds at most 9"),
    ([["#", "4\\", "3\\"], ["\\2", ".", "."]], "add up to 3 to 17, never 2"),
    ([["#", "#"], ["#", "#"]], "no white cell"),
    ([["#", "3\\"], ["\\3", "x"]], "cell (1, 1): 'x' is not '.', '#' or a clue"),
    ([["#", "3\\"], ["\\3"]], "row 1 has 1 cells, but row 0 has 2"),
    ([["#", "46\\"], ["\\3", "."]], "the down sum 46 is above 45"),
    ([["#", "03\\"], ["\\3", "."]], "is not '.', '#' or a clue"),
    ([["#", True], ["\\3", "."]], "expected a cell string"),
    ("#.", "expected a list or tuple"),
    ([], "at least 1 items"),
])
def test_validation(cells, fault):
    if fault is None:
        assert kk.Puzzle(cells).cells == (("#", "3\\"), ("\\3", "."), ("#", "#"))
        return
    with pytest.raises(PuzzleError, match=None) as info:
        kk.Puzzle(cells)
    assert fault in str(info.value)


def test_cells_round_trip_in_the_corpus_form(seed):
    assert kk.Puzzle(seed.cells) == seed
    assert kk.Puzzle([["#", "\\"], ["#", "#"], ["#", "#"]] if False else [["#", "3\\"], ["\\3", "."]]).cells[0] == ("#", "3\\")
    assert kk.Puzzle([["\\", "3\\"], ["\\3", "."]]).cells[0][0] == "#"  # a bare backslash is a black cell


# -- formats ----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["text", "puzzlink", "cells"])
def test_formats_round_trip(seed, name):
    for puzzle in [seed] + [kk.random_puzzle((7, 9), seed=s) for s in range(3)]:
        assert kk.READERS[name](kk.WRITERS[name](puzzle)) == puzzle


def test_text_reads_like_a_book(seed):
    text = seed.to_text()
    assert text.splitlines()[0] == "kakuro"
    assert text.splitlines()[2].split() == ["\\11", ".", ".", ".", ".", "8\\14", ".", ".", "#"]
    assert kk.Puzzle.from_text(text.replace("kakuro\n", "")) == seed  # the first line may be left out


def test_pzprjs_test_board():
    puzzle = kk.Puzzle.from_puzzlink(PZPRJS_URL)
    assert puzzle.shape == (6, 6)
    assert puzzle.cells[1][1] == "4\\8" and puzzle.cells[0][2] == "12\\" and puzzle.cells[2][0] == "\\10"
    assert puzzle.to_puzzlink() == PZPRJS_URL
    found = kk.solutions(puzzle)
    assert len(found) == 1
    assert ["".join(str(d) if d else "." for d in row[1:]) for row in found[0].grid[1:]] == PZPRJS_ANSWER


def test_current_pzprjs_writes_a_missing_half_sum_as_a_dash():
    # kakuro.js encval(-1) is "-" (older versions wrote "0"): both read as no clue (issue 28)
    dashed = PZPRJS_URL.replace("0", "-")
    assert dashed.count("-") == 4 and kk.Puzzle.from_puzzlink(dashed) == kk.Puzzle.from_puzzlink(PZPRJS_URL)
    assert kk.Puzzle.from_puzzlink(dashed.replace("?kakuro/", "?kakuro_edit/")) == kk.Puzzle.from_puzzlink(PZPRJS_URL)


@pytest.mark.parametrize("url, fault", [
    ("https://puzz.link/p?sudoku/5/5/48la0", "the genre is 'sudoku', expected 'kakuro'"),
    ("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a", "before the across sum left of row 3"),
    ("https://puzz.link/p?kakuro/5/5/48la0.na0lh3", "the body ends after"),
    ("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3x", "unexpected text after the clues"),
    ("https://puzz.link/p?kakuro/5/5/4#la0.na0lh3l0Bn.0cl.c4a3", "'#' is not a clue character"),
    ("https://puzz.link/p?kakuro/5/x/48la0", "the number of rows ('x')"),
    ("https://puzz.link/p?kakuro/0/5/48la0", "0 columns; a board has 1 to"),
    ("https://puzz.link/p?kakuro/2/1/z", "runs past the last cell"),
    (None, "expected text"),
])
def test_bad_urls(url, fault):
    with pytest.raises(PuzzleError) as info:
        kk.Puzzle.from_puzzlink(url)
    assert fault in str(info.value)


@pytest.mark.parametrize("text, fault", [
    ("kakuro\n", "expected a line per row"),
    ("kakuro\n# 3\\\n\\3 . .\n", "line 3: 3 cells, but the first row has 2"),
    ("kakuro\n# 3\\\n\\3 -1\n", "line 3, cell 2: '-1' is not"),
    ("kakuro\n# 3\\\n\\3 .\n" + "\\3 .\n" * 70, "more than the 200 allowed"),
    (b"\xff", "not UTF-8"),
    (3, "expected text"),
])
def test_bad_texts(text, fault):
    with pytest.raises(PuzzleError) as info:
        kk.Puzzle.from_text(text)
    assert fault in str(info.value) or "more than" in str(info.value)


# -- verify, each rule broken -----------------------------------------------------------------
def test_verify_names_each_rule(seed):
    grid = [list(row) for row in kk.solve(seed).grid]
    assert kk.verify(seed, grid) == []
    grid[1][1], grid[1][2] = 1, 1  # across 11: 1 1 5 2; down 12 and 6 change too
    codes = [fault.code for fault in kk.check_rules(seed, grid)]
    assert "repeat" in codes and "sum" in codes
    assert "the across run of 11 at clue (1, 0) repeats the digit 1" in kk.verify(seed, grid)
    grid[1][1] = 0
    assert "cell (1, 1) is empty" in kk.verify(seed, grid)
    grid[0][0] = 4
    assert "cell (0, 0) is black but holds 4" in kk.verify(seed, grid)


def test_verify_reads_corpus_strings_and_refuses_junk(seed):
    strings = ["".join(str(d) if d else "#" for d in row) for row in kk.solve(seed).grid]
    assert kk.verify(seed, strings) == []
    for junk, fault in [(strings[:-1], "the answer has 8 rows, the board has 9"),
                        ([row[:-1] for row in strings], "row 0 of the answer has 8 cells"),
                        ([[True] * 9] * 9, "not a digit"), (None, "the answer must be"), ("123", "the answer must be")]:
        with pytest.raises(PuzzleError, match=re.escape(fault)):
            kk.verify(seed, junk)


# -- no solution --------------------------------------------------------------------------------
def test_clues_that_share_no_digit_are_named():
    puzzle = kk.Puzzle([["#", "9\\", "1\\"], ["\\3", ".", "."]])
    with pytest.raises(NoSolution) as info:
        kk.solve(puzzle)
    assert "cell (1, 1) lies in the across run of 3 at clue (1, 0) and the down run of 9" in str(info.value)
    assert kk.solutions(puzzle) == []


def test_unsolvable_without_an_obvious_cell():
    puzzle = kk.Puzzle([["#", "1\\", "2\\"], ["\\3", ".", "."], ["\\3", ".", "."]][:2])
    assert kk.solutions(puzzle) == [kk.Solution(((0, 0, 0), (0, 1, 2)))]
    blocked = kk.Puzzle([["#", "4\\", "3\\"], ["\\3", ".", "."], ["\\3", ".", "."]])
    assert kk.candidates(blocked)[1, 1] == {1} == kk.candidates(blocked)[2, 1]  # both 1, in one down run
    with pytest.raises(NoSolution) as info:
        kk.solve(blocked)
    assert "no filling keeps every rule" in str(info.value)


def test_a_time_limit_is_a_solver_error_naming_it():
    big = kk.random_puzzle(14, seed=2, black=0.3)
    with pytest.raises(SolverError, match="time limit of 0.001 s"):
        kk.solutions(big, time_limit=0.001, model="hartmann", narrow=False)


def test_brute_force_refuses_big_boards(seed):
    with pytest.raises(PuzzleError, match="at most 40 white cells"):
        kk.brute_force(seed)


# -- the corpus ---------------------------------------------------------------------------------
def corpus_records():
    if not CORPUS.exists():
        return []
    return json.loads(CORPUS.read_text())


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not on this machine")
@pytest.mark.parametrize("record", corpus_records(), ids=lambda r: r["id"])
def test_corpus_puzzle_solved_unique_and_known(record):
    puzzle = kk.Puzzle(record["decoded"]["cells"])
    assert kk.Puzzle.from_text(puzzle.to_text()) == puzzle
    found = kk.solutions(puzzle, limit=2, time_limit=60)
    assert len(found) == 1
    known = record["solution"] or record["computed_solution"]
    assert [str(found[0])][0].split("\n") == known
    assert kk.verify(puzzle, known) == []


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not on this machine")
def test_corpus_pzprjs_board_is_the_url_board():
    record = next(r for r in corpus_records() if r["id"].startswith("pzprjs"))
    assert kk.Puzzle(record["decoded"]["cells"]) == kk.Puzzle.from_puzzlink(PZPRJS_URL)


# -- pictures ----------------------------------------------------------------------------------
def test_draw_and_format(seed):
    solution = kk.solve(seed)
    figure = kk.draw(seed, solution)
    texts = {t.get_text() for t in figure.axes[0].texts}
    assert {"11", "34", "36", "9", "7"} <= texts
    assert kk.format_solution(seed, solution).splitlines()[0].split()[1] == "12\\"
    kk.draw(seed, [row for row in [["#"] * 9] * 9], mark={(1, 1)})
