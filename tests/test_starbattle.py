"""Star Battle: the chapter's board, the corpus (solved, compared with the source's solution where it
has one, and proven unique by a no-good cut, with both models), the two models against each other
and the brute force, the generators and the errors that name their cell (the exercise checks are in
test_starbattle_checks.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pulp
import pytest

from puzzlelib import starbattle as sb
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.engine import solve_model

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "starbattle.json"
SEED_ANSWER = [".*....", "...*..", ".....*", "..*...", "....*.", "*....."]


def test_the_seed_board_has_pzprjs_answer_under_every_model():
    puzzle = sb.PUZZLE.seed_puzzle()
    for model in sb.MODELS:
        found = sb.solutions(puzzle, limit=2, model=model)
        assert [sb.format_solution(puzzle, s).split("\n") for s in found] == [SEED_ANSWER], model
    assert sb.brute_force(puzzle) == found
    assert puzzle.to_puzzlink() == "https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou"  # pzprjs' debug URL


# -- the corpus ----------------------------------------------------------------------------------
def corpus():
    if not CORPUS.exists():
        return []
    return json.loads(CORPUS.read_text())


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside the project")
def test_corpus_has_fifteen_boards():
    records = corpus()
    assert len(records) == 15
    assert sum(r["solution"] is not None for r in records) == 9


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside the project")
@pytest.mark.parametrize("index", range(15))
def test_corpus_board_is_solved_unique_and_right(index):
    # by the default search (the clauses); each named model's integer program is held to the same
    # answers in tests/test_starbattle_models.py (before issue 38 a named model here ran the clauses too)
    record = corpus()[index]
    decoded = record["decoded"]
    puzzle = sb.Puzzle(decoded["regions"], decoded["stars"])
    found = sb.solutions(puzzle, limit=2, time_limit=60)
    assert len(found) == 1, record["id"]  # the no-good cut leaves nothing: unique
    known = record["solution"] or record["computed_solution"]
    assert sb.format_solution(puzzle, found[0]).split("\n") == known, record["id"]
    assert sb.verify(puzzle, found[0]) == []
    assert sb.Puzzle.from_text(puzzle.to_text()) == puzzle
    assert sb.Puzzle.from_puzzlink(puzzle.to_puzzlink()) == puzzle


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside the project")
def test_the_pzprjs_record_is_the_seed_board():
    record = next(r for r in corpus() if r["id"].startswith("pzprjs"))
    assert sb.Puzzle(record["decoded"]["regions"], record["decoded"]["stars"]) == sb.PUZZLE.seed_puzzle()


# -- the models ----------------------------------------------------------------------------------
def test_models_have_the_constraints_of_the_chapter():
    puzzle = sb.PUZZLE.seed_puzzle()
    pairs, _ = sb.build_model(puzzle, "pairs")
    blocks, _ = sb.build_model(puzzle, "blocks")
    n = 6
    touching = 2 * n * (n - 1) + 2 * (n - 1) ** 2  # across, down, and the two diagonals
    pair_names = [c.name for c in pairs.constraints()]
    block_names = [c.name for c in blocks.constraints()]
    assert len(pair_names) == 3 * n + touching
    assert len(block_names) == 3 * n + (n - 1) ** 2
    assert {"row_0", "col_5", "region_5", "apart_0_0_1_1", "apart_0_1_1_0"} <= set(pair_names)
    assert "block_4_4" in block_names


def test_blocks_bound_is_no_weaker_than_pairs():
    """The 2x2 windows are clique inequalities of the pairs: the LP relaxation can only shrink."""
    for seed in range(3):
        puzzle = sb.random_puzzle(8, seed=seed)
        values = {}
        for model in sb.MODELS:
            problem, x = sb.build_model(puzzle, model)
            problem.sense = pulp.LpMaximize
            problem.setObjective(pulp.lpSum((r * 8 + c) % 7 * v for (r, c), v in x.items()))
            solve_model(problem, relax=True)
            values[model] = pulp.value(problem.objective)
        assert values["blocks"] <= values["pairs"] + 1e-6


@pytest.mark.parametrize("seed", range(4))
def test_models_agree_with_brute_force_on_two_star_boards(seed):
    puzzle, planted = sb.planted_puzzle(10, seed=seed)
    assert puzzle.stars == 2 and sb.check_rules(puzzle, planted) == []
    truth = {s.grid for s in sb.brute_force(puzzle, limit=5)}
    assert planted.grid in truth
    for model in sb.MODELS:
        assert {s.grid for s in sb.solutions(puzzle, limit=5, model=model)} == truth, model


# -- generators ----------------------------------------------------------------------------------
def test_planted_boards_are_deterministic_and_keep_every_rule():
    for n, k in ((4, 1), (8, 1), (12, 2), (14, 3)):
        puzzle, planted = sb.planted_puzzle(n, seed=5, stars=k)
        assert puzzle.shape == (n, n) and puzzle.stars == k and len(puzzle.cells) == n
        assert sb.check_rules(puzzle, planted) == []
        assert sb.planted_puzzle(n, seed=5, stars=k)[0].to_text() == puzzle.to_text()


def test_most_small_planted_boards_are_unique():
    # homework draws planted boards until one is unique: most must be
    unique = sum(len(sb.brute_force(sb.random_puzzle(6, seed=s), limit=2)) == 1 for s in range(20))
    assert unique >= 12


def test_generators_refuse_impossible_sizes():
    for size, kw, message in ((3, {}, "take 4 or more"), (6, {"stars": 2}, "too many"), ((6, 7), {}, "square")):
        with pytest.raises(PuzzleError, match=message):
            sb.planted_puzzle(size, **kw)
    assert sb.planted_puzzle(1)[1].grid == ((1,),)


# -- errors and reasons --------------------------------------------------------------------------
def test_bad_boards_name_the_fault():
    with pytest.raises(PuzzleError, match=r"region 'x': cells \(0, 0\) and \(1, 1\) are not connected"):
        sb.Puzzle([["x", "y", "y", "y"], ["y", "x", "y", "y"], ["z"] * 4, ["w"] * 4])
    with pytest.raises(PuzzleError, match="5 regions on a 4x4 board"):
        sb.Puzzle([[0, 0, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3], [4, 4, 4, 4]])
    with pytest.raises(PuzzleError, match="stars"):
        sb.Puzzle([[0]], stars=True)
    with pytest.raises(PuzzleError, match="answer: row 0, column 1"):
        sb.check_rules(sb.PUZZLE.seed_puzzle(), [".x....", *SEED_ANSWER[1:]])


def test_a_region_too_small_for_k_stars_is_the_reason():
    regions = ["aabbbbbbbb", "abbbbbbbbb", "cccccccccc", "dddddddddd", "eeeeeeeeee",
               "ffffffffff", "gggggggggg", "hhhhhhhhhh", "iiiiiiiiii", "jjjjjjjjjj"]
    puzzle = sb.Puzzle([list(row) for row in regions], 2)
    assert "region a (3 cells) cannot hold 2 stars" in sb.explain_infeasible(puzzle)
    with pytest.raises(NoSolution, match="region a"):
        sb.solve(puzzle)
