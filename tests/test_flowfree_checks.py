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
def fold_rule(problem, puzzle, x, blocks=((2, 3), (3, 2)), room=1, colours=None, short=0):
    """The no-fold rule; the keywords make the wrong versions students write."""
    nrows, ncols = puzzle.shape
    for h, w in blocks:
        for r in range(nrows - h + 1 - short):
            for c in range(ncols - w + 1 - short):
                block = [(r + i, c + j) for i in range(h) for j in range(w)]
                for k in colours or puzzle.colours:
                    problem += pulp.lpSum(x[cell, k] for cell in block) <= h * w - room


def right_no_fold(problem, puzzle, x):
    fold_rule(problem, puzzle, x)


def _edges_of(problem):
    """The model's edge binaries e_r1_c1_r2_c2, found by name (a student's answer only gets x)."""
    for var in problem.variables():
        if var.name.startswith("e_"):
            r1, c1, r2, c2 = map(int, var.name[2:].split("_"))
            yield ((r1, c1), (r2, c2)), var


def tidy_rule(problem, puzzle, x):  # too strict: the chapter's (C7) instead of the exercise's rule
    for (u, v), used in _edges_of(problem):
        for k in puzzle.colours:
            problem += x[u, k] + x[v, k] - 1 <= used


def _codes(report):
    return set(report.codes)


def test_no_fold_check_passes_the_right_rule_and_refuses_a_stub():
    report = checks.check_no_fold(right_no_fold)
    assert report.passed and report.score == 1.0, report.summary()
    assert checks.check_no_fold(stub).status == "not done"


def test_no_fold_check_names_each_fault():
    square = checks.check_no_fold(ff.add_no_square_rule)  # the chapter's 2x2 rule: too strong
    assert not square.passed and _codes(square) == {"rules-out-solution"}
    assert "2x2 whose only solution is one square block" in square.summary()
    assert square.failures[0][1].figure is not None
    tidy = checks.check_no_fold(tidy_rule)
    assert not tidy.passed and "alongside itself" in tidy.summary() and "rules-out-solution" in tidy.codes
    rows_only = checks.check_no_fold(lambda p, q, x: fold_rule(p, q, x, blocks=((2, 3),)))  # one orientation
    assert not rows_only.passed and _codes(rows_only) == {"keeps-block:3x2"}
    assert "folds A back down the columns" in rows_only.summary()
    cols_only = checks.check_no_fold(lambda p, q, x: fold_rule(p, q, x, blocks=((3, 2),)))
    assert not cols_only.passed and _codes(cols_only) == {"keeps-block:2x3"}
    off_by_one = checks.check_no_fold(lambda p, q, x: fold_rule(p, q, x, room=2))  # <= 4: too strong
    assert not off_by_one.passed and "rules-out-solution" in off_by_one.codes
    short = checks.check_no_fold(lambda p, q, x: fold_rule(p, q, x, short=1))  # the last block start left out
    assert not short.passed and "keeps-block:2x3" in short.codes
    one = checks.check_no_fold(lambda p, q, x: fold_rule(p, q, x, colours=q.colours[:1]))  # first colour only
    assert not one.passed and any(code.startswith("keeps-block") for code in one.codes)


def test_no_fold_check_gives_no_marks_to_vacuous_rules():
    nothing = checks.check_no_fold(lambda problem, puzzle, x: None)
    assert not nothing.passed and nothing.score < 0.5
    assert _codes(nothing) <= {"keeps-block:2x3", "keeps-block:3x2"}

    def all_zero(problem, puzzle, x):
        for var in x.values():
            problem += var == 0
    assert not checks.check_no_fold(all_zero).passed

    def restated(problem, puzzle, x):  # (C1) again: restates a constraint of the model
        for r in range(puzzle.shape[0]):
            for c in range(puzzle.shape[1]):
                problem += pulp.lpSum(x[(r, c), k] for k in puzzle.colours) == 1
    assert _codes(checks.check_no_fold(restated)) <= {"keeps-block:2x3", "keeps-block:3x2"}


def test_no_fold_check_refuses_a_search_for_the_answer():
    def search(problem, puzzle, x):  # asks the library for the colourings and pins the tidy one
        best = ff.solutions(puzzle, limit=1, no_touch=True)
        for (cell, k), var in x.items():
            problem += var == int(best[0].grid[cell[0]][cell[1]] == k)
    report = checks.check_no_fold(search)
    assert not report.passed and set(report.codes) == {"calls-library:ff.solutions"}

    def oracle(problem, puzzle, x):
        checks.unfolded_colourings(puzzle)
    assert "calls-library:checks.unfolded_colourings" in checks.check_no_fold(oracle).codes

    def solver(problem, puzzle, x):
        pulp.LpProblem("p", pulp.LpMinimize).solve(pulp.HiGHS(msg=False))
    assert all(code.startswith("calls-library:") for code in checks.check_no_fold(solver).codes)


def test_no_fold_data_is_a_filter_of_the_plain_rules():
    assert checks.folded_block(["AAA", "AAA"]) == ((0, 0), "2x3")
    assert checks.folded_block(["AA", "AA", "AA"]) == ((0, 0), "3x2")
    assert checks.folded_block(["AA", "AA"]) is None
    assert len(checks.unfolded_colourings(ff.HARTMANN_8X8)) == 1
    assert not hasattr(checks, "reference") and not hasattr(checks, "check_no_square")


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
    assert set(nothing.codes) == {"crosses-wall"} and nothing.score < 0.5
    colours = checks.check_walls(different_colours)
    assert "forbids a valid colouring" in colours.summary() and "wall-as-colour-border" in colours.codes
    first = checks.check_walls(first_wall_only)
    assert "cross the wall" in first.summary() and set(first.codes) == {"crosses-wall"}

    def reversed_walls(problem, puzzle, variables, walls):
        unordered(problem, puzzle, variables, [(v, u) for u, v in walls])

    assert "cross the wall" in checks.check_walls(reversed_walls).summary()
    assert checks.check_walls(stub).status == "not done"


def test_walls_check_gives_no_marks_to_vacuous_answers():
    def no_pipes(problem, puzzle, variables, walls):  # every edge forbidden: nothing is admitted
        for var in variables["e"].values():
            problem += var == 0
    report = checks.check_walls(no_pipes)
    assert not report.passed and set(report.codes) <= {"rules-out-solution", "wall-as-colour-border"}

    def search(problem, puzzle, variables, walls):
        checks.walled_colourings(puzzle, tuple(walls))
    assert set(checks.check_walls(search).codes) == {"calls-library:checks.walled_colourings"}


def test_walls_data_is_a_filter_of_the_plain_rules():
    """The data of 5.2 agree with the cells model plus the walls (the answer lives in the tests only)."""
    for name, puzzle, walls in checks.wall_battery()[:4]:
        problem, variables = ff.build_model(puzzle, model="cells")
        right_walls(problem, puzzle, variables, walls)
        admitted = {s.grid for s in checks._colourings(problem, puzzle, variables, 50)}
        assert admitted == {s.grid for s in checks.walled_colourings(puzzle, walls)}, name


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
    assert set(checks.check_measure(cap_as_time).codes) == {"timeout-recorded-as-time"}
    assert set(checks.check_measure(seed_ignored).codes) == {"ignores-seed"}
    assert set(checks.check_measure(unchecked).codes) == {"unchecked-answers"}
    assert "ignores-cap" in checks.check_measure(no_cap).codes


def test_measure_check_gives_no_marks_to_constant_tables():
    for constant in ({}, [], {("hartmann2", 4): None, ("hartmann2", 5): None, ("cells", 4): None, ("cells", 5): None},
                     {key: 1.0 for key in (("hartmann2", 4), ("hartmann2", 5), ("cells", 4), ("cells", 5))}):
        report = checks.check_measure(lambda *a, constant=constant, **k: constant)
        assert report.passed_boards == 0, (constant, report.summary())
