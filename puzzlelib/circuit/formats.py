"""The circuit text format: text <-> plain data (a dict of switches, a list of gates, a list of lamps).

Nothing here builds a :class:`~puzzlelib.circuit.board.Puzzle`; ``board.py`` validates what these
functions return. Circuit Scramble has no Puzzle Team or puzz.link form, so text is the one format.
"""

from __future__ import annotations

from ..core.errors import PuzzleError
from ..core.validate import check_text

KIND = "circuit"
#: The words that may open the switches line and the lamp line.
SWITCH_WORDS = ("switches", "switch", "inputs")
LAMP_WORDS = ("lamp", "lamps", "output")


def read_text(text) -> tuple[dict[str, int], list[tuple[str, ...]], list[str], dict[str, int]]:
    """Read the text format into ``(inputs, gates, lamps, lines)``.

    The format, line by line (blank lines and lines starting with ``#`` are skipped)::

        circuit                                  the kind (optional in this reader)
        switches: x1=0 x2=0 x3=1                 switches and start states; may repeat
        g4 = AND x1 x2                           a gate: out = KIND in1 in2 ...
        g5 = NOT x3
        lamp: g4 g5                              the lamp(s), all on one line

    ``inputs`` maps each switch to its start state 0 or 1, ``gates`` lists
    ``(out, kind, in1, ...)`` as written, ``lamps`` lists the lamp nodes and ``lines`` maps each
    node (and ``"lamp:"``, and ``"#k"`` for the k-th gate) to the line that defines it, so that an
    error found later names its line. Names are checked by ``Puzzle``, not here.
    """
    text = check_text(text, "circuit text")
    inputs: dict[str, int] = {}
    gates: list[tuple[str, ...]] = []
    lamps: list[str] | None = None
    where: dict[str, int] = {}
    lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1)
             if ln.strip() and not ln.strip().startswith("#")]
    if lines and lines[0][1].split()[0].lower().rstrip(":") == KIND:
        lines = lines[1:]
    for n, line in lines:
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
    return inputs, gates, lamps, where


def write_text(inputs, gates, lamps) -> str:
    """The text format of a circuit given as plain data (the inverse of :func:`read_text`)."""
    out = [KIND, "switches: " + " ".join(f"{k}={v}" for k, v in inputs.items())]
    out += [f"{g[0]} = {g[1]} " + " ".join(g[2:]) for g in gates]
    out.append("lamp: " + " ".join(lamps))
    return "\n".join(out) + "\n"
