"""Solving Match 22: the fewest moves, every optimal answer, and why a board has none.

``solutions`` first settles what propagation settles and solves Hartmann's model on the disks left
open (``reduced.py``) when neither ``model`` nor ``solver`` is named (``search="reduced"``):
on a planted 30x30 board about one disk in seven stays open, and the model of those is built and
solved in a fraction of the full model's time. Naming a formulation or a solver asks for the full
model (``search="mip"``); both list the same optimal answers.
"""

from __future__ import annotations

from ..core.errors import NoSolution
from ..core.interface import DefaultModel, require
from ..engine.enumeration import enumerate_solutions
from ..engine.rotation import BOTTOM, LEFT, RIGHT, TOP, chosen_turn, turned
from ..engine.search import call_deadline, Searches, checked, guard, propagated_solutions, rule_check, search_for
from ..engine.solver import Deadline, solve_model
from .board import Puzzle, Solution, make_solution
from .formats import colour_name
from .model import DEFAULT_MODEL, MODELS, builder
from .reduced import build_reduced, propagate
from .rules import check_rules, read_turns


#: Where ``solutions`` searches: the model of the disks propagation leaves open, or the full model.
SEARCHES = Searches(("reduced", "mip"), default=DEFAULT_MODEL)


MODEL_DEFAULT = DefaultModel(DEFAULT_MODEL)


def search_of(search: str | None, model, solver) -> str:
    """The search ``solutions`` runs: ``search`` when given, else "reduced" unless a model or solver is named."""
    return search_for(search, model, solver, SEARCHES)


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``)."""
    return make_solution(puzzle, {i: chosen_turn(x[i]) for i in x})


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """The matching with the fewest left turns; NoSolution (with the reason where the data shows it)."""
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS)
    build = builder(model)
    reason = explain_infeasible(puzzle)
    if reason:
        raise NoSolution("no turning matches every pair of neighbours", reason)
    problem, x = build(puzzle, deadline)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        raise NoSolution("no turning matches every pair of neighbours",
                         "each pair can be matched alone, but not all at once around the board") from None
    return checked(check_rules, puzzle, read_model(puzzle, model, x), "the integer program")


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = MODEL_DEFAULT, solver: str | None = None,
              time_limit: float | None = None, search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different optimal answers (the fewest moves), by no-good cuts on the turns.

    ``search="reduced"`` solves the model of the disks propagation leaves open, ``search="mip"`` the
    full model ``model`` with ``solver``; both list the same answers. Left to None, the search is
    "reduced" unless ``model`` or ``solver`` is named."""
    deadline = guard(puzzle, Puzzle, "solutions", solver=solver, time_limit=time_limit, model=model, models=MODELS,
                     limit=limit, search=search, searches=SEARCHES)
    build = builder(model)
    if search_of(search, model, solver) == "reduced":
        return _reduced_solutions(puzzle, limit, solver, deadline)
    problem, x = build(puzzle, deadline)
    return enumerate_solutions(problem, _keys(x), lambda: read_model(puzzle, model, x), limit, solver, deadline,
                               check=rule_check(check_rules, puzzle))


def _reduced_solutions(puzzle: Puzzle, limit: int, solver, deadline: Deadline) -> list[Solution]:
    """``solutions`` on the disks propagation leaves open (``reduced.py``; ``engine.search.propagated_solutions``)."""

    def read(turns, x) -> Solution:
        return make_solution(puzzle, {i: chosen_turn(x[i]) if i in x else ts[0] for i, ts in turns.items()})

    return propagated_solutions(puzzle, limit, solver, deadline, propagate, build_reduced, read, _keys,
                                check_rules)


def _keys(x) -> list:
    """The binaries an answer is told apart by: one per turn of each open disk."""
    return [var for i in x for var in x[i].values()]


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> str | None:
    """A pair of neighbours that no turns can match (they share no colour across their edge), or None.

    No solver is needed (``solver`` and ``time_limit`` are there for the common signature)."""
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    for pairs, a_side, b_side, words in ((puzzle.horizontal, RIGHT, LEFT, "side by side"),
                                         (puzzle.vertical, BOTTOM, TOP, "one above the other")):
        for i, k in pairs:
            a = {turned(puzzle.disk(i), j)[a_side] for j in range(4)}
            b = {turned(puzzle.disk(k), j)[b_side] for j in range(4)}
            if not a & b:
                return (f"disks {i} and {k} sit {words} but share no colour "
                        f"(disk {i}: {', '.join(colour_name(c) for c in sorted(a))}; "
                        f"disk {k}: {', '.join(colour_name(c) for c in sorted(b))})")
    return None


def format_solution(puzzle: Puzzle, solution) -> str:
    """The turns laid out on the board (``.`` a hole), then the total."""
    puzzle = require(puzzle, Puzzle, "format_solution")
    turns = read_turns(puzzle, solution)
    lines = [" ".join("." if i is None else str(turns.get(i, "?")) for i in row) for row in puzzle.ids]
    return "\n".join(lines + [f"{sum(v for v in turns.values() if isinstance(v, int))} left turns in total"])
