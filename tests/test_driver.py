"""The solving driver of issue 38 (``engine/search.py``): one guard, one search rule, one SAT loop, deadlines.

Each audit finding of the driver's part has a test here; the behaviour over every puzzle of the
registry is in ``tests/test_contract.py`` (``test_behaviour``, ``test_every_search_stops_at_its_time_limit``).
"""

import math
import inspect
import time

import pulp
import pytest

from puzzlelib import binairo as bn
from puzzlelib import flowfree as ff
from puzzlelib import kakuro as kk
from puzzlelib import starbattle as sb
from puzzlelib import sudoku as sd
from puzzlelib.core.errors import NoSolution, PuzzleError, SolverError
from puzzlelib.core.interface import DefaultModel
from puzzlelib.engine.sat import BudgetSpent, SatSearch
from puzzlelib.engine.search import ClauseModel, Searches, guard, sat_solutions, search_for
from puzzlelib.engine.solver import Deadline, call_deadline, new_problem, solver_name


@pytest.fixture
def mip_solves(monkeypatch):
    """How many integer programs are solved (every ``LpProblem.solve``, whoever imported ``solve_model``)."""
    count = [0]
    original = pulp.LpProblem.solve

    def counting(self, *args, **kwargs):
        count[0] += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(pulp.LpProblem, "solve", counting)
    return count


# -- a named model is that integer program (the three examples) ------------------------
@pytest.mark.parametrize("module, model", [(sb, "blocks"), (sd, "helper-sum"), (kk, "hartmann")])
def test_a_named_model_builds_and_solves_its_integer_program(module, model, mip_solves):
    puzzle = module.PUZZLE.seed_puzzle()
    default = module.solutions(puzzle, limit=2)
    assert mip_solves[0] == 0  # the default is the fast search (clauses)
    named = module.solutions(puzzle, limit=2, model=model)
    assert mip_solves[0] == 2  # a first answer, then the proof that no second exists
    assert [s.grid for s in named] == [s.grid for s in default]


def test_a_fast_search_named_beside_another_model_is_refused():
    puzzle = sb.PUZZLE.seed_puzzle()
    with pytest.raises(PuzzleError, match="does not solve model='blocks'"):
        sb.solutions(puzzle, model="blocks", search="sat")
    assert sb.solutions(puzzle, model="pairs", search="sat") == sb.solutions(puzzle)  # the default model's clauses


def test_the_search_rule():
    searches = Searches(("sat", "mip"), default="cells")
    default = DefaultModel("cells")
    assert search_for(None, default, None, searches) == "sat"
    assert search_for(None, "cells", None, searches) == "mip"  # named, even as the default's name
    assert search_for(None, default, "cbc", searches) == "mip"  # a solver named: its integer program
    assert search_for("mip", default, None, searches) == "mip"
    with pytest.raises(PuzzleError, match="search"):
        search_for("cp", default, None, searches)


@pytest.mark.parametrize("model", ff.MODELS)
def test_flowfree_lists_the_colourings_with_each_named_model(model):
    board = ff.Puzzle.from_text("flowfree\nA.B\n...\nA.B")
    truth = sorted(s.grid for s in ff.brute_force(board))
    found = ff.solutions(board, limit=len(truth) + 1, model=model, time_limit=60)
    assert sorted(s.grid for s in found) == truth  # each colouring once, whatever the model's variables
    assert all(ff.verify(board, s) == [] for s in found)


# -- the guard: every argument checked before any work -------------------------------------------
@pytest.mark.parametrize("solver", ["", "CBC ", "HiGHS", "nope", 5, b"cbc"])
def test_a_misspelt_solver_is_a_puzzle_error(solver):
    with pytest.raises(PuzzleError, match="solver"):
        solver_name(solver)
    with pytest.raises(SolverError):  # and still a SolverError for callers that catch those
        solver_name(solver) if isinstance(solver, str) else (_ for _ in ()).throw(SolverError("typed"))


def test_a_misspelt_solver_names_the_right_spelling():
    with pytest.raises(PuzzleError, match="did you mean 'cbc'"):
        solver_name("CBC ")
    assert solver_name("cbc") == "cbc" and solver_name(None) in ("highs", "cbc")


@pytest.mark.parametrize("bad", [dict(solver="nope"), dict(time_limit=-1), dict(time_limit=math.nan),
                                 dict(time_limit="1"), dict(limit="2"), dict(limit=-1), dict(search="cp"),
                                 dict(model="rows"), dict(flags={"narrow": 1})])
def test_the_guard_refuses_each_bad_argument(bad):
    arguments = dict(solver=None, time_limit=None, limit=2, model="a", models=("a", "b"), search=None,
                     searches=("sat", "mip"))
    arguments.update(bad)
    with pytest.raises(PuzzleError):
        guard(sd.PUZZLE.seed_puzzle(), sd.Puzzle, "solutions", **arguments)
    with pytest.raises(PuzzleError, match="expected a sudoku Puzzle, got list"):
        guard([[1]], sd.Puzzle, "solutions")


# -- explain_infeasible: no verdict of impossibility without a proof ------------------------------
@pytest.mark.parametrize("module", [bn, sd])
def test_explain_infeasible_says_nothing_of_a_solvable_board(module):
    puzzle = module.PUZZLE.seed_puzzle()
    assert module.solutions(puzzle, limit=1)
    assert module.explain_infeasible(puzzle) is None


@pytest.mark.parametrize("module", [bn, sd])
@pytest.mark.parametrize("bad", [dict(solver="nope"), dict(solver=""), dict(time_limit=-1),
                                 dict(time_limit=math.nan)])
def test_explain_infeasible_refuses_bad_arguments_instead_of_calling_them_proofs(module, bad):
    with pytest.raises(PuzzleError):
        module.explain_infeasible(module.PUZZLE.seed_puzzle(), **bad)


def test_binairo_explains_both_kinds_of_impossible_board():
    rule3 = bn.Puzzle.from_text("binairo\n110.\n...0\n0.11\n00..")  # rules 1-2 allow fillings, rule 3 none
    assert bn.solutions(rule3) == [] and bn.solutions(rule3, model="none")
    assert "repeats a row or a column" in bn.explain_infeasible(rule3)
    assert bn.explain_infeasible(rule3, model="none") is None  # without rule 3 it has fillings
    plain = bn.Puzzle.from_text("binairo\n..00\n0.1.\n.0.0\n.00.")
    assert bn.explain_infeasible(plain).startswith("the givens contradict the balance and no-three rules")


def test_binairo_explain_infeasible_is_no_proof_when_the_time_runs_out(monkeypatch):
    from puzzlelib.binairo import solving

    def stopped(*args, **kwargs):
        raise SolverError("time limit of 1 s reached before the solver proved an answer")

    monkeypatch.setattr(solving, "solve_model", stopped)
    assert bn.explain_infeasible(bn.PUZZLE.seed_puzzle()) is None


# -- the SAT loop, written once --------------------------------------------------------------------
class Bits(ClauseModel):
    """Two free bits: four answers; ``lie`` makes ``read`` report a wrong one."""

    def __init__(self, lie=False):
        self.puzzle, self.search, self.lie = "two bits", SatSearch(), lie
        self.x = [self.search.new(), self.search.new()]
        self.search.add(self.x + [-v for v in self.x])  # a tautology, so both variables exist

    def read(self, model):
        return tuple(int(v in model) for v in self.x) + ((9,) if self.lie else ())

    def forbid(self, key):
        self.search.add([-v if bit else v for v, bit in zip(self.x, key)])


def _rules(puzzle, answer):
    return [] if len(answer) == 2 else [type("Fault", (), {"message": "a third bit"})()]


def test_the_sat_loop_lists_every_answer_once_and_closes_the_search():
    bits = Bits()
    found = sat_solutions(bits, 10, 5, check=_rules)
    assert sorted(found) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    with pytest.raises(SolverError, match="this search is closed"):
        bits.search.solve()  # closed by the loop: refused at once, not searched until the time runs out


def test_the_sat_loop_checks_every_answer_with_the_rules():
    with pytest.raises(SolverError, match="breaks a rule: a third bit"):
        sat_solutions(Bits(lie=True), 2, 5, check=_rules)


def test_the_sat_loop_hands_over_when_its_budget_is_spent():
    class Spent(Bits):
        def next(self, time_limit=None, assumptions=(), conflicts=None):
            if conflicts is not None:
                raise BudgetSpent("no answer within 1 conflicts")
            return super().next(time_limit, assumptions, conflicts)

    assert sat_solutions(Spent(), 3, 5, budget=1, over_budget=lambda found: found + ["other"]) == ["other"]
    assert len(sat_solutions(Spent(), 3, 5, budget=1, over_budget=lambda found: None)) == 3  # searched on


# -- deadlines: a model being built stops at the call's limit ----------------------------------------
def test_a_model_build_stops_at_the_call_deadline():
    @call_deadline
    def build_forever(time_limit):
        guard(sd.PUZZLE.seed_puzzle(), sd.Puzzle, "build", time_limit=time_limit)
        problem = new_problem("endless")
        x = problem.add_variable("x", lowBound=0)
        for k in range(10**7):
            problem += x >= k, f"c{k}"

    start = time.perf_counter()
    with pytest.raises(SolverError, match="time limit of 0.2 s"):
        build_forever(0.2)
    assert time.perf_counter() - start < 2.5


def test_outside_a_solving_call_no_build_is_stopped():
    Deadline(0.01).bind()  # no call under way: nothing to bind to
    time.sleep(0.02)
    problem = new_problem("free")
    x = problem.add_variable("x", lowBound=0)
    for k in range(2000):
        problem += x >= k, f"c{k}"
    assert len(problem.constraints()) == 2000


def test_flowfree_stops_building_its_models_at_the_time_limit():
    big = ff.random_puzzle(20, seed=1)
    for options in ({}, {"model": "cells"}, {"model": "hartmann1"}, {"search": "mip"}):
        start = time.perf_counter()
        with pytest.raises((SolverError, NoSolution)):
            ff.solutions(big, time_limit=0.5, **options)
        assert time.perf_counter() - start < 3.0, options  # a 12 s model build before issue 38


def test_every_clause_model_has_the_one_face():
    import importlib
    from pathlib import Path

    from puzzlelib import registry

    with_clauses = [k for k in registry.kinds() if (Path(registry.PACKAGE) / k / "model_sat.py").exists()]
    assert len(with_clauses) >= 4  # Binairo, Flow Free, Kakuro, Sudoku; the others' clause searches are search_card.py
    for kind in with_clauses:
        model = importlib.import_module(f"puzzlelib.{kind}.model_sat").SatModel
        assert issubclass(model, ClauseModel), kind
        assert "read" in vars(model) and "forbid" in vars(model), kind  # the puzzle's own two parts
    with_cards = [k for k in registry.kinds() if (Path(registry.PACKAGE) / k / "search_card.py").exists()]
    for kind in with_cards:  # the cardinality searches: one entry point, the signature of a fast search
        search = importlib.import_module(f"puzzlelib.{kind}.search_card").card_solutions
        assert list(inspect.signature(search).parameters)[:3] == ["puzzle", "limit", "time_limit"], kind
