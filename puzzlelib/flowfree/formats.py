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


# -- puzz.link / pzprjs URLs ---------------------------------------------------------------------
#: The pzprjs genres that are Flow Free boards: Numberlink and Arukone.
PUZZLINK_VARIETIES = ("numlin", "arukone")
#: A pzprjs number q (1, 2, ...) is the colour COLOUR_ORDER[q - 1]; pzprjs' own Arukone letters
#: (A = 1, ..., Z = 26, a = 27, ...) follow the same order.
COLOUR_ORDER = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"


def read_puzzlink(url) -> tuple[str, list[str]]:
    """A puzz.link (pzprjs) URL of a Numberlink (``numlin``) or Arukone board: ``(variety, rows)``.

    Format: ``https://puzz.link/p?<variety>/[<flags>/]<cols>/<rows>/<body>`` (also ``pzv.jp``,
    ``p.html?`` and any other host: only the part after ``?`` is read). The body lists the cells
    in reading order, pzprjs' "number16" code:

    * ``0``-``9``, ``a``-``f``: a cell with that hexadecimal number (a dot of colour number n);
    * ``-`` and two hex digits, ``+`` and three: a larger number (up to 62 here: a colour is one
      letter or digit);
    * ``g``-``z``: 1 to 20 empty cells (``g`` = 1, ``h`` = 2, ..., ``z`` = 20);
    * ``.`` (a dot whose number is unknown) has no Flow Free meaning and is refused.

    Colour number n becomes the n-th of ``A``-``Z``, ``a``-``z``, ``0``-``9``. The flag ``e`` of
    Arukone lets pipes leave cells empty, which Flow Free does not: such a URL is refused. Nikoli's
    Numberlink allows empty cells too; read here, the board is solved under Flow Free's rules
    (every cell used), which is what the course's models do.
    """
    url = check_text(url, "puzz.link URL").strip()
    if "?" not in url:
        raise PuzzleError("puzz.link URL: expected '...?numlin/<cols>/<rows>/<body>', found no '?'")
    parts = url.split("?", 1)[1].split("/")
    variety = parts.pop(0)
    if variety not in PUZZLINK_VARIETIES:
        raise PuzzleError(f"puzz.link URL: {variety[:20]!r} is not a Flow Free genre "
                          f"(expected one of {', '.join(PUZZLINK_VARIETIES)})")
    flags = parts.pop(0) if parts and parts[0] and not parts[0].isdigit() else ""
    if parts and parts[0] == "":
        parts.pop(0)
    if "e" in flags and variety == "arukone":
        raise PuzzleError("puzz.link URL: this Arukone lets cells stay empty (flag 'e'); Flow Free fills every cell")
    if len(parts) < 3:
        raise PuzzleError("puzz.link URL: expected <cols>/<rows>/<body> after the genre")
    cols, rows = (_size(parts[0], "columns"), _size(parts[1], "rows"))
    body = "/".join(parts[2:]).rstrip("/")
    numbers = _decode_number16(body, rows * cols)
    grid = ["".join(EMPTY if q is None else _colour(q, i) for i, q in enumerate(numbers[r * cols:(r + 1) * cols], r * cols))
            for r in range(rows)]
    return variety, grid


def write_puzzlink(rows, variety: str = "numlin") -> str:
    """The puzz.link URL of a board given as its row strings (the format of :func:`read_puzzlink`)."""
    if variety not in PUZZLINK_VARIETIES:
        raise PuzzleError(f"variety: expected one of {', '.join(PUZZLINK_VARIETIES)}, got {variety!r:.20}")
    out, empty = [], 0
    for ch in "".join(rows):
        if ch == EMPTY:
            empty += 1
            if empty == 20:
                out.append("z")
                empty = 0
            continue
        if empty:
            out.append("ghijklmnopqrstuvwxyz"[empty - 1])
            empty = 0
        q = COLOUR_ORDER.index(ch) + 1
        out.append(HEX[q] if q < 16 else f"-{q:02x}")
    if empty:
        out.append("ghijklmnopqrstuvwxyz"[empty - 1])
    return f"https://puzz.link/p?{variety}/{len(rows[0])}/{len(rows)}/{''.join(out)}"


def _size(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise PuzzleError(f"puzz.link URL: the number of {what} must be a whole number, got {text[:10]!r}")
    value = int(text)
    if not 1 <= value <= MAX_SIDE:
        raise PuzzleError(f"puzz.link URL: {value} {what}, a board has 1 to {MAX_SIDE}")
    return value


def _decode_number16(body: str, cells: int) -> list:
    """The cells of a number16 body: a number or None (empty) per cell; the body must fill the board."""
    out: list = []
    i = 0
    while i < len(body):
        ch = body[i]
        if len(out) >= cells:
            raise PuzzleError(f"puzz.link URL: the body goes on after the board's {cells} cells (at {body[i:i + 8]!r})")
        if ch in HEX:
            out.append(int(ch, 16))
        elif ch in "-+":
            width = 2 if ch == "-" else 3
            digits = body[i + 1:i + 1 + width]
            if len(digits) != width or any(d not in HEX for d in digits):
                raise PuzzleError(f"puzz.link URL: {ch!r} must be followed by {width} hexadecimal digits, got {digits!r}")
            out.append(int(digits, 16))
            i += width
        elif "g" <= ch <= "z":
            out.extend([None] * (ord(ch) - ord("f")))
        elif ch == ".":
            raise PuzzleError(f"puzz.link URL: cell {len(out)} is a dot with an unknown number ('.'), "
                              "which a Flow Free board cannot have")
        else:
            raise PuzzleError(f"puzz.link URL: {ch!r} at position {i} of the body is not part of the cell code")
        i += 1
    if len(out) != cells:
        raise PuzzleError(f"puzz.link URL: the body describes {len(out)} cells, the board has {cells} (a truncated URL?)")
    return out


def _colour(q: int, index: int) -> str:
    if not 1 <= q <= len(COLOUR_ORDER):
        raise PuzzleError(f"puzz.link URL: cell {index} has the number {q}; colours are numbered 1 to {len(COLOUR_ORDER)}")
    return COLOUR_ORDER[q - 1]
