"""The live Sudoku editor: type digits, draw thermometers, cages and arrows, then Solve.

Modes (the "Click to" buttons): **Digit** cycles the clicked cell's digit (left click up, right
click down) and selects it, so a typed digit (or 0 / Backspace) goes there; **Thermo**, **Cage**
and **Arrow** add the clicked cell to the shape being drawn (for an arrow the first cell is the
circle), and **Finish shape** adds the shape to the board (a cage takes the total in the box);
**Erase** removes the digit and every shape through the clicked cell. The message line names what
makes a draft invalid (an overlapping cage, a thermometer that is too long, ...).
"""

from __future__ import annotations

import ipywidgets as widgets

from types import SimpleNamespace

from ..display.editor import BoardEditor
from ..core.errors import PuzzleError
from .board import BOXES, SEED_BOARD, Puzzle
from .formats import KIND
from .drawing import draw_board
from .solving import solutions, solve

#: What BoardEditor needs of the puzzle module (the package itself is not imported from here).
MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)


class _Draft:
    """A possibly invalid board, in the shape ``draw_board`` reads."""

    def __init__(self, cells, thermos, cages, arrows):
        self.givens, self.thermos, self.cages, self.arrows = cells, thermos, cages, arrows
        self.size = len(cells)
        self.box = BOXES[self.size]

    def given_cells(self):
        return {(r, c): v for r, row in enumerate(self.givens) for c, v in enumerate(row) if v}


class SudokuEditor(BoardEditor):
    module = MODULE
    modes = ("Digit", "Thermo", "Cage", "Arrow", "Erase")

    def __init__(self, puzzle: Puzzle | None = None):
        self.cells: list[list[int]] = []
        self.thermos: list[list] = []
        self.cages: list[tuple[int, list]] = []
        self.arrows: list[tuple[tuple, list]] = []
        self.path: list[tuple[int, int]] = []
        self.selected: tuple[int, int] | None = None
        self.size_box = widgets.Dropdown(options=list(BOXES), value=9, description="Size",
                                         style={"description_width": "auto"},  # else the label takes the box
                                         layout=widgets.Layout(width="9em", flex="0 0 auto"))  # and never shrinks
        self.total_box = widgets.BoundedIntText(value=10, min=1, max=45, description="Cage total",
                                                style={"description_width": "auto"}, layout=widgets.Layout(width="10em"))
        super().__init__()
        self.canvas.mpl_connect("key_press_event", self._on_key)
        self.mode.observe(lambda _: self._guard(self._drop_path), names="value")
        self.set_puzzle(puzzle if puzzle is not None else Puzzle.from_text(SEED_BOARD))
        self.say("Valid puzzle: press Solve, or click to edit.")
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        finish = self._button("Finish shape", lambda *_: self._guard(self._finish, clear=True))
        resize = self._button("New size", lambda *_: self._guard(self._resize, clear=True))
        clear = self._button("Clear board", lambda *_: self._guard(self._clear, clear=True))
        return [widgets.HBox([finish, self.total_box]), widgets.HBox([self.size_box, resize, clear])]

    # -- hooks ------------------------------------------------------------------------------------
    def shape(self):
        return len(self.cells), len(self.cells)

    def current_puzzle(self) -> Puzzle:
        return Puzzle(self.cells, self.thermos, self.cages, self.arrows)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.cells = [list(row) for row in puzzle.givens]
        self.thermos = [list(t) for t in puzzle.thermos]
        self.cages = [(total, list(cells)) for total, cells in puzzle.cages]
        self.arrows = [(circle, list(cells)) for circle, cells in puzzle.arrows]
        self.path, self.selected = [], None
        self.size_box.value = puzzle.size

    def on_cell(self, row, col, button):
        mode = self.mode.value
        if mode == "Digit":
            n = len(self.cells)
            step = -1 if button == 3 else 1
            self.cells[row][col] = (self.cells[row][col] + step) % (n + 1)
            self.selected = (row, col)
        elif mode == "Erase":
            self.cells[row][col] = 0
            self.thermos = [t for t in self.thermos if (row, col) not in t]
            self.cages = [cage for cage in self.cages if (row, col) not in cage[1]]
            self.arrows = [a for a in self.arrows if (row, col) != a[0] and (row, col) not in a[1]]
        elif (row, col) in self.path:
            raise PuzzleError(f"cell {(row, col)} is already in the shape being drawn")
        else:
            self.path.append((row, col))

    def describe_solution(self, solution) -> str:
        return f"Solved: the grid keeps every rule ({self.current_puzzle().variant()})."

    def draw_draft(self, ax) -> None:
        from ..display.drawing import new_board_axes

        n = len(self.cells)
        new_board_axes(n, n, ax=ax)
        draft = _Draft(self.cells, self.thermos, self.cages, self.arrows)
        grid = self.solution.grid if self.solution is not None else None
        draw_board(ax, draft, grid, mark=set(self.path), cursor=self.selected)

    # -- typing and shapes ------------------------------------------------------------------------
    def type(self, key: str) -> None:
        """A key typed on the board: a digit for the selected cell (0, Backspace or Delete clear it)."""
        self._guard(lambda: self._key(key), clear=True)

    def _on_key(self, event) -> None:
        self.type(str(event.key))

    def _key(self, key: str) -> None:
        if self.selected is None:
            raise PuzzleError("click a cell in Digit mode first, then type its digit")
        n = len(self.cells)
        value = 0 if key in ("0", "backspace", "delete") else int(key) if key.isdigit() and len(key) == 1 else None
        if value is None or value > n:
            raise PuzzleError(f"type a digit from 1 to {n} (0 clears the cell)")
        r, c = self.selected
        self.cells[r][c] = value

    def _finish(self) -> None:
        mode, path = self.mode.value, list(self.path)
        if mode not in ("Thermo", "Cage", "Arrow") or not path:
            raise PuzzleError("choose Thermo, Cage or Arrow and click cells before Finish shape")
        self.path = []
        if mode == "Thermo":
            self.thermos.append(path)
        elif mode == "Cage":
            self.cages.append((int(self.total_box.value), path))
        else:
            self.arrows.append((path[0], path[1:]))

    def _drop_path(self) -> None:
        self.path = []

    def _resize(self) -> None:
        n = int(self.size_box.value)
        self.cells = [[0] * n for _ in range(n)]
        self.thermos, self.cages, self.arrows, self.path, self.selected = [], [], [], [], None

    def _clear(self) -> None:
        self._resize()
