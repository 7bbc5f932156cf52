"""Checks for the exercises of chapter 6 (Aquarium).

A model is right when the set of fillings it admits is exactly the set of solutions: the checks
enumerate every filling a student's model admits (no-good cuts, up to one more than the true
number) and compare with the fillings found without a solver (``brute_force``), on small boards
that include tanks split within a row, missing counts, an ambiguous board and an impossible one.
Exercise 6.2 asks for a filling that a colleague's buggy model accepts although it breaks a rule
(or None where there is none): the check verifies the filling by its properties (the colleague's
constraints, the puzzle's rule checker). The boards are our own, made by this package's generator.
Graded with a hidden seed (``feedback.checks.hidden_boards``), the batteries of 6.2 and 6.3 add
boards the students never saw; without one they are exactly the public boards.

No function here answers an exercise; while a student's function runs, the library's searches and
the checks' data are blocked.
"""

from __future__ import annotations

import random
from functools import cache

import pulp
from matplotlib.patches import Circle

from ..core.errors import NoSolution, PuzzleError
from ..core.interface import Fault
from ..display.drawing import INK, font_size
from ..display.report import table
from ..engine.enumeration import enumerate_solutions
from ..engine.solver import add_binary, new_problem, value01
from ..feedback.checks import (Case, CheckReport, Failure, compare_fillings, forbidden, hidden_boards,
                               int_grid, model_fillings, run_check, solvers)
from .board import Puzzle
from .drawing import draw
from .generators import generate, random_puzzle
from .rules import brute_force, check_rules
from .solving import solutions, solve

Grid = tuple[tuple[int, ...], ...]

#: Tank d is split in its bottom row (cells (3, 0) and (3, 2) lie apart): one level must still hold.
SPLIT_4X4 = """aquarium
  0 1 2 3
1 a a b c
2 d a b b
1 d d d b
2 d e d f
"""

#: Tank a reaches down around tank b into row 1 and row 2 in two places.
SPLIT_5X5 = """aquarium
  3 4 2 2 3
2 a b a c d
5 a a a c c
1 e e a f g
2 e h f f g
4 h h f g g
"""

#: Two fillings meet these counts.
AMBIGUOUS = """aquarium
  2 1 1 1 2
4 a b b c c
1 a d d d e
1 a f g h h
1 i f j k l
"""

#: The counts agree in total, but no filling meets them.
IMPOSSIBLE = """aquarium
  3 0 2
1 a b c
3 a d c
1 e d f
"""

#: Three counts of each kind are missing; four fillings meet the rest.
MISSING = """aquarium
  1 . 3 . 1
. a a b b c
0 a a a d c
. e e f c c
1 e g f h h
. g g g g i
"""

#: Boards with volume clues (Exercise 6.1): the board, and the number of wet cells of some tanks.
VOLUME_BOARDS = (
    ("""aquarium
  4 . 4 4 .
. a a b b c
. d a e c c
5 d d e f g
. h h f f f
4 i h j j f
""", {1: 2, 7: 0}),
    ("""aquarium
  . 1 . . 4
. a a a b b
2 a a c b d
. e f c c d
. e f f c g
4 e f f g g
""", {1: 3, 2: 3}),
    (MISSING, {1: 2, 2: 2}),
)


def battery() -> tuple[tuple[str, Puzzle], ...]:
    """The boards every model check tries, each with a name a student can look up, then the hidden
    boards when a lecturer grades with a hidden seed."""
    return _public_battery() + tuple(hidden_boards(_hidden_board))


def _hidden_board(seed: int) -> Puzzle:
    """A random board of 5x5 or 5x6, small enough for ``brute_force``."""
    return random_puzzle((5, 5 + seed % 2), seed=seed, max_size=5)


@cache
def _public_battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = [("a 4x4 with a tank split in its bottom row", Puzzle.from_text(SPLIT_4X4)),
              ("a 5x5 with a tank split in two rows", Puzzle.from_text(SPLIT_5X5)),
              ("a 4x5 with two solutions", Puzzle.from_text(AMBIGUOUS)),
              ("a 3x3 with no solution", Puzzle.from_text(IMPOSSIBLE)),
              ("a 5x5 with six counts missing", Puzzle.from_text(MISSING))]
    for seed, (n, m) in enumerate([(5, 5), (6, 6), (4, 6)]):
        boards.append((f"random {n}x{m} board #{100 + seed}", random_puzzle((n, m), seed=100 + seed, max_size=5)))
    return tuple(boards)


@cache
def true_fillings(puzzle: Puzzle) -> frozenset[Grid]:
    return frozenset(s.grid for s in brute_force(puzzle))


#: What a student's function may not call: the library's searches and the checks' data.
SEARCHES = {"aq.solve": solve, "aq.solutions": solutions, "aq.brute_force": brute_force}


def _guarded(build, extra: dict):
    """``build`` run with the searches, the solvers and ``extra`` blocked: a model adds constraints, it
    does not look for fillings."""
    def run(*args):
        with forbidden(build, {**solvers(), **SEARCHES, "checks.true_fillings": true_fillings, **extra}):
            return build(*args)
    return run


def _model_case(name, puzzle, build, truth, rules, drawer, *args) -> Case:
    """A Case: the fillings ``build`` admits on ``puzzle`` must be exactly ``truth``; ``rules(puzzle, grid)``
    lists a wrong filling's Faults."""
    def run():
        admitted = model_fillings(build, puzzle, len(truth) + 1, *args)
        if isinstance(admitted, Failure):
            return admitted
        return compare_fillings(puzzle, admitted, truth, rules, drawer)
    return Case(name, run)


# --------------------------------------------------------------------------------------------- #
# Exercise 6.1: volume clues
# --------------------------------------------------------------------------------------------- #
#: Clues on boards of the model battery, each cutting its fillings down: (board text, volumes).
MORE_VOLUMES = ((AMBIGUOUS, {0: 1}), (SPLIT_4X4, {3: 3}), (MISSING, {5: 2, 8: 0}))


def volume(puzzle: Puzzle, grid, t: int) -> int:
    return sum(grid[r][c] for r, c in puzzle.tanks[t])


def volume_fillings(puzzle: Puzzle, volumes: dict[int, int]) -> frozenset[Grid]:
    """The fillings that keep the rules and every volume clue (solver-free)."""
    return frozenset(g for g in true_fillings(puzzle) if all(volume(puzzle, g, t) == v for t, v in volumes.items()))


def volume_rules(volumes: dict[int, int]):
    """The puzzle's rules plus the volume clues, as Faults (code ``volume`` for a clue)."""
    def check(puzzle, grid):
        broken = check_rules(puzzle, grid)
        for t, want in sorted(volumes.items()):
            have = volume(puzzle, grid, t)
            if have != want:
                broken.append(Fault("volume", f"tank {puzzle.label(t)} holds {have} wet cell{'' if have == 1 else 's'}, "
                                              f"its volume clue is {want}", tuple(puzzle.tanks[t])))
        return broken
    return check


def draw_volumes(puzzle: Puzzle, volumes: dict[int, int], solution=None, ax=None):
    """The board with each volume clue in a circle in its tank's first cell."""
    fig = draw(puzzle, solution, ax=ax, labels=True)
    ax = ax or fig.axes[0]
    nrows, ncols = puzzle.shape
    for t, want in sorted(volumes.items()):
        r, c = puzzle.tanks[t][0]
        ax.add_patch(Circle((c + 0.22, r - 0.22), 0.2, facecolor="white", edgecolor=INK, lw=1, zorder=6))
        ax.text(c + 0.22, r - 0.22, str(want), ha="center", va="center", fontsize=font_size(nrows, ncols, 0.26),
                color=INK, zorder=7)
    return fig


def volume_boards() -> list[tuple[Puzzle, dict[int, int]]]:
    """Every board of Exercise 6.1 with its volume clues, as the check tries them (the exercise draws them)."""
    return [(Puzzle.from_text(text), dict(v)) for text, v in VOLUME_BOARDS + MORE_VOLUMES]


def check_volumes(build, exercise: str = "6.1") -> CheckReport:
    """``build(puzzle, volumes) -> (problem, x)`` must admit exactly the fillings that keep the
    rules and the volume clues (tank number -> wet cells)."""
    guarded = _guarded(build, {"checks.volume_fillings": volume_fillings})
    cases = []
    for k, (puzzle, volumes) in enumerate(volume_boards()):
        name = f"volume board {k + 1} (clues {', '.join(f'{puzzle.label(t)}={v}' for t, v in sorted(volumes.items()))})"
        cases.append(_model_case(name, puzzle, guarded, volume_fillings(puzzle, volumes), volume_rules(volumes),
                                 lambda p, g, ax, v=volumes: draw_volumes(p, v, g, ax), volumes))
    return run_check(exercise, "the Aquarium model with volume clues", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 6.2: the colleague's model, and a filling that shows its bug
# --------------------------------------------------------------------------------------------- #
def colleagues_model(puzzle):
    """The colleague's model of Exercise 6.2, bug included: it ties a cell to its right neighbour in
    the same tank, and a wet cell to the cell below it in the same tank."""
    m, n = puzzle.shape
    problem = new_problem("aquarium")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(m) for c in range(n)}
    for r in range(m):
        if puzzle.rows[r] is not None:
            problem += pulp.lpSum(x[r, c] for c in range(n)) == puzzle.rows[r]
    for c in range(n):
        if puzzle.cols[c] is not None:
            problem += pulp.lpSum(x[r, c] for r in range(m)) == puzzle.cols[c]
    tank = puzzle.tank_of
    for r in range(m):
        for c in range(n):
            if c + 1 < n and tank[r][c] == tank[r][c + 1]:
                problem += x[r, c] - x[r, c + 1] == 0
            if r + 1 < m and tank[r][c] == tank[r + 1][c]:
                problem += x[r, c] <= x[r + 1, c]
    return problem, x


COLLEAGUE_LIMIT = 60  # more fillings than the colleague's model admits on any board of the battery


@cache
def colleagues_fillings(puzzle: Puzzle) -> tuple[Grid, ...]:
    """Every filling the colleague's model admits (no-good cuts; the data of 6.2)."""
    problem, x = colleagues_model(puzzle)
    m, n = puzzle.shape

    def read():
        return tuple(tuple(value01(x[r, c]) for c in range(n)) for r in range(m))
    return tuple(enumerate_solutions(problem, list(x.values()), read, COLLEAGUE_LIMIT))


def _wrong_ones(puzzle: Puzzle, fillings) -> int:
    """How many of ``fillings`` break a rule of ``puzzle``."""
    return sum(1 for g in fillings if check_rules(puzzle, g))


def split_board(seed: int, shape=(5, 5)) -> Puzzle | None:
    """A board with a tank whose row is split by another tank, and counts left out until the
    colleague's model admits a filling with two levels in that tank; None when this seed gives none.

    Two tanks of a random board that lie apart in a row, with a third between them, and touch
    elsewhere are merged; the counts are those of a random filling (a level per tank)."""
    import random

    rng = random.Random(f"split-{seed}")
    regions = [list(row) for row in random_puzzle(shape, seed=seed, max_size=5).regions]
    m, n = shape
    steps = ((0, 1), (1, 0))

    def touch(a, b):
        return any({regions[i][j], regions[i + di][j + dj]} == {a, b} for i in range(m) for j in range(n)
                   for di, dj in steps if i + di < m and j + dj < n)
    pairs = []
    for row in regions:
        for c1 in range(n):
            for c2 in range(c1 + 2, n):
                a, b = row[c1], row[c2]
                if a != b and any(row[c] not in (a, b) for c in range(c1 + 1, c2)) and touch(a, b):
                    pairs.append((a, b))
    rng.shuffle(pairs)
    for a, b in pairs:
        merged = [[a if v == b else v for v in row] for row in regions]
        plain = Puzzle(merged, [None] * m, [None] * n)
        if max(len(t) for t in plain.tanks) > 8:
            continue
        grid = [[0] * n for _ in range(m)]
        for t in range(len(plain.tanks)):
            for cells in plain.tank_rows(t)[:rng.randint(0, len(plain.tank_rows(t)))]:  # from the bottom up
                for r, c in cells:
                    grid[r][c] = 1
        rows, cols = [sum(row) for row in grid], [sum(grid[r][c] for r in range(m)) for c in range(n)]
        lines = [("row", i) for i in range(m)] + [("col", j) for j in range(n)]
        rng.shuffle(lines)
        for kind, i in lines[:5]:
            (rows if kind == "row" else cols)[i] = None
            puzzle = Puzzle(merged, rows, cols)
            fillings = colleagues_fillings(puzzle)
            if _wrong_ones(puzzle, fillings) and len(fillings) < COLLEAGUE_LIMIT:
                return puzzle
    return None


def _hidden_split_board(seed: int) -> Puzzle:
    return next(board for board in (split_board(seed * 50 + k) for k in range(50)) if board is not None)


#: Seeds and shapes of ``split_board`` whose wrong fillings (in the colleague's model) all leave two
#: cells of other tanks or more between the untied pieces of a tank row (a test keeps them so).
WIDE_SPLITS = ((10, (5, 5)), (21, (5, 5)), (24, (5, 6)), (28, (5, 6)))


@cache
def _public_bug_battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = [("a 4x4 with a tank split in its bottom row", Puzzle.from_text(SPLIT_4X4)),
              ("a 5x5 with a tank split in two rows", Puzzle.from_text(SPLIT_5X5))]
    boards += [(f"a 5x5 with a split tank and counts missing, #{seed}", split_board(seed)) for seed in (1, 3, 5)]
    # tanks whose row is split by two cells of other tanks or more (three on #28): there a patch that
    # also ties a cell to the one two places to its right still leaves the pieces untied
    boards += [(f"a {n}x{m} with a tank split by two cells or more, #{seed}", split_board(seed, (n, m)))
               for seed, (n, m) in WIDE_SPLITS]
    boards += [("a 4x5 with two solutions", Puzzle.from_text(AMBIGUOUS)),
               ("a 3x3 with no solution", Puzzle.from_text(IMPOSSIBLE)),
               ("a 5x5 with six counts missing", Puzzle.from_text(MISSING)),
               ("random 5x5 board #100", random_puzzle((5, 5), seed=100, max_size=5))]
    return tuple(boards)


def bug_battery() -> tuple[tuple[str, Puzzle], ...]:
    """Boards of 6.2: some where the colleague's bug shows, some where it cannot; with a hidden seed,
    two more split boards and a random one."""
    hidden = [(f"{name} (split)", board) for name, board in hidden_boards(_hidden_split_board, count=2)]
    return _public_bug_battery() + tuple(hidden) + tuple(hidden_boards(_hidden_board, count=1))


def _accepted_by_colleague(puzzle, grid) -> str | None:
    """None when the colleague's model accepts ``grid``; else the constraint it breaks, in words."""
    problem, x = colleagues_model(puzzle)
    for (r, c), var in x.items():
        var.setInitialValue(grid[r][c])
    for constraint in problem.constraints():
        if not constraint.valid():
            return str(constraint)
    return None


def check_show_bug(show_bug, exercise: str = "6.2") -> CheckReport:
    """``show_bug(puzzle)`` returns a filling (rows of 0/1) that the colleague's model accepts but that
    breaks a rule of Aquarium, or None when the colleague's model accepts no such filling."""
    cases = []
    for name, puzzle in bug_battery():
        def run(puzzle=puzzle):
            shows = _wrong_ones(puzzle, colleagues_fillings(puzzle)) > 0  # before the block: the data are blocked below
            with forbidden(show_bug, {**SEARCHES, "checks.true_fillings": true_fillings,
                                      "checks.colleagues_fillings": colleagues_fillings}):
                answer = show_bug(puzzle)
            if answer is None:
                if shows:
                    return Failure("you return None, but on this board the colleague's model accepts a filling that "
                                   "breaks a rule", code="misses-bug")
                return None
            m, n = puzzle.shape
            grid = int_grid(answer, puzzle.shape, {0, 1})
            if grid is None:
                return Failure(f"return None or a filling: {m} rows of {n} values 0 or 1", code="wrong-return-type")
            broken = _accepted_by_colleague(puzzle, grid)
            if broken:
                return Failure(f"the colleague's model does not accept your filling (it breaks {broken})",
                               lambda: draw(puzzle, grid, labels=True, title="your filling"), code="not-accepted")
            if not check_rules(puzzle, grid):
                return Failure("your filling keeps every rule of Aquarium: it is a right filling, not the bug",
                               lambda: draw(puzzle, grid, labels=True, title="your filling"), code="keeps-rules")
            return None
        cases.append(Case(name, run))
    return run_check(exercise, "a filling that shows the bug", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 6.3: uniqueness, and how many counts a board needs
# --------------------------------------------------------------------------------------------- #
#: What an answer of 6.3 may not call: every function of the library that lists fillings (the loop of
#: no-good cuts is the exercise), and the checks' data.
ENUMERATORS = {"aq.solutions": solutions, "aq.brute_force": brute_force, "enumerate_solutions": enumerate_solutions,
               "checks.true_fillings": true_fillings, "checks.colleagues_fillings": colleagues_fillings}


def check_unique(is_unique, exercise: str = "6.3") -> CheckReport:
    """``is_unique(puzzle)`` must be True exactly when the board has one filling (False for none)."""
    boards = list(battery()) + [(name, board) for name, board in _public_bug_battery()[3:5]]  # not unique either
    cases = []
    for name, puzzle in boards:
        def run(puzzle=puzzle):
            count = len(true_fillings(puzzle))  # before the block
            with forbidden(is_unique, ENUMERATORS):
                answer = is_unique(puzzle)
            if not isinstance(answer, bool):
                return Failure(f"is_unique must return True or False, got {type(answer).__name__} {answer!r}",
                               code="wrong-return-type")
            if answer == (count == 1):
                return None
            if answer:
                if count == 0:
                    return Failure("you say True, but this board has no filling at all: what does your search do "
                                   "when the first solve finds nothing?", code="true-for-no-filling")
                return Failure("you say True, but this board has more than one filling: does your search look "
                               "for a second one, with the first forbidden?", code="true-for-several")
            return Failure("you say False, but this board has exactly one filling: does your no-good cut forbid "
                           "the filling found, and only that one?", code="false-for-unique")
        cases.append(Case(name, run))
    return run_check(exercise, "is_unique", cases)


def clue_measurement(is_unique, boards: int = 6, size: int = 6, seed: int = 0) -> None:
    """For unique random boards: drop counts one by one (in a random order) while ``is_unique``
    still holds, and print how many of the ``2 * size`` counts each board could lose."""
    rng = random.Random(seed)
    rows = []
    for b in range(boards):
        puzzle, _ = generate(size, seed=seed + b, max_size=6)
        counts = {("row", i): v for i, v in enumerate(puzzle.rows)} | {("col", j): v for j, v in enumerate(puzzle.cols)}
        order = sorted(counts)
        rng.shuffle(order)
        dropped = 0
        for key in order:
            trial = dict(counts)
            trial[key] = None
            candidate = Puzzle(puzzle.regions, [trial["row", i] for i in range(size)],
                               [trial["col", j] for j in range(size)])
            try:
                keep_out = is_unique(candidate)
            except NotImplementedError as exc:
                print(f"Not done yet: {exc}")
                return
            if keep_out:
                counts, dropped = trial, dropped + 1
        rows.append((f"#{b}", len(puzzle.tanks), 2 * size, dropped, 2 * size - dropped))
    print(table(["board", "tanks", "counts", "dropped", "still needed"], rows, widths=[6, 6, 7, 8, 12]))


__all__ = ["battery", "true_fillings", "check_volumes", "check_show_bug", "check_unique", "clue_measurement",
           "colleagues_model", "draw_volumes", "volume_boards", "NoSolution", "PuzzleError"]
