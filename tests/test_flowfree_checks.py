"""The exercise checks of chapter 5: right answers pass, the wrong answers students write fail with
the fault named, stubs are "not done yet"."""

import time

import pulp

from puzzlelib import flowfree as ff
from puzzlelib.core.errors import SolverError
from puzzlelib.flowfree import checks


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise 5.x: replace this line with your code")


# -- 5.1 -------------------------------------------------------------------------------------------
def right_no_square(problem, puzzle, x):
    ff.add_no_square_rule(problem, puzzle, x)


def at_most_two(problem, puzzle, x):  # an off-by-one: <= 2 per block
    for r in range(puzzle.shape[0] - 1):
        for c in range(puzzle.shape[1] - 1):
            for k in puzzle.colours:
                problem += pulp.lpSum(x[cell, k] for cell in ff.square_cells((r, c))) <= 2


def _edges_of(problem):
    """The model's edge binaries e_r1_c1_r2_c2, found by name (a student's answer only gets x)."""
    for var in problem.variables():
        if var.name.startswith("e_"):
            r1, c1, r2, c2 = map(int, var.name[2:].split("_"))
            yield ((r1, c1), (r2, c2)), var


def tidy_rule(problem, puzzle, x):  # too strict: the chapter's (C7) instead of the 2x2 rule
    for (u, v), used in _edges_of(problem):
        for k in puzzle.colours:
            problem += x[u, k] + x[v, k] - 1 <= used


def first_colour_only(problem, puzzle, x):  # an ignored loop: only the first colour is covered
    k = puzzle.colours[0]
    for r in range(puzzle.shape[0] - 1):
        for c in range(puzzle.shape[1] - 1):
            problem += pulp.lpSum(x[cell, k] for cell in ff.square_cells((r, c))) <= 3


def test_no_square_check():
    assert checks.check_no_square(right_no_square).passed
    missing = checks.check_no_square(lambda problem, puzzle, x: None)
    assert missing.status == "failed" and "one-colour 2x2 block" in missing.summary()
    strict = checks.check_no_square(at_most_two)
    assert strict.status == "failed" and "forbids a valid colouring" in strict.summary()
    assert strict.failures and strict.failures[0][1].figure is not None
    tidy = checks.check_no_square(tidy_rule)
    assert tidy.status == "failed" and "forbids a valid colouring" in tidy.summary()
    assert "alongside itself" in tidy.summary()
    one = checks.check_no_square(first_colour_only)
    assert one.status == "failed" and "2x2 block" in one.summary()
    assert checks.check_no_square(stub).status == "not done"


# -- 5.2 -------------------------------------------------------------------------------------------
def right_walls(problem, puzzle, variables, walls):
    for i, (u, v) in enumerate(walls):
        problem += variables["e"][ff.edge(u, v)] == 0


def different_colours(problem, puzzle, variables, walls):  # too strict: a wall is not a colour border
    for u, v in walls:
        for k in puzzle.colours:
            problem += variables["x"][u, k] + variables["x"][v, k] <= 1


def unordered(problem, puzzle, variables, walls):  # an unhandled case: walls given as (larger, smaller)
    for u, v in walls:
        if (u, v) in variables["e"]:
            problem += variables["e"][u, v] == 0


def first_wall_only(problem, puzzle, variables, walls):  # an off-by-one over the list
    for u, v in walls[:1]:
        problem += variables["e"][ff.edge(u, v)] == 0


def test_walls_check():
    assert checks.check_walls(right_walls).passed
    nothing = checks.check_walls(lambda *a: None)
    assert nothing.status == "failed" and "cross the wall between" in nothing.summary()
    assert "forbids a valid colouring" in checks.check_walls(different_colours).summary()
    assert "cross the wall" in checks.check_walls(first_wall_only).summary()

    def reversed_walls(problem, puzzle, variables, walls):
        unordered(problem, puzzle, variables, [(v, u) for u, v in walls])

    assert "cross the wall" in checks.check_walls(reversed_walls).summary()
    assert checks.check_walls(stub).status == "not done"


# -- 5.3 -------------------------------------------------------------------------------------------
def right_measure(models, sizes, seed=0, cap=10.0):
    out = {}
    for model in models:
        for n in sizes:
            puzzle = ff.random_puzzle(n, seed=seed)
            start = time.perf_counter()
            try:
                answer = ff.solve(puzzle, model=model, time_limit=cap)
            except SolverError:
                out[model, n] = None
                continue
            assert ff.verify(puzzle, answer) == []
            out[model, n] = time.perf_counter() - start
    return out


def cap_as_time(models, sizes, seed=0, cap=10.0):  # records a timeout as the cap
    out = {}
    for model in models:
        for n in sizes:
            puzzle = ff.random_puzzle(n, seed=seed)
            start = time.perf_counter()
            try:
                ff.verify(puzzle, ff.solve(puzzle, model=model, time_limit=cap))
                out[model, n] = time.perf_counter() - start
            except SolverError:
                out[model, n] = cap
    return out


def seed_ignored(models, sizes, seed=0, cap=10.0):
    return right_measure(models, sizes, 0, cap)


def unchecked(models, sizes, seed=0, cap=10.0):  # never calls verify
    out = {}
    for model in models:
        for n in sizes:
            puzzle = ff.random_puzzle(n, seed=seed)
            start = time.perf_counter()
            try:
                ff.solve(puzzle, model=model, time_limit=cap)
                out[model, n] = time.perf_counter() - start
            except SolverError:
                out[model, n] = None
    return out


def no_cap(models, sizes, seed=0, cap=10.0):  # the cap is not passed to solve
    out = {}
    for model in models:
        for n in sizes:
            puzzle = ff.random_puzzle(n, seed=seed)
            start = time.perf_counter()
            answer = ff.solve(puzzle, model=model)
            assert ff.verify(puzzle, answer) == []
            out[model, n] = time.perf_counter() - start
    return out


def test_measure_check():
    report = checks.check_measure(right_measure)
    assert report.passed and "all 2 boards" in report.summary()
    assert "must be recorded as None" in checks.check_measure(cap_as_time).summary()
    assert "seed 1" in checks.check_measure(seed_ignored).summary()
    assert "ff.verify" in checks.check_measure(unchecked).summary()
    assert "time_limit=cap" in checks.check_measure(no_cap).summary()
    assert "no entry" in checks.check_measure(lambda *a, **k: {}).summary()
    assert "dict" in checks.check_measure(lambda *a, **k: []).summary()
    assert checks.check_measure(stub).status == "not done"
