"""The library as one exercise's sandbox sees it: a read-only copy without the code it forbids.

Blocking a function in memory is not enough: ``importlib.reload`` brings it back from its file,
and its source can be read and run. So each exercise gets a copy of ``puzzlelib/`` in which every
function the exercise forbids, and every function of the checks modules the exercise does not
name (the oracles, the reference answers), has lost its body: it raises ``ForbiddenCall``. The
warm process of that exercise imports this copy, so the code is neither in the sandbox's memory
nor in any file it can open. Functions a checks module calls while it is imported stay.
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import stat
from pathlib import Path

LIBRARY = Path(__file__).resolve().parents[1]  # puzzlelib/
RAISE = "raise __import__('puzzlelib.feedback.checks', fromlist=['ForbiddenCall']).ForbiddenCall({label!r})"


def key(forbid: list[tuple[str, str, str]], allowed: set[str]) -> str:
    """A name for the copy that strips ``forbid`` and keeps ``allowed``."""
    text = repr((sorted(forbid), sorted(allowed)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def build(folder: Path, forbid: list[tuple[str, str, str]], allowed: set[str] | None,
          library: Path = LIBRARY) -> Path:
    """Write the copy under ``folder`` (``folder/puzzlelib``), read-only; returns ``folder``.

    ``allowed=None`` keeps the checks modules whole (the warm process's own copy)."""
    folder = Path(folder)
    target = folder / "puzzlelib"
    if target.exists():
        return folder
    work = folder.with_name(f"{folder.name}.part-{os.getpid()}")  # workers may build the same copy at once
    shutil.rmtree(work, ignore_errors=True)
    _compile(library, writable_only=True)  # once per library: the copies take these byte codes along
    shutil.copytree(library, work / "puzzlelib", ignore=shutil.ignore_patterns("*.pyo"))
    strips: dict[Path, dict[str, str]] = {}
    for module, qualname, label in forbid:
        path = _file_of(work, module)
        if path is not None:
            strips.setdefault(path, {})[qualname] = label
    for path in sorted((work / "puzzlelib").glob("*/checks.py")) if allowed is not None else ():
        if path.parent.name == "feedback":
            continue  # the checks' machinery, not an oracle
        module = f"puzzlelib.{path.parent.name}.checks"
        for name in _strippable(path.read_text(encoding="utf-8"), allowed):
            strips.setdefault(path, {}).setdefault(name, f"checks.{name}")
    for path, names in strips.items():
        path.write_text(strip(path.read_text(encoding="utf-8"), names), encoding="utf-8")
        for old in path.parent.glob(f"__pycache__/{path.stem}.*.pyc"):
            old.unlink()  # the original's byte code: never run for the stripped source
    _compile(work / "puzzlelib")
    _read_only(work)
    try:
        os.replace(work, folder)
    except OSError:  # another worker finished the same copy first
        remove(work)
    return folder


def remove(folder: Path) -> None:
    """Remove a copy (its folders are read-only)."""
    for dirpath, dirnames, _ in os.walk(folder):
        os.chmod(dirpath, stat.S_IRWXU)
    shutil.rmtree(folder, ignore_errors=True)


def _file_of(root: Path, module: str) -> Path | None:
    if not module.startswith("puzzlelib."):
        return None  # not the course's code: blocked in memory only (see README)
    parts = module.split(".")
    path = root.joinpath(*parts).with_suffix(".py")
    if path.exists():
        return path
    package = root.joinpath(*parts) / "__init__.py"
    return package if package.exists() else None


def _strippable(source: str, allowed: set[str]) -> list[str]:
    """The top-level functions of a checks module that the sandbox does not need."""
    tree = ast.parse(source)
    functions = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    keep: set[str] = set()
    todo = [name for name in allowed if name in functions and not name.startswith("check_")]
    # what the module runs while it is imported: its top-level statements, class bodies, decorators
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for part in [*node.decorator_list, *node.args.defaults, *node.args.kw_defaults]:
                if part is not None:
                    todo += [n.id for n in ast.walk(part) if isinstance(n, ast.Name)]
        else:
            todo += [n.id for n in ast.walk(node) if isinstance(n, ast.Name)]
    while todo:
        name = todo.pop()
        if name in keep or name not in functions:
            continue
        keep.add(name)
        todo += [n.id for n in ast.walk(functions[name]) if isinstance(n, ast.Name)]
    return [name for name in functions if name not in keep]


def strip(source: str, names: dict[str, str]) -> str:
    """``source`` with each function ``qualname -> label`` made to raise ForbiddenCall(label).

    Line numbers stay where they were (the emptied lines are kept blank)."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    spans = []
    for node, qualname in _functions(tree):
        if qualname in names:
            spans.append((node.lineno, node.end_lineno, node, names[qualname]))
    for first, last, node, label in sorted(spans, key=lambda s: -s[0]):
        indent = lines[first - 1][: len(lines[first - 1]) - len(lines[first - 1].lstrip())]
        prefix = "async def" if isinstance(node, ast.AsyncFunctionDef) else "def"
        new = [f"{indent}{prefix} {node.name}(*args, **kwargs):\n", f"{indent}    {RAISE.format(label=label)}\n"]
        new += ["\n"] * max(0, last - first + 1 - len(new))
        lines[first - 1:last] = new
    return "".join(lines)


def _functions(tree: ast.AST, prefix: str = ""):
    for node in getattr(tree, "body", []):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node, prefix + node.name
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node, prefix + node.name + ".")


def _compile(folder: Path, writable_only: bool = False) -> None:
    """Byte-compile the copy now, so no sandbox needs (or may) write there.

    Files whose byte code is already there and up to date (Python's own check: the source's
    modification time and size, which the copy keeps) are skipped, so a copy of a compiled library
    compiles only the files stripped in it. ``writable_only``: do nothing where the folder is read-only
    (an installed library; each copy is then compiled whole, as before)."""
    import compileall

    if writable_only and not os.access(folder, os.W_OK):
        return
    compileall.compile_dir(str(folder), quiet=2, workers=1)


def _read_only(folder: Path) -> None:
    for dirpath, dirnames, filenames in os.walk(folder):
        for name in filenames:
            os.chmod(os.path.join(dirpath, name), stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
        os.chmod(dirpath, stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
