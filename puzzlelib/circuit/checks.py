"""Checks for the exercises of chapter 2 (Circuit Scramble): 2.1 IMPLIES and MAJORITY as inequalities,
2.2 the fewest-flips model for several lamps, 2.3 NAND-only circuits, 2.4 a broken XOR repaired.

Every check compares a student's answer with facts found without a solver: gate inequalities are
tried on every 0/1 point against the truth table, models are compared with the fewest flips found
by trying every setting of the switches, and rewritten circuits are compared with the original on
every setting. A failure names the board (or gate) and the point where the answer goes wrong, and
draws it beside a right one; its fault code (``admits-wrong-point``, ``breaks-rule:lamp-off``,
``too-many-flips``, ...) names the diagnosis. The facts are found before a check blocks what would
answer its exercise (the library's model, search and brute force, and the checks' own oracles).
Graded with a hidden seed, the circuit batteries of 2.2-2.4 add random circuits the students never
saw (``feedback.checks.hidden_boards``).
"""

from __future__ import annotations

import itertools
from functools import cache

import pulp

from ..engine.compat import is_constraint

from ..feedback.checks import Case, CheckReport, Failure, forbidden, hidden_boards, run_check, with_caches
from ..display.drawing import BAD, GOOD, INK, MUTED, new_figure, side_by_side
from ..core.errors import NoSolution, SolverError
from ..engine.solver import add_binary, new_problem, solve_model, value01
from .board import Puzzle, apply_gate, seed_circuit
from .drawing import draw_circuit
from .generators import planted_puzzle
from .model import build_model, builder, flips_expression, gate_inequalities, hartmann_model
from .rules import BruteForce, brute_force, check_rules, enumerate_settings
from .solving import solutions, solve

# --------------------------------------------------------------------------------------------- #
# Boards
# --------------------------------------------------------------------------------------------- #
TWO_LAMPS = """circuit
# lamp g9 alone needs one flip (x3), but x3 also feeds lamp g10 through a NOT:
# lighting both takes the long way round, x4 and x5
switches: x1=0 x2=1 x3=0 x4=0 x5=0
g6 = XOR x1 x2
g7 = AND x4 x5
g8 = OR x3 g7
g9 = AND g6 g8
g10 = NOT x3
lamp: g9 g10
"""

WIDE_GATES = """circuit
# two flips light it (a and c, or d and e); a model that reads only the first two inputs
# of a gate finds a false one-flip fix
switches: a=0 b=1 c=0 d=1 e=1
g1 = AND a b c
g2 = OR c d e
g3 = NOT g2
g4 = OR g1 g3
lamp: g4
"""

ALREADY_LIT = """circuit
switches: p=1 q=0
g = OR p q
lamp: g
"""

LAMP_ON_A_SWITCH = """circuit
switches: s=0 t=1
n = NOT t
lamp: s n
"""

CANNOT_LIGHT = """circuit
# each lamp can light, but not both: one needs x1 on, the other x1 off
switches: x1=0 x2=0
g3 = AND x1 x2
g4 = NOR x1 x2
lamp: g3 g4
"""

BASIC = ("AND", "OR", "XOR", "NOT")


def battery(kinds: tuple[str, ...] = BASIC) -> tuple[tuple[str, Puzzle], ...]:
    """Circuits to try, each named so a student can find it: hand-made traps and random ones, then
    (when a lecturer grades with a hidden seed) three random circuits the students never saw."""
    return _public_battery(kinds) + tuple(hidden_boards(lambda s: _random_circuit(s, kinds)))


def _random_circuit(seed: int, kinds: tuple[str, ...]) -> Puzzle:
    """A random circuit of 6 to 8 switches and 1 or 2 lamps (the hidden boards)."""
    return planted_puzzle(6 + seed % 3, seed=seed, lamps=1 + seed % 2, kinds=kinds, wide=0.3, max_flips=3)[0]


@cache
def _public_battery(kinds: tuple[str, ...]) -> tuple[tuple[str, Puzzle], ...]:
    boards = [("the chapter's circuit", seed_circuit()),
              ("a circuit with two lamps", Puzzle.from_text(TWO_LAMPS)),
              ("three-input gates", Puzzle.from_text(WIDE_GATES)),
              ("a lamp that is already on", Puzzle.from_text(ALREADY_LIT)),
              ("a lamp on a switch", Puzzle.from_text(LAMP_ON_A_SWITCH))]
    if kinds == BASIC:
        boards.append(("two lamps that cannot both light",
                       Puzzle({"x1": 0, "x2": 0}, [("g3", "AND", "x1", "x2"), ("n1", "NOT", "x1"),
                                                      ("n2", "NOT", "x2"), ("g4", "AND", "n1", "n2")],
                                 ["g3", "g4"])))
    else:
        boards.append(("two lamps that cannot both light", Puzzle.from_text(CANNOT_LIGHT)))
    for k, (n, lamps) in enumerate([(6, 1), (7, 1), (8, 2), (7, 2), (8, 1), (6, 3)]):
        puzzle, _ = planted_puzzle(n, seed=200 + k, lamps=lamps, kinds=kinds, wide=0.3, max_flips=3)
        boards.append((f"random circuit #{200 + k} ({n} switches, {lamps} lamp{'s' if lamps > 1 else ''})",
                       puzzle))
    return tuple(boards)


@cache
def fewest(puzzle: Puzzle) -> BruteForce:
    """The fewest flips and every optimal fix, by trying every setting (the checks' oracle)."""
    return enumerate_settings(puzzle)


def oracles() -> dict:
    """What would answer a model exercise of this chapter: the library's model, solve and brute
    force, and the checks' own oracles (every check of the chapter blocks them)."""
    return with_caches({"ci.build_model": build_model, "ci.model.hartmann_model": hartmann_model,
                        "ci.model.builder": builder, "ci.gate_inequalities": gate_inequalities,
                        "ci.solve": solve, "ci.solutions": solutions, "ci.brute_force": brute_force,
                        "ci.enumerate_settings": enumerate_settings, "checks.fewest": fewest,
                        "checks.fewest_with_stuck": fewest_with_stuck, "checks.truth": truth,
                        "checks.truth_points": truth_points})


# --------------------------------------------------------------------------------------------- #
# Gate inequalities (Exercises 2.1 and 2.4)
# --------------------------------------------------------------------------------------------- #
def admitted_points(rows, y, ins) -> list[tuple[int, ...]] | Failure:
    """The 0/1 points (inputs..., y) that satisfy every constraint in ``rows``."""
    if is_constraint(rows):
        rows = [rows]
    if not isinstance(rows, (list, tuple)):
        return Failure(f"return a list of constraints, not a {type(rows).__name__}", code="wrong-return-type")
    for k, row in enumerate(rows):
        if isinstance(row, tuple) and len(row) == 2 and is_constraint(row[1]):
            row = row[1]  # (name, constraint) pairs are fine too
        if not is_constraint(row):
            hint = " (write each inequality as its own list item, e.g. y <= a)" if isinstance(row, bool) else ""
            return Failure(f"item {k + 1} of your list is a {type(row).__name__}, not a constraint{hint}",
                           code="not-a-constraint")
    rows = [r[1] if isinstance(r, tuple) else r for r in rows]
    found = []
    for point in itertools.product((0, 1), repeat=len(ins) + 1):
        *a, out = point
        for var, v in zip(ins, a):
            var.varValue = v
        y.varValue = out
        if all(row.valid(1e-9) for row in rows):
            found.append(tuple(point))
    return found


def truth(kind: str, values) -> int:
    """A gate's output: the library's kinds, and Exercise 2.1's IMPLIES and MAJORITY."""
    if kind == "IMPLIES":  # a -> b: off only when a is on and b is off
        a, b = values
        return int(not a or b)
    if kind == "MAJORITY":  # on when more than half of the inputs are on
        return int(2 * sum(values) > len(values))
    return apply_gate(kind, values)


def truth_points(kind: str, arity: int) -> list[tuple[int, ...]]:
    return [(*a, truth(kind, a)) for a in itertools.product((0, 1), repeat=arity)]


def _gate_case(kind: str, arity: int, rows_of) -> Case:
    """One gate kind with ``arity`` inputs: the student's rows must admit exactly its truth table
    (found here, before the check blocks ``truth_points``)."""
    table = truth_points(kind, arity)

    def run():
        problem = new_problem("gate")
        y = add_binary(problem, "y")
        ins = [add_binary(problem, "abcdefgh"[k]) for k in range(arity)]
        found = admitted_points(rows_of(kind, y, ins), y, ins)
        if isinstance(found, Failure):
            return found
        extra = [p for p in found if p not in table]
        missing = [p for p in table if p not in found]
        if not extra and not missing:
            return None
        names = ", ".join("abcdefgh"[:arity]) + ", y"
        if extra:
            message, code = f"your inequalities admit ({names}) = {extra[0]}, which {kind} does not allow", \
                "admits-wrong-point"
        else:
            message, code = (f"your inequalities rule out ({names}) = {missing[0]}, a row of {kind}'s truth table",
                             "rules-out-right-point")
        return Failure(message, lambda: draw_points(kind, arity, found), code=code)
    return Case(f"{kind} with {arity} input{'s' if arity > 1 else ''}", run)


def draw_points(kind: str, arity: int, admitted):
    """All 0/1 points of a gate as a table: what the inequalities admit beside the truth table."""
    points = list(itertools.product((0, 1), repeat=arity + 1))
    truth = set(truth_points(kind, arity))
    admitted = set(admitted)
    if len(points) > 32:  # a wide gate: only the points where the answer goes wrong
        points = [p for p in points if (p in admitted) != (p in truth)][:16]
    fig = new_figure(1.3 + 0.42 * (arity + 3), 0.32 * len(points) + 0.9)
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.96))
    ax.set_xlim(-0.6, arity + 3.6)
    ax.set_ylim(len(points) + 0.4, -1.4)
    ax.set_axis_off()
    heads = [*"abcdefgh"[:arity], "y", "yours", "truth"]
    for c, head in enumerate(heads):
        ax.text(c + (0.4 if c > arity else 0), -0.7, head, ha="center", va="center", fontsize=9, color=INK,
                fontweight="bold")
    for r, p in enumerate(points):
        wrong = (p in admitted) != (p in truth)
        if wrong:
            ax.axhspan(r - 0.45, r + 0.45, color="#ffebee", zorder=0)
        for c, v in enumerate(p):
            ax.text(c, r, str(v), ha="center", va="center", fontsize=9, color=INK)
        for c, ok in ((arity + 1.4, p in admitted), (arity + 2.4, p in truth)):
            ax.text(c, r, "admit" if ok else "-", ha="center", va="center", fontsize=8,
                    color=(BAD if wrong else GOOD) if ok else MUTED)
    ax.set_title(f"{kind}: {'every 0/1 point' if arity < 5 else 'the points it gets wrong'}", fontsize=10, color=INK)
    return fig


def check_gates(gate_rows, exercise: str = "2.1") -> CheckReport:
    """``gate_rows(kind, y, ins)`` must give inequalities admitting exactly the truth table of
    IMPLIES (two inputs) and MAJORITY (three, five and seven inputs)."""
    cases = [_gate_case(kind, n, gate_rows) for kind, n in
             [("IMPLIES", 2), ("MAJORITY", 3), ("MAJORITY", 5), ("MAJORITY", 7)]]
    with forbidden(gate_rows, oracles()):
        return run_check(exercise, "IMPLIES and MAJORITY as inequalities", cases, unit="gate")


#: Exercise 2.4's circuit: (x1 XOR x2) must be off and x2 on; flipping x1 is the one fix.
XOR_TRAP = Puzzle({"x1": 0, "x2": 1}, [("g3", "XOR", "x1", "x2"), ("g4", "NOT", "g3"), ("g5", "AND", "g4", "x2")],
                  "g5")


def _model_with_xor(xor_rows, library_rows=gate_inequalities):
    """The library's model, except that every XOR gate gets the student's rows.

    ``library_rows`` is bound when this module is loaded, so the check keeps it while the
    student's answer runs with ``ci.gate_inequalities`` blocked.
    """
    def build(puzzle):
        problem = new_problem("xor_check")
        x = {v: add_binary(problem, f"x{k}") for k, v in enumerate(puzzle.nodes)}
        for out, kind, *ins in puzzle.gates:
            if kind == "XOR":
                rows = list(xor_rows(x[out], *[x[i] for i in ins]))
            else:
                rows = [c for _, c in library_rows(kind, x[out], [x[i] for i in ins])]
            for row in rows:
                problem += row
        for lamp in puzzle.lamps:
            problem += x[lamp] == 1
        problem += flips_expression(puzzle, x)
        return problem, x
    return build


#: Exercise 2.4's random circuits (seeds 300 + k): on each, a model whose XOR gates have no inequalities
#: finds a wrong fix (the chapter's circuit and #302 do not tell, so they are not in the battery).
XOR_CIRCUITS = (0, 1, 3, 4, 5, 6)


def check_xor(xor_rows, exercise: str = "2.4") -> CheckReport:
    """``xor_rows(y, a, b)`` must admit exactly the four rows of XOR's truth table, and the model
    built with it must find the fewest flips on circuits full of XOR gates. The library's own XOR
    rows are blocked while it runs."""
    cases = [_gate_case("XOR", 2, lambda kind, y, ins: xor_rows(y, *ins))]
    build = _model_with_xor(xor_rows)
    circuits = [("the circuit (NOT (x1 XOR x2)) AND x2", XOR_TRAP)]
    for k in XOR_CIRCUITS:  # circuits whose answer an XOR without inequalities gets wrong
        puzzle, _ = planted_puzzle(6 + k % 3, seed=300 + k, lamps=1 + k % 2, kinds=("XOR", "AND", "OR", "NOT"))
        circuits.append((f"random circuit #{300 + k}", puzzle))
    circuits += hidden_boards(lambda s: _random_circuit(s, ("XOR", "AND", "OR", "NOT")))
    cases += [_model_case(name, puzzle, build) for name, puzzle in circuits]
    with forbidden(xor_rows, oracles()):
        return run_check(exercise, "the repaired XOR", cases, unit="test")


# --------------------------------------------------------------------------------------------- #
# The whole model (Exercise 2.2)
# --------------------------------------------------------------------------------------------- #
def _draw_pair(puzzle, mine, right, titles):
    def panel(setting, title):
        return lambda ax: draw_circuit(ax, puzzle, setting,
                                          [s for s in puzzle.switches if setting[s] != puzzle.inputs[s]], title)
    return side_by_side([panel(mine, titles[0]), panel(right, titles[1])], None, width=4.6)


def _setting_of_fix(puzzle, flips):
    return {s: 1 - v if s in flips else v for s, v in puzzle.inputs.items()}


@cache
def fewest_with_stuck(puzzle: Puzzle, stuck: tuple[str, ...]) -> tuple[int | None, tuple[tuple[str, ...], ...]]:
    """(fewest flips, optimal fixes) when the switches in ``stuck`` cannot move, by trying every
    setting of the others."""
    free = [s for s in puzzle.switches if s not in stuck]
    best, fixes = None, []
    for bits in itertools.product((0, 1), repeat=len(free)):
        setting = {**puzzle.inputs, **dict(zip(free, bits))}
        values = puzzle.evaluate(setting)
        if all(values[lamp] for lamp in puzzle.lamps):
            moved = tuple(s for s in puzzle.switches if setting[s] != puzzle.inputs[s])
            if best is None or len(moved) < best:
                best, fixes = len(moved), [moved]
            elif len(moved) == best:
                fixes.append(moved)
    return best, tuple(fixes)


def stuck_cases() -> list[tuple[str, Puzzle, tuple[str, ...]]]:
    """Exercise 2.2's boards with a broken switch: the first switch of the best fix is stuck, so
    the answer must change (or vanish)."""
    cases = []
    for name, puzzle in _public_battery(BASIC)[:3] + _public_battery(BASIC)[6:8]:
        best, fixes = fewest_with_stuck(puzzle, ())
        if best:
            stuck = (fixes[0][0],)
            cases.append((f"{name}, with {stuck[0]} stuck", puzzle, stuck))
    return cases


def _model_case(name, puzzle, build, stuck=None) -> Case:
    """One circuit: the student's model must light every lamp with the fewest flips, moving no switch in
    ``stuck``. The fewest flips are found here, before the check blocks the oracles."""
    if stuck is None:
        truth = fewest(puzzle)
    else:
        best, fixes = fewest_with_stuck(puzzle, stuck)
        truth = BruteForce(best=best, fixes=fixes, lit_by_flips=(), settings=0, seconds=0.0)

    def run():
        result = build(puzzle) if stuck is None else build(puzzle, set(stuck))
        if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)):
            return Failure("the function must return (problem, x): a pulp.LpProblem and the dict of node variables",
                           code="wrong-return-type")
        problem, x = result
        missing = [v for v in puzzle.nodes if v not in x]
        if missing:
            return Failure(f"x has no variable for node {missing[0]}: key the dict by node name",
                           code="missing-variable")
        try:
            solve_model(problem)
        except NoSolution:
            if truth.best is None:
                return None
            fix = truth.fixes[0]
            return Failure("your model says no setting works, but a setting lights every lamp (a right fix is "
                           "drawn): which of your constraints forbids it?",
                           lambda: _draw_pair(puzzle, puzzle.inputs, _setting_of_fix(puzzle, fix),
                                              ["start (your model: no fix)", "a right fix"]),
                           code="rules-out-solution")
        except SolverError as exc:
            return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")
        setting = {s: value01(x[s]) for s in puzzle.switches}
        broken = check_rules(puzzle, setting)
        right = _setting_of_fix(puzzle, truth.fixes[0]) if truth.best is not None else puzzle.inputs
        right_title = "a right fix" if truth.best is not None else "(no setting lights every lamp)"
        if broken:
            return Failure(f"your model's answer leaves a lamp off: {broken[0].message}",
                           lambda: _draw_pair(puzzle, setting, right, ["your model's answer", right_title]),
                           code=f"breaks-rule:{broken[0].code}")
        moved_stuck = [s for s in stuck or () if setting[s] != puzzle.inputs[s]]
        if moved_stuck:
            return Failure(f"your model's answer moves {moved_stuck[0]}, which is stuck",
                           lambda: _draw_pair(puzzle, setting, right, ["your model's answer", "a right fix"]),
                           code="moves-stuck-switch")
        moved = [s for s in puzzle.switches if setting[s] != puzzle.inputs[s]]
        if len(moved) > truth.best:
            return Failure(f"your model's answer moves {len(moved)} switches ({', '.join(moved)}), but fewer "
                           "suffice: does your objective count every switch that moves, and only those?",
                           lambda: _draw_pair(puzzle, setting, right, ["your model's answer", "fewest flips"]),
                           code="too-many-flips")
        return None
    return Case(name, run)


def check_model(build, exercise: str = "2.2") -> CheckReport:
    """``build(puzzle, stuck) -> (problem, x)`` must find the fewest flips that light every lamp
    without moving a switch in ``stuck``, without the library's model (``ci.build_model``,
    ``ci.gate_inequalities``, ``ci.solve``: blocked)."""
    cases = [_model_case(name, p, build, ()) for name, p in battery()]
    cases += [_model_case(name, p, build, stuck) for name, p, stuck in stuck_cases()]
    with forbidden(build, oracles()):
        return run_check(exercise, "the fewest-flips model", cases, unit="circuit")


# --------------------------------------------------------------------------------------------- #
# NAND-only circuits (Exercise 2.3)
# --------------------------------------------------------------------------------------------- #
def _nand_case(name, puzzle, to_nand) -> Case:
    def run():
        mine = to_nand(puzzle)
        if not isinstance(mine, Puzzle):
            return Failure(f"return a circuit Puzzle, not a {type(mine).__name__}", code="wrong-return-type")
        others = sorted({g[1] for g in mine.gates} - {"NAND"})
        if others:
            gate = next(g for g in mine.gates if g[1] != "NAND")
            return Failure(f"your circuit still has a {gate[1]} gate ({gate[0]}): use NAND gates only",
                           code="not-nand-only")
        if dict(mine.inputs) != dict(puzzle.inputs):
            return Failure("your circuit must keep the same switches with the same start states",
                           code="changes-switches")
        if len(mine.lamps) != len(puzzle.lamps):
            return Failure(f"your circuit has {len(mine.lamps)} lamp(s), the original {len(puzzle.lamps)}",
                           code="wrong-lamp-count")
        for bits in itertools.product((0, 1), repeat=len(puzzle.switches)):
            setting = dict(zip(puzzle.switches, bits))
            want, got = puzzle.evaluate(setting), mine.evaluate(setting)
            for old, new in zip(puzzle.lamps, mine.lamps):
                if want[old] != got[new]:
                    shown = " ".join(f"{s}={v}" for s, v in setting.items())
                    return Failure(f"at {shown} lamp {new} of your circuit is {'on' if got[new] else 'off'}, "
                                   f"but lamp {old} of the original is {'on' if want[old] else 'off'}",
                                   lambda s=setting: side_by_side(
                                       [lambda ax: draw_circuit(ax, mine, s, (), "your NAND circuit"),
                                        lambda ax: draw_circuit(ax, puzzle, s, (), "the original")],
                                       None, width=4.6),
                                   code="lamp-differs")
        return None
    return Case(name, run)


def check_nand(to_nand, exercise: str = "2.3") -> CheckReport:
    """``to_nand(puzzle)`` must return a circuit of NAND gates only whose lamps match on every setting."""
    kinds = ("AND", "OR", "XOR", "NOT", "NAND", "NOR", "XNOR")
    cases = [_nand_case(name, p, to_nand) for name, p in battery(kinds)]
    with forbidden(to_nand, oracles()):
        return run_check(exercise, "the NAND-only rewrite", cases, unit="circuit")


__all__ = ["check_gates", "check_xor", "check_model", "check_nand", "battery", "draw_points",
           "admitted_points", "truth_points", "TWO_LAMPS"]
