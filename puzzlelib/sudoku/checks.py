"""The checks of Chapter 7's exercises: each runs a student's function on small boards and compares
every grid the student's model admits with the grids a plain search finds, filtered by the
exercise's rule read off a finished grid. When a lecturer grades with a hidden seed, each battery
also gets random boards the students never saw (``feedback.checks.hidden_boards``).

No function here answers an exercise: 7.1 and 7.2 compare with the plain grids that keep the rule
(``consecutive_truth``, ``renban_truth``: brute force, then a filter), and 7.3 checks every clue
the student calls spare, and every one they leave out, by counting the solutions without it. While
a student's function runs, the library's searches, the solvers (where the exercise needs none) and
the checks' data are blocked.
"""

from __future__ import annotations

import random

import pulp

from ..core.errors import PuzzleError, SolverError
from ..display.drawing import side_by_side
from ..engine.enumeration import enumerate_solutions
from ..feedback.checks import Case, Failure, forbidden, hidden_boards, run_check, solvers
from .board import Puzzle
from .drawing import draw
from .generators import generate, minimize, random_grid
from .model import build_model
from .rules import brute_force, check_rules
from .solving import prove_unique, read_model, solutions, solve

#: What a model exercise's function may not call: it adds constraints, it does not search.
SEARCHES = {"sd.solve": solve, "sd.solutions": solutions, "sd.brute_force": brute_force,
            "sd.prove_unique": prove_unique}


def _grids(problem, G, puzzle, limit):
    try:
        return [s for s in enumerate_solutions(problem, G.values(), lambda: read_model(puzzle, None, G).grid, limit)]
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")


def _admitted(puzzle, student, call, extra: dict, limit: int):
    """Every grid (up to ``limit``) the chapter's model plus the student's rule admits, or a Failure.

    ``call(problem, G)`` runs the student's function, with the searches, the solvers and the checks'
    data blocked: a rule adds constraints, it does not look for grids."""
    problem, G = build_model(puzzle)
    with forbidden(student, {**solvers(), **SEARCHES, **extra}):
        call(problem, G)
    return _grids(problem, G, puzzle, limit)


def _lines_drawn(shown, grid, lines, ax):
    draw(shown, grid, ax)
    for cells in lines:
        ax.plot([c for _, c in cells], [r for r, _ in cells], color="#8e44ad", lw=9, alpha=0.35,
                solid_capstyle="round", zorder=1)


def _bars_drawn(shown, grid, pairs, ax):
    """The board with a white bar on the edge between the two cells of each consecutive pair, as
    Consecutive Sudoku prints them."""
    from matplotlib.patches import Rectangle

    draw(shown, grid, ax)
    for (r1, c1), (r2, c2) in pairs:
        x, y = (c1 + c2) / 2, (r1 + r2) / 2
        wide, high = (0.14, 0.55) if r1 == r2 else (0.55, 0.14)
        ax.add_patch(Rectangle((x - wide / 2, y - high / 2), wide, high, facecolor="white", edgecolor="#222222",
                               lw=1.2, zorder=8))


def _compare(puzzle, admitted, truth, broken, describe=None, drawer=None) -> Failure | None:
    """None when the model admits exactly ``truth``; else the first fault. ``broken(grid)`` names what a
    grid outside ``truth`` breaks, as ``(code, message)``."""
    drawer = drawer or (lambda grid, ax: draw(puzzle, grid, ax))
    extra = [g for g in admitted if g not in truth]
    if extra:
        right = truth[0] if truth else None
        faults = check_rules(puzzle, extra[0])
        code, detail = ((f"breaks-rule:{faults[0].code}", faults[0].message) if faults else broken(extra[0]))
        return Failure(f"your model accepts a grid that breaks a rule ({detail})",
                       lambda: side_by_side([lambda ax: drawer(extra[0], ax)]
                                            + ([lambda ax: drawer(right, ax)] if right else []),
                                            ["your model's grid"] + (["a right grid"] if right else [])),
                       code=code)
    missed = [g for g in truth if g not in admitted]
    if missed:
        detail = f"; for example the grid where {describe(missed[0])}" if describe else ""
        return Failure(f"your model rules out a valid grid ({len(admitted)} found, {len(truth)} exist{detail})",
                       lambda: side_by_side([lambda ax: drawer(missed[0], ax)], ["a valid grid your model forbids"]),
                       code="rules-out-solution")
    return None


# -- Exercise 7.1: Consecutive pairs -------------------------------------------------------------
CONSECUTIVE_BOARDS = [
    ("4x4, one pair across a box border", ["....", "..3.", ".2..", "...."], [((0, 1), (0, 2))]),
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
            admitted = _admitted(puzzle, add_consecutive,
                                 lambda problem, G: add_consecutive(problem, G, puzzle.size, list(pairs)),
                                 {"checks.consecutive_truth": consecutive_truth}, len(truth) + 1)
            if isinstance(admitted, Failure):
                return admitted

            def broken(grid):
                a, b = next((a, b) for a, b in pairs if abs(grid[a[0]][a[1]] - grid[b[0]][b[1]]) != 1)
                return "pair-not-consecutive", (f"the pair {a} and {b} holds {grid[a[0]][a[1]]} and "
                                                f"{grid[b[0]][b[1]]}, which do not differ by one")

            def describe(grid):
                return ", ".join(f"{a} and {b} hold {grid[a[0]][a[1]]} and {grid[b[0]][b[1]]}" for a, b in pairs)
            return _compare(puzzle, admitted, truth, broken, describe,
                            lambda grid, ax: _bars_drawn(puzzle, grid, pairs, ax))
        cases.append(Case(name, run))
    return run_check("7.1", "add_consecutive", cases)


# -- Exercise 7.2: the broken Renban line ---------------------------------------------------------
#: Boards of 7.2: (name, givens, lines); a line is a path of neighbouring cells.
RENBAN_BOARDS = [
    ("4x4, an L-shaped line whose ends share no row, column or box", ["1...", "....", "....", "...."],
     [[(1, 1), (1, 2), (2, 2)]]),
    ("4x4, the same line with one more given", ["1...", "..2.", "....", "...."], [[(1, 1), (1, 2), (2, 2)]]),
    ("4x4, a line down a column and a short one", ["....", "...1", ".2..", "...."],
     [[(0, 0), (1, 0), (2, 0)], [(2, 2), (2, 3)]]),
    ("4x4, a short line from a given 4", ["....", ".4..", "....", "...."], [[(1, 1), (1, 2)]]),
    ("4x4, two bent lines that no grid keeps (the model must admit none)", ["....", "..3.", "....", "2..."],
     [[(0, 1), (0, 2), (1, 2)], [(2, 0), (2, 1), (3, 1)]]),
]


def renban_faults(grid, lines) -> list[tuple[str, str]]:
    """``(code, message)`` for every line whose digits repeat or are not a run of consecutive digits."""
    out = []
    for k, cells in enumerate(lines):
        digits = [grid[r][c] for r, c in cells]
        held = ", ".join(map(str, digits))
        if len(set(digits)) != len(digits):
            out.append(("line-repeats-digit", f"line {k} holds {held}: a digit repeats"))
        elif max(digits) - min(digits) != len(digits) - 1:
            out.append(("line-not-consecutive", f"line {k} holds {held}: not a run of consecutive digits"))
    return out


def random_renban_board(seed: int):
    """A hidden 7.2 board: a random 4x4 grid, two lines of two or three neighbouring cells whose digits
    are consecutive in it, a fifth of its digits given."""
    grid = random_grid(4, seed)
    rng = random.Random(f"renban-{seed}")
    steps = ((0, 1), (1, 0), (0, -1), (-1, 0))
    lines, used = [], set()
    for _ in range(200):
        if len(lines) == 2:
            break
        cell = (rng.randrange(4), rng.randrange(4))
        line = [cell]
        for _ in range(rng.randint(1, 2)):
            r, c = line[-1]
            options = [(r + dr, c + dc) for dr, dc in steps
                       if 0 <= r + dr < 4 and 0 <= c + dc < 4 and (r + dr, c + dc) not in line]
            line.append(rng.choice(options))
        if used.isdisjoint(line) and not renban_faults(grid, [line]):
            lines.append(line)
            used.update(line)
    rows = ["".join(str(v) if rng.random() < 0.2 else "." for v in row) for row in grid]
    return rows, lines


def renban_battery() -> list:
    """The public boards, plus hidden ones when a lecturer grades with a seed."""
    return RENBAN_BOARDS + [(name, *board) for name, board in hidden_boards(random_renban_board)]


def renban_truth(puzzle: Puzzle, lines) -> list:
    """Every grid of the plain board whose lines hold runs of consecutive digits (brute force, then a filter)."""
    grids = [s.grid for s in brute_force(puzzle, limit=1000)]  # a 4x4 has 288 grids in all
    return [g for g in grids if not renban_faults(g, lines)]


def check_renban(add_renban_fixed):
    """Exercise 7.2: ``add_renban_fixed(problem, G, n, k, cells)``, a right Renban line."""
    cases = []
    for name, rows, lines in renban_battery():
        def run(rows=rows, lines=lines):
            puzzle = Puzzle(rows)
            truth = renban_truth(puzzle, lines)

            def call(problem, G):
                for k, cells in enumerate(lines):
                    add_renban_fixed(problem, G, puzzle.size, k, list(cells))
            admitted = _admitted(puzzle, add_renban_fixed, call, {"checks.renban_truth": renban_truth},
                                 len(truth) + 1)
            if isinstance(admitted, Failure):
                return admitted

            def describe(grid):
                return "; ".join(f"line {k} holds {', '.join(str(grid[r][c]) for r, c in cells)}"
                                 for k, cells in enumerate(lines))
            return _compare(puzzle, admitted, truth, lambda grid: renban_faults(grid, lines)[0], describe,
                            lambda grid, ax: _lines_drawn(puzzle, grid, lines, ax))
        cases.append(Case(name, run))
    return run_check("7.2", "add_renban_fixed", cases)


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


def unique_without(puzzle: Puzzle, cell) -> bool:
    """Does ``puzzle`` keep exactly one solution when the given at ``cell`` is taken out?"""
    rows = [list(row) for row in puzzle.givens]
    rows[cell[0]][cell[1]] = 0
    return prove_unique(puzzle.with_givens(rows)).unique


def check_redundant(redundant_clues):
    """Exercise 7.3: ``redundant_clues(puzzle)``, the givens whose removal keeps the solution unique.

    Every given is judged on its own: one the student calls spare must leave a unique puzzle when
    taken out, one they leave out must not."""
    cases = []
    for name, puzzle in redundant_battery():
        def run(puzzle=puzzle):
            givens = sorted(puzzle.given_cells())
            spare = {cell: unique_without(puzzle, cell) for cell in givens}  # before the block
            with forbidden(redundant_clues, {"sd.minimize": minimize, "checks.unique_without": unique_without}):
                answer = redundant_clues(puzzle)
            try:
                answer = sorted({tuple(cell) for cell in answer})
            except TypeError:
                return Failure("return a list of (row, col) cells", code="wrong-return-type")
            strange = [cell for cell in answer if cell not in spare]
            if strange:
                return Failure(f"you return {strange[0]}, which is not a given cell of this puzzle",
                               code="not-a-given")
            wrong = [cell for cell in answer if not spare[cell]]
            if wrong:
                return Failure(f"you call the clue at {wrong[0]} spare, but without it the puzzle has a second "
                               f"solution (you returned {len(answer)} cells)", code="needed-clue-called-spare")
            missed = [cell for cell in givens if spare[cell] and cell not in answer]
            if missed:
                return Failure(f"the clue at {missed[0]} is spare (the puzzle stays unique without it), "
                               f"but you did not return it (you returned {len(answer)} cells)",
                               code="spare-clue-missed")
            return None
        cases.append(Case(name, run))
    return run_check("7.3", "redundant_clues", cases)


_ = pulp  # the student's code uses pulp; the checks only read its models
_ = PuzzleError
