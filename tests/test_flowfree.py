"""Flow Free: the verifier, every model on random planted boards, uniqueness, bad input, the CLI."""

import json
from pathlib import Path

import pytest

from puzzlelib import flowfree as ff
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError

CORPUS = Path(__file__).parents[2] / "shared" / "corpus" / "flowfree.json"
ROOT = Path(__file__).parents[1]



# -- the puzzle ----------------------------------------------------------------------------------
def test_colours_dots_and_text_round_trip():
    p = ff.HARTMANN_8X8
    assert p.shape == (8, 8) and p.colours == tuple("1234567")
    assert p.dots["1"] == ((1, 0), (1, 2)) and p.dots["6"] == ((6, 7), (7, 0))
    assert ff.Puzzle.from_text(p.to_text()) == p
    assert p.to_text().splitlines()[0] == "flowfree"
    assert ff.Puzzle.from_text("# a comment\nflowfree\nA.A\n") == ff.Puzzle(["A.A"])


def test_level_files_of_other_solvers():
    text = "R.G\n...\nR-G\n\n"
    assert ff.Puzzle.from_level(text) == ff.Puzzle(["R.G", "...", "R.G"])
    assert ff.Puzzle.from_level("A1A\n") == ff.Puzzle(["A.A"])  # only letters are colours there


#: The first board of thomasahle/numberlink's puzzles/inputs1: a "W H" line, then the rows.
NUMBERLINK_8X8 = "8 8\nA..AB...\n..CDE.E.\n..F.....\n..G.HI..\n....D...\n...C....\n.F.G..HB\n.......I\n"


def test_level_files_with_a_width_and_height_line():
    board = ff.Puzzle.from_level(NUMBERLINK_8X8)
    assert board.grid[0] == "A..AB..." and len(board.grid) == 8 and len(board.dots) == 9
    assert ff.Puzzle.from_level("3 2\n1.1\n2.2\n").grid == ("1.1", "2.2")  # digits are colours here
    for text, words in [("3 3\nA.A\nB.B\n", "says 3 rows, found 2"), ("4 2\nA.A\nB.B\n", "line 2: 3 cells"),
                        ("3 2\nA*A\nB.B\n", "'*' is neither"), ("0 2\nA.A\n", "columns"),
                        ("3 2\nA.A\nB.B\n\n3 2\nA.A\nB.B\n", "more follow at line 5")]:
        with pytest.raises(PuzzleError, match=words):
            ff.Puzzle.from_level(text)


@pytest.mark.parametrize("grid, words", [
    (["A.", ".."], "colour A has 1 dot"),
    (["AAA", "..."], "colour A has 3 dots"),
    (["A.B", "A.."], "colour B has 1 dot"),
    (["A.", "A.."], "row 1 has 3 cells"),
    (["A*A"], "(0, 1): '*'"),
    (["..", ".."], "no dots"),
    ([], "at least one row"),
])
def test_bad_boards_name_the_fault(grid, words):
    with pytest.raises(PuzzleError) as info:
        ff.Puzzle(grid)
    assert words in str(info.value)


@pytest.mark.parametrize("text, words", [
    ("flowfree\n", "at least 1 row"),
    ("flowfree\nA.A\nB..\n", "colour B has 1 dot"),
    ("flowfree\nA.A\nB.\n", "line 3: 2 cells, the first row has 3"),
    ("flowfree\nA?A\n", "line 2, column 1: '?'"),
    ("", "empty"),
])
def test_bad_text_names_the_line(text, words):
    with pytest.raises(PuzzleError) as info:
        if text:
            ff.Puzzle.from_text(text)
        else:
            ff.Puzzle.from_level(text)
    assert words in str(info.value)


# -- the verifier --------------------------------------------------------------------------------
BOARD = ff.Puzzle(["ABB", "...", "..A"])
RIGHT = ff.Solution(("ABB", "ABB", "AAA"), {"A": ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
                                            "B": ((0, 1), (1, 1), (1, 2), (0, 2))})


def test_verify_accepts_a_right_grid_and_paths():
    assert ff.verify(BOARD, RIGHT) == []
    assert ff.verify(BOARD, RIGHT.grid) == []
    assert ff.verify(BOARD, list(RIGHT.grid)) == []


def test_verify_names_each_broken_rule_of_a_grid():
    assert ff.verify(BOARD, ("ABB", "A.B", "AAA")) == ["cell (1, 1) is not on any pipe"]
    assert "holds the dot B but is coloured A" in ff.verify(BOARD, ("AAB", "ABB", "AAA"))[0]
    assert "'Z', which is not a colour" in ff.verify(BOARD, ("ABB", "AZB", "AAA"))[0]
    assert "must have 3 rows" in ff.verify(BOARD, ("ABB",))[0]
    q = ff.Puzzle(["A.A", "B.B", "..."])
    assert "not connected" in " ".join(ff.verify(q, ("AAA", "BBB", "BAB")))
    t = ff.Puzzle(["A.A", "...", "B.B"])  # A's cells make a T: connected, but no single path
    assert "do not form one path" in " ".join(ff.verify(t, ("AAA", "BAB", "BBB")))


def test_verify_names_each_broken_rule_of_pipes():
    jump = ff.Solution(RIGHT.grid, {"A": ((0, 0), (2, 0), (2, 1), (2, 2)), "B": RIGHT.paths["B"]})
    out = " ".join(ff.verify(BOARD, jump))
    assert "jumps from (0, 0) to (2, 0)" in out and "cell (1, 0) is not on any pipe" in out
    loop = ff.Solution(RIGHT.grid, {"A": RIGHT.paths["A"]}, cycles=(((1, 1), (1, 2), (0, 2), (0, 1)),))
    out = " ".join(ff.verify(BOARD, loop))
    assert "loop of 4 cells" in out and "colour B has no pipe" in out
    back = ff.Solution(RIGHT.grid, RIGHT.paths, cycles=(((1, 1), (1, 2)),))
    assert "back and forth" in ff.verify(BOARD, back)[0]
    wrong_end = ff.Solution(RIGHT.grid, {"A": RIGHT.paths["A"][:-1], "B": RIGHT.paths["B"]})
    assert "must run from (0, 0) to (2, 2)" in " ".join(ff.verify(BOARD, wrong_end))
    twice = ff.Solution(RIGHT.grid, {"A": RIGHT.paths["A"], "B": ((0, 1), (1, 1), (1, 0), (1, 1), (1, 2), (0, 2))})
    assert "used by the pipes of A and B" in " ".join(ff.verify(BOARD, twice))
    through = ff.Puzzle(["A.A", "BBC", "..C"])
    bad = ff.Solution(("AAA", "BBC", "BBC"), {"A": ((0, 0), (0, 1), (0, 2)), "B": ((1, 0), (2, 0), (2, 1), (1, 1)),
                                              "C": ((1, 2), (2, 2))})
    assert ff.verify(through, bad) == []
    bad = ff.Solution(("AAA", "AAC", "AAC"), {"A": ((0, 0), (1, 0), (1, 1), (0, 1), (0, 2)), "C": ((1, 2), (2, 2))})
    assert "holds the dot B but is coloured A" in ff.verify(ff.Puzzle(["A.A", "B.C", "B.C"]), bad)[0]


# -- models --------------------------------------------------------------------------------------
@pytest.mark.parametrize("model", ff.MODELS)
def test_every_model_solves_hartmanns_board(model):
    sol = ff.solve(ff.HARTMANN_8X8, model=model)
    assert ff.verify(ff.HARTMANN_8X8, sol) == []
    assert ff.verify(ff.HARTMANN_8X8, sol.grid) == []
    assert list(sol.paths) == list("1234567") and sol.cycles == ()


def test_hartmanns_board_has_15_colourings_and_one_tidy_one():
    found = ff.solutions(ff.HARTMANN_8X8, limit=20)
    assert len(found) == 15 and len(set(found)) == 15
    assert all(ff.verify(ff.HARTMANN_8X8, s) == [] for s in found)
    tidy = ff.solutions(ff.HARTMANN_8X8, limit=5, no_square=True)
    assert len(tidy) == 1 and ff.has_square(tidy[0].grid) is None
    assert ff.solutions(ff.HARTMANN_8X8, limit=5, no_touch=True) == tidy


def untidy_pairs(solution):
    """Neighbouring cells of one colour that are not next to each other on their pipe."""
    steps = {frozenset(pair) for path in solution.paths.values() for pair in zip(path, path[1:])}
    grid = solution.grid
    return [(u, v) for u, v in ff.edges_of((len(grid), len(grid[0])))
            if grid[u[0]][u[1]] == grid[v[0]][v[1]] and frozenset((u, v)) not in steps]


def test_solutions_lists_the_tidy_colourings_first():
    found = ff.solutions(ff.HARTMANN_8X8, limit=20)
    assert untidy_pairs(found[0]) == [] and all(untidy_pairs(s) for s in found[1:])
    assert ff.solutions(ff.HARTMANN_8X8, limit=1) == found[:1]


def test_the_tidy_race_falls_back_to_the_other_formulation(monkeypatch):
    from puzzlelib.flowfree import solving
    monkeypatch.setattr(solving, "TIDY_TURNS", (("per_colour", 0, 1e-4, None), ("cells", 0, 30.0, None)))
    race = solving.TidyRace(ff.HARTMANN_8X8, None, solving.Deadline(60))
    answer = race.next()
    assert race.winner == ("cells", 0) and ff.verify(ff.HARTMANN_8X8, answer) == []
    race.forbid(answer.grid)
    assert race.next() is None  # Hartmann's board has one tidy colouring
    monkeypatch.setattr(solving, "TIDY_TURNS", (("per_colour", 0, 1e-4, None),))
    assert solving.TidyRace(ff.HARTMANN_8X8, None, solving.Deadline(60)).next() is None  # out of turns


def test_the_race_starts_at_the_root_of_the_per_colour_model():
    from puzzlelib.flowfree import solving
    assert solving.TIDY_TURNS[0] == ("per_colour", 0, 6.0, solving.ROOT) and solving.ROOT == 0
    assert any(nodes is None for *_, nodes in solving.TIDY_TURNS)  # full searches follow
    race = solving.TidyRace(ff.HARTMANN_8X8, None, solving.Deadline(60))
    answer = race.next()
    assert race.winner == ("per_colour", 0) and ff.verify(ff.HARTMANN_8X8, answer) == []
    race.forbid(answer.grid)
    assert race.next() is None  # the winner goes on in full, and proves there is no other


def test_a_search_that_needs_branching_stops_at_a_node_limit_of_zero():
    from puzzlelib.flowfree import solving
    board = ff.random_puzzle(8, seed=5, mean_len=16)  # unique; proving it takes HiGHS a few hundred nodes
    first = ff.solve(board)
    for node_limit, error, words in ((0, SolverError, "node limit of 0"), (None, NoSolution, "no assignment")):
        problem, variables = ff.build_model(board)
        problem += solving.colouring_nogood(variables["x"], first.grid)
        with pytest.raises(error, match=words):
            solving.lazy_solve(problem, board, "cells", variables, time_limit=60, node_limit=node_limit)


def test_without_subtour_constraints_loops_appear():
    sol = ff.solve(ff.HARTMANN_8X8, model="hartmann2", subtours=False)
    assert sol.cycles and any("loop" in line for line in ff.verify(ff.HARTMANN_8X8, sol))
    sol = ff.solve(ff.HARTMANN_8X8, model="cells", subtours=False)
    assert ff.verify(ff.HARTMANN_8X8, sol) == [] or sol.cycles  # loops, if any, are reported as loops
    assert all(len(loop) >= 4 for loop in sol.cycles)  # undirected: the shortest loop is a 2x2 block


def test_lazy_model_reports_rounds():
    sol = ff.solve(ff.HARTMANN_8X8, model="lazy")
    assert sol.rounds >= 2 and ff.verify(ff.HARTMANN_8X8, sol) == []


@pytest.mark.parametrize("seed", range(150))
def test_random_planted_boards_default_model(seed):
    n = 3 + seed % 6
    puzzle, planted = ff.planted_puzzle((n, n + seed % 3), seed=seed, tidy=seed % 2 == 0)
    assert ff.verify(puzzle, planted) == []
    assert ff.verify(puzzle, planted.grid) == []
    sol = ff.solve(puzzle)
    assert ff.verify(puzzle, sol) == []


def test_tidy_planted_pipes_never_run_alongside_themselves():
    for seed in range(60):
        n = 3 + seed % 12
        puzzle, planted = ff.planted_puzzle((n, n + seed % 3), seed=seed)
        g = planted.grid
        touching = sum(1 for r in range(len(g)) for c in range(len(g[0])) for a, b in ((r, c + 1), (r + 1, c))
                       if a < len(g) and b < len(g[0]) and g[r][c] == g[a][b])
        assert touching == sum(len(p) - 1 for p in planted.paths.values())
        assert ff.verify(puzzle, planted) == []


@pytest.mark.parametrize("model", ["hartmann1", "hartmann2", "lazy"])
@pytest.mark.parametrize("seed", range(12))
def test_random_planted_boards_hartmann_models(model, seed):
    puzzle = ff.random_puzzle(4 + seed % 2, seed=1000 + seed, tidy=False)
    assert ff.verify(puzzle, ff.solve(puzzle, model=model)) == []


@pytest.mark.parametrize("model", ff.MODELS)
def test_cbc_too(model):
    puzzle = ff.random_puzzle(5, seed=7)
    assert ff.verify(puzzle, ff.solve(puzzle, model=model, solver="cbc")) == []


def test_solutions_with_cbc():
    assert len(ff.solutions(ff.Puzzle(["A.B", "...", "A.B"]), limit=5, solver="cbc")) == len(
        ff.solutions(ff.Puzzle(["A.B", "...", "A.B"]), limit=5))


def brute_colourings(puzzle):
    """Every valid colouring by trying all colour assignments (tiny boards only)."""
    import itertools
    free = [(r, c) for r, row in enumerate(puzzle.grid) for c, ch in enumerate(row) if ch == "."]
    out = set()
    for choice in itertools.product(puzzle.colours, repeat=len(free)):
        grid = [list(row) for row in puzzle.grid]
        for (r, c), k in zip(free, choice):
            grid[r][c] = k
        grid = tuple("".join(row) for row in grid)
        try:
            if not ff.verify(puzzle, grid):
                out.add(grid)
        except PuzzleError:  # a colouring that does not fix its pipes: the oracle decides those
            out.add(grid if grid in {s.grid for s in ff.brute_force(puzzle)} else None)
    return out


@pytest.mark.parametrize("seed", range(8))
def test_verify_agrees_with_brute_force(seed):
    """verify accepts exactly the colourings brute force finds (the models against brute force:
    tests/test_puzzles.py, with tests/cases/flowfree.py)."""
    puzzle = ff.random_puzzle((3, 3 + seed % 2), seed=500 + seed, tidy=False)
    truth = {s.grid for s in ff.brute_force(puzzle)}
    assert truth == brute_colourings(puzzle) - {None}


def test_unique_and_ambiguous_boards():
    from puzzlelib.flowfree.board import DEMO
    assert len(ff.solutions(ff.Puzzle.from_text(DEMO), limit=2)) == 1
    assert len(ff.solutions(ff.Puzzle(["A..A"]), limit=2)) == 1
    assert len(ff.solutions(ff.Puzzle(["A..B", "....", "A..B"]), limit=5)) == 2


@pytest.mark.parametrize("grid", [["AB", "BA"], ["A.", ".A"], ["A.B", ".B.", "A.."]])
def test_impossible_boards_raise_no_solution(grid):
    puzzle = ff.Puzzle(grid)
    with pytest.raises(NoSolution):
        ff.solve(puzzle)
    for model in ff.MODELS:
        with pytest.raises(NoSolution):
            ff.solve(puzzle, model=model)
    assert ff.solutions(puzzle) == []


def test_bad_model_name():
    with pytest.raises(PuzzleError, match="not one of"):
        ff.build_model(ff.HARTMANN_8X8, model="nope")


def test_variable_names_match_the_chapter():
    problem, v = ff.build_model(ff.HARTMANN_8X8)
    assert v["x"][(1, 0), "1"].name == "x_1_0_0" and v["e"][(0, 0), (0, 1)].name == "e_0_0_0_1"
    assert "degree_0_0" in {c.name for c in problem.constraints()}
    assert "no_square_loop_0_0" in {c.name for c in problem.constraints()}
    problem, v = ff.build_model(ff.HARTMANN_8X8, model="hartmann2")
    assert "mtz_0_0_0_1" in {c.name for c in problem.constraints()}
    assert "colour_if_used_0_0_0_1" in {c.name for c in problem.constraints()}


def test_draw_and_format():
    sol = ff.solve(ff.HARTMANN_8X8)
    assert ff.format_solution(ff.HARTMANN_8X8, sol).splitlines() == list(sol.grid)
    fig = ff.draw(ff.HARTMANN_8X8, sol, labels=True, title="x")
    assert fig.axes
    loops = ff.solve(ff.HARTMANN_8X8, model="hartmann2", subtours=False)
    assert ff.draw(ff.HARTMANN_8X8, loops).axes
    assert ff.draw_many(ff.HARTMANN_8X8, ff.solutions(ff.HARTMANN_8X8, limit=3)).axes


# -- the corpus (real levels; skipped when absent) ----------------------------------------------
def corpus():
    if not CORPUS.exists():
        return []
    return json.loads(CORPUS.read_text())


@pytest.mark.parametrize("record", corpus() or [None], ids=lambda r: r["id"] if r else "absent")
def test_corpus_levels(record):
    """Every real level: solved, and its count of colourings (one, or more) proven as the corpus says."""
    if record is None:
        pytest.skip("the test corpus is not present")
    puzzle = ff.Puzzle(record["decoded"]["grid"])
    assert ff.verify(puzzle, tuple(record["solution"])) == []
    sol = ff.solve(puzzle, time_limit=60)
    assert ff.verify(puzzle, sol) == []
    found = ff.solutions(puzzle, limit=2, time_limit=60)
    assert all(ff.verify(puzzle, s) == [] for s in found) and len({s.grid for s in found}) == len(found)
    assert (len(found) == 1) == bool(record["unique"])
    if record["unique"]:
        assert sol.grid == found[0].grid == tuple(record["solution"])


def test_nearby_windows_find_the_same_colourings_as_the_full_search(monkeypatch):
    from puzzlelib.flowfree import solving
    board = ff.random_puzzle(10, seed=3, mean_len=14)  # seven colourings, some found in windows
    with_windows = ff.solutions(board, limit=20, search="mip")
    monkeypatch.setattr(solving, "NEARBY_SIDE", 100)  # no window fits: the full search alone
    without = ff.solutions(board, limit=20, search="mip")
    assert len(with_windows) == 7 and {s.grid for s in with_windows} == {s.grid for s in without}
    assert with_windows[0] == without[0]  # the tidy colouring first either way
    assert all(ff.verify(board, s) == [] for s in with_windows)


def test_nearby_windows_find_a_local_change_and_free_the_cells_again():
    from puzzlelib.flowfree import solving
    board = ff.random_puzzle(9, seed=0, mean_len=12)  # a planted board with other colourings nearby
    first = ff.solve(board)
    problem, variables = ff.build_model(board)
    problem += solving.colouring_nogood(variables["x"], first.grid)
    found = solving.nearby_colourings(problem, board, variables, [first], limit=3)
    assert len(found) == 3 and len({s.grid for s in found}) == 3
    for answer in found[1:]:
        assert ff.verify(board, answer) == []
        changed = [(r, c) for r, row in enumerate(answer.grid) for c, k in enumerate(row) if first.grid[r][c] != k]
        rows, cols = {r for r, _ in changed}, {c for _, c in changed}
        assert max(rows) - min(rows) < solving.NEARBY_SIDE and max(cols) - min(cols) < solving.NEARBY_SIDE
    assert all((var.lowBound, var.upBound) == (0, 1) for var in variables["x"].values())


def test_nearby_windows_leave_small_boards_and_cbc_to_the_full_search():
    from puzzlelib.flowfree import solving
    board = ff.random_puzzle(7, seed=1)
    first = ff.solve(board)
    problem, variables = ff.build_model(board)
    assert solving.nearby_colourings(problem, board, variables, [first], limit=2) == [first]
    planted = ff.random_puzzle(9, seed=0, mean_len=12)  # windows find others here under HiGHS
    start = ff.solve(planted)
    problem, variables = ff.build_model(planted)
    problem += solving.colouring_nogood(variables["x"], start.grid)
    assert solving.nearby_colourings(problem, planted, variables, [start], limit=2, solver="cbc") == [start]
    assert solving._window_corners(14, 7, 2) == [0, 2, 4, 6, 7] and solving._window_corners(8, 7, 2) == [0, 1]


@pytest.mark.parametrize("board", [ff.HARTMANN_8X8, ff.random_puzzle(10, seed=3, mean_len=14),
                                   ff.random_puzzle(7, seed=0, mean_len=10), ff.random_puzzle(8, seed=5, mean_len=16),
                                   ff.random_puzzle(9, seed=2, mean_len=16),
                                   ff.Puzzle(["A..B", "....", "A..B"])],
                         ids=["hartmann", "planted10", "planted7", "planted8", "planted9", "two-ways"])
def test_the_sat_search_lists_the_same_colourings_as_the_mip_search(board):
    sat = ff.solutions(board, limit=40)
    mip = ff.solutions(board, limit=40, search="mip")
    assert len(sat) < 40 and {s.grid for s in sat} == {s.grid for s in mip}
    assert len({s.grid for s in sat}) == len(sat) and all(ff.verify(board, s) == [] for s in sat)
    assert sat[0] == mip[0] == ff.solutions(board, limit=1)[0]  # solve's tidy colouring first either way
    tidy = [bool(untidy_pairs(s)) for s in sat]
    assert tidy == sorted(tidy)  # every tidy colouring before every untidy one


def test_the_sat_search_keeps_to_no_square_and_no_touch():
    board = ff.random_puzzle(10, seed=3, mean_len=14)
    for flag in ("no_square", "no_touch"):
        sat = ff.solutions(board, limit=20, **{flag: True})
        mip = ff.solutions(board, limit=20, search="mip", **{flag: True})
        assert {s.grid for s in sat} == {s.grid for s in mip}
    assert all(ff.has_square(s.grid) is None for s in ff.solutions(board, limit=20, no_square=True))
    assert all(not untidy_pairs(s) for s in ff.solutions(board, limit=20, no_touch=True))


def test_the_sat_search_cuts_off_loops_lazily():
    from puzzlelib.flowfree.model_sat import SatModel
    from puzzlelib.flowfree.solving import sat_lazy_solve
    board = ff.Puzzle(["A....A", "......", "......", "......", "B....B"])  # room for loops in the middle
    model = SatModel(board)
    answers = []
    while (answer := sat_lazy_solve(model)) is not None and len(answers) < 200:
        assert answer.cycles == () and ff.verify(board, answer) == []
        answers.append(answer.grid)
        model.forbid(answer.grid)
    assert len(answers) == len(set(answers)) == len(ff.solutions(board, limit=400, search="mip"))


def test_solutions_rejects_an_unknown_search():
    with pytest.raises(PuzzleError, match="search"):
        ff.solutions(ff.HARTMANN_8X8, search="cp-sat")


def test_the_sat_search_keeps_the_callers_time_limit():
    import time as _time

    from puzzlelib.engine.solver import Deadline
    from puzzlelib.flowfree.solving import sat_colourings
    spent = Deadline(0.001)
    _time.sleep(0.01)
    with pytest.raises(SolverError, match="time limit of 0.001 s"):
        sat_colourings(ff.HARTMANN_8X8, [], 5, spent)
