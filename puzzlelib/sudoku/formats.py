"""Sudoku texts <-> plain data: our text format, the one-line grid, puzz.link URLs and the corpus's JSON.

Every reader returns the Puzzle's keyword arguments, ``{"givens": rows of ints (0 = empty),
"thermos": [...], "cages": [(total, cells)], "arrows": [(circle, cells)]}`` (and ``"box"`` when
the JSON gives one), that ``board.Puzzle`` then validates; every writer takes the Puzzle. Nothing
here decides whether the puzzle is legal, only whether the text can be read.

**Text format** (what ``Puzzle.to_text`` writes)::

    sudoku
    53..7....
    6..195...
    ...
    thermo 0,0 0,1 0,2
    cage 15 3,3 3,4
    arrow 4,4 : 4,5 4,6

The first line is the kind (it may be left out). Then one line per row, one character per cell
(a cell symbol, see below, or ``.`` or ``0`` for an empty cell; spaces and the bars ``|`` of a
printed grid are ignored, and lines of only ``-``, ``+`` and ``|`` are box rules, skipped), or the
row's numbers separated by commas (``5,,3,16``: an empty item is an empty cell). The number of
rows is the size (4, 6, 8, 9, 16 or 25). Then any number of constraint lines, each a keyword and
cells as ``row,col`` (0-based, row 0 at the top): ``thermo`` lists a thermometer from bulb to
tip; ``cage`` gives the total and then the cells; ``arrow`` gives the circle, a colon, and the
arrow's cells from the circle outwards. Lines starting with ``#`` are comments. A grid written
on one line (the line format below) is read too.

**Cell symbols.** Up to 9, the digits. Above 9, the convention of Tatham's Solo and of most
16x16 collections: ``1``-``9`` then letters, ``A`` = 10 (16x16: ``1-9A-G``; 25x25: ``1-9A-P``),
either case. Also read: the all-letters convention of the SPOJ/UVa 1309 16x16 problem
(``A``-``P`` = 1-16, ``-`` empty; 25x25: ``A``-``Y``), recognised when no digit 1-9 appears and a
letter beyond the digit convention's last (``G``, ``P``) does; a board of letters that both
conventions could read is refused by name rather than guessed.

**Line format** (the most common exchange format: Norvig's essay "Solving Every Sudoku Puzzle",
the Sudoku Exchange puzzle bank, the "sdk" 81-character line)::

    4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......

The cells in reading order: 16, 36, 64, 81, 256 or 625 of them (so the length gives the size),
``.`` or ``0`` (or ``-``) an empty cell; whitespace, line breaks, ``|`` and rule lines are
ignored as in the text format, and a first line ``sudoku`` may come first. A comma list of
numbers (``5,3,,,7,...``, empty or 0 an empty cell) is read the same way. Givens only.

**puzz.link** (pzprjs' ``sudoku``: ``https://puzz.link/p?sudoku/9/9/<body>``; facts from
``src/variety/sudoku.js`` and ``src/variety-common/Encode.js``): the body lists the cells in
row-major order in number16 (:func:`~puzzlelib.core.codecs.decode_number16`): ``0``-``9`` and
``a``-``f`` a digit in hexadecimal, ``-`` two hex digits (16-25), ``.`` a question mark (read as
empty here), ``g``..``z`` skip 1..20 empty cells. As in pzprjs, a body that ends early leaves the
cells after it empty. Sizes 4, 6, 9, 16 and 25 (pzprjs draws 8x8 with 2x2 boxes, not Sudoku's
2x4). Givens only: thermometers, cages and arrows have no place in this URL.

**f-puzzles** (``https://f-puzzles.com/?load=<data>``, and SudokuPad's ``.../fpuzzles<data>``):
LZ-String's base-64 code of the f-puzzles JSON (givens, killer cages, thermometers, arrows; any
rule this library does not model is refused by name). See :func:`read_fpuzzles`.

**penpa-edit** (``https://swaroopg92.github.io/penpa-edit/#m=solve&p=<data>``, also opt-pan's):
the givens, box lines, thermometers, arrows and killer cages penpa draws; see :func:`read_penpa`.

**SudokuPad** (``https://sudokupad.app/scl<data>``): SudokuPad's zipped puzzle JSON; givens,
killer cages, thermometers and arrows; see :func:`read_sudokupad`.

**JSON** (the corpus's decoded killer form, with optional ``thermos`` and ``arrows``)::

    {"size": 4, "box": [2, 2], "givens": ["1...", ...],
     "cages": [{"sum": 7, "cells": [[0, 0], [1, 0]]}, ...],
     "thermos": [[[0, 0], [0, 1]]], "arrows": [{"circle": [1, 1], "cells": [[1, 2]]}]}
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

from ..core.codecs import (MAX_URL, QUESTION, ForeignLink, borders_from_regions, decode_number16, encode_number16,
                           lz_compress_base64, lz_decompress_base64, penpa_corner_key, penpa_point,
                           read_puzzlink_header, text_lines, write_puzzlink_url)
from ..core import codecs
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import check_int, check_sequence, check_text

KIND = "sudoku"
Cell = tuple[int, int]
MAX_TEXT = 20_000  # a 9x9 with a cage on every cell fits many times over; so does a 25x25 grid
KEYWORDS = ("thermo", "cage", "arrow")
#: Box shape (rows, columns) for every size the library accepts (16x16 and 25x25 are read and
#: solved; the generator's proof of uniqueness stops at 9x9, see ``generators.GENERATE_SIZES``).
BOXES = {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 16: (4, 4), 25: (5, 5)}
#: The board sides a Sudoku may have, by the number of cells (the line format's length gives the size).
SIDE_OF = {n * n: n for n in (4, 6, 8, 9, 16, 25)}
#: The cell symbols, 1 up (Tatham's Solo and most 16x16 collections: 1-9, then A = 10).
SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
#: The all-letters convention (SPOJ/UVa 1309's 16x16: A = 1).
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"
#: What an empty cell may be written as.
BLANKS = ".0-"
#: Characters a grid row may hold that are not cells: spaces and the bars of a printed grid.
IGNORED = " \t|"
#: A line made only of these is a rule between boxes (Norvig's ``------+------+------``).
RULE = set("-+|= \t")


def _cell_text(text: str, where: str) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and p.strip().isascii() for p in parts):
        raise PuzzleError(f"{where}: {text!r} is not a cell written as row,col")
    r, c = (int(p) for p in parts)
    if r > 99 or c > 99:
        raise PuzzleError(f"{where}: {text!r} is far outside any board")
    return r, c


def symbol(value: int) -> str:
    """The character of a cell: ``.`` empty, else 1-9, A = 10, ... (Tatham's Solo)."""
    return SYMBOLS[value - 1] if value else "."


class _Row(list):
    """A row's cells as written (one string each), and where it was written."""

    where = ""


def _split_row(line: str, where: str) -> _Row:
    """A grid row's cells as strings: comma items, or one character each (spaces and bars dropped)."""
    if "," in line:
        row = _Row(item.strip() for item in line.split(","))
    else:
        row = _Row(ch for ch in line if ch not in IGNORED)
    row.where = where
    return row


def _letters_only(rows: list[_Row], n: int) -> bool:
    """Whether a board of side n > 9 is written in the all-letters convention (A = 1), not 1-9, A = 10."""
    items = {item.upper() for row in rows for item in row if len(item) == 1}
    if items & set(SYMBOLS[:9]):
        return False
    if items & (set(LETTERS[:n]) - set(SYMBOLS[:n])):  # H-P on a 16x16: only A = 1 reads them
        return True
    if items & set(SYMBOLS[9:n]):
        raise PuzzleError(f"the {n}x{n} grid holds letters {SYMBOLS[9]}-{SYMBOLS[n - 1]} but no digit, so it could "
                          f"be 1-9, A = 10 (Tatham's Solo) or A-{LETTERS[n - 1]}, A = 1 (SPOJ); write the digits 1-9 "
                          "of the first, or the letters beyond them of the second")
    return False


def _cell_value(item: str, n: int, letters: bool, where: str) -> int:
    """One cell (a symbol, a blank, or a comma item's number) as an int, 0 for empty."""
    if item in ("", ".", "0", "-"):
        return 0
    if item.isascii() and item.isdigit() and len(item) <= 2 and (len(item) == 2 or n <= 9):
        return int(item)
    if len(item) == 1:
        alphabet = LETTERS if letters else SYMBOLS
        if item.upper() in alphabet[:max(n, 9)] and (n > 9 or item.isdigit()):
            return alphabet.index(item.upper()) + 1
    expected = f"1-{n}" if n <= 9 else (f"A-{LETTERS[n - 1]}" if letters else f"1-9, A-{SYMBOLS[n - 1]}")
    raise PuzzleError(f"{where}: {item[:8]!r} is not a cell of a {n}x{n} Sudoku (expected {expected}, "
                      "or '.' or '0' for an empty cell)")


def _grid(rows: list[_Row]) -> list[list[int]]:
    """Rows of written cells as rows of ints, the size read from the number of rows."""
    n = len(rows)
    letters = n > 9 and _letters_only(rows, n)
    return [[_cell_value(item, n, letters, f"{row.where}, col {c}") for c, item in enumerate(row)] for row in rows]


def read_text(text) -> dict:
    """Read the text format (see the module docstring) into the Puzzle's arguments."""
    lines = text_lines(text, KIND, header="optional", max_len=MAX_TEXT)
    rows, thermos, cages, arrows = [], [], [], []
    for n, line in lines:
        word = line.split()[0].lower()
        where = f"line {n}"
        if word not in KEYWORDS:
            if thermos or cages or arrows:
                raise PuzzleError(f"{where}: a row of the grid after the constraints (or an unknown keyword {word!r})")
            if not set(line) <= RULE or "," in line:
                rows.append(_split_row(line, where))
            continue
        rest = line.split()[1:]
        if word == "thermo":
            thermos.append([_cell_text(t, where) for t in rest])
        elif word == "cage":
            if not rest or not rest[0].isdigit() or not rest[0].isascii() or len(rest[0]) > 3:
                raise PuzzleError(f"{where}: a cage starts with its total, a whole number")
            cages.append((int(rest[0]), [_cell_text(t, where) for t in rest[1:]]))
        else:
            if len(rest) < 2 or rest[1] != ":":
                raise PuzzleError(f"{where}: write an arrow as 'arrow r,c : r,c r,c ...' (circle, colon, cells)")
            arrows.append((_cell_text(rest[0], where), [_cell_text(t, where) for t in rest[2:]]))
    if not rows:
        raise PuzzleError("expected one line per row of the grid (a digit or '.' per cell)")
    if len(rows) == 1 and (len(rows[0]) in SIDE_OF or len(rows[0]) > max(SIDE_OF.values())):  # all on one line
        if len(rows[0]) not in SIDE_OF:
            raise PuzzleError(f"{rows[0].where}: {len(rows[0])} cells on one line; a grid on one line has "
                              + ", ".join(f"{k} ({n}x{n})" for k, n in SIDE_OF.items()))
        rows = _cut(rows[0], SIDE_OF[len(rows[0])])
    return {"givens": _grid(rows), "thermos": thermos, "cages": cages, "arrows": arrows}


def _cut(cells: _Row, n: int) -> list[_Row]:
    rows = []
    for r in range(n):
        row = _Row(cells[r * n:(r + 1) * n])
        row.where = f"{cells.where}, cell {r * n}"
        rows.append(row)
    return rows


def _cells_text(cells) -> str:
    return " ".join(f"{r},{c}" for r, c in cells)


def write_text(puzzle) -> str:
    """The text format of a puzzle (the inverse of :func:`read_text`)."""
    out = [KIND]
    out += ["".join(symbol(v) for v in row) for row in puzzle.givens]
    out += [f"thermo {_cells_text(t)}" for t in puzzle.thermos]
    out += [f"cage {total} {_cells_text(cells)}" for total, cells in puzzle.cages]
    out += [f"arrow {circle[0]},{circle[1]} : {_cells_text(cells)}" for circle, cells in puzzle.arrows]
    return "\n".join(out) + "\n"


# -- the one-line grid -------------------------------------------------------------------------------
def read_line(text) -> dict:
    """Read the line format (see the module docstring): every cell in reading order, givens only."""
    lines = text_lines(text, KIND, header="optional", max_len=MAX_TEXT)
    if not lines:
        raise PuzzleError("sudoku line: empty (expected 81 cells such as '4.....8.5.3...')")
    commas = any("," in line.text for line in lines)
    cells = _Row()
    for number, line in lines:
        if commas:
            cells.extend(item.strip() for item in line.split(","))
        elif not set(line) <= RULE:
            cells.extend(ch for ch in line if ch not in IGNORED)
    cells.where = "sudoku line"
    if commas and cells and cells[-1] == "" and len(cells) - 1 in SIDE_OF:
        cells.pop()  # a trailing comma
    if len(cells) not in SIDE_OF:
        sizes = ", ".join(f"{k} ({n}x{n})" for k, n in SIDE_OF.items())
        raise PuzzleError(f"sudoku line: {len(cells)} cells; a grid on one line has {sizes}")
    return {"givens": _grid(_cut(cells, SIDE_OF[len(cells)])), "thermos": [], "cages": [], "arrows": []}


def write_line(puzzle) -> str:
    """The givens on one line, ``.`` for an empty cell (above 9: 1-9, A = 10, ...)."""
    if puzzle.thermos or puzzle.cages or puzzle.arrows:
        raise PuzzleError("the line format holds givens only: this board has thermometers, cages or arrows "
                          "(write it as text)")
    return "".join(symbol(v) for row in puzzle.givens for v in row)


# -- puzz.link -------------------------------------------------------------------------------------
#: The sizes pzprjs draws with Sudoku's boxes (its boxes are sqrt(n) wide, 3 wide on a 6x6).
PUZZLINK_SIZES = (4, 6, 9, 16, 25)


def read_puzzlink(url) -> dict:
    """Read a puzz.link / pzv.jp ``sudoku`` URL (givens only; see the module docstring)."""
    head = read_puzzlink_header(url, (KIND,), square=True)
    n = head.rows
    if n not in PUZZLINK_SIZES:
        raise PuzzleError(f"puzz.link URL: size {n}; this reader takes {', '.join(map(str, PUZZLINK_SIZES))} "
                          "(pzprjs draws other sizes with boxes that are not Sudoku's)")
    cells, rest, _complete = decode_number16(head.body, n * n)  # a short body: the cells after it are empty
    if rest.strip("/"):
        raise PuzzleError(f"puzz.link URL: the body runs past the {n * n} cells of the board (at {rest[:8]!r})")
    cells = [0 if v is None or v == QUESTION else v for v in cells]  # a question mark is read as empty
    return {"givens": [cells[r * n:(r + 1) * n] for r in range(n)], "thermos": [], "cages": [], "arrows": []}


def write_puzzlink(puzzle) -> str:
    """The puzz.link URL of a board with givens only (4x4, 6x6, 9x9, 16x16 or 25x25)."""
    n = len(puzzle.givens)
    if puzzle.thermos or puzzle.cages or puzzle.arrows or n not in PUZZLINK_SIZES:
        raise PuzzleError("a puzz.link 'sudoku' URL holds the givens of a 4x4, 6x6, 9x9, 16x16 or 25x25 only")
    return write_puzzlink_url(KIND, n, n, encode_number16([v or None for row in puzzle.givens for v in row]))


# -- JSON (the corpus's decoded form) ---------------------------------------------------------------
def _json_cells(value, where: str) -> list[tuple[int, int]]:
    cells = []
    for k, cell in enumerate(check_sequence(value, where, 0, 100)):
        pair = check_sequence(cell, f"{where}, cell {k}", 2, 2)
        cells.append((check_int(pair[0], f"{where}, cell {k}: row", 0, 99),
                      check_int(pair[1], f"{where}, cell {k}: column", 0, 99)))
    return cells


def read_json(text) -> dict:
    """Read the JSON form (see the module docstring): the corpus's killer records' ``decoded``."""
    text = check_text(text, "sudoku JSON", MAX_TEXT)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise PuzzleError(f"sudoku JSON: not valid JSON ({str(exc)[:60]})") from None
    if not isinstance(data, dict):
        raise PuzzleError("sudoku JSON: expected an object with 'givens' (and 'cages', 'thermos', 'arrows')")
    unknown = sorted(set(data) - {"size", "box", "givens", "cages", "thermos", "arrows"})
    if unknown:
        raise PuzzleError(f"sudoku JSON: unknown key {unknown[0][:20]!r}")
    if "givens" not in data:
        raise PuzzleError("sudoku JSON: 'givens' is missing")
    rows = []
    for r, row in enumerate(check_sequence(data["givens"], "sudoku JSON: givens", 1, 25)):
        if not isinstance(row, str):
            raise PuzzleError(f"sudoku JSON: givens row {r} must be a string such as '1..4'")
        rows.append(_split_row(row, f"givens row {r}"))
    givens = _grid(rows)
    n = len(givens)
    if "size" in data and check_int(data["size"], "sudoku JSON: size") != n:
        raise PuzzleError(f"sudoku JSON: size is {data['size']}, but the givens have {n} rows")
    cages = []
    for k, cage in enumerate(check_sequence(data.get("cages", []), "sudoku JSON: cages", 0, 100)):
        if not isinstance(cage, dict) or set(cage) != {"sum", "cells"}:
            raise PuzzleError(f"sudoku JSON: cage {k} must be an object with 'sum' and 'cells'")
        cages.append((check_int(cage["sum"], f"cage {k}: sum", 0, 999), _json_cells(cage["cells"], f"cage {k}")))
    thermos = [_json_cells(t, f"thermo {k}")
               for k, t in enumerate(check_sequence(data.get("thermos", []), "sudoku JSON: thermos", 0, 100))]
    arrows = []
    for k, arrow in enumerate(check_sequence(data.get("arrows", []), "sudoku JSON: arrows", 0, 100)):
        if not isinstance(arrow, dict) or set(arrow) != {"circle", "cells"}:
            raise PuzzleError(f"sudoku JSON: arrow {k} must be an object with 'circle' and 'cells'")
        circle = _json_cells([arrow["circle"]], f"arrow {k}: circle")[0]
        arrows.append((circle, _json_cells(arrow["cells"], f"arrow {k}")))
    data_out = {"givens": givens, "thermos": thermos, "cages": cages, "arrows": arrows}
    if "box" in data:
        data_out["box"] = tuple(_json_cells([data["box"]], "sudoku JSON: box")[0])
    return data_out


def write_json(puzzle) -> str:
    """The JSON form of a puzzle (keys in a fixed order)."""
    out = {"size": len(puzzle.givens), "box": list(puzzle.box),
           "givens": ["".join(symbol(v) for v in row) for row in puzzle.givens],
           "cages": [{"sum": total, "cells": [list(c) for c in cells]} for total, cells in puzzle.cages]}
    if puzzle.thermos:
        out["thermos"] = [[list(c) for c in t] for t in puzzle.thermos]
    if puzzle.arrows:
        out["arrows"] = [{"circle": list(circle), "cells": [list(c) for c in cells]} for circle, cells in puzzle.arrows]
    return json.dumps(out)


# -- f-puzzles (and SudokuPad's links to f-puzzles data) ---------------------------------------------
#: What an f-puzzles link is read from: ``?load=<data>`` (f-puzzles.com) or ``fpuzzles<data>``
#: (SudokuPad: ``https://sudokupad.app/fpuzzles<data>``, also ``?puzzle=fpuzzles<data>``).
FPUZZLES = "https://f-puzzles.com/?load="
_FPUZZLES_DATA = re.compile(r"(?:[?&]load=|fpuzzles)([A-Za-z0-9+/=%\- ]+)")
_RC = re.compile(r"[Rr]([0-9]{1,2})[Cc]([0-9]{1,2})")
#: Keys that describe the puzzle without adding rules, or rules this library models.
_FP_KNOWN = {"size", "grid", "title", "author", "ruleset", "solution", "killercage", "thermometer", "arrow",
             "activeConstraints", "disabledlogic", "truecandidatesoptions", "highlightConflicts"}
MAX_FPUZZLES = 500_000


def _fp_cell(word, n: int, where: str) -> Cell:
    match = _RC.fullmatch(word) if isinstance(word, str) else None
    if match is None:
        raise PuzzleError(f"{where}: {str(word)[:12]!r} is not a cell written R<row>C<column>")
    r, c = int(match[1]) - 1, int(match[2]) - 1
    if not (0 <= r < n and 0 <= c < n):
        raise PuzzleError(f"{where}: {word} is outside the {n}x{n} grid")
    return r, c


def _fp_list(data: dict, key: str) -> list:
    return check_sequence(data.get(key, []), f"f-puzzles: {key}", 0, 1000)


def read_fpuzzles(url) -> dict:
    """Read an f-puzzles link (or a SudokuPad link to f-puzzles data) of a Sudoku: givens, killer
    cages, thermometers and arrows.

    The data after ``load=`` is LZ-String's ``compressToBase64`` of a JSON object (facts from the
    f-puzzles JSON as SudokuPad's and other importers read it): ``size``; ``grid``, rows of cells,
    ``{"value": v, "given": true}`` a given (a value without ``given`` is a solver's entry, not
    read); ``killercage`` ``{"cells": ["R1C1", ...], "value": "15"}``; ``thermometer``
    ``{"lines": [[bulb, ..., tip], ...]}``, each line a thermometer; ``arrow`` ``{"cells": [circle],
    "lines": [[circle, cell, ...], ...]}``, each line an arrow from the circle. Cells are ``R<row>C<col>``,
    1-based. A rule this library does not model (diagonals, kropki dots, irregular regions, a cage
    without a total, a two-cell circle, ...) is refused by name rather than dropped.
    """
    url = check_text(url, "f-puzzles link", MAX_URL).strip()
    match = _FPUZZLES_DATA.search(url)
    if match is None:
        raise ForeignLink("f-puzzles link: expected '...f-puzzles.com/?load=<data>' or a SudokuPad "
                          "'.../fpuzzles<data>' link", ("f-puzzles links",))
    data_text = lz_decompress_base64(unquote(match[1]), "f-puzzles data", MAX_FPUZZLES)
    try:
        data = json.loads(data_text)
    except (ValueError, RecursionError):
        raise PuzzleError("f-puzzles data: not the JSON of a puzzle (corrupted link?)") from None
    if not isinstance(data, dict) or "grid" not in data or "size" not in data:
        raise PuzzleError("f-puzzles data: expected an object with 'size' and 'grid'")
    for key, value in data.items():
        if key not in _FP_KNOWN and value not in (None, False, [], {}, ""):
            raise PuzzleError(f"f-puzzles: the puzzle has {str(key)[:30]!r}, a rule this library does not model")
    n = check_int(data["size"], "f-puzzles: size", 1, 25)
    rows = check_sequence(data["grid"], "f-puzzles: grid", n, n)
    givens = []
    for r, row in enumerate(rows):
        cells = check_sequence(row, f"f-puzzles: grid row {r + 1}", n, n)
        givens.append([])
        for c, cell in enumerate(cells):
            if not isinstance(cell, dict):
                raise PuzzleError(f"f-puzzles: cell R{r + 1}C{c + 1} is not an object")
            if "region" in cell:
                raise PuzzleError(f"f-puzzles: cell R{r + 1}C{c + 1} names a region: irregular regions are not "
                                  "a Sudoku this library models")
            given = cell.get("given") is True and cell.get("value") is not None
            givens[-1].append(check_int(cell["value"], f"f-puzzles: cell R{r + 1}C{c + 1}", 1, n) if given else 0)
    cages = []
    for k, cage in enumerate(_fp_list(data, "killercage")):
        if not isinstance(cage, dict) or not str(cage.get("value", "")).isdigit():
            raise PuzzleError(f"f-puzzles: killer cage {k} has no total (a cage without one is not modelled)")
        cells = [_fp_cell(w, n, f"f-puzzles: killer cage {k}") for w in _fp_list(cage, "cells")]
        cages.append((int(str(cage["value"])[:4]), cells))
    thermos = []
    for k, thermo in enumerate(_fp_list(data, "thermometer")):
        lines = _fp_list(thermo, "lines") if isinstance(thermo, dict) else None
        if not lines:
            raise PuzzleError(f"f-puzzles: thermometer {k} has no lines")
        for line in lines:
            thermos.append([_fp_cell(w, n, f"f-puzzles: thermometer {k}")
                            for w in check_sequence(line, f"f-puzzles: thermometer {k}", 0, 100)])
    arrows = []
    for k, arrow in enumerate(_fp_list(data, "arrow")):
        circle = [_fp_cell(w, n, f"f-puzzles: arrow {k}") for w in _fp_list(arrow, "cells")] \
            if isinstance(arrow, dict) else []
        if len(circle) != 1:
            raise PuzzleError(f"f-puzzles: arrow {k} has a circle of {len(circle)} cells; this library models "
                              "one-cell circles")
        for line in _fp_list(arrow, "lines"):
            cells = [_fp_cell(w, n, f"f-puzzles: arrow {k}") for w in check_sequence(line, f"f-puzzles: arrow {k}", 0, 100)]
            arrows.append((circle[0], [cell for cell in cells if cell != circle[0]]))
    return {"givens": givens, "thermos": thermos, "cages": cages, "arrows": arrows}


def _rc(cell) -> str:
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def write_fpuzzles(puzzle) -> str:
    """The f-puzzles link of a board (the inverse of :func:`read_fpuzzles`; f-puzzles draws up to 16x16)."""
    n = len(puzzle.givens)
    if n > 16:
        raise PuzzleError(f"f-puzzles draws grids up to 16x16, not {n}x{n}")
    data = {"size": n, "grid": [[{"value": v, "given": True} if v else {} for v in row] for row in puzzle.givens]}
    if puzzle.cages:
        data["killercage"] = [{"cells": [_rc(c) for c in cells], "value": str(total)} for total, cells in puzzle.cages]
    if puzzle.thermos:
        data["thermometer"] = [{"lines": [[_rc(c) for c in t]]} for t in puzzle.thermos]
    if puzzle.arrows:
        data["arrow"] = [{"cells": [_rc(circle)], "lines": [[_rc(circle)] + [_rc(c) for c in cells]]}
                         for circle, cells in puzzle.arrows]
    return FPUZZLES + lz_compress_base64(json.dumps(data, separators=(",", ":")))


# -- penpa-edit links --------------------------------------------------------------------------------
def _boxes(n: int) -> list[list[int]]:
    """Each cell's box number (0, 1, ... in reading order) on an n x n board."""
    br, bc = BOXES[n]
    return [[(r // br) * (n // bc) + c // bc for c in range(n)] for r in range(n)]


#: penpa's genre tags of its Sudoku group (docs/js/genre_tags.js), and those this reader reads.
PENPA_SUDOKU_TAGS = ("classic", "latin", "irregular", "alphabet", "arrow", "thermo", "tightfit", "evenodd",
                     "consecutivepairs", "killer", "isodoku", "consecutive", "nonconsecutive", "sudokurve", "tile",
                     "battleship", "deficit", "surplus", "outside")
PENPA_TAGS_READ = ("classic", "arrow", "thermo", "killer")


def read_penpa(url) -> dict:
    """Read a penpa-edit link of a Sudoku: givens, thermometers, arrows and killer cages.

    What penpa draws (facts from penpa-edit's class_p.js and general.js, see
    :mod:`puzzlelib.core.codecs`): the givens are plain numbers in the board's cells; ``thermo`` lists
    thermometers bulb first; ``arrows`` lists arrows circle first; ``killercages`` lists cages as cells,
    each total a small number in a corner of one of its cells (``numberS``, where penpa's killer tool
    and its Killer Sudoku export put it); the boxes are thick grid lines (``lineE``), which must be
    the standard boxes or absent. Anything else (diagonals, outside clues, shading, symbols such as
    kropki dots, other lines, a cage without a total) is refused by name rather than dropped.
    """
    pen = codecs.read_penpa(url)
    pen.claim("Sudoku", PENPA_SUDOKU_TAGS, ("square", "sudoku"))
    other = sorted(set(pen.tags) - set(PENPA_TAGS_READ))
    if other:
        raise PuzzleError(f"penpa link: tagged {other[0][:30]!r}, a Sudoku variant this library does not model")
    n = pen.rows
    if pen.rows != pen.cols or n not in SIDE_OF.values():
        raise PuzzleError(f"penpa link: a {pen.rows}x{pen.cols} board; a Sudoku is 4x4, 6x6, 8x8, 9x9, 16x16 or 25x25")
    if pen.header[11] == "1" or pen.header[14] == "1":
        raise PuzzleError("penpa link: the puzzle has diagonals (a Sudoku X), which this library does not model")
    givens = [[0] * n for _ in range(n)]
    for cell, text in pen.numbers().items():
        if not pen.inside(cell):
            raise PuzzleError(f"penpa link: a clue outside the grid ({text[:8]!r} beside cell {cell}): outside clues "
                              "are not a Sudoku this library models")
        givens[cell[0]][cell[1]] = check_int(int(text) if text.isascii() and text.isdigit() and len(text) < 3 else text,
                                             f"penpa link: the given in cell {cell}", 1, n)
    walls = pen.borders()
    if any(map(any, walls.vertical + walls.horizontal)) and walls != borders_from_regions(_boxes(n)):
        raise PuzzleError("penpa link: the thick grid lines are not the standard boxes (irregular regions are not a "
                          "Sudoku this library models)")
    cages = _penpa_cages(pen)
    if pen.part("cage") and not cages:
        raise PuzzleError("penpa link: cage outlines without killer cages (draw cages with penpa's killer cage tool)")
    arrows = [(cells[0], [c for c in cells[1:] if c != cells[0]]) for cells in pen.cell_lists("arrows")]
    pen.refuse_others({"number", "numberS", "thermo", "arrows", "killercages", "cage", "lineE"}, "Sudoku")
    return {"givens": givens, "thermos": pen.cell_lists("thermo"), "cages": cages, "arrows": arrows}


def _penpa_cages(pen) -> list:
    """Killer cages with their totals (each total a small number in a corner of one of its cells)."""
    cages = pen.cell_lists("killercages")
    owner = {cell: k for k, cells in enumerate(cages) for cell in cells}
    totals: dict[int, int] = {}
    for key, entry in pen.part("numberS").items():
        where = f"penpa link: small number at point {str(key)[:12]}"
        cell, _corner = pen.corner_cell(key, where)
        text = str(entry[0] if isinstance(entry, list) and entry else entry).strip()
        if cell not in owner:
            raise PuzzleError(f"{where}: {text[:8]!r} in cell {cell} is in no killer cage (small clues are not a "
                              "rule this library models)")
        if not (text.isascii() and text.isdigit() and len(text) <= 3):
            raise PuzzleError(f"{where}: the cage total {text[:8]!r} is not a whole number")
        if owner[cell] in totals:
            raise PuzzleError(f"{where}: killer cage {owner[cell]} has two totals")
        totals[owner[cell]] = int(text)
    for k, cells in enumerate(cages):
        if k not in totals:
            raise PuzzleError(f"penpa link: killer cage {k} (from cell {min(cells)}) has no total (a cage without one "
                              "is not modelled)")
    return [(totals[k], cells) for k, cells in enumerate(cages)]


def write_penpa(puzzle) -> str:
    """The penpa-edit link of a board (givens, box lines, thermometers, arrows, killer cages with
    their totals and outlines), read back by :func:`read_penpa`."""
    n, space = len(puzzle.givens), (0, 0, 0, 0)
    at = lambda cell: penpa_point(space, n, cell)  # noqa: E731
    boxes = _boxes(n)
    walls = {penpa_corner_key(space, n, n, (r, c), (r + dr, c + dc)): 2 for r in range(n) for c in range(n)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n and boxes[r][c] != boxes[r + dr][c + dc]}
    points = (n + 4) * (n + 4)
    parts = {"number": {str(at((r, c))): [str(v), 1, "1"] for r, row in enumerate(puzzle.givens)
                        for c, v in enumerate(row) if v},
             "lineE": walls, "thermo": [[at(c) for c in t] for t in puzzle.thermos],
             "arrows": [[at(circle)] + [at(c) for c in cells] for circle, cells in puzzle.arrows],
             "killercages": [sorted(at(c) for c in cells) for _, cells in puzzle.cages],
             "numberS": {str(4 * (min(at(c) for c in cells) + points)): [str(total), 1]
                         for total, cells in puzzle.cages},
             "cage": _cage_outlines([[at(c) for c in cells] for _, cells in puzzle.cages], n, points)}
    return codecs.write_penpa(n, n, space, parts, ["classic"])


def _cage_outlines(cages, n: int, points: int) -> dict:
    """penpa's dashed cage lines: along each side of a cage cell with no cage cell beyond it, between
    the cell's quarter points (continued into the next cell along the same side)."""
    nx0, out = n + 4, {}
    for cells in cages:
        inside = set(cells)
        for k in cells:
            q = 4 * (k + points)  # the quarter points: q top left, q+1 top right, q+2 bottom left, q+3 bottom right
            for beyond, a, b, step, across in ((k - nx0, 0, 1, 1, 0), (k + nx0, 2, 3, 1, 0),
                                               (k - 1, 0, 2, nx0, 1), (k + 1, 1, 3, nx0, 1)):
                if beyond in inside:
                    continue
                out[f"{q + a},{q + b}"] = 10
                nxt = k + step
                if nxt in inside and nxt + (beyond - k) not in inside:
                    out[f"{q + b},{4 * (nxt + points) + a}"] = 10
    return out


# -- SudokuPad's own links --------------------------------------------------------------------------
#: A SudokuPad link and its data: ``sudokupad.app/scl<data>`` (also ``?puzzleid=scl<data>``,
#: ``/sudoku/scl<data>``, app.crackingthecryptic.com), or the bare ``scl<data>``.
_SUDOKUPAD = re.compile(r"^(?:(?:https?://)?(?:[\w-]+\.)?(?:sudokupad\.app|crackingthecryptic\.com)"
                        r"(?:/sudoku(?:\.html)?)?"
                        r"/?(?:\?puzzleid=)?)?(?P<id>[A-Za-z0-9+/=%\- ]+)$")
SUDOKUPAD = "https://sudokupad.app/scl"
#: The puzzle object's keys this reader knows; any other one that holds something is refused by name.
_SP_KNOWN = {"id", "metadata", "cells", "regions", "cages", "lines", "arrows", "overlays", "underlays", "cellSize",
             "settings", "title", "author", "rules"}


def read_sudokupad(url) -> dict:
    """Read a SudokuPad link of a Sudoku: givens, killer cages, thermometers and arrows.

    The data after ``scl`` is LZ-String's base-64 code of the puzzle zipped by SudokuPad's
    PuzzleZipper (unzipped by :func:`puzzlelib.core.codecs.sudokupad_unzip`). The puzzle object
    (facts from SudokuPad's puzzle format as its f-puzzles converter writes it): ``cells``, rows of
    cells, ``{"value": v}`` a given; ``regions``, lists of ``[row, col]`` (the standard boxes, or
    refused as irregular); ``cages``, ``{"cells": [...], "value": total}`` a killer cage (a cage of
    only a ``"name: text"`` value is metadata); ``lines``, ``{"wayPoints": [[y, x], ...]}`` in cell
    units (a cell's centre is ``[row + 0.5, col + 0.5]``), a thermometer when a round under- or
    overlay sits on exactly one end (its bulb); ``arrows``, ``{"wayPoints": ...}`` from a round
    overlay (the circle) outwards. A line without a bulb, an arrow without a circle, any other
    overlay (dots, text), fog, a cage without a total, diagonals are refused by name.
    """
    text = check_text(url, "SudokuPad link", MAX_URL).strip()
    match = _SUDOKUPAD.match(text)
    ident = match["id"] if match else ""
    if not ident.startswith(("scl", "ctc")):
        raise ForeignLink("SudokuPad link: expected 'https://sudokupad.app/scl<data>'", ("SudokuPad scl links",))
    zipped = lz_decompress_base64(unquote(ident[3:]), "SudokuPad data", codecs.MAX_SUDOKUPAD)
    data = codecs.sudokupad_unzip(zipped)
    for key, value in data.items():
        if key not in _SP_KNOWN and value not in (None, False, [], {}, ""):
            raise PuzzleError(f"SudokuPad: the puzzle has {str(key)[:30]!r}, a rule this library does not model")
    rows = check_sequence(data.get("cells"), "SudokuPad: cells", 1, 25)
    n = len(rows)
    if n not in SIDE_OF.values():
        raise PuzzleError(f"SudokuPad: {n} rows of cells; a Sudoku has 4, 6, 8, 9, 16 or 25")
    givens = [[_sp_given(cell, r, c, n) for c, cell in enumerate(check_sequence(row, f"SudokuPad: row {r + 1}", n, n))]
              for r, row in enumerate(rows)]
    _sp_regions(data.get("regions"), n)
    circles = _sp_circles(data, n)
    thermos = [_sp_thermo(line, k, circles, n) for k, line in enumerate(_sp_list(data, "lines"))]
    arrows = [_sp_arrow(arrow, k, circles, n) for k, arrow in enumerate(_sp_list(data, "arrows"))]
    if circles:
        centre, what = next(iter(circles.items()))
        raise PuzzleError(f"SudokuPad: {what} at cell {centre} belongs to no thermometer or arrow (a rule this "
                          "library does not model)")
    return {"givens": givens, "thermos": thermos, "cages": _sp_cages(data, n), "arrows": arrows}


def _sp_list(data: dict, key: str) -> list:
    return check_sequence(data.get(key) or [], f"SudokuPad: {key}", 0, 2000)


def _sp_given(cell, r: int, c: int, n: int) -> int:
    if not isinstance(cell, dict):
        raise PuzzleError(f"SudokuPad: cell r{r + 1}c{c + 1} is not an object")
    value = cell.get("value")
    if value in (None, ""):
        return 0
    value = int(value) if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 3 else value
    return check_int(value, f"SudokuPad: the given in r{r + 1}c{c + 1}", 1, n)


def _sp_regions(regions, n: int) -> None:
    if not regions:
        raise PuzzleError("SudokuPad: the puzzle has no regions (boxes); a Sudoku has its standard boxes")
    found = set()
    for k, region in enumerate(check_sequence(regions, "SudokuPad: regions", 1, 25)):
        cells = check_sequence(region, f"SudokuPad: region {k}", 1, 625)
        found.add(frozenset(_sp_cell(rc, n, f"SudokuPad: region {k}") for rc in cells))
    boxes = _boxes(n)
    standard = {frozenset((r, c) for r in range(n) for c in range(n) if boxes[r][c] == b) for b in range(n)}
    if found != standard:
        raise PuzzleError("SudokuPad: the regions are not the standard boxes (irregular regions are not a Sudoku this "
                          "library models)")


def _sp_cell(rc, n: int, where: str) -> Cell:
    pair = check_sequence(rc, where, 2, 2)
    return (check_int(pair[0], f"{where}: row", 0, n - 1), check_int(pair[1], f"{where}: column", 0, n - 1))


def _sp_centre(point, n: int, where: str) -> Cell | None:
    """The cell whose centre a point ``[y, x]`` is (None if it is not a cell's centre)."""
    pair = check_sequence(point, where, 2, 2)
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in pair):
        raise PuzzleError(f"{where}: {str(point)[:20]} is not a point [y, x]")
    y, x = (v - 0.5 for v in pair)
    if y != int(y) or x != int(x) or not (0 <= y < n and 0 <= x < n):
        return None
    return int(y), int(x)


def _sp_circles(data: dict, n: int) -> dict:
    """The round under- and overlays no bigger than a cell, by the cell they are centred on; any other
    overlay (a dot between cells, a square, text) is refused by name."""
    circles = {}
    for key in ("underlays", "overlays"):
        for k, item in enumerate(_sp_list(data, key)):
            where = f"SudokuPad: {key[:-1]} {k}"
            item = item if isinstance(item, dict) else {}
            centre = _sp_centre(item.get("center"), n, where) if item.get("center") is not None else None
            small = all(isinstance(item.get(s, 1), (int, float)) and item.get(s, 1) <= 1 for s in ("width", "height"))
            if centre is None or not item.get("rounded") or not small or str(item.get("text", "")).strip():
                what = f"text {str(item.get('text'))[:10]!r}" if str(item.get("text", "")).strip() else \
                    ("a circle" if item.get("rounded") else "a square")
                raise PuzzleError(f"{where}: {what} at {str(item.get('center'))[:20]} (dots, text and shapes are rules "
                                  "this library does not model)")
            circles.setdefault(centre, f"a circle ({key[:-1]})")
    return circles


def _sp_path(points, n: int, where: str, first_inside: bool = False) -> list[Cell]:
    """The cells a path of waypoints runs through: each a cell's centre (the first may be anywhere in
    its cell when ``first_inside``), straight steps between them along rows, columns or diagonals."""
    points = check_sequence(points, where, 2, 1000)
    cells = []
    for k, point in enumerate(points):
        cell = _sp_centre(point, n, where)
        if cell is None and k == 0 and first_inside:
            pair = check_sequence(point, where, 2, 2)
            inside = all(isinstance(v, (int, float)) and 0 <= v < n for v in pair)
            cell = (int(pair[0]), int(pair[1])) if inside else None
        if cell is None:
            raise PuzzleError(f"{where}: the point {str(point)[:20]} is not the centre of a cell (a diagonal or a "
                              "line between cells, which this library does not model)")
        if cells:
            (r0, c0), (r1, c1) = cells[-1], cell
            dr, dc = r1 - r0, c1 - c0
            steps = max(abs(dr), abs(dc))
            if steps == 0 or (dr and dc and abs(dr) != abs(dc)):
                raise PuzzleError(f"{where}: the step from {cells[-1]} to {cell} is not along a row, column or "
                                  "diagonal")
            cells += [(r0 + dr // steps * i, c0 + dc // steps * i) for i in range(1, steps + 1)]
        else:
            cells.append(cell)
    return cells


def _sp_thermo(line, k: int, circles: dict, n: int) -> list[Cell]:
    where = f"SudokuPad: line {k}"
    cells = _sp_path((line if isinstance(line, dict) else {}).get("wayPoints"), n, where)
    ends = [cell in circles for cell in (cells[0], cells[-1])]
    if ends == [True, True] and cells[0] != cells[-1]:
        raise PuzzleError(f"{where}: a circle at both ends, so which end is the bulb is not clear")
    if not any(ends):
        raise PuzzleError(f"{where}: a line without a bulb (a palindrome, renban or other line rule, which this "
                          "library does not model)")
    cells = cells if ends[0] else cells[::-1]
    circles.pop(cells[0], None)
    return cells


def _sp_arrow(arrow, k: int, circles: dict, n: int) -> tuple[Cell, list[Cell]]:
    where = f"SudokuPad: arrow {k}"
    cells = _sp_path((arrow if isinstance(arrow, dict) else {}).get("wayPoints"), n, where, first_inside=True)
    if cells[0] not in circles:
        raise PuzzleError(f"{where}: an arrow without a circle at its start (a little killer clue or another rule "
                          "this library does not model)")
    circles.pop(cells[0])
    return cells[0], [c for c in cells[1:] if c != cells[0]]


_META = re.compile(r"^[a-z]+: ", re.IGNORECASE)


def _sp_cages(data: dict, n: int) -> list:
    cages = []
    for k, cage in enumerate(_sp_list(data, "cages")):
        where = f"SudokuPad: cage {k}"
        cage = cage if isinstance(cage, dict) else {}
        value = cage.get("value")
        if not cage.get("cells"):
            if isinstance(value, str) and _META.match(value):
                continue  # metadata: "title: ...", "solution: ..."
            raise PuzzleError(f"{where}: a cage without cells")
        cells = [_sp_cell(rc, n, where) for rc in check_sequence(cage["cells"], where, 1, 625)]
        total = cage.get("sum", value)
        if isinstance(total, str) and total.isascii() and total.isdigit() and len(total) <= 3:
            total = int(total)
        if not isinstance(total, int) or isinstance(total, bool) or cage.get("unique") is False or cage.get("hidden"):
            raise PuzzleError(f"{where}: a cage without a total (or a hidden one), which this library does not model")
        cages.append((check_int(total, f"{where}: total", 0, 999), cells))
    return cages


def write_sudokupad(puzzle) -> str:
    """The SudokuPad link of a board (givens, boxes, killer cages, thermometers, arrows), laid out as
    SudokuPad's f-puzzles converter lays them out; read back by :func:`read_sudokupad`."""
    n = len(puzzle.givens)
    boxes = _boxes(n)
    centre = lambda cell: [cell[0] + 0.5, cell[1] + 0.5]  # noqa: E731
    data = {"cellSize": 50,
            "cells": [[{"value": v} if v else {} for v in row] for row in puzzle.givens],
            "regions": [[[r, c] for r in range(n) for c in range(n) if boxes[r][c] == b] for b in range(n)],
            "cages": [{"cells": [list(c) for c in cells], "value": str(total), "sum": total, "unique": True}
                      for total, cells in puzzle.cages],
            "lines": [{"color": "#CFCFCF", "thickness": 21, "wayPoints": [centre(c) for c in t]}
                      for t in puzzle.thermos],
            "underlays": [{"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": centre(t[0]),
                           "rounded": True, "width": 0.85, "height": 0.85} for t in puzzle.thermos],
            "arrows": [{"color": "#a1a1a1", "headLength": 0.3, "thickness": 5,
                        "wayPoints": [centre(circle)] + [centre(c) for c in cells]} for circle, cells in puzzle.arrows],
            "overlays": [{"borderColor": "#a1a1a1", "backgroundColor": "#FFFFFF", "center": centre(circle),
                          "rounded": True, "width": 0.75, "height": 0.75} for circle, _ in puzzle.arrows]}
    return SUDOKUPAD + lz_compress_base64(codecs.sudokupad_zip(data))


FORMATS = (
    Format("text", read_text, write_text, "the course's text: a row of digits or '.' per line, then "
           "thermo, cage and arrow lines"),
    # read only in the table too: givens only (write_line writes the boards it can)
    Format("line", read_line, None, "the grid on one line, 81 characters such as '4.....8.5.3...' (also 16x16, 25x25)"),
    Format("json", read_json, write_json, "the test corpus's decoded Killer records (givens, cages, thermos, arrows)"),
    # read only in the table: the URL holds no thermometers, cages or arrows, so it cannot write every
    # board; write_puzzlink writes those it can (givens only, sizes 4, 6, 9, 16, 25)
    Format("puzzlink", read_puzzlink, None, "a puzz.link / pzprjs 'sudoku' URL (number16 givens only)"),
    Format("fpuzzles", read_fpuzzles, write_fpuzzles, "an f-puzzles link (or SudokuPad's fpuzzles link): givens, "
           "killer cages, thermometers, arrows"),
    Format("penpa", read_penpa, write_penpa,
           "a penpa-edit link: givens, box lines, thermometers, arrows, killer cages"),
    Format("sudokupad", read_sudokupad, write_sudokupad, "a SudokuPad link (sudokupad.app/scl...): givens, killer "
           "cages, thermometers, arrows"),
)
