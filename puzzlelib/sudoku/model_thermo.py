"""Three ways to say "digits increase along a thermometer" on the binaries G (Chapter 7).

The chapter's model uses the helper H (the digit as an expression, H = sum_v v G_v) and one
inequality per step of a thermometer, H_b >= H_a + 1 (``"helper"``, in :mod:`.model`). The two
other ways here speak about the binaries directly, and the chapter measures all three:

* ``"implication"``: if a holds v then b holds more than v, G_a,v <= sum_{u > v} G_b,u, for
  every digit v: n inequalities per step;
* ``"pairs"``: a may not hold u while b holds v <= u, one conflict per pair of digits,
  G_a,u + G_b,v <= 1 for every u >= v: about n^2/2 inequalities per step.
"""

from __future__ import annotations

import pulp

THERMO_FORMULATIONS = ("helper", "implication", "pairs")


def add_thermo_helper(problem, G, n: int, k: int, cells) -> None:
    """One inequality per step: H_b - H_a >= 1."""
    for i, (a, b) in enumerate(zip(cells, cells[1:])):
        problem += (pulp.lpSum(v * G[b[0], b[1], v] for v in range(1, n + 1))
                    - pulp.lpSum(v * G[a[0], a[1], v] for v in range(1, n + 1)) >= 1), f"thermo_{k}_{i}"


def add_thermo_implication(problem, G, n: int, k: int, cells) -> None:
    """n inequalities per step: G_a,v <= sum_{u > v} G_b,u."""
    for i, (a, b) in enumerate(zip(cells, cells[1:])):
        for v in range(1, n + 1):
            problem += (G[a[0], a[1], v] <= pulp.lpSum(G[b[0], b[1], u] for u in range(v + 1, n + 1)),
                        f"thermo_{k}_{i}_if_{v}")


def add_thermo_pairs(problem, G, n: int, k: int, cells) -> None:
    """A conflict per pair of digits u >= v: G_a,u + G_b,v <= 1."""
    for i, (a, b) in enumerate(zip(cells, cells[1:])):
        for u in range(1, n + 1):
            for v in range(1, u + 1):
                problem += G[a[0], a[1], u] + G[b[0], b[1], v] <= 1, f"thermo_{k}_{i}_not_{u}_{v}"


ADD_THERMO = {"helper": add_thermo_helper, "implication": add_thermo_implication, "pairs": add_thermo_pairs}
