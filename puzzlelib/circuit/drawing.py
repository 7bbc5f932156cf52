"""Pictures of a circuit in the app's look: switches at the bottom, gates by depth, lamps on top."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from ..display.drawing import INK, MUTED, check_axes, new_figure
from ..core.errors import PuzzleError
from ..core.interface import require
from .board import Puzzle
from .rules import answer_setting


ON, OFF = "#f9a825", "#b0bec5"          # wires and switches: amber when on, grey when off
LAMP_ON, LAMP_OFF = "#ffeb3b", "#455a64"
GATE_FACE, GATE_EDGE, FLIP = "#fffdf7", "#5d4037", "#1565c0"


def layout(puzzle: Puzzle) -> dict[str, tuple[float, float]]:
    """(x, y) of every node: switches at y = 0 in their given order, gates one row per depth.

    Within a row, gates are ordered by the mean position of their inputs (a barycentre sweep), so
    wires cross little; rows are centred on the widest one.
    """
    depth = puzzle.depth()
    rows: dict[int, list[str]] = {}
    for v in puzzle.nodes:
        rows.setdefault(depth[v], []).append(v)
    width = max(len(r) for r in rows.values())
    feeders = {g[0]: g[2:] for g in puzzle.gates}
    pos: dict[str, tuple[float, float]] = {}
    for d in sorted(rows):
        row = rows[d]
        if d > 0:
            row.sort(key=lambda v: sum(pos[i][0] for i in feeders[v]) / len(feeders[v]))
        offset = (width - len(row)) / 2
        for k, v in enumerate(row):
            pos[v] = (offset + k, float(d))
    # pull each gate towards its inputs, keeping its row's order and one unit between gates
    for d in sorted(rows)[1:]:
        row = rows[d]
        xs = [sum(pos[i][0] for i in feeders[v]) / len(feeders[v]) for v in row]
        for k in range(len(xs)):
            xs[k] = max(xs[k], xs[k - 1] + 1 if k else 0.0)
        for k in reversed(range(len(xs))):
            xs[k] = min(xs[k], xs[k + 1] - 1 if k + 1 < len(xs) else width - 1.0)
        for v, xv in zip(row, xs):
            pos[v] = (xv, float(d))
    return pos


def _setting_of(puzzle: Puzzle, state) -> dict[str, int]:
    """The switch states to draw: the start, or those of a Solution or mapping (checked)."""
    if state is None:
        return dict(puzzle.inputs)
    setting = answer_setting(puzzle, state)
    unset = [s for s in puzzle.switches if s not in setting or setting[s] not in (0, 1)]
    if unset:
        raise PuzzleError(f"answer: switch {unset[0]} needs a state 0 or 1")
    return {s: int(setting[s]) for s in puzzle.switches}


def draw_circuit(ax, puzzle: Puzzle, setting: Mapping[str, int] | None = None, moved: Iterable[str] = (),
                 title: str | None = None, names: bool = True) -> dict[str, tuple[float, float]]:
    """Draw the circuit at ``setting`` into ``ax``; ``moved`` switches get a blue ring.

    Returns the node positions (the editor finds clicked nodes with them).
    """
    from matplotlib.patches import Circle, FancyBboxPatch, PathPatch
    from matplotlib.path import Path as MplPath

    setting = _setting_of(puzzle, setting)
    values = puzzle.evaluate(setting)
    pos = layout(puzzle)
    top = max(y for _, y in pos.values())
    width = max(x for x, _ in pos.values()) + 1
    box_w, box_h = 0.62, 0.42
    lamp_xs = lamp_positions(puzzle, pos, width)
    ax.set_xlim(-0.8, max(width - 0.2, max(lamp_xs) + (1.0 if names else 0.6)))
    ax.set_ylim(-0.85, top + 1.75)
    ax.set_aspect("equal")
    ax.set_axis_off()
    scale = _font_scale(ax)

    boxes: dict[int, list[float]] = {}  # the gate boxes of each row, which a long wire must pass beside
    for out, *_ in puzzle.gates:
        boxes.setdefault(round(pos[out][1]), []).append(pos[out][0])

    def wire(a, b, on):
        points = route(a, b, boxes)
        vertices, codes = [points[0]], [MplPath.MOVETO]
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            bend = min(0.45, (y1 - y0) / 2)
            vertices += [(x0, y0 + bend), (x1, y1 - bend), (x1, y1)]
            codes += [MplPath.CURVE4] * 3
        ax.add_artist(PathPatch(MplPath(vertices, codes), facecolor="none", edgecolor=ON if on else OFF,
                               lw=(2.6 if on else 1.6) * scale, zorder=2 if on else 1, capstyle="round"))

    for out, kind, *ins in puzzle.gates:
        gx, gy = pos[out]
        for k, i in enumerate(ins):
            port = gx + (k - (len(ins) - 1) / 2) * (box_w * 0.7 / max(1, len(ins) - 1) if len(ins) > 1 else 0)
            ix, iy = pos[i]
            wire((ix, iy + (0.22 if i in puzzle.inputs else box_h / 2)), (port, gy - box_h / 2), values[i])
    lamp_y = top + 1.15
    for lamp, lx in zip(puzzle.lamps, lamp_xs):
        nx, ny = pos[lamp]
        wire((nx, ny + (0.22 if lamp in puzzle.inputs else box_h / 2)), (lx, lamp_y - 0.3), values[lamp])
        lit = values[lamp]
        if lit:
            xs, ys = [], []  # eight rays, one line with gaps (one artist is much cheaper than eight)
            for angle in range(0, 360, 45):
                c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
                xs += [lx + 0.36 * c, lx + 0.5 * c, math.nan]
                ys += [lamp_y + 0.36 * s, lamp_y + 0.5 * s, math.nan]
            ax.plot(xs, ys, color=ON, lw=2 * scale, zorder=4, solid_capstyle="round")
        ax.add_artist(Circle((lx, lamp_y), 0.3, facecolor=LAMP_ON if lit else LAMP_OFF,
                            edgecolor=INK, lw=1.2 * scale, zorder=5))
        if names:
            ax.text(lx + 0.55, lamp_y, lamp, ha="left", va="center", fontsize=8 * scale, color=MUTED, zorder=6)
    for out, kind, *_ in puzzle.gates:
        gx, gy = pos[out]
        on = values[out]
        ax.add_artist(FancyBboxPatch((gx - box_w / 2, gy - box_h / 2), box_w, box_h,
                                    boxstyle="round,pad=0,rounding_size=0.12",
                                    facecolor=GATE_FACE, edgecolor=ON if on else GATE_EDGE,
                                    lw=(2.4 if on else 1.2) * scale, zorder=3))
        ax.text(gx, gy + (0.04 if names else 0), kind, ha="center", va="center",
                fontsize=(8.5 if len(kind) < 4 else 7.5) * scale, color=INK, fontweight="bold", zorder=4)
        if names:
            ax.text(gx + box_w / 2 + 0.04, gy - box_h / 2, out, ha="left", va="bottom",
                    fontsize=6.5 * scale, color=MUTED, zorder=4)
    moved = set(moved)
    for s in puzzle.switches:
        sx, sy = pos[s]
        on = setting[s]
        if s in moved:
            ax.add_artist(FancyBboxPatch((sx - 0.3, sy - 0.26), 0.6, 0.52, boxstyle="round,pad=0,rounding_size=0.2",
                                        facecolor="none", edgecolor=FLIP, lw=2.4 * scale, zorder=3))
        ax.add_artist(FancyBboxPatch((sx - 0.22, sy - 0.17), 0.44, 0.34, boxstyle="round,pad=0,rounding_size=0.16",
                                    facecolor=ON if on else OFF, edgecolor=INK, lw=1 * scale, zorder=4))
        ax.add_artist(Circle((sx + (0.08 if on else -0.08), sy), 0.12, facecolor="white",
                            edgecolor=INK, lw=0.8 * scale, zorder=5))
        if names:
            ax.text(sx, sy - 0.42, s, ha="center", va="top", fontsize=8 * scale, color=INK, zorder=6)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return pos


def route(a, b, boxes: Mapping[int, list[float]], clear: float = 0.45) -> list[tuple[float, float]]:
    """The points a wire from ``a`` up to ``b`` passes through: its ends, plus a point beside every
    gate box (``boxes``: row -> x of each box) that the plain curve would cross, so that no wire
    seems to feed a gate it only passes."""
    points = [a]
    for row in sorted(r for r in boxes if a[1] + 0.3 < r < b[1] - 0.3):
        x = _curve_x(points[-1], b, row)
        hit = [bx for bx in boxes[row] if abs(bx - x) < clear]
        if not hit:
            continue
        sides = [bx + d for bx in hit for d in (-0.5, 0.5)]
        free = [sx for sx in sides if all(abs(sx - bx) >= clear for bx in boxes[row])] or sides
        points.append((min(free, key=lambda sx: abs(sx - x)), float(row)))
    return points + [b]


def _curve_x(a, b, y: float) -> float:
    """Where the S-shaped wire from ``a`` to ``b`` (vertical at both ends) is at height ``y``."""
    (x0, y0), (x1, y1) = a, b
    bend = min(0.45, (y1 - y0) / 2)
    best, t_best = None, 0.0
    for k in range(41):  # the curve's height rises with t, so a fine sample finds the crossing
        t = k / 40
        yt = (1 - t) ** 3 * y0 + 3 * (1 - t) ** 2 * t * (y0 + bend) + 3 * (1 - t) * t ** 2 * (y1 - bend) + t ** 3 * y1
        if best is None or abs(yt - y) < best:
            best, t_best = abs(yt - y), t
    t = t_best
    return (1 - t) ** 3 * x0 + 3 * (1 - t) ** 2 * t * x0 + 3 * (1 - t) * t ** 2 * x1 + t ** 3 * x1


def lamp_status(puzzle: Puzzle, setting: Mapping[str, int] | None = None) -> str:
    """'lamp on', 'lamps off', '1 of 2 lamps on', ... for picture titles."""
    values = puzzle.evaluate(setting)
    on = sum(values[lamp] for lamp in puzzle.lamps)
    n = len(puzzle.lamps)
    if n == 1:
        return f"lamp {'on' if on else 'off'}"
    if on in (0, n):
        return f"lamps {'on' if on else 'off'}"
    return f"{on} of {n} lamps on"


def lamp_positions(puzzle: Puzzle, pos, width) -> list[float]:
    xs = [pos[lamp][0] for lamp in puzzle.lamps]
    if len(xs) > 1:  # keep lamps apart
        order = sorted(range(len(xs)), key=lambda k: xs[k])
        last = None
        for k in order:
            if last is not None and xs[k] < last + 1.6:
                xs[k] = last + 1.6
            last = xs[k]
    return xs


def _font_scale(ax) -> float:
    """Shrink lines and text when a big circuit is squeezed into a small figure."""
    fig_w, fig_h = ax.figure.get_size_inches()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    bbox = ax.get_position()
    per_unit = min(fig_w * bbox.width / (x1 - x0), fig_h * bbox.height / (y1 - y0))
    return max(0.45, min(1.2, per_unit / 0.8))


def figure_size(puzzle: Puzzle, panels: int = 1) -> tuple[float, float]:
    pos = layout(puzzle)
    width = max(x for x, _ in pos.values()) + 1.6
    height = max(y for _, y in pos.values()) + 2.6
    unit = max(0.35, min(0.8, 9.5 / (width * panels)))
    return width * unit * panels + 0.3, height * unit + 0.5


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, names: bool = True):
    """The circuit as a diagram: switches at the bottom, gates by depth, lamps on top.

    Wires and gate frames are amber when on and grey when off. With ``solution`` (a Solution or a
    mapping of switch states) and no ``ax``, the start state and the solution are drawn side by
    side, with the switches moved ringed in blue. Returns the matplotlib Figure.
    """
    require(puzzle, Puzzle, "draw")
    check_axes(ax)
    if solution is None or ax is not None:
        if ax is None:
            fig = new_figure(*figure_size(puzzle))
            ax = fig.add_axes((0.01, 0.01, 0.98, 0.92 if title else 0.98))
        setting = _setting_of(puzzle, solution)
        moved = [s for s in puzzle.switches if setting[s] != puzzle.inputs[s]]
        draw_circuit(ax, puzzle, setting, moved, title, names)
        return ax.figure
    fig = new_figure(*figure_size(puzzle, panels=2))
    setting = _setting_of(puzzle, solution)
    moved = [s for s in puzzle.switches if setting[s] != puzzle.inputs[s]]
    left = fig.add_axes((0.01, 0.01, 0.48, 0.88))
    right = fig.add_axes((0.51, 0.01, 0.48, 0.88))
    draw_circuit(left, puzzle, None, (), f"start: {lamp_status(puzzle)}", names)
    draw_circuit(right, puzzle, setting, moved,
                 f"after {len(moved)} flip{'s' if len(moved) != 1 else ''}: {lamp_status(puzzle, setting)}", names)
    if title:
        fig.suptitle(title, fontsize=12, color=INK)
    return fig
