"""Plain deduction on candidates, the yardstick of difficulty (and a shortcut for the generator).

Each cell keeps the set of digits still possible. Three rules remove candidates, each a step a
person takes and each sound (it never removes a digit that some solution uses):

* ``naked``: a cell with one candidate holds it, and its row, column and box lose that digit;
* ``bounds``: the variants' inequalities read on the smallest and largest candidates (a thermo
  cell lies above its predecessor's smallest digit and below its successor's largest; a cage or
  arrow cell is bounded by its total minus what the other cells can hold; digits fixed in a cage
  leave its other cells; a cage keeps only digits of some set of different digits with its total) -- the bound propagation a solver does on (6)-(9) before it branches;
* ``hidden``: a digit with one possible place in a row, column or box goes there.

Because the rules are sound, a grid they fill completely is the only solution: the generator
uses that to skip most solver calls, and the grade of a puzzle is which rules it needs.
"""

from __future__ import annotations

from itertools import combinations

from .board import Puzzle, units

LEVELS = ("naked", "bounds", "hidden")


def candidates_of(puzzle: Puzzle, givens=None) -> list[list[set[int]]]:
    n = puzzle.size
    givens = puzzle.givens if givens is None else givens
    return [[{givens[r][c]} if givens[r][c] else set(range(1, n + 1)) for c in range(n)] for r in range(n)]


def propagate(puzzle: Puzzle, givens=None, rules=LEVELS):
    """Apply ``rules`` until nothing changes; the candidate grid, or None on a contradiction."""
    n = puzzle.size
    cand = candidates_of(puzzle, givens)
    groups = [cells for _, cells in units(n)]
    peers = {(r, c): set() for r in range(n) for c in range(n)}
    for cells in groups:
        for cell in cells:
            peers[cell].update(cells)
    for cell in peers:
        peers[cell].discard(cell)
    changed = True
    while changed:
        changed = False
        for r in range(n):
            for c in range(n):
                if not cand[r][c]:
                    return None
                if len(cand[r][c]) == 1:  # a fixed digit leaves its peers (always, it is the rule itself)
                    v = next(iter(cand[r][c]))
                    for pr, pc in peers[r, c]:
                        if v in cand[pr][pc]:
                            cand[pr][pc].discard(v)
                            changed = True
                            if not cand[pr][pc]:
                                return None
        if "bounds" in rules and _bounds(puzzle, cand):
            changed = True
        if changed:
            continue
        if "hidden" in rules:
            for cells in groups:
                for v in range(1, n + 1):
                    places = [(r, c) for r, c in cells if v in cand[r][c]]
                    if not places:
                        return None
                    if len(places) == 1:
                        r, c = places[0]
                        if len(cand[r][c]) > 1:
                            cand[r][c] = {v}
                            changed = True
        if any(not cand[r][c] for r in range(n) for c in range(n)):
            return None
    return cand


def _restrict(cand, cell, keep) -> bool:
    r, c = cell
    new = {v for v in cand[r][c] if keep(v)}
    if new != cand[r][c]:
        cand[r][c] = new
        return True
    return False


def _bounds(puzzle: Puzzle, cand) -> bool:
    """One pass of bound propagation over thermometers, cages and arrows; True if anything changed."""
    changed = False

    def lo(cell):
        return min(cand[cell[0]][cell[1]], default=99)

    def hi(cell):
        return max(cand[cell[0]][cell[1]], default=-99)

    for cells in puzzle.thermos:
        for a, b in zip(cells, cells[1:]):
            changed |= _restrict(cand, b, lambda v, m=lo(a): v > m)
        for a, b in reversed(list(zip(cells, cells[1:]))):
            changed |= _restrict(cand, a, lambda v, m=hi(b): v < m)
    for total, cells in puzzle.cages:
        changed |= _cage_combinations(cand, total, cells)
        fixed = {cell: next(iter(cand[cell[0]][cell[1]])) for cell in cells if len(cand[cell[0]][cell[1]]) == 1}
        for cell in cells:
            others = [o for o in cells if o != cell]
            low = total - sum(hi(o) for o in others)
            high = total - sum(lo(o) for o in others)
            taken = {v for o, v in fixed.items() if o != cell}
            changed |= _restrict(cand, cell, lambda v, a=low, b=high, t=taken: a <= v <= b and v not in t)
    for circle, cells in puzzle.arrows:
        changed |= _restrict(cand, circle, lambda v, a=sum(map(lo, cells)), b=sum(map(hi, cells)): a <= v <= b)
        for cell in cells:
            others = [o for o in cells if o != cell]
            low = lo(circle) - sum(hi(o) for o in others)
            high = hi(circle) - sum(lo(o) for o in others)
            changed |= _restrict(cand, cell, lambda v, a=low, b=high: a <= v <= b)
    return changed


def _cage_combinations(cand, total: int, cells) -> bool:
    """A cage's digits are one set of different digits with its total: keep only digits that occur
    in such a set that also fits the cells' candidates (the Killer player's table of sums)."""
    union = set().union(*(cand[r][c] for r, c in cells))
    keep: set[int] = set()
    for combo in combinations(sorted(union), len(cells)):
        if sum(combo) == total and _fits(combo, [cand[r][c] for r, c in cells]):
            keep.update(combo)
    changed = False
    for r, c in cells:
        if not cand[r][c] <= keep:
            cand[r][c] = cand[r][c] & keep
            changed = True
    return changed


def _fits(combo, options) -> bool:
    """Whether the digits of ``combo`` can be handed out one per cell within ``options`` (a matching)."""
    match: dict[int, int] = {}
    for i, opts in enumerate(options):
        seen: set[int] = set()
        if not _augment(i, options, combo, match, seen):
            return False
    return True


def _augment(i, options, combo, match, seen) -> bool:
    """Kuhn's augmenting path, iterative over digits (depth at most the cage size, nine)."""
    for d in combo:
        if d in options[i] and d not in seen:
            seen.add(d)
            if d not in match or _augment(match[d], options, combo, match, seen):
                match[d] = i
                return True
    return False


def filled(cand) -> tuple[tuple[int, ...], ...] | None:
    """The grid when every cell has one candidate, else None."""
    if cand is None or any(len(s) != 1 for row in cand for s in row):
        return None
    return tuple(tuple(next(iter(s)) for s in row) for row in cand)


def share_fixed(puzzle: Puzzle, rules=LEVELS, givens=None) -> float:
    """The share of the empty cells that ``rules`` fix (1.0: deduction alone solves the puzzle)."""
    givens = puzzle.givens if givens is None else givens
    empty = [(r, c) for r in range(puzzle.size) for c in range(puzzle.size) if not givens[r][c]]
    if not empty:
        return 1.0
    cand = propagate(puzzle, givens, rules)
    if cand is None:
        return 1.0
    return sum(1 for r, c in empty if len(cand[r][c]) == 1) / len(empty)


def search_guesses(puzzle: Puzzle, cap: int = 200_000) -> int:
    """How many guesses a plain backtracking search makes on the classic rules (no deduction).

    The search always fills the empty cell with the fewest legal digits (those not yet in its row,
    column or box) and tries them in order; every alternative it has to open counts as a guess.
    It knows nothing of hidden singles or the variants, so it is a yardstick independent of the
    grade's rules. An explicit stack, no recursion; stops at ``cap`` guesses.
    """
    n = puzzle.size
    grid = [list(row) for row in puzzle.givens]
    peers: dict = {}
    for _, cells in units(n):
        for cell in cells:
            peers.setdefault(cell, set()).update(cells)

    def legal(cell):
        used = {grid[r][c] for r, c in peers[cell]}
        return [v for v in range(1, n + 1) if v not in used]

    guesses, trail = 0, []
    while guesses < cap:
        empty = [(r, c) for r in range(n) for c in range(n) if not grid[r][c]]
        if not empty:
            return guesses
        cell = min(empty, key=lambda rc: len(legal(rc)))
        options = legal(cell)
        if options:
            guesses += len(options) - 1
            trail.append((cell, options, 0))
            grid[cell[0]][cell[1]] = options[0]
            continue
        while trail:  # undo to the last cell with an untried digit
            cell, options, i = trail.pop()
            grid[cell[0]][cell[1]] = 0
            if i + 1 < len(options):
                trail.append((cell, options, i + 1))
                grid[cell[0]][cell[1]] = options[i + 1]
                break
        else:
            return guesses
    return guesses
