"""The rules of Match 22 checked without a solver, and a search that needs none (the oracle).

Rules: every disk takes 0 to 3 left turns; after the turns, the touching quarters of two
neighbouring disks have the same colour (right quarter of the left disk = left quarter of the right
disk, bottom quarter of the upper disk = top quarter of the lower disk). The app counts the taps,
so the best answer has the fewest left turns; ``check_rules`` and ``verify`` check the rules, the
count is the objective.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_int, check_optional_limit, check_sequence
from ..engine.rotation import BOTTOM, LEFT, RIGHT, TOP, turned
from .board import Puzzle, Solution, make_solution
from .formats import colour_name

#: The rule codes (pzprjs style) and what they mean.
RULES = (Rule("turns-missing", "a disk has no number of turns"),
         Rule("turns-range", "turns must be 0, 1, 2 or 3"),
         Rule("row-mismatch", "two side-by-side disks touch with different colours"),
         Rule("column-mismatch", "two stacked disks touch with different colours"),
         Rule("moves-wrong", "the total number of moves is not the sum of the turns"))
#: Brute force tries every turning: 4^n boards, so it refuses more disks than this.
BRUTE_FORCE_DISKS = 24


def read_turns(puzzle: Puzzle, answer) -> dict[int, int]:
    """The turns of an answer: a Solution, a mapping disk id -> turns, or a grid of turns (None at holes)."""
    require(puzzle, Puzzle, "read_turns")
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


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule as a :class:`Fault` (codes of ``RULES``); ``[]`` when the answer keeps every
    rule. No solver. A malformed answer (not turns, a wrong shape) raises PuzzleError."""
    require(puzzle, Puzzle, "check_rules")
    return list(_faults(puzzle, answer, read_turns(puzzle, answer)))


def _faults(puzzle: Puzzle, answer, turns: dict[int, int]) -> Iterator[Fault]:
    ok = {}
    for i in range(1, puzzle.n + 1):
        if i not in turns:
            yield Fault("turns-missing", f"disk {i} at {puzzle.cells[i - 1]} has no number of turns",
                        (puzzle.cells[i - 1],))
        elif not 0 <= turns[i] <= 3:
            yield Fault("turns-range", f"disk {i}: {turns[i]} turns (turns must be 0, 1, 2 or 3)",
                        (puzzle.cells[i - 1],))
        else:
            ok[i] = turned(puzzle.disk(i), turns[i])
    for pairs, (a_side, b_side), code, words in (
            (puzzle.horizontal, (RIGHT, LEFT), "row-mismatch", ("right", "left")),
            (puzzle.vertical, (BOTTOM, TOP), "column-mismatch", ("bottom", "top"))):
        for i, k in pairs:
            if i in ok and k in ok and ok[i][a_side] != ok[k][b_side]:
                yield Fault(code, f"disks {i} and {k}: the {words[0]} quarter of disk {i} is "
                                  f"{colour_name(ok[i][a_side])}, the {words[1]} quarter of disk {k} is "
                                  f"{colour_name(ok[k][b_side])}", (puzzle.cells[i - 1], puzzle.cells[k - 1]))
    if isinstance(answer, Solution) and not isinstance(answer.moves, bool) and answer.moves != sum(turns.values()):
        yield Fault("moves-wrong", f"moves is {answer.moves!r}, but the turns add up to {sum(turns.values())}")


def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule, in words (``[]``: the disks all match). No solver, exact on every board."""
    require(puzzle, Puzzle, "verify")
    return faults_in_words(check_rules(puzzle, answer))


def brute_force(puzzle: Puzzle, limit: int | None = None, optimal: bool = True) -> list[Solution]:
    """Every optimal turning (the fewest moves, what ``solutions`` lists), or with ``optimal=False``
    every turning that matches all disks, found by a backtracking search (no solver).

    Disks are turned in reading order, and a turn is kept only when it matches the disks above and
    to the left, which are already turned; ``optimal`` then keeps those with the fewest moves.
    ``limit`` (None: all) keeps the first ``limit`` of them, in the order the search finds them.
    The search is a loop over an explicit stack (no recursion); boards of more than
    ``BRUTE_FORCE_DISKS`` disks are refused.
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
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
    return found if limit is None else found[:limit]
