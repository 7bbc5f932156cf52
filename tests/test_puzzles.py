"""The tests every puzzle shares, run from its cases file (pzprjs' ``test/script/<genre>.js`` runner).

For each puzzle of :mod:`puzzlelib.registry` and the template, ``tests/cases/<kind>.py`` holds the
cases as data (its docstring and ``tests/cases/_template.py`` show the format); this runner reads
them through the puzzle's interface table ``PUZZLE`` and nothing else:

* FAULTS: ``check_rules`` yields the case's code and ``verify`` is its messages (not empty); every
  code of ``PUZZLE.rules`` has at least one case;
* READS: each reader reads the text to the expected board (its text format), or raises a
  PuzzleError whose message holds the fragment;
* CLI: ``python -m puzzlelib solve FILE`` (``puzzlelib.cli.main``, in process) exits with the status
  and prints the fragment;
* EDITOR: a session of clicks, presses and loads on ``PUZZLE.editor(PUZZLE.seed_puzzle())`` ends
  with the fragment in the message line, and no unexpected exception;
* SMALL: on planted boards, every model's ``solutions`` finds the same answers as ``brute_force``
  (compared through ``format_solution``), and the planted answer keeps every rule;
* every writer's text reads back as the same board.

A puzzle without a cases file is skipped, naming the file to write.
"""

from __future__ import annotations

import html
import importlib
import inspect
import importlib.util
import re
from functools import cache
from pathlib import Path

import pytest

from puzzlelib import cli, registry
from puzzlelib.core.errors import PuzzleError

CASES = Path(__file__).resolve().parent / "cases"
TEMPLATE = "_template"
#: The sections a cases file holds (see tests/cases/_template.py).
SECTIONS = ("FAULTS", "READS", "CLI", "EDITOR", "SMALL")
#: How many answers the model-against-brute-force test asks for, unless SMALL says ``limit=``.
LIMIT = 10


def _kinds() -> list[str]:
    """The registered kinds; while a puzzle does not import, every folder (its tests then fail by name)."""
    try:
        return registry.kinds()
    except Exception:  # a puzzle that fails to import must not hide the others' tests
        return registry._folders()


KINDS = _kinds() + [TEMPLATE]


def table(kind: str):
    """The interface table of ``kind`` (the registry does not load folders starting with ``_``)."""
    if kind.startswith("_"):
        return importlib.import_module(f"puzzlelib.{kind}").PUZZLE
    return registry.table(kind)


@cache
def _load_cases(kind: str):
    """``(module, error)``: the cases module of ``kind`` (None when it has no file), or the error reading it."""
    path = CASES / f"{kind}.py"
    if not path.exists():
        return None, None
    try:
        spec = importlib.util.spec_from_file_location(f"puzzle_cases_{kind}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except Exception as exc:  # reported by each test of the kind, not as a collection error of all
        return None, f"{type(exc).__name__}: {exc}"
    return module, None


def cases(kind: str):
    """The cases module of ``kind``; skips the test when the puzzle has none yet."""
    module, error = _load_cases(kind)
    if error:
        pytest.fail(f"tests/cases/{kind}.py does not load: {error}")
    if module is None:
        pytest.skip(f"no tests/cases/{kind}.py yet (see tests/cases/_template.py for the format)")
    return module


def section(kind: str, name: str):
    """Section ``name`` of ``kind``'s cases ([] while there is no such file or section)."""
    module, _ = _load_cases(kind)
    return (getattr(module, name, None) or []) if module is not None else []


def each(name: str) -> list:
    """Parameters ``(kind, index)`` for every case of section ``name`` of every puzzle; ``(kind, None)``
    for a puzzle that has no such case (the test then skips, or fails where a case is required)."""
    found = []
    for kind in KINDS:
        items = section(kind, name)
        found += [pytest.param(kind, i, id=f"{kind}-{i}") for i in range(len(items))] or \
                 [pytest.param(kind, None, id=f"{kind}-none")]
    return found


def case(kind: str, name: str, index):
    module = cases(kind)
    if index is None:
        pytest.skip(f"tests/cases/{kind}.py has no {name} cases")
    return getattr(module, name)[index]


def small_seeds() -> list:
    found = []
    for kind in KINDS:
        small = section(kind, "SMALL")
        seeds = list(small.get("seeds", ())) if isinstance(small, dict) else []
        found += [pytest.param(kind, s, id=f"{kind}-seed{s}") for s in seeds] or \
                 [pytest.param(kind, None, id=f"{kind}-none")]
    return found


def message(editor) -> str:
    """The editor's message line as plain text (its HTML span taken off, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]*>", "", editor.message.value))


# --------------------------------------------------------------------------------------------- #
# The cases file itself
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind", KINDS)
def test_cases_file_has_every_section(kind):
    module = cases(kind)
    assert getattr(module, "KIND", None) == kind, f"tests/cases/{kind}.py: KIND = {kind!r}"
    missing = [name for name in SECTIONS if not getattr(module, name, None)]
    assert not missing, f"tests/cases/{kind}.py lacks {', '.join(missing)}"
    small = module.SMALL
    assert isinstance(small, dict) and {"size", "seeds"} <= set(small), "SMALL = dict(size=..., seeds=...)"


# --------------------------------------------------------------------------------------------- #
# FAULTS: each rule code with a board that breaks it
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind", KINDS)
def test_every_rule_has_a_fault_case(kind):
    module = cases(kind)
    codes = table(kind).rule_codes()
    given = {entry[2] for entry in getattr(module, "FAULTS", [])}
    assert not given - set(codes), f"FAULTS name codes that are not in PUZZLE.rules: {sorted(given - set(codes))}"
    missing = [code for code in codes if code not in given]
    assert not missing, f"tests/cases/{kind}.py: no FAULTS case breaks {', '.join(missing)}"


@pytest.mark.parametrize("kind, index", each("FAULTS"))
def test_fault(kind, index):
    text, answer, code, *rest = case(kind, "FAULTS", index)
    options = rest[0] if rest else {}  # a rule that only some formulations check: {"model": ...}
    t = table(kind)
    puzzle = t.Puzzle.from_text(text)
    faults = t.check_rules(puzzle, answer, **options)
    assert code in [f.code for f in faults], f"expected {code!r}, check_rules found {faults}"
    words = t.verify(puzzle, answer, **options)
    assert words, "verify found nothing wrong"
    assert words == [f.message for f in faults], "verify must be the messages of check_rules, in order"


# --------------------------------------------------------------------------------------------- #
# READS: readers' examples, and every writer's text read back
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind, index", each("READS"))
def test_read(kind, index):
    fmt, text, expected = case(kind, "READS", index)
    t = table(kind)
    assert fmt in t.readers, f"no reader {fmt!r} (PUZZLE reads {', '.join(t.readers)})"
    board = expected.startswith(kind + "\n")
    try:
        puzzle = t.readers[fmt](text)
    except PuzzleError as exc:
        assert not board, f"the {fmt} reader refused a board: {exc}"
        assert expected in str(exc), f"the message {str(exc)!r} lacks {expected!r}"
    else:
        assert board, f"the {fmt} reader read a board where the error {expected!r} was expected"
        assert isinstance(puzzle, t.Puzzle)
        assert puzzle.to_text() == expected


@pytest.mark.parametrize("kind", KINDS)
def test_writers_round_trip(kind):
    module = cases(kind)
    t = table(kind)
    small = module.SMALL
    boards = [(t.seed_puzzle(), False)]
    boards += [(t.planted_puzzle(small["size"], seed=s)[0], False) for s in list(small["seeds"])[:3]]
    # a board read from READS may be one a site's format cannot hold (a writer may refuse it by name)
    boards += [(t.readers[fmt](text), True) for fmt, text, expected in module.READS if expected.startswith(kind + "\n")]
    for puzzle, may_refuse in boards:
        text = puzzle.to_text()
        assert t.Puzzle.from_text(text).to_text() == text, "the text format does not round-trip"
        for name, write in t.writers.items():
            try:
                written = write(puzzle)
            except PuzzleError:
                if may_refuse and name != "text":
                    continue
                raise
            assert t.readers[name](written).to_text() == text, f"the {name} format does not round-trip:\n{text}"
            assert t.Puzzle.read(puzzle.write(name), name).to_text() == text


# --------------------------------------------------------------------------------------------- #
# CLI: python -m puzzlelib solve FILE
# --------------------------------------------------------------------------------------------- #
@pytest.mark.parametrize("kind, index", each("CLI"))
def test_cli(kind, index, tmp_path, capsys, monkeypatch):
    text, status, fragment = case(kind, "CLI", index)
    if kind.startswith("_"):  # the registry hides the template from users; let this CLI run see it
        folders, kinds = registry._folders, [k for k in KINDS if not k.startswith("_")]
        monkeypatch.setattr(registry, "_folders", lambda: folders() + [kind])
        monkeypatch.setattr(registry, "kinds", lambda: kinds + [kind])
    path = tmp_path / f"{kind}.txt"
    path.write_text(text, encoding="utf-8")
    code = cli.main(["solve", str(path)])
    out, err = capsys.readouterr()
    assert code == status, f"exit status {code}, expected {status}; printed:\n{out}{err}"
    assert fragment in out + err, f"{fragment!r} not in what solve printed:\n{out}{err}"


# --------------------------------------------------------------------------------------------- #
# EDITOR: a session on the chapter's board
# --------------------------------------------------------------------------------------------- #
def act(editor, action) -> None:
    """One editor action: ("click", r, c, button), ("click_xy", x, y, button), ("press", label), ("load", text)."""
    name, *args = action
    if name == "click":
        editor.click(*args)
    elif name == "click_xy":
        editor.click_xy(*args)
    elif name == "press":
        editor.press(*args)
    elif name == "load":
        editor.text.value = args[0]
        editor.press("Load")
    else:
        raise AssertionError(f"unknown editor action {action!r}")


@pytest.mark.parametrize("kind, index", each("EDITOR"))
def test_editor_session(kind, index):
    actions, fragment = case(kind, "EDITOR", index)
    t = table(kind)
    editor = t.editor(t.seed_puzzle())
    for action in actions:
        act(editor, action)
    assert fragment in message(editor), f"{fragment!r} not in the message {message(editor)!r}"
    assert editor.bugs == [], f"unexpected exceptions in the editor: {editor.bugs[:3]}"


# --------------------------------------------------------------------------------------------- #
# SMALL: every model against the brute force, on planted boards
# --------------------------------------------------------------------------------------------- #
def _objective(small: dict):
    """SMALL's ``objective``: for puzzles whose ``solutions`` lists only the best answers, the
    Solution's attribute (a number, or a collection counted by its length) or a function to minimise."""
    key = small.get("objective")
    if key is None or callable(key):
        return key

    def value(solution):
        found = getattr(solution, key)
        return found if isinstance(found, (int, float)) else len(found)
    return value


@pytest.mark.parametrize("kind, seed", small_seeds())
def test_models_match_brute_force(kind, seed):
    small = cases(kind).SMALL
    if seed is None:
        pytest.skip(f"tests/cases/{kind}.py has no SMALL seeds")
    t = table(kind)
    puzzle, planted = t.planted_puzzle(small["size"], seed=seed, **small.get("options", {}))
    assert t.check_rules(puzzle, planted) == [], "the planted answer breaks a rule"
    limit, objective = small.get("limit", LIMIT), _objective(small)

    def oracle(model):
        """brute_force's answers, under ``model``'s rules where the rules depend on it (Net's one piece)."""
        extra = {"model": model} if "model" in inspect.signature(t.brute_force).parameters else {}
        truth = t.brute_force(puzzle, **extra) if objective else t.brute_force(puzzle, limit=limit, **extra)
        assert all(isinstance(s, t.Solution) for s in truth), "brute_force must return Solutions"
        if objective and truth:
            best = min(map(objective, truth))
            truth = [s for s in truth if objective(s) == best]
        expected = {t.format_solution(puzzle, s) for s in truth}
        assert len(expected) == len(truth), "brute_force returned an answer twice"
        return truth, expected

    for model in small.get("models", t.models):
        truth, expected = oracle(model)
        found = t.solutions(puzzle, limit=limit, model=model, time_limit=60)
        got = {t.format_solution(puzzle, s) for s in found}
        assert len(got) == len(found), f"model {model!r}: solutions returned an answer twice"
        assert all(t.check_rules(puzzle, s) == [] for s in found), f"model {model!r}: an answer breaks a rule"
        if len(truth) < limit:
            assert got == expected, f"model {model!r}: {len(got)} answers, brute force {len(expected)}"
            continue
        # both stopped at the limit: each may have listed different answers of the many
        assert len(found) == limit, f"model {model!r}: {len(found)} answers, brute force has {limit} or more"
        if objective:  # the brute force listed every best answer
            assert got <= expected, f"model {model!r}: an answer that is not among the best"
