"""The command line answers at once (issue 41): what a solve imports, how the registry finds and orders
the puzzles without importing them, and the errors of its commands.

The times themselves are measured by ``benchmarks/bench_cli.py`` (a speed target is no unit test);
here, what makes them: which libraries a solve loads, in a fresh interpreter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelib import cli, registry

ROOT = Path(__file__).resolve().parents[1]
BOARD = "notebooks/boards/thermometers-5x5.txt"


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    probe = code + "\nimport sys, json; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return set(json.loads(result.stdout.splitlines()[-1]))


def test_a_solve_loads_no_drawing_or_widget_library():
    loaded = modules_after(f"from puzzlelib import cli; cli.main(['solve', {BOARD!r}])")
    assert "puzzlelib.thermometer" in loaded
    assert not {"matplotlib", "ipywidgets", "ipympl", "IPython"} & loaded
    assert not [m for m in loaded if m.endswith((".drawing", ".widget"))]


def test_a_file_naming_its_puzzle_loads_no_other_puzzle():
    loaded = modules_after(f"from puzzlelib import cli; cli.main(['solve', {BOARD!r}])")
    puzzles = {m.split(".")[1] for m in loaded if m.startswith("puzzlelib.") and m.split(".")[1] in registry.kinds()}
    assert puzzles == {"thermometer"}


def test_the_registry_orders_the_puzzles_without_importing_them():
    loaded = modules_after("from puzzlelib import registry; print(registry.kinds())")
    assert not [m for m in loaded if m.startswith("puzzlelib.") and m.split(".")[1] in registry.kinds()]
    assert [registry.chapter(k) for k in registry.kinds()] == [registry.table(k).chapter for k in registry.kinds()]
    assert registry.kinds()[:5] == ["thermometer", "circuit", "binairo", "slider", "flowfree"]


def test_a_puzzle_is_a_folder_with_its_board_and_formats_not_a_listed_name(tmp_path, monkeypatch):
    assert not hasattr(registry, "NOT_PUZZLES")
    for name in ("core", "engine", "display", "classroom", "duality", "complexity", "introduction"):
        assert name not in registry.kinds()
    fake = tmp_path / "puzzlelib"
    for name, files in {"newpuzzle": ("__init__.py", "board.py", "formats.py"), "newlayer": ("__init__.py", "x.py"),
                        "_draft": ("__init__.py", "board.py", "formats.py")}.items():
        (fake / name).mkdir(parents=True)
        for file in files:
            (fake / name / file).write_text("PUZZLE = PuzzleKind(chapter=42)\n" if file == "__init__.py" else "")
    monkeypatch.setattr(registry, "PACKAGE", fake)
    registry.chapter.cache_clear()
    try:
        assert registry.kinds() == ["newpuzzle"] and registry.chapter("newpuzzle") == 42
    finally:
        registry.chapter.cache_clear()


def test_drawing_names_still_load_on_first_use():
    from puzzlelib import flowfree, thermometer

    assert callable(thermometer.draw_board) and callable(flowfree.colour_map)
    assert thermometer.drawing.__name__ == "puzzlelib.thermometer.drawing"
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        thermometer.nothing  # noqa: B018


def test_solve_says_what_it_read(capsys):
    assert cli.main(["solve", BOARD]) == 0
    out, err = capsys.readouterr()
    assert err.strip() == ("read: Thermometers (thermometer), format 'text' (the course's text format (see the "
                           "package docstring))")
    assert out.endswith("unique: yes\n") and "read:" not in out


def test_no_solution_says_what_it_read_on_its_one_line(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("starbattle\nstars 1\nabbb\nbbbb\nbbbb\nbbcd\n")
    assert cli.main(["solve", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "(read: Star Battle (starbattle)" in err


def test_a_proof_cut_off_by_time_still_prints_the_answer(monkeypatch):
    """When the uniqueness proof runs out of time after an answer was found, solve prints the answer
    and says the proof was cut off (not "unique: yes", not only an error)."""
    from puzzlelib import flowfree as ff
    from puzzlelib.core.errors import SolverError

    table = registry.table("flowfree")
    board = ff.Puzzle(["A.B", "...", "A.B"], rule="numberlink")
    answer = ff.solve(board)

    def cut_off(*args, **kwargs):
        error = SolverError("time limit of 60 s reached before the solver proved an answer")
        error.found = (answer,)
        raise error

    class Cut:
        solutions = staticmethod(cut_off)
        format_solution = staticmethod(table.format_solution)

    printed = cli.solve_puzzle(board, Cut)
    assert printed.startswith(table.format_solution(board, answer))
    assert printed.splitlines()[-1].startswith("unique: not proven (time limit of 60 s")

    def no_answer(*args, **kwargs):
        raise SolverError("time limit of 60 s reached before the solver proved an answer")

    Cut.solutions = staticmethod(no_answer)
    with pytest.raises(SolverError):
        cli.solve_puzzle(board, Cut)


def test_a_long_proof_prints_the_answer_before_the_verdict():
    """When the first search (answer and proof together) is cut off after ``QUICK`` seconds, the answer
    is searched for alone and yielded before the proof runs again, so the terminal shows it at once; the
    verdict follows from a search within the time that is left."""
    from puzzlelib import flowfree as ff
    from puzzlelib.core.errors import SolverError, TimeLimitReached

    table = registry.table("flowfree")
    board = ff.Puzzle(["A.B", "...", "A.B"], rule="numberlink")
    answer = ff.solve(board)
    calls = []

    def staged(puzzle, limit, solver=None, time_limit=None, outcome="cut"):
        calls.append((limit, time_limit))
        if len(calls) == 1:  # the quick search: cut off before it found anything
            raise TimeLimitReached(f"time limit of {time_limit:g} s reached before the solver proved an answer")
        if limit == 1:
            return [answer]
        if outcome == "cut":
            raise TimeLimitReached(f"time limit of {time_limit:g} s reached before the solver proved an answer")
        if outcome == "failed":  # a solver that failed, with words that mention a time limit
            raise SolverError("HiGHS failed: the option 'time limit' could not be set")
        return [answer] if outcome == "one" else [answer, answer]

    class Staged:
        solutions = staticmethod(staged)
        format_solution = staticmethod(table.format_solution)

    steps = cli.solve_steps(board, Staged, time_limit=60)
    assert next(steps) == table.format_solution(board, answer)
    assert [limit for limit, _ in calls] == [2, 1]  # the proof has not started when the answer is shown
    assert calls[0][1] == cli.QUICK and 0 < calls[1][1] <= 60
    assert list(steps) == ["unique: not proven (time limit of 60 s reached; a second solution was neither "
                           "found nor ruled out)"]
    for outcome, verdict in (("one", "unique: yes"), ("two", "unique: no (a second solution exists)")):
        calls.clear()
        Staged.solutions = staticmethod(lambda *a, outcome=outcome, **k: staged(*a, outcome=outcome, **k))
        assert cli.solve_puzzle(board, Staged).splitlines()[-1] == verdict
        assert [limit for limit, _ in calls] == [2, 1, 2]
    # out of time is told by the error's type: a failure whose words mention a time limit is not one
    calls.clear()
    Staged.solutions = staticmethod(lambda *a, **k: staged(*a, outcome="failed", **k))
    assert cli.solve_puzzle(board, Staged).splitlines()[-1] == (
        "unique: not proven (HiGHS failed: the option 'time limit' could not be set; a second solution was "
        "neither found nor ruled out)")


def test_grade_on_a_folder_without_notebooks_is_an_error(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("no notebooks here")
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / ".ipynb_checkpoints" / "a-checkpoint.ipynb").write_text("{}")
    status = cli.main(["grade", str(tmp_path), "--csv", str(tmp_path / "grades.csv")])
    _, err = capsys.readouterr()
    assert status == 2 and "no notebooks (*.ipynb)" in err and "nothing to grade" in err
    assert not (tmp_path / "grades.csv").exists()
