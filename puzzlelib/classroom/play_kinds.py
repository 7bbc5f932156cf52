"""How a player points at a cell and writes a value, puzzle by puzzle (play mode, issue 40).

Play mode (:mod:`.play`) is the same for every puzzle; what differs is the picture. A *surface*
says, for one kind of picture:

* ``pick(x, y)``: the cell under a click at data coordinates (or None);
* ``write(play, cell, button)``: what a click on that cell writes into ``play.entries`` (and the
  message saying so);
* ``points(play, cell, value)``: the clicks (data coordinates) that write ``value`` into ``cell``
  from the current entries, so that tests and demos play as a person would;
* ``draw(ax, play, cells)``: the player's entries and the marks (hint, reason, mistake).

Four surfaces cover the fourteen puzzles: :class:`Cycle` (a grid whose cells cycle through their
values: the 0/1 grids, digits, colours, dot numbers, a tile's or a disk's turns), :class:`Path` (a
square's next square: Knight Moves' jumps, Slider's slides; click a square, then where it goes),
:class:`Switches` (Circuit Scramble: a click sets a switch to flipped, then kept) and
:class:`Edges` (V3ck: a click cycles an edge's colour).
"""

from __future__ import annotations

from .hint_cells import END

PLAY_COLOUR = "#1565c0"
HINT_COLOUR = "#2e7d32"
REASON_COLOUR = "#fbc02d"
MISTAKE_COLOUR = "#c62828"
MARK_COLOURS = {"hint": HINT_COLOUR, "reason": REASON_COLOUR, "mistake": MISTAKE_COLOUR}
#: Values that mean "nothing here" (no star, no dot, no pipe): drawn as a cross.
BLANKS = (0, ".")


def _show(value) -> str:
    return "ends here" if value == END else str(value)


class Cycle:
    """A grid: a click cycles a cell through empty and its values (a right click goes back)."""

    def __init__(self, editor):
        self.editor = editor

    def pick(self, x, y):
        from ..display.editor import cell_from_xy

        return cell_from_xy(x, y, *self.editor.shape())

    def order(self, values) -> list:
        """Empty first, then the values, a blank ("none here") last; 0/1 cells: empty, 1, 0."""
        values = sorted(values, key=lambda v: (v in BLANKS, str(type(v)), v))
        return [None, *values]

    def write(self, play, cell, button):
        cycle = self.order(play.cells[cell])
        now = play.entries.get(cell)
        new = cycle[(cycle.index(now) + (-1 if button == 3 else 1)) % len(cycle)]
        play.put(cell, new)
        return f"{cell}: {'empty' if new is None else _show(new)}."

    def point(self, cell):
        r, c = cell
        return float(c), float(r)

    def points(self, play, cell, value):
        cycle = self.order(play.cells[cell])
        now = play.entries.get(cell)
        steps = (cycle.index(value) - cycle.index(now)) % len(cycle)
        return [self.point(cell)] * steps

    def draw_marks(self, ax, play):
        """The hint's cell, its reason's cells (shaded) and mistakes, as squares on the grid."""
        from matplotlib.patches import Rectangle

        for cell, kind in play.marks.items():
            r, c = cell
            if kind == "reason":
                ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor=REASON_COLOUR, alpha=0.25, zorder=6))
            else:
                ax.add_patch(Rectangle((c - 0.45, r - 0.45), 0.9, 0.9, fill=False, edgecolor=MARK_COLOURS[kind],
                                       lw=3, zorder=8))

    def draw(self, ax, play, cells):
        from matplotlib.patches import Rectangle

        binary = all(set(v) <= {0, 1} for v in cells.values())
        self.draw_marks(ax, play)
        for (r, c), v in play.entries.items():
            if binary and v == 1:
                ax.add_patch(Rectangle((c - 0.3, r - 0.3), 0.6, 0.6, facecolor=PLAY_COLOUR, alpha=0.75, zorder=7))
            elif v in BLANKS:
                ax.plot([c], [r], marker="x", color=PLAY_COLOUR, markersize=9, mew=2, zorder=7)
            else:
                ax.text(c, r, str(v), ha="center", va="center", color=PLAY_COLOUR, fontsize=14,
                        fontweight="bold", zorder=7)


class Path(Cycle):
    """A path over a grid: click a square, then the square the path goes to next from it (again on
    the same square: the path ends there; a right click clears the square's step)."""

    def write(self, play, cell, button):
        chosen = play.chosen
        if button == 3:
            play.chosen = None
            play.put(cell, None)
            return f"{cell}: cleared."
        if chosen is None:
            play.chosen = cell
            return f"{cell}: chosen; now click where the path goes next from it (it again: it ends there)."
        play.chosen = None
        if cell == chosen:
            new = END if END in play.cells[chosen] else None
        elif cell in play.cells[chosen]:
            new = cell
        else:
            return f"{chosen}: no move reaches {cell} from it; choose again."
        play.put(chosen, new)
        return f"{chosen}: {'empty' if new is None else _show(new)}."

    def points(self, play, cell, value):
        first = [self.point(cell)] if play.chosen != cell else []
        if play.chosen not in (None, cell):
            first = [self.point(play.chosen), self.point(cell)]  # cancel the other choice, then choose
        return [*first, self.point(cell if value == END else value)]

    def draw(self, ax, play, cells):
        self.draw_marks(ax, play)
        hinted = getattr(play, "last", None)
        steps = dict(play.entries)
        if hinted is not None and hinted.kind == "cell" and play.marks.get(hinted.cell) == "hint":
            steps_hint = {hinted.cell: hinted.value}
        else:
            steps_hint = {}
        for items, colour in ((steps, PLAY_COLOUR), (steps_hint, HINT_COLOUR)):
            for (r, c), v in items.items():
                if v == END:
                    ax.plot([c], [r], marker="s", color=colour, markersize=12, fillstyle="none", mew=2, zorder=7)
                else:
                    ax.annotate("", xy=(v[1], v[0]), xytext=(c, r), zorder=7,
                                arrowprops=dict(arrowstyle="-|>", color=colour, lw=2.5, shrinkA=6, shrinkB=6))
        if play.chosen is not None:
            r, c = play.chosen
            ax.plot([c], [r], marker="o", color=PLAY_COLOUR, markersize=16, fillstyle="none", mew=2, zorder=8)


class Switches(Cycle):
    """Circuit Scramble: a click on a switch cycles it through undecided, flipped and kept."""

    def pick(self, x, y):
        node = self.editor.node_at(x, y)
        return node if node in self.editor.draft.inputs else None

    def order(self, values):
        return [None, *sorted(values, key=lambda v: v == self.start)]

    def write(self, play, cell, button):
        self.start = self.editor.draft.inputs[cell]
        said = super().write(play, cell, button)
        new = play.entries.get(cell)
        what = "undecided" if new is None else ("flipped" if new != self.start else "kept")
        return f"{said[:-1]} ({what})."

    def points(self, play, cell, value):
        self.start = self.editor.draft.inputs[cell]
        return super().points(play, cell, value)

    def point(self, cell):
        if cell not in self.editor.positions:
            self.editor.redraw()
        return tuple(map(float, self.editor.positions[cell]))

    def draw(self, ax, play, cells):
        for cell, kind in play.marks.items():
            if cell in self.editor.positions:
                x, y = self.editor.positions[cell]
                ax.plot([x], [y], marker="o", markersize=30, fillstyle="none" if kind != "reason" else "full",
                        alpha=0.35 if kind == "reason" else 1, color=MARK_COLOURS[kind], mew=3, zorder=8)
        for cell, v in play.entries.items():
            if cell in self.editor.positions:
                x, y = self.editor.positions[cell]
                ax.text(x, y - 0.42, str(v), ha="center", va="bottom", color=PLAY_COLOUR, fontsize=13,
                        fontweight="bold", zorder=9)


class Edges(Cycle):
    """V3ck: a click on an edge cycles its colour."""

    def pick(self, x, y):
        return self.editor.edge_at(x, y)

    def order(self, values):
        return [None, *[c for c in self.editor.colours if c in values]]

    def _ends(self, e):
        where = {n[0]: (n[1], n[2]) for n in self.editor.nodes}
        a, b = self.editor.edges[e]
        return where[a], where[b]

    def point(self, cell):
        """The point of the edge farthest from every other edge (two edges may cross at a midpoint)."""
        from ..v3ck.widget import _segment_distance

        (ax_, ay), (bx, by) = self._ends(cell)
        others = [self._ends(e) for e in range(len(self.editor.edges)) if e != cell]
        best, margin = ((ax_ + bx) / 2, (ay + by) / 2), -1.0
        for k in range(3, 18):
            t = k / 20
            x, y = ax_ + t * (bx - ax_), ay + t * (by - ay)
            near = min((_segment_distance((x, y), a, b) for a, b in others), default=1.0)
            if near > margin + 1e-9:
                best, margin = (x, y), near
        return best

    def draw(self, ax, play, cells):
        from ..v3ck.drawing import colour_map

        colours = colour_map(self.editor.current_puzzle())
        for e, kind in play.marks.items():
            (x0, y0), (x1, y1) = self._ends(e)
            ax.plot([x0, x1], [y0, y1], color=MARK_COLOURS[kind], lw=14 if kind != "reason" else 10,
                    alpha=0.5 if kind != "reason" else 0.3, solid_capstyle="round", zorder=1)
        for e, v in play.entries.items():
            (x0, y0), (x1, y1) = self._ends(e)
            ax.plot([x0, x1], [y0, y1], color=colours.get(v, PLAY_COLOUR), lw=5, zorder=3)
            ax.text((x0 + x1) / 2, (y0 + y1) / 2, str(v), ha="center", va="center", fontsize=10,
                    color="white", fontweight="bold", zorder=4,
                    bbox=dict(boxstyle="circle,pad=0.15", fc=PLAY_COLOUR, ec="none"))


SURFACES = {"knightmoves": Path, "slider": Path, "circuit": Switches, "v3ck": Edges}


def surface(kind: str, editor):
    return SURFACES.get(kind, Cycle)(editor)
