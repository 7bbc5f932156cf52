"""formats.py: Star Battle's kind and its formats; strings in, plain data out (and back).

Every reader returns the Puzzle's keyword arguments: ``regions`` (rows of region names, one per
cell) and ``stars`` (k, the stars of every row, column and region); ``board.py`` validates them.
Every writer takes the Puzzle duck-typed (its region numbers ``region_of``, numbered in reading
order of each region's first cell, and ``stars``). The puzz.link header and walls come from
:mod:`puzzlelib.core.codecs`. Every error names the line, column or character at fault.

The text format::

    starbattle
    stars 1
    aaabbb
    abbbcc
    addeec
    ffddec
    feeeec
    fccccc

The first line names the puzzle (it may be left out); ``stars k`` gives the stars of every row,
column and region; then one line per row, one letter per cell (``a``-``z``, then ``A``-``Z``);
cells with the same letter form one region. Lines starting with ``#`` are comments.

Three formats people share are read and written too: penpa-edit links (``penpa``, k written outside
the board or ``stars=k;`` in front), puzz.link URLs (``puzzlink``, below) and the
task strings of puzzle-star-battle.com (``puzzleteam``): ``stars=1;1,2,2,2,3,1,4,...``, k and then
the page's own task, one region id per cell in reading order (see :func:`read_puzzleteam`).
"""

from __future__ import annotations

import re
import string
from collections import Counter

from ..core import codecs
from ..core.codecs import (borders_from_regions, decode_borders, encode_borders, grid_rows, penpa_corner_key,
                           penpa_point, read_puzzlink_header, regions_from_borders, text_lines, write_puzzlink_url)
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import MAX_SIDE, check_shape, check_text

KIND = "starbattle"
#: The letters that name regions in the text format, in the order the writer gives them out.
LETTERS = string.ascii_lowercase + string.ascii_uppercase
#: The largest k the readers take (a star count of 3 or more digits is a typo, not a puzzle).
MAX_STARS_WORD = 2


def region_label(index: int) -> str:
    """The letter of region ``index`` (0-based, reading order): a..z, then A..Z."""
    if not 0 <= index < len(LETTERS):
        raise PuzzleError(f"region {index}: the text format names at most {len(LETTERS)} regions")
    return LETTERS[index]


def _stars_word(word: str, where: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > MAX_STARS_WORD:
        raise PuzzleError(f"{where}: {word[:20]!r} is not a star count (a whole number from 1)")
    return int(word)


# --------------------------------------------------------------------------------------------- #
# The text format
# --------------------------------------------------------------------------------------------- #
def read_text(text) -> dict:
    """The text format (see the module docstring) as ``dict(regions=..., stars=...)``."""
    lines = text_lines(text, KIND, header="optional")
    if len(lines) < 2:
        raise PuzzleError(f"{KIND} text: expected a line 'stars k' and the board's rows, found "
                          f"{len(lines)} line{'s' if len(lines) != 1 else ''}")
    words = lines[0].text.split()
    if words[0].lower() != "stars" or len(words) != 2:
        raise PuzzleError(f"line {lines[0].number}: expected 'stars k' (k stars in every row, column and region), "
                          f"found {lines[0].text[:40]!r}")
    stars = _stars_word(words[1], f"line {lines[0].number}")
    grid = grid_rows(lines[1:], f"{KIND} text", LETTERS)
    return dict(regions=[list(row) for row in grid], stars=stars)


def write_text(puzzle) -> str:
    """The text format of a board (its regions lettered a, b, ... in reading order)."""
    rows = ["".join(region_label(t) for t in line) for line in puzzle.region_of]
    return "\n".join([KIND, f"stars {puzzle.stars}", *rows]) + "\n"


# --------------------------------------------------------------------------------------------- #
# puzz.link / pzprjs URLs
# --------------------------------------------------------------------------------------------- #
def read_puzzlink(url) -> dict:
    """Read a puzz.link (pzprjs) Star Battle URL, ``https://puzz.link/p?starbattle/<cols>/<rows>/<k>/<walls>``.

    From pzprjs' ``src/variety/starbattle.js`` (``decodeStarCount``, then ``decodeBorder``): after
    the ``?`` come the genre (``starbattle``, also ``starbattle_edit``/``_play``), the number of
    columns, the number of rows, the star count k in decimal and a ``/``, then the walls five to a
    base-32 character (``0-9a-v``, most significant bit first): the ``(cols-1)*rows`` walls between
    horizontal neighbours row by row, then the ``cols*(rows-1)`` between vertical neighbours. The
    regions are the pieces the walls cut the board into. The board must be square.
    """
    head = read_puzzlink_header(url, (KIND,), square=True)
    count, _, walls = head.body.partition("/")
    if not _:
        raise PuzzleError("puzz.link URL: expected '<k>/<walls>' after the size, found no '/' after the star count")
    stars = _stars_word(count, "puzz.link URL: the star count")
    borders, rest = decode_borders(walls, head.rows, head.cols)
    if rest.strip("/"):
        raise PuzzleError(f"puzz.link URL: {len(rest)} characters left over after the walls")
    return dict(regions=regions_from_borders(borders), stars=stars)


def write_puzzlink(puzzle) -> str:
    """The puzz.link URL of a board."""
    n = len(puzzle.region_of)
    return write_puzzlink_url(KIND, n, n, f"{puzzle.stars}/" + encode_borders(borders_from_regions(puzzle.region_of)))


# --------------------------------------------------------------------------------------------- #
# puzzle-star-battle.com task strings (the Puzzle Team sites' "var task")
# --------------------------------------------------------------------------------------------- #
#: The star count in front of a task string: ``stars=2;`` (``k=2;`` is read too).
STARS_PREFIX = re.compile(r"\s*(?:stars|k)\s*=\s*(\S*?)\s*", re.IGNORECASE)
#: The longest region id the reader takes (a 200x200 board has ids up to 200).
MAX_ID_WORD = 3


def read_puzzleteam(task, stars: int | None = None) -> dict:
    """Read a puzzle-star-battle.com task string, ``stars=k;i1,i2,...,i(n*n)``.

    The site's page holds the board as ``var task = '1,2,2,2,3,1,4,...'`` (read by the scrapers of
    public solvers, which split it at the commas and take the region ids 1-based): one region id
    per cell, in reading order (row by row), joined by ``,``. The star count k is not in the task:
    the page gives it beside the board (its variants "5x5 1★", "8x8 1★", "10x10 2★", "14x14 3★",
    ...), so the course's form puts it in front, ``stars=k;`` (``k=k;`` is read too). A bare task
    is read only with ``stars=k`` given (:meth:`Puzzle.from_puzzleteam`); given twice, they must agree.

    Nothing is guessed: the number of ids must be n*n, the ids the site's 1..n (0..n-1 is read
    too, not a mix of both), every one of the n regions present and each in one piece; the
    error names the entry (0-based, with its cell) at fault.
    """
    task = check_text(task, "task string").strip()
    head, sep, body = task.partition(";") if ";" in task else ("", "", task)
    if sep:
        match = STARS_PREFIX.fullmatch(head)
        if not match:
            raise PuzzleError(f"task string: expected 'stars=k;' before the region ids, found {head[:30]!r}")
        written = _stars_word(match[1], "task string: the star count")
        if stars is not None and stars != written:
            raise PuzzleError(f"task string: it says stars={written}, but stars={stars} was given")
        stars = written
    elif stars is None:
        raise PuzzleError("task string: no star count; put 'stars=k;' in front of the region ids "
                          "(the site names k beside the board: 1 on 5x5 to 8x8, 2 on 10x10, 3 on 14x14)")
    ids = _task_ids(body)
    return dict(regions=_task_regions(ids), stars=stars)


def _task_ids(body: str) -> list[int]:
    """The region ids of a task's body, each checked to be a whole number."""
    if not body.strip():
        raise PuzzleError("task string: no region ids (expected 'stars=k;' and then n*n ids joined by ',')")
    words = body.split(",")
    n = round(len(words) ** 0.5)
    if n * n != len(words):
        raise PuzzleError(f"task string: {len(words)} region ids, which is no n*n (an n x n board has n*n; "
                          f"{n}x{n} has {n * n})")
    check_shape(n, n, "task string", MAX_SIDE)
    ids = []
    for k, word in enumerate(words):
        word = word.strip()
        if not (word.isascii() and word.isdigit()) or len(word) > MAX_ID_WORD:
            raise PuzzleError(f"task string: entry {k} (cell ({k // n}, {k % n})) is {word[:20]!r}, "
                              "not a region id (a whole number)")
        ids.append(int(word))
    return ids


def _task_regions(ids: list[int]) -> list[list[int]]:
    """The rows of region ids (1-based; 0-based ids are shifted up), checked: ids in 1..n, n regions,
    each in one piece."""
    n = round(len(ids) ** 0.5)
    zero, top = (ids.index(v) if v in ids else None for v in (0, n))
    if zero is not None and top is not None:
        raise PuzzleError(f"task string: entry {zero} (cell ({zero // n}, {zero % n})) is 0 and entry {top} "
                          f"(cell ({top // n}, {top % n})) is {n}: the ids of a {n}x{n} board "
                          f"run from 1 to {n} (or from 0 to {n - 1}), not both")
    shift = 1 if zero is not None else 0
    ids = [v + shift for v in ids]
    for k, v in enumerate(ids):
        if v > n:
            raise PuzzleError(f"task string: entry {k} (cell ({k // n}, {k % n})) is region {v - shift}, but a "
                              f"{n}x{n} board has {n} regions, {1 - shift} to {n - shift}")
    missing = sorted(set(range(1, n + 1)) - set(ids))
    if missing:
        raise PuzzleError(f"task string: no cell is in region {missing[0] - shift}; a {n}x{n} board needs {n} "
                          f"regions, {1 - shift} to {n - shift}, and this one has {n - len(missing)}")
    regions = [ids[r * n:(r + 1) * n] for r in range(n)]
    _check_pieces(regions, shift)
    return regions


def _check_pieces(regions: list[list[int]], shift: int) -> None:
    """Each region id marks one orthogonally connected piece (the error names two entries apart)."""
    n = len(regions)
    sizes = Counter(v for line in regions for v in line)
    seen: set = set()
    for start in ((r, c) for r in range(n) for c in range(n)):
        region = regions[start[0]][start[1]]
        if region in seen:
            continue
        seen.add(region)
        reached, stack = {start}, [start]
        while stack:
            r, c = stack.pop()
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= rr < n and 0 <= cc < n and (rr, cc) not in reached and regions[rr][cc] == region:
                    reached.add((rr, cc))
                    stack.append((rr, cc))
        if len(reached) != sizes[region]:
            apart = next((r, c) for r in range(n) for c in range(n)
                         if regions[r][c] == region and (r, c) not in reached)
            raise PuzzleError(f"task string: region {region - shift} is in more than one piece: entry "
                              f"{start[0] * n + start[1]} (cell {start}) and entry {apart[0] * n + apart[1]} "
                              f"(cell {apart}) are not joined (a region must be one piece)")


def write_puzzleteam(puzzle) -> str:
    """The task string of a board, ``stars=k;`` and the region ids 1..n (numbered in reading order)."""
    return f"stars={puzzle.stars};" + ",".join(str(t + 1) for line in puzzle.region_of for t in line)


# --------------------------------------------------------------------------------------------- #
# penpa-edit links
# --------------------------------------------------------------------------------------------- #
def read_penpa(url) -> dict:
    """Read a penpa-edit link of a Star Battle: the regions and the star count k.

    The regions are the pieces penpa's grid lines (``lineE``) cut the board into. k is the one
    number written outside the board, where penpa's own puzz.link import puts it (in the top
    margin, a star symbol beside it; penpa-edit's general.js, case "starbattle"). A link without
    it is read with ``stars=k;`` in front (``stars=2;https://...``). Numbers or stars on the board,
    shading and any other mark are refused by name.
    """
    text = check_text(url, "penpa link", codecs.MAX_URL).strip()
    head, sep, rest = text.partition(";")
    written = None
    if sep and STARS_PREFIX.fullmatch(head):
        written = _stars_word(STARS_PREFIX.fullmatch(head)[1], "penpa link: the star count")
        text = rest
    pen = codecs.read_penpa(text)
    pen.claim("Star Battle", ("starbattle",))
    counts = []
    for (r, c), word in pen.numbers().items():
        if pen.inside((r, c)):
            raise PuzzleError(f"penpa link: a number on the board (cell ({r}, {c}): {word[:8]!r}), which a Star Battle "
                              "does not have")
        counts.append(word)
    for key, entry in pen.part("symbol").items():
        cell = pen.cell(key, f"penpa link: symbol at point {str(key)[:12]}")
        name = entry[1] if isinstance(entry, list) and len(entry) > 1 else entry
        if name != "star" or pen.inside(cell):
            raise PuzzleError(f"penpa link: a symbol {str(name)[:20]!r} at cell {cell}; a Star Battle board has only "
                              "regions (a star placed in advance is not read)")
    if len(counts) > 1:
        raise PuzzleError(f"penpa link: {len(counts)} numbers outside the board; the star count is one number")
    if counts:
        stars = _stars_word(counts[0], "penpa link: the star count")
        if written is not None and written != stars:
            raise PuzzleError(f"penpa link: the link says {stars} stars, but stars={written} was given")
    elif written is None:
        raise PuzzleError("penpa link: the link holds no star count; put 'stars=k;' in front of it (k stars in every "
                          "row, column and region)")
    else:
        stars = written
    pen.refuse_others({"number", "symbol", "lineE"}, "Star Battle")
    return dict(regions=regions_from_borders(pen.borders()), stars=stars)


def write_penpa(puzzle) -> str:
    """The penpa-edit link of a board, laid out as penpa's own puzz.link import lays it out: a margin
    of one cell all round, k and a star above the board's top right, the regions as thick lines."""
    n, space = len(puzzle.region_of), (1, 1, 1, 1)
    regions = puzzle.region_of
    walls = {penpa_corner_key(space, n + 2, n + 2, (r, c), (r + dr, c + dc)): 2 for r in range(n) for c in range(n)
             for dr, dc in ((0, 1), (1, 0)) if r + dr < n and c + dc < n and regions[r][c] != regions[r + dr][c + dc]}
    parts = {"lineE": walls, "number": {str(penpa_point(space, n + 2, (-1, n - 2))): [str(puzzle.stars), 1, "1"]},
             "symbol": {str(penpa_point(space, n + 2, (-1, n - 1))): [2, "star", 2]}}
    return codecs.write_penpa(n, n, space, parts, ["starbattle"])


FORMATS = (
    Format("text", read_text, write_text, "the course's text: 'stars k', then a region letter per cell"),
    Format("puzzlink", read_puzzlink, write_puzzlink, "a puzz.link / pzprjs URL (the star count, then walls)"),
    Format("puzzleteam", read_puzzleteam, write_puzzleteam,
           "a puzzle-star-battle.com task string with k in front: 'stars=k;' then a region id (1..n) per cell"),
    Format("penpa", read_penpa, write_penpa, "a penpa-edit link (regions as grid lines, k written outside the board)"),
)
