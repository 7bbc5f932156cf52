"""Flow Free in the app's look: a dark board, big dots, thick pipes, a tint under each pipe."""

from __future__ import annotations

from collections.abc import Sequence

from ..display.drawing import add_patches, circles, font_size, new_board_axes, new_figure, segment
from ..core.errors import PuzzleError
from ..core.interface import require
from ..core.validate import check_table
from .board import Puzzle, Solution


def _colour(value, where: str) -> str:
    """A cell of a drawn colouring: one character (a dot's colour, or '.' for an empty cell)."""
    if not (isinstance(value, str) and len(value) == 1):
        raise PuzzleError(f"{where}: expected a colour (one character), got {type(value).__name__} {value!r:.30}")
    return value

BACKGROUND, LINES = "#0b0b0f", "#3a3a46"
# The app's palette for its usual letters, then distinct colours for any other names.
APP_COLOURS = {
    "R": "#e8261f", "G": "#148a0e", "B": "#1b3cf0", "Y": "#e6dc1e", "O": "#f2870a", "C": "#18e0e6",
    "M": "#e619d6", "m": "#8c2b24", "P": "#7d1a8c", "A": "#9b9b9b", "W": "#f2f2f2", "g": "#4de01c",
    "T": "#b3a57a", "b": "#2a2ab3", "c": "#1a8a8a", "p": "#e88fc6",
}
PALETTE = ("#e8261f", "#148a0e", "#1b3cf0", "#e6dc1e", "#f2870a", "#18e0e6", "#e619d6", "#8c2b24",
           "#7d1a8c", "#f2f2f2", "#9b9b9b", "#4de01c", "#b3a57a", "#2a2ab3", "#1a8a8a", "#e88fc6")


def colour_map(colours: Sequence[str]) -> dict[str, str]:
    """A screen colour per puzzle colour: the app's for its letters, the palette in order otherwise."""
    if all(k in APP_COLOURS for k in colours) and any(k.isalpha() for k in colours):
        return {k: APP_COLOURS[k] for k in colours}
    return {k: PALETTE[i % len(PALETTE)] for i, k in enumerate(colours)}


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, labels: bool = False):
    """The board as the app shows it: dark board, big dots, thick pipes, a tint under each pipe.

    ``solution`` may be a Solution (its pipes are drawn, loops too, ringed in white) or a grid of
    colours (cells are tinted only). Returns the matplotlib Figure.
    """
    puzzle = require(puzzle, Puzzle, "draw")
    if solution is not None:
        check_table(getattr(solution, "grid", solution) if isinstance(solution, Solution) else solution,
                    puzzle.shape, "draw: solution", _colour)
    ax = draw_board(ax, puzzle.grid, solution, labels=labels)
    if title:
        ax.set_title(title, fontsize=11, color="#2b2b2b")
    return ax.figure


def draw_board(ax, dots_grid: Sequence[str], solution=None, labels: bool = False, highlight=None):
    """Draw a board that may be unfinished (the editor draws drafts with it)."""
    nrows, ncols = len(dots_grid), len(dots_grid[0])
    ax = new_board_axes(nrows, ncols, ax=ax)
    colours = []
    for row in dots_grid:
        for ch in row:
            if ch != "." and ch not in colours:
                colours.append(ch)
    grid = getattr(solution, "grid", solution)
    for row in grid or ():
        for ch in row:
            if ch not in ".?" and ch not in colours:
                colours.append(ch)
    screen = colour_map(colours)
    from matplotlib.patches import Rectangle

    ax.add_patch(Rectangle((-0.5, -0.5), ncols, nrows, facecolor=BACKGROUND, edgecolor="none", zorder=0))
    if grid is not None:
        for k in colours:
            tiles = [Rectangle((c - 0.5, r - 0.5), 1, 1) for r in range(nrows) for c in range(ncols)
                     if grid[r][c] == k]
            add_patches(ax, tiles, 0.5, facecolor=screen[k], edgecolor="none", alpha=0.22)
    for r in range(nrows + 1):
        ax.plot([-0.5, ncols - 0.5], [r - 0.5, r - 0.5], color=LINES, lw=0.8, zorder=1)
    for c in range(ncols + 1):
        ax.plot([c - 0.5, c - 0.5], [-0.5, nrows - 0.5], color=LINES, lw=0.8, zorder=1)
    width = 0.34
    pieces = []
    if solution is not None and hasattr(solution, "paths"):
        pieces = [(k, list(cells), False) for k, cells in solution.paths.items()]
        for loop in solution.cycles:
            r, c = loop[0]
            pieces.append((grid[r][c], [*loop, loop[0]], True))
    for k, cells, is_loop in pieces:
        face = screen.get(k, "#bbbbbb")
        bars = [segment(a, b, width) for a, b in zip(cells, cells[1:])] + circles(cells, width / 2)
        if is_loop:
            ring = [segment(a, b, width + 0.14) for a, b in zip(cells, cells[1:])] + circles(cells, width / 2 + 0.07)
            add_patches(ax, ring, 2, facecolor="#ffffff", edgecolor="none")
        add_patches(ax, bars, 3, facecolor=face, edgecolor="none")
    for k in colours:
        spots = [(r, c) for r in range(nrows) for c in range(ncols) if dots_grid[r][c] == k]
        add_patches(ax, circles(spots, 0.36), 4, facecolor=screen[k], edgecolor="none")
        if labels:
            size = font_size(nrows, ncols, 0.38)
            ink = "#000000" if k in "YCWgAT" or screen[k] in ("#e6dc1e", "#18e0e6", "#f2f2f2", "#4de01c") else "#ffffff"
            for r, c in spots:
                ax.text(c, r, k, ha="center", va="center", fontsize=size, color=ink, zorder=5,
                        fontweight="bold")
    if highlight:
        add_patches(ax, circles(highlight, 0.45), 6, facecolor="none", edgecolor="#ffffff", linewidth=2)
    return ax


def draw_many(puzzle: Puzzle, answers: Sequence, columns: int = 5, titles: Sequence[str] | None = None,
              size: float = 1.9):
    """Small pictures of several answers in a grid (for the chapter's list of solutions)."""
    n = max(1, len(answers))
    columns = min(columns, n)
    rows = (n + columns - 1) // columns
    fig = new_figure(size * columns, (size + 0.25) * rows)
    for i, answer in enumerate(answers):
        ax = fig.add_subplot(rows, columns, i + 1)
        draw_board(ax, puzzle.grid, answer)
        ax.set_title(titles[i] if titles else f"{i + 1}", fontsize=9, color="#2b2b2b")
    fig.tight_layout()
    return fig
