"""Solving: the fewest flips (``solve``), every optimal fix (``solutions``), and why none exists."""

from __future__ import annotations

from ..core.errors import NoSolution, PuzzleError
from ..core.interface import require
from ..engine.search import call_deadline, guard, solving_slots
from ..engine.solver import solve_model, value01
from .board import Puzzle, Solution, solution_from_setting
from .model import DEFAULT_MODEL, MODELS, builder
from .rules import answer_setting, check_rules


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The fix a solved model holds."""
    return solution_from_setting(puzzle, {s: value01(x[s]) for s in puzzle.switches})


def _failure(puzzle: Puzzle) -> str:
    return "no setting of the switches lights the lamp" + ("s" if len(puzzle.lamps) > 1 else "")


solve, solutions = solving_slots(
    Puzzle, MODELS, lambda puzzle, model, deadline: builder(model)(puzzle), read_model, _failure,
    why=lambda puzzle, solver, deadline: explain_infeasible(puzzle, solver, deadline),
    keys=lambda puzzle, x: [x[s] for s in puzzle.switches], check=check_rules, module=__name__)
solve.__doc__ = """The fewest flips that light every lamp; raises NoSolution (with the reason) when none do."""
solutions.__doc__ = """Up to ``limit`` different optimal fixes (no-good cuts on the switches); one proves uniqueness."""


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit=None) -> str:
    """Which lamps can never light, or that each can light but not together."""
    deadline = guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    never = []
    for lamp in puzzle.lamps:
        problem, x = builder(DEFAULT_MODEL)(puzzle, lamps=False, objective=False)
        problem += x[lamp] == 1, "one_lamp"
        try:
            solve_model(problem, solver=solver, time_limit=deadline)
        except NoSolution:
            never.append(lamp)
    if never:
        which = " and ".join(never)
        return f"{'lamp ' if len(never) == 1 else 'lamps '}{which} {'is' if len(never) == 1 else 'are'} " \
               "off for every setting of the switches"
    return f"each of the lamps {', '.join(puzzle.lamps)} can light, but no setting lights them all at once"


def format_solution(puzzle: Puzzle, solution) -> str:
    """Three lines: the switches moved, the final states, the lamps (of a Solution or a setting)."""
    require(puzzle, Puzzle, "format_solution")
    setting = answer_setting(puzzle, solution)
    unset = [s for s in puzzle.switches if s not in setting or setting[s] not in (0, 1)]
    if unset:
        raise PuzzleError(f"answer: switch {unset[0]} needs a state 0 or 1")
    solution = solution_from_setting(puzzle, setting)
    lamps = ", ".join(f"{lamp} {'on' if solution.values[lamp] else 'off'}" for lamp in puzzle.lamps)
    return "\n".join([
        f"flips: {len(solution.flips)} ({' '.join(solution.flips) or 'none'})",
        "switches: " + " ".join(f"{s}={solution.inputs[s]}" for s in puzzle.switches),
        f"lamp{'s' if len(puzzle.lamps) > 1 else ''}: {lamps}",
    ])
