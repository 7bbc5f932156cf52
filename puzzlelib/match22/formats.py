"""Match 22 boards as strings and Hartmann's data and back: plain data in, plain data out.

Every reader returns the Puzzle's keyword arguments, ``{"grid": rows}``: rows whose cells are
``None`` (a hole) or a tuple of four colours ``(top, left, bottom, right)`` (Hartmann's segments 0,
1, 2, 3), colours 1-4 (1 yellow, 2 orange, 3 red, 4 blue). ``board.py`` validates it; every writer
takes the Puzzle (anything with ``.grid``). Sizes are checked before anything of that size is built.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.codecs import text_lines
from ..core.errors import PuzzleError
from ..core.interface import Format
from ..core.validate import MAX_SIDE, check_int, check_sequence

KIND = "match22"
#: Colour numbers (Hartmann's) and names, in the app's order.
COLOURS = {1: "yellow", 2: "orange", 3: "red", 4: "blue"}
HOLE = "."
#: The most disks a board may have (a full 30x30 board).
MAX_DISKS = 900


def read_text(text) -> dict:
    """Read the text format::

        match22
        1423 1334 . 2223 2231
        2112 .    1233 3342 .

    The first line names the puzzle (it may be left out). Each further line is a row of the board:
    one word per cell, separated by spaces: ``.`` for a hole, or four digits 1-4, the colours of
    the disk's top, left, bottom and right quarters (Hartmann's segments 0, 1, 2, 3; 1 yellow,
    2 orange, 3 red, 4 blue). Every row has the same number of cells. Lines starting with ``#`` are
    comments.
    """
    lines = text_lines(text, KIND, header="optional")
    if not lines:
        raise PuzzleError("match22 text: no rows of disks")
    if len(lines) > MAX_SIDE:
        raise PuzzleError(f"match22 text: {len(lines)} rows is more than the {MAX_SIDE} allowed")
    grid = []
    for n, line in lines:
        words = line.split()
        if len(words) > MAX_SIDE:
            raise PuzzleError(f"line {n}: {len(words)} cells is more than the {MAX_SIDE} allowed")
        grid.append([_disk_word(word, f"line {n}, cell {c}") for c, word in enumerate(words)])
    return {"grid": grid}


def _disk_word(word: str, where: str):
    if word == HOLE:
        return None
    if len(word) != 4 or any(ch not in "1234" for ch in word):
        raise PuzzleError(f"{where}: {word!r} is not a disk (four colours 1-4: top, left, bottom, right) "
                          f"or '{HOLE}' for a hole")
    return tuple(int(ch) for ch in word)


def write_text(puzzle) -> str:
    """The text format of a board (see :func:`read_text`)."""
    rows = [" ".join(HOLE.ljust(4) if cell is None else "".join(map(str, cell)) for cell in row).rstrip()
            for row in puzzle.grid]
    return "\n".join([KIND, *rows]) + "\n"


# --------------------------------------------------------------------------------------------- #
# Hartmann's data (seed 004, Appendix C): d, H, V
# --------------------------------------------------------------------------------------------- #
def read_hartmann(d, horizontal, vertical) -> dict:
    """Hartmann's data as the Puzzle's arguments (``{"grid": rows}``): disks ``1..n``, ``d[i] = (segment 0, 1, 2, 3)``, and the sets
    ``H`` (``(i, k)``: disk k is the right neighbour of disk i) and ``V`` (disk k is below disk i).

    ``d`` is a mapping from the disk ids 1..n, or a sequence whose first item is disk 1. The disks
    are placed on a grid by walking the pairs from disk 1; every pair must agree with the places,
    two disks side by side on the grid must be a pair, and the ids must run in reading order (left
    to right, top to bottom), as in the appendix. Separate groups of disks are placed side by side,
    one empty column apart.
    """
    if isinstance(d, Mapping):
        ids = list(d)
        if len(ids) > MAX_DISKS:
            raise PuzzleError(f"d: {len(ids)} disks is more than the {MAX_DISKS} allowed")
        for i in ids:
            check_int(i, "d: a disk id", 1, len(ids))
        if sorted(ids) != list(range(1, len(ids) + 1)):
            raise PuzzleError(f"d: the disk ids must be 1..{len(ids)}, each once")
        disks = {i: d[i] for i in ids}
    else:
        items = check_sequence(d, "d", 1, MAX_DISKS)
        disks = {i + 1: v for i, v in enumerate(items)}
    n = len(disks)
    if n == 0:
        raise PuzzleError("d: no disks")
    colours = {}
    for i in range(1, n + 1):
        seg = check_sequence(disks[i], f"d[{i}]", 4, 4)
        colours[i] = tuple(check_int(v, f"d[{i}] segment {h}", 1, 4) for h, v in enumerate(seg))
    pairs = []
    for name, given, step in (("H", horizontal, (0, 1)), ("V", vertical, (1, 0))):
        if isinstance(given, (set, frozenset)):
            given = sorted(given, key=repr)
        for pair in check_sequence(given, name, 0, 4 * MAX_DISKS):
            p = check_sequence(pair, f"{name}: a pair of disk ids", 2, 2)
            i = check_int(p[0], f"{name}: a disk id", 1, n)
            k = check_int(p[1], f"{name}: a disk id", 1, n)
            if i == k:
                raise PuzzleError(f"{name}: the pair ({i}, {k}) joins a disk to itself")
            pairs.append((name, i, k, step))
    links: dict[int, list] = {i: [] for i in range(1, n + 1)}
    for name, i, k, (dr, dc) in pairs:
        links[i].append((k, dr, dc, name))
        links[k].append((i, -dr, -dc, name))
    place: dict[int, tuple[int, int]] = {}
    offset = 0
    for start in range(1, n + 1):
        if start in place:
            continue
        group = {start: (0, 0)}
        stack = [start]
        while stack:
            i = stack.pop()
            r, c = group[i]
            for k, dr, dc, name in links[i]:
                want = (r + dr, c + dc)
                if k in group:
                    if group[k] != want:
                        raise PuzzleError(f"{name}: the pair of disks {i} and {k} contradicts the other pairs "
                                          "(no grid places them so)")
                    continue
                group[k] = want
                stack.append(k)
        low_r = min(r for r, _ in group.values())
        low_c = min(c for _, c in group.values())
        width = max(c for _, c in group.values()) - low_c + 1
        for i, (r, c) in group.items():
            place[i] = (r - low_r, c - low_c + offset)
        offset += width + 1
    nrows = max(r for r, _ in place.values()) + 1
    ncols = max(c for _, c in place.values()) + 1
    if nrows > MAX_SIDE or ncols > MAX_SIDE:
        raise PuzzleError(f"H, V: the disks span {nrows}x{ncols} cells, more than {MAX_SIDE} per side")
    at = {}
    for i, cell in place.items():
        if cell in at:
            raise PuzzleError(f"H, V: disks {at[cell]} and {i} would sit on the same place")
        at[cell] = i
    given_pairs = {(i, k) for _, i, k, _ in pairs}
    for (r, c), i in sorted(at.items()):
        for (dr, dc), name in (((0, 1), "H"), ((1, 0), "V")):
            k = at.get((r + dr, c + dc))
            if k is not None and (i, k) not in given_pairs:
                raise PuzzleError(f"{name}: disks {i} and {k} are neighbours on the grid the pairs make, "
                                  f"but ({i}, {k}) is not in {name}")
    order = [at[cell] for cell in sorted(at)]
    if order != list(range(1, n + 1)):
        raise PuzzleError(f"d: the disk ids must run in reading order on the grid the pairs make; they run "
                          f"{' '.join(map(str, order[:12]))}{' ...' if n > 12 else ''}")
    return {"grid": [[colours[at[r, c]] if (r, c) in at else None for c in range(ncols)] for r in range(nrows)]}


def write_hartmann(puzzle) -> tuple[dict, list, list]:
    """``(d, H, V)`` of a board, disks numbered 1..n in reading order."""
    ids, d = {}, {}
    for r, row in enumerate(puzzle.grid):
        for c, cell in enumerate(row):
            if cell is not None:
                ids[r, c] = len(ids) + 1
                d[ids[r, c]] = tuple(cell)
    horizontal = [(i, ids[r, c + 1]) for (r, c), i in ids.items() if (r, c + 1) in ids]
    vertical = [(i, ids[r + 1, c]) for (r, c), i in ids.items() if (r + 1, c) in ids]
    return d, horizontal, vertical


def colour_name(colour: int) -> str:
    return COLOURS.get(colour, str(colour))


#: The text formats (Hartmann's data is not text: ``Puzzle.from_hartmann(d, H, V)`` reads it).
FORMATS = (Format("text", read_text, write_text, "a line per row: four colour digits per disk, '.' a hole"),)
