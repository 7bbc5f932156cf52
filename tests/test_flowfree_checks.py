"""The exercise checks of chapter 5: right answers pass, broken ones fail with the rule named,
stubs are "not done yet"."""

import time

import pulp

from puzzlelib import flowfree as ff
from puzzlelib.flowfree import checks


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise 5.x: replace this line with your code")


def right_no_square(problem, puzzle, x):
    ff.add_no_square_rule(problem, puzzle, x)


def too_strict_no_square(problem, puzzle, x):  # at most 2 cells of a colour per block: too much
    nrows, ncols = puzzle.shape
    for r in range(nrows - 1):
        for c in range(ncols - 1):
            for k in puzzle.colours:
                problem += pulp.lpSum(x[cell, k] for cell in ff.square_cells((r, c))) <= 2


def right_mtz(problem, puzzle, x):
    nrows, ncols = puzzle.shape
    z = {cell: problem.add_variable(f"z_{cell[0]}_{cell[1]}", lowBound=0) for cell in ff.cells_of(puzzle.shape)}
    for u, w in ff.arcs_of(puzzle.shape):
        problem += z[w] - z[u] + nrows * ncols * (1 - x[u, w]) >= 1


def no_two_cycles_only(problem, puzzle, x):  # forbids u->v->u but not longer loops
    for u, w in ff.arcs_of(puzzle.shape):
        if u < w:
            problem += x[u, w] + x[w, u] <= 1


def measure(models, sizes, seed, cap):
    out = {}
    for model in models:
        for n in sizes:
            puzzle = ff.random_puzzle(n, seed=seed)
            start = time.perf_counter()
            ff.solve(puzzle, model=model, time_limit=cap)
            out[model, n] = time.perf_counter() - start
    return out


def test_no_square_check():
    assert checks.check_no_square(right_no_square).passed
    missing = checks.check_no_square(lambda problem, puzzle, x: None)
    assert missing.status == "failed" and "one-colour 2x2 block" in missing.summary()
    assert "Hartmann's 8x8" in missing.summary()
    strict = checks.check_no_square(too_strict_no_square)
    assert strict.status == "failed" and "forbids a colouring" in strict.summary()
    assert strict.failures and strict.failures[0][1].figure is not None
    assert checks.check_no_square(stub).status == "not done"


def test_subtour_check():
    assert checks.check_subtours(right_mtz).passed
    nothing = checks.check_subtours(lambda problem, puzzle, x: None)
    assert nothing.status == "failed" and "back and forth" in nothing.summary()
    partial = checks.check_subtours(no_two_cycles_only)
    assert partial.status == "failed" and "loop of" in partial.summary()

    def everything_forbidden(problem, puzzle, x):
        problem += pulp.lpSum(x.values()) <= 0

    assert "cut off real pipes" in checks.check_subtours(everything_forbidden).summary()
    assert checks.check_subtours(stub).status == "not done"


def test_measure_check():
    assert checks.check_measure(measure).passed
    assert "no entry" in checks.check_measure(lambda *a, **k: {}).summary()
    assert "dict" in checks.check_measure(lambda *a, **k: []).summary()
    assert "every entry is None" in checks.check_measure(
        lambda models, sizes, **k: {(m, n): None for m in models for n in sizes}).summary()
    assert checks.check_measure(stub).status == "not done"
