"""search_card.py: the fast search of Thermometers' ``solutions`` (issue 42).

The chapter's rules with the chapter's variables, x[r, c] "cell (r, c) holds mercury": (1) a cell is
filled only if the cell before it on its thermometer is (one clause each), (2) each row and column
count as a native cardinality constraint (:mod:`puzzlelib.engine.card_sat`, Gluecard). Every filling
is checked by ``rules.check_rules``; fewer than ``limit`` fillings means there are no more, so
``limit=2`` proves a board unique. The integer program of ``model.py`` is unchanged.
"""

from __future__ import annotations

from ..engine.card_sat import CardSearch, card_answers
from .board import Puzzle, Solution
from .rules import check_rules


def card_solutions(puzzle: Puzzle, limit: int = 2, time_limit=None) -> list[Solution]:
    """Up to ``limit`` fillings of ``puzzle`` (see the module docstring)."""
    m, n = puzzle.shape
    search = CardSearch()
    x = {(r, c): search.new() for r in range(m) for c in range(n)}
    for cells in puzzle.thermometers:                            # (1)
        for a, b in zip(cells, cells[1:]):
            search.add([-x[b], x[a]])
    for r, want in enumerate(puzzle.rows):                       # (2)
        search.exactly([x[r, c] for c in range(n)], want)
    for c, want in enumerate(puzzle.cols):
        search.exactly([x[r, c] for r in range(m)], want)
    return card_answers(search, x, limit, time_limit, Solution, check_rules, puzzle)
