"""The bulk HiGHS interface gives the same answers as PuLP's own, on random models of every shape."""

import random

import pulp
import pytest

from puzzlelib.engine import solver as S
from puzzlelib.engine.highs_bulk import highs_class


def random_model(seed: int):
    rng = random.Random(seed)
    sense = rng.choice([pulp.LpMinimize, pulp.LpMaximize])
    problem = S.new_problem(f"m{seed}", sense)
    xs = [S.add_binary(problem, f"b{i}") for i in range(rng.randint(1, 8))]
    ys = [S.add_integer(problem, f"i{i}", -3, 5) for i in range(rng.randint(0, 4))]
    zs = [S.add_continuous(problem, f"c{i}", 0, rng.choice([None, 4])) for i in range(rng.randint(0, 3))]
    allv = xs + ys + zs
    problem += pulp.lpSum(rng.randint(-5, 5) * v for v in allv)
    for k in range(rng.randint(0, 6)):
        expr = pulp.lpSum(rng.randint(-3, 3) * v for v in rng.sample(allv, rng.randint(1, len(allv))))
        rhs = rng.randint(-4, 6)
        kind = rng.randrange(3)
        problem += (expr <= rhs if kind == 0 else expr >= rhs if kind == 1 else expr == rhs), f"r{k}"
    return problem


@pytest.mark.parametrize("relax", [False, True])
def test_same_answers_as_pulps_highs(relax):
    bulk = highs_class()
    agree = 0
    for seed in range(120):
        a, b = random_model(seed), random_model(seed)
        sa = a.solve(pulp.HiGHS(msg=False, mip=not relax))
        sb = b.solve(bulk(msg=False, mip=not relax))
        assert sa == sb, f"seed {seed}: status {sa} against {sb}"
        if sa == pulp.LpStatusOptimal:
            assert pulp.value(a.objective) == pytest.approx(pulp.value(b.objective), abs=1e-6), seed
            agree += 1
    assert agree > 30  # enough feasible models to mean something


def test_solution_values_are_feasible():
    """Values are read back to the right variables: every named row holds at the answer."""
    bulk = highs_class()
    for seed in range(60):
        p = random_model(seed)
        rows = {name: c for name, c in getattr(p, "_constraints", {}).items()}
        if not rows or p.solve(bulk(msg=False)) != pulp.LpStatusOptimal:
            continue
        for name, c in rows.items():
            assert c.valid(1e-6), f"seed {seed}: row {name} broken"
