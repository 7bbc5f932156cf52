"""A student release: the course without the answers, for lecturers who hand out a copy.

    python -m puzzlelib.classroom.release [OUT]        (make student-release: OUT = _build/student-release)

Copies the files git tracks, leaving out ``solutions/`` (the answers), the test suite and CI
(which read the solutions) and the lecturer's guide, and checks the result: no solution marker may remain anywhere in it.
The student notebooks in ``exercises/`` already have every answer replaced by a stub.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from .exercises import BEGIN, MD_BEGIN

#: What stays with the lecturer: the answers, the tests and CI that read them, and the guide with its rubrics.
LEFT_OUT = ("solutions/", "tests/", ".ci/", "benchmarks/", "notebooks/guide.md")
#: Links to what is left out, and what the release says instead.
UNLINKED = {"[guide for lecturers](guide.md)": "guide for lecturers (your lecturer has it)",
            "      - file: notebooks/guide\n": ""}
NOTE = """
## This is the student release

This copy of the course has the chapters, the library and the exercise notebooks, but not the
lecturer's solutions, the test suite that reads them, or the lecturer's guide. Start with `make lab`, open
`exercises/`, and run the check under each exercise for feedback.
"""


def has_marker(path: Path) -> bool:
    """Whether a notebook still holds an answer: a solution marker on a line of its own."""
    import json

    text = path.read_text(encoding="utf-8", errors="replace")
    lines = text.splitlines()
    if path.suffix == ".ipynb":
        cells = json.loads(text).get("cells", [])
        lines = [line for cell in cells for line in "".join(cell.get("source", "")).splitlines()]
    return any(line.strip() in (BEGIN, MD_BEGIN) for line in lines)


def tracked_files(root: Path) -> list[str]:
    result = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True)
    return [line for line in result.stdout.splitlines() if line]


def release(root: Path, out: Path) -> list[Path]:
    """Write the student release to ``out`` (replacing it); returns the files written."""
    if out.exists():
        shutil.rmtree(out)
    written = []
    for name in tracked_files(root):
        if name.startswith(LEFT_OUT) or not (root / name).exists():
            continue
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
        written.append(target)
    for path in written:
        if path.suffix in (".md", ".ipynb", ".yml"):
            text = path.read_text(encoding="utf-8")
            for link, plain in UNLINKED.items():
                text = text.replace(link, plain)
            path.write_text(text, encoding="utf-8")
    readme = out / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8") + NOTE, encoding="utf-8")
    makefile = out / "Makefile"
    if makefile.exists():  # `make test` needs the tests, which stay with the lecturer
        makefile.write_text(makefile.read_text(encoding="utf-8").replace(
            "test: setup browser", "test-lecturer-only: setup browser"), encoding="utf-8")
    leaks = [str(p.relative_to(out)) for p in written if p.suffix in (".ipynb", ".md") and has_marker(p)]
    if leaks:
        raise SystemExit(f"solution markers in the student release: {', '.join(leaks[:5])}")
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(__file__).resolve().parents[2]  # puzzlelib/classroom/ -> the checkout
    out = Path(args[0]) if args else root / "_build" / "student-release"
    files = release(root, out)
    print(f"wrote {len(files)} files to {out} (no solutions/, no tests/)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
