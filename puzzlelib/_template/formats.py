"""formats.py: the puzzle's kind and its text formats; strings in, plain data out (and back).

Role. ``KIND`` (the folder's name, also the first line of the text format) lives here. Each format
is one reader/writer pair: ``read_<format>(text) -> dict`` returns the keyword arguments of the
``Puzzle`` constructor (plain data, not yet validated), and ``write_<format>(puzzle) -> str`` takes
the Puzzle duck-typed (this file never imports ``board.py``). ``FORMATS`` at the end lists them;
``board.Puzzle`` turns each into ``Puzzle.from_<name>``/``to_<name>`` and ``Puzzle.read(text, name)``.

What several puzzles share comes from :mod:`puzzlelib.core.codecs` (comments, blank lines and the
line naming the puzzle: ``text_lines``; rectangular rows: ``grid_rows``; for a site's format, the
puzz.link header, number16 and borders); keep here only your own grammar. Every error names the
line (and column) at fault.

The template's text format::

    _template
    rows 2 1 1
    cols 1 2 1
    ...
    .1.
    ...

The first line names the puzzle; ``rows`` gives how many 1s each row holds, top to bottom; ``cols``
how many each column holds, left to right; then one line per row of the board: ``.`` an open cell,
``0`` or ``1`` a given cell. Lines starting with ``#`` are comments.
"""

from __future__ import annotations

from ..core.codecs import Line, grid_rows, text_lines
from ..core.errors import PuzzleError
from ..core.interface import Format

KIND = "_template"
#: The characters of a board line: an open cell, then the two given values.
OPEN, CELLS = ".", ".01"


def read_text(text) -> dict:
    """The text format (see the module docstring) as ``dict(rows=..., cols=..., grid=...)``."""
    lines = text_lines(text, KIND)
    if len(lines) < 3:
        raise PuzzleError(f"{KIND} text: expected a line 'rows ...', a line 'cols ...' and the board's rows, "
                          f"found {len(lines)} line{'s' if len(lines) != 1 else ''}")
    rows = _counts(lines[0], "rows")
    cols = _counts(lines[1], "cols")
    grid = grid_rows(lines[2:], f"{KIND} text", CELLS)
    if len(rows) != len(grid):
        raise PuzzleError(f"line {lines[0].number}: {len(rows)} row counts, the board has {len(grid)} rows")
    if len(cols) != len(grid[0]):
        raise PuzzleError(f"line {lines[1].number}: {len(cols)} column counts, the board has "
                          f"{len(grid[0])} columns")
    return dict(rows=rows, cols=cols, grid=[[None if ch == OPEN else int(ch) for ch in row] for row in grid])


def _counts(line: Line, name: str) -> list[int]:
    """A line ``<name> n n n``: the counts, each a whole number, or an error naming the line."""
    words = line.text.split()
    if words[0].lower() != name or len(words) < 2:
        raise PuzzleError(f"line {line.number}: expected '{name}' and a count for each, found {line.text[:40]!r}")
    for k, word in enumerate(words[1:]):
        if not (word.isascii() and word.isdigit()) or len(word) > 3:
            raise PuzzleError(f"line {line.number}, count {k}: {word[:20]!r} is not a whole number")
    return [int(word) for word in words[1:]]


def write_text(puzzle) -> str:
    """The text format of a board (any object with ``rows``, ``cols`` and ``grid``)."""
    board = ["".join(OPEN if v is None else str(v) for v in row) for row in puzzle.grid]
    return "\n".join([KIND, "rows " + " ".join(map(str, puzzle.rows)),
                      "cols " + " ".join(map(str, puzzle.cols)), *board]) + "\n"


FORMATS = (Format("text", read_text, write_text, "the counts, then the board ('.' open, 0/1 given)"),)
