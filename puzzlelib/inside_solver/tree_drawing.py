"""Drawing a branch-and-bound tree (chapter 10): one disc per node, coloured by why the search stopped.

Leaves are spread evenly from left to right in the order of the tree; a parent sits above the middle
of its children. Small trees get their LP values in the discs and the branching decisions on the
edges; large ones only the colours.
"""

from __future__ import annotations

from matplotlib.lines import Line2D

from ..display.drawing import BAD, BOARD, GOOD, INK, MUTED, new_figure

#: Why a node of the search ended, as the tree's legend says it (keys are node statuses).
REASONS = {
    "branched": "fractional: branched",
    "integral": "integral LP point",
    "infeasible": "pruned: LP infeasible",
    "bound": "pruned by bound",
    "limit": "left open (node limit)",
}

COLOURS = {"branched": BOARD, "integral": GOOD, "infeasible": BAD, "bound": "#b0aa9c", "limit": "#ffffff"}


def layout(nodes) -> dict[int, tuple[float, float]]:
    """(x, y) of every node: leaves at 0, 1, 2, ... in depth-first order, y = -depth. No recursion."""
    children: dict[int, list[int]] = {node.id: [] for node in nodes}
    for node in nodes:
        if node.parent is not None:
            children[node.parent].append(node.id)
    for kids in children.values():
        kids.sort(key=lambda k: _side(nodes[k]))
    depth = {node.id: node.depth for node in nodes}
    x: dict[int, float] = {}
    order, stack = [], [nodes[0].id] if nodes else []
    while stack:  # pre-order, children left (<=) to right (>=)
        k = stack.pop()
        order.append(k)
        stack.extend(reversed(children[k]))
    leaf = 0
    for k in order:
        if not children[k]:
            x[k] = float(leaf)
            leaf += 1
    for k in reversed(order):  # children before parents
        if children[k]:
            x[k] = sum(x[c] for c in children[k]) / len(children[k])
    return {k: (x[k], -float(depth[k])) for k in x}


def _side(node) -> int:
    return 0 if node.decisions and node.decisions[-1][1] == "<=" else 1


def _number(v) -> str:
    return "–" if v is None else f"{v:.4g}"


def draw_tree(result, ax=None, labels: bool | None = None, title: str | None = None):
    """Draw ``result.nodes``; returns the figure. ``labels`` defaults to on for trees of up to 31 nodes."""
    nodes = result.nodes
    pos = layout(nodes)
    labels = len(nodes) <= 31 if labels is None else labels
    width = max(x for x, _ in pos.values()) + 1 if pos else 1
    height = max(-y for _, y in pos.values()) + 1 if pos else 1
    if ax is None:
        fig = new_figure(min(max(4.5, 1.1 * width + 2), 13.0), min(max(2.6, 0.95 * height + 1.2), 9.0))
        ax = fig.add_subplot(1, 1, 1)
    fig = ax.figure
    size = 900 if labels else max(30, 300 - 2 * len(nodes))
    for node in nodes:
        if node.parent is not None:
            (x0, y0), (x1, y1) = pos[node.parent], pos[node.id]
            ax.plot([x0, x1], [y0, y1], color=MUTED, lw=1, zorder=1)
            if labels:
                name, op, bound = node.decisions[-1]
                ax.text((x0 + x1) / 2, (y0 + y1) / 2, f"{name} {'≤' if op == '<=' else '≥'} {bound}",
                        fontsize=9, ha="right" if op == "<=" else "left", va="center", color=INK)
    for status, colour in COLOURS.items():
        group = [node for node in nodes if node.status == status]
        if group:
            ax.scatter([pos[n.id][0] for n in group], [pos[n.id][1] for n in group], s=size, c=colour,
                       edgecolors=INK, linewidths=1, zorder=2)
    if labels:
        for node in nodes:
            x, y = pos[node.id]
            colour = "white" if node.status in ("integral", "infeasible") else INK
            ax.text(x, y, _number(node.value), fontsize=8.5, ha="center", va="center", color=colour, zorder=3)
    handles = [Line2D([], [], marker="o", ls="", markerfacecolor=COLOURS[s], markeredgecolor=INK, label=text)
               for s, text in REASONS.items() if any(n.status == s for n in nodes)]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=9, frameon=False)
    value = _number(result.value)
    ax.set_title(title or f"{len(nodes)} nodes, {result.status}, best value {value}", fontsize=11)
    ax.set_xlim(-0.8, width - 0.2)
    ax.set_ylim(-height + 0.5, 0.5)
    ax.axis("off")
    fig.tight_layout()
    return fig
