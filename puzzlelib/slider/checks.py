"""Checks for the exercises of chapter 4 (Slider).

- 4.1 one-way tiles: every slide of the student's move graph is verified by the rules of a slide
  (each cell it passes and its stop can be entered moving its way, the next cell cannot), and every
  direction the block can start moving must be there; a missing, extra or wrong slide is named and
  drawn.
- 4.2 at most k slides per direction (new modelling): the student's model, built with the
  library's model and search unavailable, is solved on boards where the limit does not bind,
  binds, or leaves no route; the chosen slides must form one route within the limit with the
  fewest slides, which the check finds by trying every sequence of slides within the limit,
  shortest first (no solver).
- 4.3 the greedy first move: the student's verdict is compared with the one the library's model
  gives (the fewest moves with the greedy slide forced, against the fewest without), on boards
  where the greedy move is right, wrong, leads into a dead end, lands on the target, or where no
  route exists; each case is a pair of boards with opposite verdicts, so an answer that does not
  look at the board gets none. The check refuses a solver in the student's answer.

There is no reference answer here: no function of this module returns what an exercise asks for.
Failures carry fault codes (``slide-missing``, ``over-limit``, ``misses-dead-end``, ...) and never state
the value the student's function should have returned. Graded with a hidden seed
(``feedback.checks.hidden_boards``), each battery adds three random boards the students never saw;
without one the batteries are exactly the public ones.
"""

from __future__ import annotations

import random
from functools import cache

import pulp

from puzzlelib.feedback.checks import (
    Case, CheckReport, Failure, forbidden, hidden_boards, run_check, solvers,
)
from puzzlelib.display.drawing import font_size, side_by_side
from puzzlelib.core.errors import NoSolution, SolverError
from puzzlelib.engine.compat import constraint_name, constraint_text
from puzzlelib.engine.solver import solve_model, value01

from .board import DIRECTIONS, HARTMANN, Puzzle, direction_of, hartmann_example, move_graph
from .drawing import draw, draw_arcs, draw_route
from .generators import random_puzzle
from .rules import bfs_path, brute_force, check_rules
from .model import build_model, builder, shortest_path_model
from .solving import path_from_arcs, solutions, solve

ARROW_GLYPHS = {"up": "\u2191", "down": "\u2193", "left": "\u2190", "right": "\u2192"}


# --------------------------------------------------------------------------------------------- #
# Boards
# --------------------------------------------------------------------------------------------- #
# The block starts in a corner it can slide back to: a model that fixes only the flow out of the
# start is satisfied by the two-slide cycle corner -> far end -> corner.
CORNER_TRAP = "slider\nS....\n##...\n.....\n#....\n.#T..\n"
# Two shortest routes of two slides each.
TWO_ROUTES = "slider\nS...\n....\n...T\n"
# Greedy slides down next to the target, but from there the target is out of reach.
GREEDY_DEAD_END = "slider\n.#..#.\n......\n.#....\n......\n.#....\nT#..S.\n"


def battery() -> tuple[tuple[str, Puzzle], ...]:
    """The Slider boards the model check tries, each with a name a student can look up (and the
    hidden boards, when a lecturer grades with a hidden seed)."""
    return _public_battery() + tuple(hidden_boards(_hidden_board))


def _hidden_board(seed: int) -> Puzzle:
    """A random board of 5x5 to 7x7 with a route of at least three slides."""
    n = 5 + seed % 3
    return random_puzzle(n, seed=seed, min_moves=3, density=0.2)


@cache
def _public_battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = [("Hartmann's 6x4", hartmann_example()),
              ("a 5x5 whose start is a corner the block can return to", Puzzle.from_text(CORNER_TRAP)),
              ("a 3x4 with two shortest routes", Puzzle.from_text(TWO_ROUTES)),
              ("a 6x6 where greedy walks into a dead end", Puzzle.from_text(GREEDY_DEAD_END))]
    for seed, (n, m) in enumerate([(5, 5), (6, 7), (7, 6), (8, 8), (4, 9)]):
        puzzle = random_puzzle((n, m), seed=400 + seed, min_moves=3, density=0.2)
        boards.append((f"random {n}x{m} board #{400 + seed}", puzzle))
    return tuple(boards)


# --------------------------------------------------------------------------------------------- #
# Exercise 4.1: one-way tiles
# --------------------------------------------------------------------------------------------- #
ONE_WAY_BOARDS = (
    ("a corridor with a right arrow", "slider\nS....\n.....\n....T\n", {(0, 2): "right", (2, 2): "left"}),
    ("Hartmann's 6x4 with two arrows", HARTMANN, {(1, 1): "up", (3, 2): "down"}),
    ("arrows side by side", "slider\n.....\nS...T\n.....\n", {(1, 1): "right", (1, 2): "right", (1, 3): "left"}),
    ("an arrow next to an obstacle", "slider\n..#..\nS...T\n", {(0, 1): "up", (1, 2): "down", (1, 3): "left"}),
    ("a column of arrows", "slider\nS..\n...\n...\n..T\n", {(1, 0): "down", (2, 0): "up", (1, 2): "down"}),
)


def _one_way_boards():
    for name, text, arrows in ONE_WAY_BOARDS:
        yield name, Puzzle.from_text(text), arrows
    for seed in range(3):
        puzzle = random_puzzle(6, seed=450 + seed, density=0.15)
        rng = random.Random(seed)
        free = [cell for cell in puzzle.free_cells() if cell not in (puzzle.start, puzzle.target)]
        arrows = {cell: rng.choice(list(DIRECTIONS)) for cell in rng.sample(free, min(6, len(free)))}
        yield f"random 6x6 board #{450 + seed} with 6 arrows", puzzle, arrows
    for name, (puzzle, arrows) in hidden_boards(_hidden_one_way):
        yield name, puzzle, arrows


def _hidden_one_way(seed: int) -> tuple[Puzzle, dict]:
    puzzle = random_puzzle(6, seed=seed, density=0.15)
    return puzzle, _random_arrows(puzzle, seed)


def _random_arrows(puzzle: Puzzle, seed: int) -> dict:
    """Six arrow tiles on free cells other than the start and the target."""
    rng = random.Random(seed)
    free = [cell for cell in puzzle.free_cells() if cell not in (puzzle.start, puzzle.target)]
    return {cell: rng.choice(list(DIRECTIONS)) for cell in rng.sample(free, min(6, len(free)))}


def draw_one_way(puzzle: Puzzle, arrows: dict, graph: dict | None = None, ax=None, highlight=(), title=None):
    """The board with its arrow tiles; ``graph``'s slides as grey arrows, ``highlight`` in red."""
    fig = draw(puzzle, ax=ax)
    ax = ax or fig.axes[0]
    if title:
        ax.set_title(title, fontsize=11)
    size = font_size(*puzzle.shape, 0.55)
    for (r, c), d in arrows.items():
        ax.text(c, r, ARROW_GLYPHS[d], ha="center", va="center", fontsize=size, color="#1565c0",
                fontweight="bold", zorder=4)
    if graph:
        draw_arcs(ax, puzzle.shape, [(u, v) for u, moves in graph.items() for v in moves.values()])
    for u, v in highlight:
        draw_route(ax, puzzle.shape, [u, v], numbers=False)
    return fig


def _pair(value) -> bool:
    return isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(v, int) for v in value)


def _entry(puzzle: Puzzle, arrows: dict, cell, direction: str) -> str | None:
    """Why the block cannot enter ``cell`` moving ``direction`` (None when it can)."""
    if not puzzle.is_free(cell):
        return f"{cell} is an obstacle" if 0 <= cell[0] < puzzle.shape[0] and 0 <= cell[1] < puzzle.shape[1] \
            else "the border is in the way"
    arrow = arrows.get(cell, direction)
    if arrow != direction:
        return f"{cell} is an arrow tile pointing {arrow}"
    return None


def _slide_failure(puzzle, arrows, cell, direction, stop) -> tuple[str, str] | None:
    """(message, code) when the student's slide from ``cell`` (``stop``, or None for no slide)
    breaks a rule of the one-way slide; None when it keeps them all."""
    dr, dc = DIRECTIONS[direction]
    ahead = (cell[0] + dr, cell[1] + dc)
    blocked = _entry(puzzle, arrows, ahead, direction)
    if stop is None:
        if blocked is None:
            return (f"the slide {direction} from {cell} is missing: the block can move {direction} from there "
                    f"({ahead} can be entered moving {direction})", "slide-missing")
        return None
    if blocked is not None:
        return (f"you have a slide {direction} from {cell} to {stop}, but the block cannot move {direction}: "
                f"{blocked}", "slide-where-blocked")
    if direction_of(cell, stop) != direction:
        return f"your slide {direction} from {cell} stops at {stop}, which is not {direction} of {cell}", "stop-off-line"
    here = cell
    while here != stop:
        here = (here[0] + dr, here[1] + dc)
        why = _entry(puzzle, arrows, here, direction)
        if why is not None:
            return (f"your slide {direction} from {cell} passes or stops on {here}, which the block cannot enter "
                    f"moving {direction}: {why}", "slides-through-block")
    beyond = (stop[0] + dr, stop[1] + dc)
    if _entry(puzzle, arrows, beyond, direction) is None:
        return (f"your slide {direction} from {cell} stops at {stop}, but the block slides on: {beyond} can be "
                f"entered moving {direction}", "stops-too-early")
    return None


def _graph_failure(puzzle, arrows, got):
    """A Failure for the first slide of ``got`` that breaks the rules, checked slide by slide."""
    if not isinstance(got, dict):
        return Failure(f"the function must return a dict {{cell: {{direction: stop}}}}, got {type(got).__name__}",
                       code="wrong-return-type")
    free = puzzle.free_cells()
    for cell in sorted(free):
        mine = got.get(cell, {})
        if not isinstance(mine, dict):
            return Failure(f"the moves of cell {cell} must be a dict {{direction: stop}}, got {mine!r}",
                           code="wrong-return-type")
        for direction in DIRECTIONS:
            stop = mine.get(direction)
            if stop is not None and not _pair(stop):
                return Failure(f"the slide {direction} from {cell} must stop at a (row, col) cell, got {stop!r}",
                               code="wrong-return-type")
            found = _slide_failure(puzzle, arrows, cell, direction, None if stop is None else tuple(stop))
            if found is None:
                continue
            message, code = found
            yours = [(cell, tuple(v)) for v in mine.values() if _pair(v)]
            return Failure(message, lambda: draw_one_way(puzzle, arrows, highlight=yours,
                                                         title=f"your slides from {cell}" + ("" if yours else " (none)")),
                           code=code)
        unknown = [d for d in mine if d not in DIRECTIONS]
        if unknown:
            return Failure(f"the moves of cell {cell} name {unknown[0]!r}, which is not one of "
                           f"{', '.join(DIRECTIONS)}", code="wrong-return-type")
    extra = sorted((c for c in got if c not in set(free)), key=repr)
    if extra:
        return Failure(f"cell {extra[0]} is an obstacle or off the board: it must have no entry in the graph",
                       code="extra-cell")
    return None


def check_one_way(build_graph, exercise: str = "4.1") -> CheckReport:
    """``build_graph(puzzle, arrows)`` must return the move graph with one-way tiles: every slide it
    lists keeps the rules of a slide, and every direction the block can move in is listed."""
    cases = []
    for name, puzzle, arrows in _one_way_boards():
        def run(puzzle=puzzle, arrows=arrows):
            return _graph_failure(puzzle, arrows, build_graph(puzzle, dict(arrows)))
        cases.append(Case(name, run))
    return run_check(exercise, "the move graph with one-way tiles", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 4.2: at most k slides in each direction
# --------------------------------------------------------------------------------------------- #
def _fewest_within(puzzle: Puzzle, k: int) -> tuple | None:
    """A route with the fewest slides among those that slide at most ``k`` times in each direction
    (None when there is none): the check's oracle for Exercise 4.2, found without a solver by trying
    every sequence of slides, shortest first. A route within the limit has at most 4k slides."""
    graph = move_graph(puzzle)

    def extend(route, used, left):
        cell = route[-1]
        if left == 0:
            return route if cell == puzzle.target else None
        if cell == puzzle.target:
            return None
        for direction, stop in graph[cell].items():
            if used[direction] < k:
                used[direction] += 1
                found = extend(route + (stop,), used, left - 1)
                used[direction] -= 1
                if found:
                    return found
        return None

    for length in range(1, 4 * k + 1):
        found = extend((puzzle.start,), dict.fromkeys(DIRECTIONS, 0), length)
        if found:
            return found
    return None


def direction_counts(path) -> dict[str, int]:
    """How often a route slides in each direction."""
    counts = dict.fromkeys(DIRECTIONS, 0)
    for a, b in zip(path, path[1:]):
        d = direction_of(a, b)
        if d is not None:
            counts[d] += 1
    return counts


#: Random boards ``random_puzzle(n, seed=seed, min_moves=3)`` where the limit k changes the answer,
#: found once by a search over seeds: (n, seed, k, what the limit does).
LIMITED_BOARDS = (
    (5, 1266, 1, "the shortest route repeats a direction, the best within the limit is one slide longer"),
    (6, 1009, 1, "the best route within the limit is one slide longer"),
    (5, 6, 1, "no route keeps within the limit"),
    (5, 1230, 2, "the best route within the limit is one slide longer"),
    (7, 536, 2, "the best route within the limit is one slide longer"),
    (6, 46, 2, "no route keeps within the limit"),
)


def limited_battery() -> tuple[tuple[str, Puzzle, int], ...]:
    """The boards (and limits) the check of Exercise 4.2 tries, hidden boards last (k = 1 or 2)."""
    hidden = hidden_boards(_hidden_board)
    return _public_limited() + tuple((f"{name} with k={1 + k % 2}", p, 1 + k % 2) for k, (name, p) in enumerate(hidden))


@cache
def _public_limited() -> tuple[tuple[str, Puzzle, int], ...]:
    boards = [("Hartmann's 6x4 with k=1 (the limit does not bind)", hartmann_example(), 1),
              ("Hartmann's 6x4 with k=3", hartmann_example(), 3),
              ("a 5x5 whose start is a corner the block can return to, k=1", Puzzle.from_text(CORNER_TRAP), 1)]
    for n, seed, k, what in LIMITED_BOARDS:
        boards.append((f"random {n}x{n} board #{seed} with k={k} ({what})",
                       random_puzzle(n, seed=seed, min_moves=3, density=0.2), k))
    return tuple(boards)


def _draw_chosen(puzzle, used, ax):
    draw(puzzle, ax=ax)
    for u, v in used:
        draw_route(ax, puzzle.shape, [u, v], numbers=False)


def _broken_constraint(problem: pulp.LpProblem, x: dict, route) -> str | None:
    """The first constraint of ``problem`` over the arc variables alone that ``route`` (its arcs at 1,
    every other arc at 0) breaks, as ``name: text``; None when it keeps them all."""
    on = set(zip(route, route[1:]))
    values = {var.name: int(arc in on) for arc, var in x.items() if hasattr(var, "name")}
    for constraint in problem.constraints():
        if not constraint.keys() or any(v.name not in values for v in constraint.keys()):
            continue
        lhs = sum(coef * values[v.name] for v, coef in constraint.items()) + constraint.constant
        if {pulp.LpConstraintEQ: abs(lhs) > 1e-6, pulp.LpConstraintLE: lhs > 1e-6,
                pulp.LpConstraintGE: lhs < -1e-6}[constraint.sense]:
            text = constraint_text(constraint)
            text = text if len(text) <= 70 else text[:67] + "..."
            name = constraint_name(constraint)
            return f"{name} ({text})" if name else text
    return None


def _limited_failure(puzzle: Puzzle, k: int, build, want) -> Failure | None:
    """The student's model on one board; ``want`` is a right route within the limit (or None), found
    by the check before the student's function runs."""
    with forbidden(build, limited_oracles()):
        result = build(puzzle, k)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)
            and isinstance(result[1], dict)):
        return Failure("the function must return (problem, x): a pulp.LpProblem and the dict of arc variables",
                       code="wrong-return-type")
    problem, x = result
    right_title = f"a right route with at most {k} per direction" if want else "(no route within the limit)"
    right = lambda ax: draw(puzzle, want, ax=ax)  # noqa: E731
    try:
        solve_model(problem, time_limit=20)
    except NoSolution:
        if want is None:
            return None
        culprit = _broken_constraint(problem, x, want)
        return Failure(f"your model is infeasible, but a route keeps every direction within {k} (drawn)"
                       + (f"; it breaks your constraint {culprit}" if culprit else ""),
                       lambda: side_by_side([right], [right_title]), code="rules-out-solution")
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")
    try:
        used = [arc for arc, var in x.items() if value01(var)]
    except AttributeError:
        return Failure("x must map each arc (u, v) to its pulp variable", code="wrong-return-type")
    chosen = lambda ax: _draw_chosen(puzzle, used, ax)  # noqa: E731
    path = list(path_from_arcs(puzzle, used))
    if path[-1] != puzzle.target or len(path) - 1 != len(used):
        leftover = [arc for arc in used if arc not in set(zip(path, path[1:]))]
        if path[-1] != puzzle.target:
            what, code = "they never reach the target", "not-a-route"
        else:
            what, code = f"{len(leftover)} of them are not on the route (a cycle)", "extra-arcs"
        return Failure(f"your model chooses {len(used)} slides, but {what}: "
                       + ", ".join(f"{u}->{v}" for u, v in used[:6]),
                       lambda: side_by_side([chosen, right], ["the slides your model chose", right_title]), code=code)
    broken = check_rules(puzzle, path, shortest=False)
    over = {d: n for d, n in direction_counts(path).items() if n > k}
    mine = lambda ax: draw(puzzle, path, ax=ax)  # noqa: E731
    if broken:
        return Failure(broken[0].message, lambda: side_by_side([mine, right], ["your model's route", right_title]),
                       code=f"breaks-rule:{broken[0].code}")
    if over:
        return Failure(", ".join(f"your route slides {d} {n} times" for d, n in over.items())
                       + f", but the limit is {k} per direction",
                       lambda: side_by_side([mine, right], ["your model's route", right_title]), code="over-limit")
    if want is not None and len(path) > len(want):
        return Failure(f"your route uses {len(path) - 1} slides, but a route with fewer keeps every direction within "
                       f"{k}: is the number of slides minimised, and is the limit exactly {k}?",
                       lambda: side_by_side([mine, right], ["your model's route", right_title]),
                       code="too-many-slides")
    return None


def limited_oracles() -> dict:
    """What would answer Exercise 4.2: the library's model and searches, and the check's oracle."""
    return {"sl.build_model": build_model, "sl.model.shortest_path_model": shortest_path_model,
            "sl.model.builder": builder, "sl.solve": solve, "sl.solutions": solutions, "sl.brute_force": brute_force,
            "checks._fewest_within": _fewest_within}


def check_limited_model(build, exercise: str = "4.2") -> CheckReport:
    """``build(puzzle, k) -> (problem, x)`` must give a shortest route with at most k slides per direction."""
    cases = [Case(name, lambda p=p, k=k, want=_fewest_within(p, k): _limited_failure(p, k, build, want))
             for name, p, k in limited_battery()]
    return run_check(exercise, "the shortest route with at most k slides per direction", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 4.3: the greedy first move
# --------------------------------------------------------------------------------------------- #
# No route at all, three ways: the block is boxed in, the target is a cell no slide stops on, the
# target lies in a part of the board the block never reaches.
BOXED_IN = "slider\n.#.\n#S#\n.#T\n"
PASSED_OVER = "slider\nS....\n..T..\n.....\n"
WALLED_OFF = "slider\nS.#T\n..#.\n"
# Greedy's slide stops on the target itself.
GREEDY_HITS = "slider\nS..T\n....\n"


def greedy_first_move(puzzle: Puzzle):
    """The slide from the start that stops nearest (in rows plus columns) to the target.

    Ties go to the first direction in the order up, down, left, right. None if the block is stuck.
    """
    moves = move_graph(puzzle)[puzzle.start]
    if not moves:
        return None
    tr, tc = puzzle.target
    return min(moves.values(), key=lambda cell: abs(cell[0] - tr) + abs(cell[1] - tc))


def _greedy_verdict(puzzle: Puzzle) -> tuple[bool, str]:
    """(whether greedy's first move is wrong, why) found with the library's model, not by the
    breadth-first search the exercise asks for: the fewest moves with the greedy slide forced
    against the fewest without. Why is one of ``no-route``, ``greedy-on-target``, ``dead-end``,
    ``detour`` and ``greedy-right``."""
    first = greedy_first_move(puzzle)
    try:
        best = solve(puzzle).moves
    except NoSolution:
        return False, "no-route"
    if first == puzzle.target:
        return False, "greedy-on-target"
    problem, x = build_model(puzzle)
    problem += x[puzzle.start, first] == 1, "greedy_first"
    try:
        via = round(solve_model(problem))
    except NoSolution:
        return True, "dead-end"
    return (True, "detour") if via > best else (False, "greedy-right")


#: What a wrong verdict misses, by why the right one is what it is (the codes of Exercise 4.3).
GREEDY_FAULTS = {
    "no-route": ("this board has no route at all, and the exercise does not blame greedy for that",
                 "blames-greedy-without-route"),
    "greedy-on-target": ("the greedy slide stops on the target itself", "blames-greedy-on-target"),
    "greedy-right": ("a shortest route starts with the greedy slide", "false-alarm"),
    "dead-end": ("from the greedy stop the target cannot be reached at all: is that case handled?", "misses-dead-end"),
    "detour": ("every route that starts with the greedy slide is longer than the shortest one", "misses-detour"),
}


def greedy_battery() -> tuple[tuple[str, Puzzle], ...]:
    """The boards of Exercise 4.3: the model battery's, traps for greedy, random 7x7 boards, hidden last."""
    return _public_greedy() + tuple(hidden_boards(_hidden_board))


@cache
def _public_greedy() -> tuple[tuple[str, Puzzle], ...]:
    boards = list((name, p) for name, p in _public_battery())
    boards += [("a 3x3 where the block is boxed in", Puzzle.from_text(BOXED_IN)),
               ("a 3x5 where no slide stops on the target", Puzzle.from_text(PASSED_OVER)),
               ("a 2x4 where the target is walled off", Puzzle.from_text(WALLED_OFF)),
               ("a 2x4 where greedy slides onto the target", Puzzle.from_text(GREEDY_HITS))]
    for seed in range(6):
        boards.append((f"random 7x7 board #{480 + seed}", random_puzzle(7, seed=480 + seed, min_moves=3, density=0.15)))
    return tuple(boards)


def _greedy_board_failure(is_wrong, name: str, puzzle: Puzzle, truth: tuple[bool, str]) -> Failure | None:
    want, why = truth
    got = is_wrong(puzzle)
    if isinstance(got, bool) and got is want:
        return None
    first = greedy_first_move(puzzle)
    best = bfs_path(puzzle)
    shown = [puzzle.start, first] if first is not None else None
    picture = lambda: side_by_side([lambda ax: draw(puzzle, shown, ax=ax),  # noqa: E731
                                    lambda ax: draw(puzzle, best, ax=ax)],
                                   ["the greedy first move" if shown else "greedy has no move",
                                    "a shortest route" if best else "(no route at all)"])
    if not isinstance(got, bool):
        return Failure(f"on {name} your function returned {got!r}: return True or False", picture,
                       code="wrong-return-type")
    reason, code = GREEDY_FAULTS[why]
    return Failure(f"on {name} you said {got!r}, but {reason}", picture, code=code)


def greedy_pairs() -> list[tuple[tuple[str, Puzzle, tuple], tuple[str, Puzzle, tuple]]]:
    """Exercise 4.3's cases: each board of the battery (name, board, verdict) beside a board whose
    verdict is the other one, so that an answer that ignores the board (a constant) is right on no case."""
    boards = {True: [], False: []}
    for name, puzzle in greedy_battery():
        verdict = _greedy_verdict(puzzle)
        boards[verdict[0]].append((name, puzzle, verdict))
    wrong, right = boards[True], boards[False]
    return [(wrong[k % len(wrong)], right[k % len(right)]) for k in range(max(len(wrong), len(right)))]


def check_greedy(is_wrong, exercise: str = "4.3") -> CheckReport:
    """``is_wrong(puzzle)`` must say whether the greedy first move lies on no shortest route.

    The verdicts are found (with the library's model) before the student's function runs, and the
    check refuses a solver: the exercise asks for breadth-first search."""
    cases = []
    for pair in greedy_pairs():
        def run(pair=pair):
            for name, puzzle, truth in pair:
                failure = _greedy_board_failure(is_wrong, name, puzzle, truth)
                if failure is not None:
                    return failure
            return None
        cases.append(Case(f"{pair[0][0]} / {pair[1][0]}", run))
    with forbidden(is_wrong, {**solvers(), "sl.solve": solve, "sl.solutions": solutions, "sl.brute_force": brute_force,
                              "checks._greedy_verdict": _greedy_verdict}):
        return run_check(exercise, "spotting a wrong greedy first move", cases, unit="pair")


__all__ = ["battery", "check_one_way", "check_limited_model", "check_greedy", "greedy_first_move",
           "direction_counts", "draw_one_way"]
