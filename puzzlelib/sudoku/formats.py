"""Sudoku texts <-> plain data: our text format, puzz.link URLs and the corpus's JSON form.

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

The first line is the kind. Then one line per row, one character per cell: a digit ``1``..``n``
or ``.`` for an empty cell (spaces inside a row are ignored); the number of rows is the size
(4, 6, 8 or 9). Then any number of constraint lines, each a keyword and cells as ``row,col``
(0-based, row 0 at the top): ``thermo`` lists a thermometer from bulb to tip; ``cage`` gives the
total and then the cells; ``arrow`` gives the circle, a colon, and the arrow's cells from the
circle outwards. Lines starting with ``#`` are comments.

**puzz.link** (pzprjs' ``sudoku``: ``https://puzz.link/p?sudoku/9/9/<body>``): the body lists the
cells in row-major order; ``0``-``9`` and ``a``-``f`` are a digit in hexadecimal, ``-`` starts a
two-digit hexadecimal number, ``.`` is a question mark (read as empty here), and ``g``..``z`` skip
1..20 empty cells. Givens only: thermometers, cages and arrows have no place in this URL.

**JSON** (the corpus's decoded killer form, with optional ``thermos`` and ``arrows``)::

    {"size": 4, "box": [2, 2], "givens": ["1...", ...],
     "cages": [{"sum": 7, "cells": [[0, 0], [1, 0]]}, ...],
     "thermos": [[[0, 0], [0, 1]]], "arrows": [{"circle": [1, 1], "cells": [[1, 2]]}]}
"""

from __future__ import annotations

import json

from ..core.codecs import (QUESTION, decode_number16, encode_number16, read_puzzlink_header, text_lines,
                           write_puzzlink_url)
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import check_int, check_sequence, check_text

KIND = "sudoku"
MAX_TEXT = 20_000  # a 9x9 with a cage on every cell fits many times over
KEYWORDS = ("thermo", "cage", "arrow")


def _cell_text(text: str, where: str) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() and p.strip().isascii() for p in parts):
        raise PuzzleError(f"{where}: {text!r} is not a cell written as row,col")
    r, c = (int(p) for p in parts)
    if r > 99 or c > 99:
        raise PuzzleError(f"{where}: {text!r} is far outside any board")
    return r, c


def _digit_char(ch: str, where: str) -> int:
    if ch in ".0":
        return 0
    if ch.isdigit() and ch.isascii():
        return int(ch)
    raise PuzzleError(f"{where}: {ch!r} is not a digit or '.' (empty)")


def read_text(text) -> dict:
    """Read the text format (see the module docstring) into the Puzzle's arguments."""
    lines = text_lines(text, KIND, header="optional", max_len=MAX_TEXT)
    givens, thermos, cages, arrows = [], [], [], []
    for n, line in lines:
        word = line.split()[0].lower()
        where = f"line {n}"
        if word not in KEYWORDS:
            if thermos or cages or arrows:
                raise PuzzleError(f"{where}: a row of the grid after the constraints (or an unknown keyword {word!r})")
            givens.append([_digit_char(ch, f"{where}, col {c}") for c, ch in enumerate(line.replace(" ", ""))])
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
    if not givens:
        raise PuzzleError("expected one line per row of the grid (a digit or '.' per cell)")
    return {"givens": givens, "thermos": thermos, "cages": cages, "arrows": arrows}


def _cells_text(cells) -> str:
    return " ".join(f"{r},{c}" for r, c in cells)


def write_text(puzzle) -> str:
    """The text format of a puzzle (the inverse of :func:`read_text`)."""
    out = [KIND]
    out += ["".join(str(v) if v else "." for v in row) for row in puzzle.givens]
    out += [f"thermo {_cells_text(t)}" for t in puzzle.thermos]
    out += [f"cage {total} {_cells_text(cells)}" for total, cells in puzzle.cages]
    out += [f"arrow {circle[0]},{circle[1]} : {_cells_text(cells)}" for circle, cells in puzzle.arrows]
    return "\n".join(out) + "\n"


# -- puzz.link -------------------------------------------------------------------------------------
def read_puzzlink(url) -> dict:
    """Read a puzz.link / pzv.jp ``sudoku`` URL (givens only; see the module docstring)."""
    head = read_puzzlink_header(url, (KIND,), square=True)
    n = head.rows
    if n not in (4, 6, 9):
        raise PuzzleError(f"puzz.link URL: size {n}; this reader takes 4, 6 and 9 (pzprjs draws other "
                          "sizes with boxes that are not Sudoku's)")
    cells, rest, complete = decode_number16(head.body, n * n)
    if not complete:
        filled = len(head.body.rstrip("/"))
        raise PuzzleError(f"puzz.link URL: the body ({filled} characters) describes fewer cells than the "
                          f"{n * n} of the board")
    if rest.strip("/"):
        raise PuzzleError(f"puzz.link URL: the body runs past the {n * n} cells of the board")
    cells = [0 if v is None or v == QUESTION else v for v in cells]  # a question mark is read as empty
    return {"givens": [cells[r * n:(r + 1) * n] for r in range(n)], "thermos": [], "cages": [], "arrows": []}


def write_puzzlink(puzzle) -> str:
    """The puzz.link URL of a board with givens only (4x4, 6x6 or 9x9)."""
    n = len(puzzle.givens)
    if puzzle.thermos or puzzle.cages or puzzle.arrows or n == 8:
        raise PuzzleError("a puzz.link 'sudoku' URL holds the givens of a 4x4, 6x6 or 9x9 only")
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
    givens = []
    for r, row in enumerate(check_sequence(data["givens"], "sudoku JSON: givens", 1, 20)):
        if not isinstance(row, str):
            raise PuzzleError(f"sudoku JSON: givens row {r} must be a string such as '1..4'")
        givens.append([_digit_char(ch, f"givens row {r}, col {c}") for c, ch in enumerate(row)])
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
           "givens": ["".join(str(v) if v else "." for v in row) for row in puzzle.givens],
           "cages": [{"sum": total, "cells": [list(c) for c in cells]} for total, cells in puzzle.cages]}
    if puzzle.thermos:
        out["thermos"] = [[list(c) for c in t] for t in puzzle.thermos]
    if puzzle.arrows:
        out["arrows"] = [{"circle": list(circle), "cells": [list(c) for c in cells]} for circle, cells in puzzle.arrows]
    return json.dumps(out)


FORMATS = (
    Format("text", read_text, write_text, "the course's text: a row of digits or '.' per line, then "
           "thermo, cage and arrow lines"),
    Format("json", read_json, write_json, "the test corpus's decoded Killer records (givens, cages, thermos, arrows)"),
    # read only in the table: the URL holds no thermometers, cages or arrows, so it cannot write every
    # board; write_puzzlink writes those it can (givens only, 4x4, 6x6 or 9x9)
    Format("puzzlink", read_puzzlink, None, "a puzz.link / pzprjs 'sudoku' URL (number16 givens only)"),
)
