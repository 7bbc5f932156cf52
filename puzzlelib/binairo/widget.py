"""The live Binairo editor: click a cell to cycle it empty -> 0 -> 1 -> empty, then solve.

A right click cycles the other way (empty -> 1 -> 0 -> empty). "Size" and "New size" make an
empty board; "Clear board" empties the current one. While the givens already break a rule (three
equal cells in a line, too many ones in a row, two equal full rows) the message line names the
fault and Solve explains it instead of solving.
"""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as widgets

from ..display.editor import BoardEditor
from .board import SEED_BOARD, Puzzle, empty
from .formats import KIND
from .drawing import draw, draw_board
from .solving import solutions, solve

#: What the editor base class needs of the puzzle (the package itself cannot be imported from here).
PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions, draw=draw)

CYCLE = {None: 0, 0: 1, 1: None}
BACK = {None: 1, 1: 0, 0: None}

SEED_6X6 = SEED_BOARD


class BinairoEditor(BoardEditor):
    module = PUZZLE_MODULE

    def __init__(self, puzzle: Puzzle | None = None, size: int = 6):
        self.cells: list[list[int | None]] = []
        self.size_box = widgets.Dropdown(options=list(range(2, 32, 2)), value=6, description="Size",
                                         style={"description_width": "initial"},
                                         layout=widgets.Layout(width="9em"))
        super().__init__()
        if puzzle is None:
            puzzle = Puzzle.from_text(SEED_6X6) if size == 6 else empty(size)
        self.set_puzzle(self._own_puzzle(puzzle))
        self.say("Valid puzzle: press Solve, or click a cell to change it.")
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        resize = self._button("New size", lambda *_: self._guard(self._resize, clear=True))
        clear = self._button("Clear board", lambda *_: self._guard(self._clear_board, clear=True))
        return [widgets.HBox([self.size_box, resize, clear])]

    # -- hooks ------------------------------------------------------------------------------------
    def shape(self):
        return len(self.cells), len(self.cells)

    def current_puzzle(self) -> Puzzle:
        return Puzzle(self.cells)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.cells = [list(row) for row in puzzle.givens]
        if puzzle.size in self.size_box.options:
            self.size_box.value = puzzle.size

    def on_cell(self, row, col, button):
        step = BACK if button == 3 else CYCLE
        self.cells[row][col] = step[self.cells[row][col]]

    def describe_solution(self, solution) -> str:
        rows, cols = solution.numbers()
        return (f"Solved: every row and column holds {len(rows) // 2} ones; the rows read as the "
                f"binary numbers {', '.join(map(str, rows))}.") if len(rows) <= 8 else \
            f"Solved: all {len(rows)} rows and {len(cols)} columns keep the three rules."

    def draw_draft(self, ax) -> None:
        grid = self.solution.grid if self.solution is not None else None
        mark = None
        if grid is None:
            mark = self._draft_faults()
        draw_board(ax, self.cells, grid, mark=mark)

    # -- editing ----------------------------------------------------------------------------------
    def _resize(self) -> None:
        n = int(self.size_box.value)
        self.cells = [[None] * n for _ in range(n)]

    def _clear_board(self) -> None:
        n = len(self.cells)
        self.cells = [[None] * n for _ in range(n)]

    def _draft_faults(self) -> set[tuple[int, int]]:
        """Given cells that already break rule 2 (three equal in a line), ringed in red."""
        n = len(self.cells)
        bad = set()
        for i in range(n):
            for k in range(n - 2):
                row = [self.cells[i][k + t] for t in range(3)]
                col = [self.cells[k + t][i] for t in range(3)]
                if row[0] is not None and row[0] == row[1] == row[2]:
                    bad.update((i, k + t) for t in range(3))
                if col[0] is not None and col[0] == col[1] == col[2]:
                    bad.update((k + t, i) for t in range(3))
        return bad
