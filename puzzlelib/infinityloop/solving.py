"""Solving Infinity Loop: the closed picture nearest the given board, every picture, and why none."""

from __future__ import annotations

from ..engine.enumeration import enumerate_solutions
from ..core.errors import NoSolution, PuzzleError
from ..engine.rotation import BOTTOM, LEFT, RIGHT, SIDES, TOP, chosen_turn, code_sides, turn_code
from ..engine.solver import Deadline, solve_model, solver_name
from ..core.validate import check_limit
from .board import Puzzle, Solution
from .model import build_model
from .model_connected import build_connected_model
from .rules import read_grid


def _check(puzzle, solver, time_limit, connected) -> Deadline:
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"expected an infinityloop Puzzle, got {type(puzzle).__name__}")
    if not isinstance(connected, bool):
        raise PuzzleError(f"connected: expected True or False, got {type(connected).__name__} {connected!r}")
    deadline = Deadline(time_limit)
    solver_name(solver)
    return deadline


def _build(puzzle, connected, objective, deadline):
    if connected:
        return build_connected_model(puzzle, objective, deadline=deadline)
    return build_model(puzzle, objective=objective, deadline=deadline)


def _read(puzzle: Puzzle, x) -> Solution:
    nrows, ncols = puzzle.shape
    turns = [[0] * ncols for _ in range(nrows)]
    for (r, c), tile in x.items():
        turns[r][c] = chosen_turn(tile)
    grid = tuple(tuple(turn_code(puzzle.tiles[r][c], turns[r][c]) for c in range(ncols)) for r in range(nrows))
    return Solution(grid, tuple(map(tuple, turns)), sum(map(sum, turns)))


def solve(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None,
          connected: bool = False) -> Solution:
    """The closed picture with the fewest left turns from the given board.

    ``connected=True`` also asks for one connected piece (Tatham's Net). Raises NoSolution, with
    the reason where the data shows it (an odd number of connection ends, a tile that cannot be
    turned to keep its connections on the board).
    """
    deadline = _check(puzzle, solver, time_limit, connected)
    reason = explain_infeasible(puzzle)
    if reason:
        raise NoSolution("no turning closes every connection", reason)
    problem, x = _build(puzzle, connected, True, deadline)
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        if connected:
            plain, _ = build_model(puzzle, objective=False, deadline=deadline)
            try:
                solve_model(plain, solver=solver, time_limit=deadline)
            except NoSolution:
                pass
            else:
                raise NoSolution("no turning closes every connection in one piece",
                                 "closed pictures exist, but each falls apart into separate pieces") from None
        raise NoSolution("no turning closes every connection", "every tile fits alone, but not all at once") from None
    return _read(puzzle, x)


def solutions(puzzle: Puzzle, limit: int = 2, solver: str | None = None, time_limit: float | None = None,
              connected: bool = False) -> list[Solution]:
    """Up to ``limit`` different closed pictures (not turn counts: a straight tile turned twice looks
    the same, so the model has one binary per picture of a tile), by no-good cuts."""
    limit = check_limit(limit)
    deadline = _check(puzzle, solver, time_limit, connected)
    problem, x = _build(puzzle, connected, False, deadline)
    keys = [var for tile in x.values() for var in tile.values()]
    return enumerate_solutions(problem, keys, lambda: _read(puzzle, x), limit, solver, deadline)


def explain_infeasible(puzzle: Puzzle) -> str | None:
    """A reason in the data why no picture closes, or None: an odd number of connection ends (each
    connection needs a partner), or a tile that no turn keeps on the board."""
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
