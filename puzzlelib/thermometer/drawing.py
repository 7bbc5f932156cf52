"""Pictures in the look of the app: round bulbs, glass tubes, red mercury, counts outside."""

from __future__ import annotations

from matplotlib.patches import Circle

from ..display.drawing import (
    BOARD, GRID, INK, add_patches, circles, draw_grid, font_size, label_counts, new_board_axes, segment,
)
from ..core.interface import require
from ..core.validate import check_table, real_or_none
from .board import Puzzle
from .formats import label

GLASS, GLASS_EDGE, MERCURY = "#eceff1", "#78909c", "#e53935"


def draw(puzzle: Puzzle, solution=None, ax=None, labels: bool = False, title: str | None = None):
    """The board as the app shows it: round bulbs, glass tubes, red mercury, counts outside.

    ``solution`` may be a Solution or a 0/1 grid; counts turn green or red when it is given. A
    grid of fractions (an LP relaxation's point) is drawn with each cell's value written in it.
    Returns the matplotlib Figure.
    """
    puzzle = require(puzzle, Puzzle, "draw")
    grid = getattr(solution, "grid", solution)
    if grid is not None:
        grid = check_table(grid, puzzle.shape, "draw: solution", real_or_none)
    ax = draw_board(ax, puzzle.shape, puzzle.rows, puzzle.cols, puzzle.thermometers, grid, labels=labels)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, shape, rows, cols, thermometers, grid=None, labels=False, highlight=None, open_path=None):
    """Draw a possibly unfinished board (the editor draws drafts with it)."""
    nrows, ncols = shape
    fractional = grid is not None and any(v not in (0, 1) for row in grid for v in row)
    ax = new_board_axes(nrows, ncols, margin=(1, 1, 0.1, 0.1), ax=ax)
    draw_grid(ax, nrows, ncols, face=BOARD, line=GRID)
    tube_w, bulb_r = 0.40, 0.36
    outline, glass, mercury = [], [], []
    for cells in (*thermometers, *([open_path] if open_path else [])):
        cells = list(cells)
        for a, b in zip(cells, cells[1:]):
            outline.append(segment(a, b, tube_w + 0.08))
            glass.append(segment(a, b, tube_w))
        outline += circles(cells[1:], (tube_w + 0.08) / 2) + circles(cells[:1], bulb_r + 0.04)
        glass += circles(cells[1:], tube_w / 2) + circles(cells[:1], bulb_r)
        if grid is not None and fractional:
            continue
        if grid is not None:
            full = [cell for cell in cells if grid[cell[0]][cell[1]]]
            mercury += circles(full, tube_w / 2 - 0.07)
            for a, b in zip(cells, cells[1:]):
                if grid[a[0]][a[1]] and grid[b[0]][b[1]]:
                    mercury.append(segment(a, b, tube_w - 0.14))
            if cells and grid[cells[0][0]][cells[0][1]]:
                mercury += circles(cells[:1], bulb_r - 0.07)
    add_patches(ax, outline, 2, facecolor=GLASS_EDGE, edgecolor="none")
    add_patches(ax, glass, 3, facecolor=GLASS, edgecolor="none")
    add_patches(ax, mercury, 4, facecolor=MERCURY, edgecolor="none")
    if fractional:  # an LP point: each cell's value as the strength of its red
        size = font_size(nrows, ncols, 0.28)
        for r in range(nrows):
            for c in range(ncols):
                v = float(grid[r][c])
                if v > 1e-6:
                    ax.add_patch(Circle((c, r), tube_w / 2 - 0.03, facecolor=MERCURY, alpha=min(v, 1.0), zorder=4))
                if 1e-6 < v < 1 - 1e-6:
                    ax.text(c, r, f"{v:.2g}", ha="center", va="center", fontsize=size, color=INK, zorder=6)
    if highlight:
        add_patches(ax, circles(highlight, 0.16), 5, facecolor="none", edgecolor="#1565c0", linewidth=2)
    if labels:
        size = font_size(nrows, ncols, 0.32)
        for t, cells in enumerate(thermometers):
            r, c = cells[0]
            ax.text(c, r, label(t), ha="center", va="center", fontsize=size, color=INK, zorder=6)
    row_ok = col_ok = None
    if grid is not None and not fractional:
        row_ok = [rows[r] is None or sum(grid[r]) == rows[r] for r in range(nrows)]
        col_ok = [cols[c] is None or sum(grid[r][c] for r in range(nrows)) == cols[c] for c in range(ncols)]
    label_counts(ax, rows, cols, row_ok, col_ok)
    return ax
