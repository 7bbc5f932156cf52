"""checks.py: the exercise checks the chapter's student notebook calls (chapter 11, Star Battle).

Role. Each check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
what is wrong, drawn. The truth never comes from a solver: the anti-knight placements are
``brute_force``'s answers filtered by the knight rule, and the tight M of a neighbourhood comes from
a search over the subsets of the (at most 8) cells around a cell.

Exercise 11.1 (anti-knight Star Battle): write ``build(puzzle) -> (problem, x)`` with ``x[r, c]``
keyed by cell, Star Battle's rules plus "no two stars a knight's move apart"; it passes when it
admits exactly the placements that keep every rule. The boards have no answer (the chapter's 6x6,
whose one Star Battle answer holds a knight's move), one answer (a 7x7), two (an 8x8), twenty (an
8x8 whose regions are its rows, so a knight pair missed anywhere shows) and, with k = 2, one and two
(12x12: no smaller board holds two anti-knight stars per row; there a rule of "one star per 2x3
box", which equals the knight rule for k = 1, cuts answers with two stars two cells apart). The truth
is a row-by-row search with the knight rule built in (``antiknight_search``), no solver; while the
student's function runs, every solver, the library's searches and the check's own search are refused
(a model is built, not solved).

Exercise 11.3 (the tight M of the neighbourhood inequality
``sum_{d in N(c)} x[d] <= M_c (1 - x[c])``): write ``neighbourhood_m(puzzle, cell) -> int``, the
most stars N(c) can hold with no two touching and at most k in each row, column and region; it is
asked for every cell of boards with k = 1 and k = 2 whose regions cut some neighbourhoods. The check's
own search (``fullest_neighbourhoods``) is refused while the answer runs, and a function that is that
search pasted and renamed (found by its structure, ``feedback.checks.copied_share``) fails with
``copies-library:sb_checks.fullest_neighbourhoods``.
"""

from __future__ import annotations

import numbers
from collections import Counter
from functools import cache
from itertools import combinations

from ..core.interface import Fault
from ..display.drawing import side_by_side
import random

from ..feedback.checks import (Case, CopyProbe, Failure, ForbiddenCall, filling_case, forbidden, hidden_boards,
                               operations, outside_solvers, run_check, solvers)
from .board import SEED_BOARD, Puzzle
from .drawing import draw_board
from .generators import _grow, random_puzzle
from .rules import brute_force, check_rules, read_answer
from .solving import solutions, solve

#: A knight's move, each unordered pair of squares once (the other four are these backwards).
KNIGHT = ((1, 2), (1, -2), (2, 1), (2, -1))

#: Exercise 11.1's boards beside the chapter's: a 7x7 with one anti-knight answer (and 24 Star Battle
#: answers) and an 8x8 with two (and 71), grown around knight-free placements for this check.
ANTIKNIGHT_7 = """starbattle
stars 1
aabbbcc
aabbbcc
ddeeecc
ddeeecf
dggffff
dggffff
dggffff
"""
ANTIKNIGHT_8 = """starbattle
stars 1
aaabbbbb
aaaaacbb
aaaadccc
aaadddce
faaaagge
hhhhggee
hhhhggee
hhhhhgee
"""
#: An 8x8 board whose regions are its rows: twenty anti-knight answers, so a model that misses the
#: knight pairs of one row or column (a range off by one) admits more (24).
ROWS_8 = "starbattle\nstars 1\n" + "".join(ch * 8 + "\n" for ch in "abcdefgh")
#: Two stars per row, column and region: no board smaller than 12x12 holds an anti-knight answer with
#: k = 2. Grown around a placement by this module's search (seeds 1 and 105); one and two answers,
#: each with two stars two cells apart in a row or column.
ANTIKNIGHT_12_ONE = """starbattle
stars 2
aaaabbcccccc
aaaddbbccccc
eeaaddbbfffc
eeaaddbbbbcc
eeaabddbgccc
eebbbbbbgcch
eebbbbgggcch
eebbbbccccch
eeiiiccccccc
eejcccckkkcc
jjjccclccccc
ccccclllcccc
"""
ANTIKNIGHT_12_TWO = """starbattle
stars 2
aabbbbbbbcdd
aaaeebbbbcdd
aaaebbbbbcdd
abeebbbbffdd
bbbbbgggffdf
hbbbbfffffdf
hbbbffffffff
hbbbbfffiiif
hhbjfffkffff
hljjffkkkfff
llljjjffffff
llllljjfffff
"""
#: Exercise 11.3's boards with two stars: taw/z3 ``examples/star_battle-1.txt`` (10x10) and ddurler
#: ``star_battle/test_grids/difficile01_2.txt`` (9x9), from ../shared/corpus/starbattle.json.
TWO_STARS_10 = """starbattle
stars 2
aaaaaaaaab
acadaaaaab
acadddddbb
cccdeedbbb
ceeddedfgg
eeeeeedfgg
eeehhhhffg
eiiihhhfgg
jiijjfhfgg
jjjjjfffff
"""
TWO_STARS_9 = """starbattle
stars 2
aabbcddee
abbbcddde
aabbcdeee
aacccddff
aaaagddff
aaaagddfd
hggggiddd
hggggiidd
hhggiiddd
"""


# --------------------------------------------------------------------------------------------- #
# Exercise 11.1: anti-knight Star Battle
# --------------------------------------------------------------------------------------------- #
def knight_pairs(n: int):
    """Every pair of cells of an n x n board a knight's move apart, each pair once."""
    for r in range(n):
        for c in range(n):
            for dr, dc in KNIGHT:
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    yield (r, c), (r + dr, c + dc)


def antiknight_faults(puzzle: Puzzle, answer) -> list[Fault]:
    """Star Battle's faults of ``answer`` (``check_rules``), then one ``knight-move`` per pair of stars
    a knight's move apart (``[]``: an anti-knight answer)."""
    grid = read_answer(puzzle, answer)
    faults = check_rules(puzzle, grid)
    for a, b in knight_pairs(puzzle.size):
        if grid[a[0]][a[1]] and grid[b[0]][b[1]]:
            faults.append(Fault("knight-move", f"the stars at {a} and {b} are a knight's move apart", (a, b)))
    return faults


def antiknight_search(region_of, k: int, limit: int | None = None, rng: random.Random | None = None):
    """Anti-knight placements of a board (``region_of[r][c]``, k stars each), row by row, no solver:
    each row takes k columns apart from each other, at least three columns from the row above's
    stars (touching or a knight's (1, 2)) and not one column from the stars two rows up (a knight's
    (2, 1)). Each placement is the tuple of every row's columns; up to ``limit``; ``rng`` shuffles
    the order (for planting boards)."""
    n = len(region_of)
    rows = [cols for cols in combinations(range(n), k) if all(b - a > 1 for a, b in zip(cols, cols[1:]))]
    col_count, reg_count, chosen, found = [0] * n, Counter(), [], []

    def fits(cols) -> bool:
        above = chosen[-1] if chosen else ()
        two_up = chosen[-2] if len(chosen) > 1 else ()
        return (all(col_count[c] < k for c in cols) and not any(abs(p - c) <= 2 for p in above for c in cols)
                and not any(abs(p - c) == 1 for p in two_up for c in cols))

    def search(r: int) -> bool:
        if r == n:
            found.append(tuple(chosen))
            return limit is not None and len(found) >= limit
        if any(k - v > (n - r + 1) // 2 for v in col_count):  # a column short of stars in too few rows
            return False
        for cols in (rows if rng is None else rng.sample(rows, len(rows))):
            regions = [region_of[r][c] for c in cols]
            if not fits(cols) or any(reg_count[t] + regions.count(t) > k for t in regions):
                continue
            col_count_add(cols, regions, 1)
            chosen.append(cols)
            if search(r + 1):
                return True
            chosen.pop()
            col_count_add(cols, regions, -1)
        return False

    def col_count_add(cols, regions, step: int) -> None:
        for c, t in zip(cols, regions):
            col_count[c] += step
            reg_count[t] += step

    search(0)
    return found


def antiknight_placements(puzzle: Puzzle) -> list[tuple[tuple[int, ...], ...]]:
    """Every anti-knight answer as a 0/1 grid, found by ``antiknight_search`` (no solver)."""
    n = puzzle.size
    return [tuple(tuple(int(c in cols[r]) for c in range(n)) for r in range(n))
            for cols in antiknight_search(puzzle.region_of, puzzle.stars)]


def antiknight_board(n: int, k: int, seed: int, most: int = 8) -> Puzzle:
    """A random n x n board with k stars and between one and ``most`` anti-knight answers: regions
    grown (``generators._grow``) around a random anti-knight placement (for hidden boards)."""
    rows_as_regions = [[r] * n for r in range(n)]
    for attempt in range(100):
        rng = random.Random(seed * 100 + attempt)
        planted = antiknight_search(rows_as_regions, k, limit=1, rng=rng)
        if not planted:
            continue
        grid = [[int(c in planted[0][r]) for c in range(n)] for r in range(n)]
        regions = _grow(grid, n, k, rng)
        if regions is not None:
            puzzle = Puzzle(regions, k)
            if len(antiknight_search(puzzle.region_of, k, limit=most + 1)) <= most:
                return puzzle
    raise ValueError(f"no {n}x{n} anti-knight board with k = {k} from seed {seed}")  # pragma: no cover


def draw_antiknight(puzzle: Puzzle, answer, ax=None):
    """The board with the stars of ``answer`` (None: no stars), red where they break a rule, knight's
    moves included."""
    if answer is None:
        return draw_board(ax, puzzle.region_of, puzzle.stars).figure
    grid = read_answer(puzzle, answer)
    bad = {cell for fault in antiknight_faults(puzzle, grid) for cell in fault.cells if grid[cell[0]][cell[1]]}
    return draw_board(ax, puzzle.region_of, puzzle.stars, grid, bad=bad).figure


def antiknight_battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.1: none, one, two and twenty answers with one star, one and two with
    two stars, then any hidden ones (8x8 with one star, 12x12 with two)."""
    boards = [("the chapter's 6x6 board (no anti-knight answer)", Puzzle.from_text(SEED_BOARD)),
              ("a 7x7 board with one anti-knight answer", Puzzle.from_text(ANTIKNIGHT_7)),
              ("an 8x8 board with two anti-knight answers", Puzzle.from_text(ANTIKNIGHT_8)),
              ("an 8x8 board whose regions are its rows (20 anti-knight answers)", Puzzle.from_text(ROWS_8)),
              ("a 12x12 board with 2 stars (one anti-knight answer)", Puzzle.from_text(ANTIKNIGHT_12_ONE)),
              ("a 12x12 board with 2 stars (two anti-knight answers)", Puzzle.from_text(ANTIKNIGHT_12_TWO))]
    hidden = hidden_boards(lambda s: random_puzzle(8, seed=s, stars=1), count=2)
    hidden += [(f"hidden board {len(hidden) + 1} (2 stars)", b)
               for _, b in hidden_boards(lambda s: antiknight_board(12, 2, s), count=1)]
    return boards + hidden


#: What a model of 11.1 must not call: a model is built, not solved.
def _refused() -> dict:
    return {**solvers(), **outside_solvers(), "sb.brute_force": brute_force, "sb.solve": solve,
            "sb.solutions": solutions, "sb_checks.antiknight_placements": antiknight_placements,
            "sb_checks.antiknight_search": antiknight_search}


def check_antiknight(build):
    """Exercise 11.1: ``build(puzzle)`` admits exactly the Star Battle placements with no two stars a
    knight's move apart; while ``build`` runs, solvers and searches are refused."""
    refused = _refused()

    def guarded(puzzle):
        with forbidden(build, refused):
            return build(puzzle)
    cases = [filling_case(name, puzzle, guarded, antiknight_placements(puzzle), antiknight_faults, draw_antiknight)
             for name, puzzle in antiknight_battery()]
    return run_check("11.1", "the anti-knight Star Battle model", cases)


# --------------------------------------------------------------------------------------------- #
# Exercise 11.3: the tight M of the neighbourhood inequality
# --------------------------------------------------------------------------------------------- #
def neighbourhood(n: int, cell) -> list[tuple[int, int]]:
    """N(c): the up to 8 cells of an n x n board that touch ``cell`` (sides or corners), in reading order."""
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n]


def _keeps_rules(puzzle: Puzzle, stars) -> bool:
    """No two of ``stars`` touch, and no row, column or region holds more than k of them."""
    if any(abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1 for a, b in combinations(stars, 2)):
        return False
    k = puzzle.stars
    for key in (lambda s: s[0], lambda s: s[1], lambda s: puzzle.region_of[s[0]][s[1]]):
        if any(v > k for v in Counter(key(s) for s in stars).values()):
            return False
    return True


def fullest_neighbourhoods(puzzle: Puzzle) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """For every cell c, a largest set of cells of N(c) that may all hold stars (no two touching, at
    most k in a row, column or region), found by trying every subset, largest first."""
    n = puzzle.size
    found = {}
    for cell in ((r, c) for r in range(n) for c in range(n)):
        ring = neighbourhood(n, cell)
        found[cell] = next(stars for size in range(len(ring), -1, -1) for stars in combinations(ring, size)
                           if _keeps_rules(puzzle, stars))
    return found


def neighbourhood_battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.3: one star (the chapter's 6x6, a 7x7 whose regions cut some
    neighbourhoods), two stars (a 9x9 and a 10x10 from other solvers' tests), then any hidden ones."""
    boards = [("the chapter's 6x6 board (1 star)", Puzzle.from_text(SEED_BOARD)),
              ("a 7x7 board (1 star)", Puzzle.from_text(ANTIKNIGHT_7)),
              ("a 9x9 board (2 stars)", Puzzle.from_text(TWO_STARS_9)),
              ("a 10x10 board (2 stars)", Puzzle.from_text(TWO_STARS_10))]
    return boards + hidden_boards(lambda s: random_puzzle(10, seed=s, stars=2))


def _draw_ring(puzzle: Puzzle, cell, stars, title: str):
    grid = [[int((r, c) in stars) for c in range(puzzle.size)] for r in range(puzzle.size)]
    return side_by_side([lambda ax: draw_board(ax, puzzle.region_of, puzzle.stars, grid, highlight=[cell])],
                        [title])


#: A function holding more than this share of fullest_neighbourhoods' operations (names and all, strings
#: aside) is a copy of it (feedback.checks.copied_share): a search of one's own shares 0.3 or less.
FULLEST_SHARE = 0.8
FULLEST_COPY = "copy-of:sb_checks.fullest_neighbourhoods"


@cache
def _fullest_operations() -> tuple[str, ...]:
    return tuple(operations(fullest_neighbourhoods.__code__))


def _asked(neighbourhood_m, reference, puzzle: Puzzle, cell):
    """``neighbourhood_m(puzzle, cell)``, refused when the function copies ``fullest_neighbourhoods``
    (compared in a grader's sandbox there, through ``call_within``)."""
    within = getattr(neighbourhood_m, "call_within", None)
    probe = CopyProbe(getattr(neighbourhood_m, "__name__", ""), reference, FULLEST_SHARE, FULLEST_COPY)
    if callable(within):
        return within(probe, puzzle, cell)
    with CopyProbe.refusing(neighbourhood_m, reference, FULLEST_SHARE, FULLEST_COPY):
        return neighbourhood_m(puzzle, cell)


def neighbourhood_case(name: str, puzzle: Puzzle, neighbourhood_m) -> Case:
    """A Case that asks ``neighbourhood_m(puzzle, cell)`` for every cell of ``puzzle``."""
    fullest = fullest_neighbourhoods(puzzle)

    def run():
        small, loose = [], []
        reference = _fullest_operations()  # read before the search is refused
        try:
            with forbidden(neighbourhood_m, {"sb_checks.fullest_neighbourhoods": fullest_neighbourhoods,
                                             "sb_checks._keeps_rules": _keeps_rules}):
                answers = {cell: _asked(neighbourhood_m, reference, puzzle, cell) for cell in fullest}
        except ForbiddenCall as exc:
            if exc.label != FULLEST_COPY:
                raise
            return Failure("your function is the check's own search, sb_checks.fullest_neighbourhoods, copied: "
                           "write the search over the subsets of N(c) yourself",
                           code="copies-library:sb_checks.fullest_neighbourhoods")
        for cell, stars in fullest.items():
            m = answers[cell]
            if isinstance(m, bool) or not isinstance(m, numbers.Integral):
                return Failure(f"neighbourhood_m(puzzle, {cell}) returned {type(m).__name__} {m!r:.30}; "
                               "return a whole number (an int)", code="not-an-int")
            if m < len(stars):
                small.append((cell, int(m), stars))
            elif m > len(stars):
                loose.append((cell, int(m), stars))
        wrong = len(small) + len(loose)
        more = f" ({wrong - 1} other cell{'s' if wrong != 2 else ''} wrong too)" if wrong > 1 else ""
        if small:
            cell, m, stars = small[0]
            return Failure(f"cell {cell}: M = {m} is too small: with {cell} empty, the {len(stars)} stars drawn "
                           f"around it keep every rule, and your inequality would forbid them{more}",
                           lambda: _draw_ring(puzzle, cell, stars, f"{len(stars)} stars around {cell} (M = {m})"),
                           code="m-too-small")
        if loose:
            cell, m, stars = loose[0]
            return Failure(f"cell {cell}: M = {m} is safe but loose: fewer stars than that fit around {cell} "
                           f"with the rules of this board (look at its rows, columns and regions){more}",
                           code="m-loose")
        return None
    return Case(name, run)


def check_neighbourhood_m(neighbourhood_m):
    """Exercise 11.3: ``neighbourhood_m(puzzle, cell)`` is the smallest M_c that cuts no placement, on
    every cell of every board."""
    cases = [neighbourhood_case(name, puzzle, neighbourhood_m) for name, puzzle in neighbourhood_battery()]
    return run_check("11.3", "the tight M of every neighbourhood", cases)
