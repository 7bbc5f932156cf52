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
    generate(size=None, *, seed=0, ...)      -> Puzzle proven unique        (optional slot)

``size`` is what a puzzle's boards are measured by: an int ``n`` (an n x n board, or n switches of a
circuit) or a pair ``(rows, cols)``; ``None`` means the puzzle's usual size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .errors import PuzzleError


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
    def read(cls, text, format: str = "text"):
        """The board a text of ``format`` describes (a PuzzleError names the line at fault)."""
        return cls(**cls.codec(format).read(text))

    def write(self, format: str = "text") -> str:
        fmt = self.codec(format)
        if fmt.write is None:
            raise PuzzleError(f"the {format} format is read only")
        return fmt.write(self)


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


def require(value, cls: type, where: str):
    """``value`` if it is a ``cls`` (a puzzle's Puzzle or Solution), else one PuzzleError in one shape:
    ``solve: expected a thermometer Puzzle, got list``."""
    if isinstance(value, cls):
        return value
    kind = cls.__module__.split(".")[1] if cls.__module__.startswith("puzzlelib.") else cls.__module__
    raise PuzzleError(f"{where}: expected a {kind} {cls.__name__}, got {type(value).__name__}")


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
