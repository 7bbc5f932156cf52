"""Scaffolding for the live editors: a clickable picture, tools, a message line, load and save.

The picture is the puzzle's own ``draw`` output on an ipympl canvas, so a click on the board goes
straight to the kernel and the redrawn picture comes back; there is no grid of buttons to keep in
step with the picture. A puzzle's editor subclasses :class:`BoardEditor` and supplies the hooks
(what a click does, how to draw the draft, how to turn the draft into a ``Puzzle``).

Every action runs inside :meth:`BoardEditor._guard`, so a bad state becomes a sentence in the
message line beside the board, never a traceback. Tests drive an editor with :meth:`click` and
:meth:`press`, which take exactly the path a real click or button press takes.
"""

from __future__ import annotations

import base64
import html
import io
import sys
import traceback
import warnings
from collections.abc import Callable

import ipywidgets as widgets
from matplotlib.figure import Figure

from .drawing import cell_from_xy
from ..core import interface
from ..core.errors import NoSolution, PuzzleError, SolverError, TimeLimitReached
from ..core.validate import MAX_SIDE, check_int, check_time_limit, real_or_none

#: Seconds an editor's Solve or Check uniqueness may take before it gives up (adjustable per editor).
#: The chapters' boards take well under a second; a pasted 26x26 Numberlink page (issue 41) needs
#: about 7 s in the editor for its answer, which 5 s cut off.
DEFAULT_TIME_LIMIT = 15.0



def _import_ipympl():
    """ipympl's canvas, imported without letting ipympl take over matplotlib's backend.

    ``ipympl/__init__.py`` calls ``matplotlib.use(ipympl)`` when matplotlib is already loaded,
    which would turn every later picture of the notebook into a widget and drop the inline
    images (nothing would show under nbval or on a static page). The editors build their own ipympl
    canvas and need no backend, so the package is imported while matplotlib is out of sight.
    """
    if "ipympl" not in sys.modules:
        matplotlib = sys.modules.pop("matplotlib", None)
        try:
            import ipympl  # noqa: F401  (its __init__ sees no matplotlib and changes nothing)
        finally:
            if matplotlib is not None:
                sys.modules["matplotlib"] = matplotlib
    from ipympl.backend_nbagg import Canvas, FigureManager

    return Canvas, FigureManager


try:  # ipympl gives a canvas that is a widget and sends clicks to the kernel
    Canvas, FigureManager = _import_ipympl()
except ImportError:  # pragma: no cover - ipympl is a dependency
    Canvas = FigureManager = None

_EXPECTED = (PuzzleError, NoSolution, SolverError, ValueError)


def _coordinate(value, where: str) -> float:
    """A click's data coordinate: a finite real number (an int, a float, a numpy number), as a float."""
    if value is None:
        raise PuzzleError(f"{where}: expected a number, got None")
    return float(real_or_none(value, where))


class BoardEditor(widgets.HBox):
    """Base class of the puzzle editors (see the module docstring)."""

    #: the puzzle module (with Puzzle, solve, solutions, draw) the editor serves
    module = None
    #: the names of the click modes; the first is the default
    modes: tuple[str, ...] = ()

    def __init__(self, figsize: float = 5.0, time_limit: float = DEFAULT_TIME_LIMIT):
        self.solution = None  # the solution drawn on top of the draft, if any
        self.time_limit = check_time_limit(time_limit, "time limit")
        self.last_error: str | None = None
        self.bugs: list[str] = []  # unexpected exceptions (ours): the fuzz tests require none
        self.figure = Figure(figsize=(figsize, figsize))
        self.ax = self.figure.add_axes((0.01, 0.01, 0.98, 0.98))
        if Canvas is None:  # pragma: no cover
            raise ImportError("the editors need ipympl: pip install ipympl")
        self.canvas = Canvas(self.figure)
        with warnings.catch_warnings():  # ipympl's toolbar passes traitlets an argument it deprecates
            warnings.simplefilter("ignore", DeprecationWarning)
            self._manager = FigureManager(self.canvas, 0)
        self.canvas.header_visible = False
        self.canvas.footer_visible = False
        self.canvas.toolbar_visible = False
        self.canvas.resizable = False
        self.canvas.capture_scroll = False
        self.canvas.mpl_connect("button_press_event", self._on_press)

        self.mode = widgets.ToggleButtons(options=list(self.modes), description="Click to:",
                                          style={"button_width": "auto"}) if self.modes else None
        self.message = widgets.HTML(value="")
        self.message.add_class("puzzlelib-message")
        self.buttons: dict[str, widgets.Button] = {}
        self.text = widgets.Textarea(placeholder="Puzzle as text: Save fills this box, Load reads it.",
                                     layout=widgets.Layout(width="100%", height="9em"))
        tools = self.extra_controls()
        self.limit_box = widgets.BoundedFloatText(value=self.time_limit, min=0.1, max=600, step=1,
                                                  description="Time limit (s):",
                                                  style={"description_width": "auto"},
                                                  layout=widgets.Layout(width="12em"))
        self.limit_box.observe(self._on_limit, names="value")
        actions = widgets.HBox([self._button("Solve", self.solve, "primary"),
                                self._button("Check uniqueness", self.check_uniqueness),
                                self._button("Clear solution", self.clear_solution), self.limit_box],
                               layout=widgets.Layout(flex_flow="row wrap"))  # wrap, never cut a button
        files = widgets.HBox([self._button("Load", self.load_text), self._button("Save", self.save_text)])
        from .. import display  # play mode (issue 40): puzzlelib/__init__.py hands the package PLAY_MODE

        attach = getattr(display, "PLAY_MODE", None)
        self.play = attach(self) if attach is not None else None
        side = [w for w in (self.mode, *tools, self.play and self.play.box, actions, self.message, files, self.text)
                if w is not None]
        panel = widgets.VBox(side, layout=widgets.Layout(width="46em", padding="0 0 0 12px"))
        # Where the board and the panel do not fit side by side (a notebook beside the file browser at
        # 1200 px), the panel goes under the board whole instead of squeezing its buttons ("So...").
        super().__init__([self.canvas, panel], layout=widgets.Layout(flex_flow="row wrap"))
        self.add_class("puzzlelib-editor")

    # -- hooks a puzzle's editor fills in --------------------------------------------------------
    def extra_controls(self) -> list[widgets.Widget]:
        """Widgets placed under the mode buttons (size, counts, ...)."""
        return []

    def on_click(self, x: float, y: float, button: int) -> None:
        """A click at data coordinates (x, y); by default forwarded to :meth:`on_cell`."""
        rows, cols = self.shape()
        cell = cell_from_xy(x, y, rows, cols)
        if cell is not None:
            self.on_cell(*cell, button)

    def on_cell(self, row: int, col: int, button: int) -> None:
        raise NotImplementedError

    def shape(self) -> tuple[int, int]:
        raise NotImplementedError

    def current_puzzle(self):
        """The draft as a ``Puzzle``; raises PuzzleError naming what is wrong."""
        raise NotImplementedError

    def set_puzzle(self, puzzle) -> None:
        raise NotImplementedError

    def draw_draft(self, ax) -> None:
        """Draw the draft (which may be incomplete) and ``self.solution`` into ``ax``."""
        raise NotImplementedError

    def describe_solution(self, solution) -> str:
        return "Solved."

    # -- the public surface ---------------------------------------------------------------------
    @property
    def puzzle(self):
        """The current puzzle, for notebook code (raises PuzzleError while the draft is invalid)."""
        return self.current_puzzle()

    @puzzle.setter
    def puzzle(self, value) -> None:
        def act():
            self.set_puzzle(self._own_puzzle(value))
        self._guard(act, clear=True)

    def _own_puzzle(self, value):
        """``value`` if it is a puzzle of this editor's kind, else a PuzzleError saying what it is."""
        expected = self.module.Puzzle
        if not isinstance(value, expected):
            raise PuzzleError(f"this editor takes a {self.module.KIND} Puzzle, got {type(value).__module__}."
                              f"{type(value).__name__}")
        return value

    def _on_limit(self, change) -> None:
        try:
            self.time_limit = check_time_limit(change["new"], "time limit")
            self.say(f"Solve and Check uniqueness give up after {self.time_limit:g} s.", "info")
        except PuzzleError as exc:
            self.say(str(exc), "bad")

    def click(self, row: int, col: int, button: int = 1) -> None:
        """Click the centre of a cell, as a person would (used by tests and demos)."""
        row, col = (check_int(v, f"click: {name}", -MAX_SIDE, 2 * MAX_SIDE) for v, name in ((row, "row"), (col, "col")))
        button = check_int(button, "click: button", 1, 3)
        self._guard(lambda: self._route(float(col), float(row), button), clear=True)

    def click_xy(self, x: float, y: float, button: int = 1) -> None:
        """Click at data coordinates, for margins such as count labels.

        ``x`` and ``y`` are finite numbers (a point off the board is a click on nothing); anything else,
        inf, nan, text or None, is refused with a PuzzleError naming the argument, before any edit."""
        x, y = (_coordinate(v, f"click_xy: {name}") for v, name in ((x, "x"), (y, "y")))
        button = check_int(button, "click_xy: button", 1, 3)
        self._guard(lambda: self._route(x, y, button), clear=True)

    def _route(self, x: float, y: float, button: int) -> None:
        """A click goes to play mode while it is on (it writes the player's answer), else to the editor."""
        if self.play is not None and self.play.active:
            self.play.click_xy(x, y, button)
            return
        self.on_click(x, y, button)

    def press(self, name: str) -> None:
        """Press a button by its label (an unknown label is a PuzzleError naming the buttons there are)."""
        if not isinstance(name, str) or name not in self.buttons:
            raise PuzzleError(f"press: {str(name)[:30]!r} is no button of this editor: "
                              f"choose one of {', '.join(map(repr, self.buttons))}")
        self.buttons[name].click()

    def solve(self, *_):
        def act():
            self.solution = self.module.solve(self.current_puzzle(), time_limit=self.time_limit)
            self.say(self.describe_solution(self.solution), "good")
        self._guard(act, keep_message=True)

    def check_uniqueness(self, *_):
        def act():
            try:
                found = self.module.solutions(self.current_puzzle(), limit=2, time_limit=self.time_limit)
            except SolverError as exc:
                if not exc.found:
                    raise
                self.solution = exc.found[0]
                self.say(f"A solution is drawn, but the proof that it is the only one was cut off after "
                         f"{self.time_limit:g} s (raise the time limit to try longer).", "bad")
                return
            if not found:
                raise NoSolution("this puzzle has no solution")
            if len(found) == 1:
                self.solution = found[0]
                self.say("Unique: the search with a no-good cut found no second solution.", "good")
            else:
                self.solution = found[1]
                self.say("Not unique: a second solution is drawn (the first differs from it).", "bad")
        self._guard(act, keep_message=True)

    def clear_solution(self, *_):
        self._guard(lambda: None, clear=True)

    def load_text(self, *_):
        def act():
            text = self.text.value.strip()
            puzzle_cls = self.module.Puzzle
            puzzle = self.read_text(text)
            self.set_puzzle(self._own_puzzle(puzzle))
            self.say("Loaded.", "good")
        self._guard(act, clear=True, keep_message=True)

    def read_text(self, text: str):
        """The puzzle in the text box, in any format the puzzle reads (``Puzzle.read``: the text format,
        a puzz.link URL, a task string, ...); one PuzzleError names the formats tried when none reads."""
        door = interface.PASTE_DOOR  # puzzlelib.reader.read_in: another puzzle's paste is named, with its tab
        return door(text, self.module.KIND) if door is not None else self.module.Puzzle.read(text)

    def save_text(self, *_):
        def act():
            self.text.value = self.current_puzzle().to_text()
            self.say("Saved to the text box: copy it, or press Load later.", "good")
        self._guard(act, keep_message=True)

    def say(self, text: str, tone: str = "info") -> None:
        colour = {"good": "#2e7d32", "bad": "#c62828", "info": "#333333"}[tone]
        self.message.value = f'<span style="color:{colour}">{html.escape(text)}</span>'

    def redraw(self) -> None:
        self.ax.clear()
        self.draw_draft(self.ax)
        if getattr(self, "play", None) is not None:
            self.play.draw(self.ax)
        self.canvas.draw_idle()

    def _repr_pretty_(self, p, cycle):  # a short, stable text form for notebooks under nbval
        p.text(repr(self))

    def _repr_mimebundle_(self, **kwargs):
        """The live widget, plus the board as a PNG for every view without a kernel.

        JupyterLab shows the widget; a saved notebook, nbviewer, GitHub and the book show the
        picture (nbval does not compare images, so the stored outputs stay stable).
        """
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        bundle = dict(bundle)
        bundle["image/png"] = self.png()
        return bundle

    def png(self) -> str:
        """The board as drawn now, as base64 PNG text."""
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", dpi=72)
        return base64.b64encode(buffer.getvalue()).decode("ascii")

    def __repr__(self) -> str:
        try:
            rows, cols = self.shape()
            return f"<{type(self).__name__} {rows}x{cols}>"
        except Exception:
            return f"<{type(self).__name__}>"

    # -- plumbing -------------------------------------------------------------------------------
    def _button(self, label: str, action: Callable, style: str = "") -> widgets.Button:
        button = widgets.Button(description=label, button_style=style,
                                layout=widgets.Layout(width="auto", flex="0 0 auto"))  # as wide as its label
        button.on_click(action)
        self.buttons[label] = button
        return button

    def _on_press(self, event) -> None:
        if event.inaxes is not self.ax:
            return
        button = int(getattr(event.button, "value", event.button) or 1)
        self._guard(lambda: self._route(event.xdata, event.ydata, button), clear=True)

    def _guard(self, action: Callable[[], None], clear: bool = False, keep_message: bool = False) -> None:
        """Run an action; report expected failures in words and keep the editor usable."""
        if clear:
            self.solution = None
        try:
            action()
            self.last_error = None
            if not keep_message and not (getattr(self, "play", None) is not None and self.play.active):
                self._explain_draft()  # (in play mode the click's own message stays)
        except NotImplementedError:
            raise
        except SolverError as exc:
            self.last_error = str(exc)
            if isinstance(exc, TimeLimitReached):
                self.say(f"Gave up after {self.time_limit:g} s (raise the time limit to try longer).", "bad")
            else:
                self.say(str(exc), "bad")
        except _EXPECTED as exc:
            self.last_error = str(exc)
            self.say(str(exc), "bad")
        except Exception as exc:  # a bug of ours: still a sentence, with the detail for a report
            self.last_error = f"{type(exc).__name__}: {exc}"
            self.bugs.append(self.last_error)
            self.say(f"Unexpected error ({self.last_error}). Please report it.", "bad")
            traceback.print_exc()
        finally:
            self.redraw()

    def _explain_draft(self) -> None:
        """After an edit: say whether the draft is a valid puzzle, and if not, why."""
        if getattr(self, "play", None) is not None and self.play.active:
            return  # play mode says what a click did
        try:
            self.current_puzzle()
        except PuzzleError as exc:
            self.say(f"Not a valid puzzle yet: {exc}", "info")
        else:
            self.say("Valid puzzle: press Solve.", "info")
