"""model_sat.py: the chapter's 0/1 model of Sudoku (Chapter 7, (1)-(9)) written as clauses, for the SAT search.

Same variables, same meaning: x[r, c, v] is G[r, c, v], "cell (r, c) holds digit v". Each
equation of the chapter becomes clauses on CaDiCaL (:mod:`puzzlelib.engine.sat`):

* (1)-(4) "exactly one": one clause "at least one" and a clause per pair "not both" (binary
  clauses are what CaDiCaL propagates fastest: on 16x16 boards the generator's questions run 3x
  quicker than with a sequential counter, for 4x the clauses);
* (5) a given is its cell's only digit, and the digits it rules out in its row, column and box
  never get a variable: before the solver starts, the candidates of each cell are cut by the
  givens, the thermometers' and cages' plain bounds and naked singles (sound rules, so no
  solution is lost; the rest is the solver's unit propagation, which on these clauses is naked
  and hidden singles again);
* (6) a thermometer step a -> b: "not (a holds u and b holds v)" for every v <= u (the chapter's
  ``pairs`` form; binary clauses propagate best);
* (7)-(8) a cage: one z_S per set S of different digits with the cage's total, exactly one of
  them, "digit v in the cage only if the chosen set holds v", "the chosen set's digits all appear",
  and a digit at most once in the cage: the chapter's digit-set model, clause by clause;
* (9) an arrow: partial sums P_i[s] ("the first i cells of the arrow sum to s"), each step
  "P_{i-1}[t] and cell i holds d imply P_i[t + d]", and the last sum equal to the circle's digit.

A uniqueness proof has no objective for an LP bound to prune with; clause learning settles the
hardest classic boards in milliseconds where HiGHS branches for seconds
(``benchmarks/bench_sudoku.py`` measures both beside CP-SAT).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..engine.sat import SatSearch
from ..engine.search import ClauseModel
from .board import Puzzle, units
from .model import digit_sets

@lru_cache(maxsize=None)
def _peers(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The cells sharing a row, column or box with each cell (cell r * n + c)."""
    seen: list[set] = [set() for _ in range(n * n)]
    for _, cells in units(n):
        for r, c in cells:
            seen[r * n + c].update(cells)
    return tuple(tuple(sorted(group - {(i // n, i % n)})) for i, group in enumerate(seen))


def _add_all(search: SatSearch, clauses) -> None:
    """Every clause at once (their literals are Python ints already, and none is empty)."""
    search.add_many(clauses)


class SatModel(ClauseModel):
    """The clauses of (1)-(9) for ``puzzle`` on one :class:`~puzzlelib.engine.sat.SatSearch`.

    ``use_givens=False`` builds the model of the board with no givens (the variants only), for
    a search that states the givens as assumptions (the generator's uniqueness checks).
    ``infeasible`` is True when the givens already leave a row, column or box with no place for
    a digit (no clause can say so: the search is not run).
    """

    def __init__(self, puzzle: Puzzle, use_givens: bool = True):
        self.puzzle = puzzle
        n = self.n = puzzle.size
        self.search = s = SatSearch()
        self.infeasible = False
        self._clauses: list[list[int]] = []
        cand = self._candidates(use_givens)
        self.x = {(r, c, v): s.new() for r in range(n) for c in range(n) for v in cand[r][c]}
        for r in range(n):                                                  # (1) one digit per cell
            for c in range(n):
                self._exactly_one([self.x[r, c, v] for v in cand[r][c]])
        for name, cells in units(n):                                        # (2)-(4) each digit once
            box = name.startswith("box")
            for v in range(1, n + 1):
                here = [(r, c) for r, c in cells if (r, c, v) in self.x]
                if not here:
                    self.infeasible = True
                    continue
                self._clauses.append([self.x[r, c, v] for r, c in here])
                # "not both" for two cells of a box in one row or column is its row's or column's
                self._clauses.extend([-self.x[a[0], a[1], v], -self.x[b[0], b[1], v]] for a, b in combinations(here, 2)
                                     if not box or (a[0] != b[0] and a[1] != b[1]))
        for cells in puzzle.thermos:                                        # (6)
            self._thermo(cells)
        for total, cells in puzzle.cages:                                   # (7)-(8)
            self._cage(total, cells)
        for circle, cells in puzzle.arrows:                                 # (9)
            self._arrow(circle, cells)
        if not self.infeasible:
            _add_all(s, self._clauses)
        self._clauses = []

    # -- building blocks ---------------------------------------------------------------------------
    def _candidates(self, use_givens: bool) -> list[list[list[int]]]:
        """The digits each cell may hold, before the solver starts: the givens (5), the place of
        a cell on a thermometer (the k-th cell of a thermometer of length L holds k..n-L+k), a
        cage's digits (those of some set of different digits with its total), then naked
        singles: a cell left with one digit takes it from its row, column and box. Each rule is
        sound, so the model keeps every solution; it only gets smaller."""
        n = self.n
        givens = self.puzzle.givens if use_givens else [[0] * n for _ in range(n)]
        cand = [[{givens[r][c]} if givens[r][c] else set(range(1, n + 1)) for c in range(n)] for r in range(n)]
        for cells in self.puzzle.thermos:
            for k, (r, c) in enumerate(cells):
                cand[r][c] &= set(range(k + 1, n - len(cells) + k + 2))
        for total, cells in self.puzzle.cages:
            union = set().union(*digit_sets(n, len(cells), total))
            for r, c in cells:
                cand[r][c] &= union
        peers = _peers(n)
        todo = [(r, c) for r in range(n) for c in range(n) if len(cand[r][c]) == 1]
        while todo:
            r, c = todo.pop()
            if len(cand[r][c]) != 1:
                continue  # emptied since (no solution: the empty cell says so)
            v = next(iter(cand[r][c]))
            for pr, pc in peers[r * n + c]:
                here = cand[pr][pc]
                if v in here:
                    here.discard(v)
                    if len(here) == 1:
                        todo.append((pr, pc))
        return [[sorted(cand[r][c]) for c in range(n)] for r in range(n)]

    def lit(self, cell, v: int) -> int | None:
        """The variable of "cell holds v", or None when the model left v out (it is false)."""
        return self.x.get((cell[0], cell[1], v))

    def _clause(self, literals) -> None:
        """A clause; a None literal is false and is dropped. An empty clause: no solution."""
        clause = [lit for lit in literals if lit is not None]
        if not clause:
            self.infeasible = True
        else:
            self._clauses.append(clause)

    def _exactly_one(self, literals) -> None:
        if not literals:
            self.infeasible = True
            return
        self._clauses.append(literals)
        self._at_most_one(literals)

    def _at_most_one(self, literals) -> None:
        """A clause "not both" per pair: at most n(n-1)/2 for a line of n <= 25 literals."""
        self._clauses.extend([-a, -b] for a, b in combinations(literals, 2))

    def _thermo(self, cells) -> None:
        """(6): a step a -> b may not hold u at a and v <= u at b."""
        n = self.n
        for a, b in zip(cells, cells[1:]):
            for u in range(1, n + 1):
                la = self.lit(a, u)
                if la is None:
                    continue
                for v in range(1, u + 1):
                    lb = self.lit(b, v)
                    if lb is not None:
                        self._clauses.append([-la, -lb])

    def _cage(self, total: int, cells) -> None:
        """(7)-(8): the cage's digits are one set S of different digits summing to ``total``."""
        n, s = self.n, self.search
        peers = _peers(n)
        apart = [(a, b) for a, b in combinations(cells, 2) if b not in peers[a[0] * n + a[1]]]
        for v in range(1, n + 1):  # a digit at most once in the cage (two cells of one row, column
            for a, b in apart:     # or box already have their clause "not both v")
                la, lb = self.lit(a, v), self.lit(b, v)
                if la is not None and lb is not None:
                    self._clauses.append([-la, -lb])
        present = {v for v in range(1, n + 1) if any(self.lit(cell, v) for cell in cells)}
        sets = [S for S in digit_sets(n, len(cells), total) if set(S) <= present]
        z = [s.new() for _ in sets]
        self._exactly_one(z)                                               # (8) one set
        for v in range(1, n + 1):                                          # (7) v in the cage iff in S
            holders = [zs for zs, S in zip(z, sets) if v in S]
            here = [self.lit(cell, v) for cell in cells]
            for lit in here:
                if lit is not None:
                    self._clause([-lit, *holders])
            for zs in holders:
                self._clause([-zs, *here])

    def _arrow(self, circle, cells) -> None:
        """(9): partial sums P_i[s] along the arrow; the last one is the circle's digit."""
        n, s = self.n, self.search
        partial = {v: self.lit(cells[0], v) for v in range(1, n + 1)}      # P_1 is the first cell's digit
        partial = {v: lit for v, lit in partial.items() if lit is not None}
        for cell in cells[1:]:
            reach = sorted({t + d for t in partial for d in range(1, n + 1)
                            if t + d <= n and self.lit(cell, d) is not None})
            nxt = {v: s.new() for v in reach}
            for t, pt in partial.items():
                for d in range(1, n + 1):
                    ld = self.lit(cell, d)
                    if ld is not None:
                        self._clause([-pt, -ld, nxt.get(t + d)])
            self._at_most_one(list(nxt.values()))
            partial = nxt
        for v in range(1, n + 1):
            lc, pv = self.lit(circle, v), partial.get(v)
            if pv is not None:
                self._clause([-pv, lc])
            if lc is not None:
                self._clause([-lc, pv])

    # -- using the model ---------------------------------------------------------------------------
    def read(self, model: set) -> tuple[tuple[int, ...], ...]:
        """The grid of a model of the clauses."""
        n = self.n
        grid = [[0] * n for _ in range(n)]
        for (r, c, v), var in self.x.items():
            if var in model:
                grid[r][c] = v
        return tuple(map(tuple, grid))

    def forbid(self, grid) -> bool:
        """The no-good cut: some cell that is not given differs from ``grid``. False when every
        cell is given (no other grid can exist, and no clause can say "some cell differs")."""
        givens = self.puzzle.givens
        clause = [-self.x[r, c, grid[r][c]] for r in range(self.n) for c in range(self.n) if not givens[r][c]]
        if not clause:
            return False
        self.search.add(clause)
        return True
