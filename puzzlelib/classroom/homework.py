"""Homework whose key needs the lecturer's secret: one proven-unique puzzle per student, a sheet
that states the task, and the answer keys in a folder of their own.

    python -m puzzlelib homework --new-secret ~/course-secret.txt          # once; keep it private
    python -m puzzlelib homework ROSTER --kind kakuro --size 8 --course ip-2026-hw3 \\
        --secret-file ~/course-secret.txt [--out homework/]
    python -m puzzlelib homework --sheet-id K3F9-Q2ZD --name "Ada Lovelace" --kind kakuro --size 8 \\
        --course ip-2026-hw3 --secret-file ~/course-secret.txt          # one sheet and key again

The secret. Each student's puzzle comes from a seed ``HMAC-SHA256(secret, course + ":" + name)``
(the name normalised: Unicode NFKC, case folded, spaces collapsed). The secret is 32 random bytes in
a file (``--new-secret PATH`` makes one; ``--secret-file PATH`` makes one on first use, and says so)
or the text of ``$PUZZLELIB_HOMEWORK_SECRET``; without it nothing is made. So a student who knows
the course, their name and this code still cannot make their own key.

The sheet id. A sheet shows a short public id (``K3F9-Q2ZD``, 40 bits of another HMAC of the
secret, course, kind, size and name), never the seed: the id names the sheet, and with the secret
it checks that a re-made sheet is the same one (same student, course, kind and size); without the
secret it says nothing about the puzzle.

The folders. ``OUT/sheets/`` holds what students get: ``<name>.png`` (the board and the task in
words: the puzzle's rules from its ``RULES`` table and what to hand in) and ``<name>.md`` (the same
text and the board in the course's text format). ``OUT/keys/`` holds what the lecturer keeps:
``<name>-key.png`` and ``<name>-key.txt`` (the solved board and the proof) and ``index.csv``.

Uniqueness. Every board is made by the puzzle's own ``generate`` (:mod:`puzzlelib.engine.generating`)
and proven unique before it is written: a no-good cut after the first solution leaves the search
empty (for puzzles with an objective, among the optimal answers), and the key passes the puzzle's
rule checker. How each puzzle makes its boards unique (givens added, tanks or thermometers merged,
cells blacked out, squares cut from a knight's walk) is its generator's business, said in its
``generate``. Each sheet has :data:`SECONDS_PER_SHEET` seconds; the time limit never changes which
board is made (a board that runs out of time fails the sheet, with a clear error), so the same
secret, course, kind, size and name always give the same sheet.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import os
import random
import re
import secrets
import textwrap
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import registry
from ..core.errors import PuzzleError, SolverError, TimeLimitReached
from ..core.validate import check_text

#: The environment variable that may hold the lecturer's secret (its text, not a file name).
SECRET_ENV = "PUZZLELIB_HOMEWORK_SECRET"
#: Seconds one sheet's board may take to make and prove unique.
SECONDS_PER_SHEET = 30.0
#: The solver the boards are made with, whatever $PUZZLELIB_SOLVER says: the same sheet every time.
SOLVER = "highs"
MIN_SECRET, MAX_SECRET = 16, 1024  # characters of a secret
MAX_NAME = 100                     # characters of a student's name or a course
MAX_STUDENTS = 2000
MAX_ROSTER_BYTES = 1_000_000
#: Crockford's base 32 (no I, L, O, U): what a sheet id is written in.
ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
DEFAULT_COURSE = "homework"

#: Each kind's homework sizes and task sentence are its own (``sizes`` and ``goal`` of its
#: interface table, in its ``__init__.py``): this file knows no kind by name.


# --------------------------------------------------------------------------------------------- #
# The lecturer's secret
# --------------------------------------------------------------------------------------------- #
class Secret:
    """The lecturer's secret; neither its repr nor its str shows it."""

    __slots__ = ("key", "source")

    def __init__(self, key: bytes, source: str):
        self.key = key
        self.source = source

    def __repr__(self) -> str:
        return f"<homework secret from {self.source}>"

    __str__ = __repr__


def check_secret(text, source: str) -> Secret:
    """``text`` as a Secret: 16 to 1024 characters, printable, one line."""
    if not isinstance(text, str):
        raise PuzzleError(f"{source}: the secret must be text, got {type(text).__name__}")
    text = text.strip()
    if not text:
        raise PuzzleError(f"{source}: the secret is empty")
    if len(text) < MIN_SECRET:
        raise PuzzleError(f"{source}: the secret has {len(text)} characters; use at least {MIN_SECRET} "
                          "(homework --new-secret PATH writes 64 random ones)")
    if len(text) > MAX_SECRET:
        raise PuzzleError(f"{source}: the secret has {len(text):,} characters; at most {MAX_SECRET} are read")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise PuzzleError(f"{source}: the secret holds a control character or a line break; "
                          "it must be one line of printable text")
    return Secret(text.encode("utf-8"), source)


SECRET_HEADER = ("# puzzlelib homework secret. Keep this file: with it any sheet's key can be made again;\n"
                 "# keep it out of what students get (the course folder, the student release, sheets/).\n")


def new_secret(path) -> Path:
    """Write a fresh random secret to ``path`` (readable by its owner only); an existing file is
    never overwritten, since the keys of the sheets made with it could not be made again."""
    path = Path(path)
    if path.exists():
        raise PuzzleError(f"{path} exists: a secret is never overwritten (the keys of the sheets made "
                          "with it could not be made again); choose another path")
    if not path.parent.is_dir():
        raise PuzzleError(f"{path.parent}: no such folder for the secret file")
    text = SECRET_HEADER + secrets.token_hex(32) + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def read_secret_file(path) -> Secret:
    """The secret in a file written by :func:`new_secret` (lines starting with # are comments)."""
    path = Path(path)
    if path.is_dir():
        raise PuzzleError(f"--secret-file {path}: a folder, not a file")
    if not path.exists():
        raise PuzzleError(f"--secret-file {path}: no such file")
    with open(path, "rb") as f:
        data = f.read(8 * MAX_SECRET + 1)
    if len(data) > 8 * MAX_SECRET:
        raise PuzzleError(f"--secret-file {path}: longer than a secret file can be ({8 * MAX_SECRET} bytes)")
    text = check_text(data, f"--secret-file {path}")
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) != 1:
        raise PuzzleError(f"--secret-file {path}: expected one line holding the secret, found {len(lines)}")
    return check_secret(lines[0], f"--secret-file {path}")


def load_secret(secret_file=None, *, create: bool = False, environ: Mapping[str, str] | None = None,
                say: Callable[[str], None] | None = None) -> Secret:
    """The lecturer's secret: from ``secret_file`` (made with a fresh secret when it does not exist
    and ``create``, saying so through ``say``), else from ``$PUZZLELIB_HOMEWORK_SECRET``."""
    environ = os.environ if environ is None else environ
    if secret_file is not None:
        path = Path(secret_file)
        if create and not path.exists():
            new_secret(path)
            if say is not None:
                say(f"made a new homework secret in {path}. Keep this file: without it no key can be "
                    "made again. Keep it out of what students get (not in the course folder, the "
                    "student release or sheets/).")
        return read_secret_file(path)
    if environ.get(SECRET_ENV) is not None:
        return check_secret(environ[SECRET_ENV], f"${SECRET_ENV}")
    raise PuzzleError(f"homework needs the lecturer's secret: give --secret-file PATH (a fresh secret is "
                      f"written there on first use, or by homework --new-secret PATH) or set ${SECRET_ENV}")


# --------------------------------------------------------------------------------------------- #
# Names, seeds and sheet ids
# --------------------------------------------------------------------------------------------- #
def _check_label(value, where: str) -> str:
    if not isinstance(value, str):
        raise PuzzleError(f"{where}: expected text, got {type(value).__name__}")
    text = " ".join(value.split())
    if not text:
        raise PuzzleError(f"{where} is blank")
    if len(text) > MAX_NAME:
        raise PuzzleError(f"{where}: {len(text)} characters is longer than the {MAX_NAME} allowed")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in text):
        raise PuzzleError(f"{where}: {text[:40]!r} holds a control character")
    return text


def normalise_name(name) -> str:
    """The name as seeds and duplicates see it: NFKC, case folded, runs of spaces made one."""
    name = _check_label(name, "name")
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_course(course) -> str:
    return _check_label(course, "course")


def _mac(secret: Secret, message: str) -> bytes:
    if not isinstance(secret, Secret):
        raise PuzzleError(f"expected the lecturer's Secret (see load_secret), got {type(secret).__name__}")
    return hmac.new(secret.key, message.encode("utf-8"), hashlib.sha256).digest()


def student_seed(secret: Secret, course: str, name: str) -> int:
    """The seed of a student's puzzle: the first 63 bits of HMAC-SHA256(secret, course:name)."""
    return int.from_bytes(_mac(secret, f"{check_course(course)}:{normalise_name(name)}")[:8], "big") >> 1


def sheet_id(secret: Secret, course: str, name: str, kind: str, size: int) -> str:
    """The public id printed on a sheet: 40 bits of an HMAC (under another label than the seed's)
    of the course, kind, size and name, in Crockford base 32 (``K3F9-Q2ZD``). It names the sheet;
    it cannot make the key, which needs the seed, which needs the secret."""
    message = f"sheet-id\n{check_course(course)}\n{kind}\n{size}\n{normalise_name(name)}"
    number = int.from_bytes(_mac(secret, message)[:5], "big")
    text = "".join(ID_ALPHABET[(number >> shift) & 31] for shift in range(35, -1, -5))
    return f"{text[:4]}-{text[4:]}"


def parse_sheet_id(text) -> str:
    """A sheet id as typed (any case, with or without the dash; O read as 0, I and L as 1)."""
    if not isinstance(text, str) or len(text) > 40:
        raise PuzzleError(f"sheet id: expected 8 characters like K3F9-Q2ZD, got {str(text)[:40]!r}")
    plain = text.strip().upper().replace("-", "").replace(" ", "").translate(str.maketrans("OIL", "011"))
    if len(plain) != 8 or any(ch not in ID_ALPHABET for ch in plain):
        raise PuzzleError(f"sheet id: expected 8 characters like K3F9-Q2ZD, got {text.strip()[:40]!r}")
    return f"{plain[:4]}-{plain[4:]}"


# --------------------------------------------------------------------------------------------- #
# The roster
# --------------------------------------------------------------------------------------------- #
def check_names(names: Sequence[str], where: str = "roster", lines: Sequence[int] | None = None) -> list[str]:
    """The names, each checked (not blank, not too long, no control characters), none twice as
    :func:`normalise_name` sees them; ``lines`` are their line numbers, for the messages."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise PuzzleError(f"{where}: expected a list of names, got {type(names).__name__}")
    if not names:
        raise PuzzleError(f"{where}: names no student (one name per line)")
    if len(names) > MAX_STUDENTS:
        raise PuzzleError(f"{where}: {len(names):,} students; at most {MAX_STUDENTS:,} in one run")
    lines = list(lines) if lines is not None else list(range(1, len(names) + 1))
    label = "line" if where != "names" else "name"
    seen: dict[str, tuple[int, str]] = {}
    clean = []
    for line, name in zip(lines, names):
        try:
            name = _check_label(name, f"{where}, {label} {line}: the name")
        except PuzzleError as exc:
            raise PuzzleError(str(exc).replace("the name is blank", "the name is blank (every row needs a name "
                                                "in its first column)")) from None
        key = normalise_name(name)
        if key in seen:
            first, other = seen[key]
            raise PuzzleError(f"{where}, {label}s {first} and {line}: {other!r} and {name!r} are the same "
                              "student (names are compared ignoring case and spaces): tell them apart, "
                              "e.g. with a middle initial")
        seen[key] = (line, name)
        clean.append(name)
    return clean


def read_roster(path) -> list[str]:
    """The students of a roster: one per line (a CSV's first column), blank lines and lines starting
    with # skipped, and a first line ``name`` or ``student`` taken as a header. A row with a blank
    name, or a student listed twice, is an error naming the lines."""
    path = Path(path)
    if path.is_dir():
        raise PuzzleError(f"{path}: a folder, not a roster file")
    if not path.exists():
        raise PuzzleError(f"{path}: no such roster file")
    with open(path, "rb") as f:
        data = f.read(MAX_ROSTER_BYTES + 1)
    text = check_text(data, str(path), MAX_ROSTER_BYTES).lstrip("\ufeff")
    names, lines = [], []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            row = next(csv.reader([line]), [""])
        except csv.Error as exc:
            raise PuzzleError(f"{path}, line {number}: {exc}") from None
        name = row[0] if row else ""
        if not names and name.strip().lower() in ("name", "names", "student", "students"):
            continue
        names.append(name)
        lines.append(number)
    return check_names(names, str(path), lines)


# --------------------------------------------------------------------------------------------- #
# Sizes
# --------------------------------------------------------------------------------------------- #
def size_range(kind: str) -> tuple[tuple[int, ...], int, int]:
    """The sizes ``kind``'s chapter uses, and the smallest and largest homework takes (its table's ``sizes``)."""
    return registry.table(kind).sizes


def check_size(kind: str, size) -> int:
    """``size`` (an int, or its digits as text) within what homework of ``kind`` takes."""
    chapter, low, high = size_range(kind)
    if isinstance(size, str):
        text = size.strip()
        if not re.fullmatch(r"[0-9]{1,6}", text):
            raise PuzzleError(f"--size: expected a whole number like {chapter[-1] if chapter else 8}, "
                              f"got {size[:30]!r}")
        size = int(text)
    if isinstance(size, bool) or not isinstance(size, int):
        raise PuzzleError(f"size: expected a whole number, got {type(size).__name__}")
    if not low <= size <= high:
        used = f" (its chapter uses {', '.join(map(str, chapter))})" if chapter else ""
        raise PuzzleError(f"--size {size}: {kind} homework takes sizes {low} to {high}{used}")
    return size


# --------------------------------------------------------------------------------------------- #
# Unique boards
# --------------------------------------------------------------------------------------------- #
@dataclass
class Made:
    """A board proven unique, its one solution, and what it took."""

    puzzle: object
    solution: object
    boards: int = 0    # boards drawn
    repairs: int = 0   # changes made to boards (a given, a merge, a black cell, a digit)
    searches: int = 0  # no-good searches (solutions with limit 2)
    seconds: float = 0.0


def unique_puzzle(kind: str, size, seed: int, seconds: float = SECONDS_PER_SHEET) -> Made:
    """A board of ``kind`` and ``size`` made from ``seed`` by the puzzle's own ``generate``, with
    exactly one solution (one optimum, for the puzzles with an objective): proven by a no-good search
    and the solution passing the rule checker. The same arguments give the same board; ``seconds``
    only bounds the time (a PuzzleError that names the kind and size)."""
    table = registry.table(kind)
    size = check_size(kind, size)
    if table.generate is None:  # pragma: no cover - every puzzle of the course has one
        raise PuzzleError(f"{kind}: this puzzle has no generate")
    start = time.perf_counter()
    board_seed = random.Random(f"homework {kind} {size} {seed}").randrange(2**31)
    try:
        with _solver(SOLVER):
            generated = table.generate(size, seed=board_seed, time_limit=seconds)
    except SolverError as exc:
        if isinstance(exc, TimeLimitReached) or time.perf_counter() - start >= seconds * 0.99:
            raise PuzzleError(f"no unique {kind} of size {size} within {seconds:g} s: try a smaller size") from None
        raise PuzzleError(f"{kind} of size {size}: the solver failed ({exc})") from None
    faults = table.check_rules(generated.puzzle, generated.solution)
    if faults:  # pragma: no cover - a bug in a generator: never hand out such a key
        raise PuzzleError(f"{kind}: the key breaks its own rules ({faults[0].message})")
    proof = generated.proof
    return Made(generated.puzzle, generated.solution, proof.boards, proof.repairs, proof.searches,
                time.perf_counter() - start)


class _solver:
    """``$PUZZLELIB_SOLVER`` set to ``name`` for the duration (the same sheet whatever the lecturer's
    session says), restored after."""

    def __init__(self, name: str):
        self.name = name

    def __enter__(self):
        from ..engine.solver import ENV_VAR

        self.var = ENV_VAR
        self.old = os.environ.get(ENV_VAR)
        os.environ[ENV_VAR] = self.name

    def __exit__(self, *exc):
        if self.old is None:
            os.environ.pop(self.var, None)
        else:
            os.environ[self.var] = self.old


# --------------------------------------------------------------------------------------------- #
# Sheets
# --------------------------------------------------------------------------------------------- #
@dataclass
class Sheet:
    """One student's homework: who, which sheet, the board, its key and how it was proven."""

    student: str
    sheet_id: str
    course: str
    kind: str
    size: int
    made: Made

    @property
    def puzzle(self):
        return self.made.puzzle

    @property
    def solution(self):
        return self.made.solution

    @property
    def proof(self) -> str:
        made = self.made
        return (f"unique: after the first solution a no-good cut left the model infeasible "
                f"({_count(made.searches, 'search', 'searches')}, {_count(made.boards, 'board')} drawn, "
                f"{_count(made.repairs, 'repair')}); the key passes the rule checker")


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else many or one + 's'}"


def make_sheet(secret: Secret, course: str, name: str, kind: str, size, *,
               seconds: float = SECONDS_PER_SHEET) -> Sheet:
    """The sheet of student ``name``: the same arguments always give the same sheet."""
    course = check_course(course)
    name = _check_label(name, "name")
    table = registry.table(kind)
    size = check_size(kind, size)
    made = unique_puzzle(table.kind, size, student_seed(secret, course, name), seconds)
    return Sheet(name, sheet_id(secret, course, name, kind, size), course, kind, size, made)


def remake_sheet(secret: Secret, course: str, kind: str, size, sheet: str, *, name: str | None = None,
                 names: Sequence[str] = (), seconds: float = SECONDS_PER_SHEET) -> Sheet:
    """The sheet with id ``sheet``, made again for the lecturer: the student is ``name``, or the one
    of ``names`` (a roster) whose id it is. An id that is not this student's under this secret,
    course, kind and size is a PuzzleError (so a typo never makes another student's key)."""
    wanted = parse_sheet_id(sheet)
    course = check_course(course)
    size = check_size(kind, size)
    registry.table(kind)
    if name is None:
        matches = [n for n in names if sheet_id(secret, course, n, kind, size) == wanted]
        if not matches:
            raise PuzzleError(f"sheet {wanted}: no student of the roster has it with this secret, course "
                              f"{course!r}, kind {kind} and size {size}")
        name = matches[0]
    elif sheet_id(secret, course, name, kind, size) != wanted:
        raise PuzzleError(f"sheet {wanted} is not the sheet of {name!r} with this secret, course {course!r}, kind {kind} "
                          f"and size {size}: check each (the secret file too)")
    return make_sheet(secret, course, name, kind, size, seconds=seconds)


def optimises(table, puzzle) -> bool:
    """Whether the puzzle's model has an objective (the answer is an optimum, not any filling)."""
    from ..engine.solver import has_objective

    problem, _ = table.build_model(puzzle)
    return has_objective(problem)


def task_lines(sheet: Sheet) -> list[tuple[str, str]]:
    """The task in words, as (style, text) lines: the title, the goal, every rule, what to hand in."""
    table = registry.table(sheet.kind)
    goal = table.goal or f"Solve this {table.title} puzzle: every rule below must hold."
    optimum = optimises(table, sheet.puzzle)
    lines = [("title", f"Homework: {table.title} (chapter {table.chapter})"),
             ("text", f"Student: {sheet.student}    Sheet: {sheet.sheet_id}    Course: {sheet.course}"),
             ("head", "The task"), ("text", goal),
             ("head", "The rules (a right answer keeps every one)")]
    lines += [("item", f"{rule.code}: {rule.text}") for rule in table.rules]
    lines += [("head", "What to hand in"),
              ("item", "1. The integer program for this board: its variables, one family of constraints "
                       "for each rule above" + (", and the objective." if optimum else ".")),
              ("item", "2. Solve it with PuLP, and show the solution on the board."),
              ("item", "3. Prove the solution unique with a no-good cut: add a constraint that removes "
                       "exactly your solution, solve again, and show the model is infeasible."
                       + (" Keep the objective at its optimal value while you do (as a constraint), so "
                          "the proof covers every optimal answer." if optimum else "")),
              ("text", "Hand in one notebook with the three parts; write your sheet id on it.")]
    return lines


def sheet_markdown(sheet: Sheet) -> str:
    """The sheet as text: the task in words and the board in the course's text format."""
    out = []
    for style, text in task_lines(sheet):
        if style == "title":
            out += [f"# {text}", ""]
        elif style == "head":
            out += ["", f"## {text}", ""]
        elif style == "item":
            out.append(text if text[:2].rstrip(".").isdigit() else f"- {text}")
        else:
            out += ["", text, ""]
    out += ["", "## The board", "",
            f"The picture is `{slug(sheet.student)}.png`. In the course's text format (read it with "
            f"`{sheet.kind}.Puzzle.from_text(text)` after `from puzzlelib import {sheet.kind}`):", "",
            "```", sheet.puzzle.to_text().rstrip("\n"), "```", ""]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out))


def slug(name: str) -> str:
    """A file name for a student: letters and digits of any script, the rest as dashes."""
    text = re.sub(r"[^\w]+", "-", unicodedata.normalize("NFKC", name).casefold(), flags=re.UNICODE)
    return text.replace("_", "-").strip("-")[:60] or "student"


def _draw_board(table, sheet: Sheet, fig, rect, solution=None):
    ax = fig.add_axes(rect)
    table.draw(sheet.puzzle, solution, ax=ax) if solution is not None else table.draw(sheet.puzzle, ax=ax)
    ax.set_axis_off()
    return ax


def draw_sheet(sheet: Sheet, key: bool = False):
    """The sheet (or its key) as a figure: the board above, the task in words below."""
    from ..display.drawing import INK, new_figure

    table = registry.table(sheet.kind)
    width, board = 8.27, 5.2
    wrapped = []
    for style, text in (task_lines(sheet) if not key else
                        [("title", f"Answer key: {table.title}"),
                         ("text", f"Student: {sheet.student}    Sheet: {sheet.sheet_id}    Course: {sheet.course}"),
                         ("text", sheet.proof)]):
        for k, part in enumerate(textwrap.wrap(text, 96 if style != "title" else 70) or [""]):
            wrapped.append((style, part if style != "item" or k == 0 else "    " + part))
        if style == "head":
            wrapped.insert(len(wrapped) - 1, ("gap", ""))
    line = 0.2
    height = board + 1.2 + line * len(wrapped)
    fig = new_figure(width, height)
    y = height - 0.35
    title = wrapped[0][1]
    fig.text(0.5, y / height, title, ha="center", va="top", fontsize=15, weight="bold", color=INK)
    y -= 0.45
    _draw_board(table, sheet, fig, (0.1, (y - board) / height, 0.8, board / height),
                sheet.solution if key else None)
    y -= board + 0.15
    for style, text in wrapped[1:]:
        fig.text(0.07, y / height, text, ha="left", va="top", color=INK,
                 fontsize=11 if style == "head" else 9, weight="bold" if style == "head" else "normal")
        y -= line
    return fig


def write_sheet(sheet: Sheet, out: Path, stem: str | None = None) -> dict[str, Path]:
    """The student's sheet in ``out/sheets/`` (PNG and markdown) and the key in ``out/keys/``."""
    table = registry.table(sheet.kind)
    sheets, keys = Path(out) / "sheets", Path(out) / "keys"
    sheets.mkdir(parents=True, exist_ok=True)
    keys.mkdir(parents=True, exist_ok=True)
    stem = stem or slug(sheet.student)
    files = {"sheet": sheets / f"{stem}.png", "text": sheets / f"{stem}.md",
             "key": keys / f"{stem}-key.png", "key_text": keys / f"{stem}-key.txt"}
    draw_sheet(sheet).savefig(files["sheet"], dpi=150)
    files["text"].write_text(sheet_markdown(sheet).replace(f"`{slug(sheet.student)}.png`", f"`{stem}.png`"),
                             encoding="utf-8")
    draw_sheet(sheet, key=True).savefig(files["key"], dpi=150)
    files["key_text"].write_text(
        f"Answer key: {table.title}, {sheet.student}, sheet {sheet.sheet_id}, course {sheet.course}, "
        f"size {sheet.size}\n{sheet.proof}\n\n{sheet.puzzle.to_text().rstrip()}\n\n"
        f"{table.format_solution(sheet.puzzle, sheet.solution)}\n", encoding="utf-8")
    return files


KEYS_README = """These are the answer keys: keep this folder. Hand out ../sheets/ only.
index.csv lists every student's sheet id. A sheet and its key can be made again from the sheet id,
the student's name and the lecturer's secret file (python -m puzzlelib homework --sheet-id ...).
"""


def homework(names: Sequence[str], kind: str, size, out, secret: Secret, course: str = DEFAULT_COURSE,
             seconds: float = SECONDS_PER_SHEET) -> list[Sheet]:
    """One proven-unique board per student: sheets in ``out/sheets/``, keys and ``index.csv`` in
    ``out/keys/``."""
    from ..display.progress import progress

    table = registry.table(kind)  # a clear error for an unknown kind, before any work
    size = check_size(kind, size)
    course = check_course(course)
    names = check_names(list(names), "names")
    if not isinstance(secret, Secret):
        raise PuzzleError("homework needs the lecturer's Secret (see load_secret)")
    out = Path(out)
    stems = [slug(n) for n in names]
    sheets, rows = [], []
    for name, stem in progress(list(zip(names, stems)), desc="homework"):
        sheet = make_sheet(secret, course, name, table.kind, size, seconds=seconds)
        if stems.count(stem) > 1:  # two names, one file name: the id tells them apart
            stem = f"{stem}-{sheet.sheet_id}"
        files = write_sheet(sheet, out, stem)
        sheets.append(sheet)
        rows.append({"student": name, "sheet_id": sheet.sheet_id, "course": course, "kind": kind,
                     "size": size, "sheet": f"sheets/{files['sheet'].name}", "key": f"keys/{files['key'].name}",
                     "seconds": f"{sheet.made.seconds:.2f}", "proof": sheet.proof})
    with open(out / "keys" / "index.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    (out / "keys" / "README.txt").write_text(KEYS_README, encoding="utf-8")
    return sheets
