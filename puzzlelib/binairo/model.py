"""The model of chapter 3 (Binary Sudoku), equations (1)-(8).

One binary x_ij per cell (1 = a one). (1) fixes the givens; (2) puts n/2 ones in every row and
column (rule 1); (3) makes every window of three cells in a line sum to 1 or 2 (rule 2). Rule 3,
no two equal rows or columns, is added as ``distinct`` says: ``"exact"`` (7)-(8) in
``model_exact.py``, ``"bigm"`` / ``"bigm_vars"`` (4)-(6) in ``model_bigm.py``, or ``None`` (left
out). The lazy form, which adds (7)-(8) only for lines that come out equal, is ``model_lazy.py``.
"""

from __future__ import annotations

import pulp

from ..core.errors import PuzzleError
from ..engine.solver import add_binary, new_problem
from ..core.validate import check_choice
from .board import Puzzle
from .model_bigm import add_distinct_bigm
from .model_exact import add_distinct_exact

#: The forms of rule 3 that build_model writes in full.
FORMULATIONS = ("exact", "bigm", "bigm_vars", None)
#: The largest board whose full rule-3 model we build (n^3 variables; the lazy model has no limit).
MAX_FULL = 64


def build_model(puzzle: Puzzle, distinct: str | None = "exact", deadline=None):
    """The 0/1 program of chapter 3; returns ``(problem, x)`` with ``x[i, j]`` the cell binaries."""
    if not isinstance(puzzle, Puzzle):
        raise PuzzleError(f"puzzle: expected a binairo Puzzle, got {type(puzzle).__name__}")
    check_choice(distinct, FORMULATIONS, "distinct")
    n = puzzle.size
    if distinct is not None and n > MAX_FULL:
        raise PuzzleError(f"the full {distinct} model of a {n}x{n} board is too large (it grows as n^3); "
                          f"boards above {MAX_FULL}x{MAX_FULL} are solved with distinct='lazy'")
    # BEGIN build_model
    problem = new_problem("binairo")
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(n) for j in range(n)}
    for (i, j), g in puzzle.given_cells().items():
        problem += x[i, j] == g, f"given_{i}_{j}"                                 # (1)
    rows = [[x[i, j] for j in range(n)] for i in range(n)]
    cols = [[x[i, j] for i in range(n)] for j in range(n)]
    for kind, lines in (("row", rows), ("col", cols)):
        for i, line in enumerate(lines):
            problem += pulp.lpSum(line) == n // 2, f"{kind}_half_{i}"             # (2)
            for k in range(n - 2):
                window = pulp.lpSum(line[k:k + 3])
                problem += window >= 1, f"{kind}_{i}_no000_{k}"                   # (3)
                problem += window <= 2, f"{kind}_{i}_no111_{k}"
        if distinct == "exact":
            add_distinct_exact(problem, kind, lines, deadline)                    # (7)-(8)
        elif distinct in ("bigm", "bigm_vars"):
            add_distinct_bigm(problem, kind, lines, distinct == "bigm_vars", deadline)  # (4)-(6)
    return problem, x
    # END build_model


def lines_of(x, n: int) -> dict[str, list[list]]:
    """The model's rows and columns as lists of variables."""
    return {"row": [[x[i, j] for j in range(n)] for i in range(n)],
            "col": [[x[i, j] for i in range(n)] for j in range(n)]}
