"""rules.py: the rules as named checks (no solver), their words, and the oracle for small boards.

Role. ``RULES`` lists each rule as ``Rule(code, text)``; ``check_rules(puzzle, answer)`` yields a
``Fault(code, message, cells)`` for every broken rule, ``verify`` is their messages, and
``brute_force`` finds every answer by backtracking over the cells, so the tests can hold the
models against it. An answer is a ``Solution``, a sequence of cells (or None) in dot order, or the
board as rows of text (``.``/``#`` empty, a digit a dot of that number: equal dots go to their
cells in reading order). A malformed answer (a cell off the board, a digit no dot has) is a
PuzzleError, not a fault.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import permutations

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_cell, check_choice, check_optional_limit
from .board import Cell, Puzzle, Solution, as_solution, canonical
from .formats import BLOCKED

RULES = (
    Rule("unplaced-dot", "every dot is placed on the board (unless the puzzle is 'partial')"),
    Rule("shared-cell", "a cell holds at most one dot"),
    Rule("blocked-cell", "no dot stands on a blocked cell"),
    Rule("wrong-degree", "each dot is joined to exactly its number of neighbouring dots"),
)
#: The brute force refuses boards with more free cells than this (it backtracks over the cells).
BRUTE_FORCE_CELLS = 30
#: The formulations whose answers brute_force lists: ``bigm`` tells equal dots apart, ``aggregated`` does not.
BRUTE_MODELS = ("aggregated", "bigm")


def read_answer(puzzle: Puzzle, answer) -> tuple[Cell | None, ...]:
    """The cell (or None) of each dot of an answer, or a PuzzleError naming the fault."""
    require(puzzle, Puzzle, "check_rules")
    if isinstance(answer, Solution):
        answer = answer.cells
    if isinstance(answer, (str, bytes, bytearray)) or not isinstance(answer, Sequence):
        raise PuzzleError(f"answer: expected a cell for each dot or the board's rows, got {type(answer).__name__}")
    if answer and all(isinstance(row, str) for row in answer):
        return _from_rows(puzzle, answer)
    if len(answer) != len(puzzle.dots):
        raise PuzzleError(f"answer: {len(answer)} cells for {len(puzzle.dots)} dots")
    return tuple(None if cell is None else check_cell(cell, puzzle.shape, f"answer: dot {d}")
                 for d, cell in enumerate(answer))


def _from_rows(puzzle: Puzzle, rows) -> tuple[Cell | None, ...]:
    nrows, ncols = puzzle.shape
    if len(rows) != nrows or any(len(row) != ncols for row in rows):
        raise PuzzleError(f"answer: expected {nrows} rows of {ncols} characters")
    number_at = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch.isdigit() and ch != "0":
                number_at[r, c] = int(ch)
            elif ch not in ".#":
                raise PuzzleError(f"answer: cell ({r}, {c}): {ch!r} is not '.', '#' or a dot's number")
    have, want = Counter(number_at.values()), Counter(puzzle.dots)
    for v, n in sorted(have.items()):
        if n > want[v]:
            raise PuzzleError(f"answer: {n} dots numbered {v} on the board, the puzzle has {want[v]}")
    return canonical(puzzle, number_at).cells


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule of ``answer`` as a coded Fault (``[]``: solved)."""
    cells = read_answer(puzzle, answer)
    faults = []
    if not puzzle.partial:
        faults += [Fault("unplaced-dot", f"dot {d} (number {v}) is not on the board", ())
                   for d, (v, cell) in enumerate(zip(puzzle.dots, cells)) if cell is None]
    count = Counter(cell for cell in cells if cell is not None)
    faults += [Fault("shared-cell", f"cell {cell} holds {n} dots", (cell,)) for cell, n in count.items() if n > 1]
    faults += [Fault("blocked-cell", f"dot {d} stands on the blocked cell {cell}", (cell,))
               for d, cell in enumerate(cells) if cell is not None and puzzle.grid[cell[0]][cell[1]] == BLOCKED]
    for d, (v, cell) in enumerate(zip(puzzle.dots, cells)):
        if cell is not None:
            joined = sum(n in count for n in puzzle.neighbours(cell, free_only=False))
            if joined != v:
                faults.append(Fault("wrong-degree", f"dot {d} on {cell} is joined to {joined} dot"
                                    f"{'s' if joined != 1 else ''}, its number is {v}", (cell,)))
    return faults


def verify(puzzle: Puzzle, answer) -> list[str]:
    """The broken rules in words, in the order ``check_rules`` found them (``[]``: solved)."""
    return faults_in_words(check_rules(puzzle, answer))


def occupancies(puzzle: Puzzle):
    """Every set of occupied free cells, with each cell's number, that the dots can make (a generator).

    Cells are decided in reading order; a cell's count of occupied neighbours is final once its last
    neighbour is decided, and must then be the number of a dot not yet used."""
    cells = puzzle.free_cells()
    index = {cell: i for i, cell in enumerate(cells)}
    nbrs = [[index[n] for n in puzzle.neighbours(cell)] for cell in cells]
    closes: list[list[int]] = [[] for _ in cells]
    for i, ns in enumerate(nbrs):
        closes[max([i, *ns])].append(i)
    left = Counter(puzzle.dots)
    total = len(puzzle.dots)
    on = [False] * len(cells)
    most = max(puzzle.dots)

    def search(i: int, placed: int):
        if i == len(cells):
            if puzzle.partial or placed == total:
                yield {cells[j]: sum(on[k] for k in nbrs[j]) for j in range(len(cells)) if on[j]}
            return
        if not puzzle.partial and total - placed > len(cells) - i:
            return
        for value in ((True, False) if placed < total else (False,)):
            on[i] = value
            used = []
            ok = True
            for j in closes[i]:
                if on[j]:
                    degree = sum(on[k] for k in nbrs[j])
                    if left[degree] <= 0:
                        ok = False
                        break
                    left[degree] -= 1
                    used.append(degree)
            if ok and value and sum(on[k] for k in nbrs[i] if k < i) > most:
                ok = False
            if ok:
                yield from search(i + 1, placed + value)
            for degree in used:
                left[degree] += 1
        on[i] = False

    yield from search(0, 0)


def _assignments(puzzle: Puzzle, number_at: dict[Cell, int]):
    """Every answer (dots told apart) with this occupancy: the dots of each number permuted over its cells."""
    groups = []
    for v in puzzle.numbers():
        dots = [d for d, n in enumerate(puzzle.dots) if n == v]
        spots = sorted(cell for cell, n in number_at.items() if n == v)
        groups.append([(spots, chosen) for chosen in permutations(dots, len(spots))])

    def expand(k: int, cells: list):
        if k == len(groups):
            yield as_solution(cells)
            return
        for spots, chosen in groups[k]:
            new = list(cells)
            for cell, d in zip(spots, chosen):
                new[d] = cell
            yield from expand(k + 1, new)

    yield from expand(0, [None] * len(puzzle.dots))


def brute_force(puzzle: Puzzle, limit: int | None = None, model: str = "aggregated") -> list[Solution]:
    """Every answer (up to ``limit``) by backtracking over the free cells: no solver.

    ``model="aggregated"`` lists one answer per occupancy with numbers (equal dots are
    interchangeable: the answers of the aggregated formulation); ``model="bigm"`` lists every
    assignment of dots to those cells, equal dots told apart (the answers of the big-M formulation)."""
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    check_choice(model, BRUTE_MODELS, "model")
    free = len(puzzle.free_cells())
    if free > BRUTE_FORCE_CELLS:
        raise PuzzleError(f"brute force tries boards up to {BRUTE_FORCE_CELLS} free cells; this one has {free}")
    found: list[Solution] = []
    for number_at in occupancies(puzzle):
        answers = [canonical(puzzle, number_at)] if model == "aggregated" else _assignments(puzzle, number_at)
        for answer in answers:
            found.append(answer)
            if limit is not None and len(found) >= limit:
                return found
    return found
