"""Slider's dual: a potential on every cell, read from HiGHS's duals (chapter 12).

Chapter 4's model is a shortest path: a binary per slide ``x[u, v]``, one unit of flow out of the
start (``leave_start``), into the target (``arrive_target``), conserved at every other cell
(``conserve_r_c``), the number of slides minimised. Its dual has a free price per row. Write
``pi(v)`` for the price of ``conserve_v``, ``pi(target)`` for that of ``arrive_target`` and
``pi(start)`` for minus that of ``leave_start``: the dual's constraint for the slide ``u -> v``
then reads ``pi(v) - pi(u) <= 1`` and its objective is ``pi(target) - pi(start)``. A potential
rises by at most one per slide, and the dual pushes the target's as high as it will go: the
number of slides of a shortest route (strong duality). Complementary slackness says that every
slide of a shortest route is *tight*, ``pi(v) - pi(u) = 1``.

The x's upper bounds are dropped first (a shortest path needs no ``x <= 1``), so the dual has
exactly the rows' prices. Potentials are shifted so that the start's is 0.
"""

from __future__ import annotations

from fractions import Fraction

from .. import slider as sl
from ..core.errors import PuzzleError
from ..core.interface import require
from .lp_dual import without_upper_bounds
from .matrix import LinearProgram, exact_values, solve_lp

Cell = tuple[int, int]


def slider_lp(puzzle: sl.Puzzle) -> LinearProgram:
    """Chapter 4's model of ``puzzle`` as an LP, without the x's upper bounds."""
    problem, _ = sl.build_model(puzzle)
    return without_upper_bounds(problem)


def cell_of_row(name: str, puzzle: sl.Puzzle) -> Cell | None:
    """The cell a row of the Slider model speaks for (None for a row of another model)."""
    if name == "leave_start":
        return puzzle.start
    if name == "arrive_target":
        return puzzle.target
    if name.startswith("conserve_"):
        parts = name[len("conserve_"):].split("_")
        if len(parts) != 2 or not all(part.isdigit() for part in parts):
            raise PuzzleError(f"{name[:40]!r} is no row of the Slider model (conserve_<row>_<col>)")
        return int(parts[0]), int(parts[1])
    return None


def potentials_from_duals(puzzle: sl.Puzzle, duals: dict[str, float]) -> dict[Cell, Fraction]:
    """The potential of each cell with a row, from the rows' duals, start at 0, as fractions."""
    require(puzzle, sl.Puzzle, "potentials_from_duals")
    duals = exact_values(duals, "duals")
    raw = {}
    for name, price in duals.items():
        if not isinstance(name, str):
            raise PuzzleError(f"duals: a key must be a row name such as 'leave_start', got {name!r}")
        cell = cell_of_row(name, puzzle)
        if cell is not None:
            raw[cell] = -price if name == "leave_start" else price
    if puzzle.start not in raw:
        raise PuzzleError("the duals hold no price for leave_start")
    base = raw[puzzle.start]
    return {cell: Fraction(v - base).limit_denominator(1000) for cell, v in raw.items()}


def potentials(puzzle: sl.Puzzle) -> dict[Cell, Fraction]:
    """HiGHS's optimal dual of the Slider LP as cell potentials (start 0), checked exactly: every
    slide raises the potential by at most one, and the target's equals the LP's optimum."""
    lp = slider_lp(puzzle)
    solution = solve_lp(lp)
    if solution.status != "optimal":
        raise PuzzleError(f"the Slider LP is {solution.status}: the target cannot be reached")
    pi = potentials_from_duals(puzzle, solution.duals)
    bad = [arc for arc in sl.arcs(puzzle) if arc[0] in pi and arc[1] in pi and pi[arc[1]] - pi[arc[0]] > 1]
    if bad or pi[puzzle.target] != round(solution.value):
        raise PuzzleError("HiGHS's duals do not round to a feasible, optimal set of potentials")
    return pi


def tight_arcs(puzzle: sl.Puzzle, pi: dict[Cell, Fraction]) -> list[tuple[Cell, Cell]]:
    """The slides whose potential rises by exactly one: the only ones a shortest route may use."""
    require(puzzle, sl.Puzzle, "tight_arcs")
    pi = exact_values(pi, "pi")
    return [(u, v) for u, v in sl.arcs(puzzle) if u in pi and v in pi and pi[v] - pi[u] == 1]
