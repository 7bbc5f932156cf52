"""What grading a class costs: CPU per student-exercise, throughput with 1 and 2 workers, projections.

    python benchmarks/bench_grading.py [--students 40] [--chapter 01-thermometers] [--all-chapters 2]

The class is made of copies of the lecturer's solution notebooks (every answer right), graded with
``python -m puzzlelib grade`` in a fresh process, once with ``--jobs 1`` and once with ``--jobs 2``.
CPU is the grading process's and all its children's (workers, warm processes, sandboxes, solvers).
"The checks' own solving" is the CPU the same checks take on the lecturer's answers run in this
process, with no sandbox: what is left per student-exercise is the grader's overhead. With
``--all-chapters N``, every chapter is graded with N copies too, for the projection of a class on
all chapters. Tables print medians of the runs asked for (``--repeat``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from puzzlelib.classroom.exercises import chapter_of, solution_name  # noqa: E402


def make_class(folder: Path, chapter: str, students: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    source = ROOT / "solutions" / solution_name(chapter)
    for k in range(students):
        shutil.copy(source, folder / f"student-{k:03d}-{chapter}.ipynb")


def grade_once(folder: Path, jobs: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds of the grader and every child, student-exercises graded)."""
    out = folder.parent / f"grades-{jobs}.csv"
    for path in (out, Path(f"{out}.journal")):
        path.unlink(missing_ok=True)
    env = {**os.environ, "PUZZLELIB_PROGRESS": "0"}
    start = time.monotonic()
    process = subprocess.Popen([sys.executable, "-m", "puzzlelib", "grade", str(folder), "--csv", str(out),
                                "--jobs", str(jobs)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        raise SystemExit(f"grade failed (status {status})")
    import csv

    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    wrong = [r for r in rows if r["status"] != "passed"]
    if wrong:
        raise SystemExit(f"a lecturer's answer did not pass: {wrong[0]}")
    exercises = len({(r["student"], r["exercise"]) for r in rows})
    return wall, usage.ru_utime + usage.ru_stime, exercises


def checks_alone(chapter: str) -> tuple[float, int]:
    """CPU of the chapter's checks on the lecturer's answers in this process (no sandbox), and exercises."""
    from IPython.core.inputtransformer2 import TransformerManager

    from puzzlelib.classroom.grading import _NoMagic
    from puzzlelib.classroom.plan import read_plan

    plan = read_plan(ROOT / "solutions" / solution_name(chapter))
    total = 0.0
    os.environ["PUZZLELIB_PROGRESS"] = "0"
    for exercise in plan.exercises:
        ns = {"__name__": "__bench__", "get_ipython": _NoMagic}
        with contextlib.redirect_stdout(io.StringIO()):
            for source in exercise.setup + [cell.source for cell in exercise.answers]:
                exec(compile(TransformerManager().transform_cell(source), "<cell>", "exec"), ns)
            import matplotlib.pyplot as plt

            plt.close("all")
            start = _cpu()
            for check in exercise.checks:
                eval(compile(check.source.strip(), "<check>", "eval"), ns)
            total += _cpu() - start
            plt.close("all")
    return total / max(1, len(plan.exercises)), len(plan.exercises)


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=40)
    parser.add_argument("--chapter", default="01-thermometers")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--all-chapters", type=int, default=0, help="copies per chapter for the all-chapters projection")
    args = parser.parse_args(argv)
    from puzzlelib.classroom import isolation

    print(f"sandbox mode: {isolation.mode()}; cores: {os.cpu_count()}; students: {args.students} x {args.chapter}")
    alone, count = checks_alone(args.chapter)
    print(f"the checks alone, lecturer's answers in process: {alone:.2f} s CPU per exercise ({count} exercises)")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "class"
        make_class(folder, args.chapter, args.students)
        for jobs in (1, 2):
            runs = [grade_once(folder, jobs) for _ in range(args.repeat)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            results[jobs] = (wall, cpu, runs[0][2])
    print()
    print("| jobs | student-exercises | wall s | CPU s | CPU s per student-exercise | overhead beyond the checks | "
          "student-exercises a minute |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for jobs, (wall, cpu, n) in results.items():
        per = cpu / n
        print(f"| {jobs} | {n} | {wall:.1f} | {cpu:.1f} | {per:.2f} | {per - alone:.2f} | {60 * n / wall:.1f} |")
    speedup = results[1][0] / results[2][0]
    rate2 = results[2][2] / results[2][0]  # student-exercises a second, 2 workers
    print()
    print(f"--jobs 2 is {speedup:.2f}x --jobs 1 (target: at least 1.7x)")
    print(f"300 students on {args.chapter} ({count} exercises), 2 workers: "
          f"{300 * count / rate2 / 60:.1f} minutes (target: within 15)")
    if args.all_chapters:
        from puzzlelib.classroom.plan import read_plans

        total_seconds, exercises = 0.0, 0
        print()
        print("| chapter | exercises | wall s per student, 2 workers |")
        print("|---|---:|---:|")
        for name, plan in read_plans(ROOT / "solutions").items():
            chapter = chapter_of(name)
            with tempfile.TemporaryDirectory() as tmp:
                folder = Path(tmp) / "class"
                make_class(folder, chapter, args.all_chapters)
                wall, cpu, n = grade_once(folder, 2)
            per_student = wall / args.all_chapters
            total_seconds += per_student
            exercises += len(plan.exercises)
            print(f"| {chapter} | {len(plan.exercises)} | {per_student:.1f} |")
        print()
        print(f"300 students x all {exercises} graded exercises, 2 workers: about {300 * total_seconds / 3600:.1f} hours "
              f"(each chapter's warm processes started {args.all_chapters} copies apart: an upper bound)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
