"""The live Circuit Scramble editor: flip switches and watch the lamp, build circuits, solve.

Click modes (the buttons above the message line):

- **Flip switch**: click a switch to flip it; the wires and the lamp follow at once, and the message
  line counts your flips. This is the game itself.
- **Set start**: click a switch to change its start state (part of the puzzle).
- **Lamp**: click a gate or switch to make it a lamp, or to stop it being one.
- **Remove**: click a gate (one that feeds nothing) or an unused switch to delete it.

Below them: pick a kind, type the input nodes (``x1 x2``) and press **Add gate**; a lamp wired into
the new gate moves up to it, so a circuit grows from the switches to the lamp. **Remove gate**
deletes the gate chosen in the list; **Add switch** adds a switch; **Reset switches** puts every
switch back to its start. **Solve** finds the fewest flips.
"""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as widgets

from ..display.editor import BoardEditor
from ..core.errors import PuzzleError
from .board import KINDS, Puzzle
from .formats import KIND
from .drawing import draw_circuit, lamp_positions
from .solving import solutions, solve

#: What the editor base class needs of the puzzle (the package itself cannot be imported from here).
PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)

FLIP, START, LAMP, REMOVE = "Flip switch", "Set start", "Lamp", "Remove"
DEMO = """circuit
switches: x1=0 x2=1 x3=1
g4 = AND x1 x2
g5 = XOR g4 x3
lamp: g5
"""


class CircuitEditor(BoardEditor):
    module = PUZZLE_MODULE
    modes = (FLIP, START, LAMP, REMOVE)

    def __init__(self, puzzle: Puzzle | None = None):
        self.draft: Puzzle = Puzzle.from_text(DEMO)
        self.setting: dict[str, int] = dict(self.draft.inputs)
        self.positions: dict[str, tuple[float, float]] = {}
        self.lamp_xy: dict[str, tuple[float, float]] = {}
        self._hint: str | None = None
        narrow = {"description_width": "3.5em"}
        self.kind = widgets.Dropdown(options=list(KINDS), value="AND", description="Kind", style=narrow,
                                     layout=widgets.Layout(width="10em"))
        self.inputs_box = widgets.Text(description="Inputs", placeholder="x1 x2", style=narrow,
                                       layout=widgets.Layout(width="15em"))
        self.name_box = widgets.Text(description="Name", placeholder="automatic", style=narrow,
                                     layout=widgets.Layout(width="12em"))
        self.gate_pick = widgets.Dropdown(options=[], description="Gate", style=narrow,
                                          layout=widgets.Layout(width="10em"))
        super().__init__(figsize=6.0)
        self.set_puzzle(puzzle if puzzle is not None else self.draft)
        self._explain_draft()
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        add = self._button("Add gate", lambda *_: self._guard(self._add_gate, clear=True))
        remove = self._button("Remove gate", lambda *_: self._guard(self._remove_picked, clear=True))
        add_switch = self._button("Add switch", lambda *_: self._guard(self._add_switch, clear=True))
        reset = self._button("Reset switches", lambda *_: self._guard(self._reset, clear=True))
        return [widgets.HBox([self.kind, self.inputs_box, self.name_box]),
                widgets.HBox([add, self.gate_pick, remove]),
                widgets.HBox([add_switch, reset])]

    # -- hooks ----------------------------------------------------------------------------------
    def shape(self):
        return len(self.draft.switches), len(self.draft.gates)

    def __repr__(self) -> str:
        n, m = self.shape()
        return f"<CircuitEditor {n} switches, {m} gates>"

    def current_puzzle(self) -> Puzzle:
        return self.draft

    def set_puzzle(self, puzzle: Puzzle) -> None:
        if not isinstance(puzzle, Puzzle):
            raise PuzzleError("the editor takes a circuit Puzzle (or its text, through Load)")
        self.draft = puzzle
        self.setting = dict(puzzle.inputs)
        self._sync_widgets()

    def describe_solution(self, solution) -> str:
        lamps = " and ".join(self.draft.lamps)
        if not solution.flips:
            return f"Solved: no flip needed, lamp {lamps} is already on."
        n = len(solution.flips)
        return f"Solved: {n} flip{'s' if n > 1 else ''} ({', '.join(solution.flips)}) light{'s' if n == 1 else ''} " \
               f"lamp {lamps}; no fewer will do."

    def draw_draft(self, ax) -> None:
        if self.solution is not None:
            setting, title = dict(self.solution.inputs), f"fewest flips: {len(self.solution.flips)}"
        else:
            setting, title = self.setting, f"flips so far: {len(self.moved())}"
        moved = [s for s in self.draft.switches if setting[s] != self.draft.inputs[s]]
        ax.set_position((0.01, 0.01, 0.98, 0.93))  # room for the title
        self.positions = draw_circuit(ax, self.draft, setting, moved, title)
        self.lamp_xy = dict(zip(self.draft.lamps, ((x, max(y for _, y in self.positions.values()) + 1.15)
                                                   for x in lamp_positions(self.draft, self.positions, 0))))

    def on_click(self, x, y, button):
        node = self.node_at(x, y)
        if node is None:
            self._hint = "Click on a switch, a gate or a lamp."
            return
        mode = self.mode.value
        if mode == FLIP:
            self._flip(node)
        elif mode == START:
            self._toggle_start(node)
        elif mode == LAMP:
            self._toggle_lamp(node)
        else:
            self._remove(node)

    # -- the public surface for tests and notebooks ---------------------------------------------
    def click_node(self, name: str, button: int = 1) -> None:
        """Click the middle of a node (switch or gate), as a person would."""
        if name not in self.positions:
            self.redraw()
        x, y = self.positions[name]
        self._guard(lambda: self.on_click(x, y, button), clear=True)

    def moved(self) -> list[str]:
        return [s for s in self.draft.switches if self.setting[s] != self.draft.inputs[s]]

    def node_at(self, x, y) -> str | None:
        """The node drawn under (x, y), if any (a lamp counts as its node)."""
        if x is None or y is None:
            return None
        if not self.positions:
            self.redraw()
        best, dist = None, 0.45
        for name, (nx, ny) in [*self.positions.items(), *self.lamp_xy.items()]:
            d = max(abs(nx - x), abs(ny - y))
            if d < dist:
                best, dist = name, d
        return best

    # -- editing --------------------------------------------------------------------------------
    def _flip(self, node: str) -> None:
        if node not in self.draft.inputs:
            raise PuzzleError(f"{node} is a gate: only switches can be flipped")
        self.setting[node] = 1 - self.setting[node]

    def _toggle_start(self, node: str) -> None:
        if node not in self.draft.inputs:
            raise PuzzleError(f"{node} is a gate: only switches have a start state")
        inputs = dict(self.draft.inputs)
        inputs[node] = 1 - inputs[node]
        self._commit(Puzzle(inputs, self.draft.gates, self.draft.lamps))
        self.setting[node] = inputs[node]

    def _toggle_lamp(self, node: str) -> None:
        lamps = list(self.draft.lamps)
        if node in lamps:
            if len(lamps) == 1:
                raise PuzzleError(f"{node} is the only lamp: make another node a lamp first")
            lamps.remove(node)
        else:
            lamps.append(node)
        self._commit(Puzzle(self.draft.inputs, self.draft.gates, lamps))

    def _remove(self, node: str) -> None:
        users = [g[0] for g in self.draft.gates if node in g[2:]]
        if users:
            raise PuzzleError(f"{node} feeds {', '.join(users)}: remove {' and '.join(users)} first")
        if node in self.draft.inputs:
            if node in self.draft.lamps:
                raise PuzzleError(f"switch {node} is a lamp: click it in Lamp mode first")
            inputs = {s: v for s, v in self.draft.inputs.items() if s != node}
            self._commit(Puzzle(inputs, self.draft.gates, self.draft.lamps))
            return
        gate = next(g for g in self.draft.gates if g[0] == node)
        lamps = list(self.draft.lamps)
        if node in lamps:  # the lamp steps down to the gate's first input
            lamps[lamps.index(node)] = gate[2]
            lamps = list(dict.fromkeys(lamps))
        gates = [g for g in self.draft.gates if g[0] != node]
        self._commit(Puzzle(self.draft.inputs, gates, lamps))

    def _remove_picked(self) -> None:
        if not self.gate_pick.value:
            raise PuzzleError("there is no gate to remove")
        self._remove(self.gate_pick.value)

    def _add_gate(self) -> None:
        kind = self.kind.value
        ins = self.inputs_box.value.replace(",", " ").split()
        name = self.name_box.value.strip() or self._free_name("g")
        gates = [*self.draft.gates, (name, kind, *ins)]
        lamps = list(dict.fromkeys(name if lamp in ins else lamp for lamp in self.draft.lamps))
        self._commit(Puzzle(self.draft.inputs, gates, lamps))
        self.name_box.value = ""

    def _add_switch(self) -> None:
        name = self._free_name("x")
        self._commit(Puzzle({**self.draft.inputs, name: 0}, self.draft.gates, self.draft.lamps))
        self.inputs_box.value = name

    def _reset(self) -> None:
        self.setting = dict(self.draft.inputs)

    def _commit(self, puzzle: Puzzle) -> None:
        """Accept an edit (already validated by building the Puzzle); keep the switches' positions."""
        old = self.setting
        self.draft = puzzle
        self.setting = {s: old.get(s, v) for s, v in puzzle.inputs.items()}
        self._sync_widgets()

    def _free_name(self, prefix: str) -> str:
        used = set(self.draft.nodes)
        k = len(used) + 1
        while f"{prefix}{k}" in used:
            k += 1
        return f"{prefix}{k}"

    def _sync_widgets(self) -> None:
        names = [g[0] for g in self.draft.gates]
        self.gate_pick.options = names
        self.gate_pick.value = names[-1] if names else None

    # -- the message line: live evaluation --------------------------------------------------------
    def _explain_draft(self) -> None:
        if self._hint:
            self.say(self._hint, "info")
            self._hint = None
            return
        values = self.draft.evaluate(self.setting)
        lamps = self.draft.lamps
        moved = self.moved()
        flips = f"{len(moved)} flip{'s' if len(moved) != 1 else ''}" + (f" ({', '.join(moved)})" if moved else "")
        if all(values[lamp] for lamp in lamps):
            self.say(f"Lamp {' and '.join(lamps)} on after {flips}. Press Solve to see the fewest.", "good")
        else:
            dark = [lamp for lamp in lamps if not values[lamp]]
            self.say(f"Lamp {' and '.join(dark)} off after {flips}. Click the switches, or press Solve.", "info")
