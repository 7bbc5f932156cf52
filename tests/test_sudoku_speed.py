"""Sudoku's SAT search (issue 29): the same answers as the integer program, the hardest boards, the time limit.

The default search of ``solve`` / ``solutions`` is the chapter's 0/1 model written as clauses
(``model_sat.py``); ``search="mip"`` is the integer program. Correctness first: on planted and
random boards of every variant, with one solution or several, both searches find the same number
of solutions (up to 2) and every answer keeps every rule; on 4x4 and 6x6 boards both agree with
brute force too.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

import puzzlelib.sudoku as sd
from puzzlelib.core import NoSolution, PuzzleError, SolverError

ROOT = Path(__file__).resolve().parents[1]

#: The hardest classic boards (also in benchmarks/bench_sudoku.py), each with one solution.
HARDEST = {
    "Platinum Blonde": ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    "Golden Nugget": ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    "Easter Monster": "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "AI Escargot": "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
}


def boards():
    """30 boards: planted ones of every variant and density (many with several solutions)."""
    out = []
    for seed in range(12):
        size = (4, 6, 9)[seed % 3]
        out.append(sd.random_puzzle(size, seed=seed, density=(0.2, 0.35, 0.5)[seed % 3],
                                    thermos=seed % 3, cages=(seed + 1) % 3, arrows=seed % 2))
    for seed in range(6):
        out.append(sd.random_puzzle(9, seed=100 + seed, density=0.25 + 0.05 * seed, thermos=0, cages=0, arrows=0))
    for seed in range(4):
        out.append(sd.generate(6, variant=("classic", "thermo", "killer", "classic")[seed], seed=seed,
                               progress=False).puzzle)
    for seed in range(4):
        out.append(sd.generate(9, variant=("classic", "thermo", "killer", "thermo")[seed], seed=seed,
                               progress=False).puzzle)
    rng = random.Random(7)
    for seed in range(4):  # arrows read off a grid, few givens: often several solutions
        grid = sd.random_grid(9, seed)
        arrows = sd.generators.random_arrows(grid, rng, 6)
        out.append(sd.Puzzle([[v if rng.random() < 0.4 else 0 for v in row] for row in grid], arrows=arrows))
    return out


def test_sat_and_mip_agree_on_30_boards():
    counts = []
    for puzzle in boards():
        sat = sd.solutions(puzzle, limit=2)
        mip = sd.solutions(puzzle, limit=2, search="mip")
        assert len(sat) == len(mip) >= 1, puzzle.to_text()
        assert all(sd.check_rules(puzzle, s) == [] for s in sat + mip)
        if len(sat) == 1:
            assert sat == mip
        else:
            assert sat[0] != sat[1]
        if puzzle.size <= 6:
            assert len(sd.brute_force(puzzle, limit=2)) == len(sat)
        counts.append(len(sat))
    assert counts.count(1) >= 5 and counts.count(2) >= 5  # both kinds of board are there


def test_the_hardest_classic_boards_are_proven_unique_quickly():
    for name, line in HARDEST.items():
        puzzle = sd.Puzzle.from_text(line)
        start = time.perf_counter()
        found = sd.solutions(puzzle, limit=2)
        assert len(found) == 1 and sd.verify(puzzle, found[0]) == [], name
        assert sd.solve(puzzle) == found[0]
        assert time.perf_counter() - start < 10, name  # a hang guard (0.02 s here); speed lives in benchmarks/


def test_search_argument_is_checked_and_every_path_lists_all_solutions():
    puzzle = sd.Puzzle([[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    with pytest.raises(PuzzleError, match="search"):
        sd.solutions(puzzle, search="dlx")
    with pytest.raises(SolverError, match="unknown solver"):  # refused on the SAT path too
        sd.solve(puzzle, solver="gurobi-please")
    everything = sd.solutions(puzzle, limit=1000)
    assert len(everything) == len(sd.brute_force(puzzle)) == len({s.grid for s in everything})
    full = sd.Puzzle([list(row) for row in sd.random_grid(4, 3)])
    assert sd.solutions(full, limit=2) == [sd.Solution(full.givens)]  # nothing to cut: one answer


def test_no_solution_is_explained_on_both_paths():
    # cell (0, 3) is given 1 ... and a thermometer forces (0, 0) < (0, 1) < (0, 2) < (0, 3) = 1
    puzzle = sd.Puzzle(["...1", "....", "....", "...."], thermos=[[(1, 0), (1, 1)]], cages=[(3, [(0, 0), (0, 1)])],
                       arrows=[])
    bad = sd.Puzzle(["1...", "....", "....", "...."], cages=[(3, [(0, 1), (1, 1)])])
    assert sd.solutions(bad, limit=2) == sd.solutions(bad, limit=2, search="mip") == []
    for search in ("sat", "mip"):
        with pytest.raises(NoSolution) as info:
            sd.solve(bad, search=search)
        assert "cages" in str(info.value.reason)
    assert len(sd.solutions(puzzle, limit=2)) == len(sd.solutions(puzzle, limit=2, search="mip"))


def test_the_sat_search_keeps_the_time_limit():
    puzzle = sd.empty(25)
    with pytest.raises(SolverError):
        sd.solutions(puzzle, limit=3, time_limit=1e-6)
    start = time.perf_counter()
    with pytest.raises(SolverError):
        sd.generate(25, seed=0, progress=False, time_limit=0.5)
    assert time.perf_counter() - start < 30  # the limit, plus one model build at most


# -- the generator ---------------------------------------------------------------------------------
def test_minimal_false_stops_digging_at_the_first_needed_given():
    for seed in range(3):
        full = sd.generate(9, seed=seed, progress=False)
        loose = sd.generate(9, seed=seed, minimal=False, progress=False)
        assert full.minimal and not loose.minimal
        assert loose.proof.unique and loose.solution == full.solution
        # the same digging, stopped earlier: every given of the minimal puzzle is one of the loose one's
        assert set(full.puzzle.given_cells().items()) < set(loose.puzzle.given_cells().items())
        assert len(sd.minimize(loose.puzzle, seed=seed).given_cells()) < len(loose.puzzle.given_cells())
        assert loose.solver_checks + loose.deduction_checks < 81


def test_sat_and_mip_generators_make_the_same_puzzle():
    for variant, seed in (("classic", 3), ("thermo", 4), ("killer", 5)):
        sat = sd.generate(6, variant=variant, seed=seed, progress=False)
        mip = sd.generate(6, variant=variant, seed=seed, progress=False, search="mip")
        assert sat.puzzle == mip.puzzle and sat.solver_checks == mip.solver_checks
    with pytest.raises(PuzzleError, match="search"):
        sd.generate(4, search="cp")


def test_16x16_and_25x25_boards_are_generated_unique_in_seconds():
    for size, minimal in ((16, True), (25, False)):  # 25x25: questions over budget keep their givens
        start = time.perf_counter()
        made = sd.generate(size, seed=1, progress=False)
        assert made.minimal is minimal and made.proof.unique
        assert len(made.puzzle.given_cells()) < 0.5 * size * size
        assert sd.verify(made.puzzle, made.solution) == []
        assert len(sd.solutions(made.puzzle, limit=2)) == 1
        assert time.perf_counter() - start < 120  # seconds here (2 s and 6 s); a hang guard


def test_minimal_false_on_a_25x25_stops_at_the_first_needed_given():
    loose = sd.generate(25, seed=0, minimal=False, progress=False)
    assert not loose.minimal and loose.proof.unique
    assert len(loose.puzzle.given_cells()) > len(sd.generate(25, seed=0, progress=False).puzzle.given_cells())


def test_a_16x16_generated_puzzle_is_minimal():
    made = sd.generate(16, seed=2, progress=False)
    rng = random.Random(0)
    for (r, c) in rng.sample(sorted(made.puzzle.given_cells()), 12):  # removing any given lets a second in
        rows = [list(row) for row in made.puzzle.givens]
        rows[r][c] = 0
        assert len(sd.solutions(made.puzzle.with_givens(rows), limit=2)) == 2


def test_the_benchmark_runs_quickly():
    if not (ROOT / "benchmarks" / "bench_sudoku.py").exists():
        pytest.skip("no benchmarks folder")
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_sudoku.py"), "--quick", "--no-cpsat",
                          "--no-mip"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Platinum Blonde" in out.stdout and "25x25" in out.stdout
