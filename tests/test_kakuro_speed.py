"""Kakuro's search on clauses (issue 29): the same answers as the integer program, every answer checked
by the rules, the time limit kept, large boards in seconds, and the generator's boards unchanged."""

import hashlib
import json
import time
from pathlib import Path

import pytest

from puzzlelib import kakuro as kk
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError
from puzzlelib.kakuro.model_sat import SatModel
from puzzlelib.kakuro.rules import narrow_sets

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "kakuro.json"
PZPRJS_URL = "https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3"
#: Planted boards of both searches: small ones (often unique), and a few of chapter 8's sizes.
AGREEMENT = [(n, seed) for n in (3, 4, 5) for seed in range(12)] + [(n, seed) for n in (6, 8, 10) for seed in range(4)]


def answers(puzzle, **kw):
    found = kk.solutions(puzzle, **kw)
    assert all(kk.check_rules(puzzle, s) == [] for s in found)
    return found


@pytest.mark.parametrize("n, seed", AGREEMENT)
def test_sat_and_mip_agree_on_planted_boards(n, seed):
    puzzle = kk.random_puzzle(n, seed=seed)
    by_sat = answers(puzzle, limit=2, search="sat")
    by_mip = answers(puzzle, limit=2, search="mip")
    assert len(by_sat) == len(by_mip) >= 1
    if len(by_sat) == 1:
        assert by_sat == by_mip


def unique_boards():
    """Boards with one filling: random planted boards have two or more, so these are made for people."""
    boards = [kk.Puzzle.from_text(kk.SEED_BOARD), kk.Puzzle.from_puzzlink(PZPRJS_URL)]
    if CORPUS.exists():
        boards += [kk.Puzzle(record["decoded"]["cells"]) for record in json.loads(CORPUS.read_text())]
    return boards


@pytest.mark.parametrize("puzzle", unique_boards(), ids=lambda p: f"{p.shape[0]}x{p.shape[1]}")
def test_sat_and_mip_agree_on_unique_boards(puzzle):
    by_sat = answers(puzzle, limit=2, search="sat")
    assert len(by_sat) == 1 and by_sat == answers(puzzle, limit=2, search="mip", time_limit=120)


@pytest.mark.parametrize("seed", [0, 1, 3, 4, 5, 6, 7])
def test_every_filling_listed_by_both(seed):
    """3x3 boards of 4 to 37 fillings: both searches list all of them, as the brute force does."""
    puzzle = kk.random_puzzle(3, seed=seed)
    by_sat = {s.grid for s in answers(puzzle, limit=100, search="sat")}
    by_mip = {s.grid for s in answers(puzzle, limit=100, search="mip")}
    assert by_sat == by_mip == {s.grid for s in kk.brute_force(puzzle)}


def test_default_search_is_sat_unless_the_chapters_model_is_asked_for():
    board = kk.Puzzle.from_text(kk.SEED_BOARD)
    assert kk.solutions(board) == kk.solutions(board, search="sat") == kk.solutions(board, narrow=False)
    assert kk.solve(board) == kk.solve(board, search="mip") == kk.solve(board, narrow=False, search="sat")
    with pytest.raises(PuzzleError, match="search: 'cp' is not one of"):
        kk.solutions(board, search="cp")
    with pytest.raises(SolverError, match="unknown solver"):
        kk.solutions(board, solver="glpk")


def test_no_answer_on_either_search():
    blocked = kk.Puzzle([["#", "4\\", "3\\"], ["\\3", ".", "."], ["\\3", ".", "."]])
    assert kk.solutions(blocked, search="sat") == [] == kk.solutions(blocked, search="mip")
    with pytest.raises(NoSolution, match="no filling keeps every rule"):
        kk.solve(blocked, search="sat")
    # narrowing alone does not see it: the clauses must
    domains, sets = narrow_sets(blocked)
    sat = SatModel(blocked, domains, sets)
    try:
        assert sat.solve(None) is None
    finally:
        sat.close()


def test_time_limit_is_kept_on_clauses():
    big = kk.random_puzzle(40, seed=1, black=0.3)
    with pytest.raises(SolverError, match="time limit of 0.001 s"):
        kk.solutions(big, time_limit=0.001)


def test_a_59x59_board_in_seconds():
    """Issue 29: 40x40 and larger gave no answer in 60 s on the integer program. The bound here is
    a guard against a hang on a busy machine; the speed itself is measured by the benchmark."""
    puzzle = kk.random_puzzle(59, seed=1, black=0.3)
    start = time.perf_counter()
    found = answers(puzzle, limit=2, time_limit=120)
    assert len(found) == 2 and time.perf_counter() - start < 60


def board_hash(n, seed, **kw) -> str:
    return hashlib.sha256(kk.random_puzzle(n, seed=seed, **kw).to_text().encode()).hexdigest()[:16]


#: The first 16 hex digits of sha256 of ``random_puzzle(n, seed=s, black=b).to_text()`` as the
#: generator made them before issue 29's heap of runs: the same seed still gives the same board
#: (chapter 8 prints the first two).
@pytest.mark.parametrize("n, seed, black, digest", [
    (6, 1, 0.3, "81a7b5bca70595f3"),
    (10, 1, 0.3, "9bef945ca17d2449"),
    (30, 1, 0.3, "a13e74da999dc8b6"),
    (59, 1, 0.25, "bdd1a63307712593"),
    (59, 2, 0.3, "5559eddead346270"),
])
def test_generator_boards_unchanged(n, seed, black, digest):
    assert board_hash(n, seed, black=black) == digest


def test_the_cpsat_comparison_agrees_on_appendix_b():
    """benchmarks/cpsat_kakuro.py (its own process: ortools never beside highspy) finds our answer."""
    import subprocess
    import sys

    pytest.importorskip("ortools")
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "cpsat_kakuro.py"
    board = kk.Puzzle.from_text(kk.SEED_BOARD)
    result = subprocess.run([sys.executable, str(script), "30"], input=json.dumps([{"cells": board.cells}]),
                            capture_output=True, text=True, timeout=120, check=True)
    line = json.loads(result.stdout)
    assert line["answer"] == "unique" and line["grid"] == str(kk.solve(board)).split("\n")
