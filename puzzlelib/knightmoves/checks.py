"""checks.py: the exercise checks the chapter's student notebook calls (chapter 11, Knight Moves).

Role. Each check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
what is wrong, drawn beside a right answer. The truth comes from searches without a solver (the
closed tours' own below, ``brute_force`` for the paths), never from the library's models.

Exercise 11.5: write ``closed_tour(puzzle) -> list[(r, c)] | None``, a cycle of knight's moves through
every open square, S first (the end mark E is ignored): each step and the step from the last square
back to S a knight's move; None when there is none. Codes: ``wrong-return-type``, ``wrong-start``,
``blocked-square`` (or off the board), ``repeats-square``, ``misses-square``, ``not-a-knight-move``,
``not-a-cycle`` (the last square is not a jump from S), ``none-but-exists``.

Exercise 11.6: write ``build(puzzle, clues) -> (problem, y)``, clues a dict ``{(r, c): step}`` (S is step
1) and ``y[u, v]`` binaries on ``knight_arcs(puzzle)``: the paths it admits (listed by no-good cuts
over y) must be exactly the knight's paths from S that land on each clue square at its step. Codes:
``admits-wrong-path:cycle`` (the arcs hold a cycle apart from the path), ``admits-wrong-path:clue``
(a path that misses a clue), ``admits-wrong-path:<rule>`` (not a knight's path at all),
``misses-path`` (a right path the model forbids), besides the reading faults.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pulp

from ..core.errors import NoSolution, SolverError
from ..display.drawing import side_by_side
from ..engine import Deadline, nogood_cut, value01
from ..feedback.checks import Case, Failure, forbidden, hidden_boards, run_check
from .board import SEED_BOARD, Cell, Puzzle, Solution, is_knight_move, knight_arcs
from .drawing import draw
from .generators import random_puzzle
from .model import path_from_arcs
from .rules import brute_force, check_rules
from .solving import solutions, solve, solve_checked


def open_board(nrows: int, ncols: int, start: Cell = (0, 0), blocked=(), end: Cell | None = None) -> Puzzle:
    """An ``nrows`` x ``ncols`` board with the ``blocked`` squares blocked."""
    grid = ["".join("#" if (r, c) in blocked else "." for c in range(ncols)) for r in range(nrows)]
    return Puzzle(grid, start, end)


def _pair(puzzle: Puzzle, left, right, titles):
    return lambda: side_by_side([lambda ax: draw(puzzle, left, ax), lambda ax: draw(puzzle, right, ax)], titles)


# =============================================================================================== #
# Exercise 11.5: a closed knight's tour
# =============================================================================================== #
def closed_tours(puzzle: Puzzle, limit: int = 1) -> list[Solution]:
    """Up to ``limit`` closed tours from S by depth-first search (no solver), each as a Solution
    whose path starts on S (the jump from its last square back to S closes it).

    A knight always jumps to the other colour, so a tour needs as many light as dark open squares
    and every square at least two knight neighbours; the search tries the squares with the fewest
    free moves first (Warnsdorff) and gives up a branch when a free square has fewer than two
    neighbours left among the free squares and the path's two ends, when S has no free neighbour
    left to come home from, or when the free squares cannot all be reached.
    """
    squares = puzzle.open_squares()
    start = puzzle.start
    light = sum((r + c) % 2 for r, c in squares)
    graph = {u: puzzle.moves(u) for u in squares}
    if len(squares) < 4 or 2 * light != len(squares) or any(len(vs) < 2 for vs in graph.values()):
        return []
    found: list[Solution] = []
    path, free = [start], set(squares) - {start}

    def search() -> bool:
        """Extend ``path``; True when ``limit`` tours are found (stop)."""
        here = path[-1]
        if not free:
            if start in graph[here]:
                found.append(Solution(tuple(path)))
            return len(found) >= limit
        if not _may_close(graph, here, start, free):
            return False
        onward = sorted((v for v in graph[here] if v in free), key=lambda v: (sum(w in free for w in graph[v]), v))
        for v in onward:
            path.append(v)
            free.discard(v)
            stop = search()
            free.add(v)
            path.pop()
            if stop:
                return True
        return False

    search()
    return found


def _may_close(graph, here: Cell, start: Cell, free: set) -> bool:
    """False when no cycle can run from ``here`` through every free square back to ``start`` (sound)."""
    if not any(v in free for v in graph[start]):
        return False
    ends = {here, start}
    if any(sum(v in free or v in ends for v in graph[u]) < 2 for u in free):
        return False
    seen = {v for v in graph[here] if v in free}
    todo = list(seen)
    while todo:
        for v in graph[todo.pop()]:
            if v in free and v not in seen:
                seen.add(v)
                todo.append(v)
    return len(seen) == len(free)


@cache
def tour_boards() -> tuple[tuple[str, Puzzle], ...]:
    """The public boards of Exercise 11.5, with and without closed tours."""
    return (
        ("the open 6x6 board, S in a corner", open_board(6, 6)),
        ("the open 3x4 board (an even count, no closed tour)", open_board(3, 4)),
        ("the open 5x5 board (25 squares)", open_board(5, 5)),
        ("a 5x6 board with S inside and an end mark (ignored)", open_board(5, 6, (2, 3), end=(4, 5))),
        ("a 6x6 board with two blocked squares", open_board(6, 6, (0, 0), blocked=((2, 2), (3, 2)))),
        ("the open 4x6 board (as many light as dark squares, no closed tour)", open_board(4, 6, (1, 2))),
        ("a 6x6 board whose corner has one jump left", open_board(6, 6, (2, 2), blocked=((1, 2), (5, 5)))),
        ("the open 3x10 board, S in the middle row", open_board(3, 10, (1, 4))),
    )


def tour_battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.5: the public ones, two random 6x6 boards, then any hidden ones."""
    boards = list(tour_boards())
    boards += [(f"random 6x6 board #{seed}", random_puzzle(6, seed=seed, end=False)) for seed in (0, 3)]
    return boards + hidden_boards(lambda s: random_puzzle(6, seed=s, end=False))


def _read_tour(answer):
    """The tour as a tuple of (row, col) pairs, or None for None, or a Failure."""
    if answer is None:
        return None
    if isinstance(answer, Solution):
        answer = answer.path
    if isinstance(answer, (str, bytes, dict, set)) or not hasattr(answer, "__len__") or not len(answer):
        return Failure("return the tour as a list of (row, col) pairs, S first, or None when there is no closed "
                       f"tour (got {type(answer).__name__}{' of length 0' if hasattr(answer, '__len__') else ''})",
                       code="wrong-return-type")
    try:
        return tuple((int(r), int(c)) for r, c in answer)
    except (TypeError, ValueError):
        return Failure("return the tour as a list of (row, col) pairs, S first, or None when there is no closed "
                       "tour", code="wrong-return-type")


def tour_fault(puzzle: Puzzle, tour: tuple) -> Failure | None:
    """The first thing that keeps ``tour`` from being a closed tour from S, or None."""
    nrows, ncols = puzzle.shape

    def drawn(title):
        return lambda: draw(puzzle, [cell for cell in tour if 0 <= cell[0] < nrows and 0 <= cell[1] < ncols],
                            title=title)

    if tour[0] != puzzle.start:
        return Failure(f"your tour starts on {tour[0]}, not on S {puzzle.start}: rotate it so that S comes first",
                       drawn("your tour"), code="wrong-start")
    bad = next((k for k, cell in enumerate(tour) if not puzzle.is_open(cell)), None)
    if bad is not None:
        where = "a blocked square" if 0 <= tour[bad][0] < nrows and 0 <= tour[bad][1] < ncols else "off the board"
        return Failure(f"step {bad + 1} of your tour lands on {tour[bad]}, {where}", drawn("your tour"),
                       code="blocked-square")
    count = Counter(tour)
    twice = next((cell for cell in tour if count[cell] > 1), None)
    if twice is not None:
        hint = (": list each square once, the jump from the last square back to S closes the tour"
                if tour[-1] == tour[0] else "")
        return Failure(f"your tour visits {twice} {count[twice]} times{hint}", drawn("your tour"),
                       code="repeats-square")
    missed = [cell for cell in puzzle.open_squares() if cell not in count]
    if missed:
        return Failure(f"your tour misses {len(missed)} open square{'s' if len(missed) > 1 else ''}, the first "
                       f"{missed[0]}", drawn("your tour"), code="misses-square")
    step = next((k for k in range(len(tour) - 1) if not is_knight_move(tour[k], tour[k + 1])), None)
    if step is not None:
        return Failure(f"step {step + 2} of your tour, from {tour[step]} to {tour[step + 1]}, is not a knight's move",
                       drawn("your tour"), code="not-a-knight-move")
    if not is_knight_move(tour[-1], tour[0]):
        return Failure(f"your tour is a path, not a cycle: its last square {tour[-1]} is not a knight's move from "
                       f"S {tour[0]}", drawn("your path"), code="not-a-cycle")
    return None


def tour_case(name: str, puzzle: Puzzle, closed_tour) -> Case:
    """``closed_tour(puzzle)`` against the closed tours' search on one board."""
    truth = closed_tours(puzzle)

    def run():
        with forbidden(closed_tour, {"km.brute_force": brute_force, "km.solve": solve, "km.solutions": solutions,
                                     "km.solve_checked": solve_checked, "checks.closed_tours": closed_tours}):
            answer = closed_tour(puzzle)
        tour = _read_tour(answer)
        if isinstance(tour, Failure):
            return tour
        if tour is None:
            if truth:
                return Failure("your function returned None, but this board has a closed tour",
                               lambda: draw(puzzle, truth[0], title="a closed tour"), code="none-but-exists")
            return None
        return tour_fault(puzzle, tour)
    return Case(name, run)


def check_closed_tour(closed_tour):
    """Exercise 11.5: ``closed_tour(puzzle)`` returns a closed knight's tour from S, or None when there is none."""
    return run_check("11.5", "the closed knight's tour", [tour_case(n, p, closed_tour) for n, p in tour_battery()])


# =============================================================================================== #
# Exercise 11.6: a knight's path with numbered clues
# =============================================================================================== #
def clued_paths(puzzle: Puzzle, clues: dict) -> list[tuple]:
    """The knight's paths from S (brute_force's) that land on every clue square at its step (S is 1)."""
    return [s.path for s in brute_force(puzzle)
            if all(step <= len(s.path) and s.path[step - 1] == cell for cell, step in clues.items())]


def pick_clues(puzzle: Puzzle, most: int = 4) -> dict:
    """Clues for a hidden board: (square, step) pairs added one at a time, each the one the fewest of the
    remaining paths share (two or more if possible; ties broken by square and step), until at most
    ``most`` paths are left; no clue when the board has no path."""
    paths = [s.path for s in brute_force(puzzle)]
    clues: dict = {}
    while len(paths) > most or not clues:
        count = Counter((cell, k + 1) for path in paths for k, cell in enumerate(path) if k and cell not in clues)
        if not count:
            break
        cell, step = min(count, key=lambda key: (count[key] < 2, count[key], key))
        clues[cell] = step
        paths = [path for path in paths if path[step - 1] == cell]
    return clues


@cache
def clue_boards() -> tuple[tuple[str, Puzzle, dict], ...]:
    """The public boards of Exercise 11.6 and their clues."""
    return (
        ("the open 5x5 board, S in a corner, step 4 on (0, 3)", open_board(5, 5), {(0, 3): 4}),
        ("the open 4x5 board, step 5 on (3, 1) and step 20 on (3, 0)", open_board(4, 5), {(3, 1): 5, (3, 0): 20}),
        ("the open 4x5 board, step 1 on S and step 8 on (1, 0)", open_board(4, 5), {(0, 0): 1, (1, 0): 8}),
        ("the open 4x5 board, step 4 on (0, 4) (no path)", open_board(4, 5), {(0, 4): 4}),
        ("random 5x5 board #1, step 7 on (2, 1)", random_puzzle(5, seed=1, end=False), {(2, 1): 7}),
        ("the chapter's board, step 14 on (1, 4)", Puzzle.from_text(SEED_BOARD), {(1, 4): 14}),
    )


def clue_battery() -> list[tuple[str, Puzzle, dict]]:
    """The boards of Exercise 11.6: the public ones, then any hidden ones with clues picked for them."""
    hidden = hidden_boards(lambda s: random_puzzle(5, seed=s, end=False))
    return list(clue_boards()) + [(name, puzzle, pick_clues(puzzle)) for name, puzzle in hidden]


def admitted_paths(build, puzzle: Puzzle, clues: dict, truth: set, limit: int):
    """The arc sets ``build(puzzle, clues)`` admits as (path, cycles) pairs (up to ``limit``, stopping
    after the first wrong one), or a Failure saying why they cannot be read."""
    with forbidden(build, {"km.brute_force": brute_force, "km.solve": solve, "km.solutions": solutions,
                           "checks.clued_paths": clued_paths}):
        result = build(puzzle, dict(clues))
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)
            and isinstance(result[1], dict)):
        return Failure("the function must return (problem, y): a pulp.LpProblem and the dict of arc variables",
                       code="wrong-return-type")
    problem, y = result
    arcs = knight_arcs(puzzle)
    missing = [arc for arc in arcs if arc not in y]
    if missing:
        return Failure(f"y has no variable for the jump {missing[0]}: key the dict by (u, v) for every arc of "
                       "knight_arcs(puzzle)", code="missing-variable")
    problem.setObjective(pulp.LpAffineExpression())
    found = []
    for k in range(limit):
        try:
            solve_checked(problem, None, Deadline(60))
        except NoSolution:
            break
        except SolverError as exc:
            return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")
        path, cycles = path_from_arcs(puzzle, [arc for arc in arcs if value01(y[arc])])
        found.append((tuple(path), cycles))
        if cycles or tuple(path) not in truth:
            break
        problem += nogood_cut(y[arc] for arc in arcs), f"check_nogood_{k}"
    return found


def clue_fault(puzzle: Puzzle, clues: dict, path: tuple, cycles: list, right) -> Failure:
    """Why an admitted (path, cycles) is not a right answer, drawn beside a right path."""
    titles = ["your model's path", "a right path" if right else "(no right path)"]
    if cycles:
        cycle = cycles[0]
        return Failure(f"your model admits a path with a cycle apart from it, through {len(cycle)} squares from "
                       f"{cycle[0]}", _pair(puzzle, list(path), list(cycle), ["your model's path", "and its cycle"]),
                       code="admits-wrong-path:cycle")
    faults = check_rules(puzzle, list(path))
    if faults:
        return Failure(f"your model admits a path that is not a knight's path ({faults[0].message})",
                       _pair(puzzle, list(path), right, titles), code=f"admits-wrong-path:{faults[0].code}")
    cell, step = next((cell, step) for cell, step in sorted(clues.items())
                      if not (step <= len(path) and path[step - 1] == cell))
    landed = path.index(cell) + 1 if cell in path else None
    return Failure(f"your model admits a path that lands on {cell} at step {landed}, but its clue says step {step}",
                   _pair(puzzle, list(path), right, titles), code="admits-wrong-path:clue")


def clue_case(name: str, puzzle: Puzzle, clues: dict, build) -> Case:
    """The paths ``build(puzzle, clues)`` admits against the clued paths of ``brute_force``."""
    truth = clued_paths(puzzle, clues)

    def run():
        found = admitted_paths(build, puzzle, clues, set(truth), len(truth) + 1)
        if isinstance(found, Failure):
            return found
        right = list(truth[0]) if truth else None
        wrong = [(path, cycles) for path, cycles in found if cycles or path not in set(truth)]
        if wrong:
            return clue_fault(puzzle, clues, *wrong[0], right)
        seen = {path for path, _ in found}
        missed = [path for path in truth if path not in seen]
        if missed:
            return Failure(f"your model rules out a right path ({len(found)} found, {len(truth)} exist)",
                           lambda: draw(puzzle, list(missed[0]), title="a right path your model forbids"),
                           code="misses-path")
        return None
    return Case(name, run)


def check_clued_path(build):
    """Exercise 11.6: ``build(puzzle, clues)`` admits exactly the knight's paths that keep the clues."""
    return run_check("11.6", "the knight's path with numbered clues",
                     [clue_case(name, puzzle, clues, build) for name, puzzle, clues in clue_battery()])
