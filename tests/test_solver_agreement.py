"""CBC and HiGHS give the same verdicts (issue 30): for every registered puzzle, on random boards of its
usual size, ``solutions(limit=2)`` finds as many answers with either solver, and the same one when unique.

A new puzzle inherits this test through the registry. (Puzzles whose uniqueness proof runs on the SAT
solver by default still build and check their models with the solver named.)
"""

from __future__ import annotations

import pytest

from puzzlelib import registry

SEEDS = range(6)


@pytest.mark.parametrize("kind", registry.kinds())
def test_cbc_and_highs_agree(kind):
    table = registry.table(kind)
    for seed in SEEDS:
        puzzle = table.random_puzzle(None, seed=seed)
        by_highs = table.solutions(puzzle, limit=2, solver="highs", time_limit=60)
        by_cbc = table.solutions(puzzle, limit=2, solver="cbc", time_limit=60)
        assert len(by_highs) == len(by_cbc), (kind, seed)
        if len(by_highs) == 1:
            assert by_highs == by_cbc, (kind, seed)
        for answer in by_highs + by_cbc:
            assert table.verify(puzzle, answer) == [], (kind, seed)
