"""The rules of Kakuro, checked without a solver, and a brute force for small boards.

The rules, as named checks (pzprjs style): ``digit`` every white cell holds one digit 1-9 (and a
black cell none); ``repeat`` no digit twice in a run; ``sum`` a filled run adds up to its clue.
Also here, because they reason from the rules alone: ``candidates`` (the digits a cell's two clues
allow) and ``narrow`` (candidates narrowed to a fixpoint, the presolve of ``solve``).
"""

from __future__ import annotations

import numbers

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_optional_limit
from .board import Grid, Puzzle, Solution, combinations

RULES = (
    Rule("digit", "every white cell holds one digit 1-9, and a black cell none"),
    Rule("repeat", "no digit twice in a run"),
    Rule("sum", "a filled run adds up to its clue"),
)

#: The largest number of white cells :func:`brute_force` takes (it is the oracle of the tests).
BRUTE_FORCE_MAX_WHITE = 40


def read_answer(puzzle: Puzzle, answer) -> list[list[int]]:
    """An answer as rows of ints (0 for no digit); a PuzzleError says what is malformed.

    Accepts a ``Solution`` (anything with ``.grid``), rows of ints (0 or None for black and
    empty cells) or rows of strings, one character a cell (``#``, ``.`` or a space for no digit),
    as in the corpus's solutions.
    """
    grid = getattr(answer, "grid", answer)
    nrows, ncols = puzzle.shape
    if isinstance(grid, (str, bytes)) or not hasattr(grid, "__len__") or not hasattr(grid, "__getitem__"):
        raise PuzzleError(f"the answer must be {nrows} rows of {ncols} cells, got {type(grid).__name__}")
    if len(grid) != nrows:
        raise PuzzleError(f"the answer has {len(grid)} rows, the board has {nrows}")
    rows = []
    for r in range(nrows):
        row = grid[r]
        if isinstance(row, bytes) or not hasattr(row, "__len__") or not hasattr(row, "__getitem__"):
            raise PuzzleError(f"row {r} of the answer is not a row of cells")
        if len(row) != ncols:
            raise PuzzleError(f"row {r} of the answer has {len(row)} cells, the board has {ncols}")
        out = []
        for c in range(ncols):
            v = row[c]
            if isinstance(v, str) and len(v) == 1:  # a character of a text row, or of a list row
                v = int(v) if v in "0123456789" else (0 if v in "#. " else v)
            elif v is None:
                v = 0
            if isinstance(v, bool) or not isinstance(v, numbers.Integral) or not 0 <= v <= 9:
                raise PuzzleError(f"cell ({r}, {c}) holds {v!r}, not a digit 1-9")
            out.append(int(v))  # a numpy integer is the int it holds (issue 30)
        rows.append(out)
    return rows


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule as a :class:`Fault` (codes of ``RULES``), without a solver; a malformed
    answer (wrong shape, not digits) raises PuzzleError."""
    require(puzzle, Puzzle, "check_rules")
    grid = read_answer(puzzle, answer)
    found = []
    nrows, ncols = puzzle.shape
    for r in range(nrows):
        for c in range(ncols):
            if puzzle.is_white(r, c) and not grid[r][c]:
                found.append(Fault("digit", f"cell ({r}, {c}) is empty", ((r, c),)))
            elif not puzzle.is_white(r, c) and grid[r][c]:
                found.append(Fault("digit", f"cell ({r}, {c}) is black but holds {grid[r][c]}", ((r, c),)))
    for run in puzzle.runs:
        digits = [grid[r][c] for r, c in run.cells]
        repeated = sorted({d for d in digits if d and digits.count(d) > 1})
        if repeated:
            found.append(Fault("repeat", f"{run} repeats the digit {', '.join(map(str, repeated))}", run.cells))
        if all(digits) and run.total is not None and sum(digits) != run.total:
            found.append(Fault("sum", f"{run} adds up to {sum(digits)}, not {run.total}", run.cells))
    return found


def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule in words; ``[]`` means the answer is a solution."""
    require(puzzle, Puzzle, "verify")
    return faults_in_words(check_rules(puzzle, answer))


def candidates(puzzle: Puzzle) -> dict[tuple[int, int], set[int]]:
    """The digits each white cell may hold by its two clues alone: those in a combination of its
    across run and in one of its down run (no search, no solver)."""
    allowed = {}
    for cell, runs in puzzle.runs_of().items():
        digit_sets = [set().union(*combinations(run.total, len(run.cells))) for run in runs]
        allowed[cell] = digit_sets[0] & digit_sets[1]
    return allowed


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Up to ``limit`` solutions (None: all) by plain backtracking (an explicit stack, no recursion,
    no solver).

    Cells are filled in reading order; a digit is tried when no run of its cell holds it yet and
    the run's partial sum stays below its total (equal to it when the run is full). For boards of
    at most ``BRUTE_FORCE_MAX_WHITE`` white cells: the oracle the tests hold the models to.
    """
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    cells = list(puzzle.white)
    if len(cells) > BRUTE_FORCE_MAX_WHITE:
        raise PuzzleError(f"brute_force takes boards of at most {BRUTE_FORCE_MAX_WHITE} white cells, "
                          f"this one has {len(cells)}")
    runs_of = puzzle.runs_of()
    allowed = candidates(puzzle)
    remaining = {run: len(run.cells) for run in puzzle.runs}  # cells not yet filled per run
    partial = {run: 0 for run in puzzle.runs}
    used: dict = {run: set() for run in puzzle.runs}
    value: dict = {}
    found: list[Solution] = []
    stack = [iter(sorted(allowed[cells[0]]))]
    while stack:
        k = len(stack) - 1
        cell = cells[k]
        if cell in value:  # undo the digit tried last in this cell
            d = value.pop(cell)
            for run in runs_of[cell]:
                used[run].discard(d)
                partial[run] -= d
                remaining[run] += 1
        for d in stack[-1]:
            if all(_fits(run, d, used, partial, remaining) for run in runs_of[cell]):
                value[cell] = d
                for run in runs_of[cell]:
                    used[run].add(d)
                    partial[run] += d
                    remaining[run] -= 1
                break
        else:
            stack.pop()
            continue
        if k + 1 == len(cells):
            found.append(Solution(_grid(puzzle, value)))
            if limit is not None and len(found) >= limit:
                break
        else:
            stack.append(iter(sorted(allowed[cells[k + 1]])))
    return found


def _fits(run, d: int, used, partial, remaining) -> bool:
    if d in used[run]:
        return False
    if run.total is None:  # a run without a clue: distinct digits are all it asks
        return True
    total = partial[run] + d
    return total == run.total if remaining[run] == 1 else total < run.total


def _grid(puzzle: Puzzle, value: dict) -> Grid:
    nrows, ncols = puzzle.shape
    return tuple(tuple(value.get((r, c), 0) for c in range(ncols)) for r in range(nrows))


def narrow(puzzle: Puzzle, rounds: int = 50) -> dict[tuple[int, int], set[int]]:
    """:func:`candidates`, then narrowed until nothing changes (at most ``rounds`` passes):

    * a run keeps the digit sets that every one of its cells can meet and whose every digit
      some cell can hold, and its cells keep the digits of those sets;
    * a cell left with one digit removes it from the other cells of its two runs.

    Both steps only drop digits no solution uses, so every solution survives; the model then
    needs variables only for what is left. No search: each pass is linear in the board.
    """
    return narrow_sets(puzzle, rounds)[0]


def narrow_sets(puzzle: Puzzle, rounds: int = 50) -> tuple[dict, dict]:
    """:func:`narrow`'s digits per cell, and the digit sets each run keeps (run -> list of tuples).

    Only the runs beside a cell that changed are looked at again, so a pass costs what changed,
    not the whole board.
    """
    allowed = candidates(puzzle)
    sets = {run: list(combinations(run.total, len(run.cells))) for run in puzzle.runs}
    runs_of = puzzle.runs_of()
    todo = list(puzzle.runs)
    for _ in range(rounds):
        if not todo:
            break
        touched: dict = {}
        for run in todo:
            cells = [allowed[cell] for cell in run.cells]
            seen = set().union(*cells)
            keep = [s for s in sets[run] if seen.issuperset(s) and all(c & set(s) for c in cells)]
            if len(keep) != len(sets[run]):
                sets[run] = keep
            digits = set().union(*keep) if keep else set()
            fixed = {next(iter(c)) for c in cells if len(c) == 1}
            for cell in run.cells:
                new = allowed[cell] & digits
                if len(allowed[cell]) > 1:
                    new -= fixed
                if new != allowed[cell]:
                    allowed[cell] = new
                    touched.update(dict.fromkeys(runs_of[cell]))
        order = {run: i for i, run in enumerate(puzzle.runs)}
        todo = sorted(touched, key=order.__getitem__)
    return allowed, sets
