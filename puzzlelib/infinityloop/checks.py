"""Checks for the exercises of chapter 9 on Infinity Loop.

Exercise 9.2 (the whole model, borders included): the pictures a student's model admits are
enumerated (no-good cuts) and compared with those a search without any solver finds
(``brute_force``), on small boards of our own generator where a forgotten border admits pictures
that point off the board. Exercise 9.3 (board size against time): the check re-creates the boards
the student was asked to time and compares the fewest turns the student reports.
"""

from __future__ import annotations

import math
import time
from functools import cache

import pulp

from ..feedback.checks import Case, Failure, forbidden, hidden_boards, run_check
from ..core.errors import NoSolution
from ..engine.rotation import STEP, add_turn_variables, code_sides, side_expr, turn_code
from ..engine.solver import solve_model, value01
from .board import Puzzle
from .drawing import draw
from .generators import random_puzzle
from .model import build_hartmann, build_model
from .model_connected import build_connected_model
from .rules import brute_force, open_ends
from .solving import solutions, solve

LIBRARY = {"il.build_model": build_model, "il.build_hartmann": build_hartmann,
           "il.build_connected_model": build_connected_model, "il.solve": solve, "il.solutions": solutions}
#: the chapter prints il.build_hartmann, which is built from these: copying it would answer Exercise 9.2
HELPERS = {"rotation.add_turn_variables": add_turn_variables, "rotation.side_expr": side_expr}


def model_battery() -> list[tuple[str, Puzzle]]:
    """The public boards, then (when a grader sets a hidden seed) boards the student never saw."""
    return list(public_model_battery()) + hidden_boards(lambda s: random_puzzle((3, 4), seed=s))


@cache
def public_model_battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = [("a 2x3 ring", Puzzle([[0b1001, 0b1101, 0b1100], [0b0011, 0b0111, 0b0110]])),
              ("a 3x3 with a cross in the middle", Puzzle([[9, 13, 12], [11, 15, 14], [3, 7, 6]])),
              ("a 1x4 line", Puzzle([[1, 5, 5, 4]]))]
    for seed, (n, m) in enumerate(((3, 3), (3, 4), (4, 4), (4, 3))):
        boards.append((f"random {n}x{m} board #{seed}", random_puzzle((n, m), seed=seed)))
    return tuple(boards)


def admitted_pictures(build, puzzle: Puzzle, limit: int):
    """The pictures a student's ``build(puzzle) -> (problem, x)`` admits, up to ``limit`` pictures.

    Each cut forbids a *picture*, not one 0/1 answer: a model with four binaries for a straight tile
    (two of them drawing the same picture) or with binaries for empty cells is enumerated as fast
    as one with a binary per picture, and no picture hides behind a cap on 0/1 answers.
    """
    problem, x = build(puzzle)
    if not isinstance(problem, pulp.LpProblem) or not isinstance(x, dict):
        raise TypeError("build_loop_model must return (problem, x): a PuLP problem and a dict")
    problem.setObjective(pulp.lpSum([]))
    pictures, answers = set(), 0
    while answers < limit:
        try:
            solve_model(problem, time_limit=10)
        except NoSolution:
            break
        grid = [list(row) for row in puzzle.tiles]
        for (r, c), tile in x.items():
            ks = [k for k, var in tile.items() if value01(var)]
            if len(ks) != 1:
                return pictures, f"tile ({r}, {c}) takes {len(ks)} numbers of turns at once ({ks})"
            grid[r][c] = turn_code(puzzle.tiles[r][c], ks[0])
        pictures.add(tuple(map(tuple, grid)))
        answers += 1
        other_pictures = [var for (r, c), tile in x.items() for k, var in tile.items()
                          if turn_code(puzzle.tiles[r][c], k) != grid[r][c]]
        if not other_pictures:  # every tile has a single picture: nothing else to find
            break
        problem += pulp.lpSum(other_pictures) >= 1, f"check_cut_{answers}"
    return pictures, None


def check_loop_model(build_loop_model) -> object:
    """Exercise 9.2: ``build_loop_model(puzzle)`` returns ``(problem, x)``, ``x[r, c][k]`` for k left turns."""

    def case(name, puzzle):
        def run():
            truth = {s.grid for s in brute_force(puzzle)}
            with forbidden(build_loop_model, {**LIBRARY, **HELPERS}):  # one picture more than there are shows a wrong model
                admitted, bad = admitted_pictures(build_loop_model, puzzle, len(truth) + 1)
            if bad:
                return Failure(f"{bad}: is 'exactly one number of turns per tile' there?")
            extra = sorted(admitted - truth)
            if extra:
                grid = extra[0]
                ends = sorted(open_ends(grid))
                off = [cell for cell in ends if _points_off(grid, cell)]
                why = (f"tile {off[0]} points off the board: a border rule is missing"
                       if off else f"tile {ends[0]} has a connection that meets nothing: a matching rule is missing"
                       if ends else "it is not a turn of the board")
                return Failure(f"your model admits a picture that is not closed ({why})",
                               lambda: draw(puzzle, grid, mark=ends))
            missing = sorted(truth - admitted)
            if missing:
                return Failure(f"your model misses {len(missing)} of the {len(truth)} closed pictures: "
                               "a constraint is too strict (or turns go the wrong way: a left turn moves the "
                               "right side up)", lambda: draw(puzzle, missing[0]))
            return None
        return Case(name, run)

    return run_check("9.2", "Infinity Loop with its borders", [case(n, p) for n, p in model_battery()])


def _points_off(grid, cell) -> bool:
    r, c = cell
    sides = code_sides(grid[r][c])
    return any(sides[h] and not (0 <= r + STEP[h][0] < len(grid) and 0 <= c + STEP[h][1] < len(grid[0]))
               for h in range(4))


# --------------------------------------------------------------------------------------------- #
# Exercise 9.3: board size against time
# --------------------------------------------------------------------------------------------- #
MEASURE_SIZES = (3, 5, 8)
MEASURE_SEED = 4


@cache
def fewest_turns(n: int, seed: int) -> int:
    return solve(random_puzzle(n, seed=seed)).moves


def check_measure(measure) -> object:
    """Exercise 9.3: ``measure(sizes, seed)`` returns one ``(n, seconds, moves)`` per size, in order.

    The times must be plausible: each within the wall time of the whole call (so seconds, not
    milliseconds), at least a tenth of a millisecond (a solve takes longer), and not all equal.
    """
    seeds = [MEASURE_SEED] + [seed for _, seed in hidden_boards(lambda s: s % 100_000, count=1)]
    return run_check("9.3", "Board size against time",
                     [Case(f"sizes 3, 5 and 8, seed {seed}", _measure_case(measure, seed)) for seed in seeds],
                     unit="measurement")


def _measure_case(measure, seed):
    def run():
        start = time.perf_counter()
        answer = measure(list(MEASURE_SIZES), seed)
        wall = time.perf_counter() - start
        if not isinstance(answer, (list, tuple)) or len(answer) != len(MEASURE_SIZES):
            return Failure(f"expected a list of {len(MEASURE_SIZES)} rows (n, seconds, moves) for sizes "
                           f"{list(MEASURE_SIZES)}, got {str(answer)[:60]}: are the sizes ignored?")
        for want, row in zip(MEASURE_SIZES, answer):
            if not isinstance(row, (list, tuple)) or len(row) != 3:
                return Failure(f"each row must be (n, seconds, moves), got {row!r}")
            n, seconds, moves = row
            if n != want:
                return Failure(f"a row is for size {n!r} where size {want} was asked: is the size off by one?")
            if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not math.isfinite(seconds) \
                    or seconds <= 0:
                return Failure(f"size {n}: {seconds!r} is not a measured time (a positive number of seconds)")
            if seconds > wall:
                return Failure(f"size {n}: {seconds!r} s is longer than your whole function took "
                               f"({wall:.3f} s): is the time in seconds (time.perf_counter() differences are)?")
            if seconds < 1e-4:
                return Failure(f"size {n}: {seconds!r} s is too short for a solve: is the clock read after "
                               "il.solve returns?")
            right = fewest_turns(n, seed)
            if moves != right:
                return Failure(f"size {n}: you report {moves!r} left turns, but the {n}x{n} board of seed "
                               f"{seed} needs {right}: is it the board random_puzzle(n, seed=seed)? "
                               "is the seed passed on?")
        if len({row[1] for row in answer}) == 1:
            return Failure(f"all {len(answer)} times are equal ({answer[0][1]!r} s): are they measured, "
                           "one per board?")
        return None
    return run

