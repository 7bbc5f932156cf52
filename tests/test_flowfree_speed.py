"""Flow Free boards with few dots (issue 29): the race hands them to the SAT search, answers stay right."""

import time

import pytest

from puzzlelib import flowfree as ff


def few_dots(n: int, seed: int) -> ff.Puzzle:
    """A planted n x n board with about 0.8 n pairs (benchmarks/bench_flowfree.py --planted)."""
    pairs = max(2, round(0.8 * n))
    return ff.planted_puzzle(n, seed=seed, mean_len=n * n / pairs, tidy=False)[0]


@pytest.mark.parametrize("n", [4, 5, 6])
def test_uniqueness_agrees_with_the_mip_search_on_planted_boards(n):
    for seed in range(8):
        board = few_dots(n, seed)
        answer = ff.solve(board)
        assert ff.verify(board, answer) == []
        sat = ff.solutions(board, limit=2)
        mip = ff.solutions(board, limit=2, search="mip")
        assert all(ff.verify(board, s) == [] for s in sat + mip)
        assert len(sat) == len(mip), (n, seed, board.grid)
        if n * n <= 25:
            assert len(ff.brute_force(board, limit=2)) == len(sat), (n, seed)


def test_a_14x14_board_with_few_dots_solves_in_seconds():
    board = few_dots(14, 0)  # once: no answer in 300 s (the plain rules fell back to branch and bound)
    start = time.perf_counter()
    answer = ff.solve(board, time_limit=120)
    found = ff.solutions(board, limit=2, time_limit=120)
    assert ff.verify(board, answer) == [] and all(ff.verify(board, s) == [] for s in found)
    assert time.perf_counter() - start < 100  # about 8 s on a busy machine; the margin catches a hang


def test_no_tidy_answer_falls_back_to_the_plain_rules():
    board = ff.Puzzle(["A..", "...", "..A"])  # one pipe through nine cells: it must run alongside itself
    answer = ff.solve(board)
    assert ff.verify(board, answer) == []
    assert answer.rounds >= 1
