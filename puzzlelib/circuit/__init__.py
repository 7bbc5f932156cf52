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

Files, one job each: ``formats`` (the text format), ``board`` (Puzzle, Solution, SEED_BOARD),
``rules`` (verify, brute_force), ``model`` (the chapter's model), ``solving`` (solve, solutions),
``generators`` (random circuits), ``drawing``, ``widget`` (the editor) and ``checks`` (exercises).
"""

from .board import (ARITY, KIND, KINDS, MAX_NODES, SEED_BOARD, Puzzle, Solution, apply_gate, seed_circuit,
                    solution_from_setting)
from .drawing import draw, draw_circuit, layout
from .generators import planted_puzzle, random_puzzle
from .model import build_model, flips_expression, gate_inequalities
from .rules import BruteForce, brute_force, compile_circuit, verify
from .solving import explain_infeasible, format_solution, solutions, solve

#: The formats a circuit can be read from and written to (text is the only one).
READERS = {"text": Puzzle.from_text}
WRITERS = {"text": Puzzle.to_text}


def editor(puzzle: Puzzle | None = None):
    """Flip switches and watch the lamp; add and remove gates; Solve finds the fewest flips."""
    from .widget import CircuitEditor

    return CircuitEditor(puzzle)


__all__ = [
    "KIND", "KINDS", "ARITY", "MAX_NODES", "SEED_BOARD", "READERS", "WRITERS", "Puzzle", "Solution",
    "build_model", "gate_inequalities", "flips_expression", "solve", "solutions", "verify", "format_solution",
    "brute_force", "compile_circuit", "random_puzzle", "planted_puzzle", "draw", "draw_circuit", "layout",
    "editor", "apply_gate", "solution_from_setting", "seed_circuit", "explain_infeasible", "BruteForce",
]
