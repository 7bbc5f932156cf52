"""Aquarium: the seed's board, the corpus, every model against the solver-free rules and brute
force, the three formats both ways, and bad input refused with one clear PuzzleError."""

import json
from pathlib import Path

import pulp
import pytest

from puzzlelib import NoSolution, PuzzleError
from puzzlelib import aquarium as aq
from puzzlelib.aquarium import checks
from puzzlelib.engine import solve_model

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "aquarium.json"


def seed_board():
    return aq.Puzzle.from_text(aq.SEED_BOARD)


# -- the seed ------------------------------------------------------------------------------------
def test_the_seed_task_string_gives_the_seed_board_and_its_printed_solution():
    puzzle = aq.Puzzle.from_puzzleteam(aq.SEED_TASK)
    assert puzzle == seed_board() and puzzle.to_text() == aq.SEED_BOARD
    assert puzzle.shape == (10, 10) and len(puzzle.tanks) == 20
    found = aq.solutions(puzzle, limit=2)
    assert len(found) == 1
    assert aq.format_solution(puzzle, found[0]).split("\n") == list(aq.SEED_SOLUTION)
    assert found[0] == aq.solution_from_strings(puzzle, aq.SEED_SOLUTION)


@pytest.mark.parametrize("model", aq.MODELS)
def test_every_model_solves_the_seed(model):
    puzzle = seed_board()
    found = aq.solutions(puzzle, limit=2, model=model)
    assert [aq.format_solution(puzzle, s).split("\n") for s in found] == [list(aq.SEED_SOLUTION)]


# -- the corpus ----------------------------------------------------------------------------------
def corpus():
    if not CORPUS.exists():
        return []
    return json.loads(CORPUS.read_text())


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside the project")
def test_corpus_has_seventeen_boards_one_with_missing_clues():
    records = corpus()
    assert len(records) == 17
    assert sum(None in (*r["decoded"]["rows"], *r["decoded"]["cols"]) for r in records) == 1


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside the project")
@pytest.mark.parametrize("index", range(17))
def test_corpus_board_is_solved_unique_and_right(index):
    record = corpus()[index]
    decoded = record["decoded"]
    puzzle = aq.Puzzle(decoded["regions"], decoded["rows"], decoded["cols"])
    found = aq.solutions(puzzle, limit=2, time_limit=60)
    assert len(found) == 1, record["id"]
    known = record["solution"] or record["computed_solution"]
    assert aq.format_solution(puzzle, found[0]).split("\n") == known, record["id"]
    assert aq.verify(puzzle, found[0]) == []


# -- models against the rules and brute force ------------------------------------------------------
def test_models_find_exactly_the_brute_force_fillings_with_counts_missing():
    # the shared runner tries full boards (cases/aquarium.py SMALL); here a few counts are missing
    for seed in range(3):
        puzzle, planted = aq.planted_puzzle((5, 5), seed=seed, max_size=4, hide=0.4)
        truth = {s.grid for s in aq.brute_force(puzzle)}
        assert planted.grid in truth
        for model in aq.MODELS:
            assert {s.grid for s in aq.solutions(puzzle, limit=len(truth) + 1, model=model)} == truth, model


@pytest.mark.parametrize("seed", range(6))
def test_planted_boards_of_growing_size_solve(seed):
    puzzle, planted = aq.planted_puzzle(8 + 3 * seed, seed=seed)
    assert aq.verify(puzzle, planted) == []
    assert aq.verify(puzzle, aq.solve(puzzle, time_limit=60)) == []


def test_brute_force_respects_its_limit_and_refuses_big_boards():
    puzzle = aq.Puzzle.from_text(checks.AMBIGUOUS)
    assert len(aq.brute_force(puzzle)) == 2 and len(aq.brute_force(puzzle, limit=1)) == 1
    with pytest.raises(PuzzleError, match="brute force is for small boards"):
        aq.brute_force(aq.random_puzzle(20, seed=1, max_size=3))


def test_random_puzzle_alone_gives_a_small_board_quickly():
    puzzle = aq.random_puzzle(seed=3)
    assert puzzle.shape == (6, 6)
    assert aq.verify(puzzle, aq.solve(puzzle, time_limit=5)) == []


def test_generate_proves_its_board_unique():
    puzzle, planted = aq.generate(5, seed=2)
    assert [s.grid for s in aq.solutions(puzzle, limit=3)] == [planted.grid]


def test_levels_and_wet_cells_of_a_solution():
    puzzle = seed_board()
    solution = aq.solve(puzzle)
    assert solution.wet() == 36 == sum(puzzle.rows)
    levels = solution.levels(puzzle)
    assert len(levels) == 20 and sum(1 for v in levels if v) == 13


# -- the rules, code by code -------------------------------------------------------------------------
def test_each_rule_code_has_a_board_that_breaks_it():
    puzzle = aq.Puzzle.from_text(checks.SPLIT_4X4)
    right = aq.solve(puzzle).grid
    assert aq.check_rules(puzzle, right) == []
    flips = []
    for r, c in [(r, c) for r in range(4) for c in range(4)]:
        grid = [list(line) for line in right]
        grid[r][c] = 1 - grid[r][c]  # one cell changed: its row, its column, maybe its tank break
        flips.append([fault.code for fault in aq.check_rules(puzzle, grid)])
    assert ["row-count", "col-count", "tank-level"] in flips and ["row-count", "col-count"] in flips
    split = [list(line) for line in right]
    split[3][0], split[3][2] = 1, 0  # tank d: one cell of its bottom row wet, the other dry
    messages = aq.verify(puzzle, split)
    assert any("tank d: cell (3, 2) is dry in the same row as the wet cell (3, 0)" in m for m in messages)
    level = next(f for f in aq.check_rules(puzzle, split) if f.code == "tank-level")
    assert level.cells == ((3, 2), (3, 0)) and [f.message for f in aq.check_rules(puzzle, split)] == messages
    assert aq.check_rules(puzzle, aq.format_solution(puzzle, aq.solve(puzzle)).split("\n")) == []


def test_verify_refuses_malformed_answers():
    puzzle = seed_board()
    for bad, fault in [([[0] * 10] * 9, "expected 10 rows"), ([[0] * 9] * 10, "has 9 cells"),
                       ([[2] * 10] * 10, "not one of"), ("x", "expected a list")]:
        with pytest.raises(PuzzleError, match=fault):
            aq.verify(puzzle, bad)


# -- solving outcomes -------------------------------------------------------------------------------
def test_an_impossible_board_says_which_counts_to_change():
    with pytest.raises(NoSolution, match="the nearest solvable counts change 2 line"):
        aq.solve(aq.Puzzle.from_text(checks.IMPOSSIBLE))
    assert aq.solutions(aq.Puzzle.from_text(checks.IMPOSSIBLE)) == []


def test_wrong_solver_arguments_are_puzzle_errors():
    puzzle = seed_board()
    for bad in (dict(model="levels"), dict(model=3), dict(solver=1), dict(time_limit=0)):
        with pytest.raises(PuzzleError):
            aq.solve(puzzle, **bad)
    with pytest.raises(PuzzleError):
        aq.solve("aquarium")


# -- LP relaxations (the chapter's experiment) ------------------------------------------------------
def misplaced_water_bound(puzzle, model):
    """max total water on cells that are dry in the unique solution, over the LP relaxation."""
    solution = aq.solve(puzzle)
    problem, x = aq.build_model(puzzle, model)
    problem.sense = pulp.LpMaximize
    problem += pulp.lpSum(v for (r, c), v in x.items() if not solution.grid[r][c])
    return solve_model(problem, relax=True)


def test_cells_and_staircase_relax_alike_and_the_integer_level_is_weaker():
    puzzle = seed_board()
    bounds = {m: misplaced_water_bound(puzzle, m) for m in aq.MODELS}
    assert bounds["cells"] == pytest.approx(bounds["staircase"], abs=1e-6)
    assert bounds["integer"] > bounds["cells"] + 1


# -- formats ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(8))
def test_every_format_round_trips(seed):
    n = (4, 7, 12, 20)[seed % 4]
    puzzle = aq.random_puzzle(n, seed=seed, max_size=2 + seed)
    for name, writer in aq.WRITERS.items():
        assert aq.READERS[name](writer(puzzle)) == puzzle, name
    gappy = aq.random_puzzle((n, n + 3), seed=seed, hide=0.4)
    assert aq.Puzzle.from_text(gappy.to_text()) == gappy
    assert aq.Puzzle.from_puzzlink(gappy.to_puzzlink()) == gappy


def test_puzzlink_ending_after_the_walls_or_early_in_the_clues_reads_as_pzprjs_does():
    # aquarium.js decodes the walls, drops one character, then number16 clues until the body ends
    full = aq.Puzzle.from_puzzlink("https://puzz.link/p?aquarium/4/4/bu8i90/i3213g")
    bare = aq.Puzzle.from_puzzlink("https://puzz.link/p?aquarium/4/4/bu8i90")
    assert bare.tank_of == full.tank_of and set(bare.rows) | set(bare.cols) == {None}
    assert aq.Puzzle.from_puzzlink("https://puzz.link/p?aquarium/4/4/bu8i90/") == bare
    short = aq.Puzzle.from_puzzlink("https://puzz.link/p?aquarium/4/4/bu8i90/i321")
    assert short.cols == (None, None, None, 3) and short.rows == (2, 1, None, None)
    assert aq.Puzzle.from_puzzlink(bare.to_puzzlink()) == bare


def test_puzzlink_skips_and_large_counts():
    puzzle = aq.Puzzle([[0] * 25] * 17, [None] * 16 + [25], [17] + [None] * 23 + [17])
    url = puzzle.to_puzzlink()
    assert url.endswith("/-11zi-11v-19")  # 17, 20 + 3 skipped, 17, 16 skipped, 25
    assert aq.Puzzle.from_puzzlink(url) == puzzle


def test_the_pzprjs_example_url():
    # pzprjs test/script/aquarium.js: url "4/4/bu8i90/i3213g" (column 3 has 3, rows 0-2 have 2 1 3)
    puzzle = aq.Puzzle.from_puzzlink("https://puzz.link/p?aquarium/4/4/bu8i90/i3213g")
    assert puzzle.cols == (None, None, None, 3) and puzzle.rows == (2, 1, 3, None)
    assert puzzle.to_text().split("\n")[2:6] == ["2 a a b b", "1 c a b d", "3 c a c d", ". c c c d"]
    assert aq.Puzzle.from_puzzlink("http://pzv.jp/p.html?aquarium_edit/r/4/4/bu8i90/i3213g") == puzzle


def test_text_format_with_comments_and_no_clues():
    text = "# a comment\naquarium\n  2 . 2 1\n3 a a b b\n1 c a a b\n. c c d d\n2 c c d d\n"
    puzzle = aq.Puzzle.from_text(text)
    assert puzzle.rows == (3, 1, None, 2) and puzzle.cols == (2, None, 2, 1)
    assert aq.Puzzle.from_text(puzzle.to_text()) == puzzle


def test_puzzleteam_writer_refuses_what_the_format_cannot_say():
    with pytest.raises(PuzzleError, match="square boards only"):
        aq.random_puzzle((3, 4)).to_puzzleteam()
    with pytest.raises(PuzzleError, match="count missing"):
        aq.Puzzle.from_text(checks.MISSING).to_puzzleteam()


BAD_TEXT = [
    ("aquarium\n 1 1\n", "expected a line of column counts and at least one row"),
    ("aquarium\n 1 1\n1 a\n1 a a\n", "line 3: expected a count and 2 tank names, found 2 items"),
    ("aquarium\n 1 x\n1 a b\n1 a b\n", "line 2, column count 1: 'x' is not a count"),
    ("aquarium\n 1 -1\n1 a b\n1 a b\n", "'-1' is not a count"),
    ("aquarium\n 1 1\n1 a b\n1 a b!\n", "line 4, cell 1: 'b!' is not a tank name"),
    ("aquarium\n 1 1\n1 a b\n1 b a\n", "are not connected"),
    ("aquarium\n 2 1\n1 a b\n1 a b\n", "row counts sum to 2, column counts to 3"),
    ("aquarium\n 3 1\n1 a b\n1 a b\n", "col 0 count: 3 is above the largest allowed value 2"),
    ("aquarium extra\n 1 1\n1 a b\n1 a b\n", "must hold only 'aquarium'"),
]


@pytest.mark.parametrize("text, fault", BAD_TEXT)
def test_bad_text_names_the_fault(text, fault):
    with pytest.raises(PuzzleError) as info:
        aq.Puzzle.from_text(text)
    assert fault in str(info.value)


BAD_TASKS = [
    ("1_1_1;1,1,1,1", "3 counts cannot be split"),
    ("1_1_1_1;1,1,1", "3 tank ids for a 2x2 board, expected 4"),
    ("1_1_1_1;1,1,1,1,1", "5 tank ids"),
    ("1_1_1_1;1,0,1,1", "tank id 1 (cell (0, 1)) is '0'"),
    ("1_1_1_1;1,1,x,1", "tank id 2 (cell (1, 0)) is 'x'"),
    ("1_a_1_1;1,1,1,1", "the count of column 1 ('a')"),
    ("1_1_1_1", "expected 'counts;tank ids' with one ';', found 0"),
    ("1_1_1_1;1,1;1,1", "found 2"),
    ("1_1_1_1;1,2,2,1", "are not connected"),
    ("", "expected 'counts;tank ids'"),
]


@pytest.mark.parametrize("task, fault", BAD_TASKS)
def test_bad_task_strings_name_the_fault(task, fault):
    with pytest.raises(PuzzleError) as info:
        aq.Puzzle.from_puzzleteam(task)
    assert fault in str(info.value)


BAD_URLS = [
    ("https://puzz.link/p?numlin/4/4/bu8i90/i3213g", "the genre is 'numlin', expected 'aquarium'"),
    ("https://puzz.link/p?aquarium/4/4/bu8i9", "the walls of a 4x4 board need 6 characters, found 5"),
    ("https://puzz.link/p?aquarium/4/4/bu8i90x/i3213g", "expected '/' between the walls and the clues, found 'x'"),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i3213gg", "left over after the clues"),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i3213h", "runs past the 8 cells"),
    ("https://puzz.link/p?aquarium/4/4/bu8i9w/i3213g", "wall character 5 ('w') is not base 32"),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i3.13g", "is '?'"),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i3+13g", "cell 4: '+' must be followed by 3 hexadecimal digits"),
    ("https://puzz.link/p?aquarium/x/4/bu8i90/i3213g", "unknown flag 'x'"),
    ("https://puzz.link/p?aquarium/4/0/bu8i90/i3213g", "0 rows; a board has 1 to 200"),
    ("https://puzz.link/p?aquarium/4/999/bu8i90/i3213g", "999 rows; a board has 1 to 200"),
    ("https://puzz.link/p?aquarium/4/4", "expected <cols>/<rows>/<body>"),
    ("puzz.link/aquarium/4/4/bu8i90/i3213g", "found no '?'"),
    ("https://puzz.link/p?aquarium/4/4/bu8i90/i9213g", "col 3 count: 9 is above"),
]


@pytest.mark.parametrize("url, fault", BAD_URLS)
def test_bad_urls_name_the_fault(url, fault):
    with pytest.raises(PuzzleError) as info:
        aq.Puzzle.from_puzzlink(url)
    assert fault in str(info.value)


BAD_BOARDS = [
    (([[0, 0], [0]], [1, 1], [1, 1]), "row 1 has 1 cells, row 0 has 2 (a ragged board)"),
    (([[0, 0], [0, 0]], [1], [1, 1]), "rows: 1 counts for a board of 2 rows"),
    (([[0, 0], [0, 0]], [1, 1], [1, 1, 0]), "cols: 3 counts for a board of 2 columns"),
    (([[0, 0], [0, 0]], [True, 1], [1, 1]), "row 0 count: expected a whole number, got bool"),
    (([[0, 0], [0, 0]], [1.0, 1], [1, 1]), "row 0 count: expected a whole number, got float"),
    (([[0, 0], [0, 0]], [3, 1], [1, 1]), "row 0 count: 3 is above"),
    (([[0, None], [0, 0]], [1, 1], [1, 1]), "cell (0, 1): no tank id (None)"),
    (([[0, [1]], [0, 0]], [1, 1], [1, 1]), "cell (0, 1): the tank id list is not hashable"),
    (([["x", "y"], ["y", "x"]], [1, 1], [1, 1]), "tank 'x': cells (0, 0) and (1, 1) are not connected"),
    (([[0] * 201], [0], [0] * 201), "201 items is more than the 200 allowed"),
    (("ab", [1, 1], [1, 1]), "regions: expected a list or tuple"),
]


@pytest.mark.parametrize("args, fault", BAD_BOARDS)
def test_bad_boards_name_the_fault(args, fault):
    with pytest.raises(PuzzleError) as info:
        aq.Puzzle(*args)
    assert fault in str(info.value)


def test_tank_ids_may_be_any_hashable_and_equality_ignores_them():
    a = aq.Puzzle([["x", "x"], [(1, 2), "x"]], [2, 1], [1, 2])
    b = aq.Puzzle([[7, 7], [8, 7]], [2, 1], [1, 2])
    assert a == b and hash(a) == hash(b) and a.names == ("x", (1, 2))


# -- the corpus again ----------------------------------------------------------------------------------
@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside the project")
def test_the_pzprjs_example_url_is_the_corpus_board_of_its_solved_file():
    # The corpus notes that the fixture's debug URL differs from its pzprv3 file by one wall; read
    # with pzprjs' wall order (left-right walls row by row, then up-down walls), they are the same.
    record = next(r for r in corpus() if r["id"] == "pzprjs-aquarium-4x4")["decoded"]
    board = aq.Puzzle(record["regions"], record["rows"], record["cols"])
    assert aq.Puzzle.from_puzzlink("https://puzz.link/p?aquarium/4/4/bu8i90/i3213g") == board


def test_the_interface_names_exist():
    assert all(hasattr(aq, name) for name in aq.__all__)
    assert aq.PUZZLE.models == aq.MODELS == ("cells", "integer", "staircase")
    with pytest.raises(PuzzleError, match="'cells', 'integer', 'staircase'"):
        aq.build_model(seed_board(), "levels")
