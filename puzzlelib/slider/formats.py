"""Slider's text format: text <-> the Puzzle's constructor arguments (the rows), line by line.

This file knows nothing of :class:`~.board.Puzzle`: ``read_text`` returns ``dict(grid=rows)`` with
the rows exactly as written (with the ``S`` and ``T`` marks), and ``Puzzle`` checks what the rows
mean (one start, one target, ...); ``write_text`` takes the Puzzle. ``FORMATS`` lists the one format.
"""

from __future__ import annotations

from puzzlelib.core.codecs import Line, grid_rows
from puzzlelib.core.errors import PuzzleError
from puzzlelib.core.interface import Format
from puzzlelib.core.validate import MAX_SIDE, check_text

KIND = "slider"
FREE, OBSTACLE, START, TARGET = ".", "#", "S", "T"
CHARACTERS = FREE + OBSTACLE + START + TARGET


def read_text(text) -> dict:
    """``dict(grid=rows)``: the rows of a board in the text format (strings of ``.``, ``#``, ``S``, ``T``).

    The format::

        slider
        .#..
        ...#
        .S..
        ....
        ..T.
        ..#.

    The first line names the puzzle (it may be left out). Each further line is a row: ``.`` a free
    cell, ``#`` an obstacle, ``S`` the start and ``T`` the target (both free cells). Blank lines and
    surrounding spaces are ignored. Comment lines starting with ``#`` are allowed only before the
    ``slider`` line (after it, ``#`` is an obstacle). At most ``MAX_SIDE`` rows and columns.
    """
    text = check_text(text, "slider text")
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    header = next((k for k, (_, line) in enumerate(lines) if line.split()[0].lower() == KIND), None)
    if header is not None:  # before the header only comments may stand
        for n, line in lines[:header]:
            if not line.startswith("#"):
                raise PuzzleError(f"line {n}: {line[:40]!r} before the 'slider' line (comments start with '#')")
        lines = lines[header + 1:]
    if not lines:
        raise PuzzleError("expected the rows of the board after the 'slider' line")
    if len(lines) > MAX_SIDE:
        raise PuzzleError(f"line {lines[MAX_SIDE][0]}: the board has {len(lines)} rows, more than the "
                          f"{MAX_SIDE} allowed")
    return dict(grid=grid_rows([Line(n, line) for n, line in lines], "slider text", CHARACTERS))


def write_text(puzzle) -> str:
    """The text format of a board, with the ``S`` and ``T`` marks in place."""
    rows = [list(line) for line in puzzle.grid]
    rows[puzzle.start[0]][puzzle.start[1]] = START
    rows[puzzle.target[0]][puzzle.target[1]] = TARGET
    return KIND + "\n" + "\n".join("".join(row) for row in rows) + "\n"


FORMATS = (Format("text", read_text, write_text, "one line per row: . free, # obstacle, S start, T target"),)
