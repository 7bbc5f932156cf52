"""Pictures of Slider boards in the app's look: obstacles dark, the target grey, the block black,
a route as numbered red arrows, the move graph as thin grey arrows."""

from __future__ import annotations

from collections.abc import Sequence

from puzzlelib.display.drawing import ACCENT, BOARD, GRID, INK, MUTED, add_patches, draw_grid, font_size, new_board_axes

from puzzlelib.core.interface import require
from puzzlelib.core.validate import check_cell, check_sequence
from .board import OBSTACLE, Arc, Cell, Puzzle, arcs, direction_of

WALL, BLOCK, GOAL, ROUTE, ARC = "#546e7a", "#212121", "#b0bec5", ACCENT, "#858585"


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, graph: bool | str = False,
         numbers: bool = True):
    """The board: obstacles dark, the target grey, the block black on the start, and the route as
    numbered arrows (``solution`` is a Solution or a list of cells). ``graph=True`` also draws
    every arc of the move graph in light grey; ``graph="up"`` (or another direction) only the
    slides in that direction, which reads better on a busy board. Returns the matplotlib Figure.
    """
    require(puzzle, Puzzle, "draw")
    path = getattr(solution, "path", solution)
    if path is not None:
        path = [check_cell(cell, puzzle.shape, f"draw: step {i} of the route")
                for i, cell in enumerate(check_sequence(path, "draw: the route"))]
    ax = draw_board(ax, puzzle.shape, puzzle.grid, puzzle.start, puzzle.target)
    if graph:
        draw_arcs(ax, puzzle.shape, [(a, b) for a, b in arcs(puzzle) if graph is True or direction_of(a, b) == graph])
    if path:
        draw_route(ax, puzzle.shape, list(path), numbers=numbers)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_board(ax, shape, grid, start: Cell | None, target: Cell | None):
    """A possibly unfinished board (the editor draws drafts with it)."""
    from matplotlib.patches import FancyBboxPatch, Rectangle

    nrows, ncols = shape
    ax = new_board_axes(nrows, ncols, ax=ax)
    draw_grid(ax, nrows, ncols, face=BOARD, line=GRID)
    # The outline, unclipped: the right and bottom grid lines sit on the axes' edge, where clipping
    # cut them off and left the board open on two sides.
    ax.add_patch(Rectangle((-0.5, -0.5), ncols, nrows, facecolor="none", edgecolor=GRID, linewidth=1.6,
                           zorder=4, clip_on=False))
    walls = [Rectangle((c - 0.5, r - 0.5), 1, 1) for r in range(nrows) for c in range(ncols)
             if grid[r][c] == OBSTACLE]
    add_patches(ax, walls, 2, facecolor=WALL, edgecolor="none")
    if target is not None:
        r, c = target
        add_patches(ax, [Rectangle((c - 0.46, r - 0.46), 0.92, 0.92)], 2, facecolor=GOAL, edgecolor=INK,
                    linewidth=1.2, linestyle="--")
    if start is not None:
        r, c = start
        add_patches(ax, [FancyBboxPatch((c - 0.3, r - 0.3), 0.6, 0.6, boxstyle="round,pad=0.04")], 3,
                    facecolor=BLOCK, edgecolor="none")
    return ax


def _offset(a: Cell, b: Cell, amount: float) -> tuple[float, float]:
    """A sideways shift (x, y) so that a slide and the slide back do not hide each other."""
    sign = {"right": -1, "left": 1, "down": 1, "up": -1}[direction_of(a, b)]
    return (0.0, sign * amount) if a[0] == b[0] else (sign * amount, 0.0)


def draw_arcs(ax, shape, arc_list: Sequence[Arc]) -> None:
    """Every slide of the move graph as a thin grey arc.

    Slides along one row or column share a line, so each is bent sideways by an amount that
    grows with its length: slides that end on the same cell nest instead of lying on top of each
    other, and a slide and the slide back bend to opposite sides.
    """
    for a, b in arc_list:
        ax.annotate("", xy=(b[1], b[0]), xytext=(a[1], a[0]), zorder=4,
                    arrowprops=dict(arrowstyle="-|>", color=ARC, lw=0.9, shrinkA=5, shrinkB=5,
                                    mutation_scale=8, connectionstyle="arc3,rad=0.18"))


def draw_route(ax, shape, path: Sequence[Cell], numbers: bool = True) -> None:
    """The route as red arrows from rest to rest, each numbered at its middle (or beside it, where
    the middle is taken by an earlier number: short slides in a row would hide each other's)."""
    nrows, ncols = shape
    size = font_size(nrows, ncols, 0.26)
    placed: list[tuple[float, float]] = []
    for k, (a, b) in enumerate(zip(path, path[1:]), 1):
        if direction_of(a, b) is None:  # not a slide: draw it dashed so the mistake shows
            dx, dy, style = 0.0, 0.0, "--"
        else:
            (dx, dy), style = _offset(a, b, 0.16), "-"
        ax.annotate("", xy=(b[1] + dx, b[0] + dy), xytext=(a[1] + dx, a[0] + dy), zorder=5,
                    arrowprops=dict(arrowstyle="-|>", color=ROUTE, lw=2.2, linestyle=style,
                                    shrinkA=4, shrinkB=4, mutation_scale=14))
        if numbers:
            mx, my = _number_spot((a[1] + b[1]) / 2 + dx, (a[0] + b[0]) / 2 + dy, dx, dy, placed)
            placed.append((mx, my))
            ax.text(mx, my, str(k), ha="center", va="center", fontsize=size, color="white",
                    fontweight="bold", zorder=6,
                    bbox=dict(boxstyle="circle,pad=0.2", facecolor=ROUTE, edgecolor="white", lw=0.8))
    for r, c in path[1:-1]:
        ax.plot([c], [r], marker="o", markersize=4, color=MUTED, zorder=4)


def _number_spot(x: float, y: float, dx: float, dy: float, placed, gap: float = 0.5) -> tuple[float, float]:
    """The middle of an arrow, or a spot beside it, whichever is at least ``gap`` from every number so far."""
    candidates = [(x, y), (x + 2 * dx, y + 2 * dy), (x - 3 * dx, y - 3 * dy)]
    for cx, cy in candidates:
        if all((cx - px) ** 2 + (cy - py) ** 2 >= gap ** 2 for px, py in placed):
            return cx, cy
    return candidates[0]
