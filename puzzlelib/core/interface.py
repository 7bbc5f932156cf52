"""The one interface every puzzle fills in (Tatham's ``const struct game``; pzprjs' genre files).

Each puzzle folder ends its ``__init__.py`` with ``PUZZLE = PuzzleKind(...)``: one table naming its
kind, title and chapter, its board and solution types, its formats, its formulations and the same
functions under the same names and signatures in every folder. The registry, the CLI, the app,
the contract test and the fuzz test read this table and nothing else. ``puzzlelib/_template/``
is the smallest folder that fills it in; the contract test loads it like a puzzle.

The signatures (the contract test checks names, order and defaults):

    build_model(puzzle, model=DEFAULT)                      -> (problem, variables)
    solve(puzzle, model=DEFAULT, solver=None, time_limit=None)          -> Solution
    solutions(puzzle, limit=2, model=DEFAULT, solver=None, time_limit=None) -> list[Solution]
    check_rules(puzzle, answer)     -> list[Fault]   every broken rule, coded, without a solver
    verify(puzzle, answer)          -> list[str]     the same faults in words ([] = solved)
    brute_force(puzzle, limit=None) -> list[Solution] the oracle for small boards, no solver
    random_puzzle(size=None, *, seed=0, ...)  -> Puzzle                  made from a planted answer
    planted_puzzle(size=None, *, seed=0, ...) -> (Puzzle, Solution)      the board and its answer
    format_solution(puzzle, solution) -> str
    draw(puzzle, solution=None, ...)  -> matplotlib Figure
    editor(puzzle=None, ...)          -> the live editor (ipywidgets is imported only then)
    explain_infeasible(puzzle, solver=None, time_limit=None) -> str | None   (optional slot)
    generate(size=None, *, seed=0, difficulty=None, time_limit=None, ...) -> Generated  (core.generated:
                                    the board, its answer, the proof's work, its rating; all 14 fill it)

Every solving function checks all its arguments before any work (``engine.search.guard``), and one
rule says what ``search=`` and ``model=`` mean in all of them (``engine.search.search_for``): left to
their defaults, a puzzle runs its fast search (clauses, or propagation first) where it has one; a
named model or solver runs exactly that integer program; ``search="mip"`` asks for it by name.

``size`` is what a puzzle's boards are measured by: an int ``n`` (an n x n board, or n switches of a
circuit) or a pair ``(rows, cols)``; ``None`` means the puzzle's usual size.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from . import codecs
from .errors import PuzzleError
from .validate import check_choice


class Rule(NamedTuple):
    """One rule of a puzzle as a named check (pzprjs' ``FailCode``): its code and what it says."""

    code: str
    text: str


class Fault(NamedTuple):
    """One broken rule: the rule's code, the message naming the line, cell or clue, and its cells."""

    code: str
    message: str
    cells: tuple = ()


class Format(NamedTuple):
    """A text format: ``read(text) -> dict`` of the Puzzle's constructor arguments, and ``write(puzzle)``.

    ``write`` is None for formats that are only read (a site's export, say)."""

    name: str
    read: Callable[[str], dict]
    write: Callable[[Any], str] | None
    doc: str = ""


class PuzzleData:
    """What every Puzzle class shares: reading and writing through its ``FORMATS``, listed once.

    A subclass sets ``FORMATS`` (a tuple of :class:`Format`); ``Puzzle.read(text, "name")`` and
    ``puzzle.write("name")`` then work for each, and ``from_<name>``/``to_<name>`` are made for
    each format the class does not define itself, so a format is named in one place only.
    """

    FORMATS: tuple[Format, ...] = ()

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        for fmt in cls.FORMATS:
            if f"from_{fmt.name}" not in cls.__dict__:
                setattr(cls, f"from_{fmt.name}", classmethod(_reader(fmt.name)))
            if fmt.write is not None and f"to_{fmt.name}" not in cls.__dict__:
                setattr(cls, f"to_{fmt.name}", _writer(fmt.name))

    @classmethod
    def codec(cls, name: str) -> Format:
        for fmt in cls.FORMATS:
            if fmt.name == name:
                return fmt
        raise PuzzleError(f"unknown format {str(name)[:30]!r}: {cls.__module__.split('.')[1]} reads "
                          + ", ".join(f.name for f in cls.FORMATS))

    @classmethod
    def read(cls, text, format: str | None = None):
        """The board a text describes (a PuzzleError names the line at fault).

        With ``format``, only that format is read. Without it, every format of the puzzle is tried
        (see :func:`read_any`: the text format first, but task strings and URLs first when the text
        is one line) and the first that reads gives the board; when none reads, one PuzzleError
        names the formats tried and the fault of the one that got furthest.
        """
        if format is not None:
            return cls(**cls.codec(format).read(text))
        return read_any(cls, text).puzzle

    def write(self, format: str = "text") -> str:
        fmt = self.codec(format)
        if fmt.write is None:
            raise PuzzleError(f"the {format} format is read only")
        return fmt.write(self)


# --------------------------------------------------------------------------------------------- #
# One door: read a text in whichever of a puzzle's formats reads it
# --------------------------------------------------------------------------------------------- #
class Attempt(NamedTuple):
    """One format tried on a text: the board it read, or the error and how far it got."""

    format: str
    puzzle: Any = None
    error: PuzzleError | None = None
    progress: tuple = ()


def one_line(text) -> bool:
    """Whether a text is a single meaningful line (a URL or a task string rather than a grid)."""
    return isinstance(text, str) and len([line for line in text.splitlines() if line.strip()]) == 1


#: The course's door for a puzzle's Load box, ``door(text, kind) -> Puzzle`` (``puzzlelib.reader.read_in``,
#: set when ``puzzlelib`` is imported: this layer cannot import it): a paste of another puzzle is named,
#: with its tab. None: each puzzle reads its own formats only (``Puzzle.read``).
PASTE_DOOR: Callable[[str, str], Any] | None = None

#: Formats by the kind of text they read: links, JSON, one line (task strings, one-line grids); any
#: other format reads lines (a grid). ``attempt`` counts a format whose kind of text matches as closer.
URL_FORMATS = frozenset({"puzzlink", "penpa", "fpuzzles", "sudokupad"})
JSON_FORMATS = frozenset({"json", "cells"})
LINE_FORMATS = frozenset({"puzzleteam", "line", "tatham", "janko"})


def text_shape(text) -> str:
    """``"url"``, ``"json"``, ``"line"`` or ``"lines"``: what kind of text this looks like."""
    if not isinstance(text, str):
        return "lines"
    stripped = text.strip()
    if one_line(text) and ("://" in stripped or re.match(r"^[\w.:/-]*\?[\w=&]*\w+/", stripped)):
        return "url"
    if stripped[:1] in ("{", "["):
        return "json"
    return "line" if one_line(text) else "lines"


def _format_shape(name: str) -> str:
    for shape, names in (("url", URL_FORMATS), ("json", JSON_FORMATS), ("line", LINE_FORMATS)):
        if name in names:
            return shape
    return "lines"


def format_order(cls, text) -> list[Format]:
    """The order ``read_any`` tries a puzzle's formats in: as listed (the text format first), but for
    a text of one line the other formats (URLs, task strings, one-line grids) before ``text``."""
    formats = list(cls.FORMATS)
    if one_line(text):
        formats.sort(key=lambda f: f.name == "text")
    return formats


def attempt(cls, fmt: Format, text) -> Attempt:
    """Read ``text`` in ``fmt``: the board, or the PuzzleError and how far the reading got.

    Progress is (stage, shape, line, column): stage 1 when the format read the text but the board
    broke a rule (it got past the grammar), else 0; shape 1 when the text looks like what the format
    reads (a URL, JSON, one line or several: :func:`text_shape`); then the line and column or
    character the error names. Among the formats that failed, the greatest progress is the closest.
    """
    shape = int(text_shape(text) == _format_shape(fmt.name))
    try:
        data = fmt.read(text)
    except PuzzleError as exc:
        return Attempt(fmt.name, error=exc, progress=(0, shape, *_position(str(exc))))
    try:
        return Attempt(fmt.name, puzzle=cls(**data))
    except PuzzleError as exc:
        return Attempt(fmt.name, error=exc, progress=(1, shape, *_position(str(exc))))


def _position(message: str) -> tuple[int, int]:
    line = re.search(r"\bline (\d{1,7})", message)
    col = re.search(r"\b(?:col|column|character|cell|position|tile|clue) (\d{1,7})\b", message)
    return (int(line[1]) if line else 0, int(col[1]) if col else 0)


def attempts(cls, text, first: bool = True) -> list[Attempt]:
    """Every format of ``cls`` tried on ``text`` in :func:`format_order` (up to the first that reads)."""
    out = []
    for fmt in format_order(cls, text):
        out.append(attempt(cls, fmt, text))
        if first and out[-1].puzzle is not None:
            break
    return out


def closest(tried: list[Attempt]) -> Attempt:
    """The failed attempt that got furthest (the first such in the order tried)."""
    failed = [a for a in tried if a.error is not None]
    # A format that says "this is another site's link" loses to one that took the text as its own
    # shape and found a real fault in it (a penpa link refused for its diagonals names the diagonals,
    # not puz.link's missing '?'); when no such format exists, the link's own words are the closest.
    own = [a for a in failed if not isinstance(a.error, codecs.ForeignLink) and a.progress[:2] >= (0, 1)]
    return max(own or failed, key=lambda a: a.progress)  # max keeps the first of equals


def read_any(cls, text) -> Attempt:
    """The first format of ``cls`` that reads ``text`` (its Attempt); else one PuzzleError naming the
    formats tried and the closest one's fault."""
    tried = attempts(cls, text)
    if tried and tried[-1].puzzle is not None:
        return tried[-1]
    kind = cls.__module__.split(".")[1] if cls.__module__.startswith("puzzlelib.") else cls.__name__
    if not tried:
        raise PuzzleError(f"{kind}: this puzzle has no formats to read")
    if len(tried) == 1:
        raise tried[0].error
    best = closest(tried)
    raise PuzzleError(f"{kind}: none of its formats reads this text (tried {', '.join(a.format for a in tried)}); "
                      f"the closest, {best.format}, says: {best.error}")


def _reader(name: str):
    def read(cls, text):
        return cls.read(text, name)
    read.__name__ = f"from_{name}"
    read.__doc__ = f"Read the {name} format (see ``formats.py``)."
    return read


def _writer(name: str):
    def write(self) -> str:
        return self.write(name)
    write.__name__ = f"to_{name}"
    write.__doc__ = f"Write the {name} format (see ``formats.py``)."
    return write


class DefaultModel(str):
    """The default of ``model=`` in a ``solutions`` that has a faster search than its integer programs.

    It equals the default formulation's name (so the signature reads ``model='lazy'``) but is its own
    object, so a model left to its default (the fast search) is told apart from one the caller named
    (the integer program it names, as the chapters do when they compare formulations)."""


def choose_search(search, model, solver, searches: tuple[str, ...]) -> str:
    """The search a ``solutions`` runs: ``search`` when given (one of ``searches``), else the fast one,
    ``searches[0]``, unless a model or a solver is named, which asks for the integer program ("mip")."""
    if search is None:
        return searches[0] if isinstance(model, DefaultModel) and solver is None else "mip"
    return check_choice(search, searches, "search")


def require(value, cls: type, where: str):
    """``value`` if it is a ``cls`` (a puzzle's Puzzle or Solution), else one PuzzleError in one shape:
    ``solve: expected a thermometer Puzzle, got list``."""
    if isinstance(value, cls):
        return value
    kind = cls.__module__.split(".")[1] if cls.__module__.startswith("puzzlelib.") else cls.__module__
    article = "an" if kind[:1] in "aeiou" else "a"
    raise PuzzleError(f"{where}: expected {article} {kind} {cls.__name__}, got {type(value).__name__}")


@dataclass(frozen=True)
class PuzzleKind:
    """The interface table of one puzzle (one per folder, ``PUZZLE`` in its ``__init__.py``)."""

    kind: str                       # the folder's name; also the first line of the text format
    title: str                      # the name players know it by
    chapter: int                    # the notebook that teaches it; orders the app's tabs
    Puzzle: type                    # validated board (PuzzleData): read, write, FORMATS
    Solution: type
    seed_board: str                 # the chapter's board, in the text format
    rules: tuple[Rule, ...]         # the codes check_rules yields
    models: tuple[str, ...]         # the formulations, for model=; the first is the default
    build_model: Callable
    solve: Callable
    solutions: Callable
    check_rules: Callable
    verify: Callable
    brute_force: Callable
    random_puzzle: Callable
    planted_puzzle: Callable
    format_solution: Callable
    draw: Callable
    editor: Callable
    explain_infeasible: Callable | None = None
    generate: Callable | None = None
    extras: dict = field(default_factory=dict)  # anything else the chapter names, by name
    sizes: tuple = ((), 2, 30)      # homework: the sizes the chapter uses, the smallest and largest a sheet takes
    goal: str = ""                  # homework: the task in one sentence ("": made from the title)

    @property
    def default_model(self) -> str:
        return self.models[0]

    @property
    def formats(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.Puzzle.FORMATS)

    @property
    def readers(self) -> dict[str, Callable]:
        """Readers by format name: text -> Puzzle."""
        return {f.name: _bound_reader(self.Puzzle, f.name) for f in self.Puzzle.FORMATS}

    @property
    def writers(self) -> dict[str, Callable]:
        """Writers by format name: Puzzle -> text."""
        return {f.name: _bound_writer(f.name) for f in self.Puzzle.FORMATS if f.write is not None}

    def rule_codes(self) -> tuple[str, ...]:
        return tuple(r.code for r in self.rules)

    def seed_puzzle(self):
        return self.Puzzle.read(self.seed_board)


def _bound_reader(cls, name):
    def read(text):
        return cls.read(text, name)
    return read


def _bound_writer(name):
    def write(puzzle):
        return puzzle.write(name)
    return write


def faults_in_words(faults: Iterable[Fault]) -> list[str]:
    """``verify`` from ``check_rules``: the messages, in the order the rules were checked."""
    return [f.message for f in faults]
