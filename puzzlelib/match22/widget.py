"""The live Match 22 editor: tap a disk to turn it left, paint quarters, add or remove disks, solve.

Modes: **Turn** (a click turns the disk left by a quarter, as a tap in the app; the taps are
counted), **Paint** (a click on a quarter paints it in the brush colour; a click on a hole puts a
disk of the brush colour there), **Hole** (a click removes a disk or puts one back).
"""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as widgets

from ..display.editor import BoardEditor
from ..engine.rotation import turned
from .board import SEED_BOARD, Puzzle
from .drawing import draw_disks
from .formats import COLOURS, KIND
from .solving import solutions, solve

PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)
TURN, PAINT, HOLE = "Turn", "Paint", "Hole"


class Match22Editor(BoardEditor):
    module = PUZZLE_MODULE
    modes = (TURN, PAINT, HOLE)

    def __init__(self, puzzle: Puzzle | None = None):
        self.grid: list[list] = [[(1, 1, 1, 1)]]
        self.taps = 0
        self.brush = widgets.ToggleButtons(options=[(name, k) for k, name in COLOURS.items()], value=1,
                                           description="Colour:", style={"button_width": "auto"})
        super().__init__()
        self.set_puzzle(puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_text(SEED_BOARD))
        self.say("Valid puzzle: press Solve, or tap a disk to turn it.")
        self.redraw()

    def extra_controls(self):
        return [self.brush]

    def shape(self):
        return len(self.grid), len(self.grid[0])

    def current_puzzle(self) -> Puzzle:
        return Puzzle(self.grid)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.grid = [list(line) for line in puzzle.grid]
        self.taps = 0

    def on_click(self, x, y, button):
        rows, cols = self.shape()
        if x is None or y is None:
            return
        r, c = int(round(y)), int(round(x))
        if not (0 <= r < rows and 0 <= c < cols):
            return
        mode = self.mode.value
        cell = self.grid[r][c]
        if mode == HOLE or (mode == PAINT and cell is None):
            self.grid[r][c] = None if cell is not None else (self.brush.value,) * 4
        elif cell is None:
            return
        elif mode == TURN:
            self.grid[r][c] = turned(cell, 1 if button == 1 else 3)
            self.taps += 1
        else:
            dx, dy = x - c, y - r
            side = (0 if dy < 0 else 2) if abs(dy) > abs(dx) else (1 if dx < 0 else 3)
            quarters = list(cell)
            quarters[side] = self.brush.value
            self.grid[r][c] = tuple(quarters)

    def draw_draft(self, ax):
        try:
            puzzle = self.current_puzzle()
        except Exception:
            ax.set_axis_off()
            ax.text(0.5, 0.5, "no disk on the board", ha="center", va="center", transform=ax.transAxes)
            return
        turns = self.solution.turns if self.solution is not None else None
        draw_disks(ax, puzzle, turns, ids=False)

    def describe_solution(self, solution) -> str:
        return f"Solved with {solution.moves} left turns (the fewest); each turned disk shows its count."
