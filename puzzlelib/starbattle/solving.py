"""solving.py: a placement of stars, every placement (up to a limit), one in words, and why there is none.

Role. ``solve`` and ``solutions`` check their arguments, start one ``Deadline`` for the whole
call, build the chosen model once and read the answer into a ``Solution``. ``solutions`` lists
different answers by no-good cuts: by default on the same rules written as clauses with the star
counts as native cardinality constraints (``search_card.py``: a uniqueness proof has no objective for
an LP bound to prune with, and clause learning settles it in milliseconds where HiGHS branches), or with ``search="mip"`` on the chosen
integer program (:func:`puzzlelib.engine.enumerate_solutions`).
``explain_infeasible`` says from the regions alone why a board has no answer, or returns None.
"""

from __future__ import annotations

from ..engine import value01
from ..engine.search import call_deadline, guard, solving_slots
from .board import Puzzle, Solution, as_solution
from .model import MODELS, build_model
from .rules import check_rules, read_answer


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The placement a solved model holds."""
    n = puzzle.size
    return as_solution([[value01(x[r, c]) for c in range(n)] for r in range(n)])


def sat_placements(puzzle: Puzzle, limit: int, deadline) -> list[Solution]:
    """Up to ``limit`` placements on the rules written as clauses with native cardinality constraints
    for the star counts (``search_card.py``, Gluecard), each checked by the rules."""
    from .search_card import card_solutions  # python-sat is loaded only when searched with

    return card_solutions(puzzle, limit, deadline)


solve, solutions = solving_slots(
    Puzzle, MODELS, build_model, read_model, "no placement of stars keeps every rule",
    why=lambda puzzle, solver, deadline: explain_infeasible(puzzle), why_first=True, fast=sat_placements,
    check=check_rules, module=__name__)
solve.__doc__ = """One placement; NoSolution (with the reason, where the regions show one) when there is none."""
solutions.__doc__ = """Up to ``limit`` different placements (``limit=2`` answers "is it unique?").

``search="sat"`` lists them on the rules written as clauses (``search_card.py``), ``search="mip"`` on the
integer program ``model`` with ``solver``; both list the same answers. Left to None, the search is
"sat" unless ``model`` or ``solver`` is named (see ``engine.search.search_for``)."""
#: Where ``solutions`` searches: clauses with cardinality constraints (the default) or the integer program.
SEARCHES = solutions.searches


def region_capacity(cells) -> int:
    """An upper bound on the stars a region holds: one per block of the board's 2x2 tiling it meets."""
    return len({(r // 2, c // 2) for r, c in cells})


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> str | None:
    """Why no placement exists, when the regions alone show it (else None: no solver is run).

    Two arguments are tried: a region that meets fewer than k blocks of the board's 2x2 tiling
    cannot hold k stars; and m regions lying wholly inside fewer than m consecutive rows (or columns)
    need m*k stars where those lines hold fewer.
    """
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    n, k = puzzle.size, puzzle.stars
    for t, cells in enumerate(puzzle.cells):
        if region_capacity(cells) < k:
            return (f"region {puzzle.label(t)} ({len(cells)} cell{'s' if len(cells) > 1 else ''}) cannot hold "
                    f"{k} stars that do not touch")
    for axis, name in ((0, "rows"), (1, "columns")):
        spans = [(min(cell[axis] for cell in cells), max(cell[axis] for cell in cells)) for cells in puzzle.cells]
        for lo in range(n):
            for hi in range(lo, n):
                inside = [t for t, (a, b) in enumerate(spans) if lo <= a and b <= hi]
                if len(inside) > hi - lo + 1:
                    names = ", ".join(puzzle.label(t) for t in inside)
                    lines = f"{name[:-1]} {lo}" if lo == hi else f"{name} {lo} to {hi}"
                    hold = "that line holds" if lo == hi else f"those {hi - lo + 1} {name} hold"
                    return (f"regions {names} lie wholly in {lines}: {len(inside)} regions need "
                            f"{len(inside) * k} stars, but {hold} only {(hi - lo + 1) * k}")
    return None


def format_solution(puzzle: Puzzle, solution) -> str:
    """The placement, one line per row (``*`` a star, ``.`` an empty cell)."""
    grid = read_answer(puzzle, solution)
    return "\n".join("".join("*" if v else "." for v in row) for row in grid)
