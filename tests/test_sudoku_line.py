"""Norvig's zero-filled line (issue 28): read as a Sudoku by ``puzzlelib.read`` when the other
reading, an Infinity Loop task string, could never be solved; still refused, with the first line to
add, when both readings could be real boards."""

from __future__ import annotations

import pytest

import puzzlelib
import puzzlelib.sudoku as sd
from puzzlelib.core import PuzzleError

#: Norvig, "Solving Every Sudoku Puzzle": the hard grid of the essay with 0 for an empty cell, and grid1.
ZERO_LINE = "400000805030000000000700000020000060000080400000010000000603070500200000104000000"
GRID1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"


def test_a_zero_filled_line_reads_as_the_sudoku_it_is():
    for line in (ZERO_LINE, GRID1):
        puzzle = puzzlelib.read(line)
        assert isinstance(puzzle, sd.Puzzle) and puzzle == sd.Puzzle.read(line.replace("0", "."), "line")
    assert puzzlelib.read(ZERO_LINE).givens[0] == (4, 0, 0, 0, 0, 0, 8, 0, 5)
    assert len(sd.solutions(puzzlelib.read(ZERO_LINE), limit=2)) == 1
    four = "1000000000000000"  # a 4x4 Sudoku line: as pipes, a dead end with no neighbour
    assert puzzlelib.read(four) == sd.Puzzle(["1...", "....", "....", "...."])


def test_a_line_both_puzzles_could_be_is_refused_naming_the_first_line_to_add():
    both = "1234341221434321"  # a full 4x4 Sudoku, and pipes whose every end has a tile beside it
    with pytest.raises(PuzzleError) as info:
        puzzlelib.read(both)
    message = str(info.value)
    assert "'sudoku' to read it as sudoku (line)" in message
    assert "'infinityloop' to read it as infinityloop (puzzleteam)" in message
    assert puzzlelib.read("sudoku\n" + both) == sd.Puzzle(["1234", "3412", "2143", "4321"])
    assert type(puzzlelib.read("infinityloop\n" + both)).__module__.startswith("puzzlelib.infinityloop")


def test_a_line_that_breaks_the_sudoku_rules_stays_an_infinity_loop():
    twice = "1100000000000000"  # two 1s in a row: no Sudoku; as pipes, two dead ends facing each other
    assert type(puzzlelib.read(twice)).__module__.startswith("puzzlelib.infinityloop")
