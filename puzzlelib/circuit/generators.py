"""Random circuits with a planted fix: ``planted_puzzle`` (the circuit and the setting that lights
it) and ``random_puzzle`` (the circuit alone, the interface every puzzle shares)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from ..core.errors import PuzzleError
from ..core.validate import check_int, check_sequence, check_seed
from .board import ARITY, KINDS, MAX_NODES, Puzzle, Solution, apply_gate, solution_from_setting
from ..core.generated import Generated
from ..engine.generating import draw_until_unique, generate_with

#: The most switches a random circuit may have (its gates come on top, within MAX_NODES).
MAX_SWITCHES = MAX_NODES // 4


def random_puzzle(size: int | None = None, *, seed: int = 0, **options) -> Puzzle:
    """A random circuit on ``size`` switches (8 by default) that some setting lights (see :func:`planted_puzzle`)."""
    return planted_puzzle(size, seed=seed, **options)[0]


def planted_puzzle(size: int | None = None, *, seed: int = 0, lamps: int = 1, max_flips: int = 3,
                   kinds: Sequence[str] = ("AND", "OR", "XOR", "NOT", "NAND", "NOR", "XNOR"),
                   wide: float = 0.15, reuse: float = 0.2) -> tuple[Puzzle, Solution]:
    """A random circuit on ``size`` switches (8 by default) and a planted setting of its switches
    that lights every lamp (as a Solution: its ``inputs`` are the setting).

    The gates form a layered network over switches ``x1..xn`` (gates are numbered on from
    ``n + 1``, as in the app); ``wide`` is the chance that an AND/OR/NAND/NOR gets three inputs
    and ``reuse`` the chance that an input is taken from a node already wired (fan-out, which also
    ties the lamps of a multi-lamp circuit together). Each lamp is a gate that is on at the planted
    setting (its kind is swapped for its complement, or a NOT added, when it is not), and the start
    state differs from the planted setting in 1..``max_flips`` switches, so the fewest flips is at
    most that many. Returns ``(puzzle, planted)``. (Should 1,000 tries find no start that leaves a
    lamp dark, which takes a circuit lit at nearly every setting, the last one is returned lit.)
    """
    n_switches = check_int(8 if size is None else size, "size (the number of switches)", 1, MAX_SWITCHES)
    seed = check_int(seed, "seed")
    lamps = check_int(lamps, "lamps", 1, n_switches)
    max_flips = check_int(max_flips, "max_flips", 1)
    kinds = check_sequence(kinds, "kinds", min_len=1, max_len=len(KINDS) * 4)
    for k, kind in enumerate(kinds):
        if not isinstance(kind, str) or kind.upper() not in ARITY:
            raise PuzzleError(f"kinds: item {k + 1} ({kind!r}) is not one of {', '.join(KINDS)}")
    kinds = [k.upper() for k in kinds]
    if set(kinds) == {"NOT"} and n_switches > lamps:
        raise PuzzleError("kinds: NOT gates alone cannot join two switches into one lamp; add a kind with two inputs")
    wide = _chance(wide, "wide")
    reuse = _chance(reuse, "reuse")
    rng = random.Random(check_seed(seed))
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
                return puzzle, solution_from_setting(puzzle, planted)
    return puzzle, solution_from_setting(puzzle, planted)


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
                elif len(ins) >= low:  # no third input to be had: keep the gate with two
                    break
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
            if kind == "NOT":  # its input is on: light the lamp from there (nothing uses the NOT yet)
                del gates[index]
                del values[out]
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


def _chance(value, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise PuzzleError(f"{where}: expected a probability between 0 and 1, got {value!r}")
    return float(value)


COMPLEMENT = {"AND": "NAND", "NAND": "AND", "OR": "NOR", "NOR": "OR", "XOR": "XNOR", "XNOR": "XOR", "NOT": "NOT"}


def _is_not(gates, node) -> bool:
    return any(g[0] == node and g[1] == "NOT" for g in gates)


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             tries: int = 200, **options) -> Generated:
    """A board with one optimum (a search among the optimal answers with a no-good cut finds no second) (:class:`~puzzlelib.core.generated.Generated`: the board, its answer, the proof's work, its
    rating; ``difficulty``: "easy", "medium" or "hard", see :mod:`puzzlelib.engine.rating`;
    ``time_limit``: seconds for the whole call): planted boards (:func:`planted_puzzle`, with
    ``options``) drawn from seeds made from ``seed`` until one is unique (PuzzleError after ``tries``)."""
    tries = check_int(tries, "tries", 1, 100_000)
    planted_puzzle(size, seed=seed, **options)  # the size, seed and options are checked before any search
    make = draw_until_unique(lambda board_seed: planted_puzzle(size, seed=board_seed, **options), tries)
    return generate_with(__package__, size, seed, difficulty, time_limit, make, search="mip", optimum=True)
