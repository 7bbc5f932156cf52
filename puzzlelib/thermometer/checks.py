"""Checks for the exercises of chapter 1 (Thermometers) and its Aquarium variant.

A model is right when the set of fillings it admits is exactly the set of solutions. The checks
enumerate every filling a student's model admits (no-good cuts, up to one more than the true
number) and compare with the solutions found without a solver, on a battery of small boards that
includes bent thermometers, a rectangular board, an ambiguous board and an impossible one.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from matplotlib.patches import Rectangle

from ..core.checks import Case, CheckReport, Failure, filling_case, run_check
from ..core.drawing import BOARD, GRID, INK, add_patches, draw_grid, label_counts, new_board_axes
from ..core.errors import PuzzleError
from .board import SEED_BOARD, Puzzle
from .drawing import draw
from .generators import random_puzzle, random_tiling
from .rules import brute_force, verify

Grid = tuple[tuple[int, ...], ...]


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


@cache
def battery() -> tuple[tuple[str, Puzzle], ...]:
    """The boards every Thermometers check tries, each with a name a student can look up."""
    boards = [("the chapter's 5x5", Puzzle.from_text(CHAPTER_5X5)),
              ("a 4x4 with bent thermometers",
               Puzzle.from_puzzleteam("3_2_1_1_2_1_2_2;1,2;5,2,3,7;5,4,8,12,13,14,15;5,9,5,6;1,2")),
              ("a 3x4 with two solutions", Puzzle.from_text(AMBIGUOUS)),
              ("a 2x2 with no solution", Puzzle.from_text(IMPOSSIBLE))]
    for seed, (n, m) in enumerate([(4, 5), (5, 5), (3, 6), (6, 4), (5, 6)]):
        puzzle = random_puzzle(n, m, seed=100 + seed, bend=0.5)
        boards.append((f"random {n}x{m} board #{100 + seed}", puzzle))
    return tuple(boards)


@cache
def true_fillings(puzzle: Puzzle) -> frozenset[Grid]:
    return frozenset(brute_force(puzzle))


def _draw_thermometers(puzzle, grid, ax):
    draw(puzzle, grid, ax=ax)


# --------------------------------------------------------------------------------------------- #
# Exercise checks
# --------------------------------------------------------------------------------------------- #
def check_model(build, exercise: str = "1.2") -> CheckReport:
    """``build(puzzle) -> (problem, x)`` must admit exactly the solutions, on every board."""
    cases = [filling_case(name, p, build, true_fillings(p), verify, _draw_thermometers) for name, p in battery()]
    return run_check(exercise, "the Thermometers model", cases)


def check_count(count_solutions, exercise: str = "1.3") -> CheckReport:
    """``count_solutions(puzzle, limit)`` must return min(number of fillings, limit)."""
    cases = []
    for name, puzzle in battery():
        truth = len(true_fillings(puzzle))

        def run(puzzle=puzzle, truth=truth):
            got = count_solutions(puzzle, 5)
            want = min(truth, 5)
            if got != want:
                return Failure(f"returned {got!r} with limit 5, but the board has {truth} filling(s)")
            return None
        cases.append(Case(name, run))
    return run_check(exercise, "counting by no-good cuts", cases)


def uniqueness_by_length(count_solutions, size: int = 6, boards: int = 20, lengths=(2, 4, 6, 8)) -> None:
    """Print how many random boards have 1, 2, 3, 4 or 5+ fillings, by longest thermometer,
    counting with the student's ``count_solutions(puzzle, limit)``."""
    from ..core.report import table

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


# --------------------------------------------------------------------------------------------- #
# Aquarium: the variant of Exercise 1.1
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Aquarium:
    """Tanks (regions of cells) fill with water from the bottom up, one level per tank.

    ``regions[r][c]`` is the tank of cell (r, c). In a tank, cells in the same row are all wet or
    all dry, and a wet row has every lower row of the tank wet too. Counts as in Thermometers.
    """

    rows: tuple[int, ...]
    cols: tuple[int, ...]
    regions: tuple[tuple[int, ...], ...]

    @property
    def shape(self):
        return len(self.rows), len(self.cols)

    def tanks(self) -> dict[int, list[tuple[int, int]]]:
        out: dict[int, list[tuple[int, int]]] = {}
        for r, line in enumerate(self.regions):
            for c, k in enumerate(line):
                out.setdefault(k, []).append((r, c))
        return out


def aquarium_from_text(text: str) -> Aquarium:
    """Column counts on the first line; then per row its count and one letter per cell (its tank)."""
    lines = [ln.split() for ln in text.strip().splitlines() if ln.strip()]
    cols = tuple(int(v) for v in lines[0])
    rows, regions, names = [], [], {}
    for r, words in enumerate(lines[1:]):
        if len(words) != 2 or len(words[1]) != len(cols):
            raise PuzzleError(f"aquarium row {r}: expected a count and {len(cols)} letters")
        rows.append(int(words[0]))
        regions.append(tuple(names.setdefault(ch, len(names)) for ch in words[1]))
    return Aquarium(tuple(rows), cols, tuple(regions))


def aquarium_verify(board: Aquarium, grid) -> list[str]:
    """Every broken Aquarium rule in words (no solver)."""
    nrows, ncols = board.shape
    problems = []
    for r in range(nrows):
        if sum(grid[r]) != board.rows[r]:
            problems.append(f"row {r} has {sum(grid[r])} wet cells, its count is {board.rows[r]}")
    for c in range(ncols):
        have = sum(grid[r][c] for r in range(nrows))
        if have != board.cols[c]:
            problems.append(f"col {c} has {have} wet cells, its count is {board.cols[c]}")
    for k, cells in board.tanks().items():
        for a in cells:
            for b in cells:
                if b[0] > a[0] and grid[a[0]][a[1]] and not grid[b[0]][b[1]]:
                    problems.append(f"tank {k}: cell {a} is wet but {b}, lower in the tank, is dry")
                    break
                if b[0] == a[0] and grid[a[0]][a[1]] != grid[b[0]][b[1]]:
                    problems.append(f"tank {k}: cells {a} and {b} are in one row but at different levels")
                    break
            else:
                continue
            break
    return problems


def aquarium_brute_force(board: Aquarium) -> list[Grid]:
    """Every valid filling: a water level per tank (no solver)."""
    nrows, ncols = board.shape
    tanks = list(board.tanks().values())
    choices = []
    for cells in tanks:
        heights = sorted({r for r, _ in cells})
        choices.append([[cell for cell in cells if cell[0] >= h] for h in heights] + [[]])
    found = []

    def place(i, grid):
        if i == len(tanks):
            if not aquarium_verify(board, grid):
                found.append(tuple(tuple(row) for row in grid))
            return
        for wet in choices[i]:
            for r, c in wet:
                grid[r][c] = 1
            if all(sum(grid[r]) <= board.rows[r] for r in range(nrows)):
                place(i + 1, grid)
            for r, c in wet:
                grid[r][c] = 0

    place(0, [[0] * ncols for _ in range(nrows)])
    return found


def random_aquarium(nrows: int, ncols: int, seed: int) -> Aquarium:
    """Tanks cut like random thermometers, filled to random levels; the counts come from that."""
    import random

    rng = random.Random(seed)
    tanks = random_tiling(nrows, ncols, rng, max_len=5, bend=0.6)
    regions = [[0] * ncols for _ in range(nrows)]
    grid = [[0] * ncols for _ in range(nrows)]
    for k, cells in enumerate(tanks):
        heights = sorted({r for r, _ in cells}) + [nrows]
        level = rng.choice(heights)
        for r, c in cells:
            regions[r][c] = k
            grid[r][c] = int(r >= level)
    rows = tuple(sum(row) for row in grid)
    cols = tuple(sum(grid[r][c] for r in range(nrows)) for c in range(ncols))
    return Aquarium(rows, cols, tuple(tuple(row) for row in regions))


def aquarium_to_text(board: Aquarium) -> str:
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    lines = [" ".join(map(str, board.cols))]
    lines += [f"{board.rows[r]} " + "".join(letters[k] for k in line) for r, line in enumerate(board.regions)]
    return "\n".join(lines)


def draw_aquarium(board: Aquarium, grid=None, ax=None):
    """Tanks with thick walls, water in blue, counts outside."""
    nrows, ncols = board.shape
    ax = new_board_axes(nrows, ncols, margin=(1, 1, 0, 0), ax=ax)
    draw_grid(ax, nrows, ncols, face=BOARD, line=GRID)
    if grid is not None:
        add_patches(ax, [Rectangle((c - 0.5, r - 0.5), 1, 1) for r in range(nrows) for c in range(ncols)
                         if grid[r][c]], 2, facecolor="#4fa3e0", edgecolor="none")
    for r in range(nrows):
        for c in range(ncols):
            k = board.regions[r][c]
            if c + 1 < ncols and board.regions[r][c + 1] != k:
                ax.plot([c + 0.5, c + 0.5], [r - 0.5, r + 0.5], color=INK, lw=2.5, zorder=3)
            if r + 1 < nrows and board.regions[r + 1][c] != k:
                ax.plot([c - 0.5, c + 0.5], [r + 0.5, r + 0.5], color=INK, lw=2.5, zorder=3)
    ax.add_patch(Rectangle((-0.5, -0.5), ncols, nrows, fill=False, edgecolor=INK, lw=3, zorder=3))
    label_counts(ax, board.rows, board.cols)
    return ax.figure


AQUARIUM_6X6 = """
2 3 4 3 3 3
0 abbbcc
4 adddec
2 affdec
4 aafggh
4 iifjjh
4 iifjjh
"""


@cache
def aquarium_battery() -> tuple[tuple[str, Aquarium], ...]:
    boards = [("the chapter's 6x6 aquarium", aquarium_from_text(AQUARIUM_6X6)),
              ("a 3x3 with one tank per column", aquarium_from_text("1 2 3\n1 abc\n2 abc\n3 abc"))]
    for seed, (n, m) in enumerate([(4, 4), (5, 4), (5, 5), (4, 6)]):
        boards.append((f"random {n}x{m} aquarium #{seed}", random_aquarium(n, m, seed)))
    return tuple(boards)


def check_aquarium(build, exercise: str = "1.1") -> CheckReport:
    """``build(board) -> (problem, x)`` must admit exactly the Aquarium solutions of each board."""
    cases = []
    for name, board in aquarium_battery():
        truth = frozenset(aquarium_brute_force(board))
        cases.append(filling_case(name, board, build, truth, aquarium_verify,
                           lambda b, g, ax: draw_aquarium(b, g, ax)))
    return run_check(exercise, "the Aquarium model", cases)


__all__ = ["check_model", "check_count", "check_aquarium", "uniqueness_by_length", "Aquarium", "aquarium_from_text",
           "aquarium_verify", "aquarium_brute_force", "draw_aquarium", "battery", "AQUARIUM_6X6"]

