"""The codecs several puzzles share, each written once: the text-grid reader and pzprjs' URL parts.

A puzzle's ``formats.py`` keeps only its own grammar and calls these for the rest. The pzprjs
facts come from ``src/pzpr/parser.js`` (the URL header) and ``src/variety-common/Encode.js``
(``decodeNumber16``/``encodeNumber16``, ``decodeBorder``/``encodeBorder``); the tests check each
codec against hand-worked strings of those encoders.

Every reader raises one :class:`PuzzleError` naming the line, cell or character at fault, and
checks a size before it builds anything of that size.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import NamedTuple

from .errors import PuzzleError
from .validate import MAX_SIDE, check_shape, check_text

# --------------------------------------------------------------------------------------------- #
# The text-grid reader: comments, blank lines, the line naming the puzzle, rectangular rows
# --------------------------------------------------------------------------------------------- #


class Line(NamedTuple):
    """A meaningful line of a text: its 1-based number in the text and its content (stripped)."""

    number: int
    text: str


def text_lines(text, kind: str, *, header: str = "required", where: str | None = None,
               max_len: int | None = None) -> list[Line]:
    """The meaningful lines of a puzzle text, after the line naming the puzzle.

    Blank lines and lines starting with ``#`` are skipped. ``header`` says whether the first line
    must name the puzzle (``"required"``), may (``"optional"``), or is not expected (``"none"``).
    """
    where = where or f"{kind} text"
    text = check_text(text, where) if max_len is None else check_text(text, where, max_len)
    lines = [Line(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.strip().startswith("#")]
    named = bool(lines) and lines[0].text.split()[0].lower().rstrip(":") == kind
    if named:
        if len(lines[0].text.split()) > 1:
            raise PuzzleError(f"line {lines[0].number}: the line naming the puzzle must hold only {kind!r}")
        return lines[1:]
    if header == "required":
        if not lines:
            raise PuzzleError(f"{where}: empty (expected a first line {kind!r}, then the board)")
        raise PuzzleError(f"line {lines[0].number}: expected the first line to name the puzzle ({kind!r}), "
                          f"found {lines[0].text[:40]!r}")
    return lines


def grid_rows(lines: Sequence[Line], where: str, alphabet: str | None = None, *,
              min_rows: int = 1, max_side: int = MAX_SIDE) -> list[str]:
    """Lines of one character per cell as a rectangular grid of strings.

    ``alphabet`` (if given) is every character a cell may hold; the error names the line and the
    column of the first other one. The grid's size is checked before anything is built.
    """
    if len(lines) < min_rows:
        raise PuzzleError(f"{where}: expected at least {min_rows} row{'s' if min_rows != 1 else ''} of cells, "
                          f"found {len(lines)}")
    check_shape(len(lines), max(len(line.text) for line in lines), where, max_side)
    width = len(lines[0].text)
    rows = []
    for line in lines:
        if len(line.text) != width:
            raise PuzzleError(f"line {line.number}: {len(line.text)} cells, the first row has {width} "
                              "(every row must be as long)")
        if alphabet is not None:
            for col, ch in enumerate(line.text):
                if ch not in alphabet:
                    raise PuzzleError(f"line {line.number}, column {col}: {ch!r} is not a cell "
                                      f"(expected one of {alphabet!r})")
        rows.append(line.text)
    return rows


# --------------------------------------------------------------------------------------------- #
# puzz.link (pzprjs) URLs: the header
# --------------------------------------------------------------------------------------------- #
#: The longest URL any reader takes (a 200x200 board with walls and clues fits well within it).
MAX_URL = 200_000
#: The host and path puzzlelib writes.
PUZZLINK = "https://puzz.link/p?"
#: What may stand before ``?`` (issue 30): nothing, or an address on a host that serves pzprjs
#: (puzz.link, pzv.jp, pzprxs.vercel.app), with or without ``http(s)://``, ``www.`` and a path.
PUZZLINK_PREFIX = re.compile(r"((https?://)?(www\.)?(puzz\.link|pzv\.jp|pzprxs\.vercel\.app)(/[^?\s]*)?)?",
                             re.IGNORECASE)


class PuzzlinkURL(NamedTuple):
    """The parts of ``https://puzz.link/p?<genre>[_edit|_play]/[<flags>/]<cols>/<rows>/<body>``."""

    genre: str
    flags: str
    cols: int
    rows: int
    body: str


class ForeignLink(PuzzleError):
    """A link a reader does not take at all (another site, another genre): ``puzzlelib.read`` then
    tries the other puzzles, and names what the course reads if none takes it."""

    def __init__(self, message: str, expected, genre: str | None = None):
        self.genre, self.expected = genre, tuple(expected)
        super().__init__(message)


class WrongGenre(ForeignLink):
    """A puzz.link URL of another genre than a reader takes."""

    def __init__(self, genre: str, expected):
        super().__init__(f"puzz.link URL: the genre is {genre[:30]!r}, expected {' or '.join(map(repr, expected))}",
                         expected, genre)


#: pzprjs' other names for genres (``src/pzpr/variety.js``: an alias maps to the genre's id).
GENRE_ALIASES = {"numberlink": "numlin"}


def read_puzzlink_header(url, genres: Collection[str], flags: str = "", *, max_side: int = MAX_SIDE,
                         square: bool = False) -> PuzzlinkURL:
    """Split a puzz.link / pzv.jp URL into its parts, checking the genre, the flags and the size.

    Before ``?`` stands nothing or an address of a pzprjs host (``PUZZLINK_PREFIX``; anything else,
    such as ``'not a url?...'``, is refused). As in pzprjs' parser (``src/pzpr/parser.js``), query words
    such as ``type=editor&`` before the genre are skipped, ``_edit``/``_play`` after the genre are
    modes, not genres, a genre's alias names the genre, and a field before the size that is not a
    number holds flag letters. ``flags`` lists the letters this reader understands; any other is
    refused by name.
    """
    url = check_text(url, "puzz.link URL", MAX_URL).strip()
    if "?" not in url:
        example = next(iter(genres), "genre")
        raise PuzzleError(f"puzz.link URL: expected '...?{example}/<cols>/<rows>/<body>', found no '?'")
    prefix, query = url.split("?", 1)
    if not PUZZLINK_PREFIX.fullmatch(prefix):
        raise ForeignLink(f"puzz.link URL: {prefix[:40]!r} before '?' is not an address of puzz.link, pzv.jp or "
                          "pzprxs.vercel.app", genres)
    query = re.sub(r"^(\w+=\w+&)+", "", query)
    parts = query.split("/")
    genre = re.sub(r"_(edit|play)$", "", parts.pop(0))
    genre = GENRE_ALIASES.get(genre, genre)
    if genre not in genres:
        raise WrongGenre(genre, genres)
    found = ""
    if parts and parts[0] and not (parts[0].isascii() and parts[0].isdigit()):
        found = parts.pop(0)
        if found.startswith("v:"):
            raise PuzzleError(f"puzz.link URL: variant {found[:30]!r} is not one this library reads")
        unknown = sorted(set(found) - set(flags))
        if unknown:
            known = f"(known: {', '.join(flags)})" if flags else "(this genre has none)"
            raise PuzzleError(f"puzz.link URL: unknown flag {''.join(unknown)[:30]!r} {known}")
    if len(parts) < 3:
        raise PuzzleError("puzz.link URL: expected <cols>/<rows>/<body> after the genre")
    cols = _url_size(parts[0], "columns", max_side)
    rows = _url_size(parts[1], "rows", max_side)
    if square and rows != cols:
        raise PuzzleError(f"puzz.link URL: a {genre} board is square, not {cols} columns by {rows} rows")
    return PuzzlinkURL(genre, found, cols, rows, "/".join(parts[2:]))


def puzzlink_genre(url: str) -> str | None:
    """The genre a URL names (after ``?``, modes and aliases resolved), or None if it names none."""
    if not isinstance(url, str) or "?" not in url:
        return None
    query = re.sub(r"^(\w+=\w+&)+", "", url.split("?", 1)[1])
    genre = re.sub(r"_(edit|play)$", "", query.split("/")[0])
    return GENRE_ALIASES.get(genre, genre) or None


def write_puzzlink_url(genre: str, cols: int, rows: int, body: str, flags: str = "") -> str:
    """The URL pzprjs reads: ``https://puzz.link/p?genre/[flags/]cols/rows/body``."""
    return f"{PUZZLINK}{genre}/{flags + '/' if flags else ''}{cols}/{rows}/{body}"


def _url_size(word: str, what: str, max_side: int) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        raise PuzzleError(f"puzz.link URL: the number of {what} ({word[:20]!r}) is not a whole number")
    value = int(word)
    if not 1 <= value <= max_side:
        raise PuzzleError(f"puzz.link URL: {value} {what}; a board has 1 to {max_side}")
    return value


# --------------------------------------------------------------------------------------------- #
# number16: one number (or nothing) per cell, in reading order
# --------------------------------------------------------------------------------------------- #
HEX = "0123456789abcdef"
#: pzprjs' ``-2``: a clue whose number is hidden (``.`` in the URL, a question mark on the board).
QUESTION = -2


class Decoded(NamedTuple):
    """What a decoder read: the values, what follows them in the body, and whether they filled all."""

    values: list
    rest: str
    complete: bool


def decode_number16(body: str, count: int, where: str = "puzz.link URL") -> Decoded:
    """pzprjs' ``decodeNumber16``: ``count`` values, each an int, ``QUESTION`` or None (empty).

    ``0-f`` is 0-15; ``-`` and 2 hex digits 16-255; ``+`` and 3 hex digits 256-4095; ``=`` and 3,
    4096 more; ``@`` (or the older ``%``) and 3, 8192 more; ``*`` and 4, 12240 more; ``$`` and 5,
    77776 more; ``.`` a hidden number; ``g``-``z`` skip 1-20 cells (pzprjs' ``readNumber16``). Like
    pzprjs, it stops when the board is full (``rest`` holds the remainder) or the body ends (the
    cells left are empty and ``complete`` is False).
    """
    values: list = []
    i = 0
    wide = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192), "*": (4, 12240),
            "$": (5, 77776)}
    while i < len(body) and len(values) < count:
        ch = body[i]
        if ch in HEX:
            values.append(int(ch, 16))
        elif ch in wide:
            width, base = wide[ch]
            digits = body[i + 1:i + 1 + width]
            if len(digits) != width or any(d not in HEX for d in digits):
                raise PuzzleError(f"{where}: cell {len(values)}: {ch!r} must be followed by {width} "
                                  f"hexadecimal digits, found {digits!r}")
            values.append(base + int(digits, 16))
            i += width
        elif ch == ".":
            values.append(QUESTION)
        elif "g" <= ch <= "z":
            values.extend([None] * (int(ch, 36) - 15))
        else:
            raise PuzzleError(f"{where}: character {i} of the body ({ch!r}) is not a cell code")
        i += 1
    complete = len(values) >= count
    if len(values) > count:
        raise PuzzleError(f"{where}: the last skip letter runs past the {count} cells of the board")
    return Decoded(values + [None] * (count - len(values)), body[i:], complete)


def encode_number16(values: Sequence) -> str:
    """pzprjs' ``encodeNumber16``: the inverse of :func:`decode_number16` (runs of None as letters)."""
    out, empty = [], 0
    for v in values:
        if v is None:
            empty += 1
            if empty == 20:
                out.append("z")
                empty = 0
            continue
        if empty:
            out.append(_skip_letter(empty))
            empty = 0
        out.append(_number16(v))
    if empty:
        out.append(_skip_letter(empty))
    return "".join(out)


def _number16(v: int) -> str:
    if v == QUESTION:
        return "."
    if 0 <= v < 16:
        return format(v, "x")
    if 16 <= v < 256:
        return "-" + format(v, "02x")
    if 256 <= v < 4096:
        return "+" + format(v, "03x")
    if 4096 <= v < 8192:
        return "=" + format(v - 4096, "03x")
    if 8192 <= v < 12240:
        return "@" + format(v - 8192, "03x")  # pzprjs wrote '%' before it kept '%' out of URLs
    if 12240 <= v < 77776:
        return "*" + format(v - 12240, "04x")
    if 77776 <= v < 77776 + 16 ** 5:
        return "$" + format(v - 77776, "05x")
    raise PuzzleError(f"number16: {v} cannot be written (0 to {77776 + 16 ** 5 - 1}, or hidden)")


def _skip_letter(count: int) -> str:
    """The letter that skips ``count`` (1-20) cells: g for 1 ... z for 20."""
    return "ghijklmnopqrstuvwxyz"[count - 1]


# --------------------------------------------------------------------------------------------- #
# Borders between cells, five to a base-32 character (regions: Aquarium, Star Battle, ...)
# --------------------------------------------------------------------------------------------- #
BASE32 = "0123456789abcdefghijklmnopqrstuv"


class Borders(NamedTuple):
    """Walls of a board: ``vertical[r][c]`` between (r, c) and (r, c+1); ``horizontal[r][c]``
    between (r, c) and (r+1, c)."""

    vertical: list[list[int]]
    horizontal: list[list[int]]


def decode_borders(body: str, rows: int, cols: int, where: str = "puzz.link URL") -> tuple[Borders, str]:
    """pzprjs' ``decodeBorder``: the ``(cols-1)*rows`` walls between horizontal neighbours, row by
    row, then the ``cols*(rows-1)`` between vertical neighbours, each group packed five bits to a
    base-32 character, most significant first. Returns the walls and the rest of the body."""
    groups = ((cols - 1) * rows, cols * (rows - 1))
    need = [-(-n // 5) for n in groups]
    head = body[:sum(need)]
    if len(head) < sum(need) or "/" in head:
        found = len(head.split("/")[0])
        raise PuzzleError(f"{where}: the walls of a {rows}x{cols} board need {sum(need)} characters, "
                          f"found {found} (a truncated body?)")
    bits, start = [], 0
    for n, chars in zip(groups, need):
        part = []
        for k, ch in enumerate(head[start:start + chars]):
            if ch not in BASE32:
                raise PuzzleError(f"{where}: wall character {start + k} ({ch!r}) is not base 32 (0-9, a-v)")
            value = BASE32.index(ch)
            part += [(value >> (4 - w)) & 1 for w in range(5)]
        bits.append(part[:n])
        start += chars
    vertical = [bits[0][r * (cols - 1):(r + 1) * (cols - 1)] for r in range(rows)]
    horizontal = [bits[1][r * cols:(r + 1) * cols] for r in range(rows - 1)]
    return Borders(vertical, horizontal), body[sum(need):]


def encode_borders(borders: Borders) -> str:
    """pzprjs' ``encodeBorder``: the inverse of :func:`decode_borders`."""
    return _pack([b for row in borders.vertical for b in row]) + _pack([b for row in borders.horizontal for b in row])


def _pack(bits: list[int]) -> str:
    out = []
    for start in range(0, len(bits), 5):
        chunk = list(bits[start:start + 5]) + [0] * (5 - len(bits[start:start + 5]))
        out.append(BASE32[sum(int(b) << (4 - k) for k, b in enumerate(chunk))])
    return "".join(out)


def regions_from_borders(borders: Borders) -> list[list[int]]:
    """Number the regions the walls cut a board into, 0, 1, ... in reading order of their first
    cell (a flood fill with a stack, no recursion)."""
    vertical, horizontal = borders
    rows, cols = len(vertical), len(vertical[0]) + 1 if vertical else 0
    region = [[-1] * cols for _ in range(rows)]
    count = 0
    for r0 in range(rows):
        for c0 in range(cols):
            if region[r0][c0] >= 0:
                continue
            region[r0][c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                steps = []
                if c + 1 < cols and not vertical[r][c]:
                    steps.append((r, c + 1))
                if c > 0 and not vertical[r][c - 1]:
                    steps.append((r, c - 1))
                if r + 1 < rows and not horizontal[r][c]:
                    steps.append((r + 1, c))
                if r > 0 and not horizontal[r - 1][c]:
                    steps.append((r - 1, c))
                for rr, cc in steps:
                    if region[rr][cc] < 0:
                        region[rr][cc] = count
                        stack.append((rr, cc))
            count += 1
    return region


def borders_from_regions(regions: Sequence[Sequence]) -> Borders:
    """The walls between cells of different regions (any hashable region labels)."""
    rows, cols = len(regions), len(regions[0])
    vertical = [[int(regions[r][c] != regions[r][c + 1]) for c in range(cols - 1)] for r in range(rows)]
    horizontal = [[int(regions[r][c] != regions[r + 1][c]) for c in range(cols)] for r in range(rows - 1)]
    return Borders(vertical, horizontal)


# --------------------------------------------------------------------------------------------- #
# Counts outside the board: a line of column counts, then each row led by its own count
# --------------------------------------------------------------------------------------------- #
class CountedRow(NamedTuple):
    """A row of a board with counts outside: its line number, its count's word, its cells' words."""

    number: int
    count: str
    cells: list[str]


def counted_rows(lines: Sequence[Line], where: str, item: str = "cells") -> tuple[Line, list[CountedRow]]:
    """Split the layout of boards with counts outside (Thermometers, Aquarium)::

          3 1 3        <- the column counts
        4 A a a        <- each row: its count, then a word per cell

    Returns the line of column counts and the rows; every row must hold a count and one ``item``
    per column. The board's size is checked before the rows are split."""
    if len(lines) < 2:
        raise PuzzleError(f"{where}: expected a line of column counts and at least one row")
    head = lines[0]
    check_shape(len(lines) - 1, len(head.text.split()), where)
    ncols = len(head.text.split())
    rows = []
    for line in lines[1:]:
        words = line.text.split()
        if len(words) != ncols + 1:
            raise PuzzleError(f"line {line.number}: expected a count and {ncols} {item}, found {len(words)} items")
        rows.append(CountedRow(line.number, words[0], words[1:]))
    return head, rows


# --------------------------------------------------------------------------------------------- #
# LZ-String's compressToBase64 / decompressFromBase64 (f-puzzles and SudokuPad links)
# --------------------------------------------------------------------------------------------- #
# LZ-String (pieroxy's lz-string, the library f-puzzles calls) is an LZW code written in base 64.
# The bit stream: each base-64 character gives six bits, most significant first; a code of n bits
# is read least significant bit first. Codes: 0 + 8 bits a new character, 1 + 16 bits a new
# character, 2 the end, 3 up an entry of the dictionary; the code width starts at 2 bits and grows
# by one whenever the dictionary reaches the next power of two.
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


class _Bits:
    """The bits of a base-64 text, read as LZ-String reads them."""

    def __init__(self, text: str, where: str):
        self.values, self.where = [], where
        for k, ch in enumerate(text):
            if ch not in BASE64:
                raise PuzzleError(f"{where}: character {k} ({ch[:1]!r}) is not base 64")
            self.values.append(BASE64.index(ch))
        self.index, self.position = 0, 5

    def read(self, n: int) -> int:
        value = 0
        for power in range(n):
            if self.index >= len(self.values):
                raise PuzzleError(f"{self.where}: the data ends before its end mark (cut short?)")
            value |= ((self.values[self.index] >> self.position) & 1) << power
            self.position -= 1
            if self.position < 0:
                self.index, self.position = self.index + 1, 5
        return value


def lz_decompress_base64(text: str, where: str = "compressed data", max_len: int = MAX_URL * 8) -> str:
    """LZ-String's ``decompressFromBase64``: the text a base-64 LZ-String code holds.

    Padding ``=`` is ignored, as are the spaces a ``+`` may have become in a pasted URL. A code cut
    short, a character outside base 64 or a reference to no entry is one PuzzleError; the result
    may be at most ``max_len`` characters.
    """
    text = text.strip().rstrip("=").replace(" ", "+")
    if not text:
        raise PuzzleError(f"{where}: empty")
    bits = _Bits(text, where)
    entries: list[str] = ["", "", ""]
    out: list[str] = []
    width, enlarge, w, total = 2, 1, None, 0
    while True:
        code = bits.read(width)
        if code == 2:
            if w is None:
                raise PuzzleError(f"{where}: holds no text")
            return "".join(out)
        if code in (0, 1):
            entries.append(chr(bits.read(8 if code == 0 else 16)))
            code = len(entries) - 1
            enlarge -= 1
            if enlarge == 0:
                enlarge, width = 1 << width, width + 1
        if code < len(entries) and code >= 3:
            entry = entries[code]
        elif code == len(entries) and w is not None:
            entry = w + w[0]
        else:
            raise PuzzleError(f"{where}: code {code} refers to no entry (corrupted data?)")
        out.append(entry)
        total += len(entry)
        if total > max_len:
            raise PuzzleError(f"{where}: holds more than {max_len} characters")
        if w is not None:
            entries.append(w + entry[0])
            enlarge -= 1
        w = entry
        if enlarge == 0:
            enlarge, width = 1 << width, width + 1


def lz_compress_base64(text: str) -> str:
    """LZ-String's ``compressToBase64`` (the inverse of :func:`lz_decompress_base64`), padded with ``=``."""
    bits: list[int] = []
    entries: dict[str, int] = {}
    fresh: set[str] = set()
    state = {"width": 2, "enlarge": 2, "size": 3}

    def emit(value: int, n: int) -> None:
        for _ in range(n):
            bits.append(value & 1)
            value >>= 1

    def grow() -> None:
        state["enlarge"] -= 1
        if state["enlarge"] == 0:
            state["enlarge"] = 1 << state["width"]
            state["width"] += 1

    def put(w: str) -> None:
        if w in fresh:
            code = ord(w)
            emit(0 if code < 256 else 1, state["width"])
            emit(code, 8 if code < 256 else 16)
            grow()
            fresh.discard(w)
        else:
            emit(entries[w], state["width"])
        grow()

    w = ""
    for c in text:
        if c not in entries:
            entries[c] = state["size"]
            state["size"] += 1
            fresh.add(c)
        if w + c in entries:
            w += c
            continue
        put(w)
        entries[w + c] = state["size"]
        state["size"] += 1
        w = c
    if w:
        put(w)
    emit(2, state["width"])
    bits.extend([0] * (6 - len(bits) % 6))
    chars = [BASE64[int("".join(map(str, bits[k:k + 6])), 2)] for k in range(0, len(bits), 6)]
    return "".join(chars) + "=" * (-len(chars) % 4)
