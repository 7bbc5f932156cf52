"""The lecturer's guide keeps up with the course: every chapter is planned, every command it
names exists, and every exercise it names is in the solutions."""

import re
from pathlib import Path

from puzzlelib import cli

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "notebooks" / "guide.md").read_text()


def test_every_chapter_has_a_row_in_the_session_plan():
    rows = re.findall(r"^\| (\d+) [A-Z]", GUIDE, re.MULTILINE)  # "| 3 Binary Sudoku | ..."
    chapters = sorted(int(p.name[:2]) for p in (ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    assert sorted(int(r) for r in rows) == chapters


def test_exercises_named_in_the_plan_exist():
    named = set(re.findall(r"Ex (\d+\.\d+)", GUIDE)) | {
        f"{m.group(1)}.{n}" for m in re.finditer(r"Ex (\d+)\.\d+-\d+\.(\d+)", GUIDE)
        for n in range(1, int(m.group(2)) + 1)}
    solutions = " ".join(p.read_text() for p in (ROOT / "solutions").glob("*.md"))
    existing = set(re.findall(r"Exercise (\d+\.\d+)", solutions))
    assert named <= existing, f"the guide names exercises that do not exist: {sorted(named - existing)}"


def test_commands_in_the_guide_exist():
    for command in set(re.findall(r"python -m puzzlelib ([\w-]+)", GUIDE)):
        try:
            cli.main([command, "--help"])
        except SystemExit as exc:
            assert exc.code == 0, command
    makefile = (ROOT / "Makefile").read_text()
    for target in set(re.findall(r"`make ([\w-]+)`", GUIDE)):
        assert re.search(rf"^{target}:", makefile, re.MULTILINE), f"make {target} is not in the Makefile"
