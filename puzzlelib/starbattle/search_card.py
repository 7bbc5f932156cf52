"""search_card.py: the fast search of Star Battle's ``solutions`` (issue 42).

The chapter's rules with its variables, x[r, c] "cell (r, c) holds a star": exactly k stars in each
row, column and region as native cardinality constraints (:mod:`puzzlelib.engine.card_sat`,
Gluecard), and no two stars touching, one clause per touching pair. Every placement is checked by
``rules.check_rules``; fewer than ``limit`` placements means there are no more. The integer programs
are unchanged.
"""

from __future__ import annotations

from ..engine.card_sat import CardSearch, card_answers
from .board import Puzzle, as_solution
from .rules import check_rules, touching_pairs


def card_solutions(puzzle: Puzzle, limit: int = 2, time_limit=None) -> list:
    """Up to ``limit`` placements of ``puzzle`` (see the module docstring)."""
    n, k = puzzle.size, puzzle.stars
    search = CardSearch()
    x = {(r, c): search.new() for r in range(n) for c in range(n)}
    for i in range(n):
        search.exactly([x[i, c] for c in range(n)], k)
        search.exactly([x[r, i] for r in range(n)], k)
    for cells in puzzle.cells:
        search.exactly([x[cell] for cell in cells], k)
    for a, b in touching_pairs(n):
        search.add([-x[a], -x[b]])
    return card_answers(search, x, limit, time_limit, as_solution, check_rules, puzzle)
