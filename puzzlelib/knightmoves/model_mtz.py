"""model_mtz.py: chapter 11's compact formulation, (1)-(3) with Miller-Tucker-Zemlin order variables
(6)-(7) in place of the exponentially many cuts (5).

    (6)  t[s] = 0,  0 <= t[v] <= n - 1              for every open square v (n open squares)
    (7)  t[v] >= t[u] + 1 - n (1 - y[u, v])         for every arc (u, v) in A

``t[v]`` is the step on which the knight lands on v. Along a chosen jump the order rises by at least
one; around a cycle it would have to rise forever, so no cycle survives. (7) with its big-M of n is
weak in the LP relaxation, which is why the chapter measures it against the lazy cuts on growing
boards. ``t`` may be continuous: (7) forbids cycles whatever values it takes.
"""

from __future__ import annotations

from ..engine import Deadline, add_continuous
from .board import Puzzle
from .model_lazy import _name, build_degrees


# BEGIN build_mtz
def build(puzzle: Puzzle, deadline: Deadline):
    """``(problem, y)``: (1)-(3) and (6)-(7); the order variables are ``problem._order``."""
    problem, y = build_degrees(puzzle, deadline, "knightmoves_mtz")
    n = len(puzzle.open_squares())
    t = {v: add_continuous(problem, f"t_{_name(v)}", 0, max(n - 1, 0)) for v in puzzle.open_squares()}  # (6)
    problem += t[puzzle.start] == 0, "t_start"                                                           # (6)
    for (u, v), var in y.items():
        deadline.check()
        problem += t[v] >= t[u] + 1 - n * (1 - var), f"order_{_name(u)}_to_{_name(v)}"                  # (7)
    problem._order = t
    return problem, y
# END build_mtz
