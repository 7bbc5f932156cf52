"""puzz.link (pzprjs) URLs of Numberlink and Arukone boards, read and written (issue 10)."""

import json
from pathlib import Path

import pytest

from puzzlelib import flowfree as ff
from puzzlelib.core.errors import PuzzleError

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "flowfree.json"


def test_pzprjs_numlin_example_reads_and_writes_back_exactly():
    url = "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"  # the debug URL of pzprjs' test/script/test_numlin.js
    board = ff.Puzzle.from_puzzlink(url)
    assert board.grid == ("A....", "B..C.", ".....", ".A..B", "....C")
    assert board.rule == "numberlink"  # pzprjs checks no "every cell on a line" rule for numlin
    assert board.to_puzzlink() == url


def test_other_hosts_and_arukone():
    board = ff.Puzzle.from_puzzlink("http://pzv.jp/p.html?arukone/5/5/1m2h3g3h1m2")
    assert board.grid == ("A....", "...B.", ".C.C.", ".A...", "....B")
    assert board.rule == "flowfree"  # no flag 'e': every cell on a line
    assert ff.Puzzle.from_puzzlink(board.to_puzzlink("arukone")) == board


def test_a_short_body_leaves_the_last_cells_empty_as_pzprjs_does():
    assert ff.Puzzle.from_puzzlink("https://puzz.link/p?numlin/3/2/1g1").grid == ("A.A", "...")
    assert ff.Puzzle.from_puzzlink("https://puzz.link/p?numberlink/3/2/1g1").grid == ("A.A", "...")  # alias
    assert ff.Puzzle.from_puzzlink("https://puzz.link/p?numlin_edit/3/2/1g1/").grid == ("A.A", "...")


def test_large_numbers_and_long_gaps_round_trip():
    for seed in range(6):
        board = ff.random_puzzle((14, 9 + seed), seed=seed, mean_len=3)  # many colours: numbers >= 16
        nikoli = board.with_rule("numberlink")
        url = nikoli.to_puzzlink()
        assert url.startswith("https://puzz.link/p?numlin/")
        assert ff.Puzzle.from_puzzlink(url) == nikoli
        assert ff.READERS["puzzlink"](ff.WRITERS["puzzlink"](nikoli)) == nikoli
        assert ff.Puzzle.from_puzzlink(board.to_puzzlink()) == board
        assert ff.Puzzle.from_puzzlink(nikoli.to_puzzlink("arukone")) == nikoli
    wide = ff.Puzzle(["A" + "." * 45 + "A"], rule="numberlink")
    assert "z" in wide.to_puzzlink() and ff.Puzzle.from_puzzlink(wide.to_puzzlink()) == wide


def test_the_writer_picks_the_genre_that_carries_the_rule():
    flow = ff.Puzzle(["A.B", "...", "A.B"])
    assert flow.to_puzzlink() == "https://puzz.link/p?arukone/3/3/1g2i1g2"
    nikoli = flow.with_rule("numberlink")
    assert nikoli.to_puzzlink() == "https://puzz.link/p?numlin/3/3/1g2i1g2"
    assert nikoli.to_puzzlink("arukone") == "https://puzz.link/p?arukone/e/3/3/1g2i1g2"
    for url in (flow.to_puzzlink(), nikoli.to_puzzlink()):
        assert ff.Puzzle.read(url).to_puzzlink() == url
    assert ff.Puzzle.read(nikoli.to_puzzlink("arukone")) == nikoli
    with pytest.raises(PuzzleError, match="numlin board lets cells stay empty"):
        flow.to_puzzlink("numlin")


@pytest.mark.parametrize("url, words", [
    ("https://puzz.link/p?nurikabe/5/5/1j2h3m1h2j3", "expected 'numlin' or 'arukone'"),
    ("https://puzz.link/p?numlin/e/5/5/1m2h3g3h1m2", "numlin has no flags"),
    ("https://puzz.link/p?arukone/x/5/5/1m2h3g3h1m2", "unknown flag 'x'"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j", r"number 3 appears once \(\(1, 3\)\)"),  # short: the last cell is empty
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3zz", "goes on after"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j.", "unknown number"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h-zj3", "hexadecimal"),
    ("https://puzz.link/p?numlin/5/5/1j2h3m1h2!3", "is not a cell code"),
    ("https://puzz.link/p?numlin/5/x/1j2", "whole number"),
    ("https://puzz.link/p?numlin/100000/5/1", "whole number"),
    ("https://puzz.link/p?numlin/300/5/1", "1 to 200"),
    ("https://puzz.link/p?numlin/5/5", "<cols>/<rows>/<body>"),
    ("https://puzz.link/p?numlin/2/1/-ff1", "numbered 1 to 62"),
    ("https://puzz.link/p?numlin/3/1/1g2", "number 1 appears once"),
    ("https://puzz.link/p?numlin/3/1/111", "number 1 appears 3 times"),
    ("https://puzz.link/p?numlin/4/1/1111", "number 1 appears 4 times .*pzprjs allows that"),
    # a puzzle hunt tool's example list: pzprjs pairs repeated numbers up, this course cannot
    ("https://puzz.link/p?numlin/10/10/j48315g977k512g2g48s3g66j6i22j55g9m76g49g93g1g188g4j7g44k3h",
     r"number 1 appears 4 times \(\(0, 7\), \(1, 9\), \(7, 7\), \(7, 9\)\)"),
    ("puzz.link numlin", "no '?'"),
])
def test_bad_urls_name_the_fault(url, words):
    with pytest.raises(PuzzleError, match=words):
        ff.Puzzle.from_puzzlink(url)


def test_wrong_writer_variety():
    with pytest.raises(PuzzleError, match="variety"):
        ff.HARTMANN_8X8.to_puzzlink("nurikabe")


def test_corpus_pzprjs_records_match_their_urls():
    if not CORPUS.exists():
        pytest.skip("the test corpus is not present")
    records = {r["id"]: r for r in json.loads(CORPUS.read_text())}
    for rid, url in (("pzprjs-numlin-5x5", "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"),
                     ("pzprjs-arukone-4x4", "https://puzz.link/p?arukone/4/4/12l3123j")):
        if rid not in records:
            continue
        ours = ff.Puzzle.from_puzzlink(url)
        theirs = ff.Puzzle(records[rid]["decoded"]["grid"])
        assert [[ch == "." for ch in row] for row in ours.grid] == [[ch == "." for ch in row] for row in theirs.grid]
        assert len(ours.colours) == len(theirs.colours)
