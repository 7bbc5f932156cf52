"""Flow Free: Hartmann's two MTZ models, the lazy variant and the cells model, 5x5 to 15x15.

    python benchmarks/bench_flowfree.py            # 5x5 .. 15x15, HiGHS and CBC, median of 3, cap 30 s
    python benchmarks/bench_flowfree.py --quick    # 5, 8, 12, 14; HiGHS only; one run; cap 10 s
    python benchmarks/bench_flowfree.py --corpus   # every level of ../shared/corpus/flowfree.json
    python benchmarks/bench_flowfree.py --corpus --formulations   # the same, per-colour cells model beside
    python benchmarks/bench_flowfree.py --corpus --search mip     # solutions(2) searching on HiGHS, not SAT
    python benchmarks/bench_flowfree.py --corpus --proof          # CaDiCaL alone: find vs prove, conflicts
    python benchmarks/bench_flowfree.py --planted [--quick]       # few dots, 10x10 .. 20x20, beside CP-SAT
    python benchmarks/bench_flowfree.py --numberlink [--runs 3] [--cap 60]   # Numberlink, beside CP-SAT and clingo
    python benchmarks/bench_flowfree.py --numberlink --seeds 3001-3030 --ours-only   # many fresh sparse boards
    python benchmarks/bench_flowfree.py --numberlink --boards janko --largest 60 --ours-only   # boards of a file

--planted (issue 29) prints planted boards with few dots (about 0.8 n pairs on n x n, pipes not cut
where they run alongside themselves, so large areas are crossed by one pipe): the default solve plus
solutions(limit=2), CP-SAT with one worker on the same boards (same run, its own process) and the
ratio. --quick takes one board per size up to 16x16.

--numberlink (issue 42) takes real Numberlink pages (puzz.link, 10x10 to 26x26) and fresh sparse
planted boards (13x13 to 26x26, seeds never used while tuning) under the Numberlink rule (a cell may
stay empty) and times the same question on three solvers, each in a process of its own
(peer_child.py, never OR-Tools beside highspy): ours, solutions(limit=2); OR-Tools CP-SAT with one
worker (cpsat_numberlink.py); clingo (the numberlink encoding of clingo_peers.py, its models
projected onto the colours). Per board: the answer count each found (0, 1, 2 = two or more; they
must agree), CPU median and worst of --runs, the ratios ours/CP-SAT and ours/clingo, wall medians.

--corpus prints each real level with its size, OR-Tools CP-SAT's times (one worker, in a subprocess:
see cpsat_flowfree.py; --no-cpsat leaves it out), the default solve's time and solver runs, the time
of solutions(limit=2), whether a second colouring exists (checked against the corpus's own count)
and the ratio of the two times (target: at most 5 s each, median under 1 s, solutions within 3x).
--formulations adds the tidy search with the chapter's second formulation of the cells model (a
pipe binary per colour, degrees per colour).
--proof adds the SAT engine on its own, under the plain rules: the time to find a first colouring,
then the time and CaDiCaL's conflicts to find a second or prove there is none. It shows where a
level's solutions(2) time goes: on most levels the proof costs about what the find does, on a few
(nested spirals round an empty region) it costs hundreds of times more, on every solver. Beside
them, the count of every pipe layout (frontier-based search, flowfree/counting.py) with its time,
on the boards small enough for solutions() to use it, and whether solutions(2) did use it: "-" when
the SAT search settled the level within its budget, "settled" when the count proved it unique.

Boards come from `flowfree.random_puzzle` (a random Hamiltonian path cut into tidy pipes, dots at
their ends), plus Hartmann's 8x8. Every run is capped by `--cap` seconds; a dash means the cap was
reached (the median counts a capped run as over the cap). Every answer is checked with `verify`.
Hartmann (2018) reported 324.7 s (model 1) and 0.4 s (model 2) with GLPK on his 8x8.
Target: the default model solves 14x14 boards in seconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzlelib import flowfree as ff  # noqa: E402
from puzzlelib.core import SolverError  # noqa: E402
from puzzlelib.display.report import seconds, table  # noqa: E402
from timing import timed, timed_median  # noqa: E402
from puzzlelib.flowfree import solving  # noqa: E402
from puzzlelib.flowfree.counting import count_pipe_layouts, countable  # noqa: E402
from puzzlelib.flowfree.model_sat import SatModel  # noqa: E402
from puzzlelib.flowfree.solving import SEARCHES, sat_lazy_solve  # noqa: E402

MODELS = ("hartmann1", "hartmann2", "lazy", "cells")


def run_once(puzzle, model, solver, cap):
    """Seconds to a checked answer, or None when the cap was reached."""
    start = time.perf_counter()
    try:
        answer = ff.solve(puzzle, model=model, solver=solver, time_limit=cap)
    except SolverError:
        return None, None
    elapsed = time.perf_counter() - start
    assert ff.verify(puzzle, answer) == [], (model, solver, puzzle.to_text())
    return elapsed, answer.rounds


def measure(puzzle, model, solver, runs, cap):
    times, rounds = [], None
    for _ in range(runs):
        t, rounds = run_once(puzzle, model, solver, cap)
        if t is None:
            return None, None  # one capped run is enough: the next would be capped too
        times.append(t)
    return statistics.median(times), rounds


CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "flowfree.json"


def per_colour_model(puzzle):
    """The cells model with a pipe binary per colour f[(u, v), k] and degrees per colour, tidy rule included."""
    import pulp

    from puzzlelib.engine.solver import add_binary, new_problem

    K, shape = puzzle.colours, puzzle.shape
    dot = {v: k for k, pair in puzzle.dots.items() for v in pair}
    problem = new_problem("cells_per_colour")
    x = {(v, k): add_binary(problem, f"x_{v[0]}_{v[1]}_{q}") for v in ff.cells_of(shape) for q, k in enumerate(K)}
    f = {(a, k): add_binary(problem, f"f_{a[0][0]}_{a[0][1]}_{a[1][0]}_{a[1][1]}_{q}")
         for a in ff.edges_of(shape) for q, k in enumerate(K)}
    for v in ff.cells_of(shape):
        problem += pulp.lpSum(x[v, k] for k in K) == 1
        for k in K:
            ends = pulp.lpSum(f[ff.edge(v, u), k] for u in ff.neighbours(v, shape))
            problem += ends == ((1 if dot[v] == k else 0) if v in dot else 2 * x[v, k])
        if v in dot:
            problem += x[v, dot[v]] == 1
    for (a, k), var in f.items():
        problem += var <= x[a[0], k]
        problem += var <= x[a[1], k]
        problem += x[a[0], k] + x[a[1], k] - 1 <= var
    e = {a: pulp.lpSum(f[a, k] for k in K) for a in ff.edges_of(shape)}
    for r in range(shape[0] - 1):
        for c in range(shape[1] - 1):
            problem += pulp.lpSum(e[a] for a in ff.square_edges((r, c))) <= 3
    return problem, {"x": x, "e": e}


def time_cpsat(grids, cap):
    """CP-SAT's results for every grid, from one subprocess (see cpsat_flowfree.py), or None."""
    import json
    import subprocess

    result = subprocess.run([sys.executable, str(Path(__file__).with_name("cpsat_flowfree.py")), str(cap)],
                            input=json.dumps(grids), capture_output=True, text=True)
    if result.returncode != 0:
        print("CP-SAT left out (pip install ortools, or `pip install -e .[bench]`):\n" + result.stderr[-500:],
              file=sys.stderr)
        return None
    return [json.loads(line) for line in result.stdout.splitlines()]


def sat_find_and_prove(puzzle, cap):
    """CaDiCaL on the plain rules: seconds to a first colouring, then seconds and conflicts to settle a second."""
    model = SatModel(puzzle)
    try:
        t_find, first = timed(lambda: sat_lazy_solve(model, cap))
        if first is None:
            return t_find, None, None
        assert ff.verify(puzzle, first) == []
        before = model.search.stats()["conflicts"]
        model.forbid(first.grid)
        t_prove, _ = timed(lambda: sat_lazy_solve(model, cap))
        if t_prove is None:  # the cap came first: no conflict count of a search that did not end
            return t_find, None, None
        return t_find, t_prove, model.search.stats()["conflicts"] - before
    finally:
        model.search.close()


def corpus(cap: float, formulations: bool, cpsat: bool = True, search: str = "sat", proof: bool = False) -> None:
    """Every corpus level: size, CP-SAT, default solve, solutions(limit=2), and optionally the first model."""
    import json

    if not CORPUS.exists():
        print(f"no corpus at {CORPUS}")
        return
    records = json.loads(CORPUS.read_text())
    cp_sat = time_cpsat([r["decoded"]["grid"] for r in records], cap) if cpsat else None
    rows, solve_times, ratios = [], [], []
    counted = []  # what each call of the count told solutions(): True when it settled the level
    real_check = solving.no_other_colouring

    def recorded(puzzle, found):
        counted.append(real_check(puzzle, found))
        return counted[-1]

    solving.no_other_colouring = recorded
    for i, record in enumerate(records):
        puzzle = ff.Puzzle(record["decoded"]["grid"])
        t, answer = timed_median(lambda: ff.solve(puzzle, time_limit=cap))
        if answer is not None:
            assert ff.verify(puzzle, answer) == [], record["id"]
        solve_times.append(t if t is not None else float("inf"))
        counted.clear()
        t2, found = timed_median(lambda: ff.solutions(puzzle, limit=2, time_limit=cap, search=search))
        if found is not None:
            assert all(ff.verify(puzzle, s) == [] for s in found), record["id"]
            assert (len(found) == 1) == bool(record["unique"]), record["id"]  # the corpus's own count
        ratio = t2 / t if t and t2 else None
        if ratio is not None:
            ratios.append(ratio)
        row = [record["id"].split("-", 1)[1][:26], "x".join(map(str, puzzle.shape)), len(puzzle.colours)]
        if cp_sat is not None:
            row += [seconds(cp_sat[i]["solve"]), seconds(cp_sat[i]["second"])]
        row += [seconds(t), "-" if answer is None else answer.rounds, seconds(t2),
                "-" if found is None else ("yes" if len(found) > 1 else "no"),
                "-" if ratio is None else f"{ratio:.1f}x"]
        if formulations:
            def first():
                problem, variables = per_colour_model(puzzle)
                return ff.lazy_solve(problem, puzzle, "cells", variables, time_limit=cap)
            row.append(seconds(timed(first)[0]))
        if proof:
            t_find, t_prove, conflicts = sat_find_and_prove(puzzle, cap)
            row += [seconds(t_find), seconds(t_prove), "-" if conflicts is None else conflicts]
            t_count, layouts = timed(lambda: count_pipe_layouts(puzzle)) if countable(puzzle) else (None, None)
            row += [seconds(t_count), "-" if layouts is None else f"{layouts:,}",
                    "-" if not counted else ("settled" if counted[-1] else "searched on")]
        rows.append(row)
        print(f"  measured {record['id']}", file=sys.stderr)
    solving.no_other_colouring = real_check
    headers = ["level", "size", "colours"]
    widths = [26, 5, 7]
    if cp_sat is not None:
        headers += ["CP-SAT solve", "CP-SAT sol(2)"]
        widths += [12, 13]
    headers += ["solve", "solver runs", "solutions(2)", "second", "sol(2)/solve"]
    widths += [10, 11, 12, 6, 12]
    if formulations:
        headers.append("per colour, tidy")
        widths.append(17)
    if proof:
        headers += ["SAT find", "SAT 2nd/proof", "conflicts", "count", "layouts", "count in sol(2)"]
        widths += [9, 13, 9, 7, 9, 15]
    print(f"Flow Free corpus ({len(rows)} levels), HiGHS, one run each (median of 3 under 0.5 s), cap {cap:g} s (a dash: cap reached); "
          f"solutions(2) with search={search!r}; CP-SAT with one worker, the first colouring forbidden for sol(2)")
    print(table(headers, rows, widths=widths))
    print(f"median solve {seconds(statistics.median(solve_times))}, worst {seconds(max(solve_times))}; "
          f"solutions(2) within 3x of solve on {sum(r <= 3 for r in ratios)} of {len(rows)} levels")


def few_dots(n: int, seed: int):
    """A planted n x n board with about 0.8 n pairs of dots (the boards of issue 29)."""
    pairs = round(0.8 * n)
    return ff.planted_puzzle(n, seed=seed, mean_len=n * n / pairs, tidy=False)[0]


def planted(cap: float, quick: bool, cpsat: bool = True) -> None:
    """Few-dots boards: ours (solve + solutions(2)) beside CP-SAT one worker, and the ratio."""
    sizes = (10, 12, 14, 16) if quick else (10, 12, 14, 16, 18, 20)
    seeds = (0,) if quick else (0, 1)
    boards = [(n, s, few_dots(n, s)) for n in sizes for s in seeds]
    cp_sat = time_cpsat([list(b.grid) for *_, b in boards], cap) if cpsat else None
    rows = []
    for i, (n, seed, puzzle) in enumerate(boards):
        def ours():
            answer = ff.solve(puzzle, time_limit=cap)
            assert ff.verify(puzzle, answer) == [], (n, seed)
            found = ff.solutions(puzzle, limit=2, time_limit=cap)
            assert found and all(ff.verify(puzzle, s) == [] for s in found), (n, seed)
            return answer, found
        t, result = timed(ours)
        theirs = cp_sat[i]["second"] if cp_sat else None
        ratio = f"{t / theirs:.2f}x" if t and theirs else "-"
        row = [f"{n}x{n} seed {seed}", len(puzzle.colours), seconds(t),
               "-" if result is None else result[0].rounds,
               "-" if result is None else ("yes" if len(result[1]) > 1 else "no")]
        if cp_sat is not None:
            row += [seconds(cp_sat[i]["solve"]), seconds(theirs), ratio]
        rows.append(row)
        print(f"  measured {n}x{n} seed {seed}", file=sys.stderr)
    headers = ["board", "colours", "ours solve+sol(2)", "solver runs", "second"]
    widths = [16, 7, 17, 11, 6]
    if cp_sat is not None:
        headers += ["CP-SAT solve", "CP-SAT solve+2nd", "ours/CP-SAT"]
        widths += [12, 16, 11]
    print(f"Flow Free, planted boards with few dots, cap {cap:g} s each (a dash: cap reached); CP-SAT one worker")
    print(table(headers, rows, widths=widths))


#: Real sparse Numberlink pages (puzz.link), as in tests/test_flowfree_numberlink_search.py: a
#: Japanese puzzle page's 10x10 to 14x14 boards, a puzzle hunt's 11x11, a solver project's 26x26.
NUMBERLINK_PAGES = {
    "page 10x10 a": "https://puzz.link/p?numlin/10/10/1h2j65s5h3h1zk4y6k2i3m4l",
    "page 10x10 c": "https://puzz.link/p?numlin/10/10/m5g1v3l4zi1r2o3m2g5k4i",
    "page 10x10 i": "https://puzz.link/p?numlin/10/10/4i5l63j82h7r8g1p2t7j4m63j1n5o",
    "page 11x11": "https://puzz.link/p?numlin/11/11/h8h65s4h6g8p9t2zl4i7l1h5n9h2i1g7i3h3i",
    "page 13x13": "https://puzz.link/p?numlin/13/13/k3x6i7x1i2l4w5zl7j3i1u6p4m2z5",
    "page 14x14": "https://puzz.link/p?numlin/14/14/u3p2u1o5k4k6u4k7h2zi9p7i6h8gahazh3n95m1w8",
    "page 26x26": "https://puzz.link/p?numlin/26/26/zz-15gdx-12nfs-16j8x4v-11zxes9kfs8zg4lbm6k5ubv2r-14n1q-10z5v7z"
                  "eq3n3r1v-13u9k-11mdl6zgas2k-10sczxav-16x7jcs-15n-13x-14g-12zz",
}
#: Seeds of the generated sparse boards (never used while tuning: tuning used seeds 1-6).
NUMBERLINK_SEEDS = (1001, 1002, 1003)


def sparse_numberlink(n: int, pairs: int, seed: int):
    """A planted n x n board with only ``pairs`` of its pipes' dots kept, under the Numberlink rule."""
    flow, _ = ff.planted_puzzle(n, seed=seed, mean_len=n, tidy=False)
    keep = set(flow.colours[:pairs])
    return ff.Puzzle(["".join(ch if ch in keep else "." for ch in row) for row in flow.grid], rule="numberlink")


#: The three solvers of --numberlink, as peer_child.py names them: ours is solutions(limit=2) itself.
NUMBERLINK_SOLVERS = (("ours-solutions", "ours"), ("cpsat", "CP-SAT"), ("clingo", "clingo"))
VERDICT_COUNT = {"none": "0", "unique": "1", "2+": "2"}


def numberlink_boards(seeds=NUMBERLINK_SEEDS):
    """The real pages, then a fresh sparse board of each size (about n / 2 pairs on n x n) per seed."""
    boards = [(name, ff.Puzzle.from_puzzlink(url)) for name, url in NUMBERLINK_PAGES.items()]
    for n, pairs in ((13, 7), (14, 8), (20, 10), (26, 12)):
        boards += [(f"sparse {n}x{n} {pairs} pairs s{seed}", sparse_numberlink(n, pairs, seed))
                   for seed in seeds]
    return boards


def _ratio(ours, peer, cap: float) -> str:
    """ours / peer on CPU (floored at bench_peers.FLOOR), two digits; a bound when one side reached the cap."""
    from bench_peers import FLOOR

    if isinstance(ours, (int, float)) and isinstance(peer, (int, float)):
        return f"{max(ours, FLOOR) / max(peer, FLOOR):.2g}"
    if isinstance(ours, (int, float)) and peer == "cap":
        return f"<{max(ours, FLOOR) / cap:.2g}"
    if ours == "cap" and isinstance(peer, (int, float)):
        return f">{cap / max(peer, FLOOR):.2g}"
    return "-"


def _shown(value) -> str:
    """Seconds as bench_peers prints them, '-' for a capped or missing run."""
    from bench_peers import fmt

    return fmt(value) if isinstance(value, (int, float)) else "-"


def numberlink_file_boards(path: str) -> list:
    """Boards of a file in the format of thomasahle/numberlink's ``puzzles/`` files (Janko's 270
    Arukone boards among them): a line "width height", then the rows; blank lines between boards,
    '#' lines are comments. A colour written with a sign (the largest boards have more pairs than
    letters) is given an unused letter or digit, said once on standard error. Read under the
    Numberlink rule, whatever rule the boards were made for."""
    import string

    boards, renamed = [], 0
    for number, block in enumerate(b for b in Path(path).read_text().split("\n\n")
                                   if any(line and not line.startswith("#") for line in b.splitlines())):
        lines = [line for line in block.strip().splitlines() if not line.startswith("#")]
        width, height = map(int, lines[0].split())
        rows = lines[1:1 + height]
        signs = sorted({ch for row in rows for ch in row if ch != "." and not ch.isalnum()})
        free = [ch for ch in string.ascii_letters + string.digits if ch not in "".join(rows)]
        if len(free) < len(signs):
            raise SystemExit(f"{path}: board {number + 1} has more colours than letters and digits")
        renamed += bool(signs)
        table_ = str.maketrans(dict(zip(signs, free)))
        board = ff.Puzzle([row.translate(table_) for row in rows], rule="numberlink")
        boards.append((f"{Path(path).name} {number + 1} {width}x{height}", board))
    if renamed:
        print(f"{path}: {renamed} board(s) write colours with signs; each sign got an unused letter or digit",
              file=sys.stderr)
    return boards


def numberlink(cap: float, runs: int, seeds=NUMBERLINK_SEEDS, peers: bool = True, boards=None) -> None:
    """Ours (solutions(limit=2)), CP-SAT and clingo on the Numberlink boards: CPU median and worst of ``runs``.

    Each solver runs in a child of its own (peer_child.py, as bench_peers.py runs them: CP-SAT the model
    of cpsat_numberlink.py with one worker, clingo the encoding of clingo_peers.py projected onto the
    colours), all boards of a run in one child, the three interleaved run by run; a board that reached
    the cap is not run again by that solver. The answer counts (0, 1, or 2 for "two or more") must
    agree wherever the solvers finished: a disagreement is printed and ends the script with an error.
    """
    from bench_peers import run_child

    os.environ.setdefault("PUZZLELIB_PROGRESS", "0")  # the children inherit it: no progress lines in the timing
    boards = numberlink_boards(seeds) if boards is None else boards
    texts = [b.to_text() for _, b in boards]
    grids = [list(b.grid) for _, b in boards]
    lines = {who: [[] for _ in boards] for who, _ in NUMBERLINK_SOLVERS}
    live = {who: list(range(len(boards))) for who, _ in NUMBERLINK_SOLVERS}
    for rep in range(runs):
        for who, name in NUMBERLINK_SOLVERS:
            if not live[who] or not (peers or who.startswith("ours")):
                continue
            todo = [texts[k] if who.startswith("ours") else grids[k] for k in live[who]]
            try:
                results = run_child(who, "numberlink", todo, cap)
            except SystemExit as failed:
                if who.startswith("ours"):
                    raise
                print(f"{name} left out: {failed}", file=sys.stderr)
                live[who] = []
                continue
            for k, line in zip(live[who], results):
                lines[who][k].append(line)
            live[who] = [k for k in live[who] if lines[who][k][-1]["answer"] != "time limit"]
            print(f"  numberlink: run {rep + 1}/{runs} of {name} done", file=sys.stderr)
    numberlink_report(boards, lines, runs, cap)


def numberlink_report(boards, lines: dict, runs: int, cap: float) -> None:
    """The table of numberlink(): ``lines[who][k]`` holds peer_child's JSON lines of board k, one a run."""
    from bench_peers import FLOOR

    rows, disagree, ratios = [], [], {"cpsat": [], "clingo": []}
    capped = {who: 0 for who, _ in NUMBERLINK_SOLVERS}
    medians = {who: [] for who, _ in NUMBERLINK_SOLVERS}  # per board: CPU median, "cap", or None (not run)
    for k, (board_name, board) in enumerate(boards):
        cpu, worst, wall, counts = {}, {}, {}, {}
        for who, _ in NUMBERLINK_SOLVERS:
            done = lines[who][k]
            if not done:
                cpu[who] = worst[who] = wall[who] = counts[who] = None  # the solver is not installed
            elif any(line["answer"] == "time limit" for line in done):
                cpu[who] = worst[who] = wall[who] = counts[who] = "cap"
                capped[who] += 1
            else:
                cpu[who] = statistics.median(line["cpu"] for line in done)
                worst[who] = max(line["cpu"] for line in done)
                wall[who] = statistics.median(line["wall"] for line in done)
                counts[who] = "/".join(sorted({VERDICT_COUNT.get(line["answer"], line["answer"]) for line in done}))
        for who in medians:
            medians[who].append(cpu[who])
        found = {c for c in counts.values() if c not in (None, "cap")}
        if len(found) > 1 or any(c not in VERDICT_COUNT.values() for c in found):
            disagree.append(board_name)
        for peer in ratios:
            if all(isinstance(cpu[w], (int, float)) for w in ("ours-solutions", peer)):
                ratios[peer].append(max(cpu["ours-solutions"], FLOOR) / max(cpu[peer], FLOOR))

        row = [board_name + (" DISAGREE" if board_name in disagree else ""), len(board.colours),
               " ".join("-" if counts[w] in (None, "cap") else counts[w] for w, _ in NUMBERLINK_SOLVERS)]
        for who, _ in NUMBERLINK_SOLVERS:
            row += [_shown(cpu[who]), _shown(worst[who])]
        row += [_ratio(cpu["ours-solutions"], cpu[peer], cap) for peer in ("cpsat", "clingo")]
        row.append(" / ".join(_shown(wall[w]) for w, _ in NUMBERLINK_SOLVERS))
        rows.append(row)
    print(f"Numberlink (empty cells allowed): ours = solutions(limit=2), CP-SAT (1 worker), clingo (projected "
          f"onto the colours, --models=2), each in its own process: CPU seconds, median and worst of {runs} "
          f"run(s), cap {cap:g} s ('-': capped); answers 0, 1 or 2 (two or more) as ours, CP-SAT, clingo found "
          f"them; ratios ours/peer on CPU medians ('<' or '>': a bound, one side capped); wall medians")
    print(table(["board", "colours", "answers", "ours", "worst", "CP-SAT", "worst", "clingo", "worst",
                 "ours/CP-SAT", "ours/clingo", "wall ours / CP-SAT / clingo"], rows,
                widths=[30, 7, 7, 7, 7, 7, 7, 7, 7, 11, 11, 27]))
    for peer, name in (("cpsat", "CP-SAT"), ("clingo", "clingo")):
        if ratios[peer]:
            print(f"ours/{name} on the {len(ratios[peer])} boards both finished: median "
                  f"{statistics.median(ratios[peer]):.2g}, worst {max(ratios[peer]):.2g}")
    print("boards capped: " + ", ".join(f"{name} {capped[w]}" for w, name in NUMBERLINK_SOLVERS))
    for who, name in NUMBERLINK_SOLVERS:  # every board together
        settled = [t for t in medians[who] if isinstance(t, (int, float))]
        if settled:
            print(f"{name} on all {len(boards)} boards: median {statistics.median(settled):.3f} s, worst "
                  f"{max(settled):.3f} s CPU over the {len(settled)} it settled, capped {capped[who]}")
    from bench_peers import growth

    for who, name in NUMBERLINK_SOLVERS:  # each solver on the sparse boards of each size, and its growth
        groups: dict = {}
        for (board_name, _), median in zip(boards, medians[who]):
            if board_name.startswith("sparse ") and median is not None:
                groups.setdefault(int(board_name.split()[1].split("x")[0]), []).append(
                    None if median == "cap" else median)
        by_size = {}
        for n, times in groups.items():
            settled = [t for t in times if t is not None]
            if len(settled) == len(times):
                by_size[n] = statistics.median(settled)
            print(f"{name} on {len(times)} sparse {n}x{n} boards: "
                  + (f"median {statistics.median(settled):.3f} s, worst {max(settled):.3f} s CPU, " if settled else "")
                  + f"capped {len(times) - len(settled)}")
        b = growth(list(by_size), list(by_size.values()))
        if b is not None:
            print(f"{name}: growth n^b over the sizes it settled ({', '.join(map(str, by_size))}): b = {b:.1f}")
    if disagree:
        raise SystemExit("the solvers' answer counts DISAGREE on: " + ", ".join(disagree))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few sizes, HiGHS only, one run")
    parser.add_argument("--cap", type=float, default=None, help="time limit per run, seconds")
    parser.add_argument("--models", default=",".join(MODELS), help="comma-separated models to run")
    parser.add_argument("--corpus", action="store_true", help="every level of the shared corpus")
    parser.add_argument("--formulations", action="store_true", help="with --corpus: the first cells model too")
    parser.add_argument("--no-cpsat", action="store_true", help="with --corpus: leave CP-SAT out")
    parser.add_argument("--search", choices=SEARCHES, default=SEARCHES[0],
                        help="with --corpus: how solutions(2) searches after the first colouring")
    parser.add_argument("--proof", action="store_true",
                        help="with --corpus: CaDiCaL alone, time to find vs time to prove, and its conflicts")
    parser.add_argument("--planted", action="store_true", help="planted boards with few dots, beside CP-SAT")
    parser.add_argument("--numberlink", action="store_true",
                        help="Numberlink pages and fresh sparse boards: solutions(2) beside CP-SAT and clingo")
    parser.add_argument("--runs", type=int, default=3, help="with --numberlink: runs per board")
    parser.add_argument("--seeds", default=f"{NUMBERLINK_SEEDS[0]}-{NUMBERLINK_SEEDS[-1]}",
                        help="with --numberlink: the sparse boards' seeds, FIRST-LAST")
    parser.add_argument("--ours-only", action="store_true", help="with --numberlink: leave the peers out")
    parser.add_argument("--boards", default=None, metavar="FILE",
                        help="with --numberlink: the boards of FILE instead (thomasahle/numberlink's format, "
                             "e.g. its puzzles/janko: Janko's Arukone boards)")
    parser.add_argument("--largest", type=int, default=0, metavar="N",
                        help="with --boards: only the N largest boards")
    args = parser.parse_args(argv)
    if args.numberlink:
        first, _, last = args.seeds.partition("-")
        boards = None
        if args.boards:
            boards = numberlink_file_boards(args.boards)
            if args.largest:
                boards = sorted(boards, key=lambda nb: -nb[1].shape[0] * nb[1].shape[1])[:args.largest]
        numberlink(args.cap or 60.0, args.runs, range(int(first), int(last or first) + 1), not args.ours_only, boards)
        return
    if args.planted:
        planted(args.cap or 60.0, args.quick, not args.no_cpsat)
        return
    if args.corpus:
        corpus(args.cap or 60.0, args.formulations, not args.no_cpsat, args.search, args.proof)
        return
    cap = args.cap or (10.0 if args.quick else 30.0)
    sizes = [5, 8, 12, 14] if args.quick else [5, 8, 10, 12, 14, 15]
    solvers = ("highs",) if args.quick else ("highs", "cbc")
    runs = 1 if args.quick else 3
    models = [m for m in args.models.split(",") if m]
    boards = [("Hartmann 8x8", ff.HARTMANN_8X8)]
    boards += [(f"random {n}x{n}", ff.random_puzzle(n, seed=n)) for n in sizes]
    rows = []
    for name, puzzle in boards:
        for model in models:
            for solver in solvers:
                t, rounds = measure(puzzle, model, solver, runs, cap)
                rows.append((name, len(puzzle.colours), model, solver, seconds(t),
                             "-" if rounds is None else rounds))
                print(f"  measured {name} {model} {solver}", file=sys.stderr)
    print(f"Flow Free: median of {runs} run(s), time limit {cap:g} s per run "
          "(GLPK in Hartmann 2018: model 1 324.7 s, model 2 0.4 s on his 8x8)")
    print(table(["board", "colours", "model", "solver", "time", "solver runs"], rows,
                widths=[13, 7, 9, 6, 10, 11]))


if __name__ == "__main__":
    main()
