"""drawing.py: the board as a picture, in the look of the app (``draw`` returns a matplotlib Figure).

Role. ``draw(puzzle, solution=None, ax=None, ...)`` draws into ``ax`` when given (the editor, the
exercise checks' side-by-side pictures) or into a new figure: the open squares in two light shades
(a knight always jumps to the other shade: the chapter's parity argument), blocked squares dark, the
start ringed and the end dashed, and a path as thin lines between the squares' centres with each
square's step number. Sizes are fractions of a cell, cell (r, c) centred at x = c, y = r.
"""

from __future__ import annotations

from matplotlib.patches import Circle, Rectangle

from ..core.interface import require
from ..display.drawing import ACCENT, GRID, INK, add_patches, draw_grid, font_size, new_board_axes
from .board import Puzzle
from .formats import BLOCKED
from .rules import read_answer

WALL, SHADE, START, END = "#546e7a", "#e6e1d6", "#2b2b2b", "#2b2b2b"


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, numbers: bool = True):
    """The board; with a solution (a Solution or a list of squares, read as ``check_rules`` reads it,
    so a wrong shape or type is one PuzzleError), the path numbered 1, 2, ... Returns the Figure."""
    require(puzzle, Puzzle, "draw")
    path = [] if solution is None else list(read_answer(puzzle, solution))
    ax = draw_board(ax, puzzle.grid, puzzle.start, puzzle.end)
    if path:
        draw_path(ax, puzzle.shape, path, numbers)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, grid, start, end):
    """A possibly unfinished board (the editor draws drafts with it)."""
    nrows, ncols = len(grid), len(grid[0])
    ax = new_board_axes(nrows, ncols, ax=ax)
    draw_grid(ax, nrows, ncols, line=GRID)
    cells = [(r, c) for r in range(nrows) for c in range(ncols)]
    add_patches(ax, [Rectangle((c - 0.5, r - 0.5), 1, 1) for r, c in cells
                     if (r + c) % 2 and grid[r][c] != BLOCKED], 1.5, facecolor=SHADE, edgecolor="none")
    add_patches(ax, [Rectangle((c - 0.5, r - 0.5), 1, 1) for r, c in cells if grid[r][c] == BLOCKED], 2,
                facecolor=WALL, edgecolor="none")
    if start is not None:
        ax.add_patch(Circle((start[1], start[0]), 0.4, facecolor="none", edgecolor=START, linewidth=2.2, zorder=4))
    if end is not None:
        ax.add_patch(Rectangle((end[1] - 0.4, end[0] - 0.4), 0.8, 0.8, facecolor="none", edgecolor=END,
                               linewidth=1.6, linestyle="--", zorder=4))
    return ax


def draw_path(ax, shape, path, numbers: bool = True) -> None:
    """The jumps as lines between centres, and each square's step number on top."""
    nrows, ncols = shape
    xs, ys = [c for _, c in path], [r for r, _ in path]
    ax.plot(xs, ys, color=ACCENT, lw=1.2, alpha=0.55, zorder=3, solid_capstyle="round")
    if not numbers:
        return
    size = font_size(nrows, ncols, 0.36 if len(path) < 100 else 0.3)
    for k, (r, c) in enumerate(path):
        ax.text(c, r, str(k + 1), ha="center", va="center", fontsize=size, color=INK, zorder=5,
                fontweight="bold" if k in (0, len(path) - 1) else "normal",
                bbox=dict(boxstyle="round,pad=0.12", facecolor="white", edgecolor="none", alpha=0.75))
