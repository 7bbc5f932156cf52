"""The live Thermometers editor: click on the board to design, then solve.

Modes (the buttons above the message line):

- **Draw**: click a free cell to put a bulb there, then click neighbouring free cells to lay the tube,
  one cell at a time. Click the tip again, or start elsewhere, to finish.
- **Erase**: click any cell of a thermometer to remove it.
- **Fill**: click a cell to fill its thermometer up to that cell (click again to empty it); then
  "Counts from fill" turns the drawing into a puzzle whose solution you planted.

Counts: click a count outside the board to raise it (right-click lowers it), or type them.
"""

from __future__ import annotations

import ipywidgets as widgets
from matplotlib.patches import Rectangle

from types import SimpleNamespace

from ..display.drawing import add_patches
from ..display.editor import BoardEditor
from ..core.errors import PuzzleError
from .board import SEED_BOARD, Puzzle, adjacent
from .drawing import draw, draw_board
from .formats import KIND, number
from .solving import solutions, solve

#: What the editor's base class calls (Solve, Check uniqueness, Load): the package's interface,
#: gathered here because widget.py may not import its own package.
PUZZLE_API = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions, draw=draw)

DRAW, ERASE, FILL = "Draw", "Erase", "Fill"


class ThermometerEditor(BoardEditor):
    module = PUZZLE_API
    modes = (DRAW, ERASE, FILL)

    def __init__(self, puzzle: Puzzle | None = None, **kw):
        self.nrows = self.ncols = 0
        self.rows: list[int] = []
        self.cols: list[int] = []
        self.therms: list[list[tuple[int, int]]] = []
        self.drawing: list[tuple[int, int]] | None = None  # the thermometer being drawn
        self.levels: dict[int, int] = {}  # Fill mode: planted level per thermometer
        narrow = dict(style={"description_width": "initial"}, layout=widgets.Layout(width="8em"))
        self.size_rows = widgets.BoundedIntText(min=2, max=30, description="Rows", **narrow)
        self.size_cols = widgets.BoundedIntText(min=2, max=30, description="Cols", **narrow)
        wide = dict(style={"description_width": "initial"}, layout=widgets.Layout(width="19em"),
                    continuous_update=False)
        self.row_text = widgets.Text(description="Row counts", **wide)
        self.col_text = widgets.Text(description="Col counts", **wide)
        super().__init__(**kw)
        self._quiet = False
        self.row_text.observe(lambda change: self._typed_counts("row", change["new"]), "value")
        self.col_text.observe(lambda change: self._typed_counts("col", change["new"]), "value")
        self.set_puzzle(Puzzle.from_text(SEED_BOARD) if puzzle is None else self._own_puzzle(puzzle))
        self.say("Valid puzzle: press Solve, or click the board to change it.")
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        resize = self._button("Resize", lambda *_: self._guard(self._resize, clear=True))
        from_fill = self._button("Counts from fill", lambda *_: self._guard(self._counts_from_fill, clear=True))
        clear = self._button("Clear board", lambda *_: self._guard(self._clear_board, clear=True))
        return [widgets.HBox([self.size_rows, self.size_cols, resize]),
                widgets.HBox([self.row_text, self.col_text]),
                widgets.HBox([from_fill, clear])]

    # -- hooks ------------------------------------------------------------------------------------
    def shape(self):
        return self.nrows, self.ncols

    def current_puzzle(self) -> Puzzle:
        if self.drawing is not None and len(self.drawing) < 2:
            raise PuzzleError(f"the thermometer started at {self.drawing[0]} has only its bulb: add a cell")
        return Puzzle(self.rows, self.cols, self._all_therms())

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.nrows, self.ncols = puzzle.shape
        self.rows, self.cols = list(puzzle.rows), list(puzzle.cols)
        self.therms = [list(t) for t in puzzle.thermometers]
        self.drawing, self.levels = None, {}
        self._sync_widgets()

    def describe_solution(self, solution) -> str:
        levels = solution.levels(self.current_puzzle())
        return f"Solved: {sum(levels)} cells of mercury in {len(levels)} thermometers."

    def draw_draft(self, ax) -> None:
        grid = self.solution.grid if self.solution is not None else (self._fill_grid() if self.levels else None)
        highlight = [self.drawing[-1]] if self.drawing else None
        draw_board(ax, (self.nrows, self.ncols), self.rows, self.cols, self._all_therms(),
                      grid, highlight=highlight)
        uncovered = self._uncovered()
        if uncovered:
            add_patches(ax, [Rectangle((c - 0.5, r - 0.5), 1, 1) for r, c in uncovered], 1.5,
                        facecolor="#ffe0b2", edgecolor="none")

    def on_click(self, x, y, button):
        if x is None or y is None:
            return
        r, c = int(round(y)), int(round(x))
        if x < -0.5 and 0 <= r < self.nrows:  # a row count
            self._bump("row", r, button)
        elif y < -0.5 and 0 <= c < self.ncols:  # a column count
            self._bump("col", c, button)
        elif 0 <= r < self.nrows and 0 <= c < self.ncols:
            self.on_cell(r, c, button)

    def on_cell(self, row, col, button):
        mode = self.mode.value
        cell = (row, col)
        owner = self._owner(cell)
        if mode == ERASE:
            if owner is None:
                raise PuzzleError(f"cell {cell} has no thermometer to erase")
            self._erase(owner)
        elif mode == FILL:
            if owner is None or owner == "drawing":
                raise PuzzleError(f"cell {cell} is not in a finished thermometer")
            k = self.therms[owner].index(cell) + 1
            self.levels[owner] = k - 1 if self.levels.get(owner) == k else k
        else:
            self._draw_at(cell, owner)

    # -- editing ----------------------------------------------------------------------------------
    def _draw_at(self, cell, owner) -> None:
        if self.drawing is not None and cell == self.drawing[-1]:
            self._finish()
            return
        if owner is not None:
            raise PuzzleError(f"cell {cell} already belongs to a thermometer: erase it first")
        if self.drawing is not None and adjacent(self.drawing[-1], cell):
            self.drawing.append(cell)
            return
        self._finish()
        self.drawing = [cell]

    def _finish(self) -> None:
        """Close the open thermometer; a lone bulb is dropped."""
        if self.drawing is not None and len(self.drawing) >= 2:
            self.therms.append(self.drawing)
        self.drawing = None

    def _erase(self, owner) -> None:
        if owner == "drawing":
            self.drawing = None
            return
        del self.therms[owner]
        self.levels = {(t if t < owner else t - 1): v for t, v in self.levels.items() if t != owner}

    def _bump(self, kind: str, index: int, button: int) -> None:
        counts, limit = (self.rows, self.ncols) if kind == "row" else (self.cols, self.nrows)
        step = -1 if button == 3 else 1
        counts[index] = (counts[index] + step) % (limit + 1)
        self._sync_widgets()

    def _set_counts(self, kind: str, text: str) -> None:
        n = self.nrows if kind == "row" else self.ncols
        words = text.replace(",", " ").split()
        values = [number(w, f"{kind} counts") for w in words]
        if len(values) != n:
            raise PuzzleError(f"{len(values)} {kind} counts given, the board has {n} {kind}s")
        limit = self.ncols if kind == "row" else self.nrows
        for i, v in enumerate(values):
            if not 0 <= v <= limit:
                raise PuzzleError(f"{kind} {i}: count {v} must be between 0 and {limit}")
        if kind == "row":
            self.rows = values
        else:
            self.cols = values

    def _resize(self) -> None:
        n, m = self.size_rows.value, self.size_cols.value
        self._finish()
        self.therms = [t for t in self.therms if all(r < n and c < m for r, c in t)]
        self.levels = {}
        self.rows = [min(v, m) for v in (self.rows + [0] * n)[:n]]
        self.cols = [min(v, n) for v in (self.cols + [0] * m)[:m]]
        self.nrows, self.ncols = n, m
        self._sync_widgets()

    def _counts_from_fill(self) -> None:
        grid = self._fill_grid()
        self.rows = [sum(row) for row in grid]
        self.cols = [sum(grid[r][c] for r in range(self.nrows)) for c in range(self.ncols)]
        self._sync_widgets()

    def _clear_board(self) -> None:
        self.therms, self.drawing, self.levels = [], None, {}
        self.rows, self.cols = [0] * self.nrows, [0] * self.ncols
        self._sync_widgets()

    # -- helpers ------------------------------------------------------------------------------------
    def _all_therms(self):
        return self.therms + ([self.drawing] if self.drawing and len(self.drawing) >= 2 else [])

    def _owner(self, cell):
        for t, cells in enumerate(self.therms):
            if cell in cells:
                return t
        if self.drawing and cell in self.drawing:
            return "drawing"
        return None

    def _uncovered(self):
        covered = {cell for t in self.therms for cell in t} | set(self.drawing or [])
        return [(r, c) for r in range(self.nrows) for c in range(self.ncols) if (r, c) not in covered]

    def _fill_grid(self):
        grid = [[0] * self.ncols for _ in range(self.nrows)]
        for t, level in self.levels.items():
            for r, c in self.therms[t][:level]:
                grid[r][c] = 1
        return grid

    def _sync_widgets(self) -> None:
        """Show the draft's size and counts in the boxes without treating that as an edit."""
        self._quiet = True
        try:
            self.size_rows.value, self.size_cols.value = self.nrows, self.ncols
            self.row_text.value = " ".join(map(str, self.rows))
            self.col_text.value = " ".join(map(str, self.cols))
        finally:
            self._quiet = False

    def _typed_counts(self, kind: str, text: str) -> None:
        if not self._quiet:
            self._guard(lambda: self._set_counts(kind, text), clear=True)


DEMO = SEED_BOARD
