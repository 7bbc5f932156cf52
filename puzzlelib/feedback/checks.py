"""Graded feedback for exercises.

A check runs a student's function on a battery of boards and reports, for each board, whether the
answer keeps every rule. A failure says which rule broke, on which board, and draws the student's
answer beside a right one. An unfinished exercise (its stub raises ``NotImplementedError``) is
reported as "not done yet", never as a traceback.

Each puzzle module builds its checks from :func:`run_check` and :class:`Case`; the report prints
the same text every run, so notebooks that show it reproduce their outputs.
"""

from __future__ import annotations

import html
import os
import re
import time
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import pulp
from matplotlib.figure import Figure

from ..display.drawing import side_by_side
from ..engine.enumeration import enumerate_solutions
from ..core.errors import SolverError
from ..engine.solver import value01


@dataclass
class Case:
    """One board to try: ``run()`` returns None when the student's answer is right, else a Failure.

    ``weight`` is the case's share of the check's marks (all cases weigh 1 unless a check says otherwise)."""

    name: str
    run: Callable[[], "Failure | None"]
    weight: float = 1.0


#: The fault codes every check may give besides its own: the answer raised, called what the exercise
#: asks the student to write, or is not written yet.
RAISED, CALLS_LIBRARY, NOT_DONE = "raised-exception", "calls-library", "not-done"
#: A rule code (``RULES``, every Fault): one kebab-case word, as pzprjs keeps one style for its fail codes.
RULE_CODE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
#: The codes whose detail names something of Python's (an exception class, a library function the answer
#: called or copied), spelled as Python spells it: ``raised-exception:KeyError``, ``calls-library:th.solutions``.
PYTHON_DETAIL = (RAISED, CALLS_LIBRARY, "copies-library")
#: A failure's code: a kebab-case word, then after ':' a detail that is kebab-case too (a rule code,
#: ``breaks-rule:row-count``; a number, ``keeps-block:3``), except after the codes of PYTHON_DETAIL.
CODE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?::[a-z0-9]+(?:-[a-z0-9]+)*)?$"
                  rf"|^(?:{'|'.join(map(re.escape, PYTHON_DETAIL))}):[A-Za-z0-9_.-]*$")


@dataclass
class Failure:
    """What an answer got wrong on one case.

    ``code`` names the diagnosed fault in a stable kebab-case word (a puzzle's rule code such as
    ``row-count`` where the answer breaks a rule), so that a class's mistakes group by cause; the
    message says the same for the student, without giving the answer away."""

    message: str
    figure: Callable[[], Figure] | None = None  # drawn lazily, only when shown
    code: str = "wrong-answer"

    def __post_init__(self):
        if not isinstance(self.code, str) or not CODE.fullmatch(self.code):
            raise ValueError(f"a Failure's code must be a kebab-case word such as 'row-count', not {self.code!r}")


@dataclass
class CheckReport:
    exercise: str
    title: str
    status: str = "passed"  # "passed", "failed" or "not done"
    lines: list[str] = field(default_factory=list)
    failures: list[tuple[str, Failure]] = field(default_factory=list)
    passed_boards: int = 0
    total_boards: int = 0
    unit: str = "board"  # what a case is: a board, a gate, a circuit, ...
    passed_weight: float = 0.0  # the weights of the cases passed, of all cases (see Case.weight)
    total_weight: float = 0.0
    codes: list[str] = field(default_factory=list)  # the fault code of every failed case, in order

    @property
    def score(self) -> float:
        """The weighted share of cases passed, from 0 to 1 (0 when not done)."""
        if self.status == "not done" or not self.total_weight:
            return 0.0
        return self.passed_weight / self.total_weight

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def units(self, n: int) -> str:
        """``n`` with the unit, singular or plural ("1 board", "4 gates")."""
        return f"{n} {self.unit}" + ("" if n == 1 else "s")

    def summary(self) -> str:
        everything = (f"the only {self.unit}" if self.total_boards == 1
                      else f"all {self.units(self.total_boards)}")
        head = {
            "passed": f"Exercise {self.exercise} passed: {self.title} is right on {everything}.",
            "failed": f"Exercise {self.exercise} needs work: {self.passed_boards} of "
                      f"{self.units(self.total_boards)} right.",
            "not done": f"Exercise {self.exercise} is not done yet.",
        }[self.status]
        return "\n".join([head, *self.lines])

    def __repr__(self) -> str:
        return self.summary()

    def _repr_html_(self) -> str:
        colour = {"passed": "#2e7d32", "failed": "#c62828", "not done": "#8a6d00"}[self.status]
        head, *rest = self.summary().split("\n")
        items = "".join(f"<li>{html.escape(line)}</li>" for line in rest)
        return (f'<div class="puzzlelib-check" style="border-left:4px solid {colour};padding-left:8px">'
                f'<b style="color:{colour}">{html.escape(head)}</b>'
                + (f"<ul>{items}</ul>" if items else "") + "</div>")

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(HTML(self._repr_html_()))
        for _, failure in self.failures[:2]:  # two pictures are enough to see the pattern
            if failure.figure is not None:
                display(failure.figure())


def explain_exception(exc: Exception) -> str:
    """A student's exception in words, with a hint where the cause is a known trap."""
    text = f"your code raised {type(exc).__name__}: {exc}"
    if isinstance(exc, TypeError) and "object cannot be passed as a constraint" in str(exc):
        text += (" (with PuLP 4, x[a] == x[b] between two variables is a plain comparison, True or"
                 " False: write x[a] - x[b] == 0)")
    return text


def run_check(exercise: str, title: str, cases: Sequence[Case], max_failures: int = 3,
              unit: str = "board") -> CheckReport:
    """Run every case and collect a report; stop early when the exercise is still a stub.

    Only ``Exception`` is caught: a grader's own signals (a time limit, a dead sandbox) are
    ``BaseException`` and end the check."""
    report = CheckReport(exercise=exercise, title=title, total_boards=len(cases), unit=unit,
                         total_weight=float(sum(case.weight for case in cases)))
    for case in cases:
        try:
            failure = case.run()
        except NotImplementedError as exc:
            report.status = "not done"
            where = f" ({exc})" if str(exc) else ""
            report.lines = [f"Replace the line that raises NotImplementedError{where} with your answer, "
                            "then run this cell again."]
            report.failures, report.codes = [], [NOT_DONE]
            report.passed_boards, report.passed_weight = 0, 0.0
            return report
        except ForbiddenCall as exc:
            failure = Failure(str(exc), code=f"{CALLS_LIBRARY}:{re.sub(r'[^A-Za-z0-9_.-]+', '-', exc.label)}")
        except Exception as exc:  # a student's bug is feedback, not a traceback
            failure = Failure(explain_exception(exc), code=f"{RAISED}:{type(exc).__name__}")
        if failure is None:
            report.passed_boards += 1
            report.passed_weight += case.weight
            continue
        report.status = "failed"
        report.codes.append(failure.code)
        if len(report.failures) < max_failures:
            report.failures.append((case.name, failure))
            report.lines.append(f"{case.name}: {failure.message}")
    if report.status == "failed" and len(report.failures) < report.total_boards - report.passed_boards:
        report.lines.append(f"(and {report.units(report.total_boards - report.passed_boards - len(report.failures))} more)")
    return report


# --------------------------------------------------------------------------------------------- #
# Checks of a student's 0/1 grid model: the fillings it admits against the true ones
# --------------------------------------------------------------------------------------------- #
def model_fillings(build, puzzle, limit: int, *args):
    """Every 0/1 grid that ``build(puzzle, *args) -> (problem, x)`` admits, up to ``limit``
    (no-good cuts over x), or a Failure saying why the answer cannot be read."""
    result = build(puzzle, *args)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)):
        return Failure("the function must return (problem, x): a pulp.LpProblem and the dict of cell variables",
                       code="wrong-return-type")
    problem, x = result
    nrows, ncols = puzzle.shape
    cells = [(r, c) for r in range(nrows) for c in range(ncols)]
    missing = [cell for cell in cells if cell not in x]
    if missing:
        return Failure(f"x has no variable for cell {missing[0]}: key the dict by (row, col)", code="missing-variable")

    def read():
        return tuple(tuple(value01(x[r, c]) for c in range(ncols)) for r in range(nrows))

    try:
        return enumerate_solutions(problem, [x[cell] for cell in cells], read, limit)
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")


def compare_fillings(puzzle, admitted, truth, verify, draw) -> Failure | None:
    """None when the model admits exactly the true fillings; else what it gets wrong, drawn.

    ``verify(puzzle, grid)`` lists the broken rules, as messages or as Faults (whose rule code then
    becomes the failure's code, ``breaks-rule:<code>``)."""
    extra = [g for g in admitted if g not in truth]
    if extra:
        broken = verify(puzzle, extra[0])
        right = min(truth) if truth else None
        first = broken[0] if broken else None
        rule = getattr(first, "message", first) or "it is not a solution"
        code = f"breaks-rule:{first.code}" if getattr(first, "code", None) else "breaks-rule"
        return Failure(f"your model accepts a filling that breaks a rule ({rule})",
                       lambda: side_by_side([lambda ax: draw(puzzle, extra[0], ax),
                                             lambda ax: draw(puzzle, right, ax)],
                                            ["your model's filling", "a right filling" if right else "(no filling exists)"]),
                       code=code)
    admitted_set = set(admitted)
    missed = sorted(g for g in truth if g not in admitted_set)
    if missed:
        return Failure(f"your model rules out a valid filling ({len(admitted)} found, {len(truth)} exist)",
                       lambda: side_by_side([lambda ax: draw(puzzle, missed[0], ax)],
                                            ["a valid filling your model forbids"]),
                       code="rules-out-solution")
    return None


def filling_case(name: str, puzzle, build, truth, verify, draw, *args) -> Case:
    """A Case that compares the fillings ``build`` admits on ``puzzle`` with ``truth``."""
    def run():
        admitted = model_fillings(build, puzzle, len(truth) + 1, *args)
        if isinstance(admitted, Failure):
            return admitted
        return compare_fillings(puzzle, admitted, truth, verify, draw)
    return Case(name, run)


# --------------------------------------------------------------------------------------------- #
# Exercises that ask students to write what the library already has
# --------------------------------------------------------------------------------------------- #
class OverBudget(BaseException):
    """A student's function ran more Python lines than a check allows (work counted, not time): raised
    by a check's line counter, in this process or in a grader's sandbox (a BaseException, so that the
    answer's own ``except Exception`` does not hide it)."""

    def __init__(self, lines: int):
        super().__init__(f"more than {lines:,} lines of Python")
        self.lines = lines


class ForbiddenCall(BaseException):
    """A student's answer called a library function the exercise asks them to write themselves.

    A BaseException, so that an answer's own ``except Exception`` does not hide it."""

    def __init__(self, label: str):
        super().__init__(f"your answer calls {label}, which this exercise asks you to write yourself")
        self.label = label


def with_caches(functions: dict[str, Callable]) -> dict[str, Callable]:
    """``functions`` for ``forbidden``, with the uncached function behind each cached one, so that a
    student who kept ``true_fillings.__wrapped__`` meets the block as well."""
    found = dict(functions)
    for label, function in functions.items():
        inner = getattr(function, "__wrapped__", None)
        if inner is not None:
            found[f"{label}.__wrapped__"] = inner
    return found


def solvers() -> dict[str, Callable]:
    """Every way PuLP solves a model, for ``forbidden``: exercises that are to be done by hand.

    ``problem.solve()``, each solver class's ``actualSolve`` (``pulp.HiGHS()``, ``pulp.PULP_CBC_CMD()``,
    ...) and the course's own ``solve_model``."""
    from ..engine import solver as engine_solver

    found: dict[str, Callable] = {"pulp.LpProblem.solve": pulp.LpProblem.solve,
                                  "pulp.LpProblem.sequentialSolve": pulp.LpProblem.sequentialSolve,
                                  "solve_model": engine_solver.solve_model}
    stack = [pulp.LpSolver]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        method = cls.__dict__.get("actualSolve")
        if method is not None:
            found[f"pulp.{cls.__name__}"] = method
    try:  # HiGHS itself, reached without PuLP
        import highspy

        found["highspy.Highs"] = highspy.Highs
    except ImportError:  # pragma: no cover - highspy is a dependency
        pass
    return found


#: The solver libraries besides PuLP and HiGHS that the course's environment holds: a student may import
#: them, and a search that runs in C counts no Python lines (chapter 13's work budget would not see it).
OUTSIDE_SOLVERS = {"pysat.solvers": ("solve", "solve_limited", "enum_models", "propagate"),
                   "ortools.sat.python.cp_model": ("solve", "Solve", "SolveWithSolutionCallback",
                                                   "SearchForAllSolutions", "solve_with_solution_callback"),
                   "ortools.linear_solver.pywraplp": ("Solve",)}


def outside_solvers() -> dict[str, Callable]:
    """Every solving method of the SAT, CP and MIP libraries besides PuLP's (``pysat``'s solvers,
    OR-Tools' CP-SAT and linear solver), for ``forbidden``: an exercise that refuses the solvers refuses
    these too. ``pysat`` is imported here (the course itself uses it); OR-Tools only when a student
    has imported it already (once HiGHS is loaded it cannot be: its library clashes with HiGHS')."""
    import importlib
    import inspect
    import sys

    found: dict[str, Callable] = {}
    for name, methods in OUTSIDE_SOLVERS.items():
        try:
            module = importlib.import_module(name) if name.startswith("pysat") else sys.modules.get(name)
        except Exception:  # pragma: no cover - a library missing or broken here
            continue
        if module is None:
            continue
        short = name.split(".")[0]
        for cls_name, cls in sorted(vars(module).items()):
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            for method in methods:
                function = vars(cls).get(method)
                if callable(function):
                    found[f"{short}.{cls_name}.{method}"] = function
    return found


@contextmanager
def forbidden(student: Callable, functions: dict[str, Callable]):
    """Run a check with ``functions`` (``{"th.build_model": th.build_model, ...}``) unavailable.

    Every place a student can reach them from is covered: the attribute on its module (for
    ``th.build_model(...)``), any name in the student function's globals bound to it (for
    ``from puzzlelib.thermometer import build_model``) and methods on their classes (see ``solvers``).
    A call raises :class:`ForbiddenCall`, which :func:`run_check` reports as "your answer calls
    th.build_model, which this exercise asks you to write yourself". Everything is restored afterwards,
    even when the check fails. When the student's function runs in a grader's sandbox (it has a
    ``forbid`` method), the sandbox is told to block the same functions there.
    """
    tell = getattr(student, "forbid", None)
    if callable(tell):
        tell(functions)

    def blocker(label, _function):
        def blocked(*args, **kwargs):
            raise ForbiddenCall(label)
        return blocked

    for function in functions.values():
        if hasattr(function, "cache_clear"):
            function.cache_clear()  # a cached oracle would answer from its cache
    with _replaced(_holders(student, functions), functions, blocker):
        yield


def _holders(student, functions: dict[str, Callable]) -> list[tuple[object, str, object]]:
    """Every place a student's answer can reach ``functions`` from, as ``(owner, name, function)``:
    module attributes (the course's, PuLP's, HiGHS'), methods of PuLP's problem and solver classes,
    names in the student function's globals, and one level into the course's tables (a module's
    dicts of builders, the PUZZLE table)."""
    import sys

    targets = {id(f) for f in functions.values()}
    found: list[tuple[object, str, object]] = []
    modules = [m for m in list(sys.modules.values())
               if m is not None and getattr(m, "__name__", "").startswith(("puzzlelib", "highspy", "pulp"))]
    for module in modules:
        found += [(module, name, value) for name, value in list(vars(module).items())
                  if id(value) in targets and callable(value)]
    found += _methods_of_other_classes(functions)
    stack = [pulp.LpProblem, pulp.LpSolver]
    while stack:  # methods: solvers are reached through their class, not a module's name
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        found += [(cls, name, value) for name, value in list(vars(cls).items()) if id(value) in targets]
    for fn in _functions_of(student):
        found += [(fn.__globals__, name, value) for name, value in list(fn.__globals__.items())
                  if id(value) in targets]
    for module in modules:
        if not module.__name__.startswith("puzzlelib"):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, dict):
                found += [(value, key, item) for key, item in list(value.items())
                          if id(item) in targets and isinstance(key, str)]
            elif hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
                found += [(_Fields(value), key, item) for key, item in list(vars(value).items())
                          if id(item) in targets]
    return found


def _methods_of_other_classes(functions: dict[str, Callable]) -> list[tuple[object, str, object]]:
    """``(class, name, method)`` for each function that is a method of a class outside the course's
    modules (``pysat.solvers.Cadical153.solve``), found by its module and qualified name."""
    import sys

    found = []
    for function in functions.values():
        module = sys.modules.get(getattr(function, "__module__", None) or "")
        parts = (getattr(function, "__qualname__", "") or "").split(".")
        if module is None or len(parts) != 2 or module.__name__.startswith(("puzzlelib", "pulp", "highspy")):
            continue
        owner = getattr(module, parts[0], None)
        if isinstance(owner, type) and vars(owner).get(parts[1]) is function:
            found += [(owner, name, value) for name, value in list(vars(owner).items()) if value is function]
    return found


@contextmanager
def _replaced(holders, functions: dict[str, Callable], make: Callable):
    """Put ``make(label, function)`` in every holder of a function for a block, and the function back after."""
    labels = {id(f): label for label, f in functions.items()}
    try:
        for owner, name, value in holders:
            _put(owner, name, make(labels[id(value)], value))
        yield
    finally:
        for owner, name, value in reversed(holders):
            _put(owner, name, value)


def _put(owner, name: str, value) -> None:
    if isinstance(owner, dict):
        owner[name] = value
    else:
        setattr(owner, name, value)


class _Fields:
    """Sets an attribute of an object, frozen dataclasses included (for ``forbidden``)."""

    def __init__(self, target):
        self.target = target

    def __setattr__(self, name, value):
        if name == "target":
            object.__setattr__(self, name, value)
        else:
            object.__setattr__(self.target, name, value)


def _raising_code(label: str):
    """The code of a function that raises ForbiddenCall(label), to put in a blocked function."""
    namespace: dict = {}
    exec(f"def blocked(*args, **kwargs):\n"
         f"    raise __import__('puzzlelib.feedback.checks', fromlist=['ForbiddenCall']).ForbiddenCall({label!r})",
         namespace)
    return namespace["blocked"].__code__


@dataclass
class Watch:
    """The calls a student's answer made of watched functions: label -> [(args, kwargs), ...]."""

    calls: dict[str, list[tuple[tuple, dict]]]
    #: How long each recorded call took, in seconds, in the order of ``calls`` (empty when the answer
    #: ran in a grader's sandbox, which reports the calls only): for checks of what a student timed.
    spans: dict[str, list[float]] = field(default_factory=dict)

    def count(self, label: str) -> int:
        return len(self.calls.get(label, []))


@contextmanager
def watched(student: Callable, functions: dict[str, Callable]):
    """Record the calls the student's answer makes of ``functions`` ({label: function}) in the block.

    For exercises about how an answer works (did ``measure`` verify each answer?), not only what it
    returns. The functions still run. They are wrapped wherever :func:`forbidden` would block
    them; when the student's function runs in a grader's sandbox (it
    has a ``watch`` method), the sandbox records there and reports the calls back."""
    watch = Watch({label: [] for label in functions})
    tell = getattr(student, "watch", None)
    if callable(tell):
        tell(functions, watch)
        try:
            yield watch
        finally:
            tell({}, None)
        return

    def recorder(label, function):
        def recorded(*args, **kwargs):
            watch.calls[label].append((args, kwargs))
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                watch.spans.setdefault(label, []).append(time.perf_counter() - start)
        return recorded

    with _replaced(_holders(student, functions), functions, recorder):
        yield watch


# --------------------------------------------------------------------------------------------- #
# A copy of a library function, found by its structure (not by a name the copy may change)
# --------------------------------------------------------------------------------------------- #
_SKIPPED_OPS = {"CACHE", "NOP", "RESUME", "EXTENDED_ARG", "PRECALL", "KW_NAMES", "COPY_FREE_VARS", "MAKE_CELL"}
_NAMED_OPS = {"LOAD_FAST", "STORE_FAST", "DELETE_FAST", "LOAD_GLOBAL", "LOAD_ATTR", "LOAD_METHOD", "STORE_ATTR",
              "LOAD_NAME", "STORE_NAME", "LOAD_DEREF", "STORE_DEREF", "LOAD_CLOSURE"}


def operations(code) -> list[str]:
    """The operations of a code object and of the code objects inside it (comprehensions, lambdas), each
    with the name it reads or writes, without constants: a copy with its strings and numbers renamed
    keeps them all."""
    import dis
    import types

    found = []
    for step in dis.get_instructions(code):
        if step.opname in _SKIPPED_OPS:
            continue
        found.append(f"{step.opname}:{step.argval}" if step.opname in _NAMED_OPS else step.opname)
        if isinstance(step.argval, types.CodeType):
            found += operations(step.argval)
    return found


def _library_file(filename: str) -> bool:
    """Whether code from ``filename`` is the course's or an installed library's (not a student's cell)."""
    import os
    import sysconfig

    if not os.path.isabs(filename):
        return False
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the puzzlelib package
    installed = sysconfig.get_paths().get("purelib") or "\0"
    return os.path.abspath(filename).startswith((here + os.sep, installed + os.sep))


def own_functions(function, depth: int = 2) -> list:
    """``function`` and the student's functions it calls by a global name, ``depth`` levels down (a
    wrapper around a copy is a copy too); the course's and installed libraries' functions are left out."""
    import types

    found, todo = [], [(function, 0)]
    while todo:
        current, level = todo.pop()
        current = getattr(current, "__func__", current)
        if not isinstance(current, types.FunctionType) or current in found:
            continue
        if current is not function and _library_file(current.__code__.co_filename):
            continue
        found.append(current)
        if level < depth:
            names, stack = set(), [current.__code__]
            while stack:
                code = stack.pop()
                names |= set(code.co_names)
                stack += [c for c in code.co_consts if isinstance(c, types.CodeType)]
            todo += [(current.__globals__[n], level + 1) for n in sorted(names) if n in current.__globals__]
    return found


def copied_share(function, reference) -> float:
    """The largest share of the operations ``reference`` (a library function's :func:`operations`) that
    ``function``, or a function of the student's it calls, holds in the same order (difflib's ratio):
    1 for a copy, well below for an answer of one's own."""
    import difflib

    best = 0.0
    for own in own_functions(function):
        matcher = difflib.SequenceMatcher(None, list(reference), operations(own.__code__), autojunk=False)
        best = max(best, matcher.ratio())
    return best


class CopyProbe:
    """Entered where the student's function runs (here, or in a grader's sandbox through a
    StudentFunction's ``call_within``): raises ``ForbiddenCall(label)`` when the function holds more than
    ``share`` of ``reference``. A class, so that a grader's sandbox, which blocks the checks' functions,
    leaves it working."""

    def __init__(self, name: str, reference, share: float, label: str):
        self.name, self.reference, self.share, self.label = name, tuple(reference), float(share), label

    def sandboxed(self, namespace: dict, watch):
        return CopyProbe.refusing(namespace.get(self.name), self.reference, self.share, self.label)

    @staticmethod
    @contextmanager
    def refusing(function, reference, share: float, label: str):
        if function is not None and copied_share(function, reference) > share:
            raise ForbiddenCall(label)
        yield


class MustSolve:
    """Entered where the student's function runs (here, or in a grader's sandbox through a
    StudentFunction's ``call_within``): raises ``ForbiddenCall(label)`` when the call solved no model
    (no call of :func:`solvers`' functions), for exercises that ask for a model and not only an answer.
    Calls are counted, never timed; a class, so that a grader's sandbox leaves it working."""

    def __init__(self, label: str):
        self.label = label

    def sandboxed(self, namespace: dict, watch):
        import types

        return MustSolve.requiring(types.SimpleNamespace(__globals__=namespace), self.label)

    @staticmethod
    @contextmanager
    def requiring(student, label: str):
        functions = {name: f for name, f in solvers().items() if not isinstance(f, type)}  # classes stay themselves
        with watched(_Local(student), functions) as seen:
            yield
        if not any(seen.calls.values()):
            raise ForbiddenCall(label)


class _Local:
    """A student's function as ``watched`` sees it, recorded in this process (never told to a sandbox)."""

    def __init__(self, student):
        self.__globals__ = getattr(student, "__globals__", None) or getattr(
            getattr(student, "__func__", None), "__globals__", {})


def _functions_of(student) -> list:
    """The student's function(s): a plain function, or each function a callable object wraps."""
    found = []
    for candidate in (student, getattr(student, "__func__", None), getattr(student, "__call__", None)):
        if candidate is not None and hasattr(candidate, "__globals__"):
            found.append(candidate)
    return found


# --------------------------------------------------------------------------------------------- #
# Hidden batteries: boards the students never saw, chosen by the lecturer's seed at grading time
# --------------------------------------------------------------------------------------------- #
#: Set by ``python -m puzzlelib grade --hidden-seed N``; checks then add boards made from that seed.
HIDDEN_SEED = "PUZZLELIB_HIDDEN_SEED"


def int_grid(answer, shape: tuple[int, int], values=None) -> tuple[tuple[int, ...], ...] | None:
    """A student's grid as rows of ints of exactly ``shape`` (each in ``values`` when given), or None
    when it is not one: the caller then fails it with its own message and ``wrong-return-type``."""
    nrows, ncols = shape
    try:
        grid = tuple(tuple(int(v) for v in row) for row in answer)
    except (TypeError, ValueError):
        return None
    if len(grid) != nrows or any(len(row) != ncols for row in grid):
        return None
    if values is not None and any(set(row) - set(values) for row in grid):
        return None
    return grid


def hidden_seed() -> int | None:
    """The lecturer's seed for hidden boards, or None when the check runs for a student."""
    value = os.environ.get(HIDDEN_SEED, "").strip()
    return int(value) if value.lstrip("-").isdigit() else None


def hidden_boards(make_board: Callable[[int], object], count: int = 3) -> list[tuple[str, object]]:
    """``count`` boards ``make_board(seed)`` from the hidden seed (none when no seed is set).

    A check's battery adds them after its public boards::

        boards = PUBLIC + hidden_boards(lambda s: th.random_puzzle(6, 6, seed=s))

    so a student who fits the public boards still meets boards they never saw when graded.
    """
    seed = hidden_seed()
    if seed is None:
        return []
    return [(f"hidden board {k + 1}", make_board(seed * 1000 + k)) for k in range(count)]
