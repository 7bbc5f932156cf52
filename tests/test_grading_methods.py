"""Checks that judge how an answer works, not only what it returns, judge the same in the grader's
sandbox as beside the student's notebook: 12.3 counts the reads of the potentials (a dict that counts,
whose copy in the sandbox reports back), 13.1 counts the Python lines the reduction runs (counted in
the sandbox by the same rule)."""

from __future__ import annotations

import csv
import inspect

import pytest

import grading_class as cls
import test_complexity_checks as tcc
import test_duality_checks as tdc
import test_v3ck_checks as tcc_v3ck
from puzzlelib import cli
from puzzlelib.classroom import isolation

pytestmark = pytest.mark.skipif(isolation.mode() == "none", reason="no Linux namespaces here: no sandbox to try")

BFS = inspect.getsource(tdc.bfs_ignoring_potentials).replace("bfs_ignoring_potentials", "route_from_potentials")
SEARCH_FIRST = ("ONE_EACH = {'r': 1, 'g': 1, 'b': 1}\nfrom puzzlelib import v3ck\n"
                + inspect.getsource(tcc.solve_then_write).replace("def solve_then_write", "def to_v3ck"))


def grade_class(tmp_path, students) -> dict:
    """Grade one notebook per student ({name: (chapter notebook, {exercise: answer})}) with the course's
    grader; the CSV's rows by (student, exercise)."""
    import nbformat

    folder = tmp_path / "class"
    folder.mkdir()
    for name, (chapter, answers) in students.items():
        nbformat.write(cls.submission(chapter, answers, []), folder / f"{name}.ipynb")
    out = tmp_path / "grades.csv"
    assert cli.main(["grade", str(folder), "--csv", str(out), "--jobs", "1"]) == 0
    return {(r["student"], r["exercise"]): r for r in csv.DictReader(out.open(encoding="utf-8"))}


def test_method_checks_hold_in_the_grader(tmp_path):
    rows = grade_class(tmp_path, {"bfs": ("12-duality-exercises.ipynb", {"12.3": BFS}),
                                  "search": ("13-complexity-exercises.ipynb", {"13.1": SEARCH_FIRST})})
    route = rows["bfs", "12.3"]
    assert "ignores-potentials" in route["codes"].split() and float(route["points"]) == 0, route
    reduction = rows["search", "13.1"]
    assert "not-polynomial" in reduction["codes"].split(), reduction
    assert float(reduction["points"]) < float(reduction["max_points"]) / 2, reduction


MEASURE_RIGHT = '''def measure(sizes, seed):
    rows = []
    for n in sizes:
        puzzle = il.random_puzzle(n, seed=seed)
        start = time.perf_counter()
        solution = il.solve(puzzle)
        seconds = time.perf_counter() - start
        rows.append((n, seconds, solution.moves))
    return rows
'''
#: the solves are made, but the times are made up (a fast machine's guess)
MEASURE_FAKE = MEASURE_RIGHT.replace("seconds = time.perf_counter() - start", "seconds = 0.001 * n * n")
MEASURE_MS = MEASURE_RIGHT.replace("time.perf_counter() - start", "(time.perf_counter() - start) * 1000")


def test_exercise_9_3_is_judged_on_the_checks_clock_in_the_grader(tmp_path):
    import nbformat

    folder = tmp_path / "class"
    folder.mkdir()
    for name, source in (("right", MEASURE_RIGHT), ("fake", MEASURE_FAKE), ("ms", MEASURE_MS)):
        nbformat.write(cls.submission("09-turning-tiles-exercises.ipynb", {"9.3": source}, []), folder / f"{name}.ipynb")
    out = tmp_path / "grades.csv"
    assert cli.main(["grade", str(folder), "--csv", str(out), "--jobs", "1"]) == 0
    rows = {(r["student"], r["exercise"]): r for r in csv.DictReader(out.open(encoding="utf-8"))}
    assert rows["right", "9.3"]["status"] == "passed", rows["right", "9.3"]
    assert "times-not-measured" in rows["fake", "9.3"]["codes"] or "times-something-else" in rows["fake", "9.3"]["codes"]
    assert float(rows["fake", "9.3"]["points"]) == 0
    assert "time-not-in-seconds" in rows["ms", "9.3"]["codes"].split(), rows["ms", "9.3"]


#: Issue 43, second pass: build_bigm's source, renamed in every string (function, model, constraints), as
#: a student pastes it into 11.4's cell; and a breadth-first search that reads pi only to compare at the end
RENAMED_BIGM = (inspect.getsource(__import__("puzzlelib.monodot.model_bigm", fromlist=["x"]).build_bigm)
                .replace("build_bigm(puzzle: Puzzle, deadline: Deadline)", "build_by_dot(puzzle)")
                .replace("        deadline.check()\n", "")
                .replace("occ = occupied(p, dots, cells)", "occ = {cell: pulp.lpSum(p[d, cell] for d in dots) for cell in cells}")
                .replace('f"monodot_bigm_{len(puzzle.dots)}_dots"', '"mine"')
                .replace('f"at_least_{d}_{r}_{c}"', 'f"low_{d}_{r}_{c}"').replace('f"at_most_{d}_{r}_{c}"', 'f"up_{d}_{r}_{c}"')
                .replace('f"place_{d}"', 'f"dot_{d}"').replace('f"one_dot_{cell[0]}_{cell[1]}"', 'f"cell_{cell[0]}_{cell[1]}"'))
BFS_THEN_COMPARE = (BFS + "\n\n_bfs = route_from_potentials\n\n\ndef route_from_potentials(slides, pi, start, target):\n"
                    "    path = _bfs(slides, pi, start, target)\n    assert len(path) - 1 == pi[target] - pi[start]\n"
                    "    return path\n")


#: 11.2 answered by a search of the student's own: right colourings, no model solved
GREEDY_BESIDE_NONE = inspect.getsource(tcc_v3ck.greedy).replace("def greedy(", "def edge_colouring(")


def test_a_renamed_copy_and_a_search_that_compares_at_the_end_fail_in_the_grader(tmp_path):
    rows = grade_class(tmp_path, {
        "copy": ("11-more-apps-exercises.ipynb", {"11.4": RENAMED_BIGM, "11.2": GREEDY_BESIDE_NONE}),
        "compare": ("12-duality-exercises.ipynb", {"12.3": BFS_THEN_COMPARE})})
    search = rows["copy", "11.2"]
    assert "no-model-solved" in search["codes"].split() and float(search["points"]) == 0, search
    copy = rows["copy", "11.4"]
    assert "copies-library:md.build_bigm" in copy["codes"].split() and float(copy["points"]) == 0, copy
    route = rows["compare", "12.3"]
    assert "ignores-potentials" in route["codes"].split() and float(route["points"]) == 0, route
