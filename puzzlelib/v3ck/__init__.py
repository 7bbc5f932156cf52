"""V3ck as an edge colouring (Hartmann 2019, "More Logic Puzzle Apps Solved by Mathematical
Programming", INFORMS Transactions on Education 20(1):49-55); chapter 11.

Rules (the course's reading; the app's colour sets per level are not known to us). A graph is
drawn: nodes, each at a position, joined by edges. A set of colours is given, and each node shows
how many of its edges must have each colour (a colour may be wanted more than once at a node, or
not at all). Colour every edge with exactly one colour so that every node has exactly its counts.
A node's counts add up to its degree: the board refuses one that does not.

With three colours and one edge of each colour wanted at every node of a cubic graph this is
3-edge-colouring (a Tait colouring), which is NP-complete (Holyer, "The NP-completeness of
edge-coloring", SIAM J. Computing 10(4), 1981): V3ck is as hard as puzzles get, and small boards
are still easy. The Petersen graph (``PETERSEN``) is the famous cubic graph with no such colouring.

Coordinates: a node's position is (x, y), x to the right and y down, in the units of the drawing.
An answer gives one colour per edge, in the order the edges are listed (``Solution.colours``).

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    v3ck
    colours r g b
    node a 0 0 r=2 b=1
    node b 4 0 r=2 g=1
    node c 2 3 r=1 g=1 b=1
    node d 1 1 r=1 g=2
    node e 3 1 r=1 g=1 b=1
    node f 2 2 r=1 g=1 b=1
    edge a b
    edge b c
    edge c a
    edge a d
    edge b e
    edge c f
    edge d e
    edge e f
    edge f d

The first line names the puzzle; ``colours`` lists the colour names; ``node <name> <x> <y>
<colour>=<count> ...`` gives a node, its position and its counts (a colour left out: 0); ``edge <a>
<b>`` joins two nodes (no loops, no double edges). Lines starting with ``#`` are comments. A bad
line (an unknown node or colour, a loop, an edge given twice, a count that is negative or not a
whole number, counts that do not add up to the node's degree) is a PuzzleError naming the line.

Models (``MODELS``): ``edges``, one binary z[e, c] per edge and colour, one colour per edge and
each node's count of each colour (the default); ``symmetric``, the same with the colours of one
node's edges fixed where the colours are interchangeable (every node wants the same count of each),
which keeps one colouring per renaming of the colours.

Files, each with one role (see its docstring): ``formats`` (KIND, the text format), ``board``
(Puzzle, Solution, SEED_BOARD, PETERSEN), ``rules`` (RULES, check_rules, verify, brute_force),
``model`` and ``model_symmetric`` (MODELS, build_model), ``solving`` (solve, solutions,
format_solution, explain_infeasible), ``generators`` (random_puzzle, planted_puzzle), ``drawing``
(draw), ``widget`` (the editor), ``checks`` (Exercise 11.2).
"""

import importlib

from ..core.interface import PuzzleKind, require
from .board import PETERSEN, SEED_BOARD, Node, Puzzle, Solution, interchangeable, symmetry_fix
from .formats import KIND
from .generators import generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_edges, build_model, build_symmetric
from .model_symmetric import add_symmetry_breaking
from .rules import RULES, brute_force, check_rules, verify
from .solving import explain_infeasible, format_solution, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"draw_graph", "drawing"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None):
    """Click edges to colour them; add and remove nodes and edges; read the counts off a colouring."""
    from .widget import V3ckEditor  # ipywidgets is imported only when an editor is made

    return V3ckEditor(None if puzzle is None else require(puzzle, Puzzle, "editor"))


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores.
#: Chapter 11: nodes of the graph (the 6-node seed prism).
HOMEWORK_SIZES = ((6, 8), 4, 30)
HOMEWORK_GOAL = ""  # homework makes one from the title

PUZZLE = PuzzleKind(
    kind=KIND, title="V3ck", chapter=11, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate)

#: The formats a board can be read from / written to, by name (for older callers; PUZZLE has them).
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   interchangeable, symmetry_fix, draw_graph, build_edges, build_symmetric, add_symmetry_breaking
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "DEFAULT_MODEL", "READERS",
    "WRITERS", "build_model", "solve", "solutions", "check_rules", "verify", "brute_force",
    "random_puzzle", "planted_puzzle", "generate", "format_solution", "explain_infeasible", "draw",
    "editor", "PETERSEN", "Node",
]
