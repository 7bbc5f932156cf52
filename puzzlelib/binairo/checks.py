"""Checks for the exercises of chapter 3 (Binary Sudoku).

A model is right when the set of fillings it admits is exactly the set of fillings that keep the
rules it is meant to state. The checks enumerate every filling a student's model admits (no-good
cuts, up to one more than the true number) and compare with the fillings found by a plain search
without any solver (:func:`puzzlelib.binairo.rules.brute_force_fillings`), on a battery of small
boards: the chapter's board, an empty 4x4 (90 fillings without rule 3, 72 with it), a board that
rule 3 alone makes unique, a board only rule 3 makes impossible, and one the first two rules
already rule out. A model that admits a wrong filling fails with the code of the rule it breaks
(``breaks-rule:three``, ``breaks-rule:wrap-three``, ``breaks-rule:sign-equal``, ...; the rules of
``bn.RULES`` and the exercises' own). The fillings are found before a check blocks the searches that
would answer its exercise (``bn.solutions``, ``bn.brute_force_fillings``, ``true_fillings``, the
library's rule-3 formulations). With a lecturer's hidden seed (``feedback.checks.hidden_boards``)
every battery also gets random boards the student never saw.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pulp

from ..engine.compat import constraint_name, constraint_text

from ..feedback.checks import (Case, CheckReport, Failure, compare_fillings, forbidden, hidden_boards, model_fillings,
                               run_check, with_caches)
from ..display.drawing import INK
from ..core.errors import PuzzleError
from ..core.interface import Fault
from ..engine.solver import add_binary
from .board import SEED_BOARD, Puzzle, cell_of, cols_of, empty, rows_of
from .drawing import draw
from .generators import planted_puzzle, random_grid
from .model import build_model, formulation
from .model_bigm import add_distinct_bigm
from .model_exact import add_distinct_exact, add_pair_exact
from .rules import brute_force, brute_force_fillings, broken_cells, check_rules
from .solving import solutions


Grid = tuple[tuple[int, ...], ...]
Pair = tuple[tuple[int, int], tuple[int, int]]

# --------------------------------------------------------------------------------------------- #
# Boards (made for the course by random search; each is named in the feedback)
# --------------------------------------------------------------------------------------------- #
CHAPTER_6X6 = SEED_BOARD

# One solution with rule 3; ten fillings keep rules 1 and 2.
RULE3_MATTERS = """binairo
.0....
1..00.
......
00...1
....1.
......
"""

# Two fillings keep rules 1 and 2, and each repeats a line: no solution with rule 3.
ONLY_RULE3_FORBIDS = """binairo
00..1.
00.1..
......
0..1..
.1....
..0..0
"""

# Rules 1 and 2 already contradict these givens.
NO_FILLING = """binairo
......
......
......
00....
.01..1
.....1
"""

# A 6x6 of our own in the Puzzle Team task-string format (eleven givens, one solution).
PUZZLE_TEAM = "0c1i1a10a0b100g11b"


def battery() -> tuple[tuple[str, Puzzle], ...]:
    """The boards every Binairo check tries, each with a name a student can look up (and, with a
    lecturer's hidden seed, three random boards more)."""
    hidden = hidden_boards(lambda s: planted_puzzle(6, seed=s, density=0.35)[0])
    return public_battery() + tuple(hidden)


@cache
def public_battery() -> tuple[tuple[str, Puzzle], ...]:
    """The boards every student sees."""
    boards = [("the chapter's 6x6", Puzzle.from_text(CHAPTER_6X6)),
              (f"the 6x6 task string '{PUZZLE_TEAM}'", Puzzle.from_puzzleteam(PUZZLE_TEAM)),
              ("the empty 4x4", empty(4)),
              ("a 6x6 that rule 3 makes unique", Puzzle.from_text(RULE3_MATTERS)),
              ("a 6x6 that only rule 3 makes impossible", Puzzle.from_text(ONLY_RULE3_FORBIDS)),
              ("a 6x6 with no filling at all", Puzzle.from_text(NO_FILLING))]
    for seed, (n, density) in enumerate([(6, 0.3), (8, 0.45), (8, 0.5)]):
        puzzle, _ = planted_puzzle(n, seed=300 + seed, density=density)
        boards.append((f"random {n}x{n} board #{300 + seed}", puzzle))
    return tuple(boards)


@cache
def true_fillings(puzzle: Puzzle, distinct: bool = True) -> frozenset[Grid]:
    """Every filling keeping rules 1 and 2 (and rule 3 unless ``distinct=False``), without a solver:
    the checks' oracle, blocked while a check runs."""
    return frozenset(brute_force_fillings(puzzle, distinct=distinct))


def oracles(model: bool = True) -> dict:
    """What would answer a Binairo exercise: the searches for fillings (the library's and the checks'
    own) and, unless ``model=False`` (Exercises 3.2 and 3.4 build on a given model), the library's
    model and its formulations of rule 3."""
    found = {"bn.solutions": solutions, "bn.brute_force": brute_force, "bn.brute_force_fillings": brute_force_fillings,
             "checks.true_fillings": true_fillings}
    if model:
        found.update({"bn.build_model": build_model, "bn.model.formulation": formulation,
                      "bn.add_distinct_bigm": add_distinct_bigm, "bn.add_distinct_exact": add_distinct_exact,
                      "bn.model_exact.add_pair_exact": add_pair_exact})
    return with_caches(found)


def faults12(puzzle, grid) -> list[Fault]:
    """Rules 1 and 2 (and the givens) as Faults: ``bn.check_rules`` without rule 3."""
    return check_rules(puzzle, grid, distinct=False)


# --------------------------------------------------------------------------------------------- #
# Comparing a student's model with the truth
# --------------------------------------------------------------------------------------------- #
def _draw(puzzle, grid, ax, distinct=True):
    return draw(puzzle, grid, ax=ax, distinct=distinct)


def filling_case(name: str, puzzle, build, truth, verify_fn, draw_fn, *args) -> Case:
    """feedback.checks.filling_case, and when the model rules out a valid filling, which of the
    student's own constraints that filling breaks (a constraint over the cell variables only)."""
    def run():
        admitted = model_fillings(build, puzzle, len(truth) + 1, *args)
        if isinstance(admitted, Failure):
            return admitted
        failure = compare_fillings(puzzle, admitted, truth, verify_fn, draw_fn)
        if failure is not None and "rules out a valid filling" in failure.message:
            missed = sorted(g for g in truth if g not in set(admitted))[0]
            broken = broken_constraint(build(puzzle, *args), missed)
            if broken:
                failure.message += f"; that filling breaks your constraint {broken}"
        return failure
    return Case(name, run)


def broken_constraint(model, grid) -> str | None:
    """The first constraint of ``model`` = (problem, x), over x alone, that ``grid`` breaks."""
    problem, x = model
    value = {var.name: grid[r][c] for (r, c), var in x.items()}  # by name: PuLP 4 re-wraps variables
    for k, constraint in enumerate(problem.constraints()):
        cname = constraint_name(constraint) or f"number {k + 1}"
        if not all(var.name in value for var in constraint.keys()):
            continue
        lhs = sum(coef * value[var.name] for var, coef in constraint.items()) + constraint.constant
        sense = constraint.sense
        if (sense == pulp.LpConstraintEQ and abs(lhs) > 1e-6) or (sense == pulp.LpConstraintLE and lhs > 1e-6) \
                or (sense == pulp.LpConstraintGE and lhs < -1e-6):
            return f"{cname}: {constraint_text(constraint)}"
    return None


# --------------------------------------------------------------------------------------------- #
# Rules 1 and 2 only (the model Exercises 3.2 and 3.3 stand on)
# --------------------------------------------------------------------------------------------- #
def check_two_rules(build, exercise: str = "3.1 (rules 1 and 2)") -> CheckReport:
    """``build(puzzle) -> (problem, x)`` must admit exactly the fillings that keep rules 1 and 2."""
    def draw12(puzzle, grid, ax):
        return _draw(puzzle, grid, ax, distinct=False)

    cases = [filling_case(name, p, build, true_fillings(p, False), faults12, draw12) for name, p in battery()]
    with forbidden(build, oracles()):
        return run_check(exercise, "the model of rules 1 and 2", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 3.1: rules 1 and 2 on a board that wraps around
# --------------------------------------------------------------------------------------------- #
# (seed of the planted grid, share of cells given): 8x8 boards where the plain windows of three
# admit more fillings than the wrapped ones (on boards up to 6x6 wrapping changes nothing).
WRAPPED_8X8 = ((421, 0.4), (438, 0.35), (454, 0.4))


#: Exercise 3.1's own rule: three equal cells in a window across the ends of a line.
WRAP_RULE = "wrap-three"


def wrap_faults(grid) -> list[tuple[str, frozenset]]:
    """The windows of three that cross the ends of a line (last, first) and hold equal cells."""
    grid = getattr(grid, "grid", grid)
    n = len(grid)
    found = []
    for kind, lines in (("row", rows_of(grid)), ("col", cols_of(grid))):
        for i, line in enumerate(lines):
            for k in (n - 2, n - 1):
                ks = (k, (k + 1) % n, (k + 2) % n)
                if len({line[t] for t in ks}) == 1:
                    cells = [cell_of(kind, i, t) for t in ks]
                    found.append((f"{kind} {i} has three equal cells ({line[k]}) across its ends, at "
                                  f"{', '.join(map(str, cells))}", frozenset(cells)))
    return found


def wraps_ok(grid) -> bool:
    return not wrap_faults(grid)


def wrapped_faults(puzzle: Puzzle, grid) -> list[Fault]:
    """Rules 1 and 2 as Faults, with rule 2 also on the two windows that wrap around each line
    (code ``wrap-three``)."""
    return faults12(puzzle, grid) + [Fault(WRAP_RULE, message, tuple(sorted(cells)))
                                     for message, cells in wrap_faults(grid)]


def verify_wrapped(puzzle: Puzzle, grid) -> list[str]:
    """Rules 1 and 2, with rule 2 also on the two windows that wrap around each line."""
    return [fault.message for fault in wrapped_faults(puzzle, grid)]


def draw_wrapped(puzzle: Puzzle, grid, ax=None):
    mark = None if grid is None else (broken_cells(puzzle, grid, distinct=False)
                                      | set().union(*(cells for _, cells in wrap_faults(grid))))
    return draw(puzzle, grid, ax=ax, mark=mark, distinct=False)


def _wrapped_board(seed: int, density: float) -> Puzzle:
    """An 8x8 board planted on a grid whose lines also keep rule 2 around their ends: the grid of
    ``seed`` when it does, else the first that does among grids of seeds drawn from ``seed``."""
    draw_seeds = random.Random(seed)
    while not wraps_ok(grid := random_grid(8, seed)):
        seed = draw_seeds.randrange(2 ** 31)
    rng = random.Random(seed)
    keep = set(rng.sample([(r, c) for r in range(8) for c in range(8)], round(density * 64)))
    return Puzzle([[grid[r][c] if (r, c) in keep else None for c in range(8)] for r in range(8)])


def wrapped_battery() -> tuple[tuple[str, Puzzle], ...]:
    """The boards of Exercise 3.1: the common battery and 8x8 boards where wrapping matters."""
    boards = [(f"an 8x8 board #{seed} where wrapping matters", _wrapped_board(seed, density))
              for seed, density in WRAPPED_8X8]
    hidden = hidden_boards(lambda s: _wrapped_board(s, 0.45))
    return battery() + tuple(boards) + tuple(hidden)


def check_wrapped(build, exercise: str = "3.1") -> CheckReport:
    """``build(puzzle) -> (problem, x)`` must admit exactly the fillings that keep rules 1 and 2,
    with rule 2's windows wrapping around the ends of every row and column."""
    cases = [filling_case(name, p, build,
                          frozenset(brute_force_fillings(p, distinct=False, extra=wraps_ok)),
                          wrapped_faults, draw_wrapped)
             for name, p in wrapped_battery()]
    with forbidden(build, {**oracles(), "build_two_rules": two_rules}):
        return run_check(exercise, "rules 1 and 2 on a board that wraps around", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 3.2: counting fillings with no-good cuts
# --------------------------------------------------------------------------------------------- #
def count_name(k: int, name: str) -> str:
    """A board's name in Exercise 3.2's report, where a name that tells how many fillings it has
    ("... with no filling at all") would tell the answer."""
    return f"board {k + 1} of checks.battery() ({name.split(' ')[1]})" if any(
        word in name for word in ("filling", "unique", "impossible")) else name


def check_count(count_fillings, build=None, exercise: str = "3.2") -> CheckReport:
    """``count_fillings(puzzle, limit)`` must return min(fillings keeping rules 1 and 2, limit).

    ``build`` is the student's model of rules 1 and 2, which the count stands on: when it does not
    pass, the report says so first, so a wrong count is not blamed on the counting. A wrong count is
    diagnosed (above the limit, too high, too low, counts rule 3 as well) without the right number.
    """
    if build is not None:
        first = check_two_rules(build)
        if not first.passed:
            report = CheckReport(exercise, "counting fillings by no-good cuts", status="failed",
                                 total_boards=len(battery()), total_weight=float(len(battery())),
                                 codes=["model-not-right"])
            report.lines = [f"build_two_rules does not state rules 1 and 2 yet ({first.passed_boards} of "
                            f"{first.total_boards} boards right), and count_fillings counts the fillings of that "
                            "model: fix build_two_rules first."]
            return report
    cases = []
    for k, (name, puzzle) in enumerate(battery()):
        truth = len(true_fillings(puzzle, False))  # found before the oracles are blocked
        all_three = len(true_fillings(puzzle, True))
        for limit in ((100,) if truth <= 12 else (12,)):
            def run(puzzle=puzzle, truth=truth, all_three=all_three, limit=limit):
                got = count_fillings(puzzle, limit)
                want = min(truth, limit)
                if isinstance(got, bool) or not isinstance(got, int):
                    return Failure(f"returned {type(got).__name__} {got!r}: return the number of fillings, an int",
                                   code="wrong-return-type")
                if got == want:
                    return None
                if got > limit:
                    return Failure(f"returned {got} with limit {limit}: the count must stop at the limit",
                                   code="count-above-limit")
                if got == min(all_three, limit) and all_three != truth:
                    return Failure(f"returned {got} with limit {limit}: that is the number of fillings that keep "
                                   "all three rules; count those that keep rules 1 and 2", code="counts-rule-3")
                if got > want:
                    return Failure(f"returned {got} with limit {limit}, more than the fillings that keep rules 1 and "
                                   "2: is a filling counted twice (is each cut added to the problem)?",
                                   code="count-too-high")
                return Failure(f"returned {got} with limit {limit}, fewer than the fillings that keep rules 1 and 2 "
                               "(up to the limit): does the count stop early (or ignore the limit argument), or cut "
                               "off more than the filling just found?", code="count-too-low")
            cases.append(Case(count_name(k, name), run))
    with forbidden(count_fillings, oracles(model=False)):
        return run_check(exercise, "counting fillings by no-good cuts", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 3.3: the broken big-M, repaired
# --------------------------------------------------------------------------------------------- #
def check_bigm(build, exercise: str = "3.3") -> CheckReport:
    """``build(puzzle) -> (problem, x)`` must admit exactly the solutions (all three rules)."""
    cases = [filling_case(name, p, build, true_fillings(p, True), check_rules, _draw) for name, p in battery()]
    with forbidden(build, oracles()):
        return run_check(exercise, "the big-M model of all three rules", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 3.4: Binairo+ (equal and different signs between neighbours)
# --------------------------------------------------------------------------------------------- #
def plus_faults(puzzle: Puzzle, grid, signs: dict[Pair, str]) -> list[Fault]:
    """The Binairo rules, then every sign as a Fault: '=' joins equal neighbours (code ``sign-equal``),
    'x' different ones (``sign-differ``)."""
    problems = check_rules(puzzle, grid)
    grid = getattr(grid, "grid", grid)
    for (a, b), sign in sorted(signs.items()):
        same = grid[a[0]][a[1]] == grid[b[0]][b[1]]
        if sign == "=" and not same:
            problems.append(Fault("sign-equal", f"cells {a} and {b} have '=' between them but differ", (a, b)))
        if sign == "x" and same:
            problems.append(Fault("sign-differ", f"cells {a} and {b} have 'x' between them but are equal", (a, b)))
    return problems


def verify_plus(puzzle: Puzzle, grid, signs: dict[Pair, str]) -> list[str]:
    """The Binairo rules, then every sign: '=' joins equal neighbours, 'x' different ones."""
    return [fault.message for fault in plus_faults(puzzle, grid, signs)]


def _signs_hold(signs):
    def ok(grid) -> bool:
        return all((grid[a[0]][a[1]] == grid[b[0]][b[1]]) == (sign == "=") for (a, b), sign in signs.items())
    return ok


def random_signs(grid: Grid, count: int, seed: int) -> dict[Pair, str]:
    """``count`` signs between random neighbours, true of ``grid``."""
    rng = random.Random(seed)
    n = len(grid)
    pairs = [((r, c), (r, c + 1)) for r in range(n) for c in range(n - 1)]
    pairs += [((r, c), (r + 1, c)) for r in range(n - 1) for c in range(n)]
    chosen = rng.sample(pairs, count)
    return {p: "=" if grid[p[0][0]][p[0][1]] == grid[p[1][0]][p[1][1]] else "x" for p in sorted(chosen)}


def _plus_board(seed: int, n: int, givens: int, signs: int):
    """A Binairo+ board planted on a random grid: ``givens`` of its cells and ``signs`` true signs."""
    grid = random_grid(n, seed)
    rng = random.Random(seed)
    keep = set(rng.sample([(r, c) for r in range(n) for c in range(n)], givens))
    puzzle = Puzzle([[grid[r][c] if (r, c) in keep else None for c in range(n)] for r in range(n)])
    return puzzle, tuple(sorted(random_signs(grid, signs, seed).items()))


def plus_battery():
    """Binairo+ boards: (name, puzzle, signs); with a lecturer's hidden seed, three random ones more."""
    hidden = [(name, *board) for name, board in hidden_boards(lambda s: _plus_board(s, 6, 2, 16))]
    return public_plus_battery() + tuple(hidden)


@cache
def public_plus_battery():
    """The Binairo+ boards every student sees."""
    boards = []
    for seed, (n, givens, signs) in enumerate([(4, 0, 5), (6, 2, 14), (6, 0, 18), (6, 4, 18)]):
        boards.append((f"Binairo+ {n}x{n} #{500 + seed}", *_plus_board(500 + seed, n, givens, signs)))
    # An impossible one: '=' on a pair and 'x' chained so that they contradict.
    signs = {((0, 0), (0, 1)): "=", ((0, 1), (0, 2)): "=", ((1, 0), (1, 1)): "x"}
    boards.append(("Binairo+ 4x4 with three equal neighbours forced", empty(4), tuple(sorted(signs.items()))))
    return tuple(boards)


def broken_sign_cells(grid, signs: dict[Pair, str]) -> set[tuple[int, int]]:
    """The two cells of every sign that ``grid`` breaks."""
    grid = getattr(grid, "grid", grid)
    return {cell for (a, b), sign in signs.items() for cell in (a, b)
            if (grid[a[0]][a[1]] == grid[b[0]][b[1]]) != (sign == "=")}


def draw_plus(puzzle: Puzzle, grid, signs: dict[Pair, str], ax=None):
    """A Binairo board with its '=' and 'x' signs on the edges between cells; with a grid, the two
    cells of every sign it breaks are ringed in red (with the cells of any broken rule)."""
    mark = set() if grid is None else broken_cells(puzzle, grid) | broken_sign_cells(grid, signs)
    fig = draw(puzzle, grid, ax=ax, mark=mark)
    ax = ax or fig.axes[0]
    n = puzzle.size
    size = max(6, min(14, 120 / n))
    for (a, b), sign in signs.items():
        x, y = (a[1] + b[1]) / 2, (a[0] + b[0]) / 2
        ax.text(x, y, "=" if sign == "=" else "\u00d7", ha="center", va="center", fontsize=size,
                color=INK, fontweight="bold", zorder=6,
                bbox=dict(boxstyle="circle,pad=0.1", facecolor="#fff59d", edgecolor="none"))
    return fig


def check_plus(build, exercise: str = "3.4") -> CheckReport:
    """``build(puzzle, signs) -> (problem, x)`` must admit exactly the Binairo+ solutions."""
    cases = []
    for name, puzzle, items in plus_battery():
        signs = dict(items)
        truth = frozenset(brute_force_fillings(puzzle, extra=_signs_hold(signs)))

        def faults(p, g, signs=signs):
            return plus_faults(p, g, signs)

        def picture(p, g, ax, signs=signs):
            return draw_plus(p, g, signs, ax)

        cases.append(filling_case(name, puzzle, build, truth, faults, picture, dict(signs)))
    with forbidden(build, oracles(model=False)):
        return run_check(exercise, "the Binairo+ model", cases)


# --------------------------------------------------------------------------------------------- #
# Deliberately broken models (for the exercise text and for the tests of these checks)
# --------------------------------------------------------------------------------------------- #
def two_rules(puzzle: Puzzle):
    """Rules 1 and 2 (the answer of Exercise 3.1), written out so it works while a check forbids
    the library's build_model."""
    n = puzzle.size
    problem = pulp.LpProblem("binairo_two_rules", pulp.LpMinimize)
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(n) for j in range(n)}
    for (i, j), g in puzzle.given_cells().items():
        problem += x[i, j] == g
    lines = [[x[i, j] for j in range(n)] for i in range(n)] + [[x[i, j] for i in range(n)] for j in range(n)]
    for line in lines:
        problem += pulp.lpSum(line) == n // 2
        for k in range(n - 2):
            problem += pulp.lpSum(line[k:k + 3]) >= 1
            problem += pulp.lpSum(line[k:k + 3]) <= 2
    return problem, x


def build_bigm_broken(puzzle: Puzzle):
    """The big-M model with the two slips of Exercise 3.3 (kept here so tests can check the check)."""
    problem, x = two_rules(puzzle)
    n = puzzle.size
    big_m = 2 ** (n - 1)
    rows = [pulp.lpSum(2 ** j * x[i, j] for j in range(n)) for i in range(n)]
    cols = [pulp.lpSum(2 ** j * x[i, j] for j in range(n)) for i in range(n)]
    for kind, number in (("row", rows), ("col", cols)):
        for a, b in itertools.combinations(range(n), 2):
            y = add_binary(problem, f"y_{kind}_{a}_{b}")
            problem += number[a] - number[b] >= 1 - big_m * (1 - y), f"{kind}s_{a}_{b}_a_larger"
            problem += number[b] - number[a] >= 1 - big_m * y, f"{kind}s_{a}_{b}_b_larger"
    return problem, x


__all__ = ["check_wrapped", "wrapped_battery", "verify_wrapped", "draw_wrapped", "check_two_rules", "check_count", "check_bigm", "check_plus", "battery", "plus_battery",
           "verify_plus", "draw_plus", "random_signs", "build_bigm_broken", "two_rules", "true_fillings", "PuzzleError"]
