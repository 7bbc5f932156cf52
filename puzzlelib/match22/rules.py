"""The rules of Match 22 checked without a solver, and a search that needs none (the oracle).

Rules: every disk takes 0 to 3 left turns; after the turns, the touching quarters of two
neighbouring disks have the same colour (right quarter of the left disk = left quarter of the right
disk, bottom quarter of the upper disk = top quarter of the lower disk). The app counts the taps,
so the best answer has the fewest left turns; ``verify`` checks the rules, the count is the
objective.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..core.errors import PuzzleError
from ..engine.rotation import BOTTOM, LEFT, RIGHT, TOP, turned
from ..core.validate import check_int, check_sequence
from .board import Puzzle, Solution, make_solution
from .formats import colour_name

#: The rule codes (pzprjs style) and what they mean.
RULES = {"turnsMissing": "a disk has no number of turns", "turnsRange": "turns must be 0, 1, 2 or 3",
         "rowMismatch": "two side-by-side disks touch with different colours",
         "columnMismatch": "two stacked disks touch with different colours",
         "movesWrong": "the total number of moves is not the sum of the turns"}
#: Brute force tries every turning: 4^n boards, so it refuses more disks than this.
BRUTE_FORCE_DISKS = 24


def read_turns(puzzle: Puzzle, answer) -> dict[int, int]:
    """The turns of an answer: a Solution, a mapping disk id -> turns, or a grid of turns (None at holes)."""
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"expected a match22 Puzzle, got {type(puzzle).__name__}")
    if isinstance(answer, Solution):
        answer = answer.turns
    if isinstance(answer, Mapping):
        turns = {}
        for key, value in answer.items():
            i = check_int(key, "turns: a disk id", 1, puzzle.n)
            turns[i] = check_int(value, f"turns of disk {i}")
        return turns
    rows = check_sequence(answer, "answer")
    nrows, ncols = puzzle.shape
    if len(rows) != nrows:
        raise PuzzleError(f"answer: expected {nrows} rows of turns, got {len(rows)}")
    turns = {}
    for r, line in enumerate(rows):
        line = check_sequence(line, f"answer: row {r}")
        if len(line) != ncols:
            raise PuzzleError(f"answer: row {r} has {len(line)} cells, expected {ncols}")
        for c, value in enumerate(line):
            i = puzzle.ids[r][c]
            if i is None:
                if value is not None:
                    raise PuzzleError(f"answer: ({r}, {c}) is a hole, so its entry must be None, got {value!r}")
                continue
            turns[i] = check_int(value, f"answer: turns of the disk at ({r}, {c})")
    return turns


def failures(puzzle: Puzzle, answer) -> Iterator[tuple[str, str]]:
    """Every broken rule as ``(code, message)``; nothing when the answer keeps every rule."""
    turns = read_turns(puzzle, answer)
    ok = {}
    for i in range(1, puzzle.n + 1):
        if i not in turns:
            yield "turnsMissing", f"disk {i} at {puzzle.cells[i - 1]} has no number of turns"
        elif not 0 <= turns[i] <= 3:
            yield "turnsRange", f"disk {i}: {turns[i]} turns (turns must be 0, 1, 2 or 3)"
        else:
            ok[i] = turned(puzzle.disk(i), turns[i])
    for pairs, (a_side, b_side), code, words in (
            (puzzle.horizontal, (RIGHT, LEFT), "rowMismatch", ("right", "left")),
            (puzzle.vertical, (BOTTOM, TOP), "columnMismatch", ("bottom", "top"))):
        for i, k in pairs:
            if i in ok and k in ok and ok[i][a_side] != ok[k][b_side]:
                yield code, (f"disks {i} and {k}: the {words[0]} quarter of disk {i} is "
                             f"{colour_name(ok[i][a_side])}, the {words[1]} quarter of disk {k} is "
                             f"{colour_name(ok[k][b_side])}")
    if isinstance(answer, Solution) and not isinstance(answer.moves, bool) and answer.moves != sum(turns.values()):
        yield "movesWrong", f"moves is {answer.moves!r}, but the turns add up to {sum(turns.values())}"


def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule, in words (``[]``: the disks all match). No solver, exact on every board."""
    return [message for _, message in failures(puzzle, answer)]


def brute_force(puzzle: Puzzle, optimal: bool = False) -> list[Solution]:
    """Every turning that matches all disks, found by a backtracking search (no solver).

    Disks are turned in reading order, and a turn is kept only when it matches the disks above and
    to the left, which are already turned. ``optimal=True`` keeps only those with the fewest moves.
    The search is a loop over an explicit stack (no recursion); boards of more than
    ``BRUTE_FORCE_DISKS`` disks are refused.
    """
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"expected a match22 Puzzle, got {type(puzzle).__name__}")
    n = puzzle.n
    if n > BRUTE_FORCE_DISKS:
        raise PuzzleError(f"brute force tries up to 4^{BRUTE_FORCE_DISKS} turnings; this board has {n} disks")
    left = {k: i for i, k in puzzle.horizontal}
    above = {k: i for i, k in puzzle.vertical}
    found: list[Solution] = []
    chosen: list[int] = []          # turns of disks 1..len(chosen)
    faces: list[tuple] = []         # their turned colours
    nxt = [0]                       # the next turn to try at each depth
    while nxt:
        depth = len(chosen)         # trying disk depth + 1
        k = nxt[-1]
        if k == 4 or depth == n:
            nxt.pop()
            if chosen and len(nxt) == len(chosen):
                chosen.pop()
                faces.pop()
            continue
        nxt[-1] = k + 1
        i = depth + 1
        face = turned(puzzle.disk(i), k)
        if i in left and faces[left[i] - 1][RIGHT] != face[LEFT]:
            continue
        if i in above and faces[above[i] - 1][BOTTOM] != face[TOP]:
            continue
        chosen.append(k)
        faces.append(face)
        if i == n:
            found.append(make_solution(puzzle, dict(enumerate(chosen, 1))))
            chosen.pop()
            faces.pop()
        else:
            nxt.append(0)
    if optimal and found:
        best = min(s.moves for s in found)
        found = [s for s in found if s.moves == best]
    return found
