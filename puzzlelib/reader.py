"""One door for every puzzle: ``read(text)`` finds the kind and the format of whatever is pasted.

What it recognises, in this order:

1. a first line naming the puzzle (``sudoku``, ``binairo``, ...): that puzzle's formats only;
2. a link (``https://puzz.link/p?genre/...``, ``pzv.jp``, any host): the puzzles with a link
   format, of which the one whose genre it is reads it;
3. anything else (a grid, a one-line grid, a task string, JSON): every puzzle's formats.

Each puzzle tries its own formats through :meth:`PuzzleData.read` (the text format first, task
strings and links first for a text of one line). Nothing is read as something else: when boards
of two kinds read the same text, the error names both and asks for the line naming the puzzle;
when nothing reads, one PuzzleError names what was tried and the fault of the closest reading
(the one that got furthest: past the grammar to the board's rules, the right kind of text, the
latest line and column).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from . import registry
from .core.codecs import ForeignLink
from .core.errors import PuzzleError
from .core.interface import URL_FORMATS, Attempt, attempts, closest, text_shape
from .core.validate import check_text

#: The longest text ``read`` takes (the longest any puzzle's reader takes).
MAX_TEXT = 1_000_000


class Reading(NamedTuple):
    """What :func:`identify` found: the kind, the format that read the text, and the board."""

    kind: str
    format: str
    puzzle: Any


def named_kind(text: str, kinds) -> str | None:
    """The kind named by the first meaningful line (its first word, any case, ``:`` allowed), if any."""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") and line.split()[0] == "#" and len(line.split()) > 1 \
                and line.split()[1].lower() not in kinds:
            continue
        word = line.split()[0].lower().rstrip(":")
        return word if word in kinds else None
    return None


def identify(text, kind: str | None = None) -> Reading:
    """The kind, format and board of ``text`` (see the module docstring); ``kind`` limits the search."""
    text = check_text(text, "puzzle text", MAX_TEXT)
    if not text.strip():
        raise PuzzleError("puzzle text: empty (paste a puzzle: its text, a one-line grid, a task string or a link)")
    tables = registry.tables()
    if kind is None:
        kind = named_kind(text, tables)
    if kind is not None:
        table = registry.table(kind)
        return _found(kind, _only(kind, attempts(table.Puzzle, text)))
    url = text_shape(text) == "url"
    tried: dict[str, list[Attempt]] = {}
    for name, table in tables.items():
        cls = table.Puzzle
        if url:
            links = [f for f in cls.FORMATS if f.name in URL_FORMATS]
            if not links:
                continue
            tried[name] = [a for a in attempts(_Only(cls, links), text)]
        else:
            tried[name] = attempts(cls, text)
    read = {name: runs[-1] for name, runs in tried.items() if runs and runs[-1].puzzle is not None}
    read = _set_aside_impossible(read)
    if len(read) == 1:
        (name, found), = read.items()
        return Reading(name, found.format, found.puzzle)
    if read:
        both = " and ".join(f"{name} ({found.format})" for name, found in read.items())
        lines = " or ".join(f"{name!r} to read it as {name} ({found.format})" for name, found in read.items())
        raise PuzzleError(f"this text reads as more than one puzzle: {both}; put the puzzle's name on a first "
                          f"line to say which: {lines}")
    raise _nothing_reads(tried, url)


def _set_aside_impossible(read: dict[str, Attempt]) -> dict[str, Attempt]:
    """The readings left once a reading that can never be solved is set aside (issue 28).

    One case is told apart this way, and safely: a line of digits (Norvig's 81 digits with 0 for
    an empty cell, "4000008050300...") reads both as a Sudoku and as a Puzzle Team Infinity Loop
    task string (the length is a square; 0-9 are tile codes). A Sudoku reading exists only when
    the givens keep the rules (no digit twice in a row, column or box: the board checks that).
    As an Infinity Loop, a tile with more pipe ends than non-empty neighbours can never be joined
    up, whatever the rotations (each end needs a tile next to it in its own direction), so that
    board has no solution and is not a puzzle anyone shares; a Sudoku line has one as soon as a
    given stands among empty cells (a digit with fewer non-zero neighbours than its bits), which
    is every real Sudoku line we know. Then the Sudoku reading is the only one left. A line whose
    every digit is joined well enough stays ambiguous, and the message asks for the first line.
    """
    if set(read) != {"sudoku", "infinityloop"}:
        return read
    tiles = read["infinityloop"].puzzle.tiles
    rows, cols = len(tiles), len(tiles[0])

    def neighbours(r: int, c: int) -> int:
        return sum(1 for dr, dc in ((0, 1), (-1, 0), (0, -1), (1, 0))
                   if 0 <= r + dr < rows and 0 <= c + dc < cols and tiles[r + dr][c + dc])

    if any(bin(tiles[r][c]).count("1") > neighbours(r, c) for r in range(rows) for c in range(cols)):
        return {"sudoku": read["sudoku"]}
    return read


class _Only:
    """A Puzzle class seen with only some of its formats (the link formats, for a URL)."""

    def __init__(self, cls, formats):
        self.cls, self.FORMATS = cls, tuple(formats)
        self.__module__ = cls.__module__

    def __call__(self, **kwargs):
        return self.cls(**kwargs)


def _only(kind: str, tried: list[Attempt]) -> Attempt:
    if tried and tried[-1].puzzle is not None:
        return tried[-1]
    if len(tried) == 1:
        raise tried[0].error
    best = closest(tried)
    raise PuzzleError(f"{kind}: none of its formats reads this text (tried {', '.join(a.format for a in tried)}); "
                      f"the closest, {best.format}, says: {best.error}")


def _found(kind: str, found: Attempt) -> Reading:
    return Reading(kind, found.format, found.puzzle)


def _nothing_reads(tried: dict[str, list[Attempt]], url: bool) -> PuzzleError:
    if not tried:
        return PuzzleError("a link, but no puzzle of the course reads links")
    if url:
        foreign = [a.error for runs in tried.values() for a in runs if isinstance(a.error, ForeignLink)]
        matched = {name: runs for name, runs in tried.items() if not all(isinstance(a.error, ForeignLink) for a in runs)}
        if foreign and not matched:
            known = ", ".join(sorted({g for error in foreign for g in error.expected}))
            genre = next((error.genre for error in foreign if error.genre), None)
            if genre is not None:
                return PuzzleError(f"puzz.link URL: the genre {genre[:30]!r} is not one the course reads (it reads "
                                   f"{known})")
            return PuzzleError(f"no puzzle of the course reads this link (it reads {known})")
        tried = matched or tried
    best_kind, best = max(((name, closest(runs)) for name, runs in tried.items() if runs),
                          key=lambda pair: pair[1].progress)
    what = "link" if url else "text"
    kinds = "; ".join(f"{name} ({', '.join(a.format for a in runs)})" for name, runs in tried.items())
    return PuzzleError(f"no puzzle of the course reads this {what} (tried {kinds}); the closest, {best_kind}'s "
                       f"{best.format} format, says: {best.error}")


def read(text, kind: str | None = None):
    """The board ``text`` describes, whatever the puzzle and the format (see :func:`identify`)."""
    return identify(text, kind).puzzle


def kind_of(puzzle) -> str:
    """The kind of a board read by :func:`read` (the folder of its Puzzle class)."""
    module = type(puzzle).__module__
    if not module.startswith("puzzlelib."):
        raise PuzzleError(f"kind_of: expected a puzzle board, got {type(puzzle).__name__}")
    return module.split(".")[1]
