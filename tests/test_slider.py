"""Slider: the puzzle, the move graph, the shortest-path IP against an independent BFS, the verifier."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import pytest

from puzzlelib import slider as sl
from puzzlelib.core.errors import NoSolution, PuzzleError
from puzzlelib.engine.solver import solve_model

ROOT = Path(__file__).resolve().parents[1]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


# -- an independent referee: slides simulated cell by cell, breadth-first search over rests -------
def ref_stop(grid, cell, step):
    (r, c), (dr, dc) = cell, step
    while 0 <= r + dr < len(grid) and 0 <= c + dc < len(grid[0]) and grid[r + dr][c + dc] != "#":
        r, c = r + dr, c + dc
    return r, c


def ref_successors(grid, cell):
    return {ref_stop(grid, cell, step) for step in STEPS} - {cell}


def ref_shortest(grid, start, target):
    """(fewest moves, number of shortest routes) by BFS; (None, 0) when unreachable."""
    dist, ways = {start: 0}, {start: 1}
    queue = deque([start])
    while queue:
        u = queue.popleft()
        if u == target:
            continue
        for v in ref_successors(grid, u):
            if v not in dist:
                dist[v] = dist[u] + 1
                ways[v] = 0
                queue.append(v)
            if dist[v] == dist[u] + 1:
                ways[v] += ways[u]
    return dist.get(target), ways.get(target, 0)


def random_board(rng, nrows, ncols, density):
    grid = ["".join("#" if rng.random() < density else "." for _ in range(ncols)) for _ in range(nrows)]
    free = [(r, c) for r in range(nrows) for c in range(ncols) if grid[r][c] == "."]
    if len(free) < 2:
        return None
    start, target = rng.sample(free, 2)
    return sl.Puzzle(grid, start, target)


HARTMANN_1_BASED = {  # Appendix D's successor sets S[i,j] (the self-arc listed at S[6,1] left out)
    (1, 1): {(6, 1)}, (2, 1): {(1, 1), (6, 1), (2, 3)}, (3, 1): {(1, 1), (6, 1), (3, 4)},
    (4, 1): {(1, 1), (6, 1), (4, 4)}, (5, 1): {(1, 1), (6, 1), (5, 4)}, (6, 1): {(1, 1), (6, 2)},
    (2, 2): {(6, 2), (2, 1), (2, 3)}, (3, 2): {(2, 2), (6, 2), (3, 1), (3, 4)},
    (4, 2): {(2, 2), (6, 2), (4, 1), (4, 4)}, (5, 2): {(2, 2), (6, 2), (5, 1), (5, 4)},
    (6, 2): {(2, 2), (6, 1)}, (1, 3): {(5, 3), (1, 4)}, (2, 3): {(1, 3), (5, 3), (2, 1)},
    (3, 3): {(1, 3), (5, 3), (3, 1), (3, 4)}, (4, 3): {(1, 3), (5, 3), (4, 1), (4, 4)}, (5, 3): set(),
    (1, 4): {(1, 3)}, (3, 4): {(6, 4), (3, 1)}, (4, 4): {(3, 4), (6, 4), (4, 1)},
    (5, 4): {(3, 4), (6, 4), (5, 1)}, (6, 4): {(3, 4)},
}


# -- Hartmann's example --------------------------------------------------------------------------
def test_hartmann_example_matches_appendix_d():
    p = sl.hartmann_example()
    assert p.shape == (6, 4)
    assert (p.start, p.target) == ((2, 1), (4, 2))
    assert sorted(p.obstacles()) == [(0, 1), (1, 3), (5, 2)]
    graph = {}
    for u, v in sl.arcs(p):
        graph.setdefault((u[0] + 1, u[1] + 1), set()).add((v[0] + 1, v[1] + 1))
    for cell, succ in HARTMANN_1_BASED.items():
        assert graph.get(cell, set()) == succ, cell


def test_hartmann_example_solves_in_three_moves_uniquely():
    p = sl.hartmann_example()
    sol = sl.solve(p)
    assert sol.moves == 3
    assert sol.path == ((2, 1), (1, 1), (1, 2), (4, 2))  # Hartmann's output, 0-based
    assert sol.directions == ("up", "right", "down")
    assert sl.verify(p, sol) == []
    assert len(sl.solutions(p, limit=5)) == 1


# -- the model against the referee on random boards ----------------------------------------------
@pytest.mark.parametrize("block", range(4))
def test_ip_matches_bfs_on_random_boards(block):
    rng = random.Random(1000 + block)
    checked = 0
    while checked < 60:
        n, m = rng.randint(2, 9), rng.randint(2, 9)
        p = random_board(rng, n, m, rng.choice([0.0, 0.1, 0.2, 0.35]))
        if p is None:
            continue
        checked += 1
        best, _ = ref_shortest(p.grid, p.start, p.target)
        if best is None:
            with pytest.raises(NoSolution) as info:
                sl.solve(p)
            assert info.value.reason
            assert sl.solutions(p) == []
            continue
        sol = sl.solve(p)
        assert sol.moves == best, p.to_text()
        assert sl.verify(p, sol) == [], p.to_text()


def test_solutions_lists_every_shortest_route():
    seen_many = 0
    for seed in range(60):
        p = sl.random_puzzle((random.Random(seed).randint(3, 6), 5), seed=seed, density=0.15)
        best, ways = ref_shortest(p.grid, p.start, p.target)
        if ways > 12:
            continue
        found = sl.solutions(p, limit=ways + 1)
        assert len(found) == ways, p.to_text()
        assert len({s.path for s in found}) == ways
        assert all(s.moves == best and sl.verify(p, s) == [] for s in found)
        seen_many += ways > 1
    assert seen_many >= 3  # the sample really contains ambiguous boards


def test_count_shortest_routes_agrees_with_referee():
    rng = random.Random(11)
    for _ in range(150):
        p = random_board(rng, rng.randint(2, 10), rng.randint(2, 10), 0.2)
        if p is not None:
            assert sl.count_shortest_routes(p) == ref_shortest(p.grid, p.start, p.target)[1]


def test_move_graph_matches_referee():
    rng = random.Random(3)
    for _ in range(60):
        p = random_board(rng, rng.randint(1, 12), rng.randint(2, 12), 0.25)
        if p is None:
            continue
        graph = sl.move_graph(p)
        assert set(graph) == set(p.free_cells())
        for cell, moves in graph.items():
            assert set(moves.values()) == ref_successors(p.grid, cell)
            for direction, stop in moves.items():
                assert sl.slide(p, cell, direction) == stop


def test_random_puzzle_plants_a_shortest_route():
    for seed in range(30):
        p, planted = sl.planted_puzzle((7, 6), seed=seed, min_moves=2)
        assert sl.verify(p, planted) == []
        assert planted.moves >= 2
    assert sl.random_puzzle(6, seed=5) == sl.planted_puzzle(6, seed=5)[0]


def test_lp_relaxation_is_integral():
    """The node-arc incidence matrix is totally unimodular: the simplex method lands on a 0/1 route."""
    for seed in range(25):
        p, planted = sl.planted_puzzle(7, seed=seed)
        problem, x = sl.build_model(p)
        value = solve_model(problem, relax=True)
        assert value == pytest.approx(planted.moves)
        assert all(min(abs(v.value()), abs(1 - v.value())) < 1e-7 for v in x.values())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_cbc_agrees(seed):
    p, planted = sl.planted_puzzle(6, seed=seed, min_moves=2)
    sol = sl.solve(p, solver="cbc")
    assert sol.moves == planted.moves and sl.verify(p, sol) == []


def test_model_names_read_like_the_chapter():
    problem, x = sl.build_model(sl.hartmann_example())
    for name in ("leave_start", "arrive_target", "conserve_0_0"):
        assert name in {c.name for c in problem.constraints()}, name
    assert x[(2, 1), (1, 1)].name == "x_2_1_to_1_1"
    assert not any(u == (4, 2) for u, _ in x)  # no arc leaves the target


# -- no route ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ("slider\n.#.\n#S#\n.#T\n", "cannot move at all"),
    ("slider\nS....\n..T..\n.....\n", "no slide ever stops on the target"),
    ("slider\nS.#T\n..#.\n", "not reachable from the start"),
])
def test_unreachable_target_says_why(text, words):
    p = sl.Puzzle.from_text(text)
    with pytest.raises(NoSolution) as info:
        sl.solve(p)
    assert words in str(info.value)
    assert sl.solutions(p) == []


def test_passing_over_the_target_does_not_count():
    p = sl.Puzzle(["S..T."], (0, 0), (0, 3))
    assert sl.verify(p, [(0, 0), (0, 4)]) == ["the route ends at (0, 4), not on the target (0, 3)"]
    with pytest.raises(NoSolution):
        sl.solve(p)


# -- the verifier ----------------------------------------------------------------------------------
def test_verify_reports_each_broken_rule():
    p = sl.hartmann_example()
    good = [(2, 1), (1, 1), (1, 2), (4, 2)]
    assert sl.verify(p, good) == []
    assert sl.verify(p, sl.Solution(tuple(good))) == []
    assert "starts at (3, 1)" in sl.verify(p, [(3, 1), (0, 0)])[0]
    assert sl.verify(p, [(2, 1), (1, 2)])[0] == "slide 1: (2, 1) to (1, 2) is not along a row or a column"
    assert "stops at (1, 1), not at (0, 1)" in sl.verify(p, [(2, 1), (0, 1), (4, 2)])[0]
    assert sl.verify(p, [(2, 1), (1, 1), (1, 2), (1, 3), (4, 3)])[0] == (
        "slide 3: sliding right from (1, 2) the block cannot move, not at (1, 3)")
    assert sl.verify(p, good[:-1]) == ["the route ends at (1, 2), not on the target (4, 2)"]
    longer = [(2, 1), (2, 0), (0, 0), (5, 0), (5, 1), (1, 1), (1, 2), (4, 2)]
    assert sl.verify(p, longer) == ["the route uses 7 slides; the fewest possible is 3"]
    assert sl.verify(p, longer, shortest=False) == []
    assert sl.verify(p, []) == ["the route is empty: it must start at the start cell"]
    with pytest.raises(PuzzleError, match="route: cell 0: expected a .row, col. pair"):
        sl.verify(p, ["ab"])


# -- bad input -------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, words", [
    ((["..", "..."], (0, 0), (0, 1)), "row 1 has 3 cells, row 0 has 2"),
    ((["..", ".x"], (0, 0), (0, 1)), "row 1, col 1: unknown character 'x'"),
    ((["#.", ".."], (0, 0), (0, 1)), "start (0, 0) is on an obstacle"),
    (([".#", ".."], (0, 0), (0, 1)), "target (0, 1) is on an obstacle"),
    ((["..", ".."], (2, 0), (0, 1)), "start (2, 0) is outside the 2x2 board"),
    ((["..", ".."], (0, 0), (0, -1)), "target (0, -1) is outside"),
    ((["..", ".."], (1, 1), (1, 1)), "start and target are the same cell (1, 1)"),
    ((["..", ".."], None, (0, 1)), "no start"),
    ((["..", ".."], (0, 0), None), "no target"),
    ((["S.", "S."], None, (0, 1)), "marks the start 2 times"),
    ((["S.", ".."], (1, 0), (0, 1)), "marks the start at (0, 0) but start=(1, 0)"),
    ((["..", ".."], "a", (0, 1)), "start must be a (row, col) pair"),
    ((["..", ".."], (0.5, 0), (0, 1)), "start: row: expected a whole number, got float 0.5"),
    (([], (0, 0), (0, 1)), "at least one row"),
    ((["", ""], (0, 0), (0, 1)), "at least one column"),
    (("....", (0, 0), (0, 1)), "list of strings"),
    (([[".", "."]], (0, 0), (0, 1)), "row 0 is"),
])
def test_bad_puzzles_name_the_fault(args, words):
    with pytest.raises(PuzzleError) as info:
        sl.Puzzle(*args)
    assert words in str(info.value)


def test_text_round_trip():
    for seed in range(20):
        p = sl.random_puzzle((5, 7), seed=seed)
        assert sl.Puzzle.from_text(p.to_text()) == p
    text = "# a comment\nslider\n\n####\n#ST#\n"
    p = sl.Puzzle.from_text(text)
    assert p.grid == ("####", "#..#") and p.start == (1, 1)
    assert sl.Puzzle.from_text("##.\nS.T\n").grid == ("##.", "...")  # no header, first row of obstacles


def test_from_cells_and_with_cell():
    p = sl.Puzzle.from_cells(6, 4, (2, 1), (4, 2), [(0, 1), (1, 3), (5, 2)])
    assert p == sl.hartmann_example()
    assert p.with_cell((0, 1), ".").obstacles() == [(1, 3), (5, 2)]
    with pytest.raises(PuzzleError, match="outside"):
        sl.Puzzle.from_cells(2, 2, (0, 0), (0, 1), [(3, 3)])


def test_format_and_draw():
    p = sl.hartmann_example()
    sol = sl.solve(p)
    text = sl.format_solution(p, sol)
    assert text.splitlines()[0] == "3 moves: (2, 1)->(1, 1) (1, 1)->(1, 2) (1, 2)->(4, 2)"
    assert text.splitlines()[5] == "..3."
    fig = sl.draw(p, sol, graph=True, title="Hartmann")
    assert fig.axes and fig.axes[0].get_title() == "Hartmann"
    sl.draw(p, [(2, 1), (1, 2)])  # a wrong answer is drawn too (dashed), never an exception


# -- the rules as named checks, and the brute-force oracle -------------------------------------------
@pytest.mark.parametrize("code, route", [
    ("empty", []),
    ("wrong-start", [(3, 1), (0, 0)]),
    ("not-a-slide", [(2, 1), (1, 2)]),
    ("wrong-stop", [(2, 1), (0, 1), (4, 2)]),
    ("off-target", [(2, 1), (1, 1), (1, 2)]),
    ("not-shortest", [(2, 1), (2, 0), (0, 0), (5, 0), (5, 1), (1, 1), (1, 2), (4, 2)]),
])
def test_each_rule_code_has_a_route_that_breaks_it(code, route):
    assert code in {rule.code for rule in sl.RULES}
    assert code in [fault.code for fault in sl.check_rules(sl.hartmann_example(), route)]


def test_brute_force_agrees_with_the_model_and_bfs():
    rng = random.Random(21)
    checked = 0
    while checked < 60:
        p = random_board(rng, rng.randint(2, 6), rng.randint(2, 6), 0.2)
        if p is None:
            continue
        checked += 1
        routes = sl.brute_force(p)
        best, ways = ref_shortest(p.grid, p.start, p.target)
        assert len(routes) == ways, p.to_text()
        if routes:
            assert {r.moves for r in routes} == {best} == {sl.solve(p).moves}
            assert all(sl.verify(p, r) == [] for r in routes)
    with pytest.raises(PuzzleError, match="at most 36 cells"):
        sl.brute_force(sl.random_puzzle(7))


# -- hostile input (issue 9): every example is a regression test ----------------------------------------
def test_with_cell_refuses_cells_off_the_board():
    p = sl.hartmann_example()
    with pytest.raises(PuzzleError, match=r"with_cell: \(9, 9\) is outside the 6x4 board"):
        p.with_cell((9, 9), "#")
    with pytest.raises(PuzzleError, match=r"with_cell: \(-1, -1\) is outside"):
        p.with_cell((-1, -1), "#")  # used to edit the last cell
    for bad in [(0.5, 1), (True, 0), ("1", 0), (1,), None]:
        with pytest.raises(PuzzleError):
            p.with_cell(bad, "#")
    with pytest.raises(PuzzleError, match="'.' or '#'"):
        p.with_cell((0, 0), "S")


def test_a_route_with_floats_is_refused_not_rounded():
    p = sl.hartmann_example()
    right = [(2, 1), (1, 1), (1, 2), (4, 2)]
    assert sl.verify(p, right) == []
    off = [(2, 1), (1.4, 1), (1, 2), (4, 2)]  # used to verify as right
    with pytest.raises(PuzzleError, match="route: cell 1: row: expected a whole number, got float 1.4"):
        sl.verify(p, off)
    for bad in ([(2, 1), (True, 1)], [(2, 1), ("1", "1")], [(2, 1), (99, 1)], [(2, 1), (-1, 1)], "ab", None, 5):
        with pytest.raises(PuzzleError):
            sl.verify(p, bad)


def test_time_limit_bounds_the_whole_call_on_a_200x200_board():
    """Building the model used to be outside the limit: time_limit=1 took 8.5 s."""
    import time

    from puzzlelib.core.errors import SolverError

    board = sl.random_puzzle(200, seed=200, min_moves=5)
    for call in (lambda: sl.solve(board, time_limit=1), lambda: sl.solutions(board, time_limit=1)):
        started = time.perf_counter()
        with pytest.raises(SolverError, match="time limit of 1 s"):
            call()
        assert time.perf_counter() - started < 2.5  # 1 s and a margin for a busy machine


@pytest.mark.parametrize("call", [
    lambda: sl.Puzzle(5, 5, 5),
    lambda: sl.Puzzle(None),
    lambda: sl.Puzzle([".."] * 201, (0, 0), (0, 1)),
    lambda: sl.Puzzle(["." * 201], (0, 0), (0, 1)),
    lambda: sl.Puzzle(["S.T"], start=(True, 0)),
    lambda: sl.Puzzle(["..."], start=(0, 0), target=(0, 2.0)),
    lambda: sl.Puzzle.from_text(None),
    lambda: sl.Puzzle.from_text(b"\xff\xfe"),
    lambda: sl.Puzzle.from_text("slider\n" + "S.T\n" + "...\n" * 200),
    lambda: sl.Puzzle.from_cells(2.5, 3, (0, 0), (0, 1)),
    lambda: sl.Puzzle.from_cells(100_000, 100_000, (0, 0), (0, 1)),
    lambda: sl.Puzzle.from_cells(3, 3, (0, 0), (0, 1), obstacles=[(1, 1.0)]),
    lambda: sl.verify(sl.hartmann_example(), None),
    lambda: sl.verify("slider", [(0, 0)]),
    lambda: sl.solve("slider\nS.T\n"),
    lambda: sl.solve(sl.hartmann_example(), solver=5),
    lambda: sl.solve(sl.hartmann_example(), time_limit="1"),
    lambda: sl.solve(sl.hartmann_example(), time_limit=float("nan")),
    lambda: sl.solutions(sl.hartmann_example(), limit=0),
    lambda: sl.solutions(sl.hartmann_example(), limit=True),
    lambda: sl.format_solution(sl.hartmann_example(), None),
    lambda: sl.random_puzzle("5"),
    lambda: sl.random_puzzle(5, seed=1.5),
    lambda: sl.random_puzzle(5, density=float("nan")),
    lambda: sl.brute_force(None),
    lambda: sl.move_graph(None),
    lambda: sl.arcs("slider"),
    lambda: sl.bfs_path(None),
    lambda: sl.slide(sl.hartmann_example(), (0, 0), "diagonal"),
    lambda: sl.slide(sl.hartmann_example(), (0.5, 0), "up"),
    lambda: sl.draw("slider\nS.T\n"),
    lambda: sl.editor(5),
])
def test_wrong_types_are_puzzle_errors(call):
    with pytest.raises(PuzzleError):
        call()


def test_model_files_carry_the_chapters_equation_numbers():
    """The chapter prints model.py; its tags (1)-(5) and Hartmann's (18)-(21) match the LaTeX."""
    import inspect

    chapter = (ROOT / "notebooks" / "04-slider.md").read_text()
    ours = inspect.getsource(sl.shortest_path_model)
    printed = inspect.getsource(sl.build_model_hartmann)
    for n in range(1, 6):
        assert f"# ({n})" in ours and f"&& ({n})" in chapter, n
    for n in range(18, 22):
        assert f"# ({n})" in printed and f"&& ({n})" in chapter, n
    tags = [ours.index(f"# ({n})") for n in (5, 1, 2, 3, 4)]  # variables first, then the formulas in order
    assert tags == sorted(tags)
    for name in ("leave\\_start", "arrive\\_target", "conserve\\_v"):
        assert name in chapter and name.replace("\\", "").replace("_v", "_") in ours
