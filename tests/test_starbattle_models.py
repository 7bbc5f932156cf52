"""Star Battle's three formulations (chapter 11): each admits exactly the brute force's placements.

The brute force (``rules.brute_force``) is solver-free; the boards are the shared case data, planted
boards of 5x5 to 10x10 with one or two stars (unique or not), and boards with no answer.
"""

from __future__ import annotations

import pytest

from puzzlelib import starbattle as sb
from puzzlelib.core.errors import NoSolution
from puzzlelib.starbattle.model_neighbourhood import build_neighbourhood, neighbourhood
from tests.cases import starbattle as cases

#: Enough to see every answer of these boards (the brute force counts past it when there are more).
LIMIT = 6


def boards():
    """(name, puzzle) for many small boards: the case data's, and planted ones of several sizes."""
    yield "seed", sb.Puzzle.from_text(cases.SEED_TEXT)
    yield "stripes", sb.Puzzle.from_text(cases.STRIPES)
    yield "cramped", sb.Puzzle.from_text(cases.CRAMPED)
    for n, k, seeds in ((5, 1, range(4)), (6, 1, range(4)), (7, 1, range(3)), (8, 1, range(3)),
                        (10, 2, range(3))):
        for seed in seeds:
            yield f"{n}x{n}k{k}s{seed}", sb.planted_puzzle(n, seed=seed, stars=k)[0]


BOARDS = list(boards())


def test_models_are_named_with_the_default_first():
    assert sb.MODELS == ("pairs", "blocks", "neighbourhood")
    assert sb.DEFAULT_MODEL == "pairs"


@pytest.mark.parametrize("name, puzzle", BOARDS, ids=[b[0] for b in BOARDS])
def test_every_model_admits_exactly_the_brute_force_placements(name, puzzle):
    truth = {s.grid for s in sb.brute_force(puzzle, limit=LIMIT)}
    for model in sb.MODELS:
        found = {s.grid for s in sb.solutions(puzzle, limit=LIMIT, model=model, search="mip")}
        assert found == truth, (name, model)
    by_clauses = [s.grid for s in sb.solutions(puzzle, limit=LIMIT)]  # the default: the SAT search
    assert len(by_clauses) == len(set(by_clauses)) and set(by_clauses) == truth, name


def test_the_sat_search_refuses_what_the_mip_search_refuses():
    puzzle = sb.PUZZLE.seed_puzzle()
    for bad in ({"search": "cp"}, {"search": "sat", "model": "blocks"}, {"model": "rows"}, {"limit": 0}):
        with pytest.raises(sb.PuzzleError if hasattr(sb, "PuzzleError") else ValueError):
            sb.solutions(puzzle, **bad)


def test_there_are_boards_with_none_one_and_several_answers():
    counts = {len(sb.brute_force(p, limit=2)) for _, p in BOARDS}
    assert counts == {0, 1, 2}


def test_neighbourhood_has_one_inequality_per_cell_with_m_the_neighbour_count():
    puzzle = sb.PUZZLE.seed_puzzle()
    problem, x = sb.build_model(puzzle, "neighbourhood")
    n = puzzle.size
    named = {c.name: c for c in problem.constraints()}
    assert len(named) == 3 * n + n * n
    corner, edge, inside = (named[f"around_{r}_{c}"] for r, c in ((0, 0), (0, 2), (2, 2)))
    # M x[c] moved to the left: M = |N(c)| = 3, 5, 8 is both x[c]'s coefficient and the right side
    assert (corner.get(x[0, 0], 0), edge.get(x[0, 2], 0), inside.get(x[2, 2], 0)) == (3, 5, 8)
    assert (-corner.constant, -edge.constant, -inside.constant) == (3, 5, 8)
    assert [len(neighbourhood(n, *cell)) for cell in ((0, 0), (0, 2), (2, 2))] == [3, 5, 8]
    assert all(inside.get(x[d], 0) == 1 for d in neighbourhood(n, 2, 2))


def test_neighbourhood_model_alone_says_a_cramped_board_has_no_answer():
    with pytest.raises(NoSolution):
        sb.solve(sb.Puzzle.from_text(cases.CRAMPED), model="neighbourhood")
    assert sb.model.BUILDERS["neighbourhood"] is build_neighbourhood
