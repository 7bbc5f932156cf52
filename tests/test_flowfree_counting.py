"""flowfree.counting: every pipe layout counted at once, and how ``solutions`` uses the count."""

import json
from pathlib import Path

import pytest

from puzzlelib import flowfree as ff
from puzzlelib.engine import frontier
from puzzlelib.core.errors import SolverError
from puzzlelib.flowfree import counting, solving
from puzzlelib.flowfree.board import edges_of, neighbours
from puzzlelib.flowfree.counting import count_pipe_layouts, sweep_order

CORPUS = Path(__file__).parents[2] / "shared" / "corpus" / "flowfree.json"
needs_graphillion = pytest.mark.skipif(not frontier.available(), reason="graphillion is not installed here")


def layouts_by_hand(puzzle):
    """Pipe layouts by trying every pipe, colour after colour, with no dedup of equal colourings."""
    nrows, ncols = puzzle.shape
    colours, dots = list(puzzle.colours), puzzle.dots
    total = 0
    stack = [(0, dots[colours[0]][0], frozenset(c for pair in dots.values() for c in pair))]
    while stack:
        i, head, used = stack.pop()
        if head == dots[colours[i]][1]:
            if i + 1 < len(colours):
                stack.append((i + 1, dots[colours[i + 1]][0], used))
            else:
                total += len(used) == nrows * ncols
            continue
        for nxt in neighbours(head, puzzle.shape):
            if nxt == dots[colours[i]][1]:
                stack.append((i, nxt, used))
            elif nxt not in used:
                stack.append((i, nxt, used | {nxt}))
    return total


BOARDS = [ff.random_puzzle(n, seed=s, mean_len=m) for n, s, m in
          [(4, 0, 4), (4, 1, 6), (4, 2, 8), (5, 0, 5), (5, 3, 8), (5, 4, 12), (4, 5, None), (5, 6, None)]] + \
         [ff.Puzzle(["A..", "...", "..A"]), ff.Puzzle(["A.B", "...", "B.A"]), ff.Puzzle(["AB..", "....", "..BA"])]


@needs_graphillion
@pytest.mark.parametrize("puzzle", BOARDS, ids=lambda p: "x".join(map(str, p.shape)) + "-" + "".join(p.colours))
def test_the_count_is_the_number_of_layouts_found_one_by_one(puzzle):
    layouts = count_pipe_layouts(puzzle)
    assert layouts == layouts_by_hand(puzzle)
    assert layouts >= len(ff.brute_force(puzzle))  # each colouring has one layout or more


@needs_graphillion
def test_hartmanns_board_has_more_layouts_than_colourings():
    layouts = count_pipe_layouts(ff.HARTMANN_8X8)
    assert layouts >= 15  # 15 colourings, some of them with pipes that touch themselves in two ways


@pytest.mark.parametrize("shape", [(3, 7), (7, 3), (6, 6)])
def test_the_sweep_keeps_the_frontier_to_the_shorter_side(shape):
    nrows, ncols = shape
    dots = [["."] * ncols for _ in range(nrows)]
    dots[0][0], dots[nrows - 1][ncols - 1] = "A", "A"
    puzzle = ff.Puzzle(["".join(row) for row in dots])
    order = sweep_order(puzzle)
    assert sorted(order) == sorted(edges_of(shape))
    widest = 0
    for k in range(len(order)):  # cells with an edge decided and an edge not yet decided
        done, rest = order[:k], order[k:]
        seen = {c for e in done for c in e} & {c for e in rest for c in e}
        widest = max(widest, len(seen))
    assert widest <= min(shape) + 1


def test_the_sweep_leaves_the_lines_without_dots_for_last():
    puzzle = ff.Puzzle(["....", "....", "A..B", "A..B"])  # the dots sit in the bottom rows
    first = sweep_order(puzzle)[0]
    assert first[0][0] == 3 or first[1][0] == 3  # the sweep starts at the bottom


@needs_graphillion
@pytest.mark.parametrize("seed", [0, 1, 2, 4, 5, 7, 9])  # 1 to 29 layouts each (seed 3 has 1,228)
def test_solutions_are_the_same_when_the_count_settles_them(monkeypatch, seed):
    board = ff.random_puzzle(7, seed=seed, mean_len=10 + seed)
    monkeypatch.setattr(counting, "COUNT_CELLS", 0)  # never counted: the SAT search alone
    alone = ff.solutions(board, limit=100)
    monkeypatch.setattr(counting, "COUNT_CELLS", 10 ** 6)
    monkeypatch.setattr(solving, "COUNT_AFTER", 1)  # counted at the first search of all
    counted = ff.solutions(board, limit=100)
    # the same colourings (the order after the first may differ: a search stopped and resumed
    # takes another path), every one of them, since each board has fewer than 100
    assert len(alone) < 100 and counted[0] == alone[0]
    assert sorted(s.grid for s in counted) == sorted(s.grid for s in alone)
    assert len(counted) <= count_pipe_layouts(board)


@needs_graphillion
def test_a_count_that_does_not_settle_it_lets_the_search_go_on(monkeypatch):
    monkeypatch.setattr(solving, "COUNT_AFTER", 1)
    calls = []
    real = solving.no_other_colouring
    monkeypatch.setattr(solving, "no_other_colouring", lambda p, found: calls.append(len(found)) or real(p, found))
    found = ff.solutions(ff.HARTMANN_8X8, limit=20)
    assert len(found) == 15 and len(set(found)) == 15 and calls == [1]  # counted once, then searched on


def test_a_count_below_the_colourings_found_is_reported_as_a_bug(monkeypatch):
    monkeypatch.setattr(solving, "count_pipe_layouts", lambda puzzle: 0)
    with pytest.raises(SolverError, match="a bug"):
        solving.no_other_colouring(ff.HARTMANN_8X8, [ff.solve(ff.HARTMANN_8X8)])
    monkeypatch.setattr(solving, "count_pipe_layouts", lambda puzzle: None)  # no graphillion
    assert solving.no_other_colouring(ff.HARTMANN_8X8, [ff.solve(ff.HARTMANN_8X8)]) is False


def test_an_almost_empty_board_is_settled_by_the_sat_search_before_any_count(monkeypatch):
    # the count's worst case (seconds, a gigabyte) is a big empty board; the SAT search finds
    # a second colouring of such a board at once, so the count never runs there
    monkeypatch.setattr(solving, "no_other_colouring", lambda p, found: pytest.fail("counted"))
    board = ff.Puzzle(["....." + "A" + "......"] + ["." * 12] * 3 + ["........A..."] + [".." + "B" + "." * 9]
                      + ["." * 12] * 2 + ["......B....."] + ["." * 12] * 3)
    assert len(ff.solutions(board, limit=2)) == 2


def corpus_level(name):
    if not CORPUS.exists():
        pytest.skip("the test corpus is not present")
    record = next(r for r in json.loads(CORPUS.read_text()) if r["id"].endswith(name))
    return ff.Puzzle(record["decoded"]["grid"]), tuple(record["solution"])


@needs_graphillion
def test_the_spiral_level_is_proven_unique_by_the_count(monkeypatch):
    puzzle, solution = corpus_level("extreme_12x12_28")  # about 45,000 conflicts for the SAT proof
    calls = []
    real = solving.no_other_colouring
    monkeypatch.setattr(solving, "no_other_colouring", lambda p, found: calls.append(real(p, found)) or calls[-1])
    found = ff.solutions(puzzle, limit=2, time_limit=60)
    assert [s.grid for s in found] == [solution] and calls == [True]
    assert count_pipe_layouts(puzzle) == 1


def test_the_spiral_level_is_unique_by_the_sat_search_alone_too(monkeypatch):
    puzzle, solution = corpus_level("extreme_12x12_28")
    monkeypatch.setattr(solving, "count_pipe_layouts", lambda p: None)  # as if graphillion were missing
    assert [s.grid for s in ff.solutions(puzzle, limit=2, time_limit=60)] == [solution]
