"""solving.py: a colouring, every colouring (up to a limit), a colouring in words, and why there is none.

Role. ``solve`` and ``solutions`` check their arguments, start one ``Deadline`` for the whole call,
build the chosen model once and read the answer into a ``Solution`` (never a PuLP object).
``solutions`` lists different colourings by no-good cuts over the ``z`` variables
(:func:`puzzlelib.engine.enumerate_solutions`). ``explain_infeasible`` says from the counts alone
why a board has no colouring, or returns None.
"""

from __future__ import annotations

from ..engine import value01
from ..engine.search import call_deadline, guard, solving_slots
from .board import Puzzle, Solution, as_solution
from .model import MODELS, build_model
from .rules import check_rules, read_answer


def read_model(puzzle: Puzzle, model: str, z) -> Solution:
    """The colouring a solved model holds."""
    return as_solution([next(c for c in puzzle.colours if value01(z[e, c])) for e in range(len(puzzle.edges))])


solve, solutions = solving_slots(
    Puzzle, MODELS, build_model, read_model, "no colouring keeps every node's counts",
    why=lambda puzzle, solver, deadline: explain_infeasible(puzzle), why_first=True, check=check_rules,
    module=__name__)
solve.__doc__ = """One colouring; NoSolution (with the reason, where the counts show it) when there is none."""
solutions.__doc__ = """Up to ``limit`` different colourings (``limit=2`` answers "is it unique?"; with
``model="symmetric"``: unique up to renaming the colours, where they are interchangeable)."""


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> str | None:
    """Why no colouring exists, when the counts alone show it (else None: no solver is run).

    Every edge counts at both its ends, so each colour's counts over all nodes add up to twice its
    edges (an even number), and at an edge's two ends at least one colour must be wanted by both."""
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    for k, colour in enumerate(puzzle.colours):
        total = sum(node.demand[k] for node in puzzle.nodes)
        if total % 2:
            return (f"the counts of colour {colour} add up to {total}, an odd number, but every {colour} edge "
                    "counts at both its ends")
    wants = {node.name: node.demand for node in puzzle.nodes}
    for a, b in puzzle.edges:
        if not any(x and y for x, y in zip(wants[a], wants[b])):
            return f"edge {a}-{b}: no colour is wanted at both {a} and {b}"
    return None


def format_solution(puzzle: Puzzle, solution) -> str:
    """The colouring, one edge a line: ``a-b r``."""
    colours = read_answer(puzzle, solution)
    return "\n".join(f"{a}-{b} {'.' if c is None else c}" for (a, b), c in zip(puzzle.edges, colours))
