"""One way to build and solve every model in the course.

All models are plain PuLP problems. Variables are created through ``problem.add_variable`` (the
API that PuLP 4 keeps), and every solve goes through :func:`solve_model`, which picks HiGHS (in
process, through highspy) or CBC (the program PuLP 3 ships, or cbcbox's for PuLP 4, reached through
``pulp.COIN_CMD``; see :func:`cbc_path`), keeps the solver quiet, and turns every outcome into a value or one of the
exceptions of :mod:`puzzlelib.core.errors`.
"""

from __future__ import annotations

import contextvars
import functools
import os
import shutil
import time
import warnings

import pulp

from ..core.errors import NoSolution, PuzzleError, SolverError, TimeLimitReached
from ..core.validate import check_solver, check_time_limit

SOLVERS = ("highs", "cbc")
ENV_VAR = "PUZZLELIB_SOLVER"
#: Seconds any call that searches may take when its caller gives no ``time_limit`` (issue 30: a
#: search must never hang). A caller raises it by passing ``time_limit=``, or for a whole session by
#: setting ``$PUZZLELIB_TIME_LIMIT``.
DEFAULT_TIME_LIMIT = 120.0
TIME_ENV_VAR = "PUZZLELIB_TIME_LIMIT"


def default_time_limit() -> float:
    """``$PUZZLELIB_TIME_LIMIT`` (seconds) when set, else :data:`DEFAULT_TIME_LIMIT`."""
    text = os.environ.get(TIME_ENV_VAR, "").strip()
    if not text:
        return DEFAULT_TIME_LIMIT
    try:
        seconds = float(text)
    except ValueError:
        raise PuzzleError(f"${TIME_ENV_VAR}: expected a number of seconds, got {text[:20]!r}") from None
    return check_time_limit(seconds, f"${TIME_ENV_VAR}")


def new_problem(name: str, sense: int = pulp.LpMinimize) -> pulp.LpProblem:
    """An empty problem; feasibility puzzles keep the default objective of 0.

    Inside a solving call (see :func:`call_deadline`) the problem keeps the call's time limit while it
    is built: every ``CHECK_EVERY`` constraints added, the call's Deadline is checked, so a large
    board's model stops building once the time is spent (no model builder needs a ``deadline``)."""
    return LpProblem(name, sense)


#: The Deadline of the solving call under way, in a holder ``[deadline]`` made by :func:`call_deadline`
#: (None outside one: a model built by a user's own code is never stopped).
_CALL: contextvars.ContextVar = contextvars.ContextVar("puzzlelib_call_deadline", default=None)
#: How often a model being built, or clauses being added, look at the call's Deadline.
CHECK_EVERY = 512


def call_deadline(func):
    """Decorate a puzzle's public solving function: the first Deadline its arguments' guard makes
    (:meth:`Deadline.bind`) bounds every model built and every clause added until the call returns."""

    @functools.wraps(func)
    def call(*args, **kwargs):
        token = _CALL.set([None])
        try:
            return func(*args, **kwargs)
        finally:
            _CALL.reset(token)

    return call


def active_deadline() -> "Deadline | None":
    """The Deadline of the solving call under way, or None."""
    holder = _CALL.get()
    return holder[0] if holder else None


def tick(count: int) -> None:
    """Check the call's Deadline every ``CHECK_EVERY``-th step (a constraint, a clause) of a build."""
    if count % CHECK_EVERY == 0:
        deadline = active_deadline()
        if deadline is not None:
            deadline.check()


try:
    class LpProblem(pulp.LpProblem):
        """A PuLP problem that checks the solving call's Deadline every ``CHECK_EVERY`` constraints added
        (what :func:`new_problem` makes; everything else is PuLP's own)."""

        _added = 0

        def addConstraint(self, constraint, name=None):
            self._added += 1
            tick(self._added)
            return super().addConstraint(constraint, name)
except TypeError:  # pragma: no cover - a PuLP whose LpProblem cannot be subclassed: builds are not stopped
    LpProblem = pulp.LpProblem


def add_binary(problem: pulp.LpProblem, name: str) -> pulp.LpVariable:
    """A 0/1 variable owned by ``problem``."""
    return problem.add_variable(name, cat=pulp.LpBinary)


def add_integer(problem: pulp.LpProblem, name: str, low=None, up=None) -> pulp.LpVariable:
    return problem.add_variable(name, lowBound=low, upBound=up, cat=pulp.LpInteger)


def add_continuous(problem: pulp.LpProblem, name: str, low=None, up=None) -> pulp.LpVariable:
    return problem.add_variable(name, lowBound=low, upBound=up, cat=pulp.LpContinuous)


class Deadline:
    """One time limit for a whole call: building the model, every solve and every re-solve.

    A puzzle's ``solve``/``solutions`` makes one at entry (``Deadline(time_limit)``), calls
    :meth:`check` between steps of a long model build, and passes it to :func:`solve_model` as the
    ``time_limit``; the solver then gets only the time that is left, and the error names the limit
    the caller asked for, not the leftover slice.

    ``requested`` is what the caller asked for (None: nothing); ``limit`` is what is enforced, the
    request or else :func:`default_time_limit`, so no search runs unbounded.
    """

    def __init__(self, time_limit: float | None = None):
        self.requested = check_time_limit(time_limit)
        self.limit = self.requested if self.requested is not None else default_time_limit()
        self.start = time.perf_counter()

    def bind(self) -> "Deadline":
        """Make this the Deadline of the solving call under way, when the call has none yet (see
        :func:`call_deadline`); returns itself."""
        holder = _CALL.get()
        if holder is not None and holder[0] is None:
            holder[0] = self
        return self

    @classmethod
    def of(cls, time_limit) -> "Deadline":
        """``time_limit`` as a Deadline (an existing one is shared, not restarted)."""
        return time_limit if isinstance(time_limit, Deadline) else cls(time_limit)

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def remaining(self) -> float:
        """Seconds left (at least a hundredth) of the limit; raises when spent."""
        self.check()
        return max(self.limit - self.elapsed(), 0.01)

    def passed(self) -> bool:
        """True when the limit (asked for, or the default) is spent."""
        return self.elapsed() >= self.limit

    def check(self) -> None:
        """Raise SolverError when the time is spent."""
        if self.passed():
            raise self.error()

    def error(self) -> TimeLimitReached:
        if self.requested is None:
            return TimeLimitReached(f"the default time limit of {self.limit:g} s was reached before the solver "
                                    f"proved an answer (pass time_limit= or set ${TIME_ENV_VAR} to allow longer)")
        return TimeLimitReached(f"time limit of {self.requested:g} s reached before the solver proved an answer")


class UnknownSolver(PuzzleError, SolverError):
    """A solver name that is none of :data:`SOLVERS`: a wrong argument (PuzzleError), refused before
    any work, and still a SolverError for callers that catch those (it names no solver that could run)."""


def solver_name(solver: str | None = None) -> str:
    """The solver to use: the argument, else ``$PUZZLELIB_SOLVER``, else HiGHS.

    The argument is spelt exactly as in :data:`SOLVERS`: ``""``, ``"CBC "`` or ``"HiGHS"`` is refused
    (naming the right spelling), never read as the default or as another solver."""
    if solver is not None and not isinstance(solver, str):
        check_solver(solver, SOLVERS)  # a PuzzleError naming the type
    if solver is not None and solver not in SOLVERS:
        near = solver.strip().lower()
        hint = f" (did you mean {near!r}?)" if near in SOLVERS else ""
        raise UnknownSolver(f"unknown solver {solver[:30]!r}: choose one of {', '.join(SOLVERS)}{hint}")
    if solver is not None:
        return solver
    name = (os.environ.get(ENV_VAR) or "highs").strip().lower()
    if name not in SOLVERS:
        raise UnknownSolver(f"unknown solver {name[:30]!r} in ${ENV_VAR}: choose one of {', '.join(SOLVERS)}")
    return name


def make_solver(solver: str | None = None, time_limit: float | None = None, relax: bool = False,
                seed: int | None = None, node_limit: int | None = None):
    """A configured, silent PuLP solver object.

    ``seed`` sets HiGHS's ``random_seed`` (its tie-breaking); CBC ignores it. A search that is
    slow with one seed is often quick with another, which the Flow Free race uses. ``node_limit``
    caps HiGHS's branch-and-bound nodes (``mip_max_nodes``; 0 means presolve and the root only);
    CBC ignores it too.
    """
    name = solver_name(solver)
    if name == "highs":
        if not pulp.HiGHS().available():
            raise SolverError("HiGHS is not available: install it with `pip install highspy`")
        from .highs_bulk import highs_class

        options = {} if seed is None else {"random_seed": int(seed)}
        if node_limit is not None:
            options["mip_max_nodes"] = int(node_limit)
        return highs_class()(msg=False, timeLimit=time_limit, mip=not relax, threads=1, **options)
    return pulp.COIN_CMD(path=cbc_path(), msg=False, timeLimit=time_limit, mip=not relax)


def cbc_path() -> str:
    """The CBC program: PuLP 3's own (its wheel carries one, 7 MB: what the course installs), else
    cbcbox's (PuLP 4 carries none; ``pip install cbcbox``, 598 MB), else a ``cbc`` on the PATH
    (Debian: ``apt-get install coinor-cbc``)."""
    # the class attribute, not an instance: PuLP 3.3 warns (DeprecationWarning) when PULP_CBC_CMD is made
    bundled = getattr(getattr(pulp, "PULP_CBC_CMD", None), "pulp_cbc_path", None)
    if bundled is not None and os.access(bundled, os.X_OK):
        return os.path.normpath(bundled)
    try:
        import cbcbox
    except ImportError:
        path = shutil.which("cbc")
        if path is None:
            raise SolverError("CBC is not installed: PuLP 3 carries one (pip install 'pulp<4'); with PuLP 4, "
                              "pip install cbcbox, or put a cbc program on the PATH") from None
        return path
    path = cbcbox.cbc_bin_path()
    if not os.path.exists(path):  # pragma: no cover
        raise SolverError(f"CBC binary not found at {path}")
    return path


def has_objective(problem: pulp.LpProblem) -> bool:
    objective = problem.objective
    return objective is not None and len(objective) > 0


def solve_model(
    problem: pulp.LpProblem,
    solver: str | None = None,
    time_limit: float | None = None,
    relax: bool = False,
    seed: int | None = None,
    node_limit: int | None = None,
) -> float:
    """Solve ``problem`` in place and return the objective value (0 for pure feasibility).

    Raises :class:`NoSolution` when the model is infeasible and :class:`SolverError` when the
    solver stops without a proven answer (time limit) or fails. ``relax=True`` solves the LP
    relaxation instead, which several chapters use to show why a model works. ``time_limit`` is
    seconds or a :class:`Deadline` shared with the rest of the call; ``seed`` is HiGHS's random seed
    and ``node_limit`` its cap on branch-and-bound nodes (a SolverError when reached unproven).
    """
    deadline = Deadline.of(time_limit)
    solver_name(solver)  # a wrong solver is refused even where no solver would run
    if not problem.variables():
        return _constant_problem(problem)
    engine = make_solver(solver, deadline.remaining(), relax, seed, node_limit)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # never let solver plumbing reach a notebook
        try:
            status = problem.solve(engine)
        except pulp.PulpSolverError as exc:
            raise SolverError(f"{solver_name(solver)} failed: {exc}") from exc
    if status == pulp.LpStatusInfeasible:
        raise NoSolution("no assignment satisfies every constraint")
    if status == pulp.LpStatusUnbounded:
        raise SolverError("the model is unbounded: a constraint is missing")
    if status != pulp.LpStatusOptimal or problem.sol_status != pulp.LpSolutionOptimal:
        if node_limit is not None and status == pulp.LpStatusNotSolved and not deadline.passed():
            raise SolverError(f"node limit of {node_limit} reached before the solver proved an answer")
        if status in (pulp.LpStatusOptimal, pulp.LpStatusNotSolved) or deadline.passed():
            raise deadline.error()
        raise SolverError(f"solver stopped with status {pulp.LpStatus.get(status, status)!r}")
    value = pulp.value(problem.objective) if has_objective(problem) else 0.0
    return float(value or 0.0)


def _constant_problem(problem: pulp.LpProblem) -> float:
    """A problem without variables (a board with nothing to decide, or a no-good cut over no
    variables, ``0 >= 1``) decided here: CBC reports such a model's status as 'Undefined' and HiGHS
    as infeasible or optimal, so neither is asked and both give the same verdict."""
    if not all(c.valid() for c in problem.constraints()):
        problem.status, problem.sol_status = pulp.LpStatusInfeasible, pulp.LpSolutionInfeasible
        raise NoSolution("no assignment satisfies every constraint")
    problem.status, problem.sol_status = pulp.LpStatusOptimal, pulp.LpSolutionOptimal
    value = pulp.value(problem.objective) if has_objective(problem) else 0.0
    return float(value or 0.0)


def value01(var: pulp.LpVariable) -> int:
    """The 0/1 value of a binary after a solve, rounded against solver tolerances."""
    v = var.value()
    return 1 if v is not None and v > 0.5 else 0
