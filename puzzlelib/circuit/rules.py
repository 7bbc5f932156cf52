"""The rules checked without a solver: ``check_rules`` (every broken rule as a Fault), ``verify``
(the same in words) and ``brute_force`` (the optimal fixes found by trying every setting of the
switches: the oracle for small circuits; ``enumerate_settings`` keeps the counts and the time)."""

from __future__ import annotations

import itertools
import numbers
import time
from collections.abc import Mapping
from dataclasses import dataclass

from ..core.errors import PuzzleError
from ..core.interface import Fault, Rule, require
from ..core.validate import check_int, check_optional_limit
from .board import Puzzle, Solution, solution_from_setting

#: The rule checks, in the order check_rules runs them. The first three are about the shape of the
#: answer; when one of them fails the circuit is not evaluated.
RULES = (
    Rule("switch-missing", "the answer gives a state for every switch"),
    Rule("not-a-switch", "the answer names only switches of the circuit"),
    Rule("state-not-bit", "every switch is 0 or 1"),
    Rule("lamp-off", "every lamp lights"),
    Rule("flips-wrong", "a Solution's flips are the switches it moves"),
    Rule("value-wrong", "a Solution's node values are the circuit's"),
)


def answer_setting(puzzle: Puzzle, answer) -> Mapping:
    """The switch states an answer gives (a Solution's ``inputs``, or the mapping itself).

    Wrong types are a PuzzleError naming the switch: a state must be the whole number 0 or 1, so
    ``1.0``, ``True`` and ``"1"`` are refused rather than read as 1. Missing or unknown switches and
    whole numbers other than 0 and 1 are left to :func:`verify`, which lists them as broken rules.
    """
    if isinstance(answer, Solution):
        if not isinstance(answer.flips, (tuple, list)) or not isinstance(answer.values, Mapping):
            raise PuzzleError("answer: a Solution's flips must be a tuple and its values a mapping")
        setting = answer.inputs
    else:
        setting = answer
    if not isinstance(setting, Mapping):
        raise PuzzleError(f"answer: expected a Solution or a mapping from each switch to 0 or 1, "
                          f"got {type(answer).__name__}")
    for s in puzzle.switches:
        if s in setting:
            value = setting[s]
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise PuzzleError(f"answer: switch {s}: expected the whole number 0 or 1, "
                                  f"got {type(value).__name__} {value!r}")
    return setting


# The rules as named checks (pzprjs style): each takes the puzzle, the answer and its switch
# states, and yields a Fault (code, message, nodes) for every way the answer breaks it.
def _switches_given(puzzle, answer, setting):
    for s in puzzle.switches:
        if s not in setting:
            yield Fault("switch-missing", f"switch {s} is missing from the answer", (s,))
    for s in setting:
        if s not in puzzle.inputs:
            yield Fault("not-a-switch", f"{s if isinstance(s, str) else repr(s)} is not a switch of the circuit")


def _states_are_bits(puzzle, answer, setting):
    for s in puzzle.switches:
        if s in setting and setting[s] not in (0, 1):
            yield Fault("state-not-bit", f"switch {s} is {setting[s]!r}, not 0 or 1", (s,))


def _lamps_lit(puzzle, answer, setting):
    values = puzzle.evaluate(setting)
    for lamp in puzzle.lamps:
        if not values[lamp]:
            yield Fault("lamp-off", f"lamp {lamp} is off{_why_off(puzzle, values, lamp)}", (lamp,))


def _flips_listed(puzzle, answer, setting):
    if isinstance(answer, Solution):
        moved = tuple(s for s in puzzle.switches if setting[s] != puzzle.inputs[s])
        listed = tuple(str(f) for f in answer.flips)
        if sorted(listed) != sorted(moved):
            yield Fault("flips-wrong", (f"the flips listed ({', '.join(listed) or 'none'}) are not the switches "
                                       f"moved ({', '.join(moved) or 'none'})"), moved)


def _values_claimed(puzzle, answer, setting):
    if isinstance(answer, Solution):
        values = puzzle.evaluate(setting)
        for node in puzzle.nodes:
            if node in answer.values and answer.values[node] != values[node]:
                yield Fault("value-wrong", (f"node {node} is given as {answer.values[node]!r}, but the circuit "
                                           f"makes it {values[node]}"), (node,))


SHAPE_CHECKS = (_switches_given, _states_are_bits)
RULE_CHECKS = (_lamps_lit, _flips_listed, _values_claimed)


def check_rules(puzzle: Puzzle, answer) -> list[Fault]:
    """Every broken rule as a Fault (code, message, nodes), without a solver; ``[]``: every lamp lit.

    ``answer`` is a Solution or a mapping from each switch to its final state. For a Solution the
    flips and node values it claims are checked against the circuit as well. Exact on any circuit
    the library accepts: one evaluation, gate by gate, in an order found without recursion.
    """
    require(puzzle, Puzzle, "check_rules")
    setting = answer_setting(puzzle, answer)
    found = [fault for check in SHAPE_CHECKS for fault in check(puzzle, answer, setting)]
    if found:
        return found
    setting = {s: int(setting[s]) for s in puzzle.switches}
    return [fault for check in RULE_CHECKS for fault in check(puzzle, answer, setting)]


def verify(puzzle: Puzzle, answer) -> list[str]:
    """Every broken rule in words (the messages of :func:`check_rules`); ``[]`` means solved."""
    require(puzzle, Puzzle, "verify")
    return [fault.message for fault in check_rules(puzzle, answer)]


def _why_off(puzzle: Puzzle, values, lamp: str) -> str:
    gate = next((g for g in puzzle.gates if g[0] == lamp), None)
    if gate is None:
        return " (it is a switch left off)"
    out, kind, *ins = gate
    return f" ({out} = {kind} of " + ", ".join(f"{i}={values[i]}" for i in ins) + ")"



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


def brute_force(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """The optimal fixes (fewest flips that light every lamp, up to ``limit``), found without a
    solver by trying every setting of the switches (:func:`enumerate_settings`); ``[]``: none lights."""
    require(puzzle, Puzzle, "brute_force")
    limit = check_optional_limit(limit)
    found = enumerate_settings(puzzle)
    fixes = found.fixes[:limit]
    return [solution_from_setting(puzzle, {s: puzzle.inputs[s] ^ (s in fix) for s in puzzle.switches})
            for fix in fixes]


def enumerate_settings(puzzle: Puzzle, max_switches: int = 24, time_limit: float | None = None) -> BruteForce | None:
    """Try all 2^n settings of the switches; None when ``time_limit`` runs out first.

    Settings are visited in order of a binary counter and each is evaluated from scratch, so the
    cost doubles with every switch added: the baseline the integer program is measured against.
    """
    require(puzzle, Puzzle, "enumerate_settings")
    max_switches = check_int(max_switches, "max_switches", 0, 40)
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real)
                                   or not 0 <= time_limit < float("inf")):
        raise PuzzleError(f"time_limit: expected a number of seconds (0 or more), got {time_limit!r}")
    n = len(puzzle.switches)
    if n > max_switches:
        raise PuzzleError(f"{n} switches means {2 ** n:,} settings: more than max_switches={max_switches} allows")
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
