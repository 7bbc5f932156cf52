"""engine.frontier: the count of edge sets by frontier-based search, against counting them one by one."""

import itertools
import random
import sys

import pytest

from puzzlelib.engine import frontier

pytestmark = pytest.mark.skipif(not frontier.available(), reason="graphillion is not installed here")


def grid_edges(nrows, ncols):
    return [((r, c), (r, c + 1)) for r in range(nrows) for c in range(ncols - 1)] + \
           [((r, c), (r + 1, c)) for r in range(nrows - 1) for c in range(ncols)]


def count_by_hand(edges, groups, degrees, no_loop=True):
    """Every subset of the edges, checked: degrees, groups joined and apart, no cycle (union-find)."""
    total = 0
    for keep in itertools.product((0, 1), repeat=len(edges)):
        chosen = [e for e, k in zip(edges, keep) if k]
        degree = {v: 0 for v in degrees}
        parent = {v: v for e in edges for v in e}

        def find(v):
            while parent[v] != v:
                v = parent[v]
            return v

        cycle = False
        for u, v in chosen:
            degree[u] = degree.get(u, 0) + 1
            degree[v] = degree.get(v, 0) + 1
            ru, rv = find(u), find(v)
            cycle |= ru == rv
            parent[ru] = rv
        if (no_loop and cycle) or any(degree[v] != d for v, d in degrees.items()):
            continue
        roots = [{find(v) for v in group} for group in groups]
        if all(len(r) == 1 for r in roots) and len(set().union(*roots)) == len(roots):
            total += 1
    return total


@pytest.mark.parametrize("seed", range(12))
def test_the_count_matches_a_count_by_hand_on_small_grids(seed):
    rng = random.Random(seed)
    nrows, ncols = rng.choice([(2, 3), (3, 3), (2, 4), (3, 2)])
    edges = grid_edges(nrows, ncols)
    rng.shuffle(edges)  # any order gives the same count; only the time depends on it
    cells = [(r, c) for r in range(nrows) for c in range(ncols)]
    ends = rng.sample(cells, 2 * rng.randint(1, 2))
    groups = [ends[i:i + 2] for i in range(0, len(ends), 2)]
    degrees = {c: 1 if c in ends else rng.choice([0, 2, 2]) for c in cells}
    assert frontier.count_subgraphs(edges, groups, degrees) == count_by_hand(edges, groups, degrees)


def test_paths_that_cover_a_board_are_counted():
    # one pipe from corner to corner of a 3x3 board through every cell: 2 ways (the two snakes)
    degrees = {(r, c): 2 for r in range(3) for c in range(3)}
    degrees[0, 0] = degrees[2, 2] = 1
    assert frontier.count_subgraphs(grid_edges(3, 3), [[(0, 0), (2, 2)]], degrees) == 2
    # a loop through all four cells of a 2x2 block is one edge set, unless loops are forbidden
    square = {(r, c): 2 for r in range(2) for c in range(2)}
    assert frontier.count_subgraphs(grid_edges(2, 2), [], square, no_loop=False) == 1
    assert frontier.count_subgraphs(grid_edges(2, 2), [], square) == 0


def test_the_universe_of_the_caller_is_put_back():
    from graphillion import GraphSet

    GraphSet.set_universe([(1, 2), (2, 3)], traversal="as-is")
    try:
        frontier.count_subgraphs(grid_edges(2, 2), [[(0, 0), (1, 0)]], {(0, 0): 1, (1, 0): 1})
        assert [tuple(e[:2]) for e in GraphSet.universe()] == [(1, 2), (2, 3)]
    finally:
        GraphSet.set_universe([(0, 1)], traversal="as-is")


def test_no_edges_is_refused_and_a_missing_graphillion_gives_none(monkeypatch):
    with pytest.raises(ValueError, match="at least one edge"):
        frontier.count_subgraphs([], [], {})
    monkeypatch.setitem(sys.modules, "graphillion", None)  # import graphillion now raises ImportError
    assert not frontier.available()
    assert frontier.count_subgraphs(grid_edges(2, 2), [], {}) is None
