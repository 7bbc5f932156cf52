"""Checks for the exercises of chapter 13 (how hard are puzzles).

Exercise 13.1 asks for a reduction: ``to_v3ck(n, edges)`` turns a graph whose nodes have two or
three edges into a V3ck board that has a colouring exactly when the graph's edges can be coloured
with three colours (the edges at a node all different), with node i of the graph named ``v{i}`` on
the board, so that a colouring of the board read on those nodes' edges is a colouring of the graph.
The truth is a backtracking search on the graph itself (``reductions.edge_colourings``), run before
the student's function; the student's board is searched by ``reductions.board_colourings``, also
without a solver. While the student's function runs, those searches, V3ck's own and every solver are
refused: a reduction builds a board, it does not solve the graph. A student's own search is caught
by work counted, on two large graphs (``WORK_GRAPHS``: the flower snark J_23 with an edge cut in
two, no colouring, and J_23 less two edges, whose colourings are rare; backtracking needs a hundred
million search nodes or more on each): the lines of Python the function runs are counted
(``lines_run``) and must stay within a cubic ``work_budget`` (code ``not-polynomial``), and the
board's answer, read by CaDiCaL within a budget of conflicts, must be the graph's. A search capped
at a fixed amount of work stays within the budget but cannot decide these graphs, so whatever it
writes when it gives up is wrong on one of them (code ``capped-search``). In a grader's sandbox the
lines are counted there (the student's function's ``lines_run``), so the verdict is the same in the
notebook and in the grader.

Exercise 13.2 asks for ``fit_growth(sizes, values)``: ``("exponential", (a, b))`` for values that grow
as ``a * b**n``, ``("polynomial", (a, k))`` for ``a * n**k``. The truth is the law each data set was
made from (with noise of a few per cent, drawn from a fixed seed), never a fit of the library's;
``growth.fit`` only names the usual mistakes (a logarithm returned instead of b, logarithms of two
bases mixed, the pair in the wrong order) and is refused while the student's function runs. Data
sets H and I are shaped by hand so that the method is checked, not only the result: residuals
compared in t pick the wrong kind on them, and a line through two points misses the rate. An answer
that returns the law itself (read from ``LAWS``) is caught: no fit of noisy data lands on it exactly, and
so is ``growth.fit`` pasted and renamed (found by its structure, ``feedback.checks.copied_share``): code
``copies-library:growth.fit``.

Graded with a hidden seed (``feedback.checks.hidden_boards``), 13.1 adds three random graphs and
13.2 three random data sets the students never saw.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from functools import cache

from .. import v3ck
from ..core.errors import PuzzleError, SolverError
from ..engine.sat import BudgetSpent
from ..feedback.checks import (Case, CheckReport, CopyProbe, Failure, ForbiddenCall, OverBudget, forbidden,
                               hidden_boards, operations, outside_solvers, run_check, solvers)
from . import growth
from . import reductions as rd

#: How many colourings of the student's board are read back on the graph, and the search's budget.
READ_BACK, BUDGET = 200, 2_000_000


# --------------------------------------------------------------------------------------------- #
# Exercise 13.1: a reduction on small boards
# --------------------------------------------------------------------------------------------- #
def _subdivided_k4():
    """K4 with the edge 0-1 cut in two by a new node 4: seven edges, and a colour class of five nodes
    holds at most two edges, so three colours hold at most six: no colouring."""
    return 5, ((0, 4), (4, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def _petersen_less_one():
    n, edges = rd.petersen()
    return n, edges[1:]


#: (name, (n, edges)): graphs whose nodes have two or three edges.
GRAPHS = [
    ("K4 (every node has three edges)", rd.K4),
    ("the Petersen graph", rd.petersen()),
    ("a cycle of five nodes", (5, tuple((i, (i + 1) % 5) for i in range(5)))),
    ("a square with one diagonal", (4, ((0, 1), (1, 2), (2, 3), (3, 0), (0, 2)))),
    ("K4 with one edge cut in two", _subdivided_k4()),
    ("the Petersen graph less one edge", _petersen_less_one()),
    ("two triangles joined by an edge", (6, ((0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3)))),
]


def random_subcubic(seed: int, n: int = 8):
    """A connected random graph of ``n`` nodes, each with two or three edges (for hidden cases)."""
    rng = random.Random(seed)
    while True:
        order = list(range(n))
        rng.shuffle(order)
        edges = {frozenset((order[i], order[(i + 1) % n])) for i in range(n)}  # a cycle through all
        degree = [2] * n
        for _ in range(3 * n):
            a, b = rng.sample(range(n), 2)
            if degree[a] < 3 and degree[b] < 3 and frozenset((a, b)) not in edges and rng.random() < 0.5:
                edges.add(frozenset((a, b)))
                degree[a] += 1
                degree[b] += 1
        return n, tuple(tuple(sorted(e)) for e in sorted(edges, key=sorted))


def _cut_snark(k: int):
    """The flower snark J_k with its first edge cut in two by a new node: by the parity lemma it has no
    3-edge-colouring either, and one node with two edges (a graph of 13.1, not a cubic one)."""
    n, edges = rd.flower_snark(k)
    (a, b), rest = edges[0], edges[1:]
    return n + 1, ((a, n), (n, b)) + tuple(rest)


def _snark_less_two(k: int):
    """The flower snark J_k less its first edge (a_0-b_0) and the edge of the outer cycle across the
    flower from it: four nodes with two edges, and 3-edge-colourings (with two edges gone, the snark's
    parity obstacle is gone too), rare among the partial colourings a search goes through."""
    n, edges = rd.flower_snark(k)
    far = 6 * (k // 2) + 4  # c_{k//2} - c_{k//2+1}
    return n, tuple(e for i, e in enumerate(edges) if i not in (0, far))


#: (name, (n, edges), colourable): the graphs on which 13.1 counts the work of the student's function
#: and reads its board's answer, one without colourings and one with. Backtracking in the edge order
#: needs billions of search nodes on the first and a hundred million on the second (the library's
#: search needs 3.5 million on J_13 cut and 112,000 on J_13 less two edges, four times more per step
#: k -> k + 2); on the second the edges sorted, in breadth- or depth-first order, all fail within 5
#: million nodes, and the most constrained edge first within 100,000. A reduction copies each graph
#: in a few thousand steps.
WORK_GRAPHS = [("the flower snark J_23 with an edge cut in two", _cut_snark(23), False),
               ("the flower snark J_23 less two edges", _snark_less_two(23), True)]
#: The conflicts CaDiCaL may spend on the board of a large graph (the right answer's need 12,000).
CONFLICTS = 500_000
#: The edges a node of the board may have for that search (its clauses grow as 2**edges).
MAX_DEGREE = 12


def work_budget(n: int, m: int) -> int:
    """The Python lines a reduction may run on a graph of n nodes and m edges: half the cube of its
    size (6 million on the work graph), room for any reduction that loops over triples of nodes; the
    lecturer's answer runs about 150 per node and edge, a backtracking search billions."""
    return (n + m) ** 3 // 2 + 100_000


class _OverBudget(BaseException):
    """Raised by the line counter once a function has run more lines than its budget (a BaseException,
    so that the answer's own ``except Exception`` does not hide it)."""


def lines_run(function: Callable, budget: int, *args):
    """``function(*args)`` with every Python line it runs counted (``sys.settrace``, the answer's own
    process only): its result, or ``_OverBudget`` once more than ``budget`` lines ran. The count is
    the same on every machine: work counted, not time."""
    count = [0]

    def local(frame, event, arg):
        if event == "line":
            count[0] += 1
            if count[0] > budget:
                raise _OverBudget(count[0])
        return local

    before = sys.gettrace()
    sys.settrace(lambda frame, event, arg: local)
    try:
        return function(*args)
    finally:
        sys.settrace(before)


def graphs() -> list[tuple[str, tuple]]:
    """The graphs of 13.1: the public ones, then the hidden ones when a lecturer sets a seed."""
    return GRAPHS + [(name.replace("board", "graph"), g) for name, g in hidden_boards(random_subcubic)]


@cache
def _truth(n: int, edges: tuple) -> bool:
    """Whether the graph has a 3-edge-colouring (backtracking on the graph: no solver)."""
    return bool(rd.edge_colourings(n, edges, limit=1).colourings)


SEARCHES = {"rd.edge_colourings": rd.edge_colourings, "rd.board_colourings": rd.board_colourings,
            "v3ck.brute_force": v3ck.brute_force, "v3ck.solve": v3ck.solve, "v3ck.solutions": v3ck.solutions,
            "growth.sat_colouring": growth.sat_colouring, "growth.highs_count": growth.highs_count,
            "checks._truth": _truth}


def _board_of(made) -> v3ck.Puzzle | Failure:
    if isinstance(made, str):
        try:
            return v3ck.Puzzle.from_text(made)
        except PuzzleError as exc:
            return Failure(f"your text is not a V3ck board: {exc}", code="bad-board")
    if not isinstance(made, v3ck.Puzzle):
        return Failure(f"your function returned {type(made).__name__}; it must return a V3ck board "
                       "(v3ck.Puzzle, or its text)", code="not-a-board")
    return made


def check_reduction(to_v3ck: Callable, exercise: str = "13.1") -> CheckReport:
    """``to_v3ck(n, edges)`` must return a V3ck board that has a colouring exactly when the graph has a
    3-edge-colouring, holds every edge a-b of the graph as an edge between ``v{a}`` and ``v{b}``, and
    whose every colouring (the first 200 looked at) is, read on those edges, a colouring of the graph."""
    def case(name, n, edges):
        colourable = _truth(n, edges)  # before the student's function runs and the searches are refused

        def run():
            try:
                with forbidden(to_v3ck, blocked):  # only while the student's function runs: the check searches after
                    made = to_v3ck(n, [tuple(e) for e in edges])
            except PuzzleError as exc:
                return Failure(f"building your board failed: {exc}", code="bad-board")
            board = _shaped(n, edges, made)
            return board if isinstance(board, Failure) else _compare(n, edges, board, colourable)
        return Case(name, run)

    def large(name, n, edges, colourable):
        budget = work_budget(n, len(edges))
        # in a grader's sandbox the lines are counted there, by the same rule
        remote = getattr(to_v3ck, "lines_run", None)
        try:
            with forbidden(to_v3ck, blocked):
                made = (remote(budget, n, [tuple(e) for e in edges]) if callable(remote)
                        else lines_run(to_v3ck, budget, n, [tuple(e) for e in edges]))
        except (_OverBudget, OverBudget):
            return Failure(f"on {name}, a graph of {n} nodes and {len(edges)} edges, your function ran more than "
                           f"{budget:,} lines of Python without returning: a reduction builds the board in "
                           "polynomial time, it does not search for the graph's colouring (a search takes "
                           "exponential work on graphs like this one)", code="not-polynomial")
        except PuzzleError as exc:
            return Failure(f"building your board failed: {exc}", code="bad-board")
        board = _shaped(n, edges, made)
        return board if isinstance(board, Failure) else _compare_large(name, n, edges, board, colourable)

    def work_case():
        def run():
            failures = (large(name, n, tuple(edges), yes) for name, (n, edges), yes in WORK_GRAPHS)
            return next(filter(None, failures), None)  # the first graph that fails, and no more work
        # an answer that searches is no reduction at all: this case weighs three times the others together
        names = " and ".join(name.replace("the flower snark ", "") for name, _, _ in WORK_GRAPHS)
        return Case(f"two large graphs, {names} (the work your function does)", run, weight=3.0 * len(graphs()))

    blocked = {**solvers(), **outside_solvers(), **SEARCHES}
    cases = [case(name, n, tuple(edges)) for name, (n, edges) in graphs()]
    cases.append(work_case())
    return run_check(exercise, "the reduction to V3ck", cases, unit="graph")


def _shaped(n, edges, made) -> v3ck.Puzzle | Failure:
    """The student's board, once it names the graph's nodes, holds its edges and is of a reduction's size."""
    board = _board_of(made)
    if isinstance(board, Failure):
        return board
    names = set(board.names)
    missing = [f"v{i}" for i in range(n) if f"v{i}" not in names]
    if missing:
        return Failure(f"your board has no node {missing[0]}: name node i of the graph v{{i}} on the board "
                       "(other nodes you add may have any other names)", code="missing-node")
    on_board = {frozenset(e) for e in board.edges}
    lost = [(a, b) for a, b in edges if frozenset((f"v{a}", f"v{b}")) not in on_board]
    if lost:
        a, b = lost[0]
        return Failure(f"edge {a}-{b} of the graph is not on your board (as an edge v{a}-v{b})",
                       code="missing-edge")
    if len(board.nodes) + len(board.edges) > 10 * (n + len(edges)) + 20:
        return Failure(f"your board has {len(board.nodes)} nodes and {len(board.edges)} edges for a graph "
                       f"of {n} nodes and {len(edges)} edges: a reduction may grow the graph, but by a "
                       "few copies, not more", code="too-big")
    return board


def _compare(n, edges, board: v3ck.Puzzle, colourable: bool) -> Failure | None:
    search = rd.board_colourings(board, limit=READ_BACK, budget=BUDGET)
    if not search.colourings and not search.complete:
        return Failure("your board is too big for the check's search to finish: keep the board close to the "
                       "graph's size", code="too-big")
    if not search.colourings:
        if colourable:
            return Failure("the graph's edges can be coloured, but your board has no colouring: your board "
                           "asks for more than the graph does (at a node with two edges, which two colours?)",
                           code="loses-colourings")
        return None
    for colouring in search.colourings:
        problems = _problems(n, edges, board, colouring)
        if problems:
            if not colourable:
                return Failure("the graph's edges cannot be coloured, but your board has a colouring; read on the "
                               f"graph it breaks a rule: {problems[0]}", code="gains-colourings")
            return Failure(f"a colouring of your board, read on the graph's edges, is no colouring of the graph: "
                           f"{problems[0]}", code="maps-back-wrong")
    return None


def _problems(n, edges, board: v3ck.Puzzle, colouring) -> list[str]:
    """The rules of the graph a board's colouring (colour numbers per board edge) breaks, read on the
    graph's edges."""
    index = {name: i for i, name in enumerate(board.names)}
    where = {frozenset((index[a], index[b])): e for e, (a, b) in enumerate(board.edges)}
    back = [colouring[where[frozenset((index[f"v{a}"], index[f"v{b}"]))]] for a, b in edges]
    problems = rd.is_edge_colouring(n, edges, back, k=max(3, len(board.colours)))
    return problems + [f"an edge has your board's colour {board.colours[c]}, a fourth colour" for c in back if c >= 3]


def _board_answer(board: v3ck.Puzzle):
    """The board's colouring (colour numbers), None when it has none, or a Failure when the board is
    beyond the check's search (by its nodes' edges or by a budget of conflicts: work, not time)."""
    crowded = max(board.incident().items(), key=lambda item: len(item[1]))
    if len(crowded[1]) > MAX_DEGREE:
        return Failure(f"node {crowded[0]} of your board has {len(crowded[1])} edges: the graph's nodes have at "
                       f"most three, and a reduction needs no more than a few ({MAX_DEGREE} at most here)",
                       code="too-big")
    try:
        found = growth.sat_colouring(board, conflicts=CONFLICTS)
    except (BudgetSpent, SolverError):
        return Failure("your board is too big for the check's search to decide: keep the board close to the "
                       "graph's size", code="too-big")
    return [board.colours.index(c) for c in found.colouring] if found.found else None


def _compare_large(name, n, edges, board: v3ck.Puzzle, colourable: bool) -> Failure | None:
    """A large graph's board: it has a colouring exactly when the graph has one. A search capped at a
    fixed amount of work cannot tell, on these graphs, and a board written from its guess is wrong."""
    colouring = _board_answer(board)
    if isinstance(colouring, Failure):
        return colouring
    capped = ("If your function searches for a colouring, gives up after a fixed amount of work and writes "
              "the board from what it found, this is why: a search needs a hundred million steps or more on "
              "these graphs, so one that gives up earlier can only guess, and a guess is wrong on one of them. "
              "A reduction never decides the graph and has nothing to guess: build the board from the graph's "
              "nodes and edges alone, the same way on every graph.")
    if colouring is None:
        return None if not colourable else Failure(
            f"{name} ({n} nodes) has 3-edge-colourings, but your board has none. " + capped,
            code="capped-search")
    problems = _problems(n, edges, board, colouring)
    if not problems:
        return None
    if not colourable:
        return Failure(f"{name} ({n} nodes) has no 3-edge-colouring, but your board has a colouring (read "
                       f"on the graph it breaks a rule: {problems[0]}). " + capped, code="capped-search")
    return Failure(f"a colouring of your board, read on the graph's edges, is no colouring of the graph: "
                   f"{problems[0]}", code="maps-back-wrong")


# --------------------------------------------------------------------------------------------- #
# Exercise 13.2: a measurement and its fit
# --------------------------------------------------------------------------------------------- #
@cache
def data_set(kind: str, a: float, rate: float, sizes: tuple, noise: float, seed: int) -> tuple[tuple, tuple]:
    """``(sizes, values)``: values of ``a * rate**n`` (exponential) or ``a * n**rate`` (polynomial) at
    each size, each times a random factor ``exp(N(0, noise))`` drawn from ``seed`` (or, when ``noise``
    is a tuple, times its factors, one per size)."""
    rng = random.Random(seed)
    law = (lambda n: a * rate ** n) if kind == "exponential" else (lambda n: a * n ** rate)
    if isinstance(noise, tuple):  # a measurement shaped by hand: one factor per size
        return sizes, tuple(law(n) * f for n, f in zip(sizes, noise))
    return sizes, tuple(law(n) * math.exp(rng.gauss(0, noise)) for n in sizes)


#: (name, (kind, a, rate, sizes, noise, seed)): the laws the public data sets are made from.
LAWS = [
    ("data set A: 9 sizes from 4 to 20", ("exponential", 0.002, 1.8, tuple(range(4, 21, 2)), 0.05, 1)),
    ("data set B: 8 sizes from 10 to 200", ("polynomial", 0.05, 2.0, (10, 20, 40, 60, 90, 120, 160, 200), 0.05, 2)),
    ("data set C: 8 sizes from 5 to 40, 10% noise", ("polynomial", 3e-5, 4.0, (5, 10, 15, 20, 25, 30, 35, 40), 0.10, 3)),
    ("data set D: 8 sizes from 10 to 80", ("exponential", 0.1, 1.15, tuple(range(10, 81, 10)), 0.05, 4)),
    ("data set E: sizes not in order", ("polynomial", 0.8, 1.5, (30, 5, 80, 12, 50, 3, 20, 8), 0.05, 5)),
    ("data set F: four sizes only", ("exponential", 0.5, 2.2, (3, 5, 7, 9), 0.02, 6)),
    ("data set G: values below one", ("exponential", 1e-6, 3.0, (2, 3, 4, 5, 6, 7), 0.05, 7)),
    # Every point on its law but the largest, 12% above or 15% below it. In log t the law still fits
    # best; residuals compared in t (dominated by the largest value) pick the other kind, and a line
    # through the first and last points alone misses the rate.
    ("data set H: the largest size 12% high", ("polynomial", 0.05, 2.0, tuple(range(10, 21)),
                                               (1.0,) * 10 + (1.12,), 0)),
    ("data set I: the largest size 15% low", ("exponential", 0.001, 1.3, tuple(range(6, 15)),
                                              (1.0,) * 8 + (0.85,), 0)),
]


def random_law(seed: int) -> tuple:
    """A law for a hidden data set: a random kind, factor, rate and sizes, 5% noise."""
    rng = random.Random(seed)
    if rng.random() < 0.5:
        first = rng.randint(2, 8)
        sizes = tuple(range(first, first + 2 * rng.randint(6, 9), 2))
        return ("exponential", 10 ** rng.uniform(-4, 0), round(rng.uniform(1.3, 2.5), 2), sizes, 0.05, seed)
    first = rng.randint(5, 15)
    sizes = tuple(first * 2 ** (j / 2) for j in range(rng.randint(6, 9)))
    return ("polynomial", 10 ** rng.uniform(-4, 0), round(rng.uniform(1.0, 4.0), 2), sizes, 0.05, seed)


def laws() -> list[tuple[str, tuple]]:
    """The laws of 13.2: the public ones, then the hidden ones when a lecturer sets a seed."""
    return LAWS + [(name.replace("board", "data set"), law) for name, law in hidden_boards(random_law)]


#: How far a right answer may be from the law (5% noise leaves the least-squares fit well inside).
RATE_TOL = {"exponential": 0.02, "polynomial": 0.12}  # relative for b, absolute for k
FACTOR_TOL = math.log(2.5)  # |log a - log a_true|: the factor is extrapolated to n = 0 (or 1), so it wanders


def _number(v) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v)


def _rate_ok(kind: str, got: float, want: float) -> bool:
    return abs(got / want - 1) <= RATE_TOL[kind] if kind == "exponential" else abs(got - want) <= RATE_TOL[kind]


def _read_fit(got) -> tuple[str, float, float] | Failure:
    if not (isinstance(got, (tuple, list)) and len(got) == 2 and isinstance(got[1], (tuple, list))
            and len(got[1]) == 2):
        return Failure(f"your function returned {repr(got)[:60]}; it must return a pair (kind, (a, rate)), such as "
                       "('polynomial', (0.5, 2.0))", code="wrong-return-type")
    kind, (a, rate) = got
    if kind not in growth.KINDS:
        return Failure(f"the kind {repr(kind)[:30]} is neither 'exponential' nor 'polynomial'", code="unknown-kind")
    if not (_number(a) and _number(rate)):
        return Failure(f"the parameters {repr(got[1])[:60]} must be two finite numbers", code="wrong-return-type")
    return kind, float(a), float(rate)


def _diagnose(kind: str, a: float, rate: float, law: tuple, estimate: growth.Fit) -> Failure | None:
    """None when (kind, a, rate) fits the law; else the mistake, named without giving the law away."""
    true_kind, true_a, true_rate = law[:3]
    if kind == true_kind and (a, rate) == (float(true_a), float(true_rate)):
        return Failure("your parameters are exactly the law this data set was made from, which no fit of "
                       "noisy measurements gives: fit the data, do not look the law up", code="copies-law")
    if kind != true_kind:
        return Failure(f"you called the growth {kind}, but the data do not grow that way: fit both lines to log t "
                       "with every point, one against n and one against log n, and compare their squared "
                       "residuals in log t (residuals in t are ruled by the largest value)", code="wrong-kind")
    fitted_a, fitted_rate = estimate.exponential if kind == "exponential" else estimate.polynomial
    close = lambda x, y: abs(x - y) <= 0.03 * abs(y) + 1e-12  # noqa: E731
    if _rate_ok(kind, a, true_rate) and close(rate, fitted_a) and not close(a, fitted_a):
        return Failure(f"your pair ({a:.4g}, {rate:.4g}) looks the wrong way round: give (a, b) for a * b**n and "
                       "(a, k) for a * n**k", code="params-swapped")
    if kind == "exponential" and any(close(rate, f(fitted_rate)) for f in (math.log, math.log10)):
        return Failure(f"your b = {rate:.4g} looks like the slope of log t against n, that is log b: b itself is "
                       "the exponential of the slope", code="log-of-rate")
    mixed = (lambda x: math.exp(math.log10(x)), lambda x: 10 ** math.log(x))
    if (kind == "exponential" and any(close(rate, f(fitted_rate)) for f in mixed)) or \
            (not close(a, fitted_a) and any(close(a, f(fitted_a)) for f in mixed)):
        return Failure("a parameter looks like a logarithm in one base undone in another (log10 with exp, or "
                       "log with 10**): take and undo logarithms in the same base", code="mixed-log-bases")
    if not _rate_ok(kind, rate, true_rate):
        word = "b" if kind == "exponential" else "k"
        high = rate > true_rate
        return Failure(f"your {word} = {rate:.4g} is too {'high' if high else 'low'} for these data: is every "
                       "point in the least-squares fit?", code="rate-too-high" if high else "rate-too-low")
    if abs(math.log(a) - math.log(true_a)) > FACTOR_TOL if a > 0 else True:
        return Failure(f"your factor a = {a:.4g} is off (the rate is fine): a is e to the power of the fitted "
                       "line's intercept", code="factor-off")
    return None


#: A function holding more than this share of growth.fit's operations (names and all, strings aside) is a
#: copy of it (feedback.checks.copied_share): fits written with np.polyfit share 0.4 at most.
FIT_SHARE = 0.7
FIT_COPY = "copy-of:growth.fit"


def _fitted(fit_growth: Callable, reference, sizes: list, values: list):
    """``fit_growth(sizes, values)``, refused when the function copies ``growth.fit`` (compared in a
    grader's sandbox there, through ``call_within``)."""
    probe = CopyProbe(getattr(fit_growth, "__name__", ""), reference, FIT_SHARE, FIT_COPY)
    within = getattr(fit_growth, "call_within", None)
    if callable(within):
        return within(probe, sizes, values)
    with CopyProbe.refusing(fit_growth, reference, FIT_SHARE, FIT_COPY):
        return fit_growth(sizes, values)


def check_fit(fit_growth: Callable, exercise: str = "13.2") -> CheckReport:
    """``fit_growth(sizes, values)`` must name the law each data set was made from and its parameters:
    b within 2% (exponential), k within 0.12 (polynomial), a within a factor 2.5."""
    def case(name, law):
        sizes, values = data_set(*law)
        estimate = growth.fit(sizes, values)  # for naming mistakes; worked out before growth.fit is refused

        def run():
            try:
                got = _read_fit(_fitted(fit_growth, reference, list(sizes), list(values)))
            except ForbiddenCall as exc:
                if exc.label != FIT_COPY:
                    raise
                return Failure("your function is the chapter's growth.fit copied (its operations and names, in its "
                               "order): write the fit yourself, with np.polyfit", code="copies-library:growth.fit")
            if isinstance(got, Failure):
                return got
            return _diagnose(*got, law, estimate)
        return Case(name, run)

    reference = tuple(operations(growth.fit.__code__))  # read before growth.fit is refused
    cases = [case(name, law) for name, law in laws()]
    with forbidden(fit_growth, {"growth.fit": growth.fit, "growth._line": growth._line}):
        return run_check(exercise, "the growth fit", cases, unit="data set")


__all__ = ["GRAPHS", "random_subcubic", "graphs", "check_reduction", "data_set", "LAWS", "random_law", "laws",
           "check_fit"]
