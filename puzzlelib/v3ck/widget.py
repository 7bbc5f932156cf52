"""widget.py: the live V3ck editor (imports ipywidgets; ``__init__.editor`` loads it only when called).

Click modes (the buttons above the message line):

- **Colour edge**: click an edge to cycle its colour (none -> each colour in turn -> none; a right
  click goes backwards). This is the game: each node's ring turns green when its counts are met.
- **Add**: click an empty spot to add a node there; click a node, then another, to join them by an
  edge (or to remove the edge that joins them).
- **Remove**: click a node (with its edges) or an edge to delete it.

**Counts from colouring** sets every node's counts to the colours of its edges as they are now: draw a
graph, colour it, press it, and the colouring is an answer of the new puzzle (a planted one). Until
the counts add up to each node's degree the draft is not a valid puzzle, and the message line says
which node is off. The base class gives Solve, Check uniqueness, Load/Save and the time limit.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

from ..core.errors import PuzzleError
from ..display.editor import BoardEditor
from .board import KIND, SEED_BOARD, Puzzle
from .drawing import draw_graph
from .rules import check_rules
from .solving import solutions, solve

#: What BoardEditor needs of the puzzle: its kind, its Puzzle class, solve and solutions.
PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)
COLOUR, ADD, REMOVE = "Colour edge", "Add", "Remove"
#: How close (in position units) a click must be to a node, or to an edge, to hit it.
NODE_HIT, EDGE_HIT = 0.4, 0.25


class V3ckEditor(BoardEditor):
    module = PUZZLE_MODULE
    modes = (COLOUR, ADD, REMOVE)

    def __init__(self, puzzle: Puzzle | None = None):
        self.colours: list[str] = ["r", "g", "b"]
        self.nodes: list[list] = []      # [name, x, y, [count per colour]]
        self.edges: list[tuple[str, str]] = []
        self.colouring: list[str | None] = []
        self.picked: str | None = None   # the first node of an edge being added
        super().__init__(figsize=5.5)
        self.set_puzzle(puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_text(SEED_BOARD))
        self._explain_draft()
        self.redraw()

    def extra_controls(self):
        return [self._button("Counts from colouring", lambda *_: self._guard(self._counts_from_colouring,
                                                                              clear=True))]

    # -- hooks ----------------------------------------------------------------------------------
    def shape(self):
        xs = [n[1] for n in self.nodes] or [0]
        ys = [n[2] for n in self.nodes] or [0]
        return int(max(0, max(ys))) + 1, int(max(0, max(xs))) + 1

    def current_puzzle(self) -> Puzzle:
        return Puzzle(self.colours, [tuple(n) for n in self.nodes], self.edges)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.colours = list(puzzle.colours)
        self.nodes = [[n.name, n.x, n.y, list(n.demand)] for n in puzzle.nodes]
        self.edges = list(puzzle.edges)
        self.colouring = [None] * len(self.edges)
        self.picked = None

    def on_click(self, x, y, button):
        if x is None or y is None:
            return
        node, edge = self.node_at(x, y), self.edge_at(x, y)
        mode = self.mode.value
        if mode == COLOUR:
            if edge is None:
                raise PuzzleError("click on an edge to colour it")
            cycle = [None, *self.colours]
            step = 1 if button == 1 else -1
            here = self.colouring[edge] if self.colouring[edge] in cycle else None
            self.colouring[edge] = cycle[(cycle.index(here) + step) % len(cycle)]
        elif mode == ADD:
            self._add(node, x, y)
        elif node is not None:
            self._remove_node(node)
        elif edge is not None:
            del self.edges[edge], self.colouring[edge]
        else:
            raise PuzzleError("click on a node or an edge to remove it")

    def draw_draft(self, ax):
        if self.solution is not None:
            colouring = list(self.solution.colours)
        else:
            colouring = self.colouring
        rings = {}
        try:
            puzzle = self.current_puzzle()
        except PuzzleError:
            puzzle = None
        if puzzle is not None and any(colouring):
            incident = puzzle.incident()
            rings = {n.name: "#2e7d32" if all(sum(colouring[e] == c for e in incident[n.name]) == d
                                              for c, d in zip(puzzle.colours, n.demand)) else "#c62828"
                     for n in puzzle.nodes}
        if self.picked is not None:
            rings[self.picked] = "#f9a825"
        draw_graph(self.colours, [tuple(n) for n in self.nodes], self.edges, colouring, rings, ax=ax)

    def describe_solution(self, solution) -> str:
        return f"Solved: {len(solution.colours)} edges coloured, every node has its counts."

    def _explain_draft(self) -> None:
        try:
            puzzle = self.current_puzzle()
        except PuzzleError as exc:
            self.say(f"Not a valid puzzle yet: {exc}", "info")
            return
        done = sum(c is not None for c in self.colouring)
        if not done:
            self.say("Valid puzzle: press Solve, or click an edge to colour it.", "info")
            return
        off = {f.cells[0] for f in check_rules(puzzle, self.colouring) if f.code == "node-count"}
        if done == len(self.edges) and not off:
            self.say("Solved by hand: every node has its counts.", "good")
        else:
            self.say(f"{done} of {len(self.edges)} edges coloured; {len(self.nodes) - len(off)} of "
                     f"{len(self.nodes)} nodes have their counts.", "info")

    # -- finding what was clicked ---------------------------------------------------------------
    def node_at(self, x, y) -> str | None:
        best, dist = None, NODE_HIT
        for name, nx, ny, _ in self.nodes:
            d = math.hypot(nx - x, ny - y)
            if d < dist:
                best, dist = name, d
        return best

    def edge_at(self, x, y) -> int | None:
        where = {n[0]: (n[1], n[2]) for n in self.nodes}
        best, dist = None, EDGE_HIT
        for e, (a, b) in enumerate(self.edges):
            d = _segment_distance((x, y), where[a], where[b])
            if d < dist:
                best, dist = e, d
        return best

    # -- editing --------------------------------------------------------------------------------
    def _add(self, node: str | None, x: float, y: float) -> None:
        if node is None:
            if len(self.nodes) >= 200:
                raise PuzzleError("a board has at most 200 nodes")
            self.nodes.append([self._free_name(), round(2 * x) / 2, round(2 * y) / 2, [0] * len(self.colours)])
            self.picked = None
            return
        if self.picked is None or self.picked == node:
            self.picked = None if self.picked == node else node
            return
        pair = {self.picked, node}
        for e, edge in enumerate(self.edges):
            if set(edge) == pair:
                del self.edges[e], self.colouring[e]
                break
        else:
            self.edges.append((self.picked, node))
            self.colouring.append(None)
        self.picked = None

    def _remove_node(self, name: str) -> None:
        keep = [e for e, edge in enumerate(self.edges) if name not in edge]
        self.edges = [self.edges[e] for e in keep]
        self.colouring = [self.colouring[e] for e in keep]
        self.nodes = [n for n in self.nodes if n[0] != name]
        self.picked = None

    def _counts_from_colouring(self) -> None:
        if any(c is None for c in self.colouring):
            raise PuzzleError("colour every edge first: the counts are read off the colouring")
        counts = {n[0]: [0] * len(self.colours) for n in self.nodes}
        for (a, b), colour in zip(self.edges, self.colouring):
            k = self.colours.index(colour)
            counts[a][k] += 1
            counts[b][k] += 1
        for n in self.nodes:
            n[3] = counts[n[0]]

    def _free_name(self) -> str:
        used = {n[0] for n in self.nodes}
        k = len(used)
        while f"n{k}" in used:
            k += 1
        return f"n{k}"


def _segment_distance(p, a, b) -> float:
    """The distance from point p to the segment a-b."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)
