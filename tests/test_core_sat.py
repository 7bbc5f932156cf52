"""The SAT engine of the uniqueness proofs: clauses, counts, answers, and the time limit kept."""

import itertools
import random
import time

import pytest

from puzzlelib.core.errors import SolverError
from puzzlelib.engine.sat import BudgetSpent, SatSearch


def models(search, variables, limit=100):
    """Every model of ``search`` over ``variables``, by blocking each one found (a no-good cut)."""
    found = []
    while len(found) < limit and (model := search.solve()) is not None:
        found.append(tuple(v in model for v in variables))
        search.add([-v if v in model else v for v in variables])
    return found


@pytest.mark.parametrize("size,count", [(1, 1), (3, 1), (4, 2), (4, 0), (4, 4), (2, 1), (5, 3)])
def test_exactly_allows_every_pattern_with_the_count_and_no_other(size, count):
    with SatSearch() as search:
        v = [search.new() for _ in range(size)]
        search.exactly(v, count)
        found = models(search, v)
    truth = [p for p in itertools.product((False, True), repeat=size) if sum(p) == count]
    assert sorted(found) == sorted(truth)


def test_exactly_one_and_an_impossible_set_of_clauses():
    with SatSearch() as search:
        v = [search.new() for _ in range(4)]
        search.exactly_one(v)
        assert sorted(models(search, v)) == sorted(tuple(i == j for i in range(4)) for j in range(4))
    with SatSearch() as search:
        a = search.new()
        search.add([a])
        search.add([-a])
        assert search.solve() is None


def test_assumptions_hold_for_one_call_only():
    with SatSearch() as search:
        a, b = search.new(), search.new()
        search.add([-a, -b])
        assert search.solve(assumptions=[a, b]) is None
        assert search.solve(assumptions=[a]) == {a}
        assert search.solve() is not None  # the assumptions are gone


def test_bad_clauses_are_refused():
    with SatSearch() as search:
        with pytest.raises(ValueError, match="empty clause"):
            search.add([])
        with pytest.raises(ValueError, match="neighbours"):
            search.exactly([search.new() for _ in range(7)], 2)


def test_a_hard_search_stops_at_its_time_limit():
    rng = random.Random(1)
    with SatSearch() as search:
        n = 600  # random 3-SAT at the threshold: about half a minute to settle
        for _ in range(int(4.26 * n)):
            search.add([rng.choice((-1, 1)) * rng.randint(1, n) for _ in range(3)])
        start = time.perf_counter()
        with pytest.raises(SolverError, match="time limit of 0.3 s"):
            search.solve(time_limit=0.3)
        assert time.perf_counter() - start < 3  # a slice of conflicts past the limit at most
        assert search.stats()["conflicts"] > 0


def test_a_conflict_budget_stops_the_search_and_the_next_call_resumes_it():
    from pysat.examples.genhard import PHP

    with SatSearch() as search:
        for clause in PHP(6).clauses:  # pigeons in holes: unsatisfiable, some thousands of conflicts
            search.add(clause)
        with pytest.raises(BudgetSpent, match="100 conflicts"):
            search.solve(conflicts=100)
        assert search.stats()["conflicts"] == 100
        with pytest.raises(BudgetSpent):
            search.solve(time_limit=60, conflicts=250)  # a budget and a time limit together
        assert search.stats()["conflicts"] == 350
        assert search.solve() is None  # no budget: the search ends, with nothing left over from before
        for bad in (0, -5, 2.5, True, "10"):
            with pytest.raises(ValueError, match="conflicts"):
                search.solve(conflicts=bad)
    with SatSearch() as easy:
        a, b = easy.new(), easy.new()
        easy.add([a, b])
        easy.add([-a])
        assert easy.solve(conflicts=1) == {b}  # an answer within the budget is an answer


def test_writing_clauses_stops_at_the_solving_call_deadline():
    """Issue 38: a large board's clauses stop being written once the call's time is spent (every
    ``CHECK_EVERY`` clauses the call's Deadline is read; outside a solving call nothing is stopped)."""
    from puzzlelib.engine.solver import CHECK_EVERY, Deadline, call_deadline

    @call_deadline
    def write(seconds):
        Deadline(seconds).bind()
        with SatSearch() as search:
            v = [search.new() for _ in range(3)]
            while True:
                search.add([v[0], -v[1], v[2]])

    start = time.perf_counter()
    with pytest.raises(SolverError, match="time limit of 0.1 s"):
        write(0.1)
    assert time.perf_counter() - start < 2
    with SatSearch() as free:  # no call under way
        a = free.new()
        for _ in range(3 * CHECK_EVERY):
            free.add([a])
        assert free.solve() == {a}
