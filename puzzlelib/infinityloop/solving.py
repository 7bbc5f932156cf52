"""Solving Infinity Loop: the closed picture nearest the given board, every picture, and why none.

``solutions`` first settles what propagation settles and solves the chapter's model on the tiles
left open (``reduced.py``) when neither ``model`` nor ``solver`` is named
(``search="reduced"``): on planted boards about one tile in ten stays open. Naming a formulation or
a solver asks for the full model (``search="mip"``); both list the same pictures.
"""

from __future__ import annotations

from functools import partial

from ..core.errors import NoSolution
from ..core.interface import DefaultModel
from ..engine.enumeration import enumerate_solutions
from ..engine.rotation import BOTTOM, LEFT, RIGHT, SIDES, TOP, chosen_turn, code_sides, turn_code
from ..engine.search import call_deadline, Searches, checked, guard, propagated_solutions, rule_check, search_for
from ..engine.solver import Deadline, solve_model
from .board import Puzzle, Solution
from .model import DEFAULT_MODEL, MODELS, build_hartmann, builder
from .reduced import build_reduced, propagate
from .rules import check_rules, read_grid


#: Where ``solutions`` searches: the model of the tiles propagation leaves open, or the full model.
SEARCHES = Searches(("reduced", "mip"), default=DEFAULT_MODEL)


MODEL_DEFAULT = DefaultModel(DEFAULT_MODEL)


def search_of(search: str | None, model, solver) -> str:
    """The search ``solutions`` runs: ``search`` when given, else "reduced" unless a model or solver is named.

    The reduced search lists closed pictures; ``model="connected"`` (one piece) always runs the full model."""
    return search_for(search, model, solver, SEARCHES)


def read_model(puzzle: Puzzle, model: str, x) -> Solution:
    """The answer a solved model holds (the one reader name of every ``solving.py``)."""
    nrows, ncols = puzzle.shape
    turns = [[0] * ncols for _ in range(nrows)]
    for (r, c), tile in x.items():
        turns[r][c] = chosen_turn(tile)
    grid = tuple(tuple(turn_code(puzzle.tiles[r][c], turns[r][c]) for c in range(ncols)) for r in range(nrows))
    return Solution(grid, tuple(map(tuple, turns)), sum(map(sum, turns)))


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None) -> Solution:
    """The closed picture with the fewest left turns from the given board.

    ``model="connected"`` also asks for one connected piece (Tatham's Net). Raises NoSolution, with
    the reason where the data shows it (an odd number of connection ends, a tile that cannot be
    turned to keep its connections on the board).
    """
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS)
    build = builder(model)
    reason = explain_infeasible(puzzle)
    if reason:
        raise NoSolution("no turning closes every connection", reason)
    problem, x = build(puzzle, objective=True, deadline=deadline)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        if model == "connected":
            plain, _ = build_hartmann(puzzle, objective=False, deadline=deadline)
            try:
                solve_model(plain, solver=solver, time_limit=deadline)
            except NoSolution:
                pass
            else:
                raise NoSolution("no turning closes every connection in one piece",
                                 "closed pictures exist, but each falls apart into separate pieces") from None
        raise NoSolution("no turning closes every connection", "every tile fits alone, but not all at once") from None
    return checked(partial(check_rules, model=model), puzzle, read_model(puzzle, model, x), "the integer program")


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = MODEL_DEFAULT, solver: str | None = None,
              time_limit: float | None = None, search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different closed pictures (not turn counts: a straight tile turned twice looks
    the same, so the model has one binary per picture of a tile), by no-good cuts.

    ``search="reduced"`` solves the model of the tiles propagation leaves open, ``search="mip"`` the
    full model ``model`` with ``solver``; both list the same pictures. Left to None, the search is
    "reduced" unless ``model`` or ``solver`` is named. ``model="connected"`` runs the full model."""
    deadline = guard(puzzle, Puzzle, "solutions", solver=solver, time_limit=time_limit, model=model, models=MODELS,
                     limit=limit, search=search, searches=SEARCHES)
    build = builder(model)
    if search_of(search, model, solver) == "reduced" and model == DEFAULT_MODEL:
        return _reduced_solutions(puzzle, limit, solver, deadline)
    problem, x = build(puzzle, objective=False, deadline=deadline)
    return enumerate_solutions(problem, _keys(x), lambda: read_model(puzzle, model, x), limit, solver, deadline,
                               check=rule_check(partial(check_rules, model=model), puzzle))


def _reduced_solutions(puzzle: Puzzle, limit: int, solver, deadline: Deadline) -> list[Solution]:
    """``solutions`` on the tiles propagation leaves open (``reduced.py``; ``engine.search.propagated_solutions``)."""
    nrows, ncols = puzzle.shape

    def read(turns, x) -> Solution:
        chosen = [[0] * ncols for _ in range(nrows)]
        for (r, c), ks in turns.items():
            chosen[r][c] = chosen_turn(x[r, c]) if (r, c) in x else ks[0]
        grid = tuple(tuple(turn_code(puzzle.tiles[r][c], chosen[r][c]) for c in range(ncols)) for r in range(nrows))
        return Solution(grid, tuple(map(tuple, chosen)), sum(map(sum, chosen)))

    return propagated_solutions(puzzle, limit, solver, deadline, propagate, build_reduced, read, _keys,
                                check_rules)


def _keys(x) -> list:
    """The binaries a picture is told apart by: one per picture of each open tile."""
    return [var for tile in x.values() for var in tile.values()]


@call_deadline
def explain_infeasible(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> str | None:
    """A reason in the data why no picture closes, or None: an odd number of connection ends (each
    connection needs a partner), or a tile that no turn keeps on the board (no solver is needed)."""
    guard(puzzle, Puzzle, "explain_infeasible", solver=solver, time_limit=time_limit)
    nrows, ncols = puzzle.shape
    ends = sum(sum(code_sides(v)) for row in puzzle.tiles for v in row)
    if ends % 2:
        return f"the tiles have {ends} connection ends in all, an odd number, but ends meet in pairs"
    for r, c in puzzle.cells():
        code = puzzle.tiles[r][c]
        off = {TOP: r == 0, LEFT: c == 0, BOTTOM: r == nrows - 1, RIGHT: c == ncols - 1}
        if all(any(code_sides(turn_code(code, k))[h] and off[h] for h in range(4)) for k in range(4)):
            edges = [SIDES[h] for h in range(4) if off[h]]
            return (f"tile ({r}, {c}) (code {code}) points off the {' and '.join(edges)} edge of the board "
                    "however it is turned")
    return None


def format_solution(puzzle: Puzzle, solution) -> str:
    """The turned board in the text format's digits, then the number of left turns."""
    grid = read_grid(puzzle, solution)
    lines = ["".join("0123456789abcdef"[v] for v in row) for row in grid]
    if isinstance(solution, Solution):
        lines.append(f"{solution.moves} left turns in total")
    return "\n".join(lines)
