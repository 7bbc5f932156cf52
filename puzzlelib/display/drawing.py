"""Drawing helpers shared by every puzzle picture.

Boards are drawn in data coordinates where cell (r, c) is the unit square with its centre at
x = c, y = r and row 0 at the top, so every puzzle can place shapes by cell and stay legible from
5x5 to 30x30: sizes are fractions of a cell, never points.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.collections import PatchCollection
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Rectangle

from ..core.errors import PuzzleError

# One palette for the course: calm board colours and strong solution colours.
BOARD = "#f7f5f0"
GRID = "#c9c4b8"
INK = "#2b2b2b"
MUTED = "#8a8578"
GOOD = "#2e7d32"
BAD = "#c62828"
ACCENT = "#d32f2f"


def new_figure(width: float, height: float) -> Figure:
    """A figure that shows once, as the value of the cell that returns it.

    It is made through pyplot (so the notebook's inline display knows it) and closed at once, so
    pyplot does not show it a second time at the end of the cell or keep it in memory.
    """
    fig = plt.figure(figsize=(width, height))
    plt.close(fig)
    return fig


def cell_inches(nrows: int, ncols: int, max_inches: float = 6.5) -> float:
    """Inches per cell so that small boards are not huge and big boards still fit."""
    return max(0.16, min(0.55, max_inches / max(nrows, ncols, 1)))


def font_size(nrows: int, ncols: int, fraction: float = 0.5) -> float:
    """A font size (points) that is ``fraction`` of a cell's height."""
    return max(5.0, min(16.0, cell_inches(nrows, ncols) * 72 * fraction))


def check_axes(ax, where: str = "ax") -> Axes | None:
    """``ax`` when it is None or matplotlib Axes to draw into; anything else (a string, a Figure, a
    list of axes) is refused with a PuzzleError that names the argument, before anything is drawn."""
    if ax is None or isinstance(ax, Axes):
        return ax
    hint = " (pass one of fig.axes, or fig.add_subplot())" if isinstance(ax, (Figure, list, tuple)) else ""
    raise PuzzleError(f"{where}: expected matplotlib Axes to draw into, or None for a new figure, "
                      f"got {type(ax).__name__} {str(ax)[:30]!r}{hint}")


def new_board_axes(
    nrows: int, ncols: int, margin: tuple[float, float, float, float] = (0, 0, 0, 0), ax: Axes | None = None
) -> Axes:
    """Axes showing an ``nrows`` x ``ncols`` board plus margins (left, top, right, bottom) in cells.

    When ``ax`` is None a new figure is made (see :func:`new_figure`).
    """
    check_axes(ax)
    left, top, right, bottom = margin
    if ax is None:
        size = cell_inches(nrows, ncols)
        fig = new_figure((ncols + left + right) * size + 0.2, (nrows + top + bottom) * size + 0.2)
        ax = fig.add_axes((0.02, 0.02, 0.96, 0.96))
    ax.set_xlim(-0.5 - left, ncols - 0.5 + right)
    ax.set_ylim(nrows - 0.5 + bottom, -0.5 - top)
    ax.set_aspect("equal")
    ax.set_axis_off()
    return ax


def draw_grid(ax: Axes, nrows: int, ncols: int, face: str = BOARD, line: str = GRID, lw: float = 0.8) -> None:
    """The board's background and its cell lines."""
    ax.add_patch(Rectangle((-0.5, -0.5), ncols, nrows, facecolor=face, edgecolor="none", zorder=0))
    for r in range(nrows + 1):
        ax.plot([-0.5, ncols - 0.5], [r - 0.5, r - 0.5], color=line, lw=lw, zorder=1)
    for c in range(ncols + 1):
        ax.plot([c - 0.5, c - 0.5], [-0.5, nrows - 0.5], color=line, lw=lw, zorder=1)


def add_patches(ax: Axes, patches: Sequence, zorder: float, **style) -> None:
    """Many patches as one collection: far faster to draw than one artist each."""
    if patches:
        ax.add_collection(PatchCollection(list(patches), match_original=False, zorder=zorder, **style))


def circles(centres, radius: float) -> list[Circle]:
    return [Circle((c, r), radius) for r, c in centres]


def segment(a: tuple[int, int], b: tuple[int, int], width: float) -> Rectangle:
    """A bar of the given width joining the centres of two orthogonally adjacent cells."""
    (r1, c1), (r2, c2) = a, b
    if r1 == r2:
        x0 = min(c1, c2)
        return Rectangle((x0, r1 - width / 2), abs(c2 - c1), width)
    y0 = min(r1, r2)
    return Rectangle((c1 - width / 2, y0), width, abs(r2 - r1))


def label_counts(
    ax: Axes,
    rows: Sequence,
    cols: Sequence,
    row_ok: Sequence[bool] | None = None,
    col_ok: Sequence[bool] | None = None,
) -> None:
    """Row counts left of the board and column counts above it, green when met, red when broken."""
    size = font_size(len(rows), len(cols), 0.45)

    def colour(ok):
        return INK if ok is None else (GOOD if ok else BAD)

    for r, count in enumerate(rows):
        if count is not None:
            ok = None if row_ok is None else row_ok[r]
            ax.text(-0.95, r, str(count), ha="center", va="center", fontsize=size, color=colour(ok),
                    fontweight="bold")
    for c, count in enumerate(cols):
        if count is not None:
            ok = None if col_ok is None else col_ok[c]
            ax.text(c, -0.95, str(count), ha="center", va="center", fontsize=size, color=colour(ok),
                    fontweight="bold")


def side_by_side(
    drawers: Sequence[Callable[[Axes], None]], titles: Sequence[str] | None = None, width: float = 4.0
) -> Figure:
    """One figure with a panel per drawer; each drawer draws into the axes it is given."""
    n = len(drawers)
    fig = new_figure(width * n, width + (0.4 if titles else 0))
    for i, draw in enumerate(drawers):
        ax = fig.add_subplot(1, n, i + 1)
        draw(ax)
        if titles:
            ax.set_title(titles[i], fontsize=11, color=INK)
    fig.tight_layout()
    return fig


def cell_from_xy(x: float | None, y: float | None, nrows: int, ncols: int) -> tuple[int, int] | None:
    """The board cell under a click at data coordinates (x, y), or None outside the board."""
    if x is None or y is None or not (math.isfinite(x) and math.isfinite(y)):
        return None
    r, c = int(round(y)), int(round(x))
    if 0 <= r < nrows and 0 <= c < ncols:
        return r, c
    return None
