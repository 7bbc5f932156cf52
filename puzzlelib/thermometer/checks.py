"""Checks for the exercises of chapter 1 (Thermometers).

A model is right when the set of fillings it admits is exactly the set of solutions. The checks
enumerate every filling a student's model admits (no-good cuts, up to one more than the true
number) and compare them with the fillings found without a solver, on a battery of small boards
that includes bent thermometers, a rectangular board, an ambiguous board and an impossible one.
When a model forbids a valid filling, the check names the student's constraint that filling breaks.
While a check runs, every function that would answer its exercise is blocked: the library's model
and solution search, and the checks' own oracles (``true_fillings``, ``warm_fillings``, their
caches). Failures carry fault codes (``breaks-rule:<rule code>``, ``rules-out-solution``,
``count-too-high``, ...) and never state the number the student's function should return. When a
grader sets a hidden seed (``python -m puzzlelib grade --hidden-seed N``), every battery also gets
random boards the students never saw (``feedback.checks.hidden_boards``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

import pulp

from ..engine.compat import constraint_name, constraint_text

from ..feedback.checks import (
    Case, CheckReport, Failure, compare_fillings, filling_case, forbidden, hidden_boards, model_fillings, run_check,
    with_caches,
)
from ..core.interface import Fault
from ..engine.enumeration import enumerate_solutions, nogood_cut
from ..display.report import table
from .board import SEED_BOARD, Cell, Grid, Puzzle
from .drawing import draw, draw_board
from .formats import label
from .generators import generate, random_puzzle, random_tiling
from .model import build_model, builder, hartmann_model
from .rules import brute_force, check_rules, filled_cells, fillings
from .solving import solutions

# --------------------------------------------------------------------------------------------- #
# Boards
# --------------------------------------------------------------------------------------------- #
CHAPTER_5X5 = SEED_BOARD

# Two fillings satisfy these counts.
AMBIGUOUS = """thermometer
  3 1 1 1
3 A a D d
1 C a b B
2 c c e E
"""

# Counts agree in total, but row 0 needs both bulbs full while column 1 needs B empty.
IMPOSSIBLE = """thermometer
  2 0
2 A B
0 a b
"""

# Short thermometers: five fillings (for counting with a limit below the number of fillings).
MANY = """thermometer
  2 2 4 2
3 A b B C
3 a d D c
2 e f F g
2 E h H G
"""


def battery() -> tuple[tuple[str, Puzzle], ...]:
    """The boards every Thermometers check tries, each with a name a student can look up, then the
    hidden ones (random 5x5 boards with bent thermometers) when a grader set a seed."""
    return _public_battery() + tuple(hidden_boards(lambda s: random_puzzle(5, seed=s, bend=0.5)))


@cache
def _public_battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = [("the chapter's 5x5", Puzzle.from_text(CHAPTER_5X5)),
              ("a 4x4 with bent thermometers",
               Puzzle.from_puzzleteam("3_2_1_1_2_1_2_2;1,2;5,2,3,7;5,4,8,12,13,14,15;5,9,5,6;1,2")),
              ("a 3x4 with two solutions", Puzzle.from_text(AMBIGUOUS)),
              ("a 2x2 with no solution", Puzzle.from_text(IMPOSSIBLE))]
    for seed, (n, m) in enumerate([(4, 5), (5, 5), (3, 6), (6, 4), (5, 6)]):
        boards.append((f"random {n}x{m} board #{100 + seed}", random_puzzle((n, m), seed=100 + seed, bend=0.5)))
    return tuple(boards)


@cache
def true_fillings(puzzle: Puzzle) -> frozenset[Grid]:
    """Every solution's grid, found without a solver (the checks' oracle: blocked while a check runs)."""
    return frozenset(s.grid for s in brute_force(puzzle))


def oracles(model: bool = True) -> dict:
    """What would answer a Thermometers exercise: the library's solution search, the checks' own
    oracles and (unless ``model=False``, for Exercise 1.3, which builds on it) the library's model."""
    found = {"th.solutions": solutions, "th.brute_force": brute_force, "th.generate": generate,
             "th.rules.fillings": fillings, "checks.true_fillings": true_fillings,
             "checks.warm_fillings": warm_fillings, "checks.warm_faults": warm_faults,
             "checks.warm_verify": warm_verify}
    if model:
        found.update({"th.build_model": build_model, "th.model.hartmann_model": hartmann_model,
                      "th.model.builder": builder})
    return with_caches(found)


def _draw_thermometers(puzzle, grid, ax):
    draw(puzzle, grid, ax=ax)


# --------------------------------------------------------------------------------------------- #
# Which constraint of a student's model cuts off a valid filling
# --------------------------------------------------------------------------------------------- #
def broken_constraint(problem: pulp.LpProblem, x: dict, grid) -> str | None:
    """The first constraint of ``problem`` that the 0/1 ``grid`` breaks (with x[r, c] = grid[r][c]),
    as ``name: text``, or None. Constraints over variables other than x are skipped."""
    values = {x[cell].name: grid[cell[0]][cell[1]] for cell in x}
    for constraint in problem.constraints():
        name = constraint_name(constraint)
        if any(v.name not in values for v in constraint.keys()):
            continue
        lhs = sum(coef * values[v.name] for v, coef in constraint.items()) + constraint.constant
        broken = {pulp.LpConstraintEQ: abs(lhs) > 1e-6, pulp.LpConstraintLE: lhs > 1e-6,
                  pulp.LpConstraintGE: lhs < -1e-6}[constraint.sense]
        if broken:
            text = constraint_text(constraint)
            text = text if len(text) <= 70 else text[:67] + "..."
            return f"{name} ({text})" if name else text
    for cell, var in x.items():
        v = grid[cell[0]][cell[1]]
        if (var.lowBound is not None and v < var.lowBound) or (var.upBound is not None and v > var.upBound):
            return f"the bounds of {var.name} ({var.lowBound} to {var.upBound})"
    return None


def model_case(name, board, build, truth, rules, picture) -> Case:
    """Like ``feedback.checks.filling_case``, and a valid filling the model forbids is traced to the
    student's constraint that it breaks."""
    def run():
        admitted = model_fillings(build, board, len(truth) + 1)
        if isinstance(admitted, Failure):
            return admitted
        failure = compare_fillings(board, admitted, truth, rules, picture)
        if failure is not None and "rules out a valid filling" in failure.message:
            missed = min(g for g in truth if g not in set(admitted))
            problem, x = build(board)
            culprit = broken_constraint(problem, x, missed)
            if culprit:
                failure.message += f"; the valid filling drawn breaks your constraint {culprit}"
        return failure
    return Case(name, run)


# --------------------------------------------------------------------------------------------- #
# Exercise 1.1: warm thermometers with hidden counts
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class WarmBoard:
    """A Thermometers board on a warm day: every thermometer holds at least its bulb of mercury,
    and the counts that are ``None`` are hidden (any number of cells may be filled there)."""

    rows: tuple[int | None, ...]
    cols: tuple[int | None, ...]
    thermometers: tuple[tuple[Cell, ...], ...]

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.cols)


def warm_board(nrows: int, ncols: int, seed: int, hide: int = 2, max_len: int = 4) -> WarmBoard:
    """A random warm board: a planted filling with every level at least 1, ``hide`` counts hidden."""
    rng = random.Random(seed)
    therms = [tuple(t) for t in random_tiling(nrows, ncols, rng, max_len=max_len, bend=0.5)]
    grid = [[0] * ncols for _ in range(nrows)]
    for cells in therms:
        for r, c in cells[:rng.randint(1, len(cells))]:
            grid[r][c] = 1
    rows = [sum(row) for row in grid]
    cols = [sum(grid[r][c] for r in range(nrows)) for c in range(ncols)]
    lines = [("row", r) for r in range(nrows)] + [("col", c) for c in range(ncols)]
    for kind, i in rng.sample(lines, hide):
        (rows if kind == "row" else cols)[i] = None
    return WarmBoard(tuple(rows), tuple(cols), tuple(sorted(therms, key=min)))


#: The warm variant's own rule, beside the codes of ``th.RULES`` (row-count, col-count, fill-gap).
WARM_RULE = "empty-bulb"


def warm_faults(board: WarmBoard, grid) -> list[Fault]:
    """Every broken rule of the warm variant as a Fault (the codes of ``th.RULES``, and
    ``empty-bulb`` for the warm rule), without a solver."""
    m, n = board.shape
    problems = []
    for r in range(m):
        if board.rows[r] is not None and sum(grid[r]) != board.rows[r]:
            problems.append(Fault("row-count", f"row {r} has {filled_cells(sum(grid[r]))}, its count is {board.rows[r]}",
                                  tuple((r, c) for c in range(n))))
    for c in range(n):
        have = sum(grid[r][c] for r in range(m))
        if board.cols[c] is not None and have != board.cols[c]:
            problems.append(Fault("col-count", f"col {c} has {filled_cells(have)}, its count is {board.cols[c]}",
                                  tuple((r, c) for r in range(m))))
    for t, cells in enumerate(board.thermometers):
        (r, c) = cells[0]
        if not grid[r][c]:
            problems.append(Fault(WARM_RULE, f"thermometer {label(t)} holds no mercury, but on a warm day every "
                                             "bulb is filled", (cells[0],)))
        for k in range(1, len(cells)):
            (a, b), (r, c) = cells[k - 1], cells[k]
            if grid[r][c] and not grid[a][b]:
                problems.append(Fault("fill-gap", f"thermometer {label(t)}: cell {cells[k]} is filled but "
                                                  f"{cells[k - 1]}, nearer the bulb, is empty", (cells[k - 1], cells[k])))
                break
    return problems


def warm_verify(board: WarmBoard, grid) -> list[str]:
    """Every broken rule of the warm variant, in words (no solver)."""
    return [fault.message for fault in warm_faults(board, grid)]


def warm_fillings(board: WarmBoard) -> frozenset[Grid]:
    """Every filling of a warm board, by the solver-free search of rules.py."""
    return frozenset(fillings(board.shape, board.rows, board.cols, board.thermometers,
                              min_level=[1] * len(board.thermometers)))


def draw_warm(board: WarmBoard, grid=None, ax=None):
    """A warm board: hidden counts are left blank."""
    from ..display.drawing import new_figure

    if ax is None:
        ax = new_figure(4, 4).add_subplot(1, 1, 1)
    draw_board(ax, board.shape, board.rows, board.cols, board.thermometers, grid)
    return ax.figure


#: The warm board shown in the exercise.
WARM_EXAMPLE = warm_board(5, 5, seed=4)

#: A one-cell thermometer A in a hidden row and a hidden column: only the warm rule fills it, so a
#: model that writes the warm rule inside the loop over a thermometer's pairs (and so skips
#: thermometers without pairs) admits a second filling here.
WARM_SINGLE = WarmBoard(rows=(None, 2, 2), cols=(None, 3, 2),
                        thermometers=(((0, 0),), ((0, 1), (0, 2)), ((1, 0), (2, 0)), ((1, 1), (1, 2)),
                                      ((2, 1), (2, 2))))


def warm_battery() -> tuple[tuple[str, WarmBoard], ...]:
    """The public warm boards, then the hidden ones when a grader set a seed."""
    return _public_warm_battery() + tuple(hidden_boards(lambda s: warm_board(5, 5, s, hide=2)))


@cache
def _public_warm_battery() -> tuple[tuple[str, WarmBoard], ...]:
    boards = [("the exercise's 5x5", WARM_EXAMPLE)]
    for seed, (n, m, hide) in enumerate([(3, 4, 1), (4, 4, 2), (4, 5, 3), (5, 4, 2), (3, 5, 0), (5, 5, 3)]):
        boards.append((f"warm {n}x{m} board #{seed} ({hide} counts hidden)", warm_board(n, m, seed, hide)))
    boards.append(("a 3x3 with a one-cell thermometer (2 counts hidden)", WARM_SINGLE))
    # A shown count of 0, and a last thermometer that only the warm rule fills: this board catches
    # `if board.rows[r]:` (a 0 read as hidden) and a warm rule that misses the last thermometer.
    boards.append(("warm 5x4 board #118 (3 counts hidden)", warm_board(5, 4, 118, 3)))
    return tuple(boards)


def check_warm(build, exercise: str = "1.1") -> CheckReport:
    """``build(board) -> (problem, x)`` must admit exactly the fillings of each warm board.

    The fillings are found before the check blocks the oracles (``warm_fillings`` and the library's
    searches), so the student's function cannot reach them."""
    cases = [model_case(name, board, build, warm_fillings(board), warm_faults,
                        lambda b, g, ax: draw_warm(b, g, ax)) for name, board in warm_battery()]
    with forbidden(build, oracles()):
        return run_check(exercise, "the warm-day model", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 1.2: the corrected model (written without th.build_model)
# --------------------------------------------------------------------------------------------- #
def check_model(build, exercise: str = "1.2") -> CheckReport:
    """``build(puzzle) -> (problem, x)`` must admit exactly the solutions, on every board."""
    cases = [model_case(name, p, build, true_fillings(p), check_rules, _draw_thermometers) for name, p in battery()]
    with forbidden(build, oracles()):
        return run_check(exercise, "the Thermometers model", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 1.3: counting with your own no-good cuts
# --------------------------------------------------------------------------------------------- #
def _short(seed: int) -> Puzzle:
    """A 4x5 board of thermometers of one or two cells: several fillings."""
    return random_puzzle((4, 5), seed=seed, max_len=2, bend=0.5)


def count_battery() -> list[tuple[str, Puzzle, int]]:
    """(name, board, limit): boards whose numbers of fillings run from 0 to 7, with limits that bind
    and limits that do not, so that no constant and no function of the limit alone gets more than a
    few right; then the hidden boards (when a grader set a seed) with limits 5, 2 and 1. The names
    say nothing about the number of fillings."""
    public = dict(_public_battery())
    many = Puzzle.from_text(MANY)
    cases = [("the chapter's 5x5", public["the chapter's 5x5"], 5),
             ("a 4x4 with bent thermometers", public["a 4x4 with bent thermometers"], 5),
             ("random 6x4 board #103", public["random 6x4 board #103"], 5),
             ("a 2x2 board", Puzzle.from_text(IMPOSSIBLE), 5),
             ("a 3x4 board", Puzzle.from_text(AMBIGUOUS), 5),
             ("random 5x6 board #104", public["random 5x6 board #104"], 5),
             ("a 4x4 with short thermometers", many, 2),
             ("a 4x4 with short thermometers", many, 3),
             ("a 4x4 with short thermometers", many, 10),
             ("a 4x5 with short thermometers #2", _short(2), 5),
             ("a 4x5 with short thermometers #4", _short(4), 5),
             ("a 4x5 with short thermometers #4", _short(4), 10)]
    hidden = battery()[len(_public_battery()):]
    cases += [(name, p, limit) for (name, p), limit in zip(hidden, (5, 2, 1))]
    return cases


def check_count(count_solutions, exercise: str = "1.3") -> CheckReport:
    """``count_solutions(puzzle, limit)`` must return min(number of fillings, limit).

    A wrong count is diagnosed (above the limit, too high, too low, not a whole number) without the
    number it should have been."""
    cases = []
    for name, puzzle, limit in count_battery():
        want = min(len(true_fillings(puzzle)), limit)  # found before the oracles are blocked

        def run(puzzle=puzzle, want=want, limit=limit):
            got = count_solutions(puzzle, limit)
            if isinstance(got, bool) or not isinstance(got, int):
                return Failure(f"returned {got!r}: return the count as a whole number", code="wrong-return-type")
            if got == want:
                return None
            if got > limit:
                return Failure(f"returned {got} with limit {limit}: the count must stop at limit; is limit used in "
                               "your loop?", code="count-above-limit")
            if got > want:
                return Failure(f"returned {got} with limit {limit}, more than the board has fillings: does your loop "
                               "count one solve too many, or a filling twice (is the cut added to the problem)?",
                               code="count-too-high")
            return Failure(f"returned {got} with limit {limit}, but the board has more fillings than that: the loop "
                           "stops early, or your cut removes more than the filling just found", code="count-too-low")
        cases.append(Case(f"{name}, limit {limit}", run))
    blocked = {**oracles(model=False), "enumerate_solutions": enumerate_solutions, "nogood_cut": nogood_cut}
    with forbidden(count_solutions, blocked):
        return run_check(exercise, "counting by no-good cuts", cases)


def uniqueness_by_length(count_solutions, size: int = 6, boards: int = 20, lengths=(2, 4, 6, 8)) -> None:
    """Print how many random boards have 1, 2, 3, 4 or 5+ fillings, by longest thermometer,
    counting with the student's ``count_solutions(puzzle, limit)``."""
    rows = []
    try:
        for longest in lengths:
            tally = [0] * 5
            for seed in range(boards):
                puzzle = random_puzzle(size, seed=seed, max_len=longest)
                tally[min(count_solutions(puzzle, 5), 5) - 1] += 1
            rows.append((f"<= {longest} cells", *tally))
    except NotImplementedError as exc:
        print(f"Not done yet: {exc}")
        return
    print(f"{boards} random {size}x{size} boards per row; columns: number of fillings")
    print(table(["thermometers", "1", "2", "3", "4", "5+"], rows, widths=[14, 5, 5, 5, 5, 5]))


__all__ = ["check_warm", "check_model", "check_count", "uniqueness_by_length", "WarmBoard", "warm_board",
           "warm_verify", "warm_fillings", "draw_warm", "WARM_EXAMPLE", "WARM_SINGLE", "battery", "count_battery",
           "broken_constraint", "AMBIGUOUS", "IMPOSSIBLE", "MANY", "filling_case"]
