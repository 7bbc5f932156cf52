"""Binairo boards as text: the course's text format and the Puzzle Team task string.

Both readers return the Puzzle's arguments, ``{"givens": rows}`` with rows of ``0``, ``1`` or
``None`` (empty), which :class:`~puzzlelib.binairo.board.Puzzle` then validates (square, even, rules 1-3 on the givens).
Sizes are checked before anything of that size is built.
"""

from __future__ import annotations

import itertools
import math
import re

from ..core.codecs import Line, grid_rows, text_lines
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import MAX_SIDE, check_text

KIND = "binairo"
EMPTY = "."
#: Characters the text format reads as an empty cell.
EMPTY_CHARS = ".-_"


def read_text(text) -> dict:
    """Read the text format::

        binairo
        1...1.
        ..1..0
        ...

    The first line names the puzzle (it may be left out); then one line per row, one character per
    cell: ``0``, ``1``, or ``.`` (also ``-`` or ``_``) for an empty cell. Spaces inside a row are
    ignored; blank lines and lines starting with ``#`` are skipped. At most 200 rows of 200 cells.

    The files of binarypuzzle.com solvers are read too: ``-`` for an empty cell, and a first line
    giving the size, ``N N``, ``NxN`` or ``N`` alone (``10`` then ten rows of ten), which must
    agree with the rows that follow.
    """
    lines = [Line(line.number, "".join(line.text.split())) for line in text_lines(text, KIND, header="optional")]
    lines = _without_size_line(lines)
    rows = grid_rows(lines, f"{KIND} text", "01" + EMPTY_CHARS)
    if len(rows) != len(rows[0]):
        raise PuzzleError(f"the board has {len(rows)} rows of {len(rows[0])} cells; it must be square")
    return {"givens": [[cell_from_char(ch, "") for ch in row] for row in rows]}


#: A size line: ``N``, ``N N`` or ``NxN`` (spaces are already gone from the lines).
SIZE_LINE = re.compile(r"([0-9]{1,3})(?:[xX]?([0-9]{1,3}))?")


def _without_size_line(lines: list[Line]) -> list[Line]:
    """The lines after a size line (a first line that is a size, not a row as wide as the next)."""
    if len(lines) < 2 or len(lines[0].text) == len(lines[1].text):
        return lines
    head = lines[0]
    match = SIZE_LINE.fullmatch(head.text)
    if not match:
        return lines
    first, second = match.groups()
    sizes = [(int(first), int(second or first))]
    if second is None and len(first) % 2 == 0 and first[:len(first) // 2] * 2 == first:
        sizes.append((int(first[:len(first) // 2]),) * 2)  # "66" was "6 6" before the spaces went
    rows, cols = len(lines) - 1, len(lines[1].text)
    if (rows, cols) not in sizes:
        raise PuzzleError(f"line {head.number}: the size line says {sizes[-1][0]}x{sizes[-1][1]}, "
                          f"but {rows} rows of {cols} cells follow")
    return lines[1:]


def write_text(puzzle) -> str:
    """The text format of a board's givens (the kind, then one line per row)."""
    return "\n".join([KIND, *(line_text(row) for row in puzzle.givens)]) + "\n"


def read_puzzleteam(task) -> dict:
    """Read a puzzle-binairo.com task string.

    The cells in row-major order: ``0`` or ``1`` for a given, a lowercase letter for a run of
    ``ord(letter) - 96`` empty cells (``a`` = 1, ..., ``z`` = 26). The board is square, so the number
    of cells must be a square; a string cut short almost never is, and is refused with that hint. A
    trailing ``;`` (as the editor's Load takes it) is ignored.
    """
    task = check_text(task, "task string").strip().rstrip(";").strip()
    cells: list[int | None] = []
    for pos, ch in enumerate(task):
        if ch in "01":
            cells.append(int(ch))
        elif "a" <= ch <= "z":
            cells.extend([None] * (ord(ch) - 96))
        else:
            raise PuzzleError(f"task string: character {ch!r} at position {pos} is not 0, 1 "
                              "or a lowercase letter (a run of empty cells)")
        if len(cells) > MAX_SIDE * MAX_SIDE:
            raise PuzzleError(f"task string: more than {MAX_SIDE * MAX_SIDE} cells by position {pos}; "
                              f"the largest board is {MAX_SIDE}x{MAX_SIDE}")
    n = math.isqrt(len(cells))
    if n * n != len(cells) or n == 0:
        raise PuzzleError(f"task string: {len(cells)} cells do not make a square board "
                          "(is the string cut short?)")
    return {"givens": [cells[r * n:(r + 1) * n] for r in range(n)]}


def write_puzzleteam(puzzle) -> str:
    """The task string of a board (runs of empty cells as letters, at most ``z`` = 26 each)."""
    out, run = [], 0
    for v in itertools.chain.from_iterable(puzzle.givens):
        if v is None:
            run += 1
            if run == 26:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(96 + run))
            run = 0
        out.append(str(v))
    if run:
        out.append(chr(96 + run))
    return "".join(out)


def cell_from_char(ch: str, where: str) -> int | None:
    """One character of the text format: 0, 1 or empty."""
    if ch == "0" or ch == "1":
        return int(ch)
    if ch in EMPTY_CHARS:
        return None
    raise PuzzleError(f"{where}: {ch!r} is not 0, 1 or '.' (empty)")


def line_text(line) -> str:
    """A row or column as text: ``0``, ``1`` or ``.`` per cell."""
    return "".join(EMPTY if v is None else str(v) for v in line)



FORMATS = (
    Format("text", read_text, write_text, "the course's text format: one line per row, 0, 1 or '.' per cell"),
    Format("puzzleteam", read_puzzleteam, write_puzzleteam,
           "puzzle-binairo.com's task string: 0/1 givens, a letter for a run of empty cells"),
)
