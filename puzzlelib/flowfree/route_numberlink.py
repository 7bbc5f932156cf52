"""route_numberlink.py: a first Numberlink colouring by routing the pipes as a circuit router does.

On a sparse board (a few dots on a large grid) the clause searches of ``search_numberlink.py`` are
slow to find *any* colouring: the empty cells leave them free to draw loops, which are cut off one
round at a time. A router finds one at once. Each pipe takes a cheapest path between its dots; a
cell two pipes want costs more each round, and more again every round it stays shared
("negotiated congestion", the PathFinder router of FPGA tools: McMurchie and Ebeling, 1995), until
no cell is shared. On a designed board that fills its grid the pipes rarely settle; the router then
gives up after ``ROUNDS`` rounds and the clause search goes on alone.

The router proves nothing: its colouring is one answer, checked by the rule checker, and the caller
finds the second (a reroute) or proves there is none.

Under Flow Free's rule (every cell on a pipe) the routed pipes are a start: :func:`near_fill` lets
them take in the empty cells two at a time (a pipe step u-w beside two empty cells z, z' becomes
u-z-z'-w), which leaves a few cells of a 20x20 board with few dots empty. Its pipes are not an
answer; they are the phases (first guesses) of the clause search (``SatModel.prefer``), which then
finds an answer in a fraction of a second where, guessing "no pipe" first, it drew loops for minutes.
"""

from __future__ import annotations

import heapq

from ..engine.solver import active_deadline
from .board import Puzzle, Solution, cells_of, grid_of, neighbours
from .rules import check_rules

#: Rounds of routing every pipe before the router gives up (each round is one shortest path per pipe).
ROUNDS = 200
#: Cells the router may settle in all (a count of work, the same on every machine): on a very large
#: board it gives up rather than hold up the clause search.
WORK = 400_000
#: How much a shared cell costs per other pipe on it, in the first round; it grows by GROWTH each round.
SHARED = 0.5
GROWTH = 1.6


def route(puzzle: Puzzle, rounds: int = ROUNDS) -> Solution | None:
    """A colouring of a Numberlink board whose pipes share no cell, or None when ``rounds`` did not settle them."""
    shape = puzzle.shape
    owner = {c: k for k, pair in puzzle.dots.items() for c in pair}
    near = {c: neighbours(c, shape) for c in cells_of(shape)}
    history = dict.fromkeys(near, 0.0)
    use = dict.fromkeys(near, 0)
    paths: dict = {}
    shared, work, deadline = SHARED, [0], active_deadline()
    for _ in range(rounds):
        for k, (a, b) in puzzle.dots.items():
            for c in paths.get(k, ()):
                use[c] -= 1
            path = _cheapest(a, b, k, near, owner, history, use, shared, work)
            if path is None or work[0] > WORK:  # walled in by dots alone (no colouring), or out of work
                return None
            if deadline is not None:
                deadline.check()
            paths[k] = path
            for c in path:
                use[c] += 1
        crowded = [c for c, n in use.items() if n > 1]
        if not crowded:
            return _solution(puzzle, paths)
        for c in crowded:
            history[c] += 1.0
        shared *= GROWTH
    return None


def _cheapest(a, b, k, near, owner, history, use, shared, work) -> list | None:
    """The cheapest path from ``a`` to ``b`` through cells that are no other colour's dot.

    A cell costs 1, plus what it cost before (``history``), times the pipes already on it; ties go
    to the path found first, so the route is the same on every run. ``work[0]`` counts the cells settled.
    """
    best = {a: 0.0}
    came = {a: None}
    heap = [(0.0, 0, a)]
    order = 0
    while heap:
        cost, _, u = heapq.heappop(heap)
        work[0] += 1
        if u == b:
            path = []
            while u is not None:
                path.append(u)
                u = came[u]
            return path[::-1]
        if cost > best[u]:
            continue
        for w in near[u]:
            if w == a or owner.get(w, k) != k:  # back to the start, or another colour's dot
                continue
            step = (1.0 + history[w]) * (1.0 + shared * use[w])
            total = cost + step
            if total < best.get(w, float("inf")):
                best[w] = total
                came[w] = u
                order += 1
                heapq.heappush(heap, (total, order, w))
    return None


def _solution(puzzle: Puzzle, paths: dict) -> Solution | None:
    """The routed pipes as a Solution, or None if the rule checker refuses it (never expected)."""
    grid = grid_of({c: k for k, path in paths.items() for c in path}, puzzle.shape)
    solution = Solution(grid, {k: tuple(path) for k, path in paths.items()})
    return None if check_rules(puzzle, solution) else solution


def near_fill(puzzle: Puzzle) -> dict | None:
    """The routed pipes (colour -> cells in order) grown by two-cell detours until none fits, or
    None when the pipes do not route. Under any rule; the result is a guess, not an answer."""
    routed = route(puzzle.with_rule("numberlink") if puzzle.fills else puzzle)
    if routed is None:
        return None
    nrows, ncols = puzzle.shape
    paths = {k: list(path) for k, path in routed.paths.items()}
    taken = {c for path in paths.values() for c in path}
    grown = True
    while grown:
        grown = False
        for path in paths.values():
            i = 0
            while i < len(path) - 1:
                (ur, uc), (wr, wc) = path[i], path[i + 1]
                for dr, dc in ((wc - uc, wr - ur), (uc - wc, ur - wr)):  # the two sides of the step
                    z, z2 = (ur + dr, uc + dc), (wr + dr, wc + dc)
                    if all(0 <= r < nrows and 0 <= c < ncols and (r, c) not in taken for r, c in (z, z2)):
                        path[i + 1:i + 1] = [z, z2]
                        taken.update((z, z2))
                        grown = True
                        break
                i += 1
    return paths
