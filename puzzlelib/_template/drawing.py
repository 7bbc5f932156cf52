"""drawing.py: the board as a picture, in the look of the app (``draw`` returns a matplotlib Figure).

Role. ``draw(puzzle, solution=None, ax=None, ...)`` draws into ``ax`` when given (the editor, the
exercise checks' side-by-side pictures) or into a new figure. Use :mod:`puzzlelib.display.drawing`
for the axes, grid, palette and count labels, so every puzzle looks alike and stays legible from
5x5 to 30x30 (sizes are fractions of a cell, cell (r, c) centred at x = c, y = r).
"""

from __future__ import annotations

from matplotlib.patches import Rectangle

from ..display.drawing import INK, MUTED, add_patches, draw_grid, font_size, label_counts, new_board_axes
from .board import Puzzle
from .rules import read_answer


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None):
    """The counts and given cells; with a solution (a Solution or 0/1 rows), its 1s filled and
    each count green when kept, red when broken. Returns the Figure."""
    nrows, ncols = puzzle.shape
    ax = new_board_axes(nrows, ncols, margin=(1, 1, 0, 0), ax=ax)
    draw_grid(ax, nrows, ncols)
    grid = None if solution is None else read_answer(puzzle, solution)
    row_ok = col_ok = None
    if grid is not None:
        row_ok = [sum(grid[r]) == puzzle.rows[r] for r in range(nrows)]
        col_ok = [sum(grid[r][c] for r in range(nrows)) == puzzle.cols[c] for c in range(ncols)]
        add_patches(ax, [Rectangle((c - 0.4, r - 0.4), 0.8, 0.8) for r in range(nrows) for c in range(ncols)
                         if grid[r][c]], 2, facecolor=INK, edgecolor="none")
    label_counts(ax, puzzle.rows, puzzle.cols, row_ok, col_ok)
    size = font_size(nrows, ncols, 0.4)
    for r, row in enumerate(puzzle.grid):
        for c, given in enumerate(row):
            if given is not None:
                on_ink = grid is not None and grid[r][c]
                ax.text(c, r, str(given), ha="center", va="center", fontsize=size, zorder=3,
                        color="white" if on_ink else MUTED, fontweight="bold")
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure
