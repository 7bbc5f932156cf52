"""Monodot: both models against the brute force on many small boards, the symmetry the aggregated
model removes, the options, and the reasons for infeasibility."""

from math import factorial
from collections import Counter

import pytest

from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.monodot import (
    MODELS, Puzzle, brute_force, build_model, check_rules, explain_infeasible, format_solution, planted_puzzle,
    random_puzzle, solutions, solve,
)

#: Boards whose bigm answers stay few enough to enumerate them all in a test.
MOST = 30


def small_boards():
    """Planted and random boards (3x3, 3x4, 4x3; some diagonal, some partial) whose answers are few."""
    found = []
    for seed in range(40):
        size = ((3, 3), (3, 4), (4, 3))[seed % 3]
        options = dict(diagonal=seed % 4 == 1, partial=seed % 5 == 2)
        maker = planted_puzzle if seed % 2 else (lambda s, seed, **kw: (random_puzzle(s, seed=seed, **kw), None))
        puzzle, _ = maker(size, seed=seed, **options)
        if len(brute_force(puzzle, limit=MOST + 1, model="bigm")) <= MOST:
            found.append(pytest.param(puzzle, id=f"seed{seed}-{size[0]}x{size[1]}"))
    return found


BOARDS = small_boards()


def test_enough_boards():
    assert len(BOARDS) >= 15


@pytest.mark.parametrize("puzzle", BOARDS)
def test_models_agree_with_brute_force(puzzle):
    for model in MODELS:
        truth = {format_solution(puzzle, s) for s in brute_force(puzzle, model=model)}
        found = solutions(puzzle, limit=MOST + 1, model=model, time_limit=60)
        assert all(check_rules(puzzle, s) == [] for s in found)
        assert {format_solution(puzzle, s) for s in found} == truth, model


@pytest.mark.parametrize("puzzle", BOARDS)
def test_aggregated_is_fewer_exactly_when_equal_dots_swap(puzzle):
    """bigm counts each occupancy once per assignment of the dots to its cells; aggregated once."""
    aggregated = solutions(puzzle, limit=MOST + 1, model="aggregated", time_limit=60)
    bigm = solutions(puzzle, limit=MOST + 1, model="bigm", time_limit=60)
    expected = 0
    for answer in aggregated:  # the assignments of each number's dots to its placed cells
        placed = Counter(v for v, cell in zip(puzzle.dots, answer.cells) if cell is not None)
        wanted = Counter(puzzle.dots)
        ways = 1
        for v, k in placed.items():
            ways *= factorial(wanted[v]) // factorial(wanted[v] - k)
        expected += ways
    assert len(bigm) == expected
    swaps = any(sum(1 for v, cell in zip(puzzle.dots, a.cells) if cell is not None and v == w) >= 2
                for a in aggregated for w in set(puzzle.dots))
    assert (len(bigm) > len(aggregated)) == swaps


def test_all_placed_bigm_count_is_the_factorials():
    puzzle, _ = planted_puzzle(3, seed=5)
    aggregated = brute_force(puzzle)
    multiplier = 1
    for k in Counter(puzzle.dots).values():
        multiplier *= factorial(k)
    assert len(brute_force(puzzle, model="bigm")) == len(aggregated) * multiplier


def test_pair_on_a_strip():
    puzzle = Puzzle.from_text("monodot\ndots 1 1\n...\n")
    assert len(solutions(puzzle, limit=10)) == 2                  # {0,1} and {1,2}
    assert len(solutions(puzzle, limit=10, model="bigm")) == 4    # each with the two dots swapped


@pytest.mark.parametrize("model", MODELS)
def test_seed_board_unique(model):
    puzzle = Puzzle.from_text(PUZZLE_TEXT)
    assert len(solutions(puzzle, limit=2, model="aggregated")) == 1
    assert check_rules(puzzle, solve(puzzle, model=model)) == []


PUZZLE_TEXT = "monodot\ndots 1 1 1 2 2 2 3 3 3 4 4\n..##\n....\n...#\n....\n"


def test_diagonal_joins_corners():
    puzzle = Puzzle.from_text("monodot\ndiagonal\ndots 3 3 3 3\n..\n..\n")
    assert check_rules(puzzle, ["33", "33"]) == []
    plain = Puzzle(puzzle.dots, puzzle.grid, diagonal=False)
    assert [f.code for f in check_rules(plain, ["33", "33"])] == ["wrong-degree"] * 4


def test_partial_lets_dots_stay_off():
    puzzle = Puzzle.from_text("monodot\npartial\ndots 1 1 4\n...\n")
    assert check_rules(puzzle, ["11."]) == []
    assert explain_infeasible(puzzle) is None
    assert len(brute_force(puzzle)) == 1 + 2  # none placed, or the two 1s side by side


@pytest.mark.parametrize("text, fragment", [
    ("monodot\ndots 1 2\n...\n", "add up to 3, an odd number"),
    ("monodot\ndots 4 2 1 1\n...\n...\n", "no free cell has more than 3"),
    ("monodot\ndots 3 3 3 3\n...\n...\n", "4 dots are numbered 3 or more"),
])
def test_explain_infeasible(text, fragment):
    puzzle = Puzzle.from_text(text)
    assert fragment in explain_infeasible(puzzle)
    with pytest.raises(NoSolution):
        solve(puzzle)
    assert brute_force(puzzle) == []


def test_bad_boards():
    with pytest.raises(PuzzleError, match="dot 0"):
        Puzzle((5,), ("...",))
    with pytest.raises(PuzzleError, match="ragged"):
        Puzzle((1, 1), ("...", ".."))
    with pytest.raises(PuzzleError, match="only 2 free cells"):
        Puzzle((1, 1, 1), (".#.",))
    with pytest.raises(PuzzleError, match="outside the 1x2 board"):
        check_rules(Puzzle((1, 1), ("..",)), [(0, 0), (5, 5)])


def test_bigm_uses_the_tight_m():
    puzzle = Puzzle.from_text("monodot\ndots 1 2\n...\n")
    problem, p = build_model(puzzle, "bigm")
    names = {c.name for c in problem.constraints()}
    # every cell has at most 2 neighbours: a 2 needs the lower if-then only (its upper M is 0)
    assert {"at_least_1_0_1", "at_most_0_0_1", "at_most_1_0_1"} <= names
    assert "at_most_1_0_0" not in names  # a 2 on an end cell: M = 1 - 2 < 0, (8) alone forbids it
    assert set(p) == {(d, (0, c)) for d in range(2) for c in range(3)}
