"""Sudoku and its variants: validation, formats, the model against a solver-free check and brute
force, the corpus, and generated puzzles re-counted independently."""

import json
import random
from pathlib import Path

import pytest

import puzzlelib.sudoku as sd
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.sudoku.formats import write_puzzlink

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "killersudoku.json"
FOUR = ["1...", "..3.", ".2..", "...."]


# -- validation names the fault ----------------------------------------------------------------------
@pytest.mark.parametrize("kwargs, words", [
    (dict(givens=["12..", "....", "....", "..1."]), None),
    (dict(givens=["11..", "....", "....", "...."]), "cells (0, 0) and (0, 1) are both given as 1 in row 0"),
    (dict(givens=["1...", "....", "....", "....", "...."]), "5 rows"),
    (dict(givens=FOUR, thermos=[[(0, 0), (0, 1), (0, 2), (0, 3), (1, 3)]]), "thermometer 0 has 5 cells"),
    (dict(givens=FOUR, thermos=[[(0, 0), (2, 2)]]), "thermometer 0: cells (0, 0) and (2, 2) are not neighbours"),
    (dict(givens=["....", "....", "....", "4..."], thermos=[[(3, 0), (3, 1)]]), "thermometer 0: cell (3, 0) is given as 4"),
    (dict(givens=FOUR, cages=[(3, [(0, 1), (0, 2)]), (5, [(0, 2), (0, 3)])]), "cages 0 and 1 overlap at cell (0, 2)"),
    (dict(givens=FOUR, cages=[(9, [(0, 1), (0, 2)])]), "cage 0: no 2 different digits from 1 to 4 sum to 9"),
    (dict(givens=FOUR, cages=[(5, [(0, 1), (2, 3)])]), "cage 0: its cells do not form one connected region"),
    (dict(givens=FOUR, arrows=[((1, 1), [(1, 2)])]), "arrow 0: its one cell (1, 2) shares a row"),
    (dict(givens=[[0] * 4] * 4, arrows=[((1, 1), [(1, 2), (1, 3), (2, 3), (2, 2)])]), "arrow 0: its 4 cells sum to at least 5"),
    (dict(givens=FOUR, arrows=[((1, 1), [(1, 2), (1, 3), (2, 3)])]), "its cells sum to at least 5"),
    (dict(givens=FOUR, arrows=[((1, 1), [])]), "arrow 0 has a circle but no arrow cells"),
    (dict(givens=[[0] * 4] * 3 + [[0, 0, 0, 5]]), "cell (3, 3): 5 is above"),
    (dict(givens=[[0] * 4] * 3 + [[0, 0, 0, True]]), "cell (3, 3): expected a whole number"),
])
def test_validation_names_the_fault(kwargs, words):
    if words is None:
        sd.Puzzle(**kwargs)
        return
    with pytest.raises(PuzzleError, match=None) as info:
        sd.Puzzle(**kwargs)
    assert words in str(info.value)


def test_text_format_round_trips_every_constraint():
    puzzle = sd.Puzzle(FOUR, thermos=[[(1, 0), (1, 1)]], cages=[(7, [(3, 2), (3, 3)])], arrows=[((2, 0), [(3, 1), (3, 2)])])
    text = puzzle.to_text()
    assert text.splitlines()[0] == "sudoku" and "arrow 2,0 : 3,1 3,2" in text
    assert sd.Puzzle.from_text(text) == puzzle
    assert sd.Puzzle.from_json(puzzle.to_json()) == puzzle
    assert sd.Puzzle.from_text(sd.SEED_BOARD).variant() == "thermo"


def test_puzzlink_reads_pzprjs_test_url_and_round_trips():
    puzzle = sd.Puzzle.from_puzzlink("https://puzz.link/p?sudoku/4/4/g1k23k3g")  # pzprjs' own test board
    assert puzzle.givens == ((0, 1, 0, 0), (0, 0, 0, 2), (3, 0, 0, 0), (0, 0, 3, 0))
    assert sd.Puzzle.from_puzzlink(write_puzzlink(puzzle)) == puzzle
    grid = sd.random_grid(9, 4)
    full = sd.Puzzle([list(r) for r in grid])
    assert sd.Puzzle.from_puzzlink(write_puzzlink(full)) == full
    assert sd.Puzzle.from_puzzlink(write_puzzlink(sd.empty(9))) == sd.empty(9)  # runs of 20 empty cells
    for bad in ("https://puzz.link/p?nurikabe/4/4/g", "https://puzz.link/p?sudoku/8/8/zzz",
                "https://puzz.link/p?sudoku/4/4/g1k23k3gg", "https://puzz.link/p?sudoku/4/4/g1k2#k3g"):
        with pytest.raises(PuzzleError):
            sd.Puzzle.from_puzzlink(bad)


# -- verify: every rule has a code and a board that breaks it -------------------------------------
# -- formats people paste (issue 28) ---------------------------------------------------------------
#: Norvig, "Solving Every Sudoku Puzzle" (norvig.com/sudoku.html): grid1 (from Project Euler 96,
#: zeros for blanks) and grid2 (dots), and grid2's solution as the essay prints it.
NORVIG_GRID1 = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
NORVIG_GRID2 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NORVIG_GRID2_SOLVED = ("417369825", "632158947", "958724316", "825437169", "791586432", "346912758",
                       "289643571", "573291684", "164875293")
#: The essay's display of a grid: bars between boxes, rules between bands.
NORVIG_DISPLAY = """4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
"""
#: The 16x16 of SPOJ SUDOKU / UVa 1309 (letters A-P, '-' empty) and the first rows of its published solution.
SPOJ_16 = """--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
"""
SPOJ_16_SOLVED = ("FPAHMJECNLBDKOGI", "OJMIANBDPKCGFLHE", "LNDKGFOIJEAHMBPC", "BGCELKHPOFIMAJDN")


def test_the_81_character_line_reads_everywhere_text_is_read():
    two = sd.Puzzle.from_text(NORVIG_GRID2)
    assert two == sd.Puzzle.read(NORVIG_GRID2, "line") == sd.Puzzle.from_text("sudoku\n" + NORVIG_GRID2)
    assert two == sd.Puzzle.from_text(NORVIG_DISPLAY) == sd.Puzzle.read(NORVIG_DISPLAY, "line")
    assert two.givens[0] == (4, 0, 0, 0, 0, 0, 8, 0, 5)
    assert sd.Puzzle.from_text(NORVIG_GRID1).givens[0] == (0, 0, 3, 0, 2, 0, 6, 0, 0)
    assert sd.Puzzle.read(",".join(NORVIG_GRID1), "line") == sd.Puzzle.from_text(NORVIG_GRID1)  # a comma list
    assert tuple("".join(map(str, row)) for row in sd.solve(two).grid) == NORVIG_GRID2_SOLVED
    assert sd.formats.write_line(two) == NORVIG_GRID2


def test_a_16x16_in_letters_reads_and_solves_to_its_published_solution():
    puzzle = sd.Puzzle.from_text(SPOJ_16)
    assert puzzle.size == 16 and puzzle.box == (4, 4)
    found = sd.solutions(puzzle, limit=2)
    assert len(found) == 1
    assert tuple("".join("ABCDEFGHIJKLMNOP"[v - 1] for v in row) for row in found[0].grid[:4]) == SPOJ_16_SOLVED
    again = sd.Puzzle.from_text(puzzle.to_text())  # written back as 1-9, A = 10 (Tatham's Solo)
    assert again == puzzle and puzzle.to_text().splitlines()[1] == "..1....3.....F.9"
    line = sd.formats.write_line(puzzle)
    assert len(line) == 256 and sd.Puzzle.from_text(line) == puzzle
    assert sd.Puzzle.from_puzzlink(write_puzzlink(puzzle)) == puzzle
    assert sd.Puzzle.read(",".join(str(v) for row in puzzle.givens for v in row), "line") == puzzle


@pytest.mark.parametrize("n", [16, 25])
def test_large_boards_round_trip_through_every_format(n):
    puzzle = sd.random_puzzle(n, seed=2, density=0.4, thermos=0, cages=0, arrows=0)
    for name in ("text", "json"):
        assert sd.Puzzle.read(puzzle.write(name), name) == puzzle
    assert sd.Puzzle.read(sd.formats.write_line(puzzle), "line") == puzzle
    assert sd.Puzzle.from_puzzlink(write_puzzlink(puzzle)) == puzzle


def test_letters_both_conventions_could_read_are_refused_by_name():
    with pytest.raises(PuzzleError, match="could be 1-9, A = 10"):
        sd.Puzzle.from_text("A" + "." * 255)
    with pytest.raises(PuzzleError, match="not a cell of a 16x16"):
        sd.Puzzle.from_text("1H" + "." * 254)
    with pytest.raises(PuzzleError, match="80 cells"):
        sd.Puzzle.read(NORVIG_GRID2[:-1], "line")
    with pytest.raises(PuzzleError, match="generate makes 4, 6, 8, 9, 16, 25"):
        sd.generate(12)


def test_puzzlink_short_tails_and_large_sizes_as_pzprjs_reads_them():
    # pzprjs' genericDecodeNumber16 stops at the end of the body: the cells after it stay empty
    assert sd.Puzzle.from_puzzlink("https://puzz.link/p?sudoku/4/4/g1k23k3") == \
        sd.Puzzle.from_puzzlink("https://puzz.link/p?sudoku/4/4/g1k23k3g")
    assert sd.Puzzle.from_puzzlink("http://pzv.jp/p.html?sudoku_edit/4/4/g1") .givens[0] == (0, 1, 0, 0)
    big = sd.Puzzle.from_puzzlink("https://puzz.link/p?sudoku/16/16/-10g")  # '-10' is 16 in number16
    assert big.size == 16 and big.givens[0][:2] == (16, 0)


#: Public f-puzzles links: SudokuSolver's (Rangsk) test puzzle with two killer cages, and lisudoku's example.
FPUZZLES_KILLER = ("https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1p7rjtn/nQ"
                   "aCR3PgIm9hk0UM6zR4rssX0QAawgAbLTAwBjAIZo48QiH0wdYfCABKARgDCDkKjsAmFyDUA3Q1oArqYgiCAUFlZaNmb2zh5ucU4AzI"
                   "meTgnuXqnuyRk+qP5BIcmpRGqG+gAuEL4wTgD2AHZgVRiGEE1VMXggANLauhgABE7GcLREQA=")
FPUZZLES_GIVENS = ("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9ljSSzKLryBdZQmq8l54+x1kANwEMAbAK5x4A"
                   "RlRoI3GADsEAFwzCmK1kQ5tVmug216VGrUbWG1ZyjwHCEAJglTZCpTAO7j+nZw/7atIkA=")


def test_f_puzzles_links_read_and_write_back():
    killer = sd.Puzzle.read(FPUZZLES_KILLER, "fpuzzles")
    assert killer.cages == ((9, ((0, 0), (1, 0))), (33, ((0, 1), (0, 2), (1, 1), (1, 2), (2, 1))))
    assert killer.given_cells() == {}
    givens = sd.Puzzle.read(FPUZZLES_GIVENS)
    assert givens.given_cells() == {(2, 2): 1, (6, 6): 2}
    seed = sd.Puzzle.from_text(sd.SEED_BOARD)
    assert sd.Puzzle.read(seed.write("fpuzzles")) == seed
    mixed = sd.Puzzle(FOUR, thermos=[[(1, 0), (1, 1)]], cages=[(7, [(3, 2), (3, 3)])], arrows=[((2, 0), [(3, 1), (3, 2)])])
    link = mixed.write("fpuzzles")
    assert sd.Puzzle.read(link) == mixed == sd.Puzzle.read("https://sudokupad.app/fpuzzles" + link.split("load=")[1])


@pytest.mark.parametrize("data, fault", [
    ({"size": 9, "grid": [[{}] * 9] * 9, "diagonal+": True}, r"'diagonal\+', a rule this library does not model"),
    ({"size": 4, "grid": [[{"region": 0}] + [{}] * 3] + [[{}] * 4] * 3}, "irregular regions"),
    ({"size": 4, "grid": [[{}] * 4] * 4, "killercage": [{"cells": ["R1C1"]}]}, "killer cage 0 has no total"),
    ({"size": 4, "grid": [[{}] * 4] * 4, "arrow": [{"cells": ["R1C1", "R1C2"], "lines": []}]}, "circle of 2 cells"),
    ({"size": 4, "grid": [[{}] * 4] * 4, "thermometer": [{"lines": [["R1C1", "R9C9"]]}]}, "outside the 4x4"),
    ({"size": 4, "grid": [[{"value": 7, "given": True}] + [{}] * 3] + [[{}] * 4] * 3}, "above"),
])
def test_f_puzzles_rules_the_library_lacks_are_refused_by_name(data, fault):
    from puzzlelib.core.codecs import lz_compress_base64

    with pytest.raises(PuzzleError, match=fault):
        sd.Puzzle.read("https://f-puzzles.com/?load=" + lz_compress_base64(json.dumps(data)), "fpuzzles")


def test_each_rule_code_has_a_board_that_breaks_it():
    grid = [list(r) for r in sd.random_grid(4, 0)]
    (a, b), (c, d) = (0, 0), (0, 1)
    puzzle = sd.Puzzle([[0] * 4] * 4, thermos=[[(a, b), (c, d)]] if grid[0][0] < grid[0][1] else [[(c, d), (a, b)]])
    assert sd.verify(puzzle, grid) == []
    swapped = [row[:] for row in grid]
    swapped[0][0], swapped[0][1] = swapped[0][1], swapped[0][0]
    assert "thermo" in [f.code for f in sd.check_rules(puzzle, swapped)]
    assert "unit" in [f.code for f in sd.check_rules(sd.empty(4), [[1, 2, 3, 4]] * 4)]
    given = sd.Puzzle([[grid[0][0] % 4 + 1, 0, 0, 0]] + [[0] * 4] * 3)
    assert [f.code for f in sd.check_rules(given, grid)] == ["given"]
    cage = sd.Puzzle([[0] * 4] * 4, cages=[(grid[0][0] + grid[0][1] - 1, [(0, 0), (0, 1)])])
    assert [f.code for f in sd.check_rules(cage, grid)] == ["cage-sum"]
    repeat = [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]]
    cage2 = sd.Puzzle([[0] * 4] * 4, cages=[(9, [(1, 1), (1, 2), (2, 2)])])
    assert [f.code for f in sd.check_rules(cage2, repeat)] == ["cage-repeat"]
    arrow = sd.Puzzle([[0] * 4] * 4, arrows=[((0, 0), [(0, 1), (1, 1)])])
    assert [f.code for f in sd.check_rules(arrow, repeat)] == ["arrow"]
    for malformed in ("1234", [[1, 2, 3]], [[1.0] * 4] * 4):
        with pytest.raises(PuzzleError, match="the answer must be|not a digit"):
            sd.verify(sd.empty(4), malformed)
    faults = sd.check_rules(arrow, repeat)
    assert faults[0].cells == ((0, 0), (0, 1), (1, 1)) and sd.verify(arrow, repeat) == [faults[0].message]
    assert sd.check_rules(arrow, ["1234", "3412", "2143", "4321"]) == faults  # rows as strings of digits


# -- the model against brute force and the solver-free check -----------------------------------------
def test_planted_6x6_boards_match_brute_force():
    # the shared runner tries 4x4 boards (cases/sudoku.py SMALL); here two 6x6
    for seed in (8, 9):
        puzzle, planted = sd.planted_puzzle(6, seed=seed, density=0.45)
        truth = sorted(s.grid for s in sd.brute_force(puzzle, limit=40))
        assert sorted(s.grid for s in sd.solutions(puzzle, limit=40)) == truth and planted.grid in truth


@pytest.mark.parametrize("seed", range(6))
def test_planted_9x9_of_each_variant_solve_to_a_verified_grid(seed):
    grid = sd.random_grid(9, seed)
    rng = random.Random(seed)
    from puzzlelib.sudoku.generators import random_arrows, random_cages, random_thermos
    puzzle = sd.Puzzle([[v if rng.random() < 0.15 else 0 for v in row] for row in grid],
                       thermos=random_thermos(grid, rng, 4), cages=random_cages(grid, rng, (2, 4), cover=0.4),
                       arrows=random_arrows(grid, rng, 3))
    assert sd.verify(puzzle, sd.Solution(grid)) == []
    assert sd.verify(puzzle, sd.solve(puzzle)) == []


def test_thermo_formulations_agree():
    puzzle, _ = sd.planted_puzzle(4, seed=3, density=0.1, thermos=3, cages=0, arrows=0)
    results = {f: sorted(s.grid for s in sd.solutions(puzzle, limit=50, model=f"{f}-sets")) for f in sd.THERMO_FORMULATIONS}
    assert results["helper"] == results["implication"] == results["pairs"] == \
        sorted(s.grid for s in sd.brute_force(puzzle, limit=50))


def test_a_length_n_thermometer_fixes_one_to_n():
    snake = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 7), (0, 8)]
    puzzle = sd.Puzzle([[0] * 9] * 9, thermos=[snake])
    assert sd.solve(puzzle).grid[0] == tuple(range(1, 10))
    assert [min(s) for s in sd.propagate(puzzle)[0]] == list(range(1, 10))


def test_no_solution_says_which_constraints_are_to_blame():
    puzzle = sd.Puzzle(["1...", "....", "....", "...."], thermos=[[(1, 0), (1, 1)], [(1, 1), (1, 0)]])
    with pytest.raises(NoSolution, match="thermometers"):
        sd.solve(puzzle)


def test_format_solution_and_draw():
    puzzle = sd.Puzzle.from_text(sd.SEED_BOARD)
    solution = sd.solve(puzzle)
    assert sd.format_solution(puzzle, solution).count("|") == 18
    sd.draw(sd.Puzzle(FOUR, thermos=[[(1, 0), (1, 1)]], cages=[(7, [(3, 2), (3, 3)])],
                      arrows=[((2, 0), [(3, 1), (3, 2)])]), solution=None)


# -- the corpus ----------------------------------------------------------------------------------
@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not on this machine")
def test_corpus_killers_are_solved_unique_and_equal_to_the_known_solutions():
    records = json.loads(CORPUS.read_text())
    assert len(records) == 9
    for record in records:
        puzzle = sd.Puzzle.from_json(json.dumps(record["decoded"]))
        found = sd.solutions(puzzle, limit=2, time_limit=60)
        assert len(found) == 1, record["id"]
        known = record["solution"] or record["computed_solution"]
        assert [list(map(int, row)) for row in known] == [list(row) for row in found[0].grid], record["id"]
        assert sd.verify(puzzle, found[0]) == []


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not on this machine")
def test_corpus_easy_and_hard_labels_against_the_grade():
    """newtomsoft labels its killers easy or hard: deduction solves the 4x4 'easy' and stalls on the
    6x6 'hard'; it stalls on both 9x9s, so the grade does not separate that pair (see the report)."""
    records = {r["id"]: r for r in json.loads(CORPUS.read_text())}
    def graded(name):
        return sd.grade(sd.Puzzle.from_json(json.dumps(records[f"newtomsoft-killersudoku-{name}"]["decoded"]))).level
    assert graded("4x4-easy") != "hard" and graded("6x6-hard") == "hard"
    assert graded("9x9-easy") == graded("9x9-hard") == "hard"


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not on this machine")
def test_both_cage_formulations_agree_on_the_corpus():
    for record in json.loads(CORPUS.read_text())[:3]:
        puzzle = sd.Puzzle.from_json(json.dumps(record["decoded"]))
        assert sd.solve(puzzle, model="helper-sum") == sd.solve(puzzle, model="helper-sets")


# -- generated puzzles, each unique by an independent count --------------------------------------
@pytest.mark.parametrize("size, variant, seed", [(4, "classic", 0), (4, "thermo", 1), (4, "killer", 2),
                                                 (6, "classic", 3), (6, "thermo", 4), (6, "killer", 5)])
def test_generated_puzzles_are_unique_minimal_and_reproducible(size, variant, seed):
    made = sd.generate(size, variant=variant, seed=seed, progress=False)
    assert made.proof.unique and made.proof.solution == made.solution
    assert [s.grid for s in sd.brute_force(made.puzzle, limit=3)] == [made.solution.grid]  # independent count
    assert made.minimal
    for (r, c) in made.puzzle.given_cells():  # minimal: every clue is needed (brute force again)
        rows = [list(row) for row in made.puzzle.givens]
        rows[r][c] = 0
        assert len(sd.brute_force(made.puzzle.with_givens(rows), limit=2)) == 2
    assert sd.generate(size, variant=variant, seed=seed, progress=False).puzzle == made.puzzle


@pytest.mark.slow
def test_a_generated_9x9_is_unique_by_a_second_count():
    made = sd.generate(9, variant="classic", seed=11, progress=False)
    assert len(sd.solutions(made.puzzle, limit=3, solver="cbc")) == 1


def test_grades_and_clue_budget():
    loose = sd.generate(6, variant="classic", seed=1, clues=20, progress=False)
    assert not loose.minimal and len(loose.puzzle.given_cells()) <= 20 + 1
    assert loose.grade.level in sd.generators.GRADES
    assert sd.grade(sd.Puzzle([list(r) for r in sd.random_grid(4, 0)])).level == "easy"


def test_bad_generator_arguments():
    for bad in (dict(size=5), dict(variant="sandwich"), dict(seed=1.5), dict(clues=-1)):
        with pytest.raises(PuzzleError):
            sd.generate(**bad)


@pytest.mark.slow
def test_the_chapter_board_is_what_the_generator_makes():
    made = sd.generate(9, variant="thermo", seed=5, progress=False)
    assert made.puzzle.to_text() == sd.SEED_BOARD and made.minimal


def test_search_guesses_is_zero_on_a_full_grid_and_counts_on_an_empty_one():
    assert sd.search_guesses(sd.Puzzle([list(r) for r in sd.random_grid(4, 1)])) == 0
    assert sd.search_guesses(sd.empty(4)) > 0


def test_fixing_by_deduction_keeps_every_solution():
    puzzle, _ = sd.planted_puzzle(4, seed=5, density=0.2)
    plain_problem, G = sd.build_model(puzzle)
    assert sd.solving.fix_by_deduction(plain_problem, G, puzzle) > 0
    truth = sorted(s.grid for s in sd.brute_force(puzzle, limit=50))
    assert sorted(s.grid for s in sd.solutions(puzzle, limit=50)) == truth
    assert sorted(s.grid for s in sd.solutions(puzzle, limit=50, solver="cbc")) == truth
