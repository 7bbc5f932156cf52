"""model_symmetric.py: the symmetry-breaking add-on (4) of the ``symmetric`` formulation (chapter 11).

When every node wants the same count of every colour (3-edge-colouring: one of each at every node
of a cubic graph), renaming the colours turns an answer into another: each colouring comes in
k! copies (k colours), and a search that proves "no colouring" (the Petersen graph) must refute every
copy. The add-on picks one node that wants exactly one edge of each colour and fixes its edges'
colours, in edge order, to the colours in order (:func:`board.symmetry_fix`):

    (4)  z[e_i, c_i] = 1      for the i-th edge e_i of the chosen node and the i-th colour c_i

Every colouring can be renamed to keep (4), so the model stays feasible exactly when the puzzle is,
and it keeps one colouring per renaming. Where the colours are not interchangeable nothing is fixed
and the formulation is the plain one. ``solutions(model="symmetric")`` therefore answers "unique up
to renaming the colours?"; ``rules.brute_force(model="symmetric")`` lists the same answers.
"""

from __future__ import annotations

import pulp

from .board import Puzzle, symmetry_fix


def add_symmetry_breaking(problem: pulp.LpProblem, z: dict, puzzle: Puzzle) -> dict[int, str]:
    """Add (4) to ``problem``; returns the fixed colours, by edge index (empty: nothing to break)."""
    fixed = symmetry_fix(puzzle)
    for e, colour in fixed.items():
        problem += z[e, colour] == 1, f"symmetry_{e}"                                         # (4)
    return fixed
