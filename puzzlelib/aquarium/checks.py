"""Checks for the exercises of chapter 6 (Aquarium).

A model is right when the set of fillings it admits is exactly the set of solutions: the checks
enumerate every filling a student's model admits (no-good cuts, up to one more than the true
number) and compare with the fillings found without a solver (``brute_force``), on small boards
that include tanks split within a row, missing counts, an ambiguous board and an impossible one.
The boards are our own, made by this package's generator. Graded with a hidden seed
(``feedback.checks.hidden_boards``), the batteries of 6.2 and 6.3 add three random boards the students
never saw; without one they are exactly the public boards.
"""

from __future__ import annotations

import random
from functools import cache

from matplotlib.patches import Circle

from ..feedback.checks import Case, CheckReport, Failure, filling_case, forbidden, hidden_boards, run_check
from ..display.drawing import INK, font_size, side_by_side
from ..core.errors import NoSolution, PuzzleError
from ..display.report import table
from .board import Puzzle
from .drawing import draw
from .generators import generate
from .model import build_model
from .model_cells import build_cell_model
from .model_integer import build_integer_model
from .model_staircase import build_staircase_model
from .rules import brute_force, verify
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
    from .generators import random_puzzle

    return random_puzzle((5, 5 + seed % 2), seed=seed, max_size=5)


@cache
def _public_battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = [("a 4x4 with a tank split in its bottom row", Puzzle.from_text(SPLIT_4X4)),
              ("a 5x5 with a tank split in two rows", Puzzle.from_text(SPLIT_5X5)),
              ("a 4x5 with two solutions", Puzzle.from_text(AMBIGUOUS)),
              ("a 3x3 with no solution", Puzzle.from_text(IMPOSSIBLE)),
              ("a 5x5 with six counts missing", Puzzle.from_text(MISSING))]
    from .generators import random_puzzle

    for seed, (n, m) in enumerate([(5, 5), (6, 6), (4, 6)]):
        boards.append((f"random {n}x{m} board #{100 + seed}", random_puzzle((n, m), seed=100 + seed, max_size=5)))
    return tuple(boards)


@cache
def true_fillings(puzzle: Puzzle) -> frozenset[Grid]:
    return frozenset(s.grid for s in brute_force(puzzle))


def _draw(puzzle, grid, ax):
    draw(puzzle, grid, ax=ax, labels=True)  # tank names, as the failure messages use them


LIBRARY = {"aq.build_model": build_model, "aq.build_cell_model": build_cell_model,
           "aq.build_integer_model": build_integer_model, "aq.build_staircase_model": build_staircase_model,
           "aq.solve": solve, "aq.solutions": solutions}


# --------------------------------------------------------------------------------------------- #
# Exercise 6.1: volume clues
# --------------------------------------------------------------------------------------------- #
def volume(puzzle: Puzzle, grid, t: int) -> int:
    return sum(grid[r][c] for r, c in puzzle.tanks[t])


def volume_fillings(puzzle: Puzzle, volumes: dict[int, int]) -> frozenset[Grid]:
    """The fillings that keep the rules and every volume clue (solver-free)."""
    return frozenset(g for g in true_fillings(puzzle) if all(volume(puzzle, g, t) == v for t, v in volumes.items()))


def verify_volumes(puzzle: Puzzle, volumes: dict[int, int]):
    """``verify`` plus the volume clues, for the check's messages."""
    def check(_, grid):
        broken = verify(puzzle, grid)
        for t, want in sorted(volumes.items()):
            have = volume(puzzle, grid, t)
            if have != want:
                broken.append(f"tank {puzzle.label(t)} holds {have} wet cell{'' if have == 1 else 's'}, its volume clue is {want}")
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
    return [(Puzzle.from_text(text), dict(v)) for text, v in VOLUME_BOARDS]


def check_volumes(build, exercise: str = "6.1") -> CheckReport:
    """``build(puzzle, volumes) -> (problem, x)`` must admit exactly the fillings that keep the
    rules and the volume clues (tank number -> wet cells)."""
    cases = []
    for k, (puzzle, volumes) in enumerate(volume_boards()):
        name = f"volume board {k + 1} (clues {', '.join(f'{puzzle.label(t)}={v}' for t, v in sorted(volumes.items()))})"
        cases.append(filling_case(name, puzzle, build, volume_fillings(puzzle, volumes),
                                  verify_volumes(puzzle, volumes),
                                  lambda p, g, ax, v=volumes: draw_volumes(p, v, g, ax), volumes))
    for name, puzzle in _public_battery()[:3]:
        cases.append(filling_case(f"{name}, no volume clues", puzzle, build, true_fillings(puzzle), verify, _draw, {}))
    return run_check(exercise, "the Aquarium model with volume clues", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 6.2: the colleague's model
# --------------------------------------------------------------------------------------------- #
def check_model(build, exercise: str = "6.2") -> CheckReport:
    """``build(puzzle) -> (problem, x)`` must admit exactly the solutions, on every board, without
    calling the library's models."""
    cases = [filling_case(name, p, build, true_fillings(p), verify, _draw) for name, p in battery()]

    def guarded(case):
        def run():
            with forbidden(build, LIBRARY):
                return case.run()
        return Case(case.name, run)

    return run_check(exercise, "the Aquarium model", [guarded(case) for case in cases])


# --------------------------------------------------------------------------------------------- #
# Exercise 6.3: uniqueness, and how many counts a board needs
# --------------------------------------------------------------------------------------------- #
def check_unique(is_unique, exercise: str = "6.3") -> CheckReport:
    """``is_unique(puzzle)`` must be True exactly when the board has one filling (False for none)."""
    cases = []
    for name, puzzle in battery():
        truth = len(true_fillings(puzzle)) == 1

        def run(puzzle=puzzle, truth=truth, name=name):
            with forbidden(is_unique, {"aq.solutions": solutions, "aq.brute_force": brute_force}):
                answer = is_unique(puzzle)
            if not isinstance(answer, bool):
                return Failure(f"is_unique must return True or False, got {type(answer).__name__} {answer!r}")
            if answer == truth:
                return None
            count = len(true_fillings(puzzle))
            what = {0: "no filling", 1: "exactly one filling"}.get(count, f"{count} fillings")
            fillings = sorted(true_fillings(puzzle))[:2]
            return Failure(f"you say {answer}, but the board has {what}",
                           (lambda: side_by_side([lambda ax, g=g: _draw(puzzle, g, ax) for g in fillings],
                                                 [f"filling {k + 1}" for k in range(len(fillings))]))
                           if fillings else None)
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


__all__ = ["battery", "true_fillings", "check_volumes", "check_model", "check_unique", "clue_measurement",
           "draw_volumes", "volume_boards", "NoSolution", "PuzzleError"]
