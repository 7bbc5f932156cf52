"""checks.py: the exercise check the chapter's student notebook calls (chapter 11, V3ck).

Role. The check runs the student's function on a battery of graphs (public ones, then the hidden
graphs a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per graph,
what is wrong, drawn. It needs no truth to judge a colouring (it checks properness itself); only an
answer of None is held against a solver-free backtracking colourer, which draws a right colouring;
that colourer answers the exercise, so it is refused while the student's function runs, and so are
chapter 13's colouring searches (``rd.edge_colourings`` colours any graph's edges with k colours).
The exercise asks for a model: a right answer from a call that solved no model (a search of the
student's own, the colourer copied, a None returned without trying) fails on that graph with
``no-model-solved``; a wrong one fails with its own fault (the solvers' calls are counted, not the
time; in a grader's sandbox, there).

Exercise 11.2 (edge colouring by V3ck): write ``edge_colouring(n, edges, k) -> list[int] | None``
for nodes 0..n-1 and a simple graph's edges (pairs of nodes): a colour 0..k-1 per edge, in the
order of ``edges``, with no two edges at a node of the same colour, or None when there is none.
V3ck asks for exact counts at each node; a proper colouring asks for at most one edge of each
colour, so the reduction needs care (a k-regular graph wants exactly one of each).
The graphs: K4, the prism and K3,3 (3 colours), the Petersen graph (no 3 colours), K5 (no 4
colours), odd and even cycles, a star K1,4 (3 and 4 colours) and small random graphs.
"""

from __future__ import annotations

import math
import numbers
import random
from typing import NamedTuple

from ..display.drawing import BAD, GOOD, side_by_side
from ..feedback.checks import Case, Failure, ForbiddenCall, MustSolve, forbidden, hidden_boards, run_check
from .drawing import draw_graph


class Graph(NamedTuple):
    """A case of Exercise 11.2: nodes 0..n-1, edges as pairs, k colours, and where to draw the nodes."""

    n: int
    edges: tuple[tuple[int, int], ...]
    k: int
    positions: tuple[tuple[float, float], ...] = ()


def circle(n: int, radius: float = 2.5) -> tuple[tuple[float, float], ...]:
    """n positions on a circle, node 0 at the top, clockwise."""
    return tuple((round(radius * math.sin(2 * math.pi * v / n), 3), round(-radius * math.cos(2 * math.pi * v / n), 3))
                 for v in range(n))


def cycle(n: int) -> tuple[tuple[int, int], ...]:
    return tuple((v, (v + 1) % n) for v in range(n))


#: The Petersen graph: outer 5-cycle 0..4, spokes to 5..9, inner pentagram (cubic, no 3-edge-colouring).
PETERSEN = tuple([(v, (v + 1) % 5) for v in range(5)] + [(v, v + 5) for v in range(5)]
                 + [(5 + v, 5 + (v + 2) % 5) for v in range(5)])
PETERSEN_AT = circle(5, 3.0) + circle(5, 1.4)
K4 = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
K5 = tuple((a, b) for a in range(5) for b in range(a + 1, 5))
PRISM = ((0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3), (0, 3), (1, 4), (2, 5))
K33 = tuple((a, b) for a in range(3) for b in range(3, 6))
K33_AT = ((-2.0, -1.5), (0.0, -1.5), (2.0, -1.5), (-2.0, 1.5), (0.0, 1.5), (2.0, 1.5))
#: An even cycle 0-1-...-5-0 listed so that colouring in list order with the smallest free colour
#: runs out of two colours (edges 0-1 and 3-4 first take the same colour).
C6_SHUFFLED = ((0, 1), (3, 4), (1, 2), (4, 5), (2, 3), (5, 0))
STAR = ((0, 1), (0, 2), (0, 3), (0, 4))
STAR_AT = ((0.0, 0.0), (0.0, -2.0), (2.0, 0.0), (0.0, 2.0), (-2.0, 0.0))


def random_graph(seed: int, n: int = 8, p: float = 0.45) -> Graph:
    """A random simple graph on n nodes (each pair joined with chance p), with k its largest degree."""
    rng = random.Random(seed)
    edges = tuple((a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p) or ((0, 1),)
    degree = [sum(v in e for e in edges) for v in range(n)]
    return Graph(n, edges, max(degree), circle(n))


def battery() -> list[tuple[str, Graph]]:
    """The graphs of Exercise 11.2, then any hidden ones."""
    graphs = [("K4 with 3 colours", Graph(4, K4, 3, ((0.0, -2.0), (-2.0, 1.5), (2.0, 1.5), (0.0, 0.3)))),
              ("the Petersen graph with 3 colours", Graph(10, PETERSEN, 3, PETERSEN_AT)),
              ("the prism with 3 colours", Graph(6, PRISM, 3, circle(3, 2.8) + circle(3, 1.2))),
              ("K3,3 with 3 colours", Graph(6, K33, 3, K33_AT)),
              ("K5 with 4 colours", Graph(5, K5, 4, circle(5))),
              ("a 5-cycle with 2 colours", Graph(5, cycle(5), 2, circle(5))),
              ("a 5-cycle with 3 colours", Graph(5, cycle(5), 3, circle(5))),
              ("a 6-cycle with 2 colours", Graph(6, C6_SHUFFLED, 2, circle(6))),
              ("the star K1,4 with 3 colours", Graph(5, STAR, 3, STAR_AT)),
              ("the star K1,4 with 4 colours", Graph(5, STAR, 4, STAR_AT))]
    graphs += [(f"random graph #{seed} ({len(g.edges)} edges, {g.k} colours)", g)
               for seed, g in ((seed, random_graph(seed)) for seed in (3, 4, 5))]
    return graphs + hidden_boards(lambda s: random_graph(s, n=9))


# --------------------------------------------------------------------------------------------- #
# The truth for an answer of None: a backtracking colourer
# --------------------------------------------------------------------------------------------- #
def colour_by_backtracking(graph: Graph) -> list[int] | None:
    """A proper colouring of ``graph`` with colours 0..k-1, or None when there is none (no solver).

    Edges are coloured in an order that keeps each next edge beside coloured ones; a colour is tried
    only up to one more than the largest used so far (the colours are interchangeable)."""
    order = _search_order(graph)
    used = [set() for _ in range(graph.n)]  # colours at each node
    colour = [-1] * len(graph.edges)

    def search(i: int, top: int) -> bool:
        if i == len(order):
            return True
        e = order[i]
        a, b = graph.edges[e]
        for c in range(min(graph.k, top + 2)):
            if c not in used[a] and c not in used[b]:
                used[a].add(c)
                used[b].add(c)
                colour[e] = c
                if search(i + 1, max(top, c)):
                    return True
                used[a].discard(c)
                used[b].discard(c)
        return False

    return colour if search(0, -1) else None


def _search_order(graph: Graph) -> list[int]:
    """The edges, each next one sharing the most nodes with those already taken (ties: list order)."""
    left, order, seen = list(range(len(graph.edges))), [], set()
    while left:
        e = max(left, key=lambda f: (sum(v in seen for v in graph.edges[f]), -f))
        left.remove(e)
        order.append(e)
        seen.update(graph.edges[e])
    return order


# --------------------------------------------------------------------------------------------- #
# The check
# --------------------------------------------------------------------------------------------- #
def picture(graph: Graph, colouring, title: str, bad_node: int | None = None):
    """The graph with its edges in their colours; ``bad_node`` ringed red, the other nodes green."""
    names = [str(c) for c in range(max([graph.k, *[c + 1 for c in colouring or () if isinstance(c, int)]]))]
    nodes = [(str(v), x, y, [0] * len(names)) for v, (x, y) in enumerate(graph.positions or circle(graph.n))]
    shown = None if colouring is None else [str(c) for c in colouring]
    rings = {} if bad_node is None else {str(v): BAD if v == bad_node else GOOD for v in range(graph.n)}
    edges = [(str(a), str(b)) for a, b in graph.edges]
    return side_by_side([lambda ax: draw_graph(names, nodes, edges, shown, rings, ax)], [title])


def _clash(graph: Graph, colours: list[int]):
    """The first node with two edges of one colour, as (node, edge, edge, colour), or None."""
    for v in range(graph.n):
        seen = {}
        for e, (a, b) in enumerate(graph.edges):
            if v in (a, b):
                if colours[e] in seen:
                    return v, seen[colours[e]], e, colours[e]
                seen[colours[e]] = e
    return None


def _edge(graph: Graph, e: int) -> str:
    a, b = graph.edges[e]
    return f"{a}-{b}"


#: The label of an answer that solved no model, as ForbiddenCall carries it back from a grader's sandbox.
NO_MODEL = "no-model:v3ck_checks"


def _asked(edge_colouring, graph: Graph) -> tuple[object, bool]:
    """The student's answer on ``graph`` and whether the call solved a model. A call that solved none is
    made again, without the count, for its answer (in a grader's sandbox the count is taken there and
    only its verdict comes back)."""
    args = (graph.n, [tuple(e) for e in graph.edges], graph.k)
    within = getattr(edge_colouring, "call_within", None)
    try:
        if callable(within):
            return within(MustSolve(NO_MODEL), *args), True
        with MustSolve.requiring(edge_colouring, NO_MODEL):
            answer = edge_colouring(*args)
        return answer, True
    except ForbiddenCall as exc:
        if exc.label != NO_MODEL:
            raise
    return edge_colouring(*args), False


def colouring_case(name: str, graph: Graph, edge_colouring) -> Case:
    def run():
        with forbidden(edge_colouring, oracles()):
            answer, solved = _asked(edge_colouring, graph)
        fault = _judge(graph, answer)
        if fault is None and not solved:
            return Failure("your answer is right, but your function solved no model: the exercise asks for an "
                           "integer program built on V3ck's (z[e, c] binaries, solved with solve_model), not a "
                           "search of your own", code="no-model-solved")
        return fault
    return Case(name, run)


def _judge(graph: Graph, answer) -> Failure | None:
    """None when ``answer`` is right for ``graph``; else what is wrong with it."""
    if answer is None:
        right = colour_by_backtracking(graph)
        if right is None:
            return None
        return Failure(f"you returned None, but {graph.k} colours are enough (a right colouring is drawn)",
                       lambda: picture(graph, right, f"a proper colouring with {graph.k} colours"),
                       code="none-but-colourable")
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)):
        return Failure(f"return a list with one colour per edge (or None), not {type(answer).__name__}",
                       code="wrong-return-type")
    if len(answer) != len(graph.edges):
        return Failure(f"{len(answer)} colours for {len(graph.edges)} edges: give one colour per edge, "
                       "in the order of edges", code="wrong-length")
    for e, c in enumerate(answer):
        if isinstance(c, bool) or not isinstance(c, numbers.Integral):
            return Failure(f"edge {_edge(graph, e)} has colour {c!r:.20}, which is not a whole number",
                           code="not-a-colour")
        if not 0 <= c < graph.k:
            return Failure(f"edge {_edge(graph, e)} has colour {c}; the colours are 0 to {graph.k - 1}",
                           code="colour-out-of-range")
    colours = [int(c) for c in answer]
    clash = _clash(graph, colours)
    if clash:
        v, e, f, c = clash
        return Failure(f"node {v}: edges {_edge(graph, e)} and {_edge(graph, f)} both have colour {c}",
                       lambda: picture(graph, colours, "your colouring", v), code="improper-colouring")
    return None


#: The check's own search: refused while the student's function runs (it answers the exercise).
ORACLES = {"v3ck_checks.colour_by_backtracking": colour_by_backtracking,
           "v3ck_checks._search_order": _search_order}


def oracles() -> dict:
    """``ORACLES`` and chapter 13's searches, which colour any graph's edges with k colours
    (``rd.edge_colourings``) or a V3ck board's (``rd.board_colourings``, ``growth.sat_colouring``)."""
    import importlib

    # named to be refused, not used: this layer does not depend on chapter 13's code (test_contract)
    growth = importlib.import_module("puzzlelib.complexity.growth")
    rd = importlib.import_module("puzzlelib.complexity.reductions")
    return {**ORACLES, "rd.edge_colourings": rd.edge_colourings, "rd.board_colourings": rd.board_colourings,
            "growth.sat_colouring": growth.sat_colouring}


def check_edge_colouring(edge_colouring):
    """Exercise 11.2: ``edge_colouring(n, edges, k)`` returns a proper colouring with colours 0..k-1,
    or None exactly when there is none."""
    cases = [colouring_case(name, graph, edge_colouring) for name, graph in battery()]
    return run_check("11.2", "the edge colouring", cases, unit="graph")
