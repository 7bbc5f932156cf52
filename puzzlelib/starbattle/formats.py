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
"""

from __future__ import annotations

import string

from ..core.codecs import (borders_from_regions, decode_borders, encode_borders, grid_rows, read_puzzlink_header,
                           regions_from_borders, text_lines, write_puzzlink_url)
from ..core.errors import PuzzleError
from ..core.interface import Format

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


FORMATS = (
    Format("text", read_text, write_text, "the course's text: 'stars k', then a region letter per cell"),
    Format("puzzlink", read_puzzlink, write_puzzlink, "a puzz.link / pzprjs URL (the star count, then walls)"),
)
