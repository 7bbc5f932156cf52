"""The cardinality searches of issue 42 (``search_card.py`` of Thermometers, Aquarium and Star Battle,
on :mod:`puzzlelib.engine.card_sat`) against the brute force and the integer programs.

Every answer is checked by the rules; on small random boards, planted ones (one or many answers),
boards with counts moved (most with no answer) and hidden counts, the set of answers must be the
brute force's, and on a few larger ones the verdict (none, unique, 2+) the integer program's.
"""

from __future__ import annotations

import random

import pytest

from puzzlelib import aquarium as aq
from puzzlelib import starbattle as sb
from puzzlelib import thermometer as th
from puzzlelib.aquarium.search_card import card_solutions as aquarium_search
from puzzlelib.core.errors import PuzzleError
from puzzlelib.starbattle.search_card import card_solutions as starbattle_search
from puzzlelib.thermometer.search_card import card_solutions as thermometer_search

ALL = 10**6


def _grids(found):
    return sorted(s.grid for s in found)


def _moved(counts, rng):
    """The counts with one moved from a line to another (same total; None stays None)."""
    counts = list(counts)
    given = [i for i, v in enumerate(counts) if v is not None]
    a, b = rng.sample(given, 2)
    if counts[a] > 0:
        counts[a] -= 1
        counts[b] += 1
    return counts


def _thermometer_boards(seed):
    rng = random.Random(seed)
    for k in range(30):
        n = rng.choice((3, 4, 5))
        puzzle = th.random_puzzle(n, seed=seed * 100 + k)
        yield puzzle
        rows, cols = _moved(puzzle.rows, rng), list(puzzle.cols)
        if max(rows) <= n:
            yield th.Puzzle(rows, cols, puzzle.thermometers)


@pytest.mark.parametrize("seed", range(3))
def test_thermometers_every_filling_of_the_brute_force(seed):
    for puzzle in _thermometer_boards(seed):
        ours = thermometer_search(puzzle, ALL)
        assert all(th.verify(puzzle, s) == [] for s in ours)
        assert _grids(ours) == _grids(th.brute_force(puzzle)), puzzle.write("text")


def _aquarium_boards(seed):
    rng = random.Random(seed)
    for k in range(30):
        n = rng.choice((3, 4, 5))
        hide = rng.choice((0.0, 0.0, 0.3))
        puzzle = aq.random_puzzle(n, seed=seed * 100 + k, max_size=rng.choice((3, 6)), hide=hide)
        yield puzzle
        if sum(v is not None for v in puzzle.rows) >= 2:
            rows = _moved(puzzle.rows, rng)
            if all(v is None or v <= n for v in rows):
                yield aq.Puzzle(puzzle.tank_of, rows, puzzle.cols)


@pytest.mark.parametrize("seed", range(3))
def test_aquarium_every_filling_of_the_brute_force(seed):
    for puzzle in _aquarium_boards(seed):
        ours = aquarium_search(puzzle, ALL)
        assert all(aq.verify(puzzle, s) == [] for s in ours)
        assert _grids(ours) == _grids(aq.brute_force(puzzle)), puzzle.write("text")


def _starbattle_boards(seed):
    rng = random.Random(seed)
    for k in range(12):
        n = rng.choice((5, 6, 7, 8))
        puzzle = sb.random_puzzle(n, seed=seed * 100 + k, stars=1)
        yield puzzle
        # two cells of neighbouring regions swapped: usually no answer, sometimes other ones
        regions = [list(row) for row in puzzle.regions]
        r, c = rng.randrange(n), rng.randrange(n - 1)
        regions[r][c], regions[r][c + 1] = regions[r][c + 1], regions[r][c]
        try:
            yield sb.Puzzle(regions, 1)
        except PuzzleError:  # a region cut in two
            pass


@pytest.mark.parametrize("seed", range(3))
def test_starbattle_every_placement_of_the_brute_force(seed):
    for puzzle in _starbattle_boards(seed):
        ours = starbattle_search(puzzle, ALL)
        assert all(sb.verify(puzzle, s) == [] for s in ours)
        assert _grids(ours) == _grids(sb.brute_force(puzzle)), puzzle.write("text")


def _verdict(found):
    return min(len(found), 2)


def test_verdicts_agree_with_the_integer_programs_on_larger_boards():
    for seed in range(3):
        board = th.random_puzzle(10, seed=seed)
        assert _verdict(thermometer_search(board, 2)) == _verdict(th.solutions(board, 2, solver="highs"))
        board = aq.random_puzzle(10, seed=seed)
        assert _verdict(aquarium_search(board, 2)) == _verdict(aq.solutions(board, 2, search="mip"))
        board = sb.random_puzzle(10, seed=seed)
        assert _verdict(starbattle_search(board, 2)) == _verdict(sb.solutions(board, 2, search="mip"))


def test_unique_generated_boards_stay_unique():
    for seed in range(2):
        for module, search in ((th, thermometer_search), (aq, aquarium_search), (sb, starbattle_search)):
            made = module.generate(8, seed=seed)
            board, answer = made.puzzle, made.solution
            found = search(board, 2)
            assert len(found) == 1 and found[0].grid == answer.grid


def test_a_closed_search_is_refused_at_once():
    from puzzlelib.core.errors import SolverError
    from puzzlelib.engine.card_sat import CardSearch

    search = CardSearch()
    a = search.new()
    search.add([a])
    assert search.solve() == {a}
    search.close()
    with pytest.raises(SolverError, match="this search is closed"):
        search.solve()  # pysat answers None for ever once its solver is deleted; no spinning until a deadline
