"""Homework that cannot be copied: one fresh puzzle per student, each proven unique, with a sheet.

    python -m puzzlelib homework ROSTER --kind thermometer --size 8 [--out homework/] [--course-seed 2026]
    python -m puzzlelib homework --kind thermometer --size 8 --seed 123456 --name "Ada"   # one sheet again

``ROSTER`` is a text file with one student per line (a CSV's first column is used). Each student's
seed comes from their name and the course seed, so re-running the command gives the same sheets;
any single sheet can be re-created from the seed printed on it. For every student the folder gets
``<name>.png`` (the sheet to hand out), ``<name>-key.png`` and ``<name>-key.txt`` (the answer key),
and ``index.csv`` lists student, seed, files and the uniqueness proof.
"""

from __future__ import annotations

import csv
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

from .. import registry
from ..display.drawing import side_by_side
from ..core.errors import PuzzleError
from ..core.validate import check_int

ATTEMPTS = 200  # boards tried per student before giving up on a unique one


@dataclass
class Sheet:
    student: str
    seed: int
    puzzle: object
    solution: object
    tries: int  # boards generated until one was proven unique

    @property
    def proof(self) -> str:
        return f"unique: a no-good cut after the first solution left the model infeasible (board {self.tries} tried)"


def student_seed(name: str, course_seed: int) -> int:
    """A stable seed for a student: the same name and course seed always give the same puzzle."""
    return zlib.crc32(f"{course_seed}:{name.strip().lower()}".encode()) % 1_000_000_007


def read_roster(path: Path) -> list[str]:
    names = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        name = next(csv.reader([line]), [""])[0].strip() if line.strip() else ""
        if name and not name.startswith("#") and name.lower() not in ("name", "student"):
            names.append(name)
    if not names:
        raise PuzzleError(f"{path}: the roster names no student (one name per line)")
    if len(set(n.lower() for n in names)) != len(names):
        raise PuzzleError(f"{path}: a student is listed twice")
    return names


def unique_puzzle(kind: str, size: int, seed: int, time_limit: float = 30):
    """A puzzle of ``kind`` and ``size`` from ``seed`` with exactly one solution, proven by search."""
    module = registry.table(kind)
    size = check_int(size, "size", 2, 30)
    for attempt in range(ATTEMPTS):
        try:
            puzzle = module.random_puzzle(size, seed=seed + attempt)
        except TypeError as exc:
            raise PuzzleError(f"{kind}: random_puzzle does not take a size ({exc})") from None
        found = module.solutions(puzzle, limit=2, time_limit=time_limit)
        if len(found) == 1:
            return puzzle, found[0], attempt + 1
    raise PuzzleError(f"no unique {kind} of size {size} within {ATTEMPTS} boards from seed {seed}: "
                      "try another size")


def make_sheet(kind: str, size: int, student: str, seed: int) -> Sheet:
    puzzle, solution, tries = unique_puzzle(kind, size, seed)
    return Sheet(student, seed, puzzle, solution, tries)


def slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower() or "student"


def write_sheet(sheet: Sheet, kind: str, out: Path) -> list[Path]:
    """The student's sheet and the answer key, as PNG files (and the key as text)."""
    module = registry.table(kind)
    out.mkdir(parents=True, exist_ok=True)
    base = out / slug(sheet.student)
    title = f"{sheet.student}: {kind}, seed {sheet.seed}"
    fig = side_by_side([lambda ax: module.draw(sheet.puzzle, ax=ax)], [title])
    fig.savefig(base.with_suffix(".png"), dpi=150, bbox_inches="tight")
    key = side_by_side([lambda ax: module.draw(sheet.puzzle, sheet.solution, ax=ax)],
                       [f"Answer key. {title}"])
    key.savefig(base.with_name(base.name + "-key.png"), dpi=150, bbox_inches="tight")
    text = base.with_name(base.name + "-key.txt")
    text.write_text(f"{title}\n{sheet.proof}\n\n{sheet.puzzle.to_text()}\n\n"
                    f"{module.format_solution(sheet.puzzle, sheet.solution)}\n", encoding="utf-8")
    return [base.with_suffix(".png"), base.with_name(base.name + "-key.png"), text]


def homework(names: list[str], kind: str, size: int, out: Path, course_seed: int = 2026,
             seeds: dict[str, int] | None = None) -> list[Sheet]:
    """One proven-unique puzzle per student, written to ``out`` with ``index.csv``."""
    from ..display.progress import progress

    registry.load(kind)  # a clear error for an unknown kind, before any work
    sheets = []
    rows = []
    for name in progress(names, desc="homework"):
        seed = (seeds or {}).get(name, student_seed(name, course_seed))
        sheet = make_sheet(kind, size, name, seed)
        files = write_sheet(sheet, kind, out)
        sheets.append(sheet)
        rows.append({"student": name, "seed": seed, "sheet": files[0].name, "key": files[1].name,
                     "proof": sheet.proof})
    with open(out / "index.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=["student", "seed", "sheet", "key", "proof"])
        writer.writeheader()
        writer.writerows(rows)
    return sheets
