"""checks.py: the exercise checks the chapter's student notebook calls.

Role. Each check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
what is wrong, drawn beside a right answer. The truth comes from ``brute_force``, not the library's
own models, so a check never grades a model against itself.

Exercise 11.K1: write ``build(puzzle) -> (problem, y)``, a model of the knight's path with one binary
``y[u, v]`` per jump (keyed by ``(u, v)`` for every arc of ``knight_arcs(puzzle)``) and a compact
subtour elimination (MTZ order variables, say); it passes when the paths it admits, listed by no-good
cuts over y, are exactly the true ones (an answer that holds a cycle is named as such).
"""

from __future__ import annotations

import pulp

from ..core.errors import NoSolution, SolverError
from ..display.drawing import side_by_side
from ..engine import nogood_cut, solve_model, value01
from ..feedback.checks import Case, Failure, hidden_boards, run_check
from .board import SEED_BOARD, Puzzle, knight_arcs
from .drawing import draw
from .generators import random_puzzle
from .model import path_from_arcs
from .rules import brute_force, check_rules


def battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.K1: the chapter's 5x5, three small random boards, one with its end fixed."""
    boards = [("the chapter's board", Puzzle.from_text(SEED_BOARD))]
    boards += [(f"random {n}x{n} board #{seed}", random_puzzle(n, seed=seed)) for seed, n in ((1, 4), (2, 5), (3, 5))]
    boards += [("random 5x5 board #4 with its end fixed", random_puzzle(5, seed=4, end=True))]
    return boards + hidden_boards(lambda s: random_puzzle(5, seed=s))


def admitted_paths(build, puzzle: Puzzle, limit: int):
    """The paths ``build(puzzle)`` admits (up to ``limit``), or a Failure saying why they cannot be read."""
    result = build(puzzle)
    if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], pulp.LpProblem)):
        return Failure("the function must return (problem, y): a pulp.LpProblem and the dict of arc variables",
                       code="wrong-return-type")
    problem, y = result
    missing = [arc for arc in knight_arcs(puzzle) if arc not in y]
    if missing:
        return Failure(f"y has no variable for the jump {missing[0]}: key the dict by (u, v) for every arc",
                       code="missing-variable")
    arcs = knight_arcs(puzzle)
    found = []
    for k in range(limit):
        try:
            solve_model(problem, time_limit=30)
        except NoSolution:
            break
        except SolverError as exc:
            return Failure(f"the solver could not finish on your model: {exc}", code="solver-failed")
        path, cycles = path_from_arcs(puzzle, [arc for arc in arcs if value01(y[arc])])
        if cycles:
            return Failure(f"your model admits a cycle apart from the path, through {cycles[0][0]}",
                           lambda p=path: side_by_side([lambda ax: draw(puzzle, p, ax)], ["the path beside the cycle"]),
                           code="admits-cycle")
        found.append(tuple(path))
        problem += nogood_cut(y[arc] for arc in arcs), f"check_nogood_{k}"
    return found


def path_case(name: str, puzzle: Puzzle, build) -> Case:
    truth = {s.path for s in brute_force(puzzle)}

    def run():
        admitted = admitted_paths(build, puzzle, len(truth) + 1)
        if isinstance(admitted, Failure):
            return admitted
        extra = [p for p in admitted if p not in truth]
        if extra:
            fault = (check_rules(puzzle, list(extra[0])) or [None])[0]
            return Failure(f"your model accepts a path that breaks a rule ({getattr(fault, 'message', 'not a path')})",
                           lambda: draw(puzzle, list(extra[0])), code=f"breaks-rule:{getattr(fault, 'code', 'path')}")
        missed = sorted(truth - set(admitted))
        if missed:
            return Failure(f"your model rules out a valid path ({len(admitted)} found, {len(truth)} exist)",
                           lambda: draw(puzzle, list(missed[0])), code="rules-out-solution")
        return None
    return Case(name, run)


def check_model(build):
    """Exercise 11.K1: ``build(puzzle)`` admits exactly the knight's paths of each board, and no cycle."""
    return run_check("11.K1", "the knight's path model", [path_case(name, p, build) for name, p in battery()])
