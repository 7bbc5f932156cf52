"""th.generate (issue 11, Thermometers part): boards with exactly one solution, reproducible by seed.

Each generated board is re-counted independently: by the solver-free brute force on small boards,
and by a second no-good search with the other solver (CBC) on 10x10 boards.
"""

import pytest

from puzzlelib import thermometer as th
from puzzlelib.core.errors import PuzzleError


@pytest.mark.parametrize("size, seed", [(5, 0), (6, 1), (6, 2), (7, 3), (8, 4)])
def test_small_generated_boards_are_unique_by_brute_force(size, seed):
    g = th.generate(size, seed=seed, progress=False)
    assert th.brute_force(g.puzzle, limit=2) == [g.solution]
    assert g.proof.unique and g.proof.found == 1 and g.proof.limit == 2 and g.proof.solver == "highs"


@pytest.mark.parametrize("seed", range(2))
def test_10x10_boards_are_unique_by_a_second_search_with_cbc(seed):
    g = th.generate(10, seed=seed, progress=False)
    assert g.puzzle.shape == (10, 10)
    assert [s.key() for s in th.solutions(g.puzzle, limit=3, solver="cbc")] == [g.solution.key()]
    assert th.verify(g.puzzle, g.solution) == []


def test_the_same_seed_gives_the_same_board_and_another_seed_another():
    a, b = th.generate(6, seed=11, progress=False), th.generate(6, seed=11, progress=False)
    assert a == b
    assert th.generate(6, seed=12, progress=False).puzzle != a.puzzle


def test_rectangular_boards():
    g = th.generate((4, 7), seed=5, progress=False)
    assert g.puzzle.shape == (4, 7) and th.brute_force(g.puzzle, limit=2) == [g.solution]


def test_a_merge_keeps_the_planted_filling_and_cuts_the_other():
    # two dominoes side by side in one row: A = (0,0)->(0,1), B = (0,2)->(0,3)
    therms = [[(0, 0), (0, 1)], [(0, 2), (0, 3)]]
    planted, other = ((1, 1, 0, 0),), ((1, 0, 1, 0),)
    assert th.generators.merge_candidates(therms, planted, other) == [(0, 1)]
    assert th.generators.merge_candidates(therms, other, planted) == []  # would cut the planted one


@pytest.mark.parametrize("kwargs", [dict(size=0), dict(size=201), dict(size=(5, 0)), dict(size="5"), dict(size=5, seed=1.5),
                                    dict(size=5, max_len=1),
                                    dict(size=5, bend=2), dict(size=5, solver=5), dict(size=5, max_tilings=0)])
def test_arguments_are_checked(kwargs):
    with pytest.raises(PuzzleError):
        th.generate(**kwargs)


def test_no_progress_output_when_switched_off(capsys):
    th.generate(5, seed=0, progress=False)
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


# --------------------------------------------------------------------------------------------- #
# random_tiling keeps every thermometer within 2..max_len cells (issue 29)
# --------------------------------------------------------------------------------------------- #
import random  # noqa: E402

from hypothesis import given, settings, strategies as st  # noqa: E402

from puzzlelib.thermometer.board import adjacent  # noqa: E402


def _assert_tiling(therms, nrows, ncols, max_len):
    cells = [cell for t in therms for cell in t]
    assert sorted(cells) == [(r, c) for r in range(nrows) for c in range(ncols)]  # covers, no overlap
    for t in therms:
        assert 2 <= len(t) <= max_len, (len(t), max_len)
        assert all(adjacent(a, b) for a, b in zip(t, t[1:]))


@pytest.mark.parametrize("max_len", range(2, 9))
def test_random_tiling_lengths_stay_within_max_len_over_many_seeds(max_len):
    for n in range(2, 13):
        for m in (n, n - 1 if n > 2 else 3):
            if max_len == 2 and n * m % 2:
                continue
            for seed in range(12):
                therms = th.random_tiling(n, m, random.Random(seed), max_len=max_len)
                _assert_tiling(therms, n, m, max_len)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.integers(2, 8), st.integers(0, 2**32),
       st.floats(0, 1))
def test_random_tiling_property(nrows, ncols, max_len, seed, bend):
    if nrows * ncols < 2 or (max_len == 2 and nrows * ncols % 2):
        with pytest.raises(PuzzleError):
            th.random_tiling(nrows, ncols, random.Random(seed), max_len=max_len, bend=bend)
        return
    therms = th.random_tiling(nrows, ncols, random.Random(seed), max_len=max_len, bend=bend)
    _assert_tiling(therms, nrows, ncols, max_len)
    assert therms == th.random_tiling(nrows, ncols, random.Random(seed), max_len=max_len, bend=bend)


def test_random_puzzle_and_planted_puzzle_respect_max_len():
    for seed in range(300):
        for max_len in (2, 3, 5):
            puzzle, solution = th.planted_puzzle(6, seed=seed, max_len=max_len)
            assert all(2 <= len(t) <= max_len for t in puzzle.thermometers)
            assert th.verify(puzzle, solution) == []


def test_the_snake_fallback_tiles_every_board():
    for n, m, max_len in [(2, 2, 2), (3, 4, 2), (5, 5, 3), (12, 12, 2), (1, 7, 3), (7, 1, 8)]:
        _assert_tiling(th.generators._snake_tiling(n, m, random.Random(0), max_len), n, m, max_len)


def test_an_odd_board_with_dominoes_only_is_refused():
    with pytest.raises(PuzzleError, match="odd number of cells"):
        th.random_tiling(3, 3, random.Random(0), max_len=2)
