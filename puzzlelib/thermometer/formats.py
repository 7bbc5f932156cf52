"""Thermometers as text: the course's text format, Puzzle Team task strings, penpa-edit links,
Janko's text (janko.at) and Hartmann's data.

Every reader here returns the Puzzle's constructor arguments, ``dict(rows=, cols=, thermometers=)``
with thermometers as lists of ``(row, col)`` cells from bulb to tip, and leaves the rules of a board
to ``Puzzle`` (board.py); every writer takes the Puzzle (any object with ``rows``, ``cols`` and
``thermometers``). ``FORMATS`` at the end lists them.
Readers refuse a size beyond the library's limits before they allocate anything of that size, read
numbers only as ASCII digits (never ``"0_1"``, ``"+1"`` or ``"١"``), and find a thermometer's order
by a walk that never branches, so reading takes time linear in the text.
"""

from __future__ import annotations

import re

from ..core import codecs
from ..core.codecs import Line, counted_rows, penpa_point, text_lines
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import MAX_CELLS, MAX_SIDE, check_int, check_sequence, check_text

KIND = "thermometer"
Cell = tuple[int, int]
Data = dict  # rows=list[int], cols=list[int], thermometers=list[list[Cell]]

_NUMBER = re.compile(r"[0-9]{1,9}")
_NAME = re.compile(r"[A-Za-z]{1,4}")


def label(index: int) -> str:
    """The name of thermometer ``index``: A..Z, then AA, AB, ... (spreadsheet style: bijective base 26)."""
    return (label(index // 26 - 1) if index >= 26 else "") + chr(65 + index % 26)


def number(word: str, where: str) -> int:
    """A count or index written in ASCII digits; anything else is a PuzzleError naming ``where``."""
    if not _NUMBER.fullmatch(word):
        raise PuzzleError(f"{where}: {word[:20]!r} is not a count (digits 0-9 only)")
    return int(word)


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)


def walk(bulb: Cell, cells: set[Cell]) -> tuple[list[Cell] | None, str]:
    """The order of ``cells`` from ``bulb``, found by stepping to the one unvisited neighbour.

    Returns ``(path, "")``, or ``(None, why)`` when a step has no neighbour left (the cells do not
    form one path) or two (the order is not clear from the names). Linear in ``len(cells)``.
    """
    path, seen = [bulb], {bulb}
    while len(path) < len(cells):
        ahead = [nb for nb in neighbours(path[-1]) if nb in cells and nb not in seen]
        if not ahead:
            return None, f"its cells do not form one path from the bulb {bulb}"
        if len(ahead) > 1:
            return None, f"the walk from the bulb {bulb} can go two ways at {path[-1]}"
        path.append(ahead[0])
        seen.add(ahead[0])
    return path, ""


# --------------------------------------------------------------------------------------------- #
# The text format
# --------------------------------------------------------------------------------------------- #
def read_text(text) -> Data:
    """Read the course's text format (the module docstring of ``puzzlelib.thermometer`` has it all).

    ::

        thermometer
          3 1 3 3 3
        4 A a a b B
        ...
        path c: 4,0 3,0 2,0 1,0

    The first line names the puzzle; then the column counts; then per row its count and one name
    per cell, in CAPITALS on the bulb. A ``path x:`` line gives a thermometer's cells from bulb to
    tip where the names alone do not fix the order. ``#`` starts a comment line.
    """
    lines = [(line.number, line.text.split()) for line in text_lines(text, KIND, header="optional")]
    paths = [(n, words) for n, words in lines if words[0].lower().rstrip(":") == "path"]
    grid = [(n, words) for n, words in lines if words[0].lower().rstrip(":") != "path"]
    head, counted = counted_rows([Line(n, " ".join(words)) for n, words in grid], "thermometer text")
    cols = [number(w, f"line {head.number}, column {j}") for j, w in enumerate(head.text.split())]
    rows = [number(row.count, f"line {row.number}, the row count") for row in counted]
    names = [(row.number, row.cells) for row in counted]
    groups, bulbs = _groups(names)
    explicit = _path_lines(paths, groups, bulbs, (len(rows), len(cols)))
    therms = []
    for key in sorted(groups, key=lambda k: (len(k), k)):  # A..Z, AA.. order
        therms.append(explicit[key] if key in explicit else _walk_group(key, groups[key], bulbs[key]))
    return dict(rows=rows, cols=cols, thermometers=therms)


def _check_side(size: int, what: str, where: str) -> None:
    if size > MAX_SIDE:
        raise PuzzleError(f"{where}: {size} {what} is more than the {MAX_SIDE} a board may have")


def _groups(names):
    """Cells by thermometer name (lower case), and the bulbs (capitalised cells) of each name."""
    groups: dict[str, list[Cell]] = {}
    bulbs: dict[str, list[Cell]] = {}
    for r, (n, line) in enumerate(names):
        for c, word in enumerate(line):
            if not _NAME.fullmatch(word) or not (word.isupper() or word.islower()):
                raise PuzzleError(f"line {n}: cell ({r}, {c}): {word[:20]!r} is not a thermometer name "
                                  "(1 to 4 letters, all capitals on the bulb, all small elsewhere)")
            key = word.lower()
            groups.setdefault(key, []).append((r, c))
            bulbs.setdefault(key, [])
            if word.isupper():
                bulbs[key].append((r, c))
    return groups, bulbs


def _walk_group(key: str, cells: list[Cell], bulbs: list[Cell]) -> list[Cell]:
    name = key.upper()
    if len(bulbs) != 1:
        what = "no bulb (write one cell in capitals)" if not bulbs else f"{len(bulbs)} bulbs {bulbs[:4]}"
        raise PuzzleError(f"thermometer {name}: has {what}")
    path, why = walk(bulbs[0], set(cells))
    if path is None:
        raise PuzzleError(f"thermometer {name}: {why}; add a line 'path {key}: r,c r,c ...' listing its "
                          "cells from bulb to tip")
    return path


def _path_lines(paths, groups, bulbs, shape) -> dict[str, list[Cell]]:
    """The ``path x: r,c ...`` lines, each checked against the cells named x in the grid."""
    explicit: dict[str, list[Cell]] = {}
    for n, words in paths:
        if words[0].endswith(":") or len(words) < 2:
            raise PuzzleError(f"line {n}: write a path as 'path c: 0,0 1,0 1,1' (name, colon, cells)")
        key = words[1].rstrip(":")
        if key not in groups:
            raise PuzzleError(f"line {n}: no thermometer is named {key[:20]!r} in the grid")
        if key in explicit:
            raise PuzzleError(f"line {n}: a second path line for thermometer {key.upper()}")
        cells = []
        for w in words[2:]:
            parts = w.split(",")
            if len(parts) != 2:
                raise PuzzleError(f"line {n}: a path lists cells as row,col (e.g. 'path c: 0,0 1,0 1,1'), "
                                  f"found {w[:20]!r}")
            cells.append((number(parts[0], f"line {n}"), number(parts[1], f"line {n}")))
        if sorted(cells) != sorted(groups[key]):
            raise PuzzleError(f"line {n}: the path of thermometer {key.upper()} does not list exactly "
                              f"the cells named {key!r}")
        if bulbs[key] and cells[0] != bulbs[key][0]:
            raise PuzzleError(f"line {n}: the path of thermometer {key.upper()} starts at {cells[0]}, "
                              f"but its bulb (the capitalised cell) is {bulbs[key][0]}: list the cells "
                              "from bulb to tip")
        if len(bulbs[key]) != 1:
            _walk_group(key, cells, bulbs[key])  # raises: no bulb, or several
        explicit[key] = cells
    return explicit


def write_text(puzzle) -> str:
    """The text format of a board (thermometers in reading order are named A, B, ...)."""
    rows, cols, thermometers = puzzle.rows, puzzle.cols, puzzle.thermometers
    nrows, ncols = len(rows), len(cols)
    grid = [[""] * ncols for _ in range(nrows)]
    for t, cells in enumerate(thermometers):
        name = label(t)
        for k, (r, c) in enumerate(cells):
            grid[r][c] = name if k == 0 else name.lower()
    width = max(len(label(len(thermometers))), max(len(str(v)) for v in (*rows, *cols)))
    pad = max(len(str(v)) for v in rows)
    out = [KIND, " " * pad + " " + " ".join(str(v).rjust(width) for v in cols)]
    for r in range(nrows):
        out.append(str(rows[r]).rjust(pad) + " " + " ".join(g.rjust(width) for g in grid[r]))
    for t, cells in enumerate(thermometers):
        path, _ = walk(cells[0], set(cells))
        if path != list(cells):
            out.append(f"path {label(t).lower()}: " + " ".join(f"{r},{c}" for r, c in cells))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------- #
# Puzzle Team task strings
# --------------------------------------------------------------------------------------------- #
def read_puzzleteam(task) -> Data:
    """Read a task string of the Puzzle Team Thermometers site (square boards).

    ``c1_..._cn_r1_..._rn;T1;T2;...``: the n column counts, then the n row counts; then one entry
    per thermometer. ``type,length`` is a straight thermometer of ``length`` cells whose first cell
    is the first cell (in reading order) not yet covered; it runs right with its bulb on the left
    (type 1) or on the right (2), or down with its bulb on top (3) or at the bottom (4).
    ``5,i1,i2,...`` is a bent one given by 0-based cell numbers (``row * n + col``) from bulb to tip.
    """
    task = check_text(task, "task string").strip()
    parts = task.split(";")
    words = parts[0].split("_")
    if len(words) % 2:
        raise PuzzleError(f"task string: {len(words)} counts cannot be split into columns and rows")
    n = len(words) // 2
    _check_side(n, "columns", "task string")
    counts = [number(w, f"task string, count {k + 1}") for k, w in enumerate(words)]
    cols, rows = counts[:n], counts[n:]
    covered: set[Cell] = set()
    cursor = 0  # every cell before it (in reading order) is covered
    therms: list[list[Cell]] = []
    for spec in parts[1:]:
        if not spec.strip():
            continue
        where = f"task string: thermometer {label(len(therms))} ({spec[:20]!r})"
        fields = [number(v.strip(), where) for v in spec.split(",")]
        if len(fields) > MAX_CELLS + 1:
            raise PuzzleError(f"{where}: longer than any board")
        if fields[0] == 5:
            for i in fields[1:]:
                if i >= n * n:
                    raise PuzzleError(f"{where}: cell number {i} is outside the {n}x{n} board")
            cells = [divmod(i, n) for i in fields[1:]]
        elif fields[0] in (1, 2, 3, 4) and len(fields) == 2:
            while cursor < n * n and divmod(cursor, n) in covered:
                cursor += 1
            if cursor == n * n:
                raise PuzzleError(f"{where}: no free cell is left to start at")
            if not 2 <= fields[1] <= n:
                raise PuzzleError(f"{where}: a length of {fields[1]} does not fit the {n}x{n} board")
            r, c = divmod(cursor, n)
            dr, dc = (0, 1) if fields[0] in (1, 2) else (1, 0)
            cells = [(r + dr * i, c + dc * i) for i in range(fields[1])]
            if fields[0] in (2, 4):
                cells.reverse()
        else:
            raise PuzzleError(f"{where}: unknown type (1-4 with a length, or 5 with cell numbers)")
        covered.update(cells)
        therms.append(cells)
    return dict(rows=rows, cols=cols, thermometers=therms)


def write_puzzleteam(puzzle) -> str:
    """The task string of a square board: straight thermometers as types 1-4, bent ones as 5."""
    rows, cols, thermometers = puzzle.rows, puzzle.cols, puzzle.thermometers
    nrows, ncols = len(rows), len(cols)
    if nrows != ncols:
        raise PuzzleError("Puzzle Team task strings describe square boards only")
    parts = ["_".join(map(str, (*cols, *rows)))]
    covered: set[Cell] = set()
    cursor = 0
    for cells in sorted(thermometers, key=min):
        while divmod(cursor, ncols) in covered:
            cursor += 1
        start = divmod(cursor, ncols)
        ordered = sorted(cells)
        straight_row = all(r == cells[0][0] for r, _ in cells)
        straight_col = all(c == cells[0][1] for _, c in cells)
        if ordered[0] == start and (straight_row or straight_col):
            first_is_bulb = cells[0] == ordered[0]
            kind = (1 if first_is_bulb else 2) if straight_row else (3 if first_is_bulb else 4)
            parts.append(f"{kind},{len(cells)}")
        else:
            parts.append("5," + ",".join(str(r * ncols + c) for r, c in cells))
        covered.update(cells)
    return ";".join(parts)


# --------------------------------------------------------------------------------------------- #
# Hartmann's data
# --------------------------------------------------------------------------------------------- #
def read_dependencies(dependencies) -> list[list[Cell]]:
    """Hartmann's dependency set (Appendix A): quadruples ``(i, j, k, l)``, 1-based, meaning that
    cell ``(k, l)`` can be filled only if cell ``(i, j)`` is. Chains of them are the thermometers."""
    after: dict[Cell, Cell] = {}
    before: dict[Cell, Cell] = {}
    for q, quad in enumerate(check_sequence(dependencies, "dependencies", max_len=MAX_CELLS)):
        quad = check_sequence(quad, f"dependency {q}", 4, 4)
        i, j, k, l = (check_int(v, f"dependency {q}", 1, MAX_SIDE) for v in quad)
        a, b = (i - 1, j - 1), (k - 1, l - 1)
        if a in after or b in before:
            raise PuzzleError(f"dependency {tuple(quad)}: a cell may have one successor and one predecessor")
        after[a], before[b] = b, a
    therms = []
    for bulb in (cell for cell in after if cell not in before):
        chain = [bulb]
        while chain[-1] in after and len(chain) <= len(after):
            chain.append(after[chain[-1]])
        therms.append(chain)
    if sum(len(t) - 1 for t in therms) != len(after):
        raise PuzzleError("dependencies: some of them form a closed loop, which no thermometer can")
    return therms


# --------------------------------------------------------------------------------------------- #
# penpa-edit links
# --------------------------------------------------------------------------------------------- #
def read_penpa(url) -> Data:
    """Read a penpa-edit link of a Thermometers board: the thermometers are penpa's ``thermo``
    objects (each a list of cells, bulb first); a row's count is the number left or right of it in
    the margins, a column's the number above or below it. Every count must be given; thermometers
    without bulbs, shading, symbols and any other mark are refused by name."""
    pen = codecs.read_penpa(url)
    pen.claim("Thermometers board", ("thermometer", "thermometers"))
    rows, cols = pen.outside_counts()
    for line, what in ((rows, "row"), (cols, "column")):
        if None in line:
            raise PuzzleError(f"penpa link: {what} {line.index(None)} has no count (a Thermometers board gives "
                              "every count)")
    pen.refuse_others({"number", "thermo"}, "Thermometers board")
    return dict(rows=[number(w, f"penpa link: the count of row {k}") for k, w in enumerate(rows)],
                cols=[number(w, f"penpa link: the count of column {k}") for k, w in enumerate(cols)],
                thermometers=pen.cell_lists("thermo"))


def write_penpa(puzzle) -> str:
    """The penpa-edit link of a board: thermometers as penpa's thermometer objects, column counts
    above the board, row counts left of it."""
    nrows, ncols, space = len(puzzle.rows), len(puzzle.cols), (1, 0, 1, 0)
    at = lambda cell: penpa_point(space, ncols + 1, cell)  # noqa: E731
    numbers = {str(at((r, -1))): [str(v), 1, "1"] for r, v in enumerate(puzzle.rows)}
    numbers.update({str(at((-1, c))): [str(v), 1, "1"] for c, v in enumerate(puzzle.cols)})
    thermos = [[at(cell) for cell in cells] for cells in puzzle.thermometers]
    return codecs.write_penpa(nrows, ncols, space, {"number": numbers, "thermo": thermos}, ["thermometer"])


# --------------------------------------------------------------------------------------------- #
# Janko's text (janko.at, Raetsel/Thermometer)
# --------------------------------------------------------------------------------------------- #
#: The words of Janko's puzzle files that describe the puzzle without adding rules (skipped).
JANKO_INFO = {"puzzle", "author", "solver", "source", "info", "infotext", "unit", "unitsize", "date", "title",
              "variant", "layout", "options", "mail", "pid", "rights", "check", "moves", "depth"}
_JANKO_CELL = re.compile(r"([0-9]{1,4})\.([0-9]{1,4})")


def read_janko(text) -> Data:
    """Read the text of a Janko Thermometer page (the ``begin`` ... ``end`` block of janko.at's
    Raetsel/Thermometer pages, as public solvers scrape it)::

        begin
        puzzle thermometer
        size 6
        clabels
        2 4 3 3 5 3
        rlabels
        4 2 2 3 4 5
        labels
        2.1 2.2 2.3 2.4 2.5 10.3
        8.5 8.4 8.3 8.2 8.1 10.2
        ...
        solution
        ...
        end

    ``size n`` (or ``rows``/``cols``) gives the board; ``clabels`` the column counts, ``rlabels`` the
    row counts, one line each; ``labels`` one line per row, each cell ``t.p``: thermometer t, its
    p-th cell counted from the bulb (p = 1). ``begin``/``end`` may be left out; a ``solution``
    (or ``problem``) block is skipped, as are the lines naming the author, source and so on.
    """
    lines = [line for line in text_lines(text, "janko", header="none", where="Janko text", max_len=2_000_000)]
    keyed: dict[str, tuple[int, list[str]]] = {}
    rows = cols = None
    k = 0
    while k < len(lines):
        number_, line = lines[k]
        words = line.split()
        key = words[0].lower()
        if key in ("begin", "end"):
            k += 1
            continue
        if key in JANKO_INFO:
            k += 1
            continue
        if key in ("size", "rows", "cols"):
            if len(words) != 2:
                raise PuzzleError(f"line {number_}: expected '{key} n'")
            value = number(words[1], f"line {number_}, {key}")
            _check_side(value, key if key != "size" else "rows", f"line {number_}")
            rows = value if key in ("size", "rows") else rows
            cols = value if key in ("size", "cols") else cols
            k += 1
            continue
        if key in ("clabels", "rlabels", "labels", "solution", "problem"):
            if len(words) != 1:
                raise PuzzleError(f"line {number_}: {key!r} stands alone on its line, the data follows")
            block = []
            k += 1
            while k < len(lines) and lines[k].text.split()[0].lower() not in (
                    "clabels", "rlabels", "labels", "solution", "problem", "end", "size", "rows", "cols", *JANKO_INFO):
                block.append(lines[k])
                k += 1
            if key in keyed:
                raise PuzzleError(f"line {number_}: a second {key!r} block")
            keyed[key] = (number_, block)
            continue
        raise PuzzleError(f"line {number_}: {words[0][:20]!r} is not a word of Janko's format (expected size, "
                          "clabels, rlabels, labels, ...)")
    for key in ("clabels", "rlabels", "labels"):
        if key not in keyed:
            raise PuzzleError(f"Janko text: no {key!r} block (the " + {"clabels": "column counts",
                              "rlabels": "row counts", "labels": "thermometer cells"}[key] + ")")
    return _janko_board(keyed, rows, cols)


def _janko_counts(keyed, key: str, size: int | None) -> list[int]:
    start, block = keyed[key]
    if len(block) != 1:
        raise PuzzleError(f"line {start}: {key!r} is followed by one line of counts, found {len(block)}")
    words = block[0].text.split()
    if size is not None and len(words) != size:
        raise PuzzleError(f"line {block[0].number}: {len(words)} counts, the board has {size}")
    _check_side(len(words), "counts", f"line {block[0].number}")
    return [number(w, f"line {block[0].number}, count {j}") for j, w in enumerate(words)]


def _janko_board(keyed, rows: int | None, cols: int | None) -> Data:
    col_counts = _janko_counts(keyed, "clabels", cols)
    row_counts = _janko_counts(keyed, "rlabels", rows)
    start, block = keyed["labels"]
    if len(block) != len(row_counts):
        raise PuzzleError(f"line {start}: 'labels' has {len(block)} rows, the board {len(row_counts)}")
    places: dict[int, dict[int, Cell]] = {}
    for r, (n, line) in enumerate(block):
        words = line.split()
        if len(words) != len(col_counts):
            raise PuzzleError(f"line {n}: {len(words)} cells, the board has {len(col_counts)} columns")
        for c, word in enumerate(words):
            match = _JANKO_CELL.fullmatch(word)
            if match is None:
                raise PuzzleError(f"line {n}, column {c}: {word[:12]!r} is not a thermometer cell 't.p' (thermometer "
                                  "t, place p from the bulb)")
            t, place = int(match[1]), int(match[2])
            if place in places.setdefault(t, {}):
                raise PuzzleError(f"line {n}, column {c}: thermometer {t} has two cells at place {place}")
            places[t][place] = (r, c)
    therms = []
    for t in sorted(places):
        missing = sorted(set(range(1, len(places[t]) + 1)) - set(places[t]))
        if missing:
            raise PuzzleError(f"Janko text: thermometer {t} has no cell at place {missing[0]} (places run 1, 2, ... "
                              "from the bulb)")
        therms.append([places[t][p] for p in range(1, len(places[t]) + 1)])
    return dict(rows=row_counts, cols=col_counts, thermometers=therms)


def write_janko(puzzle) -> str:
    """Janko's text of a board (thermometers numbered 1, 2, ... in reading order of their bulbs)."""
    nrows, ncols = len(puzzle.rows), len(puzzle.cols)
    grid = [[""] * ncols for _ in range(nrows)]
    for t, cells in enumerate(puzzle.thermometers, 1):
        for place, (r, c) in enumerate(cells, 1):
            grid[r][c] = f"{t}.{place}"
    size = [f"size {nrows}"] if nrows == ncols else [f"rows {nrows}", f"cols {ncols}"]
    out = ["begin", "puzzle thermometer", *size, "clabels", " ".join(map(str, puzzle.cols)), "rlabels",
           " ".join(map(str, puzzle.rows)), "labels", *(" ".join(row) for row in grid), "end"]
    return "\n".join(out) + "\n"


#: The formats a board is read from and written to (Hartmann's data is not text: ``Puzzle.from_dependencies``).
FORMATS = (
    Format("text", read_text, write_text, "the course's text format (see the package docstring)"),
    Format("puzzleteam", read_puzzleteam, write_puzzleteam, "Puzzle Team task strings (square boards)"),
    Format("penpa", read_penpa, write_penpa, "a penpa-edit link (thermometer objects, counts outside the board)"),
    Format("janko", read_janko, write_janko, "Janko's text (janko.at): clabels, rlabels, and 't.p' thermometer "
           "cells under labels"),
)
