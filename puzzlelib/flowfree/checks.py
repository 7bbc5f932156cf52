"""Checks for the exercises of chapter 5 (Flow Free).

5.1  ``add_no_fold(problem, puzzle, x)``: the rule that no 2x3 or 3x2 block of cells has one colour
     (a pipe never folds back on itself for three cells), added to the cells model. Right when the
     colourings it admits are exactly those of the plain rules (``solutions``, the data) that have
     no such block (``folded_block``, the rule read off a colouring). The battery has boards where
     the chapter's stronger rules (no 2x2 block, tidy pipes (C7)) forbid what this rule allows.
5.2  ``add_walls(problem, puzzle, variables, walls)``: a variant with walls between some cells that
     no pipe may cross. Right when no admitted answer crosses a wall and every colouring whose pipes
     can be laid without crossing one (a search along each colour's cells, ``pipes_avoiding``) is
     admitted.
5.3  ``measure(models, sizes, seed, cap)``: a table of checked solve times, ``None`` for a run that
     reached the time limit. Checked by watching which boards it makes, how it solves and checks
     them, and what it records.

No function here answers an exercise: the checks compare what a student's model admits with the
colourings of the plain rules, filtered by the exercise's rule as a property of a finished
colouring. While a student's function runs, the library's solving functions, every solver and the
checks' own data are blocked (``forbidden``), so an answer cannot ask for the right colourings.
"""

from __future__ import annotations

import sys
from functools import cache

from ..core.errors import SolverError
from ..display.drawing import side_by_side
from ..feedback.checks import Case, Failure, forbidden, hidden_boards, run_check, solvers, watched
from .board import HARTMANN_8X8, Puzzle, edge, edges_of, neighbours
from .drawing import draw
from .generators import planted_puzzle, random_puzzle
from .model import build_model
from .rules import brute_force, check_rules
from .solving import lazy_solve, more_colourings, solutions, solve

#: More colourings than any board of the batteries has under the plain rules.
PLAIN_LIMIT = 200
#: The block sizes Exercise 5.1 forbids in one colour: (rows, cols).
BLOCKS = ((2, 3), (3, 2))


# -- the data: colourings of the plain rules, and the rules of the exercises read off a colouring ---
@cache
def plain_colourings(puzzle: Puzzle) -> tuple:
    """Every colouring of the rules of the game (the library's search; the data of the checks)."""
    found = tuple(solutions(puzzle, limit=PLAIN_LIMIT))
    if len(found) >= PLAIN_LIMIT:  # pragma: no cover - the batteries are chosen below the limit
        raise RuntimeError(f"a check board has {PLAIN_LIMIT} colourings or more: too many to compare")
    return found


def folded_block(grid) -> tuple[tuple[int, int], str] | None:
    """``(top-left cell, "2x3" or "3x2")`` of a block of one colour that 5.1 forbids, or None."""
    nrows, ncols = len(grid), len(grid[0])
    for h, w in BLOCKS:
        for r in range(nrows - h + 1):
            for c in range(ncols - w + 1):
                k = grid[r][c]
                if all(grid[r + i][c + j] == k for i in range(h) for j in range(w)):
                    return (r, c), f"{h}x{w}"
    return None


def pipes_avoiding(puzzle: Puzzle, grid, walls) -> bool:
    """Can every colour's cells of ``grid`` be walked dot to dot, once each, without crossing a wall?"""
    blocked = {edge(u, v) for u, v in walls}
    for k, (start, end) in puzzle.dots.items():
        cells = {(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == k}
        if not _walk_through(cells, start, end, blocked, puzzle.shape):
            return False
    return True


def _walk_through(cells, start, end, blocked, shape) -> bool:
    """A path from ``start`` to ``end`` through every cell of ``cells`` along unblocked steps (a search)."""
    stack = [(start, frozenset([start]))]
    while stack:
        cell, seen = stack.pop()
        if cell == end:
            if len(seen) == len(cells):
                return True
            continue
        for w in neighbours(cell, shape):
            if w in cells and w not in seen and edge(cell, w) not in blocked:
                stack.append((w, seen | {w}))
    return False


def _colourings(problem, puzzle, variables, limit: int) -> list:
    """Every colouring the student's model admits (up to ``limit``), the lazy loop cutting off loops."""
    return more_colourings(problem, puzzle, variables, [], limit, time_limit=30, prefix="check_nogood_")


def _pair(puzzle, left, right, titles):
    return lambda: side_by_side([lambda ax: draw(puzzle, left, ax), lambda ax: draw(puzzle, right, ax)],
                                titles, width=3.2)


def _blocked_while(student, extra: dict):
    """What a student's rule may not call while it runs: solvers, the library's searches, the checks' data."""
    return forbidden(student, {**solvers(), "ff.solve": solve, "ff.solutions": solutions,
                               "ff.brute_force": brute_force, "ff.lazy_solve": lazy_solve,
                               "checks.plain_colourings": plain_colourings, **extra})


def _student_model(puzzle, student, extra: dict, args):
    """The cells model with the student's rule added (the rule runs with the searches blocked)."""
    problem, variables = build_model(puzzle, model="cells")
    with _blocked_while(student, extra):
        student(problem, puzzle, *args(variables))
    return problem, variables


def _admitted(problem, puzzle, variables, limit):
    try:
        return _colourings(problem, puzzle, variables, limit)
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")


def _broken_rule(puzzle, answer) -> Failure | None:
    """A Failure when an admitted answer breaks a rule of the game (a student's rule removed one)."""
    faults = check_rules(puzzle, answer)
    if faults:
        return Failure(f"your model accepts an answer that breaks a rule of the game ({faults[0].message})",
                       lambda: draw(puzzle, answer, title="your model's answer"), code=f"breaks-rule:{faults[0].code}")
    return None


# -- 5.1 --------------------------------------------------------------------------------------------
@cache
def _public_battery() -> tuple[tuple[str, Puzzle], ...]:
    return (("Hartmann's 8x8", HARTMANN_8X8),
            ("a 2x2 whose only solution is one square block", Puzzle(["A.", "A."])),
            ("a 3x4 whose only solution runs A alongside itself around B", Puzzle(["A...", "ABB.", "...."])),
            ("a 2x3 whose only solution folds A back along the rows", Puzzle(["A..", "A.."])),
            ("a 3x2 whose only solution folds A back down the columns", Puzzle(["AA", "..", ".."])),
            ("a 3x4 with two colourings", Puzzle(["A..B", "....", "A..B"])),
            ("random 5x5 board #24", random_puzzle(5, seed=24, tidy=False)),
            ("random 5x5 board #39", random_puzzle(5, seed=39, tidy=False)),
            ("random 6x6 board #16", random_puzzle(6, seed=16, tidy=False)))


def battery() -> tuple[tuple[str, Puzzle], ...]:
    """Boards for 5.1, then (when a lecturer grades with a hidden seed) three the students never saw."""
    return _public_battery() + tuple(hidden_boards(lambda s: random_puzzle(5, seed=s, tidy=False)))


@cache
def unfolded_colourings(puzzle: Puzzle) -> tuple:
    """The colourings of the plain rules without a one-colour 2x3 or 3x2 block (a filter, no model)."""
    return tuple(s for s in plain_colourings(puzzle) if folded_block(s.grid) is None)


def check_no_fold(add_no_fold):
    """Exercise 5.1: no 2x3 or 3x2 block of one colour."""
    extra = {"checks.unfolded_colourings": unfolded_colourings}

    def case(name, puzzle):
        def run():
            truth = unfolded_colourings(puzzle)  # the data first: the searches are blocked below
            problem, variables = _student_model(puzzle, add_no_fold, extra, lambda v: (v["x"],))
            admitted = _admitted(problem, puzzle, variables, len(truth) + 1)
            if isinstance(admitted, Failure):
                return admitted
            for answer in admitted:
                broken = _broken_rule(puzzle, answer)
                if broken:
                    return broken
                block = folded_block(answer.grid)
                if block is not None:
                    (r, c), size = block
                    right = truth[0] if truth else None
                    return Failure(f"your model accepts a colouring with a one-colour {size} block at {(r, c)}",
                                   _pair(puzzle, answer, right, ["your model's answer",
                                                                 "a right answer" if right else "(none exists)"]),
                                   code=f"keeps-block:{size}")
            missed = [s for s in truth if s not in set(admitted)]
            if missed:
                return Failure(f"your model forbids a valid colouring without any 2x3 or 3x2 block of one colour "
                               f"({len(admitted)} found, {len(truth)} exist): is your rule stronger than the "
                               "exercise's?",
                               lambda: draw(puzzle, missed[0], title="a valid colouring your model forbids"),
                               code="rules-out-solution")
            return None
        return Case(name, run)

    return run_check("5.1", "the no-fold rule", [case(n, p) for n, p in battery()])


# -- 5.2 --------------------------------------------------------------------------------------------
def _steps(solution) -> set:
    return {edge(a, b) for path in solution.paths.values() for a, b in zip(path, path[1:])}


def _walls_for(puzzle, planted) -> tuple:
    """Three walls the planted solution does not cross: two on steps other colourings take (so the
    walls matter), one between two cells of one planted pipe that the pipe goes around."""
    used = _steps(planted)
    others = set().union(*(_steps(s) for s in plain_colourings(puzzle) if s.grid != planted.grid)) - used
    grid = planted.grid
    around = [a for a in edges_of(puzzle.shape)
              if a not in used and a not in others and grid[a[0][0]][a[0][1]] == grid[a[1][0]][a[1][1]]]
    free = [a for a in edges_of(puzzle.shape) if a not in used]
    walls = sorted(others)[:2] + around[:1]
    return tuple(walls + [a for a in free if a not in walls][:3 - len(walls)])


def _wall_board(seed: int, n: int = 5):
    puzzle, planted = planted_puzzle(n, seed=seed, tidy=False)
    return puzzle, _walls_for(puzzle, planted)


@cache
def _public_wall_battery() -> tuple:
    boards = [("a 3x3 whose dot (0, 0) is walled in", Puzzle(["A.A", "...", "..."]), (((0, 0), (0, 1)), ((0, 0), (1, 0))))]
    for seed, n in ((17, 5), (22, 5), (25, 5), (14, 6), (22, 6)):
        boards.append((f"random {n}x{n} board #{seed} with 3 walls", *_wall_board(seed, n)))
    planted = solutions(HARTMANN_8X8, no_touch=True)[0]
    boards.append(("Hartmann's 8x8 with 3 walls", HARTMANN_8X8, _walls_for(HARTMANN_8X8, planted)))
    return tuple(boards)


def wall_battery() -> tuple:
    """Boards with walls for 5.2: (name, puzzle, walls); each wall is a pair of neighbouring cells."""
    return _public_wall_battery() + tuple((name, *board) for name, board in hidden_boards(_wall_board))


@cache
def walled_colourings(puzzle: Puzzle, walls: tuple) -> tuple:
    """The colourings of the plain rules whose pipes can be laid crossing no wall (a filter, no model)."""
    return tuple(s for s in plain_colourings(puzzle) if pipes_avoiding(puzzle, s.grid, walls))


def _crossed_wall(answer, walls):
    steps = {edge(a, b) for path in answer.paths.values() for a, b in zip(path, path[1:])}
    return next((w for w in walls if edge(*w) in steps), None)


def check_walls(add_walls):
    """Exercise 5.2: walls that no pipe may cross."""
    extra = {"checks.walled_colourings": walled_colourings}

    def case(name, puzzle, walls):
        def run():
            truth = walled_colourings(puzzle, walls)
            problem, variables = _student_model(puzzle, add_walls, extra,
                                                lambda v: (v, [tuple(w) for w in walls]))
            admitted = _admitted(problem, puzzle, variables, len(truth) + 1)
            if isinstance(admitted, Failure):
                return admitted
            for answer in admitted:
                wall = _crossed_wall(answer, walls)
                if wall is not None:
                    return Failure(f"your model lets a pipe cross the wall between {wall[0]} and {wall[1]}",
                                   lambda: draw(puzzle, answer, title="a pipe crosses a wall"), code="crosses-wall")
                broken = _broken_rule(puzzle, answer)
                if broken:
                    return broken
            missed = [s for s in truth if s not in set(admitted)]
            if missed:
                grid = missed[0].grid
                same = next(((u, v) for u, v in walls if grid[u[0]][u[1]] == grid[v[0]][v[1]]), None)
                why = (f": in it, the cells {same[0]} and {same[1]} on both sides of a wall have one colour, "
                       "and the pipe goes around the wall" if same else "")
                return Failure(f"your model forbids a valid colouring whose pipes cross no wall "
                               f"({len(admitted)} found, {len(truth)} exist){why}",
                               lambda: draw(puzzle, missed[0], title="a valid colouring your model forbids"),
                               code="wall-as-colour-border" if same else "rules-out-solution")
            return None
        return Case(name, run)

    return run_check("5.2", "Flow Free with walls", [case(*item) for item in wall_battery()])


# -- 5.3 --------------------------------------------------------------------------------------------
class _Watch:
    """The boards made, solves run and answers checked while a student's ``measure`` runs (through
    ``feedback.checks.watched``, so that it also works when a grader runs ``measure`` in a sandbox)."""

    def __init__(self, watch):
        self.made = watch.calls["random_puzzle"]
        self.solved = [kwargs for _, kwargs in watch.calls["solve"]]
        self.checked = watch.count("verify")


def _table_shape(table, models, sizes) -> Failure | None:
    if not isinstance(table, dict):
        return Failure("measure must return a dict keyed by (model, size)", code="wrong-return-type")
    missing = [(m, n) for m in models for n in sizes if (m, n) not in table]
    if missing:
        return Failure(f"the table has no entry for model {missing[0][0]!r} on the {missing[0][1]}x"
                       f"{missing[0][1]} board", code="missing-entry")
    return None


def check_measure(measure):
    """Exercise 5.3: a table of solve times, one per model and board size."""
    package = sys.modules[__name__.rsplit(".", 1)[0]]
    models, sizes = ("hartmann2", "cells"), (4, 5)

    def table_of(seed, cap):
        functions = {name: getattr(package, name) for name in ("random_puzzle", "solve", "verify")}
        with watched(measure, functions) as watch:
            table = measure(models, sizes, seed=seed, cap=cap)
        return table, _Watch(watch)

    def solved_as_asked(watch, cap) -> Failure | None:
        if not watch.solved:
            return Failure("measure solved no board: each entry must time ff.solve on its board", code="no-solve")
        if any(kwargs.get("model") not in models for kwargs in watch.solved):
            return Failure("measure must solve each board with ff.solve(puzzle, model=model, ...)",
                           code="wrong-model")
        if any(kwargs.get("time_limit") != cap for kwargs in watch.solved):
            return Failure("measure must pass the cap to ff.solve as time_limit=cap", code="ignores-cap")
        return None

    def shape_case():
        table, watch = table_of(1, 10.0)
        wrong = _table_shape(table, models, sizes)
        if wrong:
            return wrong
        for key, value in table.items():
            if value is None:
                return Failure(f"the entry for {key} is None, but that small board solves well within the cap",
                               code="none-for-solved-run")
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 10.0 + 5:
                return Failure(f"the entry for {key} is {value!r}: a time in seconds (at most the cap) or None",
                               code="not-a-time")
        seeds = {kwargs.get("seed", args[2] if len(args) > 2 else 0) for args, kwargs in watch.made}
        if seeds != {1}:
            return Failure(f"measure was asked for seed 1 but made its boards with seed(s) {sorted(seeds)}"
                           if seeds else "measure made no board with ff.random_puzzle", code="ignores-seed")
        wrong = solved_as_asked(watch, 10.0)
        if wrong:
            return wrong
        if watch.checked < len(models) * len(sizes):
            return Failure(f"measure checked {watch.checked} answers with ff.verify, where each of its "
                           f"{len(models) * len(sizes)} runs needs a check", code="unchecked-answers")
        return None

    def timeout_case():
        table, watch = table_of(2, 1e-6)  # no run can finish in a microsecond
        wrong = _table_shape(table, models, sizes)
        if wrong:
            return wrong
        recorded = {k: v for k, v in table.items() if v is not None}
        if recorded:
            key, value = next(iter(recorded.items()))
            return Failure(f"with a cap of 1e-06 s every run reaches the time limit, but the entry for {key} is "
                           f"{value!r}: a run that reached the limit must be recorded as None, not as a time",
                           code="timeout-recorded-as-time")
        return solved_as_asked(watch, 1e-6)

    return run_check("5.3", "the measurement table", [Case("models on 4x4 and 5x5 boards, cap 10 s", shape_case),
                                                      Case("the same with a cap of 1e-06 s", timeout_case)])


__all__ = ["check_no_fold", "check_walls", "check_measure", "battery", "wall_battery", "folded_block",
           "pipes_avoiding"]
