"""Flow Free and Numberlink as clauses with native cardinality constraints (flowfree/search_card.py,
issue 42) against the brute force: every colouring, on small planted boards under both rules, boards
with dots kept sparse (Numberlink: many answers, cells left empty) and boards with two dots swapped
(often none)."""

from __future__ import annotations

import random

import pytest

from puzzlelib import flowfree as ff
from puzzlelib.core.errors import PuzzleError
from puzzlelib.flowfree.search_card import card_solutions


def _boards(seed: int):
    rng = random.Random(seed)
    for k in range(12):
        shape = rng.choice(((3, 3), (3, 4), (4, 4), (4, 5)))
        flow, _ = ff.planted_puzzle(shape, seed=seed * 100 + k)
        yield flow
        yield flow.with_rule("numberlink")
        keep = set(flow.colours[:2])
        sparse = ["".join(ch if ch in keep else "." for ch in row) for row in flow.grid]
        yield ff.Puzzle(sparse, rule="numberlink")
        cells = [(r, c) for r, row in enumerate(flow.grid) for c, ch in enumerate(row) if ch != "."]
        a, b = rng.sample(cells, 2)
        grid = [list(row) for row in flow.grid]
        grid[a[0]][a[1]], grid[b[0]][b[1]] = grid[b[0]][b[1]], grid[a[0]][a[1]]
        try:
            yield ff.Puzzle(["".join(row) for row in grid])
        except PuzzleError:
            pass


@pytest.mark.parametrize("seed", range(3))
def test_every_colouring_of_the_brute_force(seed):
    for puzzle in _boards(seed):
        ours = card_solutions(puzzle, 10**6, time_limit=30)
        assert all(ff.verify(puzzle, s) == [] for s in ours)
        truth = ff.brute_force(puzzle)
        assert sorted(s.grid for s in ours) == sorted(s.grid for s in truth), "\n".join(puzzle.grid)


def test_a_real_numberlink_page():
    board = ff.Puzzle.from_puzzlink("https://puzz.link/p?numlin/6/6/j4h14m2n2h133k")
    found = card_solutions(board, 2, time_limit=30)
    assert len(found) == len(ff.solutions(board, limit=2, time_limit=30)) == 1
