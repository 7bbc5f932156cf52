"""drawing.py: the graph as a picture, in the look of the app (``draw`` returns a matplotlib Figure).

Role. ``draw(puzzle, solution=None, ax=None, ...)`` draws into ``ax`` when given (the editor, the
exercise checks' side-by-side pictures) or into a new figure. Nodes sit at their positions (x right,
y down, as the text format gives them), each with its name and its counts; edges are grey until
coloured. With a solution (or a partial colouring: None for an uncoloured edge) each edge takes its
colour and each node's ring turns green when its counts are kept, red when broken.
"""

from __future__ import annotations

import math

from matplotlib.patches import Circle

from ..core.interface import require
from ..display.drawing import BAD, GOOD, GRID, INK, MUTED, add_patches, check_axes, new_figure
from .board import Puzzle
from .rules import read_answer

#: Drawing colours of common colour names; other names take the palette in order.
NAMED = {"r": "#d32f2f", "red": "#d32f2f", "g": "#2e7d32", "green": "#2e7d32", "b": "#1565c0",
         "blue": "#1565c0", "y": "#f9a825", "yellow": "#f9a825", "o": "#ef6c00", "orange": "#ef6c00",
         "p": "#7b1fa2", "purple": "#7b1fa2", "k": "#2b2b2b", "black": "#2b2b2b"}
PALETTE = ("#d32f2f", "#2e7d32", "#1565c0", "#f9a825", "#7b1fa2", "#ef6c00", "#00838f", "#6d4c41",
           "#c2185b", "#455a64", "#9e9d24", "#5d4037")
NODE_RADIUS = 0.28


def colour_map(puzzle: Puzzle) -> dict[str, str]:
    """The drawing colour of each of the puzzle's colours."""
    return {c: NAMED.get(c.lower(), PALETTE[k % len(PALETTE)]) for k, c in enumerate(puzzle.colours)}


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None):
    """The graph with each node's counts; with a (partial) colouring, the edges in their colours
    and each node ringed green (counts kept) or red (broken). Returns the Figure."""
    require(puzzle, Puzzle, "draw")
    colours = None if solution is None else read_answer(puzzle, solution)
    return draw_graph(puzzle.colours, puzzle.nodes, puzzle.edges, colours, _rings(puzzle, colours), ax, title)


def draw_graph(colours, nodes, edges, colouring=None, rings=None, ax=None, title: str | None = None):
    """A graph from plain data (the editor's draft, valid or not): ``nodes`` as (name, x, y, counts)
    with counts in colour order, ``edges`` as name pairs, ``colouring`` a colour or None per edge."""
    xs = [n[1] for n in nodes] or [0.0]
    ys = [n[2] for n in nodes] or [0.0]
    if check_axes(ax) is None:
        width, height = max(xs) - min(xs) + 2, max(ys) - min(ys) + 2
        scale = min(0.9, 6.5 / max(width, height))
        ax = new_figure(width * scale + 0.2, height * scale + 0.2).add_axes((0.02, 0.02, 0.96, 0.96))
    ax.set_xlim(min(xs) - 1, max(xs) + 1)
    ax.set_ylim(max(ys) + 1, min(ys) - 1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    palette = {c: NAMED.get(c.lower(), PALETTE[k % len(PALETTE)]) for k, c in enumerate(colours)}
    where = {n[0]: (n[1], n[2]) for n in nodes}
    rings = rings or {}
    for e, (a, b) in enumerate(edges):
        if a not in where or b not in where:
            continue
        colour = None if colouring is None or e >= len(colouring) else colouring[e]
        (x0, y0), (x1, y1) = where[a], where[b]
        ax.plot([x0, x1], [y0, y1], color=palette.get(colour, MUTED) if colour else GRID,
                lw=4 if colour else 2, solid_capstyle="round", zorder=1,
                linestyle="-" if colour is None or colour in palette else ":")
    add_patches(ax, [Circle((n[1], n[2]), NODE_RADIUS) for n in nodes], 2, facecolor="white",
                edgecolor=[rings.get(n[0], INK) for n in nodes], linewidth=2)
    for name, x, y, demand in nodes:
        ax.text(x, y, name, ha="center", va="center", fontsize=8, color=INK, zorder=3)
        counts = [(c, d) for c, d in zip(colours, demand) if d]
        lx, ly = _label_spot(name, x, y, where, edges, len(counts))
        for k, (c, d) in enumerate(counts):
            ax.text(lx + 0.22 * (k - (len(counts) - 1) / 2), ly, str(d), ha="center",
                    va="center", fontsize=8, fontweight="bold", color=palette[c], zorder=3)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return ax.figure


def _label_spot(name, x: float, y: float, where: dict, edges, count: int) -> tuple[float, float]:
    """Where a node's row of ``count`` counts is centred: beside the node, at the one of 16 directions
    whose digits stay furthest from every edge and every other node (above right first among equals),
    so that no count sits on an edge."""
    segments = [(where[a], where[b]) for a, b in edges if a in where and b in where]
    others = [xy for other, xy in where.items() if other != name]
    best, spot = -1.0, (x, y)
    for k in range(16):
        angle = -math.pi / 4 + k * math.pi / 8
        cx = x + (NODE_RADIUS + 0.24) * math.cos(angle) + 0.11 * (count - 1) * max(0.0, math.cos(angle))
        cy = y + (NODE_RADIUS + 0.24) * math.sin(angle)
        digits = [(cx + 0.22 * (i - (count - 1) / 2), cy) for i in range(count)]
        clear = min([_to_segment(d, a, b) for d in digits for a, b in segments]
                    + [math.dist(d, o) - NODE_RADIUS for d in digits for o in others] + [1.0])
        if clear > best + 0.02:
            best, spot = clear, (cx, cy)
    return spot


def _to_segment(point, a, b) -> float:
    """The distance from ``point`` to the segment from ``a`` to ``b``."""
    (px, py), (ax_, ay), (bx, by) = point, a, b
    dx, dy = bx - ax_, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax_) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax_ - t * dx, py - ay - t * dy)


def _rings(puzzle: Puzzle, colours) -> dict[str, str]:
    """Each node's ring colour: green when its counts are kept, red when broken (none without a colouring)."""
    if colours is None:
        return {}
    incident = puzzle.incident()
    return {n.name: GOOD if all(sum(colours[e] == c for e in incident[n.name]) == d
                                for c, d in zip(puzzle.colours, n.demand)) else BAD
            for n in puzzle.nodes}
