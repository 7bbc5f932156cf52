"""search_path.py: knight's paths by clause learning with connectivity cuts, or by a propagating search (issue 42).

Role. ``path_search(puzzle, limit, time_limit)`` lists up to ``limit`` knight's paths, every one
checked by ``rules.check_rules``: by clause learning with connectivity cuts (:func:`cut_search`,
the faster on every board measured), and when that needs more than ``ROUNDS`` solves, by the
propagating search below; fewer than ``limit`` means the search was exhaustive (no other path
exists), so ``limit=2`` proves a board unique. ``solutions`` of ``solving.py`` may call it as the
puzzle's fast search; the chapter's integer programs are unchanged.

The method (the edge-based search for Hamiltonian cycles of Vandegriend and Culberson, 1998, with
the path made a cycle). A virtual square Z is joined to the start S and to the end E (to every
square when no end is fixed), so a knight's path from S is a Hamiltonian cycle through Z. Each jump
is an edge that is undecided, taken or removed. Propagation, to a fixed point:

- degree: a square keeps two taken edges in the end, so a square with two edges left takes both,
  and a square with two taken edges loses the others; fewer than two left is a dead end;
- no early cycle: the taken edges form path fragments; taking an edge that joins the two ends of
  one fragment before it holds every square fails, and the edge between the two ends of a fragment
  is removed as soon as it appears;
- connectivity: the squares with the edges still left must be connected and have no articulation
  point (a Hamiltonian cycle is 2-connected), tested with Tarjan's depth-first search at each node.

It branches on an undecided edge of the square with the fewest undecided edges (take it, then
remove it), trying first the edge towards the neighbour with the fewest edges left (Warnsdorff's
rule). Everything it changes is written on a trail and undone on backtracking.
"""

from __future__ import annotations

from ..core.errors import SolverError
from ..engine.sat import BudgetSpent
from ..engine.solver import Deadline
from .board import Puzzle, Solution, as_solution
from .rules import check_rules

#: Nodes between two looks at the clock.
CLOCK_EVERY = 256
#: Solves of the clause search (:func:`cut_search`) before the propagating search takes over. The
#: clauses answer every board drawn while tuning (seeds 5 and 7000-7200, 8x8-16x16) in a few rounds
#: and 1-16 ms; the depth-first search alone took minutes on some long walks with an end fixed (a
#: wrong early choice it never undoes), where CP-SAT and clingo need 0.01-0.1 s.
ROUNDS = 1000

UNDECIDED, TAKEN, REMOVED = 0, 1, 2


class _Failed(Exception):
    """A contradiction while propagating (caught by the search, never escapes)."""


class PathSearch:
    """The state of one search: the graph with Z, edge states, fragments and the trail."""

    def __init__(self, puzzle: Puzzle):
        self.puzzle = puzzle
        squares = puzzle.open_squares()
        self.squares = squares
        index = {cell: k for k, cell in enumerate(squares)}
        n = len(squares)
        self.z = z = n
        self.n = n + 1  # vertices: the squares and Z
        edges: list[tuple[int, int]] = []
        for u, cell in enumerate(squares):
            for other in puzzle.moves(cell):
                v = index[other]
                if u < v:
                    edges.append((u, v))
        s = index[puzzle.start]
        if puzzle.end is not None:
            edges += [(s, z), (index[puzzle.end], z)]
        else:
            edges += [(u, z) for u in range(n)]
        self.start = s
        self.edges = edges
        self.inc: list[list[int]] = [[] for _ in range(self.n)]
        self.pair: dict[tuple[int, int], int] = {}
        for e, (u, v) in enumerate(edges):
            self.inc[u].append(e)
            self.inc[v].append(e)
            self.pair[u, v] = self.pair[v, u] = e
        self.nbrs = [[(e, edges[e][1] if edges[e][0] == v else edges[e][0]) for e in self.inc[v]]
                     for v in range(self.n)]
        self.state = [UNDECIDED] * len(edges)
        self.avail = [len(self.inc[v]) for v in range(self.n)]  # edges not removed
        self.deg = [0] * self.n  # edges taken
        self.other_end = list(range(self.n))  # at a fragment's end: its other end
        self.length = [1] * self.n  # at a fragment's end: how many vertices it holds
        self.taken = 0
        self.trail: list[tuple] = []
        self.queue: list[int] = []
        self.nodes = 0

    # -- changes, each written on the trail --------------------------------------------------------
    def take(self, e: int) -> None:
        u, v = self.edges[e]
        if self.deg[u] == 2 or self.deg[v] == 2:
            raise _Failed
        a, b = self.other_end[u], self.other_end[v]
        whole = self.length[a] + self.length[b] if a != v else self.length[a]
        if a == v and whole < self.n:
            raise _Failed  # an early cycle
        self.state[e] = TAKEN
        self.deg[u] += 1
        self.deg[v] += 1
        self.taken += 1
        self.trail.append((TAKEN, e, a, self.other_end[a], self.length[a], b, self.other_end[b], self.length[b]))
        if a != v:
            self.other_end[a], self.other_end[b] = b, a
            self.length[a] = self.length[b] = whole
            if whole < self.n:
                closing = self.pair.get((a, b))
                if closing is not None and self.state[closing] == UNDECIDED:
                    self.remove(closing)
        self.queue.append(u)
        self.queue.append(v)

    def remove(self, e: int) -> None:
        u, v = self.edges[e]
        self.state[e] = REMOVED
        self.avail[u] -= 1
        self.avail[v] -= 1
        self.trail.append((REMOVED, e))
        self.queue.append(u)
        self.queue.append(v)

    def undo(self, mark: int) -> None:
        trail, state = self.trail, self.state
        while len(trail) > mark:
            entry = trail.pop()
            e = entry[1]
            u, v = self.edges[e]
            state[e] = UNDECIDED
            if entry[0] == TAKEN:
                self.deg[u] -= 1
                self.deg[v] -= 1
                self.taken -= 1
                _, _, a, ea, la, b, eb, lb = entry
                self.other_end[b], self.length[b] = eb, lb
                self.other_end[a], self.length[a] = ea, la
            else:
                self.avail[u] += 1
                self.avail[v] += 1
        self.queue.clear()

    # -- propagation -------------------------------------------------------------------------------
    def propagate(self) -> None:
        queue, avail, deg, state, inc = self.queue, self.avail, self.deg, self.state, self.inc
        while queue:
            v = queue.pop()
            if avail[v] < 2:
                raise _Failed
            if deg[v] == 2:
                if avail[v] > 2:
                    for e in inc[v]:
                        if state[e] == UNDECIDED:
                            self.remove(e)
            elif avail[v] == 2:
                for e in inc[v]:
                    if state[e] == UNDECIDED:
                        self.take(e)
        if self.taken < self.n:
            self.biconnected()

    def biconnected(self) -> None:
        """Fail unless the edges left connect every vertex and no vertex is an articulation point."""
        n, nbrs, state = self.n, self.nbrs, self.state
        disc = [0] * n
        low = [0] * n
        disc[0] = low[0] = 1
        counter = 1
        root_children = 0
        stack = [(0, -1, iter(nbrs[0]))]
        push, pop = stack.append, stack.pop
        while stack:
            v, via, it = stack[-1]
            for e, w in it:
                if e == via or state[e] == REMOVED:
                    continue
                dw = disc[w]
                if dw:
                    if dw < low[v]:
                        low[v] = dw
                else:
                    counter += 1
                    disc[w] = low[w] = counter
                    push((w, e, iter(nbrs[w])))
                    break
            else:
                pop()
                if stack:
                    parent = stack[-1][0]
                    if low[v] < low[parent]:
                        low[parent] = low[v]
                    if parent == 0:
                        root_children += 1
                    elif low[v] >= disc[parent]:
                        raise _Failed  # parent is an articulation point
        if counter < n or root_children > 1:
            raise _Failed

    # -- the search --------------------------------------------------------------------------------
    def branch_edge(self) -> int:
        """An undecided edge of the square with the fewest undecided edges, towards its tightest neighbour."""
        best, best_free = -1, 1 << 30
        deg, avail = self.deg, self.avail
        for v in range(self.n):
            if deg[v] < 2:
                free = avail[v] - deg[v]
                if free < best_free:
                    best, best_free = v, free
                    if free <= 1:
                        break
        choice, choice_key = -1, None
        for e in self.inc[best]:
            if self.state[e] == UNDECIDED:
                a, b = self.edges[e]
                w = b if a == best else a
                key = (w == self.z, avail[w] - deg[w])
                if choice_key is None or key < choice_key:
                    choice, choice_key = e, key
        return choice

    def read_path(self) -> list:
        """The path from S, read off the cycle of taken edges with Z left out."""
        nxt: list[list[int]] = [[] for _ in range(self.n)]
        for e, (u, v) in enumerate(self.edges):
            if self.state[e] == TAKEN:
                nxt[u].append(v)
                nxt[v].append(u)
        order, prev, here = [self.start], self.z, self.start
        while True:
            step = nxt[here][0] if nxt[here][0] != prev else nxt[here][1]
            if step == self.z:
                break
            order.append(step)
            prev, here = here, step
        return [self.squares[k] for k in order]

    def run(self, limit: int, deadline: Deadline, nodes: int | None = None) -> list[list]:
        """Up to ``limit`` paths; BudgetSpent after ``nodes`` branchings (None: no budget)."""
        found: list[list] = []
        ok = self._settle(None)
        stack: list[list] = []  # [trail mark, edge, phase]: phase 0 took the edge, 1 removed it
        while True:
            if ok:
                if self.taken == self.n:
                    found.append(self.read_path())
                    if len(found) >= limit:
                        return found
                    ok = False
                else:
                    self.nodes += 1
                    if nodes is not None and self.nodes > nodes:
                        raise BudgetSpent(f"no proof within {nodes} branchings")
                    if self.nodes % CLOCK_EVERY == 0 and deadline.passed():
                        raise deadline.error()
                    e = self.branch_edge()
                    stack.append([len(self.trail), e, 0])
                    ok = self._settle(lambda: self.take(e))
                    continue
            while stack and stack[-1][2] == 1:
                self.undo(stack.pop()[0])
            if not stack:
                return found
            top = stack[-1]
            self.undo(top[0])
            top[2] = 1
            e = top[1]
            ok = self._settle(lambda: self.remove(e))

    def _settle(self, change) -> bool:
        try:
            if change is not None:
                change()
            else:  # the first settle: S's edge to Z is taken (it is the path's start)
                self.take(self.pair[self.start, self.z])
                self.queue.extend(range(self.n))
            self.propagate()
        except _Failed:
            return False
        return True


def path_search(puzzle: Puzzle, limit: int = 2, time_limit=None) -> list[Solution]:
    """Up to ``limit`` knight's paths of ``puzzle`` (fewer: there are no more), each checked by the rules.

    Clause learning with connectivity cuts first (:func:`cut_search`); after ``ROUNDS`` solves, the
    propagating search (:class:`PathSearch`) lists them from the start. ``time_limit``: seconds or a ``Deadline``; SolverError when it is spent before the search ends."""
    deadline = Deadline.of(time_limit)
    squares = puzzle.open_squares()
    if len(squares) == 1:
        paths = [[puzzle.start]] if puzzle.end is None else []
    else:
        try:
            paths = cut_search(puzzle, limit, deadline, ROUNDS)
        except BudgetSpent:
            paths = PathSearch(puzzle).run(limit, deadline)
    found = []
    for path in paths:
        solution = as_solution(path)
        faults = check_rules(puzzle, solution)
        if faults:  # pragma: no cover - a guard: the search keeps the rules by construction
            raise SolverError("the path search returned a path that breaks a rule: " + faults[0].message)
        found.append(solution)
    return found


# -- the second search: clause learning with connectivity cuts -----------------------------------------
def cut_search(puzzle: Puzzle, limit: int = 2, time_limit=None, rounds: int | None = None) -> list[list]:
    """Up to ``limit`` paths (as lists of squares) by clause learning with lazy connectivity cuts.

    The same graph with Z as :class:`PathSearch`: a variable per edge, exactly two edges at every
    vertex (native cardinality constraints on Gluecard, :mod:`puzzlelib.engine.card_sat`), the edge
    Z-S taken. A model is a set of cycles; while it holds more than one, each cycle's vertex set S
    gets the cut "some edge leaves S" (a Hamiltonian cycle crosses every cut), and the solver goes
    on with every clause it learnt. A single cycle is a path; it is forbidden (not all its edges
    again) and the search goes on for the next, until ``limit`` paths or none is left.
    BudgetSpent after ``rounds`` solves (None: no budget).
    """
    from ..engine.card_sat import CardSearch

    deadline = Deadline.of(time_limit)
    graph = PathSearch(puzzle)
    n, edges = graph.n, graph.edges
    search = CardSearch()
    var = [search.new() for _ in edges]
    for v in range(n):
        search.exactly([var[e] for e in graph.inc[v]], 2)
    search.add([var[graph.pair[graph.start, graph.z]]])
    found: list[list] = []
    solves = 0
    try:
        while len(found) < limit:
            solves += 1
            if rounds is not None and solves > rounds:
                raise BudgetSpent(f"no proof within {rounds} solves")
            model = search.solve(deadline)
            if model is None:
                break
            taken = [e for e in range(len(edges)) if var[e] in model]
            cycles = _cycles(n, edges, taken)
            if len(cycles) > 1:
                for cycle in cycles:
                    inside = set(cycle)
                    search.add([var[e] for e in range(len(edges))
                                if (edges[e][0] in inside) != (edges[e][1] in inside)])
                continue
            for e in range(len(edges)):
                graph.state[e] = TAKEN if var[e] in model else UNDECIDED
            found.append(graph.read_path())
            search.add([-var[e] for e in taken])
    finally:
        search.close()
    return found


def _cycles(n: int, edges, taken) -> list[list[int]]:
    """The vertex sets of the cycles the taken edges (two at every vertex) form."""
    nbrs: list[list[int]] = [[] for _ in range(n)]
    for e in taken:
        u, v = edges[e]
        nbrs[u].append(v)
        nbrs[v].append(u)
    seen = [False] * n
    cycles = []
    for s in range(n):
        if seen[s]:
            continue
        cycle, todo = [], [s]
        seen[s] = True
        while todo:
            u = todo.pop()
            cycle.append(u)
            for w in nbrs[u]:
                if not seen[w]:
                    seen[w] = True
                    todo.append(w)
        cycles.append(cycle)
    return cycles
