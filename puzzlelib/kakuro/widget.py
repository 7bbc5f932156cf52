"""The live Kakuro editor: place black cells and clues, type digits, solve, check uniqueness.

Three click modes. "Black / white" toggles a cell between white and black. "Clue" writes the down
and across sums from the two boxes into the clicked cell (0 means no sum; both 0 makes a plain
black cell). "Digit" writes the chosen digit into a white cell as a player would (clicking the
same digit again, or a right click, rubs it out); "Check my digits" says which rules they break.
"""

from __future__ import annotations

from types import SimpleNamespace

import ipywidgets as widgets

from ..display.editor import BoardEditor
from ..core.errors import PuzzleError
from .board import MAX_SIDE, SEED_BOARD, Puzzle
from .drawing import draw_cells
from .formats import BLACK, KIND, WHITE, cell_text, parse_cell
from .rules import check_rules
from .solving import solutions, solve


#: What BoardEditor needs of the puzzle, gathered here: a file of the puzzle may not import its package.
PUZZLE_API = SimpleNamespace(KIND=KIND, Puzzle=Puzzle, solve=solve, solutions=solutions)


class KakuroEditor(BoardEditor):
    module = PUZZLE_API
    modes = ("Black / white", "Clue", "Digit")

    def __init__(self, puzzle: Puzzle | None = None):
        self.cells: list[list[str]] = []
        self.pencil: dict[tuple[int, int], int] = {}
        self.marks: set = set()
        self.rows_box = widgets.BoundedIntText(value=9, min=2, max=MAX_SIDE, description="Rows",
                                               style={"description_width": "auto"}, layout=widgets.Layout(width="8em"))
        self.cols_box = widgets.BoundedIntText(value=9, min=2, max=MAX_SIDE, description="Cols",
                                               style={"description_width": "auto"}, layout=widgets.Layout(width="8em"))
        self.down_box = widgets.BoundedIntText(value=0, min=0, max=45, description="Down sum",
                                               style={"description_width": "auto"}, layout=widgets.Layout(width="10em"))
        self.across_box = widgets.BoundedIntText(value=0, min=0, max=45, description="Across sum",
                                                 style={"description_width": "auto"},
                                                 layout=widgets.Layout(width="10em"))
        self.digit_box = widgets.Dropdown(options=list(range(1, 10)), value=1, description="Digit",
                                          style={"description_width": "auto"}, layout=widgets.Layout(width="8em"))
        super().__init__()
        self.set_puzzle(puzzle if puzzle is not None else Puzzle.from_text(SEED_BOARD))
        self.say("Valid puzzle: press Solve, or pick a mode and click the board.")
        self.redraw()

    # -- controls -------------------------------------------------------------------------------
    def extra_controls(self):
        resize = self._button("New size", lambda *_: self._guard(self._resize, clear=True))
        check = self._button("Check my digits", lambda *_: self._guard(self._check_digits, keep_message=True))
        return [widgets.HBox([self.down_box, self.across_box, self.digit_box]),
                widgets.HBox([self.rows_box, self.cols_box, resize, check])]

    def _explain_draft(self) -> None:
        """As every editor, and a board with runs that have no clue says so (pzprjs allows them: their
        digits need only differ), so that a clue left out is not mistaken for a finished board."""
        super()._explain_draft()
        if getattr(self, "play", None) is not None and self.play.active:
            return
        try:
            free = [run for run in self.current_puzzle().runs if run.total is None]
        except PuzzleError:
            return
        if free:
            self.say(f"Valid puzzle, but {len(free)} run{'s have' if len(free) != 1 else ' has'} no clue "
                     f"(first: {free[0]}): such a run's digits need only differ, as pzprjs reads it. Give it "
                     f"a sum in Clue mode, or press Solve.", "info")

    # -- hooks ----------------------------------------------------------------------------------
    def shape(self):
        return len(self.cells), len(self.cells[0])

    def current_puzzle(self) -> Puzzle:
        return Puzzle(self.cells)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.cells = [list(row) for row in puzzle.cells]
        self.pencil = {}
        self.marks = set()
        self.rows_box.value, self.cols_box.value = puzzle.shape

    def on_cell(self, row, col, button):
        self.marks = set()
        mode = self.mode.value
        if mode == "Digit":
            self._type_digit(row, col, button)
            return
        self.pencil.pop((row, col), None)
        if mode == "Clue":
            down, across = (int(box.value) or None for box in (self.down_box, self.across_box))
            self.cells[row][col] = cell_text(down, across)
        else:
            self.cells[row][col] = BLACK if self.cells[row][col] == WHITE else WHITE

    def describe_solution(self, solution) -> str:
        runs = len(self.current_puzzle().runs)
        return f"Solved: every one of the {runs} runs adds up to its clue with distinct digits."

    def draw_draft(self, ax) -> None:
        grid = self.solution.grid if self.solution is not None else None
        draw_cells(self.cells, grid, ax=ax, mark=self.marks, pencil=self.pencil)

    # -- editing --------------------------------------------------------------------------------
    def _type_digit(self, row, col, button) -> None:
        if parse_cell(self.cells[row][col], f"cell ({row}, {col})")[0] != "white":
            raise PuzzleError(f"cell ({row}, {col}) is black: digits go in white cells")
        digit = int(self.digit_box.value)
        if button == 3 or self.pencil.get((row, col)) == digit:
            self.pencil.pop((row, col), None)
        else:
            self.pencil[row, col] = digit

    def _check_digits(self) -> None:
        puzzle = self.current_puzzle()
        nrows, ncols = puzzle.shape
        grid = [[self.pencil.get((r, c), 0) for c in range(ncols)] for r in range(nrows)]
        broken = [(f.code, f.message) for f in check_rules(puzzle, grid) if "is empty" not in f.message]
        self.marks = set()
        for run in puzzle.runs:
            if any(str(run) in text for _, text in broken):
                self.marks.update(cell for cell in run.cells if cell in self.pencil)
        empty = sum(1 for cell in puzzle.white if cell not in self.pencil)
        if broken:
            self.say(f"{len(broken)} rule(s) broken: {broken[0][1]}", "bad")
        elif empty:
            self.say(f"No rule broken so far; {empty} white cells still empty.", "good")
        else:
            self.say("Solved by hand: every run adds up, no digit twice.", "good")

    def _resize(self) -> None:
        nrows, ncols = int(self.rows_box.value), int(self.cols_box.value)
        self.cells = [[BLACK] * ncols] + [[BLACK] + [WHITE] * (ncols - 1) for _ in range(nrows - 1)]
        self.pencil = {}
        self.marks = set()
