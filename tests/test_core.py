"""The shared core: one solver layer, enumeration, checks, reports, drawing and the exercise tool."""

import random
import time
import warnings

import nbformat
import pulp
import pytest

from puzzlelib.engine import (NoSolution, PuzzleError, SolverError, add_binary, add_integer,
                            enumerate_solutions, make_solver, new_problem, nogood_cut, solve_model)
from puzzlelib.feedback.checks import Case, Failure, run_check
from puzzlelib.display.drawing import cell_from_xy, new_board_axes
from puzzlelib.display.report import seconds, table
from puzzlelib.engine.solver import Deadline
from puzzlelib.classroom import exercises

SOLVERS = ["highs", "cbc"]


def small_knapsack():
    problem = new_problem("knapsack", pulp.LpMaximize)
    x = [add_binary(problem, f"x{i}") for i in range(4)]
    problem += pulp.lpSum(v * xi for v, xi in zip([5, 4, 3, 2], x))
    problem += pulp.lpSum(w * xi for w, xi in zip([4, 3, 2, 1], x)) <= 7, "capacity"
    return problem, x


@pytest.mark.parametrize("solver", SOLVERS)
def test_optimum_with_both_solvers(solver):
    problem, x = small_knapsack()
    assert solve_model(problem, solver=solver) == 10  # items 0, 2, 3: weight 7, value 10
    assert [round(v.value()) for v in x] == [1, 0, 1, 1]


@pytest.mark.parametrize("solver", SOLVERS)
def test_infeasible_is_no_solution(solver):
    problem = new_problem("none")
    x = add_binary(problem, "x")
    problem += x >= 2, "impossible"
    with pytest.raises(NoSolution):
        solve_model(problem, solver=solver)


@pytest.mark.parametrize("solver", SOLVERS)
def test_unbounded_is_never_an_answer(solver):
    problem = new_problem("up", pulp.LpMaximize)
    y = add_integer(problem, "y", low=0)
    problem += y
    problem += y >= 1
    # CBC says "unbounded" (SolverError); HiGHS's MIP presolve says "infeasible or unbounded",
    # which PuLP reports as infeasible (NoSolution). Either way no value comes back.
    with pytest.raises(SolverError if solver == "cbc" else (SolverError, NoSolution)):
        solve_model(problem, solver=solver)


@pytest.mark.parametrize("solver", SOLVERS)
def test_time_limit_is_a_solver_error(solver):
    rng = random.Random(0)
    problem = new_problem("subset_sum")
    xs = [add_binary(problem, f"x{i}") for i in range(60)]
    weights = [2 * rng.randrange(10**6, 2 * 10**6) for _ in xs]
    problem += pulp.lpSum(w * x for w, x in zip(weights, xs)) == sum(weights) // 2 + 1
    problem += pulp.lpSum(xs)
    with pytest.raises(SolverError, match="time limit"):
        solve_model(problem, solver=solver, time_limit=0.3)


def test_relaxation_gives_fractions():
    problem, x = small_knapsack()
    assert solve_model(problem, relax=True) == 10.25  # the LP bound is above the integer optimum


def test_solver_choice(monkeypatch):
    assert isinstance(make_solver(), pulp.HiGHS)  # PuLP's HiGHS, fed in bulk on PuLP 3
    assert type(make_solver("cbc")).__name__ == "COIN_CMD"
    with pytest.raises(PuzzleError, match="did you mean 'cbc'"):  # spelt exactly (issue 38)
        make_solver("CBC")
    monkeypatch.setenv("PUZZLELIB_SOLVER", "cbc")
    assert type(make_solver()).__name__ == "COIN_CMD"
    assert isinstance(make_solver("highs"), pulp.HiGHS)
    with pytest.raises(SolverError, match="unknown solver 'glpk'"):
        make_solver("glpk")


def test_a_deadline_knows_when_it_has_passed():
    assert not Deadline(None).passed() and not Deadline(60).passed()
    spent = Deadline(0.001)
    time.sleep(0.01)
    assert spent.passed()
    with pytest.raises(SolverError, match="time limit"):
        spent.check()


def test_a_seed_reaches_highs_and_keeps_the_answer():
    assert make_solver(seed=5).optionsDict["random_seed"] == 5
    assert "random_seed" not in make_solver().optionsDict
    assert make_solver(node_limit=0).optionsDict["mip_max_nodes"] == 0
    assert "mip_max_nodes" not in make_solver(seed=5).optionsDict
    values = []
    for seed in (None, 0, 7):
        problem, x = small_knapsack()
        values.append(solve_model(problem, seed=seed))
    assert len(set(values)) == 1
    problem, x = small_knapsack()
    assert solve_model(problem, solver="cbc", seed=3) == values[0]  # CBC ignores the seed


@pytest.mark.parametrize("solver", SOLVERS)
def test_no_deprecation_warning_from_pulp(solver):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        problem, x = small_knapsack()
        solve_model(problem, solver=solver)


def test_enumeration_lists_every_optimum_once():
    problem = new_problem("pick2", pulp.LpMinimize)
    x = [add_binary(problem, f"x{i}") for i in range(4)]
    problem += pulp.lpSum(x)
    problem += pulp.lpSum(x) >= 2
    found = enumerate_solutions(problem, x, lambda: tuple(round(v.value()) for v in x), limit=10)
    assert len(found) == 6 and len(set(found)) == 6  # C(4, 2) optimal choices, never a worse one
    assert all(sum(f) == 2 for f in found)


def test_enumeration_of_a_feasibility_model_and_limits():
    problem = new_problem("free")
    x = [add_binary(problem, f"x{i}") for i in range(3)]
    problem += x[0] + x[1] + x[2] >= 0
    assert len(enumerate_solutions(problem, x, lambda: 1, limit=100)) == 8
    with pytest.raises(ValueError):
        enumerate_solutions(problem, x, lambda: 1, limit=0)


def test_nogood_cut_excludes_exactly_the_current_point():
    problem = new_problem("cut")
    x = [add_binary(problem, f"x{i}") for i in range(2)]
    problem += x[0] == 1
    problem += x[1] == 0
    solve_model(problem)
    cut = nogood_cut(x)
    # (1 - x0) + x1 >= 1, that is -x0 + x1 >= 0
    assert {v.name: a for v, a in cut.items()} == {"x0": -1, "x1": 1}
    assert cut.sense == pulp.LpConstraintGE and cut.constant == 0


def test_puzzle_error_is_a_value_error_and_no_solution_keeps_its_reason():
    assert issubclass(PuzzleError, ValueError)
    err = NoSolution("no filling", "row 1 would need 2")
    assert str(err) == "no filling: row 1 would need 2" and err.reason == "row 1 would need 2"


# -- checks ------------------------------------------------------------------------------------
def test_check_report_states():
    ok = run_check("9.1", "a thing", [Case("a", lambda: None), Case("b", lambda: None)])
    assert ok.passed and "right on all 2 boards" in repr(ok)

    def stub():
        raise NotImplementedError("Exercise 9.1: replace this line with your code")
    todo = run_check("9.1", "a thing", [Case("a", stub)])
    assert todo.status == "not done" and "not done yet" in repr(todo)

    def crash():
        raise KeyError("cell")
    bad = run_check("9.1", "a thing", [Case("a", lambda: None), Case("b", crash),
                                       Case("c", lambda: Failure("row 2 is wrong"))])
    assert bad.status == "failed" and bad.passed_boards == 1
    assert "b: your code raised KeyError" in repr(bad) and "c: row 2 is wrong" in repr(bad)
    assert "needs work" in bad._repr_html_()


def test_report_table_has_stable_widths():
    a = table(["n", "time"], [(5, seconds(0.01234)), (50, seconds(12.5))])
    lines = a.splitlines()
    assert len({len(line) for line in lines}) == 1
    assert seconds(0.01234) == "   0.012 s" and len(seconds(None)) == len(seconds(1.0))


def test_cell_from_xy():
    assert cell_from_xy(1.2, 2.4, 3, 3) == (2, 1)
    assert cell_from_xy(-0.7, 0, 3, 3) is None and cell_from_xy(None, 1, 3, 3) is None
    ax = new_board_axes(3, 4, margin=(1, 1, 0, 0))
    assert ax.get_xlim() == (-1.5, 3.5) and ax.get_ylim() == (2.5, -1.5)


# -- exercise generation -----------------------------------------------------------------------
def notebook(*cells):
    nb = nbformat.v4.new_notebook()
    for kind, source in cells:
        nb.cells.append(nbformat.v4.new_markdown_cell(source) if kind == "md" else nbformat.v4.new_code_cell(source))
    return nb


def test_student_version_replaces_answers_with_stubs():
    nb = notebook(("md", "## Exercise 2.3: Something"),
                  ("code", "def f(x):\n    ### BEGIN SOLUTION\n    return x + 1\n    ### END SOLUTION\n\nf"),
                  ("md", "Why?\n\n<!-- BEGIN SOLUTION -->\nBecause.\n<!-- END SOLUTION -->"))
    out = student_cells = exercises.student_version(nb).cells
    assert student_cells[1].source == 'def f(x):\n    raise NotImplementedError("Exercise 2.3: replace this line with your code")\n\nf'
    assert out[2].source == "Why?\n\n*Your answer here.*"


@pytest.mark.parametrize("source, message", [
    ("def f():\n    ### BEGIN SOLUTION\n    pass\n", "never closed"),
    ("### END SOLUTION\n", "without"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\n", "nested"),
])
def test_unpaired_markers_are_reported(source, message):
    nb = notebook(("md", "## Exercise 1.1: x"), ("code", source))
    with pytest.raises(exercises.MarkerError, match=message):
        exercises.student_version(nb)


def test_answer_before_any_exercise_heading_is_reported():
    nb = notebook(("code", "### BEGIN SOLUTION\nx = 1\n### END SOLUTION"))
    with pytest.raises(exercises.MarkerError, match="before any 'Exercise N.M' heading"):
        exercises.student_version(nb)


def test_editors_leave_the_notebook_backend_alone():
    """ipympl would switch matplotlib to itself on import; then no picture shows inline."""
    import subprocess
    import sys
    code = ("import matplotlib; matplotlib.use('module://matplotlib_inline.backend_inline');"
            "import matplotlib.pyplot; import puzzlelib.display.editor as e; e.Canvas;"
            "print(matplotlib.get_backend())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "module://matplotlib_inline.backend_inline"
