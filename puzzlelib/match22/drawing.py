"""Match 22 pictures: disks of four coloured quarters in the app's colours, turns marked."""

from __future__ import annotations

from matplotlib.patches import Circle, Wedge

from ..display.drawing import INK, add_patches, font_size, new_board_axes, new_figure
from ..engine.rotation import turned
from ..core.interface import require
from .board import Puzzle, Solution
from .rules import read_turns

#: The app's four colours by Hartmann's numbers (1 yellow, 2 orange, 3 red, 4 blue).
PALETTE = {1: "#f6c90e", 2: "#f28c28", 3: "#d7263d", 4: "#1b75bc"}
DARK = "#23262b"
#: The angle (degrees, counterclockwise from the right) at the middle of each quarter: top, left, bottom, right.
MIDDLE = (90, 180, 270, 0)


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, ids: bool = False):
    """The board; with a solution, before and after side by side (the turns written on each disk).

    ``solution`` is a Solution or a mapping disk id -> left turns. Given ``ax``, only one picture
    is drawn into it (the turned board when there is a solution). Returns the Figure.
    """
    puzzle = require(puzzle, Puzzle, "draw")
    turns = None if solution is None else read_turns(puzzle, solution)
    if turns is not None and ax is None:
        nrows, ncols = puzzle.shape
        size = min(0.6, 4.2 / max(nrows, ncols))
        fig = new_figure(2 * ncols * size + 0.6, nrows * size + 0.5)
        left = fig.add_axes((0.01, 0.02, 0.48, 0.88))
        right = fig.add_axes((0.51, 0.02, 0.48, 0.88))
        draw_disks(left, puzzle, None, ids=ids)
        draw_disks(right, puzzle, turns, ids=ids)
        left.set_title("before", fontsize=10, color=INK)
        moves = sum(turns.values())
        right.set_title(f"after {moves} left turn{'s' if moves != 1 else ''}", fontsize=10, color=INK)
        if title:
            fig.suptitle(title, fontsize=11, color=INK)
        return fig
    ax = draw_disks(ax, puzzle, turns, ids=ids)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def draw_disks(ax, puzzle: Puzzle, turns=None, ids: bool = False, highlight=None):
    """Draw the disks (turned by ``turns``, a mapping disk id -> left turns) into ``ax``."""
    nrows, ncols = puzzle.shape
    ax = new_board_axes(nrows, ncols, margin=(0.05, 0.05, 0.05, 0.05), ax=ax)
    ax.add_patch(_board(nrows, ncols))
    wedges = {colour: [] for colour in PALETTE}
    size = font_size(nrows, ncols, 0.32)
    for i, (r, c) in enumerate(puzzle.cells, 1):
        k = (turns or {}).get(i, 0)
        quarters = turned(puzzle.disk(i), k)
        for h, colour in enumerate(quarters):
            wedges[colour].append(Wedge((c, r), 0.44, MIDDLE[h] - 45, MIDDLE[h] + 45))
        if ids:
            ax.text(c, r, str(i), ha="center", va="center", fontsize=size, color="white", fontweight="bold",
                    zorder=6, bbox=dict(boxstyle="circle,pad=0.15", facecolor=DARK, edgecolor="none", alpha=0.7))
        if turns is not None and k:
            ax.text(c + 0.47, r + 0.47, f"↺{k}", ha="right", va="bottom", fontsize=size * 0.9, color="white",
                    fontweight="bold", zorder=6,
                    bbox=dict(boxstyle="round,pad=0.12", facecolor=DARK, edgecolor="none", alpha=0.85))
    for colour, patches in wedges.items():
        # y grows downwards on the board, so a wedge's angles are mirrored: flip them back
        add_patches(ax, [_mirror(w) for w in patches], 3, facecolor=PALETTE[colour], edgecolor=DARK, linewidth=1)
    add_patches(ax, [Circle((c, r), 0.44) for r, c in puzzle.cells], 4, facecolor="none", edgecolor=DARK,
                linewidth=1.5)
    if highlight:
        add_patches(ax, [Circle((c, r), 0.49) for r, c in highlight], 5, facecolor="none", edgecolor="#ffffff",
                    linewidth=2.5)
    return ax


def _mirror(wedge: Wedge) -> Wedge:
    """The wedge as seen on axes whose y axis points down (angle a becomes -a)."""
    return Wedge(wedge.center, wedge.r, -wedge.theta2, -wedge.theta1)


def _board(nrows: int, ncols: int):
    from matplotlib.patches import FancyBboxPatch

    return FancyBboxPatch((-0.48, -0.48), ncols - 0.04, nrows - 0.04, boxstyle="round,pad=0.02,rounding_size=0.2",
                          facecolor=DARK, edgecolor="none", zorder=0)
