"""Ours against both peers, CP-SAT and clingo, per puzzle and size (issue 42): one command per puzzle.

    python benchmarks/bench_peers.py knightmoves            # 8x8 .. 16x16
    python benchmarks/bench_peers.py aquarium               # 15x15 .. 30x30
    python benchmarks/bench_peers.py starbattle             # 10x10 .. 25x25
    python benchmarks/bench_peers.py thermometer            # 30x30 .. 60x60
    python benchmarks/bench_peers.py all --quick            # every puzzle, smaller and fewer boards
    python benchmarks/bench_peers.py knightmoves --seed 7000 --runs 5 --per-size 3 --cap 60

Ours is, by default (``--ours fast``), the puzzle's fast search of issue 42 (``peer_child.FAST``:
Knight Moves' path search, the cardinality searches of Thermometers, Aquarium and Star Battle), which
is the default search of ``solutions``; ``--ours solutions`` times the library's own call
``solutions(puzzle, limit=2)`` (the same search behind the argument guard).

Boards are drawn fresh from ``--seed`` (board k of size n gets seed ``seed + 1000 n + k``): pass a
seed not used before to measure on boards nobody tuned for. Each solver runs in a process of its own
(``peer_child.py``; CP-SAT the ``cpsat_<kind>.py`` model
with one worker; clingo the encodings of ``clingo_peers.py`` with ``--models=2``), all three asked
the same question, one answer and whether a second exists; OR-Tools and highspy never share a
process. The runs are interleaved (ours, CP-SAT, clingo, then again), ``--runs`` times; each board's
time is the median of its runs, CPU time measured inside the child (every thread), wall time
beside it. A run that reaches ``--cap`` counts as the cap (a lower bound; marked ``>``).

The table gives per size the median CPU seconds of each solver over its boards, the ratios
ours/CP-SAT and ours/clingo (per board, on CPU times floored at 0.1 ms), and at the end, per
puzzle, the median and worst ratio and the growth exponent b of each solver: the least-squares slope
of log(median CPU per size) against log(n), time ~ n^b. Every answer of ours is checked by the
puzzle's ``verify`` in its child, and the verdicts (unique, 2+, none) of the three solvers must agree.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from puzzlelib.display.report import table  # noqa: E402

FLOOR = 1e-4
SOLVERS = ("ours", "cpsat", "clingo")


# -- boards and their JSON for the peers -------------------------------------------------------------
def knightmoves_boards(n: int, seed: int, per: int):
    from puzzlelib import knightmoves as km
    from puzzlelib.knightmoves.search_path import path_search

    out = []
    for k in range(per):
        s = seed + 1000 * n + k
        out.append((f"walk #{s}", km.random_puzzle(n, seed=s)))
        out.append((f"long #{s}", km.random_puzzle(n, seed=s, greedy=0.9)))
        # a holed board: a long walk with two squares of opposite colours blocked (the colours still
        # balance, so no count shows there is no path; most have none, a few have another path)
        _, walk = km.planted_puzzle(n, seed=s + 700, greedy=0.9)
        path = list(walk.path)
        rng = random.Random(s)
        inner = path[1:-1]
        light = [c for c in inner if sum(c) % 2 == 0]
        dark = [c for c in inner if sum(c) % 2 == 1]
        if light and dark:
            holes = {rng.choice(light), rng.choice(dark)}
            out.append((f"holed #{s}", _knight_board(km, n, [c for c in path if c not in holes])))
        # a unique board: a long planted walk cut short from its end until one path is left
        _, planted = km.planted_puzzle(n, seed=s + 500, greedy=0.9)
        path = list(planted.path)
        while len(path) > 2:
            board = _knight_board(km, n, path)
            if len(path_search(board, 2, 60)) == 1:
                out.append((f"unique #{s}", board))
                break
            path.pop()
    return out


def _knight_board(km, n, path):
    seen = set(path)
    return km.Puzzle(["".join("." if (r, c) in seen else "#" for c in range(n)) for r in range(n)], path[0], path[-1])


def knightmoves_json(p) -> dict:
    return {"grid": list(p.grid), "start": list(p.start), "end": list(p.end) if p.end else None}


def aquarium_boards(n, seed, per):
    from puzzlelib import aquarium as aq
    return [(f"#{seed + 1000 * n + k}", aq.random_puzzle(n, seed=seed + 1000 * n + k)) for k in range(per)]


def aquarium_json(p) -> dict:
    return {"tanks": [list(row) for row in p.tank_of], "rows": list(p.rows), "cols": list(p.cols)}


def starbattle_boards(n, seed, per):
    from puzzlelib import starbattle as sb
    return [(f"#{seed + 1000 * n + k}", sb.random_puzzle(n, seed=seed + 1000 * n + k)) for k in range(per)]


def starbattle_json(p) -> dict:
    return {"regions": [list(row) for row in p.regions], "stars": p.stars}


def thermometer_boards(n, seed, per):
    from puzzlelib import thermometer as th
    return [(f"#{seed + 1000 * n + k}", th.random_puzzle(n, seed=seed + 1000 * n + k)) for k in range(per)]


def thermometer_json(p) -> dict:
    return {"shape": list(p.shape), "therms": [[list(c) for c in cells] for cells in p.thermometers],
            "rows": list(p.rows), "cols": list(p.cols)}


PUZZLES = {  # kind: (boards, JSON for the peers, sizes, quick sizes)
    "knightmoves": (knightmoves_boards, knightmoves_json, (8, 10, 12, 14, 16), (8, 12)),
    "aquarium": (aquarium_boards, aquarium_json, (15, 20, 25, 30), (15, 20)),
    "starbattle": (starbattle_boards, starbattle_json, (10, 15, 20, 25), (10, 15)),
    "thermometer": (thermometer_boards, thermometer_json, (30, 40, 50, 60), (30, 40)),
}


# -- running the children ----------------------------------------------------------------------------
def run_child(who: str, kind: str, inputs: list, cap: float) -> list[dict]:
    result = subprocess.run([sys.executable, str(HERE / "peer_child.py"), who, kind, str(cap)],
                            input=json.dumps(inputs), capture_output=True, text=True)
    lines = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    if result.returncode != 0 or len(lines) != len(inputs):
        hint = " (pip install ortools clingo, the [bench] extra)" if who != "ours" else ""
        raise SystemExit(f"{who} failed on {kind}{hint}:\n" + result.stderr[-3000:])
    return lines


def growth(sizes, times) -> float | None:
    """The least-squares slope of log(time) against log(size) (None with fewer than two sizes)."""
    points = [(math.log(n), math.log(max(t, FLOOR))) for n, t in zip(sizes, times) if t is not None]
    if len(points) < 2:
        return None
    mx = statistics.fmean(x for x, _ in points)
    my = statistics.fmean(y for _, y in points)
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else None


def fmt(t: float | None, capped: bool = False) -> str:
    if t is None:
        return "-"
    return (">" if capped else "") + (f"{t:.3f}" if t < 10 else f"{t:.1f}")


def bench(kind: str, sizes, per: int, runs: int, seed: int, cap: float, ours: str = "ours") -> dict:
    make, to_json, _, _ = PUZZLES[kind]
    boards = []  # (size, name, puzzle)
    for n in sizes:
        boards += [(n, name, p) for name, p in make(n, seed, per)]
        print(f"  {kind}: boards of {n}x{n} drawn", file=sys.stderr)
    inputs = {"ours": [p.write("text") for _, _, p in boards],
              "cpsat": [to_json(p) for _, _, p in boards]}
    child = {"ours": ours, "cpsat": "cpsat", "clingo": "clingo"}
    inputs["clingo"] = inputs["cpsat"]
    results = {who: [[] for _ in boards] for who in SOLVERS}
    for rep in range(runs):
        for who in SOLVERS:
            for k, line in enumerate(run_child(child[who], kind, inputs[who], cap)):
                results[who][k].append(line)
            print(f"  {kind}: run {rep + 1}/{runs} of {who} done", file=sys.stderr)
    per_board = []
    for k, (n, name, _) in enumerate(boards):
        entry = {"size": n, "name": name}
        for who in SOLVERS:
            lines = results[who][k]
            capped = any(line["answer"] == "time limit" for line in lines)
            entry[who] = {"cpu": statistics.median(min(line["cpu"], cap) if line["answer"] != "time limit"
                                                   else cap for line in lines),
                          "wall": statistics.median(line["wall"] for line in lines),
                          "capped": capped,
                          "answers": sorted({line["answer"] for line in lines})}
        verdicts = {a for who in SOLVERS for a in entry[who]["answers"] if a != "time limit"}
        entry["agree"] = len(verdicts) <= 1 and not any(v.startswith("WRONG") for v in verdicts)
        entry["verdict"] = "/".join(sorted(verdicts)) or "time limit"
        per_board.append(entry)
    return {"kind": kind, "sizes": list(sizes), "boards": per_board, "runs": runs, "seed": seed, "cap": cap,
            "ours": ours}


def report(summary: dict) -> dict:
    kind, boards, cap = summary["kind"], summary["boards"], summary["cap"]
    rows = []
    for e in boards:
        row = [f"{e['size']}x{e['size']}", e["name"], e["verdict"] + ("" if e["agree"] else " DISAGREE")]
        for who in SOLVERS:
            row.append(fmt(e[who]["cpu"], e[who]["capped"]))
        for peer in ("cpsat", "clingo"):
            row.append(f"{max(e['ours']['cpu'], FLOOR) / max(e[peer]['cpu'], FLOOR):.2f}")
        row.append(fmt(e["ours"]["wall"]) + " / " + fmt(e["cpsat"]["wall"]) + " / " + fmt(e["clingo"]["wall"]))
        rows.append(row)
    what = "the fast search" if summary["ours"] == "ours" else "solutions(limit=2)"
    print(f"\n{kind}: ours ({what}) against CP-SAT (1 worker) and clingo (--models=2); CPU s, median of "
          f"{summary['runs']} runs; seed {summary['seed']}; cap {cap:g} s ('>' reached it)")
    print(table(["board", "name", "verdict", "ours", "CP-SAT", "clingo", "/CP-SAT", "/clingo",
                 "wall ours/CP/clingo"], rows, widths=[7, 13, 10, 8, 8, 8, 8, 8, 24]))
    sizes = summary["sizes"]
    medians = {who: [statistics.median(e[who]["cpu"] for e in boards if e["size"] == n) for n in sizes]
               for who in SOLVERS}
    size_rows = [[f"{n}x{n}"] + [fmt(medians[who][i]) for who in SOLVERS] for i, n in enumerate(sizes)]
    print(table(["size", "ours", "CP-SAT", "clingo"], size_rows, widths=[7, 9, 9, 9]))
    out = {"kind": kind, "boards": len(boards), "agree": all(e["agree"] for e in boards),
           "timeouts": {who: sum(e[who]["capped"] for e in boards) for who in SOLVERS}}
    for peer in ("cpsat", "clingo"):
        ratios = [max(e["ours"]["cpu"], FLOOR) / max(e[peer]["cpu"], FLOOR) for e in boards]
        out[peer] = (statistics.median(ratios), max(ratios))
    out["growth"] = {who: growth(sizes, medians[who]) for who in SOLVERS}
    g = out["growth"]
    print(f"{kind}: ours/CP-SAT median {out['cpsat'][0]:.2f}, worst {out['cpsat'][1]:.2f}; ours/clingo median "
          f"{out['clingo'][0]:.2f}, worst {out['clingo'][1]:.2f}; growth n^b ours {_b(g['ours'])} / CP-SAT "
          f"{_b(g['cpsat'])} / clingo {_b(g['clingo'])}; time-outs ours {out['timeouts']['ours']}, CP-SAT "
          f"{out['timeouts']['cpsat']}, clingo {out['timeouts']['clingo']}; verdicts "
          f"{'agree' if out['agree'] else 'DISAGREE'}")
    return out


def _b(b) -> str:
    return "-" if b is None else f"{b:.1f}"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kind", nargs="?", default="all", choices=[*PUZZLES, "all"])
    parser.add_argument("--quick", action="store_true", help="two sizes, one board per size, one run")
    parser.add_argument("--sizes", help="comma-separated sides (default: the puzzle's)")
    parser.add_argument("--per-size", type=int, default=2, help="boards per size (Knight Moves: three kinds each)")
    parser.add_argument("--runs", type=int, default=3, help="runs per board (the median is kept)")
    parser.add_argument("--seed", type=int, default=42_000, help="first seed of the boards")
    parser.add_argument("--cap", type=float, default=60.0, help="time limit per call, seconds")
    parser.add_argument("--json", help="write the per-board results to this file")
    parser.add_argument("--ours", choices=("fast", "solutions"), default="fast",
                        help="fast: the puzzle's fast search of issue 42 (peer_child.FAST, what the shared driver "
                             "calls as solutions' default); solutions: solutions(puzzle, limit=2) as it stands")
    args = parser.parse_args(argv)
    kinds = list(PUZZLES) if args.kind == "all" else [args.kind]
    summaries, lines = [], []
    for kind in kinds:
        _, _, sizes, quick = PUZZLES[kind]
        if args.sizes:
            sizes = tuple(int(s) for s in args.sizes.split(","))
        elif args.quick:
            sizes = quick
        per, runs = (1, 1) if args.quick else (args.per_size, args.runs)
        summary = bench(kind, sizes, per, runs, args.seed, args.cap,
                        "ours" if args.ours == "fast" else "ours-solutions")
        summaries.append(summary)
        lines.append(report(summary))
    if args.json:
        Path(args.json).write_text(json.dumps(summaries, indent=1))
    if len(lines) > 1:
        print("\n" + table(["puzzle", "boards", "/CP-SAT med", "worst", "/clingo med", "worst", "b ours/CP/clingo"],
                           [[o["kind"], str(o["boards"]), f"{o['cpsat'][0]:.2f}", f"{o['cpsat'][1]:.2f}",
                             f"{o['clingo'][0]:.2f}", f"{o['clingo'][1]:.2f}",
                             " / ".join(_b(o["growth"][w]) for w in SOLVERS)] for o in lines],
                           widths=[12, 7, 11, 8, 11, 8, 18]))
    if not all(o["agree"] for o in lines):
        raise SystemExit("the solvers disagree on a board (see DISAGREE above)")


if __name__ == "__main__":
    main()
