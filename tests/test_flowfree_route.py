"""The pipe router (flowfree/route_numberlink.py): a first Numberlink colouring of a sparse board.

The router proves nothing, so what it must never do is return a colouring the rules refuse, or one
on a board with no colouring; and on the sparse boards it is there for, it must find one without
the clause search (which drew loops there for seconds: issue 42's capped 20x20 and 26x26 boards).
"""

from __future__ import annotations

import random

import pytest

from puzzlelib import flowfree as ff
from puzzlelib.flowfree.route_numberlink import route
from puzzlelib.flowfree.search_numberlink import reroute, shortcut


def _sparse(n: int, pairs: int, seed: int) -> ff.Puzzle:
    """A planted n x n board keeping only ``pairs`` of its pipes' dots (many answers, lots of room)."""
    flow, _ = ff.planted_puzzle(n, seed=seed, mean_len=n, tidy=False)
    keep = set(flow.colours[:pairs])
    return ff.Puzzle(["".join(ch if ch in keep else "." for ch in row) for row in flow.grid], rule="numberlink")


@pytest.mark.parametrize("n, pairs", [(13, 7), (20, 10), (26, 12)])
def test_sparse_boards_are_routed_and_have_a_second_colouring(n, pairs):
    for seed in range(5000, 5004):
        board = _sparse(n, pairs, seed)
        found = route(board)
        assert found is not None, board.to_text()
        assert ff.verify(board, found) == []
        other = reroute(board, found) or shortcut(board, found)
        assert other is not None and other.grid != found.grid and ff.verify(board, other) == []
        listed = ff.solutions(board, limit=2)
        assert len({s.grid for s in listed}) == 2 and all(ff.verify(board, s) == [] for s in listed)


def test_routes_agree_with_the_brute_force_on_small_boards():
    rng = random.Random(11)
    routed = 0
    for k in range(60):
        shape = rng.choice(((3, 3), (3, 4), (4, 4), (4, 5), (5, 5)))
        flow, _ = ff.planted_puzzle(shape, seed=700 + k)
        cells = [(r, c) for r, row in enumerate(flow.grid) for c, ch in enumerate(row) if ch != "."]
        grid = [list(row) for row in flow.grid]
        if k % 2:  # two dots swapped: often no colouring at all
            a, b = rng.sample(cells, 2)
            grid[a[0]][a[1]], grid[b[0]][b[1]] = grid[b[0]][b[1]], grid[a[0]][a[1]]
        try:
            board = ff.Puzzle(["".join(row) for row in grid], rule="numberlink")
        except ff.PuzzleError:
            continue
        truth = {s.grid for s in ff.brute_force(board)}
        found = route(board)
        if found is not None:
            routed += 1
            assert found.grid in truth and ff.verify(board, found) == []
    assert routed >= 10  # the router is tried, not skipped


def test_a_pipe_walled_in_by_dots_has_no_route():
    board = ff.Puzzle(["AB.", "B..", "..A"], rule="numberlink")
    assert route(board) is None
    assert ff.solutions(board, limit=2) == []


def _few_dots(n: int, seed: int) -> ff.Puzzle:
    """A planted Flow Free board (every cell on a pipe) with about 0.8 n pairs: its pipes fold to fill it."""
    return ff.planted_puzzle(n, seed=seed, mean_len=n * n / round(0.8 * n), tidy=False)[0]


def test_near_fill_grows_disjoint_pipes_between_their_dots():
    from puzzlelib.flowfree.board import neighbours
    from puzzlelib.flowfree.route_numberlink import near_fill

    for seed in range(3):
        board = _few_dots(16, 300 + seed)
        paths = near_fill(board)
        assert paths is not None and set(paths) == set(board.colours)
        cells = [c for path in paths.values() for c in path]
        assert len(cells) == len(set(cells))  # no cell on two pipes, none twice on one
        for k, path in paths.items():
            assert {path[0], path[-1]} == set(board.dots[k])
            assert all(b in neighbours(a, board.shape) for a, b in zip(path, path[1:]))
        assert len(cells) > 0.9 * 16 * 16  # grown: few cells left empty


@pytest.mark.parametrize("seed", [0, 1])
def test_few_dots_20x20_boards_get_two_checked_colourings(seed):
    # Before the routed guesses these boards ran past a 60 s limit (issue 42); now about a second.
    board = _few_dots(20, 9100 + seed)
    found = ff.solutions(board, limit=2, time_limit=120)
    assert len({s.grid for s in found}) == 2
    assert all(ff.verify(board, s) == [] for s in found)
