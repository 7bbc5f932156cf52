"""The Knight Moves path search (search_path.py, issue 42) against the brute force and the integer program.

Every answer is checked by the rules; the set of paths (of the two searches together, and of each
alone) must be the brute force's on small random boards (planted walks, long Warnsdorff walks, free ends, boards with a hole: many with no path),
and the verdict (none, unique, 2+) the lazy integer program's on a few more.
"""

from __future__ import annotations

import random

import pytest

from puzzlelib import knightmoves as km
from puzzlelib.core.errors import SolverError
from puzzlelib.engine.solver import Deadline
from puzzlelib.knightmoves.search_path import PathSearch, cut_search, path_search


def _board(nrows, ncols, cells, start, end):
    seen = set(cells)
    grid = ["".join("." if (r, c) in seen else "#" for c in range(ncols)) for r in range(nrows)]
    return km.Puzzle(grid, start, end)


def _boards(count: int, seed: int):
    """Small random boards: planted walks (end fixed or free), and walks with one square blocked."""
    rng = random.Random(seed)
    for k in range(count):
        n = rng.choice((3, 4, 5, 6))
        greedy = rng.choice((0.0, 0.5, 1.0))
        end = rng.random() < 0.7
        puzzle, planted = km.planted_puzzle(n, seed=seed * 1000 + k, greedy=greedy, end=end)
        if len(puzzle.open_squares()) > 30:
            continue
        yield puzzle
        path = list(planted.path)
        if len(path) > 4:  # a hole in the walk: the path is usually gone, sometimes another one exists
            hole = rng.randrange(1, len(path) - 1)
            rest = path[:hole] + path[hole + 1:]
            yield _board(n, n, rest, path[0], path[-1] if end else None)


def _paths(found):
    return sorted(s.path for s in found)


@pytest.mark.parametrize("seed", range(4))
def test_every_path_of_the_brute_force(seed):
    for puzzle in _boards(25, seed):
        everything = km.brute_force(puzzle, limit=40)
        ours = path_search(puzzle, limit=40, time_limit=20)
        assert all(km.verify(puzzle, s) == [] for s in ours)
        if len(everything) < 40:
            assert _paths(ours) == _paths(everything), puzzle.write("text")
        else:
            assert len(ours) == 40 and len(set(_paths(ours))) == 40


@pytest.mark.parametrize("seed", range(4, 6))
def test_both_searches_list_every_path_of_the_brute_force(seed):
    """The clause search with connectivity cuts and the propagating search, each on its own."""
    for puzzle in _boards(20, seed):
        everything = _paths(km.brute_force(puzzle, limit=25))
        if len(puzzle.open_squares()) == 1:
            continue
        cuts = sorted(tuple(p) for p in cut_search(puzzle, 25, 20))
        dfs = sorted(tuple(p) for p in PathSearch(puzzle).run(25, Deadline(20)))
        if len(everything) < 25:
            assert cuts == everything and dfs == everything, puzzle.write("text")
        else:
            assert len(set(cuts)) == 25 and len(set(dfs)) == 25
            assert all(km.verify(puzzle, list(p)) == [] for p in cuts + dfs)


def test_verdicts_agree_with_the_integer_program():
    for puzzle in list(_boards(8, 99))[:10]:
        mip = km.solutions(puzzle, limit=2, model="lazy")
        ours = [] if km.explain_infeasible(puzzle) else path_search(puzzle, limit=2, time_limit=20)
        assert len(ours) == len(mip), puzzle.write("text")
        if len(mip) == 1:
            assert ours == mip


def test_the_chapter_board_and_an_open_tour():
    seed = km.Puzzle.read(km.SEED_BOARD)
    assert path_search(seed, 2) == km.brute_force(seed)
    chess = km.Puzzle(["." * 8] * 8, (0, 0))
    two = path_search(chess, 2)
    assert len(two) == 2 and all(km.verify(chess, s) == [] for s in two)


def test_tiny_boards():
    alone = km.Puzzle(["S##"], (0, 0))
    assert _paths(path_search(alone, 2)) == [((0, 0),)]
    pair = km.Puzzle(["S##", "##E"], (0, 0), (1, 2))
    assert _paths(path_search(pair, 2)) == [((0, 0), (1, 2))]
    stuck = km.Puzzle(["S.", ".."], (0, 0))
    assert path_search(stuck, 2) == []


def test_a_spent_deadline_is_a_solver_error():
    big = km.Puzzle(["." * 16] * 16, (0, 0))
    with pytest.raises(SolverError):
        path_search(big, limit=10**9, time_limit=0.2)
