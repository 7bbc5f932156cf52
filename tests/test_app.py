"""The app of `make play`: every registered puzzle in a tab, each able to load a board and solve it."""

import pytest

from puzzlelib import app, registry


def test_every_puzzle_has_a_tab_in_chapter_order():
    a = app.play()
    assert a.kinds == app.ordered_kinds()
    assert set(a.kinds) == set(registry.kinds())
    assert a.kinds.index("thermometer") < a.kinds.index("flowfree")


@pytest.mark.parametrize("kind", registry.kinds())
def test_a_tab_loads_boards_and_solves(kind):
    a = app.play([kind])
    tab = a.select(kind)
    tab.editor.time_limit = 30
    tab.editor.press("Solve")
    assert tab.editor.solution is not None, tab.editor.last_error
    tab.source.value = "A generated board"
    tab.seed.value = 3
    tab.load.click()
    assert tab.editor.last_error is None and tab.editor.bugs == []
    tab.editor.press("Solve")
    assert tab.editor.solution is not None, tab.editor.last_error


def test_tabs_are_built_when_first_shown():
    a = app.play()
    assert list(a.pages) == [a.kinds[0]]
    a.tabs.selected_index = 1
    assert a.kinds[1] in a.pages
