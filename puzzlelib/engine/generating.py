"""The one loop behind every puzzle's ``generate``: make a board unique, prove it, rate it.

A puzzle's ``generate`` hands :func:`generate_with` a *maker*: ``make(seed, work)`` draws planted
boards from ``seed`` and repairs them (adds a given, merges two tanks, blacks out a cell...) until
``work.second(puzzle)`` (the puzzle's ``solutions(puzzle, limit=2)``: a first answer, then a search
with a no-good cut on it) finds one answer. The loop then rates the board
(:func:`puzzlelib.engine.rating.rate`); with ``difficulty=`` it draws again, from seeds made from
``seed``, until the rating is the level asked for.

Time. One :class:`~puzzlelib.engine.solver.Deadline` covers the whole call, every search and the
rating; when it is spent the call stops with the library's time-limit SolverError. The time limit
never changes *which* board is made: the same seed, size and difficulty give the same board on a
fast machine and a busy one, or an error on a machine too slow for the limit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from ..core.errors import PuzzleError, SolverError
from ..core.generated import LEVELS, Generated, Proof, Rating
from ..core.validate import check_int
from .solver import Deadline

#: Boards a ``difficulty=`` request draws before it gives up (each made unique and rated).
ATTEMPTS = 40
#: The argument of the logic puzzles' proofs, and of the optimisation puzzles' (Circuit, Slider, Match 22).
NO_GOOD = "a first answer, then a search with a no-good cut on it found no second"
OPTIMUM = "an optimal answer, then a search among the optima with a no-good cut on it found no second optimum"


class KindTable(NamedTuple):
    """What generate and the rating need of a puzzle: the functions of its interface table, handed
    over by its generators module (which cannot import its own package's table without a circle)."""

    kind: str
    solutions: Callable
    check_rules: Callable
    build_model: Callable
    models: tuple

    @property
    def default_model(self) -> str:
        return self.models[0]


def kind_table(package: str) -> KindTable:
    """The :class:`KindTable` of the puzzle folder ``package`` (``__package__`` of its generators),
    from its ``solving``, ``rules`` and ``model`` modules."""
    import importlib

    solving = importlib.import_module(f"{package}.solving")
    rules = importlib.import_module(f"{package}.rules")
    model = importlib.import_module(f"{package}.model")
    return KindTable(package.rsplit(".", 1)[-1], solving.solutions, rules.check_rules, model.build_model,
                     tuple(model.MODELS))


class Made(NamedTuple):
    """What a maker returns: the unique board, its answer, what the generator adds, its own proof."""

    puzzle: Any
    solution: Any
    extras: dict = {}
    detail: Any = None


class Work:
    """What making one board took (boards drawn, repairs, searches) and the call's deadline."""

    def __init__(self, table, deadline: Deadline, **search):
        self.table, self.deadline, self.search = table, deadline, search
        self.boards = self.repairs = self.searches = 0

    def second(self, puzzle, **options) -> list:
        """Up to two answers of ``puzzle`` (one: proven unique), in the time the call has left."""
        self.searches += 1
        try:
            return self.table.solutions(puzzle, limit=2, time_limit=self.deadline.remaining(),
                                        **{**self.search, **options})
        except SolverError:
            if self.deadline.passed():
                raise self.deadline.error() from None
            raise

    def unique(self, puzzle, **options):
        """The one answer of ``puzzle``, or None when it has two."""
        found = self.second(puzzle, **options)
        if not found:
            raise PuzzleError(f"{self.table.kind}: a planted board has no answer (a bug in its maker)")
        return found[0] if len(found) == 1 else None

    def check(self) -> None:
        self.deadline.check()


def board_seed(seed: int, attempt: int) -> int:
    """The seed of a ``difficulty=`` request's ``attempt``-th board (0: ``seed`` itself)."""
    return seed if attempt == 0 else random.Random(f"generate {seed} {attempt}").randrange(2**31)


def check_level(difficulty) -> str | None:
    if difficulty is None:
        return None
    if not isinstance(difficulty, str) or difficulty not in LEVELS:
        raise PuzzleError(f"difficulty: expected one of {', '.join(LEVELS)} or None, got {str(difficulty)[:30]!r}")
    return difficulty


def check_seed(seed) -> int:
    return check_int(seed, "seed", 0, 2**63)


def generate_with(table, size, seed, difficulty, time_limit, make: Callable[[int, Work], Made], *,
                  optimum: bool = False, search: str = "sat", rating: bool = True,
                  attempts: int = ATTEMPTS) -> Generated:
    """Run ``make`` (see the module's docstring) and return the :class:`Generated` board.

    ``table``: the puzzle's interface table, a :class:`KindTable`, or the name of its package (a
    generators module passes ``__package__``).

    ``optimum``: the proof is among the optimal answers (Circuit, Slider, Match 22). ``search``: what
    the puzzle's default ``solutions`` searches with, for the proof's record. ``rating=False`` skips
    the rating (only when no difficulty is asked)."""
    from .rating import rate

    if isinstance(table, str):
        table = kind_table(table)
    level = check_level(difficulty)
    seed = check_seed(seed)
    deadline = Deadline(time_limit)
    start = time.perf_counter()
    seen: list[str] = []
    for attempt in range(attempts if level else 1):
        work = Work(table, deadline)
        made = make(board_seed(seed, attempt), work)
        faults = table.check_rules(made.puzzle, made.solution)
        if faults:  # pragma: no cover - a bug in a maker: never hand out such an answer
            raise PuzzleError(f"{table.kind}: the generated answer breaks its own rules ({faults[0].message})")
        rated = rate(table, made.puzzle, made.solution, deadline) if (rating or level) else None
        seen.append(rated.level if rated else "?")
        if level is None or (rated is not None and rated.level == level):
            seconds = time.perf_counter() - start
            proof = Proof(True, search, OPTIMUM if optimum else NO_GOOD, work.boards, work.repairs,
                          work.searches, seconds, made.detail)
            return Generated(made.puzzle, made.solution, proof, rated, seed, size, seconds, dict(made.extras))
        deadline.check()
    counts = ", ".join(f"{seen.count(x)} {x}" for x in LEVELS if x in seen)
    raise PuzzleError(f"no {level} {table.kind} board of size {size} in {attempts} boards from seed {seed} "
                      f"(they rated {counts}): try another size or difficulty")


def draw_until_unique(planted: Callable[[int], tuple], tries: int = 200, **options) -> Callable[[int, Work], Made]:
    """The simplest maker: planted boards (``planted(seed) -> (puzzle, answer)``) drawn from seeds
    made from the call's seed until one has one answer (most boards of most puzzles do)."""

    def make(seed: int, work: Work) -> Made:
        rng = random.Random(f"draw {seed}")
        for k in range(tries):
            work.check()
            puzzle, _ = planted(seed if k == 0 else rng.randrange(2**31))
            work.boards += 1
            one = work.unique(puzzle, **options)
            if one is not None:
                return Made(puzzle, one)
        raise PuzzleError(f"{work.table.kind}: no unique board in {tries} draws from seed {seed}")

    return make


__all__ = ["ATTEMPTS", "KindTable", "Made", "Work", "kind_table", "board_seed", "check_level", "draw_until_unique", "generate_with",
           "Rating"]
