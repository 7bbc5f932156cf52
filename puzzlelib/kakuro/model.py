"""Chapter 8, equations (1)-(4): Hartmann's Kakuro model (his (5)-(8), Appendix B's MathProg).

    (1) sum_d x[c, d] = 1                   every white cell c holds one digit
    (2) sum_{c in R_k} x[c, d] <= 1         digit d at most once in run k
    (3) sum_{c in R_k} sum_d d x[c, d] = r_k   run k adds up to its clue r_k
    (4) x binary

``build_model(puzzle, model)`` gives either this model (``"hartmann"``) or the stronger
combination model of equations (5)-(8) in ``model_combos.py`` (``"combos"``, the default).
``narrow=True`` first narrows each cell's digits without search (``rules.narrow``) and makes
variables only for the digits left: a presolve of our own, which ``solve`` uses by default.
"""

from __future__ import annotations

import pulp

from ..core.interface import require
from ..core.validate import check_choice
from ..engine.solver import add_binary, new_problem
from .board import DIGITS, Puzzle
from .model_combos import build_combos
from .rules import narrow as narrow_digits

#: The formulations, for ``model=``; the first is the default.
MODELS = ("combos", "hartmann")
DEFAULT_MODEL = MODELS[0]


def builder(model: str):
    """The function that builds ``model`` (one of ``MODELS``; a PuzzleError names them otherwise)."""
    check_choice(model, MODELS, "model")
    return BUILDERS[model]


def build_model(puzzle: Puzzle, model: str = DEFAULT_MODEL, narrow: bool = False):
    """``(problem, x)``, ``x[r, c, d]`` = 1 when white cell (r, c) holds digit d."""
    require(puzzle, Puzzle, "build_model")
    build = builder(model)
    domains = narrow_digits(puzzle) if narrow else None
    return build(puzzle, domains)


# BEGIN hartmann
def build_hartmann(puzzle: Puzzle, domains: dict | None = None):
    """Hartmann's model: a binary per cell and digit, and three kinds of constraints.

    ``domains`` (cell -> digits) leaves out the variables of digits a cell cannot hold; None
    keeps all nine, as in the paper.
    """
    problem = new_problem("kakuro_hartmann")
    digits = {cell: sorted(domains[cell]) if domains else DIGITS for cell in puzzle.white}
    x = {(r, c, d): add_binary(problem, f"x_{r}_{c}_{d}") for r, c in puzzle.white for d in digits[r, c]}  # (4)
    for r, c in puzzle.white:                                                                          # (1)
        problem += pulp.lpSum(x[r, c, d] for d in digits[r, c]) == 1, f"digit_{r}_{c}"
    for k, run in enumerate(puzzle.runs):
        for d in DIGITS:                                                                               # (2)
            problem += pulp.lpSum(x[r, c, d] for r, c in run.cells if d in digits[r, c]) <= 1, f"different_{k}_{d}"
        if run.total is not None:  # a run with no clue (pzprjs allows one) has no sum to meet
            problem += pulp.lpSum(d * x[r, c, d] for r, c in run.cells for d in digits[r, c]) == run.total, f"sum_{k}"  # (3)
    return problem, x
# END hartmann


#: Each formulation's builder, by name (the one place a model name is looked up).
BUILDERS = {"combos": build_combos, "hartmann": build_hartmann}
