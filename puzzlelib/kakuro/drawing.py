"""Kakuro pictures in the look of a puzzle book: dark clue cells split by a diagonal, the down sum
below it and the across sum above it, digits in the white cells."""

from __future__ import annotations

from matplotlib.patches import Rectangle

from ..display.drawing import BAD, BOARD, GRID, INK, add_patches, font_size, new_board_axes
from ..core.interface import require
from .board import Puzzle
from .formats import parse_cell
from .rules import read_answer

DARK = "#3b3b3b"
CLUE_INK = "#ffffff"
PENCIL = "#1f5fa8"  # digits a player typed, as opposed to a solution's


def draw(puzzle, solution=None, ax=None, mark=None, pencil=None):
    """The board, and the digits of ``solution`` (a Solution or a grid) in its white cells.

    ``mark`` is a set of cells ringed in red (rule breaks); ``pencil`` maps cells to digits a player
    typed, drawn in blue where the solution has none.
    """
    puzzle = require(puzzle, Puzzle, "draw")
    grid = None if solution is None else read_answer(puzzle, solution)
    return draw_cells(puzzle.cells, grid, ax=ax, mark=mark, pencil=pencil)


def draw_cells(cells, grid=None, ax=None, mark=None, pencil=None):
    """Draw rows of cell strings (a board or an editor's draft, valid or not)."""
    nrows, ncols = len(cells), len(cells[0]) if cells else 0
    ax = new_board_axes(nrows, ncols, ax=ax)
    size = font_size(nrows, ncols, 0.55)
    small = font_size(nrows, ncols, 0.3)
    ax.add_patch(Rectangle((-0.5, -0.5), ncols, nrows, facecolor=BOARD, edgecolor="none", zorder=0))
    dark = []
    for r, row in enumerate(cells):
        for c, token in enumerate(row):
            kind, down, across = parse_cell(token, f"cell ({r}, {c})")
            if kind == "white":
                digit = _digit(grid, r, c)
                colour = INK
                if not digit and pencil:
                    digit, colour = pencil.get((r, c), 0), PENCIL
                if digit:
                    ax.text(c, r + 0.03, str(digit), ha="center", va="center", fontsize=size, color=colour)
                continue
            dark.append(Rectangle((c - 0.5, r - 0.5), 1, 1))
            if down is not None or across is not None:
                ax.plot([c - 0.5, c + 0.5], [r - 0.5, r + 0.5], color=CLUE_INK, lw=0.8, zorder=3)
            if down is not None:
                ax.text(c - 0.22, r + 0.24, str(down), ha="center", va="center", fontsize=small, color=CLUE_INK,
                        zorder=4)
            if across is not None:
                ax.text(c + 0.22, r - 0.22, str(across), ha="center", va="center", fontsize=small,
                        color=CLUE_INK, zorder=4)
    add_patches(ax, dark, zorder=2, facecolor=DARK, edgecolor=DARK)
    for r in range(nrows + 1):
        ax.plot([-0.5, ncols - 0.5], [r - 0.5, r - 0.5], color=GRID, lw=0.8, zorder=1)
    for c in range(ncols + 1):
        ax.plot([c - 0.5, c - 0.5], [-0.5, nrows - 0.5], color=GRID, lw=0.8, zorder=1)
    ax.add_patch(Rectangle((-0.5, -0.5), ncols, nrows, facecolor="none", edgecolor=INK, lw=1.5, zorder=5))
    for r, c in sorted(mark or ()):
        ax.add_patch(Rectangle((c - 0.42, r - 0.42), 0.84, 0.84, facecolor="none", edgecolor=BAD, lw=2, zorder=6))
    return ax.figure


def _digit(grid, r, c) -> int:
    if grid is None:
        return 0
    try:
        value = grid[r][c]
    except (IndexError, TypeError):
        return 0
    if isinstance(value, str):
        return int(value) if len(value) == 1 and value in "123456789" else 0
    return value if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 9 else 0
