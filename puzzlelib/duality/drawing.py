"""Weights drawn on the board: which rows, columns, thermometers, tanks, runs a certificate uses,
and Slider's potentials (chapter 12).

Each named rule of a puzzle model has a place on its board (:func:`anchor`): a row's count sits
right of the row, a column's below it, a thermometer's step between its two cells, a tank's
rules between the cells they tie, a Kakuro run's rules at its clue, a Sudoku cell's at the cell.
:func:`draw_certificate` writes each weight there, blue when positive and orange when negative.
"""

from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction

from .. import aquarium as aq
from .. import kakuro as kk
from .. import slider as sl
from .. import sudoku as sd
from .. import thermometer as th
from ..core.errors import PuzzleError
from ..core.interface import require
from ..core.validate import check_cell, check_sequence
from ..display.drawing import INK, check_axes, font_size
from .matrix import exact_values, number

POSITIVE, NEGATIVE = "#1565c0", "#e65100"
Point = tuple[float, float]  # (x, y) in the board's drawing: x the column, y the row


def _mid(a, b) -> Point:
    return ((a[1] + b[1]) / 2, (a[0] + b[0]) / 2)


def anchor(puzzle, name: str) -> Point | None:
    """Where the rule ``name`` of ``puzzle``'s model is drawn, or None for a rule with no place (a name
    of no rule of the board too: ``fill_Z_9`` on a board without a thermometer Z)."""
    _drawable(puzzle, "anchor")
    if not isinstance(name, str):
        raise PuzzleError(f"anchor: a rule's name is text, got {type(name).__name__} {str(name)[:30]!r}")
    try:
        return _anchor(puzzle, name)
    except (IndexError, KeyError):
        return None


def _drawable(puzzle, where: str):
    """The module that draws ``puzzle`` (Thermometers, Aquarium, Kakuro, Sudoku or Slider), else a PuzzleError."""
    for module in (th, aq, kk, sd, sl):
        if isinstance(puzzle, module.Puzzle):
            return module
    raise PuzzleError(f"{where}: expected a thermometer, aquarium, kakuro, sudoku or slider Puzzle, "
                      f"got {type(puzzle).__name__}")


def _anchor(puzzle, name: str) -> Point | None:
    nrows, ncols = _shape(puzzle)
    if m := re.fullmatch(r"row_count_(\d+)", name):
        return (ncols - 0.5 + 0.5, int(m[1]))
    if m := re.fullmatch(r"col_count_(\d+)", name):
        return (int(m[1]), nrows - 0.5 + 0.45)
    if isinstance(puzzle, th.Puzzle) and (m := re.fullmatch(r"fill_([A-Z]+)_(\d+)", name)):
        cells = puzzle.thermometers[_thermometer_index(m[1])]
        return _mid(cells[int(m[2]) - 1], cells[int(m[2])])
    if isinstance(puzzle, aq.Puzzle):
        return _aquarium_anchor(puzzle, name)
    if isinstance(puzzle, kk.Puzzle):
        return _kakuro_anchor(puzzle, name)
    if isinstance(puzzle, sd.Puzzle):
        return _sudoku_anchor(puzzle, name)
    return None


def _shape(puzzle) -> tuple[int, int]:
    if isinstance(puzzle, sd.Puzzle):
        return puzzle.size, puzzle.size
    if isinstance(puzzle, kk.Puzzle):
        return len(puzzle.cells), len(puzzle.cells[0])
    return puzzle.shape


def _thermometer_index(letters: str) -> int:
    """The index of thermometer A, B, ..., Z, AA, ... (the inverse of ``th.label``)."""
    k = 0
    for ch in letters:
        k = k * 26 + (ord(ch) - 64)
    return k - 1


def _aquarium_anchor(puzzle, name: str) -> Point | None:
    if m := re.fullmatch(r"level_(\d+)_(\d+)_(\d+)", name):
        r, c = int(m[2]), int(m[3])
        return _mid((r, c - 1), (r, c))
    if m := re.fullmatch(r"rests_(\d+)_(\d+)", name):
        rows = puzzle.tank_rows(int(m[1]))
        for lower, upper in zip(rows, rows[1:]):
            if upper[0][0] == int(m[2]):
                return _mid(upper[0], lower[0])
    return None


def _kakuro_anchor(puzzle, name: str) -> Point | None:
    if m := re.fullmatch(r"(?:sum|different|one_set)_(\d+)(?:_\d+)?", name):
        run = puzzle.runs[int(m[1])]
        r, c = run.clue
        return (c + 0.72, r) if run.direction == "across" else (c, r + 0.72)  # in the run's first cell
    if m := re.fullmatch(r"digit_(\d+)_(\d+)", name):
        return (int(m[2]), int(m[1]))
    return None


def _sudoku_anchor(puzzle, name: str) -> Point | None:
    n = puzzle.size
    if m := re.fullmatch(r"cell_(\d+)_(\d+)", name):
        return (int(m[2]) + 0.25, int(m[1]) + 0.28)  # the cell's lower corner, beside its digit
    if m := re.fullmatch(r"given_(\d+)_(\d+)", name):  # the upper corner: a cell's two rules apart
        return (int(m[2]) - 0.25, int(m[1]) - 0.28)
    if m := re.fullmatch(r"row_(\d+)_has_\d+", name):
        return (n - 0.5 + 0.5, int(m[1]))
    if m := re.fullmatch(r"column_(\d+)_has_\d+", name):
        return (int(m[1]), n - 0.5 + 0.45)
    if m := re.fullmatch(r"box_(\d+)_has_\d+", name):
        br, bc = puzzle.box
        b = int(m[1])
        r0, c0 = (b // (n // bc)) * br, (b % (n // bc)) * bc
        return (c0 + (bc - 1) / 2, r0 + (br - 1) / 2)
    return None


def _draw_puzzle(puzzle, ax):
    check_axes(ax)
    return _drawable(puzzle, "puzzle").draw(puzzle, ax=ax)


def draw_certificate(puzzle, weights, ax=None, title: str | None = None):
    """The board with each rule's weight written where the rule sits; ``weights`` is a dict
    {rule: number} or a Certificate. Rules of one place share a label. Returns the Figure."""
    weights = exact_values(getattr(weights, "weights", weights), "weights")
    figure = _draw_puzzle(puzzle, ax)
    ax = ax or figure.axes[0]
    nrows, ncols = _shape(puzzle)
    left, right = ax.get_xlim()
    bottom, top = ax.get_ylim()
    ax.set_xlim(left, max(right, ncols + 0.4))
    ax.set_ylim(max(bottom, nrows + 0.4), top)
    placed: dict[Point, list[Fraction]] = defaultdict(list)
    for name, w in weights.items():
        point = anchor(puzzle, name)
        if point is not None and w != 0:
            placed[point].append(Fraction(w))
    size = font_size(nrows, ncols, 0.3)
    for (x, y), ws in sorted(placed.items()):
        total = sum(ws)
        text = number(total) if len(ws) == 1 else "/".join(number(w) for w in ws)
        colour = POSITIVE if total > 0 else NEGATIVE
        ax.text(x, y, text, ha="center", va="center", fontsize=size, color=colour, fontweight="bold", zorder=8,
                bbox=dict(boxstyle="round,pad=0.12", facecolor="white", edgecolor=colour, lw=0.6, alpha=0.9))
    if title:
        ax.set_title(title, fontsize=10, color=INK)
    return figure


def draw_potentials(puzzle: sl.Puzzle, pi: dict, route=None, tight=None, ax=None, title: str | None = None):
    """A Slider board with each cell's potential in its upper left corner (on a white patch, so the
    start's shows on the block), the ``tight`` slides as thin grey arrows and ``route`` (a list of
    cells) as red arrows, a grey dot where the block rests between two of them. Returns the Figure."""
    require(puzzle, sl.Puzzle, "draw_potentials")
    pi = exact_values(pi, "pi")
    for cell in pi:
        check_cell(cell, puzzle.shape, "pi: a key")
    if isinstance(tight, (set, frozenset)):
        tight = sorted(tight)
    tight = [tuple(check_cell(cell, puzzle.shape, f"tight[{k}]") for cell in check_sequence(arc, f"tight[{k}]", 2, 2))
             for k, arc in enumerate(check_sequence(tight, "tight"))] if tight is not None else None
    figure = sl.draw(puzzle, route, ax=check_axes(ax), numbers=False)
    ax = ax or figure.axes[0]
    if tight:
        sl.draw_arcs(ax, puzzle.shape, list(tight))
    nrows, ncols = puzzle.shape
    size = font_size(nrows, ncols, 0.28)
    for (r, c), value in sorted(pi.items()):
        ax.text(c - 0.3, r - 0.28, number(value), ha="center", va="center", fontsize=size, color=POSITIVE,
                fontweight="bold", zorder=8,  # on a white patch: readable on the block and the walls too
                bbox=dict(boxstyle="round,pad=0.1", facecolor="white", edgecolor="none", alpha=0.85))
    if title:
        ax.set_title(title, fontsize=10, color=INK)
    return figure
