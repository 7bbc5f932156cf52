"""Aquarium boards as strings and back: plain data in, plain data out (``board.py`` validates).

Every reader returns the Puzzle's keyword arguments: ``regions`` (a list of rows of tank ids),
``rows`` and ``cols`` (lists of counts where ``None`` means "no clue"). Every writer takes the
Puzzle (its tank numbers ``tank_of``, numbered in reading order of each tank's first cell, and its
counts). Readers refuse what they cannot read with one :class:`PuzzleError` naming the line, count
or character at fault; sizes are checked before anything of that size is built. The puzz.link
header, walls and number16 clues come from :mod:`puzzlelib.core.codecs`.
"""

from __future__ import annotations

import re

from ..core import codecs
from ..core.codecs import (QUESTION, borders_from_regions, counted_rows, decode_borders, decode_number16,
                           encode_borders, encode_number16, penpa_corner_key, penpa_point, read_puzzlink_header, regions_from_borders,
                           text_lines, write_puzzlink_url)
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import MAX_SIDE, check_shape, check_text

KIND = "aquarium"
#: What a tank name in the text format may look like.
NAME = re.compile(r"[A-Za-z0-9_]{1,12}")
#: The word the text format writes for a missing count.
NO_CLUE = "."


def tank_label(index: int) -> str:
    """The name the text format gives tank ``index``: a..z, then aa, ab, ... (spreadsheet style)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(97 + rest) + name
    return name


def _count_word(word: str, where: str) -> int | None:
    if word == NO_CLUE:
        return None
    if not (word.isascii() and word.isdigit()) or len(word) > 4:
        raise PuzzleError(f"{where}: {word!r} is not a count (a whole number, or '{NO_CLUE}' for no clue)")
    return int(word)


# --------------------------------------------------------------------------------------------- #
# The text format
# --------------------------------------------------------------------------------------------- #
def read_text(text) -> dict:
    """Read the text format (see the package docstring)::

        aquarium
          5 3 1 3 . 5
        2 a a b b c c
        . a d d b c c

    The first line names the puzzle (it may be left out). The next line holds the column counts,
    left to right. Each further line is a row: its count, then the name of the tank of each cell.
    A count is a whole number or ``.`` (no clue). Names are 1 to 12 letters, digits or ``_``;
    cells with the same name form one tank. Lines starting with ``#`` are comments.
    """
    head, counted = counted_rows(text_lines(text, KIND, header="optional"), "aquarium text", "tank names")
    cols = [_count_word(w, f"line {head.number}, column count {j}") for j, w in enumerate(head.text.split())]
    regions, rows = [], []
    for row in counted:
        rows.append(_count_word(row.count, f"line {row.number}, row count"))
        for c, word in enumerate(row.cells):
            if not NAME.fullmatch(word):
                raise PuzzleError(f"line {row.number}, cell {c}: {word!r} is not a tank name "
                                  "(1 to 12 letters, digits or '_')")
        regions.append(row.cells)
    return dict(regions=regions, rows=rows, cols=cols)


def write_text(puzzle) -> str:
    """The text format of a board (its tanks named a, b, ... in reading order)."""
    names = [[tank_label(t) for t in line] for line in puzzle.tank_of]
    shown = [[NO_CLUE if v is None else str(v) for v in counts] for counts in (puzzle.rows, puzzle.cols)]
    width = max(len(w) for w in (*shown[1], *(n for line in names for n in line)))
    pad = max(len(w) for w in shown[0])
    out = [KIND, " " * pad + " " + " ".join(w.rjust(width) for w in shown[1])]
    for r, line in enumerate(names):
        out.append(shown[0][r].rjust(pad) + " " + " ".join(n.rjust(width) for n in line))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------- #
# Puzzle Team task strings (puzzle-aquarium.com; seed 002's importer)
# --------------------------------------------------------------------------------------------- #
def read_puzzleteam(task) -> dict:
    """Read a task string of the Puzzle Team Aquarium site, as seed 002's importer does.

    ``t1_..._tn_l1_..._ln;i1,i2,...``: the column counts from the left (the "top" counts), then the
    row counts from the top (the "left" counts), all joined by ``_``; after the ``;``, one tank id
    per cell in reading order (row by row), 1-based and joined by ``,``. Boards are square, n x n,
    and every count is given.
    """
    task = check_text(task, "task string").strip()
    parts = task.split(";")
    if len(parts) != 2:
        raise PuzzleError(f"task string: expected 'counts;tank ids' with one ';', found {len(parts) - 1}")
    words = parts[0].split("_")
    if len(words) % 2:
        raise PuzzleError(f"task string: {len(words)} counts cannot be split into column and row counts")
    n = len(words) // 2
    check_shape(n, n, "task string")
    counts = []
    for k, word in enumerate(words):
        what = f"column {k}" if k < n else f"row {k - n}"
        if not (word.isascii() and word.isdigit()) or len(word) > 4:
            raise PuzzleError(f"task string: the count of {what} ({word!r}) is not a whole number")
        counts.append(int(word))
    ids = parts[1].split(",")
    if len(ids) != n * n:
        raise PuzzleError(f"task string: {len(ids)} tank ids for a {n}x{n} board, expected {n * n}")
    regions = []
    for k, word in enumerate(ids):
        if not (word.isascii() and word.isdigit()) or len(word) > 6 or int(word) < 1:
            raise PuzzleError(f"task string: tank id {k} (cell ({k // n}, {k % n})) is {word!r}, "
                              "not a whole number from 1 up")
        if k % n == 0:
            regions.append([])
        regions[-1].append(int(word))
    return dict(regions=regions, rows=counts[n:], cols=counts[:n])


def write_puzzleteam(puzzle) -> str:
    """The task string of a square board with every count given (tank ids 1-based)."""
    tanks, rows, cols = puzzle.tank_of, puzzle.rows, puzzle.cols
    nrows, ncols = len(tanks), len(tanks[0])
    if nrows != ncols:
        raise PuzzleError(f"Puzzle Team task strings describe square boards only, this one is {nrows}x{ncols}")
    if any(v is None for v in (*rows, *cols)):
        raise PuzzleError("Puzzle Team task strings give every count: this board has a count missing")
    head = "_".join(str(v) for v in (*cols, *rows))
    return head + ";" + ",".join(str(t + 1) for line in tanks for t in line)


# --------------------------------------------------------------------------------------------- #
# puzz.link / pzprjs URLs
# --------------------------------------------------------------------------------------------- #
def read_puzzlink(url) -> dict:
    """Read a puzz.link (pzprjs) Aquarium URL, ``https://puzz.link/p?aquarium/<cols>/<rows>/<body>``.

    These facts come from pzprjs (``src/variety/aquarium.js``, ``src/variety-common/Encode.js``,
    ``src/pzpr/parser.js``). After the ``?`` come the genre (``aquarium``, also ``aquarium_edit``
    or ``aquarium_play``), an optional flag word (``r``: one water level per tank, the rule this
    library always applies), the number of columns, the number of rows, and the body:

    1. the walls, five to a base-32 character (``0-9a-v``, most significant bit first): first the
       ``(cols-1)*rows`` walls between horizontal neighbours, row by row, then the
       ``cols*(rows-1)`` walls between vertical neighbours, row by row; a 1 bit is a wall;
    2. a ``/``;
    3. the ``cols + rows`` outside clues, the column counts left to right and then the row counts
       top to bottom, in pzprjs' number16 code: a hex digit is a count 0-15, ``-`` and two hex
       digits a count 16-255, and a letter ``g``-``z`` skips 1-20 clues (no clue).

    As in pzprjs, a body may end after the walls (no clues at all) or before the last clue (the
    clues after it are missing). Tanks are the regions the walls cut the board into. Without the ``r`` flag pzprjs checks a
    looser rule (separate pools of one tank may stand at different heights); boards are read the
    same way, and solved here with one level per tank.
    """
    head = read_puzzlink_header(url, (KIND,), "r")
    nrows, ncols, body = head.rows, head.cols, head.body
    if body.endswith("/"):
        body = body[:-1]  # parser.js drops an empty last field
    walls, rest = decode_borders(body, nrows, ncols)
    if rest and not rest.startswith("/"):
        raise PuzzleError(f"puzz.link URL: expected '/' between the walls and the clues, found {rest[:1]!r}")
    clues = _read_clues(rest[1:], ncols + nrows)
    return dict(regions=regions_from_borders(walls), rows=clues[ncols:], cols=clues[:ncols])


def _read_clues(text: str, total: int) -> list[int | None]:
    """The outside clues (number16; those after a short body are missing); a hidden clue (``.``) is not a count."""
    clues, rest, _complete = decode_number16(text, total, "puzz.link URL clues")
    if rest:
        raise PuzzleError(f"puzz.link URL: {len(rest)} characters left over after the clues")
    if QUESTION in clues:
        raise PuzzleError(f"puzz.link URL: clue {clues.index(QUESTION)} is '?', which an Aquarium count cannot be")
    return clues


def write_puzzlink(puzzle) -> str:
    """The puzz.link URL of a board (with the ``r`` flag: one level per tank)."""
    nrows, ncols = len(puzzle.tank_of), len(puzzle.tank_of[0])
    body = encode_borders(borders_from_regions(puzzle.tank_of)) + "/" + encode_number16([*puzzle.cols, *puzzle.rows])
    return write_puzzlink_url(KIND, ncols, nrows, body, "r")


# --------------------------------------------------------------------------------------------- #
# penpa-edit links
# --------------------------------------------------------------------------------------------- #
def read_penpa(url) -> dict:
    """Read a penpa-edit link of an Aquarium: the tanks are the pieces penpa's grid lines
    (``lineE``) cut the board into; a row's count is the number left or right of it in the margins,
    a column's the number above or below it (a line without one has no clue). Water drawn on the
    board, symbols and any other mark are refused by name."""
    pen = codecs.read_penpa(url)
    pen.claim("Aquarium", ("aquarium",))
    rows, cols = pen.outside_counts()
    pen.refuse_others({"number", "lineE"}, "Aquarium")
    counts = [[None if w is None else _count_word(w, f"penpa link: the count of {what} {k}")
               for k, w in enumerate(line)] for line, what in ((rows, "row"), (cols, "column"))]
    return dict(regions=regions_from_borders(pen.borders()), rows=counts[0], cols=counts[1])


def write_penpa(puzzle) -> str:
    """The penpa-edit link of a board: tanks as thick grid lines, column counts above the board,
    row counts left of it (a margin of one row and one column)."""
    tanks = puzzle.tank_of
    nrows, ncols, space = len(tanks), len(tanks[0]), (1, 0, 1, 0)
    walls = {penpa_corner_key(space, ncols + 1, nrows + 1, (r, c), (r + dr, c + dc)): 2 for r in range(nrows)
             for c in range(ncols) for dr, dc in ((0, 1), (1, 0))
             if r + dr < nrows and c + dc < ncols and tanks[r][c] != tanks[r + dr][c + dc]}
    numbers = {str(penpa_point(space, ncols + 1, cell)): [str(v), 1, "1"]
               for cell, v in [((r, -1), v) for r, v in enumerate(puzzle.rows)] +
               [((-1, c), v) for c, v in enumerate(puzzle.cols)] if v is not None}
    return codecs.write_penpa(nrows, ncols, space, {"lineE": walls, "number": numbers}, ["aquarium"])


FORMATS = (
    Format("text", read_text, write_text, "the course's text: column counts, then a count and tank names per row"),
    Format("puzzleteam", read_puzzleteam, write_puzzleteam,
           "a Puzzle Team task string (puzzle-aquarium.com): square boards with every count"),
    Format("puzzlink", read_puzzlink, write_puzzlink, "a puzz.link / pzprjs URL (walls, then number16 counts)"),
    Format("penpa", read_penpa, write_penpa, "a penpa-edit link (tanks as grid lines, counts outside the board)"),
)
