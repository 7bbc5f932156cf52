"""The codecs several puzzles share, each written once: the text-grid reader and pzprjs' URL parts.

A puzzle's ``formats.py`` keeps only its own grammar and calls these for the rest. The pzprjs
facts come from ``src/pzpr/parser.js`` (the URL header) and ``src/variety-common/Encode.js``
(``decodeNumber16``/``encodeNumber16``, ``decodeBorder``/``encodeBorder``); the tests check each
codec against hand-worked strings of those encoders.

Every reader raises one :class:`PuzzleError` naming the line, cell or character at fault, and
checks a size before it builds anything of that size.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from collections.abc import Collection, Sequence
from functools import partial
from typing import NamedTuple

from .errors import PuzzleError
from .validate import MAX_SIDE, check_int, check_sequence, check_shape, check_text

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
#: The hosts that serve pzprjs (puzz.link, pzv.jp, pzprxs.vercel.app), and PUZ-PRE v3's old page
#: (``indi.s58.xrea.com/pzpr/v3/p.html``, in links on puzzle blogs from before pzv.jp), whose links
#: pzprjs' parser reads as its own: what follows ``?`` is the same. (The older applets' links on that
#: host, ``.../<genre>/sa/q.html?``, are another encoding and are not taken.)
PZPR_HOSTS = r"(puzz\.link|pzv\.jp|pzprxs\.vercel\.app)(/[^?\s]*)?|indi\.s58\.xrea\.com/pzpr/v3/p\.html"
#: What may stand before ``?`` (issue 30): nothing, or an address on a host of ``PZPR_HOSTS``, with
#: or without ``http(s)://`` and ``www.``.
PUZZLINK_PREFIX = re.compile(rf"((https?://)?(www\.)?({PZPR_HOSTS}))?", re.IGNORECASE)


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
    refused by name. A ``#`` at the end (an empty fragment, as some pages leave) is dropped. A ``#``
    with text after it stays: a browser would drop that text and pzprjs read the shorter body as a
    board with fewer clues, so the body's reader refuses it, naming the ``#``.
    """
    url = check_text(url, "puzz.link URL", MAX_URL).strip()
    if "?" not in url:
        example = next(iter(genres), "genre")
        error = PuzzleError if re.match(rf"(https?://)?(www\.)?({PZPR_HOSTS})\b", url, re.I) \
            or "://" not in url else partial(ForeignLink, expected=genres)
        raise error(f"puzz.link URL: expected '...?{example}/<cols>/<rows>/<body>', found no '?'")
    prefix, query = url.split("?", 1)
    query = query.rstrip("#")  # an empty fragment; one with text is refused by the body's reader, naming the '#'
    if not PUZZLINK_PREFIX.fullmatch(prefix):
        raise ForeignLink(f"puzz.link URL: {prefix[:40]!r} before '?' is not an address of puzz.link, pzv.jp, "
                          "pzprxs.vercel.app or PUZ-PRE v3 (indi.s58.xrea.com/pzpr/v3/p.html)", genres)
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


# --------------------------------------------------------------------------------------------- #
# penpa-edit links (swaroopg92.github.io/penpa-edit, and the older opt-pan.github.io/penpa-edit)
# --------------------------------------------------------------------------------------------- #
# Facts from penpa-edit's docs/js (general.js: ``encrypt_data``/``decrypt_data`` and ``load``;
# class_p.js: ``COMPRESS_SUB``, ``maketext``, ``maketext_solve``, ``reset_puzzle``; class_square.js:
# ``create_point``). The link is ``<address>#m=edit&p=<data>`` (or ``?m=solve&p=``, ``&a=`` the
# answer); ``<data>`` is base 64 of a raw deflate stream of a text of lines:
#
#   0  the header, comma separated: grid type ("square", "sudoku", "kakuro", ...), nx, ny (the
#      grid's columns and rows, margins included), cell size, rotation, two reflections, canvas
#      width and height, two centre points, the four Sudoku flags (diagonal \, outside clues,
#      outside clues top/left, diagonal /), "Title: ...", "Author: ...", source, rules, ...
#   1  the margins (penpa's "space"): [top, bottom, left, right] rows/columns of the grid that
#      are outside the board (where outside clues are written)
#   2  the mode (JSON in edit links; grid~mode~submode in solve links)
#   3  pu_q, the problem as JSON: number, numberS, surface, symbol, line, lineE, wall, cage, ...
#      keyed by point index, and thermo, arrows, killercages, ... as lists of point lists
#   4  pu_a, the answer layer (empty in solve links); 5 the board's cells; ...; 17 genre tags
#
# Before deflating, penpa shortens JSON words by COMPRESS_SUB ("number" -> zN, ...; z itself as
# zZ); the reader undoes them in reverse order. A square grid of nx x ny cells has nx0 = nx + 4
# points per row (two unused on each side): the cell in grid row j, column i is point
# (j + 2) * nx0 + (i + 2); corners (vertices), edge midpoints and quarter points follow as
# blocks of nx0 * ny0 points each.
PENPA_HOSTS = re.compile(r"(https?://)?(www\.)?(swaroopg92\.github\.io/penpa-edit|opt-pan\.github\.io/penpa-edit|"
                         r"[\w.-]*logicmastersindia\.com/[\w./-]*penpa[\w.-]*|penpa-edit\.com|[\w.-]+/penpa-edit)"
                         r"/?(index\.html)?", re.IGNORECASE)
#: What penpa writes in place of JSON words (class_p.js ``COMPRESS_SUB``), in penpa's order.
PENPA_SUB = (("z", "zZ"), ('"qa"', "z9"), ('"pu_q"', "zQ"), ('"pu_a"', "zA"), ('"grid"', "zG"),
             ('"edit_mode"', "zM"), ('"surface"', "zS"), ('"line"', "zL"), ('"lineE"', "zE"), ('"wall"', "zW"),
             ('"cage"', "zC"), ('"number"', "zN"), ('"symbol"', "zY"), ('"special"', "zP"), ('"board"', "zB"),
             ('"command_redo"', "zR"), ('"command_undo"', "zU"), ('"command_replay"', "z8"), ('"numberS"', "z1"),
             ('"freeline"', "zF"), ('"freelineE"', "z2"), ('"thermo"', "zT"), ('"arrows"', "z3"),
             ('"direction"', "zD"), ('"squareframe"', "z0"), ('"polygon"', "z5"), ('"deletelineE"', "z4"),
             ('"killercages"', "z6"), ('"nobulbthermo"', "z7"), ('"__a"', "z_"), ("null", "zO"))
#: What each part of penpa's problem layer is, in words (for refusing what a puzzle does not model).
PENPA_PARTS = {"number": "numbers", "numberS": "small numbers", "surface": "shaded cells", "symbol": "symbols",
               "line": "lines between cells", "lineE": "lines on the grid", "wall": "walls", "cage": "cage outlines",
               "freeline": "free lines", "freelineE": "free edge lines", "thermo": "thermometers",
               "nobulbthermo": "thermometers without bulbs", "arrows": "arrows", "direction": "direction lines",
               "squareframe": "square frames", "polygon": "polygons", "deletelineE": "deleted grid lines",
               "killercages": "killer cages"}
#: The undo stacks, which hold no part of the puzzle.
_PENPA_STACKS = ("command_redo", "command_undo", "command_replay")
#: The largest text a penpa link may inflate to (a 200x200 board with every cell numbered fits).
MAX_PENPA_TEXT = 5_000_000
#: The grid types whose points are laid out as squares.
PENPA_SQUARE = ("square", "sudoku", "kakuro")


class Penpa:
    """A penpa-edit link read up to its problem layer: the grid, the board inside the margins,
    the header's flags and ``pu_q``; methods turn point indices into board cells.

    Board cells are ``(row, col)`` from the board's top-left corner (inside the margins); cells of
    the margins have rows or columns outside ``0..rows-1`` / ``0..cols-1``.
    """

    def __init__(self, gridtype: str, nx: int, ny: int, space: tuple, header: list, pu_q: dict,
                 tags: list | None = None):
        self.gridtype, self.nx, self.ny, self.space = gridtype, nx, ny, tuple(space)
        self.header, self.pu_q, self.tags = header, pu_q, list(tags or [])
        self.nx0, self.ny0 = nx + 4, ny + 4
        self.points = self.nx0 * self.ny0
        top, bottom, left, right = self.space
        self.rows, self.cols = ny - top - bottom, nx - left - right

    # -- where points are ------------------------------------------------------------------------
    def cell(self, index, where: str) -> Cell:
        """The board cell of a cell-centre point (margins give rows/cols outside the board)."""
        k = _penpa_index(index, where)
        if not 0 <= k < self.points:
            raise PuzzleError(f"{where}: point {k} is not the centre of a cell")
        j, i = divmod(k, self.nx0)
        return j - 2 - self.space[0], i - 2 - self.space[2]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def board_cell(self, index, where: str) -> Cell:
        """A cell-centre point that must lie on the board (not in the margins)."""
        cell = self.cell(index, where)
        if not self.inside(cell):
            raise PuzzleError(f"{where}: point {index} is outside the {self.rows}x{self.cols} board")
        return cell

    def corner_cell(self, index, where: str) -> tuple[Cell, int]:
        """The cell and corner (0 top left, 1 top right, 2 bottom left, 3 bottom right) of a
        quarter point (where penpa writes small numbers such as killer cage totals)."""
        k = _penpa_index(index, where)
        if not 4 * self.points <= k < 8 * self.points:
            raise PuzzleError(f"{where}: point {k} is not a corner of a cell")
        return self.cell(k // 4 - self.points, where), k % 4

    def edge(self, key: str, where: str) -> tuple[Cell, Cell] | None:
        """The two board cells a grid line ``"v1,v2"`` (two corners) runs between, None for a line
        on the board's frame or in the margins; a diagonal line or a key of other points is refused."""
        parts = key.split(",") if isinstance(key, str) else []
        if len(parts) != 2:
            raise PuzzleError(f"{where}: {str(key)[:20]!r} is not a pair of points")
        a, b = sorted(_penpa_index(p, where) for p in parts)
        if not (self.points <= a < 2 * self.points and self.points <= b < 2 * self.points):
            raise PuzzleError(f"{where}: a line from point {a} to {b} does not run along the grid's lines")
        (ja, ia), (jb, ib) = divmod(a - self.points, self.nx0), divmod(b - self.points, self.nx0)
        if (jb - ja, ib - ia) == (0, 1):  # a horizontal line: below cell (ja, ib), above (ja + 1, ib)
            first, second = (ja, ib), (ja + 1, ib)
        elif (jb - ja, ib - ia) == (1, 0):  # a vertical line: right of (jb, ia), left of (jb, ia + 1)
            first, second = (jb, ia), (jb, ia + 1)
        else:
            raise PuzzleError(f"{where}: a diagonal line (points {a} and {b}), which no rule here has")
        cells = [(j - 2 - self.space[0], i - 2 - self.space[2]) for j, i in (first, second)]
        return (cells[0], cells[1]) if all(self.inside(c) for c in cells) else None

    def claim(self, kind: str, tags=(), grids=("square",)) -> None:
        """Refuse, as another puzzle's link, a link on another grid type or tagged with other genres
        only (penpa's genre tags, line 17): ``puzzlelib.read`` then names the puzzle that reads it."""
        if self.gridtype not in grids:
            raise ForeignLink(f"penpa link: a {self.gridtype!r} grid, not a {kind}", ("penpa-edit links",))
        if self.tags and not set(self.tags) & set(tags):
            raise ForeignLink(f"penpa link: tagged {', '.join(map(str, self.tags))[:60]}, not {kind}",
                              ("penpa-edit links",))

    # -- the parts of the problem ----------------------------------------------------------------
    def part(self, name: str):
        """A part of ``pu_q`` (an empty one if the link has none)."""
        value = self.pu_q.get(name)
        return value if value else ({} if name not in ("thermo", "nobulbthermo", "arrows", "direction",
                                                       "squareframe", "polygon", "killercages") else [])

    def refuse_others(self, used, kind: str) -> None:
        """Refuse by name any non-empty part of the problem that ``kind`` does not read."""
        for name, value in self.pu_q.items():
            if name in _PENPA_STACKS or name in used or not value:
                continue
            what = PENPA_PARTS.get(name, repr(str(name)[:20]))
            raise PuzzleError(f"penpa link: the puzzle has {what}, which a {kind} does not have (this library "
                              "does not model that rule)")

    def borders(self) -> Borders:
        """The walls of the board: every grid line penpa draws (``lineE``) between two board cells."""
        vertical = [[0] * (self.cols - 1) for _ in range(self.rows)]
        horizontal = [[0] * self.cols for _ in range(self.rows - 1)]
        for key, style in self.part("lineE").items():
            if style is None:
                continue
            if style == 98:
                raise PuzzleError(f"penpa link: a cross on the grid line {key[:20]}, which no rule here has")
            pair = self.edge(key, "penpa link: lineE")
            if pair is None:
                continue
            (r1, c1), (r2, c2) = pair
            if r1 == r2:
                vertical[r1][min(c1, c2)] = 1
            else:
                horizontal[min(r1, r2)][c1] = 1
        return Borders(vertical, horizontal)

    def numbers(self) -> dict:
        """The numbers written in cells: ``{(row, col): text}`` (margins included; a number on a
        grid corner or edge, or one of penpa's shapes other than a plain number, is refused)."""
        out = {}
        for key, entry in self.part("number").items():
            where = f"penpa link: number at point {str(key)[:12]}"
            if not isinstance(entry, list) or len(entry) < 3:
                raise PuzzleError(f"{where}: expected [value, style, kind]")
            if str(entry[2]) not in ("1", "10"):
                raise PuzzleError(f"{where}: a number of penpa's kind {str(entry[2])[:4]!r} (an arrow, a tapa "
                                  "clue, small or corner digits), which this reader does not take")
            out[self.cell(key, where)] = str(entry[0]).strip()
        return out

    def outside_counts(self, what: str = "count") -> tuple[list, list]:
        """The counts written outside the board: ``(row counts, column counts)``, each a list of
        texts (None where none is written). A row's count stands left or right of it, a column's
        above or below; a number on the board, in a corner of the margins or twice for one line is
        refused by name."""
        rows: list = [None] * self.rows
        cols: list = [None] * self.cols
        for (r, c), text in self.numbers().items():
            if self.inside((r, c)):
                raise PuzzleError(f"penpa link: a number on the board (cell ({r}, {c}): {text[:8]!r}), which this "
                                  "puzzle does not have")
            if 0 <= r < self.rows and c in (-1, self.cols):
                line, k, name = rows, r, f"row {r}"
            elif 0 <= c < self.cols and r in (-1, self.rows):
                line, k, name = cols, c, f"column {c}"
            else:
                raise PuzzleError(f"penpa link: a number ({text[:8]!r}) outside the board but beside no row or "
                                  f"column (grid cell {r}, {c})")
            if line[k] is not None:
                raise PuzzleError(f"penpa link: {name} has two {what}s ({line[k][:8]!r} and {text[:8]!r})")
            line[k] = text
        return rows, cols

    def cell_lists(self, name: str) -> list[list[Cell]]:
        """A part made of lists of cells (``thermo``, ``arrows``, ``killercages``), each on the board."""
        out = []
        for k, points in enumerate(check_sequence(self.part(name), f"penpa link: {name}", 0, MAX_SIDE ** 2)):
            where = f"penpa link: {PENPA_PARTS.get(name, name)} {k}"
            points = check_sequence(points, where, 1, MAX_SIDE ** 2)
            out.append([self.board_cell(p, where) for p in points])
        return out


Cell = tuple[int, int]


def _penpa_index(value, where: str) -> int:
    text = str(value)
    if not (text.isascii() and text.isdigit()) or len(text) > 9:
        raise PuzzleError(f"{where}: {text[:12]!r} is not a point number")
    return int(text)


def penpa_data(url) -> str:
    """The ``p=`` data of a penpa-edit link (a ForeignLink if the text is not one)."""
    url = check_text(url, "penpa link", MAX_URL).strip()
    match = re.match(r"^([^#?]*)[#?](.*)$", url, re.DOTALL)
    if match is None or not PENPA_HOSTS.fullmatch(match[1]):
        raise ForeignLink("penpa link: expected 'https://swaroopg92.github.io/penpa-edit/#m=solve&p=...' (or "
                          "opt-pan.github.io's)", ("penpa-edit links",))
    params = dict(part.split("=", 1) for part in match[2].split("&") if "=" in part)
    if "p" not in params or not params["p"]:
        raise PuzzleError("penpa link: no 'p=' data after the address")
    return params["p"]


def penpa_inflate(data: str) -> str:
    """The text of penpa's data: base 64 (as pasted: %-escapes and spaces for '+' allowed), raw
    deflate, then penpa's word substitutions undone. A cut or corrupted link is one PuzzleError."""
    from urllib.parse import unquote

    data = unquote(data).strip().replace(" ", "+")
    if not re.fullmatch(r"[A-Za-z0-9+/]*={0,2}", data):
        bad = next((ch for ch in data if ch not in BASE64 + "="), "=")
        inside = " inside it" if bad == "=" else ""
        raise PuzzleError(f"penpa link: the data holds {bad!r}{inside}, which is not base 64 (a corrupted link?)")
    try:
        raw = base64.b64decode(data + "=" * (-len(data) % 4))
    except (ValueError, binascii.Error):
        raise PuzzleError("penpa link: the data is not base 64 (cut short?)") from None
    inflater = zlib.decompressobj(-15)
    try:
        text = inflater.decompress(raw, MAX_PENPA_TEXT)
    except zlib.error:
        raise PuzzleError("penpa link: the data does not inflate (corrupted or cut short?)") from None
    if inflater.unconsumed_tail:
        raise PuzzleError(f"penpa link: the data inflates to more than {MAX_PENPA_TEXT} characters")
    if not inflater.eof:
        raise PuzzleError("penpa link: the data ends before its end mark (cut short?)")
    try:
        text = text.decode("utf-8")
    except UnicodeDecodeError:
        raise PuzzleError("penpa link: the data is not UTF-8 text (corrupted?)") from None
    for word, short in reversed(PENPA_SUB):
        text = text.replace(short, word)
    return text


def read_penpa(url) -> Penpa:
    """Read a penpa-edit link up to its problem layer (see :class:`Penpa`)."""
    lines = penpa_inflate(penpa_data(url)).split("\n")
    header = lines[0].split(",")
    if header[0][:1].isdigit():
        raise PuzzleError("penpa link: a link of penpa's first version (its header starts with a number), which "
                          "this reader does not take; open it in penpa-edit and share it again")
    gridtype = header[0]
    if gridtype not in PENPA_SQUARE:
        raise PuzzleError(f"penpa link: a {gridtype[:20]!r} grid; this library reads square grids")
    if len(header) < 15 or len(lines) < 4:
        raise PuzzleError("penpa link: the header or the problem is missing (cut short?)")
    nx, ny = (_penpa_size(header[k], what) for k, what in ((1, "columns"), (2, "rows")))
    space = check_sequence(_penpa_json(lines[1], "margins"), "penpa link: margins", 4, 4)
    space = [check_int(v, f"penpa link: margin {k}", 0, MAX_SIDE) for k, v in enumerate(space)]
    if space[0] + space[1] >= ny or space[2] + space[3] >= nx:
        raise PuzzleError(f"penpa link: margins {space} leave no board in a {nx}x{ny} grid")
    pu_q = _penpa_json(lines[3], "problem")
    if not isinstance(pu_q, dict):
        raise PuzzleError("penpa link: the problem layer is not an object")
    tags = _penpa_json(lines[17], "genre tags") if len(lines) > 17 and lines[17].startswith("[") else []
    return Penpa(gridtype, nx, ny, space, header, pu_q, tags if isinstance(tags, list) else [])


def _penpa_size(word: str, what: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        raise PuzzleError(f"penpa link: the number of {what} ({word[:12]!r}) is not a whole number")
    value = int(word)
    if not 1 <= value <= MAX_SIDE + 8:
        raise PuzzleError(f"penpa link: {value} {what}; a grid has 1 to {MAX_SIDE + 8}")
    return value


def _penpa_json(text: str, what: str):
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise PuzzleError(f"penpa link: the {what} line is not JSON (corrupted?)") from None


#: The mode line penpa writes in its solve links (grid lines, the answer's tool), as in its own links.
_PENPA_MODE = '["1","2","1"]~"surface"~["",1]'
_PENPA_VERSION = "[3,2,3]"


def write_penpa(rows: int, cols: int, space: Sequence[int], parts: dict, tags: Sequence[str] = (),
                title: str = "", gridtype: str = "square") -> str:
    """A penpa-edit solve link of a square grid: ``rows`` x ``cols`` board cells inside ``space``
    margins (top, bottom, left, right), the problem ``parts`` (``number``, ``lineE``, ``thermo``, ...,
    keyed by point index as :class:`Penpa` reads them), the genre ``tags``. The lines follow
    penpa's ``maketext_solve``."""
    top, bottom, left, right = space
    nx, ny = cols + left + right, rows + top + bottom
    nx0 = nx + 4
    size = 38
    centre = _penpa_centre(nx, ny)
    header = [gridtype, str(nx), str(ny), str(size), "0", "1", "1", str((nx + 1) * size), str((ny + 1) * size),
              str(centre), str(centre), "0", "0", "0", "0", "Title: " + title.replace(",", "%2C"), "Author: ",
              "", "", "OFF", "false"]
    pu_q = {"command_redo": {"__a": []}, "command_undo": {"__a": []}, "command_replay": {"__a": []},
            "surface": {}, "number": {}, "numberS": {}, "symbol": {}, "freeline": {}, "freelineE": {},
            "thermo": [], "arrows": [], "direction": [], "squareframe": [], "polygon": [], "line": {}, "lineE": {},
            "wall": {}, "cage": {}, "deletelineE": {}, "killercages": [], "nobulbthermo": []}
    colours = {key: ({} if isinstance(value, dict) else []) for key, value in pu_q.items()}
    pu_q.update(parts)
    cells = [(j + 2) * nx0 + i + 2 for j in range(top, top + rows) for i in range(left, left + cols)]
    centerlist = [cells[0]] + [b - a for a, b in zip(cells, cells[1:])]
    lines = [",".join(header), json.dumps(list(space)), _PENPA_MODE, _dumps(pu_q), "", _dumps(centerlist), "[]",
             "{}", '"x"', '"x"', _PENPA_VERSION, "{}", '"x"', "0", _dumps(colours), "x", "{}", _dumps(list(tags)),
             "false"]
    text = "\n".join(lines)
    for word, short in PENPA_SUB:
        text = text.replace(word, short)
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = base64.b64encode(deflater.compress(text.encode()) + deflater.flush()).decode()
    return "https://swaroopg92.github.io/penpa-edit/#m=solve&p=" + data


def _penpa_centre(nx: int, ny: int) -> int:
    """The point at the centre of an nx x ny grid (penpa's ``search_center``): a cell centre when
    both sides are odd, a corner when both are even, else the midpoint of an edge."""
    nx0, points = nx + 4, (nx + 4) * (ny + 4)
    x2, y2 = nx + 4, ny + 4  # twice the centre's coordinates, in cells
    if nx % 2 and ny % 2:
        return (y2 - 1) // 2 * nx0 + (x2 - 1) // 2
    if not nx % 2 and not ny % 2:
        return points + (y2 // 2 - 1) * nx0 + x2 // 2 - 1
    if nx % 2:  # the midpoint of a horizontal edge
        return 2 * points + (y2 // 2 - 1) * nx0 + (x2 - 1) // 2
    return 3 * points + (y2 - 1) // 2 * nx0 + x2 // 2 - 1


def _dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"))


def penpa_point(space: Sequence[int], nx: int, cell: Cell) -> int:
    """The point index of board cell ``(row, col)`` in a grid ``nx`` cells wide with margins ``space``."""
    return (cell[0] + space[0] + 2) * (nx + 4) + cell[1] + space[2] + 2


def penpa_corner_key(space: Sequence[int], nx: int, ny: int, a: Cell, b: Cell) -> str:
    """The ``lineE`` key of the grid line between neighbouring board cells ``a`` and ``b``."""
    (r1, c1), (r2, c2) = sorted((a, b))
    nx0, points = nx + 4, (nx + 4) * (ny + 4)
    j, i = r1 + space[0] + 2, c1 + space[2] + 2  # the point-grid cell of the first
    if r1 == r2:  # a vertical line right of (j, i): corners (j - 1, i) and (j, i)
        ends = ((j - 1) * nx0 + i, j * nx0 + i)
    else:  # a horizontal line below (j, i): corners (j, i - 1) and (j, i)
        ends = (j * nx0 + i - 1, j * nx0 + i)
    return f"{points + ends[0]},{points + ends[1]}"


# --------------------------------------------------------------------------------------------- #
# SudokuPad's own links: https://sudokupad.app/scl<data>
# --------------------------------------------------------------------------------------------- #
# Facts from SudokuPad's puzzlezipper.js (PuzzleZipper.zip/unzip) and its importers' encodeSCLPuz:
# ``'scl' + compressPuzzle(zip(json))``, compressPuzzle being LZ-String's compressToBase64. zip
# drops empty arrays, renames keys (SUDOKUPAD_KEYS), writes whole-number strings as numbers,
# unquotes keys, drops empty objects in arrays, writes false/true as f/t, colours #000000 and
# #FFFFFF as #0 and #F and other #rrggbb as rrggbb, and swaps the quotes (" to ', ' to \').
#: PuzzleZipper's ``propMap``: a long key and its short form.
SUDOKUPAD_KEYS = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2",
                  "cells": "ce", "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u", "width": "w",
                  "height": "h", "value": "v", "videos": "vd", "lines": "l", "rounded": "r", "regions": "re",
                  "fontSize": "fs", "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t",
                  "text": "te", "duration": "d"}
_SP_UNZIP = ((re.compile(r"([,{\[])([a-zA-Z0-9]+):"), r'\1"\2":'), (re.compile(r"([,{\[])(?=[,}\]])"), r"\1_"),
             (re.compile(r"{_}"), "{}"), (re.compile(r"([,{\[])_"), r"\1{}"),
             (re.compile(r"(:)f([,}\]])"), r"\1false\2"), (re.compile(r"(:)t([,}\]])"), r"\1true\2"),
             (re.compile(r"(:)#0([,}\]])"), r'\1"#000000"\2'), (re.compile(r"(:)#F([,}\]])"), r'\1"#FFFFFF"\2'),
             (re.compile(r"(:)([0-9a-fA-F]{6})([,}\]])"), r'\1"#\2"\3'))
_SP_ZIP = ((re.compile(r'([,{\[])"([a-zA-Z0-9]+)":'), r"\1\2:"), (re.compile(r"([,{\[]){}(?=[,}\]])"), r"\1"),
           (re.compile(r"(:)false([,}\]])"), r"\1f\2"), (re.compile(r"(:)true([,}\]])"), r"\1t\2"),
           (re.compile(r'(:)"#000000"([,}\]])'), r"\1#0\2"), (re.compile(r'(:)"#FFFFFF"([,}\]])'), r"\1#F\2"),
           (re.compile(r'(:)"#([0-9a-fA-F]{6})"([,}\]])'), r"\1\2\3"))
#: The longest puzzle text a SudokuPad link may decompress to.
MAX_SUDOKUPAD = 2_000_000


def sudokupad_unzip(zipped: str, where: str = "SudokuPad data") -> dict:
    """PuzzleZipper.unzip: the puzzle object of a zipped SudokuPad text (long keys restored)."""
    if '"' not in zipped:
        zipped = zipped.replace("\\'", "\u2019").replace("'", '"').replace("\u2019", "'")
    for pattern, replacement in _SP_UNZIP:
        zipped = pattern.sub(replacement, zipped)
    try:
        data = json.loads(zipped)
    except (ValueError, RecursionError):
        raise PuzzleError(f"{where}: not the zipped JSON of a puzzle (corrupted link?)") from None
    if not isinstance(data, dict):
        raise PuzzleError(f"{where}: expected a puzzle object")
    return _sp_rename(data, {short: long for long, short in SUDOKUPAD_KEYS.items()})


def sudokupad_zip(puzzle: dict) -> str:
    """PuzzleZipper.zip: the zipped text of a puzzle object (the inverse of :func:`sudokupad_unzip`)."""
    data = _sp_ints(_sp_rename(_sp_clear(puzzle), SUDOKUPAD_KEYS))
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    for pattern, replacement in _SP_ZIP:
        text = pattern.sub(replacement, text)
    return text.replace("'", "\\'").replace('"', "'")


def _sp_rename(value, names: dict):
    if isinstance(value, list):
        return [_sp_rename(v, names) for v in value]
    if isinstance(value, dict):
        return {names.get(k, k): _sp_rename(v, names) for k, v in value.items()}
    return value


def _sp_clear(value):
    if isinstance(value, list):
        return [_sp_clear(v) for v in value]
    if isinstance(value, dict):
        return {k: _sp_clear(v) for k, v in value.items() if not (isinstance(v, list) and not v)}
    return value


def _sp_ints(value):
    if isinstance(value, list):
        return [_sp_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _sp_ints(v) for k, v in value.items()}
    if isinstance(value, str) and re.fullmatch(r"-?(0|[1-9][0-9]{0,14})", value):
        return int(value)
    return value
