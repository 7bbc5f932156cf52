"""Infinity Loop boards as strings and back: plain data in, plain data out (``board.py`` validates).

A tile is a 4-bit code, as in Tatham's Net and the Puzzle Team "pipes" task strings: 1 a connection
to the right, 2 up, 4 left, 8 down (so 5 is a straight left-right pipe, 3 a corner up-right, 15 a
cross, 0 an empty cell). Every reader returns the Puzzle's keyword arguments, ``{"tiles": rows}``
with rows of codes 0-15; every writer takes the Puzzle (anything with ``.tiles``).
"""

from __future__ import annotations

import math

from ..core.codecs import grid_rows, text_lines
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import MAX_SIDE, check_text

KIND = "infinityloop"
HEX = "0123456789abcdef"


def read_text(text) -> dict:
    """Read the text format::

        infinityloop
        6ac
        5f5
        39c

    The first line names the puzzle (it may be left out when two rows or more follow: one line
    alone is a task string; ``puzzlelib.read``, which reads any puzzle, asks for the name only
    when rows of hex digits could be another puzzle's too). Each
    further line is a row of tiles, one hexadecimal digit per tile (0-9, a-f, either case; 1 right,
    2 up, 4 left, 8 down, summed). Every row has the same length. Lines starting with ``#`` are
    comments.
    """
    lines = text_lines(text, KIND, header="optional")
    if len(lines) == 1 and not _named(text):
        raise PuzzleError(f"line {lines[0].number}: one row of hex digits without the line 'infinityloop' is a "
                          "task string (read it as one), not a board")
    rows = grid_rows(lines, "infinityloop text", HEX + HEX.upper())
    return {"tiles": [[HEX.index(ch.lower()) for ch in row] for row in rows]}


def _named(text: str) -> bool:
    return any(line.strip().lower() == KIND for line in text.splitlines()[:50])


def write_text(puzzle) -> str:
    """The text format of a board (see :func:`read_text`)."""
    return "\n".join([KIND, *("".join(HEX[v] for v in row) for row in puzzle.tiles)]) + "\n"


def read_puzzleteam(task) -> dict:
    """A Puzzle Team "pipes" task string: one hexadecimal digit per tile, row by row, of a square board.

    ``"6ac5f539c"`` is the 3x3 board with rows ``6ac``, ``5f5``, ``39c``. The length must be a
    square number; nothing else (no separators, no size prefix) is allowed.
    """
    task = check_text(task, "task string", max_len=MAX_SIDE * MAX_SIDE)
    task = task.strip()
    if not task:
        raise PuzzleError("task string: empty")
    side = math.isqrt(len(task))
    if side * side != len(task):
        raise PuzzleError(f"task string: {len(task)} tiles is not a square board (cut short, or too long?)")
    for i, ch in enumerate(task):
        if ch.lower() not in HEX:
            raise PuzzleError(f"task string: character {i} ({ch!r}) is not a tile code (0-9, a-f)")
    return {"tiles": [[HEX.index(ch.lower()) for ch in task[r * side:(r + 1) * side]] for r in range(side)]}


def write_puzzleteam(puzzle) -> str:
    """The task string of a square board (see :func:`read_puzzleteam`)."""
    tiles = puzzle.tiles
    if len(tiles) != len(tiles[0]):
        raise PuzzleError(f"task strings hold square boards only; this one is {len(tiles)}x{len(tiles[0])}")
    return "".join(HEX[v] for row in tiles for v in row)


# -- shape art: the tiles drawn with box-drawing characters ------------------------------------------
#: Each box-drawing character's tile code (its arms: 1 right, 2 up, 4 left, 8 down), in the light,
#: heavy and double sets of Unicode's Box Drawing block; ``.`` or ``·`` is an empty cell. The
#: writer uses the light set.
ART = {
    ".": 0, "·": 0,
    "╶": 1, "╵": 2, "└": 3, "╴": 4, "─": 5, "┘": 6, "┴": 7, "╷": 8, "┌": 9, "│": 10, "├": 11, "┐": 12,
    "┬": 13, "┤": 14, "┼": 15,
    "╺": 1, "╹": 2, "┗": 3, "╸": 4, "━": 5, "┛": 6, "┻": 7, "╻": 8, "┏": 9, "┃": 10, "┣": 11, "┓": 12,
    "┳": 13, "┫": 14, "╋": 15,
    "╚": 3, "═": 5, "╝": 6, "╩": 7, "╔": 9, "║": 10, "╠": 11, "╗": 12, "╦": 13, "╣": 14, "╬": 15,
}
ART_OF = ".╶╵└╴─┘┴╷┌│├┐┬┤┼"


def read_art(text) -> dict:
    """Read a board drawn as shape art, a line per row and a box-drawing character per tile::

        ┌┬┐
        ├┼┤
        └┴┘

    The arms of each character are the tile's connections (``╶`` an end pointing right, ``─`` a
    straight, ``┌`` a corner, ``┼`` a cross; light, heavy or double lines), ``.`` an empty cell. A
    first line ``infinityloop`` may come first; lines starting with ``#`` are comments.
    """
    rows = grid_rows(text_lines(text, KIND, header="optional"), "infinityloop art", "".join(ART))
    return {"tiles": [[ART[ch] for ch in row] for row in rows]}


def write_art(puzzle) -> str:
    """The board as shape art in light box-drawing characters (see :func:`read_art`)."""
    return "\n".join("".join(ART_OF[v] for v in row) for row in puzzle.tiles) + "\n"


FORMATS = (
    Format("text", read_text, write_text, "a line per row, one hexadecimal tile code per cell"),
    Format("puzzleteam", read_puzzleteam, write_puzzleteam, 'Puzzle Team "pipes" task strings (square boards)'),
    Format("art", read_art, write_art, "shape art: a box-drawing character per tile (┌─┐ ...), '.' empty"),
)
