"""The one solving driver: what every puzzle's ``solving.py`` used to write for itself.

Ar-Kareem/puzzle_solver keeps one ``generic_solve_all`` and lets each puzzle say only how a solver's
values become its answer; here the same four pieces are written once, and a puzzle's ``solving.py``
keeps only what is its own (Flow Free's race, Kakuro's narrowing, Aquarium's hand-over) as hooks:

* :func:`guard`, the argument guard of every public solving call (``solve``, ``solutions``,
  ``explain_infeasible``): the board's type, ``limit``, ``solver``, ``model``, ``search``, the
  puzzle's own switches and ``time_limit``, all checked before any model or clause is made; it
  returns the call's one :class:`~puzzlelib.engine.solver.Deadline`.
* :func:`search_for`, the one rule for ``search=``: left to None, a puzzle runs its fast search
  (``searches[0]``) unless a model or a solver is named; a named model or solver asks for exactly
  that integer program (``"mip"``), so a chapter that times or counts a formulation measures it.
* :class:`ClauseModel`, the one face of every clause model (``model_sat.py``): ``search`` (the
  :class:`~puzzlelib.engine.sat.SatSearch`), ``infeasible``, ``read(model) -> answer``,
  ``next(time_limit, assumptions, conflicts) -> answer | None``, ``forbid(answer) -> False`` when no
  clause can forbid it, ``close()``.
* :func:`sat_solutions`, the SAT enumeration loop: solve, read, check the answer with the puzzle's
  rule checker, forbid it, repeat; a conflict budget hands the rest of the search to another
  (``over_budget``). The integer programs' loop is :func:`puzzlelib.engine.enumerate_solutions`.
* :func:`solving_slots`, ``solve`` and ``solutions`` themselves, made from a puzzle's parts (its
  models, builder and ``read_model``, what "no answer" says and why, a fast search as ``fast=``):
  the template, Circuit, Monodot, V3ck and Star Battle write no solving function of their own.
  :func:`propagated_solutions` is the search on what propagation leaves open (Infinity Loop, Match 22).
* Deadlines: each public solving function is wrapped in
  :func:`~puzzlelib.engine.solver.call_deadline`, and the Deadline its guard makes bounds every model
  ``new_problem`` builds and every clause ``SatSearch`` writes until it returns, so ``time_limit``
  stops a large board's model build too, not only the solver.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.errors import NoSolution, PuzzleError, SolverError
from ..core.interface import DefaultModel, choose_search, require
from ..core.validate import check_choice, check_flag, check_limit
from .enumeration import enumerate_solutions
from .sat import BudgetSpent
from .solver import Deadline, call_deadline, solve_model, solver_name

#: ``guard``'s "this argument is not part of the call".
_NOT_GIVEN = object()


def guard(puzzle, cls, where: str, *, solver=None, time_limit=None, limit=_NOT_GIVEN, model=_NOT_GIVEN,
          models=None, search=None, searches=None, flags: dict | None = None) -> Deadline:
    """Check a solving call's arguments before any work and start its :class:`Deadline`.

    ``puzzle`` must be a ``cls`` (named with ``where``: ``solve: expected a sudoku Puzzle, got list``);
    ``limit`` (when given) a whole number from 1; ``solver`` None or exactly ``'highs'``/``'cbc'``;
    ``model`` (when given with ``models``) one of ``models``; ``search`` None or one of ``searches``;
    each of ``flags`` (the puzzle's own switches, by name) True or False; ``time_limit`` None, a
    positive finite number of seconds, or a caller's Deadline (shared, not restarted).
    Every fault is a PuzzleError naming the argument."""
    require(puzzle, cls, where)
    if limit is not _NOT_GIVEN:
        check_limit(limit)
    solver_name(solver)
    if models is not None and model is not _NOT_GIVEN:
        check_choice(model, models, "model")
    if search is not None and searches is not None:
        check_choice(search, searches, "search")
    for name, value in (flags or {}).items():
        check_flag(value, name)
    return Deadline.of(time_limit).bind()


def guarded_search(puzzle, cls, where: str, *, searches, search=None, model=_NOT_GIVEN, models=None,
                   solver=None, time_limit=None, flags: dict | None = None, limit=_NOT_GIVEN,
                   mip: bool = False) -> tuple[str, Deadline]:
    """:func:`guard` and :func:`search_for` in one call, for a puzzle whose ``solve``/``solutions``
    run more than the integer program: ``(the search to run, the call's Deadline)``. ``mip`` True
    makes a search left to None the integer program (a puzzle switch such as Kakuro's
    ``narrow=False``, "the model as the chapter states it", asks for it)."""
    deadline = guard(puzzle, cls, where, solver=solver, time_limit=time_limit, limit=limit, model=model,
                     models=models, search=search, searches=searches, flags=flags)
    if mip and search is None:
        return "mip", deadline
    return search_for(search, model, solver, searches), deadline


def rule_check(check_rules: Callable | None, puzzle, what: str = "the integer program") -> Callable | None:
    """``answer -> answer`` checked by the puzzle's rule checker (:func:`checked`): the ``check`` hook
    of :func:`~puzzlelib.engine.enumerate_solutions`. None when there is no rule checker to call."""
    if check_rules is None:
        return None
    return lambda answer: checked(check_rules, puzzle, answer, what)


def search_for(search, model, solver, searches: tuple[str, ...]) -> str:
    """The search a call runs (see the module docstring): ``search`` when given (one of ``searches``),
    else the fast one, ``searches[0]``, unless ``model`` was named (it is not the puzzle's
    :class:`DefaultModel`) or a ``solver`` was, which asks for the integer program, ``"mip"``.

    A fast search asked for by name beside a named model other than the default is refused: the fast
    search states the default formulation's rules, so the named model would be silently ignored."""
    chosen = choose_search(search, model, solver, searches)
    if chosen != "mip" and named(model) and model != getattr(searches, "default", model):
        raise PuzzleError(f"search={chosen!r} does not solve model={str(model)[:30]!r}: leave search out (or "
                          "pass search='mip') to solve that integer program")
    return chosen


class Searches(tuple):
    """A puzzle's ``SEARCHES`` (the fast search first, then ``"mip"``) with the name of the default
    model the fast search stands for: ``Searches(("sat", "mip"), default="cells")``."""

    def __new__(cls, names, default: str):
        self = super().__new__(cls, names)
        self.default = default
        return self


def named(model) -> bool:
    """Whether the caller named ``model`` (not left to the puzzle's :class:`DefaultModel`)."""
    return not isinstance(model, DefaultModel)


def checked(check_rules: Callable, puzzle, answer, what: str = "the search"):
    """``answer`` when the puzzle's solver-free rule checker finds no fault; else a SolverError (a
    wrong clause or a solver's tolerance: never hand such an answer out)."""
    faults = check_rules(puzzle, answer)
    if faults:
        raise SolverError(f"{what} returned an answer that breaks a rule: "
                          + "; ".join(getattr(f, "message", str(f)) for f in faults))
    return answer


class ClauseModel:
    """The one face of a puzzle's rules written as clauses (each ``model_sat.py``'s ``SatModel``).

    A subclass sets ``puzzle`` and ``search`` (a :class:`~puzzlelib.engine.sat.SatSearch`) and writes
    ``read`` (a model of the clauses -> the answer's key, a grid) and ``forbid`` (the no-good clause on
    a key; False when no clause can say "something differs"). ``infeasible`` is True when building
    the clauses already showed there is no answer (the search is then not run). ``next`` is the hook
    a puzzle overrides when one answer takes more than one solve (Flow Free's loop cuts)."""

    puzzle = None
    search = None
    infeasible: bool = False

    def read(self, model: set):  # pragma: no cover - each puzzle writes its own
        raise NotImplementedError

    def forbid(self, key) -> bool | None:  # pragma: no cover - each puzzle writes its own
        raise NotImplementedError

    def solve(self, time_limit=None, assumptions=(), conflicts: int | None = None) -> set | None:
        """A model of the clauses (the variables true), or None when there is none."""
        return None if self.infeasible else self.search.solve(time_limit, assumptions, conflicts)

    def next(self, time_limit=None, assumptions=(), conflicts: int | None = None):
        """The next answer's key, or None when there is none (under ``assumptions``)."""
        model = self.solve(time_limit, assumptions, conflicts)
        return None if model is None else self.read(model)

    def close(self) -> None:
        self.search.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def sat_solutions(sat: ClauseModel, limit: int, time_limit=None, *, make: Callable | None = None,
                  check: Callable | None = None, found: list | None = None, assumptions=(),
                  budget: int | None = None, over_budget: Callable | None = None, close: bool = True) -> list:
    """Up to ``limit`` answers of the clause model ``sat``, after those already in ``found``.

    The loop: ``sat.next`` (solve and read), ``make`` (the key -> the puzzle's Solution), ``check``
    (the puzzle's ``check_rules``: an answer that breaks a rule is a SolverError, see :func:`checked`), then ``sat.forbid`` the answer's key (its ``grid``) and again. ``budget``
    conflicts go to each ``next``; when they are spent, ``over_budget(found)`` returns the whole list
    (another search took over) or None (search on without a budget). ``time_limit`` (seconds or the
    caller's Deadline) bounds every solve; ``sat`` is closed at the end unless ``close`` is False."""
    deadline = Deadline.of(time_limit)
    found = [] if found is None else found
    try:
        if sat.infeasible:
            return found
        while len(found) < limit:
            try:
                key = sat.next(deadline, assumptions, budget)
            except BudgetSpent:
                budget = None
                rest = over_budget(found) if over_budget is not None else None
                if rest is not None:
                    return rest
                continue
            if key is None:
                break
            answer = make(key) if make is not None else key
            if check is not None:
                checked(check, sat.puzzle, answer, "the clause search")
            found.append(answer)
            if sat.forbid(getattr(answer, "grid", answer)) is False:
                break
    finally:
        if close:
            sat.close()
    return found


def solve_built(problem, read: Callable, solver, deadline, failure: str, why: Callable | None = None):
    """Solve a built model once and read its answer; NoSolution(``failure``, ``why()``) when it has none."""
    try:
        solve_model(problem, solver=solver, time_limit=deadline)
    except NoSolution:
        raise NoSolution(failure, why() if why is not None else None) from None
    return read()


def propagated_solutions(puzzle, limit: int, solver, deadline, propagate: Callable, build_reduced: Callable,
                         read: Callable, keys: Callable, check: Callable | None = None) -> list:
    """``solutions`` on what propagation leaves open (Infinity Loop's tiles, Match 22's disks):
    ``propagate(puzzle, deadline)`` gives each piece's turns left (None: no answer), the model of the
    open pieces is built and listed by no-good cuts; ``read(turns, x)`` makes an answer, ``keys(x)``
    the binaries an answer is told apart by, ``check`` the puzzle's rule checker (every answer passes it)."""
    turns = propagate(puzzle, deadline)
    deadline.check()  # even when propagation settles every piece and no solver runs
    if turns is None:
        return []
    problem, x = build_reduced(puzzle, turns, deadline)
    return enumerate_solutions(problem, keys(x), lambda: read(turns, x), limit, solver, deadline,
                               check=rule_check(check, puzzle))


def solving_slots(Puzzle, models: tuple[str, ...], build: Callable, read: Callable, failure, *,
                  why: Callable | None = None, why_first: bool = False, keys: Callable | None = None,
                  fast: Callable | None = None, fast_name: str = "sat", module: str | None = None,
                  check: Callable | None = None):
    """``solve`` and ``solutions`` of a puzzle whose answers come from its integer programs (the
    driver written once; a puzzle passes its own parts):

    ``build(puzzle, model, deadline) -> (problem, x)``, ``read(puzzle, model, x) -> Solution`` (the
    answer a solved model holds), ``keys(puzzle, x)`` the binaries two answers differ on (default: the
    values of ``x``), ``failure`` what NoSolution says (text, or ``failure(puzzle)``), ``why(puzzle, solver, deadline)`` its reason in words
    (asked before any solve when ``why_first``: a reason the data shows needs no solver).
    ``fast(puzzle, limit, deadline) -> list`` is a faster search for ``solutions`` (named
    ``fast_name``): the default, unless a model or a solver is named (:func:`search_for`). ``module``:
    the puzzle's ``solving`` module's ``__name__``, which the two functions say they belong to.
    ``check`` is the puzzle's rule checker ``check_rules(puzzle, answer)``: every answer of the integer
    programs passes it before it is returned (a fast search checks its own answers).
    """
    default = models[0]
    searches = Searches((fast_name, "mip") if fast is not None else ("mip",), default=default)
    keys = keys or (lambda puzzle, x: list(x.values()))
    said = failure if callable(failure) else (lambda puzzle: failure)

    def reason(puzzle, solver, deadline):
        return why(puzzle, solver, deadline) if why is not None else None

    @call_deadline
    def solve(puzzle, model=default, solver=None, time_limit=None):
        deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=models)
        problem, x = build(puzzle, model, deadline)
        deadline.check()
        if why_first and (because := reason(puzzle, solver, deadline)):
            raise NoSolution(said(puzzle), because)
        later = None if why_first else (lambda: reason(puzzle, solver, deadline))
        answer = solve_built(problem, lambda: read(puzzle, model, x), solver, deadline, said(puzzle), later)
        return answer if check is None else checked(check, puzzle, answer, "the integer program")

    @call_deadline
    def solutions(puzzle, limit=2, model=DefaultModel(default) if fast else default, solver=None, time_limit=None,
                  search=None):
        deadline = guard(puzzle, Puzzle, "solutions", limit=limit, solver=solver, time_limit=time_limit,
                         model=model, models=models, search=search, searches=searches)
        if search_for(search, model, solver, searches) != "mip":
            return fast(puzzle, limit, deadline)
        problem, x = build(puzzle, model, deadline)
        deadline.check()
        return enumerate_solutions(problem, keys(puzzle, x), lambda: read(puzzle, model, x), limit, solver, deadline,
                                   check=rule_check(check, puzzle))

    solutions.searches = searches
    for func in (solve, solutions):  # they belong to the puzzle's solving.py, as if written there
        func.__module__, func.__qualname__ = module or func.__module__, func.__name__
    return solve, solutions


__all__ = ["ClauseModel", "DefaultModel", "Searches", "call_deadline", "checked", "guard", "guarded_search", "named",
           "propagated_solutions", "rule_check", "sat_solutions", "search_for", "solve_built", "solving_slots"]
