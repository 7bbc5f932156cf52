"""Pictures of Binairo boards in the apps' look: black and white discs, givens on darker squares."""

from __future__ import annotations

from matplotlib.patches import Rectangle

from ..core.errors import PuzzleError
from ..display.drawing import BAD, INK, add_patches, circles, font_size, new_board_axes
from .board import Cell, Puzzle, line_number
from .rules import as_grid, check_rules, equal_lines

BOARD_LIGHT, BOARD_GIVEN, LINES = "#dfe6e9", "#9aa7ae", "#ffffff"
DISC_ONE, DISC_ZERO, DISC_EDGE = "#1f2326", "#fbfbf8", "#1f2326"


def draw(puzzle: Puzzle, solution=None, ax=None, mark: set[Cell] | None = None, numbers: bool = False,
         title: str | None = None, distinct: bool = True):
    """The board as the apps show it: black and white discs; givens sit on darker squares.

    ``solution`` (a Solution or a 0/1 grid) fills the empty cells; the cells of a broken rule 1 or 2
    (or a changed given) get a red ring (or pass ``mark``), and lines that repeat (rule 3) get a
    red frame and a letter in the margin, the same letter on lines that are equal. ``numbers=True``
    writes each row's and column's binary number (as the big-M model reads it) beside the board.
    Returns the matplotlib Figure.
    """
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"puzzle: expected a binairo Puzzle, got {type(puzzle).__name__}")
    grid = None if solution is None else as_grid(puzzle, solution, "solution")
    groups = None
    if grid is not None and mark is None:
        mark = set().union(*(f.cells for f in check_rules(puzzle, grid, False)))
        groups = equal_lines(grid) if distinct else None
    ax = draw_board(ax, puzzle.givens, grid, mark=mark, numbers=numbers, equal=groups)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, givens, grid=None, mark=None, numbers: bool = False, equal=None):
    """Draw a possibly invalid draft (the editor uses it while a board is being made).

    ``equal`` ({"row": [[1, 4]], "col": [...]}) frames groups of equal lines, lettered A, B, ...
    """
    n = len(givens)
    framed = bool(equal and (equal.get("row") or equal.get("col")))
    right = 1.6 if numbers and grid is not None else (0.8 if framed else 0)
    bottom = 1.0 if numbers and grid is not None else (0.8 if framed else 0)
    margin = (0, 0, right, bottom)
    ax = new_board_axes(n, n, margin=margin, ax=ax)
    squares, given_squares = [], []
    for r in range(n):
        for c in range(n):
            square = Rectangle((c - 0.46, r - 0.46), 0.92, 0.92)
            (given_squares if givens[r][c] is not None else squares).append(square)
    ax.add_patch(Rectangle((-0.5, -0.5), n, n, facecolor=LINES, edgecolor="none", zorder=0))
    add_patches(ax, squares, 1, facecolor=BOARD_LIGHT, edgecolor="none")
    add_patches(ax, given_squares, 1, facecolor=BOARD_GIVEN, edgecolor="none")
    ones, zeros = [], []
    for r in range(n):
        for c in range(n):
            v = givens[r][c] if givens[r][c] is not None else (grid[r][c] if grid is not None else None)
            if v == 1:
                ones.append((r, c))
            elif v == 0:
                zeros.append((r, c))
    lw = max(0.6, min(2.0, 18 / n))
    add_patches(ax, circles(ones, 0.36), 2, facecolor=DISC_ONE, edgecolor=DISC_EDGE, linewidth=lw)
    add_patches(ax, circles(zeros, 0.36), 2, facecolor=DISC_ZERO, edgecolor=DISC_EDGE, linewidth=lw)
    if mark:
        add_patches(ax, circles(sorted(mark), 0.44), 3, facecolor="none", edgecolor=BAD, linewidth=lw * 1.2)
    if numbers and grid is not None:
        size = font_size(n, n, 0.32)
        for i, row in enumerate(grid):
            ax.text(n - 0.35, i, str(line_number(row)), ha="left", va="center", fontsize=size, color=INK)
        for j, col in enumerate(zip(*grid)):
            ax.text(j, n - 0.3 + 0.35 * (j % 2 if n > 8 else 0), str(line_number(col)), ha="center", va="top",
                    fontsize=size * (0.8 if n <= 8 else 0.6), color=INK)
    if framed:
        _frame_equal_lines(ax, n, equal, lw, shift=1.2 if numbers and grid is not None else 0)
    return ax


def _frame_equal_lines(ax, n: int, equal, lw: float, shift: float = 0) -> None:
    """A red frame around each line that repeats another, and the group's letter in the margin."""
    size = font_size(n, n, 0.45)
    letter = iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ" * 8)
    frames = []
    for kind in ("row", "col"):
        for group in equal.get(kind, []):
            name = next(letter)
            for i in group:
                if kind == "row":
                    frames.append(Rectangle((-0.48, i - 0.48), n - 0.04, 0.96))
                    ax.text(n - 0.3 + shift, i, name, ha="left", va="center", fontsize=size, color=BAD,
                            fontweight="bold")
                else:
                    frames.append(Rectangle((i - 0.48, -0.48), 0.96, n - 0.04))
                    ax.text(i, n - 0.2 + shift * 0.6, name, ha="center", va="top", fontsize=size, color=BAD,
                            fontweight="bold")
    add_patches(ax, frames, 4, facecolor="none", edgecolor=BAD, linewidth=lw * 1.5)
