"""Checks for the exercises of chapter 9 on Infinity Loop.

Exercise 9.2 (the model of a board that wraps around, as Tatham's Net can: a pipe leaving the right
edge comes back on the left of its row, one leaving the bottom at the top of its column): the
pictures a student's model admits are enumerated (no-good cuts) and compared with the closed
pictures of the wrapped board, found by a search without any solver (``wrapped_pictures``), on
boards whose pictures cross the edge, so a copy of the chapter's borders misses them; its second
part (``check_crossing``) asks for a closed picture with a pipe across the edge, or None. Exercise 9.3
(board size against time): the check re-creates the boards the student was asked to time and
compares the fewest turns the student reports; each reported time must be the time of a solve of its
board on the check's own clock (``VirtualClock``: while the answer runs, Python's clocks, the
``time`` module's, ``timeit``'s and ``datetime.now()``, stand still except while ``il.solve`` works,
and then move by a fixed time per cell), so a time measured by any of them passes, and a time made
up, read around making the board or checking the answer, in milliseconds or counted from the start
is caught the same way on every machine.

No function here returns an answer: the data are pictures and counts, and while a student's
function runs the library's models and searches and the checks' data are blocked.
"""

from __future__ import annotations

import datetime
import math
import random
import time
from functools import cache

import pulp

from ..feedback.checks import Case, Failure, forbidden, hidden_boards, int_grid, run_check, watched
from ..core.errors import NoSolution
from ..engine.rotation import SIDES, STEP, code_sides, sides_code, turn_code
from ..engine.solver import solve_model, value01
from .board import Puzzle
from .drawing import draw
from .generators import random_puzzle
from .model import build_hartmann, build_model
from .model_connected import build_connected_model
from .rules import brute_force
from .solving import solutions, solve

LIBRARY = {"il.build_model": build_model, "il.build_hartmann": build_hartmann,
           "il.build_connected_model": build_connected_model, "il.solve": solve, "il.solutions": solutions,
           "il.brute_force": brute_force}


# --------------------------------------------------------------------------------------------- #
# Exercise 9.2: a board that wraps around
# --------------------------------------------------------------------------------------------- #
def beyond(shape, cell, h) -> tuple[int, int]:
    """The cell that side ``h`` of ``cell`` meets on the wrapped board."""
    (nrows, ncols), (r, c) = shape, cell
    return (r + STEP[h][0]) % nrows, (c + STEP[h][1]) % ncols


def _across_edge(shape, cell, h) -> bool:
    r, c = cell[0] + STEP[h][0], cell[1] + STEP[h][1]
    return not (0 <= r < shape[0] and 0 <= c < shape[1])


def wrapped_open_ends(grid) -> list[tuple[tuple[int, int], int]]:
    """``(cell, side)`` of every connection that meets nothing on the wrapped board."""
    shape = (len(grid), len(grid[0]))
    out = []
    for r, row in enumerate(grid):
        for c, code in enumerate(row):
            sides = code_sides(code)
            for h in range(4):
                rr, cc = beyond(shape, (r, c), h)
                if sides[h] and not code_sides(grid[rr][cc])[(h + 2) % 4]:
                    out.append(((r, c), h))
    return out


@cache
def wrapped_pictures(puzzle: Puzzle) -> frozenset:
    """Every closed picture of the wrapped board (turns tried in reading order, no solver)."""
    nrows, ncols = puzzle.shape
    cells = [(r, c) for r in range(nrows) for c in range(ncols)]
    options = [sorted({turn_code(puzzle.tiles[r][c], k) for k in range(4)}) for r, c in cells]
    grid = [[0] * ncols for _ in range(nrows)]
    found, stack = set(), [0]
    while stack:
        depth = len(stack) - 1
        if stack[-1] >= len(options[depth]):
            stack.pop()
            if stack:
                stack[-1] += 1
            continue
        r, c = cells[depth]
        grid[r][c] = code = options[depth][stack[-1]]
        sides = code_sides(code)
        fits = ((c == 0 or sides[1] == code_sides(grid[r][c - 1])[3])
                and (r == 0 or sides[0] == code_sides(grid[r - 1][c])[2])
                and (c < ncols - 1 or sides[3] == code_sides(grid[r][0])[1])
                and (r < nrows - 1 or sides[2] == code_sides(grid[0][c])[0]))
        if fits and depth == len(cells) - 1:
            found.add(tuple(map(tuple, grid)))
        if fits and depth < len(cells) - 1:
            stack.append(0)
        else:
            stack[-1] += 1
    return frozenset(found)


def wrap_board(shape, seed: int) -> Puzzle:
    """A board with a closed picture on the wrapped board that crosses its edge: random links between
    wrapped neighbours (each right and each bottom link kept with probability 1/2, at least one link
    across each edge), then each tile turned at random."""
    rng = random.Random(f"wrap-{seed}")
    nrows, ncols = shape
    sides = {(r, c): [0, 0, 0, 0] for r in range(nrows) for c in range(ncols)}
    for (r, c) in sides:
        for h in (2, 3):  # bottom, right: each link once
            across = (h == 3 and c == ncols - 1) or (h == 2 and r == nrows - 1)
            must = across and (r, c) in ((0, ncols - 1), (nrows - 1, 0))
            if must or rng.random() < 0.5:
                sides[r, c][h] = 1
                sides[beyond(shape, (r, c), h)][(h + 2) % 4] = 1
    tiles = [[turn_code(sides_code(sides[r, c]), rng.randrange(4)) for c in range(ncols)] for r in range(nrows)]
    return Puzzle(tiles)


#: Public boards of 9.2: (name, shape, seed of ``wrap_board``), chosen with few enough closed pictures
#: to list them all, and some closed pictures that cross the edge.
WRAP_BOARDS = (("a 3x3 wrapped board", (3, 3), 1), ("a 3x4 wrapped board", (3, 4), 2),
               ("a 4x3 wrapped board", (4, 3), 3), ("a 4x4 wrapped board", (4, 4), 4),
               ("a 4x4 wrapped board", (4, 4), 5),
               # one row or one column: each tile's bottom meets its own top (its right its own left)
               ("a 1x4 wrapped board (a tile's bottom meets its own top)", (1, 4), 3),
               ("a 3x1 wrapped board (a tile's right meets its own left)", (3, 1), 7),
               ("a 1x5 wrapped board", (1, 5), 6))

#: A board of 9.2 with an odd number of pipe ends, so no closed picture: a model that leaves out one
#: link (the corner's, say, in an if/elif over the edges) admits a picture with an open end there;
#: where a closed picture exists the parity of the pipe ends closes one missing link by itself.
ODD_BOARD = ((6, 8, 7), (6, 13, 9), (15, 7, 14))


@cache
def public_model_battery() -> tuple[tuple[str, Puzzle], ...]:
    boards = [("the chapter's 3x3 with a cross in the middle (it closes without wrapping, too)",
               Puzzle([[9, 13, 12], [11, 15, 14], [3, 7, 6]])),
              ("a 3x3 whose only closed picture runs a pipe around the board", Puzzle([[5, 5, 5], [0, 0, 0], [0, 0, 0]]))]
    boards += [(f"{name} #{seed}", wrap_board(shape, seed)) for name, shape, seed in WRAP_BOARDS]
    boards.append(("a 3x3 with an odd number of pipe ends (no closed picture)", Puzzle([list(row) for row in ODD_BOARD])))
    return tuple(boards)


def model_battery() -> list[tuple[str, Puzzle]]:
    """The public boards, then (when a grader sets a hidden seed) boards the student never saw."""
    return list(public_model_battery()) + hidden_boards(lambda s: wrap_board((3, 4), s))


def admitted_pictures(build, puzzle: Puzzle, limit: int):
    """The pictures a student's ``build(puzzle) -> (problem, x)`` admits, up to ``limit`` pictures.

    Each cut forbids a *picture*, not one 0/1 answer: a model with four binaries for a straight tile
    (two of them drawing the same picture) or with binaries for empty cells is enumerated as fast
    as one with a binary per picture, and no picture hides behind a cap on 0/1 answers. Returns
    ``(pictures, None)`` or ``(pictures, Failure)`` when an answer cannot be read.
    """
    problem, x = build(puzzle)
    if not isinstance(problem, pulp.LpProblem) or not isinstance(x, dict):
        return set(), Failure("the function must return (problem, x): a PuLP problem and a dict",
                              code="wrong-return-type")
    missing = [cell for cell in puzzle.cells() if cell not in x]
    if missing:
        return set(), Failure(f"x has no entry for the tile at {missing[0]}: key it by (row, col)",
                              code="missing-variable")
    problem.setObjective(pulp.lpSum([]))
    pictures, answers = set(), 0
    while answers < limit:
        try:
            solve_model(problem, time_limit=10)
        except NoSolution:
            break
        grid = [list(row) for row in puzzle.tiles]
        for (r, c), tile in x.items():
            if not puzzle.tiles[r][c]:
                continue
            ks = [k for k, var in tile.items() if value01(var)]
            if len(ks) != 1:
                return pictures, Failure(f"tile ({r}, {c}) takes {len(ks)} numbers of turns at once ({ks}): "
                                         "is 'exactly one number of turns per tile' there?", code="not-one-turn")
            grid[r][c] = turn_code(puzzle.tiles[r][c], ks[0])
        pictures.add(tuple(map(tuple, grid)))
        answers += 1
        other_pictures = [var for (r, c), tile in x.items() for k, var in tile.items()
                          if puzzle.tiles[r][c] and turn_code(puzzle.tiles[r][c], k) != grid[r][c]]
        if not other_pictures:  # every tile has a single picture: nothing else to find
            break
        problem += pulp.lpSum(other_pictures) >= 1, f"check_cut_{answers}"
    return pictures, None


def _crosses_edge(grid) -> tuple[tuple[int, int], int] | None:
    """A connection of a picture that crosses the board's edge, or None."""
    shape = (len(grid), len(grid[0]))
    for r, row in enumerate(grid):
        for c, code in enumerate(row):
            for h, on in enumerate(code_sides(code)):
                if on and _across_edge(shape, (r, c), h):
                    return (r, c), h
    return None


def check_wrap_model(build_wrap_model) -> object:
    """Exercise 9.2: ``build_wrap_model(puzzle)`` returns ``(problem, x)``, ``x[r, c][k]`` for k left turns,
    admitting exactly the closed pictures of the wrapped board."""
    blocked = {**LIBRARY, "checks.wrapped_pictures": wrapped_pictures}

    def case(name, puzzle):
        def run():
            truth = wrapped_pictures(puzzle)  # before the block: one picture more than there are shows a wrong model
            with forbidden(build_wrap_model, blocked):
                admitted, bad = admitted_pictures(build_wrap_model, puzzle, len(truth) + 1)
            if bad:
                return bad
            shape = puzzle.shape
            extra = sorted(admitted - truth)
            if extra:
                grid = extra[0]
                if any(code not in {turn_code(t, k) for k in range(4)} for row, trow in zip(grid, puzzle.tiles)
                       for code, t in zip(row, trow)):
                    return Failure("your model admits a picture that is not a turn of the board",
                                   lambda: draw(puzzle, grid), code="not-a-turn")
                ends = wrapped_open_ends(grid)
                inside = [(cell, h) for cell, h in ends if not _across_edge(shape, cell, h)]
                (cell, h) = (inside or ends)[0]
                meets = beyond(shape, cell, h)
                if not inside:
                    return Failure(f"your model admits a picture that is not closed: the {SIDES[h]} connection of tile "
                                   f"{cell} leaves the board and meets nothing at tile {meets} on the other side "
                                   "(is the rule across the edge there, for this side?)",
                                   lambda: draw(puzzle, grid, mark=sorted({c for c, _ in ends})), code="open-across-edge")
                return Failure(f"your model admits a picture that is not closed: the {SIDES[h]} connection of tile "
                               f"{cell} meets nothing at tile {meets} (a matching rule is missing)",
                               lambda: draw(puzzle, grid, mark=sorted({c for c, _ in ends})), code="open-end")
            missing = sorted(truth - admitted)
            if missing:
                crossing = [g for g in missing if _crosses_edge(g)]
                if crossing and not any(_crosses_edge(g) for g in admitted):
                    (cell, h) = _crosses_edge(crossing[0])
                    return Failure(f"your model misses {len(missing)} of the {len(truth)} closed pictures, every one "
                                   f"whose pipes cross the edge (in the one drawn, the {SIDES[h]} connection of tile "
                                   f"{cell}): on a wrapped board the edge is no border",
                                   lambda: draw(puzzle, crossing[0]), code="keeps-border")
                return Failure(f"your model misses {len(missing)} of the {len(truth)} closed pictures: "
                               "a constraint is too strict (or turns go the wrong way: a left turn moves the "
                               "right side up)", lambda: draw(puzzle, missing[0]), code="rules-out-solution")
            return None
        return Case(name, run)

    return run_check("9.2", "Infinity Loop on a wrapped board", [case(n, p) for n, p in model_battery()])


def crossing_battery() -> list[tuple[str, Puzzle]]:
    """The boards of 9.2's second part: those of the model, then two whose closed pictures all stay
    inside the board (the generator's closed patterns, where None is the answer)."""
    inside = [(f"a {n}x{n} board whose closed pictures stay inside, #{seed}", random_puzzle(n, seed=seed))
              for n, seed in ((3, 0), (4, 5))]
    return model_battery() + inside


def check_crossing(crossing) -> object:
    """Exercise 9.2, second part: ``crossing(puzzle)`` returns a closed picture of the wrapped board
    (rows of tile codes, 0 for an empty cell) with a pipe across the edge, or None when every closed
    picture stays inside the board."""
    blocked = {**LIBRARY, "checks.wrapped_pictures": wrapped_pictures}

    def case(name, puzzle):
        def run():
            shows = any(_crosses_edge(g) for g in wrapped_pictures(puzzle))  # before the block
            with forbidden(crossing, blocked):
                answer = crossing(puzzle)
            if answer is None:
                if shows:
                    return Failure("you return None, but this wrapped board has a closed picture with a pipe across "
                                   "the edge", code="misses-crossing")
                return None
            nrows, ncols = puzzle.shape
            grid = int_grid(answer, puzzle.shape)
            if grid is None:
                return Failure(f"return None or a picture: {nrows} rows of {ncols} tile codes", code="wrong-return-type")
            if any(code not in {turn_code(t, k) for k in range(4)} for row, trow in zip(grid, puzzle.tiles)
                   for code, t in zip(row, trow)):
                return Failure("your picture is not a turn of the board", lambda: draw(puzzle, grid), code="not-a-turn")
            ends = wrapped_open_ends(grid)
            if ends:
                (cell, h) = ends[0]
                return Failure(f"your picture is not closed on the wrapped board: the {SIDES[h]} connection of tile "
                               f"{cell} meets nothing", lambda: draw(puzzle, grid, mark=sorted({c for c, _ in ends})),
                               code="open-end")
            if not _crosses_edge(grid):
                return Failure("your picture is closed, but no pipe crosses the edge: the chapter's model, with its "
                               "borders, finds it too", lambda: draw(puzzle, grid), code="stays-inside")
            return None
        return Case(name, run)

    return run_check("9.2", "a closed picture across the edge", [case(n, p) for n, p in crossing_battery()])


# --------------------------------------------------------------------------------------------- #
# Exercise 9.3: board size against time
# --------------------------------------------------------------------------------------------- #
MEASURE_SIZES = (3, 5, 8)
MEASURE_SEED = 4


@cache
def fewest_turns(n: int, seed: int) -> int:
    return solve(random_puzzle(n, seed=seed)).moves


#: The check's clock: while ``measure`` runs in the check's own process, every clock a student may read
#: (the ``time`` module's, ``timeit.default_timer``, ``datetime.now()`` and ``utcnow()``) reads a
#: virtual clock that stands still except while ``il.solve`` works, and then advances by a rate per
#: cell of the board, drawn afresh for every case between half and twice SOLVE_SECONDS_PER_CELL (so
#: that no formula copied from here fits), plus READ_TICK per read (DATETIME_TICK for datetime, whose
#: clock counts whole microseconds), so that it always moves. A measured time is then exactly the
#: solve's, on every machine: work counted, not the machine's speed.
SOLVE_SECONDS_PER_CELL = 1e-3
READ_TICK, DATETIME_TICK = 1e-9, 1e-6
CLOCKS = ("perf_counter", "monotonic", "time", "process_time", "thread_time")
#: Where datetime's virtual clock starts (its time 0).
EPOCH = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)
#: The rate's factor is drawn at least this far (in powers of two) from 1, so that a time made up from
#: SOLVE_SECONDS_PER_CELL never fits, whatever the draw.
LEAST_SHIFT = 0.1


def draw_rate(rng=None) -> float:
    """The check's clock rate for one case: SOLVE_SECONDS_PER_CELL times 2**x, |x| between LEAST_SHIFT and 1."""
    rng = rng or random.SystemRandom()
    return SOLVE_SECONDS_PER_CELL * 2 ** (rng.choice((-1, 1)) * rng.uniform(LEAST_SHIFT, 1))


def solve_seconds(n: int, rate: float = SOLVE_SECONDS_PER_CELL) -> float:
    """What one ``il.solve`` of the n x n board takes on the check's clock at ``rate`` s per cell."""
    return rate * n * n


class VirtualClock:
    """The ``time`` module's clocks replaced, for one block, by a clock driven by ``il.solve``'s calls."""

    def __init__(self, watch, rate: float = SOLVE_SECONDS_PER_CELL):
        self.watch, self.rate, self.reads = watch, rate, 0

    def now(self) -> float:
        """1000 s, plus the virtual time of every il.solve called so far (a call counts from its start),
        plus a tick per read."""
        self.reads += 1
        solves = 0.0
        for args, kwargs in self.watch.calls.get("il.solve", []):
            board = args[0] if args else kwargs.get("puzzle")
            nrows, ncols = getattr(board, "shape", (0, 0))
            solves += self.rate * nrows * ncols
        return 1000.0 + solves + self.reads * READ_TICK

    def stand_ins(self) -> list[tuple[object, str, object]]:
        """(owner, name, what the check puts there) for every clock a student may read."""
        import timeit

        now, ns = self.now, lambda: int(self.now() * 1e9)
        found = [(time, name, now) for name in CLOCKS] + [(time, name + "_ns", ns) for name in CLOCKS]
        found += [(timeit, "default_timer", now), (datetime, "datetime", self.datetime_class())]
        if hasattr(time, "clock_gettime"):  # Unix only
            found += [(time, "clock_gettime", lambda clock_id: now()),
                      (time, "clock_gettime_ns", lambda clock_id: ns())]
        return found

    def datetime_class(self) -> type:
        """``datetime.datetime`` with ``now()`` and ``utcnow()`` on this clock, in seconds from EPOCH
        (``today()`` reads ``time.time``, already this clock). A method, not a function of the module:
        a grader's sandbox blocks those."""
        read = lambda: self.now() + self.reads * DATETIME_TICK  # noqa: E731

        class VirtualDatetime(datetime.datetime):
            @classmethod
            def now(cls, tz=None):
                moment = EPOCH + datetime.timedelta(seconds=read())
                return moment.astimezone(tz) if tz is not None else moment.replace(tzinfo=None)

            @classmethod
            def utcnow(cls):
                return cls.now(datetime.timezone.utc).replace(tzinfo=None)
        return VirtualDatetime

    def __enter__(self):
        stand_ins = self.stand_ins()
        self.saved = [(owner, name, getattr(owner, name)) for owner, name, _ in stand_ins]
        for owner, name, stand_in in stand_ins:
            setattr(owner, name, stand_in)
        return self

    def __exit__(self, *exc):
        for owner, name, original in reversed(self.saved):
            setattr(owner, name, original)
        return False


def check_measure(measure) -> object:
    """Exercise 9.3: ``measure(sizes, seed)`` returns one ``(n, seconds, moves)`` per size, in order.

    The times are judged on the check's own clock (``VirtualClock``), which advances only while
    ``il.solve`` works: a time read around the solve of its board equals that solve's virtual time,
    on a fast machine and a slow one alike. A time made up, read around another step, in
    milliseconds or counted from the start fails by its code. In a grader's sandbox the same clock is
    put up there (``SandboxClock``), driven by the calls of ``il.solve`` made there.
    """
    # other sizes, another order and other seeds too: a table copied from one run fits one case only
    asked = [(MEASURE_SIZES, MEASURE_SEED), ((4, 6), MEASURE_SEED + 1), ((5, 3), MEASURE_SEED + 2)]
    asked += [(MEASURE_SIZES, seed) for _, seed in hidden_boards(lambda s: s % 100_000, count=1)]
    return run_check("9.3", "Board size against time",
                     [Case(f"sizes {', '.join(map(str, sizes))}, seed {seed}", _measure_case(measure, sizes, seed))
                      for sizes, seed in asked], unit="measurement")


def _measure_case(measure, sizes, seed):
    def run():
        right = {n: fewest_turns(n, seed) for n in sizes}  # before the block
        sandboxed = callable(getattr(measure, "watch", None))
        with forbidden(measure, {"checks.fewest_turns": fewest_turns}), \
                watched(measure, {"il.solve": solve}) as watch:
            rate = draw_rate()
            if sandboxed:
                answer = measure.call_within(SandboxClock(rate), list(sizes), seed)
            else:
                with _student_clock(measure, VirtualClock(watch, rate)):
                    answer = measure(list(sizes), seed)
        if not isinstance(answer, (list, tuple)) or len(answer) != len(sizes):
            return Failure(f"expected a list of {len(sizes)} rows (n, seconds, moves) for sizes "
                           f"{list(sizes)}, got {str(answer)[:60]}: are the sizes ignored?",
                           code="wrong-return-type")
        if watch.count("il.solve") < len(sizes):
            return Failure(f"measure called il.solve {watch.count('il.solve')} times for {len(sizes)} boards: "
                           "each row must time a solve of its own board", code="times-not-measured")
        for want, row in zip(sizes, answer):
            if not isinstance(row, (list, tuple)) or len(row) != 3:
                return Failure(f"each row must be (n, seconds, moves), got {row!r}", code="wrong-row")
            n, seconds, moves = row
            if n != want:
                return Failure(f"a row is for size {n!r} where size {want} was asked: is the size off by one?",
                               code="wrong-size")
            if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not math.isfinite(seconds) \
                    or seconds <= 0:
                return Failure(f"size {n}: {seconds!r} is not a measured time (a positive number of seconds)",
                               code="not-a-time")
            if moves != right[n]:
                return Failure(f"size {n}: you report {moves!r} left turns, which is not the fewest for the {n}x{n} "
                               f"board of seed {seed}: is it the board random_puzzle(n, seed=seed)? is the seed "
                               "passed on? are the moves the solution's?", code="wrong-moves")
        return _timed_elsewhere(answer, sizes, rate)
    return run


class SandboxClock:
    """The virtual clock at ``rate``, sent to a grader's sandbox and put up there around the student's
    call, driven by the il.solve calls recorded there (see puzzlelib/classroom/sandbox.py, call_within)."""

    def __init__(self, rate: float):
        self.rate = rate

    def sandboxed(self, namespace: dict, watch):
        import types

        return _student_clock(types.SimpleNamespace(__globals__=namespace), VirtualClock(watch, self.rate))


class _student_clock:
    """The virtual clock, also where the student's function holds a clock by its own name
    (``from time import perf_counter``)."""

    def __init__(self, student, clock: VirtualClock):
        self.clock = clock
        found = getattr(student, "__globals__", None)
        self.names = found if isinstance(found, dict) else {}

    def __enter__(self):
        self.clock.__enter__()
        originals = {id(original): (owner, name) for owner, name, original in self.clock.saved}
        self.swapped = [(key, value) for key, value in list(self.names.items()) if id(value) in originals]
        for key, value in self.swapped:
            self.names[key] = getattr(*originals[id(value)])  # the stand-in now in the original's place
        return self.clock

    def __exit__(self, *exc):
        for key, value in self.swapped:
            self.names[key] = value
        return self.clock.__exit__(*exc)


#: (factor, in words, unit) of the times reported in another unit than seconds.
UNITS = ((1e3, "a thousand", "milliseconds"), (1e6, "a million", "microseconds (timedelta's .microseconds)"),
         (1e9, "a billion", "nanoseconds (perf_counter_ns() differences, not divided by 1e9)"))


def _timed_elsewhere(answer, sizes, rate: float) -> Failure | None:
    """A Failure when a reported time is not the virtual time of its board's solve (see
    ``VirtualClock``), named by what it looks like; None when every time is right."""
    expected = {n: solve_seconds(n, rate) for n in sizes}
    running = 0.0
    for n, seconds, _ in answer:
        want = expected[n]
        running += want
        if abs(seconds - want) <= 1e-6 + 0.01 * want:
            continue
        for factor, times, unit in UNITS:
            if abs(seconds - factor * want) <= factor * (1e-6 + 0.01 * want):
                return Failure(f"size {n}: {seconds!r} is {times} times the solve's time: report seconds "
                               f"(time.perf_counter() differences are, and timedelta's total_seconds()), not "
                               f"{unit}", code="time-not-in-seconds")
        if abs(seconds - running) <= 1e-6 + 0.01 * running and running != want:
            return Failure(f"size {n}: your time counts the solves of the boards before it too: read the clock "
                           "just before and just after this board's il.solve", code="times-cumulative")
        if seconds < 0.01 * want:  # the clock read around no solve at all: only its ticks
            return Failure(f"size {n}: your time is far shorter than this board's il.solve took: is the clock "
                           "read around il.solve (not around making the board or checking the answer)?",
                           code="times-something-else")
        return Failure(f"size {n}: your time is not what the clock shows around this board's il.solve (the check "
                       "runs your function on a clock of its own, which moves only while il.solve works, so a "
                       "measured time is exactly the solve's, by any of Python's clocks): is it measured, around "
                       "the solve of this board?",
                       code="times-not-measured")
    return None
