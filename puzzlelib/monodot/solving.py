"""solving.py: a placement, every placement (up to a limit), a placement in words, and why there is none.

Role. ``solve`` and ``solutions`` check their arguments, start one ``Deadline`` for the whole call,
build the chosen model once and read the answer into a ``Solution`` (never a PuLP object).
``solutions`` lists different answers by no-good cuts over the model's binaries
(:func:`puzzlelib.engine.enumerate_solutions`): in ``aggregated`` (the default) over ``q[v, c]``,
so an answer is an occupancy with numbers and equal dots swapped are not a second answer; in
``bigm`` over ``p[d, c]``, where they are. ``explain_infeasible`` says from the numbers alone why
a board has no answer, or returns None.
"""

from __future__ import annotations

from ..engine import value01
from ..engine.search import call_deadline, guard, solving_slots
from .board import Puzzle, Solution, as_solution, canonical
from .model import MODELS, build_model
from .rules import check_rules, read_answer


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The placement a solved model holds (in ``aggregated``: the occupancy, equal dots in order)."""
    if model == "bigm":
        cells = puzzle.free_cells()
        return as_solution([next((cell for cell in cells if value01(x[d, cell])), None)
                            for d in range(len(puzzle.dots))])
    return canonical(puzzle, {cell: v for (v, cell), var in x.items() if value01(var)})


solve, solutions = solving_slots(
    Puzzle, MODELS, build_model, read_model, "no placement of the dots keeps every number",
    why=lambda puzzle, solver, deadline: explain_infeasible(puzzle), why_first=True, check=check_rules,
    module=__name__)
solve.__doc__ = """One placement; NoSolution (with the reason, where the numbers show it) when there is none."""
solutions.__doc__ = """Up to ``limit`` different placements (``limit=2`` answers "is it unique?"; with the default
``aggregated`` model, up to swapping equal dots)."""


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> str | None:
    """Why no placement exists, when the numbers alone show it (else None: no solver is run).

    Only when every dot must be placed ('partial' boards always have the empty placement): every
    join counts at both its dots, so the numbers add up to an even number; a dot's number cannot
    exceed the most free neighbours any free cell has; and the dots numbered v or more need as many
    cells with at least v free neighbours."""
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    if puzzle.partial:
        return None
    total = sum(puzzle.dots)
    if total % 2:
        return f"the dots' numbers add up to {total}, an odd number, but every join counts at both its dots"
    room = max((len(puzzle.neighbours(cell)) for cell in puzzle.free_cells()), default=0)
    if max(puzzle.dots) > room:
        return (f"a dot numbered {max(puzzle.dots)} needs that many free neighbours, but no free cell has "
                f"more than {room}")
    for v in sorted(set(puzzle.dots), reverse=True):
        need = sum(1 for n in puzzle.dots if n >= v)
        cells = sum(1 for cell in puzzle.free_cells() if len(puzzle.neighbours(cell)) >= v)
        if need > cells:
            return (f"{need} dots are numbered {v} or more, so each needs a cell with at least {v} free "
                    f"neighbours, but only {cells} free cells have that many")
    return None


def format_solution(puzzle: Puzzle, solution) -> str:
    """The board with each dot's number on its cell (``.`` empty, ``#`` blocked), then each dot's cell."""
    cells = read_answer(puzzle, solution)
    rows = [list(row) for row in puzzle.grid]
    for v, cell in zip(puzzle.dots, cells):
        if cell is not None:
            rows[cell[0]][cell[1]] = str(v)
    where = " ".join(f"{d}:{'-' if cell is None else f'{cell[0]},{cell[1]}'}" for d, cell in enumerate(cells))
    return "\n".join("".join(row) for row in rows) + "\ndots " + where
