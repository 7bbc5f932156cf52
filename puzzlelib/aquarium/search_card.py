"""search_card.py: the fast search of Aquarium's ``solutions`` (issue 42).

The cell model of chapter 6 with its variables, x[r, c] "cell (r, c) holds water": the cells of a
tank in one row are equal (two clauses per neighbouring pair), a wet row of a tank wets the row below
it (one clause), and each given row and column count is a native cardinality constraint
(:mod:`puzzlelib.engine.card_sat`, Gluecard). Every filling is checked by ``rules.check_rules``;
fewer than ``limit`` fillings means there are no more. The integer programs are unchanged.
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
    for t in range(len(puzzle.tanks)):
        rows = puzzle.tank_rows(t)  # bottom row first
        for cells in rows:
            for a, b in zip(cells, cells[1:]):
                search.add([-x[a], x[b]])
                search.add([x[a], -x[b]])
        for lower, upper in zip(rows, rows[1:]):
            search.add([-x[upper[0]], x[lower[0]]])
    for r, want in enumerate(puzzle.rows):
        if want is not None:
            search.exactly([x[r, c] for c in range(n)], want)
    for c, want in enumerate(puzzle.cols):
        if want is not None:
            search.exactly([x[r, c] for r in range(m)], want)
    return card_answers(search, x, limit, time_limit, Solution, check_rules, puzzle)
