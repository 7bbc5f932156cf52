"""Checks for the exercises of chapter 5 (Flow Free).

5.1  ``add_no_square(problem, puzzle, x)``: the rule that no 2x2 block has one colour, added to the
     cells model. Right when the colourings it admits are exactly the rule-keeping solutions; the
     battery has boards where the stronger tidy rule (C7) forbids what this rule allows.
5.2  ``add_walls(problem, puzzle, variables, walls)``: a variant with walls between some cells that
     no pipe may cross. Right when no admitted answer crosses a wall and no valid one is lost.
5.3  ``measure(models, sizes, seed, cap)``: a table of checked solve times, ``None`` for a run that
     reached the time limit. Checked by watching which boards it makes, how it solves and checks
     them, and what it records.
"""

from __future__ import annotations

import sys
from functools import cache

import pulp

from ..feedback.checks import Case, Failure, run_check
from ..display.drawing import side_by_side
from ..core.errors import SolverError
from .board import HARTMANN_8X8, Puzzle, edge, edges_of
from .drawing import draw
from .generators import planted_puzzle, random_puzzle
from .model import add_no_square_rule, build_model
from .rules import has_square, verify
from .solving import more_colourings, solutions

LIMIT = 20  # more colourings than any board of the battery has under the extra rule


# -- 5.1 --------------------------------------------------------------------------------------------
@cache
def battery() -> tuple[tuple[str, Puzzle], ...]:
    """Boards for 5.1: each has at least one colouring without a 2x2 block, and several more."""
    return (("Hartmann's 8x8", HARTMANN_8X8),
            ("a 3x4 whose only solution runs A alongside itself around B", Puzzle(["A...", "ABB.", "...."])),
            ("a 3x4 with two colourings", Puzzle(["A..B", "....", "A..B"])),
            ("a 2x2 whose only solution is one square block", Puzzle(["A.", "A."])),
            ("a 4x4 with one colour and no solution", Puzzle(["A...", "....", "....", "...A"])),
            ("random 5x5 board #3", random_puzzle(5, seed=3, tidy=False)),
            ("random 6x6 board #4", random_puzzle(6, seed=4, tidy=False)))


@cache
def reference(puzzle: Puzzle, no_square: bool) -> tuple:
    return tuple(solutions(puzzle, limit=LIMIT + 1, no_square=no_square))


def _colourings(problem, puzzle, variables, limit: int) -> list:
    """Every colouring the student's model admits, with the lazy loop cutting off loops."""
    return more_colourings(problem, puzzle, variables, [], limit, time_limit=30, prefix="check_nogood_")


def _pair(puzzle, left, right, titles):
    return lambda: side_by_side([lambda ax: draw(puzzle, left, ax), lambda ax: draw(puzzle, right, ax)],
                                titles, width=3.2)


def _compare(puzzle, admitted, truth, what: str):
    """A Failure when the admitted colourings are not exactly ``truth``."""
    missed = [s for s in truth if s not in set(admitted)]
    if missed:
        return Failure(f"your model forbids a valid colouring {what} ({len(admitted)} found, {len(truth)} exist)",
                       lambda: draw(puzzle, missed[0], title="a valid colouring your model forbids"))
    return None


def check_no_square(add_no_square):
    """Exercise 5.1: the no-2x2 rule."""
    def case(name, puzzle):
        def run():
            problem, variables = build_model(puzzle, model="cells")
            add_no_square(problem, puzzle, variables["x"])
            admitted = _colourings(problem, puzzle, variables, LIMIT + 1)
            truth = reference(puzzle, True)
            for answer in admitted:
                corner = has_square(answer.grid)
                if corner is not None:
                    right = truth[0] if truth else None
                    return Failure(f"your model accepts a colouring with a one-colour 2x2 block at {corner}",
                                   _pair(puzzle, answer, right, ["your model's answer",
                                                                 "a right answer" if right else "(none exists)"]))
            return _compare(puzzle, admitted, truth, "without any 2x2 block")
        return Case(name, run)

    return run_check("5.1", "the no-2x2 rule", [case(n, p) for n, p in battery()])


# -- 5.2 --------------------------------------------------------------------------------------------
def _walls_beside(puzzle, planted, count: int, offset: int) -> tuple:
    """``count`` walls on edges the planted solution does not use (so a solution survives)."""
    steps = {edge(a, b) for path in planted.paths.values() for a, b in zip(path, path[1:])}
    free = [a for a in edges_of(puzzle.shape) if a not in steps]
    return tuple(free[(offset + 7 * i) % len(free)] for i in range(count))


@cache
def wall_battery() -> tuple:
    """Boards with walls for 5.2: (name, puzzle, walls); each wall is a pair of neighbouring cells."""
    boards = [("a 3x3 whose dot (0, 0) is walled in", Puzzle(["A.A", "...", "..."]), (((0, 0), (0, 1)), ((0, 0), (1, 0))))]
    for seed, n in ((11, 4), (12, 5), (13, 5), (14, 6)):
        puzzle, planted = planted_puzzle(n, seed=seed, tidy=False)
        boards.append((f"random {n}x{n} board #{seed} with 3 walls", puzzle, _walls_beside(puzzle, planted, 3, seed)))
    boards.append(("Hartmann's 8x8 with 4 walls", HARTMANN_8X8,
                   _walls_beside(HARTMANN_8X8, solutions(HARTMANN_8X8, no_touch=True)[0], 4, 0)))
    return tuple(boards)


@cache
def wall_reference(puzzle: Puzzle, walls: tuple) -> tuple:
    problem, variables = build_model(puzzle, model="cells")
    for i, (u, v) in enumerate(walls):
        problem += variables["e"][edge(u, v)] == 0, f"wall_{i}"
    return tuple(_colourings(problem, puzzle, variables, LIMIT + 1))


def _crossed_wall(answer, walls):
    steps = {edge(a, b) for path in answer.paths.values() for a, b in zip(path, path[1:])}
    return next((w for w in walls if edge(*w) in steps), None)


def check_walls(add_walls):
    """Exercise 5.2: walls that no pipe may cross."""
    def case(name, puzzle, walls):
        def run():
            problem, variables = build_model(puzzle, model="cells")
            add_walls(problem, puzzle, variables, [tuple(w) for w in walls])
            admitted = _colourings(problem, puzzle, variables, LIMIT + 1)
            truth = wall_reference(puzzle, walls)
            for answer in admitted:
                wall = _crossed_wall(answer, walls)
                if wall is not None:
                    return Failure(f"your model lets a pipe cross the wall between {wall[0]} and {wall[1]}",
                                   lambda: draw(puzzle, answer, title="a pipe crosses a wall"))
                if verify(puzzle, answer):
                    return Failure(f"your model's answer breaks a rule: {verify(puzzle, answer)[0]}")
            if not truth and admitted:
                return Failure("this board has no solution with its walls, but your model found one")
            return _compare(puzzle, admitted, truth, "that crosses no wall")
        return Case(name, run)

    return run_check("5.2", "Flow Free with walls", [case(*item) for item in wall_battery()])


# -- 5.3 --------------------------------------------------------------------------------------------
class _Watch:
    """Record the boards made, solves run and answers checked while a student's ``measure`` runs."""

    def __init__(self, module):
        self.module, self.made, self.solved, self.checked = module, [], [], 0
        self.saved = {name: getattr(module, name) for name in ("random_puzzle", "solve", "verify")}

    def __enter__(self):
        saved = self.saved

        def made(*args, **kwargs):
            puzzle = saved["random_puzzle"](*args, **kwargs)
            self.made.append((args, kwargs))
            return puzzle

        def solve(*args, **kwargs):
            self.solved.append(kwargs)
            return saved["solve"](*args, **kwargs)

        def checked(*args, **kwargs):
            self.checked += 1
            return saved["verify"](*args, **kwargs)

        for name, fn in (("random_puzzle", made), ("solve", solve), ("verify", checked)):
            setattr(self.module, name, fn)
        return self

    def __exit__(self, *exc):
        for name, fn in self.saved.items():
            setattr(self.module, name, fn)
        return False


def check_measure(measure):
    """Exercise 5.3: a table of solve times, one per model and board size."""
    package = sys.modules[__name__.rsplit(".", 1)[0]]
    models, sizes = ("hartmann2", "cells"), (4, 5)

    def table_of(seed, cap):
        with _Watch(package) as watch:
            table = measure(models, sizes, seed=seed, cap=cap)
        return table, watch

    def shape_case():
        table, watch = table_of(1, 10.0)
        if not isinstance(table, dict):
            return Failure("measure must return a dict keyed by (model, size)")
        missing = [(m, n) for m in models for n in sizes if (m, n) not in table]
        if missing:
            return Failure(f"the table has no entry for model {missing[0][0]!r} on the {missing[0][1]}x"
                           f"{missing[0][1]} board")
        for key, value in table.items():
            if value is None:
                return Failure(f"the entry for {key} is None, but that small board solves well within the cap")
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 10.0 + 5:
                return Failure(f"the entry for {key} is {value!r}: a time in seconds (at most the cap) or None")
        seeds = {kwargs.get("seed", args[2] if len(args) > 2 else 0) for args, kwargs in watch.made}
        if seeds != {1}:
            return Failure(f"measure was asked for seed 1 but made its boards with seed(s) {sorted(seeds)}")
        if any(kwargs.get("model") not in models for kwargs in watch.solved):
            return Failure("measure must solve each board with ff.solve(puzzle, model=model, ...)")
        if any(kwargs.get("time_limit") != 10.0 for kwargs in watch.solved):
            return Failure("measure must pass the cap to ff.solve as time_limit=cap")
        if watch.checked < len(models) * len(sizes):
            return Failure(f"measure checked {watch.checked} answers with ff.verify, expected one per run "
                           f"({len(models) * len(sizes)})")
        return None

    def timeout_case():
        table, _ = table_of(2, 0.001)  # no run can finish in a millisecond
        if not isinstance(table, dict):
            return Failure("measure must return a dict keyed by (model, size)")
        recorded = {k: v for k, v in table.items() if v is not None}
        if recorded:
            key, value = next(iter(recorded.items()))
            return Failure(f"with a cap of 0.001 s every run reaches the time limit, but the entry for {key} is "
                           f"{value!r}: a run that reached the limit must be recorded as None, not as a time")
        return None

    return run_check("5.3", "the measurement table", [Case("models on 4x4 and 5x5 boards, cap 10 s", shape_case),
                                                      Case("the same with a cap of 0.001 s", timeout_case)])


__all__ = ["check_no_square", "check_walls", "check_measure", "battery", "wall_battery"]
