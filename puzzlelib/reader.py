"""One door for every puzzle: ``read(text)`` finds the kind and the format of whatever is pasted.

What it recognises, in this order:

0. what wraps a puzzle as people share it, unwrapped first (:func:`unwrap`): a title in front of a
   link ("Sudoku 9x9 2: https://puzz.link/..."), a link between ``<`` and ``>`` or in a Markdown
   link (``[Sudoku](https://puzz.link/...)``), a web link to one of Simon Tatham's puzzles (its
   game ID after ``#``), a Project Euler 96 grid (a ``Grid 01`` line, then nine rows of digits);
   and what holds no puzzle at all, refused by name (a SudokuPad short link: the puzzle is on
   SudokuPad's server, not in the link);
1. a first line naming the puzzle (``sudoku``, ``binairo``, ...): that puzzle's formats only;
2. a link (``https://puzz.link/p?genre/...``, ``pzv.jp``, any host): the puzzles with a link
   format, of which the one whose genre it is reads it;
3. anything else (a grid, a one-line grid, a task string, JSON): every puzzle's formats.

Each puzzle tries its own formats through :meth:`PuzzleData.read` (the text format first, task
strings and links first for a text of one line). Nothing is read as something else: when boards
of two kinds read the same text, the error names both and asks for the line naming the puzzle;
when nothing reads, one PuzzleError names what was tried and the fault of the format the text
looks most like, by evidence (:func:`looks_like`: a link's site and genre, a line of 81 digits and
dots, a Tatham game ID), else of the closest reading of the text's own shape (a link, one line,
several lines) that got past the grammar; a text with no such evidence is said to look like none.

:func:`read_in` is the door of one puzzle's Load box (the editors and the app): a text that reads as
another puzzle raises :class:`WrongTab`, which names that puzzle (the app opens its tab).
"""

from __future__ import annotations

import importlib
import re
from typing import Any, NamedTuple
from urllib.parse import unquote

from . import registry
from .core.codecs import PZPR_HOSTS, ForeignLink
from .core.errors import PuzzleError
from .core.interface import URL_FORMATS, Attempt, _format_shape, attempts, closest, one_line, text_shape
from .core.validate import check_text

#: The longest text ``read`` takes (the longest any puzzle's reader takes).
MAX_TEXT = 1_000_000


class _Found(NamedTuple):
    kind: str
    format: str
    puzzle: Any


class Reading(_Found):
    """What :func:`identify` found: the kind, the format that read the text, and the board (a triple);
    ``via`` says what wrapped it, when something did ("a web link to Tatham's Net", ...)."""

    via: str = ""

    def wrapped(self, via: str) -> Reading:
        """The same reading, saying what wrapped the text."""
        found = Reading(*self)
        found.via = via
        return found


class WrongTab(PuzzleError):
    """A text pasted for one puzzle that is a board of another: ``reading`` is that board."""

    def __init__(self, message: str, reading: Reading):
        super().__init__(message)
        self.reading = reading


class Unwrapped(NamedTuple):
    """A text with its wrapping taken off: the text to read, the kind and format the wrapping names
    (None: any), and what the wrapping was."""

    text: str
    kind: str | None = None
    format: str | None = None
    via: str = ""


#: Simon Tatham's games the course reads, by the name in a web link (``.../js/net.html#...``).
TATHAM_GAMES = {"net": "infinityloop", "unruly": "binairo"}
_TATHAM = re.compile(r"(?:https?://)?(?:www\.)?chiark\.greenend\.org\.uk/~sgtatham/puzzles/(?:js/|doc/)?"
                     r"(?P<game>[a-z]+)\.html?(?:#(?P<id>.*))?", re.I)
_SUDOKUPAD_HOST = re.compile(r"(?:https?://)?(?:[\w-]+\.)?(?:sudokupad\.app|sudokupad\.svencodes\.com|"
                             r"crackingthecryptic\.com)(?P<path>/[^?#\s]*)?(?P<query>\?\S*)?$", re.I)
_TITLED_LINK = re.compile(r"(?P<title>[^\n]{1,120}?)[\s:–—-]+(?P<url>https?://\S+)\s*")
#: A link as chat and Markdown wrap it: ``<https://...>`` (Discord's way to post a link without a
#: preview, and Markdown's autolink) or ``[title](https://...)``, with or without words in front.
_BRACKETED_LINK = re.compile(r"(?P<before>[^<>\[\]\n]*?)(?:<(?P<url>https?://[^<>\s]+)>"
                             r"|\[(?P<title>[^\[\]\n]{0,120})\]\((?P<link>https?://[^()\s]+)\))\s*")
_EULER = re.compile(r"grid\s*0*(\d{1,3})", re.I)


def unwrap(text: str) -> Unwrapped:
    """``text`` without what people wrap a puzzle in when they share it (see the module docstring)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) == 1:
        line = lines[0]
        bracketed = _BRACKETED_LINK.fullmatch(line)
        if bracketed:
            url = bracketed["url"] or bracketed["link"]
            words = (bracketed["title"] or "").strip()  # Reddit writes [https://...](https://...): no title
            title = ": ".join(filter(None, [bracketed["before"].strip(" :–—-"), "" if "://" in words else words]))
            inner = unwrap(f"{title}: {url}" if title else url)
            wrapper = "between < and >" if bracketed["url"] else "in a Markdown link"
            return inner._replace(via=" ".join(filter(None, [inner.via, wrapper])))
        titled = _TITLED_LINK.fullmatch(line)
        if titled and "://" not in titled["title"]:
            inner = unwrap(titled["url"])
            return inner._replace(via=" ".join(filter(None, [inner.via, f"after the title {titled['title']!r}"])))
        tatham = _TATHAM.fullmatch(line)
        if tatham:
            return _tatham_link(tatham)
        pad = _SUDOKUPAD_HOST.fullmatch(line)
        if pad and _sudokupad_short(pad):
            raise PuzzleError(f"a SudokuPad short link ({line[:80]}): the puzzle is stored on SudokuPad's server under "
                              "that name, not in the link, so it cannot be read here. Open it in SudokuPad (a "
                              "browser) and paste a link that holds the puzzle: sudokupad.app/scl... (SudokuPad's "
                              "own share link) or an f-puzzles link; or type the grid as 81 digits and dots")
        return Unwrapped(line)
    if lines and _EULER.fullmatch(lines[0]):
        return _euler_grid(lines)
    return Unwrapped(text)


def _tatham_link(match) -> Unwrapped:
    game = match["game"].lower()
    kind = TATHAM_GAMES.get(game)
    if kind is None:
        raise PuzzleError(f"a link to Simon Tatham's {game[:20]!r}, which is not a puzzle of the course (it reads "
                          "Net, as Infinity Loop, and Unruly, as Binary Sudoku)")
    game_id = unquote(match["id"] or "").strip()
    if not game_id or ":" not in game_id:
        raise PuzzleError(f"a link to Simon Tatham's {game.title()} without a game ID after '#' (a random seed such "
                          "as '#5x5#1234' is not a board): in the game, Game > Specific shows the ID to paste")
    return Unwrapped(game_id, kind, "tatham", f"a web link to Tatham's {game.title()}")


def _sudokupad_short(match) -> bool:
    """Whether a SudokuPad link is a short one: a name looked up on its server, no puzzle data."""
    path = (match["path"] or "/").strip("/")
    query = match["query"] or ""
    if "puzzleid=" in query:
        path = unquote(query.split("puzzleid=", 1)[1].split("&", 1)[0])
    if path.startswith(("sudoku/", "sudoku.html")):
        path = path.split("/", 1)[1] if "/" in path else ""
    return bool(path) and not path.startswith(("scl", "ctc", "fpuz", "fpuzzles"))


def _euler_grid(lines: list[str]) -> Unwrapped:
    """A grid of Project Euler 96 (``p096_sudoku.txt``): a ``Grid NN`` line, then nine rows of nine
    digits, 0 an empty cell; as the one-line grid the Sudoku reader reads."""
    headers = [line for line in lines if _EULER.fullmatch(line)]
    if len(headers) > 1:
        raise PuzzleError(f"Project Euler 96's file: {len(headers)} grids ({headers[0]}, {headers[1]}, ...); paste one "
                          "grid, its 'Grid NN' line and its nine rows")
    rows = lines[1:]
    if len(rows) != 9 or not all(re.fullmatch(r"[0-9.]{9}", row) for row in rows):
        raise PuzzleError(f"a Project Euler 96 grid ({lines[0][:20]}): expected nine rows of nine digits (0 an empty "
                          f"cell) after it, found {len(rows)} lines" + ("" if len(rows) != 9 else " not all of them so"))
    return Unwrapped("".join(rows), "sudoku", "line", f"a Project Euler 96 grid ({lines[0]})")


def looks_like_link(text: str) -> bool:
    """Whether a one-line text is a web link (with or without a title in front), not a file name."""
    return isinstance(text, str) and bool(re.search(r"https?://|\bwww\.|\.(?:app|com|jp|org|uk)/", text))


def looks_like(text: str, url: bool) -> tuple[str, str, str] | None:
    """``(kind, format, why)``: the format the text looks most like by its own evidence (a link's
    site, a one-line grid's characters and length, a game ID's shape), or None when nothing shows."""
    line = text.strip()
    if url:
        genre = re.search(r"\?(?:[\w=&]*&)?([a-z0-9]+?)(?:_edit|_play|_test)?/", line)
        if re.search(r"sudokupad|crackingthecryptic", line, re.I):
            return "sudoku", "sudokupad", "a SudokuPad link"
        if re.search(r"f-puzzles\.com", line, re.I):
            return "sudoku", "fpuzzles", "an f-puzzles link"
        if genre and re.search(PZPR_HOSTS, line):
            return _genre_kind(genre[1])
        return None
    if "\n" in line:
        return None
    if re.fullmatch(r"[0-9.]{60,100}", line) and ("." in line or abs(len(line) - 81) <= 4):
        return "sudoku", "line", f"{len(line)} digits and dots on one line, as a one-line Sudoku writes 81"
    game = re.fullmatch(r"(?:\w+:)?\d{1,3}(?:x\d{1,3})?(u?)\w*:.*", line)
    if game:
        return (("binairo", "tatham", "a game ID of Tatham's Unruly") if game[1]
                else ("infinityloop", "tatham", "a game ID of Tatham's Net"))
    return None


def _genre_kind(genre: str) -> tuple[str, str, str] | None:
    for name, table in registry.tables().items():
        for fmt in table.Puzzle.FORMATS:
            if fmt.name == "puzzlink" and re.search(rf"\b{re.escape(genre)}\b", fmt.doc + " " + name):
                return name, "puzzlink", f"a puzz.link URL of the genre {genre!r}"
    return None


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
    wrapped = unwrap(text)
    if wrapped.kind is not None:
        table = registry.table(wrapped.kind)
        found = Reading(wrapped.kind, wrapped.format, table.Puzzle.read(wrapped.text, wrapped.format)).wrapped(wrapped.via)
        if kind not in (None, wrapped.kind):
            raise WrongTab(_wrong_tab(found, kind), found)
        return found
    if wrapped.via:
        return identify(wrapped.text, kind).wrapped(wrapped.via)
    kinds = registry.kinds()
    if kind is None:
        kind = named_kind(text, kinds)
    if kind is not None:
        table = registry.table(kind)
        return _found(kind, _only(kind, attempts(table.Puzzle, text)))
    tables = registry.tables()
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
    read = _set_aside_impossible(_set_aside_one_row_levels(read, text))
    if len(read) == 1:
        (name, found), = read.items()
        return Reading(name, found.format, found.puzzle)
    if read:
        both = " and ".join(f"{name} ({found.format})" for name, found in read.items())
        lines = " or ".join(f"{name!r} to read it as {name} ({found.format})" for name, found in read.items())
        raise PuzzleError(f"this text reads as more than one puzzle: {both}; put the puzzle's name on a first "
                          f"line to say which: {lines}")
    raise _nothing_reads(tried, url, text)


def read_in(text, kind: str):
    """The board of ``kind`` that ``text`` describes (a Load box's door): a text that is a board of
    another puzzle raises :class:`WrongTab`, which names it and the tab to load it in. A folder the
    registry hides (``_template``, whose editor the tests drive) reads with its own formats only."""
    if isinstance(kind, str) and kind.startswith("_") and kind[1:].isidentifier() \
            and (registry.PACKAGE / kind / "board.py").is_file():
        return importlib.import_module(f"puzzlelib.{kind}").Puzzle.read(text)
    try:
        return identify(text, kind).puzzle
    except WrongTab:
        raise
    except PuzzleError as own:
        try:
            other = identify(text)
        except PuzzleError:
            raise own from None
        if other.kind == kind:  # pragma: no cover - identify(text, kind) would have read it
            raise own from None
        raise WrongTab(_wrong_tab(other, kind), other) from None


def _wrong_tab(found: Reading, kind: str) -> str:
    title, asked = registry.table(found.kind).title, registry.table(kind).title
    return (f"this is a {title} puzzle ({found.via or 'format ' + repr(found.format)}), not {asked}: load it in "
            f"the {title} tab")


def _set_aside_one_row_levels(read: dict[str, Attempt], text: str) -> dict[str, Attempt]:
    """Flow Free's level files (mzucker's) have a row per line and take any letters as colours, so any
    one line with letters in pairs reads as a board of one row; nobody shares such a board, and a line
    another puzzle reads (a Binary Sudoku task string of letters and digits, ``c11c1b1a0b0g00a1g1``) is
    that puzzle's."""
    if "flowfree" in read and len(read) > 1 and read["flowfree"].format == "level" and one_line(text):
        return {name: found for name, found in read.items() if name != "flowfree"}
    return read


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


def _nothing_reads(tried: dict[str, list[Attempt]], url: bool, text: str = "") -> PuzzleError:
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
    what = "link" if url else "text"
    kinds = "; ".join(f"{name} ({', '.join(a.format for a in runs)})" for name, runs in tried.items())
    guess = looks_like(text, url) if isinstance(text, str) else None
    if guess is not None:
        kind, format, why = guess
        found = next((a for a in tried.get(kind, ()) if a.format == format and a.error is not None), None)
        if found is not None:
            return PuzzleError(f"no puzzle of the course reads this {what} (tried {kinds}); it looks most like "
                               f"{kind}'s {format} format ({why}), which says: {found.error}")
    shape = text_shape(text) if isinstance(text, str) else "lines"
    # Evidence without a guess: a format of the text's own shape that read its grammar and then found a
    # board breaking a rule, or, for a grid, named a line and column it got to. Any other failure says
    # nothing: a one-line text refused at its first odd character ("hello world" by a task string's
    # reader) is no more that format than another.
    candidates = [(name, a) for name, runs in tried.items() for a in runs if a.error is not None
                  and _format_shape(a.format) == shape
                  and (a.progress[:1] == (1,) or shape == "lines" and _got_in(a.progress[2:]))]
    if url and not candidates:
        candidates = [(name, closest(runs)) for name, runs in tried.items() if runs]
    if not candidates:
        return PuzzleError(f"no puzzle of the course reads this {what} (tried {kinds}): it looks like none of their "
                           f"formats ({_shape_words(shape)}; see each puzzle's formats in its chapter)")
    best_kind, best = max(candidates, key=lambda pair: pair[1].progress)
    return PuzzleError(f"no puzzle of the course reads this {what} (tried {kinds}); the closest, {best_kind}'s "
                       f"{best.format} format, says: {best.error}")


def _got_in(position: tuple) -> bool:
    """Whether an error's (line, column) is past the text's first character (line 1 alone says nothing)."""
    line, column = (tuple(position) + (0, 0))[:2]
    return line > 1 or column > 1


def _shape_words(shape: str) -> str:
    return {"url": "a link no reader takes", "json": "JSON no reader takes",
            "line": "one line that is no task string, game ID or one-line grid of theirs",
            "lines": "lines that are no board of theirs"}[shape]


def read(text, kind: str | None = None):
    """The board ``text`` describes, whatever the puzzle and the format (see :func:`identify`)."""
    return identify(text, kind).puzzle


def kind_of(puzzle) -> str:
    """The kind of a board read by :func:`read` (the folder of its Puzzle class)."""
    module = type(puzzle).__module__
    if not module.startswith("puzzlelib."):
        raise PuzzleError(f"kind_of: expected a puzzle board, got {type(puzzle).__name__}")
    return module.split(".")[1]
