"""Checks for the exercises of chapter 4 (Slider).

- 4.1 one-way tiles: the student's move graph is compared slide by slide with a reference that
  simulates the block cell by cell; a missing or extra slide is named and drawn.
- 4.2 the repaired flow model: the student's model is solved on boards that include the trap of
  the model as printed (a start the block can come back to); the chosen slides must form one route
  with the fewest moves, which breadth-first search gives without a solver.
- 4.3 the greedy first move: the student's answer is compared with the truth on boards where the
  greedy move is right, wrong, or leads into a dead end.
"""

from __future__ import annotations

import random
from functools import cache

import pulp

from puzzlelib.core.checks import Case, CheckReport, Failure, run_check
from puzzlelib.core.drawing import font_size, side_by_side
from puzzlelib.core.errors import NoSolution, SolverError
from puzzlelib.core.solver import solve_model, value01

from .board import DIRECTIONS, HARTMANN, Puzzle, hartmann_example, move_graph
from .drawing import draw, draw_arcs, draw_route
from .generators import random_puzzle
from .rules import bfs_distances, bfs_path, verify
from .solving import path_from_arcs

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


@cache
def battery() -> tuple[tuple[str, Puzzle], ...]:
    """The Slider boards the model check tries, each with a name a student can look up."""
    boards = [("Hartmann's 6x4", hartmann_example()),
              ("a 5x5 whose start is a corner the block can return to", Puzzle.from_text(CORNER_TRAP)),
              ("a 3x4 with two shortest routes", Puzzle.from_text(TWO_ROUTES)),
              ("a 6x6 where greedy walks into a dead end", Puzzle.from_text(GREEDY_DEAD_END))]
    for seed, (n, m) in enumerate([(5, 5), (6, 7), (7, 6), (8, 8), (4, 9)]):
        puzzle = random_puzzle(n, m, seed=400 + seed, min_moves=3, density=0.2)
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
        puzzle = random_puzzle(6, 6, seed=450 + seed, density=0.15)
        rng = random.Random(seed)
        free = [cell for cell in puzzle.free_cells() if cell not in (puzzle.start, puzzle.target)]
        arrows = {cell: rng.choice(list(DIRECTIONS)) for cell in rng.sample(free, min(6, len(free)))}
        yield f"random 6x6 board #{450 + seed} with 6 arrows", puzzle, arrows


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


def _graph_failure(puzzle, arrows, got, want):
    if not isinstance(got, dict):
        return Failure(f"the function must return a dict {{cell: {{direction: stop}}}}, got {type(got).__name__}")
    for cell in sorted(want):
        mine = got.get(cell, {})
        if not isinstance(mine, dict):
            return Failure(f"the moves of cell {cell} must be a dict {{direction: stop}}, got {mine!r}")
        for direction in DIRECTIONS:
            a, b = mine.get(direction), want[cell].get(direction)
            if a == b:
                continue
            if b is None:
                why = f"the block cannot move {direction} from {cell}"
                msg = f"you have a slide {direction} from {cell} to {a}, but {why}"
            elif a is None:
                msg = f"the slide {direction} from {cell} to {b} is missing"
            else:
                msg = f"sliding {direction} from {cell} the block stops at {b}, not at {tuple(a)}"
            shown = [(cell, tuple(a))] if a is not None else []
            return Failure(msg, lambda: side_by_side(
                [lambda ax: draw_one_way(puzzle, arrows, ax=ax, highlight=shown),
                 lambda ax: draw_one_way(puzzle, arrows, ax=ax, highlight=[(cell, b)] if b else [])],
                [f"your slide {direction} from {cell}", "the right slide"]))
    extra = sorted(set(got) - set(want))
    if extra:
        return Failure(f"cell {extra[0]} is an obstacle or off the board: it has no moves")
    return None


def check_one_way(build_graph, exercise: str = "4.1") -> CheckReport:
    """``build_graph(puzzle, arrows)`` must return the move graph with one-way tiles."""
    cases = []
    for name, puzzle, arrows in _one_way_boards():
        def run(puzzle=puzzle, arrows=arrows):
            got = build_graph(puzzle, dict(arrows))
            return _graph_failure(puzzle, arrows, got, one_way_reference(puzzle, arrows))
        cases.append(Case(name, run))
    return run_check(exercise, "the move graph with one-way tiles", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 4.2: a flow model to repair
# --------------------------------------------------------------------------------------------- #
def _route_failure(puzzle, build):
    result = build(puzzle)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)):
        return Failure("the function must return (problem, x): a pulp.LpProblem and the dict of arc variables")
    problem, x = result
    want = bfs_path(puzzle)
    try:
        solve_model(problem)
    except NoSolution:
        return Failure("your model is infeasible, but the block can reach the target in "
                       f"{len(want) - 1} moves")
    except SolverError as exc:
        return Failure(f"the solver could not finish on your model: {exc}")
    try:
        used = [arc for arc, var in x.items() if value01(var)]
    except AttributeError:
        return Failure("x must map each arc (u, v) to its pulp variable")
    path = list(path_from_arcs(puzzle, used))
    right = lambda ax: draw(puzzle, want, ax=ax)  # noqa: E731
    if path[-1] != puzzle.target or len(path) - 1 != len(used):
        leftover = [arc for arc in used if arc not in set(zip(path, path[1:]))]
        what = ("they never reach the target" if path[-1] != puzzle.target
                else f"{len(leftover)} of them are not on the route")
        return Failure(f"your model chooses {len(used)} slides, but {what}: "
                       + ", ".join(f"{u}->{v}" for u, v in used[:6]),
                       lambda: side_by_side([lambda ax: _draw_chosen(puzzle, used, ax), right],
                                            ["the slides your model chose", "a shortest route"]))
    broken = verify(puzzle, path)
    if broken:
        return Failure(broken[0], lambda: side_by_side([lambda ax: draw(puzzle, path, ax=ax), right],
                                                       ["your model's route", "a shortest route"]))
    return None


def _draw_chosen(puzzle, used, ax):
    draw(puzzle, ax=ax)
    for u, v in used:
        draw_route(ax, puzzle.shape, [u, v], numbers=False)


def check_fixed_model(build, exercise: str = "4.2") -> CheckReport:
    """``build(puzzle) -> (problem, x)`` must give a shortest route on every board."""
    cases = [Case(name, lambda p=p: _route_failure(p, build)) for name, p in battery()]
    return run_check(exercise, "the repaired shortest-path model", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 4.3: the greedy first move
# --------------------------------------------------------------------------------------------- #
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


def check_greedy(is_wrong, exercise: str = "4.3") -> CheckReport:
    """``is_wrong(puzzle)`` must say whether the greedy first move lies on no shortest route."""
    boards = list(battery())
    for seed in range(6):
        puzzle = random_puzzle(7, seed=480 + seed, min_moves=3, density=0.15)
        boards.append((f"random 7x7 board #{480 + seed}", puzzle))
    cases = []
    for name, puzzle in boards:
        def run(puzzle=puzzle):
            got, want = is_wrong(puzzle), greedy_is_wrong_reference(puzzle)
            if got is want or got == want:
                return None
            first = greedy_first_move(puzzle)
            best = bfs_path(puzzle)
            verdict = "wrong" if want else "right"
            return Failure(f"you said {got!r}, but the greedy first move (to {first}) is {verdict}",
                           lambda: side_by_side([lambda ax: draw(puzzle, [puzzle.start, first], ax=ax),
                                                 lambda ax: draw(puzzle, best, ax=ax)],
                                                ["the greedy first move", "a shortest route"]))
        cases.append(Case(name, run))
    return run_check(exercise, "spotting a wrong greedy first move", cases)


__all__ = ["battery", "check_one_way", "check_fixed_model", "check_greedy", "greedy_first_move",
           "one_way_reference", "draw_one_way"]
