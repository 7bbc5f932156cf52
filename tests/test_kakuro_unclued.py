"""Kakuro runs without a clue (issue 41): pzprjs allows a run whose clue cell has no number (or that
starts at the board's edge); its digits must differ and their sum is free. Every model and the
default search agree with the brute force on boards with such runs, and puzz.link URLs with them
read, solve and write back."""

from __future__ import annotations

import random

import pytest

from puzzlelib import kakuro as kk


def blank_some_clues(puzzle, rng, share=0.3):
    """``puzzle`` with about ``share`` of its clue halves taken away."""
    rows = []
    for row in puzzle.cells:
        out = []
        for cell in row:
            if "\\" in cell:
                down, across = cell.split("\\")
                down = "" if rng.random() < share else down
                across = "" if rng.random() < share else across
                cell = f"{down}\\{across}" if down or across else "#"
            out.append(cell)
        rows.append(out)
    return kk.Puzzle(rows)


def test_a_run_without_a_clue_needs_only_distinct_digits():
    board = kk.Puzzle([["#", "4\\", "3\\"], ["\\3", ".", "."], ["#", ".", "."]])
    free = [run for run in board.runs if run.total is None]
    assert len(free) == 1 and free[0].cells == ((2, 1), (2, 2)) and "without a clue" in str(free[0])
    (answer,) = kk.solutions(board, limit=2)
    assert answer.grid[2][1:] == (3, 1) and kk.verify(board, answer) == []
    bad = kk.Solution(((0, 0, 0), (0, 1, 2), (0, 2, 2)))
    assert any("repeats" in fault for fault in kk.verify(board, bad))


def test_a_board_of_edge_runs_reads():
    board = kk.Puzzle([["#", "#", "#"], ["#", ".", "."], ["#", ".", "."]])
    assert all(run.total is None for run in board.runs)
    assert len(kk.solutions(board, limit=2)) == 2


@pytest.mark.parametrize("seed", range(8))
def test_models_agree_with_the_brute_force(seed):
    """Every answer the brute force finds (up to 20) and no other, from each model and the default."""
    rng = random.Random(seed)
    planted, _ = kk.planted_puzzle((4, 4), seed=seed)
    board = blank_some_clues(planted, rng, share=0.2)
    assert any(run.total is None for run in board.runs) or board == planted
    cap = 20
    truth = sorted(s.grid for s in kk.brute_force(board, limit=cap))
    assert truth, "a board made from a planted answer has that answer"
    for model in (*kk.MODELS, None):
        found = kk.solutions(board, limit=cap, **({} if model is None else {"model": model}))
        grids = sorted(s.grid for s in found)
        assert len(set(grids)) == len(grids) and all(kk.verify(board, s) == [] for s in found), model
        if len(truth) < cap:
            assert grids == truth, model
        else:
            assert len(grids) == cap, model


def test_a_puzzlink_url_with_a_run_without_a_clue():
    # pzprjs' own test board (test/script/test_kakuro.js) with one down clue left out ("0"), as its
    # editor writes a clue cell that has no number
    url = "https://puzz.link/p?kakuro/5/5/08la0.na0lh3l0Bn.0cl.c4a3"
    board = kk.Puzzle.from_puzzlink(url)
    assert [run.cells for run in board.runs if run.total is None] == [((2, 1), (3, 1))]
    (answer,) = kk.solutions(board, limit=2)
    assert kk.verify(board, answer) == []
    assert kk.Puzzle.from_puzzlink(board.to_puzzlink()) == board
