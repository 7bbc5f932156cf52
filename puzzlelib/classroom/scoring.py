"""Marks from checks: the lecturer's points file, and no marks for answers that decide nothing.

A check's report says which weighted cases an answer passed. That share is not a mark by itself: a
count function that returns 1 is right on every board with one solution, and a branching rule that
takes the first candidate is right whenever the first happens to be the least fractional. So each
check is also run, in the grader's own process, on **vacuous answers** the grader makes from the
lecturer's answer's results: doing nothing, returning a constant (0, 1, True, False, every value the
right answer returns), the first argument, the first or last candidate, an empty container, a model
with the right variables and no constraints, a constraint no point breaks. The best share any of
them gets is the check's baseline ``b``; an answer's credit is ``(share - b) / (1 - b)``, never
below 0, and 1 only when it passes every case. With ``partial = "none"`` only a pass scores.

The points file (``solutions/points.toml`` by default; the lecturer edits it) reads::

    [defaults]
    points = 1          # per exercise not listed below
    time_limit = 60     # seconds per exercise: the answer's setup, cells and every call of its checks
    partial = "above-baseline"   # or "none"

    [exercise."1.3"]
    points = 4
    time_limit = 90
    checks = { "1.3:check_count" = 3, "1.3:other" = 1 }   # shares within the exercise (else equal)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import PuzzleError

PARTIAL = ("above-baseline", "none")


@dataclass
class ExercisePoints:
    points: float
    time_limit: float
    partial: str
    shares: dict[str, float] = field(default_factory=dict)

    def check_points(self, check_id: str, check_ids: list[str]) -> float:
        """The points of one check: its share of the exercise's points."""
        shares = {c: float(self.shares.get(c, 1.0 if not self.shares else 0.0)) for c in check_ids}
        total = sum(shares.values())
        return self.points * shares[check_id] / total if total else 0.0


@dataclass
class Points:
    defaults: ExercisePoints
    exercises: dict[str, ExercisePoints]

    def of(self, exercise: str) -> ExercisePoints:
        return self.exercises.get(exercise, self.defaults)


def _number(value, where: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (low <= value <= high):
        raise PuzzleError(f"{where} must be a number from {low:g} to {high:g}, not {value!r}")
    return float(value)


def read_points(path: Path | None) -> Points:
    """The points file, checked; the defaults (1 point, 60 s, partial credit above the baseline) without one."""
    data: dict = {}
    if path is not None:
        try:
            import tomllib
        except ImportError:  # pragma: no cover - Python 3.10
            import tomli as tomllib  # type: ignore[no-redef]
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise PuzzleError(f"{path}: cannot read the points file ({exc.strerror})") from None
        except tomllib.TOMLDecodeError as exc:
            raise PuzzleError(f"{path}: not a TOML file: {exc}") from None
    unknown = set(data) - {"defaults", "exercise"}
    if unknown:
        raise PuzzleError(f"{path}: unknown section {sorted(unknown)[0]!r} (use [defaults] and [exercise.\"N.M\"])")
    base = data.get("defaults", {})
    defaults = _exercise(base, "[defaults]", ExercisePoints(1.0, 60.0, "above-baseline"))
    exercises = {}
    for number, entry in data.get("exercise", {}).items():
        if not isinstance(entry, dict):
            raise PuzzleError(f"{path}: exercise {number!r} must be a table ([exercise.\"{number}\"])")
        exercises[str(number)] = _exercise(entry, f"[exercise.\"{number}\"]", defaults)
    return Points(defaults, exercises)


def _exercise(entry: dict, where: str, base: ExercisePoints) -> ExercisePoints:
    unknown = set(entry) - {"points", "time_limit", "partial", "checks"}
    if unknown:
        raise PuzzleError(f"{where}: unknown key {sorted(unknown)[0]!r} (points, time_limit, partial, checks)")
    points = _number(entry.get("points", base.points), f"{where} points", 0, 10_000)
    limit = _number(entry.get("time_limit", base.time_limit), f"{where} time_limit", 1, 3600)
    partial = entry.get("partial", base.partial)
    if partial not in PARTIAL:
        raise PuzzleError(f"{where} partial must be one of {', '.join(PARTIAL)}, not {partial!r}")
    shares = entry.get("checks", {})
    if not isinstance(shares, dict):
        raise PuzzleError(f"{where} checks must be a table of check id = share")
    shares = {str(k): _number(v, f"{where} checks.{k}", 0, 10_000) for k, v in shares.items()}
    return ExercisePoints(points, limit, partial, shares)


def credit(status: str, share: float, baseline: float, partial: str) -> float:
    """The fraction of a check's points an answer earns."""
    if status == "passed":
        return 1.0
    if status != "failed" or partial == "none" or baseline >= 1.0:
        return 0.0
    return max(0.0, (share - baseline) / (1.0 - baseline))


# --------------------------------------------------------------------------------------------- #
# Vacuous answers, made from what the lecturer's answer returned
# --------------------------------------------------------------------------------------------- #
def vacuous_answers(calls: list[tuple[tuple, object]]) -> list[tuple[str, Callable]]:
    """Answers that do not look at the puzzle, shaped like the right answer's results.

    ``calls`` holds ``(args, result)`` of every call the check made of the lecturer's answer, in
    order; answers that depend on the call (an empty model with the right variables) replay that
    order."""
    import pulp

    results = [result for _, result in calls]
    found: list[tuple[str, Callable]] = [("does nothing", lambda *a, **k: None),
                                         ("returns its first argument", lambda *a, **k: a[0] if a else None)]
    common = [value for value, _ in Counter(_key(r) for r in results).most_common(6) if value is not None]
    for key in common:
        value = next(r for r in results if _key(r) == key)
        if not _is_model_object(value):
            found.append((f"always returns {_short(value)}", _constant(value)))
    if results and all(isinstance(r, bool) for r in results):
        found += [("always True", lambda *a, **k: True), ("always False", lambda *a, **k: False)]
    elif results and all(isinstance(r, (int, float)) and not isinstance(r, bool) for r in results):
        found += [(f"always {c}", _constant(c)) for c in (0, 1, 2)]
    if results and all(isinstance(r, str) for r in results):
        found += [("the first candidate", lambda *a, **k: _pick(a, 0)),
                  ("the last candidate", lambda *a, **k: _pick(a, -1)),
                  ("the smallest candidate", lambda *a, **k: _pick(a, "min"))]
    for empty in {type(r) for r in results if isinstance(r, (list, tuple, set, frozenset, dict))}:
        if all(isinstance(r, empty) for r in results) and not _is_model_tuple(results[0]):
            found.append((f"an empty {empty.__name__}", _constant(empty())))
    if results and all(isinstance(r, pulp.LpConstraint) for r in results):
        found.append(("a constraint no 0/1 point breaks", _trivial_constraint))
    if results and all(_is_model_tuple(r) for r in results):
        found.append(("a model with no constraints", _replay_empty_model(results)))
    if results and all(isinstance(r, list) and r and all(isinstance(c, pulp.LpConstraint) for c in r) for r in results):
        found.append(("one constraint no 0/1 point breaks", lambda *a, **k: [_trivial_constraint(*a, **k)]))
    return found


def _key(value):
    try:
        hash(value)
        return ("h", type(value).__name__, value)
    except TypeError:
        return ("r", type(value).__name__, repr(value)[:200])


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _constant(value):
    import copy

    return lambda *a, **k: copy.deepcopy(value)


def _is_model_object(value) -> bool:
    import pulp

    return isinstance(value, (pulp.LpProblem, pulp.LpConstraint, pulp.LpAffineExpression, pulp.LpVariable)) \
        or _is_model_tuple(value)


def _is_model_tuple(value) -> bool:
    import pulp

    return isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], pulp.LpProblem) \
        and isinstance(value[1], dict)


def _pick(args, which):
    for arg in args:
        if isinstance(arg, dict) and arg:
            keys = list(arg)
        elif isinstance(arg, (list, tuple)) and arg and all(isinstance(v, str) for v in arg):
            keys = list(arg)
        else:
            continue
        return min(keys) if which == "min" else keys[which]
    return None


def _variables_in(value, found: list) -> None:
    import pulp

    if isinstance(value, pulp.LpVariable):
        found.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _variables_in(v, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _variables_in(v, found)


def _trivial_constraint(*args, **kwargs):
    found: list = []
    _variables_in(list(args) + list(kwargs.values()), found)
    if not found:
        return None
    return found[0] >= 0


def _replay_empty_model(results):
    """On its k-th call, the variables the right answer made on its k-th call, and no constraint."""
    import pulp

    counter = {"k": 0}

    def empty(*args, **kwargs):
        reference = results[min(counter["k"], len(results) - 1)]
        counter["k"] += 1
        problem = pulp.LpProblem("vacuous", pulp.LpMinimize)
        variables = {}
        for key, var in reference[1].items():
            if isinstance(var, pulp.LpVariable):
                variables[key] = problem.add_variable(var.name, lowBound=var.lowBound, upBound=var.upBound,
                                                      cat=var.cat)
            else:
                variables[key] = var
        return problem, variables
    return empty
