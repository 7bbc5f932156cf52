"""model_lazy.py: chapter 11's default formulation, (1)-(3) of ``model.py`` with the cycle cuts (5)
added only for the cycles an answer holds (``solving`` runs the loop); the MTZ model shares (1)-(3).
"""

from __future__ import annotations

import pulp

from ..engine import Deadline, add_binary, new_problem
from .board import Cell, Puzzle, knight_arcs


def _name(cell: Cell) -> str:
    return f"{cell[0]}_{cell[1]}"


# BEGIN build_degrees
def build_degrees(puzzle: Puzzle, deadline: Deadline, name: str = "knightmoves"):
    """The model (1)-(3): ``y[u, v]`` keyed by arc ``(u, v)``; (4) and (5) are left to the cuts."""
    nrows, ncols = puzzle.shape
    problem = new_problem(f"{name}_{nrows}x{ncols}")
    arcs = knight_arcs(puzzle)
    y = {(u, v): add_binary(problem, f"y_{_name(u)}_to_{_name(v)}") for u, v in arcs}     # (1)
    into: dict[Cell, list] = {u: [] for u in puzzle.open_squares()}
    out: dict[Cell, list] = {u: [] for u in puzzle.open_squares()}
    for (u, v), var in y.items():
        out[u].append(var)
        into[v].append(var)
    for v in puzzle.open_squares():
        deadline.check()
        if v != puzzle.start:
            problem += pulp.lpSum(into[v]) == 1, f"enter_{_name(v)}"                       # (2)
        if v == puzzle.end:
            continue  # no arc leaves e
        if puzzle.end is not None:
            problem += pulp.lpSum(out[v]) == 1, f"leave_{_name(v)}"                        # (3)
        else:
            problem += pulp.lpSum(out[v]) <= 1, f"leave_{_name(v)}"                        # (3)
    return problem, y
# END build_degrees


# BEGIN add_cycle_cut
def add_cycle_cut(problem, puzzle: Puzzle, y: dict, cycle: list[Cell], name: str) -> None:
    """(5) (and (4), its two-square case) for the squares S of one cycle: some jump must enter S from outside."""
    inside = set(cycle)
    entering = [y[w, v] for v in inside for w in puzzle.moves(v) if w not in inside and (w, v) in y]
    problem += pulp.lpSum(entering) >= 1, name                                              # (5)
# END add_cycle_cut


def build(puzzle: Puzzle, deadline: Deadline):
    """The default model: (1)-(3), with (4)-(5) added by ``solving`` for each cycle an answer holds."""
    return build_degrees(puzzle, deadline)
