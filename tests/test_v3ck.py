"""V3ck beyond the shared cases: the models against the brute force on many boards, the two models
against each other, the Petersen graph (no 3-edge-colouring), and the counts' parity argument."""

from __future__ import annotations

import random

import pytest

from puzzlelib import v3ck
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.v3ck import PETERSEN, Puzzle, brute_force, planted_puzzle, solutions

LIMIT = 50


def scrambled(puzzle: Puzzle, seed: int) -> Puzzle:
    """The same graph with random counts at each node (adding up to its degree): often no colouring."""
    rng = random.Random(seed)
    degree = puzzle.degrees()
    nodes = []
    for node in puzzle.nodes:
        counts = [0] * len(puzzle.colours)
        for _ in range(degree[node.name]):
            counts[rng.randrange(len(counts))] += 1
        nodes.append((node.name, node.x, node.y, counts))
    return Puzzle(puzzle.colours, nodes, puzzle.edges)


def answers(puzzle: Puzzle, model: str) -> set:
    return {s.colours for s in solutions(puzzle, limit=LIMIT, model=model, time_limit=60)}


def truth(puzzle: Puzzle, model: str = "edges") -> set:
    return {s.colours for s in brute_force(puzzle, limit=LIMIT, model=model)}


@pytest.mark.parametrize("seed", range(12))
def test_the_model_agrees_with_brute_force_on_planted_boards(seed):
    puzzle, planted = planted_puzzle(5 + seed % 4, seed=seed)
    found = truth(puzzle)
    assert planted.colours in found
    assert answers(puzzle, "edges") == found


@pytest.mark.parametrize("seed", range(12))
def test_the_model_agrees_with_brute_force_on_random_counts(seed):
    puzzle = scrambled(planted_puzzle(6 + seed % 3, seed=100 + seed)[0], seed)
    assert answers(puzzle, "edges") == truth(puzzle)


@pytest.mark.parametrize("seed", range(6))
def test_the_two_models_agree_on_cubic_boards(seed):
    """One of each colour at every node: the symmetric model keeps one colouring of every 3! renamings."""
    puzzle, planted = planted_puzzle(6 + 2 * (seed % 2), seed=seed, graph="cubic")
    assert v3ck.interchangeable(puzzle) and v3ck.symmetry_fix(puzzle)
    full, fixed = truth(puzzle), truth(puzzle, "symmetric")
    assert len(full) == 6 * len(fixed) and fixed <= full and planted.colours in full
    assert answers(puzzle, "edges") == full
    assert answers(puzzle, "symmetric") == fixed


@pytest.mark.parametrize("seed", range(6))
def test_the_two_models_agree_on_random_boards(seed):
    """Where the colours are not interchangeable the symmetric model fixes nothing: the same answers."""
    puzzle = planted_puzzle(7, seed=seed)[0]
    assert answers(puzzle, "symmetric") == answers(puzzle, "edges") == truth(puzzle)


def test_the_petersen_graph_has_no_3_edge_colouring():
    puzzle = Puzzle.from_text(PETERSEN)
    assert len(puzzle.nodes) == 10 and len(puzzle.edges) == 15 and set(puzzle.degrees().values()) == {3}
    assert brute_force(puzzle) == []
    assert v3ck.explain_infeasible(puzzle) is None  # the counts alone do not show it
    for model in v3ck.MODELS:
        assert solutions(puzzle, limit=2, model=model) == []
        with pytest.raises(NoSolution):
            v3ck.solve(puzzle, model=model)


def test_odd_counts_are_explained_before_any_solver_runs():
    text = "v3ck\ncolours r g\nnode a 0 0 r=1 g=1\nnode b 2 0 r=1 g=1\nnode c 1 1 r=1 g=1\nedge a b\nedge b c\nedge c a\n"
    with pytest.raises(NoSolution, match="colour r add up to 3, an odd number"):
        v3ck.solve(Puzzle.from_text(text))


def test_the_seed_board_is_unique_and_its_answer_verifies():
    puzzle = v3ck.PUZZLE.seed_puzzle()
    found = solutions(puzzle, limit=2)
    assert len(found) == 1 and v3ck.verify(puzzle, found[0]) == []
    assert " ".join(found[0].colours) == "r g b r r r g b g"


def test_constructor_takes_counts_as_mappings_or_sequences_and_names_faults():
    a = Puzzle(["r", "g"], [("a", 0, 0, {"r": 1}), ("b", 1, 0, [1, 0])], [("a", "b")])
    assert a.to_text() == "v3ck\ncolours r g\nnode a 0 0 r=1\nnode b 1 0 r=1\nedge a b\n"
    for nodes, message in (([("a", 0, 0, {"r": -1}), ("b", 1, 0, [1, 0])], "below the smallest"),
                           ([("a", 0, 0, {"r": 1.5}), ("b", 1, 0, [1, 0])], "whole number"),
                           ([("a", float("inf"), 0, {"r": 1}), ("b", 1, 0, [1, 0])], "finite"),
                           ([("a", 0, 0, {"q": 1}), ("b", 1, 0, [1, 0])], "not one of the colours")):
        with pytest.raises(PuzzleError, match=message):
            Puzzle(["r", "g"], nodes, [("a", "b")])


def test_cubic_boards_need_an_even_size():
    with pytest.raises(PuzzleError, match="even"):
        planted_puzzle(7, graph="cubic")
