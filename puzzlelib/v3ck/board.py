"""board.py: the validated graph (``Puzzle``), its colouring (``Solution``) and the chapter's boards.

Role. ``Puzzle`` checks everything on construction and names the node, edge or colour at fault
(with the text's line in front when it was read from text), so nothing later needs to; it inherits
reading and writing from :class:`~puzzlelib.core.interface.PuzzleData` through ``FORMATS``.
``Solution`` holds one colour name per edge, in the puzzle's edge order. ``SEED_BOARD`` is the
chapter's board; ``PETERSEN`` the famous cubic graph with no 3-edge-colouring.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import check_int, check_lines, check_sequence
from . import formats
from .formats import KIND

#: The most nodes, edges and colours a board may have (the app's levels have a few dozen edges).
MAX_NODES, MAX_EDGES, MAX_COLOURS = 200, 1000, 12
#: Positions lie within +-MAX_POSITION and are kept to three decimals.
MAX_POSITION = 1000
#: A node or colour name: letters, digits and _ (so that the text format reads it back).
NAME = re.compile(r"[A-Za-z0-9_]{1,20}")

#: The chapter's board: a triangular prism (a cubic graph) whose counts are not all "one of each";
#: its one colouring is a-b r, b-c g, c-a b, a-d r, b-e r, c-f r, d-e g, e-f b, f-d g.
SEED_BOARD = """v3ck
colours r g b
node a 0 0 r=2 b=1
node b 4 0 r=2 g=1
node c 2 3 r=1 g=1 b=1
node d 1 1 r=1 g=2
node e 3 1 r=1 g=1 b=1
node f 2 2 r=1 g=1 b=1
edge a b
edge b c
edge c a
edge a d
edge b e
edge c f
edge d e
edge e f
edge f d
"""

#: The Petersen graph: cubic, and famously without a 3-edge-colouring (no Tait colouring).
PETERSEN = """v3ck
# the Petersen graph: every node wants one edge of each colour, and no colouring does it
colours r g b
node o0 3 0 r=1 g=1 b=1
node o1 5.853 2.073 r=1 g=1 b=1
node o2 4.763 5.427 r=1 g=1 b=1
node o3 1.237 5.427 r=1 g=1 b=1
node o4 0.147 2.073 r=1 g=1 b=1
node i0 3 1.5 r=1 g=1 b=1
node i1 4.427 2.536 r=1 g=1 b=1
node i2 3.882 4.214 r=1 g=1 b=1
node i3 2.118 4.214 r=1 g=1 b=1
node i4 1.573 2.536 r=1 g=1 b=1
edge o0 o1
edge o1 o2
edge o2 o3
edge o3 o4
edge o4 o0
edge o0 i0
edge o1 i1
edge o2 i2
edge o3 i3
edge o4 i4
edge i0 i2
edge i2 i4
edge i4 i1
edge i1 i3
edge i3 i0
"""


class Node(NamedTuple):
    """A node: its name, its position (x right, y down) and its count of each colour, in colour order."""

    name: str
    x: float
    y: float
    demand: tuple[int, ...]


@dataclass(frozen=True, init=False)
class Puzzle(PuzzleData):
    """A graph to colour: ``colours`` (names), ``nodes`` (Node tuples), ``edges`` (pairs of node names).

    ``nodes`` may also be given as ``(name, x, y, counts)`` with counts a mapping colour -> count
    (a colour left out: 0) or a sequence of counts in colour order. ``lines`` (what
    ``formats.read_text`` returns) puts the text's line number in front of a message.
    """

    colours: tuple[str, ...]
    nodes: tuple[Node, ...]
    edges: tuple[tuple[str, str], ...]

    FORMATS = formats.FORMATS

    def __init__(self, colours, nodes, edges, lines: Mapping | None = None):
        where = _Where(check_lines(lines))
        colours = _colours(colours, where)
        nodes = check_sequence(nodes, "nodes", 1, MAX_NODES)
        nodes = tuple(_node(v, k, colours, where) for k, v in enumerate(nodes))
        names = {}
        for k, node in enumerate(nodes):
            if node.name in names:
                raise PuzzleError(f"{where.node(k)}node {node.name} is listed twice")
            names[node.name] = k
        edges = check_sequence(edges, "edges", 0, MAX_EDGES)
        if not edges:
            raise PuzzleError("the graph needs at least one edge (an 'edge <a> <b>' line)")
        edges = _edges(edges, names, where)
        object.__setattr__(self, "colours", colours)
        object.__setattr__(self, "nodes", nodes)
        object.__setattr__(self, "edges", edges)
        degree = self.degrees()
        for k, node in enumerate(nodes):
            if sum(node.demand) != degree[node.name]:
                raise PuzzleError(f"{where.node(k)}node {node.name}: its counts add up to {sum(node.demand)}, "
                                  f"but it has {degree[node.name]} edge{'s' if degree[node.name] != 1 else ''}")

    # -- derived facts --------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(node.name for node in self.nodes)

    def node(self, name: str) -> Node:
        return next(node for node in self.nodes if node.name == name)

    def degrees(self) -> dict[str, int]:
        degree = {node.name: 0 for node in self.nodes}
        for a, b in self.edges:
            degree[a] += 1
            degree[b] += 1
        return degree

    def incident(self) -> dict[str, list[int]]:
        """For each node, the indices of its edges."""
        found = {node.name: [] for node in self.nodes}
        for e, (a, b) in enumerate(self.edges):
            found[a].append(e)
            found[b].append(e)
        return found

    def demand(self, name: str, colour: str) -> int:
        """How many of node ``name``'s edges must have ``colour``."""
        return self.node(name).demand[self.colours.index(colour)]

    def shape(self) -> tuple[int, int]:
        """(rows, cols) of the drawing's extent: the largest y and x plus one (for the editor's clicks)."""
        return (int(max(n.y for n in self.nodes)) + 1, int(max(n.x for n in self.nodes)) + 1)

    def __hash__(self) -> int:
        return hash((self.colours, self.nodes, self.edges))

    def __repr__(self) -> str:
        return f"<{KIND} Puzzle {len(self.nodes)} nodes, {len(self.edges)} edges, {len(self.colours)} colours>"


class _Where:
    """The prefix ``line N: `` of a message, when the board was read from text."""

    def __init__(self, lines):
        self.lines = lines if isinstance(lines, Mapping) else {}

    def _at(self, key, k=None) -> str:
        found = self.lines.get(key)
        if k is not None:
            found = found[k] if isinstance(found, Sequence) and k < len(found) else None
        return f"line {found}: " if isinstance(found, int) else ""

    def colours(self) -> str:
        return self._at("colours")

    def node(self, k: int) -> str:
        return self._at("nodes", k)

    def edge(self, k: int) -> str:
        return self._at("edges", k)


def _name(value, where: str) -> str:
    if not isinstance(value, str) or not NAME.fullmatch(value):
        shown = repr(value)[:30]
        raise PuzzleError(f"{where}: {shown} is not a name (1 to 20 letters, digits or _)")
    return value


def _colours(colours, where: _Where) -> tuple[str, ...]:
    colours = check_sequence(colours, f"{where.colours()}colours", 1, MAX_COLOURS)
    out = tuple(_name(c, f"{where.colours()}colour #{k + 1}") for k, c in enumerate(colours))
    if len(set(out)) != len(out):
        twice = next(c for c in out if out.count(c) > 1)
        raise PuzzleError(f"{where.colours()}colour {twice} is listed twice")
    return out


def _position(value, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise PuzzleError(f"{where}: expected a finite number, got {repr(value)[:30]}")
    if abs(value) > MAX_POSITION:
        raise PuzzleError(f"{where}: {value} is beyond +-{MAX_POSITION}")
    return round(float(value), 3) + 0.0  # + 0.0: no -0.0


def _node(value, k: int, colours: tuple[str, ...], where: _Where) -> Node:
    at = where.node(k)
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or len(value) != 4:
        raise PuzzleError(f"{at}node #{k + 1}: expected (name, x, y, counts), got {repr(value)[:40]}")
    name = _name(value[0], f"{at}node #{k + 1}")
    x = _position(value[1], f"{at}node {name}: x")
    y = _position(value[2], f"{at}node {name}: y")
    counts = value[3]
    if isinstance(counts, Mapping):
        unknown = [c for c in counts if c not in colours]
        if unknown:
            raise PuzzleError(f"{at}node {name}: {str(unknown[0])[:20]!r} is not one of the colours "
                              f"{' '.join(colours)}")
        counts = [counts.get(c, 0) for c in colours]
    else:
        counts = check_sequence(counts, f"{at}node {name}: counts")
        if len(counts) != len(colours):
            raise PuzzleError(f"{at}node {name}: {len(counts)} counts for {len(colours)} colours")
    demand = tuple(check_int(n, f"{at}node {name}: the count of colour {c}", 0, MAX_EDGES)
                   for c, n in zip(colours, counts))
    return Node(name, x, y, demand)


def _edges(edges, names: dict, where: _Where) -> tuple[tuple[str, str], ...]:
    out, seen = [], set()
    for k, edge in enumerate(edges):
        at = where.edge(k)
        if isinstance(edge, (str, bytes)) or not isinstance(edge, Sequence) or len(edge) != 2:
            raise PuzzleError(f"{at}edge #{k + 1}: expected a pair of node names, got {repr(edge)[:40]}")
        a, b = (_name(v, f"{at}edge #{k + 1}") for v in edge)
        for v in (a, b):
            if v not in names:
                raise PuzzleError(f"{at}edge {a}-{b}: there is no node {v}")
        if a == b:
            raise PuzzleError(f"{at}edge {a}-{b}: an edge joins two different nodes (no loops)")
        if frozenset((a, b)) in seen:
            raise PuzzleError(f"{at}edge {a}-{b}: the nodes are already joined (no double edges)")
        seen.add(frozenset((a, b)))
        out.append((a, b))
    return tuple(out)


@dataclass(frozen=True)
class Solution:
    """A colouring: ``colours[e]`` is the colour name of edge e (the puzzle's edge order)."""

    colours: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.colours)


def as_solution(colours: Sequence[str]) -> Solution:
    return Solution(tuple(colours))


def interchangeable(puzzle: Puzzle) -> bool:
    """True when every node wants the same count of every colour, so colours can be permuted freely."""
    return all(len(set(node.demand)) == 1 for node in puzzle.nodes)


def symmetry_fix(puzzle: Puzzle) -> dict[int, str]:
    """Colours that may be fixed without losing an answer up to renaming the colours: when the
    colours are interchangeable and some node wants exactly one edge of each, its edges (in edge
    order) take the colours in order. Otherwise nothing is fixed (an empty dict)."""
    if len(puzzle.colours) < 2 or not interchangeable(puzzle):
        return {}
    incident = puzzle.incident()
    for node in puzzle.nodes:
        if all(n == 1 for n in node.demand):
            return dict(zip(incident[node.name], puzzle.colours))
    return {}
