"""The checks of Chapter 7's exercises: each runs a student's function on small boards and
compares every grid the student's model admits with the grids a plain search finds. When a
lecturer grades with a hidden seed, each battery also gets random boards the students never saw
(``feedback.checks.hidden_boards``)."""

from __future__ import annotations

import random

import pulp

from ..feedback.checks import Case, Failure, forbidden, hidden_boards, run_check
from ..display.drawing import side_by_side
from ..engine.enumeration import enumerate_solutions
from ..core.errors import PuzzleError, SolverError
from .board import Puzzle
from .drawing import draw
from .generators import generate, minimize, needed_clues, random_cages, random_grid
from .model import add_cage, add_cage_sets, build_model
from .rules import brute_force, verify
from .solving import read_grid


def _grids(problem, G, puzzle, limit):
    try:
        return [s for s in enumerate_solutions(problem, G.values(), lambda: read_grid(puzzle, G), limit)]
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}")


def _compare(puzzle, admitted, truth, shown, what, describe=None):
    extra = [g for g in admitted if g not in truth]
    if extra:
        right = truth[0] if truth else None
        try:
            broken = verify(shown, extra[0])
        except PuzzleError as exc:  # a grid with a cell of no digit (a model that leaves one empty)
            broken = [str(exc)]
        detail = f" ({broken[0]})" if broken and shown is not puzzle else ""
        return Failure(f"your model accepts a grid that breaks {what}{detail}",
                       lambda: side_by_side([lambda ax: draw(shown, extra[0], ax)]
                                            + ([lambda ax: draw(shown, right, ax)] if right else []),
                                            ["your model's grid"] + (["a right grid"] if right else [])))
    missed = [g for g in truth if g not in admitted]
    if missed:
        detail = f"; for example the grid where {describe(missed[0])}" if describe else ""
        return Failure(f"your model rules out a valid grid ({len(admitted)} found, {len(truth)} exist{detail})",
                       lambda: side_by_side([lambda ax: draw(shown, missed[0], ax)], ["a valid grid your model forbids"]))
    return None


# -- Exercise 7.1: Consecutive pairs -------------------------------------------------------------
CONSECUTIVE_BOARDS = [
    ("4x4, one pair across a box border", ["1...", "..3.", ".2..", "...."], [((0, 1), (0, 2))]),
    ("4x4, a vertical pair", [".2..", "...1", "....", "3..."], [((1, 1), (2, 1))]),
    ("4x4, three pairs", ["....", "..1.", ".4..", "...."], [((0, 0), (0, 1)), ((2, 2), (2, 3)), ((3, 0), (3, 1))]),
    ("4x4, a pair that forces 2 and 3", ["1...", "...2", "....", "...."], [((2, 1), (2, 2)), ((3, 1), (3, 2))]),
]


def random_consecutive_board(seed: int):
    """A hidden 7.1 board: a random 4x4 grid, two or three of its consecutive neighbours marked, a
    quarter of its digits given (the grid itself is one of the right answers)."""
    grid = random_grid(4, seed)
    rng = random.Random(f"consecutive-{seed}")
    near = [((r, c), (r + dr, c + dc)) for r in range(4) for c in range(4) for dr, dc in ((0, 1), (1, 0))
            if r + dr < 4 and c + dc < 4 and abs(grid[r][c] - grid[r + dr][c + dc]) == 1]
    pairs = rng.sample(near, min(len(near), rng.randint(2, 3)))
    rows = ["".join(str(v) if rng.random() < 0.25 else "." for v in row) for row in grid]
    return rows, pairs


def consecutive_battery() -> list:
    """The public boards, plus hidden ones when a lecturer grades with a seed."""
    return CONSECUTIVE_BOARDS + [(name, *board) for name, board in hidden_boards(random_consecutive_board)]


def consecutive_truth(puzzle: Puzzle, pairs) -> list:
    """Every grid of the plain board whose marked pairs differ by one (brute force, then a filter)."""
    grids = [s.grid for s in brute_force(puzzle, limit=1000)]
    return [g for g in grids if all(abs(g[a[0]][a[1]] - g[b[0]][b[1]]) == 1 for a, b in pairs)]


def check_consecutive(add_consecutive):
    """Exercise 7.1: ``add_consecutive(problem, G, n, pairs)`` adds "the two digits of each pair
    differ by exactly one" to the chapter's model."""
    cases = []
    for name, rows, pairs in consecutive_battery():
        def run(rows=rows, pairs=pairs):
            puzzle = Puzzle(rows)
            truth = consecutive_truth(puzzle, pairs)
            problem, G = build_model(puzzle)
            add_consecutive(problem, G, puzzle.size, list(pairs))
            admitted = _grids(problem, G, puzzle, len(truth) + 1)
            if isinstance(admitted, Failure):
                return admitted
            def describe(grid):
                return ", ".join(f"{a} and {b} hold {grid[a[0]][a[1]]} and {grid[b[0]][b[1]]}" for a, b in pairs)
            bad = next((g for g in admitted if g not in truth), None)
            what = "a consecutive pair" + ("" if bad is None else " (" + "; ".join(
                f"{a} and {b} hold {bad[a[0]][a[1]]} and {bad[b[0]][b[1]]}" for a, b in pairs
                if abs(bad[a[0]][a[1]] - bad[b[0]][b[1]]) != 1) + ")")
            return _compare(puzzle, admitted, truth, puzzle, what, describe)
        cases.append(Case(name, run))
    return run_check("7.1", "add_consecutive", cases)


# -- Exercise 7.2: the broken cage ----------------------------------------------------------------
CAGE_BOARDS = [
    ("4x4, an L-shaped cage whose ends share no row, column or box (9 = 2+3+4, never 4+1+4)",
     ["1...", "....", "....", "...."], [(9, [(1, 1), (1, 2), (2, 2)])]),
    ("4x4, the same cage with one more given", ["1...", "..2.", "....", "...."], [(9, [(1, 1), (1, 2), (2, 2)])]),
    ("4x4, a row cage and an L cage", ["....", "...1", ".2..", ".4.."],
     [(10, [(3, 0), (3, 1), (3, 2), (3, 3)]), (7, [(1, 2), (1, 3), (2, 3)])]),
    ("4x4, two cages of three", ["..4.", "....", "....", "3..."], [(8, [(0, 2), (1, 2), (1, 3)]), (9, [(2, 0), (2, 1), (2, 2)])]),
    ("4x4, small totals that larger digits overshoot (3 = 1+2 only)", ["1...", "....", "..3.", "...."],
     [(3, [(0, 2), (1, 2)]), (5, [(2, 0), (3, 0)])]),
]


def random_cage_board(seed: int):
    """A hidden 7.2 board: a random 4x4 grid with cages of two or three cells over about a third of
    it, and a fifth of its digits given."""
    grid = random_grid(4, seed)
    rng = random.Random(f"cage-{seed}")
    cages = random_cages(grid, rng, (2, 3), cover=0.35)
    rows = ["".join(str(v) if rng.random() < 0.2 else "." for v in row) for row in grid]
    return rows, cages


def cage_battery() -> list:
    """The public boards, plus hidden ones when a lecturer grades with a seed."""
    return CAGE_BOARDS + [(name, *board) for name, board in hidden_boards(random_cage_board)]


def check_cage(add_cage_fixed):
    """Exercise 7.2: ``add_cage_fixed(problem, G, n, k, total, cells)``, a right Killer cage."""
    cases = []
    for name, rows, cages in cage_battery():
        def run(rows=rows, cages=cages):
            plain = Puzzle(rows)
            full = Puzzle(rows, cages=cages)
            truth = [s.grid for s in brute_force(full, limit=300)]  # a 4x4 has 288 grids in all
            problem, G = build_model(plain)
            with forbidden(add_cage_fixed, {"sd.model.add_cage": add_cage, "sd.model.add_cage_sets": add_cage_sets}):
                for k, (total, cells) in enumerate(cages):
                    add_cage_fixed(problem, G, plain.size, k, total, list(cells))
            admitted = _grids(problem, G, plain, len(truth) + 1)
            if isinstance(admitted, Failure):
                return admitted
            def describe(grid):
                return ", ".join(f"cage {k} holds {'+'.join(str(grid[r][c]) for r, c in cells)} = {total}"
                                 for k, (total, cells) in enumerate(cages))
            return _compare(plain, admitted, truth, full, "a cage", describe)
        cases.append(Case(name, run))
    return run_check("7.2", "add_cage_fixed", cases)


# -- Exercise 7.3: which clues are needed ---------------------------------------------------------
REDUNDANT_BOARDS = [  # unique and not minimal: generate(..., clues=k), or a minimal puzzle plus one clue
    ("4x4 with one needed clue", ["423.", "...2", "23.4", "...."], {}),
    ("4x4 with nine clues", ["214.", "..21", "321.", "..3."], {}),
    ("4x4 thermo, clues the thermometers make spare", [".42.", "12.4", ".3..", "...."],
     {"thermos": [[(2, 2), (3, 3), (3, 2)], [(1, 0), (0, 0), (0, 1)], [(2, 3), (1, 2), (1, 3)]]}),
    ("6x6 with sixteen clues", ["....1.", "615.4.", ".5.1.3", "12....", "..4..1", "531.6."], {}),
    # generate(6, variant="thermo", seed=4) (hard: deduction stalls) plus the clue at (5, 5)
    ("6x6 thermo: a spare clue that deduction alone cannot do without", ["3.....", "......", "......",
                                                                         "...456", "2.....", ".....4"],
     {"thermos": [[(5, 0), (4, 1)], [(2, 4), (1, 3), (1, 2), (0, 3)], [(0, 0), (0, 1), (1, 0)], [(1, 4), (0, 5)],
                  [(5, 1), (4, 2), (4, 3), (5, 4)]]}),
]


def random_redundant_board(seed: int) -> Puzzle:
    """A hidden 7.3 board: a unique 4x4 puzzle, classic or thermo, stopped at seven givens (not minimal)."""
    return generate(4, variant=("classic", "thermo")[seed % 2], seed=seed, clues=7, progress=False).puzzle


def redundant_battery() -> list:
    """The public boards (as puzzles), plus hidden ones when a lecturer grades with a seed."""
    public = [(name, Puzzle(rows, **extra)) for name, rows, extra in REDUNDANT_BOARDS]
    return public + hidden_boards(random_redundant_board)


def check_redundant(redundant_clues):
    """Exercise 7.3: ``redundant_clues(puzzle)``, the givens whose removal keeps the solution unique."""
    cases = []
    for name, puzzle in redundant_battery():
        def run(puzzle=puzzle):
            truth = sorted(cell for cell, needed in needed_clues(puzzle).items() if not needed)
            with forbidden(redundant_clues, {"sd.needed_clues": needed_clues, "sd.minimize": minimize}):
                answer = redundant_clues(puzzle)
            try:
                answer = sorted(tuple(cell) for cell in answer)
            except TypeError:
                return Failure("return a list of (row, col) cells")
            if answer == truth:
                return None
            wrong = [c for c in answer if c not in truth]
            missed = [c for c in truth if c not in answer]
            if wrong:
                return Failure(f"you call the clue at {wrong[0]} spare, but without it the puzzle has a second "
                               f"solution ({len(answer)} returned, {len(truth)} spare)")
            return Failure(f"the clue at {missed[0]} is spare (the puzzle stays unique without it), "
                           f"but you did not return it ({len(answer)} returned, {len(truth)} spare)")
        cases.append(Case(name, run))
    return run_check("7.3", "redundant_clues", cases)


_ = pulp  # the student's code uses pulp; the checks only read its models
