"""Every registered puzzle fills in the whole interface (Tatham's template puzzle, as a test).

A new folder under ``puzzlelib/`` is picked up by :mod:`puzzlelib.registry`; if it forgets a part
of the contract, the test names the puzzle and the part.
"""

import ast
import collections
import contextlib
import dataclasses
import importlib
import inspect
import time
import types
from pathlib import Path

import pulp
import pytest

from puzzlelib import registry
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError
from puzzlelib.core.interface import PuzzleData, PuzzleKind, Rule
from puzzlelib.engine.search import guard

KINDS = registry.kinds()
ROOT = Path(__file__).resolve().parents[1] / "puzzlelib"
#: The role files of a puzzle folder (``model_<name>.py`` may be added, one per other formulation).
ROLE_FILES = ("formats.py", "board.py", "rules.py", "model.py", "solving.py", "generators.py", "drawing.py",
              "widget.py", "checks.py", "__init__.py")
#: Each slot's leading parameters, in order, with their defaults (``REQUIRED``: no default;
#: ``DEFAULT_MODEL``: the table's first model). Parameters after these are the puzzle's own.
REQUIRED, DEFAULT_MODEL = object(), object()
SIGNATURES = {
    "build_model": (("puzzle", REQUIRED), ("model", DEFAULT_MODEL)),
    "solve": (("puzzle", REQUIRED), ("model", DEFAULT_MODEL), ("solver", None), ("time_limit", None)),
    "solutions": (("puzzle", REQUIRED), ("limit", 2), ("model", DEFAULT_MODEL), ("solver", None),
                  ("time_limit", None)),
    "check_rules": (("puzzle", REQUIRED), ("answer", REQUIRED)),
    "verify": (("puzzle", REQUIRED), ("answer", REQUIRED)),
    "brute_force": (("puzzle", REQUIRED), ("limit", None)),
    "random_puzzle": (("size", None), ("seed", 0)),
    "planted_puzzle": (("size", None), ("seed", 0)),
    "generate": (("size", None), ("seed", 0)),
    "format_solution": (("puzzle", REQUIRED), ("solution", REQUIRED)),
    "draw": (("puzzle", REQUIRED), ("solution", None)),
    "editor": (("puzzle", None),),
    "explain_infeasible": (("puzzle", REQUIRED), ("solver", None), ("time_limit", None)),
}
#: Slots a puzzle may leave empty (None), as Tatham's table has explicit empty slots.
OPTIONAL = {"explain_infeasible", "generate"}
#: Parameters that must be keyword-only (so that every call names them).
KEYWORD_ONLY = {"seed"}


def contract_faults(kind: str, module) -> list[str]:
    """Every way a puzzle module breaks the interface, each naming the part (empty: it keeps it)."""
    table = getattr(module, "PUZZLE", None)
    if not isinstance(table, PuzzleKind):
        return [f"puzzlelib.{kind} has no PUZZLE = PuzzleKind(...)"]
    faults = []
    if table.kind != kind:
        faults.append(f"PUZZLE.kind is {table.kind!r}, the folder is {kind!r}")
    if not (isinstance(table.title, str) and table.title):
        faults.append("PUZZLE.title: a name players know")
    if not isinstance(table.chapter, int):
        faults.append("PUZZLE.chapter: the chapter's number")
    if not (isinstance(table.Puzzle, type) and issubclass(table.Puzzle, PuzzleData)):
        faults.append("PUZZLE.Puzzle: a PuzzleData subclass (FORMATS, read, write)")
    elif "text" not in table.formats or "text" not in table.writers:
        faults.append("PUZZLE.Puzzle.FORMATS: a 'text' format that reads and writes")
    if not isinstance(table.Solution, type):
        faults.append("PUZZLE.Solution: a class")
    if not (table.models and all(isinstance(m, str) for m in table.models)):
        faults.append("PUZZLE.models: the formulations' names, default first")
    if not (table.rules and all(isinstance(r, Rule) for r in table.rules)):
        faults.append("PUZZLE.rules: Rule(code, text) for each check")
    for slot, params in SIGNATURES.items():
        func = getattr(table, slot)
        if func is None:
            if slot not in OPTIONAL:
                faults.append(f"PUZZLE.{slot}: missing")
            continue
        if not callable(func):
            faults.append(f"PUZZLE.{slot}: not callable")
            continue
        faults += [f"PUZZLE.{slot}: {f}" for f in _signature_faults(func, params, table)]
    return faults


def _signature_faults(func, params, table) -> list[str]:
    found = [p for p in inspect.signature(func).parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    faults = []
    names = [p.name for p in found[:len(params)]]
    want = [name for name, _ in params]
    if names != want:
        return [f"parameters start {names}, expected {want}"]
    for p, (name, default) in zip(found, params):
        expected = table.models[0] if default is DEFAULT_MODEL and table.models else default
        if default is REQUIRED:
            if p.default is not p.empty:
                faults.append(f"{name} must have no default")
        elif p.default is p.empty or p.default != expected:
            faults.append(f"{name} defaults to {p.default!r}, expected {expected!r}")
        if name in KEYWORD_ONLY and p.kind is not p.KEYWORD_ONLY:
            faults.append(f"{name} must be keyword-only")
    return faults


def test_the_five_first_puzzles_are_registered():
    assert {"thermometer", "circuit", "binairo", "slider", "flowfree"} <= set(KINDS)


@pytest.mark.parametrize("kind", KINDS + ["_template"])
def test_contract(kind):
    module = importlib.import_module(f"puzzlelib.{kind}")
    assert contract_faults(kind, module) == []


@pytest.mark.parametrize("kind", KINDS + ["_template"])
def test_files_by_role(kind):
    folder = ROOT / kind
    missing = [name for name in ROLE_FILES if not (folder / name).exists()]
    assert not missing, f"puzzlelib/{kind}/ lacks {', '.join(missing)}"
    models = {p.stem[len("model_"):] for p in folder.glob("model_*.py")}
    table = importlib.import_module(f"puzzlelib.{kind}").PUZZLE
    extra = models - {m.replace("-", "_") for m in table.models} - {"sat", "per_colour"}
    assert not extra, f"puzzlelib/{kind}/: model files {sorted(extra)} name no formulation of PUZZLE.models"


TEMPLATE_SLOTS = [name for name in SIGNATURES] + ["Puzzle", "rules", "models"]


@pytest.mark.parametrize("slot", TEMPLATE_SLOTS)
def test_contract_fails_by_name_on_the_template_with_a_part_removed(slot):
    """Tatham builds nullgame every time; here the template with one slot emptied must fail, naming it."""
    module = importlib.import_module("puzzlelib._template")
    broken = types.SimpleNamespace(PUZZLE=dataclasses.replace(module.PUZZLE, **{slot: _removed(slot)}))
    faults = contract_faults("_template", broken)
    if slot in OPTIONAL:
        assert faults == [], "an optional slot may be empty"
    else:
        assert any(f.startswith(f"PUZZLE.{slot}") for f in faults), faults


@pytest.mark.parametrize("slot", [s for s in SIGNATURES if s not in OPTIONAL])
def test_contract_checks_signatures_not_only_names(slot):
    module = importlib.import_module("puzzlelib._template")
    def wrong(*args, **kwargs):  # the right name, the wrong parameters
        return None
    wrong.__name__ = slot
    for bad in (wrong, lambda x: None):
        broken = types.SimpleNamespace(PUZZLE=dataclasses.replace(module.PUZZLE, **{slot: bad}))
        assert any(f.startswith(f"PUZZLE.{slot}") for f in contract_faults("_template", broken))


def _removed(slot):
    return () if slot in ("rules", "models") else None


@pytest.mark.parametrize("kind", KINDS)
def test_seed_board_and_random_boards_round_trip_and_solve(kind):
    table = registry.table(kind)
    boards = [table.seed_puzzle()] + [table.random_puzzle(seed=s) for s in range(4)]
    for puzzle in boards:
        text = puzzle.to_text()
        again = table.Puzzle.from_text(text)
        assert again.to_text() == text
        for name, writer in table.writers.items():
            assert table.readers[name](writer(puzzle)).to_text() == text, f"{name} does not round-trip"
        solution = table.solve(puzzle, time_limit=30)
        assert table.verify(puzzle, solution) == []
        assert table.check_rules(puzzle, solution) == []
        assert isinstance(table.format_solution(puzzle, solution), str)


@pytest.mark.parametrize("kind", KINDS)
def test_wrong_arguments_are_puzzle_errors(kind):
    table = registry.table(kind)
    puzzle = table.seed_puzzle()
    for bad in (dict(solver=5), dict(time_limit=-1), dict(time_limit=float("nan")), dict(time_limit="1"),
                dict(model="no such model"), dict(model=5)):
        with pytest.raises(PuzzleError):
            table.solve(puzzle, **bad)
    for limit in (0, -1, True, 1.5, "2"):
        with pytest.raises(PuzzleError):
            table.solutions(puzzle, limit=limit)
    for call in (table.solve, table.build_model, table.solutions, table.brute_force):
        with pytest.raises(PuzzleError, match=r"expected an? \w+ Puzzle, got list"):
            call([[1]])


# --------------------------------------------------------------------------------------------- #
# Behaviour, not only names (scikit-learn's check_estimator): what each slot does when called
# --------------------------------------------------------------------------------------------- #
#: Arguments every public solving function refuses with a PuzzleError before any work.
BAD_ARGUMENTS = (dict(solver=""), dict(solver="CBC "), dict(solver="nope"), dict(solver=5),
                 dict(time_limit=-1), dict(time_limit=float("nan")), dict(time_limit="1"), dict(time_limit=0))
BAD_LIMITS = (dict(limit="2"), dict(limit=-1), dict(limit=0), dict(limit=1.5), dict(limit=True), dict(limit=None))


@contextlib.contextmanager
def counted():
    """Count the work done inside: PuLP problems made ("models"), integer programs solved ("mip",
    every ``LpProblem.solve``, whichever module imported ``solve_model``) and clause searches made."""
    from puzzlelib.engine.sat import SatSearch

    counts = collections.Counter()
    patches = [(pulp.LpProblem, "__init__", "models"), (pulp.LpProblem, "solve", "mip"),
               (SatSearch, "__init__", "clauses")]
    saved = []
    for owner, name, key in patches:
        original = owner.__dict__[name]

        def counting(*args, _original=original, _key=key, **kwargs):
            counts[_key] += 1
            return _original(*args, **kwargs)

        saved.append((owner, name, original))
        setattr(owner, name, counting)
    try:
        yield counts
    finally:
        for owner, name, original in saved:
            setattr(owner, name, original)


def _solving_calls(table):
    """The public solving functions of a table, each with the arguments it takes besides the board."""
    calls = {"solve": table.solve, "solutions": table.solutions}
    if table.explain_infeasible is not None:
        calls["explain_infeasible"] = table.explain_infeasible
    return calls


def refusal_faults(table, puzzle) -> list[str]:
    """Each bad argument a solving function accepts, or refuses only after doing work, named."""
    faults = []
    for name, call in _solving_calls(table).items():
        bads = BAD_ARGUMENTS + (BAD_LIMITS if name == "solutions" else ())
        for bad in bads:
            with counted() as work:
                try:
                    call(puzzle, **bad)
                except PuzzleError:
                    pass
                except Exception as exc:  # noqa: BLE001 - the fault is the wrong kind of error
                    faults.append(f"PUZZLE.{name}({_args(bad)}): {type(exc).__name__}, not a PuzzleError")
                    continue
                else:
                    faults.append(f"PUZZLE.{name}({_args(bad)}): accepted")
                    continue
            if sum(work.values()):
                faults.append(f"PUZZLE.{name}({_args(bad)}): refused only after work ({dict(work)})")
    return faults


def _args(kwargs) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in kwargs.items())


#: Seconds a named model's solve may take on the seed board before the check moves on (a search
#: that has started an integer program has shown what it runs: the count is taken when the solve
#: starts). Building a seed board's model takes a few hundredths of a second; the rest is margin.
MODEL_SECONDS = 3


def named_model_faults(table, puzzle) -> list[str]:
    """Each named model that ``solutions`` (and ``solve``, for a model other than the default, whose
    ``solve`` may be the puzzle's own fastest route to it) does not build and solve as an integer program."""
    faults = []
    for model in table.models:
        calls = [("solutions", lambda: table.solutions(puzzle, limit=2, model=model, time_limit=MODEL_SECONDS))]
        if model != table.default_model:
            calls.append(("solve", lambda: table.solve(puzzle, model=model, time_limit=MODEL_SECONDS)))
        for name, call in calls:
            with counted() as work:
                try:
                    call()
                except (SolverError, NoSolution):
                    pass
            if not work["mip"]:
                faults.append(f"PUZZLE.{name}: model={model!r} solved no integer program (the named model was "
                              f"ignored: {dict(work)})")
    return faults


def behaviour_faults(kind: str, module) -> list[str]:
    """What a puzzle's solving slots do, checked by calling them (empty: they keep the contract)."""
    table = module.PUZZLE
    puzzle = table.seed_puzzle()
    return refusal_faults(table, puzzle) + named_model_faults(table, puzzle)


@pytest.mark.parametrize("kind", KINDS + ["_template"])
def test_behaviour(kind):
    module = importlib.import_module(f"puzzlelib.{kind}")
    assert behaviour_faults(kind, module) == []


#: A board of each kind on which most searches run past TIME_LIMIT (``random_puzzle(size, seed=1)``).
LARGE = {"thermometer": 30, "circuit": 60, "binairo": 30, "slider": 60, "flowfree": 20, "aquarium": 30,
         "sudoku": 25, "kakuro": 40, "infinityloop": 40, "match22": 30, "starbattle": 20, "v3ck": 200,
         "monodot": 14, "knightmoves": 14, "_template": 30}
#: The time limit asked for, and what a call may take beyond it (a slice of conflicts, a solver's exit,
#: a busy machine): the issue-30 guarantee is "stops at the limit", not "answers within it".
TIME_LIMIT, SLACK = 0.5, 2.5


def deadline_faults(kind: str, module) -> list[str]:
    """Each search (the default, each named model, each ``search=``) that runs past its time limit."""
    table = module.PUZZLE
    big = table.random_puzzle(LARGE.get(kind, 30), seed=1)
    calls = [("solve", {}), ("solutions", {})] + [("solutions", {"model": m}) for m in table.models]
    searches = getattr(importlib.import_module(f"puzzlelib.{kind}.solving"), "SEARCHES", ())
    if "search" in inspect.signature(table.solutions).parameters:
        calls += [("solutions", {"search": s}) for s in searches]
    faults = []
    for name, kwargs in calls:
        start = time.process_time()  # CPU, not wall: a busy CI machine must not fail a search that stops
        try:
            getattr(table, name)(big, time_limit=TIME_LIMIT, **kwargs)
        except (SolverError, NoSolution):
            pass
        seconds = time.process_time() - start
        if seconds > TIME_LIMIT + SLACK:
            faults.append(f"PUZZLE.{name}({_args(kwargs)}): {seconds:.1f} s with time_limit={TIME_LIMIT}")
    return faults


@pytest.mark.parametrize("kind", KINDS + ["_template"])
def test_every_search_stops_at_its_time_limit(kind):
    assert deadline_faults(kind, importlib.import_module(f"puzzlelib.{kind}")) == []


def test_behaviour_fails_by_name_on_the_template_when_a_named_model_is_ignored():
    """The template's ``solutions`` made to ignore ``model=`` (it answers by brute force, as a puzzle's
    fast search would): the contract must fail, naming the slot and the model."""
    module = importlib.import_module("puzzlelib._template")

    def ignoring(puzzle, limit=2, model=module.DEFAULT_MODEL, solver=None, time_limit=None):
        guard(puzzle, module.Puzzle, "solutions", limit=limit, solver=solver, time_limit=time_limit, model=model,
              models=module.MODELS)  # every argument checked, as the contract asks ...
        return module.brute_force(puzzle, limit)  # ... but the model named is never built

    broken = types.SimpleNamespace(PUZZLE=dataclasses.replace(module.PUZZLE, solutions=ignoring))
    assert contract_faults("_template", broken) == []  # the names and signatures alone are right
    faults = behaviour_faults("_template", broken)
    assert any(f.startswith("PUZZLE.solutions: model='cells' solved no integer program") for f in faults), faults


def test_behaviour_fails_by_name_on_the_template_when_a_bad_argument_is_accepted():
    module = importlib.import_module("puzzlelib._template")

    def careless(puzzle, limit=2, model=module.DEFAULT_MODEL, solver=None, time_limit=None):
        return module.PUZZLE.solutions(puzzle, limit=2 if isinstance(limit, str) else limit, model=model)

    broken = types.SimpleNamespace(PUZZLE=dataclasses.replace(module.PUZZLE, solutions=careless))
    faults = behaviour_faults("_template", broken)
    assert "PUZZLE.solutions(solver='nope'): accepted" in faults
    assert "PUZZLE.solutions(limit='2'): accepted" in faults


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
#: Every puzzle folder is one layer; chapter folders (0, 10, 12 and 13) sit above the puzzles they use.
LAYERS = (
    ("core",), ("engine",), ("display",), ("feedback",), ("<puzzle>",), ("introduction", "inside_solver", "duality", "complexity"),
    ("registry", "reader"), ("classroom",), ("cli", "app", "__main__", "__init__"),
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
