"""widget.py: the live Monodot editor (imports ipywidgets; ``__init__.editor`` loads it only when called).

A left click on a cell blocks it or frees it. The dots' numbers stand in a strip under the board:
a left click on a number raises it (wrapping from the most, 4 or 8 with 'diagonal', back to 1), a
right click removes that dot, and a click on the ``+`` after the last number adds a dot numbered 1.
The flags 'diagonal' and 'partial' come with a loaded text. The base class gives Solve, Check
uniqueness, Load/Save, the time limit and the message line.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..display.editor import BoardEditor
from .board import KIND, SEED_BOARD, Puzzle
from .drawing import draw
from .formats import BLOCKED, FREE
from .solving import solutions, solve

#: What BoardEditor needs of the puzzle: its kind, its Puzzle class, solve and solutions.
PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)


class MonodotEditor(BoardEditor):
    module = PUZZLE_MODULE

    def __init__(self, puzzle: Puzzle | None = None):
        self.dots, self.grid = [1], [[FREE]]  # the draft, until set_puzzle
        self.diagonal = self.partial = False
        super().__init__()
        self.set_puzzle(puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_text(SEED_BOARD))
        self.say("Valid puzzle: press Solve, or click a cell or a dot's number to change it.")
        self.redraw()

    def shape(self):
        return len(self.grid), len(self.grid[0])

    def current_puzzle(self) -> Puzzle:
        return Puzzle(tuple(self.dots), tuple("".join(row) for row in self.grid), self.diagonal, self.partial)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.dots = list(puzzle.dots)
        self.grid = [list(row) for row in puzzle.grid]
        self.diagonal, self.partial = puzzle.diagonal, puzzle.partial

    def on_click(self, x, y, button):
        if x is None or y is None:
            return
        nrows, ncols = self.shape()
        r, c = int(round(y)), int(round(x))
        if 0 <= r < nrows and 0 <= c < ncols:
            if button == 1:
                self.grid[r][c] = FREE if self.grid[r][c] == BLOCKED else BLOCKED
            return
        slot = int(round(y - nrows - 0.5)) * ncols + c if y > nrows - 0.5 and 0 <= c < ncols else -1
        if 0 <= slot < len(self.dots):
            if button == 1:
                self.dots[slot] = self.dots[slot] % (8 if self.diagonal else 4) + 1
            elif len(self.dots) > 1:
                del self.dots[slot]
        elif slot == len(self.dots) and button == 1:
            self.dots.append(1)

    def draw_draft(self, ax):
        draw(self._draft(), self.solution, ax=ax, plus=True)

    def _draft(self) -> Puzzle:
        """The draft as a Puzzle to draw, the dot count not checked against the free cells."""
        return Puzzle(tuple(self.dots), tuple("".join(row) for row in self.grid), self.diagonal, partial=True) \
            if not self.partial else self.current_puzzle()

    def describe_solution(self, solution) -> str:
        placed = sum(cell is not None for cell in solution.cells)
        return f"Solved: {placed} of {len(solution.cells)} dots placed, each with its number of neighbours."
