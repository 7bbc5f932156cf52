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
        puzzlelib.read(NORVIG_GRID1)  # also 81 hex digits: a 9x9 Infinity Loop task string
    assert "sudoku (line)" in str(info.value) and "infinityloop (puzzleteam)" in str(info.value)
    assert "first line" in str(info.value)
    assert puzzlelib.read("sudoku\n" + NORVIG_GRID1).givens[0] == (0, 0, 3, 0, 2, 0, 6, 0, 0)
    assert puzzlelib.read(NORVIG_GRID1, "sudoku") == puzzlelib.read("sudoku\n" + NORVIG_GRID1)


@pytest.mark.parametrize("text, words", [
    ("https://puzz.link/p?nurikabe/4/4/g", "the genre 'nurikabe' is not one the course reads (it reads "),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i32x", "the closest, aquarium's puzzlink format, says: puzz.link URL clues"),
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
                                          r"puzzlink, fpuzzles, text\); the closest, line, says: "):
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
    status, out, _ = run(capsys, NORVIG_GRID2)
    assert status == 0 and out.splitlines()[0] == "4 1 7 | 3 6 9 | 8 2 5" and out.endswith("unique: yes\n")
    path = tmp_path / "url.txt"
    path.write_text(PZPRJS_URLS[1][0] + "\n")  # a file holding a URL
    status, out, _ = run(capsys, str(path))
    assert status == 0 and out.endswith("unique: yes\n")
    status, out, _ = run(capsys, "-", stdin=registry.table("binairo").seed_board, monkeypatch=monkeypatch)
    assert status == 0 and out.endswith("unique: yes\n")
    status, out, err = run(capsys, "missing/puzzle.txt")
    assert status == 2 and "missing/puzzle.txt: no such file" in err
    status, out, err = run(capsys, NORVIG_GRID1)
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
    assert "load it in the Binary Sudoku tab" in tab.editor.message.value
    assert tab.editor.bugs == []
