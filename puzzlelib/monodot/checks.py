"""checks.py: the exercise check the chapter's student notebook calls (chapter 11, Monodot).

Role. The check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
which rule broke, drawn where it can be. The placements' truth comes from ``brute_force`` (no
solver), and the tightness test holds the student's LP relaxation against the tight inequalities
evaluated by hand, never against the library's own model.

Exercise 11.4: write ``build(puzzle) -> (problem, p)``, the dot-by-dot big-M model with ``p[d, (r, c)]``
binary for dot index d (in puzzle order) and free cell (r, c), and the tight M's. It passes when

- the placements it admits (listed by no-good cuts over p) are exactly the brute force's with equal
  dots told apart (``brute_force(puzzle, model="bigm")``): a dot on two cells, two dots on one cell,
  a dot with too many neighbours (the upper if-then dropped) or a valid placement cut off (an M too
  small) fail with the fault named;
- its LP relaxation is as tight as the tight M's make it: for a few objectives (random ones, then
  "maximise p[d, c]" for each dot and cell) the LP optimum must keep, for every dot d and cell c,

      n[d] p[d, c] <= around(c) <= n[d] + (|N(c)| - n[d]) (1 - p[d, c])    (where n[d] <= |N(c)|)

  with around(c) the sum of p over the dots and the free cells of N(c). A point that breaks one is
  a relaxation the tight M's would cut off: code ``loose-m``, naming the side ("at least" or
  "at most") and the dot and cell, not the tight M. (An M of 8 is valid and loose; M = |N(c)| is
  loose on the upper side and too small on the lower one where n[d] > |N(c)|.)

The library's ``build_bigm`` has the tight M's; calling it (or its helper ``occupied``) is refused, and
a copy of it fails with ``copies-library:md.build_bigm``, found by its structure, not by a name: the
student's function (and every function of the student's it calls) is read as the sequence of Python
operations it runs with the names of its variables, attributes and globals but without its strings and
numbers, and compared with ``build_bigm``'s (:func:`copied_share`); a copy with the function, the model
and every constraint renamed still shares more than ``COPY_SHARE`` of it, while answers written from the
chapter's mathematics share 0.4 to 0.6. A model that holds every constraint name of the library's
(at_least_d_r_c, at_most_d_r_c, place_d, one_dot_r_c) fails the same way. In a grader's sandbox the
comparison is made there, on the student's function (``call_within``).

While the student's function runs, the library's models and searches are blocked: the exercise is
to write the model whose mathematics the chapter shows.
"""

from __future__ import annotations

import random
from functools import cache

import pulp

from ..core.errors import NoSolution, SolverError
from ..display.drawing import side_by_side
from ..engine import nogood_cut, solve_model, value01
from ..feedback.checks import (Case, CopyProbe, Failure, ForbiddenCall, forbidden, hidden_boards, operations,
                               run_check)
from ..feedback.checks import copied_share as copied_share_of
from .board import Puzzle, as_solution
from .drawing import draw
from .generators import random_puzzle
from .model import build_aggregated, build_model
from .model_bigm import build_bigm, occupied
from .rules import brute_force, check_rules, occupancies
from .solving import solutions, solve

#: The most assignments (equal dots told apart) a board of the battery may have: each is one solve.
MOST_ANSWERS = 36
#: Objectives tried on the LP relaxation before the "maximise p[d, c]" ones.
RANDOM_OBJECTIVES = 8
#: How far an LP point may break a tight inequality before it counts (solver tolerances).
TOLERANCE = 1e-6

#: The public boards: (name, dots, rows, options).
PUBLIC = (
    ("a 2x3 board with dots 1 2 2 1", (1, 2, 2, 1), ("...", "..."), {}),
    ("a 3x3 ring with dots 1 2 1", (1, 2, 1), ("...", ".#.", "..."), {}),
    ("a 3x3 board with a 3 and three 1s", (1, 3, 1, 1), ("...", "...", "..#"), {}),
    ("a 3x3 board with dots 1 2 3 4 (no answer)", (1, 2, 3, 4), ("...", "...", "..."), {}),
    ("a 2x3 board whose dots are joined across corners too", (2, 2, 2), ("...", "..#"), {"diagonal": True}),
    ("a 2x2 board whose dots may stay off ('partial')", (1, 2, 1), ("..", ".."), {"partial": True}),
)
#: The public boards whose LP relaxation is tested too (indices into PUBLIC).
LP_BOARDS = (0, 1, 2)


def small_board(seed: int) -> Puzzle:
    """The first random 3x3 board from ``seed`` with at most MOST_ANSWERS assignments (a hidden board)."""
    for k in range(50):
        puzzle = random_puzzle(3, seed=seed * 50 + k)
        if len(brute_force(puzzle, limit=MOST_ANSWERS + 1, model="bigm")) <= MOST_ANSWERS:
            return puzzle
    return Puzzle((1, 1), ("..",))  # pragma: no cover - every seed tried finds one at once


@cache
def public_boards() -> tuple[tuple[str, Puzzle], ...]:
    return tuple((name, Puzzle(dots, rows, **options)) for name, dots, rows, options in PUBLIC)


def battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.4: six small public boards, two random ones, then any hidden ones."""
    boards = list(public_boards())
    boards += [(f"random 3x3 board #{seed}", small_board(seed)) for seed in (1, 2)]
    return boards + hidden_boards(small_board)


# -- a copy of build_bigm, found by its structure ------------------------------------------------------
#: The share of build_bigm's operations (with their names) above which a function is a copy of it:
#: copies renamed in every string score 0.83 to 1, answers written from the chapter 0.4 to 0.6.
COPY_SHARE = 0.75
#: The label of a copy, as ForbiddenCall carries it back from a grader's sandbox.
COPY_LABEL = "copy-of:md.build_bigm"
#: build_bigm's helper: only a copy of build_bigm calls it.
HELPER_LABEL = "md.model_bigm.occupied"


def _blocked(build):
    """The library's models and searches, unavailable while the student's function runs."""
    return forbidden(build, {"md.build_model": build_model, "md.build_bigm": build_bigm,
                             "md.build_aggregated": build_aggregated, "md.brute_force": brute_force,
                             "md.occupancies": occupancies, "md.solve": solve, "md.solutions": solutions,
                             HELPER_LABEL: occupied})


@cache
def _library_operations() -> tuple[str, ...]:
    return tuple(operations(build_bigm.__code__))


def copied_share(function) -> float:
    """How much of ``build_bigm`` ``function`` (or a function of the student's it calls) holds, 0 to 1
    (see ``feedback.checks.copied_share``)."""
    return copied_share_of(function, _library_operations())


def _call(build, puzzle: Puzzle):
    """``build(puzzle)``, refused (ForbiddenCall(COPY_LABEL)) when ``build`` is a copy of build_bigm."""
    within = getattr(build, "call_within", None)
    if callable(within):  # a grader's sandbox: the function is compared there
        return within(CopyProbe(build.__name__, _library_operations(), COPY_SHARE, COPY_LABEL), puzzle)
    with CopyProbe.refusing(build, _library_operations(), COPY_SHARE, COPY_LABEL):
        return build(puzzle)


def _copy_failure() -> Failure:
    return Failure("your function is md.build_bigm copied (its operations and names, in its order, with the "
                   "strings renamed): write the model from the chapter's (6)-(10) in your own code",
                   code="copies-library:md.build_bigm")


def _built(build, puzzle: Puzzle):
    """``(problem, p)`` from the student's function, or a Failure saying why it cannot be read."""
    _library_operations()  # read before build_bigm is blocked
    try:
        with _blocked(build):
            result = _call(build, puzzle)
    except ForbiddenCall as exc:
        if exc.label in (COPY_LABEL, HELPER_LABEL):  # build_bigm's own helper is called by a copy of it only
            return _copy_failure()
        raise
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)
            and isinstance(result[1], dict)):
        return Failure("the function must return (problem, p): a pulp.LpProblem and the dict of dot-cell "
                       "variables", code="wrong-return-type")
    problem, p = result
    if _copies_library(puzzle, problem):
        return Failure("your model has the library's own constraint names (at_least_..., at_most_..., place_..., "
                       "one_dot_...): it is md.build_bigm copied; write the model from the chapter's (6)-(10)",
                       code="copies-library:md.build_bigm")
    missing = [key for key in _keys(puzzle) if key not in p]
    if missing:
        d, cell = missing[0]
        return Failure(f"p has no variable for dot {d} on cell {cell}: key the dict by (dot index, (row, col)) "
                       "for every dot and free cell", code="missing-variable")
    return problem, p


def _copies_library(puzzle: Puzzle, problem) -> bool:
    """Whether ``problem`` holds every constraint name of the library's ``build_bigm`` on ``puzzle``."""
    from ..engine import Deadline

    library, _ = build_bigm(puzzle, Deadline(None))
    names = {c.name for c in library.constraints()}
    return bool(names) and names <= {c.name for c in problem.constraints()}


def _keys(puzzle: Puzzle) -> list:
    return [(d, cell) for d in range(len(puzzle.dots)) for cell in puzzle.free_cells()]


def admitted(build, puzzle: Puzzle, truth: set, limit: int):
    """The placements the student's model admits (up to ``limit``, stopping after the first that is
    not in ``truth``), each the tuple of cells of every dot (more than one where the model lets a dot
    stand on several), or a Failure. Any objective is dropped: the check lists what the model admits."""
    built = _built(build, puzzle)
    if isinstance(built, Failure):
        return built
    problem, p = built
    problem.setObjective(pulp.LpAffineExpression())
    keys = _keys(puzzle)
    found = []
    for k in range(limit):
        try:
            solve_model(problem, time_limit=60)
        except NoSolution:
            break
        except SolverError as exc:
            return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")
        found.append(tuple(tuple(cell for cell in puzzle.free_cells() if value01(p[d, cell]))
                           for d in range(len(puzzle.dots))))
        if found[-1] not in truth:
            break
        problem += nogood_cut(p[key] for key in keys), f"check_nogood_{k}"
    return found


def _as_cells(placement) -> tuple:
    return tuple(spots[0] if spots else None for spots in placement)


def placement_case(name: str, puzzle: Puzzle, build) -> Case:
    """The placements ``build`` admits on ``puzzle`` against the brute force's (equal dots told apart)."""
    truth = [tuple(() if cell is None else (cell,) for cell in s.cells) for s in brute_force(puzzle, model="bigm")]

    def run():
        found = admitted(build, puzzle, set(truth), len(truth) + 1)
        if isinstance(found, Failure):
            return found
        extra = [s for s in found if s not in set(truth)]
        if extra:
            return _wrong_placement(puzzle, extra[0])
        admitted_set = set(found)
        missed = [s for s in truth if s not in admitted_set]
        if missed:
            return Failure(f"your model rules out a valid placement ({len(found)} found, {len(truth)} exist): "
                           "is an M too small, or a constraint too strong?",
                           lambda: side_by_side([lambda ax: draw(puzzle, _as_cells(missed[0]), ax)],
                                                ["a valid placement your model forbids"]),
                           code="rules-out-solution")
        return None
    return Case(name, run)


def _wrong_placement(puzzle: Puzzle, placement) -> Failure:
    twice = next((d for d, spots in enumerate(placement) if len(spots) > 1), None)
    if twice is not None:
        spots = " and ".join(map(str, placement[twice]))
        return Failure(f"your model lets dot {twice} (number {puzzle.dots[twice]}) stand on two cells at once, "
                       f"{spots}", code="dot-on-two-cells")
    cells = _as_cells(placement)
    faults = check_rules(puzzle, cells)
    code = f"breaks-rule:{faults[0].code}" if faults else "breaks-rule"
    rule = faults[0].message if faults else "it is not an answer"
    return Failure(f"your model accepts a placement that breaks a rule ({rule})",
                   lambda: side_by_side([lambda ax: draw(puzzle, as_solution(cells), ax)],
                                        ["your model's placement"]),
                   code=code)


# -- the LP relaxation ---------------------------------------------------------------------------------
def objectives(puzzle: Puzzle, p: dict) -> list:
    """What the LP relaxation is pushed along: RANDOM_OBJECTIVES random directions (fixed seed), then
    each p[d, c] alone."""
    rng = random.Random(11_4)
    keys = _keys(puzzle)
    found = [pulp.lpSum(rng.uniform(-1, 1) * p[key] for key in keys) for _ in range(RANDOM_OBJECTIVES)]
    return found + [p[key] + 0 for key in keys]


def loose_point(puzzle: Puzzle, value: dict) -> str | None:
    """The first tight inequality (see the module docstring) the LP point ``value[d, cell]`` breaks, in
    words, or None."""
    dots = range(len(puzzle.dots))
    for d, v in enumerate(puzzle.dots):
        for cell in puzzle.free_cells():
            nbrs = puzzle.neighbours(cell)
            around = sum(value[e, n] for e in dots for n in nbrs)
            share = value[d, cell]
            where = (f"dot {d} (number {v}) on cell {cell} with p = {share:.2f} and {around:.2f} occupied "
                     f"neighbours")
            if around < v * share - TOLERANCE:
                return (f"{where}: that is too few for the 'at least' side, and a smaller M there would cut "
                        "this point off: the M of your 'at least' constraint is larger than it needs to be")
            if v <= len(nbrs) and around > v + (len(nbrs) - v) * (1 - share) + TOLERANCE:
                return (f"{where}: that is too many for the 'at most' side, and a smaller M there would cut "
                        "this point off: the M of your 'at most' constraint is larger than it needs to be")
    return None


def relaxation_case(name: str, puzzle: Puzzle, build) -> Case:
    """The LP relaxation of ``build``'s model on ``puzzle`` against the tight inequalities."""
    def run():
        built = _built(build, puzzle)
        if isinstance(built, Failure):
            return built
        problem, p = built
        problem.sense = pulp.LpMaximize
        for objective in objectives(puzzle, p):
            problem.setObjective(objective)
            try:
                solve_model(problem, relax=True, time_limit=30)
            except NoSolution:
                return None  # no LP point at all: nothing looser than the tight model
            except SolverError as exc:
                return Failure(f"the solver could not finish on your model's LP relaxation: {exc}",
                               code="solver-failed")
            value = {key: p[key].value() or 0.0 for key in _keys(puzzle)}
            loose = loose_point(puzzle, value)
            if loose:
                return Failure(f"your model is right but loose: its LP relaxation has a point where {loose}",
                               code="loose-m")
        return None
    return Case(f"{name}: the LP relaxation", run)


def check_bigm(build):
    """Exercise 11.4: ``build(puzzle)`` admits exactly the placements of every board, dot by dot, and
    its LP relaxation is as tight as the tight M's n[d] and |N(c)| - n[d] make it."""
    boards = battery()
    cases = [placement_case(name, puzzle, build) for name, puzzle in boards]
    cases += [relaxation_case(*public_boards()[k], build) for k in LP_BOARDS]
    return run_check("11.4", "the dot-by-dot big-M model", cases)
