"""Aquarium boards as strings and back: plain data in, plain data out (``board.py`` validates).

Every reader returns ``(regions, rows, cols)``: ``regions`` a list of rows of tank ids, ``rows`` and
``cols`` lists of counts where ``None`` means "no clue". Every writer takes a grid of tank numbers
``0..k-1`` (numbered in reading order of each tank's first cell) and the counts. Readers refuse
what they cannot read with one :class:`PuzzleError` naming the line, count or character at fault;
sizes are checked before anything of that size is built.
"""

from __future__ import annotations

import re

from ..core.errors import PuzzleError
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
def parse_text(text) -> tuple[list[list[str]], list[int | None], list[int | None]]:
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
    text = check_text(text, "aquarium text")
    lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1)
             if line.strip() and not line.strip().startswith("#")]
    if lines and lines[0][1][0].lower() == KIND:
        if len(lines[0][1]) > 1:
            raise PuzzleError(f"line {lines[0][0]}: the line naming the puzzle must hold only '{KIND}'")
        lines = lines[1:]
    if len(lines) < 2:
        raise PuzzleError("aquarium text: expected a line of column counts and at least one row")
    if len(lines) - 1 > MAX_SIDE or len(lines[0][1]) > MAX_SIDE:
        check_shape(len(lines) - 1, len(lines[0][1]))
    n_cols, words = lines[0]
    cols = [_count_word(w, f"line {n_cols}, column count {j}") for j, w in enumerate(words)]
    regions, rows = [], []
    for n, words in lines[1:]:
        if len(words) != len(cols) + 1:
            raise PuzzleError(f"line {n}: expected a count and {len(cols)} tank names, found {len(words)} items")
        rows.append(_count_word(words[0], f"line {n}, row count"))
        for c, word in enumerate(words[1:]):
            if not NAME.fullmatch(word):
                raise PuzzleError(f"line {n}, cell {c}: {word!r} is not a tank name "
                                  "(1 to 12 letters, digits or '_')")
        regions.append(words[1:])
    return regions, rows, cols


def write_text(tanks: list[list[int]], rows, cols) -> str:
    """The text format of a board whose cells hold tank numbers 0..k-1."""
    names = [[tank_label(t) for t in line] for line in tanks]
    shown = [[NO_CLUE if v is None else str(v) for v in counts] for counts in (rows, cols)]
    width = max(len(w) for w in (*shown[1], *(n for line in names for n in line)))
    pad = max(len(w) for w in shown[0])
    out = [KIND, " " * pad + " " + " ".join(w.rjust(width) for w in shown[1])]
    for r, line in enumerate(names):
        out.append(shown[0][r].rjust(pad) + " " + " ".join(n.rjust(width) for n in line))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------- #
# Puzzle Team task strings (puzzle-aquarium.com; seed 002's importer)
# --------------------------------------------------------------------------------------------- #
def parse_puzzleteam(task) -> tuple[list[list[int]], list[int], list[int]]:
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
    return regions, counts[n:], counts[:n]


def write_puzzleteam(tanks: list[list[int]], rows, cols) -> str:
    """The task string of a square board with every count given (tank ids 1-based)."""
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
BASE32 = "0123456789abcdefghijklmnopqrstuv"
URL_PREFIX = "https://puzz.link/p?aquarium/r/"


def parse_puzzlink(url) -> tuple[list[list[int]], list[int | None], list[int | None]]:
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
       top to bottom: a hex digit is a count 0-15, ``-`` and two hex digits a count 16-255, and a
       letter ``g``-``z`` skips 1-20 clues (no clue).

    Tanks are the regions the walls cut the board into. Without the ``r`` flag pzprjs checks a
    looser rule (separate pools of one tank may stand at different heights); boards are read the
    same way, and solved here with one level per tank.
    """
    url = check_text(url, "puzz.link URL", max_len=100_000).strip()
    if "?" not in url:
        raise PuzzleError("puzz.link URL: expected '...p?aquarium/<cols>/<rows>/<body>', found no '?'")
    parts = url.split("?", 1)[1].split("/")
    genre = re.sub(r"_(edit|play)$", "", parts[0])
    if genre != KIND:
        raise PuzzleError(f"puzz.link URL: the genre is {genre[:30]!r}, not {KIND!r}")
    parts = parts[1:]
    if parts and parts[0].startswith("v:"):
        raise PuzzleError(f"puzz.link URL: variant {parts[0][:30]!r} is not an Aquarium this library reads")
    if parts and parts[0] and not parts[0].isdigit():
        if parts[0] != "r":
            raise PuzzleError(f"puzz.link URL: unknown flag {parts[0][:30]!r} (only 'r' is known)")
        parts = parts[1:]
    if len(parts) < 3:
        raise PuzzleError("puzz.link URL: expected <cols>/<rows>/<body> after the genre")
    for word, what in ((parts[0], "columns"), (parts[1], "rows")):
        if not (word.isascii() and word.isdigit()) or len(word) > 4:
            raise PuzzleError(f"puzz.link URL: the number of {what} ({word[:20]!r}) is not a whole number")
    nrows, ncols = check_shape(int(parts[1]), int(parts[0]), "puzz.link URL")
    body = "/".join(parts[2:])
    if body.endswith("/") and body.count("/") > 1:
        body = body[:-1]
    walls, rest = _read_walls(body, nrows, ncols)
    if not rest.startswith("/"):
        raise PuzzleError("puzz.link URL: expected '/' between the walls and the clues"
                          + (" (the body ends after the walls)" if not rest else f", found {rest[:1]!r}"))
    clues = _read_clues(rest[1:], ncols + nrows)
    return _regions_from_walls(walls, nrows, ncols), clues[ncols:], clues[:ncols]


def _read_walls(body: str, nrows: int, ncols: int):
    n_vertical, n_horizontal = (ncols - 1) * nrows, ncols * (nrows - 1)
    chars_v, chars_h = -(-n_vertical // 5), -(-n_horizontal // 5)
    need = chars_v + chars_h
    head = body[:need]
    if len(head) < need or "/" in head:
        found = len(head.split("/")[0])
        raise PuzzleError(f"puzz.link URL: the walls of a {nrows}x{ncols} board need {need} characters, "
                          f"found {found} (a truncated body?)")
    bits = []
    for start, count, chars in ((0, n_vertical, chars_v), (chars_v, n_horizontal, chars_h)):
        part = []
        for k, ch in enumerate(head[start:start + chars]):
            if ch not in BASE32:
                raise PuzzleError(f"puzz.link URL: wall character {start + k} ({ch!r}) is not base 32 (0-9, a-v)")
            value = BASE32.index(ch)
            part += [(value >> (4 - w)) & 1 for w in range(5)]
        bits.append(part[:count])
    return bits, body[need:]


def _read_clues(text: str, total: int) -> list[int | None]:
    clues: list[int | None] = []
    i = 0
    while i < len(text) and len(clues) < total:
        ch = text[i]
        if ch in "0123456789abcdef":
            clues.append(int(ch, 16))
        elif ch == "-":
            pair = text[i + 1:i + 3]
            if len(pair) < 2 or any(p not in "0123456789abcdef" for p in pair):
                raise PuzzleError(f"puzz.link URL: clue {len(clues)}: '-' must be followed by two hex digits")
            clues.append(int(pair, 16))
            i += 2
        elif "g" <= ch <= "z":
            clues += [None] * (int(ch, 36) - 15)
        elif ch == ".":
            raise PuzzleError(f"puzz.link URL: clue {len(clues)} is '?', which an Aquarium count cannot be")
        else:
            raise PuzzleError(f"puzz.link URL: clue character {i} ({ch!r}) is not a clue")
        i += 1
    if len(clues) < total:
        raise PuzzleError(f"puzz.link URL: {len(clues)} clues read, the board has {total} (a truncated body?)")
    if i < len(text):
        raise PuzzleError(f"puzz.link URL: {len(text) - i} characters left over after the clues")
    if len(clues) > total:
        raise PuzzleError(f"puzz.link URL: the last skip letter runs past the {total} clues of the board")
    return clues


def _regions_from_walls(walls, nrows: int, ncols: int) -> list[list[int]]:
    """Number the regions the walls cut the board into, in reading order (a flood fill, no recursion)."""
    vertical, horizontal = walls
    region = [[-1] * ncols for _ in range(nrows)]
    count = 0
    for r0 in range(nrows):
        for c0 in range(ncols):
            if region[r0][c0] >= 0:
                continue
            region[r0][c0] = count
            stack = [(r0, c0)]
            while stack:
                r, c = stack.pop()
                steps = []
                if c + 1 < ncols and not vertical[r * (ncols - 1) + c]:
                    steps.append((r, c + 1))
                if c > 0 and not vertical[r * (ncols - 1) + c - 1]:
                    steps.append((r, c - 1))
                if r + 1 < nrows and not horizontal[r * ncols + c]:
                    steps.append((r + 1, c))
                if r > 0 and not horizontal[(r - 1) * ncols + c]:
                    steps.append((r - 1, c))
                for rr, cc in steps:
                    if region[rr][cc] < 0:
                        region[rr][cc] = count
                        stack.append((rr, cc))
            count += 1
    return region


def write_puzzlink(tanks: list[list[int]], rows, cols) -> str:
    """The puzz.link URL of a board (with the ``r`` flag: one level per tank)."""
    nrows, ncols = len(tanks), len(tanks[0])
    vertical = [int(tanks[r][c] != tanks[r][c + 1]) for r in range(nrows) for c in range(ncols - 1)]
    horizontal = [int(tanks[r][c] != tanks[r + 1][c]) for r in range(nrows - 1) for c in range(ncols)]
    body = _pack(vertical) + _pack(horizontal) + "/" + _clue_string([*cols, *rows])
    return f"{URL_PREFIX}{ncols}/{nrows}/{body}"


def _pack(bits: list[int]) -> str:
    out = []
    for start in range(0, len(bits), 5):
        chunk = bits[start:start + 5]
        chunk += [0] * (5 - len(chunk))
        out.append(BASE32[sum(b << (4 - k) for k, b in enumerate(chunk))])
    return "".join(out)


def _clue_string(clues) -> str:
    out, skipped = [], 0
    for v in clues:
        if v is None:
            skipped += 1
            if skipped == 20:
                out.append("z")
                skipped = 0
            continue
        if skipped:
            out.append(_skip_letter(skipped))
            skipped = 0
        out.append(format(v, "x") if v < 16 else "-" + format(v, "02x"))
    if skipped:
        out.append(_skip_letter(skipped))
    return "".join(out)


def _skip_letter(count: int) -> str:
    """The letter that skips ``count`` (1-20) clues: g for 1 ... z for 20."""
    return "0123456789abcdefghijklmnopqrstuvwxyz"[15 + count]
