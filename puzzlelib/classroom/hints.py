"""Hints that are proofs: the next cell the rules force, and why (issue 40).

``hint(puzzle, partial)`` takes a board and a player's partial answer (a dict ``{cell: value}``, or
for the grid puzzles a grid with None where nothing is written) and returns a :class:`Hint`:

* ``kind="cell"``: an empty cell whose value the rules and the filled cells force, with the reason.
  The reason is found in the puzzle's own integer program, in the order a person would look:

  1. **propagation** (``method="propagation"``): bound propagation on the model's rows from the filled
     cells; the reason is the chain of rows that fixed the cell, each step a row whose other cells'
     bounds leave this variable one value (:class:`Step`; ``rules`` names the rows, ``cells`` the
     cells they read);
  2. **the LP's dual** (``method="lp"``): when propagation stalls, the LP relaxation with the cell set
     to any other value has no point, and chapter 12's Farkas certificate says why: weights on named
     rules whose sum reads ``0 >= 1`` (``weights``; :func:`puzzlelib.duality.farkas.check_certificate`
     checks them without a solver);
  3. **search** (``method="search"``): when neither settles a cell, the value of the board's one
     answer (proven by the no-good search), said as such.

* ``kind="broken"``: the filled cells already break a rule: propagation found a row no filling can
  keep; ``rules`` names it and ``cells`` are its cells.
* ``kind="mistake"``: no rule is broken yet, but the filled cells in ``cells`` differ from the board's
  one answer, so no filling completes them; no cell is hinted from them.
* ``kind="solved"``: every cell is filled and right.
* ``kind="none"``: a board with several answers where propagation and the LP force nothing more.

A hinted value is never wrong: propagation and the LP only draw consequences, and they are drawn
only from filled cells that agree with the one answer. :func:`check_hint` replays a hint's proof by
arithmetic alone (the propagation steps, or the Farkas weights): the tests use it on random partial
answers of planted boards.

Every puzzle of the course is covered (:data:`CELLS`); :mod:`.hint_cells` says what a cell and its
values are in each: a grid cell's 0/1, digit, colour or dot number, a tile's or a disk's turns, a
switch's final state, an edge's colour, or a path square's next square. For the puzzles that
minimise (Circuit Scramble, Match 22, Slider) the model carries the row ``optimum`` (the objective
at most the answer's value), so a hint is forced among the *optimal* answers, and ``optimum`` is
part of the hint's proof.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import PuzzleError
from ..engine.solver import Deadline
from .hint_cells import END, SPECS

TOL = 1e-7
#: Cells the LP step tries (each one LP) before the hint falls back on search.
LP_CANDIDATES = 40


CELLS = SPECS  # the kinds hints cover, each with its Spec (hint_cells.py)


def supported(kind: str) -> bool:
    return kind in SPECS


def answer_cells(kind: str, solution, cells, puzzle=None) -> dict:
    """The answer's value at every cell the model decides (see :mod:`.hint_cells`)."""
    return SPECS[kind].answer(puzzle, solution, cells)


def label(cell) -> str:
    """A cell as a piece of a row name: ``(2, 3)`` -> ``2_3``, ``"x7"`` -> ``x7``, ``4`` -> ``4``."""
    if isinstance(cell, tuple):
        return "_".join(label(part) for part in cell)
    return re.sub(r"[^A-Za-z0-9]", "_", str(cell))


def as_partial(partial, cells) -> dict:
    """A partial answer as ``{cell: value}`` over the model's cells (None and missing cells are empty)."""
    if partial is None:
        return {}
    if isinstance(partial, Mapping):
        items = partial.items()
    elif hasattr(partial, "grid"):
        items = ((cell, partial.grid[cell[0]][cell[1]]) for cell in cells)
    else:
        rows = list(partial)
        items = ((cell, rows[cell[0]][cell[1]]) for cell in cells
                 if cell[0] < len(rows) and cell[1] < len(rows[cell[0]]))
    out = {}
    for cell, value in items:
        cell = tuple(cell) if isinstance(cell, list) else cell
        if not _hashable(cell) or value is None or cell not in cells:
            continue
        if isinstance(value, (bool, float)) or not _hashable(value):
            raise PuzzleError(f"partial: the value at {cell} is {str(value)[:30]!r}, which no cell holds")
        if value not in cells[cell]:
            raise PuzzleError(f"partial: {str(value)[:30]} cannot go in cell {cell}")
        out[cell] = value
    return out


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


# --------------------------------------------------------------------------------------------- #
# The model as named rows
# --------------------------------------------------------------------------------------------- #
class Rows:
    """A PuLP model's rows by name: ``low <= sum a_k x_k <= high``, and its columns' bounds."""

    def __init__(self, problem):
        self.columns = [v for v in problem.variables() if v.name != "__dummy"]
        self.index = {v.name: k for k, v in enumerate(self.columns)}
        self.integer = [v.cat == "Integer" for v in self.columns]
        self.lower = [-math.inf if v.lowBound is None else float(v.lowBound) for v in self.columns]
        self.upper = [math.inf if v.upBound is None else float(v.upBound) for v in self.columns]
        self.rows: list[tuple[str, list[tuple[int, float]], float, float]] = []
        for c in problem.constraints():
            name = c.name
            terms = [(self.index[v.name], float(a)) for v, a in c.items() if v.name in self.index and a]
            rhs = -float(c.constant)
            low = rhs if c.sense in (0, 1) else -math.inf   # EQ = 0, GE = 1, LE = -1
            high = rhs if c.sense in (0, -1) else math.inf
            self.rows.append((name, terms, low, high))
        self.rows_of: list[list[int]] = [[] for _ in self.columns]
        for i, (_, terms, _, _) in enumerate(self.rows):
            for k, _ in terms:
                self.rows_of[k].append(i)


def implied(terms, low, high, lo, up, k):
    """The bounds row ``low <= sum a x <= high`` implies on column ``k`` given the others' bounds
    ``lo``/``up`` (lists): ``(new_lo, new_up)``, each None when the row says nothing on that side."""
    a = next(a for j, a in terms if j == k)
    min_rest = max_rest = 0.0
    for j, b in terms:
        if j == k:
            continue
        lo_j, up_j = lo[j], up[j]
        min_rest += b * (lo_j if b > 0 else up_j)
        max_rest += b * (up_j if b > 0 else lo_j)
    new_lo = new_up = None
    if math.isfinite(high) and math.isfinite(min_rest):
        bound = (high - min_rest) / a
        if a > 0:
            new_up = bound
        else:
            new_lo = bound
    if math.isfinite(low) and math.isfinite(max_rest):
        bound = (low - max_rest) / a
        if a > 0:
            new_lo = bound if new_lo is None else max(new_lo, bound)
        else:
            new_up = bound if new_up is None else min(new_up, bound)
    return new_lo, new_up


@dataclass(frozen=True)
class Step:
    """One line of a propagation proof: ``row`` tightens ``column``'s ``side`` ("lower" or "upper")
    to ``bound``, from the bounds the earlier steps (and the filled cells) left."""

    row: str
    column: str
    side: str
    bound: float


def _round(value, integer):
    if integer:
        return float(math.ceil(value - 1e-6)), float(math.floor(value + 1e-6))
    return value, value


def propagate_with_proof(rows: Rows, lo, up, stop=None, budget: int = 200_000):
    """Propagation that remembers why: returns ``(lo, up, steps, deps, conflict, reads)``. ``steps`` are
    (row index, column, side, bound); ``deps[s]`` the earlier steps step ``s`` read; ``conflict`` the
    row index no bounds can keep (or None), ``reads`` the steps whose bounds it read. ``stop(k)`` ends the run early once it returns True for a
    column just tightened (``stop(k, lo, up)``, with the current bounds)."""
    lo, up = list(lo), list(up)
    src_lo = [-1] * len(lo)
    src_up = [-1] * len(up)
    steps: list[tuple[int, int, str, float]] = []
    deps: list[tuple[int, ...]] = []
    queue = list(range(len(rows.rows)))
    queued = [True] * len(rows.rows)
    visits = 0
    while queue:
        i = queue.pop(0)
        queued[i] = False
        visits += 1
        if visits > budget:
            break
        name, terms, low, high = rows.rows[i]
        if not terms:
            if low > TOL or high < -TOL:
                return lo, up, steps, deps, i, _reads(rows.rows[i][1], src_lo, src_up)
            continue
        min_act = sum(b * (lo[j] if b > 0 else up[j]) for j, b in terms)
        max_act = sum(b * (up[j] if b > 0 else lo[j]) for j, b in terms)
        if min_act > high + 1e-6 or max_act < low - 1e-6:
            return lo, up, steps, deps, i, _reads(rows.rows[i][1], src_lo, src_up)
        for k, a in terms:
            new_lo, new_up = implied(terms, low, high, lo, up, k)
            for side, value in (("lower", new_lo), ("upper", new_up)):
                if value is None:
                    continue
                if rows.integer[k]:
                    value = math.ceil(value - 1e-6) if side == "lower" else math.floor(value + 1e-6)
                better = value > lo[k] + 1e-6 if side == "lower" else value < up[k] - 1e-6
                if not better:
                    continue
                if not rows.integer[k] and abs(value - (lo[k] if side == "lower" else up[k])) < 1e-3:
                    continue
                used = []
                for j, b in terms:
                    if j == k:
                        continue
                    reads_lower = (b > 0) == (side == "upper") if a > 0 else (b > 0) == (side == "lower")
                    src = src_lo[j] if reads_lower else src_up[j]
                    if src >= 0:
                        used.append(src)
                steps.append((i, k, side, float(value)))
                deps.append(tuple(sorted(set(used))))
                if side == "lower":
                    lo[k], src_lo[k] = float(value), len(steps) - 1
                else:
                    up[k], src_up[k] = float(value), len(steps) - 1
                if lo[k] > up[k] + 1e-6:
                    return lo, up, steps, deps, i, _reads(rows.rows[i][1], src_lo, src_up)
                for r in rows.rows_of[k]:
                    if not queued[r]:
                        queued[r] = True
                        queue.append(r)
                if stop is not None and stop(k, lo, up):
                    return lo, up, steps, deps, None, ()
    return lo, up, steps, deps, None, ()


def _reads(terms, src_lo, src_up) -> tuple[int, ...]:
    """The steps that set any bound of a row's columns (what a conflict on the row read)."""
    return tuple(sorted({s for j, _ in terms for s in (src_lo[j], src_up[j]) if s >= 0}))


def _chain(deps, targets) -> list[int]:
    """The steps the targets need, in order."""
    need, stack = set(), list(targets)
    while stack:
        s = stack.pop()
        if s in need:
            continue
        need.add(s)
        stack.extend(deps[s])
    return sorted(need)


# --------------------------------------------------------------------------------------------- #
# The hint
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Hint:
    """A hint (see the module docstring)."""

    kind: str                        # "cell", "broken", "mistake" or "solved"
    cell: tuple | None = None
    value: Any = None
    method: str = ""                 # "propagation", "lp" or "search" (kind "cell")
    reason: str = ""
    rules: tuple[str, ...] = ()      # the model's rows the reason uses
    cells: tuple = ()                # the cells those rows read (or the cells at fault)
    steps: tuple[Step, ...] = ()     # the propagation proof
    weights: dict = field(default_factory=dict)  # the Farkas certificate ({row: weight})
    optimum: float | None = None     # the objective's bound in the row "optimum" (the puzzles that minimise)
    claim: str = ""                  # the hint in words ("(2, 3) must be 4", "switch x7 must be 1 (flipped)")

    def __str__(self) -> str:
        if self.kind == "cell":
            return f"{self.claim or f'{self.cell} must be {self.value}'}: {self.reason}"
        return self.reason


def _table(puzzle):
    from .. import registry

    kind = type(puzzle).__module__.split(".")[1]
    return registry.table(kind)


def build(table, puzzle, optimum=None):
    """The hint's model of ``puzzle``: its kind's formulation, with the row ``optimum`` (objective
    <= ``optimum``) for the puzzles that minimise; returns ``(problem, cells)``."""
    import pulp

    spec = SPECS[table.kind]
    problem, variables = (table.build_model(puzzle) if spec.model is None
                          else table.build_model(puzzle, model=spec.model))
    if spec.optimum is not None and optimum is not None and problem.objective is not None:
        problem += (pulp.LpAffineExpression(problem.objective) <= optimum), "optimum"
    return problem, spec.cells(puzzle, variables)


def setup(table, puzzle, optimum=None):
    """The hint's model of ``puzzle``: (problem, Rows, {cell: {value: [(var, required)]}}, {var name: cell})."""
    if table.kind not in SPECS:
        raise PuzzleError(f"hints are not offered for {table.title} yet")
    problem, cells = build(table, puzzle, optimum)
    rows = Rows(problem)
    owner = {var.name: cell for cell, values in cells.items() for lits in values.values() for var, _ in lits}
    return problem, rows, cells, owner


def givens(rows: Rows, cells) -> dict:
    """The cells the board itself fixes: a value whose variables the model's one-variable equations
    (a Sudoku's or a Binary Sudoku's givens) or bounds pin to it, or a cell with one value left (a
    Kakuro cell whose runs allow one digit)."""
    pinned = {}
    for _, terms, low, high in rows.rows:
        if len(terms) == 1 and low == high:
            (k, a), = terms
            pinned[k] = low / a
    for k in range(len(rows.columns)):
        if rows.lower[k] == rows.upper[k]:
            pinned.setdefault(k, rows.lower[k])
    out = {}
    for cell, values in cells.items():
        held = [v for v, lits in values.items()
                if all(abs(pinned.get(rows.index[var.name], math.nan) - req) < TOL for var, req in lits)]
        if len(held) == 1:
            out[cell] = held[0]
        elif len(values) == 1:
            out[cell] = next(iter(values))
    return out


def _fix(rows: Rows, cells, filled) -> tuple[list, list]:
    lo, up = list(rows.lower), list(rows.upper)
    for cell, value in filled.items():
        for var, required in cells[cell][value]:
            k = rows.index[var.name]
            lo[k] = up[k] = float(required)
    return lo, up


def cell_value(rows: Rows, cells, cell, lo, up):
    """The value ``cell`` is fixed to by these bounds, or None."""
    options = []
    for value, lits in cells[cell].items():
        possible = all(lo[rows.index[v.name]] <= req + TOL and up[rows.index[v.name]] >= req - TOL for v, req in lits)
        if possible:
            options.append(value)
    return options[0] if len(options) == 1 else None


def hint(puzzle, partial=None, *, answer=None, time_limit: float | None = None) -> Hint:
    """The next forced cell of ``puzzle`` given ``partial``, with its reason (see the module docstring).

    ``answer``: the board's one answer when the caller has it (a generated board's); else the puzzle's
    ``solutions(limit=2)`` finds it. A board with several answers gets hints only from propagation
    and the LP (which draw consequences, true in every answer): no mistakes are named from one
    answer, and where they stall the hint is ``kind="none"``. For the puzzles that minimise, the
    answer is needed first: its objective value is the row ``optimum`` the reasons may use."""
    deadline = Deadline(time_limit)
    table = _table(puzzle)
    if table.kind not in SPECS:
        raise PuzzleError(f"hints are not offered for {table.title} yet")
    spec = SPECS[table.kind]
    unique = True
    if answer is None and spec.optimum is not None:
        answer, unique = _find_answer(table, puzzle, deadline)
        if answer is None:
            return Hint("broken", reason="this board has no answer at all: no setting meets every rule")
    optimum = spec.optimum(answer) if spec.optimum is not None else None
    problem, rows, cells, owner = setup(table, puzzle, optimum)
    filled = as_partial(partial, cells)
    board = givens(rows, cells)
    filled = {**filled, **{c: v for c, v in board.items() if c not in filled}}
    lo, up = _fix(rows, cells, filled)

    def cells_of(row_indices):
        seen = []
        for i in row_indices:
            for k, _ in rows.rows[i][1]:
                cell = owner.get(rows.columns[k].name)
                if cell is not None and cell not in seen:
                    seen.append(cell)
        return tuple(seen)

    def steps_of(chain):
        return tuple(Step(rows.rows[steps[s][0]][0], rows.columns[steps[s][1]].name, steps[s][2], steps[s][3])
                     for s in chain)

    # 1. propagation from the filled cells: a broken rule, or the first cell fixed
    open_cells = [c for c in sorted(cells, key=_order) if c not in filled]

    def stop(k, lo_now, up_now):
        cell = owner.get(rows.columns[k].name)
        if cell is None or cell in filled:
            return False
        value = cell_value(rows, cells, cell, lo_now, up_now)
        return value is not None and value != spec.quiet

    lo2, up2, steps, deps, conflict, reads = propagate_with_proof(rows, lo, up, stop)
    if conflict is not None:
        name = rows.rows[conflict][0]
        chain = _chain(deps, list(reads))
        # the cells at fault: the rule's own cells, or (a rule on gates, a path's order) the filled
        # cells the propagation that reached it started from
        at_fault = [c for c in cells_of([conflict]) if c in filled]
        if not at_fault:
            at_fault = [c for c in cells_of(sorted({steps[s][0] for s in chain})) if c in filled]
        return Hint("broken", reason=f"the filled cells break the rule {name}: no filling keeps it",
                    rules=(name,), cells=tuple(at_fault) or cells_of([conflict]), steps=steps_of(chain),
                    optimum=optimum)
    if answer is None:
        answer, unique = _find_answer(table, puzzle, deadline)
        if answer is None:
            return Hint("broken", reason="this board has no answer at all: no filling keeps every rule")
    right = answer_cells(table.kind, answer, cells, puzzle)
    wrong = tuple(c for c in sorted(filled, key=_order) if filled[c] != right[c]) if unique else ()
    if wrong:
        return Hint("mistake", cells=wrong, optimum=optimum,
                    reason=f"{len(wrong)} filled cell{'s' * (len(wrong) != 1)} cannot be right: no filling "
                           f"completes them (the board has one {'optimum' if optimum is not None else 'answer'})")
    if not open_cells:
        return Hint("solved", reason="every cell is filled, and the board's one answer agrees", optimum=optimum)
    if spec.quiet is not None and unique and all(right[c] == spec.quiet for c in open_cells):
        # a path is whole when its steps are: the squares it never leaves need no mark
        return Hint("solved", reason="the path is complete, and the board's one answer agrees", optimum=optimum)
    forced = [(cell, cell_value(rows, cells, cell, lo2, up2)) for cell in open_cells]
    forced = [(cell, value) for cell, value in forced if value is not None]

    def quiet(value):
        return spec.quiet is not None and value == spec.quiet

    def by_propagation(cell, value):
        cols = [rows.index[v.name] for lits in cells[cell].values() for v, _ in lits]
        targets = [s for s in range(len(steps)) if steps[s][1] in cols]
        chain = _chain(deps, targets)
        used = sorted({steps[s][0] for s in chain})
        names = tuple(rows.rows[i][0] for i in used)
        return Hint("cell", cell, value, "propagation",
                    f"propagation: {len(chain)} step{'s' * (len(chain) != 1)} through the rule"
                    f"{'s' * (len(names) != 1)} {', '.join(names[:6])}{' ...' if len(names) > 6 else ''} "
                    f"leave it one value",
                    names, cells_of(used), steps_of(chain), optimum=optimum,
                    claim=spec.says(puzzle, cell, value))

    def by_lp(candidates):
        # the LP relaxation: the cell set to another value has no fractional point either
        for cell in candidates[:LP_CANDIDATES]:
            if deadline.passed():
                return None
            got = _lp_hint(table, puzzle, cells, filled, cell, right[cell], optimum)
            if got is not None:
                weights, names = got
                return Hint("cell", cell, right[cell], "lp",
                            f"the LP relaxation: with any other value the rules {', '.join(names[:6])}"
                            f"{' ...' if len(names) > 6 else ''}, weighted, add up to 0 >= 1 (Farkas)",
                            names, _cells_of_names(rows, owner, names), (), weights, optimum,
                            spec.says(puzzle, cell, right[cell]))
        return None

    # a value worth saying first (a jump, a slide), then a quiet one ("the path ends here")
    loud = [item for item in forced if not quiet(item[1])]
    if loud:
        return by_propagation(*loud[0])
    got = by_lp([c for c in open_cells if not quiet(right[c])])
    if got is not None:
        return got
    if forced:
        return by_propagation(*forced[0])
    candidates = [c for c in open_cells if quiet(right[c])]
    got = by_lp(candidates)
    if got is not None:
        return got
    candidates = [c for c in open_cells if not quiet(right[c])] + candidates
    # 3. search (only on a board with one answer: with two, an answer's value is not forced)
    if not unique:
        return Hint("none", reason="no rule or LP forces a cell yet, and this board has more than one "
                                   "answer, so no search can say which value is right", optimum=optimum)
    cell = candidates[0]
    return Hint("cell", cell, right[cell], "search",
                "no single rule or LP settles a cell yet; the board's one answer (proven by the no-good "
                "search) has this value here", optimum=optimum, claim=spec.says(puzzle, cell, right[cell]))


def _find_answer(table, puzzle, deadline):
    """(the first answer or None, whether it is the only one): ``solutions(limit=2)``."""
    found = table.solutions(puzzle, limit=2, time_limit=deadline.remaining())
    if not found:
        return None, True
    return found[0], len(found) == 1


def _order(cell):
    """Cells in reading order whatever they are (grid cells, switch names, edge numbers)."""
    return (type(cell).__name__, cell)


def _cells_of_names(rows, owner, names):
    by_name = {r[0]: r for r in rows.rows}
    seen = []
    for name in names:
        row = by_name.get(name)
        if row is None:
            continue
        for k, _ in row[1]:
            cell = owner.get(rows.columns[k].name)
            if cell is not None and cell not in seen:
                seen.append(cell)
    return tuple(seen)


def lp_model(table, puzzle, cells, filled, cell, value, optimum=None):
    """The model with the filled cells as named rules ``filled_r_c`` and ``cell`` kept from ``value``
    by the rule ``not_r_c``: the LP whose emptiness the Farkas weights prove."""
    import pulp

    problem, fresh = build(table, puzzle, optimum)
    for key, v in sorted(filled.items(), key=lambda item: repr(item[0])):
        for k, (var, required) in enumerate(fresh[key][v]):
            problem += (var == required), f"filled_{label(key)}_{k}"
    lits = fresh[cell][value]
    if len(lits) == 1:
        var, required = lits[0]
        problem += (var == 1 - required), f"not_{label(cell)}"
    else:  # a value of several literals (no dot here, the path ends here): not all of them hold
        problem += (pulp.lpSum(var if req else 1 - var for var, req in lits) <= len(lits) - 1), f"not_{label(cell)}"
    return problem


def _lp_hint(table, puzzle, cells, filled, cell, value, optimum=None):
    from ..duality.farkas import farkas_certificate

    model = lp_model(table, puzzle, cells, filled, cell, value, optimum)
    certificate = farkas_certificate(model, method="smallest")
    if certificate is None:
        return None
    weights = {name: w for name, w in certificate.weights.items() if w}
    return weights, tuple(sorted(weights))


# --------------------------------------------------------------------------------------------- #
# Checking a hint without a solver
# --------------------------------------------------------------------------------------------- #
def check_hint(puzzle, partial, got: Hint) -> list[str]:
    """The faults of a hint's proof, by arithmetic alone ([] = it proves what it says): the
    propagation steps replayed from the filled cells, each tightening what its row says, ending
    with the cell at its value; or the Farkas weights checked exactly
    (:func:`puzzlelib.duality.farkas.check_certificate`). A search hint has no proof to check."""
    table = _table(puzzle)
    problem, rows, cells, owner = setup(table, puzzle, got.optimum)
    filled = as_partial(partial, cells)
    filled = {**filled, **{c: v for c, v in givens(rows, cells).items() if c not in filled}}
    if got.kind != "cell":
        return []
    if got.method == "lp":
        from ..duality.farkas import check_certificate

        model = lp_model(table, puzzle, cells, filled, got.cell, got.value, got.optimum)
        verdict = check_certificate(model, got.weights)
        return [message for _, message in verdict.faults]
    if got.method != "propagation":
        return []
    lo, up = _fix(rows, cells, filled)
    by_name = {r[0]: r for r in rows.rows}
    faults = []
    for step in got.steps:
        if step.row not in by_name or step.column not in rows.index:
            faults.append(f"the model has no rule {step.row!r} on {step.column!r}")
            continue
        name, terms, low, high = by_name[step.row]
        k = rows.index[step.column]
        new_lo, new_up = implied(terms, low, high, lo, up, k)
        value = new_lo if step.side == "lower" else new_up
        if value is None:
            faults.append(f"{step.row} says nothing on {step.column}'s {step.side} bound")
            continue
        if rows.integer[k]:
            value = math.ceil(value - 1e-6) if step.side == "lower" else math.floor(value + 1e-6)
        if step.side == "lower":
            if value < step.bound - 1e-6:
                faults.append(f"{step.row} gives {step.column} >= {value:g}, not >= {step.bound:g}")
            lo[k] = max(lo[k], step.bound)
        else:
            if value > step.bound + 1e-6:
                faults.append(f"{step.row} gives {step.column} <= {value:g}, not <= {step.bound:g}")
            up[k] = min(up[k], step.bound)
    if cell_value(rows, cells, got.cell, lo, up) != got.value:
        faults.append(f"the steps do not leave {got.cell} the one value {got.value}")
    return faults
