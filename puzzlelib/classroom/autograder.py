"""What Gradescope and PrairieLearn take, built from the course: ``make autograder``.

    python -m puzzlelib.classroom.autograder OUT

- ``OUT/gradescope.zip``: Gradescope's autograder format: ``setup.sh`` (installs the course) and
  ``run_autograder`` at the top, the course's source beside them (extracted to
  ``/autograder/source``). ``run_autograder`` grades the notebook in ``/autograder/submission`` with
  ``grade-one --format gradescope`` into ``/autograder/results/results.json``.
- ``OUT/prairielearn/puzzle-ip/``: a folder for a PrairieLearn course's ``serverFilesCourse``, with
  ``run.sh`` (the external grader's entrypoint: the student's notebook in ``/grade/student``, the
  result in ``/grade/results/results.json``) and ``info.json.example`` (a question's
  ``externalGradingOptions``).

Both scripts take their root from ``AUTOGRADER_ROOT`` / ``PL_ROOT`` when set (tests run them in a
folder laid out as each platform lays out its container) and the Python from ``PYTHON``.
This holds ``solutions/``: it is for the lecturer's account on the platform, never for students.
"""

from __future__ import annotations

import json
import shutil
import stat
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ("pyproject.toml", "README.md", "LICENSE", "puzzlelib", "solutions")

SETUP = """#!/usr/bin/env bash
# Gradescope runs this once when it builds the autograder's image (Ubuntu, as root).
set -euo pipefail
apt-get update -qq && apt-get install -y -qq python3 python3-pip python3-venv > /dev/null
python3 -m venv /autograder/venv
/autograder/venv/bin/python -m pip install --quiet /autograder/source
"""

RUN_GRADESCOPE = """#!/usr/bin/env bash
# Gradescope runs this for each submission: the notebook is in submission/, the marks go to results/.
set -uo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${PYTHON:-$ROOT/venv/bin/python}"
mkdir -p "$ROOT/results"
notebook="$(find "$ROOT/submission" -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort | head -n 1)"
if [ -z "$notebook" ]; then
    echo '{"score": 0, "output": "No notebook (.ipynb) in the submission: upload your exercise notebook.", "tests": []}' \\
        > "$ROOT/results/results.json"
    exit 0
fi
cd "$ROOT/source"
"$PYTHON" -m puzzlelib grade-one "$notebook" --format gradescope --out "$ROOT/results/results.json" \\
    --solutions "$ROOT/source/solutions" || \\
    echo '{"score": 0, "output": "The grader could not run; your instructor has been told.", "tests": []}' \\
        > "$ROOT/results/results.json"
"""

RUN_PRAIRIELEARN = """#!/usr/bin/env bash
# PrairieLearn's external grader runs this in its container: the student's files are in student/,
# the result goes to results/results.json (score in [0, 1], gradable).
set -uo pipefail
ROOT="${PL_ROOT:-/grade}"
HERE="$(cd "$(dirname "$0")" && pwd)"
PYTHON="${PYTHON:-python3}"
mkdir -p "$ROOT/results"
notebook="$(find "$ROOT/student" -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort | head -n 1)"
if [ -z "$notebook" ]; then
    echo '{"gradable": false, "score": 0, "message": "No notebook (.ipynb) was submitted."}' > "$ROOT/results/results.json"
    exit 0
fi
if ! "$PYTHON" -c "import puzzlelib" 2> /dev/null; then
    "$PYTHON" -m pip install --quiet "$HERE/source" > /dev/null
fi
cd "$HERE/source"
"$PYTHON" -m puzzlelib grade-one "$notebook" --format prairielearn --out "$ROOT/results/results.json" \\
    --solutions "$HERE/source/solutions" || \\
    echo '{"gradable": false, "score": 0, "message": "The grader could not run."}' > "$ROOT/results/results.json"
"""

INFO_EXAMPLE = {
    "uuid": "REPLACE-WITH-A-UUID", "title": "Chapter 1 exercises", "topic": "Integer programming",
    "singleVariant": True, "gradingMethod": "External",
    "externalGradingOptions": {"enabled": True, "image": "python:3.11", "timeout": 600,
                               "serverFilesCourse": ["puzzle-ip/"],
                               "entrypoint": "/grade/serverFilesCourse/puzzle-ip/run.sh"},
}


def _copy_source(target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    for name in SOURCE:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, target / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc",
                                                                              ".ipynb_checkpoints"))
        else:
            shutil.copy(path, target / name)


def _script(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def build(out: Path) -> tuple[Path, Path]:
    """Write both; returns (the Gradescope zip, the PrairieLearn folder)."""
    out = Path(out)
    shutil.rmtree(out, ignore_errors=True)
    staging = out / "gradescope"
    _copy_source(staging)
    _script(staging / "setup.sh", SETUP)
    _script(staging / "run_autograder", RUN_GRADESCOPE)
    archive = out / "gradescope.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(staging.rglob("*")):
            if path.is_file():
                info = zipfile.ZipInfo(str(path.relative_to(staging)), date_time=(2026, 1, 1, 0, 0, 0))
                info.external_attr = (path.stat().st_mode & 0o777) << 16
                z.writestr(info, path.read_bytes(), zipfile.ZIP_DEFLATED)
    shutil.rmtree(staging)
    pl = out / "prairielearn" / "puzzle-ip"
    _copy_source(pl / "source")
    _script(pl / "run.sh", RUN_PRAIRIELEARN)
    (pl / "info.json.example").write_text(json.dumps(INFO_EXAMPLE, indent=2) + "\n", encoding="utf-8")
    return archive, pl


if __name__ == "__main__":  # pragma: no cover
    zip_path, folder = build(Path(sys.argv[1] if len(sys.argv) > 1 else "_build/autograder"))
    print(f"wrote {zip_path} (Gradescope) and {folder} (PrairieLearn's serverFilesCourse)")
