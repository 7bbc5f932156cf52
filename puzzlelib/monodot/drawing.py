"""drawing.py: the Monodot board as a picture, in the look of the app (``draw`` returns a Figure).

Role. ``draw(puzzle, solution=None, ax=None, ...)`` draws into ``ax`` when given (the editor, the
exercise checks' side-by-side pictures) or into a new figure: free cells light, blocked cells dark,
the dots' numbers in a strip under the board; with a solution, each placed dot on its cell with its
number, joined to its neighbouring dots, red where it breaks a rule.
"""

from __future__ import annotations

from matplotlib.collections import LineCollection
from matplotlib.patches import Rectangle

from ..core.interface import require
from ..display.drawing import BAD, INK, MUTED, add_patches, circles, draw_grid, font_size, new_board_axes
from .board import Puzzle
from .formats import BLOCKED
from .rules import check_rules, read_answer

DOT = "#1565c0"


def strip_rows(puzzle: Puzzle) -> int:
    """The rows of the dots' strip under the board (one slot more than the dots, for the editor's '+')."""
    ncols = puzzle.shape[1]
    return (len(puzzle.dots) + ncols) // ncols


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, plus: bool = False):
    """The board and the dots' numbers; with a solution (anything ``check_rules`` takes) the dots
    placed and joined, red where a rule breaks. ``plus`` draws the editor's add-a-dot slot."""
    require(puzzle, Puzzle, "draw")
    nrows, ncols = puzzle.shape
    extra = strip_rows(puzzle)
    ax = new_board_axes(nrows + extra, ncols, margin=(0.1, 0.1, 0.1, 0.1), ax=ax)
    draw_grid(ax, nrows, ncols)
    add_patches(ax, [Rectangle((c - 0.5, r - 0.5), 1, 1) for r, row in enumerate(puzzle.grid)
                     for c, ch in enumerate(row) if ch == BLOCKED], 1, facecolor=INK, edgecolor="none")
    size = font_size(nrows + extra, ncols, 0.4)
    cells = bad = None
    if solution is not None:
        cells = read_answer(puzzle, solution)
        bad = {cell for fault in check_rules(puzzle, solution) for cell in fault.cells}
        _draw_dots(ax, puzzle, cells, bad, size)
    for d, v in enumerate(puzzle.dots):
        r, c = nrows + 1 + d // ncols - 0.5, d % ncols
        placed = cells is not None and cells[d] is not None
        ax.text(c, r, str(v), ha="center", va="center", fontsize=size * 0.8, color=MUTED if placed else DOT,
                fontweight="bold")
    if plus:
        d = len(puzzle.dots)
        ax.text(d % ncols, nrows + 1 + d // ncols - 0.5, "+", ha="center", va="center", fontsize=size * 0.8,
                color=MUTED)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def _draw_dots(ax, puzzle: Puzzle, cells, bad, size) -> None:
    on = [cell for cell in cells if cell is not None]
    placed = set(on)
    joins = [((c, r), (n[1], n[0])) for r, c in placed for n in puzzle.neighbours((r, c), free_only=False)
             if n in placed and n > (r, c)]
    ax.add_collection(LineCollection(joins, colors=DOT, linewidths=3, zorder=2))
    good = [cell for cell in placed if cell not in bad]
    add_patches(ax, circles(good, 0.32), 3, facecolor=DOT, edgecolor="none")
    add_patches(ax, circles([cell for cell in placed if cell in bad], 0.32), 3, facecolor=BAD, edgecolor="none")
    for v, cell in zip(puzzle.dots, cells):
        if cell is not None:
            ax.text(cell[1], cell[0], str(v), ha="center", va="center", fontsize=size, color="white",
                    fontweight="bold", zorder=4)
