"""The live Flow Free editor: place pairs of dots by colour, then solve.

Modes (the buttons above the message line):

- **Place dots**: pick a colour in the list and click an empty cell to put a dot of that colour
  there; after its second dot the list moves on to the next unused colour. Clicking a dot removes it.
- **Erase pair**: click a dot to remove both dots of its colour.

"Clear board" empties the board, Rows / Cols / Resize change its size (dots outside are dropped).
Solve draws the pipes; Check uniqueness looks for a second colouring.
"""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as widgets

from ..display.editor import BoardEditor
from ..core.errors import PuzzleError
from .board import COLOUR_NAMES, DEMO, Puzzle
from .formats import FLOWFREE, KIND
from .drawing import draw_board
from .solving import solutions, solve

#: What the shared editor calls: this puzzle's kind, board class, solve and solutions.
PUZZLE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)

PLACE, ERASE = "Place dots", "Erase pair"


class FlowFreeEditor(BoardEditor):
    module = PUZZLE
    modes = (PLACE, ERASE)

    def __init__(self, puzzle: Puzzle | None = None):
        self.cells: list[list[str]] = []
        self.rule = FLOWFREE  # the loaded board's rule: a board edited here keeps it
        narrow = dict(style={"description_width": "initial"}, layout=widgets.Layout(width="8em"))
        self.size_rows = widgets.BoundedIntText(min=2, max=20, value=5, description="Rows", **narrow)
        self.size_cols = widgets.BoundedIntText(min=2, max=20, value=5, description="Cols", **narrow)
        self.colour = widgets.Dropdown(options=list(COLOUR_NAMES), value="A", description="Colour",
                                       style={"description_width": "initial"},
                                       layout=widgets.Layout(width="10em"))
        super().__init__()
        self.set_puzzle(Puzzle.from_text(DEMO) if puzzle is None else self._own_puzzle(puzzle))
        self.say("Valid puzzle: press Solve, or click the board to change it.")
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        resize = self._button("Resize", lambda *_: self._guard(self._resize, clear=True))
        clear = self._button("Clear board", lambda *_: self._guard(self._clear_board, clear=True))
        return [widgets.HBox([self.colour, clear]), widgets.HBox([self.size_rows, self.size_cols, resize])]

    # -- hooks ------------------------------------------------------------------------------------
    def shape(self):
        return len(self.cells), len(self.cells[0]) if self.cells else 0

    def current_puzzle(self) -> Puzzle:
        return Puzzle(self._rows(), rule=self.rule)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.cells = [list(row) for row in puzzle.grid]
        self.rule = puzzle.rule
        self.size_rows.value, self.size_cols.value = puzzle.shape
        self._pick_next_colour()

    def describe_solution(self, solution) -> str:
        rounds = f" after {solution.rounds} solver runs (loops cut off)" if solution.rounds > 1 else ""
        nrows, ncols = self.shape()
        return f"Solved: {len(solution.paths)} pipes fill all {nrows * ncols} cells{rounds}."

    def draw_draft(self, ax) -> None:
        draw_board(ax, self._rows(), self.solution, labels=True)

    def on_cell(self, row, col, button):
        here = self.cells[row][col]
        if self.mode.value == ERASE:
            if here == ".":
                raise PuzzleError(f"cell ({row}, {col}) has no dot to erase")
            self.cells = [[("." if ch == here else ch) for ch in line] for line in self.cells]
            self._pick_colour(here)
            return
        if here != ".":
            self.cells[row][col] = "."
            self._pick_colour(here)
            return
        colour = self.colour.value
        placed = sum(line.count(colour) for line in self.cells)
        if placed >= 2:
            raise PuzzleError(f"colour {colour} already has two dots: pick another colour or erase a dot")
        self.cells[row][col] = colour
        if placed == 1:
            self._pick_next_colour()

    # -- editing ----------------------------------------------------------------------------------
    def _rows(self) -> list[str]:
        return ["".join(line) for line in self.cells]

    def _palette(self) -> list[str]:
        """The colour names in the board's own style: numbers first when the board numbers its dots
        (Hartmann's boards do, and the dots are drawn with their names), else letters first."""
        used = {ch for line in self.cells for ch in line if ch != "."}
        if used and all(ch.isdigit() for ch in used):
            digits = "1234567890"
            return list(digits) + [k for k in COLOUR_NAMES if k not in digits]
        return list(COLOUR_NAMES)

    def _next_colour(self) -> str:
        """The first colour with fewer than two dots (one dot waiting for its partner first)."""
        palette = self._palette()
        counts = {k: sum(line.count(k) for line in self.cells) for k in palette}
        waiting = [k for k in palette if counts[k] == 1]
        free = [k for k in palette if counts[k] == 0]
        return (waiting or free or palette[:1])[0]

    def _pick_colour(self, name: str) -> None:
        """Show ``name`` in the colour list, the list in the board's style."""
        palette = self._palette()
        if name not in palette:
            palette.insert(0, name)
        if list(self.colour.options) != palette:
            self.colour.options = palette
        self.colour.value = name

    def _pick_next_colour(self) -> None:
        self._pick_colour(self._next_colour())

    def _resize(self) -> None:
        nrows, ncols = self.size_rows.value, self.size_cols.value
        old = self.cells
        self.cells = [[old[r][c] if r < len(old) and c < len(old[r]) else "." for c in range(ncols)]
                      for r in range(nrows)]
        self._pick_next_colour()

    def _clear_board(self) -> None:
        nrows, ncols = self.shape()
        self.cells = [["."] * ncols for _ in range(nrows)]
        self._pick_next_colour()


