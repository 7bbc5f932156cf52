"""Infinity Loop boards as strings and back: plain data in, plain data out (``board.py`` validates).

A tile is a 4-bit code, as in Tatham's Net and the Puzzle Team "pipes" task strings: 1 a connection
to the right, 2 up, 4 left, 8 down (so 5 is a straight left-right pipe, 3 a corner up-right, 15 a
cross, 0 an empty cell). Every reader returns ``tiles``, a list of rows of codes 0-15.
"""

from __future__ import annotations

import math

from ..core.errors import PuzzleError
from ..core.validate import MAX_SIDE, check_text

KIND = "infinityloop"
HEX = "0123456789abcdef"


def parse_text(text) -> list[list[int]]:
    """Read the text format::

        infinityloop
        6ac
        5f5
        39c

    The first line names the puzzle. Each further line is a row of tiles, one
    hexadecimal digit per tile (0-9, a-f, either case; 1 right, 2 up, 4 left, 8 down, summed).
    Every row has the same length. Lines starting with ``#`` are comments.
    """
    text = check_text(text, "infinityloop text")
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.strip().startswith("#")]
    if not lines or lines[0][1].split()[0].lower() != KIND:
        raise PuzzleError(f"infinityloop text: the first line must be '{KIND}' (rows of hex digits alone "
                          "could be a task string or another puzzle)")
    if lines[0][1].lower() != KIND:
        raise PuzzleError(f"line {lines[0][0]}: the line naming the puzzle must hold only '{KIND}'")
    lines = lines[1:]
    if not lines:
        raise PuzzleError("infinityloop text: no rows of tiles")
    if len(lines) > MAX_SIDE:
        raise PuzzleError(f"infinityloop text: {len(lines)} rows is more than the {MAX_SIDE} allowed")
    return [_row(line, f"line {n}") for n, line in lines]


def _row(line: str, where: str) -> list[int]:
    if len(line) > MAX_SIDE:
        raise PuzzleError(f"{where}: {len(line)} tiles is more than the {MAX_SIDE} allowed")
    row = []
    for c, ch in enumerate(line):
        if ch.lower() not in HEX:
            raise PuzzleError(f"{where}, tile {c}: {ch!r} is not a tile code (one hexadecimal digit 0-9, a-f)")
        row.append(HEX.index(ch.lower()))
    return row


def write_text(tiles) -> str:
    """The text format of a validated board (see :func:`parse_text`)."""
    return "\n".join([KIND, *("".join(HEX[v] for v in row) for row in tiles)]) + "\n"


def parse_puzzleteam(task) -> list[list[int]]:
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
    return [[HEX.index(ch.lower()) for ch in task[r * side:(r + 1) * side]] for r in range(side)]


def write_puzzleteam(tiles) -> str:
    """The task string of a square board (see :func:`parse_puzzleteam`)."""
    if len(tiles) != len(tiles[0]):
        raise PuzzleError(f"task strings hold square boards only; this one is {len(tiles)}x{len(tiles[0])}")
    return "".join(HEX[v] for row in tiles for v in row)
