"""Work against size (chapter 13): size series, measurements, and a fit that tells exponential from
polynomial growth.

The fit. Work ``t`` measured on sizes ``n`` grows *exponentially* when ``t ~ a * b**n`` and
*polynomially* when ``t ~ a * n**k``. Taking logarithms turns both into straight lines:
``log t = log a + n log b`` (a line in n) and ``log t = log a + k log n`` (a line in log n).
:func:`fit` fits both lines by least squares (numpy only) and keeps the one with the smaller sum of
squared residuals in ``log t``: the same units for both, so the two fits are compared fairly.

What is measured. On the course's notebooks only deterministic work (nodes of a search tree, HiGHS's
branch-and-bound nodes and simplex iterations, CaDiCaL's conflicts), so that stored outputs never
change; times belong to ``benchmarks/bench_growth.py``, which uses :func:`timed` and the size series
of ``SERIES``: one deterministic board per size and seed, for Slider (polynomial: a shortest path),
Binary Sudoku, Sudoku, Flow Free and V3ck (NP-complete).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..core.errors import PuzzleError
from ..core.validate import check_int, check_seed, check_sequence, check_time_limit
from ..display.progress import progress
from . import reductions as rd

KINDS = ("exponential", "polynomial")


# --------------------------------------------------------------------------------------------- #
# The fit
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Fit:
    """The better of the two fits of :func:`fit`, and both fits with their residuals.

    ``kind`` is "exponential" (``value ~ a * rate**n``) or "polynomial" (``value ~ a * n**rate``);
    ``exponential`` is the pair ``(a, b)`` and ``polynomial`` the pair ``(a, k)`` of each fit, and
    ``residuals`` their sums of squared residuals in the natural logarithm of the values."""

    kind: str
    a: float
    rate: float
    exponential: tuple[float, float]
    polynomial: tuple[float, float]
    residuals: dict[str, float]

    def predict(self, n: float) -> float:
        """The fitted value at size ``n``."""
        return self.a * (self.rate ** n if self.kind == "exponential" else n ** self.rate)

    def describe(self, digits: int = 2) -> str:
        """The fit in words: ``"exponential, about 1.8^n"`` or ``"polynomial, about n^2.0"``."""
        if self.kind == "exponential":
            return f"exponential, about {self.rate:.{digits}f}^n"
        return f"polynomial, about n^{self.rate:.{max(1, digits - 1)}f}"


def _line(x: np.ndarray, y: np.ndarray) -> tuple[float, float, float]:
    """Least squares ``y ~ c + s x``: (c, s, sum of squared residuals)."""
    design = np.column_stack([np.ones_like(x), x])
    (c, s), *_ = np.linalg.lstsq(design, y, rcond=None)
    residual = y - (c + s * x)
    return float(c), float(s), float(residual @ residual)


def _numbers(values, where: str) -> list[float]:
    """A list or tuple of real numbers (never text, bools or None), each named by its place when wrong."""
    items = check_sequence(values, where, max_len=100_000)
    out = []
    for i, v in enumerate(items):
        if v is None:
            raise PuzzleError(f"{where}[{i}]: expected a number, got None")
        if isinstance(v, bool) or not hasattr(v, "__float__") or isinstance(v, (str, bytes)):
            raise PuzzleError(f"{where}[{i}]: expected a number, got {type(v).__name__} {str(v)[:20]!r}")
        try:
            out.append(float(v))
        except (TypeError, ValueError, OverflowError):
            raise PuzzleError(f"{where}[{i}]: expected a number, got {type(v).__name__} {str(v)[:20]!r}") from None
    return out


def _checked(sizes, values) -> tuple[np.ndarray, np.ndarray]:
    sizes, values = _numbers(sizes, "sizes"), _numbers(values, "values")
    if len(sizes) != len(values):
        raise PuzzleError(f"{len(sizes)} sizes but {len(values)} values")
    if len(sizes) < 3:
        raise PuzzleError("a fit of two parameters needs at least three points, to say which fits better")
    n = np.asarray(sizes, dtype=float)
    t = np.asarray(values, dtype=float)
    if not (np.all(np.isfinite(n)) and np.all(n > 0)):
        raise PuzzleError("sizes: every size must be a positive number (log n is taken)")
    if not (np.all(np.isfinite(t)) and np.all(t > 0)):
        raise PuzzleError("values: every value must be a positive number (log t is taken)")
    if len(set(n.tolist())) < 2:
        raise PuzzleError("sizes: at least two different sizes are needed")
    return n, t


# BEGIN fit
def fit(sizes: Sequence[float], values: Sequence[float]) -> Fit:
    """Fit ``log t`` against ``n`` (exponential) and against ``log n`` (polynomial); keep the better."""
    n, t = _checked(sizes, values)
    log_t = np.log(t)
    c_exp, s_exp, r_exp = _line(n, log_t)              # log t = log a + n log b
    c_pol, s_pol, r_pol = _line(np.log(n), log_t)      # log t = log a + k log n
    exponential = (math.exp(c_exp), math.exp(s_exp))
    polynomial = (math.exp(c_pol), s_pol)
    kind = "exponential" if r_exp < r_pol else "polynomial"
    a, rate = exponential if kind == "exponential" else polynomial
    return Fit(kind, a, rate, exponential, polynomial, {"exponential": r_exp, "polynomial": r_pol})
# END fit


# --------------------------------------------------------------------------------------------- #
# Measurements
# --------------------------------------------------------------------------------------------- #
def timed(action: Callable[[], object]) -> tuple[object, float]:
    """``(action(), seconds it took)``: for benchmarks only, never for a notebook's output."""
    start = time.perf_counter()
    result = action()
    return result, time.perf_counter() - start


def measure(sizes: Sequence, run: Callable[[object], float], desc: str | None = None) -> list[tuple[object, float]]:
    """``[(size, run(size)), ...]`` in the order of ``sizes``, with a progress bar while it runs."""
    return [(size, run(size)) for size in progress(list(sizes), desc=desc)]


@dataclass(frozen=True)
class HighsCount:
    """What HiGHS did on a model: its status, branch-and-bound nodes and simplex iterations."""

    status: str  # "optimal" (an answer) or "infeasible"
    nodes: int
    iterations: int


def highs_count(problem) -> HighsCount:
    """Solve a PuLP model with HiGHS's MIP solver (one thread, seed 0) and count its work."""
    import highspy
    import pulp

    if not isinstance(problem, pulp.LpProblem):
        raise PuzzleError(f"highs_count: expected a PuLP LpProblem, got {type(problem).__name__}")

    from ..inside_solver.branch_and_bound import Relaxation

    lp = Relaxation(problem)
    h = lp.highs
    n = len(lp.names)
    kinds = np.array([highspy.HighsVarType.kInteger if i else highspy.HighsVarType.kContinuous
                      for i in lp.integer])
    if n:
        h.changeColsIntegrality(n, np.arange(n, dtype=np.int32), kinds)
    h.setOptionValue("random_seed", 0)
    h.run()
    status = h.getModelStatus()
    info = h.getInfo()
    word = {highspy.HighsModelStatus.kOptimal: "optimal",
            highspy.HighsModelStatus.kInfeasible: "infeasible"}.get(status, h.modelStatusToString(status))
    return HighsCount(word, int(max(info.mip_node_count, 0)), int(max(info.simplex_iteration_count, 0)))


@dataclass(frozen=True)
class SatCount:
    """What CaDiCaL did on a V3ck board: whether it found a colouring, and its conflicts."""

    found: bool
    conflicts: int
    colouring: tuple[str, ...] | None


def sat_colouring(puzzle, time_limit: float | None = None, conflicts: int | None = None) -> SatCount:
    """A V3ck board's colouring by clause learning (CaDiCaL through ``engine.sat``), with its conflicts.

    One variable per edge and colour; exactly one colour per edge; at each node and colour exactly
    its count of the node's edges (a node has at most six edges here). ``conflicts`` caps the search
    by work, the same on every machine (``engine.sat.BudgetSpent`` when it runs out)."""
    from .. import v3ck
    from ..engine.sat import SatSearch

    if not isinstance(puzzle, v3ck.Puzzle):
        raise PuzzleError(f"sat_colouring: expected a V3ck Puzzle, got {type(puzzle).__name__}")
    time_limit = check_time_limit(time_limit)
    with SatSearch() as s:
        z = {(e, c): s.new() for e in range(len(puzzle.edges)) for c in puzzle.colours}
        for e in range(len(puzzle.edges)):
            s.exactly_one([z[e, c] for c in puzzle.colours])
        incident = puzzle.incident()
        for node in puzzle.nodes:
            for c, count in zip(puzzle.colours, node.demand):
                s.exactly([z[e, c] for e in incident[node.name]], count)
        model = s.solve(time_limit, conflicts=conflicts)
        conflicts = int(s.stats().get("conflicts", 0))
    if model is None:
        return SatCount(False, conflicts, None)
    colouring = tuple(next(c for c in puzzle.colours if z[e, c] in model) for e in range(len(puzzle.edges)))
    return SatCount(True, conflicts, colouring)


def slider_work(board) -> int:
    """The work of breadth-first search on a Slider board, at worst: the cells and slides of its move graph."""
    from .. import slider as sl
    from ..core.interface import require

    graph = sl.move_graph(require(board, sl.Puzzle, "slider_work"))
    return len(graph) + sum(len(moves) for moves in graph.values())


# --------------------------------------------------------------------------------------------- #
# Size series for the benchmark
# --------------------------------------------------------------------------------------------- #
@dataclass(frozen=True)
class Series:
    """A deterministic series of boards of one puzzle: ``board(size, seed)`` for each size."""

    kind: str
    sizes: tuple[int, ...]
    quick: tuple[int, ...]  # a short series for ``--quick`` runs
    size_means: str  # what the size counts
    board: Callable[[int, int], object]
    complexity: str  # "polynomial" or "NP-complete"


def _slider(n: int, seed: int):
    from .. import slider as sl

    return sl.random_puzzle(n, seed=1000 * n + seed, min_moves=5)


def _binairo(n: int, seed: int):
    from .. import binairo as bn

    return bn.random_puzzle(n, seed=1000 * n + seed, density=0.25)


def _sudoku(n: int, seed: int):
    from .. import sudoku as su

    return su.random_puzzle(n, seed=1000 * n + seed, density=0.3, thermos=0, cages=0, arrows=0)


def _flowfree(n: int, seed: int):
    from .. import flowfree as ff

    return ff.random_puzzle(n, seed=1000 * n + seed)


def _v3ck_snark(k: int, seed: int):
    n, edges = rd.flower_snark(k)
    return rd.cubic_to_v3ck(n, edges)


SERIES = {
    "slider": Series("slider", (10, 20, 40, 70, 100, 150, 200), (10, 20, 40, 70), "side of the board",
                     _slider, "polynomial"),
    "binairo": Series("binairo", (6, 8, 10, 12, 14, 16, 20, 24, 30), (6, 8, 10, 12, 14), "side of the board",
                      _binairo, "NP-complete"),
    "sudoku": Series("sudoku", (4, 9, 16, 25), (4, 9, 16), "side of the board (digits 1..n)",
                     _sudoku, "NP-complete"),
    "flowfree": Series("flowfree", (5, 6, 7, 8, 9, 10, 12, 14), (5, 6, 7, 8, 9), "side of the board",
                       _flowfree, "NP-complete"),
    "v3ck": Series("v3ck", (3, 5, 7, 9, 11, 13, 15, 17, 19, 21), (3, 5, 7, 9, 11),
                   "k of the flower snark J_k (4k nodes, no colouring)", _v3ck_snark, "NP-complete"),
}


def boards(kind: str, sizes: Sequence[int] | None = None, seeds: Sequence[int] = (0,)) -> list[tuple[int, int, object]]:
    """``(size, seed, board)`` for every size of a series and every seed, the same on every run."""
    if not isinstance(kind, str) or kind not in SERIES:
        raise PuzzleError(f"kind: expected one of {', '.join(SERIES)}, got {str(kind)[:30]!r}")
    series = SERIES[kind]
    sizes = series.sizes if sizes is None else [check_int(n, f"sizes[{i}]", 1, max(series.sizes))
                                                for i, n in enumerate(check_sequence(sizes, "sizes", 1))]
    seeds = [check_seed(s, f"seeds[{i}]") for i, s in enumerate(check_sequence(seeds, "seeds", 1))]
    return [(n, s, series.board(n, s)) for n in sizes for s in seeds]


__all__ = ["KINDS", "Fit", "fit", "timed", "measure", "HighsCount", "highs_count", "SatCount", "sat_colouring",
           "slider_work", "Series", "SERIES", "boards"]
