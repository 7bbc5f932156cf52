"""The model of chapter 3 (Binary Sudoku), equations (1)-(8), and its formulations by name.

One binary x_ij per cell (1 = a one). (1) fixes the givens; (2) puts n/2 ones in every row and
column (rule 1); (3) makes every window of three cells in a line sum to 1 or 2 (rule 2). Rule 3,
no two equal rows or columns, is added as ``model`` says (one table, :data:`FORMULATIONS`):

* ``"lazy"`` (the default of every function): rules 1 and 2 only; ``solve`` and ``solutions`` then
  add (7)-(8) for the lines that come out equal (``model_lazy.py``), so ``build_model`` writes the
  model the first round solves;
* ``"exact"``: (7)-(8) for every pair of lines (``model_exact.py``), the chapter's full model;
* ``"bigm"`` / ``"bigm_vars"``: (4)-(6) (``model_bigm.py``), the second with each R_a an integer
  variable, as Jandhyala's listing writes it;
* ``"none"``: rule 3 left out (to count how many fillings it removes).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NamedTuple

import pulp

from ..core.errors import PuzzleError
from ..core.interface import require
from ..engine.solver import add_binary, new_problem
from .board import Puzzle
from .model_bigm import add_distinct_bigm
from .model_exact import add_distinct_exact


class Formulation(NamedTuple):
    """How a ``model=`` name states rule 3: written in full by ``rule3(problem, kind, lines,
    deadline)``, learnt pair by pair while solving (``lazy``), or not at all."""

    rule3: Callable | None
    lazy: bool = False

    @property
    def keeps_rule3(self) -> bool:
        return self.rule3 is not None or self.lazy


#: Every formulation by its ``model=`` name (the one place a name is looked up).
FORMULATIONS = {
    "lazy": Formulation(None, lazy=True),
    "exact": Formulation(add_distinct_exact),
    "bigm": Formulation(functools.partial(add_distinct_bigm, number_vars=False)),
    "bigm_vars": Formulation(functools.partial(add_distinct_bigm, number_vars=True)),
    "none": Formulation(None),
}
#: The formulations' names, the default first.
MODELS = tuple(FORMULATIONS)
DEFAULT_MODEL = MODELS[0]
#: The largest board whose full rule-3 model we build (n^3 variables; the lazy model has no limit).
MAX_FULL = 64


def formulation(model: str) -> Formulation:
    """The formulation ``model`` names; a PuzzleError naming the choices for any other value."""
    if not isinstance(model, str) or model not in FORMULATIONS:
        raise PuzzleError(f"model: {str(model)[:30]!r} is not one of {', '.join(map(repr, MODELS))}")
    return FORMULATIONS[model]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, deadline=None):
    """The 0/1 program of chapter 3; returns ``(problem, x)`` with ``x[i, j]`` the cell binaries."""
    require(puzzle, Puzzle, "build_model")
    add_rule3 = formulation(model).rule3
    n = puzzle.size
    if add_rule3 is not None and n > MAX_FULL:
        raise PuzzleError(f"the full {model} model of a {n}x{n} board is too large (it grows as n^3); "
                          f"boards above {MAX_FULL}x{MAX_FULL} are solved with model='lazy'")
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
        if add_rule3 is not None:
            add_rule3(problem, kind, lines, deadline=deadline)                    # (4)-(6) or (7)-(8)
    return problem, x
    # END build_model


def lines_of(x, n: int) -> dict[str, list[list]]:
    """The model's rows and columns as lists of variables."""
    return {"row": [[x[i, j] for j in range(n)] for i in range(n)],
            "col": [[x[i, j] for i in range(n)] for j in range(n)]}
