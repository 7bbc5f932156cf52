"""widget.py: the live Star Battle editor (imports ipywidgets; ``__init__.editor`` loads it only when called).

A left click on a cell paints it into the brush region (its letter is shown in the message line,
its cells outlined in orange); a right click picks the clicked cell's region as the brush, and
**New region** makes the next painted cell the start of a region of its own. A click on the line
above the board raises k, the stars per row, column and region (a right click lowers it), wrapping
around at the most the board holds; or type it in the **Stars** box. **Resize** makes the board
n x n (new cells join a fresh region). The base class gives Solve, Check uniqueness, Load/Save
(the text format or a puzz.link URL), the time limit and the message line.
"""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as widgets

from ..display.editor import BoardEditor
from .board import MAX_BOARD_SIDE, SEED_BOARD, Puzzle, max_stars
from .drawing import draw_board
from .formats import KIND, LETTERS, region_label
from .solving import solutions, solve

#: What BoardEditor needs of the puzzle: its kind, its Puzzle class, solve and solutions.
PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)


def _name(t: int):
    """The name a draft region number gets in the Puzzle: its letter while there are letters."""
    return region_label(t) if t < len(LETTERS) else t


class StarBattleEditor(BoardEditor):
    module = PUZZLE_MODULE

    def __init__(self, puzzle: Puzzle | None = None):
        self.region: list[list[int]] = [[0]]  # the draft, until set_puzzle
        self.stars = 1
        self.brush = 0
        narrow = dict(style={"description_width": "initial"}, layout=widgets.Layout(width="8em"))
        self.size_box = widgets.BoundedIntText(min=1, max=MAX_BOARD_SIDE, description="Size", **narrow)
        self.stars_box = widgets.BoundedIntText(min=1, max=99, description="Stars", **narrow)
        self._quiet = False
        super().__init__()
        self.stars_box.observe(lambda change: self._typed_stars(change["new"]), "value")
        self.set_puzzle(puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_text(SEED_BOARD))
        self.say("Valid puzzle: press Solve, or click the board to change it.")
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        resize = self._button("Resize", lambda *_: self._guard(self._resize, clear=True))
        new_region = self._button("New region", lambda *_: self._guard(self._new_region, clear=True))
        return [widgets.HBox([self.size_box, resize, self.stars_box, new_region])]

    # -- hooks ------------------------------------------------------------------------------------
    def shape(self):
        return len(self.region), len(self.region[0])

    def current_puzzle(self) -> Puzzle:
        return Puzzle([[_name(t) for t in line] for line in self.region], self.stars)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.region = [list(line) for line in puzzle.region_of]
        self.stars, self.brush = puzzle.stars, 0
        self._sync_widgets()

    def on_click(self, x, y, button):
        if x is None or y is None:
            return
        n = len(self.region)
        r, c = int(round(y)), int(round(x))
        if y < -0.5 and -0.5 <= x <= n - 0.5:
            self._bump_stars(-1 if button == 3 else 1)
        elif 0 <= r < n and 0 <= c < n:
            self.on_cell(r, c, button)

    def on_cell(self, row, col, button):
        if button == 3:
            self.brush = self.region[row][col]
        else:
            self.region[row][col] = self.brush

    def draw_draft(self, ax):
        grid = self.solution.grid if self.solution is not None else None
        highlight = [(r, c) for r, line in enumerate(self.region) for c, t in enumerate(line) if t == self.brush]
        draw_board(ax, self.region, self.stars, grid, labels=True, highlight=highlight)

    def describe_solution(self, solution) -> str:
        return f"Solved: {len(solution.stars())} stars, {self.stars} in every row, column and region."

    def _explain_draft(self) -> None:
        super()._explain_draft()
        self.message.value += f" <span style='color:#f57c00'>(brush: region {_name(self.brush)})</span>"

    # -- editing ----------------------------------------------------------------------------------
    def _new_region(self) -> None:
        self.brush = 1 + max(max(line) for line in self.region)

    def _bump_stars(self, step: int) -> None:
        most = max(1, max_stars(len(self.region)) // len(self.region))
        self.stars = (self.stars - 1 + step) % most + 1
        self._sync_widgets()

    def _resize(self) -> None:
        n, old = self.size_box.value, len(self.region)
        fresh = 1 + max(max(line) for line in self.region)
        self.region = [[self.region[r][c] if r < old and c < old else fresh for c in range(n)] for r in range(n)]
        self._sync_widgets()

    def _typed_stars(self, value) -> None:
        if not self._quiet:
            def act():
                self.stars = int(value)
            self._guard(act, clear=True)

    def _sync_widgets(self) -> None:
        """Show the draft's size and k in the boxes without treating that as an edit."""
        self._quiet = True
        try:
            self.size_box.value = len(self.region)
            self.stars_box.value = min(self.stars, self.stars_box.max)
        finally:
            self._quiet = False
