"""Infinity Loop pictures in the app's look: white arcs and lines on a dark board."""

from __future__ import annotations

import math

from matplotlib.collections import LineCollection
from matplotlib.patches import Circle, Rectangle

from ..display.drawing import INK, add_patches, font_size, new_board_axes
from ..engine.rotation import STEP, code_sides
from ..core.interface import require
from ..core.validate import check_int, check_table
from .board import Puzzle, Solution

DARK = "#1f2a36"
LINE = "#ffffff"
WRONG = "#ff6b6b"


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, turns: bool = False,
         mark=None):
    """The board as the app shows it; ``solution`` (a Solution or rows of codes) draws the turned tiles.

    ``turns=True`` writes each tile's left turns (from a Solution); ``mark`` is a set of cells
    drawn in red (for example the tiles with an open end). Returns the Figure.
    """
    puzzle = require(puzzle, Puzzle, "draw")
    grid = solution.grid if isinstance(solution, Solution) else puzzle.tiles if solution is None else solution
    grid = check_table(grid, puzzle.shape, "draw: solution", lambda v, where: check_int(v, where, 0, 15))
    ax = draw_tiles(ax, grid, mark=mark)
    if turns and isinstance(solution, Solution):
        nrows, ncols = puzzle.shape
        size = font_size(nrows, ncols, 0.25)
        for r in range(nrows):
            for c in range(ncols):
                if solution.turns[r][c]:
                    ax.text(c + 0.42, r + 0.42, f"↺{solution.turns[r][c]}", ha="right", va="bottom",
                            fontsize=size, color="#9fc5e8", zorder=6)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def tile_lines(code: int, r: float, c: float, steps: int = 9) -> list[list[tuple[float, float]]]:
    """The polylines of one tile: a quarter arc for a corner, straight strokes otherwise (x right, y down)."""
    sides = code_sides(code)
    ends = [h for h in range(4) if sides[h]]
    mid = {h: (c + STEP[h][1] * 0.5, r + STEP[h][0] * 0.5) for h in range(4)}
    if len(ends) == 2 and (ends[1] - ends[0]) % 2:  # a corner: an arc around the corner the two sides share
        a, b = ends
        cx = c + 0.5 * (STEP[a][1] + STEP[b][1])
        cy = r + 0.5 * (STEP[a][0] + STEP[b][0])
        start = math.atan2(mid[a][1] - cy, mid[a][0] - cx)
        stop = math.atan2(mid[b][1] - cy, mid[b][0] - cx)
        if abs(stop - start) > math.pi:
            stop += 2 * math.pi if stop < start else -2 * math.pi
        return [[(cx + 0.5 * math.cos(start + (stop - start) * t / steps),
                  cy + 0.5 * math.sin(start + (stop - start) * t / steps)) for t in range(steps + 1)]]
    return [[(c, r), mid[h]] for h in ends]


def draw_tiles(ax, grid, mark=None):
    """Draw a grid of tile codes (the editor draws drafts with it)."""
    nrows, ncols = len(grid), len(grid[0])
    ax = new_board_axes(nrows, ncols, margin=(0.05, 0.05, 0.05, 0.05), ax=ax)
    ax.add_patch(Rectangle((-0.5, -0.5), ncols, nrows, facecolor=DARK, edgecolor="none", zorder=0))
    width = max(1.5, min(7.0, 110 / max(nrows, ncols)))
    mark = set(mark or ())
    for colour, wanted in ((LINE, False), (WRONG, True)):
        lines, dots = [], []
        for r in range(nrows):
            for c in range(ncols):
                if grid[r][c] and ((r, c) in mark) == wanted:
                    lines += tile_lines(grid[r][c], r, c)
                    if sum(code_sides(grid[r][c])) == 1:
                        dots.append(Circle((c, r), 0.17))
        ax.add_collection(LineCollection(lines, colors=colour, linewidths=width, capstyle="round", zorder=3))
        add_patches(ax, dots, 4, facecolor=DARK, edgecolor=colour, linewidth=width * 0.8)
    return ax
