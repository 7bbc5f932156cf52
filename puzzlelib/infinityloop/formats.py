"""Infinity Loop boards as strings and back: plain data in, plain data out (``board.py`` validates).

A tile is a 4-bit code, as in Tatham's Net and the Puzzle Team "pipes" task strings: 1 a connection
to the right, 2 up, 4 left, 8 down (so 5 is a straight left-right pipe, 3 a corner up-right, 15 a
cross, 0 an empty cell). Every reader returns the Puzzle's keyword arguments, ``{"tiles": rows}``
with rows of codes 0-15; every writer takes the Puzzle (anything with ``.tiles``).
"""

from __future__ import annotations

import math
import re

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


# -- Tatham's Net game IDs -------------------------------------------------------------------------
#: ``<w>x<h>[w][b<probability>][a]:<description>`` (net.c: decode_params, validate_desc, new_game).
_NET = re.compile(r"(?:net:)?([0-9]{1,3})(?:x([0-9]{1,3}))?(w?)(?:b[0-9.]*)?(a?):([0-9A-Fa-fhv]*)")


def read_tatham(game_id) -> dict:
    """Read a game ID of Net, in Simon Tatham's Portable Puzzle Collection: ``5x5:<description>``.

    From net.c: the width and height (``w`` after them: the board wraps round; ``b`` a barrier
    probability and ``a`` only say how the board was made); after the colon, one hexadecimal digit
    per tile in reading order, with Net's own bits (1 right, 2 up, 4 left, 8 down: this library's),
    each optionally followed by ``h``/``v`` for a barrier below it or right of it. Wrapping boards
    and barriers are refused by name (Infinity Loop has neither). Net also asks for one tree through
    every tile: a solution of Net is a solution here, and the ``connected`` model asks for it too.
    """
    game_id = check_text(game_id, "Net game ID", 4 * MAX_SIDE * MAX_SIDE).strip()
    match = _NET.fullmatch(game_id)
    if match is None:
        raise PuzzleError("Net game ID: expected '<w>x<h>:<one hex digit per tile>' (a random seed '5x5#1234' is "
                          "not a board: copy the game ID from Game > Specific)")
    width, height = int(match[1]), int(match[2] or match[1])
    if match[3]:
        raise PuzzleError("Net game ID: the board wraps round ('w' after the size); Infinity Loop's does not")
    desc = match[5]
    if "h" in desc or "v" in desc:
        raise PuzzleError("Net game ID: the board has barriers ('h'/'v' after a tile); Infinity Loop has none")
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PuzzleError(f"Net game ID: a {width}x{height} board; sides are 1 to {MAX_SIDE}")
    if len(desc) != width * height:
        raise PuzzleError(f"Net game ID: {len(desc)} tiles for a {width}x{height} board, expected {width * height}")
    return {"tiles": [[HEX.index(ch.lower()) for ch in desc[r * width:(r + 1) * width]] for r in range(height)]}


def write_tatham(puzzle) -> str:
    """The Net game ID of a board (not wrapping, no barriers)."""
    tiles = puzzle.tiles
    return f"{len(tiles[0])}x{len(tiles)}:" + "".join(HEX[v] for row in tiles for v in row)


FORMATS = (
    Format("text", read_text, write_text, "a line per row, one hexadecimal tile code per cell"),
    Format("puzzleteam", read_puzzleteam, write_puzzleteam, 'Puzzle Team "pipes" task strings (square boards)'),
    Format("art", read_art, write_art, "shape art: a box-drawing character per tile (┌─┐ ...), '.' empty"),
    Format("tatham", read_tatham, write_tatham, "a game ID of Tatham's Net, '5x5:...' (no wrapping, no barriers)"),
)
