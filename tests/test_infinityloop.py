"""Infinity Loop: the model against the solver-free search, pictures not turn counts, Net, hostile input."""

import pytest

from puzzlelib import infinityloop as il
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.engine.rotation import turn_code


def test_seed_board_has_one_picture_and_round_trips():
    p = il.Puzzle.from_text(il.SEED_BOARD)
    assert p == il.random_puzzle(6, seed=3, unique=True) == il.generate(6, seed=3).puzzle
    assert il.Puzzle.from_puzzleteam(p.to_puzzleteam()) == p
    found = il.solutions(p, limit=5)
    assert len(found) == 1
    s = il.solve(p)
    assert il.verify(p, s) == [] and s.grid == found[0].grid


def test_no_solution_reasons():
    with pytest.raises(NoSolution, match="odd number"):
        il.solve(il.Puzzle([[1, 4, 1]]))
    with pytest.raises(NoSolution, match=r"tile \(0, 0\)"):
        il.solve(il.Puzzle([[7, 4], [1, 4]]))
    with pytest.raises(NoSolution, match="not all at once"):
        il.solve(il.Puzzle([[1, 3], [3, 1]]))   # each tile fits alone, six ends, no closed picture
    assert il.brute_force(il.Puzzle([[1, 3], [3, 1]])) == []


def test_net_extension_connects_the_pieces():
    p = il.Puzzle([[9, 12], [3, 6], [9, 12], [3, 6]])   # two rings, stacked
    assert len(il.pieces(il.solve(p).grid)) == 2
    with pytest.raises(NoSolution, match="one piece: closed pictures exist, but each falls apart"):
        il.solve(p, model="connected")
    with pytest.raises(NoSolution, match="not all at once"):
        il.solve(il.Puzzle([[1, 3], [3, 1]]), model="connected")
    for seed in range(6):
        puzzle, planted = il.planted_puzzle(4, seed=seed, tree=True)
        assert len(il.pieces(planted.grid)) == 1
        net = il.solve(puzzle, model="connected")
        assert il.verify(puzzle, net, model="connected") == []
        truth = {s.grid for s in il.brute_force(puzzle, model="connected")}
        assert {s.grid for s in il.solutions(puzzle, limit=len(truth) + 1, model="connected")} == truth


def test_verify_names_each_rule():
    p = il.Puzzle([[9, 12], [3, 6]])
    codes = lambda grid, **kw: {fault.code for fault in il.check_rules(p, grid, **kw)}
    assert codes(((9, 12), (3, 6))) == set()
    assert codes(((9, 12), (3, 7))) == {"not-a-turn", "off-board"}
    assert "off-board" in codes(((3, 12), (3, 6)))
    assert "open-end" in codes(((12, 12), (3, 6)))
    q = il.Puzzle([[9, 12], [3, 6], [9, 12], [3, 6]])
    assert "disconnected" in {fault.code for fault in il.check_rules(q, q.tiles, model="connected")}


def test_rows_pasted_without_the_first_line_and_shape_art():
    p = il.Puzzle.from_text(il.SEED_BOARD)
    assert il.Puzzle.from_text(il.SEED_BOARD.split("\n", 1)[1]) == p  # the line naming the puzzle left out
    # Unicode's box drawing: each character's arms are the tile's connections (1 right, 2 up, 4 left, 8 down)
    art = il.Puzzle.read("┌┬┐\n├┼┤\n└┴┘\n", "art")
    assert art.tiles == ((9, 13, 12), (11, 15, 14), (3, 7, 6))
    assert il.Puzzle.read("┏━┓\n┗━┛\n", "art") == il.Puzzle.read("╔═╗\n╚═╝\n", "art") == il.Puzzle.read("9c\n36".replace("9c", "95c").replace("36", "356"), "text")
    assert il.Puzzle.read(p.write("art"), "art") == p
    with pytest.raises(PuzzleError, match="line 2, column 1"):
        il.Puzzle.read("┌┐\n└x\n", "art")


def test_tatham_net_game_ids():
    # net.c: one hex digit per tile in reading order, Net's bits (R 1, U 2, L 4, D 8) are this library's
    p = il.Puzzle.from_text(il.SEED_BOARD)
    assert p.write("tatham") == "6x6:c11689b91b4a47555e899285be7bf6443662"
    assert il.Puzzle.read("6x6:C11689B91B4A47555E899285BE7BF6443662") == p == il.Puzzle.read("6x6a:" + p.write("tatham")[4:])
    assert il.Puzzle.read("3x2:9c5" + "356", "tatham").tiles == ((9, 12, 5), (3, 5, 6))
    for seed in range(3):
        board = il.random_puzzle(seed=seed)
        assert il.Puzzle.read(board.write("tatham"), "tatham") == board
    for game_id, fault in [("3x3w:6ac5f539c", "wraps round"), ("3x3:6ac5fh539c", "barriers"),
                           ("3x3:6ac5f539", "8 tiles for a 3x3"), ("5x5#1234", "random seed")]:
        with pytest.raises(PuzzleError, match=fault):
            il.Puzzle.read(game_id, "tatham")


@pytest.mark.parametrize("text, words", [
    ("infinityloop\n12g\n", "line 2, column 2"), ("infinityloop\n12\n1\n", "line 3: 1 cells, the first row has 2"), ("infinityloop\n", "at least 1 row"),
    ("123\n45\n", "line 2: 2 cells"), ("infinityloop x\n11\n", "only 'infinityloop'"),
    ("infinityloop\n" + "0" * 61 + "\n", "above the largest"),
])
def test_bad_text_is_one_puzzle_error(text, words):
    with pytest.raises(PuzzleError, match=words):
        il.Puzzle.from_text(text)


@pytest.mark.parametrize("task, words", [
    ("12345", "not a square"), ("", "empty"), ("123g", "character 3"), ("1 2 3 4", "not a square|character"),
    (None, "expected text"), (1234, "expected text"), ("0" * 200_000, "longer than"),
])
def test_bad_task_strings(task, words):
    with pytest.raises(PuzzleError, match=words):
        il.Puzzle.from_puzzleteam(task)


@pytest.mark.parametrize("tiles, words", [
    ([[16]], "above the largest"), ([[-1]], "below the smallest"), ([[1.0]], "whole number"),
    ([[True]], "whole number"), ([["1"]], "whole number"), ([[1, 2], [3]], "ragged"), ([], "at least 1"),
    ("1234", "list or tuple"), ([[0] * 61], "above the largest"),
])
def test_bad_tiles(tiles, words):
    with pytest.raises(PuzzleError, match=words):
        il.Puzzle(tiles)


def test_task_strings_hold_square_boards_only():
    assert il.Puzzle.from_puzzleteam("6ac5f539c").tiles == ((6, 10, 12), (5, 15, 5), (3, 9, 12))
    with pytest.raises(PuzzleError, match="square"):
        il.Puzzle([[1, 4]]).to_puzzleteam()


def test_verify_refuses_malformed_answers():
    p = il.Puzzle.from_text(il.SEED_BOARD)
    for bad in ([["1"] * 6] * 6, ["c11689"] * 6, [[0] * 6] * 5, [[16] * 6] * 6, None):
        with pytest.raises(PuzzleError):
            il.verify(p, bad)


def test_generators():
    for seed in range(5):
        p = il.random_puzzle(5, seed=seed, unique=True)
        assert len(il.solutions(p, limit=2)) == 1
    with pytest.raises(PuzzleError):
        il.random_puzzle(density=2)
    with pytest.raises(PuzzleError):
        il.random_puzzle(unique="yes")


def test_thirty_by_thirty_solves():
    p = il.random_puzzle(30, seed=1)
    s = il.solve(p, time_limit=60)
    assert il.verify(p, s) == []


def test_format_and_draw():
    p = il.Puzzle.from_text(il.SEED_BOARD)
    s = il.solve(p)
    assert il.format_solution(p, s).endswith(f"{s.moves} left turns in total")
    assert il.draw(p, s, turns=True, mark={(0, 0)}) is not None


@pytest.mark.parametrize("model", il.MODELS)
@pytest.mark.parametrize("call", ["solve", "solutions"])
def test_time_limit_bounds_the_whole_call_model_building_included(call, model):
    """A 60x60 board's model alone takes seconds to build; the limit must stop the build too."""
    import time

    from puzzlelib.core.errors import SolverError
    p = il.random_puzzle(60, seed=1, density=0.9)
    start = time.perf_counter()
    with pytest.raises(SolverError, match="time limit of 0.2 s"):
        getattr(il, call)(p, time_limit=0.2, model=model)
    assert time.perf_counter() - start < 0.2 + 3.0  # a generous margin for a busy machine
