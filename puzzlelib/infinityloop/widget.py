"""The live Infinity Loop editor: tap a tile to turn it, change tiles, solve.

Modes: **Turn** (a click turns the tile left by a quarter, a right-click right), **Edit** (a click
adds one to the tile's code, a right-click takes one away: 0 empty, 1 right, 2 up, 4 left, 8 down,
summed). Open ends are drawn in red, so a finished board is all white.
"""

from __future__ import annotations

from types import SimpleNamespace

from ..display.editor import BoardEditor
from ..engine.rotation import turn_code
from .board import SEED_BOARD, Puzzle
from .formats import KIND
from .drawing import draw_tiles
from .rules import open_ends
from .solving import solutions, solve

PUZZLE_MODULE = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)
TURN, EDIT = "Turn", "Edit"


class InfinityLoopEditor(BoardEditor):
    module = PUZZLE_MODULE
    modes = (TURN, EDIT)

    def __init__(self, puzzle: Puzzle | None = None):
        self.tiles: list[list[int]] = [[0]]
        self.taps = 0
        super().__init__()
        self.set_puzzle(puzzle if isinstance(puzzle, Puzzle) else Puzzle.from_text(SEED_BOARD))
        self.say("Valid puzzle: press Solve, or tap tiles to turn them.")
        self.redraw()

    def shape(self):
        return len(self.tiles), len(self.tiles[0])

    def current_puzzle(self) -> Puzzle:
        return Puzzle(self.tiles)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.tiles = [list(row) for row in puzzle.tiles]
        self.taps = 0

    def on_cell(self, row, col, button):
        code = self.tiles[row][col]
        if self.mode.value == TURN:
            self.tiles[row][col] = turn_code(code, 1 if button == 1 else 3)
            self.taps += 1
        else:
            self.tiles[row][col] = (code + (1 if button == 1 else 15)) % 16

    def open_ends(self) -> set[tuple[int, int]]:
        """The tiles of the draft with a connection that meets nothing or points off the board."""
        return open_ends(self.tiles)

    def draw_draft(self, ax):
        if self.solution is not None:
            draw_tiles(ax, self.solution.grid)
        else:
            draw_tiles(ax, self.tiles, mark=self.open_ends())

    def describe_solution(self, solution) -> str:
        return f"Solved: {solution.moves} left turns from the board as given (the fewest)."

    def _explain_draft(self) -> None:
        bad = self.open_ends()
        if bad:
            self.say(f"{len(bad)} tile(s) with an open end (red).", "info")
        else:
            self.say("Closed: every connection meets another.", "good")
