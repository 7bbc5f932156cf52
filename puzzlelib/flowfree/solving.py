"""Solving: the lazy loop of cycle cuts, ``solve`` (tidy pipes first), ``solutions`` (no-good cuts).

Every entry point checks its arguments first and makes one :class:`~puzzlelib.engine.solver.Deadline`
that bounds the whole call, model building and every re-solve included.
"""

from __future__ import annotations

import pulp

from ..core.errors import NoSolution, PuzzleError, SolverError
from ..engine.enumeration import nogood_cut
from ..engine.search import call_deadline, Searches, guard, sat_solutions, search_for
from ..engine.solver import Deadline, solve_model, solver_name, value01
from ..core.interface import DefaultModel, require
from ..core.validate import check_table
from . import model_lazy, numberlink_rule
from .board import Puzzle, Solution, solution_from_edges, stray_cycles
from .formats import EMPTY
from .counting import count_pipe_layouts, countable
from .model import DEFAULT_MODEL, MODELS, add_no_square_rule, add_no_touch_rule, build_model, formulation
from .model_per_colour import build as build_per_colour
from .model_sat import SatModel
from .search_numberlink import numberlink_solutions
from .route_numberlink import near_fill
from .rules import check_rules, obvious_reason


def _colour(value, where: str) -> str:
    """A cell of a colouring: one character (a dot's colour)."""
    if not (isinstance(value, str) and len(value) == 1):
        raise PuzzleError(f"{where}: expected a colour (one character), got {type(value).__name__} {value!r:.30}")
    return value

MAX_ROUNDS = 1000


# -- reading a solved model (each formulation's readers, from the one table in model.py) -----------
def used_edges(puzzle: Puzzle, model: str, variables) -> list:
    """The undirected edges a solved model draws a pipe along."""
    return formulation(model).used_edges(puzzle, variables)


def cell_colours(puzzle: Puzzle, model: str, variables) -> dict:
    """The colour a solved model gives each cell (the only colour a stray loop has)."""
    return formulation(model).cell_colours(puzzle, variables)


def cut_loops(problem, puzzle: Puzzle, model: str, variables, loops) -> None:
    """Add the cycle cut of the model for each loop: (C6) for cells, "a step enters L" otherwise."""
    _cut_loops(problem, puzzle, model, variables, loops)


def _cut_loops(problem, puzzle: Puzzle, model: str, variables, loops) -> None:
    add = formulation(model).cut or model_lazy.add_cycle_cut  # MTZ models with subtours=False: the "enters L" cut
    if not puzzle.fills:  # the Numberlink rule: a loop's cells may stay empty
        def add(problem, puzzle, variables, loop, name):
            numberlink_rule.cycle_cut(problem, puzzle, model, variables, loop, name)
    for loop in loops:
        problem._cuts = getattr(problem, "_cuts", 0) + 1
        add(problem, puzzle, variables, loop, f"cycle_cut_{problem._cuts}")


# -- the lazy loop ---------------------------------------------------------------------------------
def lazy_solve(problem, puzzle: Puzzle, model: str, variables, solver=None, time_limit=None,
               max_rounds: int = MAX_ROUNDS, cuts: bool = True, seed: int | None = None,
               node_limit: int | None = None) -> Solution:
    """Solve; while the answer has loops without dots, cut each one off and solve again.

    ``time_limit`` (seconds or a shared Deadline) bounds every round together. The number of
    solver runs is on the Solution returned (``rounds``) and on ``problem._rounds``; ``seed`` is
    HiGHS's random seed and ``node_limit`` its cap on branch-and-bound nodes in each round.
    """
    deadline = Deadline.of(time_limit)
    form = formulation(model)
    lazy = cuts and form.cut is not None
    for rounds in range(1, max_rounds + 1):
        problem._rounds = rounds
        solve_model(problem, solver=solver, time_limit=deadline, seed=seed, node_limit=node_limit)
        used = form.used_edges(puzzle, variables)
        loops = stray_cycles(puzzle, used) if lazy else []
        if not loops:
            return solution_from_edges(puzzle, used, form.cell_colours(puzzle, variables), rounds)
        _cut_loops(problem, puzzle, model, variables, loops)
    raise SolverError(f"still finding loops after {max_rounds} rounds")


# -- solve -------------------------------------------------------------------------------------------
#: The turns of the tidy search: (formulation, HiGHS seed, seconds, branch-and-bound nodes or None).
#: The pipe-per-colour model is the stronger one: HiGHS's presolve settles most real levels with it
#: before any branching, so it goes first with no node at all (presolve and the root only). When
#: that does not settle a level (a Numberlink 15x15 of the corpus, say), the chapter's cells model
#: often does, again at the root; after that both search in full, in turns of growing length, and
#: another seed cuts short the rare run that goes astray. A race costs at most a few times the
#: faster entrant.
ROOT = 0
TIDY_TURNS = (("per_colour", 0, 6.0, ROOT), ("cells", 0, 3.0, ROOT),
              ("cells", 0, 4.0, None), ("per_colour", 0, 8.0, None), ("cells", 1, 8.0, None),
              ("per_colour", 1, 16.0, None), ("cells", 2, 16.0, None), ("per_colour", 2, 16.0, None))
#: The turns of :func:`solve`'s race (issue 29): the cells model as clauses on CaDiCaL
#: (``model_sat.py``) with the tidy rule assumed, for a short turn first (it finds the tidy pipes of
#: real levels in hundredths of a second, where HiGHS's presolve and root took 1-6 s on the larger
#: ones), then the two root turns, then the SAT search again for all the time left (it keeps what it
#: learnt). On a large board with few dots, where branch and bound once ran for minutes, the SAT
#: search finds tidy pipes or the root proves there are none.
SAT = "sat"
SAT_FIRST = 1.0  # seconds of the first SAT turn
SAT_TURNS = ((SAT, 0, SAT_FIRST, None),) + TIDY_TURNS[:2] + ((SAT, 0, None, None),)


def _tidy_model(puzzle: Puzzle, formulation: str):
    """The tidy search in one formulation: the chapter's cells model with (C7), or a pipe per colour."""
    if formulation == "per_colour":
        return build_per_colour(puzzle)
    problem, variables = build_model(puzzle, model="cells")
    add_no_touch_rule(problem, puzzle, variables)
    return problem, variables


class TidyRace:
    """Tidy pipes ((C7)) by racing formulations and seeds in turns of growing length.

    Each formulation is built when its first turn comes, then kept with its cycle cuts (and the
    colourings forbidden so far), so a later turn starts where the earlier left its model. The
    winner of :meth:`next` is remembered: asking again (after :meth:`forbid`) goes on with it.
    """

    def __init__(self, puzzle: Puzzle, solver, deadline: Deadline, sat: bool = False):
        self.puzzle, self.solver, self.deadline = puzzle, solver, deadline
        self.models: dict = {}
        self.forbidden: list = []
        self.winner = None  # (formulation, seed) of the last answer
        self.spent = 0
        self.turns = SAT_TURNS if sat else TIDY_TURNS

    def _model(self, formulation: str):
        if formulation == SAT and SAT not in self.models:
            self.models[SAT] = clauses = SatModel(self.puzzle)
            for grid in self.forbidden:
                clauses.forbid(grid)
        if formulation not in self.models:
            problem, variables = _tidy_model(self.puzzle, formulation)
            for k, grid in enumerate(self.forbidden):
                problem += colouring_nogood(variables["x"], grid), f"nogood_{k}"
            self.models[formulation] = (problem, variables)
        return self.models[formulation]

    def _turn(self, formulation: str, seed: int, slice_, nodes: int | None = None) -> Solution:
        if formulation == SAT:
            return self._sat_turn(slice_, tidy=True)
        problem, variables = self._model(formulation)
        try:
            return lazy_solve(problem, self.puzzle, "cells", variables, self.solver, slice_, seed=seed,
                              node_limit=nodes)
        finally:
            self.spent += getattr(problem, "_rounds", 0)

    def _sat_turn(self, slice_, tidy: bool) -> Solution:
        clauses = self._model(SAT)
        found = sat_lazy_solve(clauses, slice_, [clauses.tidy] if tidy else [])
        if found is None:
            raise NoSolution("no tidy colouring left" if tidy else "no colouring left")
        self.spent += found.rounds
        return found

    def plain(self, budget: Deadline) -> Solution:
        """A colouring under the plain rules (C1)-(C6), on the race's clauses (their learnt clauses kept),
        led by routed pipes (:func:`guide`)."""
        guide(self._model(SAT))
        return self._sat_turn(budget, tidy=False)

    def close(self) -> None:
        if SAT in self.models:
            self.models.pop(SAT).close()

    def next(self, budget: Deadline | None = None) -> Solution | None:
        """The next tidy colouring, or None when there is none (or ``budget`` ran out first)."""
        budget = budget or self.deadline
        if self.winner is not None:  # go on with the formulation that answered last time, in full
            try:
                return self._turn(*self.winner, budget)
            except NoSolution:
                return None
        turns = list(self.turns) + [("cells", 0, None, None)] * (budget.requested is None and self.turns is TIDY_TURNS)
        if not self.puzzle.fills:  # the pipe-per-colour model states Flow Free's rule only
            turns = [turn for turn in turns if turn[0] == "cells"]
        for formulation, seed, seconds, nodes in turns:
            room = budget.remaining()
            slice_ = budget if seconds is None else Deadline(seconds if room is None else min(seconds, room))
            try:
                found = self._turn(formulation, seed, slice_, nodes)
            except NoSolution:
                return None
            except SolverError:
                if budget.passed():
                    return None
                continue
            self.winner = (formulation, seed)
            return found
        return None

    def forbid(self, grid) -> None:
        """Forbid a colouring in every formulation built (and every one built later)."""
        self.forbidden.append(tuple(grid))
        for name, built in self.models.items():
            if name == SAT:
                built.forbid(grid)
                continue
            problem, variables = built
            problem += colouring_nogood(variables["x"], grid), f"nogood_{len(self.forbidden) - 1}"


def _race_then_plain(puzzle: Puzzle, solver, deadline: Deadline) -> Solution:
    """Tidy pipes within three quarters of the time left (the race of ``SAT_TURNS``); else the plain rules on SAT."""
    left = None if deadline.requested is None else deadline.remaining()  # the default limit bounds the race
    race = TidyRace(puzzle, solver, deadline, sat=True)
    try:
        found = race.next(Deadline(0.75 * left) if left is not None else deadline)
        if found is not None:
            return found
        spent = race.spent
        try:
            found = race.plain(deadline)
        except NoSolution:
            raise NoSolution("no way to join every pair and fill the board") from None
        return Solution(found.grid, found.paths, found.cycles, found.rounds + spent)
    finally:
        race.close()


def _plain_solve(puzzle: Puzzle, model: str, subtours: bool, solver, deadline: Deadline) -> Solution:
    """The model as stated, the lazy loop cutting off loops where the model has cuts."""
    problem, variables = build_model(puzzle, model=model, subtours=subtours)
    deadline.check()
    try:
        return lazy_solve(problem, puzzle, model, variables, solver, deadline, cuts=subtours)
    except NoSolution:
        raise NoSolution("no way to join every pair and fill the board") from None


@call_deadline
def solve(puzzle: Puzzle, model: str = DEFAULT_MODEL, solver: str | None = None,
          time_limit: float | None = None, subtours: bool = True, tidy_first: bool = True) -> Solution:
    """The pipes of every colour; raises NoSolution (with a reason when the board shows one).

    With the cells model and ``tidy_first`` the search first asks for tidy pipes (rule (C7): no
    pipe runs alongside itself, as in designed levels), which is far faster on real levels: HiGHS's
    presolve and root on two formulations, then the same rules as clauses on CaDiCaL
    (``SAT_TURNS``); if no tidy answer exists (or it takes three quarters of the time limit) the
    SAT search goes on under the plain rules, keeping what it learnt. Under the Numberlink rule the
    SAT search runs alone. ``tidy_first=False`` solves the plain rules with ``solver`` (HiGHS).
    Either way the answer keeps the plain rules. ``subtours=False`` drops the subtour constraints
    (MTZ, or the loop cuts): the answer may then hold loops (``Solution.cycles``).
    """
    deadline = guard(puzzle, Puzzle, "solve", solver=solver, time_limit=time_limit, model=model, models=MODELS,
                     flags={"subtours": subtours, "tidy_first": tidy_first})
    form = formulation(model)
    reason = obvious_reason(puzzle)
    if reason:
        raise NoSolution("no way to join every pair", reason)
    if form.cells and subtours and not puzzle.fills:
        found = _numberlink_solve(puzzle, deadline)
    elif form.cells and subtours and tidy_first:
        found = _race_then_plain(puzzle, solver, deadline)
    else:
        found = _plain_solve(puzzle, model, subtours, solver, deadline)
    deadline.check()  # an answer that came after the limit is not an answer within it
    return found


def _numberlink_solve(puzzle: Puzzle, deadline: Deadline) -> Solution:
    """Under the Numberlink rule: the search of ``search_numberlink.py`` (tidy pipes that no reroute
    through empty cells shortens, as clauses on the cell colours; issue 42).

    The integer programs have no reason to leave a cell empty, and on a large sparse board branch
    and bound wanders among pipes that fill it; the clause search settles a 26x26 page at once.
    """
    found = numberlink_solutions(puzzle, 1, deadline)
    if not found:
        raise NoSolution("no way to join every pair")
    return found[0]


# -- solutions ---------------------------------------------------------------------------------------
def colouring_nogood(x, grid=None) -> pulp.LpConstraint:
    """Forbid one colouring: at least one cell must change colour.

    ``grid`` is the colouring (rows of colour letters); without it, the one just solved for in
    ``x``. With one colour per cell (C1) this is the no-good cut of ``engine.enumeration`` on the
    ones alone. Under the Numberlink rule a cell may have no colour ('.'): it changes when it gets
    one, so its binaries join the cut.
    """
    if grid is None:
        coloured = {cell for (cell, k), var in x.items() if value01(var)}
        empty = [var for (cell, k), var in x.items() if cell not in coloured]  # none under Flow Free's rule
        return pulp.lpSum(1 - var for var in x.values() if value01(var)) + pulp.lpSum(empty) >= 1
    empty = [var for (cell, k), var in x.items() if grid[cell[0]][cell[1]] == EMPTY]
    return pulp.lpSum(1 - x[(r, c), k] for r, row in enumerate(grid) for c, k in enumerate(row) if k != EMPTY) \
        + pulp.lpSum(empty) >= 1


#: How :func:`solutions` looks for the colourings after the first: the same rules as clauses on a
#: SAT solver (the default: it proves a real level unique in milliseconds), or the MIP solver.
SEARCHES = Searches(("sat", "mip"), default=DEFAULT_MODEL)
#: ``solutions``' default model: the fast search (clauses), unless a model (or a solver) is named.
MODEL_DEFAULT = DefaultModel(DEFAULT_MODEL)


@call_deadline
def solutions(puzzle: Puzzle, limit: int = 2, model: str = MODEL_DEFAULT, solver: str | None = None,
              time_limit: float | None = None, no_square: bool = False, no_touch: bool = False,
              search: str | None = None) -> list[Solution]:
    """Up to ``limit`` different colourings, by no-good cuts on the cell-colour binaries.

    The first colouring is :func:`solve`'s tidy one (rule (C7), the chapter's integer program).
    Then the tidy colourings come, each forbidden in turn until there is no other, and then the
    plain rules search on with every colouring found forbidden, so every colouring is found once.
    Each solve runs the lazy loop (loops cut off until none is left). ``search="sat"`` (the
    default) runs these searches on the cells model written as clauses (``model_sat.py``), which
    proves "no other colouring" far faster than branch and bound; ``search="mip"`` runs them on
    ``solver``. Left to None, the search is "sat" unless ``model`` or ``solver`` is named: a named
    model other than the cells model is solved as it is (:func:`model_colourings`: its lazy loop,
    no-good cuts over its binaries, each colouring listed once). ``no_square=True`` adds the rule that no 2x2 block has one colour (tidy answers
    keep it), ``no_touch=True`` keeps to tidy colourings. ``time_limit`` bounds the whole call, but
    for the count of pipe layouts (``sat_colourings``), which cannot be interrupted; on the boards
    it runs on, it takes a fraction of a second.
    """
    deadline = guard(puzzle, Puzzle, "solutions", limit=limit, solver=solver, time_limit=time_limit, model=model,
                     models=MODELS, search=search, searches=SEARCHES,
                     flags={"no_square": no_square, "no_touch": no_touch})
    search = search_for(search, model, solver, SEARCHES)
    if obvious_reason(puzzle):
        return []
    if search == "sat" and not puzzle.fills and limit <= 2 and not (no_square or no_touch):
        return numberlink_solutions(puzzle, limit, deadline)  # one or two colourings, by reroutes
    if not formulation(model).cells:
        if no_square or no_touch:
            raise PuzzleError(f"solutions: no_square and no_touch are add-ons to the cells model, not {model!r}")
        return model_colourings(puzzle, model, limit, solver, deadline)
    found: list[Solution] = []
    race = TidyRace(puzzle, solver, deadline, sat=search == "sat")
    from_race = 1 if search == "sat" else limit  # the SAT search lists the other tidy ones itself
    if search == "sat" and not puzzle.fills:
        from_race = 0  # the Numberlink rule: the SAT search finds the first colouring too
    while len(found) < from_race:
        answer = race.next()
        if answer is None:
            deadline.check()  # the race gives up quietly when the time is spent
            break
        found.append(answer)
        race.forbid(answer.grid)
    race.close()
    if len(found) >= limit:
        return found
    if search == "sat":
        return sat_colourings(puzzle, found, limit, deadline, no_square, no_touch)
    if no_touch:
        return found
    problem, variables = build_model(puzzle, model="cells")
    if no_square:
        add_no_square_rule(problem, puzzle, variables["x"])
    for k, other in enumerate(found):
        problem += colouring_nogood(variables["x"], other.grid), f"nogood_{k}"
    if found:
        nearby_colourings(problem, puzzle, variables, found, limit, solver, deadline)
    return more_colourings(problem, puzzle, variables, found, limit, solver, deadline)


#: Conflicts the SAT search gets before the pipe layouts are counted instead (``counting.py``): about
#: 50 ms. Most proofs end well within it; the few that do not are global rearrangements (a level
#: made of nested spirals, say), which the count settles in a few hundredths of a second.
COUNT_AFTER = 2000


def sat_colourings(puzzle: Puzzle, found: list, limit: int, time_limit=None, no_square: bool = False,
                   no_touch: bool = False) -> list:
    """Colourings other than those in ``found``, appended until it holds ``limit`` or none is left.

    One SAT search (``model_sat.py``, through ``engine.search.sat_solutions``) with every colouring
    found forbidden: first under the tidy rule (C7), assumed, then (unless ``no_touch``) without it.
    The search keeps its clauses, the learnt ones included, from one answer to the next: only a
    no-good or a cycle cut is added. On boards of at most ``COUNT_CELLS`` cells, a search that runs
    past ``COUNT_AFTER`` conflicts stops once to count the pipe layouts (Flow Free's own hook): when
    there are no more layouts than colourings found, no other colouring exists, and the list is complete.
    """
    deadline = Deadline.of(time_limit)
    model = SatModel(puzzle, no_square=no_square)
    if not puzzle.fills:
        model.prefer_empty()
    state = {"budget": COUNT_AFTER if countable(puzzle) else None, "settled": False}

    def counted(found_now):  # count once; if that does not settle it, search on unhurried
        state["budget"] = None
        state["settled"] = no_other_colouring(puzzle, found_now)
        return found_now if state["settled"] else None

    try:
        for other in found:
            model.forbid(other.grid)
        for assumptions in ([model.tidy],) if no_touch else ([model.tidy], []):  # (C7) assumed, then left free
            if not assumptions:
                guide(model)
            sat_solutions(model, limit, deadline, found=found, check=check_rules, assumptions=assumptions,
                          budget=state["budget"], over_budget=counted, close=False)
            if state["settled"] or len(found) >= limit:
                break
    finally:
        model.close()
    return found


def guide(model: SatModel) -> None:
    """Under Flow Free's rule, let routed pipes grown into the empty cells (``route_numberlink.near_fill``)
    be the clause search's first guesses. Used once no tidy colouring is left: on a large board with
    few dots, whose pipes must fold to fill it, the search then finds one in a fraction of a second
    instead of drawing loops for minutes (issue 42). A phase, not a rule: answers and proofs stay."""
    if model.puzzle.fills:
        paths = near_fill(model.puzzle)
        if paths is not None:
            model.prefer(paths)


def no_other_colouring(puzzle: Puzzle, found: list) -> bool:
    """True when the pipe layouts are no more than the colourings in ``found`` (each has one or more)."""
    layouts = count_pipe_layouts(puzzle)
    if layouts is None:  # graphillion is not installed: the SAT search alone decides
        return False
    if layouts < len(found):
        raise SolverError(f"{len(found)} colourings found but only {layouts} pipe layouts counted: a bug, please report it")
    return layouts == len(found)


def sat_lazy_solve(model: SatModel, time_limit=None, assumptions=(), conflicts: int | None = None) -> Solution | None:
    """The lazy loop on the clauses (the clause model's ``next``): solve, cut off each loop without
    dots, solve again; None when there is none. ``conflicts`` bounds each solve (BudgetSpent when one
    runs out), as ``SatSearch.solve`` does."""
    return model.next(time_limit, assumptions, conflicts)


#: The windows of :func:`nearby_colourings`: side, step between windows, and HiGHS's node cap in each.
NEARBY_SIDE, NEARBY_STEP, NEARBY_NODES = 7, 2, 50


def _window_corners(size: int, side: int, step: int) -> list[int]:
    """Where windows of ``side`` cells start along a line of ``size`` cells, the last flush with the end."""
    starts = list(range(0, size - side + 1, step))
    return starts + [size - side] * (starts[-1] != size - side)


def nearby_colourings(problem, puzzle: Puzzle, variables, found: list, limit: int, solver=None,
                      time_limit=None) -> list:
    """Look for further colourings that differ from ``found[0]`` only inside a small window.

    The plain search, asked for a colouring other than those found, may branch for a long time
    before it finds one, although on real levels another colouring is often a local change (a pipe
    that turns back into a pocket): with every cell outside a 7x7 window fixed to its colour, each
    window is settled in a few nodes. Each colouring found is appended to ``found`` and forbidden
    in ``problem``; windows that need more than a few nodes are skipped, so this never proves that
    no other colouring exists (the full search that follows does). Boards no larger than a window
    are left to the full search, and so is every board under CBC, which has no node cap here.
    """
    deadline = Deadline.of(time_limit)
    nrows, ncols = puzzle.shape
    if len(found) >= limit or nrows <= NEARBY_SIDE or ncols <= NEARBY_SIDE or solver_name(solver) != "highs":
        return found
    x = variables["x"]
    reference = found[0].grid
    try:
        for r0 in _window_corners(nrows, NEARBY_SIDE, NEARBY_STEP):
            for c0 in _window_corners(ncols, NEARBY_SIDE, NEARBY_STEP):
                for ((r, c), k), var in x.items():
                    if r0 <= r < r0 + NEARBY_SIDE and c0 <= c < c0 + NEARBY_SIDE:
                        var.lowBound, var.upBound = 0, 1
                    else:
                        var.lowBound = var.upBound = int(reference[r][c] == k)
                more_colourings(problem, puzzle, variables, found, limit, solver, deadline,
                                node_limit=NEARBY_NODES)
                if len(found) >= limit:
                    return found
    finally:
        for var in x.values():
            var.lowBound, var.upBound = 0, 1
    return found


def model_colourings(puzzle: Puzzle, model: str, limit: int, solver=None, time_limit=None) -> list:
    """Up to ``limit`` colourings by the integer program ``model`` as it is (Hartmann's models): its lazy
    loop, then a no-good cut over its binaries. Two answers of such a model may draw one colouring
    (the same cells, pipes along other edges or the other way): a colouring found again is cut off
    and not listed twice, so the list is the colourings, as the cells model lists them."""
    deadline = Deadline.of(time_limit)
    problem, variables = build_model(puzzle, model=model)
    keys = [var for var in problem.variables() if var.cat == "Integer" and var.lowBound == 0 and var.upBound == 1]
    found: list[Solution] = []
    seen: set = set()
    for k in range(MAX_ROUNDS):
        if len(found) >= limit:
            break
        try:
            answer = lazy_solve(problem, puzzle, model, variables, solver, deadline)
        except NoSolution:
            break
        if answer.grid not in seen:
            seen.add(answer.grid)
            found.append(answer)
        problem += nogood_cut(keys), f"nogood_{k}"
    return found


def more_colourings(problem, puzzle: Puzzle, variables, found: list, limit: int, solver=None, time_limit=None,
                    prefix: str = "nogood_", node_limit: int | None = None) -> list:
    """Solve (lazy loop), forbid the colouring found, and again, until ``found`` holds ``limit`` or no other is left.

    ``time_limit`` is passed to every solve as it is: seconds for each, or a Deadline shared by all.
    With a ``node_limit`` a search that runs out of nodes ends the listing as "none found here"
    (running out of a shared Deadline still raises); the list is then not a proof of anything.
    """
    while len(found) < limit:
        try:
            found.append(lazy_solve(problem, puzzle, "cells", variables, solver, time_limit,
                                    node_limit=node_limit))
        except NoSolution:
            break
        except SolverError:
            if node_limit is None:
                raise
            Deadline.of(time_limit).check()
            break
        problem += colouring_nogood(variables["x"]), f"{prefix}{len(found) - 1}"
    return found


def format_solution(puzzle: Puzzle, solution) -> str:
    """The colouring, one row per line."""
    puzzle = require(puzzle, Puzzle, "format_solution")
    grid = solution.grid if isinstance(solution, Solution) else solution
    return "\n".join("".join(row) for row in check_table(grid, puzzle.shape, "format_solution: solution", _colour))
