"""search_card.py: the fast search of Star Battle's ``solutions`` (issue 42).

The chapter's rules with its variables, x[r, c] "cell (r, c) holds a star": exactly k stars in each
row, column and region as native cardinality constraints (:mod:`puzzlelib.engine.card_sat`,
Gluecard), and no two stars touching, one clause per touching pair. Every placement is checked by
``rules.check_rules``; fewer than ``limit`` placements means there are no more. The integer programs
are unchanged.

The variables are numbered region by region, the largest regions first. The solver's first
decisions follow that order and say "no star" first, so it empties the large regions' cells and
leaves the small regions, which have the fewest places for their stars, to propagation (the
"most constrained first" rule of constraint programming). On 100 random boards a size (seeds
90000-90099), answer and second answer need in the median 597 conflicts instead of 692 in
reading order at 25x25 and 1046 instead of 1321 at 30x30; the slowest tenth 2242 instead of 3340
and 5169 instead of 6582 (``benchmarks/bench_starbattle.py --orders``).
"""

from __future__ import annotations

from ..engine.card_sat import CardSearch, card_answers
from .board import Puzzle, as_solution
from .rules import check_rules, touching_pairs


def card_solutions(puzzle: Puzzle, limit: int = 2, time_limit=None, search: CardSearch | None = None,
                   order=None) -> list:
    """Up to ``limit`` placements of ``puzzle`` (see the module docstring). ``search``: a fresh
    CardSearch to use (a benchmark reads its ``conflicts`` afterwards); ``order``: a function of the
    puzzle giving the cells in the order their variables are made (default ``largest_regions_first``)."""
    n, k = puzzle.size, puzzle.stars
    search = CardSearch() if search is None else search
    x = {cell: search.new() for cell in (order or largest_regions_first)(puzzle)}
    for i in range(n):
        search.exactly([x[i, c] for c in range(n)], k)
        search.exactly([x[r, i] for r in range(n)], k)
    for cells in puzzle.cells:
        search.exactly([x[cell] for cell in cells], k)
    for a, b in touching_pairs(n):
        search.add([-x[a], -x[b]])
    return card_answers(search, x, limit, time_limit, as_solution, check_rules, puzzle)


def largest_regions_first(puzzle: Puzzle) -> list:
    """The cells, region by region, larger regions first (ties: the region's first cell), each in row order."""
    regions = sorted(puzzle.cells, key=lambda cells: (-len(cells), min(cells)))
    return [cell for cells in regions for cell in sorted(cells)]


def row_order(puzzle: Puzzle) -> list:
    """The cells in reading order (the order before ``largest_regions_first``, kept for the benchmark)."""
    return [(r, c) for r in range(puzzle.size) for c in range(puzzle.size)]
