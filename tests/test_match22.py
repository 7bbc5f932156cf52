"""Match 22: Appendix C reproduced, the model against the solver-free search, and hostile input."""

import pytest

from puzzlelib import match22 as m22
from puzzlelib.core.errors import NoSolution, PuzzleError


def appendix():
    return m22.Puzzle.from_hartmann(m22.HARTMANN_D, m22.HARTMANN_H, m22.HARTMANN_V)


def test_appendix_c_reads_as_printed_and_is_the_seed_board():
    p = appendix()
    assert p == m22.Puzzle.from_text(m22.SEED_BOARD)
    assert p.n == 20 and p.shape == (5, 5)
    assert set(p.horizontal) == set(m22.HARTMANN_H) and set(p.vertical) == set(m22.HARTMANN_V)
    assert p.disk(1)[0] == 1 and p.disk(1)[3] == 3  # the paper: d_10 = 1 (yellow), d_13 = 3 (red)
    d, h, v = p.to_hartmann()
    assert m22.Puzzle.from_hartmann(d, h, v) == p
    # sets, lists and a sequence of disks are all read
    assert m22.Puzzle.from_hartmann(list(m22.HARTMANN_D.values()), set(m22.HARTMANN_H), set(m22.HARTMANN_V)) == p


def test_appendix_c_solution_28_left_turns_as_printed_and_unique():
    p = appendix()
    s = m22.solve(p)
    assert s.moves == 28
    assert [s.turns[i] for i in range(1, 21)] == list(m22.HARTMANN_TURNS)
    assert m22.verify(p, s) == [] and m22.verify(p, s.grid) == []
    assert len(m22.solutions(p, limit=10)) == 1
    optimal = m22.brute_force(p)
    assert [o.turns for o in optimal] == [s.turns]
    assert len(m22.brute_force(p, optimal=False)) == 56
    assert len(m22.brute_force(p, limit=3, optimal=False)) == 3


def test_misread_appendix_rows_do_not_give_the_printed_answer():
    """Reading the data rows one disk late (the label placement of the PDF) breaks the printed turns."""
    rows = list(m22.HARTMANN_D.values())
    shifted = rows[1:] + rows[:1]
    p = m22.Puzzle.from_hartmann(shifted, m22.HARTMANN_H, m22.HARTMANN_V)
    assert m22.verify(p, dict(enumerate(m22.HARTMANN_TURNS, 1)))


def test_larger_random_boards_verify():
    for seed in range(3):
        puzzle = m22.random_puzzle(8, seed=seed)
        s = m22.solve(puzzle, time_limit=30)
        assert m22.verify(puzzle, s) == []


def test_verify_names_each_broken_rule():
    p = appendix()
    turns = dict(enumerate(m22.HARTMANN_TURNS, 1))
    codes = lambda answer: {fault.code for fault in m22.check_rules(p, answer)}
    assert codes({**turns, 7: 2}) >= {"row-mismatch", "column-mismatch"}
    assert "turns-range" in codes({**turns, 1: 4})
    missing = dict(turns)
    del missing[20]
    assert "turns-missing" in codes(missing)
    wrong = m22.make_solution(p, turns)
    object.__setattr__(wrong, "moves", 27)
    assert "moves-wrong" in codes(wrong)
    message = m22.verify(p, {**turns, 1: 1})[0]
    assert "disks 1 and 2" in message and "quarter" in message


def test_no_solution_names_the_pair_that_shares_no_colour():
    p = m22.Puzzle([[(1, 1, 1, 1), (2, 2, 2, 2)]])
    with pytest.raises(NoSolution, match="disks 1 and 2 sit side by side but share no colour"):
        m22.solve(p)
    ring = m22.Puzzle.from_text("match22\n1111 1212\n1111 1111\n")  # each pair fits alone, the ring does not
    assert m22.brute_force(ring) == []
    with pytest.raises(NoSolution):
        m22.solve(ring)


@pytest.mark.parametrize("text, words", [
    ("match22\n1423 14x3\n", "line 2, cell 1"),
    ("match22\n1423 1425\n", "'1425' is not a disk"),
    ("match22\n1423 142\n", "'142' is not a disk"),
    ("match22\n1423 1423\n1423\n", "ragged"),
    ("match22\n. .\n", "no disk"),
    ("match22\n", "no rows"),
    ("match22 extra\n1111\n", "only 'match22'"),
    ("match22\n" + " ".join(["1111"] * 31) + "\n", "above the largest"),
])
def test_bad_text_is_one_puzzle_error(text, words):
    with pytest.raises(PuzzleError, match=words):
        m22.Puzzle.from_text(text)


@pytest.mark.parametrize("d, h, v, words", [
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 5)}, [(1, 2)], [], r"d\[2\] segment 3"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3)}, [(1, 2)], [], "at least 4"),
    ({1: (1, 2, 3, 4), 3: (1, 2, 3, 4)}, [], [], "disk id: 3 is above"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 4)}, [(1, 3)], [], "above the largest"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 4)}, [(1, 1)], [], "to itself"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 4)}, [(1, 2)], [(1, 2)], "contradicts"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 4)}, [(2, 1)], [], "reading order"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 4), 3: (1, 1, 1, 1)}, [(1, 2)], [(1, 3), (2, 3)], "contradicts"),
    ({1: (1, 2, 3, 4), 2: (True, 2, 3, 4)}, [(1, 2)], [], "whole number"),
    ({1: (1, 2, 3, 4), 2: (1.0, 2, 3, 4)}, [(1, 2)], [], "whole number"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 4)}, [("1", 2)], [], "whole number"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 4)}, [(1, 2, 3)], [], "at most 2|more than the 2"),
    ({1: (1, 2, 3, 4), 2: (1, 2, 3, 4)}, "12", [], "list or tuple"),
    ("1234", [], [], "list or tuple"),
])
def test_bad_hartmann_data_is_one_puzzle_error(d, h, v, words):
    with pytest.raises(PuzzleError, match=words):
        m22.Puzzle.from_hartmann(d, h, v)


def test_grid_on_the_diagonal_must_be_a_pair():
    # disks 1 and 3 end up side by side through 2 -> 4 and 3 -> 4, but (1, 3)... use a 2x2 missing one pair
    d = {i: (1, 1, 1, 1) for i in range(1, 5)}
    with pytest.raises(PuzzleError, match=r"\(3, 4\) is not in H"):
        m22.Puzzle.from_hartmann(d, [(1, 2)], [(1, 3), (2, 4)])


@pytest.mark.parametrize("grid, words", [
    ([[(1, 2, 3, 0)]], "colour"), ([[(1, 2, 3)]], "at least 4"), ([[None, "1234"]], "list or tuple"),
    ([[(1, 2, 3, 4)], []], "at least 1"), ([[(1, 2, 3, float("nan"))]], "whole number"), ("1234", "list or tuple"),
])
def test_bad_grids_are_one_puzzle_error(grid, words):
    with pytest.raises(PuzzleError, match=words):
        m22.Puzzle(grid)


def test_verify_refuses_malformed_answers():
    p = appendix()
    for bad in ({0: 1}, {1: "1"}, {1: 1.0}, [[0] * 5] * 4, [[0, 0, 1, 0, 0]] * 5, "0000"):
        with pytest.raises(PuzzleError):
            m22.verify(p, bad)
    with pytest.raises(PuzzleError):
        m22.verify("not a puzzle", {})


def test_format_solution_and_drawing():
    p = appendix()
    s = m22.solve(p)
    text = m22.format_solution(p, s)
    assert text.splitlines()[0] == "0 0 . 1 0" and text.endswith("28 left turns in total")
    fig = m22.draw(p, s, ids=True)
    assert len(fig.axes) == 2
    assert len(m22.draw(p).axes) == 1


def test_random_puzzle_defaults_are_small_and_planted():
    for seed in range(10):
        puzzle, planted = m22.planted_puzzle(seed=seed)
        assert puzzle.shape == (3, 3) and m22.verify(puzzle, planted) == []
        assert puzzle == m22.random_puzzle(3, seed=seed) == m22.random_puzzle((3, 3), seed=seed)
    assert m22.random_puzzle((2, 5), seed=1).shape == (2, 5)
    with pytest.raises(PuzzleError):
        m22.random_puzzle(holes=1.0)
    with pytest.raises(PuzzleError):
        m22.random_puzzle(0)


@pytest.mark.parametrize("call", ["solve", "solutions"])
def test_time_limit_bounds_the_whole_call_model_building_included(call):
    """A 30x30 board's model takes a good part of a second to build; the limit must stop the build too."""
    import time

    from puzzlelib.core.errors import SolverError
    p = m22.random_puzzle(30, seed=1)
    start = time.perf_counter()
    m22.build_model(p)
    build = time.perf_counter() - start  # measured here, so a busy machine slows both sides alike
    start = time.perf_counter()
    with pytest.raises(SolverError, match="time limit of 0.02 s"):
        getattr(m22, call)(p, model="hartmann", time_limit=0.02)  # the full model (the default search is reduced first)
    # below the build time alone where building is slow; a loose bound otherwise (a busy CI machine
    # can stall any process for a good part of a second: this guards against a hang, not for speed)
    assert time.perf_counter() - start < max(0.02 + 3.0, 0.8 * build)
