"""formats.py: the puzzle's kind and its text format; strings in, plain data out (and back).

Role. ``KIND`` lives here. ``read_text(text) -> dict`` returns the keyword arguments of the
``Puzzle`` constructor (plain data, checked for grammar only: the graph itself is checked by
``board.Puzzle``, which puts the line numbers of ``lines`` in front of its messages), and
``write_text(puzzle)`` takes the Puzzle duck-typed (this file never imports ``board.py``).

The text format::

    v3ck
    colours r g b
    node a 0 0 r=1 g=1 b=1
    node b 2 0 r=1 g=1 b=1
    ...
    edge a b
    edge a c

The first line names the puzzle; the ``colours`` line (``colors`` is read too) lists the colour
names; each ``node <name> <x> <y> <colour>=<count> ...`` line gives a node, its position for
drawing (numbers, y down) and how many of its edges must have each colour (a colour left out: 0);
each ``edge <a> <b>`` line joins two nodes. Node and edge lines may come in any order after the
colours line. Lines starting with ``#`` are comments.
"""

from __future__ import annotations

import re

from ..core.codecs import Line, text_lines
from ..core.errors import PuzzleError
from ..core.interface import Format

KIND = "v3ck"
#: A count word: ``<colour>=<whole number>``.
COUNT = re.compile(r"([^=\s]+)=([0-9]{1,4})")
#: A position: a decimal number, optionally signed (no exponent, no inf or nan).
NUMBER = re.compile(r"-?[0-9]{1,6}(\.[0-9]{1,6})?")


def read_text(text) -> dict:
    """The text format (see the module docstring) as ``dict(colours, nodes, edges, lines)``."""
    lines = text_lines(text, KIND)
    if not lines:
        raise PuzzleError(f"{KIND} text: expected a line 'colours ...', then node and edge lines")
    first = lines[0].text.split()
    if first[0].lower() not in ("colours", "colors") or len(first) < 2:
        raise PuzzleError(f"line {lines[0].number}: expected 'colours' and the colour names, "
                          f"found {lines[0].text[:40]!r}")
    nodes, edges, node_lines, edge_lines = [], [], [], []
    for line in lines[1:]:
        word = line.text.split()[0].lower()
        if word == "node":
            nodes.append(_node(line))
            node_lines.append(line.number)
        elif word == "edge":
            edges.append(_edge(line))
            edge_lines.append(line.number)
        else:
            raise PuzzleError(f"line {line.number}: expected a 'node' or an 'edge' line, found {line.text[:40]!r}")
    return dict(colours=first[1:], nodes=nodes, edges=edges,
                lines=dict(colours=lines[0].number, nodes=node_lines, edges=edge_lines))


def _node(line: Line) -> tuple:
    """``node <name> <x> <y> <colour>=<count> ...`` as ``(name, x, y, {colour: count})``."""
    words = line.text.split()
    if len(words) < 4:
        raise PuzzleError(f"line {line.number}: expected 'node <name> <x> <y> <colour>=<count> ...', "
                          f"found {line.text[:40]!r}")
    xy = []
    for axis, word in zip("xy", words[2:4]):
        if not NUMBER.fullmatch(word):
            raise PuzzleError(f"line {line.number}: node {words[1][:20]}: {axis} {word[:20]!r} is not a number")
        xy.append(float(word))
    counts = {}
    for word in words[4:]:
        match = COUNT.fullmatch(word)
        if not match:
            raise PuzzleError(f"line {line.number}: node {words[1][:20]}: {word[:20]!r} is not "
                              "<colour>=<whole number>")
        if match[1] in counts:
            raise PuzzleError(f"line {line.number}: node {words[1][:20]}: colour {match[1][:20]} is counted twice")
        counts[match[1]] = int(match[2])
    return (words[1], xy[0], xy[1], counts)


def _edge(line: Line) -> tuple[str, str]:
    words = line.text.split()
    if len(words) != 3:
        raise PuzzleError(f"line {line.number}: expected 'edge <a> <b>', found {line.text[:40]!r}")
    return (words[1], words[2])


def number(value: float) -> str:
    """A position as the text format writes it: ``2`` for 2.0, ``0.5`` for 0.5."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def write_text(puzzle) -> str:
    """The text format of a board (any object with ``colours``, ``nodes`` and ``edges``)."""
    out = [KIND, "colours " + " ".join(puzzle.colours)]
    for name, x, y, demand in puzzle.nodes:
        counts = [f"{c}={n}" for c, n in zip(puzzle.colours, demand) if n]
        out.append(" ".join(["node", name, number(x), number(y), *counts]))
    out += [f"edge {a} {b}" for a, b in puzzle.edges]
    return "\n".join(out) + "\n"


FORMATS = (Format("text", read_text, write_text, "the colours, then node lines (position, counts) and edge lines"),)
