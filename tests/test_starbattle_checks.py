"""Exercises 11.1 and 11.3: each check passes the right answer and names the fault of each wrong one."""

from itertools import combinations

import pulp
import pytest

from puzzlelib import starbattle as sb
from puzzlelib.engine import add_binary, new_problem
from puzzlelib.starbattle import checks

ALL_KNIGHT = ((1, 2), (1, -2), (2, 1), (2, -1))


# -- Exercise 11.1: anti-knight Star Battle ------------------------------------------------------
def antiknight_model(puzzle, knight=ALL_KNIGHT, diagonals=True, regions=True, at_most=False):
    """The anti-knight model; the keywords make the wrong versions students write."""
    n, k = puzzle.size, puzzle.stars
    problem = new_problem("antiknight")
    x = {(r, c): add_binary(problem, f"x_{r}_{c}") for r in range(n) for c in range(n)}

    def count(cells):
        total = pulp.lpSum(x[cell] for cell in cells)
        return total <= k if at_most else total == k

    for i in range(n):
        problem += count([(i, c) for c in range(n)])
        problem += count([(r, i) for r in range(n)])
    if regions:
        for cells in puzzle.cells:
            problem += count(cells)
    steps = ((0, 1), (1, 0), (1, 1), (1, -1)) if diagonals else ((0, 1), (1, 0))
    for steps_of_rule in (steps, knight):
        for (r, c) in x:
            for dr, dc in steps_of_rule:
                if (r + dr, c + dc) in x:
                    problem += x[r, c] + x[r + dr, c + dc] <= 1
    return problem, x


def test_the_boards_have_none_one_and_two_answers_and_a_knight_pair_to_trip_on():
    counts = [len(checks.antiknight_placements(p)) for _, p in checks.antiknight_battery()]
    assert counts == [0, 1, 2, 20, 1, 2]
    assert [p.stars for _, p in checks.antiknight_battery()] == [1, 1, 1, 1, 2, 2]
    seed = sb.Puzzle.from_text(sb.SEED_BOARD)
    (answer,) = sb.brute_force(seed)
    assert {f.code for f in checks.antiknight_faults(seed, answer)} == {"knight-move"}


def test_right_model_passes_and_the_library_model_with_knight_cuts_too():
    report = checks.check_antiknight(antiknight_model)
    assert report.passed and report.score == 1.0, report.summary()

    def add_on(puzzle):
        problem, x = sb.build_model(puzzle, "blocks")
        for a, b in checks.knight_pairs(puzzle.size):
            problem += x[a] + x[b] <= 1
        return problem, x
    assert checks.check_antiknight(add_on).passed


@pytest.mark.parametrize("wrong,code", [
    (dict(knight=()), "breaks-rule:knight-move"),                      # plain Star Battle
    (dict(knight=((1, 2), (2, 1))), "breaks-rule:knight-move"),        # half the knight's moves
    (dict(diagonals=False), "breaks-rule:touching"),                  # no-touch forgets diagonals
    (dict(regions=False), "breaks-rule:region-count"),                 # region counts dropped
    (dict(at_most=True), "breaks-rule:row-count"),                     # <= k instead of == k
], ids=["plain-star-battle", "half-the-offsets", "no-diagonals", "no-regions", "at-most-k"])
def test_wrong_models_fail_with_their_code(wrong, code):
    report = checks.check_antiknight(lambda p: antiknight_model(p, **wrong))
    assert not report.passed and code in report.codes, report.summary()


def off_by_one_row(puzzle):
    """The knight pairs from every row but the last two (``range(n - 2)``: a pair (1, 2) from row n-2 lost)."""
    problem, x = sb.build_model(puzzle)
    n = puzzle.size
    for r in range(n - 2):
        for c in range(n):
            for dr, dc in ALL_KNIGHT:
                if (r + dr, c + dc) in x:
                    problem += x[r, c] + x[r + dr, c + dc] <= 1
    return problem, x


def box_rule(puzzle):
    """At most one star in every 2x3 and 3x2 box: the knight rule when k = 1, too strong when k = 2."""
    problem, x = sb.build_model(puzzle)
    n = puzzle.size
    for h, w in ((2, 3), (3, 2)):
        for r in range(n - h + 1):
            for c in range(n - w + 1):
                problem += pulp.lpSum(x[r + i, c + j] for i in range(h) for j in range(w)) <= 1
    return problem, x


def brute_force_and_cuts(puzzle):
    """The library's brute force, its answers with a knight pair cut off one by one."""
    problem, x = sb.build_model(puzzle)
    for s in sb.brute_force(puzzle):
        if any(s.grid[a[0]][a[1]] and s.grid[b[0]][b[1]] for a, b in checks.knight_pairs(puzzle.size)):
            problem += pulp.lpSum(x[cell] for cell in x if s.grid[cell[0]][cell[1]]) <= puzzle.size * puzzle.stars - 1
    return problem, x


def fixed_by_the_check(puzzle):
    """The check's own truth written into the model."""
    problem, x = sb.build_model(puzzle)
    for grid in checks.antiknight_placements(puzzle):
        problem += x[0, 0] >= grid[0][0]
    return problem, x


@pytest.mark.parametrize("wrong,code", [
    (off_by_one_row, "breaks-rule:knight-move"),
    (box_rule, "rules-out-solution"),
    (brute_force_and_cuts, "calls-library:sb.brute_force"),
    (fixed_by_the_check, "calls-library:sb_checks.antiknight_placements"),
], ids=["off-by-one-row", "2x3-box-rule", "brute-force-and-cuts", "the-check's-truth"])
def test_the_holes_of_issue_43_are_closed(wrong, code):
    report = checks.check_antiknight(wrong)
    assert not report.passed and code in report.codes, report.summary()


def test_the_off_by_one_row_fails_only_on_the_board_with_many_answers():
    report = checks.check_antiknight(off_by_one_row)
    assert report.passed_boards == 5 and "20 anti-knight answers" in report.failures[0][0]


def test_the_box_rule_fails_only_with_two_stars():
    report = checks.check_antiknight(box_rule)
    assert report.passed_boards == 4 and all("2 stars" in name for name, _ in report.failures)


def test_plain_star_battle_is_told_which_stars_are_a_knight_apart():
    report = checks.check_antiknight(lambda p: sb.build_model(p))
    assert "are a knight's move apart" in report.summary()
    assert report.failures[0][1].figure() is not None


def test_a_model_without_the_cell_variables_is_named():
    report = checks.check_antiknight(lambda p: (new_problem("empty"), {}))
    assert set(report.codes) == {"missing-variable"}


# -- Exercise 11.3: the tight M of the neighbourhood inequality -----------------------------------
def tight_m(puzzle, cell):
    """The lecturer's answer: the largest subset of N(cell) that keeps the rules, tried largest first."""
    n, k = puzzle.size, puzzle.stars
    r, c = cell
    ring = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n]

    def fits(stars):
        apart = all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1 for a, b in combinations(stars, 2))
        rows = [s[0] for s in stars]
        cols = [s[1] for s in stars]
        regions = [puzzle.region_of[s[0]][s[1]] for s in stars]
        return apart and all(seq.count(v) <= k for seq in (rows, cols, regions) for v in seq)

    return max(len(s) for size in range(len(ring) + 1) for s in combinations(ring, size) if fits(s))


def ring_size(puzzle, cell):
    n = puzzle.size
    return sum(0 <= cell[0] + dr < n and 0 <= cell[1] + dc < n for dr in (-1, 0, 1) for dc in (-1, 0, 1)) - 1


def ignores_k(puzzle, cell):
    """4 inside, 2 on an edge, 1 in a corner: right for many stars, wrong for k = 1."""
    n = puzzle.size
    edges = sum(v in (0, n - 1) for v in cell)
    return (4, 2, 1)[edges]


def checks_without_regions(puzzle, cell):
    """The right search with every cell in a region of its own (rows and columns still count)."""
    n, k = puzzle.size, puzzle.stars
    ring = checks.neighbourhood(n, cell)
    best = 0
    for size in range(len(ring) + 1):
        for stars in combinations(ring, size):
            apart = all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1 for a, b in combinations(stars, 2))
            if apart and all([s[i] for s in stars].count(s[i]) <= k for s in stars for i in (0, 1)):
                best = max(best, size)
    return best


def test_right_m_passes():
    report = checks.check_neighbourhood_m(tight_m)
    assert report.passed and report.score == 1.0, report.summary()


def test_the_boards_need_k_and_regions():
    """Each wrong answer meets a board it fails, and the truth has corners 1 and k=2 interiors 4."""
    for _, puzzle in checks.neighbourhood_battery():
        fullest = checks.fullest_neighbourhoods(puzzle)
        assert len(fullest[0, 0]) == 1
        assert all(len(s) == tight_m(puzzle, cell) for cell, s in fullest.items())
    ten = sb.Puzzle.from_text(checks.TWO_STARS_10)
    assert {len(s) for s in checks.fullest_neighbourhoods(ten).values()} == {1, 2, 3, 4}


@pytest.mark.parametrize("wrong,code", [
    (ring_size, "m-loose"),                                           # |N(c)|, the chapter's safe M
    (lambda p, c: 4, "m-loose"),                                      # 4 everywhere (corners: too big)
    (ignores_k, "m-loose"),                                           # 4 inside even with k = 1
    (checks_without_regions, "m-loose"),                              # regions that cut the ring ignored
    (lambda p, c: tight_m(p, c) + 1, "m-loose"),                      # off by one, up
    (lambda p, c: tight_m(p, c) - 1, "m-too-small"),                  # off by one, down
    (lambda p, c: 2, "m-too-small"),                                  # a constant: too small for k=2
], ids=["ring-size", "four", "ignores-k", "ignores-regions", "plus-one", "minus-one", "two"])
def test_wrong_m_fails_with_its_code(wrong, code):
    report = checks.check_neighbourhood_m(wrong)
    assert not report.passed and code in report.codes, report.summary()


def test_every_board_fails_a_wrong_kind_of_answer():
    assert checks.check_neighbourhood_m(ring_size).score == 0.0
    assert checks.check_neighbourhood_m(ignores_k).codes == ["m-loose"] * 4  # k=1 interiors, k=2 regions
    assert "m-loose" in checks.check_neighbourhood_m(checks_without_regions).codes
    assert checks.check_neighbourhood_m(checks_without_regions).passed_boards == 1  # the chapter's 6x6 only


def test_too_small_names_the_cell_and_draws_the_stars_it_cuts():
    report = checks.check_neighbourhood_m(lambda p, c: tight_m(p, c) - 1)
    assert report.lines[0].startswith("the chapter's 6x6 board (1 star): cell (0, 0): M = 0 is too small")
    assert report.failures[0][1].figure() is not None
    loose = checks.check_neighbourhood_m(ring_size)
    assert "cell (0, 0): M = 3 is safe but loose: fewer stars than that fit around (0, 0)" in loose.lines[0]
    assert "M = 1" not in loose.summary()  # the tight M is the student's to find


def test_the_checks_own_search_is_refused():
    report = checks.check_neighbourhood_m(lambda p, c: len(checks.fullest_neighbourhoods(p)[c]))
    assert set(report.codes) == {"calls-library:sb_checks.fullest_neighbourhoods"}


def test_an_answer_that_is_not_a_whole_number_is_named():
    report = checks.check_neighbourhood_m(lambda p, c: 2.0)
    assert set(report.codes) == {"not-an-int"}


def test_hidden_boards_come_from_the_seed_and_the_right_answers_pass_them(monkeypatch):
    monkeypatch.setenv("PUZZLELIB_HIDDEN_SEED", "5")
    assert [name for name, _ in checks.antiknight_battery()][-3:] == ["hidden board 1", "hidden board 2",
                                                                       "hidden board 3 (2 stars)"]
    assert checks.check_antiknight(antiknight_model).total_boards == 9
    assert [p.stars for _, p in checks.antiknight_battery()][-3:] == [1, 1, 2]
    assert checks.check_antiknight(antiknight_model).passed
    assert checks.check_neighbourhood_m(tight_m).passed


# -- issue 43, second pass: the check's search pasted is no answer to 11.3 ---------------------------------
def _pasted_search():
    """sb_checks.fullest_neighbourhoods with its helpers, pasted into a cell and renamed."""
    import collections
    import inspect
    source = "\n\n".join(inspect.getsource(f) for f in (checks.fullest_neighbourhoods, checks._keeps_rules,
                                                         checks.neighbourhood))
    source = (source.replace("fullest_neighbourhoods", "fullest").replace("_keeps_rules", "allowed")
              .replace("def neighbourhood(", "def ring_of(").replace("neighbourhood(n, cell)", "ring_of(n, cell)"))
    namespace = {"combinations": combinations, "Counter": collections.Counter, "Puzzle": object}
    exec(compile("from __future__ import annotations\n" + source, "<ipython-input-4>", "exec"), namespace)
    return namespace["fullest"]


FULLEST = _pasted_search()


def copied_search(puzzle, cell):
    return len(FULLEST(puzzle)[cell])


def test_the_checks_search_pasted_and_renamed_is_refused_and_an_own_search_is_not():
    report = checks.check_neighbourhood_m(copied_search)
    assert set(report.codes) == {"copies-library:sb_checks.fullest_neighbourhoods"} and report.score == 0
    assert checks.check_neighbourhood_m(tight_m).passed
    reference = checks._fullest_operations()
    from puzzlelib.feedback.checks import copied_share
    assert copied_share(tight_m, reference) < checks.FULLEST_SHARE - 0.3
