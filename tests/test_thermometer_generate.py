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
