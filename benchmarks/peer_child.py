"""One solver of bench_peers.py in a process of its own: ours (puzzlelib), CP-SAT or clingo.

    python benchmarks/peer_child.py ours|ours-solutions|cpsat|clingo KIND CAP < boards.json

KIND is a puzzle of bench_peers.py, or ``numberlink`` (bench_flowfree.py --numberlink: Flow Free
boards under the Numberlink rule, ours from ``puzzlelib.flowfree``).

``ours`` is the puzzle's fast search of issue 42 alone (``FAST``: what ``solutions`` calls by default,
without its argument guard); ``ours-solutions`` is the library's own call ``solutions(puzzle, limit=2)``.

stdin holds a JSON list of boards: puzzle texts for ``ours``, the JSON boards of ``cpsat_<kind>.py``
for the two peers. Each board is timed in this process, CPU time (``time.process_time``, every thread
of the process) and wall time, around the whole question "one answer, and is there a second?"
(model or clauses built, solved, and the second search); one JSON line per board is printed:
``{"cpu": s, "wall": s, "answer": "unique" | "2+" | "none" | "time limit" | "WRONG: ..."}``.
The first board is solved once before the timed runs (imports, a solver's first start); ours reads
its boards (puzzle texts) before the clock starts, as the peers parse their JSON. ``ours`` checks
every answer it gets with the puzzle's ``verify`` (outside the timing). OR-Tools and highspy
never share a process: ``cpsat`` imports no puzzlelib, ``ours`` no ortools.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

NORMAL = {"unique": "unique", "2+ solutions": "2+", "second": "2+", "2+": "2+", "none": "none",
          "INFEASIBLE": "none"}


#: The fast search of each puzzle (issue 42), as ``solutions`` runs it by default once the shared
#: driver calls it: (module, function, whether explain_infeasible's board-only reasons go first).
FAST = {
    "knightmoves": ("puzzlelib.knightmoves.search_path", "path_search", True),
    "thermometer": ("puzzlelib.thermometer.search_card", "card_solutions", False),
    "aquarium": ("puzzlelib.aquarium.search_card", "card_solutions", False),
    "starbattle": ("puzzlelib.starbattle.search_card", "card_solutions", False),
}

#: Kinds whose puzzles live in another package of puzzlelib (a Numberlink board is a Flow Free puzzle
#: whose text says ``rule: numberlink``).
PACKAGE = {"numberlink": "flowfree"}


def ours_solver(kind: str, how: str = "fast"):
    """Ours: ``how="fast"`` the puzzle's fast search (``FAST``), ``how="solutions"`` the library's one
    call as it stands, ``solutions(puzzle, limit=2)``. The board is read before the clock starts."""
    sys.path.insert(0, str(HERE.parent))
    import importlib

    module = importlib.import_module(f"puzzlelib.{PACKAGE.get(kind, kind)}")
    if how == "fast" and kind in FAST:
        name, function, explain_first = FAST[kind]
        search = getattr(importlib.import_module(name), function)

        def call(puzzle, cap):
            if explain_first and module.explain_infeasible(puzzle):
                return []
            return search(puzzle, 2, cap)
    else:
        def call(puzzle, cap):
            return module.solutions(puzzle, limit=2, time_limit=cap)

    def run(puzzle, cap: float) -> dict:
        from puzzlelib.core.errors import SolverError

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

    return run, check, module.Puzzle.read


def cpsat_solver(kind: str):
    import importlib

    module = importlib.import_module(f"cpsat_{kind}")
    if kind == "starbattle":
        def run(board, cap):
            return {"answer": module.solve_and_count(board["regions"], board["stars"], cap)["answer"]}
    else:
        def run(board, cap):
            return {"answer": module.solve_and_prove(board, cap)["answer"]}
    return run, None, None


def clingo_solver(kind: str):
    import clingo_peers

    return (lambda board, cap: clingo_peers.solve(kind, board, cap)), None, None


def main() -> None:
    who, kind, cap = sys.argv[1], sys.argv[2], float(sys.argv[3])
    if who.startswith("ours"):
        run, check, read = ours_solver(kind, "solutions" if who == "ours-solutions" else "fast")
    else:
        run, check, read = {"cpsat": cpsat_solver, "clingo": clingo_solver}[who](kind)
    boards = json.load(sys.stdin)
    if read is not None:
        boards = [read(board) for board in boards]  # ours reads its boards before the clock starts
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
