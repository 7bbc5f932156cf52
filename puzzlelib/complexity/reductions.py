"""A reduction shown on boards (chapter 13): 3-edge-colouring of a cubic graph to V3ck, and back.

The problem we reduce FROM. A graph has nodes ``0 .. n-1`` and edges, each a pair of node numbers
(no loops, no edge twice). A *3-edge-colouring* gives every edge one of three colours so that the
edges meeting at a node all differ. On a *cubic* graph (every node has three edges) each node then
sees each colour exactly once. Deciding whether a cubic graph has such a colouring is NP-complete
(Holyer, "The NP-completeness of edge-coloring", SIAM J. Computing 10(4):718-720, 1981).

The reduction. ``cubic_to_v3ck(n, edges)`` writes the same graph as a V3ck board (chapter 11): node
``i`` becomes the board's node ``v{i}``, every edge an edge, and every node wants one edge of each of
the colours ``r g b``. It takes time linear in the size of the graph, and a board's colouring is a
graph's colouring and the other way round, so a fast V3ck solver would decide 3-edge-colouring
fast: V3ck is NP-hard. ``colouring_from_v3ck`` maps a board's answer back, and ``is_edge_colouring``
checks it on the graph without any solver.

The truth without a solver. ``edge_colourings(n, edges)`` backtracks over the edges in their order,
trying at each the colours not yet used at its two ends, and counts the nodes of its search tree:
the deterministic measure of work that chapter 13 plots against the size of the graph.

Graphs: ``K4`` (colourable), ``petersen()`` (the smallest cubic graph with no colouring),
``flower_snark(k)`` (Isaacs 1975: 4k nodes, no colouring when k is odd; colourable when k is even),
``prism(k)`` (two k-cycles joined rung by rung, colourable), ``graph_of(puzzle)`` (a V3ck board's
graph).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import require
from ..core.validate import check_int, check_optional_int, check_sequence
from .. import v3ck

#: The three colours of the boards this module writes, in the order of colour numbers 0, 1, 2.
COLOURS = ("r", "g", "b")
#: Graphs larger than this are refused (the backtracking search is for small graphs).
MAX_NODES = 200

#: K4, the complete graph on four nodes: cubic, with three colourings up to renaming the colours.
K4 = (4, ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)))


def check_graph(n, edges) -> tuple[int, tuple[tuple[int, int], ...]]:
    """``(n, edges)`` validated: node numbers ``0..n-1``, no loop, no edge twice (PuzzleError naming it)."""
    n = check_int(n, "n", 1, MAX_NODES)
    edges = check_sequence(edges, "edges", 1, 3 * MAX_NODES)
    seen, out = set(), []
    for k, edge in enumerate(edges):
        where = f"edge #{k} {edge!r}"[:60]
        if not isinstance(edge, (tuple, list)) or len(edge) != 2:
            raise PuzzleError(f"{where}: expected a pair of node numbers")
        a, b = (check_int(v, where, 0, n - 1) for v in edge)
        if a == b:
            raise PuzzleError(f"{where}: a loop (a node joined to itself)")
        if frozenset((a, b)) in seen:
            raise PuzzleError(f"{where}: this edge is listed twice")
        seen.add(frozenset((a, b)))
        out.append((a, b))
    return n, tuple(out)


def degrees(n: int, edges) -> list[int]:
    """How many edges meet at each node (the graph checked first: a node out of range is named)."""
    n, edges = check_graph(n, edges)
    found = [0] * n
    for a, b in edges:
        found[a] += 1
        found[b] += 1
    return found


def circle(n: int) -> list[tuple[float, float]]:
    """Positions on a circle for drawing a graph of ``n`` nodes (x right, y down)."""
    n = check_int(n, "n", 1, MAX_NODES)
    radius = max(2.0, n / 3)
    return [(round(radius + radius * math.sin(2 * math.pi * i / n), 3),
             round(radius - radius * math.cos(2 * math.pi * i / n), 3)) for i in range(n)]


# BEGIN cubic_to_v3ck
def cubic_to_v3ck(n, edges, positions=None) -> v3ck.Puzzle:
    """The V3ck board of a cubic graph: node i is ``v{i}``, and every node wants one r, one g, one b."""
    n, edges = check_graph(n, edges)
    for node, degree in enumerate(degrees(n, edges)):
        if degree != 3:
            raise PuzzleError(f"node {node} has {degree} edges; a cubic graph has 3 at every node")
    where = circle(n) if positions is None else positions
    nodes = [(f"v{i}", *where[i], {"r": 1, "g": 1, "b": 1}) for i in range(n)]
    return v3ck.Puzzle(COLOURS, nodes, [(f"v{a}", f"v{b}") for a, b in edges])
# END cubic_to_v3ck


# BEGIN colouring_from_v3ck
def colouring_from_v3ck(n, edges, puzzle: v3ck.Puzzle, solution) -> list[int]:
    """A board's colouring read back on the graph: the colour number (0, 1, 2) of each edge, in order.

    The board must hold every edge of the graph between the nodes ``v{i}`` (it may hold more)."""
    n, edges = check_graph(n, edges)
    require(puzzle, v3ck.Puzzle, "colouring_from_v3ck")
    colours = v3ck.rules.read_answer(puzzle, solution)
    on_board = {frozenset(edge): colour for edge, colour in zip(puzzle.edges, colours)}
    back = []
    for a, b in edges:
        colour = on_board.get(frozenset((f"v{a}", f"v{b}")))
        if colour is None:
            raise PuzzleError(f"edge {a}-{b} of the graph has no coloured edge v{a}-v{b} on the board")
        back.append(puzzle.colours.index(colour))
    return back
# END colouring_from_v3ck


def is_edge_colouring(n, edges, colouring, k: int = 3) -> list[str]:
    """What is wrong with ``colouring`` (a colour number in ``0..k-1`` per edge) on the graph ([]: nothing)."""
    n, edges = check_graph(n, edges)
    k = check_int(k, "k", 1, 3 * MAX_NODES)
    colouring = check_sequence(colouring, "colouring")
    if len(colouring) != len(edges):
        return [f"{len(colouring)} colours for {len(edges)} edges"]
    problems = [f"edge {a}-{b} has colour {c!r}, not one of 0..{k - 1}"
                for (a, b), c in zip(edges, colouring) if c not in range(k)]
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    for (a, b), c in zip(edges, colouring):
        for node in (a, b):
            if (node, c) in seen:
                problems.append(f"node {node} has two edges of colour {c}: {seen[node, c]} and {(a, b)}")
            seen[node, c] = (a, b)
    return problems


@dataclass(frozen=True)
class Search:
    """What :func:`edge_colourings` found: the colourings (a colour number per edge) and its work."""

    colourings: tuple[tuple[int, ...], ...]
    nodes: int  # nodes of the search tree: partial colourings tried, the empty one included
    complete: bool  # False when the node budget ran out before the search ended


def edge_colourings(n, edges, k: int = 3, limit: int | None = None, budget: int | None = None) -> Search:
    """Every k-edge-colouring (up to ``limit``) by backtracking over the edges in their order: no solver.

    At each edge it tries the colours not yet used at either end, smallest first. ``budget`` caps the
    nodes of the search tree (then ``complete`` is False)."""
    n, edges = check_graph(n, edges)
    k, limit, budget = _search_arguments(k, limit, budget)
    return _colour_edges(edges, [[1] * k for _ in range(n)], limit, budget)  # each colour once per node


def board_colourings(puzzle: v3ck.Puzzle, limit: int | None = None, budget: int | None = None) -> Search:
    """Every colouring of a V3ck board (up to ``limit``) by backtracking over its edges: no solver and no
    limit on the edges (unlike ``v3ck.brute_force``); ``budget`` caps the nodes of the search tree.
    Colourings are given as colour numbers, in the board's colour order."""
    if not isinstance(puzzle, v3ck.Puzzle):
        raise PuzzleError(f"board_colourings: expected a V3ck Puzzle, got {type(puzzle).__name__}")
    _, limit, budget = _search_arguments(3, limit, budget)
    index = {name: i for i, name in enumerate(puzzle.names)}
    ends = [(index[a], index[b]) for a, b in puzzle.edges]
    return _colour_edges(ends, [list(node.demand) for node in puzzle.nodes], limit, budget)


def _search_arguments(k, limit, budget) -> tuple[int, int | None, int | None]:
    """A search's k (colours), limit (colourings) and budget (nodes), checked: whole numbers from 1."""
    return (check_int(k, "k", 1, 3 * MAX_NODES), check_optional_int(limit, "limit", 1),
            check_optional_int(budget, "budget", 1))


def _colour_edges(ends, left, limit: int | None, budget: int | None) -> Search:
    """The backtracking of both searches: edge e takes a colour c while both its ends still have some of
    c ``left`` (a count per node and colour, used up as edges take it), smallest colour first."""
    k = len(left[0]) if left else 0
    colour_of = [0] * len(ends)
    found: list[tuple[int, ...]] = []
    nodes = 0

    def search(e: int) -> bool:
        """Colour edges e, e+1, ...; True when the search must stop (limit or budget)."""
        nonlocal nodes
        nodes += 1
        if budget is not None and nodes >= budget:
            return True
        if e == len(ends):
            found.append(tuple(colour_of))
            return limit is not None and len(found) >= limit
        a, b = ends[e]
        for c in range(k):
            if left[a][c] and left[b][c]:
                left[a][c] -= 1
                left[b][c] -= 1
                colour_of[e] = c
                stop = search(e + 1)
                left[a][c] += 1
                left[b][c] += 1
                if stop:
                    return True
        return False

    stopped = search(0)
    return Search(tuple(found), nodes, not (stopped and budget is not None and nodes >= budget))


# --------------------------------------------------------------------------------------------- #
# Graphs
# --------------------------------------------------------------------------------------------- #
def petersen() -> tuple[int, tuple[tuple[int, int], ...]]:
    """The Petersen graph: an outer 5-cycle 0-4, spokes to 5-9, an inner pentagram. No 3-edge-colouring."""
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return 10, tuple(outer + spokes + inner)


def flower_snark(k) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The flower graph J_k (Isaacs 1975): 4k nodes, 6k edges, cubic.

    For i = 0..k-1 a star from a_i (node i) to b_i, c_i, d_i (nodes k+i, 2k+i, 3k+i); the b_i form a
    k-cycle; the c_i and d_i together one 2k-cycle c_0 .. c_{k-1} d_0 .. d_{k-1}. For odd k it has no
    3-edge-colouring (J_3 is Tietze's graph; J_5 and up are snarks); for even k it has one."""
    k = check_int(k, "k", 3, MAX_NODES // 4)
    a, b, c, d = (lambda i: i, lambda i: k + i, lambda i: 2 * k + i, lambda i: 3 * k + i)
    cycle = [c(i) for i in range(k)] + [d(i) for i in range(k)]
    edges = []
    for i in range(k):  # edge by edge around the flower, so that a search meets each star's edges together
        edges += [(a(i), b(i)), (a(i), c(i)), (a(i), d(i)), (b(i), b((i + 1) % k))]
        edges += [(cycle[i], cycle[i + 1]), (cycle[k + i], cycle[(k + i + 1) % (2 * k)])]
    return 4 * k, tuple(edges)


def prism(k) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The prism over a k-cycle: two k-cycles (nodes 0..k-1 and k..2k-1) joined rung by rung. Colourable."""
    k = check_int(k, "k", 3, MAX_NODES // 2)
    edges = [(i, (i + 1) % k) for i in range(k)] + [(k + i, k + (i + 1) % k) for i in range(k)]
    return 2 * k, tuple(edges + [(i, k + i) for i in range(k)])


def graph_of(puzzle: v3ck.Puzzle) -> tuple[int, tuple[tuple[int, int], ...]]:
    """A V3ck board's graph, its nodes numbered in the board's order."""
    require(puzzle, v3ck.Puzzle, "graph_of")
    index = {name: i for i, name in enumerate(puzzle.names)}
    return len(puzzle.nodes), tuple((index[a], index[b]) for a, b in puzzle.edges)


def positions_of(puzzle: v3ck.Puzzle) -> list[tuple[float, float]]:
    """A board's node positions, in node order (to draw a graph as the board does)."""
    require(puzzle, v3ck.Puzzle, "positions_of")
    return [(node.x, node.y) for node in puzzle.nodes]


__all__ = ["COLOURS", "K4", "check_graph", "degrees", "circle", "cubic_to_v3ck", "colouring_from_v3ck",
           "is_edge_colouring", "Search", "edge_colourings", "board_colourings", "petersen", "flower_snark", "prism", "graph_of",
           "positions_of"]
