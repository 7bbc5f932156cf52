"""rules.py: the rules as named checks (no solver), their words, and the oracle for small boards.

Role. ``RULES`` lists each rule as ``Rule(code, text)``; ``check_rules(puzzle, answer)`` yields a
``Fault(code, message, cells)`` for every broken rule (``cells`` holds node names and edge
indices), ``verify`` is their messages, and ``brute_force`` finds every colouring by backtracking
over the edges, so the tests can hold the models against it. An answer is a ``Solution``, a
sequence of colour names in edge order (None for an uncoloured edge), a text of such names
separated by spaces (``.`` for an uncoloured edge), or a mapping ``(a, b) -> colour`` (an edge left
out is uncoloured). A malformed answer (wrong length, not a name) is a PuzzleError, not a fault.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, faults_in_words, require
from ..core.validate import check_choice, check_optional_limit
from .board import Puzzle, Solution, as_solution, symmetry_fix

RULES = (
    Rule("uncoloured-edge", "every edge has a colour"),
    Rule("unknown-colour", "an edge's colour is one of the puzzle's colours"),
    Rule("node-count", "each node has exactly its count of edges of each colour"),
)
#: The brute force refuses graphs with more edges than this (it backtracks over the edges).
BRUTE_FORCE_EDGES = 40
#: The formulations whose answers brute_force can list (``symmetric`` fixes one node's colours).
BRUTE_MODELS = ("edges", "symmetric")


def read_answer(puzzle: Puzzle, answer) -> tuple[str | None, ...]:
    """The colour (or None) of each edge of an answer, or a PuzzleError naming the fault."""
    require(puzzle, Puzzle, "check_rules")
    if isinstance(answer, Solution):
        answer = answer.colours
    if isinstance(answer, str):
        answer = [None if word == "." else word for word in answer.split()]
    if isinstance(answer, Mapping):
        return _from_mapping(puzzle, answer)
    if isinstance(answer, (bytes, bytearray)) or not isinstance(answer, Sequence):
        raise PuzzleError(f"answer: expected a colour for each edge, got {type(answer).__name__}")
    if len(answer) != len(puzzle.edges):
        raise PuzzleError(f"answer: {len(answer)} colours for {len(puzzle.edges)} edges")
    for e, colour in enumerate(answer):
        if colour is not None and not isinstance(colour, str):
            a, b = puzzle.edges[e]
            raise PuzzleError(f"answer: edge {a}-{b}: expected a colour name, got {repr(colour)[:30]}")
    return tuple(answer)


def _from_mapping(puzzle: Puzzle, answer: Mapping) -> tuple[str | None, ...]:
    index = {}
    for e, (a, b) in enumerate(puzzle.edges):
        index[(a, b)] = index[(b, a)] = e
    found: list[str | None] = [None] * len(puzzle.edges)
    for key, colour in answer.items():
        if not isinstance(key, tuple) or key not in index:
            raise PuzzleError(f"answer: {repr(key)[:30]} is not an edge (a pair of joined node names)")
        if colour is not None and not isinstance(colour, str):
            raise PuzzleError(f"answer: edge {key[0]}-{key[1]}: expected a colour name, got {repr(colour)[:30]}")
        found[index[key]] = colour
    return tuple(found)


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule of ``answer`` as a coded Fault (``[]``: solved)."""
    colours = read_answer(puzzle, answer)
    faults = []
    for e, ((a, b), colour) in enumerate(zip(puzzle.edges, colours)):
        if colour is None:
            faults.append(Fault("uncoloured-edge", f"edge {a}-{b} has no colour", (e,)))
        elif colour not in puzzle.colours:
            faults.append(Fault("unknown-colour", f"edge {a}-{b} has colour {colour[:20]!r}, which is not one of "
                                f"{' '.join(puzzle.colours)}", (e,)))
    incident = puzzle.incident()
    for node in puzzle.nodes:
        have = [sum(colours[e] == c for e in incident[node.name]) for c in puzzle.colours]
        wrong = [f"{n} {c} (wants {d})" for c, n, d in zip(puzzle.colours, have, node.demand) if n != d]
        if wrong:
            faults.append(Fault("node-count", f"node {node.name} has " + ", ".join(wrong), (node.name,)))
    return faults


def verify(puzzle: Puzzle, answer) -> list[str]:
    """The broken rules in words, in the order ``check_rules`` found them (``[]``: solved)."""
    return faults_in_words(check_rules(puzzle, answer))


def brute_force(puzzle: Puzzle, limit: int | None = None, model: str = "edges") -> list[Solution]:
    """Every colouring (up to ``limit``) by backtracking over the edges: no solver.

    With ``model="symmetric"`` only the colourings that keep ``board.symmetry_fix`` (the answers of
    the symmetric formulation: one per renaming of the colours, where colours are interchangeable)."""
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    check_choice(model, BRUTE_MODELS, "model")
    if len(puzzle.edges) > BRUTE_FORCE_EDGES:
        raise PuzzleError(f"brute force tries graphs up to {BRUTE_FORCE_EDGES} edges; this one has "
                          f"{len(puzzle.edges)}")
    fixed = symmetry_fix(puzzle) if model == "symmetric" else {}
    left = {node.name: list(node.demand) for node in puzzle.nodes}
    ends = [(a, b) for a, b in puzzle.edges]
    colour_of: list[int] = [-1] * len(ends)
    found: list[Solution] = []

    def search(e: int) -> bool:
        """Colour edges e, e+1, ...; True when the limit is reached."""
        if e == len(ends):  # every count reached zero: each edge took one from a count of each end
            found.append(as_solution([puzzle.colours[k] for k in colour_of]))
            return limit is not None and len(found) >= limit
        a, b = ends[e]
        choices = [puzzle.colours.index(fixed[e])] if e in fixed else range(len(puzzle.colours))
        for k in choices:
            if left[a][k] and left[b][k]:
                left[a][k] -= 1
                left[b][k] -= 1
                colour_of[e] = k
                stop = search(e + 1)
                left[a][k] += 1
                left[b][k] += 1
                if stop:
                    return True
        return False

    search(0)
    return found
