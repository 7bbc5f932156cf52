"""Kakuro boards as text and back: the book format, puzz.link URLs and the corpus's cell lists.

Every reader returns the Puzzle's keyword arguments, ``{"cells": rows}`` with rows of cell strings
in the corpus form (``"."`` a white cell, ``"#"`` a black cell, ``"D\\A"`` a clue cell with down
sum D and across sum A, either side empty); :class:`~puzzlelib.kakuro.board.Puzzle` validates it.
Every writer takes the Puzzle (anything with ``.cells``). This file never imports the board.

The book format has no comment lines (a ``#`` is a black cell), so it reads its own lines rather
than ``codecs.text_lines``; puzz.link's header is the shared one, the cell code is kakuro's own.
"""

from __future__ import annotations

import json
import re

from ..core import codecs
from ..core.codecs import penpa_point, read_puzzlink_header, write_puzzlink_url
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import MAX_SIDE, check_shape, check_text

KIND = "kakuro"
WHITE = "."
BLACK = "#"
#: The largest clue: nine distinct digits add up to at most 45.
MAX_CLUE = 45
_CLUE = re.compile(r"([1-9][0-9]?)?\\([1-9][0-9]?)?")


# --------------------------------------------------------------------------------------------- #
# One cell
# --------------------------------------------------------------------------------------------- #
def parse_cell(token, where: str) -> tuple[str, int | None, int | None]:
    """A cell string as ``(kind, down, across)``: ``("white", None, None)``, ``("black", D, A)``.

    ``"#"`` and ``"\\"`` alone are black cells without clues; ``"16\\"`` has only a down sum,
    ``"\\7"`` only an across sum. Sums are whole numbers from 1 to 45 written without a sign or
    leading zeros, so a text never reads as a different board.
    """
    if not isinstance(token, str):
        raise PuzzleError(f"{where}: expected a cell string ('.', '#' or 'down\\across'), got "
                          f"{type(token).__name__} {token!r}"[:160])
    if token == WHITE:
        return "white", None, None
    if token == BLACK:
        return "black", None, None
    match = _CLUE.fullmatch(token)
    if match is None:
        raise PuzzleError(f"{where}: {token[:20]!r} is not '.', '#' or a clue 'down\\across' "
                          "(for example '16\\', '\\7' or '10\\24')")
    down, across = (None if g is None else int(g) for g in match.groups())
    for name, value in (("down", down), ("across", across)):
        if value is not None and value > MAX_CLUE:
            raise PuzzleError(f"{where}: the {name} sum {value} is above {MAX_CLUE}, the most that nine "
                              "distinct digits add up to")
    return "black", down, across


def cell_text(down: int | None, across: int | None) -> str:
    """The cell string of a black cell with these sums (``"#"`` when it has none)."""
    if down is None and across is None:
        return BLACK
    return f"{'' if down is None else down}\\{'' if across is None else across}"


# --------------------------------------------------------------------------------------------- #
# The book format
# --------------------------------------------------------------------------------------------- #
def read_text(text) -> dict:
    """Read the text format: an optional first line ``kakuro``, then one line per row.

    A row is its cells separated by spaces: ``.`` white, ``#`` black, ``D\\A`` a clue cell::

        kakuro
          #    #  23\\  30\\    #    #
          #  16\\9    .     .    #    #
        ...

    There are no comment lines: a ``#`` at the start of a line is a black cell.
    """
    rows = [(n, line.split()) for n, line in enumerate(check_text(text).splitlines(), 1) if line.strip()]
    if rows and len(rows[0][1]) == 1 and rows[0][1][0].lower() == KIND:
        rows = rows[1:]
    if not rows:
        raise PuzzleError("expected a line per row of the board after the line 'kakuro'")
    check_shape(len(rows), max(len(tokens) for _, tokens in rows), "kakuro text", MAX_SIDE)
    for n, tokens in rows:
        if len(tokens) != len(rows[0][1]):
            raise PuzzleError(f"line {n}: {len(tokens)} cells, but the first row has {len(rows[0][1])}")
        for c, token in enumerate(tokens):
            parse_cell(token, f"line {n}, cell {c + 1}")
    return {"cells": [tokens for _, tokens in rows]}


def write_text(puzzle) -> str:
    """The text format, each column as wide as its widest cell, so the board lines up."""
    return "\n".join([KIND, *text_rows(puzzle.cells)]) + "\n"


def text_rows(cells) -> list[str]:
    """Rows of cell strings as the text format's lines (the digits of an answer too)."""
    widths = [max(len(row[c]) for row in cells) for c in range(len(cells[0]))]
    return [" ".join(cell.rjust(w) for cell, w in zip(row, widths)).rstrip() for row in cells]


# --------------------------------------------------------------------------------------------- #
# The corpus's decoded form, as JSON
# --------------------------------------------------------------------------------------------- #
def read_cells(text) -> dict:
    """Read ``{"cells": [[...], ...]}`` (or the bare list of rows): the corpus's decoded form."""
    text = check_text(text)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise PuzzleError(f"cells: not JSON ({str(exc)[:80]})") from None
    if isinstance(data, dict):
        if set(data) != {"cells"}:
            raise PuzzleError("cells: expected an object with the one key 'cells'")
        data = data["cells"]
    if not isinstance(data, list) or not all(isinstance(row, list) for row in data):
        raise PuzzleError("cells: expected a list of rows, each a list of cell strings")
    return {"cells": data}


def write_cells(puzzle) -> str:
    return json.dumps({"cells": [list(row) for row in puzzle.cells]})


# --------------------------------------------------------------------------------------------- #
# puzz.link (pzprjs) URLs
# --------------------------------------------------------------------------------------------- #
def _decode_value(ch: str, where: str) -> int:
    """pzprjs' number characters: 0-9, a-j = 10-19, A-Z = 20-45; ``0`` and ``-`` mean no clue.

    Current pzprjs writes ``-`` for a missing half-sum (``encval`` of -1); older versions wrote
    ``0``. Both read as no clue; the writer keeps ``0``, which every version reads.
    """
    if ch == "-":
        return 0
    if "0" <= ch <= "9":
        return int(ch)
    if "a" <= ch <= "j":
        return ord(ch) - ord("a") + 10
    if "A" <= ch <= "Z":
        return ord(ch) - ord("A") + 20
    raise PuzzleError(f"{where}: {ch!r} is not a clue character (0-9, a-j, A-Z, or '-' for none)")


def _encode_value(value: int | None) -> str:
    if not value:
        return "0"
    if value < 10:
        return str(value)
    if value < 20:
        return chr(ord("a") + value - 10)
    return chr(ord("A") + value - 20)


def read_puzzlink(url) -> dict:
    """Read a puzz.link ``kakuro`` URL, ``https://puzz.link/p?kakuro/COLS/ROWS/BODY``.

    The encoding is pzprjs' (``src/variety/kakuro.js``). The playing area is ROWS x COLS; the clue
    row above it and the clue column left of it are not cells there, so our board is one row and
    one column larger. BODY lists the playing area in reading order: a black cell is two
    characters, its down sum then its across sum (``0`` or ``-`` none, ``1``-``9``, ``a``-``j`` = 10-19,
    ``A``-``Z`` = 20-45), or ``.`` with no sums; a letter ``k``-``z`` is a run of 1-16 white
    cells. Then come the frame's sums: one character per column whose top cell is white (its
    down sum), then one per row whose leftmost cell is white (its across sum).
    """
    url = read_puzzlink_header(url, (KIND,), max_side=MAX_SIDE - 1)
    cols, rows, body = url.cols, url.rows, url.body
    if body.endswith("/"):
        body = body[:-1]
    area: list[tuple[int, int] | None] = []  # None: white; (down, across): black
    i = 0
    total = rows * cols
    while len(area) < total:
        if i >= len(body):
            raise PuzzleError(f"puzz.link URL: the body ends after {len(area)} of the {total} cells")
        ch = body[i]
        if "k" <= ch <= "z":
            run = ord(ch) - ord("k") + 1
            if len(area) + run > total:
                raise PuzzleError(f"puzz.link URL: character {i + 1} ({ch!r}) runs past the last cell")
            area.extend([None] * run)
            i += 1
        elif ch == ".":
            area.append((0, 0))
            i += 1
        else:
            if i + 1 >= len(body):
                raise PuzzleError(f"puzz.link URL: the clue at character {i + 1} lacks its across sum")
            area.append((_decode_value(ch, f"puzz.link URL, character {i + 1}"),
                         _decode_value(body[i + 1], f"puzz.link URL, character {i + 2}")))
            i += 2
    frame_down = []
    for c in range(cols):
        if area[c] is None:
            if i >= len(body):
                raise PuzzleError(f"puzz.link URL: the body ends before the down sum above column {c + 1}")
            frame_down.append(_decode_value(body[i], f"puzz.link URL, character {i + 1}"))
            i += 1
        else:
            frame_down.append(0)
    frame_across = []
    for r in range(rows):
        if area[r * cols] is None:
            if i >= len(body):
                raise PuzzleError(f"puzz.link URL: the body ends before the across sum left of row {r + 1}")
            frame_across.append(_decode_value(body[i], f"puzz.link URL, character {i + 1}"))
            i += 1
        else:
            frame_across.append(0)
    if i != len(body):
        raise PuzzleError(f"puzz.link URL: unexpected text after the clues at character {i + 1}")
    board = [[BLACK] + [cell_text(d or None, None) for d in frame_down]]
    for r in range(rows):
        row = [cell_text(None, frame_across[r] or None)]
        for cell in area[r * cols:(r + 1) * cols]:
            row.append(WHITE if cell is None else cell_text(cell[0] or None, cell[1] or None))
        board.append(row)
    return {"cells": board}


def write_puzzlink(puzzle) -> str:
    """The puzz.link URL of a board whose first row and first column hold no white cell."""
    cells = puzzle.cells
    sums = [[parse_cell(cell, f"cell ({r}, {c})") for c, cell in enumerate(row)] for r, row in enumerate(cells)]
    rows, cols = len(cells) - 1, len(cells[0]) - 1
    out, count = [], 0
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            kind, down, across = sums[r][c]
            if kind == "white":
                count += 1
                if count == 16:
                    out.append("z")
                    count = 0
                continue
            if count:
                out.append(chr(ord("k") + count - 1))
                count = 0
            out.append("." if down is None and across is None else _encode_value(down) + _encode_value(across))
    if count:
        out.append(chr(ord("k") + count - 1))
    for c in range(1, cols + 1):
        if sums[1][c][0] == "white":
            out.append(_encode_value(sums[0][c][1]))
    for r in range(1, rows + 1):
        if sums[r][1][0] == "white":
            out.append(_encode_value(sums[r][0][2]))
    return write_puzzlink_url(KIND, cols, rows, "".join(out))


# --------------------------------------------------------------------------------------------- #
# penpa-edit links
# --------------------------------------------------------------------------------------------- #
#: penpa's corners of a cell that hold a Kakuro sum: 2 (bottom left) the down sum, 1 (top right) the
#: across sum (penpa-edit's general.js, its puzz.link import of "kakuro").
PENPA_CORNERS = {2: "down", 1: "across"}


def read_penpa(url) -> dict:
    """Read a penpa-edit link of a Kakuro (penpa's "kakuro" grid, or a square one): the whole board,
    clue row and column included; a black cell is one marked with penpa's ``kakuro`` symbol, its down
    sum the small number in its bottom-left corner, its across sum the one in its top-right corner,
    as penpa's own puzz.link import writes them. Any other mark is refused by name."""
    pen = codecs.read_penpa(url)
    pen.claim("Kakuro", ("kakuro",), ("kakuro", "square"))
    black = set()
    for key, entry in pen.part("symbol").items():
        cell = pen.board_cell(key, f"penpa link: symbol at point {str(key)[:12]}")
        name = entry[1] if isinstance(entry, list) and len(entry) > 1 else entry
        if name != "kakuro":
            raise PuzzleError(f"penpa link: a symbol {str(name)[:20]!r} at cell {cell}; a Kakuro marks its black "
                              "cells with penpa's kakuro symbol")
        black.add(cell)
    sums: dict = {}
    for key, entry in pen.part("numberS").items():
        where = f"penpa link: small number at point {str(key)[:12]}"
        cell, corner = pen.corner_cell(key, where)
        text = str(entry[0] if isinstance(entry, list) and entry else entry).strip()
        if corner not in PENPA_CORNERS or cell not in black:
            raise PuzzleError(f"{where}: {text[:8]!r} in cell {cell} is not a sum (a sum stands in the bottom-left "
                              "or top-right corner of a black cell)")
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_CLUE:
            raise PuzzleError(f"{where}: {text[:8]!r} is not a sum from 1 to {MAX_CLUE}")
        sums[cell, PENPA_CORNERS[corner]] = int(text)
    pen.refuse_others({"symbol", "numberS"}, "Kakuro")
    return {"cells": [[cell_text(sums.get(((r, c), "down")), sums.get(((r, c), "across"))) if (r, c) in black
                       else WHITE for c in range(pen.cols)] for r in range(pen.rows)]}


def write_penpa(puzzle) -> str:
    """The penpa-edit link of a board, on penpa's kakuro grid as its puzz.link import draws one."""
    rows, cols, space = len(puzzle.cells), len(puzzle.cells[0]), (0, 0, 0, 0)
    at = lambda cell: penpa_point(space, cols, cell)  # noqa: E731
    points = (cols + 4) * (rows + 4)
    symbols, small = {}, {}
    for r, line in enumerate(puzzle.cells):
        for c, token in enumerate(line):
            kind, down, across = parse_cell(token, f"row {r}, col {c}")
            if kind == "white":
                continue
            symbols[str(at((r, c)))] = [1, "kakuro", 2]
            for value, corner in ((down, 2), (across, 1)):
                if value is not None:
                    small[str(4 * (at((r, c)) + points) + corner)] = [str(value), 4]
    return codecs.write_penpa(rows, cols, space, {"symbol": symbols, "numberS": small}, ["kakuro"], gridtype="kakuro")


FORMATS = (
    Format("text", read_text, write_text, "the book format: a line per row, cells separated by spaces"),
    Format("puzzlink", read_puzzlink, write_puzzlink, "puzz.link kakuro URLs (pzprjs' encoding)"),
    Format("cells", read_cells, write_cells, 'the corpus form as JSON: {"cells": [["#", "16\\\\", ...], ...]}'),
    Format("penpa", read_penpa, write_penpa, "a penpa-edit link (kakuro symbols on black cells, sums in corners)"),
)
