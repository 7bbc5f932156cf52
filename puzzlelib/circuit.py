"""Circuit Scramble as a 0/1 program (Hartmann 2019; Jandhyala, "Logic Made Linear").

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
"""

from __future__ import annotations

import itertools
import numbers
import random
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pulp

from .core.drawing import INK, MUTED, new_figure
from .core.enumeration import enumerate_solutions
from .core.errors import NoSolution, PuzzleError
from .core.solver import add_binary, new_problem, solve_model, value01

KIND = "circuit"

#: each kind's number of inputs: (fewest, most); None = no upper limit
ARITY: dict[str, tuple[int, int | None]] = {
    "AND": (2, None), "OR": (2, None), "NAND": (2, None), "NOR": (2, None),
    "XOR": (2, 2), "XNOR": (2, 2), "NOT": (1, 1),
}
KINDS = tuple(ARITY)
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
Gate = tuple  # (out, kind, in1, in2, ...)


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


# --------------------------------------------------------------------------------------------- #
# The puzzle
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Puzzle:
    """A circuit: switches with start states, gates, and the lamp(s) that must light.

    ``inputs`` maps each switch to its start state; ``gates`` lists ``(out, kind, in1, in2, ...)``;
    ``output`` is the lamp's node, or a list of nodes that must all light. Construction checks the
    wiring and names the gate at fault.
    """

    inputs: Mapping[str, int]
    gates: tuple[Gate, ...]
    output: str | tuple[str, ...]

    def __init__(self, inputs: Mapping[str, int], gates: Iterable[Sequence[str]], output):
        if not isinstance(inputs, Mapping):
            raise PuzzleError("inputs must map each switch name to its start state 0 or 1")
        object.__setattr__(self, "inputs", {str(k): _state(v, k) for k, v in inputs.items()})
        object.__setattr__(self, "gates", tuple(_gate(g, i) for i, g in enumerate(gates)))
        if isinstance(output, str):
            lamps: str | tuple[str, ...] = output
        else:
            try:
                lamps = tuple(str(v) for v in output)
            except TypeError:
                raise PuzzleError(f"lamp: {output!r} is neither a node name nor a list of them") from None
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
            if not NAME.match(name) or name.upper() in ARITY:
                raise PuzzleError(f"switch {name!r}: a name is letters, digits and _ (not a gate kind)")
            defined[name] = "a switch"
        for index, (out, kind, *ins) in enumerate(self.gates):
            where = f"gate {out}" if NAME.match(out) else f"gate #{index + 1}"
            if not NAME.match(out) or out.upper() in ARITY:
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

    # -- text format ----------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str) -> Puzzle:
        inputs: dict[str, int] = {}
        gates: list[tuple] = []
        lamps: list[str] | None = None
        lines = [(n, ln.strip()) for n, ln in enumerate(text.splitlines(), 1)
                 if ln.strip() and not ln.strip().startswith("#")]
        if lines and lines[0][1].split()[0].lower().rstrip(":") == KIND:
            lines = lines[1:]
        for n, line in lines:
            head, _, rest = line.partition(":")
            key = head.strip().lower()
            if "=" not in head and key in ("switches", "switch", "inputs"):
                for word in rest.split():
                    name, eq, state = word.partition("=")
                    if not eq or state not in ("0", "1"):
                        raise PuzzleError(f"line {n}: write each switch as name=0 or name=1, found {word!r}")
                    if name in inputs:
                        raise PuzzleError(f"line {n}: switch {name} is listed twice")
                    inputs[name] = int(state)
            elif "=" not in head and key in ("lamp", "lamps", "output"):
                if lamps is not None:
                    raise PuzzleError(f"line {n}: a second lamp line (list all lamps on one line)")
                lamps = rest.split()
                if not lamps:
                    raise PuzzleError(f"line {n}: the lamp line names no node")
            elif "=" in line:
                out, _, expr = line.partition("=")
                words = expr.split()
                if not out.strip() or " " in out.strip() or not words:
                    raise PuzzleError(f"line {n}: a gate is written 'out = KIND in1 in2', found {line!r}")
                gates.append((out.strip(), words[0], *words[1:]))
            else:
                raise PuzzleError(f"line {n}: expected 'switches: ...', a gate 'out = KIND in1 in2' "
                                  f"or 'lamp: ...', found {line!r}")
        if lamps is None:
            raise PuzzleError("no 'lamp:' line: name the node that must light")
        try:
            return cls(inputs, gates, lamps)
        except PuzzleError as exc:
            line = _line_of(lines, str(exc))
            raise PuzzleError(f"line {line}: {exc}" if line else str(exc)) from None

    def to_text(self) -> str:
        out = [KIND, "switches: " + " ".join(f"{k}={v}" for k, v in self.inputs.items())]
        out += [f"{g[0]} = {g[1]} " + " ".join(g[2:]) for g in self.gates]
        out.append("lamp: " + " ".join(self.lamps))
        return "\n".join(out) + "\n"


def _state(value, name) -> int:
    if isinstance(value, numbers.Integral) and value in (0, 1):
        return int(value)
    raise PuzzleError(f"switch {name}: start state {value!r} must be 0 or 1")


def _gate(gate, index: int) -> Gate:
    if isinstance(gate, str) or not isinstance(gate, Sequence) or len(gate) < 2:
        raise PuzzleError(f"gate #{index + 1}: write a gate as (out, kind, in1, ...), got {gate!r}")
    out, kind, *ins = (str(v) for v in gate)
    if kind.upper() not in ARITY:
        raise PuzzleError(f"gate {out}: unknown kind {kind!r} (choose one of {', '.join(KINDS)})")
    return (out, kind.upper(), *ins)


def _topological(gates: Sequence[Gate], switches: set[str]) -> list[Gate]:
    """Kahn's order of the gates; a loop raises a PuzzleError that names the gates on it."""
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


def _line_of(lines, message: str) -> int | None:
    """The line of a text file that a construction error is about (its first named node)."""
    match = re.match(r"(?:gate|switch|lamp) '?([A-Za-z_][A-Za-z0-9_]*)", message)
    if not match:
        return None
    name = match.group(1)
    for n, line in lines:
        if line.split("=")[0].strip() == name:
            return n
    for n, line in lines:
        if line.lower().startswith("lamp") and message.startswith("lamp"):
            return n
    return None


# --------------------------------------------------------------------------------------------- #
# The model
# --------------------------------------------------------------------------------------------- #
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


def gate_inequalities(kind: str, y, ins: Sequence) -> list[tuple[str, pulp.LpConstraint]]:
    """The linear inequalities that tie output ``y`` to inputs ``ins`` for one gate.

    Each comes with a short name that reads like its formula (``le_a`` is ``y <= a``), where
    ``a``, ``b``, ... stand for the inputs in order and ``sum`` for their sum. On 0/1 values they
    admit exactly the rows of the gate's truth table.
    """
    n = len(ins)
    letters = [chr(97 + k) if n <= 26 else f"in{k + 1}" for k in range(n)]
    total = pulp.lpSum(ins)
    if kind == "AND":
        return [(f"le_{v}", y <= a) for v, a in zip(letters, ins)] + [("ge_sum_minus_" + str(n - 1), y >= total - (n - 1))]
    if kind == "OR":
        return [(f"ge_{v}", y >= a) for v, a in zip(letters, ins)] + [("le_sum", y <= total)]
    if kind == "NAND":
        return [(f"ge_1_minus_{v}", y >= 1 - a) for v, a in zip(letters, ins)] + [(f"le_{n}_minus_sum", y <= n - total)]
    if kind == "NOR":
        return [(f"le_1_minus_{v}", y <= 1 - a) for v, a in zip(letters, ins)] + [("ge_1_minus_sum", y >= 1 - total)]
    if kind == "XOR":
        a, b = ins
        return [("le_a_plus_b", y <= a + b), ("ge_a_minus_b", y >= a - b),
                ("ge_b_minus_a", y >= b - a), ("le_2_minus_a_minus_b", y <= 2 - a - b)]
    if kind == "XNOR":
        a, b = ins
        return [("ge_1_minus_a_minus_b", y >= 1 - a - b), ("le_1_minus_a_plus_b", y <= 1 - a + b),
                ("le_1_minus_b_plus_a", y <= 1 - b + a), ("ge_a_plus_b_minus_1", y >= a + b - 1)]
    if kind == "NOT":
        (a,) = ins
        return [("eq_1_minus_a", y == 1 - a)]
    raise PuzzleError(f"unknown gate kind {kind!r}")


def build_model(puzzle: Puzzle, lamps: bool = True, objective: bool = True, drop: Iterable[str] = ()):
    """Hartmann's model: a binary ``x[v]`` for every node ``v`` (1 = on).

    (1) every gate as its linear inequalities (constraint ``g7_le_a`` is ``x[g7] <= x[a]`` with
    ``a`` the gate's first input), (2) every lamp on: ``x[lamp] = 1``, (3) minimise the switches
    moved, ``sum of x[s] over switches starting off + sum of (1 - x[s]) over switches starting on``.
    Returns ``(problem, x)``. ``lamps``/``objective`` False leave out (2)/(3), and ``drop`` names
    constraints to leave out, for experiments.
    """
    problem = new_problem("circuit_scramble")
    x = {v: add_binary(problem, v) for v in puzzle.nodes}
    drop = set(drop)
    for out, kind, *ins in puzzle.gates:
        for suffix, constraint in gate_inequalities(kind, x[out], [x[i] for i in ins]):
            name = f"{out}_{suffix}"
            if name not in drop:
                problem += constraint, name
    if lamps:
        for lamp in puzzle.lamps:
            if f"lamp_{lamp}" not in drop:
                problem += x[lamp] == 1, f"lamp_{lamp}"
    if objective:
        problem += flips_expression(puzzle, x)
    return problem, x


def flips_expression(puzzle: Puzzle, x) -> pulp.LpAffineExpression:
    """The number of switches moved: x[s] for a switch that starts off, 1 - x[s] for one that starts on."""
    return pulp.lpSum(x[s] if start == 0 else 1 - x[s] for s, start in puzzle.inputs.items())


def _read(puzzle: Puzzle, x) -> Solution:
    return solution_from_setting(puzzle, {s: value01(x[s]) for s in puzzle.switches})


def solve(puzzle: Puzzle, solver: str | None = None, time_limit: float | None = None) -> Solution:
    """The fewest flips that light every lamp; raises NoSolution (with the reason) when none do."""
    problem, x = build_model(puzzle)
    try:
        solve_model(problem, solver=solver, time_limit=time_limit)
    except NoSolution:
        raise NoSolution("no setting of the switches lights the lamp" + ("s" if len(puzzle.lamps) > 1 else ""),
                         explain_infeasible(puzzle, solver)) from None
    return _read(puzzle, x)


def solutions(puzzle: Puzzle, limit: int = 2, solver: str | None = None,
              time_limit: float | None = None) -> list[Solution]:
    """Up to ``limit`` different optimal fixes (no-good cuts on the switches); one proves uniqueness."""
    problem, x = build_model(puzzle)
    return enumerate_solutions(problem, [x[s] for s in puzzle.switches], lambda: _read(puzzle, x),
                               limit, solver, time_limit)


def explain_infeasible(puzzle: Puzzle, solver: str | None = None) -> str:
    """Which lamps can never light, or that each can light but not together."""
    never = []
    for lamp in puzzle.lamps:
        problem, x = build_model(puzzle, lamps=False, objective=False)
        problem += x[lamp] == 1, f"lamp_{lamp}"
        try:
            solve_model(problem, solver=solver)
        except NoSolution:
            never.append(lamp)
    if never:
        which = " and ".join(never)
        return f"{'lamp ' if len(never) == 1 else 'lamps '}{which} {'is' if len(never) == 1 else 'are'} " \
               "off for every setting of the switches"
    return f"each of the lamps {', '.join(puzzle.lamps)} can light, but no setting lights them all at once"


# --------------------------------------------------------------------------------------------- #
# The rules, checked without a solver
# --------------------------------------------------------------------------------------------- #
def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule in words; ``[]`` means the answer lights every lamp.

    ``answer`` is a Solution or a mapping from each switch to its final state. For a Solution the
    flips and node values it claims are checked against the circuit as well.
    """
    setting = getattr(answer, "inputs", answer)
    if not isinstance(setting, Mapping):
        return ["the answer must map every switch to 0 or 1"]
    problems = [f"switch {s} is missing from the answer" for s in puzzle.switches if s not in setting]
    problems += [f"{s} is not a switch of the circuit" for s in setting if s not in puzzle.inputs]
    problems += [f"switch {s} is {v!r}, not 0 or 1" for s, v in setting.items()
                 if s in puzzle.inputs and v not in (0, 1)]
    if problems:
        return problems
    values = puzzle.evaluate(setting)
    for lamp in puzzle.lamps:
        if not values[lamp]:
            problems.append(f"lamp {lamp} is off{_why_off(puzzle, values, lamp)}")
    if isinstance(answer, Solution):
        moved = tuple(s for s in puzzle.switches if setting[s] != puzzle.inputs[s])
        if tuple(sorted(answer.flips)) != tuple(sorted(moved)):
            problems.append(f"the flips listed ({', '.join(answer.flips) or 'none'}) are not the switches "
                            f"moved ({', '.join(moved) or 'none'})")
        for node in puzzle.nodes:
            if node in answer.values and answer.values[node] != values[node]:
                problems.append(f"node {node} is given as {answer.values[node]}, but the circuit makes it {values[node]}")
    return problems


def _why_off(puzzle: Puzzle, values, lamp: str) -> str:
    gate = next((g for g in puzzle.gates if g[0] == lamp), None)
    if gate is None:
        return " (it is a switch left off)"
    out, kind, *ins = gate
    return f" ({out} = {kind} of " + ", ".join(f"{i}={values[i]}" for i in ins) + ")"


def format_solution(puzzle: Puzzle, solution) -> str:
    """Three lines: the switches moved, the final states, the lamps."""
    solution = solution if isinstance(solution, Solution) else solution_from_setting(puzzle, solution)
    lamps = ", ".join(f"{lamp} {'on' if solution.values[lamp] else 'off'}" for lamp in puzzle.lamps)
    return "\n".join([
        f"flips: {len(solution.flips)} ({' '.join(solution.flips) or 'none'})",
        "switches: " + " ".join(f"{s}={solution.inputs[s]}" for s in puzzle.switches),
        f"lamp{'s' if len(puzzle.lamps) > 1 else ''}: {lamps}",
    ])


# --------------------------------------------------------------------------------------------- #
# Enumerating every setting (the independent check, and the baseline the IP beats)
# --------------------------------------------------------------------------------------------- #
_PY = {"AND": " and ", "OR": " or "}


def compile_circuit(puzzle: Puzzle):
    """A fast Python function ``f(s0, s1, ...) -> bool``: do all lamps light? (one line per gate)."""
    names = {v: f"v{k}" for k, v in enumerate(puzzle.nodes)}
    body = []
    for out, kind, *ins in puzzle.order():
        args = [names[i] for i in ins]
        if kind in ("AND", "OR"):
            expr = f"({_PY[kind].join(args)})"
        elif kind in ("NAND", "NOR"):
            expr = f"(not ({_PY[kind[1:]].join(args)}))"
        elif kind == "XOR":
            expr = f"({args[0]} != {args[1]})"
        elif kind == "XNOR":
            expr = f"({args[0]} == {args[1]})"
        else:
            expr = f"(not {args[0]})"
        body.append(f"    {names[out]} = {expr}")
    body.append("    return " + " and ".join(f"bool({names[lamp]})" for lamp in puzzle.lamps))
    source = f"def lit({', '.join(names[s] for s in puzzle.switches)}):\n" + "\n".join(body) + "\n"
    scope: dict = {}
    exec(compile(source, "<circuit>", "exec"), scope)  # noqa: S102 - our own generated code
    return scope["lit"]


@dataclass(frozen=True)
class BruteForce:
    """Every setting tried: the fewest flips, the settings that reach it, and how many light at all."""

    best: int | None  # None: no setting lights the lamps
    fixes: tuple[tuple[str, ...], ...]  # the switches moved by each optimal fix
    lit_by_flips: tuple[int, ...]  # lit_by_flips[k] = number of settings with k flips that light
    settings: int
    seconds: float


def brute_force(puzzle: Puzzle, max_switches: int = 24, time_limit: float | None = None) -> BruteForce | None:
    """Try all 2^n settings of the switches; None when ``time_limit`` runs out first.

    Settings are visited in order of a binary counter and each is evaluated from scratch, so the
    cost doubles with every switch added: the baseline the integer program is measured against.
    """
    n = len(puzzle.switches)
    if n > max_switches:
        raise ValueError(f"{n} switches means {2 ** n} settings: more than max_switches={max_switches} allows")
    lit = compile_circuit(puzzle)
    start = [puzzle.inputs[s] for s in puzzle.switches]
    counts = [0] * (n + 1)
    best_masks: list[int] = []
    best = n + 1
    began = time.perf_counter()
    for k, bits in enumerate(itertools.product((0, 1), repeat=n)):
        if time_limit is not None and k & 0xFFF == 0 and time.perf_counter() - began > time_limit:
            return None
        if lit(*bits):
            moved = sum(b != s for b, s in zip(bits, start))
            counts[moved] += 1
            if moved < best:
                best, best_masks = moved, [k]
            elif moved == best:
                best_masks.append(k)
    elapsed = time.perf_counter() - began
    fixes = []
    for mask in best_masks:
        bits = [(mask >> (n - 1 - i)) & 1 for i in range(n)]
        fixes.append(tuple(s for s, b, st in zip(puzzle.switches, bits, start) if b != st))
    return BruteForce(None if best > n else best, tuple(fixes), tuple(counts), 2 ** n, elapsed)


# --------------------------------------------------------------------------------------------- #
# Random circuits with a planted fix
# --------------------------------------------------------------------------------------------- #
def random_puzzle(n_switches: int = 8, seed: int = 0, lamps: int = 1, max_flips: int = 3,
                  kinds: Sequence[str] = ("AND", "OR", "XOR", "NOT", "NAND", "NOR", "XNOR"),
                  wide: float = 0.15, reuse: float = 0.2) -> tuple[Puzzle, dict[str, int]]:
    """A random circuit and a planted setting of its switches that lights every lamp.

    The gates form a layered network over switches ``x1..xn`` (gates are numbered on from
    ``n + 1``, as in the app); ``wide`` is the chance that an AND/OR/NAND/NOR gets three inputs
    and ``reuse`` the chance that an input is taken from a node already wired (fan-out, which also
    ties the lamps of a multi-lamp circuit together). Each lamp is a gate that is on at the planted
    setting (its kind is swapped for its complement, or a NOT added, when it is not), and the start
    state differs from the planted setting in 1..``max_flips`` switches, so the fewest flips is at
    most that many. Returns ``(puzzle, planted)``.
    """
    kinds = [k.upper() for k in kinds]
    if n_switches < max(1, lamps) or not kinds:
        raise ValueError("need at least one switch per lamp and at least one gate kind")
    rng = random.Random(seed)
    switches = [f"x{i}" for i in range(1, n_switches + 1)]
    for _ in range(50):  # a circuit whose lamps are lit almost everywhere is redrawn
        planted = {s: rng.randint(0, 1) for s in switches}
        gates, roots = _random_gates(rng, switches, planted, lamps, kinds, wide, reuse)
        for _ in range(20):
            start = dict(planted)
            for s in rng.sample(switches, rng.randint(1, min(max_flips, n_switches))):
                start[s] = 1 - start[s]
            puzzle = Puzzle(start, gates, roots)
            if not puzzle.lit():
                return puzzle, planted
    return puzzle, planted


def _random_gates(rng, switches, planted, lamps, kinds, wide, reuse):
    """Gates over ``switches`` that end in ``lamps`` roots, each on at the ``planted`` setting."""
    values = dict(planted)
    gates: list[tuple] = []
    numbers_ = itertools.count(len(switches) + 1)
    roots = []
    for group in (switches[i::lamps] for i in range(lamps)):
        frontier = list(group)  # combining neighbours first keeps the drawing nearly planar
        made = 0
        while len(frontier) > 1 or frontier[0] in planted:
            kind = rng.choice(kinds)
            if kind == "NOT" and (len(frontier) > 1 and rng.random() < 0.5 or _is_not(gates, frontier[0])):
                kind = rng.choice([k for k in kinds if k != "NOT"] or kinds)
            low, high = ARITY[kind]
            arity = 1 if low == 1 else (3 if high is None and rng.random() < wide else 2)
            ins = [frontier.pop(0)]
            while len(ins) < arity:
                others = [v for v in values if v not in ins and v not in frontier]
                if frontier and (rng.random() >= reuse or made > 4 * len(switches) or not others):
                    ins.append(frontier.pop(0 if rng.random() < 0.8 else rng.randrange(len(frontier))))
                elif others:
                    ins.append(rng.choice(others))
                else:  # a lone switch and no other node yet: fall back to a NOT
                    kind, arity = "NOT", 1
            out = f"g{next(numbers_)}"
            gates.append((out, kind, *ins))
            values[out] = apply_gate(kind, [values[i] for i in ins])
            frontier.append(out)
            made += 1
        root = frontier[0]
        if not values[root]:
            index = next(k for k, g in enumerate(gates) if g[0] == root)
            out, kind, *ins = gates[index]
            if kind == "NOT":  # its input is on: light the lamp from there
                del gates[index]
                root = ins[0]
            elif COMPLEMENT[kind] in kinds:
                gates[index] = (out, COMPLEMENT[kind], *ins)
                values[out] = 1
            else:
                root = f"g{next(numbers_)}"
                gates.append((root, "NOT", out))
                values[root] = 1
        roots.append(root)
    return gates, roots


COMPLEMENT = {"AND": "NAND", "NAND": "AND", "OR": "NOR", "NOR": "OR", "XOR": "XNOR", "XNOR": "XOR", "NOT": "NOT"}


def _is_not(gates, node) -> bool:
    return any(g[0] == node and g[1] == "NOT" for g in gates)


# --------------------------------------------------------------------------------------------- #
# Pictures
# --------------------------------------------------------------------------------------------- #
ON, OFF = "#f9a825", "#b0bec5"          # wires and switches: amber when on, grey when off
LAMP_ON, LAMP_OFF = "#ffeb3b", "#455a64"
GATE_FACE, GATE_EDGE, FLIP = "#fffdf7", "#5d4037", "#1565c0"


def layout(puzzle: Puzzle) -> dict[str, tuple[float, float]]:
    """(x, y) of every node: switches at y = 0 in their given order, gates one row per depth.

    Within a row, gates are ordered by the mean position of their inputs (a barycentre sweep), so
    wires cross little; rows are centred on the widest one.
    """
    depth = puzzle.depth()
    rows: dict[int, list[str]] = {}
    for v in puzzle.nodes:
        rows.setdefault(depth[v], []).append(v)
    width = max(len(r) for r in rows.values())
    feeders = {g[0]: g[2:] for g in puzzle.gates}
    pos: dict[str, tuple[float, float]] = {}
    for d in sorted(rows):
        row = rows[d]
        if d > 0:
            row.sort(key=lambda v: sum(pos[i][0] for i in feeders[v]) / len(feeders[v]))
        offset = (width - len(row)) / 2
        for k, v in enumerate(row):
            pos[v] = (offset + k, float(d))
    # pull each gate towards its inputs, keeping its row's order and one unit between gates
    for d in sorted(rows)[1:]:
        row = rows[d]
        xs = [sum(pos[i][0] for i in feeders[v]) / len(feeders[v]) for v in row]
        for k in range(len(xs)):
            xs[k] = max(xs[k], xs[k - 1] + 1 if k else 0.0)
        for k in reversed(range(len(xs))):
            xs[k] = min(xs[k], xs[k + 1] - 1 if k + 1 < len(xs) else width - 1.0)
        for v, xv in zip(row, xs):
            pos[v] = (xv, float(d))
    return pos


def _setting_of(puzzle: Puzzle, state) -> dict[str, int]:
    if state is None:
        return dict(puzzle.inputs)
    return dict(getattr(state, "inputs", state))


def draw_circuit(ax, puzzle: Puzzle, setting: Mapping[str, int] | None = None, moved: Iterable[str] = (),
                 title: str | None = None, names: bool = True) -> dict[str, tuple[float, float]]:
    """Draw the circuit at ``setting`` into ``ax``; ``moved`` switches get a blue ring.

    Returns the node positions (the editor finds clicked nodes with them).
    """
    from matplotlib.patches import Circle, FancyBboxPatch, PathPatch
    from matplotlib.path import Path as MplPath

    setting = _setting_of(puzzle, setting)
    values = puzzle.evaluate(setting)
    pos = layout(puzzle)
    top = max(y for _, y in pos.values())
    width = max(x for x, _ in pos.values()) + 1
    box_w, box_h = 0.62, 0.42
    lamp_xs = _lamp_positions(puzzle, pos, width)
    ax.set_xlim(-0.8, max(width - 0.2, max(lamp_xs) + (1.0 if names else 0.6)))
    ax.set_ylim(-0.85, top + 1.75)
    ax.set_aspect("equal")
    ax.set_axis_off()
    scale = _font_scale(ax)

    def wire(a, b, on, bend=0.45):
        (x0, y0), (x1, y1) = a, b
        path = MplPath([(x0, y0), (x0, y0 + bend), (x1, y1 - bend), (x1, y1)],
                       [MplPath.MOVETO, MplPath.CURVE4, MplPath.CURVE4, MplPath.CURVE4])
        ax.add_patch(PathPatch(path, facecolor="none", edgecolor=ON if on else OFF,
                               lw=(2.6 if on else 1.6) * scale, zorder=2 if on else 1, capstyle="round"))

    for out, kind, *ins in puzzle.gates:
        gx, gy = pos[out]
        for k, i in enumerate(ins):
            port = gx + (k - (len(ins) - 1) / 2) * (box_w * 0.7 / max(1, len(ins) - 1) if len(ins) > 1 else 0)
            ix, iy = pos[i]
            wire((ix, iy + (0.22 if i in puzzle.inputs else box_h / 2)), (port, gy - box_h / 2), values[i])
    lamp_y = top + 1.15
    for lamp, lx in zip(puzzle.lamps, lamp_xs):
        nx, ny = pos[lamp]
        wire((nx, ny + (0.22 if lamp in puzzle.inputs else box_h / 2)), (lx, lamp_y - 0.3), values[lamp])
        lit = values[lamp]
        if lit:
            for angle in range(0, 360, 45):
                import math
                c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
                ax.plot([lx + 0.36 * c, lx + 0.5 * c], [lamp_y + 0.36 * s, lamp_y + 0.5 * s],
                        color=ON, lw=2 * scale, zorder=4, solid_capstyle="round")
        ax.add_patch(Circle((lx, lamp_y), 0.3, facecolor=LAMP_ON if lit else LAMP_OFF,
                            edgecolor=INK, lw=1.2 * scale, zorder=5))
        if names:
            ax.text(lx + 0.55, lamp_y, lamp, ha="left", va="center", fontsize=8 * scale, color=MUTED, zorder=6)
    for out, kind, *_ in puzzle.gates:
        gx, gy = pos[out]
        on = values[out]
        ax.add_patch(FancyBboxPatch((gx - box_w / 2, gy - box_h / 2), box_w, box_h,
                                    boxstyle="round,pad=0,rounding_size=0.12",
                                    facecolor=GATE_FACE, edgecolor=ON if on else GATE_EDGE,
                                    lw=(2.4 if on else 1.2) * scale, zorder=3))
        ax.text(gx, gy + (0.04 if names else 0), kind, ha="center", va="center",
                fontsize=(8.5 if len(kind) < 4 else 7.5) * scale, color=INK, fontweight="bold", zorder=4)
        if names:
            ax.text(gx + box_w / 2 + 0.04, gy - box_h / 2, out, ha="left", va="bottom",
                    fontsize=6.5 * scale, color=MUTED, zorder=4)
    moved = set(moved)
    for s in puzzle.switches:
        sx, sy = pos[s]
        on = setting[s]
        if s in moved:
            ax.add_patch(FancyBboxPatch((sx - 0.3, sy - 0.26), 0.6, 0.52, boxstyle="round,pad=0,rounding_size=0.2",
                                        facecolor="none", edgecolor=FLIP, lw=2.4 * scale, zorder=3))
        ax.add_patch(FancyBboxPatch((sx - 0.22, sy - 0.17), 0.44, 0.34, boxstyle="round,pad=0,rounding_size=0.16",
                                    facecolor=ON if on else OFF, edgecolor=INK, lw=1 * scale, zorder=4))
        ax.add_patch(Circle((sx + (0.08 if on else -0.08), sy), 0.12, facecolor="white",
                            edgecolor=INK, lw=0.8 * scale, zorder=5))
        if names:
            ax.text(sx, sy - 0.42, s, ha="center", va="top", fontsize=8 * scale, color=INK, zorder=6)
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    return pos


def lamp_status(puzzle: Puzzle, setting: Mapping[str, int] | None = None) -> str:
    """'lamp on', 'lamps off', '1 of 2 lamps on', ... for picture titles."""
    values = puzzle.evaluate(setting)
    on = sum(values[lamp] for lamp in puzzle.lamps)
    n = len(puzzle.lamps)
    if n == 1:
        return f"lamp {'on' if on else 'off'}"
    if on in (0, n):
        return f"lamps {'on' if on else 'off'}"
    return f"{on} of {n} lamps on"


def _lamp_positions(puzzle: Puzzle, pos, width) -> list[float]:
    xs = [pos[lamp][0] for lamp in puzzle.lamps]
    if len(xs) > 1:  # keep lamps apart
        order = sorted(range(len(xs)), key=lambda k: xs[k])
        last = None
        for k in order:
            if last is not None and xs[k] < last + 1.6:
                xs[k] = last + 1.6
            last = xs[k]
    return xs


def _font_scale(ax) -> float:
    """Shrink lines and text when a big circuit is squeezed into a small figure."""
    fig_w, fig_h = ax.figure.get_size_inches()
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    bbox = ax.get_position()
    per_unit = min(fig_w * bbox.width / (x1 - x0), fig_h * bbox.height / (y1 - y0))
    return max(0.45, min(1.2, per_unit / 0.8))


def figure_size(puzzle: Puzzle, panels: int = 1) -> tuple[float, float]:
    pos = layout(puzzle)
    width = max(x for x, _ in pos.values()) + 1.6
    height = max(y for _, y in pos.values()) + 2.6
    unit = max(0.35, min(0.8, 9.5 / (width * panels)))
    return width * unit * panels + 0.3, height * unit + 0.5


def draw(puzzle: Puzzle, solution=None, ax=None, title: str | None = None, names: bool = True):
    """The circuit as a diagram: switches at the bottom, gates by depth, lamps on top.

    Wires and gate frames are amber when on and grey when off. With ``solution`` (a Solution or a
    mapping of switch states) and no ``ax``, the start state and the solution are drawn side by
    side, with the switches moved ringed in blue. Returns the matplotlib Figure.
    """
    if solution is None or ax is not None:
        if ax is None:
            fig = new_figure(*figure_size(puzzle))
            ax = fig.add_axes((0.01, 0.01, 0.98, 0.92 if title else 0.98))
        setting = _setting_of(puzzle, solution)
        moved = [s for s in puzzle.switches if setting[s] != puzzle.inputs[s]]
        draw_circuit(ax, puzzle, setting, moved, title, names)
        return ax.figure
    fig = new_figure(*figure_size(puzzle, panels=2))
    setting = _setting_of(puzzle, solution)
    moved = [s for s in puzzle.switches if setting[s] != puzzle.inputs[s]]
    left = fig.add_axes((0.01, 0.01, 0.48, 0.88))
    right = fig.add_axes((0.51, 0.01, 0.48, 0.88))
    draw_circuit(left, puzzle, None, (), f"start: {lamp_status(puzzle)}", names)
    draw_circuit(right, puzzle, setting, moved,
                 f"after {len(moved)} flip{'s' if len(moved) != 1 else ''}: {lamp_status(puzzle, setting)}", names)
    if title:
        fig.suptitle(title, fontsize=12, color=INK)
    return fig


# --------------------------------------------------------------------------------------------- #
# The live editor
# --------------------------------------------------------------------------------------------- #
def editor(puzzle: Puzzle | None = None):
    """Flip switches and watch the lamp; add and remove gates; Solve finds the fewest flips."""
    from .editors.circuit import CircuitEditor

    return CircuitEditor(puzzle)


SEED_CIRCUIT = """circuit
switches: x1=0 x2=0 x3=0 x4=1 x5=0 x6=1
g7 = AND x1 x2
g8 = XOR x3 x4
g9 = AND g8 x5
g10 = OR g7 g9
g11 = NOT x6
g12 = AND g10 g11
lamp: g12
"""


def seed_circuit() -> Puzzle:
    """The six-switch circuit of Jandhyala's chapter: two flips (x5 on, x6 off) light it."""
    return Puzzle.from_text(SEED_CIRCUIT)


__all__ = [
    "KIND", "KINDS", "ARITY", "Puzzle", "Solution", "build_model", "gate_inequalities", "flips_expression",
    "solve", "solutions", "verify", "format_solution", "brute_force", "compile_circuit", "random_puzzle",
    "draw", "draw_circuit", "layout", "editor", "apply_gate", "solution_from_setting", "seed_circuit",
    "explain_infeasible", "BruteForce",
]
