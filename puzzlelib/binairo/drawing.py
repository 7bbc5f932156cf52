"""Pictures of Binairo boards in the apps' look: black and white discs, givens on darker squares."""

from __future__ import annotations

from matplotlib.patches import Rectangle

from ..core.drawing import BAD, INK, add_patches, circles, font_size, new_board_axes
from .board import Cell, Puzzle, line_number
from .rules import as_grid, broken_cells

BOARD_LIGHT, BOARD_GIVEN, LINES = "#dfe6e9", "#9aa7ae", "#ffffff"
DISC_ONE, DISC_ZERO, DISC_EDGE = "#1f2326", "#fbfbf8", "#1f2326"


def draw(puzzle: Puzzle, solution=None, ax=None, mark: set[Cell] | None = None, numbers: bool = False,
         title: str | None = None, distinct: bool = True):
    """The board as the apps show it: black and white discs; givens sit on darker squares.

    ``solution`` (a Solution or a 0/1 grid) fills the empty cells; the cells of every broken rule
    get a red ring (or pass ``mark``). ``numbers=True`` writes each row's and column's binary
    number (as the big-M model reads it) beside the board. Returns the matplotlib Figure.
    """
    grid = None if solution is None else as_grid(puzzle, solution, "solution")
    if grid is not None and mark is None:
        mark = broken_cells(puzzle, grid, distinct)
    ax = draw_board(ax, puzzle.givens, grid, mark=mark, numbers=numbers)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, givens, grid=None, mark=None, numbers: bool = False):
    """Draw a possibly invalid draft (the editor uses it while a board is being made)."""
    n = len(givens)
    margin = (0, 0, 1.6, 1.0) if numbers and grid is not None else (0, 0, 0, 0)
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
            ax.text(j, n - 0.25, str(line_number(col)), ha="center", va="top", fontsize=size * 0.8,
                    color=INK, rotation=90)
    return ax
