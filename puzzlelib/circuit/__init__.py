"""Circuit Scramble as a 0/1 program (Hartmann 2019; Jandhyala, "Logic Made Linear"); chapter 2.

Rules. A logic circuit has switches at the bottom, gates in between and one or more lamps on top.
Each switch is on (1) or off (0) at the start. A gate computes its node's value from the values of
the nodes wired into it. The player flips switches until every lamp lights; the score is the number
of switches moved, so the puzzle asks for the fewest flips that light all the lamps.

Gate kinds: ``AND``, ``OR``, ``NAND``, ``NOR`` (two or more inputs), ``XOR``, ``XNOR`` (exactly two)
and ``NOT`` (exactly one). Gates may be listed in any order; the wiring must not contain a loop.

Text format (what :meth:`Puzzle.to_text` writes and :meth:`Puzzle.from_text` reads)::

    circuit
    switches: x1=0 x2=0 x3=0 x4=1 x5=0 x6=1
    g7 = AND x1 x2
    g8 = XOR x3 x4
    g9 = AND g8 x5
    g10 = OR g7 g9
    g11 = NOT x6
    g12 = AND g10 g11
    lamp: g12

The first line names the puzzle. A ``switches:`` line lists switches with their start states
(``name=0`` or ``name=1``); there may be several such lines. Each gate takes one line
``out = KIND in1 in2 ...``. The ``lamp:`` line names the lamp, or several lamps separated by
spaces, all of which must light. Names are letters, digits and underscores, starting with a letter
or underscore. Kinds may be written in any case. Lines starting with ``#`` are comments.

Files, one job each: ``formats`` (KIND, the text format, FORMATS), ``board`` (Puzzle, Solution,
SEED_BOARD), ``rules`` (RULES, check_rules, verify, brute_force and enumerate_settings), ``model``
(MODELS, build_model: the chapter's model), ``solving`` (solve, solutions, explain_infeasible),
``generators`` (random_puzzle, planted_puzzle: random circuits of ``size`` switches), ``drawing``,
``widget`` (the editor) and ``checks`` (exercises). ``PUZZLE`` at the end is the interface table.
"""

import importlib

from ..core.interface import PuzzleKind
from .board import (ARITY, KINDS, MAX_NODES, SEED_BOARD, Puzzle, Solution, apply_gate, seed_circuit,
                    solution_from_setting)
from .formats import KIND
from .generators import generate, planted_puzzle, random_puzzle
from .model import DEFAULT_MODEL, MODELS, build_model, flips_expression, gate_inequalities
from .rules import RULES, BruteForce, brute_force, check_rules, compile_circuit, enumerate_settings, verify
from .solving import explain_infeasible, format_solution, solutions, solve


def draw(puzzle: Puzzle, solution=None, *args, **kwargs):
    """The board, and ``solution`` on it when given, as a matplotlib Figure (``drawing.draw``, which
    says what else it takes). matplotlib is imported on the first drawing, not with the puzzle."""
    from .drawing import draw

    return draw(puzzle, solution, *args, **kwargs)


#: Names of drawing.py the chapters use, imported with it on first use (see ``__getattr__``).
_DRAWING = {"draw_circuit", "drawing", "layout"}


def __getattr__(name: str):
    """The drawing helpers, loaded on first use: reading and solving a board never load matplotlib."""
    if name in _DRAWING:
        drawing = importlib.import_module(".drawing", __name__)  # not `from . import`: that asks __getattr__
        return drawing if name == "drawing" else getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def editor(puzzle: Puzzle | None = None):
    """Flip switches and watch the lamp; add and remove gates; Solve finds the fewest flips."""
    from .widget import CircuitEditor

    return CircuitEditor(puzzle)


#: Homework (classroom/homework.py): the sizes the chapter uses, then the smallest and largest a
#: sheet takes, each measured within its time on two busy cores.
#: Chapter 2: the seed's 6 switches, 8, 10, 22 (30: up to 22 s, busy).
HOMEWORK_SIZES = ((6, 8, 10, 22), 3, 22)
HOMEWORK_GOAL = 'Flip as few switches as possible so that every lamp lights.'

PUZZLE = PuzzleKind(
    kind=KIND, title="Circuit Scramble", chapter=2, Puzzle=Puzzle, Solution=Solution, seed_board=SEED_BOARD,
    sizes=HOMEWORK_SIZES, goal=HOMEWORK_GOAL,
    rules=RULES, models=MODELS, build_model=build_model, solve=solve, solutions=solutions,
    check_rules=check_rules, verify=verify, brute_force=brute_force, random_puzzle=random_puzzle,
    planted_puzzle=planted_puzzle, format_solution=format_solution, draw=draw, editor=editor,
    explain_infeasible=explain_infeasible, generate=generate,
)
#: The formats a circuit can be read from and written to (text is the only one).
READERS = PUZZLE.readers
WRITERS = PUZZLE.writers

# The chapter's helpers stay importable by name but are not public (issue 30: what __all__ lists
# validates its arguments; these trust theirs, as the library's own code calls them):
#   gate_inequalities, flips_expression, enumerate_settings, compile_circuit, draw_circuit, layout,
#   apply_gate, solution_from_setting, seed_circuit
__all__ = [
    "KIND", "SEED_BOARD", "PUZZLE", "Puzzle", "Solution", "RULES", "MODELS", "READERS", "WRITERS",
    "build_model", "solve", "solutions", "check_rules", "verify", "brute_force", "random_puzzle", "generate",
    "planted_puzzle", "format_solution", "explain_infeasible", "draw", "editor", "DEFAULT_MODEL",
    "KINDS", "ARITY", "MAX_NODES", "BruteForce",
]
