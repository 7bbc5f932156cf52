"""The rules of Infinity Loop checked without a solver, and a search that needs none (the oracle).

Rules: every tile may be turned, but not changed; after the turns every connection meets a
connection of the neighbouring tile (no open end), and no connection points off the board.
Tatham's Net adds that all tiles form one connected piece (see :func:`pieces`): ``model="connected"``
checks it too, as it solves it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_choice, check_grid, check_int, check_optional_limit, check_sequence, check_table
from ..engine.rotation import BOTTOM, LEFT, RIGHT, SIDES, STEP, TOP, code_sides, turn_code
from .board import Puzzle, Solution

RULES = (Rule("not-a-turn", "a tile was changed, not turned"),
         Rule("off-board", "a connection points off the board"),
         Rule("open-end", "a connection meets no connection of its neighbour"),
         Rule("disconnected", "(Net only, model='connected') the tiles form more than one piece"))
#: The rule sets, by the model that solves them (the names of ``model.MODELS``).
RULE_SETS = ("hartmann", "connected")
#: Brute force turns up to this many tiles.
BRUTE_FORCE_TILES = 36


def read_grid(puzzle: Puzzle, answer) -> tuple[tuple[int, ...], ...]:
    """The turned codes of an answer (a Solution or rows of codes 0-15), checked for shape and type."""
    require(puzzle, Puzzle, "read_grid")
    grid = answer.grid if isinstance(answer, Solution) else answer
    if isinstance(grid, (list, tuple)) and any(isinstance(row, str) for row in grid):
        raise PuzzleError("answer: rows must be lists of codes 0-15, not strings")
    return check_grid(grid, puzzle.shape, "answer", values=range(16))


def check_rules(puzzle: Puzzle, answer, model: str = "hartmann") -> list[Fault]:
    """Every broken rule as a :class:`Fault` (codes of ``RULES``); ``[]`` for a closed pattern.
    ``model="connected"`` adds Net's one piece. No solver; a malformed answer raises PuzzleError."""
    require(puzzle, Puzzle, "check_rules")
    check_choice(model, RULE_SETS, "model")
    return list(_faults(puzzle, read_grid(puzzle, answer), model == "connected"))


def _faults(puzzle: Puzzle, grid, connected: bool) -> Iterator[Fault]:
    nrows, ncols = puzzle.shape
    for r in range(nrows):
        for c in range(ncols):
            given, got = puzzle.tiles[r][c], grid[r][c]
            if got not in {turn_code(given, k) for k in range(4)}:
                yield Fault("not-a-turn", f"tile ({r}, {c}): code {got} is not a turn of the given tile {given}",
                            ((r, c),))
    for r in range(nrows):
        for c in range(ncols):
            sides = code_sides(grid[r][c])
            for h in (TOP, LEFT, BOTTOM, RIGHT):
                if not sides[h]:
                    continue
                rr, cc = r + STEP[h][0], c + STEP[h][1]
                if not (0 <= rr < nrows and 0 <= cc < ncols):
                    yield Fault("off-board", f"tile ({r}, {c}): its {SIDES[h]} connection points off the board",
                                ((r, c),))
                elif not code_sides(grid[rr][cc])[(h + 2) % 4]:
                    yield Fault("open-end", f"tile ({r}, {c}): its {SIDES[h]} connection meets no connection of "
                                           f"tile ({rr}, {cc})", ((r, c), (rr, cc)))
    if connected:
        count = len(pieces(grid))
        if count > 1:
            yield Fault("disconnected", f"the tiles form {count} separate pieces, Net wants one")


def verify(puzzle: Puzzle, answer, model: str = "hartmann") -> list[str]:
    """Every broken rule, in words (``[]``: a closed pattern). ``model="connected"`` adds Net's one piece."""
    require(puzzle, Puzzle, "verify")
    return faults_in_words(check_rules(puzzle, answer, model))


def pieces(grid) -> list[list[tuple[int, int]]]:
    """The connected pieces of a turned board: tiles joined by matching connections (a loop, no recursion).

    ``grid`` is rows of tile codes 0-15 (a PuzzleError names a row or cell that is not)."""
    rows = check_sequence(grid, "pieces: grid", 1)
    nrows, ncols = len(rows), len(check_sequence(rows[0], "pieces: grid: row 0", 1))
    grid = check_table(rows, (nrows, ncols), "pieces: grid", lambda v, where: check_int(v, where, 0, 15))
    seen, out = set(), []
    for start in ((r, c) for r in range(nrows) for c in range(ncols) if grid[r][c]):
        if start in seen:
            continue
        seen.add(start)
        stack, piece = [start], []
        while stack:
            r, c = stack.pop()
            piece.append((r, c))
            sides = code_sides(grid[r][c])
            for h in range(4):
                rr, cc = r + STEP[h][0], c + STEP[h][1]
                if (sides[h] and 0 <= rr < nrows and 0 <= cc < ncols and (rr, cc) not in seen
                        and code_sides(grid[rr][cc])[(h + 2) % 4]):
                    seen.add((rr, cc))
                    stack.append((rr, cc))
        out.append(sorted(piece))
    return out


def brute_force(puzzle: Puzzle, limit: int | None = None, model: str = "hartmann") -> list[Solution]:
    """Every distinct closed picture (up to ``limit``; None: all), as Solutions (each tile with its
    fewest left turns), by backtracking without a solver; ``model="connected"``: one piece only.

    Tiles are turned in reading order, trying only turns that give different pictures; a turn is
    kept when it agrees with the tiles above and to the left and points nothing off the board. An
    explicit stack, no recursion; boards of more than ``BRUTE_FORCE_TILES`` tiles are refused.
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    connected = check_choice(model, RULE_SETS, "model") == "connected"
    nrows, ncols = puzzle.shape
    if nrows * ncols > BRUTE_FORCE_TILES:
        raise PuzzleError(f"brute force turns up to {BRUTE_FORCE_TILES} tiles; this board has {nrows * ncols}")
    cells = [(r, c) for r in range(nrows) for c in range(ncols)]
    options = []
    for r, c in cells:
        code = puzzle.tiles[r][c]
        pictures = []
        for k in range(4):
            turned = turn_code(code, k)
            sides = code_sides(turned)
            if (sides[TOP] and r == 0) or (sides[LEFT] and c == 0) or (sides[BOTTOM] and r == nrows - 1) \
                    or (sides[RIGHT] and c == ncols - 1) or turned in pictures:
                continue
            pictures.append(turned)
        options.append(pictures)
    found = []
    grid = [[0] * ncols for _ in range(nrows)]
    index = [0]
    while index:
        depth = len(index) - 1
        if index[-1] >= len(options[depth]):
            index.pop()
            if index:
                index[-1] += 1
            continue
        r, c = cells[depth]
        code = options[depth][index[-1]]
        sides = code_sides(code)
        fits = (c == 0 or sides[LEFT] == code_sides(grid[r][c - 1])[RIGHT]) and \
               (r == 0 or sides[TOP] == code_sides(grid[r - 1][c])[BOTTOM])
        if not fits:
            index[-1] += 1
            continue
        grid[r][c] = code
        if depth == len(cells) - 1:
            answer = tuple(map(tuple, grid))
            if not connected or len(pieces(answer)) <= 1:
                found.append(_solution(puzzle, answer))
                if limit is not None and len(found) >= limit:
                    break
            index[-1] += 1
        else:
            index.append(0)
    return found


def _solution(puzzle: Puzzle, grid) -> Solution:
    """The Solution of a closed picture: each tile's fewest left turns to it."""
    turns = tuple(tuple(min(k for k in range(4) if turn_code(given, k) == got) for given, got in zip(*rows))
                  for rows in zip(puzzle.tiles, grid))
    return Solution(grid, turns, sum(map(sum, turns)))


def open_ends(grid) -> set[tuple[int, int]]:
    """The tiles of a grid of codes with a connection that meets nothing or points off the board."""
    nrows, ncols = len(grid), len(grid[0])
    bad = set()
    for r in range(nrows):
        for c in range(ncols):
            sides = code_sides(grid[r][c])
            for h in range(4):
                rr, cc = r + STEP[h][0], c + STEP[h][1]
                if sides[h] and not (0 <= rr < nrows and 0 <= cc < ncols and code_sides(grid[rr][cc])[(h + 2) % 4]):
                    bad.add((r, c))
    return bad
