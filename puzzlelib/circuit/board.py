"""The circuit: ``Puzzle`` (validated on construction), ``Solution``, the gate kinds and the seed board."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import PuzzleData
from ..core.validate import check_bit, check_lines, check_name, check_sequence
from . import formats

#: each kind's number of inputs: (fewest, most); None = no upper limit
ARITY: dict[str, tuple[int, int | None]] = {
    "AND": (2, None), "OR": (2, None), "NAND": (2, None), "NOR": (2, None),
    "XOR": (2, 2), "XNOR": (2, 2), "NOT": (1, 1),
}
KINDS = tuple(ARITY)
#: A node name: letters, digits and _, not starting with a digit (always matched in full).
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
Gate = tuple  # (out, kind, in1, in2, ...)
#: The most nodes (switches plus gates) a circuit may have. The app's levels have a few dozen; a
#: model of 5,000 nodes still builds in well under a second, and refusing more at once keeps a
#: typo or a hostile file from building a huge model.
MAX_NODES = 5000

#: The six-switch circuit of Jandhyala's chapter (the chapter's board): x5 on and x6 off light it.
SEED_BOARD = """circuit
switches: x1=0 x2=0 x3=0 x4=1 x5=0 x6=1
g7 = AND x1 x2
g8 = XOR x3 x4
g9 = AND g8 x5
g10 = OR g7 g9
g11 = NOT x6
g12 = AND g10 g11
lamp: g12
"""


def apply_gate(kind: str, values: Sequence[int]) -> int:
    """The truth table of ``kind``: the output for 0/1 input ``values``."""
    if kind == "AND":
        return int(all(values))
    if kind == "OR":
        return int(any(values))
    if kind == "NAND":
        return 1 - int(all(values))
    if kind == "NOR":
        return 1 - int(any(values))
    if kind == "XOR":
        return values[0] ^ values[1]
    if kind == "XNOR":
        return 1 - (values[0] ^ values[1])
    if kind == "NOT":
        return 1 - values[0]
    raise PuzzleError(f"unknown gate kind {kind!r}")


@dataclass(frozen=True)
class Puzzle(PuzzleData):
    """A circuit: switches with start states, gates, and the lamp(s) that must light.

    ``inputs`` maps each switch to its start state; ``gates`` lists ``(out, kind, in1, in2, ...)``;
    ``output`` is the lamp's node, or a list of nodes that must all light. Construction checks the
    wiring and names the gate at fault; ``lines`` (what ``formats.read_text`` returns: the line of
    the text each node was defined on) puts the line's number in front of that message.
    ``from_text``/``to_text``, ``read``/``write`` come from ``FORMATS``.
    """

    FORMATS = formats.FORMATS

    inputs: Mapping[str, int]
    gates: tuple[Gate, ...]
    output: str | tuple[str, ...]

    def __init__(self, inputs: Mapping[str, int], gates: Iterable[Sequence[str]], output,
                 lines: Mapping[str, int] | None = None):
        lines = check_lines(lines)
        if lines is None:
            return self._build(inputs, gates, output)
        try:
            self._build(inputs, gates, output)
        except PuzzleError as exc:
            line = _line_of(lines, str(exc))
            raise PuzzleError(f"line {line}: {exc}" if line else str(exc)) from None

    def _build(self, inputs, gates, output) -> None:
        if not isinstance(inputs, Mapping):
            raise PuzzleError(f"inputs: expected a mapping from each switch name to its start state 0 or 1, "
                              f"got {type(inputs).__name__}")
        if len(inputs) > MAX_NODES:
            raise PuzzleError(f"inputs: {len(inputs):,} switches is more than the {MAX_NODES:,} nodes a circuit may have")
        states = {}
        for k, (name, value) in enumerate(inputs.items()):
            name = check_name(name, f"switch #{k + 1}")
            states[name] = check_bit(value, f"switch {name}: start state")
        object.__setattr__(self, "inputs", states)
        gates = check_sequence(gates, "gates", max_len=MAX_NODES - len(states))
        object.__setattr__(self, "gates", tuple(_gate(g, i) for i, g in enumerate(gates)))
        if isinstance(output, str):
            lamps: str | tuple[str, ...] = check_name(output, "lamp")
        else:
            names = check_sequence(output, "lamp: expected a node name or a list of them",
                                   max_len=MAX_NODES)
            lamps = tuple(check_name(v, f"lamp #{k + 1}") for k, v in enumerate(names))
            if len(lamps) == 1:
                lamps = lamps[0]
        object.__setattr__(self, "output", lamps)
        self._validate()

    def __hash__(self) -> int:
        return hash((tuple(self.inputs.items()), self.gates, self.output))

    # -- derived facts --------------------------------------------------------------------------
    @property
    def switches(self) -> tuple[str, ...]:
        return tuple(self.inputs)

    @property
    def lamps(self) -> tuple[str, ...]:
        return (self.output,) if isinstance(self.output, str) else tuple(self.output)

    @property
    def nodes(self) -> tuple[str, ...]:
        """Switches, then gate outputs in the order they are given."""
        return self.switches + tuple(g[0] for g in self.gates)

    @property
    def start(self) -> dict[str, int]:
        return dict(self.inputs)

    def order(self) -> list[Gate]:
        """The gates in an order where every gate comes after the gates feeding it."""
        return list(_topological(self.gates, set(self.inputs)))

    def depth(self) -> dict[str, int]:
        """0 for switches; for a gate, one more than the deepest node feeding it."""
        depth = {s: 0 for s in self.inputs}
        for out, _, *ins in self.order():
            depth[out] = 1 + max(depth[i] for i in ins)
        return depth

    def _validate(self) -> None:
        if not self.inputs:
            raise PuzzleError("the circuit needs at least one switch")
        defined: dict[str, str] = {}
        for name in self.inputs:
            if not NAME.fullmatch(name) or name.upper() in ARITY:
                raise PuzzleError(f"switch {name!r}: a name is letters, digits and _ (not a gate kind)")
            defined[name] = "a switch"
        for index, (out, kind, *ins) in enumerate(self.gates):
            where = f"gate {out}" if NAME.fullmatch(out) else f"gate #{index + 1}"
            if not NAME.fullmatch(out) or out.upper() in ARITY:
                raise PuzzleError(f"{where}: {out!r} is not a valid node name (letters, digits and _)")
            if out in defined:
                raise PuzzleError(f"gate {out}: node {out} is defined twice (it is already {defined[out]})")
            defined[out] = f"gate #{index + 1}"
            low, high = ARITY[kind]
            if len(ins) < low or (high is not None and len(ins) > high):
                need = f"exactly {low}" if low == high else f"at least {low}"
                raise PuzzleError(f"gate {out}: {kind} needs {need} input{'s' if high != 1 else ''}, "
                                  f"has {len(ins)}")
        names = set(defined)
        for out, kind, *ins in self.gates:
            for i in ins:
                if i == out:
                    raise PuzzleError(f"gate {out}: is wired into itself (a loop)")
                if i not in names:
                    raise PuzzleError(f"gate {out}: input {i!r} is neither a switch nor a gate")
        _topological(self.gates, set(self.inputs))  # raises on a loop, naming it
        if not self.lamps:
            raise PuzzleError("lamp: the circuit needs at least one lamp")
        for lamp in self.lamps:
            if lamp not in names:
                raise PuzzleError(f"lamp {lamp!r}: is neither a switch nor a gate of the circuit")
        if len(set(self.lamps)) != len(self.lamps):
            raise PuzzleError("lamp: a node is named twice in the list of lamps")

    # -- evaluation -----------------------------------------------------------------------------
    def evaluate(self, setting: Mapping[str, int] | None = None) -> dict[str, int]:
        """The value of every node when the switches are at ``setting`` (default: the start)."""
        values = dict(self.inputs if setting is None else setting)
        for out, kind, *ins in self.order():
            values[out] = apply_gate(kind, [values[i] for i in ins])
        return values

    def lit(self, setting: Mapping[str, int] | None = None) -> bool:
        """Whether every lamp lights at ``setting``."""
        values = self.evaluate(setting)
        return all(values[lamp] for lamp in self.lamps)


@dataclass(frozen=True)
class Solution:
    """A fix: the final switch states, the switches moved, and the value of every node."""

    inputs: Mapping[str, int]
    flips: tuple[str, ...]
    values: Mapping[str, int]

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.inputs.items())), self.flips))

    @property
    def moves(self) -> int:
        return len(self.flips)


def solution_from_setting(puzzle: Puzzle, setting: Mapping[str, int]) -> Solution:
    """The Solution that sets the switches to ``setting`` (values found by direct evaluation)."""
    setting = {s: int(setting[s]) for s in puzzle.switches}
    flips = tuple(s for s in puzzle.switches if setting[s] != puzzle.inputs[s])
    return Solution(setting, flips, puzzle.evaluate(setting))


def seed_circuit() -> Puzzle:
    """The six-switch circuit of Jandhyala's chapter: two flips (x5 on, x6 off) light it."""
    return Puzzle.from_text(SEED_BOARD)


def _gate(gate, index: int) -> Gate:
    """One gate as ``(out, KIND, in1, ...)``: every name checked, the kind in capitals."""
    where = f"gate #{index + 1}"
    if isinstance(gate, str) or not isinstance(gate, Sequence) or len(gate) < 2:
        raise PuzzleError(f"{where}: write a gate as (out, kind, in1, ...), got {_short(gate)}")
    if len(gate) > MAX_NODES:
        raise PuzzleError(f"{where}: {len(gate):,} items is more than a gate can have")
    out = check_name(gate[0], f"{where}: output")
    kind = gate[1]
    if not isinstance(kind, str) or kind.upper() not in ARITY:
        raise PuzzleError(f"gate {out}: unknown kind {_short(kind)} (choose one of {', '.join(KINDS)})")
    ins = tuple(check_name(v, f"gate {out}: input #{k + 1}") for k, v in enumerate(gate[2:]))
    return (out, kind.upper(), *ins)


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _topological(gates: Sequence[Gate], switches: set[str]) -> list[Gate]:
    """The gates, each after the gates feeding it (an iterative depth-first walk, no recursion);
    a loop raises a PuzzleError that names the gates on it."""
    by_out = {g[0]: g for g in gates}
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    order: list[Gate] = []
    for start in by_out:
        if state.get(start):
            continue
        stack = [(start, iter(by_out[start][2:]))]
        state[start] = 1
        while stack:
            node, feeders = stack[-1]
            nxt = next((f for f in feeders if f in by_out and state.get(f) != 2), None)
            if nxt is None:
                stack.pop()
                state[node] = 2
                order.append(by_out[node])
            elif state.get(nxt) == 1:
                path = [n for n, _ in stack]
                loop = path[path.index(nxt):] + [nxt]
                raise PuzzleError(f"gate {nxt}: is part of a loop {' -> '.join(reversed(loop))}")
            else:
                state[nxt] = 1
                stack.append((nxt, iter(by_out[nxt][2:])))
    return order


def _line_of(where: Mapping[str, int], message: str) -> int | None:
    """The line of a text file that a construction error is about (its first named node)."""
    numbered = re.match(r"gate #(\d+)", message)
    if numbered:
        return where.get(f"#{numbered.group(1)}")
    match = re.match(r"(?:gate|switch|lamp) '?([A-Za-z_][A-Za-z0-9_]*)", message)
    if not match:
        return where.get("lamp:") if message.startswith("lamp") else None
    name = match.group(1)
    if name in where and not message.startswith("lamp"):
        return where[name]
    if message.startswith("lamp"):
        return where.get("lamp:")
    return None
