"""What the CP-SAT benchmark scripts share: a one-worker solver, the verdict of the second solve,
and the loop that reads boards as JSON on stdin and prints one JSON line per board.

Only ortools is imported here: the ``cpsat_<kind>.py`` scripts run in a process of their own, never
beside highspy (the two cannot be imported in one process), so they cannot use puzzlelib.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from ortools.sat.python import cp_model

#: The statuses with an answer in hand.
ANSWERED = (cp_model.OPTIMAL, cp_model.FEASIBLE)


def one_worker(time_limit: float) -> cp_model.CpSolver:
    """CP-SAT with one search worker (the comparison the benchmarks make) and a time limit."""
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    return solver


def second_verdict(solver: cp_model.CpSolver, status) -> str:
    """What the solve after the no-good says: "unique" (infeasible), "2+ solutions", or CP-SAT's status."""
    if status == cp_model.INFEASIBLE:
        return "unique"
    return "2+ solutions" if status in ANSWERED else solver.StatusName(status)


def serve(solve_board: Callable[[object, float], dict]) -> None:
    """Every board of the JSON list on stdin through ``solve_board(board, time_limit)``, a JSON line
    each (flushed, so a caller can read them as they come); the time limit is argv[1], else 60 s."""
    boards = json.load(sys.stdin)
    limit = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    for board in boards:
        print(json.dumps(solve_board(board, limit)), flush=True)
