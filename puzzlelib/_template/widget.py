"""widget.py: the live editor (imports ipywidgets; ``__init__.editor`` loads it only when called).

Role. Subclass :class:`puzzlelib.display.editor.BoardEditor` and fill in its hooks: the draft
(``shape``, ``current_puzzle``, ``set_puzzle``), what a click does (``on_cell`` or ``on_click``), and
``draw_draft``. The base class gives Solve, Check uniqueness, Load/Save, the time limit and the
message line, and turns every error into a sentence there.

The template's editor: a left click on a cell cycles open -> given 1 -> given 0 -> open (a right
click goes the other way); a click on a count above a column or left of a row raises it by one
(a right click lowers it), wrapping around at the side's length.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..display.editor import BoardEditor
from .board import KIND, SEED_BOARD, Puzzle
from .drawing import draw
from .solving import solutions, solve

#: What BoardEditor needs of the puzzle: its kind, its Puzzle class, solve and solutions.
PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)
#: A given cell's next state on a left click (a right click goes backwards).
CYCLE = (None, 1, 0)


class TemplateEditor(BoardEditor):
    module = PUZZLE_MODULE

    def __init__(self, puzzle: Puzzle | None = None):
        self.rows, self.cols, self.grid = [0], [0], [[None]]  # the draft, until set_puzzle
        super().__init__()
        self.set_puzzle(puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_text(SEED_BOARD))
        self.say("Valid puzzle: press Solve, or click a cell or a count to change it.")
        self.redraw()

    def shape(self):
        return len(self.rows), len(self.cols)

    def current_puzzle(self) -> Puzzle:
        return Puzzle(self.rows, self.cols, self.grid)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.rows, self.cols = list(puzzle.rows), list(puzzle.cols)
        self.grid = [list(row) for row in puzzle.grid]

    def on_click(self, x, y, button):
        if x is None or y is None:
            return
        r, c = int(round(y)), int(round(x))
        nrows, ncols = self.shape()
        step = 1 if button == 1 else -1
        if r == -1 and 0 <= c < ncols:
            self.cols[c] = (self.cols[c] + step) % (nrows + 1)
        elif c == -1 and 0 <= r < nrows:
            self.rows[r] = (self.rows[r] + step) % (ncols + 1)
        elif 0 <= r < nrows and 0 <= c < ncols:
            self.grid[r][c] = CYCLE[(CYCLE.index(self.grid[r][c]) + step) % len(CYCLE)]

    def draw_draft(self, ax):
        draw(self.current_puzzle(), self.solution, ax=ax)

    def describe_solution(self, solution) -> str:
        ones = sum(map(sum, solution.grid))
        return f"Solved: {ones} cells hold a 1."
