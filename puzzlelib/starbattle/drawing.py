"""drawing.py: the Star Battle board as a picture, in the look of the app (``draw`` returns a Figure).

Role. ``draw(puzzle, solution=None, ax=None, ...)`` draws into ``ax`` when given (the editor, the
exercise checks' side-by-side pictures) or into a new figure: thin cell lines, thick region walls,
k above the board, and the stars of a solution, red where they break a rule (a row, column or
region with the wrong count, or a touching pair). ``draw_board`` draws a draft (a grid of region
numbers) the same way for the editor.
"""

from __future__ import annotations

from matplotlib.collections import LineCollection

from ..core.interface import require
from ..display.drawing import BAD, BOARD, GRID, INK, draw_grid, font_size, new_board_axes
from .board import Puzzle
from .formats import region_label
from .rules import check_rules, read_answer

WALL = "#2b2b2b"
STAR = "#f2a900"


def draw(puzzle: Puzzle, solution=None, ax=None, labels: bool = False, title: str | None = None):
    """The board; with a solution (a Solution, 0/1 rows or ``*``/``.`` strings) its stars, each red
    when it takes part in a broken rule. Returns the Figure."""
    require(puzzle, Puzzle, "draw")
    grid = bad = None
    if solution is not None:
        faults = check_rules(puzzle, solution)
        grid = read_answer(puzzle, solution)
        bad = {cell for f in faults for cell in f.cells if grid[cell[0]][cell[1]]}
    ax = draw_board(ax, puzzle.region_of, puzzle.stars, grid, bad=bad, labels=labels)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, region_of, stars: int, grid=None, bad=None, labels: bool = False, highlight=None):
    """A board given as a grid of region numbers (drafts too), with the stars of ``grid`` if any."""
    nrows, ncols = len(region_of), len(region_of[0])
    ax = new_board_axes(nrows, ncols, margin=(0.1, 0.9, 0.1, 0.1), ax=ax)
    draw_grid(ax, nrows, ncols, face=BOARD, line=GRID)
    walls = [((-0.5, -0.5), (ncols - 0.5, -0.5)), ((ncols - 0.5, -0.5), (ncols - 0.5, nrows - 0.5)),
             ((ncols - 0.5, nrows - 0.5), (-0.5, nrows - 0.5)), ((-0.5, nrows - 0.5), (-0.5, -0.5))]
    for r in range(nrows):
        for c in range(ncols):
            if c + 1 < ncols and region_of[r][c] != region_of[r][c + 1]:
                walls.append(((c + 0.5, r - 0.5), (c + 0.5, r + 0.5)))
            if r + 1 < nrows and region_of[r][c] != region_of[r + 1][c]:
                walls.append(((c - 0.5, r + 0.5), (c + 0.5, r + 0.5)))
    width = max(1.5, min(3.0, 40 / max(nrows, ncols)))
    ax.add_collection(LineCollection(walls, colors=WALL, linewidths=width, capstyle="round", zorder=3))
    size = font_size(nrows, ncols, 0.45)
    ax.text(ncols - 0.5, -0.95, f"{stars} \u2605 per row, column and region", ha="right", va="center",
            fontsize=size * 0.8, color=INK)
    if grid is not None:
        bad = bad or set()
        cells = [(r, c) for r in range(nrows) for c in range(ncols) if grid[r][c]]
        marker = (font_size(nrows, ncols, 0.8)) ** 2
        for colour, group in ((STAR, [p for p in cells if p not in bad]), (BAD, [p for p in cells if p in bad])):
            if group:
                ax.scatter([c for _, c in group], [r for r, _ in group], marker="*", s=marker, color=colour,
                           edgecolors=INK, linewidths=0.6, zorder=5)
    if highlight:
        ax.scatter([c for _, c in highlight], [r for r, _ in highlight], marker="s",
                   s=font_size(nrows, ncols, 0.9) ** 2, facecolors="none", edgecolors="#f57c00", zorder=4)
    if labels:
        seen = set()
        for r in range(nrows):
            for c in range(ncols):
                if region_of[r][c] not in seen:
                    seen.add(region_of[r][c])
                    ax.text(c - 0.32, r - 0.3, region_label(region_of[r][c]), ha="left", va="top",
                            fontsize=font_size(nrows, ncols, 0.3), color="#6d6a60", zorder=5)
    return ax
