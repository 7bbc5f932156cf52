"""The exercise checks of chapter 8 (Kakuro): two variants to model and a measurement, none of which
the library or the chapter answers.

* 8.1 ``check_repeats(build)``: Cross Sums with repeats. Digits may repeat in a run, but two
  neighbouring white cells of a run never hold the same digit; every run still adds up.
* 8.2 ``check_mended(build)``: Even Kakuro, where the shaded white cells hold even digits.
  :func:`build_broken` is a model of it with one bug; the student's ``build(puzzle, even)`` must
  admit exactly the true fillings. ``check_missed(fn)``: a filling of Even Kakuro that the broken
  model rules out, or None where it rules out none (checked by the rules and by the broken model's
  constraints, which are blocked while the student's function runs).
* 8.3 ``check_candidates(fn)``: in Cross Sums with repeats, the digits each cell may hold by its two
  clues alone, no solver (a cell's place in its runs matters there).

Each check judges what the student's function gives by the rules of the variant, against the truth
worked out here before the student's function runs (brute force, or each run's digit sequences),
and says what is wrong on which board: the rule a wrong filling breaks (drawn beside a right
filling), or which cell's set holds a digit that cannot go there; never the answer itself. While a
check runs, the library's models, enumerations and solvers that would answer it are unavailable.
When a grader sets a hidden seed (``python -m puzzlelib grade --hidden-seed N``), each battery also
gets random boards the students never saw (``feedback.checks.hidden_boards``).
"""

from __future__ import annotations

import itertools

import pulp

from ..core.errors import SolverError
from ..core.interface import Fault
from ..display.drawing import side_by_side
from ..engine.enumeration import enumerate_solutions
from ..engine.solver import add_binary, new_problem, value01
from ..feedback.checks import Case, Failure, forbidden, hidden_boards, int_grid, run_check, solvers
from .board import Puzzle, combinations
from .drawing import draw
from .generators import random_puzzle
from .model import build_hartmann, build_model
from .model_combos import build_combos
from .rules import brute_force, candidates, check_rules, narrow
from .solving import lp_candidates, solutions, solve

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

#: The shaded cells of Appendix B's board in Exercise 8.2 (the cells of rows 1 and 2 whose digit is
#: even in its one solution), on which :func:`build_broken` finds no solution.
SEED_EVEN = frozenset({(1, 4), (1, 6), (1, 7), (2, 5), (2, 6), (2, 7)})


def _few_fillings(make, count, seed: int, tries: int = 50) -> Puzzle:
    """The first board ``make(s)``, s = seed, seed + 1, ..., with at most HIDDEN_FILLINGS fillings
    by ``count`` (deterministic in ``seed``; the last one tried if none is small enough)."""
    for s in range(seed, seed + tries):
        puzzle = make(s)
        if len(count(puzzle)) <= HIDDEN_FILLINGS:
            return puzzle
    return puzzle


def build_broken(puzzle: Puzzle, even):
    """A model of Even Kakuro for exercise 8.2, with the bug left in (read it with ``inspect.getsource``):
    Hartmann's model, and no odd digit in a shaded cell (``even``, a set of cells)."""
    problem = new_problem("kakuro_even_broken")
    x = {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in range(1, 9)}
    for r, c in puzzle.white:
        problem += pulp.lpSum(x[r, c, d] for d in range(1, 9)) == 1
    for run in puzzle.runs:
        for d in range(1, 9):
            problem += pulp.lpSum(x[r, c, d] for r, c in run.cells) <= 1
        problem += pulp.lpSum(d * x[r, c, d] for r, c in run.cells for d in range(1, 9)) == run.total
    for r, c in even:
        problem += pulp.lpSum(x[r, c, d] for d in (1, 3, 5, 7)) == 0
    return problem, x


#: What a student's model may not call: the library's own models, enumerations and solvers.
def _library() -> dict:
    return {"kk.build_model": build_model, "kk.build_hartmann": build_hartmann, "kk.build_combos": build_combos,
            "kk.brute_force": brute_force, "kk.solutions": solutions, "kk.solve": solve,
            "enumerate_solutions": enumerate_solutions}


# --------------------------------------------------------------------------------------------- #
# Shared: the fillings a student's model admits
# --------------------------------------------------------------------------------------------- #
def admitted_fillings(build, puzzle: Puzzle, limit: int, *args, blocked: dict | None = None):
    """Every digit grid ``build(puzzle, *args) -> (problem, x)`` admits, up to ``limit``, or a Failure.

    ``build`` runs with ``blocked`` unavailable; the fillings are listed after, by the check."""
    with forbidden(build, blocked or {}):
        result = build(puzzle, *args)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)
            and isinstance(result[1], dict)):
        return Failure("the function must return (problem, x): a pulp.LpProblem and the dict x[r, c, d]",
                       code="wrong-return-type")
    problem, x = result
    missing = [(r, c) for r, c in puzzle.white if not any((r, c, d) in x for d in range(1, 10))]
    if missing:
        return Failure(f"x has no variable for white cell {missing[0]}: key it by (row, col, digit)",
                       code="missing-variable")
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
        return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")
    if clashes:
        (r, c), ds = clashes[0]
        return Failure(f"your model puts {len(ds)} digits in cell ({r}, {c}) at once ({', '.join(map(str, ds))}): "
                       "each white cell must hold exactly one digit", code="breaks-rule:digit")
    return found


def compare(puzzle: Puzzle, admitted, truth, faults, culprits=None) -> Failure | None:
    """None when the student's fillings are the true ones; else the first difference, drawn (with
    the cells ``culprits(puzzle, grid)`` ringed on a filling that breaks a rule). ``faults(puzzle,
    grid)`` lists the broken rules as Faults, whose code names the failure (``breaks-rule:<code>``)."""
    extra = [g for g in admitted if g not in truth]
    if extra:
        right = truth[0] if truth else None
        broken = faults(puzzle, extra[0])
        first = broken[0] if broken else Fault("rule", "it is not a solution")
        ringed = culprits(puzzle, extra[0]) if culprits else None
        return Failure(f"your model accepts a filling that breaks a rule ({first.message})",
                       lambda: side_by_side([lambda ax: draw(puzzle, extra[0], ax, mark=ringed),
                                             lambda ax: draw(puzzle, right, ax)],
                                            ["your model's filling", "a right filling" if right else "(none exists)"]),
                       code=f"breaks-rule:{first.code}")
    missed = [g for g in truth if g not in admitted]
    if missed:
        return Failure(f"your model rules out a valid filling ({len(admitted)} found, {len(truth)} exist)",
                       lambda: side_by_side([lambda ax: draw(puzzle, missed[0], ax)],
                                            ["a valid filling your model forbids"]),
                       code="rules-out-solution")
    return None


def rule_breakers(puzzle: Puzzle, grid, distinct: bool = True, even=()) -> set:
    """The cells of ``grid`` that break a rule, to ring in the picture: an empty cell, every cell of
    a run with the wrong sum, and the cells holding a digit twice in a run (``distinct``) or, for
    the variant of 8.1, two equal neighbours; and a shaded cell (``even``) holding an odd digit."""
    cells = {(r, c) for r, c in puzzle.white if not 1 <= grid[r][c] <= 9}
    cells.update((r, c) for r, c in even if grid[r][c] % 2)
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
def repeat_faults(puzzle: Puzzle, grid) -> list[Fault]:
    """The rules of the variant broken by ``grid``: sums, equal neighbours and digits (codes ``sum``,
    ``neighbours``, ``digit``)."""
    faults = []
    for run in puzzle.runs:
        digits = [grid[r][c] for r, c in run.cells]
        if sum(digits) != run.total:
            faults.append(Fault("sum", f"{run} adds up to {sum(digits)}", run.cells))
        for (a, b) in zip(run.cells, run.cells[1:]):
            if grid[a[0]][a[1]] == grid[b[0]][b[1]]:
                faults.append(Fault("neighbours", f"neighbours {a} and {b} both hold {grid[a[0]][a[1]]}", (a, b)))
    for r, c in puzzle.white:
        if not 1 <= grid[r][c] <= 9:
            faults.append(Fault("digit", f"cell ({r}, {c}) holds {grid[r][c]}, not a digit 1-9", ((r, c),)))
    return faults


def repeat_fillings(puzzle: Puzzle) -> list:
    """Every filling of the variant: each across run's digit tuples, combined and checked (tiny boards).
    The check's oracle for 8.1: unavailable while a student's model is built."""
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
    blocked = {**_library(), "checks.repeat_fillings": repeat_fillings}
    cases = []
    for name, puzzle in repeat_boards().items():
        def run(puzzle=puzzle):
            truth = repeat_fillings(puzzle)
            admitted = admitted_fillings(build, puzzle, len(truth) + 1, blocked=blocked)
            return _as_failure(admitted) or compare(puzzle, admitted, truth, repeat_faults,
                                                    lambda p, g: rule_breakers(p, g, distinct=False))
        cases.append(Case(name, run))
    return run_check("8.1", "build_repeats", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 8.2: Even Kakuro, the broken model mended
# --------------------------------------------------------------------------------------------- #
def even_faults(puzzle: Puzzle, grid, even) -> list[Fault]:
    """The rules of Even Kakuro broken by ``grid``: Kakuro's (``digit``, ``repeat``, ``sum``), and an
    odd digit in a shaded cell (``even``)."""
    odd = [Fault("even", f"shaded cell ({r}, {c}) holds {grid[r][c]}, an odd digit", ((r, c),))
           for r, c in sorted(even) if grid[r][c] % 2]
    return check_rules(puzzle, grid) + odd


def shaded(puzzle: Puzzle, fillings) -> frozenset | None:
    """The shaded cells a board of 8.2 gets: the cells holding an even digit in its first filling with
    a 9, when that keeps some filling of plain Kakuro out (so the shading matters) and leaves a 9 in
    (so a model without 9s misses a filling); None when the board cannot tell these apart."""
    with_nine = [g for g in sorted(fillings) if any(9 in row for row in g)]
    if not with_nine:
        return None
    first = with_nine[0]
    even = frozenset((r, c) for r, c in puzzle.white if first[r][c] % 2 == 0)
    kept = [g for g in fillings if all(g[r][c] % 2 == 0 for r, c in even)]
    return even if even and len(kept) < len(fillings) else None


def _even_board(seed: int) -> tuple[Puzzle, frozenset]:
    """A small random board of 8.2 and its shading (deterministic in ``seed``)."""
    for s in range(seed, seed + 100):
        puzzle = random_puzzle(3, seed=s)
        fillings = [f.grid for f in brute_force(puzzle, limit=HIDDEN_FILLINGS + 1)]
        even = shaded(puzzle, fillings) if len(fillings) <= HIDDEN_FILLINGS else None
        if even:
            return puzzle, even
    raise RuntimeError(f"no board for Exercise 8.2 from seed {seed}")  # pragma: no cover (never seen)


#: Shapes and seeds of random boards of 8.2 on which two 9s in a run make a filling with the shading kept.
NINES = ((3, 4, 104), (3, 4, 125), (4, 3, 125))


def mended_boards() -> dict[str, tuple[Puzzle, frozenset]]:
    """The boards of 8.2 and their shaded cells: small boards whose fillings brute force lists, each
    with a filling that needs a 9 and a filling of plain Kakuro that the shading rules out."""
    boards = {
        "a 2x2 block of 9s and 8s": Puzzle.from_text("kakuro\n  # 17\\ 15\\\n\\17  .  .\n\\15  .  .\n"),
        "a 2x2 block with two fillings": Puzzle.from_text("kakuro\n  # 3\\ 17\\\n\\10  .  .\n\\10  .  .\n"),
        # seed 4 repeats a 1 down a run when distinct stops at digits 2-9, seed 28 a 9 when it stops at 8,
        # seed 12 puts a 9 in a shaded cell when the odd digits stop at 7
        **{f"random board, seed {s}": random_puzzle(3, seed=s) for s in (4, 12, 28)},
        # boards where a model that lets a 9 repeat in a run (its "distinct" stops at digit 8) admits a
        # filling with two 9s in a run (on 3x3 #73 a model that lets a 1 repeat admits one too)
        "random board, seed 73": random_puzzle(3, seed=73),
        **{f"random {n}x{m} board, seed {s}": random_puzzle((n, m), seed=s) for n, m, s in NINES},
    }
    found = {name: (p, shaded(p, [f.grid for f in brute_force(p, limit=50)])) for name, p in boards.items()}
    found.update(hidden_boards(_even_board))
    return found


def check_mended(build):
    """Exercise 8.2: ``build(puzzle, even) -> (problem, x)`` models Even Kakuro, without the bug."""
    blocked = {**_library(), "checks.build_broken": build_broken}
    cases = []
    for name, (puzzle, even) in mended_boards().items():
        def run(puzzle=puzzle, even=even):
            truth = [s.grid for s in brute_force(puzzle, limit=50)  # every board here has far fewer (tested)
                     if all(s.grid[r][c] % 2 == 0 for r, c in even)]
            admitted = admitted_fillings(build, puzzle, len(truth) + 1, set(even), blocked=blocked)
            return _as_failure(admitted) or compare(puzzle, admitted, truth, lambda p, g: even_faults(p, g, even),
                                                    lambda p, g: rule_breakers(p, g, even=even))
        cases.append(Case(name, run))
    return run_check("8.2", "the mended model", cases)


#: Boards of 8.2's second part where the broken model loses nothing: no filling holds a 9.
NO_NINE_BOARDS = {
    "a 2x2 block of small sums (no 9 anywhere)": ("kakuro\n  # 3\\ 4\\\n\\3  .  .\n\\4  .  .\n", ((1, 1),)),
    "another 2x2 block of small sums": ("kakuro\n  # 4\\ 6\\\n\\3  .  .\n\\7  .  .\n", ((1, 2), (2, 2))),
}


def missed_boards() -> dict[str, tuple[Puzzle, frozenset]]:
    """The boards of 8.2's second part: those of the mended model (on each the broken model misses a
    filling), then boards where it misses none."""
    boards = dict(mended_boards())
    boards.update({name: (Puzzle.from_text(text), frozenset(even)) for name, (text, even) in NO_NINE_BOARDS.items()})
    return boards


def broken_refuses(puzzle: Puzzle, even, grid) -> str | None:
    """What in :func:`build_broken` rules ``grid`` out, in words; None when the broken model accepts it."""
    problem, x = build_broken(puzzle, even)
    for r, c in puzzle.white:
        if (r, c, grid[r][c]) not in x:
            return f"it has no variable for the digit {grid[r][c]} in cell ({r}, {c})"
    for (r, c, d), var in x.items():
        var.setInitialValue(1 if grid[r][c] == d else 0)
    broken = [constraint for constraint in problem.constraints() if not constraint.valid()]
    return f"it breaks {broken[0]}" if broken else None


def check_missed(missed, exercise: str = "8.2") -> object:
    """Exercise 8.2, second part: ``missed(puzzle, even)`` returns a filling of Even Kakuro (rows of
    digits, 0 outside the white cells) that :func:`build_broken` rules out, or None when it rules out
    none. The check verifies the filling by the rules and by the broken model's constraints."""
    blocked = {**_library(), "checks.build_broken": build_broken, "checks.broken_refuses": broken_refuses}
    cases = []
    for name, (puzzle, even) in missed_boards().items():
        def run(puzzle=puzzle, even=even):
            truth = [s.grid for s in brute_force(puzzle, limit=50) if all(s.grid[r][c] % 2 == 0 for r, c in even)]
            shows = any(broken_refuses(puzzle, even, g) for g in truth)  # before the block
            with forbidden(missed, blocked):
                answer = missed(puzzle, set(even))
            if answer is None:
                if shows:
                    return Failure("you return None, but on this board the broken model rules out a filling of "
                                   "Even Kakuro", code="misses-bug")
                return None
            nrows, ncols = puzzle.shape
            grid = int_grid(answer, puzzle.shape)
            if grid is None:
                return Failure(f"return None or a filling: {nrows} rows of {ncols} digits (0 outside the white "
                               "cells)", code="wrong-return-type")
            faults = even_faults(puzzle, grid, even) if all(1 <= grid[r][c] <= 9 for r, c in puzzle.white) else \
                [Fault("digit", "a white cell holds no digit 1-9", ())]
            if faults:
                return Failure(f"your filling is not a filling of Even Kakuro ({faults[0].message}): the broken "
                               "model may well rule it out, but so does the puzzle",
                               lambda: draw(puzzle, grid, mark=sorted(rule_breakers(puzzle, grid, even=even))),
                               code=f"breaks-rule:{faults[0].code}")
            if broken_refuses(puzzle, even, grid) is None:
                return Failure("the broken model accepts your filling: look for one it cannot hold",
                               lambda: draw(puzzle, grid), code="accepted-by-broken")
            return None
        cases.append(Case(name, run))
    return run_check(exercise, "a filling the broken model misses", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 8.3: candidates from the clues alone, when digits may repeat
# --------------------------------------------------------------------------------------------- #
def candidate_boards() -> dict[str, Puzzle]:
    """The boards of 8.3: two of 8.1's, two random 6x6 (no run longer than 5), then hidden ones."""
    return {"rows of 13 and 9": Puzzle.from_text(REPEAT_BOARDS["rows of 13 and 9"]),
            "a 2x2 block of 9s and 8s": Puzzle.from_text("kakuro\n  # 17\\ 15\\\n\\17  .  .\n\\15  .  .\n"),
            # 6 in three cells: the middle cell may hold a 4 (1 4 1), the ends may not
            "a run of 6 in three cells": Puzzle.from_text("kakuro\n  # 3\\ 10\\ 3\\\n\\6  .  .  .\n\\9  .  .  .\n"),
            **{f"random board, seed {s}": random_puzzle(6, seed=s) for s in (1, 2)},
            **dict(hidden_boards(lambda s: random_puzzle(6, seed=s)))}


def check_candidates(fn):
    """Exercise 8.3: ``fn(puzzle)`` gives each white cell's set of digits that some digit sequence of
    its across run and some of its down run allow there (digits may repeat, neighbours differ)."""
    def places(total: int, length: int, neighbours: bool = True) -> list[set[int]]:
        """For each place of a run, the digits some sequence of the variant puts there: a walk forward
        over (place, digit, sum so far), and back from the runs that end at ``total``. ``neighbours=False``
        drops the rule that neighbours differ (for a usual mistake)."""
        differ = (lambda d, e: d != e) if neighbours else (lambda d, e: True)
        reach = [{(d, d) for d in range(1, 10)}]  # (digit here, sum up to here), reachable from the start
        for _ in range(length - 1):
            reach.append({(e, s + e) for d, s in reach[-1] for e in range(1, 10) if differ(d, e) and s + e <= total})
        good = {(d, s) for d, s in reach[-1] if s == total}
        found = [set() for _ in range(length)]
        for k in range(length - 1, -1, -1):
            found[k] = {d for d, _ in good}
            if k:
                good = {(d, s) for d, s in reach[k - 1] if any(differ(d, e) and s + e == t for e, t in good)}
        return found

    def truth_of(puzzle):
        allowed = {cell: set(range(1, 10)) for cell in puzzle.white}
        for run in puzzle.runs:
            for cell, digits in zip(run.cells, places(run.total, len(run.cells))):
                allowed[cell] &= digits
        return allowed

    def usual(puzzle) -> list[tuple[str, str, dict]]:
        """(code, what went wrong, the sets it gives) for the usual wrong answers."""
        def per_run(digits_of, join=set.intersection):
            sets = {cell: [] for cell in puzzle.white}
            for run in puzzle.runs:
                for cell, digits in zip(run.cells, digits_of(run)):
                    sets[cell].append(set(digits))
            return {cell: join(*s) for cell, s in sets.items()}

        def across_only(run):
            if run.direction == "across":
                return places(run.total, len(run.cells))
            return [set(range(1, 10))] * len(run.cells)

        anywhere = lambda run: [set().union(*places(run.total, len(run.cells)))] * len(run.cells)  # noqa: E731
        free = lambda run: places(run.total, len(run.cells), neighbours=False)  # noqa: E731
        return [
            ("requires-distinct", "these are the digits of plain Kakuro, where a run's digits differ; here "
             "digits may repeat, as long as neighbours differ", candidates(puzzle)),
            ("ignores-place", "your sets are the same for every cell of a run; in this variant a cell's place "
             "in the run matters (the ends of a run have one neighbour, the others two)", per_run(anywhere)),
            ("ignores-neighbours", "your sets allow runs where two neighbours hold the same digit",
             per_run(free)),
            ("one-clue-only", "a cell's digits must suit BOTH its runs, the across and the down one",
             per_run(lambda run: places(run.total, len(run.cells)), join=set.union)),
            ("one-clue-only", "a cell's digits must suit BOTH its runs, the across and the down one",
             per_run(across_only)),
        ]

    cases = []
    for name, puzzle in candidate_boards().items():
        truth, mistakes = truth_of(puzzle), usual(puzzle)  # before the library is blocked

        def run(puzzle=puzzle, truth=truth, mistakes=mistakes):
            blocked = {"kk.candidates": candidates, "kk.combinations": combinations, "kk.narrow": narrow,
                       "kk.lp_candidates": lp_candidates, "checks.repeat_fillings": repeat_fillings,
                       **_library(), **solvers()}
            with forbidden(fn, blocked):
                answer = fn(puzzle)
            if not isinstance(answer, dict):
                return Failure(f"the function must return a dict {{(row, col): set of digits}}, got "
                               f"{type(answer).__name__}", code="wrong-return-type")
            for cell in puzzle.white:
                if cell not in answer:
                    return Failure(f"white cell {cell} has no entry", code="missing-cell")
                if not isinstance(answer[cell], (set, frozenset)):
                    return Failure(f"cell {cell}: expected a set of digits, got {type(answer[cell]).__name__}",
                                   code="wrong-return-type")
            extra = [cell for cell in answer if cell not in truth]
            if extra:
                return Failure(f"{extra[0]} is not a white cell, but has an entry", code="extra-cell")
            wrong = [cell for cell in puzzle.white if set(answer[cell]) != truth[cell]]
            if not wrong:
                return None
            cell = wrong[0]
            across, down = puzzle.runs_of()[cell]
            got = set(answer[cell])
            stray = sorted(got - truth[cell])
            where = f"cell {cell} (in {across} and {down})"
            for code, what, sets in mistakes:
                if all(set(answer[c]) == sets[c] for c in puzzle.white):
                    return Failure(f"{where}: your set {sorted(got)} is not what the clues allow: {what}", code=code)
            if stray:
                return Failure(f"{where}: your set {sorted(got)} holds {stray[0]}, which no digit sequence of "
                               "both runs puts there", code="allows-impossible-digit")
            return Failure(f"{where}: your set {sorted(got)} misses {len(truth[cell] - got)} digit(s) that some "
                           "sequence of both runs puts there", code="misses-possible-digit")
        cases.append(Case(name, run))
    return run_check("8.3", "repeat_candidates", cases)
