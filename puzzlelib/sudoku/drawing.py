"""Sudoku pictures in the look of the apps: thick box lines, grey thermometers, dashed cages with
their totals in the corner, circles with arrows; givens in black, solved digits in blue."""

from __future__ import annotations

from matplotlib.patches import Circle, FancyArrowPatch

from ..display.drawing import BAD, BOARD, GRID, INK, new_board_axes
from ..core.interface import require
from ..core.validate import check_optional_int, check_table
from .board import Puzzle, Solution


def _digit(value, where: str, n: int):
    """A drawn cell: a digit 1..n, or 0, None or '.' for an empty cell (a digit character reads as it)."""
    if isinstance(value, str) and len(value) == 1:
        value = None if value in ".0 " else int(value) if value.isdigit() else value
    return check_optional_int(value, where, 0, n)

THERMO = "#c8c8c8"
ARROW = "#9a9a9a"
SOLVED = "#1f5fa8"
CAGE = "#555555"


def draw(puzzle: Puzzle, solution=None, ax=None, mark=None, size: float | None = None):
    """Draw ``puzzle`` (and ``solution``, a Solution or grid, in blue); ``mark`` rings cells in red.

    Returns the figure (so a notebook cell shows it once).
    """
    puzzle = require(puzzle, Puzzle, "draw")
    n = puzzle.size
    grid = solution.grid if isinstance(solution, Solution) else solution
    if grid is not None:
        grid = check_table(grid, (n, n), "draw: solution", lambda v, where: _digit(v, where, n))
    ax = new_board_axes(n, n, ax=ax)
    draw_board(ax, puzzle, grid, mark)
    return ax.figure


def draw_board(ax, puzzle: Puzzle, grid=None, mark=None, cursor=None) -> None:
    """Everything of the board into ``ax`` (the editor calls this with its draft)."""
    n = puzzle.size
    br, bc = puzzle.box
    inch = ax.figure.get_size_inches()[0] * ax.get_position().width / n  # inches per cell
    font = max(6.0, min(22.0, inch * 72 * 0.55))
    from matplotlib.patches import Rectangle

    ax.add_patch(Rectangle((-0.5, -0.5), n, n, facecolor=BOARD, edgecolor="none", zorder=0))
    if cursor is not None:
        ax.add_patch(Rectangle((cursor[1] - 0.5, cursor[0] - 0.5), 1, 1, facecolor="#fff2b3", zorder=0.5))
    for k in range(n + 1):
        thick_r, thick_c = k % br == 0, k % bc == 0
        ax.plot([-0.5, n - 0.5], [k - 0.5, k - 0.5], color=INK if thick_r else GRID, lw=2.2 if thick_r else 0.8, zorder=4)
        ax.plot([k - 0.5, k - 0.5], [-0.5, n - 0.5], color=INK if thick_c else GRID, lw=2.2 if thick_c else 0.8, zorder=4)
    width = inch * 72 * 0.28
    for cells in puzzle.thermos:
        if not cells:
            continue
        (r0, c0) = cells[0]
        ax.add_patch(Circle((c0, r0), 0.36, facecolor=THERMO, edgecolor="none", zorder=1))
        ax.plot([c for _, c in cells], [r for r, _ in cells], color=THERMO, lw=width, solid_capstyle="round", zorder=1)
    for total, cells in puzzle.cages:
        if not cells:
            continue
        _dashed_cage(ax, cells, font)
        top = min(cells)
        ax.text(top[1] - 0.42, top[0] - 0.42, str(total), ha="left", va="top", fontsize=max(7.0, font * 0.45),
                color=INK, zorder=6, bbox=dict(facecolor=BOARD, edgecolor="none", pad=0.2))
    for circle, cells in puzzle.arrows:
        ax.add_patch(Circle((circle[1], circle[0]), 0.4, facecolor="white", edgecolor=ARROW, lw=1.6, zorder=2))
        if not cells:
            continue
        points = [circle, *cells]
        xs = [c for _, c in points]
        ys = [r for r, _ in points]
        # start the line at the circle's rim, end it with a head in the last cell
        dx, dy = xs[1] - xs[0], ys[1] - ys[0]
        length = (dx * dx + dy * dy) ** 0.5
        xs[0] += 0.4 * dx / length
        ys[0] += 0.4 * dy / length
        ax.plot(xs[:-1] + [xs[-1] - 0.3 * (xs[-1] - xs[-2])], ys[:-1] + [ys[-1] - 0.3 * (ys[-1] - ys[-2])],
                color=ARROW, lw=1.6, zorder=2)
        ax.add_patch(FancyArrowPatch((xs[-2] if len(xs) > 2 else xs[0], ys[-2] if len(ys) > 2 else ys[0]),
                                     (xs[-1] + 0.15 * (xs[-1] - xs[-2]), ys[-1] + 0.15 * (ys[-1] - ys[-2])),
                                     arrowstyle="-|>", mutation_scale=font * 0.9, color=ARROW, lw=1.6,
                                     shrinkA=0, shrinkB=0, zorder=2))
    given = puzzle.given_cells()
    for r in range(n):
        for c in range(n):
            if (r, c) in given:
                ax.text(c, r, str(given[r, c]), ha="center", va="center", fontsize=font, color=INK,
                        fontweight="bold", zorder=5)
            elif grid is not None and grid[r][c]:
                ax.text(c, r, str(grid[r][c]), ha="center", va="center", fontsize=font, color=SOLVED, zorder=5)
    for r, c in sorted(mark or ()):
        ax.add_patch(Circle((c, r), 0.44, facecolor="none", edgecolor=BAD, lw=2, zorder=7))


def _dashed_cage(ax, cells, font: float, inset: float = 0.1) -> None:
    """A dashed outline just inside the cage's border (the Killer look)."""
    cells = set(cells)
    for r, c in cells:
        up, down, left, right = (r - 1, c) in cells, (r + 1, c) in cells, (r, c - 1) in cells, (r, c + 1) in cells
        x0 = c - 0.5 + (0 if left else inset)
        x1 = c + 0.5 - (0 if right else inset)
        y0 = r - 0.5 + (0 if up else inset)
        y1 = r + 0.5 - (0 if down else inset)
        style = dict(color=CAGE, lw=1.0, ls=(0, (3, 2)), zorder=3)
        if not up:
            ax.plot([x0, x1], [y0, y0], **style)
        if not down:
            ax.plot([x0, x1], [y1, y1], **style)
        if not left:
            ax.plot([x0, x0], [y0, y1], **style)
        if not right:
            ax.plot([x1, x1], [y0, y1], **style)
