"""generators.py: random boards made from a planted colouring.

Role. ``planted_puzzle(size, *, seed=0, ...)`` returns ``(Puzzle, Solution)``: a random graph, a
random colouring of its edges, and each node's counts read off that colouring, so the planted
colouring is always an answer. ``random_puzzle`` is its board. ``size`` is the number of nodes
(None: 8). ``graph="random"`` (the default) joins the nodes by a random spanning tree plus random
extra edges (about 1.4 edges per node, no node above degree 4); ``graph="cubic"`` makes a cubic
graph as three random perfect matchings, one per colour, so every node wants one of each: a
planted 3-edge-colouring (``size`` must then be even). The same seed gives the same board forever.

``generate(size, *, seed=0, tries=50)`` returns a board proven unique by search
(``solutions(puzzle, limit=2)`` finds one colouring) and its colouring, on a random graph. It draws
planted boards and repairs each: while the solver finds a second colouring T beside the planted S,
one edge that T colours differently (and whose loss keeps the graph in one piece) is removed and
its ends' counts lowered by S's colour: S keeps every rule and T now misses a count at both ends.
Measured (seeds 0-29): planted boards alone are unique 25/30 times on 6 nodes, 18/30 on 10
and 17/30 on 12; with the repair every seed's first draw ends unique from 4 to 24 nodes (at
most 3 edges removed, 0.3 on average), in about 0.02 s.
Cubic graphs with one edge of each colour at every node are never unique (swapping two colours
along any cycle that alternates them gives another colouring), so ``generate`` does not draw them.
"""

from __future__ import annotations

import math
import random

from ..core.errors import PuzzleError
from ..core.validate import check_choice, check_int
from .board import MAX_NODES, Puzzle, Solution, as_solution
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with

#: The usual board: 8 nodes.
DEFAULT_SIZE = 8
#: The colours of a generated board.
COLOURS = ("r", "g", "b")
GRAPHS = ("random", "cubic")
MAX_DEGREE = 4
#: Edges removed from one drawn board before the next draw (see ``generate``).
REPAIRS = 4


def _size(size) -> int:
    if size is None:
        return DEFAULT_SIZE
    if isinstance(size, tuple) and len(size) == 2 and size[0] == size[1]:
        size = size[0]  # an n x n size from a caller that measures boards by sides
    return check_int(size, "size: the number of nodes", 3, MAX_NODES)


def _positions(n: int) -> list[tuple[float, float]]:
    """n points on a circle of radius about n/3, rounded to 0.5: a layout the editor can click."""
    radius = max(2.0, n / 3)
    return [(round(2 * (radius + radius * math.sin(2 * math.pi * k / n))) / 2,
             round(2 * (radius - radius * math.cos(2 * math.pi * k / n))) / 2) for k in range(n)]


def _random_graph(n: int, rng: random.Random) -> list[tuple[int, int]]:
    order = list(range(n))
    rng.shuffle(order)
    degree = [0] * n
    edges = set()
    for k in range(1, n):  # a random tree: each node joins an earlier one with room
        a = order[k]
        b = rng.choice([v for v in order[:k] if degree[v] < MAX_DEGREE] or order[:k])
        edges.add((min(a, b), max(a, b)))
        degree[a] += 1
        degree[b] += 1
    for _ in range(20 * n):
        if len(edges) >= round(1.4 * n):
            break
        a, b = rng.sample(range(n), 2)
        if (min(a, b), max(a, b)) not in edges and degree[a] < MAX_DEGREE and degree[b] < MAX_DEGREE:
            edges.add((min(a, b), max(a, b)))
            degree[a] += 1
            degree[b] += 1
    return sorted(edges)


def _cubic_graph(n: int, rng: random.Random) -> tuple[list[tuple[int, int]], list[int]]:
    """Three disjoint random perfect matchings: the edges and each edge's matching (its colour)."""
    for _ in range(1000):
        used: set[tuple[int, int]] = set()
        edges, colours = [], []
        for colour in range(3):
            matching = _matching(n, used, rng)
            if matching is None:
                break
            used |= set(matching)
            edges += matching
            colours += [colour] * len(matching)
        else:
            return edges, colours
    raise PuzzleError(f"no cubic graph on {n} nodes was found")  # pragma: no cover


def _matching(n: int, used: set, rng: random.Random):
    nodes = list(range(n))
    for _ in range(200):
        rng.shuffle(nodes)
        pairs = [(min(a, b), max(a, b)) for a, b in zip(nodes[::2], nodes[1::2])]
        if not used & set(pairs):
            return pairs
    return None


def planted_puzzle(size=None, *, seed: int = 0, graph: str = "random") -> tuple[Puzzle, Solution]:
    """A random graph of ``size`` nodes, a random colouring and the counts read off it."""
    n = _size(size)
    seed = check_int(seed, "seed")  # a plain int (numpy ints are refused by random.Random)
    check_choice(graph, GRAPHS, "graph")
    rng = random.Random(seed)
    if graph == "cubic":
        if n % 2 or n < 4:
            raise PuzzleError(f"size: a cubic graph needs an even number of nodes, 4 or more, got {n}")
        edges, colour_of = _cubic_graph(n, rng)
    else:
        edges = _random_graph(n, rng)
        colour_of = [rng.randrange(len(COLOURS)) for _ in edges]
    names = [f"n{k}" for k in range(n)]
    counts = [[0] * len(COLOURS) for _ in range(n)]
    for (a, b), k in zip(edges, colour_of):
        counts[a][k] += 1
        counts[b][k] += 1
    nodes = [(names[v], x, y, counts[v]) for v, (x, y) in enumerate(_positions(n))]
    puzzle = Puzzle(COLOURS, nodes, [(names[a], names[b]) for a, b in edges])
    return puzzle, as_solution([COLOURS[k] for k in colour_of])


def random_puzzle(size=None, *, seed: int = 0, graph: str = "random") -> Puzzle:
    """A random board (see :func:`planted_puzzle`)."""
    return planted_puzzle(size, seed=seed, graph=graph)[0]


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             tries: int = 50) -> Generated:
    """A board with exactly one colouring, proven by search, and that colouring (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call): planted
    boards on random graphs (see :func:`planted_puzzle`) drawn and repaired until one is unique
    (PuzzleError after ``tries`` draws)."""
    n = _size(size)
    check_int(seed, "seed")  # a plain int (numpy ints are refused by random.Random)
    tries = check_int(tries, "tries", 1, 100_000)

    def make(seed: int, work: Work) -> Made:
        for draw in range(tries):
            work.check()
            puzzle, planted = planted_puzzle(n, seed=seed * 100_003 + draw)
            work.boards += 1
            rng = random.Random(seed * 100_003 + draw)
            for _ in range(REPAIRS + 1):
                found = work.second(puzzle)
                other = next((s for s in found if s != planted), None)
                if other is None:
                    return Made(puzzle, planted)
                cut = _edge_to_remove(puzzle, planted, other, rng)
                if cut is None:
                    break
                work.repairs += 1
                puzzle, planted = _without_edge(puzzle, planted, cut)
        raise PuzzleError(f"no unique board on {n} nodes in {tries} tries: allow more tries")

    return generate_with(__package__, n, seed, difficulty, time_limit, make, search="mip")


def _edge_to_remove(puzzle: Puzzle, keep: Solution, kill: Solution, rng: random.Random) -> int | None:
    """An edge coloured differently by ``kill`` and ``keep`` that is not a bridge (None: no such edge)."""
    edges = [e for e, (a, b) in enumerate(zip(keep.colours, kill.colours)) if a != b]
    rng.shuffle(edges)
    return next((e for e in edges if _connected(puzzle.edges[:e] + puzzle.edges[e + 1:], puzzle.names)), None)


def _connected(edges, names) -> bool:
    around = {v: [] for v in names}
    for a, b in edges:
        around[a].append(b)
        around[b].append(a)
    seen, stack = {names[0]}, [names[0]]
    while stack:
        for w in around[stack.pop()]:
            if w not in seen:
                seen.add(w)
                stack.append(w)
    return len(seen) == len(names)


def _without_edge(puzzle: Puzzle, planted: Solution, cut: int) -> tuple[Puzzle, Solution]:
    """The board and colouring without edge ``cut``, its ends' counts of its colour lowered by one."""
    a, b = puzzle.edges[cut]
    k = puzzle.colours.index(planted.colours[cut])
    nodes = [(v.name, v.x, v.y, [d - (i == k and v.name in (a, b)) for i, d in enumerate(v.demand)])
             for v in puzzle.nodes]
    edges = puzzle.edges[:cut] + puzzle.edges[cut + 1:]
    return Puzzle(puzzle.colours, nodes, edges), as_solution(planted.colours[:cut] + planted.colours[cut + 1:])
