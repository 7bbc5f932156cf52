"""Issue 40: hints that are proofs. On random partial answers of generated (planted, proven unique)
boards every hinted value is the one answer's, and its proof checks by arithmetic alone
(``check_hint``: the propagation steps replayed, or the Farkas weights checked exactly; no solver).
A partial answer that breaks a rule gets the rule; one with a wrong cell gets the mistake."""

from __future__ import annotations

import random

import pytest

from puzzlelib import registry
from puzzlelib.classroom import hints

KINDS = sorted(hints.CELLS)
SIZES = {"thermometer": 6, "binairo": 6, "aquarium": 6, "starbattle": 6, "sudoku": 4, "kakuro": 5,
         "infinityloop": 5, "flowfree": 6, "knightmoves": 5, "match22": 3, "monodot": 4, "circuit": 6,
         "slider": 6, "v3ck": 6}


def right_cells(table, generated):
    _, _, cells, _ = hints.setup(table, generated.puzzle)
    return hints.answer_cells(table.kind, generated.solution, cells, generated.puzzle)


@pytest.mark.parametrize("kind", KINDS)
def test_hints_on_random_partials_are_right_and_check_without_a_solver(kind):
    table = registry.table(kind)
    rng = random.Random(kind)
    for seed in (1000, 1001):
        g = table.generate(SIZES[kind], seed=seed)
        right = right_cells(table, g)
        for share in (0.0, 0.3, 0.6):
            partial = {c: v for c, v in right.items() if rng.random() < share}
            got = hints.hint(g.puzzle, partial, answer=g.solution)
            if got.kind == "solved":
                continue
            assert got.kind == "cell", got
            assert got.value == right[got.cell] and got.cell not in partial
            assert hints.check_hint(g.puzzle, partial, got) == []
            assert got.method in ("propagation", "lp", "search") and got.reason


@pytest.mark.parametrize("kind", KINDS)
def test_hints_play_a_board_to_the_end(kind):
    table = registry.table(kind)
    g = table.generate(SIZES[kind], seed=7)
    right = right_cells(table, g)
    partial: dict = {}
    for _ in range(len(right) + 1):
        got = hints.hint(g.puzzle, partial, answer=g.solution)
        if got.kind == "solved":
            break
        assert got.kind == "cell" and got.value == right[got.cell]
        assert hints.check_hint(g.puzzle, partial, got) == []
        partial[got.cell] = got.value
    else:  # pragma: no cover
        pytest.fail("the hints did not finish the board")


def test_a_forged_proof_is_refused():
    table = registry.table("thermometer")
    g = table.generate(6, seed=3)
    got = hints.hint(g.puzzle, {}, answer=g.solution)
    assert got.method == "propagation"
    forged = hints.Hint("cell", got.cell, 1 - got.value, got.method, got.reason, got.rules, got.cells, got.steps)
    assert hints.check_hint(g.puzzle, {}, forged)
    if got.steps:
        s = got.steps[-1]
        bent = hints.Step(s.row, s.column, s.side, s.bound + (1 if s.side == "lower" else -1))
        assert hints.check_hint(g.puzzle, {}, hints.Hint("cell", got.cell, got.value, "propagation",
                                                         steps=got.steps[:-1] + (bent,)))


def test_the_lp_step_and_its_farkas_weights():
    """Propagation stalls on this Sudoku (two hidden pairs); the LP's dual settles a cell."""
    sd = registry.load("sudoku")
    # Norvig's hardest list, first puzzle (public; github.com/dimitri/sudoku)
    p = sd.Puzzle.read("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.", "line")
    answer = sd.solve(p)
    partial, methods = {}, set()
    while True:
        got = hints.hint(p, partial, answer=answer)
        if got.kind == "solved":
            break
        assert got.value == answer.grid[got.cell[0]][got.cell[1]]
        if got.method == "lp":
            assert got.weights and hints.check_hint(p, partial, got) == []
            bad = dict(got.weights)
            bad[next(iter(bad))] = 0
            assert hints.check_hint(p, partial, hints.Hint("cell", got.cell, got.value, "lp", weights=bad))
        methods.add(got.method)
        partial[got.cell] = got.value
    assert "lp" in methods


def test_a_broken_rule_and_a_mistake():
    table = registry.table("starbattle")
    g = table.generate(6, seed=2)
    r, c = next((r, c) for r, row in enumerate(g.solution.grid) for c, v in enumerate(row) if v)
    beside = (r, c + 1) if c + 1 < 6 else (r, c - 1)
    broken = hints.hint(g.puzzle, {(r, c): 1, beside: 1}, answer=g.solution)
    assert broken.kind == "broken" and broken.rules and (r, c) in broken.cells
    mistake = hints.hint(g.puzzle, {(r, c): 0}, answer=g.solution)
    assert mistake.kind == "mistake" and mistake.cells == ((r, c),)


def test_a_grid_partial_and_bad_values():
    table = registry.table("binairo")
    g = table.generate(6, seed=1)
    grid = [[None] * 6 for _ in range(6)]
    got = hints.hint(g.puzzle, grid, answer=g.solution)
    assert got.kind == "cell"
    with pytest.raises(Exception, match="cannot go"):
        hints.hint(g.puzzle, {(0, 0): 7})
    with pytest.raises(Exception, match="no cell holds"):
        hints.hint(g.puzzle, {(0, 0): 1.0})


def test_a_board_with_two_answers_gets_only_forced_cells():
    """Without a unique answer no mistake is named from one answer and no search value is hinted."""
    table = registry.table("binairo")
    empty = table.Puzzle([[None] * 4 for _ in range(4)])
    got = hints.hint(empty, {})
    assert got.kind == "none" or (got.kind == "cell" and got.method in ("propagation", "lp"))
    one_answer = table.solve(empty)
    partial = {(0, c): one_answer.grid[0][c] for c in range(4)}
    got = hints.hint(empty, partial)
    assert got.kind in ("cell", "none") and got.method != "search"
    if got.kind == "cell":
        assert hints.check_hint(empty, partial, got) == []


def test_every_puzzle_of_the_registry_has_hints():
    """A new puzzle folder is not finished until hint_cells.py says what its cells are."""
    assert set(hints.CELLS) == set(registry.kinds())
    assert set(SIZES) == set(registry.kinds())


@pytest.mark.parametrize("kind", ["circuit", "slider", "match22"])
def test_the_optimisation_puzzles_hint_among_optimal_answers(kind):
    """The row 'optimum' (objective at most the answer's) is part of the proof: a hint that uses it
    checks with it, and its proof fails without it."""
    import dataclasses

    table = registry.table(kind)
    used = 0
    for seed in range(11, 21):
        g = table.generate(SIZES[kind], seed=seed)
        got = hints.hint(g.puzzle, {}, answer=g.solution)
        assert got.kind == "cell" and got.optimum is not None
        assert hints.check_hint(g.puzzle, {}, got) == []
        if "optimum" in got.rules:
            used += 1
            assert hints.check_hint(g.puzzle, {}, dataclasses.replace(got, optimum=None))
    assert used
