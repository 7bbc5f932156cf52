"""Knight Moves: both models against the brute force on many planted and random boards, the lazy
cuts against MTZ, the colour argument, and the parts the shared runner does not reach."""

from __future__ import annotations

import pytest

from puzzlelib import knightmoves as km
from puzzlelib.core.errors import NoSolution, PuzzleError

#: How many paths each side lists before the comparison stops at the limit.
LIMIT = 12


def truth(puzzle) -> set:
    return {s.path for s in km.brute_force(puzzle, limit=LIMIT)}


def boards():
    """Planted boards (end fixed and free, several shapes and walk styles) and random boards."""
    found = []
    for seed in range(14):
        size = (4, 5, 6, (4, 6), (5, 6), (3, 7), 5)[seed % 7]
        found.append(pytest.param(km.planted_puzzle(size, seed=seed, end=seed % 2 == 0, greedy=(0.0, 0.5, 1.0)[seed % 3])[0],
                                  id=f"planted-{seed}"))
    for seed in range(6):
        found.append(pytest.param(km.random_puzzle(5, seed=100 + seed, end=False), id=f"random-free-{seed}"))
    return found


@pytest.mark.parametrize("puzzle", boards())
def test_both_models_list_the_paths_brute_force_lists(puzzle):
    expected = truth(puzzle)
    for model in km.MODELS:
        found = km.solutions(puzzle, limit=LIMIT, model=model, time_limit=60)
        got = {s.path for s in found}
        assert len(got) == len(found), f"{model}: a path listed twice"
        assert all(km.check_rules(puzzle, s) == [] for s in found), f"{model}: a path that breaks a rule"
        if len(expected) < LIMIT:
            assert got == expected, f"{model}: {len(got)} paths, brute force {len(expected)}"
        else:
            assert len(got) == LIMIT


def test_lazy_and_mtz_agree_on_which_boards_have_a_path():
    for seed in range(12):
        puzzle = km.random_puzzle(6, seed=seed, end=seed % 2 == 1)
        lazy = km.solutions(puzzle, limit=3, model="lazy")
        mtz = km.solutions(puzzle, limit=3, model="mtz")
        assert len(lazy) == len(mtz)
        if len(lazy) < 3:
            assert {s.path for s in lazy} == {s.path for s in mtz}


def test_the_lazy_model_needs_cycle_cuts_and_mtz_none():
    """On a full 3x4 board with the end free the first answer of (1)-(4) holds a cycle."""
    puzzle = km.Puzzle.from_text("knightmoves\nS...\n....\n....\n")
    lazy = km.solutions(puzzle, limit=2, model="lazy")
    mtz = km.solutions(puzzle, limit=2, model="mtz")
    assert {s.path for s in lazy} == {s.path for s in mtz} == truth(puzzle)
    assert sum(s.cuts for s in lazy) >= 1 and all(s.cuts == 0 for s in mtz)


def test_the_seed_board_has_one_path():
    puzzle = km.PUZZLE.seed_puzzle()
    found = km.solutions(puzzle, limit=2)
    assert len(found) == 1 and [s.path for s in km.brute_force(puzzle)] == [found[0].path]
    assert found[0].path[0] == puzzle.start and found[0].path[-1] == puzzle.end


def test_the_colour_argument_fires():
    # 8 dark and 5 light open squares: differ by more than one
    puzzle = km.Puzzle.from_text("knightmoves\n#S..\n....\n#...\n.#..\n")
    reason = km.explain_infeasible(puzzle)
    assert "may differ by at most one" in reason and "8 dark and 5 light" in reason
    assert km.brute_force(puzzle) == [] and km.solutions(puzzle) == []
    with pytest.raises(NoSolution, match="at most one"):
        km.solve(puzzle)
    # counts that differ by one, but the start on the colour with fewer squares
    puzzle = km.Puzzle.from_text("knightmoves\nS.##\n....\n#...\n....\n")
    reason = km.explain_infeasible(puzzle)
    assert reason and "at least as many" in reason and km.brute_force(puzzle) == []
    # a fixed end of the wrong colour
    puzzle = km.Puzzle.from_text("knightmoves\nS..E.\n.....\n.....\n.....\n.....\n")
    assert "ends on a light square" in km.explain_infeasible(puzzle) and km.brute_force(puzzle) == []


def test_every_explanation_is_sound():
    """Whenever explain_infeasible gives a reason, the brute force finds no path."""
    reasons = 0
    for seed in range(60):
        puzzle = km.random_puzzle(4, seed=seed, end=False)
        grid = [list(row) for row in puzzle.grid]
        r, c = divmod(seed % 16, 4)
        if (r, c) != puzzle.start:  # flip one square: many flips leave no path
            grid[r][c] = "." if grid[r][c] == "#" else "#"
        other = km.Puzzle(["".join(row) for row in grid], puzzle.start)
        if km.explain_infeasible(other):
            reasons += 1
            assert km.brute_force(other, limit=1) == []
    assert reasons >= 10


def test_dead_ends_and_unreachable_squares_are_explained():
    two_ends = km.Puzzle.from_text("knightmoves\nS...\n....\n..#.\n")  # (0, 3) and (1, 0): one neighbour each
    assert "each have one knight neighbour" in km.explain_infeasible(two_ends)
    apart = km.Puzzle.from_text("knightmoves\n##S.\n##..\n.#..\n...#\n")
    assert "cannot be reached from the start (0, 2)" in km.explain_infeasible(apart)
    for puzzle in (two_ends, apart):
        assert km.brute_force(puzzle) == [] and km.solutions(puzzle) == [] and km.solutions(puzzle, model="mtz") == []


def test_planted_boards_keep_their_path_and_repeat():
    for seed in range(10):
        puzzle, path = km.planted_puzzle((5, 7), seed=seed)
        assert km.check_rules(puzzle, path) == [] and puzzle.end == path.path[-1]
        assert km.planted_puzzle((5, 7), seed=seed) == (puzzle, path)
        free, _ = km.planted_puzzle((5, 7), seed=seed, end=False)
        assert free.end is None and free.grid == puzzle.grid
    for bad in (dict(greedy=2), dict(greedy="x"), dict(end=1), dict(seed=1.5)):
        with pytest.raises(PuzzleError):
            km.planted_puzzle(5, **bad)


def test_bad_boards_name_the_fault():
    cases = {
        (("S#", ".."), None, None): None,
        (("..", ".."), None, None): "no start square",
        (("S.", ".."), (1, 1), None): r"differs from the square \(0, 0\)",
        (("S#", ".."), None, (0, 1)): r"the end square \(0, 1\) is blocked",
        ((".#", ".."), (0, 1), None): r"the start square \(0, 1\) is blocked",
        (("S.", ".."), None, (0, 0)): "start and end are the same square",
        (("S.", ".."), None, (5, 0)): "outside the 2x2 board",
        (("S.", "..."), None, None): "row 1 has 3 squares",
        (("S.", ".?"), None, None): "row 1, column 1",
        ("S.", None, None): "one string",
    }
    for (grid, start, end), message in cases.items():
        if message is None:
            km.Puzzle(grid, start, end)
            continue
        with pytest.raises(PuzzleError, match=message):
            km.Puzzle(grid, start, end)


def test_malformed_answers_are_errors_and_faults_name_the_square():
    puzzle = km.PUZZLE.seed_puzzle()
    for bad in (None, "0,0", 5, [(0,)], [(0, 9)], [(0.5, 1)], {"a": 1}):
        with pytest.raises(PuzzleError):
            km.check_rules(puzzle, bad)
    faults = km.check_rules(puzzle, [(0, 0), (2, 1), (2, 2)])
    assert {f.code for f in faults} >= {"blocked-square", "not-a-knight-move", "wrong-end", "misses-square"}
    assert any((2, 2) in f.cells for f in faults if f.code == "blocked-square")


def test_format_solution_and_drawing():
    puzzle = km.PUZZLE.seed_puzzle()
    solution = km.solve(puzzle)
    text = km.format_solution(puzzle, solution)
    assert text.splitlines()[2].split()[2] == "#" and " 1 " in f" {text} "
    fig = km.draw(puzzle, solution, title="the chapter's board")
    assert fig is not None and km.draw(puzzle) is not None


def test_an_8x8_open_tour_is_fast():
    puzzle = km.Puzzle.from_text("knightmoves\n" + "S.......\n" + "........\n" * 7)
    solution = km.solve(puzzle, time_limit=30)
    assert km.check_rules(puzzle, solution) == [] and len(solution.path) == 64
