"""Puzzles as people paste them (issue 41): what wraps them is taken off, what holds no puzzle is named,
and an error names the format the text looks most like by evidence.

Each case is a real shape of paste: a Puzzle Team Binairo task string of letters and digits, a web
link to Simon Tatham's Net, Project Euler 96's first grid (with the answer its problem page prints),
a puzz.link URL with a title in front (Norvig's grid2, with the answer his essay prints), a SudokuPad
short link. And the door of a Load box: a paste of another puzzle names that puzzle and its tab.
"""

from __future__ import annotations

import pytest

import puzzlelib
from puzzlelib import app, cli, reader, registry
from puzzlelib.core.errors import PuzzleError

#: Project Euler problem 96, "Su Doku": the first grid of p096_sudoku.txt as the file writes it.
EULER_GRID_01 = """Grid 01
003020600
900305001
001806400
008102900
700000008
006708200
002609500
800203009
005010300
"""
#: Its solution, as the problem page shows it (the top-left "483" is what the problem sums).
EULER_ANSWER_01 = ["483921657", "967345821", "251876493", "548132976", "729564138", "136798245", "372689514",
                   "814253769", "695417382"]
#: Norvig, "Solving Every Sudoku Puzzle": grid2, and the first row of the solution his essay prints.
NORVIG_GRID2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NORVIG_ROW1 = (4, 1, 7, 3, 6, 9, 8, 2, 5)
#: A Binairo task string from puzzle-binairo.com: letters are runs of empty cells, digits are givens.
BINAIRO_TASK = "c11c1b1a0b0g00a1g1"
TATHAM_NET = "https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/net.html#"


def puzzlink_sudoku(line: str) -> str:
    """pzprjs' ``sudoku`` URL of a 9x9 line (number16: a digit per given, g..z for 1..20 empty cells)."""
    out, empty = [], 0
    for ch in line:
        if ch in ".0":
            empty += 1
            if empty == 20:
                out.append("z")
                empty = 0
            continue
        if empty:
            out.append(chr(ord("g") + empty - 1))
            empty = 0
        out.append(ch)
    if empty:
        out.append(chr(ord("g") + empty - 1))
    return "https://puzz.link/p?sudoku/9/9/" + "".join(out)


def test_a_binairo_task_string_of_letters_and_digits_reads_as_binairo_not_as_a_one_row_level():
    found = reader.identify(BINAIRO_TASK)
    assert (found.kind, found.format) == ("binairo", "puzzleteam")
    table = registry.table("binairo")
    answers = table.solutions(found.puzzle, limit=2)
    assert len(answers) == 1 and table.verify(found.puzzle, answers[0]) == []
    flowfree = registry.table("flowfree").Puzzle
    assert flowfree.read(BINAIRO_TASK, "level").shape == (1, 18)  # what made it ambiguous: a one-row board


def test_a_tatham_web_link_reads_its_game_id():
    net = registry.table("infinityloop").random_puzzle(seed=2)
    link = TATHAM_NET + net.write("tatham")
    found = reader.identify(link)
    assert (found.kind, found.format, found.puzzle) == ("infinityloop", "tatham", net)
    assert found.via == "a web link to Tatham's Net"
    assert reader.identify(link.replace("#", "#%20", 1)).puzzle == net  # a link as a browser may escape it


@pytest.mark.parametrize("link, words", [
    (TATHAM_NET + "5x5#12345", "without a game ID after '#'"),
    (TATHAM_NET, "without a game ID"),
    ("https://www.chiark.greenend.org.uk/~sgtatham/puzzles/js/pattern.html#5x5:1/2/3", "'pattern', which is not a "
     "puzzle of the course"),
])
def test_tatham_links_without_a_board_say_why(link, words):
    with pytest.raises(PuzzleError, match=words):
        reader.identify(link)


def test_project_euler_96_grid_01_reads_and_has_the_answer_its_page_prints():
    found = reader.identify(EULER_GRID_01)
    assert (found.kind, found.format, found.via) == ("sudoku", "line", "a Project Euler 96 grid (Grid 01)")
    table = registry.table("sudoku")
    answers = table.solutions(found.puzzle, limit=2)
    assert len(answers) == 1
    assert ["".join(map(str, row)) for row in answers[0].grid] == EULER_ANSWER_01


def test_project_euler_96_whole_file_and_cut_grids_are_named():
    with pytest.raises(PuzzleError, match="2 grids"):
        reader.identify(EULER_GRID_01 + EULER_GRID_01.replace("01", "02", 1))
    with pytest.raises(PuzzleError, match="nine rows of nine digits"):
        reader.identify("\n".join(EULER_GRID_01.splitlines()[:-1]))


def test_a_puzzlink_url_with_a_title_in_front_reads_as_the_url():
    url = puzzlink_sudoku(NORVIG_GRID2)
    assert reader.identify(url).puzzle == puzzlelib.read(NORVIG_GRID2)
    for titled in (f"Sudoku 9x9 2: {url}", f"Sudoku 9x9 2 - {url}", f"My puzzle {url}  "):
        found = reader.identify(titled)
        assert (found.kind, found.format) == ("sudoku", "puzzlink") and "after the title" in found.via
        answer = registry.table("sudoku").solve(found.puzzle)
        assert tuple(answer.grid[0]) == NORVIG_ROW1


def test_a_link_in_angle_brackets_or_a_markdown_link_reads_as_the_link():
    """Chat and Markdown wrap links: ``<https://...>`` (Discord's link without a preview, Markdown's
    autolink) and ``[title](https://...)``; the link inside is read, the title kept in ``via``."""
    url = puzzlink_sudoku(NORVIG_GRID2)
    expected = puzzlelib.read(NORVIG_GRID2)
    for text, via in ((f"<{url}>", "between < and >"), (f"Grid 2: <{url}>", "after the title 'Grid 2' between"),
                      (f"[Sudoku 9x9 2]({url})", "after the title 'Sudoku 9x9 2' in a Markdown link"),
                      (f"Today: [grid 2]({url})  ", "after the title 'Today: grid 2' in a Markdown link"),
                      (f"[{url}]({url})", "in a Markdown link")):
        found = reader.identify(text)
        assert (found.kind, found.format, found.puzzle) == ("sudoku", "puzzlink", expected), text
        assert found.via.startswith(via), found.via
    for foreign in (f"<{url.replace('puzz.link', 'example.com')}>", f"[x]({url.replace('puzz.link', 'evil.org')})"):
        with pytest.raises(PuzzleError, match="no puzzle of the course reads this link"):
            reader.identify(foreign)


def test_a_puzzlink_url_ending_in_hash_reads_and_text_after_a_hash_is_refused():
    """Some pages leave an empty fragment on a link (``...#``): it is no part of the puzzle. Text after
    a ``#`` stays refused, naming it: a browser would drop it, and pzprjs would read the shorter body as
    a board with fewer clues (Norvig's grid cut this way would still be a Sudoku, silently another)."""
    url = puzzlink_sudoku(NORVIG_GRID2)
    for ended in (url + "#", url + "##", f"Grid 2: {url}#", f"<{url}#>"):
        assert reader.identify(ended).puzzle == puzzlelib.read(NORVIG_GRID2), ended
    cut = url[:-10] + "#" + url[-10:]
    with pytest.raises(PuzzleError, match="'#'"):
        reader.identify(cut)
    with pytest.raises(PuzzleError, match="'#comment'"):
        reader.identify(url + "#comment")


def test_a_link_to_puz_pre_v3s_old_page_reads_as_puzzlink():
    """Puzzle blogs from before pzv.jp link to PUZ-PRE v3 at indi.s58.xrea.com/pzpr/v3/p.html; pzprjs'
    parser reads what follows '?' as on puzz.link. The applets' links on that host (.../sa/q.html?) are
    another encoding and stay refused."""
    url = puzzlink_sudoku(NORVIG_GRID2)
    old = url.replace("https://puzz.link/p?", "http://indi.s58.xrea.com/pzpr/v3/p.html?")
    assert old != url and reader.identify(old).puzzle == puzzlelib.read(NORVIG_GRID2)
    with pytest.raises(PuzzleError, match="no puzzle of the course reads this link"):
        reader.identify(url.replace("https://puzz.link/p?", "http://indi.s58.xrea.com/sudoku/sa/q.html?"))


@pytest.mark.parametrize("link", ["https://sudokupad.app/abc123x", "sudokupad.app/tmn7ll9qcs",
                                  "https://sudokupad.app/?puzzleid=abc123x", "https://sudokupad.app/someone/my-puzzle"])
def test_a_sudokupad_short_link_is_named_with_what_to_do(link):
    with pytest.raises(PuzzleError) as info:
        reader.identify(link)
    message = str(info.value)
    assert message.startswith("a SudokuPad short link") and "sudokupad.app/scl" in message and "f-puzzles" in message


@pytest.mark.parametrize("text, words", [
    ("hello world", "it looks like none of their formats"),
    (NORVIG_GRID2[:-1], "it looks most like sudoku's line format (80 digits and dots on one line"),
    ("6x6u:aBc", "it looks most like binairo's tatham format"),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i32x", "it looks most like aquarium's puzzlink format"),
])
def test_an_error_names_the_format_the_text_looks_most_like(text, words):
    with pytest.raises(PuzzleError) as info:
        reader.identify(text)
    assert words in str(info.value)
    assert "flowfree's level" not in str(info.value)


def test_a_paste_in_the_wrong_load_box_names_its_puzzle_and_tab():
    from puzzlelib import thermometer

    editor = thermometer.editor()
    editor.text.value = NORVIG_GRID2
    editor.press("Load")
    assert "this is a Sudoku puzzle" in editor.message.value and "load it in the Sudoku tab" in editor.message.value
    with pytest.raises(reader.WrongTab) as info:
        reader.read_in(NORVIG_GRID2, "thermometer")
    assert info.value.reading.kind == "sudoku"


def test_the_app_opens_the_right_tab_for_a_paste():
    the_app = app.App(["thermometer", "sudoku", "binairo"])
    tab = the_app.page("thermometer")
    tab.editor.text.value = BINAIRO_TASK
    tab.editor.press("Load")
    assert "opened it in the Binary Sudoku tab" in tab.editor.message.value
    assert the_app.kinds[the_app.tabs.selected_index] == "binairo"
    assert "Loaded" in the_app.page("binairo").editor.message.value


def test_the_cli_reads_each_paste_and_says_what_it_read(capsys):
    assert cli.main(["solve", EULER_GRID_01]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].replace(" | ", " ").replace(" ", "") == EULER_ANSWER_01[0]
    assert err.startswith("read: Sudoku (sudoku), format 'line'") and "from a Project Euler 96 grid (Grid 01)" in err
    assert cli.main(["solve", "https://sudokupad.app/abc123x"]) == 2
    _, err = capsys.readouterr()
    assert "SudokuPad short link" in err and "no such file" not in err
