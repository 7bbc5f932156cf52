"""A class of submissions for chapters 1 and 10, as a lecturer meets them, for the grading tests.

Every submission starts from the student's exercise notebook in ``exercises/`` and replaces answer
cells (found by the lecturer's cell ids, as a student's copy keeps them) with what that student
wrote, or adds cells. ``EXPECTED`` says what a lecturer would give each (student, exercise):
"full", "zero" or "partial" (more than nothing, less than full).
"""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]

# --------------------------------------------------------------------------------------------- #
# Chapter 1
# --------------------------------------------------------------------------------------------- #
WARM_RIGHT = '''def warm_model(board):
    m, n = board.shape
    problem = new_problem("warm")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(m) for c in range(n)}
    for r in range(m):
        if board.rows[r] is not None:
            problem += pulp.lpSum(x[r, c] for c in range(n)) == board.rows[r]
    for c in range(n):
        if board.cols[c] is not None:
            problem += pulp.lpSum(x[r, c] for r in range(m)) == board.cols[c]
    for cells in board.thermometers:
        problem += x[cells[0]] >= 1
        for k in range(1, len(cells)):
            problem += x[cells[k - 1]] - x[cells[k]] >= 0
    return problem, x
'''
WARM_NO_BULB = WARM_RIGHT.replace("        problem += x[cells[0]] >= 1\n", "")
WARM_LOOP = '''def warm_model(board):
    while True:
        pass
'''
WARM_RAISES = '''def warm_model(board):
    return build(board)   # a helper the student never wrote
'''
WARM_ORACLE = '''def warm_model(board):
    fillings = sorted(checks.warm_fillings(board))
    m, n = board.shape
    problem = new_problem("copied")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(m) for c in range(n)}
    pick = [add_binary(problem, f"pick_{k}") for k in range(len(fillings))]
    problem += pulp.lpSum(pick) == 1
    for (r, c), v in x.items():
        problem += v - pulp.lpSum(pick[k] for k, g in enumerate(fillings) if g[r][c]) == 0
    return problem, x
'''
#: a cheat who reads the lecturer's notebook from the grading machine and runs its answer
WARM_STOLEN = '''import re, pathlib, puzzlelib
source = (pathlib.Path(puzzlelib.__file__).parents[1] / "solutions" / "01-thermometers-solutions.md").read_text()
exec(re.search(r"(def warm_model.*?)### END SOLUTION", source, re.S).group(1).replace("### BEGIN SOLUTION", ""))
'''
COUNT_SHELL = '''import subprocess
def count_solutions(puzzle, limit):
    return int(subprocess.run(["echo", "1"], capture_output=True, text=True).stdout)
'''
FIXED_RIGHT = '''def fixed_model(puzzle):
    m, n = puzzle.shape
    problem = new_problem("thermometers")
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(m) for j in range(n)}
    for i in range(m):
        problem += pulp.lpSum(x[i, j] for j in range(n)) == puzzle.rows[i]
    for j in range(n):
        problem += pulp.lpSum(x[i, j] for i in range(m)) == puzzle.cols[j]
    for cells in puzzle.thermometers:
        for k in range(1, len(cells)):
            problem += x[cells[k - 1]] - x[cells[k]] >= 0
    return problem, x
'''
FIXED_SHORT = FIXED_RIGHT.replace("range(1, len(cells))", "range(1, len(cells) - 1)")
FIXED_SYNTAX = FIXED_RIGHT.replace("for i in range(m):", "for i in range(m)")
FIXED_LIBRARY = '''def fixed_model(puzzle):
    return th.build_model(puzzle)
'''
COUNT_RIGHT = '''def count_solutions(puzzle, limit):
    problem, x = fixed_like(puzzle)
    count = 0
    while count < limit:
        try:
            solve_model(problem)
        except NoSolution:
            break
        count += 1
        ones = [v for v in x.values() if v.value() > 0.5]
        zeros = [v for v in x.values() if v.value() <= 0.5]
        problem += pulp.lpSum(1 - v for v in ones) + pulp.lpSum(zeros) >= 1
    return count

def fixed_like(puzzle):
    m, n = puzzle.shape
    problem = new_problem("t")
    x = {(i, j): add_binary(problem, f"x_{i}_{j}") for i in range(m) for j in range(n)}
    for i in range(m):
        problem += pulp.lpSum(x[i, j] for j in range(n)) == puzzle.rows[i]
    for j in range(n):
        problem += pulp.lpSum(x[i, j] for i in range(m)) == puzzle.cols[j]
    for cells in puzzle.thermometers:
        for k in range(1, len(cells)):
            problem += x[cells[k - 1]] - x[cells[k]] >= 0
    return problem, x
'''
COUNT_ONE = '''def count_solutions(puzzle, limit):
    return 1
'''
COUNT_ORACLE = '''def count_solutions(puzzle, limit):
    return min(len(checks.true_fillings(puzzle)), limit)
'''
COUNT_LIBRARY = '''def count_solutions(puzzle, limit):
    return len(th.solutions(puzzle, limit=limit))
'''
#: an honest attempt with a slip: it stops one solution late when there are many
COUNT_OFF_BY_ONE = COUNT_RIGHT.replace("while count < limit:", "while count <= limit:")

#: a forger: the untouched notebook plus cells that write verdicts where the old grader read them
#: and patch the checks in the student's own process
FORGER_CELLS = [
    '''import json, os
for exercise in ("1.1", "1.2", "1.3", "10.1", "10.2", "10.3"):
    with open(os.environ.get("PUZZLELIB_GRADE_LOG", "/tmp/log.jsonl"), "a") as log:
        log.write(json.dumps({"exercise": exercise, "status": "passed", "passed_boards": 9,
                              "total_boards": 9, "message": "passed", "rules": []}) + "\\n")
''',
    '''import puzzlelib.feedback.checks as fc
fc.CheckReport.passed = property(lambda self: True)
fc.run_check = lambda exercise, title, cases, **kw: fc.CheckReport(exercise, title, total_boards=len(cases),
                                                                  passed_boards=len(cases))
''',
]

# --------------------------------------------------------------------------------------------- #
# Chapter 10
# --------------------------------------------------------------------------------------------- #
LEAST_RIGHT = '''def least_fractional(candidates):
    best, best_gap = None, None
    for name, value in candidates.items():
        gap = min(value - math.floor(value), math.ceil(value) - value)
        if best_gap is None or gap < best_gap:
            best, best_gap = name, gap
    return best
import math
'''
LEAST_FIRST = '''def least_fractional(candidates):
    return next(iter(candidates))
'''
LEAST_LOOP = '''def least_fractional(candidates):
    while True:
        pass
'''
BOUND_RIGHT = '''def lp_bound(values, weights, capacity):
    items = sorted(zip(values, weights), key=lambda vw: vw[0] / vw[1], reverse=True)
    total, room = 0.0, capacity
    for value, weight in items:
        take = min(1.0, room / weight)
        total += take * value
        room -= take * weight
        if room <= 0:
            break
    return total
'''
BOUND_SOLVER = '''import pulp
def lp_bound(values, weights, capacity):
    problem = pulp.LpProblem("knapsack", pulp.LpMaximize)
    y = [problem.add_variable(f"y{i}", lowBound=0, upBound=1) for i in range(len(values))]
    problem += pulp.lpSum(v * t for v, t in zip(values, y))
    problem += pulp.lpSum(w * t for w, t in zip(weights, y)) <= capacity
    problem.solve(pulp.HiGHS(msg=False))
    return pulp.value(problem.objective)
'''
BOUND_HIGHSPY = '''import highspy
def lp_bound(values, weights, capacity):
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    inf = highspy.kHighsInf
    for v in values:
        h.addVar(0, 1)
    h.changeColsCost(len(values), list(range(len(values))), [-v for v in values])
    h.addRow(-inf, capacity, len(weights), list(range(len(weights))), weights)
    h.run()
    return -h.getInfo().objective_function_value
'''
BOUND_WHOLE = '''def lp_bound(values, weights, capacity):
    items = sorted(zip(values, weights), key=lambda vw: vw[0] / vw[1], reverse=True)
    total, room = 0, capacity
    for value, weight in items:
        if weight <= room:
            total, room = total + value, room - weight
    return total
'''
BOUND_RAISES = '''def lp_bound(values, weights, capacity):
    return sum(values) / 0
'''
CUT_RIGHT = '''def my_cut(x):
    return x[0, 2] >= 1
'''
CUT_ROW = '''def my_cut(x):
    return x[0, 0] + x[0, 1] + x[0, 2] + x[0, 3] <= 3
'''
CUT_ORACLE = '''def my_cut(x):
    puzzle, point, fillings = checks.cut_board()
    cells = [(i, j) for i in range(3) for j in range(4) if all(g[i][j] for g in fillings)]
    return x[cells[0]] >= 1
'''

NODE_BEST = '''import heapq
import math

from puzzlelib.inside_solver.branch_and_bound import most_fractional


def search(lp):
    best_value, best_point = None, None
    heap = [(-math.inf, 0, ())]
    pushed = 0
    while heap:
        bound, _, decisions = heapq.heappop(heap)
        if best_value is not None and bound >= best_value - 1e-6:
            break
        node = lp(decisions)
        if node.value is None or best_value is not None and node.value >= best_value - 1e-6:
            continue
        if not node.fractional:
            best_value, best_point = node.value, node.point
            continue
        name = most_fractional(node.fractional)
        v = node.fractional[name]
        for child in (decisions + ((name, "<=", math.floor(v)),), decisions + ((name, ">=", math.ceil(v)),)):
            pushed += 1
            heapq.heappush(heap, (node.value, pushed, child))
    return best_value, best_point
'''
#: The chapter's depth-first loop translated to the oracle: right optimum, wrong order (not best first).
NODE_DEPTH = '''import math

from puzzlelib.inside_solver.branch_and_bound import most_fractional


def search(lp):
    best, best_point = None, None
    stack = [((), None)]
    while stack:
        decisions, bound = stack.pop()
        if best is not None and bound is not None and bound >= best - 1e-6:
            continue
        node = lp(decisions)
        if node.value is None or best is not None and node.value >= best - 1e-6:
            continue
        if not node.fractional:
            best, best_point = node.value, node.point
            continue
        name = most_fractional(node.fractional)
        v = node.fractional[name]
        down = (decisions + ((name, "<=", math.floor(v)),), node.value)
        up = (decisions + ((name, ">=", math.ceil(v)),), node.value)
        stack += [down, up] if v % 1 >= 0.5 else [up, down]
    return best, best_point
'''

#: the exercise notebooks as handed out (exercises/), the name a submission keeps
CHAPTER_1 = "01-thermometers-exercises.ipynb"
CHAPTER_10 = "10-inside-the-solver-exercises.ipynb"

#: student -> (notebook, {exercise: answer source}, extra cells appended at the end)
CLASS = {
    "ada-right": (CHAPTER_1, {"1.1": WARM_RIGHT, "1.2": FIXED_RIGHT, "1.3": COUNT_RIGHT}, []),
    "ben-mistakes": (CHAPTER_1, {"1.1": WARM_NO_BULB, "1.2": FIXED_SHORT, "1.3": COUNT_OFF_BY_ONE}, []),
    "cy-loop": (CHAPTER_1, {"1.1": WARM_LOOP, "1.2": FIXED_RIGHT, "1.3": COUNT_RIGHT}, []),
    "dee-raises": (CHAPTER_1, {"1.1": WARM_RAISES, "1.2": FIXED_SYNTAX, "1.3": COUNT_RIGHT}, []),
    "eve-untouched": (CHAPTER_1, {}, []),
    "fay-cheats": (CHAPTER_1, {"1.1": WARM_ORACLE, "1.2": FIXED_LIBRARY, "1.3": COUNT_ORACLE}, []),
    "gus-forger": (CHAPTER_1, {}, FORGER_CELLS),
    "hal-constant": (CHAPTER_1, {"1.1": WARM_RIGHT, "1.2": FIXED_RIGHT, "1.3": COUNT_ONE}, []),
    "ivy-library": (CHAPTER_1, {"1.3": COUNT_LIBRARY}, []),
    "kim-steals": (CHAPTER_1, {"1.1": WARM_STOLEN, "1.2": FIXED_RIGHT, "1.3": COUNT_SHELL}, []),
    "ada-right-10": (CHAPTER_10, {"10.1": LEAST_RIGHT, "10.2": BOUND_RIGHT, "10.3": CUT_RIGHT, "10.4": NODE_BEST}, []),
    "ben-mistakes-10": (CHAPTER_10, {"10.1": LEAST_FIRST, "10.2": BOUND_WHOLE, "10.3": CUT_ROW, "10.4": NODE_DEPTH}, []),
    "cy-loop-10": (CHAPTER_10, {"10.1": LEAST_LOOP, "10.2": BOUND_RIGHT, "10.3": CUT_RIGHT}, []),
    "dee-raises-10": (CHAPTER_10, {"10.1": LEAST_RIGHT, "10.2": BOUND_RAISES, "10.3": CUT_RIGHT}, []),
    "fay-cheats-10": (CHAPTER_10, {"10.2": BOUND_SOLVER, "10.3": CUT_ORACLE}, []),
    "gus-forger-10": (CHAPTER_10, {}, FORGER_CELLS),
    "jo-highspy-10": (CHAPTER_10, {"10.1": LEAST_RIGHT, "10.2": BOUND_HIGHSPY}, []),
}

FULL, ZERO, PARTIAL = "full", "zero", "partial"
EXPECTED = {
    "ada-right": {"1.1": FULL, "1.2": FULL, "1.3": FULL},
    "ben-mistakes": {"1.1": PARTIAL, "1.2": PARTIAL, "1.3": PARTIAL},
    "cy-loop": {"1.1": ZERO, "1.2": FULL, "1.3": FULL},
    "dee-raises": {"1.1": ZERO, "1.2": ZERO, "1.3": FULL},
    "eve-untouched": {"1.1": ZERO, "1.2": ZERO, "1.3": ZERO},
    "fay-cheats": {"1.1": ZERO, "1.2": ZERO, "1.3": ZERO},
    "gus-forger": {"1.1": ZERO, "1.2": ZERO, "1.3": ZERO},
    "hal-constant": {"1.1": FULL, "1.2": FULL, "1.3": ZERO},
    "ivy-library": {"1.1": ZERO, "1.2": ZERO, "1.3": ZERO},
    "kim-steals": {"1.1": ZERO, "1.2": FULL, "1.3": ZERO},
    "ada-right-10": {"10.1": FULL, "10.2": FULL, "10.3": FULL, "10.4": FULL},
    "ben-mistakes-10": {"10.1": ZERO, "10.2": ZERO, "10.3": ZERO, "10.4": PARTIAL},
    "cy-loop-10": {"10.1": ZERO, "10.2": FULL, "10.3": FULL},
    "dee-raises-10": {"10.1": FULL, "10.2": ZERO, "10.3": FULL},
    "fay-cheats-10": {"10.1": ZERO, "10.2": ZERO, "10.3": ZERO},
    "gus-forger-10": {"10.1": ZERO, "10.2": ZERO, "10.3": ZERO, "10.4": ZERO},
    "jo-highspy-10": {"10.1": FULL, "10.2": ZERO, "10.3": ZERO},
}


def submission(notebook: str, answers: dict[str, str], extra: list[str]) -> nbformat.NotebookNode:
    """The student's exercise notebook with ``answers`` in place of the stubs and ``extra`` cells at the end
    (``notebook``: the exercise notebook's name, or any other name of its chapter)."""
    from puzzlelib.classroom.exercises import exercise_name, solution_name
    from puzzlelib.classroom.plan import read_plan

    nb = nbformat.read(ROOT / "exercises" / exercise_name(notebook), as_version=4)
    nb = copy.deepcopy(nb)
    plan = read_plan(ROOT / "solutions" / solution_name(notebook))
    for exercise in plan.exercises:
        if exercise.number in answers:
            cell_id = exercise.answers[0].cell_id
            cell = next(c for c in nb.cells if c.get("id") == cell_id)
            cell.source = answers[exercise.number]
    for source in extra:
        nb.cells.append(nbformat.v4.new_code_cell(source))
    return nb


def write_class(folder: Path, students=None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for student, (notebook, answers, extra) in CLASS.items():
        if students is None or student in students:
            nbformat.write(submission(notebook, answers, extra), folder / f"{student}.ipynb")
    return folder
