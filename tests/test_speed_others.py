"""Issue 29 (the other puzzles): the SAT searches list exactly the integer programs' answers, and the
generators' arguments do what they say. Speed itself is measured in benchmarks/, not here."""

from __future__ import annotations

import pytest

from puzzlelib import binairo as bn
from puzzlelib.core import PuzzleError, SolverError


def grids(found):
    return sorted(s.grid for s in found)


# --------------------------------------------------------------------------------------------- #
# Binary Sudoku
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("n,density", [(4, 0.0), (6, 0.1), (6, 0.2), (8, 0.25), (10, 0.3)])
def test_binairo_sat_lists_the_brute_force_or_mip_answers(n, density):
    for seed in range(6):
        puzzle = bn.random_puzzle(n, seed=seed, density=density)
        sat = bn.solutions(puzzle, limit=6)
        assert all(not bn.verify(puzzle, s) for s in sat)
        assert len(set(grids(sat))) == len(sat)
        if n <= 6:
            truth = {s.grid for s in bn.brute_force(puzzle)}
            assert set(grids(sat)) <= truth and len(sat) == min(6, len(truth))
        else:
            mip = bn.solutions(puzzle, limit=6, search="mip")
            assert len(sat) == len(mip) and (len(sat) == 6 or grids(sat) == grids(mip))


def test_binairo_sat_and_mip_agree_on_uniqueness_of_planted_boards():
    for n in (8, 10, 12, 14):
        for seed in range(4):
            puzzle, planted = bn.planted_puzzle(n, seed=seed, density=0.3 + 0.1 * (seed % 3))
            sat, mip = bn.solutions(puzzle, limit=2), bn.solutions(puzzle, limit=2, model="lazy")
            assert len(sat) == len(mip)
            assert all(not bn.verify(puzzle, s) for s in sat)
            if len(sat) == 1:
                assert sat[0].grid == mip[0].grid == planted.grid


def test_binairo_search_default_follows_the_named_model_or_solver():
    puzzle = bn.Puzzle.from_text(bn.SEED_BOARD)
    assert bn.solving.search_of(None, bn.solving.MODEL_DEFAULT, None) == "sat"
    assert bn.solving.search_of(None, "lazy", None) == "mip"  # a named model is the integer program
    assert bn.solving.search_of(None, bn.solving.MODEL_DEFAULT, "highs") == "mip"
    assert bn.solving.search_of("sat", "exact", None) == "sat"
    with pytest.raises(PuzzleError, match="search"):
        bn.solutions(puzzle, search="cp")
    assert bn.solutions(puzzle, search="sat") == bn.solutions(puzzle, search="mip")


def test_binairo_sat_time_limit_is_honoured():
    puzzle = bn.empty(40)
    with pytest.raises(SolverError, match="time limit"):
        bn.solutions(puzzle, limit=10_000, time_limit=0.5)


def test_binairo_infeasible_board_has_no_solutions_on_either_search():
    puzzle = bn.Puzzle(["0110", "011.", "....", "...."])  # row 1 can only repeat row 0
    assert bn.solutions(puzzle) == [] == bn.solutions(puzzle, search="mip")


@pytest.mark.parametrize("model", [None, "lazy"])
def test_binairo_minimal_boards_are_unique_and_every_given_is_needed(model):
    for n, seed in ((6, 1), (8, 2), (10, 3)):
        puzzle, planted = bn.planted_puzzle(n, seed=seed, minimal=True, model=model)
        found = bn.solutions(puzzle, limit=2, search="mip")
        assert [s.grid for s in found] == [planted.grid]
        givens = [list(row) for row in puzzle.givens]
        for (r, c) in puzzle.given_cells():
            givens[r][c] = None
            assert len(bn.solutions(bn.Puzzle(givens), limit=2)) == 2, (n, seed, r, c)
            givens[r][c] = planted.grid[r][c]


def test_binairo_generator_arguments_do_what_they_say():
    loose, planted = bn.planted_puzzle(12, seed=5, density=0.1)
    assert len(loose.given_cells()) == round(0.1 * 144)
    assert all(planted.grid[r][c] == v for (r, c), v in loose.given_cells().items())
    unique, _ = bn.planted_puzzle(12, seed=5, density=0.1, unique=True)
    assert len(bn.solutions(unique, limit=2)) == 1
    assert loose.given_cells().items() <= unique.given_cells().items()
    minimal, _ = bn.planted_puzzle(12, seed=5, density=0.1, minimal=True)
    assert minimal.given_cells().items() < unique.given_cells().items()  # the unique board, dug
    assert len(bn.solutions(minimal, limit=2)) == 1
    assert bn.random_puzzle(12, seed=5, density=0.1, minimal=True) == minimal
    assert bn.planted_puzzle(12, seed=5, density=0.1, minimal=True)[0] == minimal  # same seed, same board
    with pytest.raises(PuzzleError, match="minimal"):
        bn.planted_puzzle(6, minimal=1)
