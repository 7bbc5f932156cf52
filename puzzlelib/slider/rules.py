"""The rules of Slider, checked without a solver, and the solver-free oracles.

``verify`` replays a route slide by slide. Each rule is a named check with a code (pzprjs style),
so tests can pair every code with a route that breaks it. Breadth-first search (``bfs_*``) gives
the fewest moves; ``brute_force`` tries every sequence of slides on small boards and is the
independent oracle the tests hold the model and the search against.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from puzzlelib.core.interface import Fault, Rule, require
from puzzlelib.core.errors import PuzzleError
from puzzlelib.core.validate import MAX_CELLS, check_cell, check_optional_limit, check_sequence

from .board import DIRECTIONS, Cell, Puzzle, Solution, direction_of, move_graph, resting_points, slide

#: The rule checks, in the order check_rules runs them.
RULES = (
    Rule("empty", "the route has no cells"),
    Rule("wrong-start", "the route does not begin on the start cell"),
    Rule("not-a-slide", "two consecutive cells do not share a row or a column"),
    Rule("wrong-stop", "a slide does not stop where the route says"),
    Rule("off-target", "the route does not end on the target"),
    Rule("not-shortest", "a valid route uses more slides than necessary"),
)
#: brute_force tries every sequence of slides: only for boards of at most this many cells.
BRUTE_FORCE_CELLS = 36


def route_cells(puzzle: Puzzle, answer) -> list[Cell]:
    """The cells of ``answer`` (a Solution or a list of (row, col) pairs), each checked on the board."""
    require(puzzle, Puzzle, "route_cells")
    cells = answer.path if isinstance(answer, Solution) else answer
    cells = check_sequence(cells, "route", max_len=MAX_CELLS + 1)
    return [check_cell(cell, puzzle.shape, f"route: cell {k}") for k, cell in enumerate(cells)]


def check_rules(puzzle: Puzzle, answer, shortest: bool = True) -> list[Fault]:
    """Every broken rule of a route (a Solution or a list of cells) as a Fault (code, message, cells)."""
    require(puzzle, Puzzle, "check_rules")
    return list(_faults(route_cells(puzzle, answer), puzzle, shortest))


def _faults(cells, puzzle: Puzzle, shortest: bool) -> Iterator[Fault]:
    if not cells:
        yield Fault("empty", "the route is empty: it must start at the start cell", (puzzle.start,))
        return
    if cells[0] != puzzle.start:
        yield Fault("wrong-start", f"the route starts at {cells[0]}, not at the start {puzzle.start}", (cells[0],))
    valid = cells[0] == puzzle.start
    for k, (a, b) in enumerate(zip(cells, cells[1:]), 1):
        direction = direction_of(a, b)
        if direction is None:
            valid = False
            yield Fault("not-a-slide", f"slide {k}: {a} to {b} is not along a row or a column", (a, b))
            continue
        stop = slide(puzzle, a, direction)
        if stop != b:
            valid = False
            where = "cannot move" if stop == a else f"stops at {stop}"
            yield Fault("wrong-stop", f"slide {k}: sliding {direction} from {a} the block {where}, not at {b}",
                        (a, b))
    if cells[-1] != puzzle.target:
        yield Fault("off-target", f"the route ends at {cells[-1]}, not on the target {puzzle.target}",
                    (cells[-1],))
    elif valid and shortest:
        best = bfs_distances(puzzle).get(puzzle.target)
        if best is not None and len(cells) - 1 > best:
            yield Fault("not-shortest", f"the route uses {len(cells) - 1} slides; the fewest possible is {best}",
                        tuple(cells))


def verify(puzzle: Puzzle, answer, shortest: bool = True) -> list[str]:
    """Replay the slides of ``answer`` (a Solution or a list of cells); every broken rule in words.

    ``[]`` means the route is right. With ``shortest=True`` a valid route that uses more slides
    than necessary is reported too (the fewest number comes from breadth-first search, not from a
    solver). A malformed answer (not a list of (row, col) pairs of whole numbers on the board) is a
    PuzzleError.
    """
    require(puzzle, Puzzle, "verify")
    return [fault.message for fault in check_rules(puzzle, answer, shortest)]


# --------------------------------------------------------------------------------------------- #
# Breadth-first search: the fewest moves, the routes, and why there is none
# --------------------------------------------------------------------------------------------- #
def bfs_distances(puzzle: Puzzle, graph: dict | None = None) -> dict[Cell, int]:
    """Fewest moves from the start to every cell the block can rest on (the start itself: 0)."""
    graph = move_graph(require(puzzle, Puzzle, "bfs_distances")) if graph is None else graph
    dist = {puzzle.start: 0}
    queue = deque([puzzle.start])
    while queue:
        u = queue.popleft()
        for v in graph[u].values():
            if v not in dist:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def bfs_path(puzzle: Puzzle, graph: dict | None = None) -> list[Cell] | None:
    """A shortest route found by breadth-first search (None when the target cannot be reached)."""
    graph = move_graph(require(puzzle, Puzzle, "bfs_path")) if graph is None else graph
    parent: dict[Cell, Cell | None] = {puzzle.start: None}
    queue = deque([puzzle.start])
    while queue:
        u = queue.popleft()
        if u == puzzle.target:
            path = [u]
            while parent[path[-1]] is not None:
                path.append(parent[path[-1]])
            return path[::-1]
        for v in graph[u].values():
            if v not in parent:
                parent[v] = u
                queue.append(v)
    return None


def count_shortest_routes(puzzle: Puzzle, graph: dict | None = None) -> int:
    """How many different shortest routes there are (0 when the target cannot be reached)."""
    graph = move_graph(puzzle) if graph is None else graph
    dist = bfs_distances(puzzle, graph)
    if puzzle.target not in dist:
        return 0
    ways = {puzzle.start: 1}
    for u in sorted(dist, key=dist.get):
        if u == puzzle.target:
            continue
        for v in graph[u].values():
            if dist.get(v) == dist[u] + 1:
                ways[v] = ways.get(v, 0) + ways.get(u, 0)
    return ways.get(puzzle.target, 0)


def why_unreachable(puzzle: Puzzle, graph: dict | None = None) -> str | None:
    """Why no sequence of slides ends on the target, in words; None when one does."""
    graph = move_graph(puzzle) if graph is None else graph
    if not graph[puzzle.start]:
        return (f"every side of the start {puzzle.start} is an obstacle or the border, "
                "so the block cannot move at all")
    if puzzle.target not in resting_points(puzzle, graph):
        return (f"no slide ever stops on the target {puzzle.target}: a block stops only in front of an "
                "obstacle or the border, coming from a free cell on the other side, and the target "
                "has no such side, so the block can only pass over it")
    dist = bfs_distances(puzzle, graph)
    if puzzle.target in dist:
        return None
    return (f"the target {puzzle.target} is not reachable from the start {puzzle.start}: "
            f"the block can rest on only {len(dist) - 1} other cells from there, and the target is not one of them")


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Every shortest route (up to ``limit``), by trying all sequences of slides of length 1, 2, ...
    (small boards only).

    No move graph: each round extends every route found so far by each of the four slides
    (simulated cell by cell), dropping slides that end on a cell an earlier round already reached
    (a shortest route never does: it could have been there sooner). Returns ``[]`` when no route
    exists.
    """
    nrows, ncols = require(puzzle, Puzzle, "brute_force").shape
    limit = check_optional_limit(limit)
    if nrows * ncols > BRUTE_FORCE_CELLS:
        raise PuzzleError(f"brute_force tries every sequence of slides: boards of at most "
                          f"{BRUTE_FORCE_CELLS} cells, this one has {nrows * ncols}")
    routes, reached = [(puzzle.start,)], {puzzle.start}
    while routes:
        longer = []
        for route in routes:
            for direction in DIRECTIONS:
                stop = slide(puzzle, route[-1], direction)
                if stop not in reached:
                    longer.append(route + (stop,))
        reached |= {route[-1] for route in longer}
        done = [Solution(route) for route in longer if route[-1] == puzzle.target]
        if done:
            return sorted(done, key=lambda s: s.path)[:limit]
        routes = longer
    return []
