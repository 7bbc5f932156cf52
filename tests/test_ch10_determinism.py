"""Chapter 10's cutting planes give the same cuts, points and bounds, to the last bit, whatever the
thread counts of BLAS and HiGHS and however busy the machine (issue 31).

On a busy machine chapter 10 once printed "round 1: 18 fractional cells" where a quiet run printed
15: the tableau came from ``np.linalg.solve`` (OpenBLAS), whose last bits depend on its threads and
its arrays' alignment, and one bit of difference in a cut moves the next LP to another of its
equally good vertices. The tableau is now computed by elementwise numpy arithmetic
(:func:`puzzlelib.inside_solver.cuts.tableau`), and HiGHS solves the LPs with one thread. The tests
run the chapter's three cutting-plane runs in subprocesses with other thread counts and beside
busy-loop processes, and compare a fingerprint of everything they compute.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

#: The chapter's runs (notebooks/10-inside-the-solver.md, "Cutting planes"), fingerprinted: the
#: number of fractional cells, the bound, the LP point and every cut's coefficients as exact floats.
SCRIPT = textwrap.dedent("""
    import hashlib, sys
    {prelude}
    import pulp
    from puzzlelib import thermometer as th
    from puzzlelib.inside_solver.cuts import cutting_planes

    def diagonal(puzzle):
        problem, x = th.build_model(puzzle)
        problem.setObjective(pulp.lpSum(x[i, i] for i in range(min(puzzle.shape))))
        return problem

    runs = [("chapter 1's board", th.build_model(th.Puzzle.from_text(th.SEED_BOARD))[0], 5),
            ("5x5 #6", diagonal(th.random_puzzle(5, seed=6)), 8),
            ("8x8 #3", diagonal(th.random_puzzle(8, seed=3)), 8)]
    for name, problem, rounds in runs:
        history = cutting_planes(problem, rounds=rounds)
        exact = repr([(r.number, r.bound.hex(), sorted((k, v.hex()) for k, v in r.point.items()), r.fractional,
                       [(sorted((k, v.hex()) for k, v in c.coefs.items()), c.rhs.hex(), c.source) for c in r.cuts])
                      for r in history])
        print(name, [len(r.fractional) for r in history], [round(r.bound, 3) for r in history],
              hashlib.sha256(exact.encode()).hexdigest()[:16])
""")

#: What chapter 10 prints (fractional cells per round; bounds per round), pinned.
CHAPTER = {"chapter 1's board": ("[19, 18, 0]", "[0.0, 0.0, 0.0]"),
           "5x5 #6": ("[8, 0]", "[1.5, 2.0]"),
           "8x8 #3": ("[10, 21, 18, 13, 0]", "[4.333, 4.571, 5.0, 5.0, 5.0]")}

#: Every HiGHS of the run (the chapter's LPs, PuLP's) with 4 threads instead of the library's 1: its
#: global thread pool then has 4 threads.
HIGHS_THREADS = textwrap.dedent("""
    import highspy

    class Highs(highspy.Highs):
        def setOptionValue(self, name, value):
            return super().setOptionValue(name, 4 if name == "threads" else value)

    highspy.Highs = Highs
""")

THREAD_ENVS = [{}, {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"},
               {"OPENBLAS_NUM_THREADS": "2", "OMP_NUM_THREADS": "2"},
               {"OPENBLAS_NUM_THREADS": "8", "OMP_NUM_THREADS": "8", "MKL_NUM_THREADS": "8"}]


def launch(extra_env: dict[str, str], prelude: str = "") -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.endswith("_NUM_THREADS")}
    env.update(extra_env)
    return subprocess.Popen([sys.executable, "-c", SCRIPT.format(prelude=prelude)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def output(process: subprocess.Popen) -> str:
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err
    return out


@pytest.fixture(scope="module")
def reference() -> str:
    return output(launch({}))


def test_the_reference_is_what_the_chapter_prints(reference):
    lines = reference.splitlines()
    assert len(lines) == len(CHAPTER)
    for line, (name, (counts, bounds)) in zip(lines, CHAPTER.items()):
        assert line.startswith(f"{name} {counts} {bounds} "), line


@pytest.mark.parametrize("env", THREAD_ENVS[1:], ids=lambda env: env["OPENBLAS_NUM_THREADS"] + " BLAS threads")
def test_same_bits_with_other_blas_threads(reference, env):
    assert output(launch(env)) == reference


def test_same_bits_when_highs_runs_a_pool_of_four_threads(reference):
    assert output(launch({}, HIGHS_THREADS)) == reference


#: A HiGHS with 4 threads runs first, as a student's own might: its global thread pool then has 4
#: threads, which the library's LPs (threads=1) must restart, not fail on.
HIGHS_POOL_FIRST = textwrap.dedent("""
    import highspy, numpy as np
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("threads", 4)
    h.addCols(2, np.array([-1.0, -1.0]), np.zeros(2), np.full(2, 3.0), 0, np.array([], np.int32),
              np.array([], np.int32), np.array([], float))
    h.addRow(-np.inf, 3.5, 2, np.array([0, 1], np.int32), np.array([1.0, 1.0]))
    h.changeColsIntegrality(2, np.array([0, 1], np.int32), np.array([highspy.HighsVarType.kInteger] * 2))
    h.run()
""")


def test_same_bits_after_a_highs_with_four_threads_ran_first(reference):
    assert output(launch({}, HIGHS_POOL_FIRST)) == reference


def test_same_bits_under_concurrent_load(reference):
    """Six busy loops on the machine's cores, and the runs with every thread setting at once."""
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(6)]
    try:
        runs = [launch(env) for env in THREAD_ENVS] + [launch({}, HIGHS_THREADS)]
        outputs = [output(run) for run in runs]
    finally:
        for process in busy:
            process.kill()
            process.wait()
    assert outputs == [reference] * len(runs)


def test_no_blas_routine_computes_the_tableau(monkeypatch):
    """The cuts never call LAPACK: with np.linalg.solve and inv broken, the chapter's rounds still run."""
    from puzzlelib import thermometer as th
    from puzzlelib.inside_solver.cuts import cutting_planes

    def broken(*args, **kwargs):
        raise AssertionError("a BLAS/LAPACK routine was called")

    monkeypatch.setattr(np.linalg, "solve", broken)
    monkeypatch.setattr(np.linalg, "inv", broken)
    problem, _ = th.build_model(th.Puzzle.from_text(th.SEED_BOARD))
    assert [len(r.fractional) for r in cutting_planes(problem, rounds=5)] == [19, 18, 0]


def test_tableau_solves_like_lapack_and_picks_the_first_largest_pivot():
    from puzzlelib.inside_solver.cuts import tableau

    rng = np.random.default_rng(0)
    for m in (1, 3, 12, 40):
        B = rng.integers(-2, 3, (m, m)).astype(float) + 5 * np.eye(m)
        N = rng.integers(-3, 4, (m, 7)).astype(float)
        assert np.allclose(tableau(B, N), np.linalg.solve(B, N), atol=1e-9)
    # a permutation with ties everywhere: the result is exact
    assert tableau(np.array([[0.0, 1.0], [1.0, 0.0]]), np.array([[2.0], [3.0]])).tolist() == [[3.0], [2.0]]
    with pytest.raises(np.linalg.LinAlgError):
        tableau(np.array([[1.0, 2.0], [2.0, 4.0]]), np.eye(2))
