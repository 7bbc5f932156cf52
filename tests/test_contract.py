"""Every registered puzzle fills in the whole interface (Tatham's template puzzle, as a test).

A new folder under ``puzzlelib/`` is picked up by :mod:`puzzlelib.registry`; if it forgets a part
of the contract, the test names the puzzle and the part.
"""

import ast
from pathlib import Path

import pytest

from puzzlelib import registry
from puzzlelib.core.errors import PuzzleError

KINDS = registry.kinds()
ROOT = Path(__file__).resolve().parents[1] / "puzzlelib"
ROLE_FILES = ("formats.py", "board.py", "rules.py", "model.py", "solving.py", "generators.py", "drawing.py", "widget.py",
              "checks.py")


def test_the_five_first_puzzles_are_registered():
    assert {"thermometer", "circuit", "binairo", "slider", "flowfree"} <= set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_contract(kind):
    module = registry.load(kind)
    missing = [name for name in registry.CONTRACT if not hasattr(module, name)]
    assert not missing, f"puzzlelib.{kind} lacks {', '.join(missing)}"
    assert module.KIND == kind
    for name in ("from_text", "to_text"):
        assert hasattr(module.Puzzle, name), f"puzzlelib.{kind}.Puzzle lacks {name}"
    assert isinstance(module.READERS, dict) and isinstance(module.WRITERS, dict)
    assert "text" in module.READERS and "text" in module.WRITERS


@pytest.mark.parametrize("kind", KINDS)
def test_files_by_role(kind):
    folder = ROOT / kind
    missing = [name for name in ROLE_FILES if not (folder / name).exists()]
    assert not missing, f"puzzlelib/{kind}/ lacks {', '.join(missing)}"


@pytest.mark.parametrize("kind", KINDS)
def test_seed_board_and_random_boards_round_trip_and_solve(kind):
    module = registry.load(kind)
    boards = [module.Puzzle.from_text(module.SEED_BOARD)] + [module.random_puzzle(seed=s) for s in range(4)]
    for puzzle in boards:
        text = puzzle.to_text()
        again = module.Puzzle.from_text(text)
        assert again.to_text() == text
        for name, writer in module.WRITERS.items():
            assert module.READERS[name](writer(puzzle)).to_text() == text, f"{name} does not round-trip"
        solution = module.solve(puzzle, time_limit=30)
        assert module.verify(puzzle, solution) == []
        assert isinstance(module.format_solution(puzzle, solution), str)


@pytest.mark.parametrize("kind", KINDS)
def test_wrong_arguments_are_puzzle_errors(kind):
    module = registry.load(kind)
    puzzle = module.Puzzle.from_text(module.SEED_BOARD)
    for bad in (dict(solver=5), dict(time_limit=-1), dict(time_limit=float("nan")), dict(time_limit="1")):
        with pytest.raises(PuzzleError):
            module.solve(puzzle, **bad)
    for limit in (0, -1, True, 1.5, "2"):
        with pytest.raises(PuzzleError):
            module.solutions(puzzle, limit=limit)


def _imports(path: Path, package: str) -> set[str]:
    """The puzzlelib modules a file imports (relative imports resolved), function bodies included."""
    tree = ast.parse(path.read_text())
    here = package.split(".")
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            if not target.startswith("puzzlelib"):
                continue
            for alias in node.names:
                found.add(f"{target}.{alias.name}" if _is_module(f"{target}.{alias.name}") else target)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("puzzlelib"))
    return found


def _is_module(name: str) -> bool:
    path = ROOT.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _graph() -> dict[str, set[str]]:
    graph = {}
    for path in ROOT.rglob("*.py"):
        name = _module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        graph[name] = {m for m in _imports(path, package) if m != name}
    return graph


def test_no_import_circles():
    graph = _graph()
    state: dict[str, int] = {}
    cycles = []

    def visit(node, stack):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if nxt not in graph:
                continue
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt] if nxt in stack else [node, nxt])
            elif state.get(nxt) is None:
                visit(nxt, stack + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if state.get(node) is None:
            visit(node, [node])
    assert not cycles, "import circles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_no_puzzle_imports_another():
    graph = _graph()
    for name, targets in graph.items():
        parts = name.split(".")
        if len(parts) < 2 or parts[1] not in KINDS:
            continue
        others = {t for t in targets if t.split(".")[1] in KINDS and t.split(".")[1] != parts[1]}
        assert not others, f"{name} imports another puzzle: {sorted(others)}"


def test_core_imports_no_puzzle():
    for name, targets in _graph().items():
        if name.startswith("puzzlelib.core"):
            assert not {t for t in targets if t.split(".")[1] in KINDS}, name


@pytest.mark.parametrize("kind", KINDS)
def test_importing_a_puzzle_does_not_import_widgets(kind):
    import subprocess
    import sys

    code = (f"import sys, puzzlelib.{kind}; heavy = [m for m in ('ipywidgets', 'ipympl', 'playwright') "
            f"if m in sys.modules]; print(heavy); sys.exit(1 if heavy else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


#: The layers, lowest first: a module may import its own layer and the layers below it, never above.
#: Every puzzle folder is one layer; chapter folders (0 and 10) sit above the puzzles they use.
LAYERS = (
    ("core",), ("engine",), ("display",), ("feedback",), ("<puzzle>",), ("introduction", "inside_solver"),
    ("registry",), ("classroom",), ("cli", "app", "__main__", "__init__"),
)
#: Third-party packages a layer must never import (the engine runs where no display exists).
FORBIDDEN = {"core": ("matplotlib", "ipywidgets", "ipympl", "pulp", "highspy"),
             "engine": ("matplotlib", "ipywidgets", "ipympl", "IPython")}


def _layer(module: str) -> int:
    """The rank of a puzzlelib module's layer (see LAYERS)."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "__init__"
    if top in KINDS or (top.startswith("_") and not top.startswith("__")):
        top = "<puzzle>"
    for rank, names in enumerate(LAYERS):
        if top in names:
            return rank
    raise AssertionError(f"{module}: in no layer of tests/test_contract.py LAYERS (add it)")


def test_layers_import_downwards_only():
    upward = [f"{name} -> {target}" for name, targets in _graph().items() for target in targets
              if _layer(target) > _layer(name)]
    assert not upward, "imports from a lower layer to a higher one: " + "; ".join(sorted(upward))


def _third_party(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[0] for a in node.names)
    return found


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_low_layers_import_no_display(layer):
    for path in (ROOT / layer).rglob("*.py"):
        bad = _third_party(path) & set(FORBIDDEN[layer])
        assert not bad, f"puzzlelib/{layer}/{path.name} imports {sorted(bad)}"
