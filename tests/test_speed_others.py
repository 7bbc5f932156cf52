"""Issue 29 (the other puzzles): the SAT searches list exactly the integer programs' answers, and the
generators' arguments do what they say. Speed itself is measured in benchmarks/, not here."""

from __future__ import annotations

import pytest

from puzzlelib import binairo as bn
from puzzlelib.core import PuzzleError, SolverError


def grids(found):
    return sorted(s.grid for s in found)


# --------------------------------------------------------------------------------------------- #
# Binary Sudoku
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("n,density", [(4, 0.0), (6, 0.1), (6, 0.2), (8, 0.25), (10, 0.3)])
def test_binairo_sat_lists_the_brute_force_or_mip_answers(n, density):
    for seed in range(6):
        puzzle = bn.random_puzzle(n, seed=seed, density=density)
        sat = bn.solutions(puzzle, limit=6)
        assert all(not bn.verify(puzzle, s) for s in sat)
        assert len(set(grids(sat))) == len(sat)
        if n <= 6:
            truth = {s.grid for s in bn.brute_force(puzzle)}
            assert set(grids(sat)) <= truth and len(sat) == min(6, len(truth))
        else:
            mip = bn.solutions(puzzle, limit=6, search="mip")
            assert len(sat) == len(mip) and (len(sat) == 6 or grids(sat) == grids(mip))


def test_binairo_sat_and_mip_agree_on_uniqueness_of_planted_boards():
    for n in (8, 10, 12, 14):
        for seed in range(4):
            puzzle, planted = bn.planted_puzzle(n, seed=seed, density=0.3 + 0.1 * (seed % 3))
            sat, mip = bn.solutions(puzzle, limit=2), bn.solutions(puzzle, limit=2, model="lazy")
            assert len(sat) == len(mip)
            assert all(not bn.verify(puzzle, s) for s in sat)
            if len(sat) == 1:
                assert sat[0].grid == mip[0].grid == planted.grid


def test_binairo_search_default_follows_the_named_model_or_solver():
    puzzle = bn.Puzzle.from_text(bn.SEED_BOARD)
    assert bn.solving.search_of(None, bn.solving.MODEL_DEFAULT, None) == "sat"
    assert bn.solving.search_of(None, "lazy", None) == "mip"  # a named model is the integer program
    assert bn.solving.search_of(None, bn.solving.MODEL_DEFAULT, "highs") == "mip"
    with pytest.raises(PuzzleError, match="does not solve model='exact'"):  # never a named model ignored (issue 38)
        bn.solving.search_of("sat", "exact", None)
    assert bn.solving.search_of("sat", "lazy", None) == "sat"  # the default model's rules, as clauses
    with pytest.raises(PuzzleError, match="search"):
        bn.solutions(puzzle, search="cp")
    assert bn.solutions(puzzle, search="sat") == bn.solutions(puzzle, search="mip")


def test_binairo_sat_time_limit_is_honoured():
    puzzle = bn.empty(40)
    with pytest.raises(SolverError, match="time limit"):
        bn.solutions(puzzle, limit=10_000, time_limit=0.5)


def test_binairo_infeasible_board_has_no_solutions_on_either_search():
    puzzle = bn.Puzzle(["0110", "011.", "....", "...."])  # row 1 can only repeat row 0
    assert bn.solutions(puzzle) == [] == bn.solutions(puzzle, search="mip")


@pytest.mark.parametrize("model", [None, "lazy"])
def test_binairo_minimal_boards_are_unique_and_every_given_is_needed(model):
    for n, seed in ((6, 1), (8, 2), (10, 3)):
        puzzle, planted = bn.planted_puzzle(n, seed=seed, minimal=True, model=model)
        found = bn.solutions(puzzle, limit=2, search="mip")
        assert [s.grid for s in found] == [planted.grid]
        givens = [list(row) for row in puzzle.givens]
        for (r, c) in puzzle.given_cells():
            givens[r][c] = None
            assert len(bn.solutions(bn.Puzzle(givens), limit=2)) == 2, (n, seed, r, c)
            givens[r][c] = planted.grid[r][c]


def test_binairo_generator_arguments_do_what_they_say():
    loose, planted = bn.planted_puzzle(12, seed=5, density=0.1)
    assert len(loose.given_cells()) == round(0.1 * 144)
    assert all(planted.grid[r][c] == v for (r, c), v in loose.given_cells().items())
    unique, _ = bn.planted_puzzle(12, seed=5, density=0.1, unique=True)
    assert len(bn.solutions(unique, limit=2)) == 1
    assert loose.given_cells().items() <= unique.given_cells().items()
    minimal, _ = bn.planted_puzzle(12, seed=5, density=0.1, minimal=True)
    assert minimal.given_cells().items() < unique.given_cells().items()  # the unique board, dug
    assert len(bn.solutions(minimal, limit=2)) == 1
    assert bn.random_puzzle(12, seed=5, density=0.1, minimal=True) == minimal
    assert bn.planted_puzzle(12, seed=5, density=0.1, minimal=True)[0] == minimal  # same seed, same board
    with pytest.raises(PuzzleError, match="minimal"):
        bn.planted_puzzle(6, minimal=1)


# --------------------------------------------------------------------------------------------- #
# Aquarium
# --------------------------------------------------------------------------------------------- #
from puzzlelib import aquarium as aq  # noqa: E402
from puzzlelib.aquarium import solving as aq_solving  # noqa: E402


def test_aquarium_sat_lists_the_brute_force_answers():
    for n in (4, 5, 6):
        for seed in range(8):
            puzzle = aq.random_puzzle(n, seed=seed, hide=0.3 * (seed % 3))
            sat = aq.solutions(puzzle, limit=8)
            truth = {s.grid for s in aq.brute_force(puzzle)}
            assert all(not aq.verify(puzzle, s) for s in sat)
            assert {s.grid for s in sat} <= truth and len(sat) == min(8, len(truth)) == len(set(sat))


def test_aquarium_sat_and_mip_agree_on_planted_boards():
    """The default search (clauses with cardinality constraints) and the integer program agree."""
    for n in (8, 10, 12):
        for seed in range(4):
            puzzle = aq.random_puzzle(n, seed=seed)
            sat, mip = aq.solutions(puzzle, limit=3), aq.solutions(puzzle, limit=3, model="cells")
            assert len(sat) == len(mip) and len(set(sat)) == len(sat)
            assert all(not aq.verify(puzzle, s) for s in sat)
            if len(sat) < 3:
                assert set(sat) == set(mip)
    unique, planted = aq.generate(10, seed=2)
    assert aq.solutions(unique) == [planted] == aq.solutions(unique, search="mip")


def test_aquarium_search_argument():
    puzzle = aq.Puzzle.read(aq.SEED_BOARD)
    assert aq_solving.search_of(None, aq_solving.MODEL_DEFAULT, None) == "sat"
    assert aq_solving.search_of(None, "cells", None) == "mip"
    assert aq_solving.search_of(None, aq_solving.MODEL_DEFAULT, "cbc") == "mip"
    with pytest.raises(PuzzleError, match="search"):
        aq.solutions(puzzle, search="cp")
    assert aq.solutions(puzzle, search="sat") == aq.solutions(puzzle, search="mip")


# --------------------------------------------------------------------------------------------- #
# Match 22
# --------------------------------------------------------------------------------------------- #
from puzzlelib import match22 as m22  # noqa: E402
from puzzlelib.match22 import solving as m22_solving  # noqa: E402
from puzzlelib.match22.reduced import propagate  # noqa: E402


def turn_sets(found):
    return sorted(tuple(sorted(s.turns.items())) for s in found)


def test_match22_reduced_lists_the_brute_force_optimal_answers():
    for size in (2, 3, (2, 4)):
        for seed in range(8):
            puzzle = m22.random_puzzle(size, seed=seed, colours=1 + seed % 4, holes=0.1 * (seed % 3))
            found = m22.solutions(puzzle, limit=50)
            truth = m22.brute_force(puzzle)
            assert all(not m22.verify(puzzle, s) for s in found)
            assert turn_sets(found) == turn_sets(truth)[:50]


def test_match22_reduced_and_full_model_agree_on_planted_boards():
    for n in (6, 10, 14):
        for seed in range(4):
            puzzle = m22.random_puzzle(n, seed=seed, colours=2 + seed % 3)
            reduced, full = m22.solutions(puzzle, limit=3), m22.solutions(puzzle, limit=3, model="hartmann")
            assert len(reduced) == len(full) and {s.moves for s in reduced} == {s.moves for s in full}
            assert all(not m22.verify(puzzle, s) for s in reduced)
            if len(reduced) < 3:
                assert turn_sets(reduced) == turn_sets(full)
    appendix = m22.Puzzle.from_hartmann(m22.HARTMANN_D, m22.HARTMANN_H, m22.HARTMANN_V)
    assert [s.turns for s in m22.solutions(appendix, limit=5)] == [s.turns for s in m22.solutions(appendix, limit=5, search="mip")]


def test_match22_propagation_edge_cases():
    lonely = m22.Puzzle([[(1, 2, 3, 4)]])  # no neighbour: every turn open, the optimum turns none
    assert [s.turns for s in m22.solutions(lonely, limit=5)] == [{1: 0}]
    clash = m22.Puzzle([[(1, 1, 1, 1), (2, 2, 2, 2)]])  # no colour in common
    assert propagate(clash) is None and m22.solutions(clash) == [] == m22.solutions(clash, search="mip")
    settled = m22.Puzzle([[(1, 2, 3, 4), (4, 4, 4, 4)]])  # one way for the first disk: right side 4
    assert m22.solutions(settled, limit=5) == m22.solutions(settled, limit=5, search="mip")
    assert m22_solving.search_of(None, m22_solving.MODEL_DEFAULT, None) == "reduced"
    assert m22_solving.search_of(None, "hartmann", None) == "mip"
    with pytest.raises(PuzzleError, match="search"):
        m22.solutions(lonely, search="sat")


# --------------------------------------------------------------------------------------------- #
# Infinity Loop
# --------------------------------------------------------------------------------------------- #
from puzzlelib import infinityloop as il  # noqa: E402
from puzzlelib.infinityloop import solving as il_solving  # noqa: E402


def pictures(found):
    return sorted(s.grid for s in found)


def test_infinityloop_reduced_lists_the_brute_force_pictures():
    for size in (3, 4, (3, 5)):
        for seed in range(8):
            puzzle = il.random_puzzle(size, seed=seed, density=0.3 + 0.1 * (seed % 5))
            found = il.solutions(puzzle, limit=30)
            assert all(not il.verify(puzzle, s) for s in found)
            assert pictures(found) == sorted({s.grid for s in il.brute_force(puzzle)})[:30] or len(found) == 30
            assert len(found) == min(30, len({s.grid for s in il.brute_force(puzzle)}))


def test_infinityloop_reduced_and_full_model_agree_on_planted_boards():
    for n in (8, 12, 16):
        for seed in range(4):
            puzzle = il.random_puzzle(n, seed=seed, density=0.4 + 0.1 * seed)
            reduced, full = il.solutions(puzzle, limit=3), il.solutions(puzzle, limit=3, model="hartmann")
            assert len(reduced) == len(full) and all(not il.verify(puzzle, s) for s in reduced)
            if len(reduced) < 3:
                assert pictures(reduced) == pictures(full)
                assert sorted(s.moves for s in reduced) == sorted(s.moves for s in full)


def test_infinityloop_search_argument_and_dead_ends():
    stuck = il.Puzzle([[1]])  # a dead end on a 1x1 board points off the board however it turns
    assert il.solutions(stuck) == [] == il.solutions(stuck, search="mip")
    assert il_solving.search_of(None, il_solving.MODEL_DEFAULT, None) == "reduced"
    assert il_solving.search_of(None, "hartmann", None) == "mip"
    with pytest.raises(PuzzleError, match="search"):
        il.solutions(stuck, search="sat")
    tree = il.random_puzzle(5, seed=3, tree=True, unique=True)
    assert len(il.solutions(tree, limit=2, model="connected")) == 1


# --------------------------------------------------------------------------------------------- #
# Every generator argument does what it says
# --------------------------------------------------------------------------------------------- #
from puzzlelib import thermometer as th  # noqa: E402


def test_aquarium_generator_arguments():
    for seed in range(5):
        puzzle, planted = aq.planted_puzzle((7, 9), seed=seed, max_size=4)
        assert puzzle.shape == (7, 9) and max(len(t) for t in puzzle.tanks) <= 4
        assert not aq.verify(puzzle, planted)
    assert max(len(t) for t in aq.planted_puzzle(8, seed=1, max_size=1)[0].tanks) == 1
    hidden = aq.planted_puzzle(12, seed=3, hide=0.5)[0]
    assert 0 < sum(v is None for v in hidden.rows + hidden.cols) < 24
    assert all(v is None for v in aq.planted_puzzle(6, seed=3, hide=1)[0].rows)
    assert aq.random_puzzle(9, seed=4, max_size=3, hide=0.2) == aq.planted_puzzle(9, seed=4, max_size=3, hide=0.2)[0]
    unique, planted = aq.generate(8, seed=2, max_size=5)
    assert max(len(t) for t in unique.tanks) <= 5 and aq.solutions(unique, limit=2) == [planted]
    with pytest.raises(PuzzleError, match="tries"):
        aq.generate(8, seed=1, max_size=1, tries=2, merge=False)  # one-cell tanks: never unique, said by name


def test_match22_generator_arguments():
    puzzle, planted = m22.planted_puzzle((3, 7), seed=1, holes=0.5, colours=2)
    assert puzzle.shape == (3, 7) and not m22.verify(puzzle, planted)
    assert {c for row in puzzle.grid for d in row if d for c in d} <= {1, 2}
    assert m22.planted_puzzle(10, seed=1, holes=0)[0].n == 100
    assert 30 < m22.planted_puzzle(10, seed=1, holes=0.5)[0].n < 70
    assert m22.planted_puzzle(4, seed=2, holes=0.99)[0].n >= 1  # the board keeps one disk
    assert m22.random_puzzle(5, seed=3, colours=3) == m22.planted_puzzle(5, seed=3, colours=3)[0]


def test_infinityloop_generator_arguments():
    sparse, dense = il.planted_puzzle(10, seed=1, density=0.2)[0], il.planted_puzzle(10, seed=1, density=0.8)[0]
    assert len(sparse.cells()) < len(dense.cells())
    puzzle, planted = il.planted_puzzle((6, 9), seed=2, tree=True)
    assert puzzle.shape == (6, 9) and not il.verify(puzzle, planted)
    assert len(il.solutions(puzzle, limit=1, model="connected")) == 1  # the planted picture is one piece
    unique = il.generate(6, seed=3).puzzle
    assert len(il.solutions(unique, limit=2)) == 1 == len(il.solutions(unique, limit=2, search="mip"))
    assert il.random_puzzle(6, seed=3, unique=True) == unique
    one_piece = il.generate(5, seed=1, tree=True).puzzle
    assert len(il.solutions(one_piece, limit=2, model="connected")) == 1
    with pytest.raises(PuzzleError, match="tries"):
        il.generate(12, seed=1, tries=1)  # the first 12x12 drawn has two pictures


def test_thermometer_generator_arguments():
    lengths = []
    for seed in range(30):
        puzzle, planted = th.planted_puzzle((6, 8), seed=seed, max_len=3, bend=0.5)
        assert puzzle.shape == (6, 8) and not th.verify(puzzle, planted)
        lengths += [len(t) for t in puzzle.thermometers]
    # 2 to max_len cells as drawn; a stranded cell joining a neighbour can make one max_len + 1 long
    assert min(lengths) >= 2 and max(lengths) <= 4 and lengths.count(4) < len(lengths) // 10

    def bent(cells):
        return len({r for r, _ in cells}) > 1 and len({c for _, c in cells}) > 1

    straight = sum(bent(t) for s in range(10) for t in th.planted_puzzle(10, seed=s, bend=0)[0].thermometers)
    curly = sum(bent(t) for s in range(10) for t in th.planted_puzzle(10, seed=s, bend=1)[0].thermometers)
    assert straight < curly
    g = th.generate(6, seed=2, max_len=4, progress=False)
    assert g.proof.unique and len(th.solutions(g.puzzle, limit=2)) == 1
    with pytest.raises(SolverError, match="time limit"):
        th.generate(12, seed=1, progress=False, time_limit=0.01)


# --------------------------------------------------------------------------------------------- #
# The benchmarks' quick runs print their tables with the CP-SAT column (each under 20 s)
# --------------------------------------------------------------------------------------------- #
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("script,expect", [
    ("bench_match22.py", "default: median"),
    ("bench_infinityloop.py", "generator: median"),
    ("bench_binairo.py", "generator: median"),
    ("bench_aquarium.py", "generator: median"),
])
def test_quick_benchmark_prints_the_cpsat_column(script, expect):
    pytest.importorskip("ortools")
    result = subprocess.run([sys.executable, str(BENCHMARKS / script), "--quick"], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "CP-SAT" in result.stdout and expect in result.stdout and "WRONG" not in result.stdout


def test_binairo_random_grid_draws_every_size_up_to_the_largest():
    """The cell-by-cell draw failed on a 36x36 (seed 1); from SAT_GRID_FROM on the SAT search draws."""
    from puzzlelib.binairo.generators import MAX_RANDOM, SAT_GRID_FROM, random_grid

    assert SAT_GRID_FROM > 18  # chapter 3's boards (10x10 to 18x18) keep the cell-by-cell draw
    grids = {random_grid(n, seed) for n in (SAT_GRID_FROM, MAX_RANDOM) for seed in (1, 2)}
    assert len(grids) == 4 and all(not bn.verify(bn.empty(len(g)), g) for g in grids)
    assert random_grid(SAT_GRID_FROM, 1) == random_grid(SAT_GRID_FROM, 1)  # the same seed, the same grid
