"""Slider's text format: text <-> plain data (a list of row strings), validated line by line.

This file knows nothing of :class:`~.board.Puzzle`: it returns the rows exactly as written (with
the ``S`` and ``T`` marks), and ``Puzzle`` checks what the rows mean (one start, one target, ...).
"""

from __future__ import annotations

from puzzlelib.core.errors import PuzzleError
from puzzlelib.core.validate import MAX_SIDE, check_text

KIND = "slider"
FREE, OBSTACLE, START, TARGET = ".", "#", "S", "T"
CHARACTERS = FREE + OBSTACLE + START + TARGET


def read_text(text) -> list[str]:
    """The rows of a board in the text format (each a string of ``.``, ``#``, ``S``, ``T``).

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
    width = len(lines[0][1])
    for n, line in lines:
        if len(line) != width:
            raise PuzzleError(f"line {n}: {len(line)} cells, but the first row has {width}")
        bad = next((ch for ch in line if ch not in CHARACTERS), None)
        if bad is not None:
            raise PuzzleError(f"line {n}: unknown character {bad!r} "
                              "(use '.' free, '#' obstacle, 'S' start, 'T' target)")
    return [line for _, line in lines]


def write_text(rows: list[str]) -> str:
    """The text format of a board given as rows with the ``S`` and ``T`` marks in place."""
    return KIND + "\n" + "\n".join(rows) + "\n"
