"""Sudoku: solve + uniqueness proof beside OR-Tools CP-SAT, and the generator beside a CP-SAT one.

    python benchmarks/bench_sudoku.py             # every board below, 3 generated puzzles per kind
    python benchmarks/bench_sudoku.py --quick     # a smoke run: few boards, no MIP or generated 25x25
    python benchmarks/bench_sudoku.py --no-cpsat  # ours only
    python benchmarks/bench_sudoku.py --lib DIR   # time the puzzlelib found in DIR (an older copy)

Part 1, per board: ``solve(p)`` then ``solutions(p, limit=2)`` (a solution, then the proof there is
no second one), model building included, by the default search (the chapter's 0/1 model written as
clauses on CaDiCaL, ``model_sat.py``) and by ``search="mip"`` (the chapter's integer program on
HiGHS); by CP-SAT with one worker and with its default workers, in a subprocess
(cpsat_sudoku.py: ortools and highspy never share a process). A call under half a second is run
three times and the median kept. Every answer is checked with ``verify``; the verdicts of all
columns must agree. The ratio is the default search's time over CP-SAT one worker's (target: 3).

Boards: the classic 9x9 boards known as the hardest ("Platinum Blonde", "Golden Nugget", "Easter
Monster", "AI Escargot", as literals: public classic boards), hard boards of Norvig's essay and
of the "hardest" lists it quotes, ``generate``d classic, Thermo and Killer 9x9 puzzles, Arrow
boards with a planted solution (45 % given), the Killer records of ../shared/corpus (read in
place, skipped when absent), 16x16 and 25x25 boards with half the digits of a planted grid given,
and generated 16x16 and 25x25 puzzles.

Part 2, the generator: ``generate(9, variant, seed)`` against a plain CP-SAT dig-holes generator
on the same grids in the same removal order (a fresh model per question, one worker, no
deduction), as puzzles a minute; then ``generate(16)`` and ``generate(25)``.
Times are wall-clock on whatever machine runs this; a shared machine slows every column alike.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ARGS = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ARGS.add_argument("--quick", action="store_true", help="a smoke run: few boards, no MIP on large boards")
ARGS.add_argument("--no-cpsat", action="store_true", help="leave CP-SAT out")
ARGS.add_argument("--no-mip", action="store_true", help="leave the search='mip' column out")
ARGS.add_argument("--lib", help="import puzzlelib from this folder instead (to time an older copy)")
ARGS.add_argument("--cap", type=float, default=120.0, help="seconds per call")
OPTIONS = ARGS.parse_args() if __name__ == "__main__" else ARGS.parse_args([])
sys.path.insert(0, OPTIONS.lib or str(HERE.parents[0]))
sys.path.insert(1, str(HERE))

import puzzlelib.sudoku as sd  # noqa: E402
from puzzlelib.core import PuzzleError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402
from puzzlelib.sudoku.generators import _constraints, random_arrows  # noqa: E402
from timing import timed_median  # noqa: E402

CORPUS = HERE.parents[1] / "shared" / "corpus" / "killersudoku.json"

#: The hardest classic boards, by name (public boards, as they are exchanged: 81 characters).
HARDEST = {
    "Platinum Blonde": ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    "Golden Nugget": ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    "Easter Monster": "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "AI Escargot": "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
}
#: Norvig's "Solving Every Sudoku Puzzle": grid2, hard1 (the one his solver needed minutes for,
#: and which has many solutions), and boards of the "hardest" lists his essay quotes.
NORVIG = {
    "Norvig grid2": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "Norvig hard1": ".....6....59.....82....8....45........3........6..3.54...325..6..................",
    "hardest: Inkala 2010": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "hardest: 17 clues": "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    "hardest: Cheese": ".2..5.7..4..1....68....3...2....8..3.4..2.5.....6...1...2.9.....9......57.4...9..",
    "hardest: Fata Morgana": "........3..1..56...9..4..7......9.5.7.......8.5.4.2....8..2..9...35..1..6........",
    "hardest: Red Dwarf": "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8",
    "hardest: 12.3 (2)": "12.3.....4.....3....3.5......42..5......8...9.6...5.7...15..2......9..6......7..8",
}


def arrow_board(seed: int) -> sd.Puzzle:
    grid = sd.random_grid(9, seed)
    rng = random.Random(seed)
    arrows = random_arrows(grid, rng, 9)
    return sd.Puzzle([[v if rng.random() < 0.45 else 0 for v in row] for row in grid], arrows=arrows)


def generated(size: int, variant: str, seed: int):
    """``generate``'s puzzle, or None from an older library that does not make this size."""
    try:
        return sd.generate(size, variant=variant, seed=seed, progress=False).puzzle
    except PuzzleError:
        return None


def boards(quick: bool):
    """(name, puzzle) for every board of part 1."""
    for name, line in HARDEST.items():
        yield name, sd.Puzzle.from_text(line)
    for name, line in list(NORVIG.items())[:3 if quick else None]:
        yield name, sd.Puzzle.from_text(line)
    count = 1 if quick else 3
    for variant in ("classic", "thermo", "killer"):
        for seed in range(count):
            yield f"generated {variant} {seed}", generated(9, variant, seed)
    for seed in range(count):
        yield f"arrow 45% given {seed}", arrow_board(seed)
    if CORPUS.exists() and not quick:
        for record in json.loads(CORPUS.read_text()):
            yield record["id"].split("-killersudoku-")[-1][:24], sd.Puzzle.from_json(json.dumps(record["decoded"]))
    for size in (16, 25):
        yield f"planted {size}x{size} 50% given", sd.random_puzzle(size, seed=0, density=0.5, thermos=0, cages=0,
                                                                   arrows=0)
        made = None if quick and size == 25 else generated(size, "classic", 0)
        if made is not None:
            yield f"generated {size}x{size} 0", made


def as_board(p: sd.Puzzle) -> dict:
    return {"givens": [list(row) for row in p.givens], "thermos": [list(map(list, t)) for t in p.thermos],
            "cages": [[total, list(map(list, cells))] for total, cells in p.cages],
            "arrows": [[list(circle), list(map(list, cells))] for circle, cells in p.arrows]}


def cpsat(job: dict):
    """CP-SAT's lines for ``job`` (see cpsat_sudoku.py), or None when OR-Tools is not there."""
    result = subprocess.run([sys.executable, str(HERE / "cpsat_sudoku.py")], input=json.dumps(job),
                            capture_output=True, text=True)
    if result.returncode != 0:
        print("CP-SAT left out (pip install ortools, or `pip install -e .[bench]`):\n" + result.stderr[-500:],
              file=sys.stderr)
        return None
    return [json.loads(line) for line in result.stdout.splitlines()]


def ours(puzzle: sd.Puzzle, cap: float, **how):
    """Seconds of solve + solutions(limit=2) and the verdict, every answer checked."""
    def run():
        first = sd.solve(puzzle, time_limit=cap, **how)
        return first, sd.solutions(puzzle, limit=2, time_limit=cap, **how)

    t, value = timed_median(run)
    if value is None:
        return None, "capped"
    first, found = value
    assert sd.verify(puzzle, first) == [] and all(sd.verify(puzzle, s) == [] for s in found), how
    return t, "unique" if len(found) == 1 else "second"


def part1(options) -> None:
    listed = list(boards(options.quick))
    answers = None if options.no_cpsat else cpsat({"boards": [as_board(p) for _, p in listed],
                                                   "time_limit": options.cap})
    headers = ["board", "n", "givens", "ours", "mip", "CP-SAT 1w", "CP-SAT dflt", "answer", "ratio"]
    rows, ratios = [], []
    for i, (name, puzzle) in enumerate(listed):
        t, verdict = ours(puzzle, options.cap)
        verdicts = {verdict}
        mip = None
        if not options.no_mip and not (options.quick and puzzle.size > 9):
            mip, v = ours(puzzle, options.cap, search="mip")
            verdicts.add(v)
        one = dflt = None
        if answers is not None:
            one, dflt = answers[i]["one"]["second"], answers[i]["default"]["second"]
            verdicts.add(answers[i]["one"]["answer"])
        ratio = t / one if t is not None and one else None
        if ratio is not None:
            ratios.append(ratio)
        rows.append([name[:24], puzzle.size, len(puzzle.given_cells()), seconds(t), seconds(mip), seconds(one),
                     seconds(dflt), "/".join(sorted(verdicts)), "-" if ratio is None else f"{ratio:.2f}"])
        assert len(verdicts - {"capped"}) <= 1, (name, verdicts)
    print(table(headers, rows, [24, 3, 6, 10, 10, 10, 11, 14, 6]))
    print("ours: solve + solutions(limit=2) by the default search; mip: the same with search='mip'; "
          "ratio: ours / CP-SAT one worker")
    if ratios:
        print(f"worst ratio {max(ratios):.2f}, median {statistics.median(ratios):.2f} (target at most 3)")


def dig_order(grid, variant: str, seed: int):
    """The constraints and the removal order ``generate(…, variant, seed)`` uses on ``grid``."""
    rng = random.Random(f"generate-{variant}-{seed}")
    extra = _constraints(grid, variant, rng)
    n = len(grid)
    order = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(order)
    return extra, order


def part2(options) -> None:
    count = 2 if options.quick else 4
    rows = []
    for variant in ("classic", "thermo"):
        made = [sd.generate(9, variant=variant, seed=s, progress=False) for s in range(count)]
        assert all(g.proof.unique and sd.verify(g.puzzle, g.solution) == [] for g in made)
        mean = statistics.mean(g.seconds for g in made)
        rate = cp_rate = None
        if not options.no_cpsat:
            grids = []
            for s in range(count):
                grid = sd.random_grid(9, s)
                extra, order = dig_order(grid, variant, s)
                grids.append({"grid": [list(r) for r in grid], "order": order,
                              "extra": {"thermos": [list(map(list, t)) for t in extra.get("thermos", [])]}})
            dug = cpsat({"grids": grids, "time_limit": options.cap})
            if dug is not None:
                cp_rate = 60 / statistics.mean(d["seconds"] for d in dug)
                assert [d["givens"] for d in dug] == [len(g.puzzle.given_cells()) for g in made], "same puzzles"
        rate = 60 / mean
        rows.append([f"{variant} 9x9", count, f"{statistics.mean(len(g.puzzle.given_cells()) for g in made):.1f}",
                     seconds(mean), f"{rate:.0f}", "-" if cp_rate is None else f"{cp_rate:.0f}",
                     "-" if cp_rate is None else f"{cp_rate / rate:.2f}"])
    print(table(["generate", "count", "givens", "ours mean", "ours/min", "CP-SAT/min", "ratio"], rows,
                [12, 6, 7, 10, 9, 11, 6]))
    print("ratio: CP-SAT's puzzles a minute over ours (target at most 3); the same grids, the same order")
    rows = []
    for size in (16,) if options.quick else (16, 25):
        for minimal in ((None,) if options.quick else (None, True, False)):
            if size == 25 and minimal is True:
                continue  # minutes: each question near the end of a 25x25's digging is a hard proof
            try:
                g = sd.generate(size, seed=0, progress=False, time_limit=options.cap,
                                **({} if minimal is None else {"minimal": minimal}))
            except PuzzleError as error:  # an older library
                rows.append([f"{size}x{size}", str(minimal), "-", "-", "-", str(error)[:30]])
                continue
            assert g.proof.unique and sd.verify(g.puzzle, g.solution) == []
            rows.append([f"{size}x{size}", str(minimal), len(g.puzzle.given_cells()), seconds(g.seconds),
                         f"{g.solver_checks}/{g.deduction_checks}", str(g.minimal)])
    print()
    print(table(["generate", "minimal=", "givens", "seconds", "sat/deduce", "minimal"], rows, [9, 9, 7, 10, 11, 30]))


def main() -> None:
    print("Part 1: solve + proof of uniqueness\n")
    part1(OPTIONS)
    print("\nPart 2: the generator\n")
    part2(OPTIONS)


if __name__ == "__main__":
    main()
