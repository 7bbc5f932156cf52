"""The Circuit Scramble editor in the kernel: scripted clicks (the random session is tests/test_fuzz.py's)."""

from __future__ import annotations

import html
import re

import matplotlib
import pytest

matplotlib.use("Agg")

from puzzlelib import circuit as ci  # noqa: E402
from puzzlelib.circuit.widget import FLIP, LAMP, REMOVE, START, CircuitEditor  # noqa: E402


def msg(editor) -> str:
    """The message line as a person reads it."""
    return html.unescape(re.sub(r"<[^>]+>", "", editor.message.value))


@pytest.fixture
def editor():
    return ci.editor(ci.seed_circuit())


def test_starts_with_the_puzzle_and_reports_the_lamp(editor):
    assert isinstance(editor, CircuitEditor)
    assert repr(editor) == "<CircuitEditor 6 switches, 6 gates>"
    assert editor.puzzle == ci.seed_circuit()
    assert "Lamp g12 off after 0 flips" in msg(editor)
    assert ci.editor().puzzle.lamps  # the demo circuit


def test_flipping_switches_lights_the_lamp(editor):
    editor.click_node("x5")
    assert editor.setting["x5"] == 1 and "off after 1 flip (x5)" in msg(editor)
    editor.click_node("x6")
    assert "Lamp g12 on after 2 flips (x5, x6)" in msg(editor)
    assert editor.puzzle == ci.seed_circuit()  # flipping plays, it does not edit
    editor.press("Reset switches")
    assert editor.setting == editor.puzzle.inputs


def test_solve_and_uniqueness(editor):
    editor.press("Solve")
    assert msg(editor).count("Solved: 2 flips (x5, x6)") == 1
    assert editor.solution.flips == ("x5", "x6")
    editor.press("Check uniqueness")
    assert "Unique" in msg(editor)
    editor.press("Clear solution")
    assert editor.solution is None


def test_clicking_a_gate_in_flip_mode_explains(editor):
    editor.click_node("g9")
    assert "g9 is a gate: only switches can be flipped" in msg(editor)
    assert editor.last_error is not None
    editor.click_xy(-30.0, -30.0)
    assert "Click on a switch" in msg(editor)


def test_building_a_circuit_moves_the_lamp_up(editor):
    editor.kind.value = "OR"
    editor.inputs_box.value = "g12 x1"
    editor.press("Add gate")
    assert editor.puzzle.gates[-1] == ("g13", "OR", "g12", "x1") and editor.puzzle.lamps == ("g13",)
    editor.press("Remove gate")
    assert editor.puzzle == ci.seed_circuit()


def test_bad_gates_are_refused_with_a_reason(editor):
    editor.kind.value = "NOT"
    editor.inputs_box.value = "x1 x2"
    editor.press("Add gate")
    assert "NOT needs exactly 1 input, has 2" in msg(editor)
    editor.kind.value = "AND"
    editor.inputs_box.value = "x1 nothing"
    editor.press("Add gate")
    assert "input 'nothing' is neither a switch nor a gate" in msg(editor)
    editor.name_box.value = "x3"
    editor.inputs_box.value = "x1 x2"
    editor.press("Add gate")
    assert "node x3 is defined twice" in msg(editor)
    assert editor.puzzle == ci.seed_circuit()


def test_remove_start_and_lamp_modes(editor):
    editor.mode.value = REMOVE
    editor.click_node("g9")
    assert "g9 feeds g10: remove g10 first" in msg(editor)
    editor.click_node("g12")
    assert editor.puzzle.lamps == ("g10",) and len(editor.puzzle.gates) == 5
    editor.mode.value = LAMP
    editor.click_node("g11")
    assert editor.puzzle.lamps == ("g10", "g11")
    editor.click_node("g10")
    editor.click_node("g11")
    assert "only lamp" in msg(editor)
    editor.mode.value = START
    editor.click_node("x6")
    assert editor.puzzle.inputs["x6"] == 0 and "Lamp g11 on after 0 flips" in msg(editor)


def test_add_switch_then_wire_it(editor):
    editor.press("Add switch")
    name = editor.inputs_box.value
    assert name in editor.puzzle.inputs and editor.puzzle.inputs[name] == 0
    editor.inputs_box.value = f"g12 {name}"
    editor.press("Add gate")
    editor.press("Solve")
    assert msg(editor).count("Solved: 3 flips") == 1


def test_save_and_load_round_trip(editor):
    editor.press("Save")
    text = editor.text.value
    fresh = ci.editor()
    fresh.text.value = text
    fresh.press("Load")
    assert fresh.puzzle == ci.seed_circuit()
    fresh.text.value = "circuit\nswitches: a=0\ng = AND a\nlamp: g\n"
    fresh.press("Load")
    assert "line 3: gate g: AND needs at least 2 inputs" in msg(fresh)
    assert fresh.puzzle == ci.seed_circuit()
