"""The course as an app: every puzzle's editor in a tab, no code visible (``make play``, Voila).

``play()`` returns the app as one widget. Each tab holds a source picker (the chapter's board, a
generated board with its seed, size and level, made by the puzzle's ``generate`` and so always
proven unique, which the message says; or whatever is pasted into the editor's text box: text, a
Puzzle Team task string or a puzz.link URL) above the puzzle's own editor. Editors are built only when
their tab is first opened, so the app starts quickly however many puzzles the course has.
"""

from __future__ import annotations

import ipywidgets as widgets

from . import reader, registry
from .classroom.play import board_size
from .core.errors import NoSolution, PuzzleError, SolverError


#: Seconds "New board" may take to make a board unique and rate it.
GENERATE_SECONDS = 30.0


def ordered_kinds() -> list[str]:
    """The registered puzzles in chapter order (each table says its chapter)."""
    return registry.kinds()


def title(kind: str) -> str:
    """A puzzle's name as players know it (from its interface table)."""
    return registry.table(kind).title


class PuzzleTab(widgets.VBox):
    """One puzzle: choose a board (the chapter's or a generated one), then edit, solve, check."""

    def __init__(self, kind: str, open_elsewhere=None):
        self.kind = kind
        self.open_elsewhere = open_elsewhere  # (kind, text) -> None: the app loads a paste in its own tab
        self.table = registry.table(kind)
        self.source = widgets.Dropdown(options=["The chapter's board", "A generated board"],
                                       description="Board:", layout=widgets.Layout(width="22em"))
        self.seed = widgets.BoundedIntText(value=1, min=0, max=10**6, description="seed",
                                           layout=widgets.Layout(width="10em"),
                                           style={"description_width": "auto"})
        self.size = widgets.Text(value="", placeholder="usual", description="size",
                                 layout=widgets.Layout(width="9em"), style={"description_width": "auto"})
        self.difficulty = widgets.Dropdown(options=[("any level", None), ("easy", "easy"), ("medium", "medium"),
                                                    ("hard", "hard")], description="level",
                                           layout=widgets.Layout(width="12em"), style={"description_width": "auto"})
        self.generated = None  # the last Generated board (its answer, proof and rating), for play mode
        self.load = widgets.Button(description="New board", button_style="info")
        self.load.on_click(self.new_board)
        self.note = widgets.HTML(value="Or paste a puzzle (text, a one-line grid, a task string or a puzz.link URL) "
                                       "into the text box below and press Load.")
        self.editor = self.table.editor(self.board())
        self.editor.read_text = self.read_text  # the Load box reads through puzzlelib.read
        super().__init__([widgets.HBox([self.source, self.seed, self.size, self.difficulty, self.load]), self.note,
                          self.editor])

    def board(self):
        """The puzzle the picker names: the chapter's, or one made by the puzzle's ``generate`` (proven
        unique, rated) at the size and level asked for."""
        self.generated = None
        if self.source.value == "The chapter's board":
            return self.table.seed_puzzle()
        self.generated = self.table.generate(board_size(self.size.value), seed=self.seed.value,
                                             difficulty=self.difficulty.value, time_limit=GENERATE_SECONDS)
        return self.generated.puzzle

    def read_text(self, text: str):
        """The board pasted into the Load box, in any format of this tab's puzzle (``reader.read_in``);
        a board of another puzzle is opened in that puzzle's tab (the message here says so)."""
        try:
            return reader.read_in(text, self.kind)
        except reader.WrongTab as exc:
            other = exc.reading.kind
            if self.open_elsewhere is None:
                raise
            self.open_elsewhere(other, text)
            raise PuzzleError(f"this is a {title(other)} puzzle, not {title(self.kind)}: opened it in the "
                              f"{title(other)} tab") from None

    def new_board(self, *_):
        try:
            self.editor.puzzle = self.board()
            play = getattr(self.editor, "play", None)
            if self.generated is not None and play is not None:  # play mode knows the answer already
                play.board_key = self.generated.puzzle.to_text()
                play.board_changed()
                play.answer, play.answer_of = self.generated.solution, play.board_key
            if self.generated is not None:
                self.editor.say(f"New board: {self.generated.summary()}. Play it, or press Solve.", "info")
            else:
                self.editor.say("The chapter's board loaded (unique): play it, or press Solve.", "info")
        except (PuzzleError, NoSolution, SolverError) as exc:
            self.editor.say(str(exc), "bad")


#: Whole tab titles: ipywidgets gives every tab the same width (144 px) and cuts longer titles ("Circuit
#: Scram"); here each tab is as wide as its title and the tabs wrap onto a second row when the window is
#: narrow, so that no title is cut at 1200 px or more.
TAB_STYLE = """<style>
.puzzlelib-app > .widget-tab > .lm-TabBar .lm-TabBar-content { flex-wrap: wrap; }
.puzzlelib-app > .widget-tab > .lm-TabBar .lm-TabBar-tab { flex: 0 0 auto; max-width: none; min-width: 0; }
.puzzlelib-app > .widget-tab > .lm-TabBar .lm-TabBar-tabLabel { overflow: visible; text-overflow: clip; }
</style>"""


class App(widgets.VBox):
    """All puzzles in tabs; a tab's editor is made when the tab is first shown."""

    def __init__(self, kinds: list[str] | None = None):
        self.kinds = list(kinds or ordered_kinds())
        self.tabs = widgets.Tab(children=[widgets.VBox() for _ in self.kinds])
        for i, kind in enumerate(self.kinds):
            self.tabs.set_title(i, title(kind))
        self.pages: dict[str, PuzzleTab] = {}
        self.tabs.observe(self._on_select, names="selected_index")
        super().__init__([widgets.HTML(TAB_STYLE), self.tabs])
        self.add_class("puzzlelib-app")
        if self.kinds:
            self.tabs.selected_index = 0
            self._on_select({"new": 0})

    def page(self, kind: str) -> PuzzleTab:
        """The tab of ``kind``, built on first use."""
        if kind not in self.pages:
            i = self.kinds.index(kind)
            self.pages[kind] = PuzzleTab(kind, open_elsewhere=self.open_paste)
            children = list(self.tabs.children)
            children[i] = self.pages[kind]
            self.tabs.children = children
            self.tabs.set_title(i, title(kind))
        return self.pages[kind]

    def select(self, kind: str) -> PuzzleTab:
        self.tabs.selected_index = self.kinds.index(kind)
        return self.page(kind)

    def open_paste(self, kind: str, text: str) -> None:
        """Show ``kind``'s tab with ``text`` loaded into its editor (a paste made in another tab)."""
        if kind not in self.kinds:
            raise PuzzleError(f"this is a {title(kind)} puzzle, which this app has no tab for")
        tab = self.select(kind)
        tab.editor.text.value = text
        tab.editor.load_text()

    def _on_select(self, change) -> None:
        index = change["new"]
        if index is not None:
            self.page(self.kinds[index])

    def __repr__(self) -> str:  # the same whatever the number of puzzles, so play.ipynb's output stays put
        return "<puzzle-ip app: one tab per puzzle>"

    def _repr_pretty_(self, p, cycle):
        p.text(repr(self))


def play(kinds: list[str] | None = None) -> App:
    """The app, for a notebook cell or Voila."""
    return App(kinds)
