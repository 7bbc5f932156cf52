"""checks.py: the exercise checks the chapter's student notebook calls (chapter 11, Star Battle).

Role. Each check runs the student's function on a battery of boards (public ones, then the hidden
boards a grader's seed adds) with :func:`puzzlelib.feedback.checks.run_check` and says, per board,
what is wrong, drawn. The truth never comes from a solver: the anti-knight placements are
``brute_force``'s answers filtered by the knight rule, and the tight M of a neighbourhood comes from
a search over the subsets of the (at most 8) cells around a cell.

Exercise 11.1 (anti-knight Star Battle): write ``build(puzzle) -> (problem, x)`` with ``x[r, c]``
keyed by cell, Star Battle's rules plus "no two stars a knight's move apart"; it passes when it
admits exactly the placements that keep every rule. The boards have no answer (the chapter's 6x6,
whose one Star Battle answer holds a knight's move), one answer (a 7x7) and two (an 8x8).

Exercise 11.3 (the tight M of the neighbourhood inequality
``sum_{d in N(c)} x[d] <= M_c (1 - x[c])``): write ``neighbourhood_m(puzzle, cell) -> int``, the
most stars N(c) can hold with no two touching and at most k in each row, column and region; it is
asked for every cell of boards with k = 1 and k = 2 whose regions cut some neighbourhoods.
"""

from __future__ import annotations

import numbers
from collections import Counter
from itertools import combinations

from ..core.interface import Fault
from ..display.drawing import side_by_side
from ..feedback.checks import Case, Failure, filling_case, hidden_boards, run_check
from .board import SEED_BOARD, Puzzle
from .drawing import draw_board
from .generators import random_puzzle
from .rules import brute_force, check_rules, read_answer

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
    """Star Battle's faults of ``answer`` (``check_rules``), then one ``knightMove`` per pair of stars
    a knight's move apart (``[]``: an anti-knight answer)."""
    grid = read_answer(puzzle, answer)
    faults = check_rules(puzzle, grid)
    for a, b in knight_pairs(puzzle.size):
        if grid[a[0]][a[1]] and grid[b[0]][b[1]]:
            faults.append(Fault("knightMove", f"the stars at {a} and {b} are a knight's move apart", (a, b)))
    return faults


def antiknight_placements(puzzle: Puzzle) -> list[tuple[tuple[int, ...], ...]]:
    """Every anti-knight answer as a 0/1 grid: the brute force's Star Battle answers without a knight pair."""
    pairs = list(knight_pairs(puzzle.size))
    return [s.grid for s in brute_force(puzzle)
            if not any(s.grid[a[0]][a[1]] and s.grid[b[0]][b[1]] for a, b in pairs)]


def draw_antiknight(puzzle: Puzzle, answer, ax=None):
    """The board with the stars of ``answer`` (None: no stars), red where they break a rule, knight's
    moves included."""
    if answer is None:
        return draw_board(ax, puzzle.region_of, puzzle.stars).figure
    grid = read_answer(puzzle, answer)
    bad = {cell for fault in antiknight_faults(puzzle, grid) for cell in fault.cells if grid[cell[0]][cell[1]]}
    return draw_board(ax, puzzle.region_of, puzzle.stars, grid, bad=bad).figure


def antiknight_battery() -> list[tuple[str, Puzzle]]:
    """The boards of Exercise 11.1: none, one and two answers, then any hidden ones."""
    boards = [("the chapter's 6x6 board (no anti-knight answer)", Puzzle.from_text(SEED_BOARD)),
              ("a 7x7 board with one anti-knight answer", Puzzle.from_text(ANTIKNIGHT_7)),
              ("an 8x8 board with two anti-knight answers", Puzzle.from_text(ANTIKNIGHT_8))]
    return boards + hidden_boards(lambda s: random_puzzle(8, seed=s, stars=1))


def check_antiknight(build):
    """Exercise 11.1: ``build(puzzle)`` admits exactly the Star Battle placements with no two stars a
    knight's move apart."""
    cases = [filling_case(name, puzzle, build, antiknight_placements(puzzle), antiknight_faults, draw_antiknight)
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


def neighbourhood_case(name: str, puzzle: Puzzle, neighbourhood_m) -> Case:
    """A Case that asks ``neighbourhood_m(puzzle, cell)`` for every cell of ``puzzle``."""
    fullest = fullest_neighbourhoods(puzzle)

    def run():
        small, loose = [], []
        for cell, stars in fullest.items():
            m = neighbourhood_m(puzzle, cell)
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
            return Failure(f"cell {cell}: M = {m} is safe but loose: at most {len(stars)} "
                           f"{'star fits' if len(stars) == 1 else 'stars fit'} around {cell}, "
                           f"so M = {len(stars)} is enough{more}", code="m-loose")
        return None
    return Case(name, run)


def check_neighbourhood_m(neighbourhood_m):
    """Exercise 11.3: ``neighbourhood_m(puzzle, cell)`` is the smallest M_c that cuts no placement, on
    every cell of every board."""
    cases = [neighbourhood_case(name, puzzle, neighbourhood_m) for name, puzzle in neighbourhood_battery()]
    return run_check("11.3", "the tight M of every neighbourhood", cases)
