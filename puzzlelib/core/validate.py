"""Checks of user input, done before any model is built, so bad input is one clear PuzzleError.

Every public entry point of every puzzle (constructors, ``from_text``, site readers, ``verify``,
``solve``, ``solutions``, the CLI, editor Load) runs its arguments through these helpers. Each
helper names the argument, line, cell or item at fault (``where``) and refuses the inputs that
Python would otherwise read as something else: bools and floats as integers, digit strings as
numbers, NaN and inf as limits. ``bytes`` are read as text only when they are UTF-8 (decoded, as
:func:`check_text` says), never as a list of numbers. numpy integers are integers, and a numpy
array is a list of its rows.

Decided (issue 30) for every text reader:

- Line breaks and spaces are what Python's ``str.splitlines`` and ``str.split`` say, the Unicode
  definitions: ``\\r``, ``\\v``, ``\\f``, ``\\x1c``-``\\x1e``, ``\\x85``, U+2028 and U+2029 end a line, and NBSP
  and the other Unicode spaces separate words. A text written with them reads as the same board
  (normalised, never read as another one); formats that are JSON follow JSON, which refuses NBSP.
- A task string cut short: where the format states the size (a puzz.link header, a Tatham ID, the
  JSON's size), the cut is refused, or read at the stated size with the cells after the cut empty,
  as pzprjs reads a short puzz.link body; never as a smaller board. Puzzle Team task strings and
  Sudoku's grid on one line state no size: it is the square root of the cell count, so a cut whose
  count is a square is that smaller board (nothing in the text tells them apart) and any other cut
  is refused.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence

from .errors import PuzzleError

#: The largest board side any puzzle accepts. A model of a 200x200 board already has tens of
#: thousands of variables and takes seconds to build; anything bigger is almost surely a mistake,
#: and refusing it at once keeps a typo from allocating gigabytes.
MAX_SIDE = 200
#: The largest number of cells any board may have (MAX_SIDE squared).
MAX_CELLS = MAX_SIDE * MAX_SIDE
#: The longest text any reader accepts (a 200x200 board with separators fits easily).
MAX_TEXT = 1_000_000


def check_int(value, where: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int: a real integer (not a bool, float or string) within [low, high]."""
    if type(value) is not int:  # the common case first: the ABC check below costs a microsecond
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise PuzzleError(f"{where}: expected a whole number, got {_show(value)}")
        value = int(value)
    if low is not None and value < low:
        raise PuzzleError(f"{where}: {value} is below the smallest allowed value {low}")
    if high is not None and value > high:
        raise PuzzleError(f"{where}: {value} is above the largest allowed value {high}")
    return value


def check_optional_int(value, where: str, low: int | None = None, high: int | None = None) -> int | None:
    """Like :func:`check_int`, but ``None`` (no clue) passes through."""
    return None if value is None else check_int(value, where, low, high)


def check_bit(value, where: str) -> int:
    """A 0 or a 1 (a cell of a 0/1 grid)."""
    return check_int(value, where, 0, 1)


def check_text(value, where: str = "text", max_len: int = MAX_TEXT) -> str:
    """A str; UTF-8 ``bytes`` are decoded, anything else (None, numbers, lists) is refused."""
    if isinstance(value, (bytes, bytearray)):
        try:
            value = bytes(value).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PuzzleError(f"{where}: the bytes are not UTF-8 text (byte {exc.start})") from None
    if not isinstance(value, str):
        raise PuzzleError(f"{where}: expected text, got {_show(value)}")
    if len(value) > max_len:
        raise PuzzleError(f"{where}: {len(value):,} characters is longer than the {max_len:,} any board needs")
    return value


def check_sequence(value, where: str, min_len: int = 0, max_len: int | None = None) -> list:
    """A list or tuple (not a str, bytes, dict, set or generator) with a sane length, as a list.

    A numpy array of one or more dimensions counts as the list of its rows (or items)."""
    if _is_array(value):
        value = list(value)
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Sequence):
        raise PuzzleError(f"{where}: expected a list or tuple, got {_show(value)}")
    if len(value) < min_len:
        raise PuzzleError(f"{where}: expected at least {min_len} items, got {len(value)}")
    if max_len is not None and len(value) > max_len:
        raise PuzzleError(f"{where}: {len(value):,} items is more than the {max_len:,} allowed")
    return list(value)


def _is_array(value) -> bool:
    """A numpy array with at least one dimension (numpy itself is not imported here)."""
    return type(value).__module__ == "numpy" and getattr(value, "ndim", 0) >= 1


def check_seed(value, where: str = "seed") -> int:
    """A random seed: a whole number (a numpy integer too), never a bool, float, text or None."""
    return check_int(value, where)


def check_fraction(value, where: str, low: float = 0.0, high: float = 1.0) -> float:
    """A finite real number from ``low`` to ``high`` (a density, a probability), never a bool or text."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise PuzzleError(f"{where}: expected a number from {low:g} to {high:g}, got {_show(value)}")
    value = _float(value)
    if not (math.isfinite(value) and low <= value <= high):
        raise PuzzleError(f"{where}: expected a number from {low:g} to {high:g}, got {value!r}")
    return value


def check_flag(value, where: str) -> bool:
    """True or False (a numpy bool too); never 0/1, text or None, which would be read as a switch."""
    if type(value).__name__ == "bool_" and type(value).__module__ == "numpy":
        value = bool(value)
    if not isinstance(value, bool):
        raise PuzzleError(f"{where}: expected True or False, got {_show(value)}")
    return value


def check_table(value, shape: tuple[int, int], where: str, cell=None) -> list[list]:
    """Rows of exactly ``shape`` (lists, tuples, strings or a numpy array) as a list of lists; each cell
    passes through ``cell(value, where)`` when given (which raises PuzzleError or returns the value)."""
    nrows, ncols = shape
    rows = check_sequence(value, where)
    if len(rows) != nrows:
        raise PuzzleError(f"{where}: expected {nrows} rows, got {len(rows)}")
    out = []
    for r, row in enumerate(rows):
        cells = list(row) if isinstance(row, str) else check_sequence(row, f"{where}: row {r}")
        if len(cells) != ncols:
            raise PuzzleError(f"{where}: row {r} has {len(cells)} cells, expected {ncols}")
        out.append([v if cell is None else cell(v, f"{where}: row {r}, column {c}") for c, v in enumerate(cells)])
    return out


def real_or_none(value, where: str):
    """A cell of a drawn grid: None (unknown) or a finite real number (an int, or a fraction of an LP point)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(_float(value)):
        raise PuzzleError(f"{where}: expected a number, got {_show(value)}")
    return value


def check_shape(nrows, ncols, where: str = "board", max_side: int = MAX_SIDE, min_side: int = 1) -> tuple[int, int]:
    """A board size within the limits, checked before anything of that size is allocated."""
    nrows = check_int(nrows, f"{where}: the number of rows", min_side, max_side)
    ncols = check_int(ncols, f"{where}: the number of columns", min_side, max_side)
    return nrows, ncols


def check_size(size, default, max_side: int = MAX_SIDE, where: str = "size") -> tuple[int, int]:
    """A generator's ``size`` as ``(rows, cols)``: None is ``default``, an int n is n x n, a pair is
    (rows, cols); each side within 1..max_side (``random_puzzle(size=None, *, seed=0)`` everywhere)."""
    if size is None:
        size = default
    if isinstance(size, (tuple, list)):
        if len(size) != 2:
            raise PuzzleError(f"{where}: expected n or (rows, cols), got {len(size)} numbers")
        return check_shape(size[0], size[1], where, max_side)
    return check_shape(size, size, where, max_side)


def check_cell(value, shape: tuple[int, int], where: str = "cell") -> tuple[int, int]:
    """A (row, col) pair of ints inside a board of ``shape`` (negative indices are refused)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 2:
        raise PuzzleError(f"{where}: expected a (row, col) pair, got {_show(value)}")
    r = check_int(value[0], f"{where}: row")
    c = check_int(value[1], f"{where}: column")
    nrows, ncols = shape
    if not (0 <= r < nrows and 0 <= c < ncols):
        raise PuzzleError(f"{where}: ({r}, {c}) is outside the {nrows}x{ncols} board")
    return r, c


def check_grid(grid, shape: tuple[int, int], where: str = "grid", values=(0, 1)) -> tuple[tuple[int, ...], ...]:
    """A grid given as rows of ints (or strings of digits, one per cell) of exactly ``shape``.

    Strings are read one character per cell, so ``"01"`` is two cells, never the number 1.
    """
    nrows, ncols = shape
    rows = check_sequence(grid, where)
    if len(rows) != nrows:
        raise PuzzleError(f"{where}: expected {nrows} rows, got {len(rows)}")
    out = []
    for r, row in enumerate(rows):
        if isinstance(row, str):
            cells = []
            for c, ch in enumerate(row):
                if not ch.isdigit() or int(ch) not in values:
                    raise PuzzleError(f"{where}: row {r}, column {c}: {ch!r} is not one of {sorted(values)}")
                cells.append(int(ch))
        else:
            cells = check_sequence(row, f"{where}: row {r}")
            cells = [v if type(v) is int else check_int(v, f"{where}: row {r}, column {c}")
                     for c, v in enumerate(cells)]
            for c, v in enumerate(cells):
                if v not in values:
                    raise PuzzleError(f"{where}: row {r}, column {c}: {v} is not one of {sorted(values)}")
        if len(cells) != ncols:
            raise PuzzleError(f"{where}: row {r} has {len(cells)} cells, expected {ncols}")
        out.append(tuple(cells))
    return tuple(out)


def check_limit(limit, where: str = "limit", high: int = 100_000) -> int:
    """How many solutions to look for: a whole number from 1 up."""
    return check_int(limit, where, 1, high)


def check_optional_limit(limit, where: str = "limit", high: int = 100_000) -> int | None:
    """A brute force's ``limit``: ``None`` (every answer) or a whole number from 1 up (never "2", -1,
    0, 1.5, nan or True). The one guard of every puzzle's ``brute_force``."""
    return None if limit is None else check_limit(limit, where, high)


def check_time_limit(value, where: str = "time_limit") -> float | None:
    """``None`` (no limit) or a positive, finite number of seconds."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise PuzzleError(f"{where}: expected a number of seconds, got {_show(value)}")
    value = _float(value)
    if not math.isfinite(value) or value <= 0:
        raise PuzzleError(f"{where}: expected a positive, finite number of seconds, got {value!r}")
    return value


def check_solver(value, choices=("highs", "cbc"), where: str = "solver") -> str | None:
    """``None`` (the default solver: ``$PUZZLELIB_SOLVER``, else the first choice) or one of ``choices``
    spelt exactly as there: ``""``, ``"CBC "`` or ``"HiGHS"`` is refused, naming the right spelling,
    never read as the default or as another solver."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise PuzzleError(f"{where}: expected one of {', '.join(map(repr, choices))}, got {_show(value)}")
    if value not in choices:
        near = value.strip().lower()
        hint = f" (did you mean {near!r}?)" if near in choices else ""
        raise PuzzleError(f"{where}: {value[:30]!r} is not one of {', '.join(map(repr, choices))}{hint}")
    return value


def check_lines(value, where: str = "lines", max_items: int = MAX_CELLS) -> dict | None:
    """``None`` or where a text reader found each item (what a ``read_text`` returns as ``lines``): a
    mapping from a text key to a line number from 1, or to a list of them (one per node, edge, ...).
    Anything else ("x", 1.5, a list) is refused, not ignored: it would silently number no line."""
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not hasattr(value, "items"):
        raise PuzzleError(f"{where}: expected None or a mapping from a name to its line number "
                          f"(what read_text returns), got {_show(value)}")
    if len(value) > max_items:
        raise PuzzleError(f"{where}: {len(value):,} entries is more than the {max_items:,} allowed")
    out = {}
    for key, line in value.items():
        if not isinstance(key, str):
            raise PuzzleError(f"{where}: a key must be text, got {_show(key)}")
        if isinstance(line, (list, tuple)):
            line = [check_int(v, f"{where}[{key[:30]!r}][{k}]", 1) for k, v in enumerate(check_sequence(line, where, 0, max_items))]
        else:
            line = check_int(line, f"{where}[{key[:30]!r}]", 1)
        out[key] = line
    return out


def check_not_empty(items, where: str, what: str):
    """``items`` (an answer read into cells, steps, ...) when it has at least one; an empty answer is
    refused with a PuzzleError saying what it should hold, never formatted as a board."""
    if not items:
        raise PuzzleError(f"{where}: the answer is empty; expected {what}")
    return items


def check_choice(value, choices, where: str):
    """One of a fixed set of options (a model name, a formulation, ...)."""
    if not isinstance(value, str) and value is not None:
        raise PuzzleError(f"{where}: expected one of {', '.join(map(repr, choices))}, got {_show(value)}")
    if value not in choices:
        raise PuzzleError(f"{where}: {value!r} is not one of {', '.join(map(repr, choices))}")
    return value


def check_name(value, where: str, max_len: int = 40) -> str:
    """A user-chosen name (a switch, a gate, a colour): printable text without spaces or newlines."""
    if not isinstance(value, str):
        raise PuzzleError(f"{where}: a name must be text, got {_show(value)}")
    if not value or len(value) > max_len:
        raise PuzzleError(f"{where}: a name must have 1 to {max_len} characters, got {len(value)}")
    if any(ch.isspace() or not ch.isprintable() for ch in value):
        raise PuzzleError(f"{where}: the name {value!r} contains a space or a control character")
    return value


def _float(value) -> float:
    """A real number as a float; one too large for a float (10**400) is infinite, not an OverflowError."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _show(value) -> str:
    """A short description of a wrong value for an error message."""
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(value).__name__} {text}"
