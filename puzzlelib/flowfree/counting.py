"""How many pipe layouts a board has, all counted at once (frontier-based search, ``engine.frontier``).

A pipe layout is a set of edges that obeys the rules (C1)-(C6): one pipe per colour from dot to
dot, every cell on a pipe, no loop. Each colouring has at least one layout, and a tidy one (C7)
has exactly one, since its pipes use every edge between cells of one colour. So when the count
equals the number of colourings already found, there is no other colouring: a proof of
uniqueness that needs no second search. ``solutions`` uses it where the SAT search is slow.
"""

from __future__ import annotations

from ..engine.frontier import count_subgraphs
from .board import Puzzle, cells_of, edges_of

#: Boards up to this many cells are counted. The frontier is one row wide (at most 12 cells here),
#: but an almost empty 12x12 board can still need a few seconds and over a gigabyte; such boards
#: never get here, because the SAT search settles them within its budget first.
COUNT_CELLS = 144


def countable(puzzle: Puzzle) -> bool:
    """Whether ``solutions`` counts the board's layouts: small enough (``COUNT_CELLS``), every cell on a pipe.

    Under the Numberlink rule a cell may stay empty; the count here is of layouts that fill the
    board, so it would prove nothing about such a board.
    """
    return puzzle.fills and puzzle.shape[0] * puzzle.shape[1] <= COUNT_CELLS


def count_pipe_layouts(puzzle: Puzzle) -> int | None:
    """The number of pipe layouts of ``puzzle``, or None when graphillion is not installed or cells may stay empty."""
    if not puzzle.fills:
        return None
    dots = {c for pair in puzzle.dots.values() for c in pair}
    degrees = {c: 1 if c in dots else 2 for c in cells_of(puzzle.shape)}
    return count_subgraphs(sweep_order(puzzle), list(puzzle.dots.values()), degrees)


def sweep_order(puzzle: Puzzle) -> list:
    """The board's edges, row by row (or column by column) from the side that suits the count.

    The frontier runs along the longer side, so it is as short as it can be. Of the two (on a
    square board, four) sides a sweep can start from, it takes the one that leaves the lines
    without a dot for last, and then the one nearest the dots: pipes take their colours early,
    and an empty stretch of board comes when fewer partial layouts are still open. Measured once,
    on the corpus levels of up to 144 cells: about half the total time of always starting at the
    top, and the slowest count 0.10 s instead of 0.22 s (``bench_flowfree.py --proof`` times it).
    """
    nrows, ncols = puzzle.shape
    dots = [c for pair in puzzle.dots.values() for c in pair]
    sweeps = {  # a side to start from: a cell's place in that sweep (line, then place in the line)
        "top": lambda cell: (cell[0], cell[1]),
        "bottom": lambda cell: (nrows - 1 - cell[0], cell[1]),
        "left": lambda cell: (cell[1], cell[0]),
        "right": lambda cell: (ncols - 1 - cell[1], cell[0]),
    }
    sides = ["top", "bottom", "left", "right"]
    if nrows > ncols:
        sides = sides[:2]
    elif ncols > nrows:
        sides = sides[2:]

    def cost(side):
        lines = [sweeps[side](cell)[0] for cell in dots]
        with_dots, count = set(lines), nrows if side in ("top", "bottom") else ncols
        early_empty = sum(count - 1 - line for line in range(count) if line not in with_dots)
        return early_empty, sum(lines) / len(lines)

    place = sweeps[min(sides, key=cost)]
    return sorted(edges_of(puzzle.shape), key=lambda e: sorted((place(e[0]), place(e[1]))))
