"""The class CSV of ``grade`` as a gradebook file Canvas or Moodle imports, and as nbgrader feedback.

    python -m puzzlelib gradebook grades.csv --format canvas|moodle --out FILE
                                  [--assignment NAME] [--roster roster.csv] [--per-exercise]

``grades.csv`` is what ``python -m puzzlelib grade`` (or ``grade-merge``) writes: a row per student
and check. The gradebook has a row per student with the points summed (``--per-exercise``: a column
per exercise as well), students in sorted order, numbers with two decimals. The sums are of the CSV's
points, which have two decimals already (1.11 + 0.44 + 1.33 = 2.88 where the summary of ``grade``,
summing the unrounded points, says 2.89):

- **canvas**: Canvas's gradebook import (Grades > Import): the columns ``Student, ID, SIS User ID,
  SIS Login ID, Section`` and then one column per assignment, with a ``Points Possible`` row first.
  A student's name in the grader (their folder, a hub user name) goes in ``SIS Login ID`` unless the
  roster gives the Canvas ``ID``; Canvas matches a row by ``ID``, else by the SIS ids.
- **moodle**: Moodle's "Import grades from CSV file": ``Username, ID number, Email address`` and a
  column per grade item; in the import you map ``Username`` (or ``ID number``, ``Email address``) to
  the user field and the assignment's column to the grade item.

``--roster`` is an optional CSV with a header naming any of ``student`` (the grader's name, required),
``name``, ``id``, ``sis_user_id``, ``sis_login_id``, ``section``, ``username``, ``idnumber``,
``email``: what the LMS knows the student by. A student of the grades missing from a given roster is
refused with the name, so no mark lands on nobody.

:func:`nbgrader_feedback` writes one HTML page per student from the same CSV into an nbgrader course's
``feedback/<student>/<assignment>/`` (next to the submission's ``timestamp.txt`` and ``submission_secret.txt``), so ``nbgrader release_feedback``
returns the course grader's feedback to the students' Assignments tab.
"""

from __future__ import annotations

import csv
import html
import io
from collections import defaultdict
from pathlib import Path

from ..core.errors import PuzzleError

FORMATS = ("canvas", "moodle")
CANVAS_FIXED = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
MOODLE_FIXED = ("Username", "ID number", "Email address")
ROSTER_FIELDS = ("student", "name", "id", "sis_user_id", "sis_login_id", "section", "username", "idnumber", "email")


def read_grades(path: Path) -> list[dict]:
    """The rows of a class CSV, checked for the columns a gradebook needs."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot read the grades ({exc.strerror})") from None
    rows = list(csv.DictReader(io.StringIO(text)))
    need = {"student", "exercise", "check", "points", "max_points"}
    if not rows or not need <= set(rows[0]):
        missing = sorted(need - set(rows[0])) if rows else sorted(need)
        raise PuzzleError(f"{path}: not a class CSV of `grade` (no rows, or no column {missing[0]!r})")
    for n, row in enumerate(rows, start=2):
        for key in ("points", "max_points"):
            try:
                value = float(row[key])
            except (TypeError, ValueError):
                raise PuzzleError(f"{path}, line {n}: {key} is {row[key]!r}, not a number") from None
            if not 0 <= value < float("inf"):
                raise PuzzleError(f"{path}, line {n}: {key} is {row[key]!r}, not a number of points")
        if not row["student"]:
            raise PuzzleError(f"{path}, line {n}: a row without a student")
    return rows


def read_roster(path: Path | None) -> dict[str, dict]:
    if path is None:
        return {}
    try:
        rows = list(csv.DictReader(io.StringIO(Path(path).read_text(encoding="utf-8"))))
    except OSError as exc:
        raise PuzzleError(f"{path}: cannot read the roster ({exc.strerror})") from None
    if not rows or "student" not in rows[0]:
        raise PuzzleError(f"{path}: the roster needs a header with a 'student' column (and any of "
                          f"{', '.join(ROSTER_FIELDS[1:])})")
    roster: dict[str, dict] = {}
    for n, row in enumerate(rows, start=2):
        name = (row.get("student") or "").strip()
        if not name or name in roster:
            raise PuzzleError(f"{path}, line {n}: {'a blank' if not name else 'a twice-listed'} student {name!r}")
        roster[name] = {k: (row.get(k) or "").strip() for k in ROSTER_FIELDS}
    return roster


def totals(rows: list[dict]) -> tuple[dict[str, dict[str, float]], dict[str, float]]:
    """Per student, points by exercise; and the maximum points by exercise (the same for everyone)."""
    points: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    maximum: dict[str, dict[str, float]] = defaultdict(dict)
    for row in rows:
        if row["exercise"] in ("-", ""):  # an unreadable notebook: no exercise, no points
            points[row["student"]]
            continue
        points[row["student"]][row["exercise"]] += float(row["points"])
        maximum[row["exercise"]][row["check"]] = float(row["max_points"])
    return {s: dict(e) for s, e in points.items()}, {e: sum(c.values()) for e, c in maximum.items()}


def _key(exercise: str):
    return tuple(int(p) if p.isdigit() else p for p in exercise.split("."))


def gradebook(rows: list[dict], kind: str, assignment: str = "puzzle-ip", roster: dict[str, dict] | None = None,
              per_exercise: bool = False) -> str:
    """The gradebook CSV text for ``kind`` (canvas or moodle)."""
    if kind not in FORMATS:
        raise PuzzleError(f"--format {kind!r}: one of {', '.join(FORMATS)}")
    if not assignment.strip() or any(c in assignment for c in "\r\n"):
        raise PuzzleError(f"--assignment {assignment!r}: a name on one line")
    points, maximum = totals(rows)
    roster = roster or {}
    if roster:
        missing = sorted(set(points) - set(roster))
        if missing:
            raise PuzzleError(f"student {missing[0]!r} of the grades is not in the roster")
    exercises = sorted(maximum, key=_key) if per_exercise else []
    columns = [assignment] + [f"{assignment} {e}" for e in exercises]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    total_max = sum(maximum.values())
    if kind == "canvas":
        writer.writerow([*CANVAS_FIXED, *columns])
        writer.writerow(["    Points Possible", "", "", "", "", f"{total_max:.2f}",
                         *(f"{maximum[e]:.2f}" for e in exercises)])
    else:
        writer.writerow([*MOODLE_FIXED, *columns])
    for student in sorted(points):
        who = roster.get(student, {})
        marks = points[student]
        values = [f"{sum(marks.values()):.2f}", *(f"{marks.get(e, 0.0):.2f}" for e in exercises)]
        if kind == "canvas":
            login = who.get("sis_login_id") or ("" if who.get("id") or who.get("sis_user_id") else student)
            writer.writerow([who.get("name") or student, who.get("id", ""), who.get("sis_user_id", ""), login,
                             who.get("section", ""), *values])
        else:
            writer.writerow([who.get("username") or student, who.get("idnumber", ""), who.get("email", ""), *values])
    return out.getvalue()


def write_gradebook(grades: Path, kind: str, out: Path, assignment: str = "puzzle-ip",
                    roster: Path | None = None, per_exercise: bool = False) -> Path:
    text = gradebook(read_grades(grades), kind, assignment, read_roster(roster), per_exercise)
    Path(out).write_text(text, encoding="utf-8", newline="")
    return Path(out)


# --------------------------------------------------------------------------------------------- #
# Feedback for nbgrader's release_feedback
# --------------------------------------------------------------------------------------------- #
def feedback_page(student: str, assignment: str, rows: list[dict]) -> str:
    """One student's feedback: a table of checks with points and the checks' messages."""
    got = sum(float(r["points"]) for r in rows)
    best = sum(float(r["max_points"]) for r in rows)
    lines = ["<!DOCTYPE html>", "<html><head><meta charset='utf-8'>",
             f"<title>{html.escape(assignment)}: {html.escape(student)}</title>",
             "<style>td { white-space: pre-line; vertical-align: top }</style></head><body>",
             f"<h1>{html.escape(assignment)}</h1>",
             f"<p>{html.escape(student)}: <b>{got:.2f}</b> of {best:.2f} points</p>",
             "<table border='1'><tr><th>check</th><th>status</th><th>points</th><th>feedback</th></tr>"]
    for r in rows:
        message = " ".join(x for x in (r.get("message", ""), r.get("note", "")) if x)
        lines.append(f"<tr><td>{html.escape(r['check'])}</td><td>{html.escape(r.get('status', ''))}</td>"
                     f"<td>{float(r['points']):.2f} / {float(r['max_points']):.2f}</td>"
                     f"<td>{html.escape(message)}</td></tr>")
    lines += ["</table>", "</body></html>", ""]
    return "\n".join(lines)


def nbgrader_feedback(grades: Path, course: Path, assignment: str) -> list[Path]:
    """Write ``course/feedback/<student>/<assignment>/<notebook>.html`` for every student of ``grades``
    that nbgrader collected (``submitted/<student>/<assignment>/``), with the submission's timestamp,
    ready for ``nbgrader release_feedback ASSIGNMENT``."""
    rows = read_grades(grades)
    by_student: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_student[row["student"]].append(row)
    written = []
    for student, mine in sorted(by_student.items()):
        submitted = Path(course) / "submitted" / student / assignment
        if not submitted.is_dir():
            raise PuzzleError(f"{submitted}: no submission of {student!r} collected by nbgrader")
        target = Path(course) / "feedback" / student / assignment
        target.mkdir(parents=True, exist_ok=True)
        for kept in ("timestamp.txt", "submission_secret.txt"):  # what release_feedback reads beside the page
            if (submitted / kept).exists():
                (target / kept).write_text((submitted / kept).read_text(encoding="utf-8"), encoding="utf-8")
        for notebook in sorted(submitted.glob("*.ipynb")):
            page = target / f"{notebook.stem}.html"
            page.write_text(feedback_page(student, assignment, mine), encoding="utf-8")
            written.append(page)
    return written


# --------------------------------------------------------------------------------------------- #
# The command line: python -m puzzlelib gradebook
# --------------------------------------------------------------------------------------------- #
def add_parser(sub) -> None:
    """Register ``gradebook`` with the CLI's subparsers."""
    gb = sub.add_parser("gradebook", help="the class CSV of grade as a Canvas or Moodle gradebook import")
    gb.add_argument("grades", help="the class CSV that grade (or grade-merge) wrote")
    gb.add_argument("--format", required=True, choices=FORMATS, help="the LMS whose import format to write")
    gb.add_argument("--out", required=True, help="where to write the gradebook CSV")
    gb.add_argument("--assignment", default="puzzle-ip", help="the assignment's column name (default puzzle-ip)")
    gb.add_argument("--roster", help="a CSV naming each student's LMS ids (student, name, id, sis_user_id, "
                                     "sis_login_id, section, username, idnumber, email)")
    gb.add_argument("--per-exercise", action="store_true", help="a column per exercise as well as the total")
    gb.set_defaults(run=run)


def run(args) -> int:
    out = write_gradebook(Path(args.grades), args.format, Path(args.out), args.assignment,
                          Path(args.roster) if args.roster else None, args.per_exercise)
    print(f"wrote {out}")
    return 0
