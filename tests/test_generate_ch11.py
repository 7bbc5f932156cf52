"""Chapter 11's generators of unique boards: Star Battle, V3ck, Monodot and Knight Moves.

``generate(size, *, seed=0, ...)`` returns a ``Generated`` (it unpacks as the board and its answer); the answer keeps every rule, the
library proves it the only one (``solutions(limit=2)``), and the solver-free brute force agrees on
small boards. The same seed gives the same board; a draw budget that finds nothing is a PuzzleError.
"""

from __future__ import annotations

import pytest

from puzzlelib import knightmoves as km
from puzzlelib import monodot as md
from puzzlelib import starbattle as sb
from puzzlelib import v3ck as vk
from puzzlelib.core.errors import PuzzleError
from puzzlelib.knightmoves import generators as km_gen
from puzzlelib.monodot import generators as md_gen
from puzzlelib.starbattle import generators as sb_gen
from puzzlelib.v3ck import generators as vk_gen

#: (puzzle module, sizes the brute force takes, a size and seed whose first planted draw has two answers)
KINDS = {
    "starbattle": (sb, (5, 6, 8, 10), (12, 0)),
    "v3ck": (vk, (4, 6, 8, 12), (10, 0)),
    "monodot": (md, (4, 5, 6), (7, 0)),
    "knightmoves": (km, (5, 6), (8, 0)),
}
GENERATORS = {"starbattle": sb_gen, "v3ck": vk_gen, "monodot": md_gen, "knightmoves": km_gen}


@pytest.mark.parametrize("kind", KINDS)
def test_the_table_offers_generate(kind):
    module = KINDS[kind][0]
    assert module.PUZZLE.generate is module.generate and "generate" in module.__all__


@pytest.mark.parametrize("kind", KINDS)
def test_generated_boards_have_one_answer_by_brute_force(kind):
    module, sizes, _ = KINDS[kind]
    for size in sizes:
        for seed in range(2):
            puzzle, answer = module.generate(size, seed=seed)
            assert module.check_rules(puzzle, answer) == [], (size, seed)
            assert len(module.solutions(puzzle, limit=2)) == 1, (size, seed)
            assert len(module.brute_force(puzzle, limit=2)) == 1, (size, seed)


@pytest.mark.parametrize("kind", KINDS)
def test_the_same_seed_gives_the_same_board(kind):
    module, sizes, _ = KINDS[kind]
    first, again, other = (module.generate(sizes[1], seed=seed) for seed in (3, 3, 4))
    assert first == again
    assert first.puzzle != other.puzzle


@pytest.mark.parametrize("kind", KINDS)
def test_no_unique_board_within_the_tries_is_a_puzzle_error(kind, monkeypatch):
    module, _, (size, seed) = KINDS[kind]
    monkeypatch.setattr(GENERATORS[kind], "REPAIRS", 0)  # planted draws only: the first has two answers
    with pytest.raises(PuzzleError, match="no unique .* in 1 tries"):
        module.generate(size, seed=seed, tries=1)


@pytest.mark.parametrize("kind", KINDS)
def test_bad_tries_and_seed_are_puzzle_errors(kind):
    module = KINDS[kind][0]
    with pytest.raises(PuzzleError, match="tries"):
        module.generate(None, tries=0)
    with pytest.raises(PuzzleError, match="seed"):
        module.generate(None, seed="x")


def test_star_battle_repairs_a_board_the_draw_left_with_two_answers():
    repaired = 0
    for seed in range(8):
        drawn, planted = sb.planted_puzzle(10, seed=seed * 100_003)  # generate's first draw for this seed
        if len(sb.solutions(drawn, limit=2)) < 2:
            continue
        puzzle, answer = sb.generate(10, seed=seed)
        if answer == planted:  # the first draw, repaired (not a later draw)
            assert puzzle != drawn and len(sb.brute_force(puzzle, limit=2)) == 1
            repaired += 1
    assert repaired >= 1


def test_monodot_repair_blocks_cells_the_planted_answer_leaves_empty():
    puzzle, answer = md.generate(7, seed=0)
    drawn, planted = md.planted_puzzle(7, seed=0)
    assert answer == planted and puzzle.dots == drawn.dots
    added = {(r, c) for r, row in enumerate(puzzle.grid) for c, ch in enumerate(row) if ch != drawn.grid[r][c]}
    assert added and not added & planted.occupied()


def test_v3ck_never_draws_cubic_graphs_all_of_whose_colourings_swap():
    """On a cubic graph with one edge of each colour per node, swapping two colours along a cycle that
    alternates them is another colouring: such a board is never unique, so generate keeps to random graphs."""
    puzzle, planted = vk.planted_puzzle(8, seed=0, graph="cubic")
    assert len(vk.solutions(puzzle, limit=2)) == 2
