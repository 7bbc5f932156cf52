"""The Slider exercise checks: each right answer passes, and wrong answers of the kinds students write
(a dropped constraint, a reversed inequality, an off-by-one, an ignored argument, an unhandled case)
fail with a message naming the fault and a picture that draws."""

from __future__ import annotations

import pulp
import pytest

from puzzlelib import slider as sl
from puzzlelib.core.errors import NoSolution
from puzzlelib.engine.solver import add_binary, new_problem
from puzzlelib.slider import checks as ck


def stub(*_):
    raise NotImplementedError("Exercise 4.x: replace this line with your code")


def failed_with(report, *words, code=None):
    """The report failed, its text names the fault (and ``code`` is among its fault codes), and the
    first failure's picture draws."""
    text = report.summary()
    assert report.status == "failed", text
    for word in words:
        assert word in text, text
    assert code is None or code in report.codes, (code, report.codes, text)
    figure = report.failures[0][1].figure
    if figure is not None:
        figure()
    return text


# -- 4.1 one-way tiles ----------------------------------------------------------------------------
def one_way(puzzle, arrows, enter_against=False, stop_on_arrow=False, zero_moves=False, leave_own_way=False):
    """The move graph with one-way tiles, with the mistakes students make switchable on."""
    graph = {}
    for cell in puzzle.free_cells():
        graph[cell] = {}
        for direction, (dr, dc) in sl.DIRECTIONS.items():
            if leave_own_way and cell in arrows and arrows[cell] != direction:
                continue
            r, c = cell
            while puzzle.is_free((r + dr, c + dc)):
                ahead = arrows.get((r + dr, c + dc), direction)
                if ahead != direction and not enter_against:
                    if stop_on_arrow:
                        r, c = r + dr, c + dc
                    break
                r, c = r + dr, c + dc
            if (r, c) != cell or zero_moves:
                graph[cell][direction] = (r, c)
    return graph


def test_one_way_right_answers_pass():
    assert ck.check_one_way(one_way).passed
    assert ck.check_one_way(stub).status == "not done"


@pytest.mark.parametrize("mistake, words, code", [
    (dict(enter_against=True), "cannot move", "slide-where-blocked"),          # ignores the arrows
    (dict(stop_on_arrow=True), "cannot enter", "slides-through-block"),        # stops on the arrow, not before it
    (dict(zero_moves=True), "cannot move", "slide-where-blocked"),             # lists slides that go nowhere
    (dict(leave_own_way=True), "is missing", "slide-missing"),                 # an arrow tile left only its own way
])
def test_one_way_wrong_answers_fail(mistake, words, code):
    failed_with(ck.check_one_way(lambda p, a: one_way(p, a, **mistake)), words, code=code)


def test_one_way_other_wrong_answers():
    failed_with(ck.check_one_way(lambda p, a: sl.move_graph(p)), "arrow tile pointing")

    def arrows_as_walls(puzzle, arrows):  # forgets that an arrow may be entered its own way
        walls = puzzle
        for cell in arrows:
            walls = walls.with_cell(cell, "#") if cell not in (puzzle.start, puzzle.target) else walls
        graph = sl.move_graph(walls)
        return {cell: graph.get(cell, {}) for cell in puzzle.free_cells()}

    failed_with(ck.check_one_way(arrows_as_walls), "from", code="slide-missing")
    failed_with(ck.check_one_way(lambda p, a: [1, 2]), "must return a dict", code="wrong-return-type")
    failed_with(ck.check_one_way(lambda p, a: {}), "is missing", code="slide-missing")


def test_one_way_pictures_are_never_empty():
    """Every failure shows the student's slides from the cell at fault."""
    report = ck.check_one_way(lambda p, a: one_way(p, a, zero_moves=True))
    fig = report.failures[0][1].figure()
    titles = [ax.get_title() for ax in fig.axes]
    assert titles[0].startswith("your slides from"), titles


def test_one_way_slides_are_checked_by_the_rules():
    """The check verifies each slide by the rules (no reference graph): on a board worked by hand."""
    p = sl.Puzzle.from_text("slider\nS....\n....T\n")
    arrows = {(0, 2): "right", (1, 2): "left"}
    right = {(0, 0): {"right": (0, 4), "down": (1, 0)}, (0, 1): {"right": (0, 4), "left": (0, 0), "down": (1, 1)},
             (0, 2): {"right": (0, 4), "left": (0, 0)}, (0, 3): {"right": (0, 4), "down": (1, 3)},
             (0, 4): {"left": (0, 3), "down": (1, 4)}, (1, 0): {"up": (0, 0), "right": (1, 1)},
             (1, 1): {"up": (0, 1), "left": (1, 0)}, (1, 2): {"left": (1, 0), "right": (1, 4)},  # left its own way
             (1, 3): {"up": (0, 3), "left": (1, 0), "right": (1, 4)}, (1, 4): {"up": (0, 4), "left": (1, 0)}}
    assert ck._graph_failure(p, arrows, right) is None
    for cell, direction, stop, code in [((0, 4), "left", (0, 0), "slides-through-block"),  # into a right arrow
                                        ((0, 0), "right", (0, 3), "stops-too-early"),       # over a right arrow
                                        ((1, 2), "up", (0, 2), "slide-where-blocked"),      # into a right arrow
                                        ((1, 0), "right", None, "slide-missing"),
                                        ((0, 0), "down", (1, 1), "stop-off-line")]:
        wrong = {c: dict(m) for c, m in right.items()}
        if stop is None:
            del wrong[cell][direction]
        else:
            wrong[cell][direction] = stop
        assert ck._graph_failure(p, arrows, wrong).code == code, (cell, direction, stop)
    assert ck._graph_failure(p, arrows, {**right, (5, 5): {}}).code == "extra-cell"


# -- 4.2 at most k slides per direction -----------------------------------------------------------
def limited(puzzle, k, limit="<=", arrive=True, subtract_inflow=True, objective=True, bound=None):
    """A student's model of Exercise 4.2, with the mistakes students make switchable on."""
    graph = sl.move_graph(puzzle)
    s, t = puzzle.start, puzzle.target
    problem = new_problem("student")
    x = {(u, v): add_binary(problem, f"x_{u[0]}_{u[1]}_{v[0]}_{v[1]}") for u, v in sl.arcs(puzzle, graph)}
    if objective:
        problem += pulp.lpSum(x.values())
    out_s = pulp.lpSum(x[a] for a in x if a[0] == s)
    in_s = pulp.lpSum(x[a] for a in x if a[1] == s)
    problem += (out_s - in_s if subtract_inflow else out_s) == 1
    if arrive:
        problem += pulp.lpSum(x[a] for a in x if a[1] == t) == 1
    for v in graph:
        if v not in (s, t):
            problem += pulp.lpSum(x[a] for a in x if a[1] == v) == pulp.lpSum(x[a] for a in x if a[0] == v)
    k = k if bound is None else bound
    for d in sl.DIRECTIONS:
        used = pulp.lpSum(var for (u, v), var in x.items() if sl.direction_of(u, v) == d)
        if limit == "<=":
            problem += used <= k
        elif limit == "<":
            problem += used <= k - 1
        elif limit == ">=":
            problem += used >= k
    return problem, x


def test_limited_right_answers_pass():
    assert ck.check_limited_model(limited).passed
    assert ck.check_limited_model(lambda p, k: limited(p, k, arrive=False)).passed  # either repair alone is enough
    assert ck.check_limited_model(stub).status == "not done"


@pytest.mark.parametrize("mistake, words, code", [
    (dict(limit=None), "but the limit is 1", "over-limit"),                          # the new constraint dropped
    (dict(limit="<"), "your model is infeasible, but a route", "rules-out-solution"),  # off by one: at most k - 1
    (dict(limit=">="), "slides", None),                                              # the inequality reversed
    (dict(bound=1), "your model is infeasible, but a route", "rules-out-solution"),  # k ignored: always at most 1
    (dict(arrive=False, subtract_inflow=False), "never reach the target", "not-a-route"),  # Hartmann's printed ends
    (dict(objective=False), "a route with fewer", "too-many-slides"),                # nothing minimised
])
def test_limited_wrong_answers_fail(mistake, words, code):
    failed_with(ck.check_limited_model(lambda p, k: limited(p, k, **mistake)), words, code=code)


def test_limited_infeasible_model_names_the_constraint_a_right_route_breaks():
    text = ck.check_limited_model(lambda p, k: limited(p, k, limit="<")).summary()
    assert "it breaks your constraint x_" in text, text


def test_limited_cannot_be_passed_by_calling_the_library():
    def calls_library(puzzle, k):
        problem, x = sl.build_model(puzzle)
        for d in sl.DIRECTIONS:
            problem += pulp.lpSum(var for (u, v), var in x.items() if sl.direction_of(u, v) == d) <= k
        return problem, x

    failed_with(ck.check_limited_model(calls_library), "your answer calls sl.build_model",
                code="calls-library:sl.build_model")

    def follows_the_oracle(puzzle, k):  # forces the check's own route into a model
        problem, x = limited(puzzle, k)
        route = ck._fewest_within(puzzle, k) or ()
        for a, b in zip(route, route[1:]):
            problem += x[a, b] == 1
        return problem, x

    failed_with(ck.check_limited_model(follows_the_oracle), "your answer calls checks._fewest_within",
                code="calls-library:checks._fewest_within")
    failed_with(ck.check_limited_model(lambda p, k: sl.model.shortest_path_model(p)), "calls",
                code="calls-library:sl.model.shortest_path_model")
    assert sl.build_model(sl.hartmann_example())  # restored afterwards


def test_limited_bad_returns():
    failed_with(ck.check_limited_model(lambda p, k: "a model"), "must return (problem, x)", code="wrong-return-type")


def test_limited_oracle_agrees_with_brute_force():
    """The check's search (every sequence of slides within the limit, shortest first, over the move
    graph) against slides simulated cell by cell on small boards."""
    from itertools import product

    for seed in range(40):
        p = sl.random_puzzle(4, seed=seed, density=0.2)
        for k in (1, 2):
            want = ck._fewest_within(p, k)
            best = None
            for length in range(1, 9):
                for moves in product(sl.DIRECTIONS, repeat=length):
                    if max(moves.count(d) for d in sl.DIRECTIONS) > k:
                        continue
                    cell = p.start
                    for d in moves:
                        cell = sl.slide(p, cell, d)
                    if cell == p.target:
                        best = length
                        break
                if best is not None:
                    break
            assert (None if want is None else len(want) - 1) == best, (p.to_text(), k)


# -- 4.3 the greedy first move -------------------------------------------------------------------
def greedy(puzzle, no_route=True, off_by_one=False, dead_end=True, reversed_=False):
    """A student's answer to Exercise 4.3 with the usual mistakes switchable on."""
    best = sl.bfs_distances(puzzle).get(puzzle.target)
    first = ck.greedy_first_move(puzzle)
    if no_route and (best is None or first is None):
        return False
    if first == puzzle.target:
        return False
    rest = sl.bfs_distances(sl.Puzzle(puzzle.grid, first, puzzle.target)).get(puzzle.target)
    if rest is None:
        return dead_end
    if off_by_one:
        return 1 + rest >= best
    return 1 + rest < best if reversed_ else 1 + rest > best


def test_greedy_right_answers_pass():
    assert ck.check_greedy(greedy).passed
    assert ck.check_greedy(stub).status == "not done"


@pytest.mark.parametrize("mistake, words, code", [
    (dict(no_route=False), "this board has no route at all", "blames-greedy-without-route"),  # no route: False
    (dict(off_by_one=True), "a shortest route starts with the greedy slide", "false-alarm"),  # >= instead of >
    (dict(dead_end=False), "cannot be reached at all", "misses-dead-end"),       # a dead end taken as fine
    (dict(reversed_=True), "you said", "misses-detour"),                         # the comparison reversed
])
def test_greedy_wrong_answers_fail(mistake, words, code):
    failed_with(ck.check_greedy(lambda p: greedy(p, **mistake)), words, code=code)


@pytest.mark.parametrize("answer", [lambda p: False, lambda p: True, lambda p: ck.greedy_first_move(p) is None,
                                    lambda p: ck.greedy_first_move(p) == p.target])
def test_greedy_answers_that_ignore_the_board_get_no_case(answer):
    report = ck.check_greedy(answer)
    assert report.status == "failed" and report.passed_boards == 0 and report.score == 0, report.summary()


def test_greedy_non_bool_and_solver_answers_fail():
    failed_with(ck.check_greedy(lambda p: int(greedy(p))), "return True or False", code="wrong-return-type")

    def with_the_solver(puzzle):  # right, but by the IP the exercise asks not to use
        try:
            best = sl.solve(puzzle).moves
        except NoSolution:
            return False
        first = ck.greedy_first_move(puzzle)
        if first == puzzle.target:
            return False
        try:
            return sl.solve(sl.Puzzle(puzzle.grid, first, puzzle.target)).moves + 1 > best
        except NoSolution:
            return True
    failed_with(ck.check_greedy(with_the_solver), "calls sl.solve", code="calls-library:sl.solve")

    def own_model(puzzle):  # the library's model, solved by PuLP directly
        problem, x = sl.model.shortest_path_model(puzzle)
        problem.solve(pulp.HiGHS(msg=False))
        return False
    failed_with(ck.check_greedy(own_model), "calls pulp.", code=None)


def test_greedy_cases_pair_boards_with_opposite_verdicts():
    pairs = ck.greedy_pairs()
    assert all(a[2][0] is True and b[2][0] is False for a, b in pairs)
    assert {name for pair in pairs for name, _, _ in pair} == {name for name, _ in ck.greedy_battery()}


def test_greedy_battery_holds_boards_without_a_route():
    names = [name for name, p in ck.greedy_battery() if sl.bfs_path(p) is None]
    assert len(names) >= 3, names


def test_greedy_verdicts_on_the_chapter_boards():
    assert ck.greedy_first_move(sl.hartmann_example()) == (5, 1)
    assert ck._greedy_verdict(sl.hartmann_example()) == (True, "detour")
    pocket = sl.Puzzle.from_text(ck.GREEDY_DEAD_END)
    assert sl.bfs_distances(sl.Puzzle(pocket.grid, ck.greedy_first_move(pocket), pocket.target)).get(pocket.target) is None
    assert ck._greedy_verdict(pocket) == (True, "dead-end")
    assert ck._greedy_verdict(sl.Puzzle.from_text("slider\nS.T\n")) == (False, "greedy-on-target")
    assert ck._greedy_verdict(sl.Puzzle.from_text(ck.WALLED_OFF)) == (False, "no-route")  # no route at all
    for name, puzzle in ck.greedy_battery():  # the model's verdict is the breadth-first one
        assert ck._greedy_verdict(puzzle)[0] == greedy(puzzle), name


# -- a second reader's wrong answers (issue 8): each must fail, naming the fault ------------------
def arrows_block_only_against(puzzle, arrows):
    """Reads "one-way" as "not against the arrow": a tile may still be entered from the side."""
    against = {"up": "down", "down": "up", "left": "right", "right": "left"}
    graph = {}
    for cell in puzzle.free_cells():
        graph[cell] = {}
        for direction, (dr, dc) in sl.DIRECTIONS.items():
            r, c = cell
            while puzzle.is_free((r + dr, c + dc)) and arrows.get((r + dr, c + dc)) != against[direction]:
                r, c = r + dr, c + dc
            if (r, c) != cell:
                graph[cell][direction] = (r, c)
    return graph


@pytest.mark.parametrize("wrong, words", [
    (lambda puzzle, arrows: sl.move_graph(puzzle), "which the block cannot enter moving"),  # the arrows ignored
    (arrows_block_only_against, "your slide down from (0, 2) passes or stops on (2, 2), which the block cannot "
                                "enter moving down: (2, 2) is an arrow tile pointing left"),
])
def test_one_way_more_wrong_answers_fail(wrong, words):
    failed_with(ck.check_one_way(wrong), words)


def limited_elsewhere(puzzle, k, where):
    """Exercise 4.2 with the limit put in the wrong place."""
    problem, x = limited(puzzle, k, limit=None)
    if where == "total":  # one limit on all slides together, 4k, instead of k per direction
        problem += pulp.lpSum(x.values()) <= 4 * k
    else:  # "vertical": only up and down are limited
        for d in ("up", "down"):
            problem += pulp.lpSum(var for (u, v), var in x.items() if sl.direction_of(u, v) == d) <= k
    return problem, x


@pytest.mark.parametrize("where, words", [
    ("total", "but the limit is 1 per direction"),
    ("vertical", "your route slides right 2 times, but the limit is 1"),
])
def test_limited_more_wrong_answers_fail(where, words):
    failed_with(ck.check_limited_model(lambda p, k: limited_elsewhere(p, k, where)), words)


def test_greedy_more_wrong_answers_fail():
    def compares_with_one_route(puzzle):  # "wrong" when greedy differs from the route BFS happened to find
        path, first = sl.bfs_path(puzzle), ck.greedy_first_move(puzzle)
        return path is not None and first is not None and path[1] != first

    failed_with(ck.check_greedy(compares_with_one_route), "two shortest routes you said True", code="false-alarm")

    def forgets_the_greedy_move(puzzle):  # rest > best instead of 1 + rest > best
        best = sl.bfs_distances(puzzle).get(puzzle.target)
        first = ck.greedy_first_move(puzzle)
        if best is None or first is None:
            return False
        rest = sl.bfs_distances(sl.Puzzle(puzzle.grid, first, puzzle.target)).get(puzzle.target)
        return rest is None or rest > best

    failed_with(ck.check_greedy(forgets_the_greedy_move), "you said False", code="misses-detour")


def test_a_hidden_seed_grows_the_slider_batteries_and_right_answers_still_pass(monkeypatch):
    def reports():
        return [ck.check_one_way(one_way), ck.check_limited_model(limited), ck.check_greedy(greedy)]

    public = len(ck.battery()), len(ck.limited_battery()), len(ck.greedy_battery())
    plain = [r.total_boards for r in reports()]
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "11")
    assert (len(ck.battery()), len(ck.limited_battery()), len(ck.greedy_battery())) == tuple(n + 3 for n in public)
    hidden = [p for name, p in ck.battery() if name.startswith("hidden board")]
    assert len(hidden) == 3 and all(p not in dict(ck.battery()[:-3]).values() for p in hidden)
    for k, (report, total) in enumerate(zip(reports(), plain)):
        grown = report.total_boards - total  # 4.3's cases are pairs: three boards more make 0 to 3 pairs more
        assert report.passed and (grown == 3 if k < 2 else 0 <= grown <= 3), report.summary()
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "12")
    assert [p for name, p in ck.battery() if name.startswith("hidden board")] != hidden


# -- Issue 25: no reference answer in the module, every failure coded ----------------------------
def test_the_checks_module_holds_no_reference_answer():
    for name in ("one_way_reference", "one_way_slide", "greedy_is_wrong_reference", "limited_route"):
        assert not hasattr(ck, name), name


def test_vacuous_limited_models_fail():
    def vacuous(puzzle, k, how):
        problem = new_problem("vacuous")
        x = {(u, v): add_binary(problem, f"x_{u[0]}_{u[1]}_{v[0]}_{v[1]}") for u, v in sl.arcs(puzzle)}
        if how == "zeros":
            for var in x.values():
                problem += var == 0
        elif how == "infeasible":
            problem += pulp.lpSum(x.values()) >= len(x) + 1
        return problem, x
    for how, code in (("empty", "not-a-route"), ("zeros", "not-a-route"), ("infeasible", "rules-out-solution")):
        report = ck.check_limited_model(lambda p, k: vacuous(p, k, how))
        assert report.status == "failed" and report.score <= 0.25 and code in report.codes, report.summary()


def test_every_failure_of_the_chapter_4_checks_has_a_code():
    for report in (ck.check_one_way(lambda p, a: {}), ck.check_limited_model(lambda p, k: limited(p, k, limit=None)),
                   ck.check_greedy(lambda p: True)):
        assert len(report.codes) == report.total_boards - report.passed_boards and all(report.codes)
