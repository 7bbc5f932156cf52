"""core.codecs, each codec tested once, against strings worked by hand from pzprjs' encoders
(``src/variety-common/Encode.js``: encodeNumber16, encodeBorder; ``src/pzpr/parser.js``)."""

import pytest

from puzzlelib.core import codecs as C
from puzzlelib.core.errors import PuzzleError


# -- number16 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("values, body", [
    ([1, None, 2, None, None], "1g2h"),                 # a hex digit per number, g/h skip 1/2 cells
    ([15, 16, 255], "f-10-ff"),                         # 16-255: '-' and two hex digits
    ([256, 4095], "+100+fff"),                          # 256-4095: '+' and three
    ([4096, 8191, 8192], "=000=fff@000"),               # '=' adds 4096, '@' adds 8192
    ([12239, 12240, 77776], "@fcf*0000$00000"),         # '*' adds 12240 (4 digits), '$' 77776 (5)
    ([C.QUESTION, 0], ".0"),                            # a hidden number is '.'
    ([None] * 20, "z"),                                 # z skips 20 cells
    ([None] * 21 + [3], "zg3"),                         # a run of 21 is z then g
    ([None] * 23, "zi"),
])
def test_number16_both_ways(values, body):
    assert C.encode_number16(values) == body
    decoded = C.decode_number16(body, len(values))
    assert decoded == C.Decoded(values, "", True)


def test_number16_reads_the_older_percent_as_pzprjs_still_does():
    assert C.decode_number16("%000%fff", 2).values == [8192, 8192 + 4095]


def test_number16_stops_at_the_board_end_and_keeps_the_rest():
    assert C.decode_number16("12/rest", 2) == C.Decoded([1, 2], "/rest", True)


def test_number16_short_body_leaves_cells_empty_and_says_so():
    decoded = C.decode_number16("1", 3)
    assert decoded.values == [1, None, None] and not decoded.complete


@pytest.mark.parametrize("body, fragment", [("-1", "'-' must be followed by 2"), ("+1z", "3 hexadecimal"),
                                            ("1!", "character 1"), ("h", "runs past")])
def test_number16_refuses_what_it_cannot_read(body, fragment):
    with pytest.raises(PuzzleError, match=fragment):
        C.decode_number16(body, 1 if body == "h" else 3)


# -- borders -------------------------------------------------------------------------------------
def test_borders_of_a_3x3_board_by_hand():
    regions = [[0, 0, 1], [0, 0, 1], [2, 2, 2]]
    # vertical walls, row by row: 01 01 00 -> 01010|0 -> "a" "0"; horizontal: 000 111 -> 00011|1 -> "3" "g"
    walls = C.borders_from_regions(regions)
    assert walls == C.Borders([[0, 1], [0, 1], [0, 0]], [[0, 0, 0], [1, 1, 1]])
    assert C.encode_borders(walls) == "a03g"
    decoded, rest = C.decode_borders("a03g/xyz", 3, 3)
    assert decoded == walls and rest == "/xyz"
    assert C.regions_from_borders(decoded) == regions


def test_regions_are_numbered_in_reading_order_of_their_first_cell():
    regions = [["b", "a"], ["b", "b"]]
    assert C.regions_from_borders(C.borders_from_regions(regions)) == [[0, 1], [0, 0]]


@pytest.mark.parametrize("body, fragment", [("a0", "need 4 characters, found 2"), ("w03g", "not base 32"),
                                            ("a0/3", "found 2")])
def test_borders_refuse_truncated_or_foreign_bodies(body, fragment):
    with pytest.raises(PuzzleError, match=fragment):
        C.decode_borders(body, 3, 3)


# -- the puz.link header -------------------------------------------------------------------------
def test_header_reads_any_host_modes_and_flags():
    url = C.read_puzzlink_header("http://pzv.jp/p.html?aquarium_edit/r/6/5/abc/1", ["aquarium"], "r")
    assert url == C.PuzzlinkURL("aquarium", "r", 6, 5, "abc/1")
    assert C.write_puzzlink_url("aquarium", 6, 5, "abc/1", "r") == "https://puzz.link/p?aquarium/r/6/5/abc/1"
    assert C.read_puzzlink_header(C.write_puzzlink_url("numlin", 3, 4, "1g2"), ["numlin"]).body == "1g2"
    # parser.js skips query words before the genre and maps aliases (variety.js: numberlink is numlin)
    assert C.read_puzzlink_header("https://puzz.link/p?type=editor&numberlink/3/4/1g2", ["numlin"]).genre == "numlin"
    assert C.puzzlink_genre("http://pzv.jp/p.html?sudoku_play/4/4/g1") == "sudoku"
    assert C.puzzlink_genre("no question mark") is None


@pytest.mark.parametrize("url, fragment", [
    ("https://puzz.link/aquarium/6/6/x", "no '?'"),
    ("https://puzz.link/p?sudoku/9/9/x", "the genre is 'sudoku'"),
    ("https://puzz.link/p?aquarium/q/6/6/x", "unknown flag 'q'"),
    ("https://puzz.link/p?aquarium/v:2/6/6/x", "variant"),
    ("https://puzz.link/p?aquarium/6/x", "expected <cols>/<rows>/<body>"),
    ("https://puzz.link/p?aquarium/6/9999/x", "rows"),
    ("https://puzz.link/p?aquarium/0/6/x", "0 columns"),
    ("https://puzz.link/p?aquarium/6/-1/x", "not a whole number"),
])
def test_header_refuses_by_name(url, fragment):
    with pytest.raises(PuzzleError, match=fragment):
        C.read_puzzlink_header(url, ["aquarium"], "r")


def test_header_of_a_square_genre():
    with pytest.raises(PuzzleError, match="square"):
        C.read_puzzlink_header("https://puzz.link/p?sudoku/9/6/x", ["sudoku"], square=True)


# -- the text-grid reader ------------------------------------------------------------------------
def test_text_lines_skip_comments_and_the_header():
    lines = C.text_lines("# a comment\nflowfree\n\n1.\n.1\n", "flowfree")
    assert lines == [C.Line(4, "1."), C.Line(5, ".1")]
    assert C.grid_rows(lines, "board", "1.") == ["1.", ".1"]


@pytest.mark.parametrize("text, header, fragment", [
    ("1.\n.1", "required", "line 1: expected the first line to name the puzzle"),
    ("", "required", "empty"),
    ("flowfree extra\n1.", "required", "must hold only"),
])
def test_text_lines_refuse_by_line(text, header, fragment):
    with pytest.raises(PuzzleError, match=fragment):
        C.text_lines(text, "flowfree", header=header)


def test_text_lines_header_optional_and_none():
    assert C.text_lines("1.\n", "flowfree", header="optional") == [C.Line(1, "1.")]
    assert C.text_lines("1.\n", "flowfree", header="none") == [C.Line(1, "1.")]


@pytest.mark.parametrize("text, fragment", [("x\n1.\n.", "line 3: 1 cells, the first row has 2"),
                                            ("x\n1.\n.q", "line 3, column 1: 'q'")])
def test_grid_rows_name_the_line_and_column(text, fragment):
    with pytest.raises(PuzzleError, match=fragment):
        C.grid_rows(C.text_lines(text, "x"), "board", "1.")


def test_grid_rows_check_the_size_first():
    with pytest.raises(PuzzleError):
        C.grid_rows([C.Line(1, "." * 500)], "board")


def test_counted_rows_split_counts_from_cells():
    lines = C.text_lines("x\n  3 1\n2 a b\n. c c\n", "x")
    head, rows = C.counted_rows(lines, "board", "names")
    assert head.text == "3 1" and rows == [C.CountedRow(3, "2", ["a", "b"]), C.CountedRow(4, ".", ["c", "c"])]
    with pytest.raises(PuzzleError, match="line 3: expected a count and 2 names, found 2 items"):
        C.counted_rows(C.text_lines("x\n3 1\na b\n", "x"), "board", "names")
    with pytest.raises(PuzzleError, match="at least one row"):
        C.counted_rows(C.text_lines("x\n3 1\n", "x"), "board")


# -- LZ-String (f-puzzles links) -----------------------------------------------------------------
#: sudoku-formats' test of a link holding {"x":3}, and its README's f-puzzles link (a 9x9, one given).
LZ_X3 = "N4IgHiBcDMC+Q==="
LZ_README = ("N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+"
             "Yd1nVp/Vdk7r58WK5A")


def test_lz_string_both_ways_byte_for_byte():
    assert C.lz_decompress_base64(LZ_X3) == '{"x":3}' and C.lz_compress_base64('{"x":3}') == LZ_X3
    text = C.lz_decompress_base64(LZ_README)
    assert text.startswith('{"size":9,"grid":[[{"value":1,"given":true},{}') and C.lz_compress_base64(text) == LZ_README
    for sample in ("", "a", "aaaaaaaaaaaaaaaaaaaa", "ab" * 300, "snow ☃ and é", "".join(map(chr, range(32, 400)))):
        if sample:
            assert C.lz_decompress_base64(C.lz_compress_base64(sample)) == sample


@pytest.mark.parametrize("data, fragment", [(LZ_README[:-10], "cut short"), ("N4Iz" + LZ_README[4:], "refers to no entry"),
                                            ("N4I!", "not base 64"), ("", "empty"), ("Q===", "holds no text"), ("AAAA", "cut short")])
def test_lz_string_refuses_cut_or_corrupted_data(data, fragment):
    with pytest.raises(PuzzleError, match=fragment):
        C.lz_decompress_base64(data)
