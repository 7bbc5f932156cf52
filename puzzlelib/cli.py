"""The command line shared by all puzzles.

    python -m puzzlelib solve FILE|TEXT|- [--kind K [--format NAME]] [--solver highs|cbc] [--time-limit S (default 60)]
    python -m puzzlelib exercises [NOTEBOOK ...] [--check] [--no-run]
    python -m puzzlelib grade DIR --csv FILE [--summary FILE] [--points FILE] [--hidden-seed N] [--solutions DIR]
    python -m puzzlelib nbgrader-export COURSE [NOTEBOOK ...] [--points FILE]
    python -m puzzlelib homework --new-secret PATH     (the lecturer's secret; keep it from students)
    python -m puzzlelib homework ROSTER --kind K --size N --secret-file PATH [--course C] [--out DIR]
    python -m puzzlelib homework --sheet-id ID --name NAME --kind K --size N --secret-file PATH [--course C]

``solve`` reads a file, the puzzle itself as the argument (a URL, a task string, a one-line grid),
or standard input (``-``), through :func:`puzzlelib.read`: any format of any puzzle of the course
(the folders of ``puzzlelib``, listed by :mod:`puzzlelib.registry`), the kind found from a first
line naming it, a URL's genre or what reads the text. ``--kind K`` reads it as that puzzle only,
and ``--format NAME`` (with ``--kind``) in that format only. Bad input prints one line naming the
fault and exits with status 2; an unsolvable puzzle exits with status 1. It says what it read, the
puzzle and the format (``read: Sudoku (sudoku), format 'line' (...)``), on standard error (standard
output holds the answer alone), or at the end of the one line saying there is no solution. The
answer is printed as soon as it is found and the verdict on uniqueness after it, so a board whose
proof runs to the time limit (a large Numberlink page) shows its answer in seconds, not at the end.

Only what a command needs is imported: ``solve`` loads no drawing library and, for a file whose first
line names its puzzle, no other puzzle (``benchmarks/bench_cli.py`` times it).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from . import reader, registry
from .core.errors import NoSolution, PuzzleError, SolverError, TimeLimitReached
from .core.interface import PuzzleKind
from .core.validate import check_text

#: Seconds ``solve`` may take unless --time-limit says otherwise (a board never hangs the terminal).
DEFAULT_TIME_LIMIT = 60.0
#: Seconds of the first search, for the answer and its uniqueness together, before ``solve`` looks for
#: the answer alone and prints it first (see :func:`solve_steps`).
QUICK = 2.0


def puzzle_kind(text: str, kinds: list[str] | None = None) -> str:
    """The kind named on the first meaningful line of a puzzle file."""
    kinds = registry.kinds() if kinds is None else kinds
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            word = line.split()[0].lower().rstrip(":")
            if word in kinds:
                return word
            raise PuzzleError(f"line {number}: expected the puzzle kind ({', '.join(kinds)}), found {line[:60]!r}")
    raise PuzzleError("the file is empty")


def read_file(path: str) -> str:
    """A puzzle file's text; a file that is not UTF-8 text is a PuzzleError, not a traceback."""
    return check_text(Path(path).read_bytes(), f"{path}")


def source_text(source: str) -> str:
    """The text ``solve`` was given: standard input for ``-``, a file's text, or the argument itself."""
    if source == "-":
        return check_text(sys.stdin.buffer.read(), "standard input")
    if "\n" not in source and len(source) < 4096 and Path(source).is_file():
        return read_file(source)
    return source


def solve_text(text: str, table: PuzzleKind, solver: str | None = None, time_limit: float | None = DEFAULT_TIME_LIMIT,
               format: str | None = "text") -> str:
    """What ``solve`` prints for a puzzle text of ``table``'s kind (in its ``format``; None: whichever of
    its formats reads it): the solved board and whether it is unique."""
    return solve_puzzle(table.Puzzle.read(text, format), table, solver, time_limit)


def solve_puzzle(puzzle, table: PuzzleKind, solver: str | None = None,
                 time_limit: float | None = DEFAULT_TIME_LIMIT) -> str:
    """The solved board and whether it is unique (what ``solve`` prints)."""
    return "\n".join(solve_steps(puzzle, table, solver, time_limit))


def solve_steps(puzzle, table: PuzzleKind, solver: str | None = None, time_limit: float | None = DEFAULT_TIME_LIMIT):
    """What ``solve`` prints, in two pieces: the solved board as soon as it is known, then whether it is unique.

    Most boards settle both in one search well inside ``QUICK`` seconds, and that search is all that runs.
    When it is cut off (a board whose uniqueness proof is long, such as a large Numberlink page), the
    answer is searched for alone and yielded first, so the terminal shows it at once rather than after
    the whole time limit; the proof runs after it, within what is left of ``time_limit``.
    """
    start = time.monotonic()

    def left():
        return None if time_limit is None else max(time_limit - (time.monotonic() - start), 0.01)

    quick = QUICK if time_limit is None else min(QUICK, time_limit)
    try:
        found = table.solutions(puzzle, limit=2, solver=solver, time_limit=quick)
    except SolverError as exc:
        if time_limit is not None and quick >= time_limit:  # the one search had the whole time limit
            if not exc.found:
                raise
            yield table.format_solution(puzzle, exc.found[0])
            yield _not_proven(str(exc))
            return
        first = exc.found[0] if exc.found else None
    else:
        if not found:
            table.solve(puzzle, solver=solver, time_limit=left())  # raises NoSolution with its reason
        yield table.format_solution(puzzle, found[0])
        yield _verdict(found)
        return
    if first is None:
        found = table.solutions(puzzle, limit=1, solver=solver, time_limit=left())
        if not found:
            table.solve(puzzle, solver=solver, time_limit=left())  # raises NoSolution with its reason
        first = found[0]
    yield table.format_solution(puzzle, first)
    try:
        found = table.solutions(puzzle, limit=2, solver=solver, time_limit=left())
    except SolverError as exc:
        timed_out = time_limit is not None and isinstance(exc, TimeLimitReached)
        cut = f"time limit of {time_limit:g} s reached" if timed_out else str(exc)
        yield _not_proven(cut)
        return
    yield _verdict(found)


def _verdict(found: list) -> str:
    return "unique: yes" if len(found) == 1 else "unique: no (a second solution exists)"


def _not_proven(reason: str) -> str:
    return f"unique: not proven ({reason}; a second solution was neither found nor ruled out)"


def read_puzzle(text: str, kind: str | None = None, format: str | None = None):
    """The board, its interface table and the format that read it: through ``puzzlelib.read`` (any
    kind, any format), or as ``--kind`` and ``--format`` say."""
    if format is not None:
        if kind is None:
            raise PuzzleError(f"--format {format[:30]} needs --kind K (or leave --format out: solve finds the "
                              "format and the kind itself)")
        table = registry.table(kind)
        return table.Puzzle.read(text, format), table, format
    if kind is not None:
        registry.table(kind)  # an unknown kind is named before the text is read
        named = reader.named_kind(text, registry.kinds())
        if named not in (None, kind):
            raise PuzzleError(f"the file is a {named} puzzle, not {kind[:30]} (--kind)")
    found = reader.identify(text, kind)
    return found.puzzle, registry.table(found.kind), found.format + (f", from {found.via}" if found.via else "")


def what_was_read(table: PuzzleKind, format: str) -> str:
    """The line ``solve`` prints first: the puzzle and the format it was read in (and what wrapped it)."""
    name, _, via = format.partition(", from ")
    described = next((f.doc for f in table.Puzzle.FORMATS if f.name == name), "")
    return (f"read: {table.title} ({table.kind}), format {name!r}" + (f" ({described})" if described else "")
            + (f", from {via}" if via else ""))


def cmd_solve(args) -> int:
    text = source_text(args.file)
    try:
        puzzle, table, format = read_puzzle(text, args.kind, args.format)
    except PuzzleError as exc:
        path_like = "\n" not in text and "?" not in text and ("/" in text or "\\" in text or
                                                                text.endswith((".txt", ".puz", ".md")))
        if text is args.file and path_like and not reader.looks_like_link(text):
            raise PuzzleError(f"{args.file[:200]}: no such file (and no puzzle of the course reads it as text)") from None
        raise
    read = what_was_read(table, format)
    steps = solve_steps(puzzle, table, args.solver, args.time_limit)
    try:
        answer = next(steps)
    except (NoSolution, SolverError) as exc:  # one line still, saying what was read
        exc.args = (f"{exc} ({read})", *exc.args[1:])
        raise
    print(read, file=sys.stderr, flush=True)  # standard output is the answer alone, for pipes
    print(answer, flush=True)  # the answer at once; the verdict on uniqueness may take longer
    for verdict in steps:
        print(verdict, flush=True)
    return 0


def cmd_exercises(args) -> int:
    from .classroom import exercises

    root = Path(args.root).resolve()
    if args.check:
        problems = exercises.stale(root)
        for p in problems:
            print(p)
        return 1 if problems else 0
    for path in exercises.generate(root, run=not args.no_run, names=args.names or None):
        print(f"wrote {path.relative_to(root)}")
    return 0


def cmd_grade(args) -> int:
    from .classroom import grading

    folder = Path(args.dir)
    if not folder.is_dir():
        raise PuzzleError(f"{folder}: not a folder of notebooks")
    if not any(".ipynb_checkpoints" not in path.parts for path in folder.rglob("*.ipynb")):
        raise PuzzleError(f"{folder}: no notebooks (*.ipynb) in it or its subfolders, so nothing to grade; give the "
                          "folder of the students' submissions")
    if args.jobs is not None and args.jobs < 1:
        raise PuzzleError(f"--jobs {args.jobs}: at least 1 worker")
    journal = Path(args.journal or f"{args.csv}.journal")
    warnings: list[str] = []

    def warn(text: str) -> None:
        warnings.append(text)
        print(text, file=sys.stderr)

    shard = None
    if args.shard:
        from .classroom import platforms

        shard = platforms.parse_shard(args.shard)
    verdicts = grading.grade(folder, hidden_seed=args.hidden_seed, points=args.points and Path(args.points),
                             solutions=args.solutions and Path(args.solutions), jobs=args.jobs,
                             journal=journal, resume=args.resume, report=warn,
                             only=set(platforms.shard_of(folder, *shard)) if shard else None)
    grading.write_csv(verdicts, Path(args.csv))
    if shard:
        grader = grading.Grader(args.solutions and Path(args.solutions), None, args.hidden_seed)
        if args.points:
            from .classroom.scoring import read_points

            grader.points = read_points(Path(args.points))
        platforms.write_sidecar(Path(args.csv), folder, *shard, platforms.fingerprint(grader))
    text = grading.summary(verdicts, warnings)
    if args.summary:
        Path(args.summary).write_text(text, encoding="utf-8")
    print(text, end="")
    print(f"wrote {args.csv}")
    return 0


def cmd_grade_merge(args) -> int:
    from .classroom import grading, platforms

    rows = platforms.merge([Path(p) for p in args.shards])
    with open(args.csv, "w", newline="", encoding="utf-8") as f:
        writer = __import__("csv").DictWriter(f, fieldnames=grading.COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    text = grading.summary(platforms.verdicts_of(rows))
    if args.summary:
        Path(args.summary).write_text(text, encoding="utf-8")
    print(text, end="")
    print(f"wrote {args.csv} ({len(args.shards)} shards)")
    return 0


def cmd_grade_one(args) -> int:
    """One submission, as the platforms that run each one in a container of their own want it."""
    import json
    import shutil
    import tempfile

    from .classroom import grading, platforms

    if args.format not in platforms.FORMATS:
        raise PuzzleError(f"--format {args.format!r}: choose one of {', '.join(platforms.FORMATS)}")
    notebook = Path(args.notebook)
    if not notebook.is_file():
        raise PuzzleError(f"{notebook}: no such notebook")
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(notebook, Path(tmp) / (notebook.stem + ".ipynb"))
        verdicts = grading.grade(Path(tmp), hidden_seed=args.hidden_seed, points=args.points and Path(args.points),
                                 solutions=args.solutions and Path(args.solutions), jobs=1,
                                 report=lambda text: print(text, file=sys.stderr))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    if args.format == "csv":
        grading.write_csv(verdicts, out)
    else:
        out.write_text(json.dumps(platforms.result(verdicts, args.format), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


def cmd_nbgrader(args) -> int:
    from .classroom import grading, nbgrader_export, scoring

    grader = grading.Grader(args.solutions and Path(args.solutions),
                            scoring.read_points(Path(args.points)) if args.points else None)
    for path in nbgrader_export.export(Path(args.course), grader, args.names or None):
        print(f"wrote {path}")
    return 0


def cmd_homework(args) -> int:
    from .classroom import homework

    def say(text: str) -> None:
        print(text, file=sys.stderr)

    if args.seed is not None:
        raise PuzzleError("--seed is gone: a seed no longer makes a sheet without the lecturer's secret; "
                          "re-make a sheet with --sheet-id ID --name NAME --secret-file PATH")
    if args.new_secret:
        path = homework.new_secret(args.new_secret)
        print(f"wrote a new homework secret to {path}. Keep it, and keep it out of what students get; "
              f"make homework with --secret-file {path}")
        return 0
    if not args.kind or args.size is None:
        raise PuzzleError("homework needs --kind K and --size N (or --new-secret PATH)")
    size = homework.check_size(registry.table(args.kind).kind, args.size)
    out = Path(args.out)
    if args.sheet_id is not None:
        names = homework.read_roster(Path(args.roster)) if args.roster and args.name is None else ()
        if args.name is None and not names:
            raise PuzzleError("--sheet-id needs the student: --name NAME, or the ROSTER to look the id up in")
        secret = homework.load_secret(args.secret_file)
        sheet = homework.remake_sheet(secret, args.course, args.kind, size, args.sheet_id, name=args.name,
                                      names=names)
        files = homework.write_sheet(sheet, out)
        print(f"{sheet.student}: sheet {sheet.sheet_id}, {sheet.proof}")
        print(f"wrote {files['sheet']}, {files['text']}, {files['key']} and {files['key_text']}")
        return 0
    if args.name is not None:
        raise PuzzleError("--name re-makes one sheet and needs --sheet-id; for a class give a ROSTER")
    if not args.roster:
        raise PuzzleError("give a ROSTER file (one student per line), or --sheet-id ID --name NAME to re-make one sheet")
    names = homework.read_roster(Path(args.roster))
    if args.secret_file and Path(out, "sheets").resolve() in Path(args.secret_file).resolve().parents:
        raise PuzzleError(f"--secret-file {args.secret_file} is inside {out}/sheets/, the folder students get")
    secret = homework.load_secret(args.secret_file, create=True, say=say)
    sheets = homework.homework(names, args.kind, size, out, secret, course=args.course)
    for sheet in sheets:
        print(f"{sheet.student}: sheet {sheet.sheet_id}, {sheet.made.seconds:.1f} s, {sheet.proof}")
    print(f"wrote {len(sheets)} sheets to {out}/sheets/ (hand these out) and their keys to {out}/keys/ "
          "(keep these; index.csv lists the sheet ids)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m puzzlelib", description="Solve puzzles; build exercises.")
    sub = parser.add_subparsers(dest="command", required=True)
    solve = sub.add_parser("solve", help="solve a puzzle (a file, the puzzle itself, or - for standard input) "
                                         "and say whether it is unique")
    solve.add_argument("file", help="a file, a puzzle (URL, task string, one-line grid), or - for standard input")
    solve.add_argument("--format", default=None,
                       help="read only this format of the puzzle's (e.g. text, puzzlink, puzzleteam; needs --kind); "
                            "default: whichever format reads it")
    solve.add_argument("--kind", default=None, help="the puzzle kind, if the text should be read as that one only")
    solve.add_argument("--solver", choices=["highs", "cbc"], default=None)
    solve.add_argument("--time-limit", type=float, default=DEFAULT_TIME_LIMIT,
                       help=f"seconds before giving up (default {DEFAULT_TIME_LIMIT:g})")
    solve.set_defaults(run=cmd_solve)
    ex = sub.add_parser("exercises", help="write exercises/ from solutions/")
    ex.add_argument("names", nargs="*", help="chapters to convert, by solution or exercise notebook or chapter name "
                                             "(01-thermometers; default: all)")
    ex.add_argument("--root", default=".")
    ex.add_argument("--check", action="store_true", help="only report stale exercise notebooks")
    ex.add_argument("--no-run", action="store_true", help="do not execute the written notebooks")
    ex.set_defaults(run=cmd_exercises)
    gr = sub.add_parser("grade", help="run a class's exercise notebooks and grade every check")
    gr.add_argument("dir", help="a folder of submitted exercise notebooks")
    gr.add_argument("--csv", required=True, help="where to write one row per student and check")
    gr.add_argument("--summary", help="also write the class summary (markdown) here")
    gr.add_argument("--points", help="the points file (default: solutions/points.toml)")
    gr.add_argument("--solutions", help="the lecturer's notebooks, whose setup and checks grade (default: solutions/)")
    gr.add_argument("--shard", help="grade only the I-th of N disjoint parts of the class (I/N); grade-merge joins them")
    gr.add_argument("--jobs", type=int, default=None,
                    help="students graded at once (default: one per core); the CSV is the same for any number")
    gr.add_argument("--resume", action="store_true",
                    help="go on from the journal of a run that stopped (CSV.journal): no exercise graded twice")
    gr.add_argument("--journal", help="where each finished exercise is recorded (default: the CSV's name + .journal)")
    gr.add_argument("--hidden-seed", type=int, default=None,
                    help="add boards the students never saw, made from this seed")
    gr.set_defaults(run=cmd_grade)
    gm = sub.add_parser("grade-merge", help="join the CSVs of grade --shard I/N into the class's CSV")
    gm.add_argument("shards", nargs="+", help="every shard's CSV (each with its .shard.json beside it)")
    gm.add_argument("--csv", required=True, help="where to write the class's CSV")
    gm.add_argument("--summary", help="also write the class summary (markdown) here")
    gm.set_defaults(run=cmd_grade_merge)
    g1 = sub.add_parser("grade-one", help="grade one submission into a platform's result file")
    g1.add_argument("notebook", help="the student's notebook")
    g1.add_argument("--format", required=True, help="gradescope, prairielearn or csv")
    g1.add_argument("--out", required=True, help="the result file (Gradescope: /autograder/results/results.json)")
    g1.add_argument("--points", help="the points file (default: solutions/points.toml)")
    g1.add_argument("--solutions", help="the lecturer's notebooks (default: solutions/)")
    g1.add_argument("--hidden-seed", type=int, default=None)
    g1.set_defaults(run=cmd_grade_one)
    nbg = sub.add_parser("nbgrader-export", help="the exercises as an nbgrader course, with the same marks")
    nbg.add_argument("course", help="the nbgrader course folder to write source/ into")
    nbg.add_argument("names", nargs="*", help="chapters to export, by solution or exercise notebook or chapter name "
                                              "(01-thermometers; default: all)")
    nbg.add_argument("--points", help="the points file (default: solutions/points.toml)")
    nbg.add_argument("--solutions", help="the lecturer's notebooks (default: solutions/)")
    nbg.set_defaults(run=cmd_nbgrader)
    hw = sub.add_parser("homework", help="one proven-unique puzzle per student, with sheets and keys",
                        description="Sheets go to OUT/sheets/ (hand these out), keys to OUT/keys/ (keep these). "
                        "Each puzzle comes from the lecturer's secret, the course and the student's name.")
    hw.add_argument("roster", nargs="?", help="a file with one student name per line (a CSV's first column)")
    hw.add_argument("--kind", help="the puzzle kind (a folder of puzzlelib, as in a puzzle file's first line)")
    hw.add_argument("--size", help="the board size (the sizes its chapter uses; a wrong one is named)")
    hw.add_argument("--out", default="homework", help="the folder for sheets/ and keys/ (default homework/)")
    hw.add_argument("--course", default="homework",
                    help="the course and assignment, e.g. ip-2026-hw3: a new value, new puzzles for everyone")
    hw.add_argument("--secret-file", default=None,
                    help="the lecturer's secret (made on first use; else $PUZZLELIB_HOMEWORK_SECRET)")
    hw.add_argument("--new-secret", metavar="PATH", default=None, help="write a fresh random secret to PATH")
    hw.add_argument("--sheet-id", default=None, help="re-make the sheet with this id (and its key)")
    hw.add_argument("--name", default=None, help="the student whose sheet --sheet-id re-makes")
    hw.add_argument("--seed", default=None, help=argparse.SUPPRESS)  # gone: says what replaced it
    hw.set_defaults(run=cmd_homework)
    from .classroom import gradebook  # the class CSV as a Canvas or Moodle gradebook (issue 39)

    gradebook.add_parser(sub)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except (PuzzleError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except NoSolution as exc:
        print(f"no solution: {exc}", file=sys.stderr)
        return 1
    except SolverError as exc:
        print(f"solver error: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
