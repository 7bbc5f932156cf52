"""Flow Free boards as text, and back: ``{"grid": rows}`` (row strings), validated by ``board.Puzzle``.

Readers here only split and check characters (naming the line at fault); the board rules (two dots
per colour, equal rows, size limits) are checked by :class:`~puzzlelib.flowfree.board.Puzzle`.
"""

from __future__ import annotations

import re

from ..core.codecs import (QUESTION, decode_number16, encode_number16, grid_rows, read_puzzlink_header,
                           text_lines, write_puzzlink_url)
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import check_shape, check_text

KIND = "flowfree"
EMPTY = "."
#: The two rules a board can be played under (``Puzzle.rule``): Flow Free fills every cell,
#: Nikoli's Numberlink lets cells stay empty.
FLOWFREE, NUMBERLINK = "flowfree", "numberlink"
RULE_NAMES = (FLOWFREE, NUMBERLINK)
#: The text format's rule line, between the line naming the puzzle and the rows: ``rule: numberlink``.
RULE_LINE = re.compile(r"rule\s*(?::|=|\s)\s*(\S+)", re.IGNORECASE)


def is_colour(ch: str) -> bool:
    """A colour is one ASCII letter or digit (case matters)."""
    return len(ch) == 1 and ch.isascii() and ch.isalnum()


def read_text(text) -> dict:
    """The course's text format: the line ``flowfree``, an optional rule line, then one line per row.

    Each row has a letter or digit per dot and ``.`` per empty cell; blank lines and lines
    starting with ``#`` are skipped, surrounding spaces are ignored. A board under Nikoli's
    Numberlink rule (cells may stay empty) says so on a line ``rule: numberlink`` before its rows
    (``rule: flowfree``, the default, may be written too)::

        flowfree
        rule: numberlink
        A..B
        ....
        A..B
    """
    lines = text_lines(text, KIND, header="optional")
    rule = FLOWFREE
    if lines and _rule_word(lines[0].text) is not None:
        rule = _rule_word(lines[0].text)
        if rule not in RULE_NAMES:
            raise PuzzleError(f"line {lines[0].number}: the rule {rule[:20]!r} is not one of "
                              f"{', '.join(map(repr, RULE_NAMES))}")
        lines = lines[1:]
    for line in lines:
        if _rule_word(line.text) is not None:
            raise PuzzleError(f"line {line.number}: the rule line comes before the rows")
    rows = grid_rows(lines, f"{KIND} text")
    for line in lines:
        for col, ch in enumerate(line.text):
            if ch != EMPTY and not is_colour(ch):
                raise PuzzleError(f"line {line.number}, column {col}: {ch!r} is neither a colour (a letter or digit) nor '.'")
    return {"grid": rows, "rule": rule}


def _rule_word(line: str) -> str | None:
    """The rule a line ``rule: <name>`` names (lower case), or None for any other line."""
    match = RULE_LINE.fullmatch(line.strip())
    return None if match is None else match[1].lower()


def write_text(puzzle) -> str:
    """The text format of a board (its row strings; a rule line under the Numberlink rule)."""
    rule = [] if puzzle.rule == FLOWFREE else [f"rule: {puzzle.rule}"]
    return "\n".join([KIND, *rule, *puzzle.grid]) + "\n"


def read_level(text) -> dict:
    """A level file of the open-source Flow and Numberlink solvers: a row per line, two kinds.

    * mzucker's flow_solver: letters are colours, any other character is an empty cell;
    * with a first line ``W H`` (width, then height: thomasahle's numberlink puzzles, whose files
      hold boards such as ``8 8`` then ``A..AB...``): ``.`` is empty, a letter or digit a colour,
      and the board must be W wide and H high.

    Leading and trailing blank lines are dropped. Neither kind of file names a rule, and both are
    read under Flow Free's (every cell on a pipe): mzucker's files are Flow Free levels, and
    thomasahle's solver, whose format the ``W H`` files are, says in its README that it solves only
    puzzles whose solution uses the whole board. A Nikoli Numberlink in such a file is read and then
    put under its own rule: ``Puzzle.from_level(text).with_rule("numberlink")``; or write it in the
    text format with its line ``rule: numberlink``, or as a ``numlin`` puzz.link URL.
    """
    text = check_text(text, "level file")
    rows = [line.rstrip("\r\n") for line in text.splitlines()]
    while rows and not rows[-1].strip():
        rows.pop()
    while rows and not rows[0].strip():
        rows.pop(0)
    if not rows:
        raise PuzzleError("the level file is empty")
    size = SIZE_LINE.fullmatch(rows[0].strip())
    if size:
        return {"grid": _sized_level(int(size[1]), int(size[2]), rows[1:])}
    return {"grid": ["".join(ch if ch.isascii() and ch.isalpha() else EMPTY for ch in row) for row in rows]}


#: The first line of a numberlink file: its width and height.
SIZE_LINE = re.compile(r"([0-9]{1,4})\s+([0-9]{1,4})")


def _sized_level(width: int, height: int, rows: list[str]) -> list[str]:
    """The rows after a ``W H`` line: exactly H rows of W cells, '.' or a colour each."""
    check_shape(height, width, "level file")
    rows = [row.strip() for row in rows]
    if len(rows) > height and not any(rows[height:height + 1]) and any(rows[height:]):
        raise PuzzleError(f"level file: the line '{width} {height}' starts one board of {height} rows, and more "
                          f"follow at line {height + 3} (read one board at a time)")
    if len(rows) != height:
        raise PuzzleError(f"level file: the first line says {height} rows, found {len(rows)}")
    for r, row in enumerate(rows):
        if len(row) != width:
            raise PuzzleError(f"line {r + 2}: {len(row)} cells, the first line says {width}")
        for c, ch in enumerate(row):
            if ch != EMPTY and not is_colour(ch):
                raise PuzzleError(f"line {r + 2}, column {c}: {ch!r} is neither a colour (a letter or digit) nor '.'")
    return rows


# -- puzz.link / pzprjs URLs ---------------------------------------------------------------------
#: The pzprjs genres that are Flow Free boards: Numberlink and Arukone.
PUZZLINK_VARIETIES = ("numlin", "arukone")
#: A pzprjs number q (1, 2, ...) is the colour COLOUR_ORDER[q - 1]; pzprjs' own Arukone letters
#: (A = 1, ..., Z = 26, a = 27, ...) follow the same order.
COLOUR_ORDER = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _check_pairs(numbers: list, cols: int) -> None:
    """Each number on a puzz.link board twice, or the reason it cannot be read: pzprjs lets a number
    appear four or six times (its lines then pair the copies up however they can), a board of this
    course joins the two dots of each colour, so such a board is refused by name, not misread."""
    where: dict = {}
    for i, q in enumerate(numbers):
        if q is not None:
            where.setdefault(q, []).append((i // cols, i % cols))
    for q, cells in sorted(where.items()):
        if len(cells) == 2:
            continue
        shown = ", ".join(str(c) for c in cells[:4]) + (", ..." if len(cells) > 4 else "")
        if len(cells) % 2:
            times = "once" if len(cells) == 1 else f"{len(cells)} times"
            raise PuzzleError(f"puzz.link URL: number {q} appears {times} ({shown}): a line joins two of one "
                              "number, so one is left without a partner")
        raise PuzzleError(f"puzz.link URL: number {q} appears {len(cells)} times ({shown}). pzprjs allows that "
                          "(the lines pair the copies up), but this course's boards join exactly two dots of "
                          "each colour, so it cannot read this board")


def read_puzzlink(url) -> dict:
    """A puzz.link (pzprjs) URL of a Numberlink (``numlin``) or Arukone board: ``(variety, rows)``.

    Format: ``https://puzz.link/p?<variety>/[<flags>/]<cols>/<rows>/<body>`` (also ``pzv.jp``,
    ``p.html?`` and any other host: only the part after ``?`` is read). The body lists the cells
    in reading order, pzprjs' "number16" code:

    * ``0``-``9``, ``a``-``f``: a cell with that hexadecimal number (a dot of colour number n);
    * ``-`` and two hex digits, ``+`` and three: a larger number (up to 62 here: a colour is one
      letter or digit);
    * ``g``-``z``: 1 to 20 empty cells (``g`` = 1, ``h`` = 2, ..., ``z`` = 20);
    * ``.`` (a dot whose number is unknown) has no Flow Free meaning and is refused.

    As in pzprjs, a body that ends early leaves the cells after it empty.

    Colour number n becomes the n-th of ``A``-``Z``, ``a``-``z``, ``0``-``9``.

    The rule, as pzprjs checks answers (``src/variety/numlin.js``): a ``numlin`` board is Nikoli's
    Numberlink, whose cells may stay empty (pzprjs has no "every cell on a line" check for it), so
    it reads under the Numberlink rule. An ``arukone`` board must have every cell on a line (Flow
    Free's rule) unless its URL carries the flag ``e`` (pzprjs' setting "dontpassallcell"), which
    lets cells stay empty: the Numberlink rule.
    """
    head = read_puzzlink_header(url, PUZZLINK_VARIETIES, flags="e")
    if head.genre == "numlin" and head.flags:
        raise PuzzleError(f"puzz.link URL: numlin has no flags, found {head.flags[:10]!r} (Arukone's 'e' "
                          "is written as arukone/e/...)")
    rule = NUMBERLINK if head.genre == "numlin" or "e" in head.flags else FLOWFREE
    cells = head.rows * head.cols
    numbers, rest, _complete = decode_number16(head.body.rstrip("/"), cells)  # a short body: empty cells after it
    if rest:
        raise PuzzleError(f"puzz.link URL: the body goes on after the board's {cells} cells (at {rest[:8]!r})")
    if QUESTION in numbers:
        raise PuzzleError(f"puzz.link URL: cell {numbers.index(QUESTION)} is a dot with an unknown number ('.'), "
                          "which a Flow Free board cannot have")
    cols = head.cols
    grid = ["".join(EMPTY if q is None else _colour(q, i) for i, q in enumerate(numbers[r * cols:(r + 1) * cols], r * cols))
            for r in range(head.rows)]
    _check_pairs(numbers, cols)
    return {"grid": grid, "rule": rule}


def write_puzzlink(puzzle, variety: str | None = None) -> str:
    """The puzz.link URL of a board (the format of :func:`read_puzzlink`), which reads back to it.

    Without ``variety``, the genre is the one that carries the board's rule: ``numlin`` for the
    Numberlink rule, ``arukone`` for Flow Free's. ``variety="arukone"`` under the Numberlink rule
    writes the flag ``e``; ``variety="numlin"`` under Flow Free's rule is refused, since a
    ``numlin`` board lets cells stay empty and would read back under the other rule. Colour n is
    the number n in either genre; pzprjs' Arukone editor letters the numbers up to 52 (A-Z, a-z),
    and its URL reader takes any number, so the digit colours (53-62) are written as they are.
    """
    if variety is None:
        variety = "numlin" if puzzle.rule == NUMBERLINK else "arukone"
    if variety not in PUZZLINK_VARIETIES:
        raise PuzzleError(f"variety: expected one of {', '.join(PUZZLINK_VARIETIES)}, got {variety!r:.20}")
    if variety == "numlin" and puzzle.rule != NUMBERLINK:
        raise PuzzleError("variety 'numlin': a numlin board lets cells stay empty (Nikoli's rule), this one "
                          "fills every cell; write it as 'arukone', or use puzzle.with_rule('numberlink')")
    rows = puzzle.grid
    numbers = [None if ch == EMPTY else COLOUR_ORDER.index(ch) + 1 for ch in "".join(rows)]
    flags = "e" if variety == "arukone" and puzzle.rule == NUMBERLINK else ""
    return write_puzzlink_url(variety, len(rows[0]), len(rows), encode_number16(numbers), flags)


def _colour(q: int, index: int) -> str:
    if not 1 <= q <= len(COLOUR_ORDER):
        raise PuzzleError(f"puzz.link URL: cell {index} has the number {q}; colours are numbered 1 to {len(COLOUR_ORDER)}")
    return COLOUR_ORDER[q - 1]


FORMATS = (
    Format("text", read_text, write_text, "the course's text format: a letter or digit per dot, '.' per empty cell"),
    Format("level", read_level, None, "a level file of the open-source Flow solvers (read only)"),
    Format("puzzlink", read_puzzlink, write_puzzlink, "a puzz.link (pzprjs) Numberlink or Arukone URL"),
)
