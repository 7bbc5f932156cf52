"""Random boards with a planted solution, and puzzles with exactly one solution, proven.

``random_puzzle`` (tests, fuzzing, the contract) hides a random full grid behind a share of its
digits plus a few thermometers, cages or arrows read off the same grid, so the planted grid is
always a solution (not always the only one).

``generate`` makes puzzles with a uniqueness guarantee: start from a random full grid S and all
its digits given (trivially unique), then try to remove each given in a random order, keeping a
removal only while S stays the only solution. Uniqueness after a removal is decided by
deduction when the sound rules of :mod:`.deduce` fill the grid (on 16x16 and 25x25 boards, only
when the removed cell is a naked single), else by search: the model with a no-good cut on S must be
infeasible. The search is the chapter's model as clauses (``model_sat.py``), built once, the givens
stated as assumptions so every question keeps what the earlier ones learnt (``search="mip"``: the
integer program, as the chapter first wrote it; both make the same puzzle). One full pass makes
the puzzle minimal: a clue kept because removing it allowed a second solution still does so after
more removals (fewer clues never mean fewer solutions); ``minimal=False`` stops at the first clue
kept, ``clues=k`` once k remain. On a 25x25 the default pass gives each question a budget of
conflicts and keeps a clue whose question does not fit in it (unique, proven, near minimal). The returned puzzle is re-proven unique by
:func:`.solving.prove_unique`, and that proof is part of the result.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass

import pulp

from ..core.errors import NoSolution, PuzzleError
from ..core.generated import Generated
from ..engine.generating import Made, Work, generate_with
from ..engine.sat import BudgetSpent
from ..engine.solver import Deadline, solve_model, solver_name
from ..core.validate import check_choice, check_flag, check_fraction, check_int, check_seed
from .board import BOXES, SIZES, Cell, Puzzle, Solution, adjacent, units
from .deduce import filled, propagate, share_fixed
from .model import build_model
from .model_sat import SatModel
from .solving import SEARCHES, UniquenessProof, prove_unique

VARIANTS = ("classic", "thermo", "killer")
#: The sizes :func:`generate` makes: every size the board takes (16x16 and 25x25 in seconds, as the
#: uniqueness questions go to the SAT search, which keeps what it learnt from one to the next).
GENERATE_SIZES = (4, 6, 8, 9, 16, 25)
GRADES = ("easy", "medium", "hard")


# -- a random full grid ----------------------------------------------------------------------------
def random_grid(size: int = 9, seed: int = 0) -> tuple[tuple[int, ...], ...]:
    """A random valid full grid: a base pattern with its digits, bands, stacks, rows and columns shuffled."""
    n = check_int(size, "size")
    if n not in BOXES:
        raise PuzzleError(f"size {n}: choose one of {', '.join(map(str, SIZES))}")
    rng = random.Random(check_seed(seed))
    br, bc = BOXES[n]
    base = [[(bc * (r % br) + r // br + c) % n for c in range(n)] for r in range(n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    bands = rng.sample(range(n // br), n // br)
    rows = [b * br + i for b in bands for i in rng.sample(range(br), br)]
    stacks = rng.sample(range(n // bc), n // bc)
    cols = [s * bc + j for s in stacks for j in rng.sample(range(bc), bc)]
    grid = tuple(tuple(digits[base[r][c]] for c in cols) for r in rows)
    if br == bc and rng.random() < 0.5:
        grid = tuple(zip(*grid))
    return grid


def _neighbours(cell: Cell, n: int, diagonal: bool) -> list[Cell]:
    r, c = cell
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            nb = (r + dr, c + dc)
            if nb != cell and 0 <= nb[0] < n and 0 <= nb[1] < n and adjacent(cell, nb, diagonal):
                out.append(nb)
    return out


# -- constraints read off a grid -------------------------------------------------------------------
def random_thermos(grid, rng: random.Random, count: int, length: tuple[int, int] = (3, 6)) -> list[list[Cell]]:
    """Up to ``count`` thermometers that do not share cells, each a walk to higher digits."""
    n = len(grid)
    used: set[Cell] = set()
    thermos = []
    for _ in range(count * 20):
        if len(thermos) == count:
            break
        start = (rng.randrange(n), rng.randrange(n))
        if start in used:
            continue
        path = [start]
        want = rng.randint(*length)
        while len(path) < min(want, n):
            here = path[-1]
            steps = [nb for nb in _neighbours(here, n, True)
                     if nb not in used and nb not in path and grid[nb[0]][nb[1]] > grid[here[0]][here[1]]]
            if not steps:
                break
            path.append(rng.choice(steps))
        if len(path) >= 2:
            thermos.append(path)
            used.update(path)
    return thermos


def random_cages(grid, rng: random.Random, sizes: tuple[int, int] = (2, 4), cover: float = 1.0):
    """Cages of distinct digits that tile ``cover`` of the board (1.0: every cell, as in Killer)."""
    n = len(grid)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    owner: set[Cell] = set()
    cages = []
    for start in cells:
        if start in owner or len(owner) >= cover * n * n:
            continue
        cage = [start]
        want = rng.randint(*sizes)
        while len(cage) < want:
            options = [nb for cell in cage for nb in _neighbours(cell, n, False)
                       if nb not in owner and nb not in cage
                       and grid[nb[0]][nb[1]] not in {grid[r][c] for r, c in cage}]
            if not options:
                break
            cage.append(rng.choice(sorted(set(options))))
        owner.update(cage)
        cages.append((sum(grid[r][c] for r, c in cage), sorted(cage)))
    return cages


def random_arrows(grid, rng: random.Random, count: int) -> list:
    """Up to ``count`` arrows: a circle and a walk from it whose digits sum to the circle's."""
    n = len(grid)
    arrows, used = [], set()
    for _ in range(count * 40):
        if len(arrows) == count:
            break
        circle = (rng.randrange(n), rng.randrange(n))
        if circle in used:
            continue
        target, path, total = grid[circle[0]][circle[1]], [], 0
        here = circle
        while total < target:
            steps = [nb for nb in _neighbours(here, n, True) if nb != circle and nb not in path
                     and nb not in used and total + grid[nb[0]][nb[1]] <= target]
            if not steps:
                break
            here = rng.choice(steps)
            path.append(here)
            total += grid[here[0]][here[1]]
        if total == target and path and not (len(path) == 1 and _same_unit(circle, path[0], n)):
            arrows.append((circle, path))
            used.update([circle, *path])
    return arrows


def _same_unit(a: Cell, b: Cell, n: int) -> bool:
    return any(a in cells and b in cells for _, cells in units(n))


def _constraints(grid, variant: str, rng: random.Random) -> dict:
    n = len(grid)
    if variant == "thermo":
        return {"thermos": random_thermos(grid, rng, count=n - 1)}
    if variant == "killer":
        return {"cages": random_cages(grid, rng)}
    if variant == "arrow":
        return {"arrows": random_arrows(grid, rng, count=n)}
    return {}


# -- planted boards --------------------------------------------------------------------------------
def planted_puzzle(size=None, *, seed: int = 0, density: float = 0.3, thermos: int = 1, cages: int = 1,
                   arrows: int = 1) -> tuple[Puzzle, Solution]:
    """A board of ``size`` (4, 6, 8, 9, 16 or 25; None: 4) with a planted solution: ``density`` of the
    digits given, plus a few variant clues read off the same grid.

    ``density`` is a number from 0 to 1; ``thermos``, ``cages`` and ``arrows`` are counts from 0 to
    the number of cells (at most that many fit; the generator places as many as it finds room for).
    """
    seed = check_seed(seed)
    grid = random_grid(4 if size is None else size, seed)
    n = len(grid)
    density = check_fraction(density, "density")
    thermos, cages, arrows = (check_int(value, name, 0, n * n)
                              for value, name in ((thermos, "thermos"), (cages, "cages"), (arrows, "arrows")))
    rng = random.Random(f"planted-{seed}")
    givens = [[v if rng.random() < density else 0 for v in row] for row in grid]
    therm = random_thermos(grid, rng, thermos, (2, min(4, n)))
    cage_list = [cage for cage in random_cages(grid, rng, (2, 3), cover=0.2)][:cages]
    arrow_list = random_arrows(grid, rng, arrows)
    return Puzzle(givens, therm, cage_list, arrow_list), Solution(grid)


def random_puzzle(size=None, *, seed: int = 0, density: float = 0.3, thermos: int = 1, cages: int = 1,
                  arrows: int = 1) -> Puzzle:
    """The puzzle of :func:`planted_puzzle` (its planted solution is a solution, maybe not the only one)."""
    return planted_puzzle(size, seed=seed, density=density, thermos=thermos, cages=cages, arrows=arrows)[0]


# -- generation with a uniqueness guarantee --------------------------------------------------------
@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is for plain deduction (see :func:`grade`)."""

    level: str  # "easy", "medium" or "hard"
    naked_share: float  # share of the empty cells fixed by naked singles and variant bounds
    full_share: float  # ... and with hidden singles too


def grade(puzzle: Puzzle) -> Grade:
    """The grade of a puzzle by the deduction it needs (:mod:`.deduce`):

    "easy" when naked singles and the variants' bounds fill the grid, "medium" when hidden singles
    are needed too, "hard" when these rules stall and only search (the solver's branching) finishes.
    """
    naked = share_fixed(puzzle, ("naked", "bounds"))
    full = share_fixed(puzzle)
    level = "easy" if naked == 1.0 else "medium" if full == 1.0 else "hard"
    return Grade(level, naked, full)


class _UniquenessOracle:
    """Is S the only solution with these givens? Deduction first, else one search with a no-good cut.

    The model is built once with the variant constraints and the cut "some cell differs from S";
    the givens change from question to question. With ``search="sat"`` (the default) the model is
    the clauses of ``model_sat.py`` and the givens are assumptions, so each question reuses every
    clause learnt by the earlier ones; with ``search="mip"`` it is the chapter's integer program, a
    given a lower bound of 1 on G[c, S_c], switched on and off. ``deduce``: ask plain deduction
    first (the count of questions it settles is part of the result).
    """

    def __init__(self, puzzle: Puzzle, solution, solver=None, deadline=None, search: str = "sat",
                 deduce: bool = True):
        self.puzzle, self.grid, self.solver, self.deadline = puzzle, solution, solver, deadline
        self.search, self.deduce = search, deduce
        n = puzzle.size
        blank = Puzzle([[0] * n for _ in range(n)], puzzle.thermos, puzzle.cages, puzzle.arrows)
        if search == "sat":
            self.sat = SatModel(blank)
            self.sat.search.add([-self.sat.x[r, c, solution[r][c]] for r in range(n) for c in range(n)])
        else:
            self.problem, self.G = build_model(blank)
            self.problem += (pulp.lpSum(self.G[r, c, solution[r][c]] for r in range(n) for c in range(n))
                             <= n * n - 1, "not_the_planted_solution")
        self.peers: dict = {}
        for _, cells in units(n):
            for here in cells:
                self.peers.setdefault(here, set()).update(cells)
        for here, group in self.peers.items():
            group.discard(here)
        self.solver_checks = self.deduction_checks = self.undecided = 0

    def unique(self, givens, cell=None, budget: int | None = None) -> bool:
        """Whether the planted grid is the only solution with ``givens`` (``cell``: the given just
        removed, if any; when its row, column and box givens leave it one digit, nothing changed).
        ``budget``: conflicts the SAT search may spend; a question it cannot settle within them is
        answered "not shown unique" (False: the caller keeps the given) and counted in ``undecided``."""
        if self.deduce and filled(propagate(self.puzzle, givens)) is not None:
            self.deduction_checks += 1
            return True
        if not self.deduce and cell is not None and self._naked_single(givens, cell):
            self.deduction_checks += 1
            return True
        self.solver_checks += 1
        n = self.puzzle.size
        if self.search == "sat":
            held = [self.sat.x[r, c, self.grid[r][c]] for r in range(n) for c in range(n) if givens[r][c]]
            try:
                return self.sat.search.solve(self.deadline, assumptions=held, conflicts=budget) is None
            except BudgetSpent:
                self.undecided += 1
                return False
        for r in range(n):
            for c in range(n):
                self.G[r, c, self.grid[r][c]].lowBound = 1 if givens[r][c] else 0
        try:
            solve_model(self.problem, solver=self.solver, time_limit=self.deadline)
        except NoSolution:
            return True
        return False

    def _naked_single(self, givens, cell) -> bool:
        """Whether the givens of ``cell``'s row, column and box hold every digit but its own: then
        removing its given changes no solution (the cheapest deduction, for the large boards)."""
        seen = {givens[r][c] for r, c in self.peers[cell]}
        return len(seen - {0}) == self.puzzle.size - 1

    def close(self) -> None:
        if self.search == "sat":
            self.sat.close()


#: Boards up to this size ask deduction before the search (the chapter counts both kinds of
#: question); on 16x16 and 25x25 boards the SAT search answers faster than Python's deduction.
DEDUCE_UP_TO = 9


#: The largest board :func:`generate` digs to a minimal puzzle by default: near the end of a
#: 25x25's digging one uniqueness question can take the SAT search half a minute.
MINIMAL_UP_TO = 16
#: Conflicts a uniqueness question may cost on larger boards by default: a 25x25 is dug to about 42 %
#: givens in seconds (a budget of 300 leaves as many givens and takes five times longer).
QUESTION_BUDGET = 50


def generate(size=None, *, seed: int = 0, difficulty: str | None = None, time_limit: float | None = None,
             variant: str = "classic", minimal: bool | None = None, clues: int | None = None,
             solver: str | None = None, progress: bool | None = None, search: str = "sat") -> Generated:
    """A puzzle with exactly one solution, proven, made from ``seed`` (the same seed, the same puzzle).

    ``size``: 4, 6, 8, 9, 16 or 25 (None: 9).
    ``variant``: "classic", "thermo" (n - 1 thermometers) or "killer" (cages tiling the board;
    Arrow puzzles with few givens take the solver minutes, so they are not offered).
    ``minimal``: True digs every given in turn, keeping it only where its removal lets a second
    solution in, so every remaining given is needed; False stops digging at the first given that
    must stay (quicker, more givens, easier, not minimal: a later given may still be removable);
    None (the default): True up to 16x16; on 25x25 every given is tried too, but a removal the SAT
    search cannot prove within :data:`QUESTION_BUDGET` conflicts is not made (still unique and
    proven, near minimal, in seconds; proving every question of a 25x25 takes minutes).
    ``clues`` stops the digging early, once that few givens remain (less hard, not minimal).
    ``search``: where the uniqueness questions go, "sat" (the default: clauses on CaDiCaL) or "mip"
    (the chapter's integer program on ``solver``); both make the same puzzle, as uniqueness is a fact.
    ``progress``: a tqdm bar (None: only in a terminal). ``difficulty``: "easy", "medium" or "hard"
    as the integer program rates it (:mod:`puzzlelib.engine.rating`; other seeds are drawn until
    one rates so). The result is a :class:`~puzzlelib.core.generated.Generated`; beside the board,
    its answer, the proof and the rating it keeps ``minimal`` (whether the full pass ran), ``grade``
    (the deduction grade of :func:`grade`), ``solver_checks`` and ``deduction_checks``.
    """
    size = check_int(9 if size is None else size, "size")
    if size not in GENERATE_SIZES:
        raise PuzzleError(f"size {size}: generate makes {', '.join(map(str, GENERATE_SIZES))}")
    check_choice(variant, VARIANTS, "variant")
    check_choice(search, SEARCHES, "search")
    seed = check_seed(seed)
    budget = None
    if minimal is None:
        minimal, budget = True, None if size <= MINIMAL_UP_TO else QUESTION_BUDGET
    minimal = check_flag(minimal, "minimal")
    if progress is not None:
        progress = check_flag(progress, "progress")
    if clues is not None:
        clues = check_int(clues, "clues", 0, size * size)
    solver_name(solver)

    def make(seed: int, work: Work) -> Made:
        deadline = work.deadline
        grid = random_grid(size, seed)
        rng = random.Random(f"generate-{variant}-{seed}")
        puzzle = Puzzle([list(row) for row in grid], **_constraints(grid, variant, rng))
        order = [(r, c) for r in range(size) for c in range(size)]
        rng.shuffle(order)
        oracle = _UniquenessOracle(puzzle, grid, solver, deadline, search, deduce=size <= DEDUCE_UP_TO)
        work.boards += 1
        try:
            givens, full_pass = _dig(oracle, grid, order, minimal, clues, deadline,
                                     _bar(order, f"{variant} {size}x{size}", progress), budget)
        finally:
            oracle.close()
        result = puzzle.with_givens(givens)
        proof = prove_unique(result, solver=solver, time_limit=deadline, search=search)
        work.searches += oracle.solver_checks + 1
        if not proof.unique or proof.solution.grid != grid:  # pragma: no cover - would be a bug in the oracle
            raise RuntimeError("generate: the final proof disagrees with the removal loop")
        return Made(result, Solution(grid), {"grade": grade(result), "minimal": full_pass and not oracle.undecided,
                                             "solver_checks": oracle.solver_checks,
                                             "deduction_checks": oracle.deduction_checks}, proof)

    return generate_with(__package__, size, seed, difficulty, time_limit, make, search=search)


def _bar(order, desc: str, progress):
    from tqdm.auto import tqdm

    if progress is None and os.environ.get("PUZZLELIB_PROGRESS") == "0":
        progress = False  # notebooks run by puzzlelib.classroom.runner: nothing in the stored outputs
    return tqdm(order, desc=desc, unit="clue", leave=False, disable=None if progress is None else not progress)


def _dig(oracle, grid, order, minimal: bool, clues, deadline, bar, budget=None) -> tuple[list[list[int]], bool]:
    """Remove the givens in ``order`` while ``grid`` stays the only solution; the givens left and
    whether every given was tried. ``minimal=False`` stops at the first given that must stay;
    ``clues`` stops once that few remain; ``budget`` caps each question's conflicts (SAT search)."""
    givens = [list(row) for row in grid]
    left = len(order)
    try:
        for r, c in bar:
            if clues is not None and left <= clues:
                return givens, False
            deadline.check()
            givens[r][c] = 0
            if oracle.unique(givens, (r, c), budget):
                left -= 1
            else:
                givens[r][c] = grid[r][c]
                if not minimal:
                    return givens, False
    finally:
        bar.close()
    return givens, True


def minimize(puzzle: Puzzle, seed: int = 0, solver: str | None = None, time_limit: float | None = None,
             search: str = "sat") -> Puzzle:
    """A minimal puzzle inside a unique one: remove every clue not needed (in a seeded order)."""
    seed = check_seed(seed)
    check_choice(search, SEARCHES, "search")
    deadline = Deadline(time_limit)
    proof = prove_unique(puzzle, solver, deadline, search=search)
    if not proof.unique:
        raise PuzzleError("the puzzle has more than one solution; minimize needs a unique one")
    oracle = _UniquenessOracle(puzzle, proof.solution.grid, solver, deadline, search,
                               deduce=puzzle.size <= DEDUCE_UP_TO)
    givens = [list(row) for row in puzzle.givens]
    order = sorted(puzzle.given_cells())
    random.Random(seed).shuffle(order)
    try:
        for r, c in order:
            givens[r][c] = 0
            if not oracle.unique(givens, (r, c)):
                givens[r][c] = proof.solution.grid[r][c]
    finally:
        oracle.close()
    return puzzle.with_givens(givens)
