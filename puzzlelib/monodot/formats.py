"""formats.py: the puzzle's kind and its text format; strings in, plain data out (and back).

Role. ``KIND`` lives here. ``read_text(text) -> dict`` returns the keyword arguments of the
``Puzzle`` constructor (plain data; every grammar error names its line), and ``write_text(puzzle)``
takes the Puzzle duck-typed (this file never imports ``board.py``).

The text format::

    monodot
    dots 1 2 2 1
    ...
    .#.
    ...

The first line names the puzzle; optional flag lines ``diagonal`` (dots are joined across corners
too, numbers up to 8) and ``partial`` (dots may stay off the board) come next; the ``dots`` line
gives each dot's number; then one line per row: ``.`` a free cell, ``#`` a blocked one. Lines
starting with ``#`` before the ``dots`` line are comments; after it, ``#`` is a blocked cell, so
the board's rows take no comments.
"""

from __future__ import annotations

from ..core.codecs import Line, grid_rows
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import check_text

KIND = "monodot"
FREE, BLOCKED = ".", "#"
#: The optional flag lines, by the Puzzle field each sets.
FLAGS = {"diagonal": "diagonal", "partial": "partial"}


def _lines(text) -> list[Line]:
    """The meaningful lines: blank lines skipped; ``#`` lines are comments only before the board."""
    text = check_text(text, f"{KIND} text")
    lines, board = [], False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or (not board and line.startswith("#")):
            continue
        lines.append(Line(n, line))
        board = board or line.split()[0].lower() == "dots"
    return lines


def read_text(text) -> dict:
    """The text format (see the module docstring) as ``dict(dots, grid, diagonal, partial)``."""
    lines = _lines(text)
    if not lines:
        raise PuzzleError(f"{KIND} text: empty (expected a first line {KIND!r}, then the board)")
    if lines[0].text.lower() != KIND:
        raise PuzzleError(f"line {lines[0].number}: expected the first line to name the puzzle ({KIND!r}), "
                          f"found {lines[0].text[:40]!r}")
    flags = dict(diagonal=False, partial=False)
    k = 1
    while k < len(lines) and lines[k].text.lower() in FLAGS:
        flags[FLAGS[lines[k].text.lower()]] = True
        k += 1
    if k >= len(lines) or lines[k].text.split()[0].lower() != "dots":
        found = lines[k].text[:40] if k < len(lines) else "nothing"
        raise PuzzleError(f"line {lines[k].number if k < len(lines) else lines[-1].number}: expected a line "
                          f"'dots n n ...' (after the flags 'diagonal' or 'partial'), found {found!r}")
    dots = _dots(lines[k], 8 if flags["diagonal"] else 4)
    if k + 1 >= len(lines):
        raise PuzzleError(f"line {lines[k].number}: expected the board's rows after the dots line")
    grid = grid_rows(lines[k + 1:], f"{KIND} text", FREE + BLOCKED)
    return dict(dots=dots, grid=grid, **flags)


def _dots(line: Line, most: int) -> list[int]:
    words = line.text.split()[1:]
    if not words:
        raise PuzzleError(f"line {line.number}: the dots line lists no dot")
    for k, word in enumerate(words):
        if not (word.isascii() and word.isdigit() and len(word) <= 2 and 1 <= int(word) <= most):
            raise PuzzleError(f"line {line.number}, dot {k}: {word[:20]!r} is not a number from 1 to {most}"
                              + ("" if most == 8 else " (up to 8 with the flag 'diagonal')"))
    return [int(word) for word in words]


def write_text(puzzle) -> str:
    """The text format of a board (any object with ``dots``, ``grid``, ``diagonal`` and ``partial``)."""
    flags = [name for name in FLAGS if getattr(puzzle, FLAGS[name])]
    return "\n".join([KIND, *flags, "dots " + " ".join(map(str, puzzle.dots)), *puzzle.grid]) + "\n"


FORMATS = (Format("text", read_text, write_text, "flags, the dots' numbers, then the board ('.' free, '#' blocked)"),)
