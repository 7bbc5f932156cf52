"""Homework on the model: each student writes the integer program of a Sudoku rule variant the
released library does not solve, and the grader runs that model on hidden boards of the variant.

    sheets = variants.make_sheets(roster, secret, course="ip-2026-hw4", size=6)
    mark = variants.grade_file("answer.py", sheets[name], secret)

A grid is no homework when every student has the library (``python -m puzzlelib solve`` prints the
key). A model is: the library's Sudoku knows rows, columns, boxes, thermometers, cages and arrows,
and none of these rules, so a student with the whole library must still write the variant's
constraints. The variants (:data:`VARIANTS`):

- ``anti-knight``: two cells a knight's move apart never hold the same digit;
- ``anti-king``: two cells that touch, diagonally too, never hold the same digit;
- ``non-consecutive``: two cells side by side never hold consecutive digits;
- ``diagonal``: each of the two main diagonals holds every digit once;
- ``even-odd``: a cell marked ``e`` holds an even digit, one marked ``o`` an odd digit.

**Who gets which.** The roster is put in the order of ``HMAC-SHA256(secret, course:name)`` (the
homework's student seed) and the variants are dealt round in that order, so students next to each
other in the order differ, any five students of a roster have five variants, and nobody without the
secret knows anyone's variant or board.

**Boards** (6x6 by default: about a second a sheet; 9x9 is slow: anti-king 11 s and anti-knight
100 s a sheet on a busy machine, non-consecutive more than 3 minutes). Each board has a **planted** solution (the variant's reference
model solved with a few cells fixed at random from the student's seed), and givens are added, where another filling differs from
the planted one, until a no-good cut that excludes the planted filling leaves the variant's model
infeasible: the board is unique under the variant, proven by that enumeration. Each board is also
ambiguous under the plain Sudoku rules (the same enumeration finds a second filling without the
variant's rule), so the library's own model cannot answer it. The rule checker
(:func:`rule_faults`) checks a filling without a solver.

**The student's answer** is a Python file with ``variant_model(board)`` returning ``(problem, x)``,
a PuLP problem and ``x[r, c, v]`` its binary variables (1 when cell (r, c) holds v, digits from 1),
and ``ANSWER = {"grid": [[...], ...], "unique": True or False}`` for the board on their sheet.

**Grading** (:func:`grade_file`), 1 point each:

- the sheet: the grid is the key *and* the uniqueness claim is right;
- two hidden boards unique under the variant: the student's model has exactly one filling, the key;
- a hidden board with no filling under the variant (a given taken from a plain-Sudoku filling that
  breaks the rule): the model is infeasible;
- a hidden board with several fillings under the variant: the model's first two fillings are two,
  and both keep every rule (:func:`rule_faults`).

The student's file runs in a process of its own (``python -I``, a time limit, a scratch folder) that
only writes each board's model to an MPS file; the grader reads the models back and solves and
enumerates them itself, so the student's process never reports a filling. That process is not the
course grader's sandbox: run homework grading on a machine where the submissions cannot reach
anything that matters.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pulp

from ..core.errors import NoSolution, PuzzleError, SolverError
from ..engine.solver import add_binary, new_problem, solve_model

VARIANTS = ("anti-knight", "anti-king", "non-consecutive", "diagonal", "even-odd")
RULE_TEXT = {
    "anti-knight": "Two cells a knight's move apart (two steps one way, one step across) never hold the same digit.",
    "anti-king": "Two cells that touch, side by side or diagonally, never hold the same digit.",
    "non-consecutive": "Two cells side by side (in a row or a column) never hold consecutive digits, such as 3 and 4.",
    "diagonal": "Each of the two main diagonals holds every digit exactly once.",
    "even-odd": "A cell marked e holds an even digit; a cell marked o holds an odd digit.",
}
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3)}
HIDDEN = ("unique", "unique", "none", "several")
#: seconds the grader gives one solve of a student's model (a model past it fails that board)
SOLVE_SECONDS = 60


@dataclass(frozen=True)
class VariantBoard:
    """A Sudoku of ``size`` with the variant ``rule``: ``givens`` rows of digits (0 empty) and, for
    ``even-odd``, ``parity`` rows of ``''``, ``'e'`` or ``'o'``."""

    rule: str
    size: int
    givens: tuple[tuple[int, ...], ...]
    parity: tuple[tuple[str, ...], ...] | None = None

    @property
    def box(self) -> tuple[int, int]:
        return BOXES[self.size]

    def given_cells(self) -> dict[tuple[int, int], int]:
        return {(r, c): v for r, row in enumerate(self.givens) for c, v in enumerate(row) if v}

    def text(self) -> str:
        """The board as lines of digits and dots (and, for even-odd, the marks under it)."""
        lines = ["".join(str(v) if v else "." for v in row) for row in self.givens]
        if self.parity:
            lines += [""] + ["".join(p or "." for p in row) for row in self.parity]
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {"rule": self.rule, "size": self.size, "givens": [list(r) for r in self.givens],
                "parity": [list(r) for r in self.parity] if self.parity else None}

    @classmethod
    def from_json(cls, data: dict) -> "VariantBoard":
        parity = tuple(tuple(r) for r in data["parity"]) if data.get("parity") else None
        return cls(data["rule"], int(data["size"]), tuple(tuple(int(v) for v in r) for r in data["givens"]), parity)

    def with_givens(self, givens: dict[tuple[int, int], int]) -> "VariantBoard":
        n = self.size
        rows = tuple(tuple(givens.get((r, c), 0) for c in range(n)) for r in range(n))
        return VariantBoard(self.rule, n, rows, self.parity)


# --------------------------------------------------------------------------------------------- #
# The rules, without a solver
# --------------------------------------------------------------------------------------------- #
def units(n: int) -> list[list[tuple[int, int]]]:
    h, w = BOXES[n]
    rows = [[(r, c) for c in range(n)] for r in range(n)]
    cols = [[(r, c) for r in range(n)] for c in range(n)]
    boxes = [[(br + r, bc + c) for r in range(h) for c in range(w)] for br in range(0, n, h) for bc in range(0, n, w)]
    return rows + cols + boxes


def variant_pairs(rule: str, n: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of cells the rule relates (anti-knight, anti-king: differ; non-consecutive: not +-1)."""
    steps = {"anti-knight": [(1, 2), (2, 1), (1, -2), (2, -1)], "anti-king": [(1, 1), (1, -1), (0, 1), (1, 0)],
             "non-consecutive": [(0, 1), (1, 0)]}.get(rule, [])
    return [((r, c), (r + dr, c + dc)) for r in range(n) for c in range(n) for dr, dc in steps
            if 0 <= r + dr < n and 0 <= c + dc < n]


def diagonals(n: int) -> list[list[tuple[int, int]]]:
    return [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]]


def rule_faults(board: VariantBoard, grid) -> list[str]:
    """What a filled ``grid`` breaks of ``board``'s rules ([] when it keeps them all): read by eye, no solver."""
    n = board.size
    try:
        rows = [[int(v) for v in row] for row in grid]
    except (TypeError, ValueError):
        return ["not a grid of digits"]
    if len(rows) != n or any(len(row) != n for row in rows):
        return [f"not a {n}x{n} grid"]
    faults = [f"cell ({r}, {c}) holds {v}, not a digit 1..{n}" for r, row in enumerate(rows)
              for c, v in enumerate(row) if not 1 <= v <= n]
    if faults:
        return faults
    faults += [f"cell ({r}, {c}) must hold the given {v}" for (r, c), v in board.given_cells().items()
               if rows[r][c] != v]
    for unit in units(n) + (diagonals(n) if board.rule == "diagonal" else []):
        if len({rows[r][c] for r, c in unit}) != n:
            faults.append(f"a digit repeats in the cells {unit[0]}..{unit[-1]}")
    for a, b in variant_pairs(board.rule, n):
        x, y = rows[a[0]][a[1]], rows[b[0]][b[1]]
        if board.rule == "non-consecutive" and abs(x - y) == 1:
            faults.append(f"{a} and {b} hold consecutive digits {x} and {y}")
        elif board.rule != "non-consecutive" and x == y:
            faults.append(f"{a} and {b} both hold {x} ({board.rule})")
    if board.rule == "even-odd" and board.parity:
        for r, row in enumerate(board.parity):
            for c, mark in enumerate(row):
                if mark and (rows[r][c] % 2 == 0) != (mark == "e"):
                    faults.append(f"cell ({r}, {c}) is marked {mark} and holds {rows[r][c]}")
    return faults


# --------------------------------------------------------------------------------------------- #
# The reference model (the lecturer's) and the no-good enumeration
# --------------------------------------------------------------------------------------------- #
def reference_model(board: VariantBoard, variant: bool = True):
    """``(problem, x)``: the plain Sudoku, and the variant's rule unless ``variant=False``."""
    n = board.size
    digits = range(1, n + 1)
    problem = new_problem("variant")
    x = {(r, c, v): add_binary(problem, f"x_{r}_{c}_{v}") for r in range(n) for c in range(n) for v in digits}
    for r in range(n):
        for c in range(n):
            problem += pulp.lpSum(x[r, c, v] for v in digits) == 1
    for unit in units(n) + (diagonals(n) if variant and board.rule == "diagonal" else []):
        for v in digits:
            problem += pulp.lpSum(x[r, c, v] for r, c in unit) == 1
    for (r, c), v in board.given_cells().items():
        problem += x[r, c, v] == 1
    if variant:
        for (a, b) in variant_pairs(board.rule, n):
            for v in digits:
                if board.rule == "non-consecutive":
                    if v < n:
                        problem += x[a[0], a[1], v] + x[b[0], b[1], v + 1] <= 1
                        problem += x[a[0], a[1], v + 1] + x[b[0], b[1], v] <= 1
                else:
                    problem += x[a[0], a[1], v] + x[b[0], b[1], v] <= 1
        if board.rule == "even-odd" and board.parity:
            for r, row in enumerate(board.parity):
                for c, mark in enumerate(row):
                    for v in digits:
                        if mark and (v % 2 == 0) != (mark == "e"):
                            problem += x[r, c, v] == 0
    return problem, x


def read_grid(x: dict, n: int) -> list[list[int]]:
    grid = [[0] * n for _ in range(n)]
    for (r, c, v), var in x.items():
        if (var.value() or 0) > 0.5:
            grid[r][c] = v
    return grid


def nogood(problem, x: dict, grid) -> None:
    """Cut off one filling: at most all but one of its n*n ones again."""
    ones = [x[r, c, v] for r, row in enumerate(grid) for c, v in enumerate(row) if (r, c, v) in x]
    problem += pulp.lpSum(ones) <= len(ones) - 1


def fillings(problem, x: dict, n: int, limit: int = 2, time_limit: float | None = None) -> list[list[list[int]]]:
    """Up to ``limit`` fillings of a model, each cut off by a no-good before the next solve
    (``time_limit`` seconds a solve: a SolverError past it)."""
    found = []
    while len(found) < limit:
        try:
            solve_model(problem, time_limit=time_limit)
        except NoSolution:
            break
        grid = read_grid(x, n)
        found.append(grid)
        nogood(problem, x, grid)
    return found


def other_filling(board: VariantBoard, planted, variant: bool = True):
    """A filling of ``board`` other than ``planted`` (None: ``planted`` is the only one)."""
    problem, x = reference_model(board, variant)
    nogood(problem, x, planted)
    found = fillings(problem, x, board.size, 1)
    return found[0] if found else None


# --------------------------------------------------------------------------------------------- #
# Boards with a planted solution
# --------------------------------------------------------------------------------------------- #
def planted_grid(rule: str, n: int, rng: random.Random, parity=None) -> list[list[int]]:
    """A filling that keeps the variant: the model with a few random cells fixed to random digits
    (drawn again while that has no filling), solved for any filling. (A random objective instead
    is an optimisation a 9x9 anti-knight takes minutes over.)"""
    board = VariantBoard(rule, n, tuple((0,) * n for _ in range(n)), parity)
    for _ in range(100):
        problem, x = reference_model(board)
        cells = rng.sample([(r, c) for r in range(n) for c in range(n)], max(2, n // 2))
        for r, c in cells:
            problem += x[r, c, rng.randint(1, n)] == 1
        try:
            solve_model(problem, time_limit=30)
        except (NoSolution, SolverError):
            continue
        return read_grid(x, n)
    raise PuzzleError(f"no {rule} filling of size {n} found")


def unique_board(rule: str, n: int, rng: random.Random) -> tuple[VariantBoard, list[list[int]]]:
    """A board unique under ``rule`` and ambiguous under the plain rules, with its planted key."""
    for _ in range(20):
        parity = None
        if rule == "even-odd":
            base = planted_grid("none", n, rng)
            marks = [[("e" if base[r][c] % 2 == 0 else "o") if rng.random() < 0.5 else "" for c in range(n)]
                     for r in range(n)]
            parity = tuple(tuple(row) for row in marks)
            planted = planted_grid(rule, n, rng, parity)
        else:
            planted = planted_grid(rule, n, rng)
        givens: dict[tuple[int, int], int] = {}
        board = VariantBoard(rule, n, tuple((0,) * n for _ in range(n)), parity)
        while True:
            other = other_filling(board, planted)
            if other is None:
                break
            cells = sorted((r, c) for r in range(n) for c in range(n) if other[r][c] != planted[r][c])
            cell = rng.choice(cells)
            givens[cell] = planted[cell[0]][cell[1]]
            board = board.with_givens(givens)
        if other_filling(board, planted, variant=False) is not None:
            return board, planted
    raise PuzzleError(f"no {rule} board of size {n} that the plain rules leave open after 20 tries")


def no_filling_board(board: VariantBoard, planted) -> VariantBoard:
    """``board`` with one more given, taken from a plain filling that breaks the rule: no filling left."""
    other = other_filling(board, planted, variant=False)
    givens = board.given_cells()
    cell = next((r, c) for r in range(board.size) for c in range(board.size) if other[r][c] != planted[r][c])
    givens[cell] = other[cell[0]][cell[1]]
    return board.with_givens(givens)


def several_board(board: VariantBoard, rng: random.Random) -> VariantBoard:
    """``board`` with givens taken away until the variant has two fillings or more."""
    givens = board.given_cells()
    order = sorted(givens)
    rng.shuffle(order)
    for cell in order:
        del givens[cell]
        smaller = board.with_givens(givens)
        problem, x = reference_model(smaller)
        if len(fillings(problem, x, board.size, 2)) == 2:
            return smaller
    return board.with_givens({})


# --------------------------------------------------------------------------------------------- #
# Sheets
# --------------------------------------------------------------------------------------------- #
@dataclass
class VariantSheet:
    name: str
    course: str
    rule: str
    board: VariantBoard  # the sheet's board (the student sees it)
    key: list[list[int]]
    hidden: list[tuple[str, VariantBoard, list[list[int]] | None]] = field(default_factory=list)

    def markdown(self) -> str:
        n = self.board.size
        h, w = self.board.box
        return "\n".join([
            f"# Homework: a Sudoku variant ({self.rule})", "", f"For {self.name} ({self.course}).", "",
            f"A {n}x{n} Sudoku (boxes {h}x{w}): each row, column and box holds 1..{n} once. And:", "",
            f"**{RULE_TEXT[self.rule]}**", "", "```", self.board.text(), "```", "",
            "Hand in one Python file with:", "",
            "- `variant_model(board)` returning `(problem, x)`: a PuLP problem and its binary variables "
            "`x[r, c, v]` (1 when cell (r, c) holds v; rows, columns from 0, digits from 1). `board` has "
            "`size`, `box`, `givens` (rows of digits, 0 empty), `rule` and, for even-odd, `parity` "
            "(rows of '', 'e', 'o'). The library's Sudoku model does not know this rule: write it.",
            "- `ANSWER = {\"grid\": [[...], ...], \"unique\": True or False}`: this board's filling, and "
            "whether it is the only one (prove it with a no-good cut).", "",
            "Your model is also run on boards you have not seen, of the same variant: some with one "
            "filling, one with none, one with several.", ""])


def deal(names, secret, course: str) -> dict[str, str]:
    """Each student's variant: the roster in the order of their HMAC seeds, the variants dealt round."""
    from .homework import check_names, student_seed

    names = check_names(list(names))
    order = sorted(names, key=lambda name: student_seed(secret, course, name))
    return {name: VARIANTS[k % len(VARIANTS)] for k, name in enumerate(order)}


def make_sheet(name: str, rule: str, secret, course: str, size: int = 6) -> VariantSheet:
    from .homework import student_seed

    if rule not in VARIANTS:
        raise PuzzleError(f"variant {rule!r}: one of {', '.join(VARIANTS)}")
    if size not in BOXES:
        raise PuzzleError(f"size {size!r}: one of {', '.join(map(str, BOXES))}")
    rng = random.Random(student_seed(secret, f"{course}:variant", name))
    board, key = unique_board(rule, size, rng)
    hidden = []
    for kind in HIDDEN:
        made, planted = unique_board(rule, size, rng)
        if kind == "unique":
            hidden.append((kind, made, planted))
        elif kind == "none":
            hidden.append((kind, no_filling_board(made, planted), None))
        else:
            hidden.append((kind, several_board(made, rng), None))
    return VariantSheet(name, course, rule, board, key, hidden)


def make_sheets(names, secret, course: str, size: int = 6) -> dict[str, VariantSheet]:
    return {name: make_sheet(name, rule, secret, course, size) for name, rule in deal(names, secret, course).items()}


# --------------------------------------------------------------------------------------------- #
# Grading a student's model
# --------------------------------------------------------------------------------------------- #
RUNNER = r'''
import json, os, runpy, sys
reply = os.fdopen(os.dup(1), "w")   # the answer goes here; the student's own prints go to stderr
os.dup2(2, 1)
task = json.load(sys.stdin)
with open("/tmp/answer.py", "w") as f:
    f.write(task["source"])
from puzzlelib.classroom.variants import VariantBoard
out = {"answer": None, "models": []}
try:
    space = runpy.run_path("/tmp/answer.py", run_name="homework")
except BaseException as exc:
    out["error"] = f"the file stopped: {type(exc).__name__}: {exc}"[:300]
    space = {}
answer = space.get("ANSWER")
if isinstance(answer, dict):
    try:
        out["answer"] = {"grid": [[int(v) for v in row] for row in answer.get("grid") or []],
                         "unique": bool(answer.get("unique"))}
    except Exception as exc:
        out["answer"] = None
for k, data in enumerate(task["boards"] if "variant_model" in space else []):
    entry = {"error": None}
    try:
        problem, x = space["variant_model"](VariantBoard.from_json(data))
        problem.writeMPS(f"/tmp/model{k}.mps")
        with open(f"/tmp/model{k}.mps") as f:
            entry["mps"] = f.read()
        os.remove(f"/tmp/model{k}.mps")
        entry["x"] = [[r, c, v, var.name, var.cat] for (r, c, v), var in x.items()]
    except Exception as exc:
        entry["error"] = f"{type(exc).__name__}: {exc}"[:300]
    out["models"].append(entry)
if "variant_model" not in space:
    out["models"] = [{"error": out.get("error") or "no function variant_model in the file"} for _ in task["boards"]]
json.dump(out, reply)
reply.close()
'''
#: The largest answer file the grader runs.
MAX_ANSWER_BYTES = 1_000_000


@dataclass
class Mark:
    points: float
    total: float
    lines: list[str]

    def __str__(self) -> str:
        return f"{self.points:g} of {self.total:g}\n" + "\n".join(self.lines)


def run_answer(path: Path, boards: list[VariantBoard], time_limit: float = 120) -> dict:
    """Run the student's file behind the operating system's walls (:mod:`.confined`): it gets its
    source and the boards on stdin and answers with each board's model on stdout. It sees the
    system, Python and the library read-only and nothing of the course: no keys, no secret, no other
    student's file, no network; it runs as a uid of its own and is killed, with all it started, at
    ``time_limit`` seconds."""
    from . import confined

    path = Path(path)
    try:
        if path.stat().st_size > MAX_ANSWER_BYTES:
            return {"error": f"the file is larger than {MAX_ANSWER_BYTES:,} bytes"}
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return {"error": f"the file could not be read: {type(exc).__name__}"}
    task = json.dumps({"source": source, "boards": [b.to_json() for b in boards]}).encode()
    run = confined.run_confined([sys.executable, "-I", "-c", RUNNER], task, time_limit,
                                unsafe_ok=os.environ.get("PUZZLELIB_SANDBOX_MODE") == "none")
    if run.timed_out:
        return {"error": f"did not finish in {time_limit:g} s"}
    if run.too_much:
        return {"error": "the file printed too much"}
    try:
        data = json.loads(run.stdout)
        models = data["models"]
        if not isinstance(models, list) or len(models) != len(boards):
            raise ValueError("not one model per board")
    except (ValueError, KeyError, TypeError):
        lines = run.stderr.strip().splitlines() or [f"no reply (exit status {run.status})"]
        return {"error": lines[-1][:300]}
    with tempfile.TemporaryDirectory(prefix="variant-") as folder:
        for k, entry in enumerate(models):
            if not isinstance(entry, dict):
                models[k] = {"error": "not a model"}
                continue
            if entry.get("error") is None:
                mps = Path(folder) / f"model{k}.mps"
                try:
                    mps.write_text(str(entry.pop("mps")))
                    variables, problem = pulp.LpProblem.fromMPS(str(mps))
                    entry["model"] = (problem, variables)
                except Exception as exc:  # not a model the grader can read
                    entry["error"] = f"the model could not be read back: {type(exc).__name__}"
    return data


def student_fillings(entry: dict, n: int, limit: int = 2):
    """The first ``limit`` fillings of the student's model, enumerated by the grader with no-goods."""
    if entry.get("error"):
        raise PuzzleError(entry["error"])
    problem, variables = entry["model"]
    x = {}
    for r, c, v, name, cat in entry["x"]:
        if name not in variables:
            raise PuzzleError(f"x[{r}, {c}, {v}] ({name}) is not a variable of the problem")
        if not (0 <= r < n and 0 <= c < n and 1 <= v <= n):
            raise PuzzleError(f"x[{r}, {c}, {v}]: not a cell and digit of a {n}x{n} board")
        var = variables[name]
        if var.cat != pulp.LpInteger or (var.lowBound, var.upBound) != (0, 1):
            raise PuzzleError(f"x[{r}, {c}, {v}] ({name}) is not a binary variable")
        x[r, c, v] = var
    if len(x) != n * n * n:
        raise PuzzleError(f"x has {len(x)} variables, not one per cell and digit ({n * n * n})")
    problem.objective = pulp.LpAffineExpression()  # any filling will do; the grader enumerates them
    return fillings(problem, x, n, limit, time_limit=SOLVE_SECONDS)


def grade_answer(data: dict, sheet: VariantSheet) -> Mark:
    n = sheet.board.size
    lines, points = [], 0.0
    if data.get("error"):
        return Mark(0.0, 1 + len(sheet.hidden), [f"your file did not run: {data['error']}"])
    answer = data.get("answer")
    if answer and answer["grid"] == sheet.key and answer["unique"]:
        points += 1
        lines.append("sheet: right, and it is the only filling (1/1)")
    elif answer and answer["grid"] == sheet.key:
        lines.append("sheet: the grid is right but it is the only filling: your uniqueness claim is wrong (0/1)")
    else:
        faults = rule_faults(sheet.board, answer["grid"]) if answer else ["no ANSWER"]
        lines.append(f"sheet: not the filling ({(faults or ['another filling'])[0]}) (0/1)")
    for k, ((kind, board, key), entry) in enumerate(zip(sheet.hidden, data["models"][1:]), start=1):
        try:
            found = student_fillings(entry, n)
        except PuzzleError as exc:
            lines.append(f"hidden board {k}: {exc} (0/1)")
            continue
        except Exception as exc:  # a model the solver cannot take
            lines.append(f"hidden board {k}: the solver failed on your model: {type(exc).__name__} (0/1)")
            continue
        if kind == "unique":
            good = len(found) == 1 and found[0] == key
            why = ("one filling, the right one" if good else "no filling" if not found
                   else "more than one filling: your model lets a filling through that breaks the rule"
                   if len(found) > 1 else "one filling, but not the board's")
        elif kind == "none":
            good = not found
            why = "no filling, right" if good else "a filling, but this board has none under the rule"
        else:
            faults = [f for grid in found for f in rule_faults(board, grid)]
            good = len(found) == 2 and not faults
            why = ("several fillings, each keeping the rules" if good else
                   f"a filling breaks a rule: {faults[0]}" if faults else "fewer than two fillings")
        points += good
        lines.append(f"hidden board {k} ({kind}): {why} ({int(good)}/1)")
    return Mark(points, 1 + len(sheet.hidden), lines)


def grade_file(path: Path, sheet: VariantSheet, time_limit: float = 120) -> Mark:
    """Run ``path`` (the student's answer file) on the sheet's board and the hidden boards."""
    boards = [sheet.board] + [board for _, board, _ in sheet.hidden]
    return grade_answer(run_answer(Path(path), boards, time_limit), sheet)


# --------------------------------------------------------------------------------------------- #
# The command line
# --------------------------------------------------------------------------------------------- #
def write_sheets(sheets: dict[str, VariantSheet], out: Path) -> list[Path]:
    """``out/sheets/<student>.md`` (hand out) and ``out/keys/<student>.json`` (keep: key and hidden boards)."""
    from .homework import slug

    written = []
    for folder in ("sheets", "keys"):
        (Path(out) / folder).mkdir(parents=True, exist_ok=True)
    for name, sheet in sorted(sheets.items()):
        stem = slug(name)
        page = Path(out) / "sheets" / f"{stem}.md"
        page.write_text(sheet.markdown(), encoding="utf-8")
        key = Path(out) / "keys" / f"{stem}.json"
        key.write_text(json.dumps({"name": name, "course": sheet.course, "rule": sheet.rule,
                                   "board": sheet.board.to_json(), "key": sheet.key,
                                   "hidden": [[kind, board.to_json(), grid] for kind, board, grid in sheet.hidden]},
                                  indent=1), encoding="utf-8")
        written += [page, key]
    return written


def read_key(path: Path) -> VariantSheet:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return VariantSheet(data["name"], data["course"], data["rule"], VariantBoard.from_json(data["board"]),
                        data["key"], [(kind, VariantBoard.from_json(board), grid)
                                      for kind, board, grid in data["hidden"]])


def main(argv: list[str] | None = None) -> int:
    """``make ROSTER --secret-file F --course C [--size 6] [--out DIR]`` writes sheets and keys;
    ``grade KEYS ANSWERS --csv FILE`` grades ``ANSWERS/<student>.py`` against ``KEYS/<student>.json``."""
    import argparse
    import csv

    from .homework import load_secret, read_roster

    parser = argparse.ArgumentParser(prog="python -m puzzlelib.classroom.variants",
                                     description="Homework on the model: a Sudoku variant per student.")
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("make", help="sheets (hand out) and keys (keep) for a roster")
    make.add_argument("roster")
    make.add_argument("--secret-file", required=True)
    make.add_argument("--course", required=True)
    make.add_argument("--size", type=int, default=6, choices=sorted(BOXES))
    make.add_argument("--out", default="variant-homework")
    grade = sub.add_parser("grade", help="grade each student's answer file against their key")
    grade.add_argument("keys", help="the keys/ folder that make wrote")
    grade.add_argument("answers", help="a folder of <student>.py answer files (the sheet's file names)")
    grade.add_argument("--csv", required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "make":
            secret = load_secret(args.secret_file)
            sheets = make_sheets(read_roster(args.roster), secret, args.course, args.size)
            for path in write_sheets(sheets, Path(args.out)):
                print(f"wrote {path}")
            return 0
        rows = []
        for key in sorted(Path(args.keys).glob("*.json")):
            sheet = read_key(key)
            answer = Path(args.answers) / f"{key.stem}.py"
            mark = grade_file(answer, sheet) if answer.exists() else Mark(0.0, 1 + len(sheet.hidden), ["no answer file"])
            rows.append({"student": sheet.name, "rule": sheet.rule, "points": f"{mark.points:.2f}",
                         "max_points": f"{mark.total:.2f}", "message": " | ".join(mark.lines)})
            print(f"{sheet.name} ({sheet.rule}): {mark.points:g} of {mark.total:g}")
        with open(args.csv, "w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=["student", "rule", "points", "max_points", "message"])
            writer.writeheader()
            writer.writerows(rows)
        return 0
    except (PuzzleError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
