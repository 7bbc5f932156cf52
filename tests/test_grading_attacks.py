"""A class with attackers, graded as a lecturer grades it: every attack scores 0 with its fault code,
harms nothing, and the honest student graded right after each attacker gets full marks.

The walls are the operating system's (puzzlelib/classroom/isolation.py); these tests need Linux
namespaces (root, or unprivileged user namespaces) and are skipped, saying so, where there are none.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import site
import socket
import threading

import pytest

import attack_class as attacks
import grading_class as cls
from puzzlelib import cli
from puzzlelib.classroom import grading, isolation, journal, sandbox

pytestmark = pytest.mark.skipif(isolation.mode() == "none",
                                reason="no Linux namespaces here: the grader runs unsafe (and says so)")

WATCHED = [cls.ROOT / "puzzlelib" / "thermometer" / "checks.py", cls.ROOT / "solutions" / "points.toml",
           cls.ROOT / "solutions" / "01-thermometers-solutions.ipynb"]


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None


def _sandbox_processes() -> list[str]:
    """Processes left by this test's sandboxes: their uids (counted from this process's PID, the
    grading run's), or the daemons' marked sleeps."""
    first = isolation.uid_for(0, os.getpid())
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            uid = os.stat(f"/proc/{name}").st_uid
            line = open(f"/proc/{name}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="ignore")
        except OSError:
            continue
        if first <= uid < first + 64 or "299.5" in line or "299.25" in line:
            found.append(f"{name} uid {uid}: {line[:60]}")
    return found


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    base = tmp_path_factory.mktemp("attacks")
    served = []
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(5)
    server.settimeout(0.5)
    stop = threading.Event()

    def serve():  # the lecturer's answer, to whoever connects: nobody may
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            served.append(1)
            conn.sendall(("### BEGIN SOLUTION\n" + cls.WARM_RIGHT + "### END SOLUTION").encode())
            conn.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    folder = base / "class"
    order = attacks.write(folder, server.getsockname()[1])
    points = base / "points.toml"
    points.write_text((cls.ROOT / "solutions" / "points.toml").read_text().replace("time_limit = 60", "time_limit = 15"))
    before = {path: _digest(path) for path in WATCHED}
    runs_before = {name for name in os.listdir(sandbox.workroot()) if name.startswith(f"run-{os.getpid()}-")}
    out = base / "grades.csv"
    status = cli.main(["grade", str(folder), "--csv", str(out), "--points", str(points), "--jobs", "2"])
    stop.set()
    thread.join()
    server.close()
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    return {"status": status, "rows": rows, "order": order, "served": served, "before": before,
            "runs_before": runs_before, "csv": out, "folder": folder, "points": points}


def _marks(rows, student):
    return {r["check"]: r for r in rows if r["student"] == student}


def test_the_run_finishes_and_grades_everyone(graded):
    assert graded["status"] == 0
    assert {r["student"] for r in graded["rows"]} == set(graded["order"])


@pytest.mark.parametrize("name", list(attacks.ATTACKS))
def test_each_attack_scores_zero_with_its_code(graded, name):
    exercise, _, code = attacks.ATTACKS[name]
    k = list(attacks.ATTACKS).index(name)
    mine = [r for r in graded["rows"] if r["student"] == f"a{k:02d}-{name}"]
    assert mine and all(float(r["points"]) == 0 for r in mine), [(r["check"], r["points"]) for r in mine]
    attacked = [r for r in mine if r["exercise"] == exercise]
    assert attacked and all(set(code.split("|")) & set(r["codes"].split()) for r in attacked), \
        [(r["check"], r["status"], r["codes"], r["message"][:120], r["note"][:160]) for r in attacked]


@pytest.mark.parametrize("name", list(attacks.ATTACKS))
def test_the_honest_student_after_each_attacker_gets_full_marks(graded, name):
    k = list(attacks.ATTACKS).index(name)
    mine = [r for r in graded["rows"] if r["student"] == f"a{k:02d}-{name}-z-honest"]
    assert len(mine) == 3 and all(r["points"] == r["max_points"] for r in mine), \
        [(r["check"], r["status"], r["codes"], r["message"][:160]) for r in mine]


@pytest.mark.parametrize("name", list(attacks.HONEST))
def test_honest_answers_may_run_cbc_and_threads(graded, name):
    mine = [r for r in graded["rows"] if r["student"] == name]
    assert len(mine) == 3 and all(r["points"] == r["max_points"] for r in mine), \
        [(r["check"], r["status"], r["codes"], r["message"][:200], r["note"][:200]) for r in mine]


def test_nothing_was_harmed(graded):
    assert not graded["served"], "a sandbox reached the network"
    assert {path: _digest(path) for path in WATCHED} == graded["before"]
    for folder in [cls.ROOT, *site.getsitepackages()]:
        assert not os.path.exists(os.path.join(folder, "sitecustomize.py")) or folder != str(cls.ROOT)
        assert not os.path.exists(os.path.join(folder, "usercustomize.py"))
    assert not os.path.exists("/tmp/owned") and not os.path.exists("/tmp/notes.md")
    assert not _sandbox_processes()
    # the run's copies of the library are gone
    mine = {name for name in os.listdir(sandbox.workroot()) if name.startswith(f"run-{os.getpid()}-")}
    assert mine <= graded["runs_before"]


def test_one_worker_and_two_give_the_same_csv_and_a_stopped_run_resumes(graded, tmp_path):
    folder = tmp_path / "few"
    folder.mkdir()
    for name in ("a00-proc-mem-z-honest.ipynb", "a06-reload.ipynb", "a12-kill-grader.ipynb", "honest-cbc.ipynb"):
        (folder / name).write_bytes((graded["folder"] / name).read_bytes())
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    points = str(graded["points"])
    assert cli.main(["grade", str(folder), "--csv", str(one), "--points", points, "--jobs", "1"]) == 0
    assert cli.main(["grade", str(folder), "--csv", str(two), "--points", points, "--jobs", "2"]) == 0
    assert one.read_bytes() == two.read_bytes()
    # stop half way: keep the header, three finished exercises and a line cut short
    log = tmp_path / "two.csv.journal"
    lines = log.read_text().splitlines(keepends=True)
    assert len(lines) == 1 + 12
    log.write_text("".join(lines[:4]) + lines[4][:40])
    resumed = tmp_path / "resumed.csv"
    assert cli.main(["grade", str(folder), "--csv", str(resumed), "--journal", str(log), "--points", points,
                     "--jobs", "2", "--resume"]) == 0
    assert resumed.read_bytes() == one.read_bytes()
    keys = []
    for line in log.read_text().splitlines()[1:]:
        try:
            keys.append(json.loads(line)["task"])
        except ValueError:
            continue  # the line cut short
    assert len(keys) == len(set(keys)) == 12  # no exercise twice, none lost


def test_a_journal_of_another_run_is_refused(graded, tmp_path):
    log = tmp_path / "x.journal"
    log.write_text('{"journal": 1, "solutions": "other"}\n')
    grader = grading.Grader()
    with pytest.raises(grading.PuzzleError, match="another run"):
        journal.read(log, journal.header(grader, tmp_path))


def test_the_walls_hold_in_a_user_namespace_too(graded, tmp_path):
    """What a lecturer who is not root gets: the same walls, as root of a user namespace without capabilities."""
    import subprocess
    import sys

    if not isolation._probe(user=True):
        pytest.skip("this kernel gives no unprivileged user namespaces")
    folder = tmp_path / "few"
    folder.mkdir()
    names = ["a00-proc-mem", "a01-dir-fd", "a06-reload", "a11-touch-library", "a11-touch-library-z-honest",
             "a13-daemon"]
    for name in names:
        (folder / f"{name}.ipynb").write_bytes((graded["folder"] / f"{name}.ipynb").read_bytes())
    out = tmp_path / "userns.csv"
    env = {**os.environ, "PUZZLELIB_SANDBOX_MODE": "userns", "PUZZLELIB_PROGRESS": "0"}
    subprocess.run([sys.executable, "-m", "puzzlelib", "grade", str(folder), "--csv", str(out), "--points",
                    str(graded["points"]), "--jobs", "1"], env=env, check=True, capture_output=True, timeout=900)
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    for name in names:
        mine = [r for r in rows if r["student"] == name]
        if name.endswith("honest"):
            assert all(r["points"] == r["max_points"] for r in mine), mine
        else:
            assert mine and all(float(r["points"]) == 0 for r in mine), mine
    assert {path: _digest(path) for path in WATCHED} == graded["before"]
    assert not _sandbox_processes()
