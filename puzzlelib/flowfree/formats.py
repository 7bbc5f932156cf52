"""Flow Free boards as text, and back: plain lists of row strings, validated by ``board.Puzzle``.

Readers here only split and check characters (naming the line at fault); the board rules (two dots
per colour, equal rows, size limits) are checked by :class:`~puzzlelib.flowfree.board.Puzzle`.
"""

from __future__ import annotations

from ..core.errors import PuzzleError
from ..core.validate import MAX_SIDE, check_text

KIND = "flowfree"
EMPTY = "."


def is_colour(ch: str) -> bool:
    """A colour is one ASCII letter or digit (case matters)."""
    return len(ch) == 1 and ch.isascii() and ch.isalnum()


def read_text(text) -> list[str]:
    """The course's text format: the line ``flowfree``, then one line per row.

    Each row has a letter or digit per dot and ``.`` per empty cell; blank lines and lines
    starting with ``#`` are skipped, surrounding spaces are ignored::

        flowfree
        A..B
        ....
        A..B
    """
    text = check_text(text, "flowfree text")
    lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1)
             if ln.strip() and not ln.strip().startswith("#")]
    if lines and lines[0][1].lower() == KIND:
        lines = lines[1:]
    if not lines:
        raise PuzzleError("expected at least one row of the board after the line 'flowfree'")
    if len(lines) > MAX_SIDE:
        raise PuzzleError(f"{len(lines)} rows: a board has at most {MAX_SIDE}")
    width = len(lines[0][1])
    for n, line in lines:
        if len(line) != width:
            raise PuzzleError(f"line {n}: a row of {len(line)} cells, the first row has {width}")
        for ch in line:
            if ch != EMPTY and not is_colour(ch):
                raise PuzzleError(f"line {n}: {ch!r} is neither a colour (a letter or digit) nor '.'")
    return [line for _, line in lines]


def write_text(rows) -> str:
    """The text format of a board given as its row strings."""
    return "\n".join([KIND, *rows]) + "\n"


def read_level(text) -> list[str]:
    """A level file of the open-source Flow solvers (mzucker's flow_solver): a row per line.

    Letters are colours; any other character is an empty cell. Leading and trailing blank lines
    are dropped.
    """
    text = check_text(text, "level file")
    rows = [line.rstrip("\r\n") for line in text.splitlines()]
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    if not rows:
        raise PuzzleError("the level file is empty")
    return ["".join(ch if ch.isascii() and ch.isalpha() else EMPTY for ch in row) for row in rows]
