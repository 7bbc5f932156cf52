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



# -- Tatham's Unruly game IDs ----------------------------------------------------------------------
#: ``<w>x<h>[u][d<difficulty>]:<description>`` (unruly.c: decode_params, new_game, new_game_desc).
_UNRULY = re.compile(r"(?:unruly:)?([0-9]{1,3})(?:x([0-9]{1,3}))?(u?)(?:d[a-z]?)?:([A-Za-z]*)")


def read_tatham(game_id) -> dict:
    """Read a game ID of Unruly, Binary Sudoku in Simon Tatham's Portable Puzzle Collection.

    ``6x6u:<description>`` (from unruly.c): the width and height, ``u`` when no two rows or columns
    may be equal (Binary Sudoku's rule 3), an optional difficulty ``d`` and a letter; after the
    colon, the cells in reading order, each letter skipping that many empty cells (``a`` none,
    ``b`` one, ... ``y`` 24) and then placing a 0 (lower case) or a 1 (capital); ``z``/``Z``
    skips 25. The last letter places its digit one past the last cell (the description's end).
    An ID without ``u`` is a puzzle whose equal rows are allowed, which is not Binary Sudoku: it is
    refused by name (its board reads once ``u`` is written after the size).
    """
    game_id = check_text(game_id, "Unruly game ID", 4 * MAX_SIDE * MAX_SIDE).strip()
    if "#" in game_id.split(":", 1)[0] or ":" not in game_id:
        raise PuzzleError("Unruly game ID: expected '<w>x<h>u:<description>' (a random seed '6x6#1234' is not a "
                          "board: copy the game ID from Game > Specific)")
    match = _UNRULY.fullmatch(game_id)
    if match is None:
        raise PuzzleError(f"Unruly game ID: {game_id[:40]!r} is not '<w>x<h>u:<letters>'")
    width = int(match[1])
    height = int(match[2] or match[1])
    if not match[3]:
        raise PuzzleError("Unruly game ID: without 'u' after the size, Tatham's Unruly allows two equal rows or "
                          "columns, which Binary Sudoku forbids (rule 3); write 'u' after the size to read it as "
                          "Binary Sudoku")
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PuzzleError(f"Unruly game ID: a {width}x{height} board; sides are 1 to {MAX_SIDE}")
    cells: list[int | None] = []
    total = width * height
    for k, ch in enumerate(match[4]):
        skip = 25 if ch in "zZ" else ord(ch.lower()) - 97
        cells.extend([None] * skip)
        if ch not in "zZ":
            cells.append(0 if ch.islower() else 1)
        if len(cells) > total + 1:
            raise PuzzleError(f"Unruly game ID: letter {k} ({ch!r}) runs past the {total} cells")
    if len(cells) != total + 1:
        raise PuzzleError(f"Unruly game ID: the description covers {len(cells)} of the {total} cells and the end "
                          "mark (cut short?)")
    return {"givens": [cells[r * width:(r + 1) * width] for r in range(height)]}


def write_tatham(puzzle) -> str:
    """The Unruly game ID of a board (with ``u``: Binary Sudoku's rule 3), as unruly.c writes it."""
    out, run = [], 0
    cells = [*itertools.chain.from_iterable(puzzle.givens), 0]  # the end mark is a 0 one past the end
    for v in cells:
        if v is None:
            run += 1
            continue
        while run > 24:
            out.append("z" if v == 0 else "Z")
            run -= 25
        out.append(chr((97 if v == 0 else 65) + run))
        run = 0
    n = len(puzzle.givens)
    return f"{len(puzzle.givens[0])}x{n}u:" + "".join(out)


FORMATS = (
    Format("text", read_text, write_text, "the course's text format: one line per row, 0, 1 or '.' per cell"),
    Format("puzzleteam", read_puzzleteam, write_puzzleteam,
           "puzzle-binairo.com's task string: 0/1 givens, a letter for a run of empty cells"),
    Format("tatham", read_tatham, write_tatham, "a game ID of Tatham's Unruly, '6x6u:...'"),
)
