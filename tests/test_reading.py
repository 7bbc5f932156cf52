"""One door for reading (issue 28): ``Puzzle.read(text)`` tries a puzzle's formats, ``puzzlelib.read(text)``
finds the kind too, and the CLI and the app read through it.

Real examples are facts from each format's own public tests and documentation: pzprjs'
``test/script/<genre>.js`` debug URLs, Norvig's essay grids, the Puzzle Team task strings the
puzzles' own tests cite. Every reading is either the right board or one PuzzleError: a text two
kinds could read is refused naming both, never read as the wrong one.
"""

from __future__ import annotations

import io
import random

import pytest

import puzzlelib
from puzzlelib import app, cli, reader, registry
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError

KINDS = registry.kinds()

#: pzprjs' test/script/<genre>.js debug URLs (the body after the genre), and the kind that reads each.
PZPRJS_URLS = [
    ("https://puzz.link/p?sudoku/4/4/g1k23k3g", "sudoku"),
    ("https://puzz.link/p?kakuro/5/5/48la0.na0lh3l0Bn.0cl.c4a3", "kakuro"),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i3213g", "aquarium"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "flowfree"),
    ("https://puzz.link/p?arukone/4/4/12l3123j", "flowfree"),
    # as people share them: other hosts, modes, the query words parser.js skips, current Kakuro's '-'
    ("http://pzv.jp/p.html?sudoku_edit/4/4/g1k23k3g", "sudoku"),
    ("https://puzz.link/p?type=editor&aquarium_play/4/4/bu8i90", "aquarium"),
    ("https://puzz.link/p?kakuro/5/5/48la-.na-lh3l-Bn.-cl.c4a3", "kakuro"),
]
#: Norvig, "Solving Every Sudoku Puzzle": grid2 (dots) and grid1 (zeros, from Project Euler 96).
NORVIG_GRID2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: A line two puzzles read: a full 4x4 Sudoku, and Infinity Loop pipes whose every end has a tile beside it.
BOTH = "1234341221434321"
NORVIG_GRID1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
#: Task strings the puzzles' own tests cite (Puzzle Team sites), and their kinds.
TASKS = [
    ("3_2_1_1_2_1_2_2;1,2;5,2,3,7;5,4,8,12,13,14,15;5,9,5,6;1,2", "thermometer"),
    ("00f1c1h1i1b01", "binairo"),
]


# -- puzzlelib.read finds the kind -----------------------------------------------------------------
@pytest.mark.parametrize("url, kind", PZPRJS_URLS)
def test_links_read_as_the_genre_says(url, kind):
    found = reader.identify(url)
    assert (found.kind, found.format) == (kind, "puzzlink")
    assert found.puzzle == registry.table(kind).Puzzle.read(url, "puzzlink")


def test_one_line_grids_task_strings_and_unnamed_grids():
    found = reader.identify(NORVIG_GRID2)
    assert (found.kind, found.format, found.puzzle.size) == ("sudoku", "line", 9)
    for task, kind in TASKS:
        assert reader.identify(task).kind == kind
    assert reader.identify("6ac5f539c").puzzle.tiles == ((6, 10, 12), (5, 15, 5), (3, 9, 12))
    grid = "1...1.\n..1..0\n.1.1..\n0...1.\n..1..1\n.1.0..\n"  # Binary Sudoku's chapter board without its name
    assert reader.identify(grid) == ("binairo", "text", registry.table("binairo").seed_puzzle())
    assert puzzlelib.read("┌┐\n└┘\n") == registry.table("infinityloop").Puzzle([[9, 12], [3, 6]])


@pytest.mark.parametrize("kind", KINDS)
def test_every_chapter_board_reads_by_its_first_line(kind):
    table = registry.table(kind)
    assert puzzlelib.read(table.seed_board) == table.seed_puzzle()
    assert table.Puzzle.read(table.seed_board) == table.seed_puzzle()  # the per-puzzle door too


def test_a_grid_two_kinds_read_is_refused_naming_both():
    with pytest.raises(PuzzleError) as info:
        puzzlelib.read(BOTH)  # a full 4x4 Sudoku, and a 4x4 Infinity Loop task string whose pipes could join
    assert "sudoku (line)" in str(info.value) and "infinityloop (puzzleteam)" in str(info.value)
    assert "first line" in str(info.value)
    assert puzzlelib.read(NORVIG_GRID1) == puzzlelib.read("sudoku\n" + NORVIG_GRID1)  # as pipes, never joined
    assert puzzlelib.read("sudoku\n" + NORVIG_GRID1).givens[0] == (0, 0, 3, 0, 2, 0, 6, 0, 0)
    assert puzzlelib.read(NORVIG_GRID1, "sudoku") == puzzlelib.read("sudoku\n" + NORVIG_GRID1)


@pytest.mark.parametrize("text, words", [
    ("https://puzz.link/p?nurikabe/4/4/g", "the genre 'nurikabe' is not one the course reads (it reads "),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i32x", "it looks most like aquarium's puzzlink format (a puzz.link URL "
     "of the genre 'aquarium'), which says: puzz.link URL clues"),
    ("https://puzz.link/p?sudoku/4/4/g1k2#k3g", "character 4 of the body ('#')"),
    ("sudoku\n" + NORVIG_GRID2[:-1], "80 cells on one line"),
    ("binairo\n01.\n", "the board has 1 rows of 3 cells"),
    ("infinityloop\n14z\n", "line 2, column 2"),
    ("hello world", "no puzzle of the course reads this text (tried thermometer ("),
    ("", "empty"),
    (None, "expected text"),
    (b"\xff\xfe", "UTF-8"),
])
def test_nothing_reads_gives_one_error_naming_the_closest_fault(text, words):
    with pytest.raises(PuzzleError) as info:
        puzzlelib.read(text)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_per_puzzle_read_tries_its_formats_and_names_them():
    sudoku = registry.table("sudoku").Puzzle
    assert sudoku.read(NORVIG_GRID2) == sudoku.read(NORVIG_GRID2, "line")
    with pytest.raises(PuzzleError, match=r"sudoku: none of its formats reads this text \(tried line, json, "
                                          r"puzzlink, fpuzzles, penpa, sudokupad, text\); the closest, line, says: "):
        sudoku.read(NORVIG_GRID2 + "x")
    loop = registry.table("infinityloop").Puzzle
    assert loop.read("6ac5f539c").tiles[1] == (5, 15, 5)  # one line: the task string before the text format


# -- round trips: reader(writer(p)) == p, through the one door -------------------------------------
def boards(kind: str):
    table = registry.table(kind)
    return [table.seed_puzzle()] + [table.random_puzzle(seed=s) for s in range(3)]


@pytest.mark.parametrize("kind", KINDS)
def test_every_writer_reads_back_through_the_one_door(kind):
    table = registry.table(kind)
    for puzzle in boards(kind):
        for name, write in table.writers.items():
            try:
                text = write(puzzle)
            except PuzzleError:
                continue  # a format that cannot hold this board (a task string of a non-square one, ...)
            assert table.Puzzle.read(text) == puzzle, f"{kind} {name}"
            assert puzzlelib.read(text, kind) == puzzle
            try:
                found = reader.identify(text)
            except PuzzleError as exc:  # refused only as a text several kinds read, this one among them
                assert "more than one puzzle" in str(exc) and f"{kind} (" in str(exc), f"{kind} {name}: {exc}"
                continue
            assert (found.kind, found.puzzle) == (kind, puzzle), f"{kind} {name} read as {found.kind}"


@pytest.mark.parametrize("kind", ["sudoku", "kakuro", "aquarium", "flowfree", "binairo", "infinityloop"])
def test_extra_writers_round_trip_on_random_boards(kind):
    """The writers the interface table leaves out (they cannot write every board) on boards they can."""
    from puzzlelib.aquarium import formats as aqf
    from puzzlelib.flowfree import formats as fff
    from puzzlelib.sudoku import formats as sdf

    table = registry.table(kind)
    extra = {"sudoku": [("line", sdf.write_line), ("puzzlink", sdf.write_puzzlink)],
             "flowfree": [("puzzlink", lambda p: fff.write_puzzlink(p, "arukone"))],
             "aquarium": [("puzzlink", aqf.write_puzzlink)]}.get(kind, [])
    for seed in range(4):
        if kind == "sudoku":
            puzzle = table.random_puzzle((4, 6, 9, 16)[seed], seed=seed, thermos=0, cages=0, arrows=0)
        else:
            puzzle = table.random_puzzle(seed=seed)
        for name, write in extra:
            assert table.Puzzle.read(write(puzzle), name) == puzzle
            assert puzzlelib.read(write(puzzle), kind) == puzzle


# -- malformed: cut short or corrupted, one PuzzleError (or a board), never another exception -------
@pytest.mark.parametrize("kind", KINDS)
def test_cut_and_corrupted_texts_give_a_board_or_one_puzzle_error(kind):
    table = registry.table(kind)
    rng = random.Random(28)
    for puzzle in boards(kind)[:2]:
        for name, write in table.writers.items():
            try:
                text = write(puzzle)
            except PuzzleError:
                continue
            bad = [text[:cut] for cut in range(0, len(text), max(1, len(text) // 12))]
            for _ in range(12):
                i = rng.randrange(len(text))
                bad.append(text[:i] + rng.choice("#?/.-x9 \n,;é") + text[i + 1:])
            for variant in bad:
                try:
                    got = puzzlelib.read(variant)
                except PuzzleError:
                    continue
                except (NoSolution, SolverError) as exc:  # pragma: no cover - reading never solves
                    pytest.fail(f"{kind} {name}: reading raised {type(exc).__name__}")
                assert reader.kind_of(got) in KINDS


# -- the CLI and the app read through the door -----------------------------------------------------
def run(capsys, *args, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = cli.main(["solve", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_solves_a_string_a_file_of_any_format_and_standard_input(capsys, tmp_path, monkeypatch):
    status, out, err = run(capsys, NORVIG_GRID2)
    assert err.startswith("read: Sudoku (sudoku), format 'line' (the grid on one line")
    assert status == 0 and out.splitlines()[0] == "4 1 7 | 3 6 9 | 8 2 5" and out.endswith("unique: yes\n")
    path = tmp_path / "url.txt"
    path.write_text(PZPRJS_URLS[1][0] + "\n")  # a file holding a URL
    status, out, _ = run(capsys, str(path))
    assert status == 0 and out.endswith("unique: yes\n")
    status, out, _ = run(capsys, "-", stdin=registry.table("binairo").seed_board, monkeypatch=monkeypatch)
    assert status == 0 and out.endswith("unique: yes\n")
    status, out, err = run(capsys, "missing/puzzle.txt")
    assert status == 2 and "missing/puzzle.txt: no such file" in err
    status, out, err = run(capsys, BOTH)
    assert status == 2 and "more than one puzzle" in err
    assert run(capsys, NORVIG_GRID1, "--kind", "sudoku")[0] == 0
    status, out, err = run(capsys, "binairo\n1.\n.1\n", "--kind", "sudoku")
    assert status == 2 and "the file is a binairo puzzle, not sudoku (--kind)" in err


def test_the_app_load_box_reads_any_format_of_its_puzzle():
    tab = app.App(["sudoku", "binairo"]).page("sudoku")
    tab.editor.text.value = NORVIG_GRID1  # the tab says the kind: no ambiguity with Infinity Loop
    tab.editor.press("Load")
    assert "Loaded" in tab.editor.message.value and tab.editor.current_puzzle().givens[0][2] == 3
    tab.editor.text.value = "https://puzz.link/p?sudoku/4/4/g1k23k3"  # a short tail
    tab.editor.press("Load")
    assert tab.editor.current_puzzle().size == 4
    tab.editor.text.value = "binairo\n1.\n.1\n"
    tab.editor.press("Load")
    assert "opened it in the Binary Sudoku tab" in tab.editor.message.value
    assert tab.editor.bugs == []


# -- SudokuPad's own links (issue 28, part 2) --------------------------------------------------------
#: Sudoku-Bench's README (SakanaAI): "Parity Fish" by Marty Sears as a SudokuPad scl link (dots and
#: lines drawn as overlays: a rule this library does not model).
PARITY_FISH = (
    "https://sudokupad.app/sclN4SwJgXA5AzgHjAtgfQLIEMBOAXAngZQFMsZkBWADgAYBjANgDMwAjV9ATmYeasIHYAjOkID2VACziGVAExhxNKA"
    "BpEhbOjDp1EYDAD2AV0w1C0fAbB6A1gYAEGK4Uy2AbjNlkAdLM8zxAWhoaBjJ0CjpldANsAAs9TGgMHFxbIhJlTAMAG0IYaAA5eMR0LNsYC2s7TJy"
    "YW3QAB3qs3ABuWwYQLNLYwlsAc0xwWwB3EFjbHtswED6x2oF/djK9CZitKZm5qb0AOwAdKGxbTEJ64iOQHbqdlMw9YaVbGj0sg0Qdx/QdsFtizEcf"
    "gBmOCA2zMPRwTx7HYAFWGKxMXVqGgAVugTDsjiVdn06sdCD8spdeogDDAjs9MehLrZdr1CC5CFdprMsd9aTtenowD8WWMobD4U9CEinrtOTRsAS"
    "wSl0CMYmNepYKbt1DTKTBCDRoiBGRtWTABXCESKsrVKRKpT9mLKwVl0VZtiqqTS+dhasMYk4uZzbCBapYDMwcqsuT1MJ5lPpXtgQLtoBQyOJAX"
    "R2AI+DJ2Hw6DIyAIKIDxAIZIW+BR2GQ6EWKxQS3Q+JXy4C+OIZMXmwJxHQyOwKGXK+xWwIU2na83xGRCzJBI32MpmLNin1TFAYthsPU8gB6LcgTw"
    "gRB9IyeZ6ILc7QEgADy2HE+U8KLOfXni/Qy709XRY1wEAESmw0AAApYN+tgAGL+jEUAAL5KCYEAANoIUoKGoShAC6SjIWhqGYdhOFKHhBEYVhx"
    "GEaRxFEZRFEEVRtGYSciFIVQShUHhLECOxSgyHhf5sVhf6cQJ3F4TIrGiUoQkIWJPF4QhLGAlx4hcWQvFKIpwnKcJqlYWJGnSUoWkGapcksXQX"
    "F8FxFBqeZwmWcJ1m6UotkGfZBnWXJgLiVhXlSV5PFYeI3kIUFUlBQFCFkMFUVSVFslYQhXn6V5RleTpIXqXhQVGUF6VRfpUVGVFJkJV5LleW5"
    "XmORlLlBW5QXVVFLlRW5UUeQldDBZ1UmdRFfDBf1Un9RFFDBaNUmjfFSGdfpnVGZ16X9fp/VGf16Wjfpo1GaNJXTc5eGdW5nXVf1Ln9W5/XVaN"
    "LmjW5o0eZheiIcAkqIYCnhtZhwwQFQniFkoMQ/X9QWxL+vijVK0DKDQEAAMQsQk2BwTIcNgXBAhw1QsEvQBIUfUojnfb9/2A8TIOAwI4P/iu0"
    "OY0oiPI6j6OY9jr2RfjhNAyTXPk2DMgQzTcF0wzNAo7DaM0Bj8Os7j4j40JRPAwDPP/hTVOQ1AtPw/TEBI6LTOSyzSg44hk0fV9Kuk0roOU/z"
    "1NQ0L2si2LEtS1jxts/1v06Yr3Nk6rfMCw7MNO7rjPi8z0se7jfHm0ovtBVb/02+rgshwjYf6xHhtRybCF0Pj9kJ8r/sp3bGtaxnesu5H7t5"
    "wXMUW/7Se87bQea47Vfh67Rt5xQHNN0rLcB239sd+nOvVwbbsy4hfD4z7lsq2X7eV5P3e17PCF/u9i/N8vavl2nwuZzXOd157SheHvQ8H4HY9"
    "r870+92zYkN4PfvW4fq+d+vWc97nNm3sRLxyXqXb+D9f5P2zjPaOiE/xyxvp/ZOECK5QNPs/QBuNfJx19l5JOXk0EhzRtAi+2DC4f3wVzQhx8"
    "I6kK3jJXB1CS5/RocHJm9C4EIX7nFShLDARsPHhwjBWDTZKHnkgqhxNBFaxISIrG6FoJAA")


def test_a_real_sudokupad_link_unzips_byte_for_byte_and_its_dots_are_refused():
    from puzzlelib.core import codecs

    zipped = codecs.lz_decompress_base64(PARITY_FISH.split("/scl")[1])
    data = codecs.sudokupad_unzip(zipped)
    assert data["metadata"]["title"] == "Parity Fish" and len(data["regions"]) == 9
    assert data["cells"][0][0] == {} and data["overlays"][0]["center"] == [3.5, 8]
    assert codecs.sudokupad_zip(data) == zipped  # PuzzleZipper's zip, byte for byte
    with pytest.raises(PuzzleError, match=r"overlay 0: a circle at \[3.5, 8\] \(dots, text"):
        registry.table("sudoku").Puzzle.read(PARITY_FISH, "sudokupad")


def sudokupad_link(data: dict) -> str:
    from puzzlelib.core import codecs

    return "https://sudokupad.app/scl" + codecs.lz_compress_base64(codecs.sudokupad_zip(data))


def test_sudokupad_reads_what_its_f_puzzles_converter_writes():
    """The shapes of SudokuPad's fpuzzlesdecoder: givens as cell values, boxes as regions, metadata as
    cages of one "name: text" value, killer cages with sum and unique, a thermometer as a line whose
    first point has a round underlay of 0.85, an arrow from a round overlay whose first waypoint is
    moved 0.3 towards the next."""
    sudoku = registry.table("sudoku").Puzzle
    boxes = [[[r, c] for r in range(4) for c in range(4) if (r // 2, c // 2) == (b // 2, b % 2)] for b in range(4)]
    data = {"cellSize": 50, "cells": [[{"value": 1}, {}, {}, {}], [{}] * 4, [{}] * 4, [{}, {}, {}, {"value": "4"}]],
            "regions": boxes,
            "cages": [{"value": "title: Test"}, {"cells": [[1, 0], [1, 1]], "value": "7", "sum": 7, "unique": True}],
            "lines": [{"color": "#CFCFCF", "thickness": 21, "wayPoints": [[2.5, 0.5], [2.5, 1.5], [3.5, 2.5]]}],
            "underlays": [{"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": [2.5, 0.5],
                           "rounded": True, "width": 0.85, "height": 0.85}],
            "arrows": [{"color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": [[0.5, 2.8], [0.5, 3.5],
                                                                                               [1.5, 3.5]]}],
            "overlays": [{"borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": [0.5, 2.5],
                          "rounded": True, "width": 0.75, "height": 0.75, "text": ""}]}
    expected = sudoku(givens=["1...", "....", "....", "...4"], cages=[(7, [(1, 0), (1, 1)])],
                      thermos=[[(2, 0), (2, 1), (3, 2)]], arrows=[((0, 2), [(0, 3), (1, 3)])])
    assert sudoku.read(sudokupad_link(data)) == expected
    assert puzzlelib.read(sudokupad_link(data).replace("https://sudokupad.app/", "https://sudokupad.app/?puzzleid=")) \
        == expected
    data["lines"][0]["wayPoints"].reverse()  # the bulb is where the circle is, whichever end the line starts at
    assert sudoku.read(sudokupad_link(data)) == expected


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(regions=d["regions"][:3]), "not the standard boxes"),
    (lambda d: d["cages"].append({"cells": [[3, 3]]}), "cage 2: a cage without a total"),
    (lambda d: d.update(underlays=[]), "line 0: a line without a bulb"),
    (lambda d: d.update(overlays=[]), "arrow 0: an arrow without a circle"),
    (lambda d: d["lines"].append({"wayPoints": [[0, 0], [4, 4]]}), "is not the centre of a cell"),
    (lambda d: d.update(foglight=[[0, 0]]), "'foglight', a rule this library does not model"),
])
def test_what_a_sudokupad_sudoku_has_beyond_the_library_is_refused_by_name(change, words):
    sudoku = registry.table("sudoku").Puzzle
    puzzle = sudoku(givens=["1...", "....", "....", "...4"], cages=[(7, [(1, 0), (1, 1)])],
                    thermos=[[(2, 0), (2, 1)]], arrows=[((0, 2), [(0, 3), (1, 3)])])
    from puzzlelib.core import codecs

    data = codecs.sudokupad_unzip(codecs.lz_decompress_base64(puzzle.write("sudokupad").split("/scl")[1]))
    data["cages"].insert(0, {"value": "author: someone"})
    change(data)
    with pytest.raises(PuzzleError) as info:
        sudoku.read(sudokupad_link(data), "sudokupad")
    assert words in str(info.value)


def test_sudokupad_links_round_trip_and_cut_links_give_one_error():
    table = registry.table("sudoku")
    for seed in range(4):
        puzzle = table.random_puzzle((4, 6, 9, 9)[seed], seed=seed)
        link = puzzle.write("sudokupad")
        assert reader.identify(link) == ("sudoku", "sudokupad", puzzle)
        for cut in range(len("https://sudokupad.app/scl") + 1, len(link) - 2, 9):
            with pytest.raises(PuzzleError):
                table.Puzzle.read(link[:cut], "sudokupad")


# -- Janko's Thermometer text (issue 28, part 2) -----------------------------------------------------
#: janko.at Raetsel/Thermometer 001 (by Otto Janko), the lines from 'clabels' to 'solution' as the
#: public solver petertseng/thermometer scraped them (janko/001), inside Janko's begin/size/end.
JANKO_001 = """begin
puzzle thermometer
author Otto Janko
size 6
clabels
2 4 3 3 5 3
rlabels
4 2 2 3 4 5
labels
2.1 2.2 2.3 2.4 2.5 10.3
8.5 8.4 8.3 8.2 8.1 10.2
5.5 5.4 5.3 5.2 5.1 10.1
1.3 3.1 4.3 6.1 9.1 11.3
1.2 3.2 4.2 6.2 9.2 11.2
1.1 3.3 4.1 7.1 7.2 11.1
end
"""


def test_janko_thermometer_001_reads_and_has_one_answer():
    table = registry.table("thermometer")
    found = reader.identify(JANKO_001)
    assert (found.kind, found.format) == ("thermometer", "janko")
    board = found.puzzle
    assert board.cols == (2, 4, 3, 3, 5, 3) and board.rows == (4, 2, 2, 3, 4, 5)
    assert ((5, 0), (4, 0), (3, 0)) in board.thermometers  # thermometer 1: 1.1 at the bottom, 1.3 above
    assert len(table.solutions(board, limit=2)) == 1
    body = JANKO_001.split("clabels")[1]
    assert table.Puzzle.read("clabels" + body.replace("end\n", "")) == board  # as the solver stored it


@pytest.mark.parametrize("text, words", [
    (JANKO_001.replace("rlabels\n4 2 2 3 4 5\n", ""), "no 'rlabels' block"),
    (JANKO_001.replace("10.3", "10.x"), "line 10, column 5: '10.x' is not a thermometer cell"),
    (JANKO_001.replace("11.3", "11.4"), "thermometer 11 has no cell at place 3"),
    (JANKO_001.replace("2 4 3 3 5 3", "2 4 3 3 5"), "5 counts, the board has 6"),
    (JANKO_001.replace("size 6", "size 6\nwidth 6"), "'width' is not a word of Janko's format"),
])
def test_janko_texts_that_do_not_read_name_the_line(text, words):
    with pytest.raises(PuzzleError) as info:
        registry.table("thermometer").Puzzle.read(text, "janko")
    assert words in str(info.value)
