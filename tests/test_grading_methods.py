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
from puzzlelib import cli
from puzzlelib.classroom import isolation

pytestmark = pytest.mark.skipif(isolation.mode() == "none", reason="no Linux namespaces here: no sandbox to try")

BFS = inspect.getsource(tdc.bfs_ignoring_potentials).replace("bfs_ignoring_potentials", "route_from_potentials")
SEARCH_FIRST = ("ONE_EACH = {'r': 1, 'g': 1, 'b': 1}\nfrom puzzlelib import v3ck\n"
                + inspect.getsource(tcc.solve_then_write).replace("def solve_then_write", "def to_v3ck"))


def test_method_checks_hold_in_the_grader(tmp_path):
    import nbformat

    folder = tmp_path / "class"
    folder.mkdir()
    nbformat.write(cls.submission("12-duality.ipynb", {"12.3": BFS}, []), folder / "bfs.ipynb")
    nbformat.write(cls.submission("13-complexity.ipynb", {"13.1": SEARCH_FIRST}, []), folder / "search.ipynb")
    out = tmp_path / "grades.csv"
    assert cli.main(["grade", str(folder), "--csv", str(out), "--jobs", "1"]) == 0
    rows = {(r["student"], r["exercise"]): r for r in csv.DictReader(out.open(encoding="utf-8"))}
    route = rows["bfs", "12.3"]
    assert "ignores-potentials" in route["codes"].split() and float(route["points"]) == 0, route
    reduction = rows["search", "13.1"]
    assert "not-polynomial" in reduction["codes"].split(), reduction
    assert float(reduction["points"]) < float(reduction["max_points"]) / 2, reduction
