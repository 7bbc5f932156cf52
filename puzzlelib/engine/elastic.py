"""Why a puzzle with counts has no solution: the nearest counts that would give it one.

The elastic model keeps every rule of the puzzle hard, gives every given count two slack
variables (too few, too many) and minimises their total. The lines whose slack is used are where
the counts and the rest of the board disagree. Every puzzle with row and column counts
(Thermometers, Aquarium) explains an infeasible board this way.
"""

from __future__ import annotations

from collections.abc import Sequence

import pulp

from ..core.errors import NoSolution, SolverError
from .solver import add_integer, solve_model


def nearest_counts(problem: pulp.LpProblem, lines: Sequence[tuple[str, int, list, int | None]],
                   solver: str | None = None, time_limit=None, shown: int = 4) -> str | None:
    """Add the counts of ``lines`` (kind, index, cell variables, wanted count; None means no clue)
    to ``problem`` elastically, solve, and say which counts would have to change, or None."""
    slack = []
    for kind, i, cells, want in lines:
        if want is None:
            continue
        under = add_integer(problem, f"under_{kind}_{i}", 0)
        over = add_integer(problem, f"over_{kind}_{i}", 0)
        problem += pulp.lpSum(cells) + under - over == want, f"{kind}_count_{i}"
        slack.append((kind, i, want, under, over))
    problem += pulp.lpSum(u + o for *_, u, o in slack)
    try:
        solve_model(problem, solver=solver, time_limit=time_limit)
    except (NoSolution, SolverError):
        return None
    changes = []
    for kind, i, want, under, over in slack:
        delta = round(over.value() - under.value())
        if delta:
            changes.append(f"{kind} {i} would need {want + delta} instead of {want}")
    if not changes:
        return None
    listed = "; ".join(changes[:shown]) + ("; ..." if len(changes) > shown else "")
    noun = "line" if len(changes) == 1 else "lines"
    return f"the nearest solvable counts change {len(changes)} {noun}: {listed}"
