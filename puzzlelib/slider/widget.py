"""The live Slider editor: click on the board to design a level, then solve it.

Modes (the buttons above the message line):

- **Obstacle**: click a cell to put an obstacle there, click it again to take it away.
- **Start**: click a free cell to move the block there.
- **Target**: click a free cell to move the target there.

Solve draws a shortest route as numbered arrows; Check uniqueness says whether another route with
as few slides exists (and draws it). Resize keeps what fits; Random board draws a new level.
"""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as widgets

from puzzlelib.display.editor import BoardEditor
from puzzlelib.core.errors import PuzzleError

from .board import FREE, OBSTACLE as WALL, Puzzle, hartmann_example
from .formats import KIND
from .drawing import draw_board, draw_route
from .generators import random_puzzle
from .solving import solutions, solve

OBSTACLE, START, TARGET = "Obstacle", "Start", "Target"


class SliderEditor(BoardEditor):
    module = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)
    modes = (OBSTACLE, START, TARGET)

    def __init__(self, puzzle: Puzzle | None = None, **kw):
        self.cells: list[list[str]] = []
        self.start: tuple[int, int] | None = None
        self.target: tuple[int, int] | None = None
        self.seed = 0
        size = dict(layout=widgets.Layout(width="9em"), style={"description_width": "3em"})
        self.size_rows = widgets.BoundedIntText(min=2, max=40, description="Rows", **size)
        self.size_cols = widgets.BoundedIntText(min=2, max=40, description="Cols", **size)
        super().__init__(**kw)
        self.set_puzzle(hartmann_example() if puzzle is None else self._own_puzzle(puzzle))
        self.say("Valid puzzle: press Solve, or click the board to change it.")
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        resize = self._button("Resize", lambda *_: self._guard(self._resize, clear=True))
        clear = self._button("Clear obstacles", lambda *_: self._guard(self._clear_obstacles, clear=True))
        shuffle = self._button("Random board", lambda *_: self._guard(self._random_board, clear=True))
        return [widgets.HBox([self.size_rows, self.size_cols, resize]), widgets.HBox([clear, shuffle])]

    # -- hooks ------------------------------------------------------------------------------------
    def shape(self):
        return len(self.cells), len(self.cells[0]) if self.cells else 0

    def current_puzzle(self) -> Puzzle:
        return Puzzle(["".join(row) for row in self.cells], self.start, self.target)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.cells = [list(line) for line in puzzle.grid]
        self.start, self.target = puzzle.start, puzzle.target
        self._sync_widgets()

    def describe_solution(self, solution) -> str:
        steps = ", ".join(solution.directions)
        plural = "move" if solution.moves == 1 else "moves"
        return f"Solved: {solution.moves} {plural} ({steps})."

    def draw_draft(self, ax) -> None:
        draw_board(ax, self.shape(), self.cells, self.start, self.target)
        if self.solution is not None:
            draw_route(ax, self.shape(), list(self.solution.path))

    def on_cell(self, row, col, button):
        cell = (row, col)
        mode = self.mode.value
        if mode == OBSTACLE:
            if cell in (self.start, self.target):
                what = "start" if cell == self.start else "target"
                raise PuzzleError(f"cell {cell} holds the {what}: move it before placing an obstacle there")
            self.cells[row][col] = FREE if self.cells[row][col] == WALL else WALL
            return
        if self.cells[row][col] == WALL:
            raise PuzzleError(f"cell {cell} is an obstacle: the {mode.lower()} must be on a free cell")
        other = self.target if mode == START else self.start
        if cell == other:
            raise PuzzleError(f"cell {cell} already holds the {'target' if mode == START else 'start'}")
        if mode == START:
            self.start = cell
        else:
            self.target = cell

    # -- editing ----------------------------------------------------------------------------------
    def _resize(self) -> None:
        n, m = self.size_rows.value, self.size_cols.value
        old = self.cells
        self.cells = [[old[r][c] if r < len(old) and c < len(old[0]) else FREE for c in range(m)]
                      for r in range(n)]
        self.start = self._fit(self.start, (0, 0), avoid=None)
        self.target = self._fit(self.target, (n - 1, m - 1), avoid=self.start)
        self._sync_widgets()

    def _fit(self, cell, fallback, avoid):
        """Keep a start or target that still fits; else put it on a free cell near ``fallback``."""
        n, m = self.shape()
        if cell is not None and cell[0] < n and cell[1] < m and cell != avoid:
            return cell
        order = sorted(((r, c) for r in range(n) for c in range(m)),
                       key=lambda rc: abs(rc[0] - fallback[0]) + abs(rc[1] - fallback[1]))
        spot = next(rc for rc in order if rc != avoid)
        self.cells[spot[0]][spot[1]] = FREE
        return spot

    def _clear_obstacles(self) -> None:
        self.cells = [[FREE] * len(row) for row in self.cells]

    def _random_board(self) -> None:
        self.seed += 1
        n, m = self.shape()
        self.set_puzzle(random_puzzle((n, m), seed=self.seed, min_moves=min(3, n + m - 2)))

    def _sync_widgets(self) -> None:
        n, m = self.shape()
        self.size_rows.value, self.size_cols.value = n, m
