"""Nikoli's Numberlink as a rule of a Flow Free board: cells may stay empty (issue 28)."""

import time

import pytest

from puzzlelib import flowfree as ff
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.flowfree.board import solution_from_edges


def pzprv3_lines(rows: int, cols: int, fields: list[str]) -> list:
    """The lines of a pzprjs answer file (pzprv3): ``rows`` lines of cols-1 links within a row, then
    rows-1 lines of cols links between rows; 1 is a line, 0 none, -1 a cross (no line)."""
    used = []
    for r in range(rows):
        for c, value in enumerate(fields[r].split()):
            if value == "1":
                used.append(((r, c), (r, c + 1)))
    for r in range(rows - 1):
        for c, value in enumerate(fields[rows + r].split()):
            if value == "1":
                used.append(((r, c), (r + 1, c)))
    return used


# pzprjs test/script/numlin.js: the debug board and the answer its checker accepts (facts, re-typed)
NUMLIN_URL = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"
NUMLIN_ANSWER = ["1 -1 1 1", "0 -1 0 0", "0 -1 -1 0", "0 -1 -1 0", "1 1 -1 1",
                 "0 1 1 0 1", "1 1 1 1 1", "1 1 1 1 1", "1 0 1 1 0"]
# pzprjs test/script/arukone.js: the 4x4 board, an answer that leaves two cells empty (refused with
# "ceNoLine" under "passallcell", accepted under "dontpassallcell", the URL flag 'e'), and the full one
ARUKONE = "https://puzz.link/p?arukone/4/4/12l3123j"
ARUKONE_GAPS = ["0 1 0", "1 0 0", "0 0 0", "1 1 1", "1 0 1 0", "0 1 1 0", "1 0 0 1"]
ARUKONE_FULL = ["0 1 1", "1 0 1", "0 0 0", "1 1 1", "1 0 0 1", "0 1 1 0", "1 0 0 1"]


def test_pzprjs_numlin_answer_is_right_under_numberlink():
    board = ff.Puzzle.read(NUMLIN_URL)
    assert board.rule == "numberlink" and not board.fills
    answer = solution_from_edges(board, pzprv3_lines(5, 5, NUMLIN_ANSWER))
    assert ff.check_rules(board, answer) == []
    assert ff.verify(board, answer.grid) == []  # the bare colouring too: its pipes are forced
    found = ff.solve(board)
    assert ff.verify(board, found) == []


def test_pzprjs_arukone_answers_under_each_rule():
    filled = ff.Puzzle.read(ARUKONE)
    assert filled.fills
    gaps = solution_from_edges(filled, pzprv3_lines(4, 4, ARUKONE_GAPS))
    full = solution_from_edges(filled, pzprv3_lines(4, 4, ARUKONE_FULL))
    assert [f.code for f in ff.check_rules(filled, gaps)] == ["uncovered", "uncovered"]  # pzprjs: ceNoLine
    assert ff.check_rules(filled, full) == []
    empty_ok = ff.Puzzle.read(ARUKONE.replace("arukone/", "arukone/e/"))
    assert empty_ok.rule == "numberlink"
    gaps = solution_from_edges(empty_ok, pzprv3_lines(4, 4, ARUKONE_GAPS))
    assert gaps.grid[0][3] == gaps.grid[1][3] == "."
    assert ff.check_rules(empty_ok, gaps) == []
    assert ff.solve(filled).grid == full.grid
    assert [s.grid for s in ff.solutions(filled, limit=2)] == [full.grid]


def test_a_board_solved_only_with_empty_cells():
    flow = ff.Puzzle(["A.A", "..."])  # a pipe through all six cells would join two cells of one shade
    nikoli = flow.with_rule("numberlink")
    assert ff.brute_force(flow) == []
    with pytest.raises(NoSolution):
        ff.solve(flow)
    assert ff.solutions(flow, limit=2) == []
    truth = sorted(s.grid for s in ff.brute_force(nikoli))
    assert truth == [("A.A", "AAA"), ("AAA", "..."), ("AAA", ".AA"), ("AAA", "AA.")]
    for model in ff.MODELS:
        assert ff.solve(nikoli, model=model).grid in truth, model
    for search in ("sat", "mip"):
        assert sorted(s.grid for s in ff.solutions(nikoli, limit=10, search=search)) == truth


@pytest.mark.parametrize("seed", range(6))
def test_models_agree_with_brute_force_under_numberlink(seed):
    flow, _ = ff.planted_puzzle((3, 4), seed=seed)
    keep = flow.colours[: max(1, len(flow.colours) - 1)]  # drop one pair: room for empty cells
    board = ff.Puzzle(["".join(ch if ch in keep else "." for ch in row) for row in flow.grid], rule="numberlink")
    truth = sorted(s.grid for s in ff.brute_force(board))
    assert truth
    for search in ("sat", "mip"):
        listed = ff.solutions(board, limit=len(truth) + 1, search=search)
        assert sorted(s.grid for s in listed) == truth, search
        assert all(ff.verify(board, s) == [] for s in listed)
    for model in ff.MODELS:
        assert ff.solve(board, model=model).grid in truth, model


def test_rule_round_trips_and_is_part_of_the_board():
    board = ff.Puzzle(["A.B", "...", "A.B"], rule="numberlink")
    assert board != ff.Puzzle(["A.B", "...", "A.B"])
    text = board.to_text()
    assert text == "flowfree\nrule: numberlink\nA.B\n...\nA.B\n"
    for fmt in ("text", "puzzlink"):
        assert ff.Puzzle.read(board.write(fmt)) == board
        assert ff.Puzzle.read(board.with_rule("flowfree").write(fmt)) == board.with_rule("flowfree")
    assert ff.Puzzle(["A.A"]).to_text() == "flowfree\nA.A\n"  # Flow Free's rule needs no line
    assert "rule='numberlink'" in repr(board) and "rule" not in repr(board.with_rule("flowfree"))


def test_random_boards_round_trip_under_both_rules():
    for seed in range(5):
        flow = ff.random_puzzle((4 + seed, 6), seed=seed)
        for board in (flow, flow.with_rule("numberlink")):
            assert ff.Puzzle.from_text(board.to_text()) == board
            assert ff.Puzzle.from_puzzlink(board.to_puzzlink()) == board


@pytest.mark.parametrize("text, words", [
    ("flowfree\nrule: nikoli\nA.A\n", "the rule 'nikoli' is not one of"),
    ("flowfree\nrule:\nA.A\n", "line 3: 3 cells, the first row has 5"),  # no name: read as a row, which it is not
    ("flowfree\nA.A\nrule: numberlink\n", "the rule line comes before the rows"),
    ("flowfree\nrule: numberlink\nrule: numberlink\nA.A\n", "the rule line comes before the rows"),
    ("flowfree\nrule: numberlink\n", "expected at least 1 row"),
    ("flowfree\nrule: numberlink\nA.B\n", "colour A has 1 dot"),
])
def test_malformed_texts_give_one_puzzle_error(text, words):
    with pytest.raises(PuzzleError, match=words):
        ff.Puzzle.from_text(text)


@pytest.mark.parametrize("rule", ["nikoli", 3, None, ""])
def test_a_bad_rule_is_refused(rule):
    with pytest.raises(PuzzleError, match="rule"):
        ff.Puzzle(["A.A"], rule=rule)


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?numlin/e/4/4/12l3123j", "https://puzz.link/p?arukone/ee2/4/4/12l3123j",
    "https://puzz.link/p?numlin/4/4/12l312", "https://puzz.link/p?numlin/4/4/12l3123jz",
    "https://puzz.link/p?arukone/e/4/4", "https://puzz.link/p?numlin/4/4/12l3.23j",
])
def test_malformed_urls_give_one_puzzle_error(url):
    with pytest.raises(PuzzleError):
        ff.Puzzle.from_puzzlink(url)


def test_a_level_file_reads_under_flow_free_and_can_change_rule():
    # thomasahle/numberlink's README: its solver takes only puzzles whose solution uses the whole board
    board = ff.Puzzle.from_level("5 4\nC...B\nA.BA.\n...C.\n.....\n")
    assert board.fills
    assert ff.solve(board).grid == ("CCBBB", "ACBAA", "ACCCA", "AAAAA")  # the README's answer
    assert ff.verify(board.with_rule("numberlink"), ff.solve(board.with_rule("numberlink"))) == []


def sparse_numberlink(n: int, pairs: int, seed: int) -> ff.Puzzle:
    """A planted n x n board with only ``pairs`` of its pipes' dots kept, under the Numberlink rule."""
    flow, _ = ff.planted_puzzle(n, seed=seed, mean_len=n, tidy=False)
    keep = set(flow.colours[:pairs])
    return ff.Puzzle(["".join(ch if ch in keep else "." for ch in row) for row in flow.grid], rule="numberlink")


def test_a_sparse_26x26_numberlink_solves_in_seconds():
    board = sparse_numberlink(26, 12, seed=1)
    start = time.perf_counter()
    answer = ff.solve(board, time_limit=120)
    two = ff.solutions(board, limit=2, time_limit=120)
    elapsed = time.perf_counter() - start
    assert ff.verify(board, answer) == []
    assert len(two) == 2 and all(ff.verify(board, s) == [] for s in two)
    assert any("." in row for row in answer.grid)
    assert elapsed < 60  # seconds on a quiet machine; the margin is for a busy CI runner
