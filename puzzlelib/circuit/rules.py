"""The rules checked without a solver: ``verify`` (every lamp lit, in words) and ``brute_force``
(every setting of the switches tried: the oracle for small circuits)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping
from dataclasses import dataclass

from .board import Puzzle, Solution


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
