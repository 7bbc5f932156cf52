"""The exercise checks of chapter 8 (Kakuro): a variant to model, a broken model to mend, a measurement.

* 8.1 ``check_repeats(build)``: Cross Sums with repeats. Digits may repeat in a run, but two
  neighbouring white cells (across or down) never hold the same digit; every run still adds up.
* 8.2 ``check_mended(build)``: :func:`build_broken` is Hartmann's model with one bug; the student's
  model must admit exactly the true fillings.
* 8.3 ``check_candidates(fn)``: the digits each cell may hold by its two clues alone, no solver.

Each check compares what the student's function admits with the truth worked out here without a
solver, and says what is wrong on which board. When a grader sets a hidden seed
(``python -m puzzlelib grade --hidden-seed N``), each battery also gets random boards the students
never saw (``feedback.checks.hidden_boards``).
"""

from __future__ import annotations

import itertools

import pulp

from ..feedback.checks import Case, Failure, forbidden, hidden_boards, run_check
from ..display.drawing import side_by_side
from ..engine.enumeration import enumerate_solutions
from ..core.errors import SolverError
from ..engine.solver import add_binary, new_problem, value01
from .board import Puzzle, combinations
from .drawing import draw
from .generators import random_puzzle
from .model import build_hartmann, build_model
from .model_combos import build_combos
from .rules import brute_force, candidates, verify

#: Boards of the variant 8.1, small enough to list every filling without a solver.
REPEAT_BOARDS = {
    "a row of three": "kakuro\n  # 2\\ 3\\ 2\\\n\\7  .  .  .\n",
    "two rows of three": "kakuro\n  # 3\\ 8\\ 6\\\n\\8  .  .  .\n\\9  .  .  .\n",
    "two other rows": "kakuro\n  # 4\\ 5\\ 4\\\n\\6  .  .  .\n\\7  .  .  .\n",
    "a pair of 8 and 9": "kakuro\n  # 8\\ 9\\\n\\17  .  .\n",
    # a model that lets two 9s touch (its neighbour rule stops at digit 8) accepts 9 9 2 on top
    "rows of 20 and 22": "kakuro\n  # 16\\ 17\\ 9\\\n\\20  .  .  .\n\\22  .  .  .\n",
    # a model that lets two 1s touch (its neighbour rule starts at digit 2) accepts them here
    "rows of 13 and 9": "kakuro\n  # 13\\ 4\\ 5\\\n\\13  .  .  .\n \\9  .  .  .\n",
}

#: Hidden boards (graded runs only) are kept to this many true fillings, so a check stays quick.
HIDDEN_FILLINGS = 20


def _few_fillings(make, count, seed: int, tries: int = 50) -> Puzzle:
    """The first board ``make(s)``, s = seed, seed + 1, ..., with at most HIDDEN_FILLINGS fillings
    by ``count`` (deterministic in ``seed``; the last one tried if none is small enough)."""
    for s in range(seed, seed + tries):
        puzzle = make(s)
        if len(count(puzzle)) <= HIDDEN_FILLINGS:
            return puzzle
    return puzzle


def build_broken(puzzle: Puzzle):
    """Hartmann's model for exercise 8.2, with the bug left in (read it with ``inspect.getsource``)."""
    problem = new_problem("kakuro_broken")
    x = {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in range(1, 9)}
    for r, c in puzzle.white:
        problem += pulp.lpSum(x[r, c, d] for d in range(1, 9)) == 1
    for run in puzzle.runs:
        for d in range(1, 9):
            problem += pulp.lpSum(x[r, c, d] for r, c in run.cells) <= 1
        problem += pulp.lpSum(d * x[r, c, d] for r, c in run.cells for d in range(1, 9)) == run.total
    return problem, x


# --------------------------------------------------------------------------------------------- #
# Shared: the fillings a student's model admits
# --------------------------------------------------------------------------------------------- #
def admitted_fillings(build, puzzle: Puzzle, limit: int):
    """Every digit grid ``build(puzzle) -> (problem, x)`` admits, up to ``limit``, or a Failure."""
    result = build(puzzle)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)
            and isinstance(result[1], dict)):
        return Failure("the function must return (problem, x): a pulp.LpProblem and the dict x[r, c, d]")
    problem, x = result
    missing = [(r, c) for r, c in puzzle.white if not any((r, c, d) in x for d in range(1, 10))]
    if missing:
        return Failure(f"x has no variable for white cell {missing[0]}: key it by (row, col, digit)")
    nrows, ncols = puzzle.shape

    clashes = []  # (cell, digits) where the model switched on more than one digit

    def read():
        digits = {}
        for (r, c, d), var in x.items():
            if value01(var):
                digits.setdefault((r, c), []).append(d)
        clashes.extend((cell, sorted(ds)) for cell, ds in sorted(digits.items()) if len(ds) > 1)
        return tuple(tuple(max(digits.get((r, c), [0])) for c in range(ncols)) for r in range(nrows))

    try:
        found = enumerate_solutions(problem, list(x.values()), read, limit)
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}")
    if clashes:
        (r, c), ds = clashes[0]
        return Failure(f"your model puts {len(ds)} digits in cell ({r}, {c}) at once ({', '.join(map(str, ds))}): "
                       "each white cell must hold exactly one digit")
    return found


def compare(puzzle: Puzzle, admitted, truth, explain, culprits=None) -> Failure | None:
    """None when the student's fillings are the true ones; else the first difference, drawn (with
    the cells ``culprits(puzzle, grid)`` ringed on a filling that breaks a rule)."""
    extra = [g for g in admitted if g not in truth]
    if extra:
        right = truth[0] if truth else None
        ringed = culprits(puzzle, extra[0]) if culprits else None
        return Failure(f"your model accepts a filling that breaks a rule ({explain(puzzle, extra[0])})",
                       lambda: side_by_side([lambda ax: draw(puzzle, extra[0], ax, mark=ringed),
                                             lambda ax: draw(puzzle, right, ax)],
                                            ["your model's filling", "a right filling" if right else "(none exists)"]))
    missed = [g for g in truth if g not in admitted]
    if missed:
        return Failure(f"your model rules out a valid filling ({len(admitted)} found, {len(truth)} exist)",
                       lambda: side_by_side([lambda ax: draw(puzzle, missed[0], ax)],
                                            ["a valid filling your model forbids"]))
    return None


def rule_breakers(puzzle: Puzzle, grid, distinct: bool = True) -> set:
    """The cells of ``grid`` that break a rule, to ring in the picture: an empty cell, every cell of
    a run with the wrong sum, and the cells holding a digit twice in a run (``distinct``) or, for
    the variant of 8.1, two equal neighbours."""
    cells = {(r, c) for r, c in puzzle.white if not 1 <= grid[r][c] <= 9}
    for run in puzzle.runs:
        digits = [grid[r][c] for r, c in run.cells]
        if sum(digits) != run.total:
            cells.update(run.cells)
        if distinct:
            cells.update(cell for cell, d in zip(run.cells, digits) if digits.count(d) > 1)
        else:
            for a, b, da, db in zip(run.cells, run.cells[1:], digits, digits[1:]):
                if da == db:
                    cells.update((a, b))
    return cells


def _as_failure(value):
    return value if isinstance(value, Failure) else None


# --------------------------------------------------------------------------------------------- #
# Exercise 8.1: Cross Sums with repeats
# --------------------------------------------------------------------------------------------- #
def repeat_faults(puzzle: Puzzle, grid) -> list[str]:
    """The rules of the variant broken by ``grid``: sums, and equal neighbours."""
    faults = []
    for run in puzzle.runs:
        digits = [grid[r][c] for r, c in run.cells]
        if sum(digits) != run.total:
            faults.append(f"{run} adds up to {sum(digits)}")
        for (a, b) in zip(run.cells, run.cells[1:]):
            if grid[a[0]][a[1]] == grid[b[0]][b[1]]:
                faults.append(f"neighbours {a} and {b} both hold {grid[a[0]][a[1]]}")
    for r, c in puzzle.white:
        if not 1 <= grid[r][c] <= 9:
            faults.append(f"cell ({r}, {c}) holds {grid[r][c]}, not a digit 1-9")
    return faults


def repeat_fillings(puzzle: Puzzle) -> list:
    """Every filling of the variant: each across run's digit tuples, combined and checked (tiny boards)."""
    nrows, ncols = puzzle.shape
    across = [run for run in puzzle.runs if run.direction == "across"]
    options = [[t for t in itertools.product(range(1, 10), repeat=len(run.cells))
                if sum(t) == run.total and all(a != b for a, b in zip(t, t[1:]))] for run in across]
    found = []
    for choice in itertools.product(*options):
        value = {cell: d for run, digits in zip(across, choice) for cell, d in zip(run.cells, digits)}
        grid = tuple(tuple(value.get((r, c), 0) for c in range(ncols)) for r in range(nrows))
        if not repeat_faults(puzzle, grid):
            found.append(grid)
    return found


def repeat_boards() -> dict[str, Puzzle]:
    """The public boards of 8.1, then the hidden ones (small random boards) when a grader set a seed."""
    boards = {name: Puzzle.from_text(text) for name, text in REPEAT_BOARDS.items()}
    make = lambda s: _few_fillings(lambda t: random_puzzle((2, 3), seed=t), repeat_fillings, s)  # noqa: E731
    boards.update(hidden_boards(make))
    return boards


def check_repeats(build):
    """Exercise 8.1: ``build(puzzle) -> (problem, x)`` models Cross Sums with repeats."""
    cases = []
    for name, puzzle in repeat_boards().items():
        def run(puzzle=puzzle):
            truth = repeat_fillings(puzzle)
            with forbidden(build, {"kk.build_model": build_model, "kk.build_hartmann": build_hartmann}):
                admitted = admitted_fillings(build, puzzle, len(truth) + 1)
            return _as_failure(admitted) or compare(puzzle, admitted, truth,
                                                    lambda p, g: (repeat_faults(p, g) or ["?"])[0],
                                                    lambda p, g: rule_breakers(p, g, distinct=False))
        cases.append(Case(name, run))
    return run_check("8.1", "build_repeats", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 8.2: the broken model, mended
# --------------------------------------------------------------------------------------------- #
def mended_boards() -> dict[str, Puzzle]:
    """Small boards whose fillings brute force lists: one needs a 9, one has several fillings."""
    return {
        "a 2x2 block of 9s and 8s": Puzzle.from_text("kakuro\n  # 17\\ 15\\\n\\17  .  .\n\\15  .  .\n"),
        "a 2x2 block with two fillings": Puzzle.from_text("kakuro\n  # 3\\ 17\\\n\\10  .  .\n\\10  .  .\n"),
        "random board, seed 8 (2 fillings)": random_puzzle(3, seed=8),
        "random board, seed 16 (6 fillings)": random_puzzle(3, seed=16),
        # repeats a 9 in a run, and a digit down a column, when (2) misses digit 9 or down runs
        "random board, seed 20 (5 fillings)": random_puzzle(3, seed=20),
        **dict(hidden_boards(lambda s: _few_fillings(lambda t: random_puzzle(3, seed=t),
                                                     lambda p: brute_force(p, limit=HIDDEN_FILLINGS + 1), s))),
    }


def check_mended(build):
    """Exercise 8.2: ``build(puzzle) -> (problem, x)`` is Hartmann's model without the bug."""
    cases = []
    for name, puzzle in mended_boards().items():
        def run(puzzle=puzzle):
            truth = [s.grid for s in brute_force(puzzle, limit=50)]  # every board here has far fewer (tested)
            with forbidden(build, {"kk.build_model": build_model, "kk.build_hartmann": build_hartmann,
                                   "kk.build_combos": build_combos}):
                admitted = admitted_fillings(build, puzzle, len(truth) + 1)
            return _as_failure(admitted) or compare(puzzle, admitted, truth, lambda p, g: (verify(p, g) or ["?"])[0],
                                                    rule_breakers)
        cases.append(Case(name, run))
    return run_check("8.2", "the mended model", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 8.3: candidates from the clues alone
# --------------------------------------------------------------------------------------------- #
def candidate_boards() -> dict[str, Puzzle]:
    from .board import SEED_BOARD

    return {"Appendix B's 8x8": Puzzle.from_text(SEED_BOARD),
            "a 2x2 block of 9s and 8s": Puzzle.from_text("kakuro\n  # 17\\ 15\\\n\\17  .  .\n\\15  .  .\n"),
            **{f"random board, seed {s}": random_puzzle(6, seed=s) for s in (1, 2)},
            **dict(hidden_boards(lambda s: random_puzzle(6, seed=s)))}


def check_candidates(fn):
    """Exercise 8.3: ``fn(puzzle)`` gives each white cell's set of digits allowed by both its clues."""
    cases = []
    for name, puzzle in candidate_boards().items():
        def run(puzzle=puzzle):
            with forbidden(fn, {"kk.candidates": candidates, "kk.combinations": combinations}):
                answer = fn(puzzle)
            truth = candidates(puzzle)
            if not isinstance(answer, dict):
                return Failure(f"the function must return a dict {{(row, col): set of digits}}, got "
                               f"{type(answer).__name__}")
            for cell in puzzle.white:
                if cell not in answer:
                    return Failure(f"white cell {cell} has no entry")
                got = answer[cell]
                if not isinstance(got, (set, frozenset)):
                    return Failure(f"cell {cell}: expected a set of digits, got {type(got).__name__}")
                if set(got) != truth[cell]:
                    across, down = puzzle.runs_of()[cell]
                    wrong = sorted(set(got) - truth[cell])
                    lost = sorted(truth[cell] - set(got))
                    what = (f"{wrong} cannot go there" if wrong else "") + (" and " if wrong and lost else "") + \
                        (f"{lost} can" if lost else "")
                    return Failure(f"cell {cell} (in {across} and {down}): you give {sorted(got)}, but {what}")
            extra = [cell for cell in answer if cell not in truth]
            if extra:
                return Failure(f"{extra[0]} is not a white cell, but has an entry")
            return None
        cases.append(Case(name, run))
    return run_check("8.3", "candidate_digits", cases)
