"""A grading run's journal: each finished exercise as one JSON line, so a stopped run can resume.

The first line says what is being graded (the solutions' and points' fingerprint, the hidden
seed, the folder); ``--resume`` refuses a journal of another run. Each later line is one
(submission, exercise) with all its verdicts, written and flushed at once: a line cut short by a
crash is ignored and that exercise is graded again, so no student is graded twice or lost.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path

from ..core.errors import PuzzleError

VERSION = 1


def header(grader, folder: Path) -> dict:
    digest = hashlib.sha256()
    for path in sorted(Path(grader.solutions).glob("*.ipynb")) + sorted(Path(grader.solutions).glob("*.toml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(repr(grader.points).encode())
    return {"journal": VERSION, "solutions": digest.hexdigest()[:32], "hidden_seed": grader.hidden_seed,
            "folder": str(Path(folder).resolve())}


def read(path: Path, expected: dict) -> dict[str, list[dict]]:
    """The verdicts (as dicts of their fields) already in the journal at ``path``, by task key."""
    path = Path(path)
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except ValueError:
        raise PuzzleError(f"{path}: not a grading journal (its first line is not one)") from None
    if first != expected:
        differs = sorted(k for k in set(first) | set(expected) if first.get(k) != expected.get(k))
        raise PuzzleError(f"{path}: the journal of another run ({', '.join(differs)} differ); "
                          "grade without --resume to start again")
    done = {}
    for line in lines[1:]:
        try:
            entry = json.loads(line)
            verdicts = entry["verdicts"]
            if not isinstance(entry["task"], str) or not all(isinstance(v, dict) for v in verdicts):
                continue
            done[entry["task"]] = verdicts
        except (ValueError, KeyError, TypeError):
            continue  # a line cut short when the run stopped: graded again
    return done


class Writer:
    """Appends finished exercises to the journal (a new one starts with the header)."""

    def __init__(self, path: Path, head: dict, keep: bool):
        self.path = Path(path)
        fresh = not (keep and self.path.exists() and self.path.stat().st_size > 0)
        self.file = open(self.path, "w" if fresh else "a", encoding="utf-8")
        if fresh:
            self._line(head)
        elif not self.path.read_bytes().endswith(b"\n"):
            self.file.write("\n")  # after a line cut short

    def write(self, key: str, verdicts: list) -> None:
        self._line({"task": key, "verdicts": [dataclasses.asdict(v) for v in verdicts]})

    def _line(self, obj) -> None:
        self.file.write(json.dumps(obj) + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()
