"""rules.py: the rules as named checks (no solver), their words, and the oracle for small boards.

Role. ``RULES`` lists each rule as ``Rule(code, text)``; ``check_rules(puzzle, answer)`` yields a
``Fault(code, message, cells)`` for every broken rule (never stopping at the first), ``verify`` is
their messages, and ``brute_force`` lists every knight's path by depth-first search (Warnsdorff's
order: squares with the fewest onward moves first), so the tests can hold the models against it.

An answer is a ``Solution`` or the plain form people type: the path as a list of ``(row, col)``
pairs, start first. A malformed answer (not a list of pairs, a square off the board) is a
PuzzleError, not a fault.
"""

from __future__ import annotations

from collections import Counter

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_cell, check_optional_limit, check_sequence
from .board import Cell, Puzzle, Solution, as_solution, is_knight_move

RULES = (
    Rule("wrong-start", "the path starts on the start square S"),
    Rule("wrong-end", "the path ends on the end square E, where the board has one"),
    Rule("blocked-square", "the path never lands on a blocked square"),
    Rule("not-a-knight-move", "each step is a knight's move (two squares one way, one the other)"),
    Rule("visits-twice", "no square is visited twice"),
    Rule("misses-square", "every open square is visited"),
)
#: The brute force refuses boards with more open squares than this.
BRUTE_FORCE_SQUARES = 40


def read_answer(puzzle: Puzzle, answer) -> tuple[Cell, ...]:
    """The path of an answer (a Solution or a list of (row, col) pairs), or a PuzzleError naming the fault."""
    require(puzzle, Puzzle, "check_rules")
    if isinstance(answer, Solution):
        answer = answer.path
    if isinstance(answer, (str, bytes, dict)):
        raise PuzzleError(f"answer: expected the path as a list of (row, col) pairs, got {type(answer).__name__}")
    steps = check_sequence(answer, "answer", 0, 4 * puzzle.shape[0] * puzzle.shape[1])
    return tuple(check_cell(cell, puzzle.shape, f"answer: step {k}") for k, cell in enumerate(steps))


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule of ``answer`` as a coded Fault (``[]``: solved)."""
    path = read_answer(puzzle, answer)
    faults = []
    if not path or path[0] != puzzle.start:
        where = f"starts on {path[0]}" if path else "is empty"
        faults.append(Fault("wrong-start", f"the path {where}, the start is {puzzle.start}", (puzzle.start,)))
    if puzzle.end is not None and (not path or path[-1] != puzzle.end):
        where = f"ends on {path[-1]}" if path else "is empty"
        faults.append(Fault("wrong-end", f"the path {where}, the end is {puzzle.end}", (puzzle.end,)))
    faults += [Fault("blocked-square", f"step {k} lands on the blocked square {cell}", (cell,))
               for k, cell in enumerate(path) if not puzzle.is_open(cell)]
    faults += [Fault("not-a-knight-move", f"step {k + 1}, from {a} to {b}, is not a knight's move", (a, b))
               for k, (a, b) in enumerate(zip(path, path[1:])) if not is_knight_move(a, b)]
    faults += [Fault("visits-twice", f"square {cell} is visited {n} times", (cell,))
               for cell, n in Counter(path).items() if n > 1]
    missed = [cell for cell in puzzle.open_squares() if cell not in set(path)]
    if missed:
        faults.append(Fault("misses-square", f"{len(missed)} open square{'s are' if len(missed) > 1 else ' is'} "
                                             f"never visited, the first {missed[0]}", tuple(missed)))
    return faults


def verify(puzzle: Puzzle, answer) -> list[str]:
    """The broken rules in words, in the order ``check_rules`` found them (``[]``: solved)."""
    return faults_in_words(check_rules(puzzle, answer))


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Every knight's path (up to ``limit``) by depth-first search: no solver.

    The search tries the onward squares with the fewest free moves first (Warnsdorff's rule, which
    finds a tour at once on most boards) and gives up a branch as soon as the unvisited squares hold
    a square with no free neighbour, two dead ends (squares with one free neighbour: each must be the
    path's last), or cannot all be reached from the knight.
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    squares = puzzle.open_squares()
    if len(squares) > BRUTE_FORCE_SQUARES:
        raise PuzzleError(f"brute force tries boards up to {BRUTE_FORCE_SQUARES} open squares; "
                          f"this one has {len(squares)}")
    graph = {u: puzzle.moves(u) for u in squares}
    found: list[Solution] = []
    path, free = [puzzle.start], set(squares) - {puzzle.start}

    def search() -> bool:
        """Extend ``path``; True when ``limit`` answers are found (stop)."""
        here = path[-1]
        if not free:
            if puzzle.end is None or here == puzzle.end:
                found.append(as_solution(path))
            return limit is not None and len(found) >= limit
        if not _may_finish(graph, here, free, puzzle.end):
            return False
        onward = sorted((v for v in graph[here] if v in free), key=lambda v: (sum(w in free for w in graph[v]), v))
        for v in onward:
            if v == puzzle.end and len(free) > 1:
                continue
            path.append(v)
            free.discard(v)
            stop = search()
            free.add(v)
            path.pop()
            if stop:
                return True
        return False

    search()
    return found


def _may_finish(graph, here: Cell, free: set, end: Cell | None) -> bool:
    """False when the free squares cannot all be visited from ``here`` (a quick, sound test)."""
    dead_ends = 0
    for u in free:
        degree = sum(v in free for v in graph[u]) + (here in graph[u])
        if degree == 0:
            return False
        if degree == 1 and u != end:
            dead_ends += 1
    if dead_ends > (0 if end is not None else 1):
        return False
    seen, todo = set(), [v for v in graph[here] if v in free]
    seen.update(todo)
    while todo:
        for v in graph[todo.pop()]:
            if v in free and v not in seen:
                seen.add(v)
                todo.append(v)
    return len(seen) == len(free)
