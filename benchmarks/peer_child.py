"""One solver of bench_peers.py in a process of its own: ours (puzzlelib), CP-SAT or clingo.

    python benchmarks/peer_child.py ours|cpsat|clingo KIND CAP < boards.json

stdin holds a JSON list of boards: puzzle texts for ``ours``, the JSON boards of ``cpsat_<kind>.py``
for the two peers. Each board is timed in this process, CPU time (``time.process_time``, every thread
of the process) and wall time, around the whole question "one answer, and is there a second?"
(model or clauses built, solved, and the second search); one JSON line per board is printed:
``{"cpu": s, "wall": s, "answer": "unique" | "2+" | "none" | "time limit" | "WRONG: ..."}``.
The first board is solved once before the timed runs (imports, a solver's first start). ``ours``
checks every answer it gets with the puzzle's ``verify`` (outside the timing). OR-Tools and highspy
never share a process: ``cpsat`` imports no puzzlelib, ``ours`` no ortools.
"""

from __future__ import annotations

import inspect
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

NORMAL = {"unique": "unique", "2+ solutions": "2+", "second": "2+", "2+": "2+", "none": "none",
          "INFEASIBLE": "none"}


def ours_solver(kind: str):
    """The project's one call, ``solutions(puzzle, limit=2)``; for Knight Moves the path search of
    ``search_path.py`` when ``solutions`` does not run it by default yet (see bench_peers.py)."""
    sys.path.insert(0, str(HERE.parent))
    import importlib

    module = importlib.import_module(f"puzzlelib.{kind}")
    if kind == "knightmoves" and "search" not in inspect.signature(module.solutions).parameters:
        from puzzlelib.knightmoves.search_path import path_search

        def call(puzzle, cap):
            return [] if module.explain_infeasible(puzzle) else path_search(puzzle, 2, cap)
    else:
        def call(puzzle, cap):
            return module.solutions(puzzle, limit=2, time_limit=cap)

    def run(text: str, cap: float) -> dict:
        from puzzlelib.core.errors import SolverError

        puzzle = module.Puzzle.read(text)
        try:
            found = call(puzzle, cap)
        except SolverError:
            return {"answer": "time limit"}
        return {"found": found, "puzzle": puzzle}

    def check(result) -> str:
        found, puzzle = result.pop("found"), result.pop("puzzle")
        for answer in found:
            if module.verify(puzzle, answer):
                return "WRONG: " + module.verify(puzzle, answer)[0]
        return {0: "none", 1: "unique"}.get(len(found), "2+")

    return run, check


def cpsat_solver(kind: str):
    import importlib

    module = importlib.import_module(f"cpsat_{kind}")
    if kind == "starbattle":
        def run(board, cap):
            return {"answer": module.solve_and_count(board["regions"], board["stars"], cap)["answer"]}
    else:
        def run(board, cap):
            return {"answer": module.solve_and_prove(board, cap)["answer"]}
    return run, None


def clingo_solver(kind: str):
    import clingo_peers

    return (lambda board, cap: clingo_peers.solve(kind, board, cap)), None


def main() -> None:
    who, kind, cap = sys.argv[1], sys.argv[2], float(sys.argv[3])
    run, check = {"ours": ours_solver, "cpsat": cpsat_solver, "clingo": clingo_solver}[who](kind)
    boards = json.load(sys.stdin)
    if boards:
        run(boards[0], cap)  # warm-up, untimed
    for board in boards:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        result = run(board, cap)
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
        if check is not None and "found" in result:
            result["answer"] = check(result)
        answer = NORMAL.get(result["answer"], "time limit" if wall >= cap * 0.98 else result["answer"])
        print(json.dumps({"cpu": cpu, "wall": wall, "answer": answer}), flush=True)


if __name__ == "__main__":
    main()
