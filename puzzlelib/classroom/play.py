"""Play mode for the editors (issue 40): a player fills cells, asks for hints, sees mistakes.

Every editor gets a row of play controls under its tools (the puzzles' pictures differ, so what a
click writes is each picture's *surface*, :mod:`.play_kinds`):

* **Play** (a toggle): while on, a click writes the player's answer instead of editing the board:
  0/1 cells cycle empty, 1 (filled, a star, water), 0 (marked empty); digits, colours, dot numbers and
  a tile's or a disk's turns cycle through their values (a right click goes backwards); Knight Moves
  and Slider take a square, then the square the path goes to next; Circuit Scramble's switches cycle
  undecided, flipped, kept; V3ck's edges cycle through the colours. The board keeps its givens.
* **Hint**: the next forced cell (green) and, shaded, the cells its reason reads; the message gives
  the reason (propagation on named rules, the LP's Farkas weights, or the no-good search).
* **Mistakes**: with every cell of a grid answer filled, the cells of each broken rule
  (``check_rules``' cells); otherwise the rule the filled cells break, or else the filled cells no
  filling completes.
* **New board**: a board made by the puzzle's ``generate`` at the size and level chosen beside it,
  proven unique (the message says so, and how the integer program rates it).

The board must have exactly one answer (one optimum) for hints (a board with two would have no
forced cell the player could trust); an edited board is checked once with the no-good search.
"""

from __future__ import annotations

import re

from ..core.errors import NoSolution, PuzzleError, SolverError

#: The kinds whose answer is a grid of the values play mode writes: with every cell filled, Mistakes
#: asks the rule checker (check_rules) for the broken rules; the others ask the hints.
GRID_ANSWERS = ("thermometer", "binairo", "aquarium", "starbattle", "sudoku", "kakuro")


def supported(editor) -> bool:
    from . import hints

    module = getattr(editor, "module", None)
    return module is not None and hints.supported(getattr(module, "KIND", ""))


def attach(editor):
    """The play controls of ``editor``, or None for a puzzle the hints do not cover yet (the editors
    call this through ``puzzlelib.display.PLAY_MODE``, which ``puzzlelib/__init__.py`` sets)."""
    return Play(editor) if supported(editor) else None


def board_size(text):
    """The size typed into a size box: empty for the puzzle's usual size, ``n`` or ``r x c``."""
    text = (text or "").strip().lower()
    if not text:
        return None
    match = re.fullmatch(r"(\d{1,3})\s*(?:[x×,]\s*(\d{1,3}))?", text)
    if not match:
        raise PuzzleError(f"size: expected a number like 8 or 6x8, got {text[:20]!r}")
    return int(match[1]) if match[2] is None else (int(match[1]), int(match[2]))


class Play:
    """The play state and controls of one editor (see the module docstring)."""

    def __init__(self, editor):
        import ipywidgets as widgets

        from . import hints, play_kinds

        self.editor = editor
        self.hints = hints
        self.entries: dict = {}       # cell -> the player's value
        self.marks: dict = {}         # cell -> colour (hint, reason, mistakes)
        self.answer = None            # the board's one answer, once known
        self.answer_of = None         # the board text it belongs to
        self.chosen = None            # a path square clicked, waiting for where it goes next
        self.last = None              # the last hint
        self.surface = play_kinds.surface(getattr(editor.module, "KIND", ""), editor)
        self.cells: dict = {}
        self._model = None            # (board text, table, Rows, cells) of the board last set up
        self.generated = None
        self.toggle = widgets.ToggleButton(value=False, description="Play", icon="gamepad",
                                           tooltip="Click cells to write your answer", layout=widgets.Layout(width="auto"))
        self.toggle.observe(self._on_toggle, names="value")
        self.size = widgets.Text(value="", placeholder="usual", description="size",
                                 layout=widgets.Layout(width="8em"), style={"description_width": "auto"})
        self.level = widgets.Dropdown(options=[("any level", None), ("easy", "easy"), ("medium", "medium"),
                                               ("hard", "hard")], layout=widgets.Layout(width="9em"))
        self.seed = widgets.BoundedIntText(value=1, min=0, max=10**6, description="seed",
                                           layout=widgets.Layout(width="9em"), style={"description_width": "auto"})
        buttons = [editor._button("Hint", self.hint), editor._button("Mistakes", self.mistakes),
                   editor._button("New board", self.new_board, "info")]
        self.box = widgets.HBox([self.toggle, *buttons, self.size, self.level, self.seed],
                                layout=widgets.Layout(flex_flow="row wrap"))
        self.box.add_class("puzzlelib-play")

    # -- state ----------------------------------------------------------------------------------
    @property
    def active(self) -> bool:
        return bool(self.toggle.value)

    def _on_toggle(self, change) -> None:
        if change["new"]:
            self.editor.say("Play: click a cell to write your answer (again to change it); Hint shows the "
                            "next forced cell and why; Mistakes shows what is wrong.", "info")
        self.editor.redraw()

    def _setup(self):
        puzzle = self.editor.current_puzzle()
        key = puzzle.to_text()
        if key != getattr(self, "board_key", None):  # another board: the entries belonged to the old one
            self.board_key = key
            self.board_changed()
        if self._model is None or self._model[0] != key:  # the model is built once per board, not per click
            table = self.hints._table(puzzle)
            _, rows, cells, _ = self.hints.setup(table, puzzle)
            self._model = (key, table, rows, cells)
        _, table, rows, self.cells = self._model
        return puzzle, table, rows, self.cells

    def board_changed(self) -> None:
        """The board was replaced or edited: the player's entries and marks no longer apply."""
        self.entries, self.marks, self.chosen = {}, {}, None

    def _answer(self, puzzle, table):
        key = puzzle.to_text()
        if self.answer_of != key:
            found = table.solutions(puzzle, limit=2, time_limit=self.editor.time_limit)
            if not found:
                raise NoSolution("this board has no answer: there is nothing to play")
            if len(found) > 1:
                raise PuzzleError("this board has more than one answer, so no cell is forced: hints need a "
                                  "board with one answer (New board makes one)")
            self.answer, self.answer_of = found[0], key
        return self.answer

    # -- actions --------------------------------------------------------------------------------
    def put(self, cell, value) -> None:
        """Write the player's ``value`` into ``cell`` (None empties it)."""
        if value is None:
            self.entries.pop(cell, None)
        else:
            self.entries[cell] = value

    def click(self, row: int, col: int, button: int = 1) -> None:
        """A click on grid cell (row, col) (the grid puzzles; see click_xy for the others)."""
        self.click_cell((row, col), button)

    def click_xy(self, x: float, y: float, button: int = 1) -> None:
        """A click at data coordinates: on the cell the picture shows there (a switch, an edge...)."""
        cell = self.surface.pick(x, y)
        if cell is not None:
            self.click_cell(cell, button)

    def click_cell(self, cell, button: int = 1) -> None:
        puzzle, table, rows, cells = self._setup()
        board = self.hints.givens(rows, cells)
        if self.chosen is not None:  # a path square waits for where it goes next: any square may be that
            said = self.surface.write(self, cell, button)
        elif cell not in cells:
            return
        elif cell in board:
            self.editor.say(f"{cell} is part of the board ({board[cell]}).", "info")
            return
        else:
            said = self.surface.write(self, cell, button)
        self.marks = {}
        left = sum(c not in self.entries and c not in board for c in cells)
        self.editor.say(f"{said} {left} cell{'s' * (left != 1)} to fill.", "info")

    def points(self, cell, value) -> list[tuple[float, float]]:
        """The clicks (data coordinates) that write ``value`` into ``cell`` from the entries as they
        are: how a test or a demo plays as a person would."""
        self._setup()
        return self.surface.points(self, cell, value)

    def hint(self, *_):
        def act():
            puzzle, table, rows, cells = self._setup()
            answer = self._answer(puzzle, table)
            got = self.hints.hint(puzzle, self.entries, answer=answer, time_limit=self.editor.time_limit)
            self.toggle.value = True
            self.marks = {}
            if got.kind == "cell":
                for c in got.cells:
                    self.marks[c] = "reason"
                self.marks[got.cell] = "hint"
                self.editor.say(f"Hint: {got}", "good")
            elif got.kind == "solved":
                self.editor.say("Solved: every cell is right.", "good")
            else:
                for c in got.cells:
                    self.marks[c] = "mistake"
                self.editor.say(f"No hint: {got.reason}.", "bad")
            self.last = got
        self.editor._guard(act, keep_message=True)

    def mistakes(self, *_):
        def act():
            puzzle, table, rows, cells = self._setup()
            board = self.hints.givens(rows, cells)
            filled = {**board, **self.entries}
            self.toggle.value = True
            self.marks = {}
            if all(c in filled for c in cells) and table.kind in GRID_ANSWERS:  # a grid answer: check_rules
                answer = self._full_answer(puzzle, table, cells, filled)
                faults = table.check_rules(puzzle, answer)
                for fault in faults:
                    for c in fault.cells:
                        if isinstance(c, tuple) and len(c) == 2:
                            self.marks[tuple(c)] = "mistake"
                if faults:
                    self.editor.say("Mistakes: " + "; ".join(f.message for f in faults[:3]) +
                                    (" ..." if len(faults) > 3 else ""), "bad")
                else:
                    self.editor.say("No mistakes: every rule holds. Solved!", "good")
                return
            got = self.hints.hint(puzzle, self.entries, answer=self._answer(puzzle, table),
                                  time_limit=self.editor.time_limit)
            if got.kind in ("broken", "mistake"):
                for c in got.cells:
                    self.marks[c] = "mistake"
                self.editor.say(f"Mistakes: {got.reason}.", "bad")
            elif got.kind == "solved":
                self.editor.say("No mistakes: every cell is right. Solved!", "good")
            else:
                self.editor.say("No mistakes so far: the filled cells can all be right.", "good")
        self.editor._guard(act, keep_message=True)

    def _full_answer(self, puzzle, table, cells, filled):
        """The player's grid as the puzzle's Solution (for check_rules)."""
        template = self._answer_or_none(puzzle, table)
        if template is not None:
            grid = [list(row) for row in template.grid]
        else:
            rows_n = 1 + max(r for r, _ in cells)
            cols_n = 1 + max(c for _, c in cells)
            grid = [[0] * cols_n for _ in range(rows_n)]
        for (r, c), v in filled.items():
            grid[r][c] = v
        return table.Solution(tuple(tuple(row) for row in grid))

    def _answer_or_none(self, puzzle, table):
        try:
            return self._answer(puzzle, table)
        except (PuzzleError, NoSolution, SolverError):
            return None

    def new_board(self, *_):
        def act():
            from .. import registry

            table = registry.table(self.editor.module.KIND)
            self.generated = table.generate(board_size(self.size.value), seed=self.seed.value,
                                            difficulty=self.level.value, time_limit=max(self.editor.time_limit, 30))
            self.editor.set_puzzle(self.generated.puzzle)
            self.board_changed()
            self.board_key = self.generated.puzzle.to_text()
            self.answer, self.answer_of = self.generated.solution, self.generated.puzzle.to_text()
            self.toggle.value = True
            self.seed.value = min(self.seed.value + 1, 10**6)
            self.editor.say(f"New board: {self.generated.summary()}. Click cells to play.", "good")
        self.editor._guard(act, clear=True, keep_message=True)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, ax) -> None:
        """The player's entries and the marks, over the board the editor drew."""
        if not self.active and not self.marks:
            return
        try:
            _, _, _, cells = self._setup()
        except Exception:  # noqa: BLE001 - an invalid draft: nothing to play on
            return
        self.surface.draw(ax, self, cells)
