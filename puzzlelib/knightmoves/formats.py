"""formats.py: the puzzle's kind and its text format; strings in, plain data out (and back).

Role. ``KIND`` lives here; ``read_text(text) -> dict`` returns the keyword arguments of the
``Puzzle`` constructor (the rows exactly as written, with their ``S`` and ``E`` marks; ``Puzzle``
checks what they mean), and ``write_text(puzzle)`` takes the Puzzle duck-typed (this file never
imports ``board.py``). Every error names the line (and column) at fault.

The text format::

    knightmoves
    S...#
    .....
    ..#..
    .....

The first line names the puzzle; then one line per row of the board: ``.`` an open square, ``#`` a
blocked square, ``S`` the start (an open square, exactly one) and ``E`` the end (an open square, at
most one: without it the path may end anywhere). Since ``#`` is a square of the board, comment lines
(starting with ``#``) may stand only before the line naming the puzzle, as in Slider's format.
"""

from __future__ import annotations

from ..core.codecs import Line, grid_rows
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import MAX_SIDE, check_text

KIND = "knightmoves"
#: The characters of a board line: open, blocked, the start and the end.
OPEN, BLOCKED, START, END = ".", "#", "S", "E"
CELLS = OPEN + BLOCKED + START + END


def read_text(text) -> dict:
    """The text format (see the module docstring) as ``dict(grid=rows)``, the marks kept in the rows."""
    text = check_text(text, f"{KIND} text")
    lines = [Line(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    header = next((k for k, line in enumerate(lines) if line.text.split()[0].lower() == KIND), None)
    if header is None:
        if not lines:
            raise PuzzleError(f"{KIND} text: empty (expected a first line {KIND!r}, then the board)")
        first = next((line for line in lines if not line.text.startswith(BLOCKED)), lines[0])
        raise PuzzleError(f"line {first.number}: expected the first line to name the puzzle ({KIND!r}), "
                          f"found {first.text[:40]!r}")
    for line in lines[:header]:
        if not line.text.startswith("#"):
            raise PuzzleError(f"line {line.number}: {line.text[:40]!r} before the {KIND!r} line "
                              "(comments start with '#')")
    if len(lines[header].text.split()) > 1:
        raise PuzzleError(f"line {lines[header].number}: the line naming the puzzle must hold only {KIND!r}")
    rows = lines[header + 1:]
    if not rows:
        raise PuzzleError(f"{KIND} text: expected the rows of the board after the {KIND!r} line")
    if len(rows) > MAX_SIDE:
        raise PuzzleError(f"line {rows[MAX_SIDE].number}: the board has {len(rows)} rows, more than {MAX_SIDE}")
    return dict(grid=grid_rows(rows, f"{KIND} text", CELLS))


def write_text(puzzle) -> str:
    """The text format of a board (any object with ``grid``, ``start`` and ``end``)."""
    rows = [list(line) for line in puzzle.grid]
    rows[puzzle.start[0]][puzzle.start[1]] = START
    if puzzle.end is not None:
        rows[puzzle.end[0]][puzzle.end[1]] = END
    return KIND + "\n" + "\n".join("".join(row) for row in rows) + "\n"


FORMATS = (Format("text", read_text, write_text, "one line per row: . open, # blocked, S start, E end (optional)"),)
