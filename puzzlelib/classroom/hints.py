"""Hints that are proofs: the next cell the rules force, and why (issue 40).

``hint(puzzle, partial)`` takes a board and a player's partial answer (a dict ``{(row, col): value}``,
or a grid with None where nothing is written) and returns a :class:`Hint`:

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

Kinds whose answer is one value per cell are covered (:data:`CELLS`): Thermometers, Binary Sudoku,
Aquarium, Star Battle (0/1 cells), Sudoku and Kakuro (digits), Infinity Loop (a tile's turns).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import PuzzleError
from ..engine.solver import Deadline

TOL = 1e-7
#: Cells the LP step tries (each one LP) before the hint falls back on search.
LP_CANDIDATES = 40


# --------------------------------------------------------------------------------------------- #
# Which variables say what a cell holds
# --------------------------------------------------------------------------------------------- #
def _binary_cells(variables) -> dict:
    """0/1 grids: value v of a cell is its variable at v."""
    return {cell: {0: [(var, 0)], 1: [(var, 1)]} for cell, var in variables.items()
            if isinstance(cell, tuple) and len(cell) == 2}


def _digit_cells(variables) -> dict:
    """Digit grids: value d of a cell is its variable (r, c, d) at 1."""
    out: dict = {}
    for key, var in variables.items():
        if isinstance(key, tuple) and len(key) == 3:
            r, c, d = key
            out.setdefault((r, c), {})[d] = [(var, 1)]
    return out


def _turn_cells(variables) -> dict:
    """Rotation puzzles: value k of a tile is its binary for k turns at 1 (one binary per picture)."""
    return {cell: {k: [(var, 1)] for k, var in turns.items()} for cell, turns in variables.items()
            if isinstance(cell, tuple) and isinstance(turns, dict)}


#: Per kind: how a model's variables (``build_model``'s second value) map to cells and values.
CELLS = {
    "thermometer": _binary_cells,
    "binairo": _binary_cells,
    "aquarium": _binary_cells,
    "starbattle": _binary_cells,
    "sudoku": _digit_cells,
    "kakuro": _digit_cells,
    "infinityloop": _turn_cells,
}


def supported(kind: str) -> bool:
    return kind in CELLS


def answer_cells(kind: str, solution, cells) -> dict:
    """The answer's value at every cell the model decides (Infinity Loop: the picture's turns, as the
    model numbers them; a symmetric tile's pictures are fewer than four)."""
    if kind == "infinityloop":
        out = {}
        for (r, c), values in cells.items():
            k = int(solution.turns[r][c])
            out[r, c] = k if k in values else min(values, key=lambda v: (v - k) % 4)
        return out
    grid = solution.grid
    return {cell: int(grid[cell[0]][cell[1]]) for cell in cells}


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
        if value is None or cell not in cells:
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise PuzzleError(f"partial: the value at {cell} is {value!r}, not a whole number")
        if value not in cells[cell]:
            raise PuzzleError(f"partial: {value} cannot go in cell {cell}")
        out[tuple(cell)] = value
    return out


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
    """Propagation that remembers why: returns ``(lo, up, steps, deps, conflict)``. ``steps`` are
    (row index, column, side, bound); ``deps[s]`` the earlier steps step ``s`` read; ``conflict`` the
    row index no bounds can keep (or None). ``stop(k)`` ends the run early once it returns True for a
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
                return lo, up, steps, deps, i
            continue
        min_act = sum(b * (lo[j] if b > 0 else up[j]) for j, b in terms)
        max_act = sum(b * (up[j] if b > 0 else lo[j]) for j, b in terms)
        if min_act > high + 1e-6 or max_act < low - 1e-6:
            return lo, up, steps, deps, i
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
                    return lo, up, steps, deps, i
                for r in rows.rows_of[k]:
                    if not queued[r]:
                        queued[r] = True
                        queue.append(r)
                if stop is not None and stop(k, lo, up):
                    return lo, up, steps, deps, None
    return lo, up, steps, deps, None


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

    def __str__(self) -> str:
        if self.kind == "cell":
            return f"{self.cell} must be {self.value}: {self.reason}"
        return self.reason


def _table(puzzle):
    from .. import registry

    kind = type(puzzle).__module__.split(".")[1]
    return registry.table(kind)


def setup(table, puzzle):
    """The hint's model of ``puzzle``: (Rows, {cell: {value: [(var, required)]}}, {var name: cell})."""
    if table.kind not in CELLS:
        raise PuzzleError(f"hints are not offered for {table.title} yet")
    problem, variables = table.build_model(puzzle)
    cells = CELLS[table.kind](variables)
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
    answer, and where they stall the hint is ``kind="none"``."""
    deadline = Deadline(time_limit)
    table = _table(puzzle)
    problem, rows, cells, owner = setup(table, puzzle)
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

    # 1. propagation from the filled cells: a broken rule, or the first cell fixed
    open_cells = [c for c in sorted(cells) if c not in filled]
    col_cell = {rows.index[v.name]: cell for cell, values in cells.items() for lits in values.values()
                for v, _ in lits}

    def stop(k, lo_now, up_now):
        cell = col_cell.get(k)
        return cell is not None and cell not in filled and cell_value(rows, cells, cell, lo_now, up_now) is not None

    lo2, up2, steps, deps, conflict = propagate_with_proof(rows, lo, up, stop)
    if conflict is not None:
        name = rows.rows[conflict][0]
        chain = _chain(deps, [s for s in range(len(steps)) if steps[s][0] == conflict] or [])
        return Hint("broken", reason=f"the filled cells break the rule {name}: no filling keeps it",
                    rules=(name,), cells=cells_of([conflict]),
                    steps=tuple(Step(rows.rows[steps[s][0]][0], rows.columns[steps[s][1]].name, steps[s][2],
                                     steps[s][3]) for s in chain))
    unique = True
    if answer is None:
        found = table.solutions(puzzle, limit=2, time_limit=deadline.remaining())
        if not found:
            return Hint("broken", reason="this board has no answer at all: no filling keeps every rule")
        answer, unique = found[0], len(found) == 1
    right = answer_cells(table.kind, answer, cells)
    wrong = tuple(c for c in sorted(filled) if filled[c] != right[c]) if unique else ()
    if wrong:
        return Hint("mistake", cells=wrong,
                    reason=f"{len(wrong)} filled cell{'s' * (len(wrong) != 1)} cannot be right: no filling "
                           f"completes them (the board has one answer)")
    if not open_cells:
        return Hint("solved", reason="every cell is filled, and the board's one answer agrees")
    for cell in open_cells:
        value = cell_value(rows, cells, cell, lo2, up2)
        if value is not None:
            cols = [rows.index[v.name] for lits in cells[cell].values() for v, _ in lits]
            targets = [s for s in range(len(steps)) if steps[s][1] in cols]
            chain = _chain(deps, targets)
            used = sorted({steps[s][0] for s in chain})
            names = tuple(rows.rows[i][0] for i in used)
            return Hint("cell", cell, value, "propagation",
                        f"propagation: {len(chain)} step{'s' * (len(chain) != 1)} through the rule"
                        f"{'s' * (len(names) != 1)} {', '.join(names[:6])}{' ...' if len(names) > 6 else ''} "
                        f"leave it one value",
                        names, cells_of(used),
                        tuple(Step(rows.rows[steps[s][0]][0], rows.columns[steps[s][1]].name, steps[s][2],
                                   steps[s][3]) for s in chain))
    # 2. the LP relaxation: the cell set to another value has no fractional point either
    for cell in open_cells[:LP_CANDIDATES]:
        if deadline.passed():
            break
        got = _lp_hint(table, puzzle, cells, filled, cell, right[cell])
        if got is not None:
            weights, names = got
            return Hint("cell", cell, right[cell], "lp",
                        f"the LP relaxation: with any other value the rules {', '.join(names[:6])}"
                        f"{' ...' if len(names) > 6 else ''}, weighted, add up to 0 >= 1 (Farkas)",
                        names, _cells_of_names(rows, owner, names), (), weights)
    # 3. search (only on a board with one answer: with two, an answer's value is not forced)
    if not unique:
        return Hint("none", reason="no rule or LP forces a cell yet, and this board has more than one "
                                   "answer, so no search can say which value is right")
    cell = open_cells[0]
    return Hint("cell", cell, right[cell], "search",
                "no single rule or LP settles a cell yet; the board's one answer (proven by the no-good "
                "search) has this value here")


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


def lp_model(table, puzzle, cells, filled, cell, value):
    """The model with the filled cells as named rules ``filled_r_c`` and ``cell`` kept from ``value``
    by the rule ``not_r_c``: the LP whose emptiness the Farkas weights prove."""
    import pulp

    problem, variables = table.build_model(puzzle)
    fresh = CELLS[table.kind](variables)
    for (r, c), v in sorted(filled.items()):
        for k, (var, required) in enumerate(fresh[r, c][v]):
            problem += (var == required), f"filled_{r}_{c}_{k}"
    r, c = cell
    lits = fresh[cell][value]
    if len(lits) == 1:
        var, required = lits[0]
        problem += (var == 1 - required), f"not_{r}_{c}"
    else:  # pragma: no cover - every kind here names a value with one literal
        problem += (pulp.lpSum(var if req else 1 - var for var, req in lits) <= len(lits) - 1), f"not_{r}_{c}"
    return problem


def _lp_hint(table, puzzle, cells, filled, cell, value):
    from ..duality.farkas import farkas_certificate

    model = lp_model(table, puzzle, cells, filled, cell, value)
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
    problem, rows, cells, owner = setup(table, puzzle)
    filled = as_partial(partial, cells)
    filled = {**filled, **{c: v for c, v in givens(rows, cells).items() if c not in filled}}
    if got.kind != "cell":
        return []
    if got.method == "lp":
        from ..duality.farkas import check_certificate

        model = lp_model(table, puzzle, cells, filled, got.cell, got.value)
        verdict = check_certificate(model, got.weights)
        return [message for _, message in verdict.faults]
    if got.method != "propagation":
        return []
    lo, up = _fix(rows, cells, filled)
    by_name = {r[0]: r for r in rows.rows}
    faults = []
    for step in got.steps:
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
