"""solving.py: a placement of stars, every placement (up to a limit), one in words, and why there is none.

Role. ``solve`` and ``solutions`` check their arguments, start one ``Deadline`` for the whole
call, build the chosen model once and read the answer into a ``Solution``. ``solutions`` lists
different answers by no-good cuts: by default on the same rules written as clauses, on the SAT solver
(``model_sat.py``: a uniqueness proof has no objective for an LP bound to prune with, and clause
learning settles it in milliseconds where HiGHS branches), or with ``search="mip"`` on the chosen
integer program (:func:`puzzlelib.engine.enumerate_solutions`).
``explain_infeasible`` says from the regions alone why a board has no answer, or returns None.
"""

from __future__ import annotations

from ..core.errors import NoSolution
from ..core.interface import require
from ..core.validate import check_choice, check_limit
from ..engine import Deadline, enumerate_solutions, solve_model, value01
from ..engine.solver import solver_name
from .board import Puzzle, Solution, as_solution
from .model import DEFAULT_MODEL, MODELS, build_model
from .rules import read_answer


#: Where ``solutions`` searches: clauses on CaDiCaL (the default) or the integer program.
SEARCHES = ("sat", "mip")


def _start(puzzle, where: str, solver, time_limit) -> Deadline:
    require(puzzle, Puzzle, where)
    solver_name(solver)  # refuse a wrong solver before any model is built
    return Deadline(time_limit)


def _read(puzzle: Puzzle, x) -> Solution:
    n = puzzle.size
    return as_solution([[value01(x[r, c]) for c in range(n)] for r in range(n)])


def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """One placement; NoSolution (with the reason, where the regions show one) when there is none."""
    deadline = _start(puzzle, "solve", solver, time_limit)
    problem, x = build_model(puzzle, model, deadline)
    reason = explain_infeasible(puzzle)
    if reason:
        raise NoSolution("no placement of stars keeps every rule", reason)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        raise NoSolution("no placement of stars keeps every rule") from None
    return _read(puzzle, x)


def solutions(puzzle: Puzzle, limit: int = 2, model: str = DEFAULT_MODEL, solver: str | None = None,
              time_limit: float | None = None, search: str = "sat") -> list[Solution]:
    """Up to ``limit`` different placements (``limit=2`` answers "is it unique?").

    ``search="sat"`` (the default) lists them on the rules written as clauses (``model_sat.py``);
    ``search="mip"`` on the integer program ``model`` with ``solver``. Both list the same answers."""
    limit = check_limit(limit)
    check_choice(search, SEARCHES, "search")
    check_choice(model, MODELS, "model")
    deadline = _start(puzzle, "solutions", solver, time_limit)
    if search == "sat":
        from .model_sat import SatModel

        found = []
        sat = SatModel(puzzle)
        try:
            while len(found) < limit:
                answer = sat.search.solve(deadline)
                if answer is None:
                    break
                grid = sat.read(answer)
                found.append(as_solution(grid))
                sat.forbid(grid)
        finally:
            sat.search.close()
        return found
    problem, x = build_model(puzzle, model, deadline)
    return enumerate_solutions(problem, list(x.values()), lambda: _read(puzzle, x), limit, solver, deadline)


def region_capacity(cells) -> int:
    """An upper bound on the stars a region holds: one per block of the board's 2x2 tiling it meets."""
    return len({(r // 2, c // 2) for r, c in cells})


def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> str | None:
    """Why no placement exists, when the regions alone show it (else None: no solver is run).

    Two arguments are tried: a region that meets fewer than k blocks of the board's 2x2 tiling
    cannot hold k stars; and m regions lying wholly inside fewer than m consecutive rows (or columns)
    need m*k stars where those lines hold fewer.
    """
    require(puzzle, Puzzle, "explain_infeasible")
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
