"""The exercise checks of chapter 11, Knight Moves (11.5 closed tour, 11.6 clued path): right answers
pass, the wrong answers students write fail with the fault named, stubs are "not done yet"."""

import pulp
import pytest

from puzzlelib import knightmoves as km
from puzzlelib.engine import NoSolution, add_binary, add_continuous, new_problem, solve_model, value01
from puzzlelib.knightmoves import checks


def stub(*args, **kwargs):
    raise NotImplementedError("Exercise 11.x: replace this line with your code")


# -- 11.5: closed tours ----------------------------------------------------------------------------
def tour_arcs(puzzle, into_start=True):
    """Every jump between open squares (``into_start=False``: the wrong arcs of knight_arcs)."""
    if not into_start:
        return km.knight_arcs(km.Puzzle(puzzle.grid, puzzle.start))
    return [(u, v) for u in puzzle.open_squares() for v in puzzle.moves(u)]


def closed_tour(puzzle, into_start=True):
    """A Hamiltonian cycle: in and out once everywhere, the cycles of each answer cut off and solved again."""
    arcs = tour_arcs(puzzle, into_start)
    squares = puzzle.open_squares()
    problem = new_problem("tour")
    y = {arc: add_binary(problem, f"y_{arc[0][0]}_{arc[0][1]}_{arc[1][0]}_{arc[1][1]}") for arc in arcs}
    for v in squares:
        problem += pulp.lpSum(y[u, w] for u, w in arcs if w == v) == 1
        problem += pulp.lpSum(y[u, w] for u, w in arcs if u == v) == 1
    while True:
        try:
            solve_model(problem)
        except NoSolution:
            return None
        succ = {u: v for (u, v), var in y.items() if value01(var)}
        cycles, seen = [], set()
        for u in squares:
            if u not in seen:
                cycle = [u]
                seen.add(u)
                while succ[cycle[-1]] not in seen:
                    cycle.append(succ[cycle[-1]])
                    seen.add(cycle[-1])
                cycles.append(cycle)
        if len(cycles) == 1:
            tour = [puzzle.start]
            while len(tour) < len(squares):
                tour.append(succ[tour[-1]])
            return tour
        for cycle in cycles:
            inside = set(cycle)
            problem += pulp.lpSum(y[u, v] for u, v in arcs if u in inside and v not in inside) >= 1


def _open_paths():
    """Each tour board's knight's path from km.solve, found before the check (which refuses km.solve)."""
    found = {}
    for _, puzzle in checks.tour_battery():
        try:
            found[puzzle.to_text()] = list(km.solve(puzzle).path)
        except NoSolution:
            found[puzzle.to_text()] = None
    return found


OPEN_PATHS = _open_paths()


def open_path(puzzle):
    """A student's Hamiltonian path (the chapter's problem), returned as if it were a tour."""
    return OPEN_PATHS[puzzle.to_text()]


def rotated(puzzle):
    tour = closed_tour(puzzle)
    return tour[1:] + tour[:1] if tour else tour


def one_wrong_step(puzzle):
    tour = closed_tour(puzzle)
    if tour:
        tour[1], tour[3] = tour[3], tour[1]  # same colour: two steps are no longer knight's moves
    return tour


def start_repeated(puzzle):
    tour = closed_tour(puzzle)
    return tour + tour[:1] if tour else tour


def test_closed_tour_check_passes_a_right_answer_and_refuses_a_stub():
    report = checks.check_closed_tour(closed_tour)
    assert report.passed and report.score == 1.0, report.summary()
    assert checks.check_closed_tour(stub).status == "not done"


@pytest.mark.parametrize("answer,code", [
    (open_path, "not-a-cycle"),
    (lambda p: None, "none-but-exists"),
    (rotated, "wrong-start"),
    (one_wrong_step, "not-a-knight-move"),
    (start_repeated, "repeats-square"),
    (lambda p: closed_tour(p, into_start=False), "none-but-exists"),  # knight_arcs: nothing jumps into S
    (lambda p: (closed_tour(p) or [None])[:-1] or None, "misses-square"),
    (lambda p: [(r, c) for r, c in p.open_squares()], "wrong-start"),
    (lambda p: [p.start] + [(r, c) for r, c in p.open_squares() if (r, c) != p.start], "not-a-knight-move"),
    (lambda p: [p.start, (-1, 0)], "blocked-square"),
    (lambda p: [], "wrong-return-type"),
    (lambda p: p, "wrong-return-type"),
])
def test_closed_tour_check_names_each_wrong_answer(answer, code):
    report = checks.check_closed_tour(answer)
    assert not report.passed and code in report.codes, report.summary()


def test_closed_tour_messages_say_what_is_wrong():
    assert "rotate it so that S comes first" in checks.check_closed_tour(rotated).summary()
    assert "list each square once" in checks.check_closed_tour(start_repeated).summary()
    report = checks.check_closed_tour(open_path)
    assert "is a path, not a cycle" in report.summary() and report.failures[0][1].figure is not None
    report = checks.check_closed_tour(lambda p: None)
    assert report.failures[0][1].figure is not None and report.score < 0.7


def test_the_closed_tours_search_agrees_with_the_theory():
    """Schwenk: an m x n board (m <= n) has a closed tour unless m, n are both odd, m is 1, 2 or 4, or m = 3
    and n is 4, 6 or 8."""
    for m, n in ((3, 4), (3, 6), (3, 8), (4, 4), (4, 5), (4, 6), (5, 5), (3, 10), (5, 6), (6, 6), (3, 12)):
        has = not (m % 2 and n % 2) and m not in (1, 2, 4) and not (m == 3 and n in (4, 6, 8))
        tours = checks.closed_tours(checks.open_board(m, n))
        assert bool(tours) == has, (m, n)
        for tour in tours:
            assert checks.tour_fault(checks.open_board(m, n), tour.path) is None


def test_the_tour_battery_has_boards_with_and_without_tours():
    found = [bool(checks.closed_tours(p)) for _, p in checks.tour_battery()]
    assert 3 <= sum(found) <= len(found) - 3


# -- 11.6: clued paths -----------------------------------------------------------------------------
def mtz(puzzle, clues, shift=1, skip_clued=False, plus=1, use_clues=True, order=True):
    """The MTZ model with t[v] = step - 1 fixed on the clue squares; the keywords make the wrong ones."""
    arcs = km.knight_arcs(puzzle)
    squares = puzzle.open_squares()
    n = len(squares)
    problem = new_problem("clued")
    y = {arc: add_binary(problem, f"y_{arc[0][0]}_{arc[0][1]}_{arc[1][0]}_{arc[1][1]}") for arc in arcs}
    for v in squares:
        into = [y[u, w] for u, w in arcs if w == v]
        out = [y[u, w] for u, w in arcs if u == v]
        if v != puzzle.start:
            problem += pulp.lpSum(into) == 1
        if v != puzzle.end:
            problem += (pulp.lpSum(out) == 1) if puzzle.end is not None else (pulp.lpSum(out) <= 1)
    if not order:
        return problem, y
    t = {v: add_continuous(problem, f"t_{v[0]}_{v[1]}", 0, n - 1) for v in squares}
    problem += t[puzzle.start] == 0
    for u, v in arcs:
        if skip_clued and (u in clues or v in clues):
            continue
        problem += t[v] >= t[u] + plus - n * (1 - y[u, v])
    if use_clues:
        for cell, step in clues.items():
            problem += t[cell] == step - shift
    return problem, y


def test_clued_path_check_passes_a_right_answer_and_refuses_a_stub():
    report = checks.check_clued_path(mtz)
    assert report.passed and report.score == 1.0, report.summary()
    assert checks.check_clued_path(stub).status == "not done"


@pytest.mark.parametrize("answer,codes", [
    (lambda p, c: mtz(p, c, use_clues=False), {"admits-wrong-path:clue"}),
    (lambda p, c: mtz(p, c, shift=0), {"misses-path", "admits-wrong-path:clue"}),  # 0-based steps
    (lambda p, c: mtz(p, c, skip_clued=True), {"admits-wrong-path:cycle"}),  # "the clues fix their order"
    (lambda p, c: mtz(p, c, plus=0), {"admits-wrong-path:cycle"}),  # the +1 forgotten
    (lambda p, c: mtz(p, c, order=False), {"admits-wrong-path:cycle"}),  # no subtour elimination at all
    (lambda p, c: (new_problem("empty"), {}), {"missing-variable"}),
    (lambda p, c: None, {"wrong-return-type"}),
])
def test_clued_path_check_names_each_wrong_answer(answer, codes):
    report = checks.check_clued_path(answer)
    assert not report.passed and codes <= set(report.codes), report.summary()


def test_clued_path_messages_name_the_clue_and_the_cycle():
    report = checks.check_clued_path(lambda p, c: mtz(p, c, use_clues=False))
    assert "but its clue says step" in report.summary() and report.failures[0][1].figure is not None
    report = checks.check_clued_path(lambda p, c: mtz(p, c, order=False))
    assert "a cycle apart from it" in report.summary() and report.failures[0][1].figure is not None
    report = checks.check_clued_path(lambda p, c: mtz(p, c, shift=0))
    assert "your model rules out a right path" in report.summary()


def test_the_clue_battery_has_boards_with_one_several_and_no_path():
    counts = [len(checks.clued_paths(p, clues)) for _, p, clues in checks.clue_battery()]
    assert 0 in counts and 1 in counts and max(counts) >= 3


def test_hidden_clues_keep_a_path():
    for seed in (0, 1, 2):
        puzzle = km.random_puzzle(5, seed=seed * 1000, end=False)
        assert checks.clued_paths(puzzle, checks.pick_clues(puzzle))


def test_a_closed_tour_picked_from_the_librarys_paths_is_refused():
    """Issue 43's kind of copy: every path of km.solutions, keep one whose last square jumps back to S."""
    def from_paths(puzzle):
        for s in km.solutions(puzzle, limit=10_000):
            if km.board.is_knight_move(s.path[-1], puzzle.start):
                return list(s.path)
        return None
    report = checks.check_closed_tour(from_paths)
    assert set(report.codes) == {"calls-library:km.solutions"} and report.score == 0, report.summary()


def test_a_closed_tour_from_the_librarys_path_to_a_neighbour_of_s_is_refused():
    """The path solver asked for a path ending next to S (E on a knight's neighbour of S) is a tour."""
    import dataclasses

    def via_end(puzzle):
        for v in puzzle.moves(puzzle.start):
            try:
                return list(km.solve(dataclasses.replace(puzzle, end=v)).path)
            except (NoSolution, TypeError, ValueError):
                continue
        return None
    report = checks.check_closed_tour(via_end)
    assert "calls-library:km.solve" in report.codes and report.score == 0, report.summary()
