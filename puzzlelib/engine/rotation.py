"""Turning square tiles by quarter turns: the machinery Match 22 and Infinity Loop share (chapter 9).

A tile has four sides, numbered as Hartmann numbers the segments of a Match 22 disk (seed 004,
section 4, Figure 3(c)): 0 top, 1 left, 2 bottom, 3 right, that is counterclockwise. A tile is
described by what each side shows, ``sides = (top, left, bottom, right)``: a colour for a disk, 0/1
("a connection leaves here") for an Infinity Loop tile.

A *left turn* turns the tile counterclockwise by 90 degrees, so after ``k`` left turns side ``h``
shows what side ``(h - k) mod 4`` showed before: Hartmann's ``d[i, (h - j) mod 4]``.

In a model, tile ``i`` gets one binary ``x[i, k]`` per number of turns ``k`` with exactly one of
them equal to 1 (Hartmann's (10)); what side ``h`` shows is then the linear expression
``sum_k d[i, (h - k) mod 4] x[i, k]`` (the left-hand sides of (11), (12), (14)-(17)).

Infinity Loop tiles are also written as 4-bit codes, as in Tatham's Net and the Puzzle Team "pipes"
task strings: 1 right, 2 up, 4 left, 8 down (also counterclockwise, from the right); see
:func:`code_sides` and :func:`turn_code`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import pulp

from .solver import Deadline, add_binary, value01

#: Side names, by Hartmann's segment number.
SIDES = ("top", "left", "bottom", "right")
TOP, LEFT, BOTTOM, RIGHT = range(4)
#: The step (dr, dc) from a cell to its neighbour beyond each side.
STEP = ((-1, 0), (0, -1), (1, 0), (0, 1))
#: The bit of each side in a 4-bit tile code (1 right, 2 up, 4 left, 8 down).
SIDE_BIT = (2, 4, 8, 1)


def opposite(side: int) -> int:
    """The side that faces ``side`` across an edge (top faces bottom, left faces right)."""
    return (side + 2) % 4


def neighbour(cell: tuple[int, int], side: int) -> tuple[int, int]:
    """The cell beyond ``side`` of ``cell`` (which may lie off the board)."""
    dr, dc = STEP[side]
    return cell[0] + dr, cell[1] + dc


def side_towards(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The side of cell ``a`` that touches the orthogonally adjacent cell ``b``."""
    step = (b[0] - a[0], b[1] - a[1])
    if step not in STEP:
        raise ValueError(f"cells {a} and {b} are not orthogonal neighbours")
    return STEP.index(step)


def turned(sides: Sequence, k: int) -> tuple:
    """What each side shows after ``k`` left turns: side h shows ``sides[(h - k) % 4]``."""
    return tuple(sides[(h - k) % 4] for h in range(4))


def distinct_turns(sides: Sequence) -> list[int]:
    """The turns 0..3 that give different pictures, the fewest turns of each picture.

    A tile showing the same on all four sides has one picture (``[0]``); a straight pipe or a disk
    coloured 1 2 1 2 has two (``[0, 1]``); any other tile four.
    """
    seen, turns = set(), []
    for k in range(4):
        picture = turned(sides, k)
        if picture not in seen:
            seen.add(picture)
            turns.append(k)
    return turns


def code_sides(code: int) -> tuple[int, int, int, int]:
    """A 4-bit tile code as 0/1 per side (top, left, bottom, right)."""
    return tuple(1 if code & SIDE_BIT[h] else 0 for h in range(4))


def sides_code(sides: Sequence[int]) -> int:
    """0/1 per side (top, left, bottom, right) as a 4-bit tile code."""
    return sum(SIDE_BIT[h] for h in range(4) if sides[h])


def turn_code(code: int, k: int) -> int:
    """The code of a tile after ``k`` left turns (the bits rotate: right becomes up, up left, ...)."""
    k %= 4
    return ((code << k) | (code >> (4 - k))) & 15


# -- the binaries of a model -------------------------------------------------------------------- #
def add_turn_variables(problem: pulp.LpProblem, tiles: Iterable[tuple[Hashable, str, Sequence[int]]],
                       deadline: Deadline | None = None):
    """One binary per tile and number of turns, with "exactly one number of turns" per tile.

    ``tiles`` yields ``(key, name, turns)``: the tile's key in the returned dict, an index-only
    name for PuLP (never a user's text), and the turns it may take (0..3, or the
    :func:`distinct_turns` of its sides). Returns ``{key: {k: x[key, k]}}``. A ``deadline``
    (:class:`~puzzlelib.engine.solver.Deadline`) stops a long build when the caller's time is spent.
    """
    x = {}
    for key, name, turns in tiles:
        if deadline is not None:
            deadline.check()
        x[key] = {k: add_binary(problem, f"x_{name}_{k}") for k in turns}
        problem += pulp.lpSum(x[key].values()) == 1, f"one_turn_{name}"
    return x


def side_expr(x_tile: dict[int, pulp.LpVariable], sides: Sequence[int], h: int) -> pulp.LpAffineExpression:
    """What side ``h`` of a tile shows, linear in its turn binaries: ``sum_k sides[(h-k)%4] x[k]``."""
    return pulp.lpSum(sides[(h - k) % 4] * var for k, var in x_tile.items() if sides[(h - k) % 4])


def turns_expr(x_tile: dict[int, pulp.LpVariable]) -> pulp.LpAffineExpression:
    """The number of left turns of a tile, ``sum_k k x[k]`` (Hartmann's objective term)."""
    return pulp.lpSum(k * var for k, var in x_tile.items() if k)


def chosen_turn(x_tile: dict[int, pulp.LpVariable]) -> int:
    """The number of turns a solved model picked for a tile."""
    for k, var in x_tile.items():
        if value01(var):
            return k
    raise ValueError("no turn variable of this tile is 1: the model was not solved")


def arc_consistent(turns: dict, arcs: dict, shows, deadline: Deadline | None = None) -> dict | None:
    """The turns each piece may still take when every side must match a turn of the neighbour across it.

    ``turns[p]``: the turns piece ``p`` may take (a set, changed in place); ``arcs[p]``: its neighbours
    as ``(other, my side, its side)``; ``shows[p][k][side]``: what ``p`` turned ``k`` shows on that side
    (a colour, or whether a pipe ends there). A turn is dropped when some neighbour has no turn that
    shows the same across the shared edge, and the neighbours of a changed piece are looked at again,
    until nothing changes (arc consistency: no answer is lost). Returns ``{p: sorted turns}``, or None
    when a piece has no turn left (then the board has no answer).
    """
    queue, waiting = sorted(turns), set(turns)
    while queue:
        if deadline is not None and len(queue) % 256 == 0:
            deadline.check()
        piece = queue.pop()
        waiting.discard(piece)
        for other, mine, theirs in arcs[piece]:
            seen = {shows[piece][k][mine] for k in turns[piece]}
            keep = {k for k in turns[other] if shows[other][k][theirs] in seen}
            if keep != turns[other]:
                if not keep:
                    return None
                turns[other] = keep
                if other not in waiting:
                    queue.append(other)
                    waiting.add(other)
    return {piece: sorted(ks) for piece, ks in turns.items()}
