"""The course's grader on the platforms lecturers already run: shards of a class, one submission at a time.

- **Shards** (``grade DIR --shard I/N``): the I-th of N disjoint parts of a class, for a cluster's
  job array, a CI matrix or several machines. Each shard's CSV has a sidecar (``CSV.shard.json``)
  naming the whole class and its own students; :func:`merge` (``grade-merge CSV...``) refuses
  overlapping, missing or mismatched shards and writes the class CSV one run would have written.
- **One submission** (``grade-one NOTEBOOK --format gradescope|prairielearn|csv --out FILE``): the
  result file of Gradescope's autograder (``/autograder/results/results.json``: ``score``,
  ``tests`` with ``name``, ``score``, ``max_score``, ``output``, ``visibility``) or of a PrairieLearn
  external grader (``/grade/results/results.json``: ``gradable``, ``score`` in [0, 1], ``message``,
  ``tests`` with ``points`` and ``max_points``).
"""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path

from ..core.errors import PuzzleError
from .grading import COLUMNS, Verdict, submissions

FORMATS = ("gradescope", "prairielearn", "csv")


# --------------------------------------------------------------------------------------------- #
# Shards
# --------------------------------------------------------------------------------------------- #
def parse_shard(text: str) -> tuple[int, int]:
    """``"2/5"`` -> (2, 5); refuses anything else, naming it."""
    try:
        index, count = (int(part) for part in str(text).split("/"))
    except ValueError:
        raise PuzzleError(f"--shard {text!r}: write I/N, the I-th of N parts (for example 2/5)") from None
    if not 1 <= index <= count <= 10_000:
        raise PuzzleError(f"--shard {text!r}: I must be between 1 and N (N at most 10000)")
    return index, count


def shard_of(folder: Path, index: int, count: int) -> list[str]:
    """The submission files (relative to ``folder``) of shard ``index`` of ``count``: every count-th."""
    found = [str(path.relative_to(folder)) for _, path in submissions(folder)]
    return [name for k, name in enumerate(found) if k % count == index - 1]


def write_sidecar(csv_path: Path, folder: Path, index: int, count: int, fingerprint: str) -> None:
    everyone = [str(path.relative_to(folder)) for _, path in submissions(folder)]
    Path(f"{csv_path}.shard.json").write_text(json.dumps({
        "shard": index, "of": count, "class": everyone, "mine": shard_of(folder, index, count),
        "solutions": fingerprint}, indent=1), encoding="utf-8")


def merge(paths: list[Path]) -> list[dict]:
    """The rows of the class CSV from the shards' CSVs, in the order one run writes them."""
    if not paths:
        raise PuzzleError("grade-merge: name the shards' CSV files")
    shards = []
    for path in paths:
        side = Path(f"{path}.shard.json")
        if not Path(path).exists() or not side.exists():
            raise PuzzleError(f"{path}: not a shard's CSV (it needs {side.name} beside it: grade --shard I/N)")
        shards.append((Path(path), json.loads(side.read_text(encoding="utf-8"))))
    first = shards[0][1]
    for path, meta in shards:
        for key in ("of", "class", "solutions"):
            if meta[key] != first[key]:
                raise PuzzleError(f"{path}: a shard of another class or run ({key} differs from {shards[0][0]})")
    seen: dict[int, Path] = {}
    for path, meta in shards:
        if meta["shard"] in seen:
            raise PuzzleError(f"{path} and {seen[meta['shard']]} are both shard {meta['shard']}/{meta['of']}")
        seen[meta["shard"]] = path
    missing = sorted(set(range(1, first["of"] + 1)) - set(seen))
    if missing:
        count = first["of"]
        names = ", ".join(f"{m}/{count}" for m in missing)
        raise PuzzleError(f"shard(s) {names} missing: every student must be graded exactly once")
    owner: dict[str, Path] = {}
    for path, meta in shards:
        for name in meta["mine"]:
            if name in owner:
                raise PuzzleError(f"{name} is in both {owner[name]} and {path}")
            owner[name] = path
    lost = [name for name in first["class"] if name not in owner]
    if lost:
        raise PuzzleError(f"{len(lost)} submission(s) in no shard, first {lost[0]}")
    place = {Path(name).name: k for k, name in enumerate(first["class"])}
    rows = []
    for path, _ in shards:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            if reader.fieldnames != list(COLUMNS):
                raise PuzzleError(f"{path}: not a grades CSV of this course")
            rows += [(place.get(row["file"], 10**9), k, row) for k, row in enumerate(reader)]
    return [row for _, _, row in sorted(rows, key=lambda r: (r[0], r[1]))]


def verdicts_of(rows: list[dict]) -> list[Verdict]:
    """CSV rows back as verdicts (for the summary)."""
    out = []
    for row in rows:
        out.append(Verdict(row["student"], row["file"], row["exercise"], row["check"], row["status"],
                           float(row["points"]), float(row["max_points"]), int(row["cases_passed"]),
                           int(row["cases_total"]), row["codes"].split(), row["message"], row["note"]))
    return out


def fingerprint(grader) -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(grader.solutions).glob("*.ipynb")):
        digest.update(path.read_bytes())
    digest.update(repr((grader.points, grader.hidden_seed)).encode())
    return digest.hexdigest()[:32]


# --------------------------------------------------------------------------------------------- #
# One submission, for Gradescope and PrairieLearn
# --------------------------------------------------------------------------------------------- #
def result(verdicts: list[Verdict], fmt: str) -> dict:
    """The platform's result file for one submission's verdicts."""
    if fmt not in FORMATS[:2]:
        raise PuzzleError(f"--format {fmt!r}: choose one of {', '.join(FORMATS)}")
    graded = [v for v in verdicts if v.check != "-"]
    broken = [v for v in verdicts if v.check == "-"]
    earned = round(sum(v.points for v in graded), 2)
    most = round(sum(v.max_points for v in graded), 2)
    lines = [f"{v.check}: {v.status}, {v.points:g} of {v.max_points:g}" for v in graded]
    if fmt == "gradescope":
        tests = [{"name": f"Exercise {v.check}", "score": round(v.points, 2), "max_score": round(v.max_points, 2),
                  "status": "passed" if v.passed else "failed", "visibility": "visible",
                  "output": _feedback(v)} for v in graded]
        output = "\n".join(lines) if graded else (broken[0].message if broken else "nothing to grade")
        return {"score": earned, "output": output, "visibility": "visible", "stdout_visibility": "hidden",
                "tests": tests}
    tests = [{"name": f"Exercise {v.check}", "points": round(v.points, 2), "max_points": round(v.max_points, 2),
              "output": _feedback(v), "message": v.status} for v in graded]
    if not graded:
        return {"gradable": False, "score": 0.0, "message": broken[0].message if broken else "nothing to grade",
                "tests": []}
    return {"gradable": True, "score": round(earned / most, 4) if most else 0.0, "message": "\n".join(lines),
            "tests": tests}


def _feedback(v: Verdict) -> str:
    parts = [v.message]
    if v.codes:
        parts.append("fault codes: " + " ".join(dict.fromkeys(v.codes)))
    if v.note:
        parts.append(v.note)
    return "\n".join(p for p in parts if p)
