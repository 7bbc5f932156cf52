"""widget.py: the live editor (imports ipywidgets; ``__init__.editor`` loads it only when called).

Modes (the buttons above the message line):

- **Block**: click a square to block it, click it again to open it.
- **Start**: click an open square to move the start there.
- **End**: click an open square to fix the end there; click the end again to free it (the path may
  then end anywhere).

Solve draws a knight's path numbered 1, 2, ...; Check uniqueness says whether another path exists
(and draws it). The base class gives Load/Save, the time limit and the message line.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..core.errors import PuzzleError
from ..display.editor import BoardEditor
from .board import SEED_BOARD, Puzzle
from .drawing import draw_board, draw_path
from .formats import BLOCKED, KIND, OPEN
from .solving import solutions, solve

#: What BoardEditor needs of the puzzle: its kind, its Puzzle class, solve and solutions.
PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)
BLOCK, START, END = "Block", "Start", "End"


class KnightMovesEditor(BoardEditor):
    module = PUZZLE_MODULE
    modes = (BLOCK, START, END)

    def __init__(self, puzzle: Puzzle | None = None):
        self.cells: list[list[str]] = [[OPEN]]  # the draft, until set_puzzle
        self.start, self.end = (0, 0), None
        super().__init__()
        self.set_puzzle(Puzzle.from_text(SEED_BOARD) if puzzle is None else self._own_puzzle(puzzle))
        self.say("Valid puzzle: press Solve, or click the board to change it.")
        self.redraw()

    def shape(self):
        return len(self.cells), len(self.cells[0])

    def current_puzzle(self) -> Puzzle:
        return Puzzle(["".join(row) for row in self.cells], self.start, self.end)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.cells = [list(line) for line in puzzle.grid]
        self.start, self.end = puzzle.start, puzzle.end

    def on_cell(self, row, col, button):
        cell = (row, col)
        mode = self.mode.value
        if mode == BLOCK:
            if cell in (self.start, self.end):
                what = "start" if cell == self.start else "end"
                raise PuzzleError(f"square {cell} holds the {what}: move it before blocking the square")
            self.cells[row][col] = OPEN if self.cells[row][col] == BLOCKED else BLOCKED
            return
        if self.cells[row][col] == BLOCKED:
            raise PuzzleError(f"square {cell} is blocked: the {mode.lower()} must be on an open square")
        if mode == START:
            if cell == self.end:
                raise PuzzleError(f"square {cell} is the end: free it (click it in End mode) first")
            self.start = cell
        elif cell == self.end:
            self.end = None
        elif cell == self.start:
            raise PuzzleError(f"square {cell} is the start: the end must be another square")
        else:
            self.end = cell

    def draw_draft(self, ax):
        draw_board(ax, self.cells, self.start, self.end)
        if self.solution is not None:
            draw_path(ax, self.shape(), list(self.solution.path))

    def describe_solution(self, solution) -> str:
        first, last = solution.path[0], solution.path[-1]
        return f"Solved: a knight's path of {len(solution.path)} squares from {first} to {last}."
