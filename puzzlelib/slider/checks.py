"""Checks for the exercises of chapter 4 (Slider).

- 4.1 one-way tiles: the student's move graph is compared slide by slide with a reference that
  simulates the block cell by cell; a missing or extra slide is named and drawn.
- 4.2 at most k slides per direction (new modelling): the student's model, built with the
  library's ``build_model``/``solve`` unavailable, is solved on boards where the limit does not
  bind, binds, or leaves no route; the chosen slides must form one route within the limit with
  the fewest moves, which breadth-first search over (cell, slides used) states gives.
- 4.3 the greedy first move: the student's answer is compared with the truth on boards where the
  greedy move is right, wrong, leads into a dead end, lands on the target, or where no route exists.

Graded with a hidden seed (``feedback.checks.hidden_boards``), each battery adds three random boards the
students never saw; without one the batteries are exactly the public ones.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache

import pulp

from puzzlelib.feedback.checks import Case, CheckReport, Failure, ForbiddenCall, forbidden, hidden_boards, run_check
from puzzlelib.display.drawing import font_size, side_by_side
from puzzlelib.core.errors import NoSolution, SolverError
from puzzlelib.engine.solver import solve_model, value01

from .board import DIRECTIONS, HARTMANN, Puzzle, direction_of, hartmann_example, move_graph
from .drawing import draw, draw_arcs, draw_route
from .generators import random_puzzle
from .rules import bfs_distances, bfs_path, verify
from .model import build_model
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
def one_way_slide(puzzle: Puzzle, arrows: dict, cell, direction: str):
    """Reference: slide cell by cell; an arrow tile may be entered only moving its way."""
    dr, dc = DIRECTIONS[direction]
    r, c = cell
    while puzzle.is_free((r + dr, c + dc)) and arrows.get((r + dr, c + dc), direction) == direction:
        r, c = r + dr, c + dc
    return r, c


def one_way_reference(puzzle: Puzzle, arrows: dict) -> dict:
    graph = {}
    for cell in puzzle.free_cells():
        moves = {d: one_way_slide(puzzle, arrows, cell, d) for d in DIRECTIONS}
        graph[cell] = {d: stop for d, stop in moves.items() if stop != cell}
    return graph


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


def draw_one_way(puzzle: Puzzle, arrows: dict, graph: dict | None = None, ax=None, highlight=()):
    """The board with its arrow tiles; ``graph``'s slides as grey arrows, ``highlight`` in red."""
    fig = draw(puzzle, ax=ax)
    ax = ax or fig.axes[0]
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


def _graph_failure(puzzle, arrows, got, want):
    if not isinstance(got, dict):
        return Failure(f"the function must return a dict {{cell: {{direction: stop}}}}, got {type(got).__name__}")
    for cell in sorted(want):
        mine = got.get(cell, {})
        if not isinstance(mine, dict):
            return Failure(f"the moves of cell {cell} must be a dict {{direction: stop}}, got {mine!r}")
        for direction in DIRECTIONS:
            a, b = mine.get(direction), want[cell].get(direction)
            if a is not None and not _pair(a):
                return Failure(f"the slide {direction} from {cell} must stop at a (row, col) cell, got {a!r}")
            if a == b or (a is not None and tuple(a) == b):
                continue
            if b is None:
                stop = one_way_slide(puzzle, arrows, cell, direction)
                why = ("an arrow tile or an obstacle blocks the way" if stop == cell
                       else "the block cannot move there")
                msg = f"you have a slide {direction} from {cell} to {tuple(a)}, but the block cannot move {direction}: {why}"
            elif a is None:
                msg = f"the slide {direction} from {cell} to {b} is missing"
            else:
                msg = f"sliding {direction} from {cell} the block stops at {b}, not at {tuple(a)}"
            yours = [(cell, tuple(v)) for v in mine.values() if _pair(v)]
            right = [(cell, v) for v in want[cell].values()]
            return Failure(msg, lambda: side_by_side(
                [lambda ax: draw_one_way(puzzle, arrows, ax=ax, highlight=yours),
                 lambda ax: draw_one_way(puzzle, arrows, ax=ax, highlight=right)],
                [f"your slides from {cell}" + ("" if yours else " (none)"),
                 f"the right slides from {cell}" + ("" if right else " (none)")]))
    extra = sorted((c for c in got if c not in want), key=repr)
    if extra:
        return Failure(f"cell {extra[0]} is an obstacle or off the board: it must have no entry in the graph")
    return None


def check_one_way(build_graph, exercise: str = "4.1") -> CheckReport:
    """``build_graph(puzzle, arrows)`` must return the move graph with one-way tiles."""
    cases = []
    for name, puzzle, arrows in _one_way_boards():
        def run(puzzle=puzzle, arrows=arrows):
            with forbidden(build_graph, {"checks.one_way_reference": one_way_reference,
                                         "checks.one_way_slide": one_way_slide}):
                got = build_graph(puzzle, dict(arrows))
            return _graph_failure(puzzle, arrows, got, one_way_reference(puzzle, arrows))
        cases.append(Case(name, run))
    return run_check(exercise, "the move graph with one-way tiles", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 4.2: at most k slides in each direction
# --------------------------------------------------------------------------------------------- #
def limited_route(puzzle: Puzzle, k: int) -> list | None:
    """Reference: a shortest route that slides at most ``k`` times in each direction (None if none).

    Breadth-first search over states (cell, slides used per direction), so no solver is involved.
    A shortest such route never visits a cell twice (cutting out the loop keeps it within the
    limit and makes it shorter), so it is also what a 0/1 flow model with the limit must find.
    """
    graph = move_graph(puzzle)
    order = list(DIRECTIONS)
    first = (puzzle.start, (0,) * len(order))
    parent = {first: None}
    queue = deque([first])
    while queue:
        state = queue.popleft()
        cell, used = state
        if cell == puzzle.target:
            path = []
            while state is not None:
                path.append(state[0])
                state = parent[state]
            return path[::-1]
        for direction, stop in graph[cell].items():
            i = order.index(direction)
            if used[i] < k:
                nxt = (stop, used[:i] + (used[i] + 1,) + used[i + 1:])
                if nxt not in parent:
                    parent[nxt] = state
                    queue.append(nxt)
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


def _limited_failure(puzzle: Puzzle, k: int, build) -> Failure | None:
    with forbidden(build, {"sl.build_model": build_model, "sl.solve": solve, "sl.solutions": solutions,
                           "checks.limited_route": limited_route}):
        result = build(puzzle, k)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)
            and isinstance(result[1], dict)):
        return Failure("the function must return (problem, x): a pulp.LpProblem and the dict of arc variables")
    problem, x = result
    want = limited_route(puzzle, k)
    right_title = f"a shortest route with at most {k} per direction" if want else "(no route within the limit)"
    right = lambda ax: draw(puzzle, want, ax=ax)  # noqa: E731
    try:
        solve_model(problem, time_limit=20)
    except NoSolution:
        if want is None:
            return None
        return Failure(f"your model is infeasible, but a route of {len(want) - 1} slides keeps every direction "
                       f"within {k}: {' '.join(direction_of(a, b) for a, b in zip(want, want[1:]))}",
                       lambda: side_by_side([right], [right_title]))
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}")
    try:
        used = [arc for arc, var in x.items() if value01(var)]
    except AttributeError:
        return Failure("x must map each arc (u, v) to its pulp variable")
    chosen = lambda ax: _draw_chosen(puzzle, used, ax)  # noqa: E731
    if want is None:
        return Failure(f"your model chooses {len(used)} slides, but no route reaches the target with at most "
                       f"{k} slides in each direction: your model must be infeasible here",
                       lambda: side_by_side([chosen, right], ["the slides your model chose", right_title]))
    path = list(path_from_arcs(puzzle, used))
    if path[-1] != puzzle.target or len(path) - 1 != len(used):
        leftover = [arc for arc in used if arc not in set(zip(path, path[1:]))]
        what = ("they never reach the target" if path[-1] != puzzle.target
                else f"{len(leftover)} of them are not on the route (a cycle)")
        return Failure(f"your model chooses {len(used)} slides, but {what}: "
                       + ", ".join(f"{u}->{v}" for u, v in used[:6]),
                       lambda: side_by_side([chosen, right], ["the slides your model chose", right_title]))
    broken = verify(puzzle, path, shortest=False)
    over = {d: n for d, n in direction_counts(path).items() if n > k}
    mine = lambda ax: draw(puzzle, path, ax=ax)  # noqa: E731
    if broken or over:
        message = broken[0] if broken else ", ".join(f"your route slides {d} {n} times" for d, n in over.items()) \
            + f", but the limit is {k} per direction"
        return Failure(message, lambda: side_by_side([mine, right], ["your model's route", right_title]))
    if len(path) - 1 != len(want) - 1:
        return Failure(f"your route uses {len(path) - 1} slides; the fewest with at most {k} per direction is "
                       f"{len(want) - 1} (is the number of slides minimised, and is the limit exactly {k}?)",
                       lambda: side_by_side([mine, right], ["your model's route", right_title]))
    return None


def check_limited_model(build, exercise: str = "4.2") -> CheckReport:
    """``build(puzzle, k) -> (problem, x)`` must give a shortest route with at most k slides per direction."""
    cases = [Case(name, lambda p=p, k=k: _limited_failure(p, k, build)) for name, p, k in limited_battery()]
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


def greedy_is_wrong_reference(puzzle: Puzzle) -> bool:
    best = bfs_distances(puzzle).get(puzzle.target)
    first = greedy_first_move(puzzle)
    if best is None or first is None:
        return False  # no route at all: no move is right, so greedy is not to blame
    if first == puzzle.target:
        return False
    rest = bfs_distances(Puzzle(puzzle.grid, first, puzzle.target)).get(puzzle.target)
    return rest is None or rest + 1 > best


def _greedy_truth(puzzle: Puzzle) -> str:
    """Why the right answer is what it is, in words."""
    best = bfs_distances(puzzle).get(puzzle.target)
    first = greedy_first_move(puzzle)
    if best is None:
        return "this board has no route at all, so greedy is not to blame: the answer is False"
    if first == puzzle.target:
        return f"the greedy slide stops on the target {first}: it is a shortest route by itself (False)"
    rest = bfs_distances(Puzzle(puzzle.grid, first, puzzle.target)).get(puzzle.target)
    if rest is None:
        return f"from the greedy stop {first} the target can never be reached: greedy is wrong (True)"
    verdict = "wrong (True)" if rest + 1 > best else "right (False)"
    return (f"the best route after the greedy slide to {first} has 1 + {rest} = {rest + 1} moves and the "
            f"fewest possible is {best}: greedy is {verdict}")


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


def check_greedy(is_wrong, exercise: str = "4.3") -> CheckReport:
    """``is_wrong(puzzle)`` must say whether the greedy first move lies on no shortest route."""
    cases = []
    for name, puzzle in greedy_battery():
        def run(puzzle=puzzle):
            try:
                with forbidden(is_wrong, {"checks.greedy_is_wrong_reference": greedy_is_wrong_reference}):
                    got = is_wrong(puzzle)
            except (NotImplementedError, ForbiddenCall):
                raise
            except Exception as exc:
                return Failure(f"your code raised {type(exc).__name__} ({exc}), but {_greedy_truth(puzzle)}")
            want = greedy_is_wrong_reference(puzzle)
            if isinstance(got, bool) and got is want:
                return None
            first = greedy_first_move(puzzle)
            best = bfs_path(puzzle)
            shown = [puzzle.start, first] if first is not None else None
            return Failure(f"you said {got!r}, but {_greedy_truth(puzzle)}",
                           lambda: side_by_side([lambda ax: draw(puzzle, shown, ax=ax),
                                                 lambda ax: draw(puzzle, best, ax=ax)],
                                                ["the greedy first move" if shown else "greedy has no move",
                                                 "a shortest route" if best else "(no route at all)"]))
        cases.append(Case(name, run))
    return run_check(exercise, "spotting a wrong greedy first move", cases)


__all__ = ["battery", "check_one_way", "check_limited_model", "check_greedy", "greedy_first_move",
           "greedy_is_wrong_reference", "one_way_reference", "limited_route", "direction_counts", "draw_one_way"]
