"""The live Aquarium editor: paint tanks, set counts, plant water, then solve.

Modes (the buttons above the message line):

- **Paint tank**: click a cell to give it to the brush tank (shown in the message line and in
  orange on the board). Right-click a cell to pick its tank as the brush; **New tank** makes the
  next painted cell the start of a tank of its own.
- **Water**: click a cell to fill its tank up to that cell's row (click the top water row again to
  lower it by one row); **Counts from water** then writes the counts of your planted filling.

Counts: click a count outside the board to raise it (right-click lowers it); past the largest
count comes "no clue" and then 0 again. Or type them, ``.`` for no clue.
"""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as widgets

from ..display.editor import BoardEditor
from ..core.errors import PuzzleError
from .board import SEED_BOARD, Puzzle
from .drawing import draw_board
from .formats import KIND, tank_label
from .solving import solutions, solve

#: What the editor base class needs of the puzzle (the package itself cannot be imported from here).
PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)

PAINT, WATER = "Paint tank", "Water"
DEMO = SEED_BOARD


class AquariumEditor(BoardEditor):
    module = PUZZLE_MODULE
    modes = (PAINT, WATER)

    def __init__(self, puzzle: Puzzle | None = None):
        self.tank: list[list[int]] = [[0]]
        self.rows: list[int | None] = [None]
        self.cols: list[int | None] = [None]
        self.brush = 0
        self.water: dict[int, int] = {}  # Water mode: planted level (wet rows from the bottom) per tank
        narrow = dict(style={"description_width": "initial"}, layout=widgets.Layout(width="8em"))
        self.size_rows = widgets.BoundedIntText(min=1, max=30, description="Rows", **narrow)
        self.size_cols = widgets.BoundedIntText(min=1, max=30, description="Cols", **narrow)
        wide = dict(style={"description_width": "initial"}, layout=widgets.Layout(width="19em"),
                    continuous_update=False)
        self.row_text = widgets.Text(description="Row counts", **wide)
        self.col_text = widgets.Text(description="Col counts", **wide)
        self._quiet = False
        super().__init__()
        self.row_text.observe(lambda change: self._typed_counts("row", change["new"]), "value")
        self.col_text.observe(lambda change: self._typed_counts("col", change["new"]), "value")
        self.set_puzzle(puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_text(DEMO))
        self.say("Valid puzzle: press Solve, or click the board to change it.")
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        resize = self._button("Resize", lambda *_: self._guard(self._resize, clear=True))
        new_tank = self._button("New tank", lambda *_: self._guard(self._new_tank, clear=True))
        from_water = self._button("Counts from water", lambda *_: self._guard(self._counts_from_water, clear=True))
        clear = self._button("Clear board", lambda *_: self._guard(self._clear_board, clear=True))
        return [widgets.HBox([self.size_rows, self.size_cols, resize]),
                widgets.HBox([self.row_text, self.col_text]),
                widgets.HBox([new_tank, from_water, clear])]

    # -- hooks ------------------------------------------------------------------------------------
    def shape(self):
        return len(self.tank), len(self.tank[0])

    def current_puzzle(self) -> Puzzle:
        """The draft as a Puzzle; tanks go by the names the picture shows (a, b, ...)."""
        return Puzzle([[tank_label(t) for t in line] for line in self.tank], self.rows, self.cols)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.tank = [list(line) for line in puzzle.tank_of]
        self.rows, self.cols = list(puzzle.rows), list(puzzle.cols)
        self.brush, self.water = 0, {}
        self._sync_widgets()

    def describe_solution(self, solution) -> str:
        levels = solution.levels(self.current_puzzle())
        full = sum(1 for v in levels if v)
        return f"Solved: {solution.wet()} wet cells; {full} of {len(levels)} tanks hold water."

    def draw_draft(self, ax) -> None:
        grid = self.solution.grid if self.solution is not None else (self._water_grid() if self.water else None)
        highlight = [(r, c) for r, line in enumerate(self.tank) for c, t in enumerate(line) if t == self.brush] \
            if self.mode is not None and self.mode.value == PAINT else None
        draw_board(ax, self.tank, self.rows, self.cols, grid, labels=True, highlight=highlight)

    def on_click(self, x, y, button):
        if x is None or y is None:
            return
        nrows, ncols = self.shape()
        r, c = int(round(y)), int(round(x))
        if x < -0.5 and 0 <= r < nrows:  # a row count
            self._bump("row", r, button)
        elif y < -0.5 and 0 <= c < ncols:  # a column count
            self._bump("col", c, button)
        elif 0 <= r < nrows and 0 <= c < ncols:
            self.on_cell(r, c, button)

    def on_cell(self, row, col, button):
        if self.mode.value == WATER:
            self._pour(row, col)
        elif button == 3:
            self.brush = self.tank[row][col]
        else:
            self._paint(row, col)

    def _explain_draft(self) -> None:
        super()._explain_draft()
        if self.mode is not None and self.mode.value == PAINT:
            self.message.value += f" <span style='color:#f57c00'>(brush: tank {tank_label(self.brush)})</span>"

    # -- editing ----------------------------------------------------------------------------------
    def _paint(self, row: int, col: int) -> None:
        if self.tank[row][col] != self.brush:
            self.tank[row][col] = self.brush
            self.water = {}

    def _new_tank(self) -> None:
        self.brush = 1 + max(max(line) for line in self.tank)

    def _pour(self, row: int, col: int) -> None:
        t = self.tank[row][col]
        rows = sorted({r for r, line in enumerate(self.tank) for c, v in enumerate(line) if v == t}, reverse=True)
        if rows != list(range(rows[0], rows[-1] - 1, -1)):
            raise PuzzleError(f"tank {tank_label(t)} is in pieces: join it before pouring water")
        level = rows.index(row) + 1
        self.water[t] = level - 1 if self.water.get(t) == level else level

    def _bump(self, kind: str, index: int, button: int) -> None:
        nrows, ncols = self.shape()
        counts, limit = (self.rows, ncols) if kind == "row" else (self.cols, nrows)
        cycle = [*range(limit + 1), None]
        step = -1 if button == 3 else 1
        counts[index] = cycle[(cycle.index(counts[index]) + step) % len(cycle)]
        self._sync_widgets()

    def _set_counts(self, kind: str, text: str) -> None:
        nrows, ncols = self.shape()
        n, limit = (nrows, ncols) if kind == "row" else (ncols, nrows)
        words = text.replace(",", " ").split()
        if len(words) != n:
            raise PuzzleError(f"{len(words)} {kind} counts given, the board has {n} {kind}s")
        values = []
        for i, word in enumerate(words):
            if word == ".":
                values.append(None)
            elif word.isascii() and word.isdigit() and int(word) <= limit:
                values.append(int(word))
            else:
                raise PuzzleError(f"{kind} {i}: {word[:10]!r} must be a count from 0 to {limit}, or '.' for no clue")
        if kind == "row":
            self.rows = values
        else:
            self.cols = values

    def _resize(self) -> None:
        n, m = self.size_rows.value, self.size_cols.value
        old_rows, old_cols = self.shape()
        fresh = 1 + max(max(line) for line in self.tank)
        self.tank = [[self.tank[r][c] if r < old_rows and c < old_cols else fresh for c in range(m)] for r in range(n)]
        self.rows = [None if v is None else min(v, m) for v in (self.rows + [None] * n)[:n]]
        self.cols = [None if v is None else min(v, n) for v in (self.cols + [None] * m)[:m]]
        self.water = {}
        self._sync_widgets()

    def _counts_from_water(self) -> None:
        grid = self._water_grid()
        nrows, ncols = self.shape()
        self.rows = [sum(line) for line in grid]
        self.cols = [sum(grid[r][c] for r in range(nrows)) for c in range(ncols)]
        self._sync_widgets()

    def _clear_board(self) -> None:
        nrows, ncols = self.shape()
        self.tank = [[0] * ncols for _ in range(nrows)]
        self.rows, self.cols = [None] * nrows, [None] * ncols
        self.brush, self.water = 0, {}
        self._sync_widgets()

    # -- helpers ------------------------------------------------------------------------------------
    def _water_grid(self):
        nrows, ncols = self.shape()
        bottom: dict[int, int] = {}
        for r in range(nrows):
            for c in range(ncols):
                bottom[self.tank[r][c]] = max(bottom.get(self.tank[r][c], r), r)
        return [[int(bottom[self.tank[r][c]] - r < self.water.get(self.tank[r][c], 0)) for c in range(ncols)]
                for r in range(nrows)]

    def _sync_widgets(self) -> None:
        """Show the draft's size and counts in the boxes without treating that as an edit."""
        self._quiet = True
        try:
            nrows, ncols = self.shape()
            self.size_rows.value, self.size_cols.value = nrows, ncols
            self.row_text.value = " ".join("." if v is None else str(v) for v in self.rows)
            self.col_text.value = " ".join("." if v is None else str(v) for v in self.cols)
        finally:
            self._quiet = False

    def _typed_counts(self, kind: str, text: str) -> None:
        if not self._quiet:
            self._guard(lambda: self._set_counts(kind, text), clear=True)
