"""model.py: the formulations, by name, and ``build_model(puzzle, model=...)`` that picks one.

Role. ``MODELS`` names every formulation, the default first; ``BUILDERS`` is the one place a name is
looked up, and ``CUTS`` says which formulation needs its cycles cut off after each solve (``solve``
and ``solutions`` never switch on the string). Each builder returns ``(problem, y)``, the PuLP
problem and the arc variables the path is read from.

Chapter 11, Knight Moves (after Hartmann's Knight Moves app, a Hamiltonian path in the knight's
graph). Data: the open squares V, the start s, the end e (when fixed), and the arcs A: the knight's
jumps u -> v between open squares, none into s and none out of e.

    (1)  y[u, v] in {0, 1}                         for every arc (u, v) in A: the path jumps u -> v
    (2)  sum_u y[u, v] = 1                         for every square v other than s: entered once
    (3)  sum_v y[u, v] <= 1                        for every square u: left at most once
                                                   (= 1 for every u other than e when e is fixed)
    (4)  y[u, v] + y[v, u] <= 1                    for every pair of squares a jump apart: no 2-cycle
    (5)  sum_{u not in S, v in S} y[u, v] >= 1     for every set S of squares without s (subtours)

(4) is (5) for the sets of two squares; the library leaves it to the cuts too (written into the
model, it made HiGHS 1.15's presolve call a feasible board infeasible: 6x6 planted seed 9, greedy 0,
free end, kept in tests/test_knightmoves.py; ``solving.solve_checked`` now re-checks every
"infeasible" of HiGHS without presolve, as the same bug struck once in a few hundred boards).

(2) and (3) leave one path from s (the only square not entered) and, perhaps, cycles apart from it;
(5) forbids those. There are exponentially many sets S, so the default model ``lazy`` (``model_lazy.py``) starts
without (5) and adds the cut of each cycle the solver's answer holds, then solves again, until the
answer has no cycle (Dantzig, Fulkerson and Johnson's cuts, added only when needed: the same lesson
as Flow Free's loops, on a new graph). ``mtz`` (``model_mtz.py``) replaces (5) by the compact
Miller-Tucker-Zemlin order constraints (6)-(7). There is no objective: any path is an answer.
"""

from __future__ import annotations

from ..core.interface import require
from ..core.validate import check_choice
from ..engine import Deadline
from .board import Arc, Cell, Puzzle
from .model_lazy import add_cycle_cut, build_degrees  # noqa: F401 (the chapter's names)
from .model_lazy import build as build_lazy
from .model_mtz import build as build_mtz

MODELS = ("lazy", "mtz")
DEFAULT_MODEL = MODELS[0]


#: Every formulation's builder, by its name in MODELS.
BUILDERS = {"lazy": build_lazy, "mtz": build_mtz}
#: The cycle cut each formulation needs after a solve (None: its answers never hold a cycle).
CUTS = {"lazy": add_cycle_cut, "mtz": None}


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, deadline: Deadline | None = None):
    """``(problem, y)`` of the formulation ``model`` (one of MODELS) for ``puzzle``.

    ``deadline`` (from ``solve``) stops building a big board's model once the caller's time is spent.
    """
    require(puzzle, Puzzle, "build_model")
    check_choice(model, MODELS, "model")
    return BUILDERS[model](puzzle, Deadline.of(deadline))


def path_from_arcs(puzzle: Puzzle, arcs: list[Arc]) -> tuple[list[Cell], list[list[Cell]]]:
    """The path from the start along the chosen arcs, and every cycle apart from it."""
    succ = dict(arcs)
    path, seen = [puzzle.start], {puzzle.start}
    while path[-1] in succ and succ[path[-1]] not in seen:
        path.append(succ[path[-1]])
        seen.add(path[-1])
    cycles = []
    for u in sorted(succ):
        if u in seen:
            continue
        cycle = [u]
        seen.add(u)
        while succ.get(cycle[-1]) is not None and succ[cycle[-1]] not in seen:
            cycle.append(succ[cycle[-1]])
            seen.add(cycle[-1])
        cycles.append(cycle)
    return path, cycles
