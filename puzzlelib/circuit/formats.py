"""The circuit text format: text <-> the Puzzle's constructor arguments (switches, gates, lamps).

Nothing here builds a :class:`~puzzlelib.circuit.board.Puzzle`; ``board.py`` validates what
:func:`read_text` returns (its ``lines`` let a construction error name the line at fault), and
:func:`write_text` takes the Puzzle. Circuit Scramble has no Puzzle Team or puzz.link form, so text
is the one format of ``FORMATS``.
"""

from __future__ import annotations

from ..core.codecs import text_lines
from ..core.errors import PuzzleError
from ..core.interface import Format

KIND = "circuit"
#: The words that may open the switches line and the lamp line.
SWITCH_WORDS = ("switches", "switch", "inputs")
LAMP_WORDS = ("lamp", "lamps", "output")


def read_text(text) -> dict:
    """Read the text format into ``dict(inputs=, gates=, output=, lines=)``.

    The format, line by line (blank lines and lines starting with ``#`` are skipped)::

        circuit                                  the kind (optional in this reader)
        switches: x1=0 x2=0 x3=1                 switches and start states; may repeat
        g4 = AND x1 x2                           a gate: out = KIND in1 in2 ...
        g5 = NOT x3
        lamp: g4 g5                              the lamp(s), all on one line

    ``inputs`` maps each switch to its start state 0 or 1, ``gates`` lists
    ``(out, kind, in1, ...)`` as written, ``output`` lists the lamp nodes and ``lines`` maps each
    node (and ``"lamp:"``, and ``"#k"`` for the k-th gate) to the line that defines it, so that an
    error found later names its line. Names are checked by ``Puzzle``, not here.
    """
    inputs: dict[str, int] = {}
    gates: list[tuple[str, ...]] = []
    lamps: list[str] | None = None
    where: dict[str, int] = {}
    for n, line in text_lines(text, KIND, header="optional"):
        head, _, rest = line.partition(":")
        key = head.strip().lower()
        if "=" not in head and key in SWITCH_WORDS:
            for word in rest.split():
                name, eq, state = word.partition("=")
                if not eq or not name or state not in ("0", "1"):
                    raise PuzzleError(f"line {n}: write each switch as name=0 or name=1, found {word!r}")
                if name in inputs:
                    raise PuzzleError(f"line {n}: switch {name} is listed twice")
                inputs[name] = int(state)
                where.setdefault(name, n)
        elif "=" not in head and key in LAMP_WORDS:
            if lamps is not None:
                raise PuzzleError(f"line {n}: a second lamp line (list all lamps on one line)")
            lamps = rest.split()
            if not lamps:
                raise PuzzleError(f"line {n}: the lamp line names no node")
            where["lamp:"] = n
        elif "=" in line:
            out, _, expr = line.partition("=")
            words = expr.split()
            if not out.strip() or len(out.split()) != 1 or not words:
                raise PuzzleError(f"line {n}: a gate is written 'out = KIND in1 in2', found {line!r}")
            gates.append((out.strip(), *words))
            where.setdefault(out.strip(), n)
            where[f"#{len(gates)}"] = n
        else:
            raise PuzzleError(f"line {n}: expected 'switches: ...', a gate 'out = KIND in1 in2' "
                              f"or 'lamp: ...', found {line!r}")
    if lamps is None:
        raise PuzzleError("no 'lamp:' line: name the node that must light")
    return dict(inputs=inputs, gates=gates, output=lamps, lines=where)


def write_text(puzzle) -> str:
    """The text format of a circuit (the inverse of :func:`read_text`)."""
    out = [KIND, "switches: " + " ".join(f"{k}={v}" for k, v in puzzle.inputs.items())]
    out += [f"{g[0]} = {g[1]} " + " ".join(g[2:]) for g in puzzle.gates]
    out.append("lamp: " + " ".join(puzzle.lamps))
    return "\n".join(out) + "\n"


FORMATS = (Format("text", read_text, write_text, "switches, one gate per line, the lamps"),)
