"""Aquarium pictures: thin cell lines, thick tank walls, blue water, counts green or red."""

from __future__ import annotations

from matplotlib.collections import LineCollection
from matplotlib.patches import Rectangle

from ..display.drawing import BOARD, GRID, INK, add_patches, draw_grid, font_size, label_counts, new_board_axes
from ..core.interface import require
from ..core.validate import check_table, real_or_none
from .board import Puzzle
from .formats import tank_label

WATER = "#4fa3e0"
WALL = "#2b2b2b"


def draw(puzzle: Puzzle, solution=None, ax=None, labels: bool = False, title: str | None = None):
    """The board as the app shows it; ``solution`` (a Solution or a grid) fills the water.

    Counts turn green when met and red when broken. A grid of fractions (an LP relaxation's point)
    is drawn with the water's strength showing each value, written in the cell. Returns the Figure.
    """
    puzzle = require(puzzle, Puzzle, "draw")
    grid = getattr(solution, "grid", solution)
    if grid is not None:
        grid = check_table(grid, puzzle.shape, "draw: solution", real_or_none)
    ax = draw_board(ax, puzzle.tank_of, puzzle.rows, puzzle.cols, grid, labels=labels)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, tank_of, rows, cols, grid=None, labels=False, highlight=None):
    """Draw a board given as a grid of tank numbers (the editor draws unfinished drafts with it)."""
    nrows, ncols = len(tank_of), len(tank_of[0])
    ax = new_board_axes(nrows, ncols, margin=(1, 1, 0.1, 0.1), ax=ax)
    draw_grid(ax, nrows, ncols, face=BOARD, line=GRID)
    fractional = grid is not None and any(v not in (0, 1) for line in grid for v in line)
    if grid is not None:
        water = []
        for r in range(nrows):
            for c in range(ncols):
                v = float(grid[r][c])
                if v > 1 - 1e-6:
                    water.append(Rectangle((c - 0.5, r - 0.5), 1, 1))
                elif v > 1e-6:
                    ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor=WATER, alpha=v, edgecolor="none",
                                           zorder=0.5))
                    shown = "1" if v >= 0.995 else f"{v:.2f}"[1:] if v >= 0.005 else "<.01"  # ".58" fits a cell
                    ax.text(c, r, shown, ha="center", va="center", fontsize=font_size(nrows, ncols, 0.28),
                            color=INK, zorder=6)
        add_patches(ax, water, 0.5, facecolor=WATER, edgecolor="none")
    walls = [((-0.5, -0.5), (ncols - 0.5, -0.5)), ((ncols - 0.5, -0.5), (ncols - 0.5, nrows - 0.5)),
             ((ncols - 0.5, nrows - 0.5), (-0.5, nrows - 0.5)), ((-0.5, nrows - 0.5), (-0.5, -0.5))]
    for r in range(nrows):
        for c in range(ncols):
            if c + 1 < ncols and tank_of[r][c] != tank_of[r][c + 1]:
                walls.append(((c + 0.5, r - 0.5), (c + 0.5, r + 0.5)))
            if r + 1 < nrows and tank_of[r][c] != tank_of[r + 1][c]:
                walls.append(((c - 0.5, r + 0.5), (c + 0.5, r + 0.5)))
    width = max(1.5, min(3.0, 40 / max(nrows, ncols)))
    ax.add_collection(LineCollection(walls, colors=WALL, linewidths=width, capstyle="round", zorder=3))
    if highlight:
        add_patches(ax, [Rectangle((c - 0.4, r - 0.4), 0.8, 0.8) for r, c in highlight], 4,
                    facecolor="none", edgecolor="#f57c00", linewidth=2)
    if labels:
        size = font_size(nrows, ncols, 0.3)
        seen = set()
        for r in range(nrows):
            for c in range(ncols):
                if tank_of[r][c] not in seen:
                    seen.add(tank_of[r][c])
                    ax.text(c - 0.32, r - 0.3, tank_label(tank_of[r][c]), ha="left", va="top", fontsize=size,
                            color="#6d6a60", zorder=5)
    row_ok = col_ok = None
    if grid is not None and not fractional:
        row_ok = [rows[r] is None or sum(grid[r]) == rows[r] for r in range(nrows)]
        col_ok = [cols[c] is None or sum(grid[r][c] for r in range(nrows)) == cols[c] for c in range(ncols)]
    label_counts(ax, rows, cols, row_ok, col_ok)
    return ax
